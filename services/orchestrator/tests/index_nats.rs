//! The match index (`orchestrator::index`) against a real nats-server: listing pages and
//! filters from the index, repair by replay after the projector was stopped, entries that never
//! go back in version, a new match pushed to a watcher within a second, and two orchestrators
//! that agree.

mod support;

use std::sync::Arc;
use std::time::{Duration, Instant};

use api::match_v1 as m;
use bytes::Bytes;
use eventlog::{EventLog, JetStreamLog};
use eventlog_dev::server::NatsServer;
use orchestrator::index::MatchIndex;
use support::{connect, signer, Writer};

const PATIENCE: Duration = Duration::from_secs(15);

fn started(log: Arc<JetStreamLog>) -> (Arc<MatchIndex>, orchestrator::index::Tasks) {
    let index = Arc::new(MatchIndex::new(log, signer().public_key()));
    let tasks = index.start();
    (index, tasks)
}

/// Every match `req` lists, page by page, and the page sizes.
async fn list_all(index: &MatchIndex, mut req: m::ListMatchesRequest) -> (Vec<m::MatchSummary>, Vec<usize>) {
    let (mut all, mut sizes) = (Vec::new(), Vec::new());
    loop {
        let page = index.list(&req).await.expect("list");
        sizes.push(page.matches.len());
        all.extend(page.matches);
        if page.next_page_token.is_empty() {
            return (all, sizes);
        }
        req.page_token = page.next_page_token;
    }
}

/// Wait until `req` lists exactly `ids` with the versions given.
async fn until_listed(index: &MatchIndex, req: m::ListMatchesRequest, want: &[(&str, u64)]) {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let (all, _) = list_all(index, req.clone()).await;
        let got: Vec<(String, u64)> = all.iter().map(|s| (s.match_id.clone(), s.version)).collect();
        let want: Vec<(String, u64)> = want.iter().map(|(id, v)| (id.to_string(), *v)).collect();
        if got == want {
            return;
        }
        assert!(Instant::now() < deadline, "listed {got:?}, wanted {want:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Wait until the saved position is at least `at_least`; its revision.
async fn until_position(log: &JetStreamLog, at_least: u64) -> u64 {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let saved = log.index_get(eventlog::INDEX_POSITION_KEY).await.expect("get");
        if let Some((revision, value)) = &saved {
            if std::str::from_utf8(value).expect("text").parse::<u64>().expect("number") >= at_least {
                return *revision;
            }
        }
        assert!(Instant::now() < deadline, "the position never reached {at_least}: {saved:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn all() -> m::ListMatchesRequest {
    m::ListMatchesRequest::default()
}

/// match.proto promises checked (docs/api.md, "The proto's promises and their tests"): `ListMatches`.
#[tokio::test]
async fn listing_pages_and_filters_are_read_from_the_index() {
    let server = NatsServer::start_temp().await.expect("start");
    let log = connect(&server).await;
    let (index, _tasks) = started(log.clone());
    let mut w = Writer::new(log.clone());
    for (id, ruleset, tournament, round) in [
        ("a1", "mainframe", "spring", 1),
        ("a2", "netrunner", "spring", 1),
        ("a3", "mainframe", "spring", 2),
        ("b1", "mainframe", "autumn", 1),
        ("b2", "netrunner", "autumn", 1),
        ("c1", "mainframe", "", 0),
        ("c2", "netrunner", "", 0),
    ] {
        w.create(id, ruleset, tournament, round, 1).await;
    }
    w.join("a2", 0).await;
    w.join("a2", 1).await;
    until_listed(&index, all(), &[("a1", 1), ("a2", 3), ("a3", 1), ("b1", 1), ("b2", 1), ("c1", 1), ("c2", 1)]).await;

    let (paged, sizes) = list_all(&index, m::ListMatchesRequest { page_size: 3, ..all() }).await;
    assert_eq!(sizes, [3, 3, 1]);
    assert_eq!(paged.iter().map(|s| s.match_id.as_str()).collect::<Vec<_>>(), ["a1", "a2", "a3", "b1", "b2", "c1", "c2"]);
    let ids = |v: Vec<m::MatchSummary>| v.into_iter().map(|s| s.match_id).collect::<Vec<_>>();
    let spring = m::ListMatchesRequest { tournament_id: "spring".into(), page_size: 2, ..all() };
    let (listed, sizes) = list_all(&index, spring.clone()).await;
    assert_eq!((ids(listed), sizes), (vec!["a1".to_string(), "a2".into(), "a3".into()], vec![2, 1]));
    let (listed, _) = list_all(&index, m::ListMatchesRequest { round: 1, ..spring.clone() }).await;
    assert_eq!(ids(listed), ["a1", "a2"]);
    let (listed, _) = list_all(&index, m::ListMatchesRequest { ruleset: "netrunner".into(), page_size: 1, ..all() }).await;
    assert_eq!(ids(listed), ["a2", "b2", "c2"]);
    let in_progress = m::ListMatchesRequest { status: m::MatchStatus::InProgress as i32, ..all() };
    let (listed, _) = list_all(&index, in_progress).await;
    assert_eq!(ids(listed), ["a2"]);
    let waiting = m::ListMatchesRequest { status: m::MatchStatus::WaitingForSeats as i32, tournament_id: "autumn".into(), ..all() };
    let (listed, _) = list_all(&index, waiting).await;
    assert_eq!(ids(listed), ["b1", "b2"]);
    // The metadata is the creation's.
    let a3 = index.entry("a3").expect("a3");
    assert_eq!((a3.ruleset.as_str(), a3.tournament_id.as_str(), a3.round, a3.table), ("mainframe", "spring", 2, 1));
    // A token of other filters is refused, as before.
    let first = index.list(&m::ListMatchesRequest { page_size: 1, ..spring.clone() }).await.expect("page");
    let other = m::ListMatchesRequest { page_token: first.next_page_token, page_size: 1, ..all() };
    assert!(index.list(&other).await.is_err());
}

#[tokio::test]
async fn a_match_created_while_the_projector_is_stopped_appears_after_it_restarts() {
    let server = NatsServer::start_temp().await.expect("start");
    let log = connect(&server).await;
    let mut w = Writer::new(log.clone());
    let (index, tasks) = started(log.clone());
    w.create("r1", "mainframe", "t", 1, 1).await;
    until_listed(&index, all(), &[("r1", 1)]).await;
    // The position is saved once the log is idle.
    until_position(&log, 1).await;
    drop(tasks);
    drop(index);
    // Committed while no projector runs (as if it crashed after these commits).
    w.create("r2", "mainframe", "t", 1, 2).await;
    w.join("r1", 0).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(log.index_get("r2").await.expect("get").is_none(), "no projector wrote r2");
    let (_, version_r1) = log.index_get("r1").await.expect("get").expect("r1");
    let r1: orchestrator::index::Entry = serde_json::from_slice(&version_r1).expect("entry");
    assert_eq!(r1.version, 1);
    // A restarted orchestrator repairs the index by replaying from the saved position.
    let (index, _tasks) = started(log.clone());
    until_listed(&index, all(), &[("r1", 2), ("r2", 1)]).await;
    let stored: orchestrator::index::Entry = serde_json::from_slice(&log.index_get("r2").await.expect("get").expect("r2").1).expect("entry");
    assert_eq!((stored.version, stored.table), (1, 2));
}

#[tokio::test]
async fn an_entry_never_goes_back_in_version_even_when_the_log_is_projected_again() {
    let server = NatsServer::start_temp().await.expect("start");
    let log = connect(&server).await;
    let mut w = Writer::new(log.clone());
    let (index, tasks) = started(log.clone());
    w.create("v1", "mainframe", "t", 1, 1).await;
    w.join("v1", 0).await;
    w.join("v1", 1).await;
    until_listed(&index, all(), &[("v1", 3)]).await;
    let deadline = Instant::now() + PATIENCE;
    let (revision, stored) = loop {
        let (revision, value) = log.index_get("v1").await.expect("get").expect("v1");
        let entry: orchestrator::index::Entry = serde_json::from_slice(&value).expect("entry");
        if entry.version == 3 {
            break (revision, entry);
        }
        assert!(Instant::now() < deadline, "v1 not stored at version 3");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let position_revision = until_position(&log, 3).await;
    drop(tasks);
    drop(index);
    // Rewind the saved position to the start: a new projector sees versions 1 to 3 again.
    log.index_put(eventlog::INDEX_POSITION_KEY, Bytes::from_static(b"0"), position_revision).await.expect("rewind");
    let (index, _tasks) = started(log.clone());
    until_listed(&index, all(), &[("v1", 3)]).await;
    // Once the replay is through (the position is saved again), the entry was never rewritten.
    until_position(&log, 3).await;
    let (revision_after, value) = log.index_get("v1").await.expect("get").expect("v1");
    let after: orchestrator::index::Entry = serde_json::from_slice(&value).expect("entry");
    assert_eq!((revision_after, after), (revision, stored), "no older version was written over version 3");
}

/// match.proto promises checked (docs/api.md, "The proto's promises and their tests"): `WatchMatches`.
#[tokio::test]
async fn a_watcher_of_a_tournament_sees_its_new_match_within_a_second() {
    let server = NatsServer::start_temp().await.expect("start");
    let log = connect(&server).await;
    let (index, _tasks) = started(log.clone());
    // The watcher is on another orchestrator than the one that writes.
    let other = connect(&server).await;
    let (watching, _watching_tasks) = started(other);
    let filter = m::ListMatchesRequest { tournament_id: "cup".into(), ..all() };
    let (now, mut changes) = watching.matching(&filter).await.expect("matching");
    assert!(now.is_empty());
    let mut w = Writer::new(log.clone());
    w.create("elsewhere", "mainframe", "other-cup", 1, 1).await;
    let created = Instant::now();
    w.create("w1", "mainframe", "cup", 1, 1).await;
    let seen = tokio::time::timeout(Duration::from_secs(1), async {
        loop {
            let entry = changes.recv().await.expect("a change");
            let summary = orchestrator::index::summary_of(&entry);
            if orchestrator::index::passes(&filter, &summary) {
                return summary.match_id;
            }
        }
    })
    .await;
    assert_eq!(seen.as_deref().ok(), Some("w1"), "not seen within 1 s");
    eprintln!("a new match reached another orchestrator's watcher in {:?}", created.elapsed());
    drop(index);
}

#[tokio::test]
async fn two_orchestrators_projecting_side_by_side_agree() {
    let server = NatsServer::start_temp().await.expect("start");
    let (a_log, b_log) = (connect(&server).await, connect(&server).await);
    let (a, _a_tasks) = started(a_log.clone());
    let (b, _b_tasks) = started(b_log.clone());
    let mut wa = Writer::new(a_log.clone());
    let mut wb = Writer::new(b_log.clone());
    let mut want = Vec::new();
    for i in 0..12 {
        let id = format!("x{i:02}");
        // Half the matches are written through each orchestrator's connection.
        let w = if i % 2 == 0 { &mut wa } else { &mut wb };
        w.create(&id, "mainframe", "cup", 1, i).await;
        for seat in 0..(i % 3) {
            w.join(&id, seat).await;
        }
        want.push((id, 1 + (i % 3) as u64));
    }
    let want: Vec<(&str, u64)> = want.iter().map(|(id, v)| (id.as_str(), *v)).collect();
    until_listed(&a, all(), &want).await;
    until_listed(&b, all(), &want).await;
    let (listed_a, _) = list_all(&a, all()).await;
    let (listed_b, _) = list_all(&b, all()).await;
    assert_eq!(listed_a, listed_b);
    // The bucket holds the same, each entry at its last version.
    let deadline = Instant::now() + PATIENCE;
    for (id, version) in &want {
        loop {
            let (_, value) = a_log.index_get(id).await.expect("get").expect("stored");
            let entry: orchestrator::index::Entry = serde_json::from_slice(&value).expect("entry");
            if entry.version == *version {
                break;
            }
            assert!(entry.version < *version, "{id} stored beyond its version");
            assert!(Instant::now() < deadline, "{id} not stored at {version}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}
