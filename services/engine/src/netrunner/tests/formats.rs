//! Formats (docs/netrunner.md "Formats"): NR-10 checked against a format's pool and ban list,
//! and the match option `format` that chooses it.

use crate::core::*;
use crate::netrunner::cards as c;
use crate::netrunner::data::{self, CardType, Deck, Format, Side};
use crate::netrunner::random_deck::random_deck;
use crate::netrunner::Netrunner;

use super::kit::config;

fn startup() -> &'static data::FormatData {
    Format::Startup.data().unwrap()
}

#[test]
fn nr_10_formats_tsv_holds_the_engines_formats_in_option_order() {
    let pool = data::pool().unwrap();
    let names: Vec<&str> = pool.formats.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, Format::ALL.iter().map(|f| f.name()).collect::<Vec<_>>());
    for (i, f) in Format::ALL.iter().enumerate() {
        assert_eq!((f.option_value(), Format::from_option(i as i64)), (i as i64, Some(*f)));
    }
    assert_eq!(Format::from_option(Format::ALL.len() as i64), None);
    let sg = Format::SystemGateway.data().unwrap();
    assert_eq!((sg.display_name.as_str(), sg.sets.as_slice(), sg.banned.len()), ("System Gateway", &["sg".to_string()][..], 0));
    // Startup: the four sets of its snapshot and the Startup Balance Update 25.04.
    let s = startup();
    assert_eq!(s.snapshot.as_deref(), Some("startup_7"));
    assert_eq!(s.sets, ["sg", "tai", "rwr", "elev"]);
    assert_eq!(s.banned, [c::CLEAVER, c::NBN, c::PHAROS, "34111"]);
    // The pool is every card of its sets; no count is written down here.
    assert_eq!(Format::Startup.cards().len(), pool.cards.len());
    assert!(Format::SystemGateway.cards().iter().all(|k| k.set == "sg"));
    assert!(Format::SystemGateway.cards().len() < Format::Startup.cards().len());
}

#[test]
fn nr_10_a_bad_formats_table_is_refused_by_name() {
    let cards = &data::pool().unwrap().cards;
    let head = "format\tkind\tvalue\tnote\n";
    let ok = format!("{head}system_gateway\tname\tSG\t-\nsystem_gateway\tset\tsg\t-\nstartup\tname\tS\t-\nstartup\tset\tsg\t-\n");
    assert!(data::parse_formats(&ok, cards).is_ok());
    for (bad, why) in [
        (format!("{ok}startup\tset\tnope\t-\n"), "no card table has the set"),
        (format!("{ok}startup\tbanned\t99999\t-\n"), "not in any card table"),
        (format!("{ok}system_gateway\tbanned\t34111\t-\n"), "not in system_gateway's pool"),
        (format!("{ok}startup\tcolour\tx\t-\n"), "unknown kind"),
        (format!("{ok}eternal\tname\tE\t-\neternal\tset\tsg\t-\n"), "the engine knows"),
        (format!("{head}system_gateway\tname\tSG\t-\n"), "needs a name row and at least one set"),
    ] {
        let e = data::parse_formats(&bad, cards).unwrap_err();
        assert!(e.contains(why), "{why:?}: {e}");
    }
}

#[test]
fn nr_10_startup_bans_cleaver_in_the_starter_runner_deck() {
    let deck = data::deck("catalyst-starter").unwrap();
    assert_eq!(data::validate_deck(deck, Format::SystemGateway, c::implemented), Ok(()));
    let err = data::validate_deck(deck, Format::Startup, c::implemented).unwrap_err();
    assert_eq!(err, "Cleaver (30006) is banned in startup");
    // A banned identity too: NBN: Reality Plus.
    let nbn = Deck { name: "nbn".into(), side: Side::Corp, identity: c::NBN.into(), cards: vec![] };
    let v = data::deck_violations(&nbn, Format::Startup, c::implemented);
    assert_eq!(v.first().map(String::as_str), Some("the identity NBN: Reality Plus (30051) is banned in startup"), "{v:?}");
}

#[test]
fn nr_10_a_card_outside_the_pool_and_a_card_without_behaviour_are_named() {
    // A card of a later set is not in System Gateway's pool; in Startup's it is, and a card of
    // the pool without behaviour is refused as not implemented yet (so no match starts with a
    // card that would do nothing).
    let later = data::pool().unwrap().cards.iter().find(|k| k.set != "sg" && k.side == Side::Runner && k.ctype != CardType::Identity).unwrap();
    let mut deck = data::deck("catalyst-starter").unwrap().clone();
    deck.cards.retain(|(code, _)| code != c::CLEAVER);
    deck.cards.push((later.code.clone(), 2));
    let err = data::validate_deck(&deck, Format::SystemGateway, c::implemented).unwrap_err();
    assert!(err.contains(&format!("{} ({}) is not in system_gateway's pool", later.title, later.code)), "{err}");
    let without = |code: &str| code != later.code && c::implemented(code);
    let err = data::validate_deck(&deck, Format::Startup, without).unwrap_err();
    assert_eq!(err, format!("{} ({}) is not implemented yet", later.title, later.code));
    let with = |code: &str| code == later.code || c::implemented(code);
    assert_eq!(data::validate_deck(&deck, Format::Startup, with), Ok(()));
}

#[test]
fn nr_10_every_violation_in_one_list_with_the_formats_own() {
    // Zahya in Startup with Cleaver (banned; 2 influence each), 4 Sure Gambles, a card without
    // behaviour, too few cards.
    let later = data::pool().unwrap().cards.iter().find(|k| k.set != "sg" && k.side == Side::Runner && k.ctype != CardType::Identity).unwrap();
    let list: Vec<(String, u32)> =
        [(c::ZAHYA, 1), (c::CLEAVER, 3), (c::SURE_GAMBLE, 4), (later.code.as_str(), 1)].iter().map(|(k, n)| (k.to_string(), *n)).collect();
    let without = |code: &str| code != later.code && c::implemented(code);
    let v = data::deck_from_list("custom", Side::Runner, &list, Format::Startup, without).unwrap_err();
    let all = v.join(" | ");
    for part in [
        "Cleaver (30006) is banned in startup",
        "4 copies of Sure Gamble exceed its deck limit of 3",
        "is not implemented yet",
        "below Zahya Sadeghi: Versatile Smuggler's minimum deck size 40",
    ] {
        assert!(all.contains(part), "{part:?} missing from {all}");
    }
}

#[test]
fn nr_10_the_match_option_format_checks_every_seat_in_its_format() {
    // Absent and 0 are the same match, byte for byte (every match from before formats).
    let a = Netrunner.new_match(&config(&[])).unwrap();
    let b = Netrunner.new_match(&config(&[("format", 0)])).unwrap();
    assert_eq!((a.state, a.events), (b.state, b.events));
    // The ready Runner deck holds Cleaver: not legal in Startup.
    let err = Netrunner.new_match(&config(&[("format", 1)])).unwrap_err();
    assert_eq!(err, RulesError::InvalidConfig("deck \"catalyst-starter\" is not legal in startup: Cleaver (30006) is banned in startup".into()));
    let err = Netrunner.new_match(&config(&[("format", 2)])).unwrap_err();
    assert!(matches!(&err, RulesError::InvalidConfig(m) if m.contains("option format = 2 is outside 0..=1")), "{err:?}");
    // Random Startup decklists: a match starts.
    let mut cfg = config(&[("format", 1)]);
    for (seat, side) in [Side::Corp, Side::Runner].into_iter().enumerate() {
        let d = random_deck(Format::Startup, side, 7, "r").unwrap();
        cfg.seats[seat].decklist =
            std::iter::once((d.identity.clone(), 1)).chain(d.cards.iter().cloned()).map(|(card, count)| DeckEntry { card, count }).collect();
    }
    assert!(Netrunner.new_match(&cfg).is_ok());
    // The same lists plus a banned card: refused, naming it.
    cfg.seats[1].decklist.push(DeckEntry { card: c::CLEAVER.into(), count: 1 });
    let err = Netrunner.new_match(&cfg).unwrap_err();
    assert!(
        matches!(&err, RulesError::InvalidConfig(m) if m.contains("seat 1 (Runner)'s decklist is not a legal Runner deck") && m.contains("Cleaver (30006) is banned in startup")),
        "{err:?}"
    );
}
