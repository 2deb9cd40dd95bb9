//! The log scrubber: walks every match's log at a bounded pace and checks what no request may
//! have looked at for a long time, so that a history changed at rest (by whoever holds the NATS
//! admin credential) is found within one period, not when someone next asks for that match.
//!
//! Per match: every commit's hash link from version 1, the signature that binds them
//! (`fairness::chain::OrchestratorKey::check_run`), that commit 1 names this orchestrator's key,
//! and, when the match has a snapshot this orchestrator signed, that the log still holds the
//! snapshot's version with the hash it recorded (`verify::check_prefix`: a trimmed or re-signed
//! history).
//!
//! Every match the index has an entry of is checked against it: the entry must say what the
//! log says at the entry's version (`index::disagreement`). Then it walks what the match index
//! knows and the hot log no longer lists: a
//! match sealed into an archive is read from it (through `archive::ArchivingLog`, which checks
//! the archive's manifest and chain) and checked the same way, and a match found in neither
//! place is a break: its archive vanished, or its period stream left the hot log before it
//! was sealed. Every match, hot or sealed, must also hold at least the commits the index
//! projected from it (a log only grows). A break is reported three ways: an error log line naming the match and version,
//! the `arbiter_scrub_broken_matches` gauge, and the health status of [`HEALTH_SERVICE`]
//! (NOT_SERVING while the last pass found a break). The scrubber only reads: it never changes
//! the log, the snapshots or the match cache.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::time::{Duration, Instant};

use api::log_v1::{commit_input, Commit};
use eventlog::{Archive, EventLog, LogError};
use fairness::chain::{Link, OrchestratorKey};
use prost::Message;

use crate::error::OrchestratorError;
use crate::index::{Entry, MatchIndex};
use crate::matches::snapshot;
use crate::verify;
use fairness::chain::short_hex;

/// The health service name whose status says whether the last pass found the log intact.
pub const HEALTH_SERVICE: &str = "arbiter.scrub";
/// Default time from the start of one pass to the start of the next.
pub const DEFAULT_EVERY: Duration = Duration::from_secs(3600);
/// Default pace: commits checked per second (reads and SHA-256; one signature per match).
pub const DEFAULT_COMMITS_PER_SECOND: u32 = 2_000;
/// Default number of sealed matches (read from their archives) a pass checks: every match ever
/// sealed would make a pass grow without bound, so each pass takes the next slice in match id
/// order, and every archive is read once every `sealed / DEFAULT_SEALED_PER_PASS` passes.
pub const DEFAULT_SEALED_PER_PASS: usize = 10_000;

/// How the scrubber runs (`--scrub-every-s`, `--scrub-commits-per-second`,
/// `--scrub-sealed-per-pass`).
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    pub every: Duration,
    pub commits_per_second: u32,
    pub sealed_per_pass: usize,
}

/// Which sealed matches (archived in the index, not in the hot log) a pass reads: at most
/// `max`, in match id order after `after` (then from the start again).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SealedSlice {
    pub after: String,
    pub max: usize,
}

/// A commit found bad.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Break {
    pub match_id: String,
    pub version: u64,
    pub detail: String,
}

impl std::fmt::Display for Break {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "match {} fails its integrity check at version {}: {}", self.match_id, self.version, self.detail)
    }
}

/// What checking one match found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    /// Commits read.
    pub commits: u64,
    pub broken: Option<Break>,
}

/// What one pass over the whole log found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Pass {
    pub matches: u64,
    pub commits: u64,
    pub breaks: Vec<Break>,
    /// The last sealed match this pass read: the next pass starts after it.
    pub sealed_last: String,
}

/// Check one match's whole log under `own`, this orchestrator's key (see the module doc), and
/// its index `entry` when the index has one: the log must hold at least the commits the index
/// projected from it, and say what the entry says ([`crate::index::disagreement`]). A match the
/// index knows must be found, in the hot log or its archive. Stored bytes that fail their own
/// check ([`LogError::Corrupt`], a damaged archive) are a break like any other; only an
/// unreachable store is an error (the next pass tries again).
pub async fn check_match(log: &dyn EventLog, match_id: &str, entry: Option<&Entry>, own: &OrchestratorKey) -> Result<Checked, LogError> {
    let lost = |detail: String| Checked { commits: 0, broken: Some(Break { match_id: match_id.to_string(), version: 1, detail }) };
    let commits = match log.read(match_id, 1).await {
        Ok(commits) => commits,
        Err(LogError::Corrupt(detail)) => return Ok(lost(detail)),
        Err(e) => return Err(e),
    };
    let Some(entry) = entry else {
        return check_commits(log, match_id, &commits, own).await;
    };
    if commits.is_empty() {
        return Ok(lost(if entry.archived_at_ms != 0 {
            format!("the index marks it archived with {} commits, but neither the hot log nor its archive holds it", entry.version)
        } else {
            format!(
                "the index knows {} commits of it, not archived, but the hot log holds none: the stream that held it left the hot \
                 log before it was sealed",
                entry.version
            )
        }));
    }
    let checked = check_commits(log, match_id, &commits, own).await?;
    if checked.broken.is_some() {
        return Ok(checked);
    }
    if checked.commits < entry.version {
        let detail = format!("the log holds {} commits but the index projected {} from it: its later commits were removed", checked.commits, entry.version);
        return Ok(Checked { broken: Some(Break { match_id: match_id.to_string(), version: checked.commits + 1, detail }), ..checked });
    }
    match crate::index::disagreement(entry, &commits) {
        Some(why) => {
            let detail = format!("its index entry disagrees with its log: {why}");
            Ok(Checked { broken: Some(Break { match_id: match_id.to_string(), version: entry.version, detail }), ..checked })
        }
        None => Ok(checked),
    }
}

/// Check the sealed archive of `match_id` on its own (`arbiter verify-log` reads every archive
/// of the bucket, not only those the hot log lacks): it must be there, verify under `own`
/// (`archive::open`) and hold the same commits as the hot log, when the hot log still holds the
/// match. `hot` is the hot log alone. A break, or `None`.
pub async fn check_archive(hot: &dyn EventLog, archive: &dyn Archive, match_id: &str, own: &OrchestratorKey) -> Result<Option<Break>, LogError> {
    let broken = |version: u64, detail: String| Ok(Some(Break { match_id: match_id.to_string(), version, detail }));
    let blob = match archive.get(match_id).await {
        Ok(Some(blob)) => blob,
        Ok(None) => return broken(1, format!("its archive is listed in {} but cannot be read", eventlog::ARCHIVE_BUCKET)),
        Err(LogError::Corrupt(detail)) => return broken(1, detail),
        Err(e) => return Err(e),
    };
    let sealed = match crate::archive::open(match_id, &blob, own) {
        Ok((_, sealed)) => sealed,
        Err(LogError::Corrupt(detail)) => return broken(1, detail),
        Err(e) => return Err(e),
    };
    let hot = hot.read(match_id, 1).await?;
    if hot.is_empty() {
        return Ok(None);
    }
    if let Some((differs, _)) = hot.iter().zip(&sealed).find(|(h, s)| h != s) {
        return broken(differs.version, format!("its archive holds another commit at version {} than the hot log", differs.version));
    }
    if hot.len() != sealed.len() {
        return broken(hot.len().min(sealed.len()) as u64 + 1, format!("its archive holds {} commits, the hot log {}", sealed.len(), hot.len()));
    }
    Ok(None)
}

/// The checks of [`check_match`] on commits already read.
async fn check_commits(log: &dyn EventLog, match_id: &str, commits: &[eventlog::StoredCommit], own: &OrchestratorKey) -> Result<Checked, LogError> {
    let count = commits.len() as u64;
    let broken = |version: u64, detail: String| Checked { commits: count, broken: Some(Break { match_id: match_id.to_string(), version, detail }) };
    let mut decoded = Vec::with_capacity(commits.len());
    for stored in commits {
        match Commit::decode(stored.payload.as_ref()) {
            Ok(c) => decoded.push(c),
            Err(e) => return Ok(broken(stored.version, format!("the commit does not decode: {e}"))),
        }
    }
    if let Some(first) = decoded.first() {
        match first.input.as_ref().and_then(|i| i.input.as_ref()) {
            Some(commit_input::Input::Created(c)) if c.orchestrator_public_key == own.to_bytes() => {}
            Some(commit_input::Input::Created(c)) => {
                return Ok(broken(
                    1,
                    format!(
                        "the match was created under orchestrator key {}, not this orchestrator's key {}",
                        short_hex(&c.orchestrator_public_key),
                        short_hex(&own.to_bytes())
                    ),
                ))
            }
            _ => return Ok(broken(1, "the first commit is not the match's creation".into())),
        }
    }
    let links: Vec<Link<'_>> =
        commits.iter().zip(&decoded).map(|(stored, c)| Link { stored: &stored.payload, log_format: c.log_format, prev_hash: &c.prev_hash }).collect();
    if let Err(e) = own.check_run(&links, None) {
        return Ok(broken(e.index as u64 + 1, format!("the commit: {}", e.error)));
    }
    for (stored, c) in commits.iter().zip(&decoded) {
        if c.version != stored.version || c.match_id != match_id {
            return Ok(broken(stored.version, format!("the commit says it is version {} of match {}", c.version, c.match_id)));
        }
    }
    // The snapshot is a record signed by this orchestrator of what the log held: a log that no
    // longer holds it was trimmed or rewritten, even if what is left is a valid chain.
    if let Some(snap) = log.get_snapshot(match_id).await? {
        if let Ok(rec) = snapshot::decode(match_id, &snap.state, &own.to_bytes(), snap.version, snap.sequence) {
            if let Some(head) = rec.last_hash {
                if let Err(OrchestratorError::Tampered { version, detail, .. }) = verify::check_prefix(match_id, commits, rec.version, &head, own) {
                    return Ok(broken(version, detail));
                }
            }
        }
    }
    Ok(Checked { commits: count, broken: None })
}

/// One pass over every match of the log, then over the matches of `index` (its entries) the
/// log did not list: every one not archived (its commits can only be in the hot log), and the
/// `sealed` slice of the archived ones. Every match the index has an entry of is checked against
/// it too. At most `commits_per_second` (0: no limit), calling `progress` after each match. A
/// match that cannot be read now is skipped with a warning (the next pass tries again); only
/// what was read and found bad, or found nowhere, is a break.
pub async fn pass(
    log: &dyn EventLog,
    own: &OrchestratorKey,
    index: &[Entry],
    sealed: &SealedSlice,
    commits_per_second: u32,
    mut progress: impl FnMut(&Pass, &Checked),
) -> Result<Pass, LogError> {
    let started = Instant::now();
    let mut done = Pass::default();
    let by_id: BTreeMap<&str, &Entry> = index.iter().map(|e| (e.match_id.as_str(), e)).collect();
    let hot: Vec<String> = log.last_commits().await?.into_iter().map(|(match_id, _, _)| match_id).collect();
    let listed: BTreeSet<&str> = hot.iter().map(String::as_str).collect();
    let (unsealed, archived): (Vec<&Entry>, Vec<&Entry>) =
        by_id.values().copied().filter(|e| !listed.contains(e.match_id.as_str())).partition(|e| e.archived_at_ms == 0);
    let slice = slice_of(&archived, sealed);
    done.sealed_last = slice.last().map(|e| e.match_id.clone()).unwrap_or_else(|| sealed.after.clone());
    let hot_checks = hot.iter().map(|id| (id.as_str(), by_id.get(id.as_str()).copied()));
    let sealed_checks = unsealed.into_iter().chain(slice).map(|e| (e.match_id.as_str(), Some(e)));
    for (match_id, entry) in hot_checks.chain(sealed_checks) {
        let checked = match check_match(log, match_id, entry, own).await {
            Ok(c) => c,
            Err(e) => {
                tracing::warn!(match_id, error = %e, "scrub: cannot read the match now; the next pass checks it");
                continue;
            }
        };
        done.matches += 1;
        done.commits += checked.commits;
        if let Some(b) = &checked.broken {
            done.breaks.push(b.clone());
        }
        progress(&done, &checked);
        if commits_per_second > 0 {
            // Keep the pass's average pace: sleep until the time its commits are worth.
            let due = Duration::from_secs_f64(done.commits as f64 / f64::from(commits_per_second));
            if let Some(wait) = due.checked_sub(started.elapsed()) {
                tokio::time::sleep(wait).await;
            }
        }
    }
    Ok(done)
}

/// The sealed matches a pass reads: at most `slice.max` of `archived` (in match id order, as
/// `BTreeMap` values come), starting after `slice.after` and wrapping to the start.
fn slice_of<'a>(archived: &[&'a Entry], slice: &SealedSlice) -> Vec<&'a Entry> {
    let start = archived.partition_point(|k| k.match_id.as_str() <= slice.after.as_str());
    archived[start..].iter().chain(&archived[..start]).take(slice.max).copied().collect()
}

/// Scrub the log forever: a pass every `every` (from the start of one to the start of the
/// next, or right after a pass that took longer), reporting each break as the module doc says.
pub async fn run(log: Arc<dyn EventLog>, index: Arc<MatchIndex>, own: OrchestratorKey, settings: Settings, health: tonic_health::server::HealthReporter) {
    health.set_service_status(HEALTH_SERVICE, tonic_health::ServingStatus::Serving).await;
    // The walk of sealed matches needs the whole index, not a part of it.
    while index.wait_ready().await.is_err() {}
    let mut sealed = SealedSlice { after: String::new(), max: settings.sealed_per_pass };
    loop {
        let started = Instant::now();
        let entries = index.entries();
        let result = pass(log.as_ref(), &own, &entries, &sealed, settings.commits_per_second, |_, checked| {
            telemetry::metrics::SCRUB_COMMITS.add(&[], checked.commits as f64);
            if let Some(b) = &checked.broken {
                tracing::error!(match_id = %b.match_id, version = b.version, detail = %b.detail, "scrub: the match log fails its integrity check");
            }
        })
        .await;
        match result {
            Ok(done) => {
                sealed.after.clone_from(&done.sealed_last);
                telemetry::metrics::SCRUB_PASSES.inc(&[]);
                telemetry::metrics::SCRUB_BROKEN.set(&[], done.breaks.len() as f64);
                let status = if done.breaks.is_empty() { tonic_health::ServingStatus::Serving } else { tonic_health::ServingStatus::NotServing };
                health.set_service_status(HEALTH_SERVICE, status).await;
                tracing::info!(
                    matches = done.matches,
                    commits = done.commits,
                    broken = done.breaks.len(),
                    seconds = started.elapsed().as_secs_f64(),
                    "scrub: pass over the match log done"
                );
            }
            Err(e) => tracing::warn!(error = %e, "scrub: cannot list the matches of the log; trying again next period"),
        }
        tokio::time::sleep(settings.every.saturating_sub(started.elapsed())).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use api::match_v1 as m;
    use bytes::Bytes;

    fn signer() -> fairness::Signer {
        fairness::Signer::from_seed(&[3; 32])
    }

    /// Append a signed chain of `n` commits of `match_id` to `log`.
    async fn append(log: &eventlog_dev::MemoryLog, signer: &fairness::Signer, match_id: &str, n: u64, corrupt: Option<u64>) {
        let mut seq = None;
        for c in crate::verify::tests::chain_of(signer, match_id, n) {
            let mut stored = c.payload.to_vec();
            if corrupt == Some(c.version) {
                if let Some(b) = stored.last_mut() {
                    *b ^= 1;
                }
            }
            seq = Some(log.append(match_id, seq, &format!("{match_id}/{}", c.version), Bytes::from(stored)).await.unwrap());
        }
    }

    #[tokio::test]
    async fn a_pass_checks_every_match_and_names_the_changed_commit() {
        let log = eventlog_dev::MemoryLog::new();
        let s = signer();
        append(&log, &s, "good", 5, None).await;
        append(&log, &s, "bad", 7, Some(4)).await;
        let done = pass(&log, &s.orchestrator_key(), &[], &SealedSlice::default(), 0, |_, _| {}).await.unwrap();
        assert_eq!((done.matches, done.commits), (2, 12));
        assert_eq!(done.breaks.len(), 1, "{:?}", done.breaks);
        assert_eq!((done.breaks[0].match_id.as_str(), done.breaks[0].version), ("bad", 4));
    }

    #[tokio::test]
    async fn a_match_of_another_orchestrator_key_is_a_break_at_version_1() {
        let log = eventlog_dev::MemoryLog::new();
        append(&log, &fairness::Signer::from_seed(&[8; 32]), "other", 3, None).await;
        let checked = check_match(&log, "other", None, &signer().orchestrator_key()).await.unwrap();
        let b = checked.broken.unwrap();
        assert_eq!(b.version, 1);
        assert!(b.detail.contains("created under orchestrator key"), "{b}");
    }

    /// An index entry of a match no log holds.
    fn known(match_id: &str, version: u64, archived: bool) -> Entry {
        Entry { version, archived_at_ms: if archived { 1 } else { 0 }, ..projected_entry(match_id, &crate::verify::tests::log(&signer(), 1)) }
    }

    /// The entry the projector writes for `commits`.
    fn projected_entry(match_id: &str, commits: &[eventlog::StoredCommit]) -> Entry {
        crate::index::check::projected(match_id, commits).expect("an entry")
    }

    const ALL: SealedSlice = SealedSlice { after: String::new(), max: usize::MAX };

    #[test]
    fn each_pass_reads_the_next_slice_of_sealed_matches_and_wraps() {
        let index: Vec<Entry> = ["a", "b", "c", "d", "e"].iter().map(|id| known(id, 1, true)).collect();
        let refs: Vec<&Entry> = index.iter().collect();
        let ids = |after: &str| slice_of(&refs, &SealedSlice { after: after.into(), max: 2 }).iter().map(|k| k.match_id.as_str()).collect::<Vec<_>>();
        assert_eq!(ids(""), ["a", "b"]);
        assert_eq!(ids("b"), ["c", "d"]);
        assert_eq!(ids("d"), ["e", "a"], "then from the start again");
        assert_eq!(ids("bb"), ["c", "d"], "after a match no longer in the index");
        assert!(slice_of(&refs, &SealedSlice { after: String::new(), max: 0 }).is_empty());
    }

    #[tokio::test]
    async fn a_sealed_match_is_checked_from_its_archive_and_one_found_nowhere_is_a_break() {
        let s = crate::verify::tests::signer();
        let hot = Arc::new(eventlog_dev::MemoryLog::new());
        let archive = Arc::new(eventlog::MemoryArchive::new());
        let log = crate::archive::ArchivingLog::new(hot.clone(), archive.clone(), s.orchestrator_key());
        let commits = crate::verify::tests::log(&s, 4);
        eventlog::Archive::put(archive.as_ref(), "m", crate::archive::seal("m", &commits, 0, &s).unwrap()).await.unwrap();
        let sealed = Entry { archived_at_ms: 1, ..projected_entry("m", &commits) };
        let index = [sealed, known("gone", 6, true), known("unsealed", 2, false)];
        let done = pass(&log, &s.orchestrator_key(), &index, &ALL, 0, |_, _| {}).await.unwrap();
        assert_eq!((done.matches, done.commits), (3, 4), "the sealed match read whole from its archive");
        let broken: Vec<(&str, u64)> = done.breaks.iter().map(|b| (b.match_id.as_str(), b.version)).collect();
        assert_eq!(broken, [("unsealed", 1), ("gone", 1)], "the matches not sealed first, then the slice of sealed ones");
        assert!(done.breaks[0].detail.contains("left the hot log before it was sealed"), "{}", done.breaks[0]);
        assert!(done.breaks[1].detail.contains("marks it archived with 6 commits"), "{}", done.breaks[1]);
        // With no sealed match in the pass's slice, only the one not sealed is checked.
        let none = SealedSlice { after: String::new(), max: 0 };
        let done = pass(&log, &s.orchestrator_key(), &index, &none, 0, |_, _| {}).await.unwrap();
        assert_eq!((done.matches, done.breaks.len()), (1, 1), "{:?}", done.breaks);
        // An archive that no longer verifies is a break too, not a match skipped for now.
        eventlog::Archive::put(archive.as_ref(), "m", Bytes::from_static(b"junk")).await.unwrap();
        let done = pass(&log, &s.orchestrator_key(), &index[..1], &ALL, 0, |_, _| {}).await.unwrap();
        assert_eq!(done.breaks.len(), 1, "{:?}", done.breaks);
        assert!(done.breaks[0].detail.contains("manifest"), "{}", done.breaks[0]);
    }

    #[tokio::test]
    async fn a_log_shorter_than_the_index_projected_is_a_break_after_its_last_commit() {
        let log = eventlog_dev::MemoryLog::new();
        let s = signer();
        append(&log, &s, "short", 3, None).await;
        append(&log, &s, "whole", 3, None).await;
        // Behind the log (a projector's lag) is no break: the entry is checked at its version.
        let whole = projected_entry("whole", &log.read("whole", 1).await.unwrap()[..2]);
        let index = [known("short", 5, false), whole];
        let done = pass(&log, &s.orchestrator_key(), &index, &ALL, 0, |_, _| {}).await.unwrap();
        assert_eq!(done.breaks.len(), 1, "{:?}", done.breaks);
        assert_eq!((done.breaks[0].match_id.as_str(), done.breaks[0].version), ("short", 4));
        assert!(done.breaks[0].detail.contains("holds 3 commits but the index projected 5"), "{}", done.breaks[0]);
    }

    #[tokio::test]
    async fn an_index_entry_that_disagrees_with_its_log_is_a_break_naming_what_differs() {
        let log = eventlog_dev::MemoryLog::new();
        let s = signer();
        append(&log, &s, "m", 3, None).await;
        let commits = log.read("m", 1).await.unwrap();
        let right = projected_entry("m", &commits);
        assert!(check_match(&log, "m", Some(&right), &s.orchestrator_key()).await.unwrap().broken.is_none());
        let ended = Entry { status: m::MatchStatus::Ended as i32, result: "seat 0 won (forged)".into(), ..right.clone() };
        let b = check_match(&log, "m", Some(&ended), &s.orchestrator_key()).await.unwrap().broken.expect("a break");
        assert_eq!((b.match_id.as_str(), b.version), ("m", 3));
        assert!(b.detail.contains("index entry disagrees") && b.detail.contains("MATCH_STATUS_ENDED"), "{b}");
        let moved = Entry { sequence: right.sequence + 1, ..right.clone() };
        let b = check_match(&log, "m", Some(&moved), &s.orchestrator_key()).await.unwrap().broken.expect("a break");
        assert!(b.detail.contains("stream sequence of version 3"), "{b}");
    }

    #[tokio::test]
    async fn an_archive_is_checked_on_its_own_against_the_hot_log() {
        let s = crate::verify::tests::signer();
        let hot = eventlog_dev::MemoryLog::new();
        let archive = eventlog::MemoryArchive::new();
        let commits = crate::verify::tests::log(&s, 3);
        eventlog::Archive::put(&archive, "m", crate::archive::seal("m", &commits, 0, &s).unwrap()).await.unwrap();
        assert_eq!(check_archive(&hot, &archive, "m", &s.orchestrator_key()).await.unwrap(), None, "sealed, its stream gone");
        let mut blob = crate::archive::seal("m", &commits, 0, &s).unwrap().to_vec();
        let last = blob.len() - 5;
        blob[last] ^= 1;
        eventlog::Archive::put(&archive, "m", Bytes::from(blob)).await.unwrap();
        let b = check_archive(&hot, &archive, "m", &s.orchestrator_key()).await.unwrap().expect("a break");
        assert!(b.detail.contains("the archive of match m is refused"), "{b}");
    }

    #[tokio::test]
    async fn the_pace_bounds_how_fast_a_pass_reads() {
        let log = eventlog_dev::MemoryLog::new();
        let s = signer();
        append(&log, &s, "a", 10, None).await;
        append(&log, &s, "b", 10, None).await;
        let started = Instant::now();
        // 20 commits at 100 per second: at least 0.2 s, whatever the machine.
        pass(&log, &s.orchestrator_key(), &[], &SealedSlice::default(), 100, |_, _| {}).await.unwrap();
        assert!(started.elapsed() >= Duration::from_millis(190), "{:?}", started.elapsed());
    }
}
