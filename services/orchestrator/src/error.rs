//! Orchestrator errors, and the one place where they become gRPC status codes.

use eventlog::LogError;
use tonic::{Code, Status};

#[derive(Clone, Debug, thiserror::Error)]
pub enum OrchestratorError {
    #[error("{0}")]
    InvalidArgument(String),
    #[error("{0}")]
    FailedPrecondition(String),
    /// No match has this id.
    #[error("{0}")]
    NotFound(String),
    /// An idempotency key already used for a different request.
    #[error("{0}")]
    KeyReused(String),
    /// A bounded resource of this instance is used up (open watches).
    #[error("{0}")]
    Exhausted(String),
    /// A stale decision or version; the client should fetch the match again.
    #[error("{0}")]
    Aborted(String),
    /// The cached record was stale (an append conflict); it has caught up with the log since,
    /// so the request may be evaluated again. ABORTED if it reaches the caller.
    #[error("{0}")]
    Stale(String),
    /// A caller over its request rate (`abuse`): RESOURCE_EXHAUSTED with when to retry, as a
    /// `RetryInfo` detail and the `grpc-retry-pushback-ms` header.
    #[error(
        "too many requests from {what}: the match API's rate limit is reached; retry in {retry_after_ms} ms \
             (docs/security.md, \"Abuse limits\")"
    )]
    RateLimited { what: &'static str, retry_after_ms: u64 },
    #[error("{0}")]
    Unauthenticated(String),
    #[error("{0}")]
    PermissionDenied(String),
    #[error("the match log is unavailable: {0}")]
    LogUnavailable(String),
    /// Something this request waits for did not answer in time.
    #[error("{0}")]
    Unavailable(String),
    /// The log disagrees with what the rules produce on replay: never papered over.
    #[error("replay check failed for match {match_id} at version {version}: {detail}")]
    ReplayMismatch { match_id: String, version: u64, detail: String },
    /// The match was created, and signed, under another orchestrator key than this one's (a
    /// lost key file replaced by a new key, or the wrong file): the operator's key problem, not
    /// tampering. Nothing is served or appended.
    #[error(
        "match {match_id} was created under orchestrator key {created_under}, not this orchestrator's key {own}: it is \
             neither served nor appended to with another key; restore the key file that created this match, {key_file} \
             (every orchestrator of a deployment must use the same --key-file)"
    )]
    WrongKey { match_id: String, created_under: String, own: String, key_file: String },
    /// A commit that this orchestrator did not write (bad signature or broken hash chain).
    #[error(
        "the log of match {match_id} fails its integrity check at version {version}: {detail}; \
             the match stays frozen until an operator investigates"
    )]
    Tampered { match_id: String, version: u64, detail: String },
    /// A sealed archive that fails its check (manifest, signature, chain): never served.
    #[error("{0}; the match stays unreadable until an operator restores its archive or its log")]
    ArchiveRefused(String),
    /// A service a match needs now does not answer (a randomness node, by name; the rules
    /// service; the log): the match waits for it (`matches::waits`). UNAVAILABLE.
    #[error("{}", .0.describe())]
    SystemUnavailable(Box<Cause>),
    /// A downstream service (rules, randomness) answered with an error.
    #[error("{service} service: {status}")]
    Downstream { service: &'static str, status: Status },
    #[error("internal error: {0}")]
    Internal(String),
}

pub type Result<T, E = OrchestratorError> = std::result::Result<T, E>;

/// The service a waiting match needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Service {
    Randomness,
    Rules,
    Log,
}

impl Service {
    pub fn name(self) -> &'static str {
        match self {
            Service::Randomness => "randomness",
            Service::Rules => "rules",
            Service::Log => "log",
        }
    }
}

/// Why a match cannot go on now: which service (and randomness node), in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cause {
    pub service: Service,
    /// The randomness node's name (scheme v2), empty otherwise.
    pub node: String,
    pub reason: String,
}

impl Cause {
    /// What it says to a client: the service (the node by name) and why.
    pub fn describe(&self) -> String {
        match (self.service, self.node.is_empty()) {
            (Service::Randomness, false) => format!("randomness node {:?} is unavailable: {}", self.node, self.reason),
            (service, _) => format!("the {} service is unavailable: {}", service.name(), self.reason),
        }
    }
}

/// The cause of a failure that means a service does not answer (the match waits for it), or
/// `None` for any other failure (a refusal, a broken log), which is an error.
pub fn cause_of(e: &OrchestratorError) -> Option<Cause> {
    let unanswered =
        |code: tonic::Code| matches!(code, tonic::Code::Unavailable | tonic::Code::DeadlineExceeded | tonic::Code::Unknown | tonic::Code::Cancelled);
    match e {
        OrchestratorError::SystemUnavailable(cause) => Some((**cause).clone()),
        OrchestratorError::Downstream { service: "rules", status } if unanswered(status.code()) => {
            Some(Cause { service: Service::Rules, node: String::new(), reason: truncate_message(status.message()) })
        }
        OrchestratorError::Downstream { service: "randomness", status } if unanswered(status.code()) => {
            Some(Cause { service: Service::Randomness, node: String::new(), reason: truncate_message(status.message()) })
        }
        OrchestratorError::LogUnavailable(m) | OrchestratorError::Exhausted(m) => Some(Cause { service: Service::Log, node: String::new(), reason: m.clone() }),
        _ => None,
    }
}

/// A match-control input the generic layer refuses (the match has ended, an unknown seat, an
/// empty ruling).
impl From<engine::RulesError> for OrchestratorError {
    fn from(e: engine::RulesError) -> Self {
        match e {
            engine::RulesError::Illegal(m) => OrchestratorError::FailedPrecondition(m),
            other => OrchestratorError::InvalidArgument(other.to_string()),
        }
    }
}

impl From<LogError> for OrchestratorError {
    fn from(e: LogError) -> Self {
        match e {
            LogError::Conflict { match_id, .. } => OrchestratorError::Aborted(format!(
                "match {match_id} changed while this request was handled (another decision landed first); \
                 fetch the pending decision again"
            )),
            LogError::InvalidMatchId(m) => OrchestratorError::InvalidArgument(m),
            LogError::Corrupt(m) => OrchestratorError::ArchiveRefused(m),
            LogError::Refused(m) => OrchestratorError::FailedPrecondition(m),
            // A server limit (consumers, for watches): say so, as RESOURCE_EXHAUSTED.
            LogError::ConsumersExhausted(m) => {
                OrchestratorError::Exhausted(format!("the match log has no room for another consumer ({m}); close some watches or retry later"))
            }
            // The store is full (the stream's max_bytes, or the server's disk or max_file_store):
            // nothing was appended, and the match resumes once an operator makes room.
            LogError::StoreFull(m) => OrchestratorError::Exhausted(format!(
                "the match log is full ({m}); nothing was recorded: an operator must free space or raise the \
                 stream's limit, then retry (the match resumes where it stopped)"
            )),
            // The stream itself is gone (deleted, or its store lost): say what to do.
            LogError::StreamMissing(m) => OrchestratorError::LogUnavailable(format!(
                "{m}; the match stream is missing: restart the orchestrator to recreate it, and restore a \
                 backup of the log if its store was lost"
            )),
            LogError::Unavailable(m) | LogError::NoPlacement(m) => OrchestratorError::LogUnavailable(m),
            // The log server refused (a limit, a misconfiguration): not the caller's doing, and
            // possibly temporary.
            other @ LogError::Other(_) => OrchestratorError::LogUnavailable(other.to_string()),
        }
    }
}

impl From<OrchestratorError> for Status {
    fn from(e: OrchestratorError) -> Status {
        let msg = e.to_string();
        match e {
            OrchestratorError::InvalidArgument(_) => Status::invalid_argument(msg),
            OrchestratorError::FailedPrecondition(_) | OrchestratorError::WrongKey { .. } => Status::failed_precondition(msg),
            OrchestratorError::NotFound(_) => Status::not_found(msg),
            OrchestratorError::KeyReused(_) => Status::already_exists(msg),
            OrchestratorError::Exhausted(_) => Status::resource_exhausted(msg),
            OrchestratorError::RateLimited { retry_after_ms, .. } => {
                use tonic_types::{ErrorDetails, StatusExt};
                let details = ErrorDetails::with_retry_info(Some(std::time::Duration::from_millis(retry_after_ms)));
                let mut status = Status::with_error_details(Code::ResourceExhausted, msg, details);
                if let Ok(v) = retry_after_ms.to_string().parse() {
                    status.metadata_mut().insert("grpc-retry-pushback-ms", v);
                }
                status
            }
            OrchestratorError::Aborted(_) | OrchestratorError::Stale(_) => Status::aborted(msg),
            OrchestratorError::Unauthenticated(_) => Status::unauthenticated(msg),
            OrchestratorError::PermissionDenied(_) => Status::permission_denied(msg),
            OrchestratorError::LogUnavailable(_) | OrchestratorError::Unavailable(_) | OrchestratorError::SystemUnavailable(_) => Status::unavailable(msg),
            OrchestratorError::ReplayMismatch { .. } | OrchestratorError::Tampered { .. } | OrchestratorError::ArchiveRefused(_) => Status::data_loss(msg),
            // The rules service already chose the right code for a rules error (illegal move,
            // stale decision...): pass it on; its own outage is ours too. Its message is cut,
            // since it may quote our caller's input.
            OrchestratorError::Downstream { service, status } => {
                let text = truncate_message(status.message());
                match status.code() {
                    // Cancelled: the connection to the service broke mid-call (its process died);
                    // for our caller that is the service being away, not a cancelled request.
                    Code::Unavailable | Code::DeadlineExceeded | Code::Unknown | Code::Cancelled => {
                        Status::unavailable(format!("the {service} service is unavailable: {text}"))
                    }
                    code => Status::new(code, text),
                }
            }
            OrchestratorError::Internal(_) => Status::internal(msg),
        }
    }
}

/// Longest text of another service's error passed on to a client (room for a refused
/// decklist's every violation; still far below what a status header carries).
pub const MAX_FORWARDED_MESSAGE: usize = 2048;

/// Cut a message from elsewhere (another service) to a size a status header carries safely.
pub fn truncate_message(s: &str) -> String {
    if s.len() <= MAX_FORWARDED_MESSAGE {
        return s.to_string();
    }
    let cut: String = s.chars().take(MAX_FORWARDED_MESSAGE).collect();
    format!("{cut}… (cut)")
}

pub fn rules_err(status: Status) -> OrchestratorError {
    OrchestratorError::Downstream { service: "rules", status }
}

pub fn randomness_err(status: Status) -> OrchestratorError {
    OrchestratorError::Downstream { service: "randomness", status }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_store_is_resource_exhausted_and_a_missing_stream_says_what_to_do() {
        let full = Status::from(OrchestratorError::from(LogError::StoreFull("append to match.m.events: maximum bytes exceeded".into())));
        assert_eq!(full.code(), Code::ResourceExhausted, "{}", full.message());
        assert!(full.message().contains("free space"), "{}", full.message());
        let consumers = Status::from(OrchestratorError::from(LogError::ConsumersExhausted("maximum consumers limit reached".into())));
        assert_eq!(consumers.code(), Code::ResourceExhausted);
        assert!(consumers.message().contains("close some watches"), "{}", consumers.message());
        let gone = Status::from(OrchestratorError::from(LogError::StreamMissing("append: no stream found for given subject".into())));
        assert_eq!(gone.code(), Code::Unavailable);
        assert!(gone.message().contains("restart the orchestrator"), "{}", gone.message());
        let other = Status::from(OrchestratorError::from(LogError::Other("some refusal".into())));
        assert_eq!(other.code(), Code::Unavailable);
    }

    #[test]
    fn a_long_message_from_another_service_is_cut() {
        let long = "x".repeat(1 << 20);
        assert!(truncate_message(&long).len() < MAX_FORWARDED_MESSAGE + 20);
        assert_eq!(truncate_message("short"), "short");
    }

    #[test]
    fn a_downstream_call_cut_by_a_dying_service_is_unavailable_and_its_refusals_pass_through() {
        let cut = Status::from(rules_err(Status::cancelled("operation was canceled")));
        assert_eq!(cut.code(), Code::Unavailable, "{}", cut.message());
        assert!(cut.message().contains("rules service is unavailable"), "{}", cut.message());
        let refused = Status::from(rules_err(Status::invalid_argument("deck: no identity")));
        assert_eq!(refused.code(), Code::InvalidArgument);
        assert_eq!(refused.message(), "deck: no identity");
    }
}
