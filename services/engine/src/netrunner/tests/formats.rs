//! Formats and snapshots (docs/netrunner.md "Formats"): NR-10 checked against a snapshot's pool
//! and ban list, the match options `format` and `snapshot` that choose them, the cards printed
//! under two codes, and Standard's legality apart from which cards have behaviour here.

use crate::core::*;
use crate::netrunner::cards as c;
use crate::netrunner::data::{self, CardType, Deck, Format, Side, Snapshot};
use crate::netrunner::decklist_text::{self, check_legality};
use crate::netrunner::formats::parse_formats;
use crate::netrunner::random_deck::random_deck;
use crate::netrunner::Netrunner;

use super::kit::config;

const CLEAVER: &str = "30006";
const REALITY_PLUS: &str = "30051";
const PHAROS: &str = "30063";
const TRIBUTARY: &str = "34111";
const CREATIVE_COMMISSION: &str = "30020";
const TOUCH_UPS: &str = "35067";

fn snapshot(format: Format, id: &str) -> Snapshot {
    Snapshot::parse(format, id).unwrap_or_else(|e| panic!("{e}"))
}

fn standard_31() -> Snapshot {
    snapshot(Format::Standard, "standard_31")
}

fn standard_32() -> Snapshot {
    snapshot(Format::Standard, "standard_32")
}

/// The CLI's Standard fixtures (`services/cli/tests/decks/standard/`), NetrunnerDB exports.
const STANDARD_LEGAL: [(&str, &str); 7] = [
    ("hb.txt", include_str!("../../../../cli/tests/decks/standard/hb.txt")),
    ("jinteki.json", include_str!("../../../../cli/tests/decks/standard/jinteki.json")),
    ("nbn.txt", include_str!("../../../../cli/tests/decks/standard/nbn.txt")),
    ("weyland.txt", include_str!("../../../../cli/tests/decks/standard/weyland.txt")),
    ("anarch.txt", include_str!("../../../../cli/tests/decks/standard/anarch.txt")),
    ("criminal.txt", include_str!("../../../../cli/tests/decks/standard/criminal.txt")),
    ("shaper.txt", include_str!("../../../../cli/tests/decks/standard/shaper.txt")),
];
const TOUCH_UPS_NBN: &str = include_str!("../../../../cli/tests/decks/standard/touch-ups.txt");

#[test]
fn nr_10_formats_tsv_holds_the_engines_formats_and_snapshots_in_option_order() {
    let pool = data::pool().unwrap();
    let names: Vec<&str> = pool.formats.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, Format::ALL.iter().map(|f| f.name()).collect::<Vec<_>>());
    assert_eq!(names, ["system_gateway", "startup", "standard"]);
    for (i, f) in Format::ALL.iter().enumerate() {
        assert_eq!((f.option_value(), Format::from_option(i as i64)), (i as i64, Some(*f)));
        // Exactly one active snapshot, and the format stands for it.
        assert_eq!(f.snapshots().iter().filter(|s| s.is_active()).count(), 1, "{}", f.name());
        assert_eq!(Snapshot::from(*f), f.active());
    }
    assert_eq!(Format::from_option(Format::ALL.len() as i64), None);
    // System Gateway: one fixed pool, unnamed, nothing banned.
    let sg = Format::SystemGateway.active();
    assert_eq!((sg.id(), sg.name(), sg.option_value()), ("", "system_gateway", 0));
    assert_eq!((sg.data().unwrap().sets.as_slice(), sg.data().unwrap().banned.len()), (&["sg".to_string()][..], 0));
    // Startup: startup_7, its four sets and the Startup Balance Update 25.04.
    let s = Format::Startup.active().data().unwrap();
    assert_eq!((s.id.as_str(), s.number, s.date.as_deref()), ("startup_7", 7, Some("2025-04-24")));
    assert_eq!(s.sets, ["sg", "tai", "rwr", "elev"]);
    assert_eq!(s.banned, [CLEAVER, REALITY_PLUS, PHAROS, TRIBUTARY]);
    // Standard: standard_31 (active, Standard Ban List 25.08, 25 cards) and standard_32 (25.10,
    // 27 cards), both the Seventh Rotation: the Startup sets, the Ashes cycle and Borealis.
    let ids: Vec<&str> = Format::Standard.snapshots().into_iter().map(|s| s.id()).collect();
    assert_eq!(ids, ["standard_31", "standard_32"]);
    assert_eq!(Format::Standard.active(), standard_31());
    for (snap, list, banned) in [(standard_31(), "Standard Ban List 25.08", 25), (standard_32(), "Standard Ban List 25.10", 27)] {
        let d = snap.data().unwrap();
        assert_eq!(d.ban_list.as_ref().map(|(_, n)| n.as_str()), Some(list));
        assert_eq!(d.pool.as_ref().map(|(id, _)| id.as_str()), Some("rotation_2025"));
        assert_eq!(d.sets, ["sg", "tai", "rwr", "elev", "df", "ur", "urbp", "ms", "msbp", "ph"]);
        assert_eq!(d.banned.len(), banned, "{}", snap.name());
        // 561 printings, 547 distinct cards, 258 of them new to Standard.
        assert_eq!(pool.cards.iter().filter(|k| snap.in_pool(k)).count(), 561);
        assert_eq!(snap.cards().len(), 547);
    }
    assert_eq!(standard_31().cards().len() - Format::Startup.cards().len(), 258);
    // 25.10 unbans Creative Commission and bans Cybersand Harvester, Sting! and Touch-ups.
    let b31 = &standard_31().data().unwrap().banned;
    let b32 = &standard_32().data().unwrap().banned;
    let only = |a: &Vec<String>, b: &Vec<String>| a.iter().filter(|k| !b.contains(k)).cloned().collect::<Vec<_>>();
    assert_eq!(only(b31, b32), [CREATIVE_COMMISSION]);
    assert_eq!(only(b32, b31), ["26041", "34058", TOUCH_UPS]);
}

#[test]
fn nr_10_a_snapshot_is_named_by_its_id_or_number_and_an_unknown_one_is_refused_by_name() {
    assert_eq!(Snapshot::parse(Format::Standard, "32"), Ok(standard_32()));
    assert_eq!(Snapshot::from_option(Format::Standard, 31), Ok(standard_31()));
    assert_eq!(Snapshot::from_option(Format::Standard, 0), Ok(Format::Standard.active()));
    assert_eq!(Snapshot::parse(Format::Startup, "startup_7"), Ok(Format::Startup.active()));
    let e = Snapshot::parse(Format::Standard, "standard_30").unwrap_err();
    assert!(e.contains("its snapshots are standard_31 (active), standard_32"), "{e}");
    let e = Snapshot::from_option(Format::Startup, 31).unwrap_err();
    assert!(e.contains("names no snapshot of startup; its snapshots are startup_7 (active)"), "{e}");
    let e = Snapshot::from_option(Format::SystemGateway, 7).unwrap_err();
    assert!(e.contains("system_gateway has one fixed pool and no snapshots"), "{e}");
}

#[test]
fn nr_10_a_bad_formats_table_is_refused_by_name() {
    let cards = &data::pool().unwrap().cards;
    let same = |code: &str| data::canonical_code(code).to_string();
    let head = "format\tsnapshot\tkind\tvalue\tnote\n";
    let sg = "system_gateway\t-\tname\tSG\t-\nsystem_gateway\t-\tset\tsg\t-\n";
    let st = "startup\t-\tname\tS\t-\nstartup\tstartup_7\tactive\t-\t-\nstartup\tstartup_7\tset\tsg\t-\n";
    let sd = "standard\t-\tname\tS\t-\nstandard\tstandard_31\tactive\t-\t-\nstandard\tstandard_31\tset\tur\t-\nstandard\tstandard_31\tset\turbp\t-\n";
    let ok = format!("{head}{sg}{st}{sd}");
    let parse = |text: &str| parse_formats(text).and_then(|f| data::check_formats(&f, cards, &same));
    assert!(parse(&ok).is_ok());
    for (bad, why) in [
        (format!("{ok}startup\tstartup_7\tset\tnope\t-\n"), "no card table has the set"),
        (format!("{ok}startup\tstartup_7\tbanned\t99999\t-\n"), "not in any card table"),
        (format!("{ok}system_gateway\t-\tbanned\t34111\t-\n"), "not in system_gateway's pool"),
        (format!("{ok}standard\tstandard_31\tbanned\t27007\t-\n"), "ban Cayambe Grid by its code 26127, not its other printing 27007"),
        (format!("{ok}startup\tstartup_7\tcolour\tx\t-\n"), "unknown kind"),
        (
            format!("{head}{sg}startup\t-\tname\tS\t-\nstartup\tstartup_7\tset\tsg\t-\n{sd}"),
            "has 0 active snapshot(s); it needs exactly one, and every snapshot named",
        ),
        (format!("{ok}startup\tstartup_8\tactive\t-\t-\nstartup\tstartup_8\tset\tsg\t-\n"), "has 2 active snapshot(s)"),
        (format!("{ok}startup\tstartup_x\tset\tsg\t-\n"), "is called startup_<number>"),
        (format!("{ok}eternal\t-\tname\tE\t-\neternal\t-\tset\tsg\t-\n"), "the engine knows"),
        (format!("{head}{sg}startup\t-\tname\tS\t-\n"), "needs a name row and at least one snapshot"),
        (format!("{head}system_gateway\tname\tSG\t-\n"), "expected 5 columns"),
    ] {
        let e = parse(&bad).unwrap_err();
        assert!(e.contains(why), "{why:?}: {e}");
    }
}

#[test]
fn nr_10_a_reprint_is_one_card_under_two_codes() {
    let pool = data::pool().unwrap();
    assert_eq!(pool.reprints.len(), 14);
    assert_eq!(data::distinct_cards().len(), 547);
    for (code, card) in &pool.reprints {
        let (a, b) = (data::card(code).unwrap(), data::card(card).unwrap());
        assert_eq!((a.title.as_str(), a.ctype, a.cost, a.influence, a.deck_limit), (b.title.as_str(), b.ctype, b.cost, b.influence, b.deck_limit));
        assert_eq!(data::canonical_code(code), card);
        assert_eq!(data::printings(code), [card.as_str(), code.as_str()]);
    }
    // The engine knows a reprinted card by its code in the larger set.
    assert_eq!(data::canonical_code("32004"), "33036", "Hákarl 1.0");
    assert_eq!(data::canonical_code("27007"), "26127", "Cayambe Grid");
    // No card with behaviour goes by a reprint's other code (its row would never be found).
    for d in c::all() {
        assert_eq!(data::canonical_code(d.code), d.code, "{} has a row under {}, its other printing: use {}", d.name, d.code, data::canonical_code(d.code));
    }
    // Banning the card bans both codes.
    for snap in [standard_31(), standard_32()] {
        assert!(snap.is_banned("26127") && snap.is_banned("27007"), "Cayambe Grid");
    }
    let reload = data::parse_reprints("code\tcard\ttitle\n27007\t26127\tCayambe Grid\n", &pool.cards);
    assert!(reload.is_ok());
    for (bad, why) in [
        ("code\tcard\ttitle\n27007\t26126\tCayambe Grid\n", "are not the same card"),
        ("code\tcard\ttitle\n27007\t27007\tCayambe Grid\n", "are not the same card"),
        ("code\tcard\ttitle\n27007\t99999\tCayambe Grid\n", "no card table has the code 99999"),
        ("code\tcard\ttitle\n27007\t26127\tCayambe Grid\n26127\t27007\tCayambe Grid\n", "itself a printing"),
    ] {
        let e = data::parse_reprints(bad, &pool.cards).unwrap_err();
        assert!(e.contains(why), "{why:?}: {e}");
    }
}

#[test]
fn nr_10_copies_of_a_reprint_count_together_and_either_code_plays_as_the_card() {
    // Hákarl 1.0, 2 under each code: 4 copies of one card.
    let hb = check_legality(STANDARD_LEGAL[0].1, Format::Standard, None).deck.unwrap();
    let mut list: Vec<(String, u32)> = hb.decklist().into_iter().filter(|(k, _)| k != "33036").collect();
    list.extend([("33036".to_string(), 2), ("32004".to_string(), 2)]);
    let v = data::legal_deck_from_list("custom", Side::Corp, &list, Format::Standard).unwrap_err();
    assert_eq!(v, ["4 copies of Hákarl 1.0 exceed its deck limit of 3 (33036 and 32004 are the same card)"]);
    // 1 + 2 is legal, and the deck holds the card by its own code only.
    list.retain(|(k, _)| k != "32004");
    list.push(("32004".to_string(), 1));
    list.retain(|(k, n)| !(k == "33036" && *n == 2));
    list.push(("33036".to_string(), 2));
    let d = data::legal_deck_from_list("custom", Side::Corp, &list, Format::Standard).unwrap();
    assert!(d.cards.iter().all(|(k, _)| k != "32004"), "{d:?}");
    assert_eq!(d.cards.iter().filter(|(k, _)| k == "33036").map(|(_, n)| n).sum::<u32>(), 3);
}

#[test]
fn nr_10_startup_bans_cleaver_in_the_starter_runner_deck() {
    let deck = data::deck("catalyst-starter").unwrap();
    assert_eq!(data::validate_deck(deck, Format::SystemGateway, c::implemented), Ok(()));
    let err = data::validate_deck(deck, Format::Startup, c::implemented).unwrap_err();
    assert_eq!(err, "Cleaver (30006) is banned in startup_7 (Startup Balance Update 25.04)");
    // A banned identity too: NBN: Reality Plus.
    let nbn = Deck { name: "nbn".into(), side: Side::Corp, identity: REALITY_PLUS.into(), cards: vec![] };
    let v = data::deck_violations(&nbn, Format::Startup, c::implemented);
    assert_eq!(v.first().map(String::as_str), Some("the identity NBN: Reality Plus (30051) is banned in startup_7 (Startup Balance Update 25.04)"), "{v:?}");
}

#[test]
fn nr_10_a_card_outside_the_pool_and_a_card_without_behaviour_are_named() {
    // A card of a later set is not in System Gateway's pool; in Startup's it is, and a card of
    // the pool without behaviour is refused as not implemented yet (so no match starts with a
    // card that would do nothing).
    let later = data::pool().unwrap().cards.iter().find(|k| k.set != "sg" && k.side == Side::Runner && k.ctype != CardType::Identity).unwrap();
    let mut deck = data::deck("catalyst-starter").unwrap().clone();
    deck.cards.retain(|(code, _)| code != CLEAVER);
    deck.cards.push((later.code.clone(), 2));
    let err = data::validate_deck(&deck, Format::SystemGateway, c::implemented).unwrap_err();
    assert!(err.contains(&format!("{} ({}) is not in system_gateway's pool", later.title, later.code)), "{err}");
    let without = |code: &str| code != later.code && c::implemented(code);
    let err = data::validate_deck(&deck, Format::Startup, without).unwrap_err();
    assert_eq!(err, format!("{} ({}) is not implemented yet", later.title, later.code));
    let with = |code: &str| code == later.code || c::implemented(code);
    assert_eq!(data::validate_deck(&deck, Format::Startup, with), Ok(()));
    // Legality alone does not ask.
    assert_eq!(data::legality_violations(&deck, Format::Startup), Vec::<String>::new());
    assert_eq!(data::not_implemented(&deck, without).iter().map(|k| k.code.as_str()).collect::<Vec<_>>(), [later.code.as_str()]);
    // A Standard card is outside Startup's pool.
    let err = data::legality_violations(&Deck { cards: vec![("26001".into(), 1)], ..deck.clone() }, Format::Startup);
    assert!(err.contains(&"Isolation (26001) is not in startup_7's pool".to_string()), "{err:?}");
}

#[test]
fn nr_10_every_violation_in_one_list_with_the_formats_own() {
    // Zahya in Startup with Cleaver (banned; 2 influence each), 4 Sure Gambles, a card without
    // behaviour, too few cards.
    let later = data::pool().unwrap().cards.iter().find(|k| k.set != "sg" && k.side == Side::Runner && k.ctype != CardType::Identity).unwrap();
    let list: Vec<(String, u32)> = [("30010", 1), (CLEAVER, 3), ("30030", 4), (later.code.as_str(), 1)].iter().map(|(k, n)| (k.to_string(), *n)).collect();
    let without = |code: &str| code != later.code && c::implemented(code);
    let v = data::deck_from_list("custom", Side::Runner, &list, Format::Startup, without).unwrap_err();
    let all = v.join(" | ");
    for part in [
        "Cleaver (30006) is banned in startup_7",
        "4 copies of Sure Gamble exceed its deck limit of 3",
        "is not implemented yet",
        "below Zahya Sadeghi: Versatile Smuggler's minimum deck size 40",
    ] {
        assert!(all.contains(part), "{part:?} missing from {all}");
    }
}

/// The legality verdict of a legal Standard deck of each of the 7 factions, under both
/// snapshots, whatever has behaviour here; apart from it, the cards not implemented yet are
/// exactly those the card registry lacks (so the list empties by itself as cards land).
#[test]
fn nr_10_a_legal_standard_deck_of_each_faction_is_legal_under_both_snapshots() {
    let mut factions = std::collections::BTreeSet::new();
    for (file, text) in STANDARD_LEGAL {
        for snap in [standard_31(), standard_32()] {
            let v = check_legality(text, snap, None);
            let deck = v.deck.as_ref().unwrap_or_else(|e| panic!("{file} under {}: {e:?}", snap.name()));
            assert_eq!(deck.format, snap);
            let new = deck.cards.iter().filter(|e| data::card(&e.code).is_some_and(|k| !Format::Startup.in_pool(k))).count();
            assert!(new >= 10, "{file}: the fixture holds the new sets' cards");
            // Not implemented: exactly the cards of the list without a row, the identity first.
            let mut want: Vec<&str> = deck.cards.iter().filter(|e| !c::implemented(&e.code)).map(|e| e.code.as_str()).collect();
            if !c::implemented(&deck.identity.code) {
                want.insert(0, &deck.identity.code);
            }
            let mut got: Vec<&str> = v.not_implemented.iter().map(|e| e.code.as_str()).collect();
            assert_eq!(got.first() == Some(&deck.identity.code.as_str()), !c::implemented(&deck.identity.code), "{file}: the identity first");
            got.sort_unstable();
            want.sort_unstable();
            assert_eq!(got, want, "{file}");
            // A match refuses it while any is missing, naming them.
            let strict = decklist_text::check(text, snap, None);
            assert_eq!(strict.is_ok(), want.is_empty(), "{file}: {strict:?}");
            if let Err(e) = strict {
                assert!(e.iter().all(|p| p.ends_with("is not implemented yet")), "{file}: only the missing cards: {e:?}");
            }
            factions.insert(data::card(&deck.identity.code).map(|k| k.faction.clone()).unwrap_or_default());
        }
    }
    assert_eq!(factions.len(), 7, "{factions:?}");
}

/// Touch-ups is banned from Standard Ban List 25.10 only, Creative Commission in 25.08 only:
/// each snapshot checks its own list.
#[test]
fn nr_10_a_card_banned_only_from_25_10_is_checked_under_each_snapshot() {
    let s31 = check_legality(TOUCH_UPS_NBN, standard_31(), None);
    assert!(s31.deck.is_ok(), "{s31:?}");
    assert!(s31.not_implemented.is_empty(), "every card of this list has behaviour: {:?}", s31.not_implemented);
    let s32 = check_legality(TOUCH_UPS_NBN, standard_32(), None);
    assert_eq!(s32.deck.unwrap_err(), ["Touch-ups (35067) is banned in standard_32 (Standard Ban List 25.10)"]);
    // Without a snapshot: the active one, standard_31.
    assert!(check_legality(TOUCH_UPS_NBN, Format::Standard, None).deck.is_ok());
    // Creative Commission: banned in 25.08, not in 25.10.
    let cc = Deck { name: "cc".into(), side: Side::Runner, identity: "30019".into(), cards: vec![(CREATIVE_COMMISSION.into(), 3)] };
    let banned = |s: Snapshot| data::legality_violations(&cc, s).iter().any(|v| v.starts_with("Creative Commission (30020) is banned"));
    assert_eq!((banned(standard_31()), banned(standard_32())), (true, false));
}

#[test]
fn nr_10_the_match_option_format_checks_every_seat_in_its_format() {
    // Absent and 0 are the same match, byte for byte (every match from before formats).
    let a = Netrunner.new_match(&config(&[])).unwrap();
    let b = Netrunner.new_match(&config(&[("format", 0)])).unwrap();
    assert_eq!((a.state, a.events), (b.state, b.events));
    // The ready Runner deck holds Cleaver: not legal in Startup.
    let err = Netrunner.new_match(&config(&[("format", 1)])).unwrap_err();
    assert_eq!(
        err,
        RulesError::InvalidConfig(
            "deck \"catalyst-starter\" is not legal in startup: Cleaver (30006) is banned in startup_7 (Startup Balance Update 25.04)".into()
        )
    );
    let err = Netrunner.new_match(&config(&[("format", 3)])).unwrap_err();
    assert!(matches!(&err, RulesError::InvalidConfig(m) if m.contains("option format = 3 is outside 0..=2")), "{err:?}");
    // Random Startup decklists: a match starts.
    let mut cfg = config(&[("format", 1)]);
    for (seat, side) in [Side::Corp, Side::Runner].into_iter().enumerate() {
        let d = random_deck(Format::Startup, side, 7, "r").unwrap();
        cfg.seats[seat].decklist =
            std::iter::once((d.identity.clone(), 1)).chain(d.cards.iter().cloned()).map(|(card, count)| DeckEntry { card, count }).collect();
    }
    assert!(Netrunner.new_match(&cfg).is_ok());
    // The same lists plus a banned card: refused, naming it.
    cfg.seats[1].decklist.push(DeckEntry { card: CLEAVER.into(), count: 1 });
    let err = Netrunner.new_match(&cfg).unwrap_err();
    assert!(
        matches!(&err, RulesError::InvalidConfig(m) if m.contains("seat 1 (Runner)'s decklist is not a legal Runner deck") && m.contains("Cleaver (30006) is banned in startup_7")),
        "{err:?}"
    );
}

fn seats_of(cfg: &mut MatchConfig, corp: &[(String, u32)], runner: &[(String, u32)]) {
    for (seat, list) in [corp, runner].into_iter().enumerate() {
        cfg.seats[seat].decklist = list.iter().map(|(card, count)| DeckEntry { card: card.clone(), count: *count }).collect();
    }
}

fn listed(text: &str, snap: Snapshot) -> Vec<(String, u32)> {
    let l = decklist_text::read(text, snap);
    assert!(l.problems.is_empty(), "{:?}", l.problems);
    l.cards
}

/// The option `snapshot` fixes the ban list a match is checked under; absent (or 0) it is the
/// format's active one, so a Startup match without it is the same match byte for byte.
#[test]
fn nr_10_the_match_option_snapshot_fixes_the_ban_list() {
    let runner = random_deck(Format::Standard, Side::Runner, 3, "r").unwrap();
    let runner: Vec<(String, u32)> = std::iter::once((runner.identity.clone(), 1)).chain(runner.cards.iter().cloned()).collect();
    let corp = listed(TOUCH_UPS_NBN, Format::Standard.active());
    let start = |options: &[(&str, i64)]| {
        let mut cfg = config(options);
        seats_of(&mut cfg, &corp, &runner);
        Netrunner.new_match(&cfg)
    };
    assert!(start(&[("format", 2)]).is_ok(), "active: standard_31");
    assert!(start(&[("format", 2), ("snapshot", 31)]).is_ok());
    let err = start(&[("format", 2), ("snapshot", 32)]).unwrap_err();
    assert!(matches!(&err, RulesError::InvalidConfig(m) if m.contains("Touch-ups (35067) is banned in standard_32 (Standard Ban List 25.10)")), "{err:?}");
    // Naming the active snapshot is the same match as naming none (the option stays beside
    // the typed options, as `format` does).
    let (a, b) = (start(&[("format", 2)]).unwrap(), start(&[("format", 2), ("snapshot", 31)]).unwrap());
    assert_eq!((a.state, a.events), (b.state, b.events));
    let err = start(&[("format", 2), ("snapshot", 7)]).unwrap_err();
    assert!(matches!(&err, RulesError::InvalidConfig(m) if m.contains("option snapshot = 7 names no snapshot of standard")), "{err:?}");
    let err = Netrunner.new_match(&config(&[("snapshot", 31)])).unwrap_err();
    assert!(matches!(&err, RulesError::InvalidConfig(m) if m.contains("system_gateway has one fixed pool")), "{err:?}");
    // Startup: 7 is its only snapshot, the active one.
    let mut cfg = config(&[("format", 1)]);
    let d = |side| random_deck(Format::Startup, side, 9, "r").unwrap();
    let as_list = |d: Deck| std::iter::once((d.identity.clone(), 1)).chain(d.cards).collect::<Vec<_>>();
    seats_of(&mut cfg, &as_list(d(Side::Corp)), &as_list(d(Side::Runner)));
    let a = Netrunner.new_match(&cfg).unwrap();
    cfg.options.insert("snapshot".into(), 7);
    let b = Netrunner.new_match(&cfg).unwrap();
    assert_eq!((a.state, a.events), (b.state, b.events));
}

/// A legal Standard decklist whose cards are not all implemented is refused at creation, as
/// such, naming each of those cards (and only after legality: an illegal list says so first).
#[test]
fn nr_10_a_legal_standard_deck_with_cards_not_implemented_is_refused_naming_them() {
    let (_, text) = STANDARD_LEGAL[4];
    let anarch = listed(text, Format::Standard.active());
    let missing = check_legality(text, Format::Standard, None).not_implemented;
    let corp = listed(TOUCH_UPS_NBN, Format::Standard.active());
    let mut cfg = config(&[("format", 2)]);
    seats_of(&mut cfg, &corp, &anarch);
    match Netrunner.new_match(&cfg) {
        Ok(_) => assert!(missing.is_empty(), "accepted with cards not implemented: {missing:?}"),
        Err(RulesError::InvalidConfig(m)) => {
            assert!(m.starts_with("seat 1 (Runner)'s decklist is a legal Runner deck in standard_31, but"), "{m}");
            assert!(m.contains(&format!("{} of its cards are not implemented yet", missing.len())), "{m}");
            for e in &missing {
                assert!(m.contains(&format!("{} ({})", e.title, e.code)), "{m} names {}", e.title);
            }
        }
        Err(e) => panic!("{e:?}"),
    }
    // An illegal list names its violations, then the cards not implemented yet.
    let mut bad = anarch.clone();
    bad.push(("26067".into(), 3));
    seats_of(&mut cfg, &corp, &bad);
    let err = Netrunner.new_match(&cfg).unwrap_err();
    assert!(
        matches!(&err, RulesError::InvalidConfig(m) if m.contains("is not a legal Runner deck (NR-10), 1 violation(s): Moshing (26067) is banned in standard_31")),
        "{err:?}"
    );
}
