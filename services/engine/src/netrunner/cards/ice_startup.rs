//! The Corp's Startup ice (The Automata Initiative, Rebellion Without Rehearsal, Elevation): one
//! row each in [`DEFS`], with the functions a row names below it. Every question asked here is of
//! the one kind [`CARD_KIND`].

use serde_json::json;

use super::helpers::{
    card_options, corp_install_options, damage, expend, expend_offers, faceup_archive_types, first, note, opt, picked, place_adv, purge, threat, trash_from_hq,
};
use super::{
    ask_later, end_the_run, give_tags, Answer, Ask, CardDef, Click, Ctx, Effect, PaidAbility, Prompt, Question, Static, Sub, Then, When, BLANK, CARD_KIND,
};
use crate::core::{Event, RulesError};
use crate::netrunner::state::{CorpZone, DamageKind, Game, Task, CORP, RUNNER};

pub const DOOMSCROLL: &str = "35063";
pub const KESSLEROID: &str = "35075";
pub const N_POT: &str = "35064";
pub const SEMAK_SAMUN: &str = "35054";
pub const FLYSWATTER: &str = "35079";
pub const CAPACITOR: &str = "34116";
pub const LOGJAM: &str = "34127";
pub const SERAPH: &str = "34118";
pub const EMPIRICIST: &str = "35052";
pub const BOTO: &str = "34109";
pub const JAGUARUNDI: &str = "34035";
pub const ATTINI: &str = "34042";
pub const SYAILENDRA: &str = "35076";
pub const SCATTER_FIELD: &str = "35042";
pub const PHONEUTRIA: &str = "34043";
pub const TATU_BOLA: &str = "34044";
pub const TREE_LINE: &str = "34059";
pub const DESCENT: &str = "34125";
pub const VALENTAO: &str = "34060";
pub const PIRANHAS: &str = "34117";
pub const MIC: &str = "34036";
pub const ABLATIVE_BARRIER: &str = "34034";
pub const LAMPLIGHTER: &str = "35080";
pub const BIAWAK: &str = "35074";
pub const BUMI_1_0: &str = "35041";
pub const LYCIAN_MULTI_MUNITION: &str = "34100";

const ETR: Sub = Sub { text: "end the run", effect: Effect::EndTheRun };

/// The Startup ice rows.
pub static DEFS: &[CardDef] = &[
    CardDef {
        code: DOOMSCROLL,
        name: "Doomscroll",
        subroutines: &[
            Sub { text: "give the Runner 1 tag", effect: Effect::Tags(1) },
            Sub { text: "1 net damage", effect: Effect::NetDamage(1) },
            Sub { text: "2 net damage if the Runner has 2 tags or more", effect: Effect::Custom(doomscroll) },
        ],
        ..BLANK
    },
    CardDef { code: FLYSWATTER, name: "Flyswatter", on_rez: Effect::Custom(flyswatter), subroutines: &[ETR], ..BLANK },
    CardDef {
        code: CAPACITOR,
        name: "Capacitor",
        statics: &[Static::IceStrength(capacitor_strength)],
        subroutines: &[Sub { text: "the Corp gains 1 credit per tag of the Runner", effect: Effect::Custom(capacitor) }, ETR],
        ..BLANK
    },
    CardDef {
        code: LOGJAM,
        name: "Logjam",
        on_rez: Effect::Custom(logjam_rez),
        statics: &[Static::Advanceable, Static::IceStrength(strength_per_adv)],
        subroutines: &[Sub { text: "the Corp gains 2 credits; end the run", effect: Effect::All(&[Effect::Gain(CORP, 2), Effect::EndTheRun]) }, ETR, ETR],
        ..BLANK
    },
    CardDef {
        code: SERAPH,
        name: "Seraph",
        events: &[(When::Encounter, Effect::Ask(0))],
        subroutines: &[
            Sub { text: "the Runner loses 3 credits", effect: Effect::Lose(RUNNER, 3) },
            Sub { text: "2 net damage", effect: Effect::NetDamage(2) },
            Sub { text: "give the Runner 1 tag", effect: Effect::Tags(1) },
        ],
        asks: &[Ask::Own(Prompt { ask: seraph_ask, answer: seraph_answer })],
        ..BLANK
    },
    CardDef {
        code: EMPIRICIST,
        name: "Empiricist",
        subroutines: &[
            Sub { text: "the Corp draws 1 card and may add 1 card from HQ to the top of R&D", effect: Effect::Custom(empiricist) },
            Sub { text: "1 net damage; give the Runner 1 tag", effect: Effect::All(&[Effect::NetDamage(1), Effect::Tags(1)]) },
            Sub { text: "2 net damage", effect: Effect::NetDamage(2) },
        ],
        asks: &[Ask::Own(Prompt { ask: empiricist_ask, answer: empiricist_answer })],
        ..BLANK
    },
    CardDef {
        code: BOTO,
        name: "Boto",
        statics: &[Static::IceStrength(boto_strength)],
        subroutines: &[
            Sub { text: "2 net damage", effect: Effect::NetDamage(2) },
            Sub { text: "the Corp may trash 1 card from HQ to end the run", effect: Effect::Ask(0) },
            Sub { text: "the Corp may trash 1 card from HQ to end the run", effect: Effect::Ask(0) },
        ],
        asks: &[Ask::Own(Prompt { ask: boto_ask, answer: boto_answer })],
        ..BLANK
    },
    CardDef {
        code: JAGUARUNDI,
        name: "Jaguarundi",
        events: &[(When::Encounter, Effect::Custom(jaguarundi_encounter))],
        subroutines: &[
            Sub { text: "give the Runner 1 tag", effect: Effect::Tags(1) },
            Sub { text: "1 core damage if the Runner is tagged", effect: Effect::Custom(jaguarundi_core) },
        ],
        asks: &[Ask::Own(Prompt { ask: jaguarundi_ask, answer: jaguarundi_answer })],
        ..BLANK
    },
    CardDef {
        code: ATTINI,
        name: "Attini",
        subroutines: &[
            Sub { text: "1 net damage unless the Runner pays 2 credits", effect: Effect::Custom(attini) },
            Sub { text: "1 net damage unless the Runner pays 2 credits", effect: Effect::Custom(attini) },
            Sub { text: "1 net damage unless the Runner pays 2 credits", effect: Effect::Custom(attini) },
        ],
        asks: &[Ask::Own(Prompt { ask: attini_ask, answer: attini_answer })],
        ..BLANK
    },
    CardDef {
        code: SYAILENDRA,
        name: "Syailendra",
        statics: &[Static::Advanceable],
        events: &[(When::Encounter, Effect::Custom(syailendra_encounter))],
        subroutines: &[
            Sub { text: "the Corp may place 1 advancement counter on an installed card it can advance", effect: Effect::Ask(0) },
            Sub { text: "the Runner loses 2 credits", effect: Effect::Lose(RUNNER, 2) },
            Sub { text: "1 net damage", effect: Effect::NetDamage(1) },
        ],
        asks: &[Ask::Own(Prompt { ask: syailendra_ask, answer: syailendra_answer })],
        ..BLANK
    },
    CardDef {
        code: SCATTER_FIELD,
        name: "Scatter Field",
        statics: &[Static::IceStrength(scatter_field_strength)],
        subroutines: &[Sub { text: "the Corp may install 1 card from HQ", effect: Effect::Ask(0) }, ETR],
        asks: &[Ask::Own(Prompt { ask: scatter_field_ask, answer: scatter_field_answer })],
        ..BLANK
    },
    CardDef {
        code: TREE_LINE,
        name: "Tree Line",
        statics: &[Static::Advanceable, Static::IceStrength(strength_per_adv)],
        click: Some(Click { offers: tree_line_offers, effect: Effect::Custom(tree_line_expend) }),
        subroutines: &[Sub { text: "the Corp gains 1 credit; end the run", effect: Effect::All(&[Effect::Gain(CORP, 1), Effect::EndTheRun]) }],
        asks: &[Ask::Own(Prompt { ask: tree_line_ask, answer: tree_line_answer })],
        ..BLANK
    },
    CardDef {
        code: DESCENT,
        name: "Descent",
        click: Some(Click { offers: descent_offers, effect: Effect::Custom(descent_expend) }),
        events: &[(When::TurnBegin, Effect::Ask(1))],
        subroutines: &[ETR],
        asks: &[Ask::Own(Prompt { ask: descent_ask, answer: descent_answer }), Ask::Own(Prompt { ask: descent_home_ask, answer: descent_home_answer })],
        ..BLANK
    },
    CardDef {
        code: VALENTAO,
        name: "Valentão",
        statics: &[Static::RezBadPublicityOrTag],
        subroutines: &[
            Sub { text: "the Corp gains 2 credits", effect: Effect::Gain(CORP, 2) },
            Sub { text: "the Runner loses 2 credits", effect: Effect::Lose(RUNNER, 2) },
            Sub { text: "end the run if the Corp has more credits than the Runner", effect: Effect::Custom(valentao) },
        ],
        ..BLANK
    },
    CardDef {
        code: PIRANHAS,
        name: "Piranhas",
        statics: &[Static::RezBadPublicityOrTag],
        subroutines: &[
            Sub { text: "the Corp may draw 1 card", effect: Effect::Ask(0) },
            Sub { text: "1 net damage", effect: Effect::NetDamage(1) },
            Sub { text: "end the run if HQ holds more cards than the grip", effect: Effect::Custom(piranhas) },
        ],
        asks: &[Ask::Own(Prompt { ask: piranhas_ask, answer: piranhas_answer })],
        ..BLANK
    },
    CardDef {
        code: MIC,
        name: "M.I.C.",
        paid: Some(PaidAbility { offers: mic_offers, effect: Effect::Custom(mic_trash) }),
        subroutines: &[
            Sub { text: "the Runner loses a click", effect: Effect::Custom(lose_click) },
            Sub { text: "the Runner loses a click", effect: Effect::Custom(lose_click) },
            ETR,
        ],
        asks: &[Ask::Own(Prompt { ask: mic_ask, answer: mic_answer })],
        ..BLANK
    },
    CardDef {
        code: ABLATIVE_BARRIER,
        name: "Ablative Barrier",
        on_rez: Effect::Custom(ablative_barrier),
        subroutines: &[ETR],
        asks: &[Ask::Own(Prompt { ask: ablative_ask, answer: ablative_answer })],
        ..BLANK
    },
    CardDef {
        code: LAMPLIGHTER,
        name: "Lamplighter",
        events: &[(When::AgendaLeftServer, Effect::Custom(lamplighter_trashed))],
        subroutines: &[
            Sub { text: "give the Runner 1 tag unless they pay 3 credits", effect: Effect::Ask(0) },
            Sub { text: "end the run if the Runner is tagged", effect: Effect::Custom(lamplighter_end) },
        ],
        asks: &[Ask::Own(Prompt { ask: lamplighter_ask, answer: lamplighter_answer })],
        ..BLANK
    },
    CardDef {
        code: BIAWAK,
        name: "Biawak",
        statics: &[Static::ForfeitPaysRez(10)],
        subroutines: &[
            Sub { text: "trash 1 installed program or end the run", effect: Effect::Ask(0) },
            Sub { text: "trash 1 installed resource or end the run", effect: Effect::Ask(1) },
            ETR,
        ],
        asks: &[Ask::Own(Prompt { ask: biawak_program_ask, answer: biawak_answer }), Ask::Own(Prompt { ask: biawak_resource_ask, answer: biawak_answer })],
        ..BLANK
    },
    // The Runner's "lose a click: break a subroutine" is the flow's, for every Bioroid ice.
    CardDef {
        code: BUMI_1_0,
        name: "Bumi 1.0",
        on_rez: Effect::Custom(bumi_rez),
        subroutines: &[Sub { text: "trash 1 installed program", effect: Effect::Ask(1) }, Sub { text: "1 core damage", effect: Effect::Custom(core_1) }],
        asks: &[Ask::Own(Prompt { ask: bumi_trojan_ask, answer: bumi_answer }), Ask::Own(Prompt { ask: bumi_program_ask, answer: bumi_answer })],
        ..BLANK
    },
    CardDef {
        code: PHONEUTRIA,
        name: "Phoneutria",
        events: &[(When::PassIce, Effect::Custom(phoneutria))],
        subroutines: &[Sub { text: "1 net damage", effect: Effect::NetDamage(1) }, Sub { text: "1 net damage", effect: Effect::NetDamage(1) }],
        ..BLANK
    },
    CardDef {
        code: TATU_BOLA,
        name: "Tatu-Bola",
        events: &[(When::PassIce, Effect::Ask(0))],
        subroutines: &[ETR],
        asks: &[Ask::Own(Prompt { ask: tatu_bola_ask, answer: tatu_bola_answer })],
        ..BLANK
    },
    CardDef { code: KESSLEROID, name: "Kessleroid", statics: &[Static::RunnerCannotTrash], subroutines: &[ETR, ETR], ..BLANK },
    CardDef {
        code: SEMAK_SAMUN,
        name: "Semak-samun",
        statics: &[Static::BreakOnlyWith("Fracter")],
        subroutines: &[Sub { text: "end the run unless the Runner suffers 3 net damage", effect: Effect::Ask(0) }],
        asks: &[Ask::Own(super::Prompt { ask: semak_ask, answer: semak_answer })],
        ..BLANK
    },
    CardDef {
        code: N_POT,
        name: "N-Pot",
        statics: &[Static::RunnerBreaksFor(3)],
        subroutines: &[
            ETR,
            Sub { text: "end the run if the threat level is 2 or more", effect: Effect::Custom(etr_at_threat_2) },
            Sub { text: "end the run if the threat level is 4 or more", effect: Effect::Custom(etr_at_threat_4) },
        ],
        ..BLANK
    },
    CardDef {
        code: LYCIAN_MULTI_MUNITION,
        name: "Lycian Multi-Munition",
        on_rez: Effect::Custom(lycian_rez),
        events: &[(When::AnyTurnEnds, Effect::Custom(lycian_turn_ends))],
        subroutines: &[
            Sub { text: "if this ice is a code gate, the Runner loses 1 click and 1 credit", effect: Effect::Custom(lycian_code_gate) },
            Sub { text: "if this ice is a sentry, trash 1 installed program", effect: Effect::Custom(lycian_sentry) },
            Sub { text: "if this ice is a barrier, the Corp gains 1 credit and ends the run", effect: Effect::Custom(lycian_barrier) },
        ],
        asks: &[
            Ask::Own(Prompt { ask: lycian_ask, answer: lycian_answer }),
            Ask::CorpTrashes { kind: crate::netrunner::state::TrashKind::Program, or_end: false, optional: false },
        ],
        ..BLANK
    },
];

fn run_going(g: &Game) -> bool {
    g.run.as_ref().is_some_and(|r| !r.stop)
}

fn doomscroll(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.runner.tags >= 2 {
        damage(g, DamageKind::Net, 2, c.name(), false);
    }
}

/// Flyswatter rezzed during a run against its server: every virus counter is purged (NR-3.2).
fn flyswatter(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let here = match g.corp_zone(c.card) {
        CorpZone::Ice(s) => g.run.as_ref().is_some_and(|r| r.server == s),
        _ => false,
    };
    if here {
        purge(g);
        note(ev, "purged", format!("{}: virus counters are purged", c.name()), json!({"source": c.name()}));
        super::helpers::purged(g, ev);
    }
}

fn capacitor_strength(g: &Game, _: u32) -> i64 {
    if g.tagged() {
        2
    } else {
        0
    }
}

fn capacitor(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let n = g.runner.tags;
    g.gain(CORP, n, c.name(), ev);
}

/// +1 strength per hosted advancement counter.
fn strength_per_adv(g: &Game, ice: u32) -> i64 {
    i64::from(g.adv(ice))
}

/// Logjam rezzed: 1 advancement counter, plus 1 per card type among face-up cards in Archives.
fn logjam_rez(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let n = 1 + faceup_archive_types(g, c.card).len() as u32;
    if let Some(k) = g.card_mut(c.card) {
        k.adv += n;
    }
    note(
        ev,
        "advanced",
        format!("{}: {n} advancement counter(s) are placed on it (now {})", g.label(c.card), g.adv(c.card)),
        json!({"card": c.card, "adv": g.adv(c.card)}),
    );
}

fn seraph_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !run_going(g) {
        return None;
    }
    let o = vec![
        (opt("credits", "Lose 3 credits"), Answer::Mode(0)),
        (opt("damage", "Suffer 2 net damage"), Answer::Mode(1)),
        (opt("tag", "Take 1 tag"), Answer::Mode(2)),
    ];
    Some(Question::one(
        RUNNER,
        CARD_KIND,
        format!("loses 3 credits, suffers 2 net damage or takes 1 tag ({})", c.name()),
        format!("{}: lose 3 credits unless you suffer 2 net damage or take 1 tag", c.name()),
        o,
    ))
}

fn seraph_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    match first(a) {
        Answer::Mode(1) => damage(g, DamageKind::Net, 2, c.name(), false),
        Answer::Mode(2) => give_tags(g, 1, c.name(), ev),
        _ => g.lose_credits(RUNNER, 3, c.name(), ev),
    }
    Ok(Then::Done)
}

fn empiricist(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.draw(CORP, 1, ev);
    ask_later(g, c, 0);
}

fn empiricist_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.hq.is_empty() {
        return None;
    }
    let mut o = vec![(opt("none", "Add nothing"), Answer::No)];
    o.extend(card_options(g, "card", &g.corp.hq));
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may add 1 card from HQ to the top of R&D ({})", c.name()),
        format!("{}: you may add 1 card from HQ to the top of R&D", c.name()),
        o,
    ))
}

fn empiricist_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(k) = first(a) {
        super::helpers::hq_to_rd_top(g, k, c.name(), ev);
    }
    Ok(Then::Done)
}

/// Threat 4: +2 strength.
fn boto_strength(g: &Game, _: u32) -> i64 {
    if threat(g, 4) {
        2
    } else {
        0
    }
}

fn boto_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.hq.is_empty() || !run_going(g) {
        return None;
    }
    let mut o = vec![(opt("none", "Trash nothing"), Answer::No)];
    o.extend(card_options(g, "card", &g.corp.hq));
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may trash 1 card from HQ to end the run ({})", c.name()),
        format!("{}: you may trash 1 card from HQ to end the run", c.name()),
        o,
    ))
}

fn boto_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(k) = first(a) {
        trash_from_hq(g, vec![k], ev);
        end_the_run(g, c.name(), ev);
    }
    Ok(Then::Done)
}

/// Threat 4: encountered, Jaguarundi gives a tag unless the Runner spends a click.
fn jaguarundi_encounter(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if !threat(g, 4) {
        return;
    }
    if g.runner.clicks > 0 {
        ask_later(g, c, 0);
    } else {
        give_tags(g, 1, c.name(), ev);
    }
}

fn jaguarundi_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = vec![(opt("tag", "Take 1 tag"), Answer::No)];
    if g.runner.clicks > 0 {
        o.insert(0, (opt("click", "Spend a click"), Answer::Yes));
    }
    Some(Question::one(RUNNER, CARD_KIND, format!("spends a click or takes 1 tag ({})", c.name()), format!("{}: spend a click or take 1 tag", c.name()), o))
}

fn jaguarundi_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && g.runner.clicks > 0 {
        g.runner.clicks -= 1;
        note(ev, "clicks", format!("The Runner spends a click for {}", c.name()), json!({"seat": RUNNER, "clicks": g.runner.clicks}));
    } else {
        give_tags(g, 1, c.name(), ev);
    }
    Ok(Then::Done)
}

fn jaguarundi_core(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.tagged() {
        damage(g, DamageKind::Core, 1, c.name(), false);
    }
}

/// Attini: at threat 3 the Runner cannot spend credits while its subroutines resolve, so the
/// damage is done without asking; otherwise the Runner may pay 2 instead.
fn attini_can_pay(g: &Game) -> bool {
    !threat(g, 3) && g.runner_available() >= 2
}

fn attini(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if attini_can_pay(g) {
        ask_later(g, c, 0);
    } else {
        damage(g, DamageKind::Net, 1, c.name(), false);
    }
}

fn attini_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = vec![(opt("damage", "Suffer 1 net damage"), Answer::No)];
    if attini_can_pay(g) {
        o.insert(0, (opt("pay", "Pay 2 credits"), Answer::Yes));
    }
    Some(Question::one(
        RUNNER,
        CARD_KIND,
        format!("pays 2 credits or suffers 1 net damage ({})", c.name()),
        format!("{}: pay 2 credits or suffer 1 net damage", c.name()),
        o,
    ))
}

fn attini_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && attini_can_pay(g) && g.runner_pay(2) {
        note(ev, "paid", format!("The Runner pays 2 credits for {}", c.name()), json!({"cost": 2, "source": c.name()}));
    } else {
        damage(g, DamageKind::Net, 1, c.name(), false);
    }
    Ok(Then::Done)
}

/// Encountered with 3 or more advancement counters, Syailendra asks its first subroutine's question.
fn syailendra_encounter(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.adv(c.card) >= 3 {
        ask_later(g, c, 0);
    }
}

fn syailendra_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = vec![(opt("none", "Place nothing"), Answer::No)];
    for k in g.installed_corp() {
        if g.advanceable(k) {
            o.push((opt(format!("card:{k}"), g.label(k)), Answer::Card(k)));
        }
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may place 1 advancement counter on an installed card ({})", c.name()),
        format!("{}: you may place 1 advancement counter on an installed card you can advance", c.name()),
        o,
    ))
}

fn syailendra_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(k) = first(a) {
        if g.is_installed(k) && g.advanceable(k) {
            if let Some(x) = g.card_mut(k) {
                x.adv += 1;
            }
            note(ev, "advanced", format!("{} places 1 advancement counter on {}", c.name(), g.corp_public_label(k)), json!({"card": k, "adv": g.adv(k)}));
        }
    }
    Ok(Then::Done)
}

/// +4 strength while it is the only ice protecting its server.
fn scatter_field_strength(g: &Game, ice: u32) -> i64 {
    match g.corp_zone(ice) {
        CorpZone::Ice(s) if g.server(s).is_some_and(|sv| sv.ice.len() == 1) => 4,
        _ => 0,
    }
}

fn scatter_field_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = vec![(opt("none", "Install nothing"), Answer::No)];
    o.extend(corp_install_options(g, &g.corp.hq, false, false));
    if o.len() <= 1 {
        return None;
    }
    Some(Question::one(CORP, CARD_KIND, format!("may install a card from HQ ({})", c.name()), format!("{}: you may install 1 card from HQ", c.name()), o))
}

fn scatter_field_answer(_: &mut Game, _: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    Ok(match first(a) {
        Answer::Install { card, server } => Then::InstallCorp { card, server },
        _ => Then::Done,
    })
}

/// Phoneutria passed by a Runner holding 4 or more cards: 1 tag.
fn phoneutria(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.runner.grip.len() >= 4 {
        give_tags(g, 1, c.name(), ev);
    }
}

fn tatu_bola_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !matches!(g.corp_zone(c.card), CorpZone::Ice(_)) {
        return None;
    }
    let ice: Vec<u32> = g.corp.hq.iter().copied().filter(|&k| super::helpers::is_ice(g, k)).collect();
    if ice.is_empty() {
        return None;
    }
    let mut o = vec![(opt("none", "Do not swap"), Answer::No)];
    o.extend(card_options(g, "swap", &ice));
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may swap {} with an ice from HQ to gain 4 credits", g.label(c.card)),
        format!("{}: you may swap it with an ice from HQ (installed unrezzed, no install cost) and gain 4 credits", g.label(c.card)),
        o,
    ))
}

/// Tatu-Bola swapped: the ice from HQ takes its position unrezzed, and it goes to HQ.
fn tatu_bola_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Card(k) = first(a) else { return Ok(Then::Done) };
    let CorpZone::Ice(sid) = g.corp_zone(c.card) else { return Ok(Then::Done) };
    if !g.corp.hq.contains(&k) {
        return Ok(Then::Done);
    }
    g.corp.hq.retain(|&x| x != k);
    if let Some(s) = g.server_mut(sid) {
        for x in s.ice.iter_mut() {
            if *x == c.card {
                *x = k;
            }
        }
    }
    let turn = g.turn;
    if let Some(x) = g.card_mut(k) {
        (x.rezzed, x.adv, x.credits, x.faceup, x.installed_turn) = (false, 0, 0, false, turn);
    }
    if let Some(x) = g.card_mut(c.card) {
        (x.rezzed, x.adv, x.credits, x.faceup, x.virus, x.power) = (false, 0, 0, false, 0, 0);
    }
    g.corp.hq.push(c.card);
    let text = format!("{} is swapped with an ice from HQ, protecting {}", g.label(c.card), Game::server_name(sid));
    ev.push(Event::with_private(
        "netrunner.swapped",
        text.clone(),
        json!({"card": c.card, "ice": k, "server": sid}),
        vec![CORP],
        format!("{text}: {}", g.label(k)),
        json!({"card": c.card, "ice": k, "server": sid, "code": g.code(k)}),
    ));
    g.gain(CORP, 4, c.name(), ev);
    Ok(Then::Done)
}

fn tree_line_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    expend_offers(g, card, true)
}

fn tree_line_expend(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if expend(g, c.card, ev) {
        ask_later(g, c, 0);
    }
}

fn tree_line_ask(g: &Game, c: Ctx) -> Option<Question> {
    let ice: Vec<u32> = g.installed_corp().into_iter().filter(|&k| super::helpers::is_ice(g, k)).collect();
    if ice.is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("places 3 advancement counters on an installed ice ({})", c.name()),
        format!("{}: place 3 advancement counters on 1 installed piece of ice", c.name()),
        card_options(g, "card", &ice),
    ))
}

fn tree_line_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(k) = first(a) {
        if super::helpers::is_ice(g, k) {
            place_adv(g, k, 3, c.name(), ev);
        }
    }
    Ok(Then::Done)
}

fn descent_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    expend_offers(g, card, true)
}

/// Descent expended: 1 card drawn, then up to 2 agendas from HQ and Archives into R&D.
fn descent_expend(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if expend(g, c.card, ev) {
        g.draw(CORP, 1, ev);
        ask_later(g, c, 0);
    }
}

fn descent_agendas(g: &Game) -> Vec<u32> {
    g.corp.hq.iter().chain(g.corp.archives.iter()).copied().filter(|&k| g.def(k).ctype == crate::netrunner::data::CardType::Agenda).collect()
}

fn descent_ask(g: &Game, c: Ctx) -> Option<Question> {
    let agendas = descent_agendas(g);
    if agendas.is_empty() {
        return None;
    }
    let n = (agendas.len() as u32).min(2);
    Some(
        Question::one(
            CORP,
            CARD_KIND,
            format!("may reveal up to 2 agendas in HQ or Archives and shuffle them into R&D ({})", c.name()),
            format!("{}: reveal up to 2 agendas in HQ and/or Archives to shuffle them into R&D", c.name()),
            card_options(g, "card", &agendas),
        )
        .range(0, n),
    )
}

fn descent_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let ok = descent_agendas(g);
    let cs: Vec<u32> = picked(a).into_iter().filter(|k| ok.contains(k)).take(2).collect();
    if cs.is_empty() {
        return Ok(Then::Done);
    }
    let names: Vec<String> = cs.iter().map(|&k| g.label(k)).collect();
    for &k in &cs {
        g.take_corp(k);
        if let Some(x) = g.card_mut(k) {
            x.faceup = false;
        }
        g.corp.rd.push(k);
    }
    note(ev, "revealed", format!("{}: the Corp reveals {} and shuffles them into R&D", c.name(), names.join(", ")), json!({"cards": cs}));
    g.tasks.push(Task::Shuffle { corp: true });
    Ok(Then::Done)
}

fn descent_home_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.is_installed(c.card) {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may add {} to HQ", g.label(c.card)),
        format!("{}: add it to HQ?", g.label(c.card)),
        vec![(opt("yes", "Add it to HQ"), Answer::Yes), (opt("no", "Keep it installed"), Answer::No)],
    ))
}

/// Descent goes back to HQ (hosted cards fall off: the Trojan sweep trashes them).
fn descent_home_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) != Answer::Yes || !g.is_installed(c.card) {
        return Ok(Then::Done);
    }
    g.take_corp(c.card);
    if let Some(x) = g.card_mut(c.card) {
        (x.rezzed, x.adv, x.credits, x.faceup, x.virus, x.power) = (false, 0, 0, false, 0, 0);
    }
    g.corp.hq.push(c.card);
    note(ev, "to_hq", format!("The Corp adds {} to HQ", g.label(c.card)), json!({"card": c.card, "code": g.code(c.card)}));
    Ok(Then::Done)
}

fn valentao(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.corp.credits > g.runner.credits {
        end_the_run(g, c.name(), ev);
    }
}

fn piranhas_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.rd.is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may draw 1 card ({})", c.name()),
        format!("{}: draw 1 card?", c.name()),
        vec![(opt("yes", "Draw 1 card"), Answer::Yes), (opt("no", "Do not draw"), Answer::No)],
    ))
}

fn piranhas_answer(g: &mut Game, _: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        g.draw(CORP, 1, ev);
    }
    Ok(Then::Done)
}

fn piranhas(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.corp.hq.len() > g.runner.grip.len() {
        end_the_run(g, c.name(), ev);
    }
}

fn lose_click(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    super::helpers::lose_a_remaining_click(g, c.name(), ev);
}

/// M.I.C.'s trash ability, only during a run on its server.
fn mic_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    let here = match g.corp_zone(card) {
        CorpZone::Ice(s) => g.run.as_ref().is_some_and(|r| !r.stop && r.server == s),
        _ => false,
    };
    if here && g.rezzed(card) {
        vec![(format!("mic:{card}"), format!("{}: trash it to end the run unless the Runner spends a click", g.label(card)), 0)]
    } else {
        vec![]
    }
}

/// Trash an ice of the attacked server during the run: the ice not yet approached keep their
/// positions (NR-6.2: the run walks the ice by position).
fn trash_ice_in_run(g: &mut Game, ice: u32, why: &str, ev: &mut Vec<Event>) {
    if let CorpZone::Ice(s) = g.corp_zone(ice) {
        let at = g.server(s).and_then(|sv| sv.ice.iter().position(|&x| x == ice));
        if let (Some(at), Some(r)) = (at, g.run.as_mut()) {
            if r.server == s && at < r.pos {
                r.pos -= 1;
            }
        }
    }
    g.trash(ice, why, ev);
}

fn mic_trash(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    trash_ice_in_run(g, c.card, "its own ability", ev);
    if g.runner.clicks > 0 {
        ask_later(g, c, 0);
    } else {
        end_the_run(g, c.name(), ev);
    }
}

fn mic_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !run_going(g) {
        return None;
    }
    let mut o = vec![(opt("end", "Let the run end"), Answer::No)];
    if g.runner.clicks > 0 {
        o.insert(0, (opt("click", "Spend a click"), Answer::Yes));
    }
    Some(Question::one(
        RUNNER,
        CARD_KIND,
        format!("spends a click or lets the run end ({})", c.name()),
        format!("{}: spend a click or the run ends", c.name()),
        o,
    ))
}

fn mic_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && g.runner.clicks > 0 {
        g.runner.clicks -= 1;
        note(ev, "clicks", format!("The Runner spends a click for {}", c.name()), json!({"seat": RUNNER, "clicks": g.runner.clicks}));
    } else {
        end_the_run(g, c.name(), ev);
    }
    Ok(Then::Done)
}

/// Threat 3: rezzed during a run against its server, the Corp may install a non-agenda card.
fn ablative_barrier(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    let here = match g.corp_zone(c.card) {
        CorpZone::Ice(s) => g.run.as_ref().is_some_and(|r| r.server == s),
        _ => false,
    };
    if here && threat(g, 3) {
        ask_later(g, c, 0);
    }
}

fn ablative_ask(g: &Game, c: Ctx) -> Option<Question> {
    let CorpZone::Ice(here) = g.corp_zone(c.card) else { return None };
    let from: Vec<u32> =
        g.corp.hq.iter().chain(g.corp.archives.iter()).copied().filter(|&k| g.def(k).ctype != crate::netrunner::data::CardType::Agenda).collect();
    let mut o = vec![(opt("none", "Install nothing"), Answer::No)];
    o.extend(corp_install_options(g, &from, false, false).into_iter().filter(|(_, a)| !matches!(a, Answer::Install { server: Some(s), .. } if *s == here)));
    if o.len() <= 1 {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may install a non-agenda card from HQ or Archives in or protecting another server ({})", c.name()),
        format!("{}: you may install 1 non-agenda card from HQ or Archives in the root of or protecting another server", c.name()),
        o,
    ))
}

fn ablative_answer(_: &mut Game, _: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    Ok(match first(a) {
        Answer::Install { card, server } => Then::InstallCorp { card, server },
        _ => Then::Done,
    })
}

/// Lamplighter is trashed when an agenda is scored or stolen from its server.
fn lamplighter_trashed(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if matches!(g.corp_zone(c.card), CorpZone::Ice(_)) {
        trash_ice_in_run(g, c.card, "an agenda left its server", ev);
    }
}

fn lamplighter_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = vec![(opt("tag", "Take 1 tag"), Answer::No)];
    if g.runner_available() >= 3 {
        o.insert(0, (opt("pay", "Pay 3 credits"), Answer::Yes));
    }
    Some(Question::one(RUNNER, CARD_KIND, format!("pays 3 credits or takes 1 tag ({})", c.name()), format!("{}: pay 3 credits or take 1 tag", c.name()), o))
}

fn lamplighter_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && g.runner_pay(3) {
        note(ev, "paid", format!("The Runner pays 3 credits for {}", c.name()), json!({"cost": 3, "source": c.name()}));
    } else {
        give_tags(g, 1, c.name(), ev);
    }
    Ok(Then::Done)
}

fn lamplighter_end(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.tagged() {
        end_the_run(g, c.name(), ev);
    }
}

/// Biawak's first two subroutines: the Corp trashes one of `targets` or ends the run.
fn trash_or_end_ask(g: &Game, c: Ctx, targets: &[u32], what: &str) -> Option<Question> {
    if !run_going(g) {
        return None;
    }
    let mut o = card_options(g, "trash", targets);
    o.push((opt("end", "End the run"), Answer::Yes));
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("trashes an installed {what} or ends the run ({})", c.name()),
        format!("{}: trash 1 installed {what} or end the run", c.name()),
        o,
    ))
}

fn biawak_program_ask(g: &Game, c: Ctx) -> Option<Question> {
    trash_or_end_ask(g, c, &g.runner.programs, "program")
}

fn biawak_resource_ask(g: &Game, c: Ctx) -> Option<Question> {
    trash_or_end_ask(g, c, &g.runner.resources, "resource")
}

fn biawak_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    match first(a) {
        Answer::Card(k) if g.runner.programs.contains(&k) || g.runner.resources.contains(&k) => g.trash(k, c.name(), ev),
        _ => end_the_run(g, c.name(), ev),
    }
    Ok(Then::Done)
}

/// Rezzed during a run against its server, Bumi 1.0 may trash a Trojan.
fn bumi_rez(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    let here = match g.corp_zone(c.card) {
        CorpZone::Ice(s) => g.run.as_ref().is_some_and(|r| r.server == s),
        _ => false,
    };
    if here {
        ask_later(g, c, 0);
    }
}

fn bumi_trojan_ask(g: &Game, c: Ctx) -> Option<Question> {
    let trojans: Vec<u32> = g.runner.programs.iter().copied().filter(|&p| g.is_trojan(p)).collect();
    if trojans.is_empty() {
        return None;
    }
    let mut o = vec![(opt("none", "Trash nothing"), Answer::No)];
    o.extend(card_options(g, "trash", &trojans));
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may trash an installed Trojan ({})", c.name()),
        format!("{}: you may trash 1 installed Trojan program", c.name()),
        o,
    ))
}

fn bumi_program_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.runner.programs.is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("trashes an installed program ({})", c.name()),
        format!("{}: trash 1 installed program", c.name()),
        card_options(g, "trash", &g.runner.programs),
    ))
}

fn bumi_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(k) = first(a) {
        if g.runner.programs.contains(&k) {
            g.trash(k, c.name(), ev);
        }
    }
    Ok(Then::Done)
}

fn core_1(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    damage(g, DamageKind::Core, 1, c.name(), false);
}

/// Semak-samun: the Runner suffers 3 net damage or the run ends.
fn semak_ask(_: &Game, c: Ctx) -> Option<Question> {
    Some(Question::one(
        RUNNER,
        CARD_KIND,
        format!("suffers 3 net damage or lets the run end ({})", c.name()),
        format!("{}: suffer 3 net damage, or the run ends", c.name()),
        vec![(opt("damage", "Suffer 3 net damage"), Answer::Yes), (opt("end", "End the run"), Answer::No)],
    ))
}

fn semak_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        damage(g, DamageKind::Net, 3, c.name(), false);
    } else {
        end_the_run(g, c.name(), ev);
    }
    Ok(Then::Done)
}

/// N-Pot's conditional subroutines: the threat level (CR 1.17.1.a) is the higher score.
fn etr_at_threat_2(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if threat(g, 2) {
        end_the_run(g, c.name(), ev);
    }
}

fn etr_at_threat_4(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if threat(g, 4) {
        end_the_run(g, c.name(), ev);
    }
}

// --- Lycian Multi-Munition ---------------------------------------------------------------------------

/// The subtypes Lycian Multi-Munition chooses among when rezzed.
const LYCIAN_SUBTYPES: [&str; 3] = ["Barrier", "Code Gate", "Sentry"];

/// Rezzed, it chooses again: what it gained from an earlier rez is gone.
fn lycian_rez(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if let Some(k) = g.card_mut(c.card) {
        k.gained.clear();
    }
    ask_later(g, c, 0);
}

fn lycian_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.rezzed(c.card) {
        return None;
    }
    let o = LYCIAN_SUBTYPES.iter().enumerate().map(|(i, t)| (opt(format!("subtype:{i}"), format!("Gain {t}")), Answer::Mode(i as u8))).collect();
    Some(
        Question::one(
            CORP,
            CARD_KIND,
            format!("chooses the subtypes {} gains", g.label(c.card)),
            format!("{}: choose 1 or more subtypes it gains while rezzed", g.label(c.card)),
            o,
        )
        .range(1, LYCIAN_SUBTYPES.len() as u32),
    )
}

fn lycian_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let mut chosen: Vec<String> = Vec::new();
    for x in a {
        let Answer::Mode(i) = x else { continue };
        let t = LYCIAN_SUBTYPES.get(usize::from(*i)).ok_or_else(|| RulesError::Illegal(format!("no subtype {i}")))?;
        if !chosen.iter().any(|s| s == t) {
            chosen.push((*t).to_string());
        }
    }
    if chosen.is_empty() {
        return Err(RulesError::Illegal("choose at least 1 subtype".into()));
    }
    // Kept in the order of the list, whatever the order picked.
    chosen.sort_by_key(|t| LYCIAN_SUBTYPES.iter().position(|s| s == t));
    note(ev, "subtypes_gained", format!("{} gains {}", g.label(c.card), chosen.join(", ")), json!({"card": c.card, "subtypes": chosen}));
    if let Some(k) = g.card_mut(c.card) {
        k.gained = chosen;
    }
    Ok(Then::Done)
}

fn lycian_turn_ends(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.rezzed(c.card) {
        super::helpers::derez(g, c.card, c.name(), ev);
    }
}

fn lycian_code_gate(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.ice_has_subtype(c.card, "Code Gate") {
        super::helpers::lose_a_remaining_click(g, c.name(), ev);
        g.lose_credits(RUNNER, 1, c.name(), ev);
    }
}

fn lycian_sentry(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.ice_has_subtype(c.card, "Sentry") {
        ask_later(g, c, 1);
    }
}

fn lycian_barrier(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.ice_has_subtype(c.card, "Barrier") {
        g.gain(CORP, 1, c.name(), ev);
        end_the_run(g, c.name(), ev);
    }
}
