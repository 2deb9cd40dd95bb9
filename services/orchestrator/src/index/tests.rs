use super::*;

fn entry(id: &str, tournament: &str, version: u64) -> Entry {
    Entry {
        match_id: id.into(),
        ruleset: "mainframe".into(),
        tournament_id: tournament.into(),
        round: 1,
        table: 1,
        labels: BTreeMap::new(),
        seat_names: vec![String::new(); 2],
        status: if version >= 3 { m::MatchStatus::InProgress as i32 } else { m::MatchStatus::WaitingForSeats as i32 },
        result: String::new(),
        timed: false,
        version,
        sequence: version,
        ended_at_ms: 0,
        archived_at_ms: 0,
    }
}

#[test]
fn the_copy_never_takes_an_older_entry_and_keeps_its_filters_in_step() {
    let mut view = View::default();
    assert!(view.apply(entry("a", "t", 3), 7));
    // An older version (a replay, a slow watch) changes nothing but what is known stored.
    assert!(!view.apply(entry("a", "t", 2), 9));
    let known = view.by_id.get("a").cloned().expect("a");
    assert_eq!((known.entry.version, known.revision, known.stored_version), (3, 9, 3));
    // A commit seen here first (revision 0) raises the entry, not what is stored; it changed
    // nothing listed but the version, so watchers are not told.
    assert!(!view.apply(entry("a", "t", 4), 0));
    let known = view.by_id.get("a").cloned().expect("a");
    assert_eq!((known.entry.version, known.revision, known.stored_version), (4, 9, 3));
    assert_eq!(view.by_status.len(), 1, "the old status left its set");
    view.apply(entry("b", "u", 1), 10);
    let req = m::ListMatchesRequest { tournament_id: "u".into(), ..Default::default() };
    assert_eq!(view.page(&req, None, 10).iter().map(|e| e.match_id.as_str()).collect::<Vec<_>>(), ["b"]);
    let waiting = m::ListMatchesRequest { status: m::MatchStatus::WaitingForSeats as i32, ..Default::default() };
    assert_eq!(view.page(&waiting, None, 10).len(), 1);
    assert_eq!(view.page(&Default::default(), Some("a"), 10).len(), 1, "after a token");
    view.forget("b");
    assert!(view.page(&req, None, 10).is_empty());
}

#[test]
fn page_tokens_round_trip_and_are_refused_with_other_filters_or_when_forged() {
    let a = m::ListMatchesRequest { tournament_id: "t1".into(), round: 2, ..Default::default() };
    let b = m::ListMatchesRequest { tournament_id: "t1".into(), round: 3, ..Default::default() };
    let token = encode_token("abc123", &filter_digest(&a));
    assert_eq!(decode_token(&token, &filter_digest(&a)).expect("round trip"), "abc123");
    assert!(decode_token(&token, &filter_digest(&b)).is_err());
    for forged in ["zz", "", "6c6d313a", &hex::encode("lm1:x:..")] {
        assert!(decode_token(forged, &filter_digest(&a)).is_err(), "{forged}");
    }
}

fn commit(version: u64, ended: Option<Vec<u32>>) -> Commit {
    use api::rules_v1::{awaiting::What, Awaiting, Outcome};
    let what = match ended {
        Some(winners) => What::Ended(Outcome { winners, reason: "points".into() }),
        None => What::Decision(m::Decision::default()),
    };
    Commit { match_id: "a".into(), version, awaiting: Some(Awaiting { what: Some(what) }), written_at_ms: 5, ..Default::default() }
}

#[test]
fn an_entry_is_written_when_a_join_the_start_the_end_or_the_archiving_changes_what_it_lists() {
    // A two-seat match: created at version 1, joined at 2 and 3 (it starts), moves, then its end
    // at 9 and the reveal at 10.
    let mut stored = entry("a", "t", 1);
    let mut writes = Vec::new();
    for version in 2..=10 {
        let c = commit(version, (version >= 9).then(|| vec![1]));
        if Listed::after(&stored, &c) != Listed::of(&stored) {
            writes.push(version);
            let created = Created::from_entry(&stored);
            stored = entry_of("a", &created, &c, version, Some(&stored));
        }
    }
    assert_eq!(writes, [2, 3, 9], "each join, the start (the last join) and the end; no move, no reveal");
    assert_eq!((stored.status, stored.result.as_str(), stored.ended_at_ms), (m::MatchStatus::Ended as i32, " won (points)", 5));
    // Archived: a change the archiver writes; a later commit no longer differs from it.
    let archived = Entry { archived_at_ms: 7, ..stored.clone() };
    assert_ne!(Listed::of(&archived), Listed::of(&stored));
    assert_eq!(Listed::after(&archived, &commit(11, Some(vec![1]))), Listed::of(&archived));
}

#[test]
fn an_entry_written_from_a_copy_ahead_of_the_commit_says_the_match_ended_only_once_it_did() {
    // The copy already holds the end (this orchestrator appended it); the projector is still at
    // an earlier move: that move's entry has not ended.
    let ended = entry_of("a", &Created::from_entry(&entry("a", "t", 3)), &commit(9, Some(vec![0])), 9, None);
    assert_ne!(ended.ended_at_ms, 0);
    let earlier = entry_of("a", &Created::from_entry(&ended), &commit(5, None), 5, Some(&ended));
    assert_eq!((earlier.status, earlier.ended_at_ms), (m::MatchStatus::InProgress as i32, 0));
}
