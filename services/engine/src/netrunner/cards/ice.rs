//! The Corp's ice: one row each in [`DEFS`] (subroutines, strength bonuses, encounter effects),
//! with the functions a row names below it.

use serde_json::json;

use super::helpers::{damage, first, note, opt};
use super::{ask_later, end_the_run, give_tags, Answer, Ask, CardDef, Ctx, Effect, Prompt, Question, Static, Sub, Then, When, BLANK};
use crate::core::{Event, RulesError};
use crate::netrunner::data::CardType;
use crate::netrunner::state::{CorpZone, DamageKind, Game, TrashKind, CORP, RUNNER};

pub const BRAN_1_0: &str = "30039";
pub const PALISADE: &str = "30072";
pub const DIVINER: &str = "30046";
pub const WHITESPACE: &str = "30074";
pub const KARUNA: &str = "30047";
pub const TITHE: &str = "30073";
pub const ANSEL_1_0: &str = "30038";
pub const FUNHOUSE: &str = "30054";
pub const PING: &str = "30055";
pub const BALLISTA: &str = "30062";
pub const PHAROS: &str = "30063";

const ETR: Sub = Sub { text: "end the run", effect: Effect::EndTheRun };

/// The ice rows.
pub static DEFS: &[CardDef] = &[
    CardDef {
        code: BRAN_1_0,
        name: "Brân 1.0",
        subroutines: &[Sub { text: "the Corp may install an ice from HQ or Archives inward, for free", effect: Effect::Ask(0) }, ETR, ETR],
        asks: &[Ask::Own(Prompt { ask: bran_ask, answer: bran_answer })],
        ..BLANK
    },
    CardDef { code: PALISADE, name: "Palisade", subroutines: &[ETR], statics: &[Static::IceStrength(palisade_strength)], ..BLANK },
    CardDef {
        code: DIVINER,
        name: "Diviner",
        subroutines: &[Sub { text: "1 net damage; an odd-cost card trashed this way ends the run", effect: Effect::Custom(diviner) }],
        ..BLANK
    },
    CardDef {
        code: WHITESPACE,
        name: "Whitespace",
        subroutines: &[
            Sub { text: "the Runner loses 3 credits", effect: Effect::Lose(RUNNER, 3) },
            Sub { text: "end the run if the Runner has 6 credits or less", effect: Effect::Custom(whitespace) },
        ],
        ..BLANK
    },
    CardDef {
        code: KARUNA,
        name: "Karunā",
        subroutines: &[
            Sub { text: "2 net damage; the Runner may jack out", effect: Effect::Custom(karuna) },
            Sub { text: "2 net damage", effect: Effect::NetDamage(2) },
        ],
        asks: &[Ask::Own(Prompt { ask: karuna_ask, answer: karuna_answer })],
        ..BLANK
    },
    CardDef {
        code: TITHE,
        name: "Tithe",
        subroutines: &[Sub { text: "1 net damage", effect: Effect::NetDamage(1) }, Sub { text: "the Corp gains 1 credit", effect: Effect::Gain(CORP, 1) }],
        ..BLANK
    },
    CardDef {
        code: ANSEL_1_0,
        name: "Ansel 1.0",
        subroutines: &[
            Sub { text: "trash 1 installed Runner card", effect: Effect::Custom(ansel_trash) },
            Sub { text: "the Corp may install a card from HQ or Archives", effect: Effect::Ask(1) },
            Sub { text: "the Runner cannot steal or trash Corp cards for the rest of the run", effect: Effect::Custom(ansel_no_steal) },
        ],
        asks: &[Ask::CorpTrashes { kind: TrashKind::RunnerCard, or_end: false, optional: false }, Ask::Own(Prompt { ask: ansel_ask, answer: ansel_answer })],
        ..BLANK
    },
    CardDef {
        code: FUNHOUSE,
        name: "Funhouse",
        events: &[(When::Encounter, Effect::Ask(0))],
        subroutines: &[Sub { text: "a tag unless the Runner pays 4 credits", effect: Effect::Ask(1) }],
        asks: &[Ask::Own(Prompt { ask: funhouse_ask, answer: funhouse_answer }), Ask::PayOrTag(4)],
        ..BLANK
    },
    CardDef { code: PING, name: "Ping", on_rez: Effect::Custom(ping), subroutines: &[ETR], ..BLANK },
    CardDef {
        code: BALLISTA,
        name: "Ballista",
        subroutines: &[Sub { text: "trash 1 installed program or end the run", effect: Effect::Ask(0) }],
        asks: &[Ask::CorpTrashes { kind: TrashKind::Program, or_end: true, optional: false }],
        ..BLANK
    },
    CardDef {
        code: PHAROS,
        name: "Pharos",
        subroutines: &[Sub { text: "the Runner takes 1 tag", effect: Effect::Tags(1) }, ETR, ETR],
        statics: &[Static::IceStrength(pharos_strength), Static::Advanceable],
        ..BLANK
    },
];

fn run_going(g: &Game) -> bool {
    g.run.as_ref().is_some_and(|r| !r.stop)
}

// --- ice -------------------------------------------------------------------------------------------

fn bran_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = vec![(opt("none", "Install nothing"), Answer::No)];
    for &k in g.corp.hq.iter().chain(g.corp.archives.iter()) {
        if g.def(k).ctype == CardType::Ice {
            let from = if g.corp.hq.contains(&k) { "HQ" } else { "Archives" };
            o.push((opt(format!("install:{k}"), format!("Install {} from {from}", g.label(k))), Answer::Card(k)));
        }
    }
    if o.len() <= 1 || !matches!(g.corp_zone(c.card), CorpZone::Ice(_)) {
        return None;
    }
    Some(Question::one(CORP, "bran_install", "may install an ice for free (Brân 1.0)", "Brân 1.0: install an ice from HQ or Archives inward, for free?", o))
}

/// Brân 1.0's first subroutine: the chosen ice is installed just inward of Brân, for free.
fn bran_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Card(k) = first(a) else { return Ok(Then::Done) };
    let ice = c.card;
    let CorpZone::Ice(sid) = g.corp_zone(ice) else { return Ok(Then::Done) };
    let from = if g.corp.hq.contains(&k) { "HQ" } else { "Archives" };
    let was_up = g.card(k).is_some_and(|x| x.faceup);
    g.corp.hq.retain(|&x| x != k);
    g.corp.archives.retain(|&x| x != k);
    let turn = g.turn;
    if let Some(x) = g.card_mut(k) {
        x.rezzed = false;
        x.adv = 0;
        x.faceup = false;
        x.installed_turn = turn;
    }
    let mut at = 0;
    if let Some(s) = g.server_mut(sid) {
        at = s.ice.iter().position(|&x| x == ice).unwrap_or(0);
        s.ice.insert(at, k);
    }
    if let Some(r) = g.run.as_mut() {
        if r.server == sid && at <= r.pos {
            r.pos += 1;
        }
    }
    let text = format!("Brân 1.0: the Corp installs an ice from {from} inward, protecting {}", Game::server_name(sid));
    if was_up {
        note(ev, "corp_installed", format!("{text}: {}", g.label(k)), json!({"card": k, "server": sid, "ice": true, "code": g.code(k)}));
    } else {
        ev.push(Event::with_private(
            "netrunner.corp_installed",
            text.clone(),
            json!({"card": k, "server": sid, "ice": true}),
            vec![CORP],
            format!("{text}: {}", g.label(k)),
            json!({"card": k, "server": sid, "ice": true, "code": g.code(k)}),
        ));
    }
    Ok(Then::Done)
}

fn palisade_strength(g: &Game, ice: u32) -> i64 {
    if g.on_remote(ice) {
        2
    } else {
        0
    }
}

fn pharos_strength(g: &Game, ice: u32) -> i64 {
    if g.adv(ice) >= 3 {
        5
    } else {
        0
    }
}

fn diviner(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    damage(g, DamageKind::Net, 1, c.name(), true);
}

fn whitespace(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.runner.credits <= 6 {
        end_the_run(g, c.name(), ev);
    }
}

/// Karunā's first subroutine: 2 net damage, then the Runner may jack out (last pushed first).
fn karuna(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    ask_later(g, c, 0);
    damage(g, DamageKind::Net, 2, c.name(), false);
}

fn karuna_ask(g: &Game, _: Ctx) -> Option<Question> {
    if !run_going(g) {
        return None;
    }
    let o = vec![(opt("continue", "Continue the run"), Answer::No), (opt("jack_out", "Jack out"), Answer::Yes)];
    Some(Question::one(RUNNER, "karuna", "may jack out (Karunā)", "Karunā: you may jack out", o))
}

fn karuna_answer(g: &mut Game, _: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        if let Some(r) = g.run.as_mut() {
            r.stop = true;
        }
        note(ev, "jacked_out", "The Runner jacks out (Karunā)".into(), json!({}));
    }
    Ok(Then::Done)
}

fn ansel_trash(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if !g.installed_runner().is_empty() {
        ask_later(g, c, 0);
    }
}

fn ansel_no_steal(g: &mut Game, _: Ctx, _: &mut Vec<Event>) {
    if let Some(r) = g.run.as_mut() {
        r.no_steal_trash = true;
    }
}

/// Ansel 1.0's second question (its first: the Corp trashes an installed Runner card): it may
/// install a card from HQ or Archives (every card but operations, in every legal place).
fn ansel_ask(g: &Game, _: Ctx) -> Option<Question> {
    let mut o = vec![(opt("none", "Install nothing"), Answer::No)];
    for &k in g.corp.hq.iter().chain(g.corp.archives.iter()) {
        let d = g.def(k);
        if matches!(d.ctype, CardType::Operation | CardType::Identity) {
            continue;
        }
        for s in &g.corp.servers {
            let ok = match d.ctype {
                CardType::Agenda | CardType::Asset => Game::is_remote(s.id),
                CardType::Ice => g.corp.credits >= s.ice.len() as i64,
                _ => true,
            };
            if ok {
                o.push((
                    opt(format!("install:{k}:{}", s.id), format!("Install {} in/protecting {}", g.label(k), Game::server_name(s.id))),
                    Answer::Install { card: k, server: Some(s.id) },
                ));
            }
        }
        o.push((opt(format!("install:{k}:new"), format!("Install {} in a new remote server", g.label(k))), Answer::Install { card: k, server: None }));
    }
    if o.len() <= 1 {
        return None;
    }
    Some(Question::one(CORP, "ansel_install", "may install a card from HQ or Archives (Ansel 1.0)", "Ansel 1.0: you may install a card from HQ or Archives", o))
}

fn ansel_answer(_: &mut Game, _: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    Ok(match first(a) {
        Answer::Install { card, server } => Then::InstallCorp { card, server },
        _ => Then::Done,
    })
}

/// Funhouse on encounter: a tag or the run ends (its subroutine, the second question: a tag
/// unless the Runner pays 4).
fn funhouse_ask(g: &Game, _: Ctx) -> Option<Question> {
    if !run_going(g) {
        return None;
    }
    let o = vec![(opt("tag", "Take 1 tag"), Answer::Yes), (opt("end", "Let the run end"), Answer::No)];
    Some(Question::one(RUNNER, "funhouse", "takes 1 tag or lets the run end (Funhouse)", "Funhouse: take 1 tag or the run ends", o))
}

fn funhouse_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        give_tags(g, 1, c.name(), ev);
    } else {
        end_the_run(g, c.name(), ev);
    }
    Ok(Then::Done)
}

/// Ping: rezzed during a run against its server, the Runner takes a tag.
fn ping(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let here = match g.corp_zone(c.card) {
        CorpZone::Ice(s) => g.run.as_ref().is_some_and(|r| r.server == s),
        _ => false,
    };
    if here {
        give_tags(g, 1, c.name(), ev);
    }
}
