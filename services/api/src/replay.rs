//! Replay and compare: the one check that a match log is what the rules produce. The log
//! stores each commit's input with the events it produced and what the match then waited for;
//! re-running the inputs through a ruleset must give exactly those again, and the first
//! difference is named (the commit's version, which event and which part of it).
//!
//! Two entry points, one comparison:
//! - [`replay`] runs a whole log through a ruleset in process (the offline audit, the golden
//!   logs), calling a visitor before each commit (the audit checks the draw sequence there);
//! - [`compare_commit`] checks one commit against what the rules produced for it, for a caller
//!   that gets its steps another way (the orchestrator rebuilds a match through the rules service).
//!   [`rules_call`] says what a commit asks of the rules.

use engine::{Input, MatchConfig, Ruleset};

use crate::convert;
use crate::log_v1::{commit_input::Input as CI, Commit};
use crate::rules_v1 as r;

/// The first place where the log and the rules part ways.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("commit {version}: {detail}")]
pub struct Divergence {
    /// The version of the commit that differs.
    pub version: u64,
    pub detail: String,
}

fn diverge(logged: &Commit, detail: impl Into<String>) -> Divergence {
    Divergence { version: logged.version, detail: detail.into() }
}

/// What a commit asks of the rules.
#[derive(Clone, Debug, PartialEq)]
pub enum RulesCall {
    /// `new_match` with this configuration (the creation).
    NewMatch(MatchConfig),
    /// `apply` of this input (a decision, a draw, the round time limit).
    Apply(Input),
    /// Match control (a concession, an adjudication, a clock run out): the generic layer of
    /// `engine::core::control`, the same for every ruleset, ends the match; see [`check_control`].
    Control(engine::core::control::Control),
    /// Nothing: a join or the reveal, which the rules never see.
    None,
}

/// What `logged` asks of the rules, or why it cannot be read.
pub fn rules_call(logged: &Commit) -> Result<RulesCall, Divergence> {
    match logged.input.as_ref().and_then(|i| i.input.as_ref()) {
        Some(CI::Created(created)) => Ok(RulesCall::NewMatch(convert::config_from_proto(created.config.as_ref().unwrap_or(&r::MatchConfig::default())))),
        Some(CI::Decision(d)) => match d.decision.as_ref().map(convert::decision_input_from_proto) {
            Some(Ok(input)) => Ok(RulesCall::Apply(input)),
            Some(Err(e)) => Err(diverge(logged, format!("the logged decision is malformed: {e}"))),
            None => Err(diverge(logged, "a decision commit without its decision")),
        },
        Some(CI::Draw(d)) => {
            let req = d.request.clone().unwrap_or_default();
            Ok(RulesCall::Apply(Input::Draw { index: req.index, purpose: req.purpose, values: d.values.clone() }))
        }
        Some(CI::Joined(_)) | Some(CI::Revealed(_)) | None => Ok(RulesCall::None),
        // The round time limit: the ruleset's own time procedure.
        Some(input @ CI::Time(_)) if convert::time_input_of(input).is_some() => {
            Ok(convert::time_input_of(input).map(RulesCall::Apply).unwrap_or(RulesCall::None))
        }
        Some(input @ (CI::Conceded(_) | CI::Adjudicated(_) | CI::Time(_))) => {
            convert::control_of(input).map(RulesCall::Control).ok_or_else(|| diverge(logged, "a match-control commit without its control"))
        }
    }
}

/// Check a match-control commit: recompute its event and the end it logs with the generic layer
/// (on a match of `seating` that waited for `waiting_before`) and compare them with the log.
/// Returns what the match waits for after it (its end).
pub fn check_control(
    logged: &Commit,
    control: &engine::core::control::Control,
    seating: engine::core::control::Seating,
    waiting_before: Option<&r::Awaiting>,
) -> Result<r::Awaiting, Divergence> {
    let before =
        convert::awaiting_from_proto(waiting_before).map_err(|e| diverge(logged, format!("match control before the match waits for anything: {e}")))?;
    let (events, ended) = convert::control_step(control, seating, &before).map_err(|e| diverge(logged, format!("the match-control input is refused: {e}")))?;
    let step = r::Step { events, awaiting: Some(ended.clone()), ..Default::default() };
    compare_commit(logged, Some(&step), waiting_before)?;
    Ok(ended)
}

/// A short description of what a match waits for, for messages.
pub fn describe_awaiting(a: Option<&r::Awaiting>) -> String {
    match a.and_then(|a| a.what.as_ref()) {
        Some(r::awaiting::What::Decision(d)) => format!("decision {} of seat {} ({})", d.decision_id, d.seat, d.kind),
        Some(r::awaiting::What::Draw(d)) => {
            let kind = convert::draw_kind_text(d.kind.map(fairness::DrawKind::from));
            format!("draw {} ({:?}, {kind})", d.index, d.purpose)
        }
        Some(r::awaiting::What::Ended(o)) => format!("the end (winners {:?}, {})", o.winners, o.reason),
        None => "nothing".into(),
    }
}

/// Which part of event `i` differs, with both values.
fn event_difference(i: usize, logged: &r::RulesEvent, produced: &r::RulesEvent) -> String {
    let fields: [(&str, String, String); 6] = [
        ("kind", logged.kind.clone(), produced.kind.clone()),
        ("text", logged.text.clone(), produced.text.clone()),
        ("private text", logged.private_text.clone(), produced.private_text.clone()),
        ("detail", logged.detail_json.clone(), produced.detail_json.clone()),
        ("private detail", logged.private_detail_json.clone(), produced.private_detail_json.clone()),
        ("private audience", format!("{:?}", logged.private_to), format!("{:?}", produced.private_to)),
    ];
    match fields.iter().find(|(_, a, b)| a != b) {
        Some((what, a, b)) => format!("event {i} ({}) differs in its {what}: logged {a:?}, the engine produces {b:?}", logged.kind),
        None => format!("event {i} ({}) differs", logged.kind),
    }
}

/// Check one commit. `produced`: the step the rules gave for its input (`None` for an input the
/// rules never see); `waiting_before`: what the match waited for before it (the previous
/// commit's awaiting). Events are compared field by field (their protobuf form, so byte for byte),
/// then what the match waits for next. A join or a reveal logs no events and leaves what the match
/// waits for as it was; the reveal comes only after the end.
pub fn compare_commit(logged: &Commit, produced: Option<&r::Step>, waiting_before: Option<&r::Awaiting>) -> Result<(), Divergence> {
    let Some(step) = produced else {
        if !logged.events.is_empty() {
            return Err(diverge(logged, "events are logged for an input the rules never see (a join or a reveal)"));
        }
        if logged.awaiting.as_ref() != waiting_before {
            return Err(diverge(
                logged,
                format!(
                    "what the match waits for changed from {} to {} without going through the rules",
                    describe_awaiting(waiting_before),
                    describe_awaiting(logged.awaiting.as_ref())
                ),
            ));
        }
        let ended = matches!(waiting_before.and_then(|a| a.what.as_ref()), Some(r::awaiting::What::Ended(_)));
        if matches!(logged.input.as_ref().and_then(|i| i.input.as_ref()), Some(CI::Revealed(_))) && !ended {
            return Err(diverge(logged, format!("the secret is revealed while the match waits for {}", describe_awaiting(waiting_before))));
        }
        return Ok(());
    };
    if step.events != logged.events {
        let detail = match step.events.iter().zip(&logged.events).position(|(a, b)| a != b) {
            Some(i) => event_difference(i, &logged.events[i], &step.events[i]),
            None => format!("{} events were logged, the engine produces {}", logged.events.len(), step.events.len()),
        };
        let versions = if logged.rules_version != step.rules_version && !logged.rules_version.is_empty() {
            format!(" (logged with rules {}, now {})", logged.rules_version, step.rules_version)
        } else {
            String::new()
        };
        return Err(diverge(logged, format!("{detail}{versions}")));
    }
    if step.awaiting != logged.awaiting {
        return Err(diverge(
            logged,
            format!(
                "the log says the match then waits for {}, the engine waits for {}",
                describe_awaiting(logged.awaiting.as_ref()),
                describe_awaiting(step.awaiting.as_ref())
            ),
        ));
    }
    Ok(())
}

/// Where a replay ended: the last state and what the match waits for.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Replayed {
    pub state: Vec<u8>,
    pub awaiting: Option<r::Awaiting>,
}

/// Re-run `commits` through `rules` in process and compare each commit ([`compare_commit`]);
/// stops at the first divergence. `visit` is called before each commit with what the rules wait
/// for at that point (as replayed so far).
pub fn replay(rules: &dyn Ruleset, commits: &[Commit], mut visit: impl FnMut(&Commit, Option<&r::Awaiting>)) -> Result<Replayed, Divergence> {
    let mut at = Replayed::default();
    let mut seats = 0u32;
    for c in commits {
        visit(c, at.awaiting.as_ref());
        let step = match rules_call(c)? {
            RulesCall::NewMatch(config) => {
                seats = u32::try_from(config.seats.len()).unwrap_or(u32::MAX);
                Some(rules.new_match(&config).map_err(|e| diverge(c, format!("the engine refuses the match configuration: {e}")))?)
            }
            RulesCall::Control(control) => {
                let seating = engine::core::control::Seating { seats, cooperative: rules.cooperative() };
                at.awaiting = Some(check_control(c, &control, seating, at.awaiting.as_ref())?);
                continue;
            }
            RulesCall::Apply(input) => {
                let what = match &input {
                    Input::Draw { index, purpose, .. } => format!("draw {index} ({purpose:?})"),
                    Input::Decision { .. } => "the logged decision".to_string(),
                    Input::TimeCalled { at_ms } => format!("time called at {at_ms}"),
                };
                Some(rules.apply(&at.state, &input).map_err(|e| diverge(c, format!("the engine refuses {what}: {e}")))?)
            }
            RulesCall::None => None,
        };
        match step {
            Some(step) => {
                let p = convert::step_to_proto(&step, rules.rules_version());
                compare_commit(c, Some(&p), at.awaiting.as_ref())?;
                at = Replayed { state: p.state, awaiting: p.awaiting };
            }
            None => compare_commit(c, None, at.awaiting.as_ref())?,
        }
    }
    Ok(at)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::log_v1::{CommitInput, MatchCreated, RandomDraw, SeatDecision, SeatJoined, SecretRevealed};
    use engine::bots::RandomBot;
    use engine::{Awaiting, SeatConfig};

    fn commit(version: u64, input: CI, step: Option<&r::Step>, waiting: Option<&r::Awaiting>) -> Commit {
        Commit {
            match_id: "m".into(),
            version,
            input: Some(CommitInput { input: Some(input) }),
            events: step.map(|s| s.events.clone()).unwrap_or_default(),
            rules_version: step.map(|s| s.rules_version.clone()).unwrap_or_default(),
            awaiting: step.map_or_else(|| waiting.cloned(), |s| s.awaiting.clone()),
            ..Default::default()
        }
    }

    /// A mainframe log played by a random bot, written as the orchestrator writes it: the
    /// creation, a join, every input to the end, the reveal.
    fn played_log() -> Vec<Commit> {
        played_log_of("mainframe", None)
    }

    /// `played_log` of `ruleset`, with the round's time called before input `time_at`.
    fn played_log_of(ruleset: &str, time_at: Option<usize>) -> Vec<Commit> {
        let rules = engine::ruleset(ruleset).unwrap();
        let seats = (0..2).map(|i| SeatConfig { name: format!("Bot {i}"), deck: String::new(), ..Default::default() }).collect();
        let config = MatchConfig { ruleset: ruleset.into(), seats, options: Default::default() };
        let mut step = rules.new_match(&config).unwrap();
        let mut p = convert::step_to_proto(&step, rules.rules_version());
        let created = CI::Created(MatchCreated { config: Some(convert::config_to_proto(&config)), ..Default::default() });
        let mut log = vec![commit(1, created, Some(&p), None)];
        log.push(commit(2, CI::Joined(SeatJoined { seat: 0, ..Default::default() }), None, p.awaiting.as_ref()));
        let mut bot = RandomBot::new(7);
        while let Some(input) = bot.input(&step.awaiting) {
            let input = if time_at == Some(log.len()) { Input::TimeCalled { at_ms: 42 } } else { input };
            step = rules.apply(&step.state, &input).unwrap();
            p = convert::step_to_proto(&step, rules.rules_version());
            let logged = match &input {
                Input::Decision { decision_id, seat, choice } => CI::Decision(SeatDecision {
                    decision: Some(r::DecisionInput { decision_id: *decision_id, seat: *seat, choice: Some(convert::choice_to_proto(choice)) }),
                    idempotency_key: String::new(),
                    seat_signature: Vec::new(),
                }),
                Input::Draw { index, purpose, values } => CI::Draw(RandomDraw {
                    request: Some(r::DrawRequest { index: *index, purpose: purpose.clone(), kind: None }),
                    values: values.clone(),
                    signature: vec![],
                    shares: Vec::new(),
                }),
                Input::TimeCalled { at_ms } => CI::Time(crate::log_v1::TimeCalled { at_ms: *at_ms, flagged_seat: None }),
            };
            log.push(commit(log.len() as u64 + 1, logged, Some(&p), None));
            assert!(log.len() < 20_000, "the bot game ends");
        }
        assert!(matches!(step.awaiting, Awaiting::Ended(_)));
        log.push(commit(log.len() as u64 + 1, CI::Revealed(SecretRevealed { secret: vec![1], ..Default::default() }), None, p.awaiting.as_ref()));
        log
    }

    #[test]
    fn the_round_time_limit_replays_through_the_rulesets_time_procedure() {
        // Netrunner plays on to its last turn after time is called; mainframe ends at once.
        for (ruleset, at) in [("netrunner", 30), ("mainframe", 30)] {
            let log = played_log_of(ruleset, Some(at));
            let timed = &log[at];
            assert!(matches!(timed.input.as_ref().and_then(|i| i.input.as_ref()), Some(CI::Time(_))), "{ruleset}");
            let end = replay(engine::ruleset(ruleset).unwrap(), &log, |_, _| {}).unwrap();
            assert_eq!(end.awaiting, log.last().unwrap().awaiting, "{ruleset}");
            let ended_at_once = matches!(timed.awaiting.as_ref().and_then(|a| a.what.as_ref()), Some(r::awaiting::What::Ended(_)));
            assert_eq!(ended_at_once, ruleset == "mainframe", "{ruleset}: {:?}", timed.awaiting);
            // A log that claims another time procedure's outcome diverges at that commit.
            let mut edited = log.clone();
            edited[at].events.clear();
            assert_eq!(replay(engine::ruleset(ruleset).unwrap(), &edited, |_, _| {}).unwrap_err().version, timed.version);
        }
    }

    fn replay_of(log: &[Commit]) -> Result<Replayed, Divergence> {
        replay(engine::ruleset("mainframe").unwrap(), log, |_, _| {})
    }

    #[test]
    fn an_honest_log_replays_and_the_visitor_sees_what_the_rules_await() {
        let log = played_log();
        let mut seen = 0;
        let end = replay(engine::ruleset("mainframe").unwrap(), &log, |c, awaiting| {
            // Before a draw commit, the rules wait for that very draw.
            if let Some(CI::Draw(d)) = c.input.as_ref().and_then(|i| i.input.as_ref()) {
                let Some(r::awaiting::What::Draw(asked)) = awaiting.and_then(|a| a.what.as_ref()) else { panic!("no draw awaited") };
                assert_eq!(asked.index, d.request.as_ref().unwrap().index);
            }
            seen += 1;
        })
        .unwrap();
        assert_eq!(seen, log.len());
        assert_eq!(end.awaiting, log.last().unwrap().awaiting);
    }

    #[test]
    fn the_first_divergence_is_named_by_version_event_and_part() {
        let log = played_log();
        let k = log.iter().position(|c| c.version > 5 && !c.events.is_empty()).unwrap();
        let mut edited = log.clone();
        edited[k].events[0].text = "Something else happened".into();
        // A later edit is not reported: the first one is.
        let last = edited.len() - 2;
        edited[last].events.clear();
        let d = replay_of(&edited).unwrap_err();
        assert_eq!(d.version, log[k].version);
        assert!(d.detail.contains("differs in its text") && d.detail.contains("Something else happened"), "{d}");

        let mut edited = log.clone();
        edited[k].awaiting = None;
        let d = replay_of(&edited).unwrap_err();
        assert_eq!(d.version, log[k].version);
        assert!(d.detail.contains("the log says the match then waits for nothing"), "{d}");

        let mut edited = log.clone();
        edited[1].events = log[0].events.clone();
        assert!(replay_of(&edited).unwrap_err().detail.contains("never see"));
    }

    #[test]
    fn a_reveal_before_the_end_or_a_join_that_changes_the_awaiting_is_refused() {
        let log = played_log();
        let mut early = log[..3].to_vec();
        early.push(commit(4, CI::Revealed(SecretRevealed { secret: vec![1], ..Default::default() }), None, log[2].awaiting.as_ref()));
        let d = replay_of(&early).unwrap_err();
        assert_eq!(d.version, 4);
        assert!(d.detail.contains("revealed while the match waits for"), "{d}");
        let mut join = log.clone();
        join[1].awaiting = None;
        let d = replay_of(&join).unwrap_err();
        assert_eq!(d.version, 2);
        assert!(d.detail.contains("without going through the rules"), "{d}");
    }
}
