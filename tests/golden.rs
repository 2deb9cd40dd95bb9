//! Golden logs: bot matches of every ruleset, exported once by `arbiter`'s in-process simulator
//! and committed under `tests/golden/`. Each is replayed offline from its logged inputs through
//! the engine built here, and every commit's events (protobuf bytes) and "awaiting" must equal
//! the logged ones; then the full offline audit (chain, fairness, replay) must pass.
//!
//! The check reads only the inputs and the engine's output, never the commit envelope (times,
//! idempotency keys), so it keeps passing when the envelope changes, as long as old exports
//! still parse. A deliberate change of the events or of the log format regenerates the files
//! with a bumped rules/log version: see `tests/golden/README.md`.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use api::convert;
use api::log_v1::{commit_input::Input as CI, MatchExport};
use api::rules_v1 as r;
use prost::Message;

/// The committed matches: (ruleset, seats, seed). `regenerate` writes exactly these.
const GOLDEN: &[(&str, u32, u64)] = &[
    ("mainframe", 2, 1),
    ("mainframe", 2, 2),
    ("mainframe", 4, 3),
    ("netrunner", 2, 1),
    ("netrunner", 2, 2),
    ("netrunner", 2, 3),
    ("netrunner", 2, 4),
    ("neonhope", 1, 1),
    ("neonhope", 3, 2),
];

/// Netrunner matches in the Startup format (option `format` = 1) with random legal Startup
/// decklists (`engine::netrunner::random_deck`, seeded by the match seed): their decklists are in
/// the files, so the replay needs no generator. Together they hold at least four identities.
const GOLDEN_STARTUP: &[u64] = &[11, 12, 13];

fn startup_file_name(seed: u64) -> String {
    format!("netrunner-startup-2p-seed{seed}.arbiter-export.json")
}

/// The configuration of golden Startup match `seed`: a random legal deck per side.
fn startup_config(seed: u64) -> anyhow::Result<r::MatchConfig> {
    use engine::netrunner::data::{Format, Side};
    let mut seats = Vec::new();
    for (i, side) in [Side::Corp, Side::Runner].into_iter().enumerate() {
        let deck = engine::netrunner::random_deck::random_deck(Format::Startup, side, seed, side.name()).map_err(anyhow::Error::msg)?;
        let cards = std::iter::once((deck.identity.clone(), 1)).chain(deck.cards.iter().cloned());
        seats.push(api::match_v1::SeatSpec {
            name: format!("Bot {}", i + 1),
            decklist: Some(api::match_v1::Decklist { cards: cards.map(|(card, count)| api::match_v1::DecklistEntry { card, count }).collect() }),
            ..Default::default()
        });
    }
    Ok(r::MatchConfig { ruleset: "netrunner".into(), seats, options: [("format".to_string(), 1)].into_iter().collect() })
}

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("golden")
}

fn file_name(ruleset: &str, seats: u32, seed: u64) -> String {
    format!("{ruleset}-{seats}p-seed{seed}.arbiter-export.json")
}

/// Replay the logged inputs through the engine and compare each commit's events byte for byte.
/// Returns the number of commits that went through the rules.
fn replay_inputs(export: &MatchExport) -> anyhow::Result<usize> {
    let mut rules: Option<&'static dyn engine::Ruleset> = None;
    let mut state: Vec<u8> = Vec::new();
    let mut checked = 0;
    for c in &export.commits {
        let v = c.version;
        let input = c.input.as_ref().and_then(|i| i.input.as_ref());
        let step = match input {
            Some(CI::Created(created)) => {
                let config = created.config.clone().context("the creation carries no config")?;
                let set = engine::ruleset(&config.ruleset).with_context(|| format!("unknown ruleset {:?}", config.ruleset))?;
                rules = Some(set);
                set.new_match(&convert::config_from_proto(&config))?
            }
            Some(CI::Decision(d)) => {
                let set = rules.context("a decision before the creation")?;
                let input = convert::decision_input_from_proto(d.decision.as_ref().context("no decision")?)?;
                set.apply(&state, &input).with_context(|| format!("version {v}: the engine refuses the decision"))?
            }
            Some(CI::Draw(d)) => {
                let set = rules.context("a draw before the creation")?;
                let req = d.request.clone().unwrap_or_default();
                let input = engine::Input::Draw { index: req.index, purpose: req.purpose, values: d.values.clone() };
                set.apply(&state, &input).with_context(|| format!("version {v}: the engine refuses the draw"))?
            }
            Some(CI::Conceded(_)) | Some(CI::Adjudicated(_)) | Some(CI::Time(_)) => {
                bail!("version {v}: the golden logs hold no match control (it is checked by tests/tournament.rs)")
            }
            Some(CI::Joined(_)) | Some(CI::Revealed(_)) | None => {
                if !c.events.is_empty() {
                    bail!("version {v}: events logged for an input the rules never see");
                }
                continue;
            }
        };
        let set = rules.context("no ruleset")?;
        let p: r::Step = convert::step_to_proto(&step, set.rules_version());
        if p.rules_version != c.rules_version {
            bail!("version {v}: logged rules version {:?}, the engine is {:?}", c.rules_version, p.rules_version);
        }
        if p.events.len() != c.events.len() {
            bail!("version {v}: {} events logged, the engine produces {}", c.events.len(), p.events.len());
        }
        for (i, (mine, logged)) in p.events.iter().zip(&c.events).enumerate() {
            if mine.encode_to_vec() != logged.encode_to_vec() {
                bail!("version {v}: event {i} differs:\n logged {logged:?}\n engine {mine:?}");
            }
        }
        if p.awaiting.as_ref().map(Message::encode_to_vec) != c.awaiting.as_ref().map(Message::encode_to_vec) {
            bail!("version {v}: awaiting differs:\n logged {:?}\n engine {:?}", c.awaiting, p.awaiting);
        }
        state = step.state;
        checked += 1;
    }
    Ok(checked)
}

#[test]
fn golden_logs_replay_byte_for_byte_and_audit() -> anyhow::Result<()> {
    let mut seen = Vec::new();
    for &(ruleset, seats, seed) in GOLDEN {
        let path = dir().join(file_name(ruleset, seats, seed));
        let export = cli::export::read_file(&path).with_context(|| format!("reading {}", path.display()))?;
        let checked = replay_inputs(&export).with_context(|| format!("replaying {}", path.display()))?;
        assert!(checked > 10, "{}: only {checked} commits went through the rules", path.display());
        let report = cli::audit::audit_export_pinned(&export, Some(&cli::simulate::public_key()), Some(&cli::simulate::orchestrator_public_key()))
            .map_err(|e| anyhow::anyhow!("{}: the audit fails: {e}", path.display()))?;
        assert_eq!(report.ruleset, ruleset);
        assert!(report.outcome.is_some(), "{}: the match did not end", path.display());
        seen.push(ruleset);
    }
    // Every ruleset the engine offers has at least one golden log.
    for set in engine::rulesets() {
        assert!(seen.contains(&set.name()), "no golden log for ruleset {:?}", set.name());
    }
    Ok(())
}

#[test]
fn golden_startup_logs_replay_byte_for_byte_and_audit_with_four_identities_or_more() -> anyhow::Result<()> {
    let mut identities = std::collections::BTreeSet::new();
    for &seed in GOLDEN_STARTUP {
        let path = dir().join(startup_file_name(seed));
        let export = cli::export::read_file(&path).with_context(|| format!("reading {}", path.display()))?;
        let checked = replay_inputs(&export).with_context(|| format!("replaying {}", path.display()))?;
        assert!(checked > 10, "{}: only {checked} commits went through the rules", path.display());
        cli::audit::audit_export_pinned(&export, Some(&cli::simulate::public_key()), Some(&cli::simulate::orchestrator_public_key()))
            .map_err(|e| anyhow::anyhow!("{}: the audit fails: {e}", path.display()))?;
        let Some(CI::Created(created)) = export.commits.first().and_then(|c| c.input.as_ref()).and_then(|i| i.input.as_ref()) else {
            bail!("{}: no creation", path.display());
        };
        let config = created.config.as_ref().context("no config")?;
        assert_eq!(config.options.get("format"), Some(&1), "{}: a Startup match", path.display());
        for seat in &config.seats {
            let list = seat.decklist.as_ref().context("a Startup golden seat brings its decklist")?;
            let identity =
                list.cards.iter().find(|e| engine::netrunner::data::card(&e.card).is_some_and(|c| c.ctype == engine::netrunner::data::CardType::Identity));
            identities.insert(identity.context("a decklist without identity")?.card.clone());
        }
    }
    assert!(identities.len() >= 4, "the Startup goldens hold {} identities: {identities:?}", identities.len());
    Ok(())
}

/// Write the Startup golden logs (only with a versioned change, as `regenerate`):
/// `cargo test -p arbiter-e2e --test golden -- --ignored regenerate_startup`.
#[test]
#[ignore]
fn regenerate_startup() -> anyhow::Result<()> {
    std::fs::create_dir_all(dir())?;
    for &seed in GOLDEN_STARTUP {
        let export = cli::simulate::simulate_config(startup_config(seed)?, seed, seed, &cli::simulate::ORCHESTRATOR_SEED)?;
        let path = dir().join(startup_file_name(seed));
        cli::export::write_file(&path, &export)?;
        println!("wrote {} ({} commits)", path.display(), export.commits.len());
    }
    Ok(())
}

/// A golden log that a changed engine would not reproduce fails the check (the test can fail).
#[test]
fn golden_check_notices_a_changed_event() -> anyhow::Result<()> {
    let (ruleset, seats, seed) = GOLDEN[0];
    let mut export = cli::export::read_file(&dir().join(file_name(ruleset, seats, seed)))?;
    let c = export.commits.iter_mut().rev().find(|c| !c.events.is_empty()).context("no events")?;
    c.events[0].kind.push('x');
    assert!(replay_inputs(&export).is_err());
    Ok(())
}

/// Regenerate the golden logs (only for a deliberate, versioned format change; see
/// `tests/golden/README.md`): `cargo test -p arbiter-e2e --test golden -- --ignored regenerate`.
#[test]
#[ignore]
fn regenerate() -> anyhow::Result<()> {
    std::fs::create_dir_all(dir())?;
    for &(ruleset, seats, seed) in GOLDEN {
        let export = cli::simulate::simulate_match(ruleset, seats, seed)?;
        let path = dir().join(file_name(ruleset, seats, seed));
        cli::export::write_file(&path, &export)?;
        println!("wrote {} ({} commits)", path.display(), export.commits.len());
    }
    Ok(())
}
