//! What each role may publish and subscribe to (`docs/security.md`, the permission table).

use super::{strings, Permissions, Role, FEED_STREAM, FEED_SUBJECTS};
use crate::layout::every_partition;
use crate::{ARCHIVE_BUCKET, INDEX_BUCKET, LAYOUT_STREAM, LAYOUT_SUBJECT, SNAPSHOT_BUCKET, STREAM};

/// Stream-changing JetStream API calls no service may make (only an operator, as `admin`; the
/// `archiver` may delete period streams, [`ARCHIVER_DENIED`]).
const ADMIN_ONLY: &[&str] = &[
    "$JS.API.STREAM.UPDATE.>",
    "$JS.API.STREAM.DELETE.>",
    "$JS.API.STREAM.PURGE.>",
    "$JS.API.STREAM.MSG.DELETE.>",
    "$JS.API.STREAM.SNAPSHOT.>",
    "$JS.API.STREAM.RESTORE.>",
    "$JS.API.STREAM.PEER.>",
    "$JS.API.STREAM.LEADER.>",
    "$JS.API.ACCOUNT.>",
    "$JS.API.SERVER.>",
    "$JS.API.META.>",
];

/// The permissions of `role` (`None` for admin: everything). Each entry was checked against a
/// real nats-server by this crate's tests (`services/eventlog/tests/permissions.rs`).
pub fn permissions(role: Role) -> Option<Permissions> {
    let kv_stream = format!("KV_{SNAPSHOT_BUCKET}");
    let index_stream = format!("KV_{INDEX_BUCKET}");
    let archive_stream = format!("OBJ_{ARCHIVE_BUCKET}");
    let inbox = format!("{}.>", role.inbox_prefix());
    match role {
        Role::Orchestrator => Some(Permissions {
            publish_allow: vec![
                // Appends (the JetStream publish), snapshot puts.
                crate::STREAM_SUBJECTS.to_string(),
                // Wait notices of matches waiting for the system (core NATS, read by the feed
                // projector; no stream captures them).
                crate::WAIT_SUBJECTS.to_string(),
                format!("$KV.{SNAPSHOT_BUCKET}.*"),
                // Create (never update) the stream and the bucket; look them up. Creating a KV
                // bucket first asks for the account's limits ($JS.API.INFO).
                "$JS.API.INFO".to_string(),
                format!("$JS.API.STREAM.CREATE.{STREAM}"),
                format!("$JS.API.STREAM.INFO.{STREAM}"),
                format!("$JS.API.STREAM.CREATE.{kv_stream}"),
                format!("$JS.API.STREAM.INFO.{kv_stream}"),
                // Reads: last/first message by subject, by sequence; snapshot gets (direct).
                format!("$JS.API.STREAM.MSG.GET.{STREAM}"),
                format!("$JS.API.DIRECT.GET.{kv_stream}.>"),
                // Ordered (ephemeral, unacknowledged) consumers for reads and watches; a reset
                // deletes and recreates one. After a reconnect the client first asks for the
                // consumer's info (CONSUMER.INFO): refused, it waits out its retries (tens of
                // seconds) before it recreates the consumer, and every follower of the log
                // stalls that long after a NATS restart
                format!("$JS.API.CONSUMER.CREATE.{STREAM}"),
                format!("$JS.API.CONSUMER.CREATE.{STREAM}.>"),
                format!("$JS.API.CONSUMER.MSG.NEXT.{STREAM}.*"),
                format!("$JS.API.CONSUMER.DELETE.{STREAM}.*"),
                format!("$JS.API.CONSUMER.INFO.{STREAM}.*"),
                // The match index (a projection of the log it alone writes and reads): puts
                // with an expected revision, gets, and a watch of the whole bucket.
                format!("$KV.{INDEX_BUCKET}.*"),
                format!("$JS.API.STREAM.CREATE.{index_stream}"),
                format!("$JS.API.STREAM.INFO.{index_stream}"),
                format!("$JS.API.DIRECT.GET.{index_stream}.>"),
                format!("$JS.API.CONSUMER.CREATE.{index_stream}"),
                format!("$JS.API.CONSUMER.CREATE.{index_stream}.>"),
                format!("$JS.API.CONSUMER.DELETE.{index_stream}.*"),
                format!("$JS.API.CONSUMER.INFO.{index_stream}.*"),
                // Flow-control replies of that watch (a push consumer): without them the server
                // stops delivering after a few thousand entries.
                format!("$JS.FC.{index_stream}.>"),
                // Sealed archives (`MATCH_ARCHIVE`, written and read by the orchestrator's
                // archiver and read path): create the bucket, put objects (chunks, then the
                // metadata naming them), read an object's metadata and its chunks (an ordered
                // push consumer with flow control). Never purge: ADMIN_ONLY keeps
                // `$JS.API.STREAM.PURGE.>` from every service, so no service can wipe the
                // bucket's bytes (docs/architecture.md, "Sealed archives").
                format!("$O.{ARCHIVE_BUCKET}.>"),
                format!("$JS.API.STREAM.CREATE.{archive_stream}"),
                format!("$JS.API.STREAM.INFO.{archive_stream}"),
                format!("$JS.API.STREAM.MSG.GET.{archive_stream}"),
                format!("$JS.API.CONSUMER.CREATE.{archive_stream}"),
                format!("$JS.API.CONSUMER.CREATE.{archive_stream}.>"),
                format!("$JS.API.CONSUMER.DELETE.{archive_stream}.*"),
                format!("$JS.API.CONSUMER.INFO.{archive_stream}.*"),
                format!("$JS.FC.{archive_stream}.>"),
                // A partitioned log (`layout`): its record, written once with an expected
                // sequence of 0 (create the stream, publish, read it back), and the same rows
                // as MATCHES for each partition stream.
                LAYOUT_SUBJECT.to_string(),
                format!("$JS.API.STREAM.CREATE.{LAYOUT_STREAM}"),
                format!("$JS.API.STREAM.INFO.{LAYOUT_STREAM}"),
                format!("$JS.API.STREAM.MSG.GET.{LAYOUT_STREAM}"),
            ]
            .into_iter()
            .chain(every_partition().into_iter().flat_map(|(stream, subjects)| {
                [
                    subjects,
                    format!("$JS.API.STREAM.CREATE.{stream}"),
                    format!("$JS.API.STREAM.INFO.{stream}"),
                    format!("$JS.API.STREAM.MSG.GET.{stream}"),
                    format!("$JS.API.CONSUMER.CREATE.{stream}"),
                    format!("$JS.API.CONSUMER.CREATE.{stream}.>"),
                    format!("$JS.API.CONSUMER.MSG.NEXT.{stream}.*"),
                    format!("$JS.API.CONSUMER.DELETE.{stream}.*"),
                    format!("$JS.API.CONSUMER.INFO.{stream}.*"),
                ]
            }))
            .chain(orchestrator_period_rows().allow)
            .collect(),
            publish_deny: [strings(ADMIN_ONLY), orchestrator_period_rows().deny].concat(),
            subscribe_allow: vec![inbox],
            subscribe_deny: Vec::new(),
        }),
        // Reads with direct gets only: a consumer could be made to deliver into another
        // subject, so the reader may create none.
        Role::Randomness => Some(Permissions {
            publish_allow: [STREAM.to_string(), LAYOUT_STREAM.to_string()]
                .into_iter()
                .chain(every_partition().into_iter().map(|(stream, _)| stream))
                .flat_map(|stream| [format!("$JS.API.DIRECT.GET.{stream}"), format!("$JS.API.DIRECT.GET.{stream}.>")])
                .chain(reader_period_rows().allow)
                .collect(),
            publish_deny: [strings(ADMIN_ONLY), vec!["match.>".to_string(), "$KV.>".to_string(), "$O.>".to_string()], reader_period_rows().deny].concat(),
            subscribe_allow: vec![inbox],
            subscribe_deny: Vec::new(),
        }),
        // Reads MATCHES as the orchestrator's watches do (ordered consumers, which it may create
        // and delete on MATCHES only) and writes FEED, which it may create but never change.
        // It could leak the raw log into `feed.>` only by publishing it itself, which its code
        // never does; it can neither write `match.>` nor touch snapshots.
        Role::Projector => Some(Permissions {
            publish_allow: vec![
                FEED_SUBJECTS.to_string(),
                "$JS.API.INFO".to_string(),
                format!("$JS.API.STREAM.CREATE.{FEED_STREAM}"),
                format!("$JS.API.STREAM.INFO.{FEED_STREAM}"),
                format!("$JS.API.DIRECT.GET.{FEED_STREAM}"),
                format!("$JS.API.DIRECT.GET.{FEED_STREAM}.>"),
                // The log's layout record (direct gets), to know which streams to read.
                format!("$JS.API.DIRECT.GET.{LAYOUT_STREAM}"),
                format!("$JS.API.DIRECT.GET.{LAYOUT_STREAM}.>"),
                // A log without a record is the legacy MATCHES if that stream answers (the
                // log's follower asks for its first message, as every reader does); the
                // projector reads every commit of it anyway.
                format!("$JS.API.DIRECT.GET.{STREAM}"),
            ]
            .into_iter()
            .chain([STREAM.to_string()].into_iter().chain(every_partition().into_iter().map(|(stream, _)| stream)).flat_map(|stream| {
                [
                    format!("$JS.API.CONSUMER.CREATE.{stream}"),
                    format!("$JS.API.CONSUMER.CREATE.{stream}.>"),
                    format!("$JS.API.CONSUMER.MSG.NEXT.{stream}.*"),
                    format!("$JS.API.CONSUMER.DELETE.{stream}.*"),
                    format!("$JS.API.CONSUMER.INFO.{stream}.*"),
                ]
            }))
            .chain(projector_period_rows().allow)
            .collect(),
            publish_deny: [strings(ADMIN_ONLY), vec!["match.>".to_string(), "$KV.>".to_string(), "$O.>".to_string()], projector_period_rows().deny].concat(),
            // Wait notices of matches waiting for the system (core NATS, `match.*.wait`): relayed
            // to `feed.<tournament>.<match>.wait`. Nothing of the raw log travels there.
            subscribe_allow: vec![inbox, crate::WAIT_SUBJECTS.to_string()],
            subscribe_deny: Vec::new(),
        }),
        Role::Feed => Some(Permissions {
            publish_allow: vec![
                format!("$JS.API.STREAM.INFO.{FEED_STREAM}"),
                format!("$JS.API.STREAM.MSG.GET.{FEED_STREAM}"),
                format!("$JS.API.DIRECT.GET.{FEED_STREAM}"),
                format!("$JS.API.DIRECT.GET.{FEED_STREAM}.>"),
                format!("$JS.API.CONSUMER.CREATE.{FEED_STREAM}"),
                format!("$JS.API.CONSUMER.CREATE.{FEED_STREAM}.>"),
                format!("$JS.API.CONSUMER.MSG.NEXT.{FEED_STREAM}.*"),
                format!("$JS.API.CONSUMER.DELETE.{FEED_STREAM}.*"),
                // What a client asks of its consumer after a reconnect (the orchestrator's
                // row says why); it tells only how far that consumer has read.
                format!("$JS.API.CONSUMER.INFO.{FEED_STREAM}.*"),
                // Flow-control replies of push (ordered) consumers, as nats-py and the nats CLI
                // make them; they carry nothing but "go on".
                format!("$JS.FC.{FEED_STREAM}.>"),
            ],
            publish_deny: [strings(ADMIN_ONLY), vec!["match.>".to_string(), "feed.>".to_string(), "$KV.>".to_string(), "$O.>".to_string()]].concat(),
            subscribe_allow: vec![inbox, "feed.>".to_string()],
            subscribe_deny: vec!["match.>".to_string(), "$KV.>".to_string(), "$O.>".to_string()],
        }),
        // Deletes period streams, whose names cannot be allowed one by one (a permission
        // matches whole tokens, and a period's name is only known when it comes): every
        // stream delete, but those of the streams that never leave (`protected_streams`).
        // And reads what the archive job (`arbiter archive`) decides from: the stream names
        // and sizes, the layout record, the match index (a watch) and the sealed archives.
        Role::Archiver => Some(Permissions {
            publish_allow: ["$JS.API.STREAM.DELETE.*".to_string()].into_iter().chain(archiver_reads()).collect(),
            publish_deny: [
                ADMIN_ONLY.iter().filter(|s| **s != "$JS.API.STREAM.DELETE.>").map(|s| s.to_string()).collect::<Vec<_>>(),
                protected_streams().iter().map(|s| format!("$JS.API.STREAM.DELETE.{s}")).collect(),
                strings(ARCHIVER_DENIED),
            ]
            .concat(),
            subscribe_allow: vec![inbox],
            subscribe_deny: Vec::new(),
        }),
        Role::Admin => None,
    }
}

/// The archive job's reads, none of which writes: the stream names and any stream's info (the
/// period streams' sizes), the layout record (`STREAM.MSG.GET`, asked of its leader), a watch
/// of the index bucket and reads of the archive bucket (ordered push consumers: their create,
/// delete and flow-control replies; an object's metadata by `STREAM.MSG.GET`).
fn archiver_reads() -> Vec<String> {
    let index_stream = format!("KV_{INDEX_BUCKET}");
    let archive_stream = format!("OBJ_{ARCHIVE_BUCKET}");
    let watched = [&index_stream, &archive_stream].into_iter().flat_map(|stream| {
        [
            format!("$JS.API.CONSUMER.CREATE.{stream}"),
            format!("$JS.API.CONSUMER.CREATE.{stream}.>"),
            format!("$JS.API.CONSUMER.DELETE.{stream}.*"),
            format!("$JS.API.CONSUMER.INFO.{stream}.*"),
            format!("$JS.FC.{stream}.>"),
        ]
    });
    [
        "$JS.API.STREAM.NAMES".to_string(),
        "$JS.API.STREAM.INFO.*".to_string(),
        format!("$JS.API.STREAM.MSG.GET.{LAYOUT_STREAM}"),
        format!("$JS.API.STREAM.MSG.GET.{archive_stream}"),
    ]
    .into_iter()
    .chain(watched)
    .collect()
}

/// What the archiver may never publish besides the API calls: the log, the buckets, the feed.
const ARCHIVER_DENIED: &[&str] = &["match.>", "matches.>", "feed.>", "$KV.>", "$O.>"];

/// Every stream of a deployment that is not a period stream: the legacy log and its eight
/// partitions, the layout record, the buckets (snapshots, index, archive), the feed and the
/// bench's. Denied to the archiver's deletes.
pub fn protected_streams() -> Vec<String> {
    [STREAM.to_string(), LAYOUT_STREAM.to_string()]
        .into_iter()
        .chain(every_partition().into_iter().map(|(stream, _)| stream))
        .chain(buckets())
        .chain([FEED_STREAM.to_string(), "BENCH".to_string()])
        .collect()
}

/// The streams under the buckets: match states, the index and the archives.
fn buckets() -> Vec<String> {
    vec![format!("KV_{SNAPSHOT_BUCKET}"), format!("KV_{INDEX_BUCKET}"), format!("OBJ_{ARCHIVE_BUCKET}")]
}

/// The rows that reach the period streams of a log with periods (`MATCHES_T<t>[_P<k>]`),
/// which NATS cannot name one by one: each row is a wildcard, and `deny` lists what it must
/// not reach.
struct PeriodRows {
    allow: Vec<String>,
    deny: Vec<String>,
}

/// The orchestrator's: appends (`match.t<t>.<id>.events`, `match.t<t>.p<k>.<id>.events`),
/// listing streams by name, creating, reading and consuming any stream but creating the feed's
/// or the bench's (it already has every bucket and log stream).
fn orchestrator_period_rows() -> PeriodRows {
    PeriodRows {
        allow: strings(&[
            "match.*.*.events",
            "match.*.*.*.events",
            "$JS.API.STREAM.NAMES",
            "$JS.API.STREAM.CREATE.*",
            "$JS.API.STREAM.INFO.*",
            "$JS.API.STREAM.MSG.GET.*",
            "$JS.API.CONSUMER.CREATE.*",
            "$JS.API.CONSUMER.CREATE.*.>",
            "$JS.API.CONSUMER.MSG.NEXT.*.*",
            "$JS.API.CONSUMER.DELETE.*.*",
            "$JS.API.CONSUMER.INFO.*.*",
        ]),
        deny: vec![format!("$JS.API.STREAM.CREATE.{FEED_STREAM}"), "$JS.API.STREAM.CREATE.BENCH".to_string()],
    }
}

/// The reader's (randomness): direct gets of any stream but the buckets (match states, the
/// index and the archives are not its to read), and the stream names (whether the log holds
/// any commit, asked when its key file is missing).
fn reader_period_rows() -> PeriodRows {
    PeriodRows {
        allow: strings(&["$JS.API.DIRECT.GET.*", "$JS.API.DIRECT.GET.*.>", "$JS.API.STREAM.NAMES"]),
        deny: buckets().into_iter().flat_map(|b| [format!("$JS.API.DIRECT.GET.{b}"), format!("$JS.API.DIRECT.GET.{b}.>")]).collect(),
    }
}

/// The feed projector's: listing streams by name, consumers on any stream but the buckets.
fn projector_period_rows() -> PeriodRows {
    PeriodRows {
        allow: strings(&[
            "$JS.API.STREAM.NAMES",
            "$JS.API.CONSUMER.CREATE.*",
            "$JS.API.CONSUMER.CREATE.*.>",
            "$JS.API.CONSUMER.MSG.NEXT.*.*",
            "$JS.API.CONSUMER.DELETE.*.*",
            "$JS.API.CONSUMER.INFO.*.*",
        ]),
        deny: buckets()
            .into_iter()
            .flat_map(|b| {
                [
                    format!("$JS.API.CONSUMER.CREATE.{b}"),
                    format!("$JS.API.CONSUMER.CREATE.{b}.>"),
                    format!("$JS.API.CONSUMER.MSG.NEXT.{b}.*"),
                    format!("$JS.API.CONSUMER.DELETE.{b}.*"),
                    format!("$JS.API.CONSUMER.INFO.{b}.*"),
                ]
            })
            .collect(),
    }
}
