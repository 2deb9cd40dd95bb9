//! Text for a person: decisions, events, views, and parsing a typed answer.

use api::match_v1 as m;
use engine::{Choice, Decision, DecisionSpec};

/// `Bot 1` for a seat, from the seat names when known.
pub fn seat_name(names: &[String], seat: u32) -> String {
    names.get(seat as usize).cloned().unwrap_or_else(|| format!("seat {seat}"))
}

pub fn status_name(status: i32) -> &'static str {
    match m::MatchStatus::try_from(status) {
        Ok(m::MatchStatus::WaitingForSeats) => "waiting for seats",
        Ok(m::MatchStatus::InProgress) => "in progress",
        Ok(m::MatchStatus::Ended) => "ended",
        _ => "unknown",
    }
}

/// One event as an indented line.
pub fn event_line(e: &m::GameEvent) -> String {
    if e.text.is_empty() {
        format!("  · [{}]", e.kind)
    } else {
        format!("  · {}", e.text)
    }
}

/// "Bot 2 (seat 1) to decide: <summary> [kind]": only the public summary, since another seat's
/// prompt is not ours to see (and arrives empty).
pub fn decision_summary(d: &m::Decision, names: &[String]) -> String {
    format!("{} (seat {}) to decide: {} [{}]", seat_name(names, d.seat), d.seat, d.summary, d.kind)
}

/// A decision with numbered options, and how to answer it.
pub fn render_decision(d: &Decision) -> String {
    let mut out = format!("{}\n", d.prompt);
    let list = |out: &mut String, opts: &[engine::DecisionOption]| {
        for (i, o) in opts.iter().enumerate() {
            out.push_str(&format!("  {:>2}. {}\n", i + 1, o.label));
        }
    };
    match &d.spec {
        DecisionSpec::Pick { options, min, max } => {
            list(&mut out, options);
            if *min == 1 && *max == 1 {
                out.push_str("answer with one number, e.g. 1");
            } else {
                out.push_str(&format!(
                    "pick {min} to {max}: numbers separated by commas, e.g. 1,3{}",
                    if *min == 0 { " (or an empty line for none)" } else { "" }
                ));
            }
        }
        DecisionSpec::Number { min, max } => out.push_str(&format!("answer with a whole number from {min} to {max}")),
        DecisionSpec::Split { amount, targets } => {
            list(&mut out, targets);
            out.push_str(&format!(
                "split {amount} among these: one amount per line item, separated by commas, adding up to {amount} (e.g. {})",
                example_split(*amount, targets.len())
            ));
        }
        DecisionSpec::Order { items } => {
            list(&mut out, items);
            out.push_str(&format!(
                "put all {} in order: their numbers separated by commas, e.g. {}",
                items.len(),
                (1..=items.len()).rev().map(|i| i.to_string()).collect::<Vec<_>>().join(",")
            ));
        }
    }
    out
}

fn example_split(amount: u32, n: usize) -> String {
    let mut parts = vec![0u32; n.max(1)];
    parts[0] = amount;
    parts.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(",")
}

fn numbers(line: &str) -> Result<Vec<i64>, String> {
    line.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse::<i64>().map_err(|_| format!("{s:?} is not a number")))
        .collect()
}

fn pick_index(opts: &[engine::DecisionOption], n: i64) -> Result<&engine::DecisionOption, String> {
    if n < 1 || n as usize > opts.len() {
        return Err(format!("{n} is not between 1 and {}", opts.len()));
    }
    Ok(&opts[n as usize - 1])
}

/// Parse a typed answer to `d` into a well-formed choice (checked against the decision).
pub fn parse_answer(d: &Decision, line: &str) -> Result<Choice, String> {
    let line = line.trim();
    let choice = match &d.spec {
        DecisionSpec::Pick { options, .. } => {
            Choice::Pick(numbers(line)?.into_iter().map(|n| pick_index(options, n).map(|o| o.id.clone())).collect::<Result<_, _>>()?)
        }
        DecisionSpec::Number { .. } => match numbers(line)?.as_slice() {
            [n] => Choice::Number(*n),
            _ => return Err("answer with exactly one number".into()),
        },
        DecisionSpec::Split { targets, .. } => {
            let amounts = numbers(line)?;
            if amounts.len() != targets.len() {
                return Err(format!("give {} amounts, one per target, not {}", targets.len(), amounts.len()));
            }
            Choice::Split(
                targets
                    .iter()
                    .zip(amounts)
                    .map(|(t, a)| u32::try_from(a).map(|a| (t.id.clone(), a)).map_err(|_| format!("{a} is not a valid amount")))
                    .collect::<Result<_, _>>()?,
            )
        }
        DecisionSpec::Order { items } => {
            Choice::Order(numbers(line)?.into_iter().map(|n| pick_index(items, n).map(|o| o.id.clone())).collect::<Result<_, _>>()?)
        }
    };
    engine::core::validate_choice(&d.spec, &choice).map_err(|e| e.to_string())?;
    Ok(choice)
}

/// A compact, readable rendering of a view's JSON (`state_json` of GetMatch). Knows the
/// `mainframe`, `netrunner` and `neonhope` layouts; falls back to pretty JSON for anything else.
pub fn render_view(state_json: &str, viewer_seat: Option<u32>) -> String {
    let v: serde_json::Value = match serde_json::from_str(state_json) {
        Ok(v) => v,
        Err(_) => return state_json.to_string(),
    };
    if v.get("corp").is_some() && v.get("runner").is_some() {
        return render_netrunner(&v);
    }
    if v.get("ruleset").and_then(|r| r.as_str()) == Some("neonhope") {
        return render_neonhope(&v, viewer_seat);
    }
    let Some(players) = v.get("players").and_then(|p| p.as_array()) else {
        return serde_json::to_string_pretty(&v).unwrap_or_default();
    };
    let s = |x: &serde_json::Value| match x {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Null => "-".into(),
        other => other.to_string(),
    };
    let mut out = String::new();
    out.push_str(&format!("turn {} · active seat {} · {}\n", s(&v["turn"]), s(&v["active"]), s(&v["stage"])));
    for p in players {
        let seat = p["seat"].as_u64().unwrap_or(0) as u32;
        let you = if Some(seat) == viewer_seat { " (you)" } else { "" };
        out.push_str(&format!(
            "  seat {} {}{}: mainframe {} · bioframe {} · hand {} · deck {} · RAM {}/{} free{}\n",
            seat,
            s(&p["name"]),
            you,
            s(&p["mainframe"]),
            s(&p["bioframe"]),
            s(&p["hand_count"]),
            s(&p["cyberdeck_count"]),
            s(&p["ram_bank"]["refreshed_free"]),
            s(&p["ram_bank"]["total"]),
            if p["lost"].as_bool() == Some(true) { " · LOST" } else { "" },
        ));
        if let Some(hand) = p.get("hand").and_then(|h| h.as_array()) {
            let names: Vec<String> = hand.iter().map(|c| s(&c["name"])).collect();
            out.push_str(&format!("    hand: {}\n", if names.is_empty() { "(empty)".into() } else { names.join(", ") }));
        }
    }
    if let Some(board) = v.get("board").and_then(|b| b.as_array()) {
        if board.is_empty() {
            out.push_str("  board: (empty)\n");
        }
        for c in board {
            let stats = if c["attack"].is_null() { String::new() } else { format!(" {}/{}", s(&c["attack"]), s(&c["defense"])) };
            out.push_str(&format!(
                "  board: #{} {}{} [{}] of seat {}{}{}\n",
                s(&c["id"]),
                s(&c["name"]),
                stats,
                s(&c["kind"]),
                s(&c["controller"]),
                if c["running"].as_bool() == Some(true) { " · running" } else { "" },
                match c["damage"].as_u64() {
                    Some(d) if d > 0 => format!(" · {d} damage"),
                    _ => String::new(),
                },
            ));
        }
    }
    if let Some(cache) = v.get("cache").and_then(|c| c.as_array()) {
        for it in cache {
            out.push_str(&format!("  cache: {} ({}) of seat {}\n", s(&it["source"]["name"]), s(&it["kind"]), s(&it["controller"])));
        }
    }
    out
}

/// A NEON HOPE view in a few lines: the shared surveillance track and objective, the Grid
/// (`?` face down), the city (who and what is where), each character, and the encounter cards
/// you hold.
fn render_neonhope(v: &serde_json::Value, viewer_seat: Option<u32>) -> String {
    let text = |x: &serde_json::Value| match x {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Null => "-".into(),
        other => other.to_string(),
    };
    let names = |x: &serde_json::Value| {
        let items: Vec<String> = x.as_array().map(|a| a.iter().map(|c| text(&c["name"])).collect()).unwrap_or_default();
        if items.is_empty() {
            "-".to_string()
        } else {
            items.join(", ")
        }
    };
    let mut out = format!(
        "round {} · {} phase · responsible seat {} · surveillance {}/{}{}\n",
        text(&v["round"]),
        text(&v["phase"]),
        text(&v["responsible"]),
        text(&v["surveillance"]),
        text(&v["final_surveillance"]),
        if v["silence"].as_bool() == Some(true) { " · SILENCE (no conferring)" } else { "" }
    );
    let next: Vec<String> = v["thresholds"].as_array().into_iter().flatten().filter(|t| t["reached"].as_bool() != Some(true)).map(|t| text(&t["at"])).collect();
    out.push_str(&format!(
        "  objective: {} (intel {}/{}) · next thresholds: {}\n",
        text(&v["objective"]["text"]),
        text(&v["objective"]["intel"]),
        text(&v["objective"]["needed"]),
        if next.is_empty() { "-".to_string() } else { next.join(", ") }
    ));
    let grid: Vec<String> =
        v["grid"].as_array().map(|a| a.iter().map(|t| if t.is_null() { "?".to_string() } else { text(&t["tile"]) }).collect()).unwrap_or_default();
    for (r, row) in grid.chunks(4).enumerate() {
        out.push_str(&format!("  grid row {}: {}\n", r + 1, row.join(" | ")));
    }
    let chars = v["characters"].as_array().cloned().unwrap_or_default();
    for l in v["locations"].as_array().into_iter().flatten() {
        let key = l["key"].as_str().unwrap_or("");
        let here: Vec<String> = chars.iter().filter(|c| c["location"] == key).map(|c| text(&c["character_name"])).collect();
        let conds: Vec<String> = v["conditions"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|c| c["location"] == key)
            .map(|c| {
                let w = if c["withdrawn"].as_bool() == Some(true) { ", withdrawn" } else { "" };
                format!("{} [{}/{} dice{}]", text(&c["name"]), text(&c["dice"]), text(&c["cap"]), w)
            })
            .collect();
        let foes: Vec<String> = v["enemies"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|e| e["location"] == key)
            .map(|e| format!("{}{}", text(&e["name"]), if e["withdrawn"].as_bool() == Some(true) { " (withdrawn)" } else { "" }))
            .collect();
        let mut line = format!("  {} (intel {})", text(&l["name"]), text(&l["intel"]));
        for (what, items) in [("characters", here), ("conditions", conds), ("enemies", foes)] {
            if !items.is_empty() {
                line.push_str(&format!(" · {what}: {}", items.join(", ")));
            }
        }
        out.push_str(&line);
        out.push('\n');
    }
    for c in &chars {
        let seat = c["seat"].as_u64().unwrap_or(0) as u32;
        let you = if Some(seat) == viewer_seat { " (you)" } else { "" };
        out.push_str(&format!(
            "  seat {} {}{}: {} · {} counters · Endurance {} · hand {} · discard {} · encounter cards held {}\n",
            seat,
            text(&c["name"]),
            you,
            text(&c["character_name"]),
            text(&c["counters"]),
            text(&c["endurance"]),
            names(&c["hand"]),
            c["discard"].as_array().map(|d| d.len()).unwrap_or(0),
            text(&c["held_count"]),
        ));
        if let Some(held) = c.get("held").filter(|h| h.as_array().is_some_and(|a| !a.is_empty())) {
            out.push_str(&format!("    your encounter cards: {}\n", names(held)));
        }
    }
    out.push_str(&format!("  encounter deck {} · discarded {}\n", text(&v["encounter_deck_count"]), names(&v["encounter_discard"])));
    out
}

/// A Netrunner view in a few lines: each side's pools, the Corp's servers (face-down cards as
/// such) and the Runner's rig; hands only where the view has them (your own).
fn render_netrunner(v: &serde_json::Value) -> String {
    let text = |x: &serde_json::Value| match x {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Null => "-".into(),
        other => other.to_string(),
    };
    let card = |c: &serde_json::Value| {
        if c["face_down"].as_bool() == Some(true) {
            let adv = c["advancement"].as_u64().unwrap_or(0);
            if adv > 0 {
                format!("(face down, {adv} adv)")
            } else {
                "(face down)".to_string()
            }
        } else {
            let mut t = text(&c["title"]);
            if c["type"] == "ice" && c["rezzed"].as_bool() != Some(true) {
                t.push_str(" (unrezzed)");
            }
            if let Some(adv) = c["advancement"].as_u64().filter(|a| *a > 0) {
                t.push_str(&format!(" [{adv} adv]"));
            }
            t
        }
    };
    let list = |x: &serde_json::Value| {
        let items: Vec<String> = x.as_array().map(|a| a.iter().map(card).collect()).unwrap_or_default();
        if items.is_empty() {
            "-".to_string()
        } else {
            items.join(", ")
        }
    };
    let (c, r) = (&v["corp"], &v["runner"]);
    let mut out = format!("turn {} · active seat {}\n", text(&v["turn"]), text(&v["active"]));
    out.push_str(&format!(
        "  Corp {} ({}): {} credits · {} clicks · {} points · HQ {} · R&D {} · bad publicity {}\n",
        text(&c["name"]),
        text(&c["identity"]),
        text(&c["credits"]),
        text(&c["clicks"]),
        text(&c["agenda_points"]),
        text(&c["hq_count"]),
        text(&c["rd_count"]),
        text(&c["bad_publicity"])
    ));
    if c.get("hq").is_some() {
        out.push_str(&format!("    your HQ: {}\n", list(&c["hq"])));
    }
    for server in c["servers"].as_array().into_iter().flatten() {
        let ice = list(&server["ice_outermost_last"]);
        let root = list(&server["root"]);
        if ice != "-" || root != "-" {
            out.push_str(&format!("    {}: ice {} · in root {}\n", text(&server["name"]), ice, root));
        }
    }
    out.push_str(&format!(
        "  Runner {} ({}): {} credits · {} clicks · {} points · {} tags · grip {} · stack {}\n",
        text(&r["name"]),
        text(&r["identity"]),
        text(&r["credits"]),
        text(&r["clicks"]),
        text(&r["agenda_points"]),
        text(&r["tags"]),
        text(&r["grip_count"]),
        text(&r["stack_count"])
    ));
    if r.get("grip").is_some() {
        out.push_str(&format!("    your grip: {}\n", list(&r["grip"])));
    }
    out.push_str(&format!("    programs {} · hardware {} · resources {}\n", list(&r["programs"]), list(&r["hardware"]), list(&r["resources"])));
    if !v["run"].is_null() {
        out.push_str(&format!("  run: {}\n", v["run"]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::DecisionOption;

    fn d(spec: DecisionSpec) -> Decision {
        Decision { id: 1, seat: 0, kind: "k".into(), summary: "s".into(), prompt: "p".into(), spec }
    }

    #[test]
    fn answers_parse_per_kind() {
        let opts = vec![DecisionOption::new("a", "A"), DecisionOption::new("b", "B"), DecisionOption::new("c", "C")];
        let pick = d(DecisionSpec::Pick { options: opts.clone(), min: 1, max: 2 });
        assert_eq!(parse_answer(&pick, "1,3"), Ok(Choice::Pick(vec!["a".into(), "c".into()])));
        assert!(parse_answer(&pick, "4").is_err());
        assert!(parse_answer(&pick, "").is_err());
        let split = d(DecisionSpec::Split { amount: 3, targets: opts.clone() });
        assert_eq!(parse_answer(&split, "1, 0, 2"), Ok(Choice::Split(vec![("a".into(), 1), ("b".into(), 0), ("c".into(), 2)])));
        assert!(parse_answer(&split, "1,1,0").is_err());
        let order = d(DecisionSpec::Order { items: opts });
        assert_eq!(parse_answer(&order, "2 1 3"), Ok(Choice::Order(vec!["b".into(), "a".into(), "c".into()])));
        let number = d(DecisionSpec::Number { min: 0, max: 5 });
        assert_eq!(parse_answer(&number, "4"), Ok(Choice::Number(4)));
        assert!(parse_answer(&number, "9").is_err());
    }

    #[test]
    fn a_neonhope_view_renders_readably_with_only_the_viewers_encounter_cards() {
        use engine::bots::RandomBot;
        use engine::{Awaiting, MatchConfig, SeatConfig, Viewer};
        let rules = engine::ruleset("neonhope").expect("registered");
        let config = MatchConfig {
            ruleset: "neonhope".into(),
            seats: (0..2).map(|i| SeatConfig { name: format!("P{i}"), ..Default::default() }).collect(),
            options: Default::default(),
        };
        let mut step = rules.new_match(&config).expect("new match");
        let mut bot = RandomBot::new(4);
        // Play until someone holds an encounter card, or the end.
        for _ in 0..2_000 {
            let held = step.events.iter().any(|e| e.kind == "neonhope.encounter_drawn");
            if held && matches!(step.awaiting, Awaiting::Decision(_)) {
                break;
            }
            let Some(input) = bot.input(&step.awaiting) else { break };
            step = rules.apply(&step.state, &input).expect("offered input");
        }
        let view = rules.view(&step.state, Viewer::Seat(0)).expect("view").to_string();
        let text = render_view(&view, Some(0));
        assert!(text.contains("surveillance") && text.contains("grid row 4") && text.contains("P0 (you)"), "{text}");
        assert!(text.contains("Night Market") && text.contains("Endurance"), "{text}");
        assert!(!text.contains("your encounter cards") || text.matches("your encounter cards").count() == 1, "{text}");
        assert!(!text.contains('{'), "not JSON: {text}");
    }
}
