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
    // A commit seen here first (revision 0) raises the entry, not what is stored.
    assert!(view.apply(entry("a", "t", 4), 0));
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
