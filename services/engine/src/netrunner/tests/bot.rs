//! Random bots play whole games: no offered option may fail, every game ends by a rule, and
//! replaying the same inputs gives byte-identical states and events.

use std::collections::BTreeMap;

use crate::core::{DeckEntry, MatchConfig, Ruleset, SeatConfig};
use crate::netrunner::cards;
use crate::netrunner::data::{CardType, Format, Side};
use crate::netrunner::random_deck::random_deck;
use crate::netrunner::Netrunner;
use crate::testing::leak::check_game;
use crate::testing::{check_replay, play_random_game, PlayedGame};

use super::kit::config;

const MAX_INPUTS: usize = 200_000;

fn games() -> u64 {
    std::env::var("NETRUNNER_BOT_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(30)
}

fn play(game: u64) -> PlayedGame {
    play_random_game(&Netrunner, &config(&[]), game * 11 + 3, MAX_INPUTS, game < 2).unwrap_or_else(|e| panic!("game {game}: {e}"))
}

fn replay_equal(p: &PlayedGame) {
    check_replay(&Netrunner, &config(&[]), p).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn nr_bot_random_games_end_by_a_rule() {
    let n = games();
    let mut total = 0;
    let mut longest = 0;
    let mut reasons: BTreeMap<String, u32> = BTreeMap::new();
    for game in 0..n {
        let p = play(game);
        assert_eq!(p.outcome.winners.len(), 1, "{:?}", p.outcome);
        let kind = p.outcome.reason.split(':').next().unwrap_or("").to_string();
        assert!(["agenda points", "decking", "flatline", "assassination"].contains(&kind.as_str()), "game {game} ended by no rule: {:?}", p.outcome);
        *reasons.entry(format!("{kind} (seat {} wins)", p.outcome.winners[0])).or_default() += 1;
        total += p.decisions;
        longest = longest.max(p.decisions);
        if game < 3 {
            replay_equal(&p);
        }
    }
    eprintln!("netrunner bots: {n} games, {} decisions on average, longest {longest}; end reasons: {reasons:?}", total / n.max(1) as usize);
}

#[test]
fn nr_bot_replay_is_byte_identical() {
    for game in 0..2 {
        let p = play(5000 + game);
        replay_equal(&p);
    }
}

/// Random and malformed inputs and damaged states at positions of bot games never panic
/// (`ENGINE_FUZZ_CASES` cases; a few thousand by default).
#[test]
fn nr_fuzz_apply_never_panics() {
    let n = crate::testing::fuzz::cases_from_env(4_000);
    let s = crate::testing::fuzz::fuzz_apply(&Netrunner, &config(&[]), 1, n).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.cases, n);
    assert!(s.refused > 0 && s.accepted > 0, "{s:?}");
    eprintln!("netrunner fuzz: {s:?}");
}

// --- Random Startup decks ------------------------------------------------------------------------

/// A match in `format` with a random legal deck per seat (seeded by `game`).
pub(super) fn random_decks_config(format: Format, game: u64) -> MatchConfig {
    let seat = |side: Side, name: &str| {
        let d = random_deck(format, side, game, "random").unwrap_or_else(|e| panic!("game {game}: {e}"));
        let decklist = std::iter::once(DeckEntry { card: d.identity.clone(), count: 1 })
            .chain(d.cards.iter().map(|(card, count)| DeckEntry { card: card.clone(), count: *count }))
            .collect();
        SeatConfig { name: name.into(), deck: String::new(), decklist }
    };
    let mut cfg = config(&[("format", format.option_value())]);
    cfg.seats = vec![seat(Side::Corp, "Corp"), seat(Side::Runner, "Runner")];
    cfg
}

/// What happened to each card code over the games: in how many games it was in a deck, played,
/// installed, rezzed, accessed.
#[derive(Default)]
struct CardUse {
    decks: u64,
    played: u64,
    installed: u64,
    rezzed: u64,
    accessed: u64,
}

/// `NETRUNNER_BOT_GAMES` games (30 by default; `NETRUNNER_BOT_GAMES=1000 cargo test --release -p
/// engine nr_bot_random_startup_decks -- --nocapture` for the full run) with random legal
/// Startup decks: every offered input accepted, bad inputs refused at every position, every game
/// ends by a rule, replays byte for byte, and the leak oracle finds nothing
/// (`NETRUNNER_LEAK_GAMES` of them, a few by default). Prints per card of the Startup pool in how
/// many games it was played, installed, rezzed or accessed, or why it never was.
#[test]
fn nr_bot_random_startup_decks() {
    random_decks_of(Format::Startup, games());
}

/// As [`nr_bot_random_startup_decks`], with random legal decks of the `standard` format (the
/// generator deals only implemented cards): the bots, the replay and the leak oracle
/// (`NETRUNNER_STANDARD_GAMES` games, 6 by default for CI; issue 34 item 4).
#[test]
fn nr_bot_random_standard_decks() {
    let n = std::env::var("NETRUNNER_STANDARD_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(6);
    random_decks_of(Format::Standard, n);
}

/// The apply fuzzer at positions of games played with random `standard` decks
/// (`ENGINE_FUZZ_CASES` cases; a thousand by default; issue 34 item 4).
#[test]
fn nr_fuzz_apply_never_panics_with_random_standard_decks() {
    let n = crate::testing::fuzz::cases_from_env(1_000);
    for game in 0..2 {
        let cfg = random_decks_config(Format::Standard, 20_000 + game);
        let s = crate::testing::fuzz::fuzz_apply(&Netrunner, &cfg, game + 1, n / 2).unwrap_or_else(|e| panic!("game {game}: {e}"));
        assert!(s.refused > 0 && s.accepted > 0, "{s:?}");
        eprintln!("netrunner fuzz, random standard decks, game {game}: {s:?}");
    }
}

/// `n` games with random legal decks of `format`: every offered input accepted, bad inputs
/// refused at every position, every game ends by a rule, replays byte for byte, the leak oracle
/// finds nothing in the first `NETRUNNER_LEAK_GAMES`; prints what each card of the pool did.
fn random_decks_of(format: Format, n: u64) {
    let leak_games = crate::testing::leak::games_from_env("NETRUNNER_LEAK_GAMES", 3);
    let mut uses: BTreeMap<String, CardUse> = BTreeMap::new();
    let mut reasons: BTreeMap<String, u32> = BTreeMap::new();
    let mut leak_stats = crate::testing::leak::LeakStats::default();
    for game in 0..n {
        let cfg = random_decks_config(format, game);
        let p = play_random_game(&Netrunner, &cfg, game * 13 + 7, MAX_INPUTS, true).unwrap_or_else(|e| panic!("game {game}: {e}"));
        assert_eq!(p.outcome.winners.len(), 1, "{:?}", p.outcome);
        let kind = p.outcome.reason.split(':').next().unwrap_or("").to_string();
        assert!(["agenda points", "decking", "flatline", "assassination"].contains(&kind.as_str()), "game {game} ended by no rule: {:?}", p.outcome);
        *reasons.entry(kind).or_default() += 1;
        check_replay(&Netrunner, &cfg, &p).unwrap_or_else(|e| panic!("game {game}: {e}"));
        if game < leak_games {
            let st = check_game(&Netrunner, &Netrunner, &cfg, game * 13 + 7, MAX_INPUTS).unwrap_or_else(|e| panic!("leak, game {game}: {e}"));
            leak_stats.add(st);
        }
        let mut seen: BTreeMap<String, [bool; 4]> = BTreeMap::new();
        for e in p.events.iter().flatten() {
            let at = match e.kind.as_str() {
                "netrunner.played" => 0,
                "netrunner.corp_installed" | "netrunner.runner_installed" => 1,
                "netrunner.rezzed" => 2,
                "netrunner.accessed" => 3,
                _ => continue,
            };
            let code = e.detail.get("code").or_else(|| e.private.as_ref().and_then(|p| p.detail.get("code"))).and_then(|c| c.as_str());
            if let Some(code) = code {
                seen.entry(code.to_string()).or_default()[at] = true;
            }
        }
        for (code, s) in seen {
            let u = uses.entry(code).or_default();
            u.played += u64::from(s[0]);
            u.installed += u64::from(s[1]);
            u.rezzed += u64::from(s[2]);
            u.accessed += u64::from(s[3]);
        }
        for seat in &cfg.seats {
            for e in &seat.decklist {
                uses.entry(e.card.clone()).or_default().decks += 1;
            }
        }
    }
    eprintln!("netrunner bots, random {} decks: {n} games; end reasons: {reasons:?}", format.name());
    eprintln!("leak oracle over {} games: {leak_stats:?}", leak_games.min(n));
    let playable = crate::netrunner::random_deck::playable(format);
    let has_identity = |faction: &str| playable.iter().any(|k| k.ctype == CardType::Identity && k.faction == faction);
    for c in format.cards() {
        let u = uses.get(&c.code);
        let line = match u {
            _ if format.is_banned(&c.code) => format!("never: banned in {}", format.name()),
            _ if !cards::implemented(&c.code) => "never: not implemented yet (no random deck holds it)".to_string(),
            Some(u) if c.ctype == CardType::Identity => format!("identity of {} decks", u.decks),
            Some(u) if u.played + u.installed + u.rezzed + u.accessed > 0 => {
                format!("in {} decks; played {}, installed {}, rezzed {}, accessed {}", u.decks, u.played, u.installed, u.rezzed, u.accessed)
            }
            Some(u) => format!("in {} decks, never played, installed, rezzed or accessed in these games", u.decks),
            // NR-10: an agenda without influence stays in its faction.
            None if c.ctype == CardType::Agenda && c.influence.is_none() && !has_identity(&c.faction) => {
                format!("never: a {} agenda, and no {} identity is playable in {}", c.faction, c.faction, format.name())
            }
            None => "never: no random deck of these games holds it".to_string(),
        };
        eprintln!("  {} {}: {line}", c.code, c.title);
    }
}

/// The kinds oracle over random legal decks of every format (`NETRUNNER_BOT_GAMES` games each,
/// 30 by default): every decision kind, event kind and detail a game meets is declared in
/// `netrunner::kinds`, hence published by `ListRulesets` (`testing::play_random_game` checks
/// each position).
#[test]
fn nr_bot_random_decks_of_every_format_meet_only_published_kinds() {
    let n = games();
    for format in Format::ALL {
        let mut met: std::collections::BTreeSet<String> = Default::default();
        for game in 0..n {
            let cfg = random_decks_config(*format, 10_000 + game);
            let p = play_random_game(&Netrunner, &cfg, game * 17 + 1, MAX_INPUTS, false).unwrap_or_else(|e| panic!("{} game {game}: {e}", format.name()));
            met.extend(p.events.iter().flatten().map(|e| e.kind.clone()));
        }
        eprintln!("netrunner {}: {n} games met {} of {} declared event kinds", format.name(), met.len(), Netrunner.kinds().event_kinds().len());
    }
}
