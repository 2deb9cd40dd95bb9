//! What a NATS or JetStream error means for the log, read from the client's error kinds and the
//! server's JetStream error codes, never from message text.
//!
//! async-nats reports a server refusal either as a `jetstream::Error` in an error's source chain
//! (publish acks) or held by the error's kind (`…ErrorKind::JetStream`, on stream, consumer
//! and message requests); [`code`] finds it in both places, for the kinds this crate meets.

use std::error::Error as StdError;

use async_nats::jetstream::{self, ErrorCode};

/// "Wrong last sequence" on a replicated stream (`JSStreamWrongLastSequenceConstantErr`): the
/// leader checks the expected sequence before proposing the message and answers with this code
/// rather than the single-server one (10071, `ErrorCode::STREAM_WRONG_LAST_SEQUENCE`), which is
/// the only one async-nats maps to `PublishErrorKind::WrongLastSequence`. No named constant.
pub(crate) const CLUSTERED_WRONG_LAST_SEQUENCE: u64 = 10164;
/// "Duplicate message id is in process" (`JSStreamDuplicateMessageConflict`): on a replicated
/// stream, a message with the same id is proposed but not stored yet. No named constant.
pub(crate) const DUPLICATE_IN_PROCESS: u64 = 10158;

/// The store refuses to keep more: the stream's own limits (`max_bytes`, `max_msgs` with
/// `discard: new`, reported as a failed store), the account's or server's resources.
const STORE_FULL: [ErrorCode; 6] = [
    ErrorCode::STREAM_STORE_FAILED,
    ErrorCode::STREAM_LIMITS,
    ErrorCode::INSUFFICIENT_RESOURCES,
    ErrorCode::STORAGE_RESOURCES_EXCEEDED,
    ErrorCode::MEMORY_RESOURCES_EXCEEDED,
    ErrorCode::ACCOUNT_RESOURCES_EXCEEDED,
];

/// What an error means for whoever asked the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Meaning {
    /// No room in the store.
    StoreFull,
    /// No room for another consumer.
    ConsumersExhausted,
    /// The stream (or the bucket's stream) does not exist.
    StreamMissing,
    /// A cluster still forming cannot place the replicas yet.
    NoPlacement,
    /// Unreachable, not ready or too slow: worth trying again.
    Transient,
    /// Any other refusal.
    Refused,
}

/// The number of a JetStream error code. `ErrorCode` keeps it private but serialises as it
/// (a serde newtype), which is how it is read here.
pub(crate) fn number(code: ErrorCode) -> Option<u64> {
    serde_json::to_value(code).ok()?.as_u64()
}

/// The JetStream error code in `err`: in its source chain, or held by the kind of one of the
/// async-nats error types this crate's requests return.
pub(crate) fn code(err: &(dyn StdError + 'static)) -> Option<ErrorCode> {
    use jetstream::context::{ConsumerInfoError, ConsumerInfoErrorKind, CreateStreamError, CreateStreamErrorKind, GetStreamError, GetStreamErrorKind};
    use jetstream::stream::{ConsumerError, ConsumerErrorKind, LastRawMessageError, LastRawMessageErrorKind};
    let mut current = Some(err);
    while let Some(e) = current {
        if let Some(js) = e.downcast_ref::<jetstream::Error>() {
            return Some(js.error_code());
        }
        let held = if let Some(x) = e.downcast_ref::<GetStreamError>() {
            match x.kind() {
                GetStreamErrorKind::JetStream(js) => Some(js),
                _ => None,
            }
        } else if let Some(x) = e.downcast_ref::<CreateStreamError>() {
            match x.kind() {
                CreateStreamErrorKind::JetStream(js) => Some(js),
                _ => None,
            }
        } else if let Some(x) = e.downcast_ref::<ConsumerError>() {
            match x.kind() {
                ConsumerErrorKind::JetStream(js) => Some(js),
                _ => None,
            }
        } else if let Some(x) = e.downcast_ref::<ConsumerInfoError>() {
            match x.kind() {
                ConsumerInfoErrorKind::JetStream(js) => Some(js),
                _ => None,
            }
        } else if let Some(x) = e.downcast_ref::<LastRawMessageError>() {
            match x.kind() {
                LastRawMessageErrorKind::JetStream(js) => Some(js),
                _ => None,
            }
        } else {
            None
        };
        if let Some(js) = held {
            return Some(js.error_code());
        }
        current = e.source();
    }
    None
}

/// What `err` means: by its JetStream code when the server sent one, else by the client's
/// error kinds ([`is_transient`]).
pub(crate) fn meaning(err: &(dyn StdError + 'static)) -> Meaning {
    if let Some(c) = code(err) {
        if STORE_FULL.contains(&c) {
            return Meaning::StoreFull;
        }
        if c == ErrorCode::MAXIMUM_CONSUMERS_LIMIT {
            return Meaning::ConsumersExhausted;
        }
        if c == ErrorCode::STREAM_NOT_FOUND {
            return Meaning::StreamMissing;
        }
        if c == ErrorCode::CLUSTER_NO_PEERS {
            return Meaning::NoPlacement;
        }
    }
    if let Some(p) = find::<jetstream::context::PublishError>(err) {
        if p.kind() == jetstream::context::PublishErrorKind::StreamNotFound {
            return Meaning::StreamMissing;
        }
    }
    if is_transient(err) {
        Meaning::Transient
    } else {
        Meaning::Refused
    }
}

/// The first error of type `T` in `err`'s source chain.
fn find<'a, T: StdError + 'static>(err: &'a (dyn StdError + 'static)) -> Option<&'a T> {
    let mut current = Some(err);
    while let Some(e) = current {
        if let Some(t) = e.downcast_ref::<T>() {
            return Some(t);
        }
        current = e.source();
    }
    None
}

/// Whether an error means "server unreachable, not ready, or too slow" rather than a refusal:
/// a request that timed out or found no responder, a broken connection, or a JetStream code
/// saying the cluster is not ready.
pub(crate) fn is_transient(err: &(dyn StdError + 'static)) -> bool {
    use async_nats::jetstream::context::{PublishErrorKind, RequestErrorKind};
    if let Some(c) = code(err) {
        return [
            ErrorCode::CLUSTER_NOT_AVAILABLE,
            ErrorCode::CLUSTER_NOT_ACTIVE,
            ErrorCode::CLUSTER_NOT_LEADER,
            ErrorCode::CLUSTER_INCOMPLETE,
            ErrorCode::CLUSTER_NOT_ASSIGNED,
            ErrorCode::RAFT_GENERAL,
        ]
        .contains(&c);
    }
    let mut current = Some(err);
    while let Some(e) = current {
        if let Some(r) = e.downcast_ref::<jetstream::context::RequestError>() {
            if matches!(r.kind(), RequestErrorKind::TimedOut | RequestErrorKind::NoResponders) {
                return true;
            }
        }
        if let Some(r) = e.downcast_ref::<async_nats::RequestError>() {
            if matches!(r.kind(), async_nats::RequestErrorKind::TimedOut | async_nats::RequestErrorKind::NoResponders) {
                return true;
            }
        }
        if let Some(p) = e.downcast_ref::<jetstream::context::PublishError>() {
            if matches!(p.kind(), PublishErrorKind::TimedOut | PublishErrorKind::BrokenPipe) {
                return true;
            }
        }
        // The kinds that say "timed out" on the requests this crate makes (a `Request` kind
        // carries the request's own error as its source, judged above on the next turn).
        if e.downcast_ref::<jetstream::stream::DirectGetError>().is_some_and(|x| x.kind() == jetstream::stream::DirectGetErrorKind::TimedOut)
            || e.downcast_ref::<jetstream::stream::ConsumerError>().is_some_and(|x| x.kind() == jetstream::stream::ConsumerErrorKind::TimedOut)
            || e.downcast_ref::<jetstream::consumer::StreamError>().is_some_and(|x| x.kind() == jetstream::consumer::StreamErrorKind::TimedOut)
            || e.downcast_ref::<jetstream::kv::EntryError>().is_some_and(|x| x.kind() == jetstream::kv::EntryErrorKind::TimedOut)
            || e.downcast_ref::<jetstream::kv::WatchError>().is_some_and(|x| x.kind() == jetstream::kv::WatchErrorKind::TimedOut)
            || e.downcast_ref::<jetstream::kv::UpdateError>().is_some_and(|x| x.kind() == jetstream::kv::UpdateErrorKind::TimedOut)
        {
            return true;
        }
        if e.downcast_ref::<std::io::Error>().is_some() {
            return true;
        }
        current = e.source();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_number_is_read_from_its_serialised_form() {
        assert_eq!(number(ErrorCode::STREAM_NOT_FOUND), Some(10059));
        assert_eq!(number(ErrorCode::CLUSTER_NO_PEERS), Some(10005));
    }

    #[test]
    fn a_refusal_is_judged_by_its_code_and_a_timeout_by_its_kind() {
        use jetstream::context::{PublishError, PublishErrorKind};
        let timed_out: PublishError = PublishErrorKind::TimedOut.into();
        assert_eq!(meaning(&timed_out), Meaning::Transient);
        let no_stream: PublishError = PublishErrorKind::StreamNotFound.into();
        assert_eq!(meaning(&no_stream), Meaning::StreamMissing);
        let other: PublishError = PublishErrorKind::Other.into();
        assert_eq!(meaning(&other), Meaning::Refused);
        // A lost connection is an io error: worth trying again.
        let io = std::io::Error::new(std::io::ErrorKind::ConnectionReset, "reset");
        assert_eq!(meaning(&io), Meaning::Transient);
    }
}
