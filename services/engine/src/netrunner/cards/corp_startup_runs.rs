//! Corp Startup cards whose abilities act during runs (Elevation, Rebellion Without Rehearsal):
//! ice with encounter limits and encounter triggers, and the identity, agendas and upgrade that
//! change a run. One row each in [`DEFS`], the functions a row names below it; their shared
//! mechanics are in [`super::encounters`]. Every question asked here is of the one kind
//! [`CARD_KIND`].

use serde_json::json;

use super::encounters::{broke_with, gain_subroutines, ice_sub_text, ice_subroutines, move_ice_outermost, move_runner, swap_with_uninstalled};
use super::helpers::{agenda_counters, card_options, corp_install_options, damage, first, is_ice, note, opt, picked, rez_by_effect, threat, trash_from_hq};
use super::{
    ask_later, end_the_run, give_tags, resolve_subroutine, Answer, Ask, CardDef, Ctx, Effect, PaidAbility, Prompt, Question, Static, Sub, Then, When, BLANK,
    CARD_KIND,
};
use crate::core::{Event, RulesError};
use crate::netrunner::state::{CorpZone, DamageKind, Game, TrashKind, ARCHIVES, CORP, RUNNER};

pub const HAMMER: &str = "34126";
pub const STARLIT_KNIGHT: &str = "34053";
pub const VIRTUAL_SERVICE_AGENT: &str = "34054";
pub const SOROCABAN_BLADE: &str = "34101";
pub const CLOUD_EATER: &str = "34110";
pub const SISYPHUS_PROTOCOL: &str = "34106";
pub const THUNDERBOLT_ARMAMENTS: &str = "34096";
pub const MYCOWEB: &str = "35053";
pub const TRIBUTARY: &str = "34111";
pub const PROPRIONEGATION: &str = "35048";
pub const MITRA_AMAN: &str = "35056";

const ETR: Sub = Sub { text: "end the run", effect: Effect::EndTheRun };

const fn corp_trashes(kind: TrashKind) -> Ask {
    Ask::CorpTrashes { kind, or_end: false, optional: false }
}

/// The rows.
pub static DEFS: &[CardDef] = &[
    CardDef {
        code: HAMMER,
        name: "Hammer",
        statics: &[Static::BreakLimit { max: 1, except: "Killer" }],
        subroutines: &[
            Sub { text: "give the Runner 1 tag", effect: Effect::Tags(1) },
            Sub { text: "trash 1 installed resource or piece of hardware", effect: Effect::Ask(0) },
            Sub { text: "trash 1 installed program that is not a decoder, fracter or killer", effect: Effect::Ask(1) },
        ],
        asks: &[corp_trashes(TrashKind::ResourceOrHardware), corp_trashes(TrashKind::ProgramNotBasicBreaker)],
        ..BLANK
    },
    CardDef {
        code: STARLIT_KNIGHT,
        name: "Starlit Knight",
        events: &[(When::Encounter, Effect::Custom(starlit_knight))],
        subroutines: &[Sub { text: "give the Runner 1 tag", effect: Effect::Tags(1) }, Sub { text: "give the Runner 1 tag", effect: Effect::Tags(1) }],
        grants: &[ETR],
        ..BLANK
    },
    CardDef {
        code: VIRTUAL_SERVICE_AGENT,
        name: "Virtual Service Agent",
        events: &[(When::PassIce, Effect::Custom(virtual_service_agent))],
        subroutines: &[Sub { text: "the Runner loses 1 credit", effect: Effect::Lose(RUNNER, 1) }],
        ..BLANK
    },
    CardDef {
        code: SOROCABAN_BLADE,
        name: "Sorocaban Blade",
        statics: &[Static::TrashLimitPerEncounter(1)],
        subroutines: &[
            Sub { text: "trash 1 installed resource", effect: Effect::Ask(0) },
            Sub { text: "trash 1 installed piece of hardware", effect: Effect::Ask(1) },
            Sub { text: "trash 1 installed program", effect: Effect::Ask(2) },
        ],
        asks: &[corp_trashes(TrashKind::Resource), corp_trashes(TrashKind::Hardware), corp_trashes(TrashKind::Program)],
        ..BLANK
    },
    CardDef {
        code: CLOUD_EATER,
        name: "Cloud Eater",
        events: &[(When::EncounterEnds, Effect::Custom(cloud_eater_encounter_ends))],
        subroutines: &[
            Sub { text: "trash 1 installed Runner card", effect: Effect::Ask(0) },
            Sub { text: "give the Runner 2 tags", effect: Effect::Tags(2) },
            Sub { text: "do 3 net damage", effect: Effect::NetDamage(3) },
        ],
        asks: &[corp_trashes(TrashKind::RunnerCard), Ask::Own(Prompt { ask: cloud_eater_ask, answer: cloud_eater_answer })],
        ..BLANK
    },
    CardDef {
        code: SISYPHUS_PROTOCOL,
        name: "Sisyphus Protocol",
        events: &[(When::CorpPassedIce, Effect::Custom(sisyphus_passed))],
        asks: &[Ask::Own(Prompt { ask: sisyphus_ask, answer: sisyphus_answer })],
        ..BLANK
    },
    CardDef {
        code: THUNDERBOLT_ARMAMENTS,
        name: "Thunderbolt Armaments",
        events: &[(When::Rez, Effect::Custom(thunderbolt_rez))],
        grants: &[Sub { text: "end the run unless the Runner trashes 1 of their installed cards", effect: Effect::Custom(thunderbolt_sub) }],
        asks: &[Ask::Own(Prompt { ask: thunderbolt_ask, answer: thunderbolt_answer })],
        ..BLANK
    },
    CardDef {
        code: MYCOWEB,
        name: "Mycoweb",
        subroutines: &[
            Sub { text: "the Corp may install 1 piece of ice from Archives, ignoring all costs", effect: Effect::Ask(0) },
            Sub { text: "the Corp may rez 1 installed piece of ice, paying 2 credits less", effect: Effect::Ask(1) },
            Sub { text: "resolve 1 subroutine on a rezzed sentry", effect: Effect::Ask(2) },
            Sub { text: "resolve 1 subroutine on another rezzed code gate", effect: Effect::Ask(3) },
        ],
        asks: &[
            Ask::Own(Prompt { ask: mycoweb_install_ask, answer: mycoweb_install_answer }),
            Ask::Own(Prompt { ask: mycoweb_rez_ask, answer: mycoweb_rez_answer }),
            Ask::Own(Prompt { ask: mycoweb_sentry_ask, answer: mycoweb_ice_answer }),
            Ask::Own(Prompt { ask: mycoweb_code_gate_ask, answer: mycoweb_ice_answer }),
            Ask::Own(Prompt { ask: mycoweb_sub_ask, answer: mycoweb_sub_answer }),
        ],
        ..BLANK
    },
    CardDef {
        code: TRIBUTARY,
        name: "Tributary",
        events: &[(When::CorpRunBegins, Effect::Custom(tributary_run_begins))],
        subroutines: &[
            Sub {
                text: "the Corp may draw 1 card, then may install 1 piece of ice from HQ protecting another server, ignoring all costs",
                effect: Effect::Ask(1),
            },
            Sub { text: "each piece of ice gets +2 strength for the remainder of this run", effect: Effect::Custom(tributary_strength) },
        ],
        asks: &[
            Ask::Own(Prompt { ask: tributary_move_ask, answer: tributary_move_answer }),
            Ask::Own(Prompt { ask: tributary_draw_ask, answer: tributary_draw_answer }),
            Ask::Own(Prompt { ask: tributary_install_ask, answer: tributary_install_answer }),
        ],
        ..BLANK
    },
    CardDef {
        code: PROPRIONEGATION,
        name: "Proprionegation",
        on_score: Effect::Custom(proprionegation_scored),
        paid: Some(PaidAbility { offers: proprionegation_offers, effect: Effect::Custom(proprionegation_move) }),
        ..BLANK
    },
    CardDef {
        code: MITRA_AMAN,
        name: "Mitra Aman",
        events: &[(When::ApproachIceHere, Effect::Ask(0))],
        asks: &[Ask::Own(Prompt { ask: mitra_ask, answer: mitra_answer }), Ask::Own(Prompt { ask: mitra_swap_ask, answer: mitra_swap_answer })],
        ..BLANK
    },
];

// --- Starlit Knight -----------------------------------------------------------------------------------

/// Threat 4: encountered, it gains one "end the run" per tag of the Runner for the run.
fn starlit_knight(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if threat(g, 4) {
        let x = g.runner.tags.max(0) as u32;
        gain_subroutines(g, c.card, STARLIT_KNIGHT, 0, x, ev);
    }
}

// --- Virtual Service Agent ----------------------------------------------------------------------------

/// Passed after an encounter: 1 tag unless a decoder broke its printed subroutine.
fn virtual_service_agent(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if !broke_with(g, 0, "Decoder") {
        give_tags(g, 1, c.name(), ev);
    }
}

// --- Cloud Eater --------------------------------------------------------------------------------------

/// An encounter with it ends: if it was rezzed this turn, the Runner chooses (a Runner with no
/// installed card has nothing to lose, and is not asked).
fn cloud_eater_encounter_ends(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.flags.rezzed.contains(&c.card) && !g.installed_runner().is_empty() {
        ask_later(g, c, 1);
    }
}

fn cloud_eater_ask(_: &Game, c: Ctx) -> Option<Question> {
    let o = vec![
        (opt("tags", "Take 2 tags"), Answer::Mode(0)),
        (opt("damage", "Suffer 3 net damage"), Answer::Mode(1)),
        (opt("trash", "The Corp trashes 1 of your installed cards"), Answer::Mode(2)),
    ];
    Some(Question::one(
        RUNNER,
        CARD_KIND,
        format!("takes 2 tags, suffers 3 net damage or lets the Corp trash 1 installed card ({})", c.name()),
        format!("{}: take 2 tags or suffer 3 net damage, or the Corp trashes 1 of your installed cards", c.name()),
        o,
    ))
}

fn cloud_eater_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    match first(a) {
        Answer::Mode(0) => give_tags(g, 2, c.name(), ev),
        Answer::Mode(1) => damage(g, DamageKind::Net, 3, c.name(), false),
        _ => ask_later(g, c, 0),
    }
    Ok(Then::Done)
}

// --- Sisyphus Protocol --------------------------------------------------------------------------------

/// The first time each turn the Runner passes a rezzed code gate or sentry (`arg`).
fn sisyphus_passed(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    let ice = c.arg;
    let gate_or_sentry = g.ice_has_subtype(ice, "Code Gate") || g.ice_has_subtype(ice, "Sentry");
    if gate_or_sentry && g.flags.passed_gate_or_sentry == 1 && g.run.as_ref().is_some_and(|r| !r.stop) {
        ask_later(g, c, 0);
    }
}

fn sisyphus_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = Vec::new();
    if g.corp.credits >= 1 {
        o.push((opt("pay", "Pay 1 credit"), Answer::Yes));
    }
    for (d, a) in card_options(g, "trash", &g.corp.hq) {
        let label = format!("Trash {} from HQ", d.label);
        o.push((opt(d.id, label), a));
    }
    if o.is_empty() {
        return None;
    }
    o.push((opt("no", "Do nothing"), Answer::No));
    let ice = g.label(c.arg);
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may pay 1 credit or trash 1 card from HQ to make the Runner encounter {ice} again ({})", c.name()),
        format!("{}: pay 1 credit or trash 1 card from HQ: the Runner encounters {ice} again", c.name()),
        o,
    ))
}

fn sisyphus_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    match first(a) {
        Answer::Yes => {
            if !g.corp_pay(1) {
                return Ok(Then::Done);
            }
            note(ev, "paid", format!("{}: the Corp pays 1 credit", c.name()), json!({"seat": CORP, "credits": 1}));
        }
        Answer::Card(_) => trash_from_hq(g, picked(a), ev),
        _ => return Ok(Then::Done),
    }
    if let Some(r) = g.run.as_mut() {
        r.encounter_again = Some(c.arg);
    }
    Ok(Then::Done)
}

// --- Thunderbolt Armaments ----------------------------------------------------------------------------

/// An AP or destroyer ice rezzed during a run gets +1 strength and gains its subroutine for the
/// remainder of that run.
fn thunderbolt_rez(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let ice = c.arg;
    let ap_or_destroyer = super::helpers::is_ice(g, ice) && (g.ice_has_subtype(ice, "AP") || g.ice_has_subtype(ice, "Destroyer"));
    let Some(run) = g.run.as_mut().filter(|_| ap_or_destroyer) else { return };
    run.ice_plus.push((ice, 1));
    let label = g.label(ice);
    note(ev, "ice_strength", format!("{}: {label} gets +1 strength for the remainder of this run", c.name()), json!({"ice": ice, "amount": 1}));
    gain_subroutines(g, ice, THUNDERBOLT_ARMAMENTS, 0, 1, ev);
}

/// The gained subroutine: the Runner trashes an installed card or the run ends (with nothing
/// installed, the run ends).
fn thunderbolt_sub(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.installed_runner().is_empty() {
        end_the_run(g, c.name(), ev);
    } else {
        ask_later(g, c, 0);
    }
}

fn thunderbolt_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = card_options(g, "trash", &g.installed_runner());
    o.push((opt("end", "End the run"), Answer::No));
    Some(Question::one(
        RUNNER,
        CARD_KIND,
        format!("trashes 1 installed card or lets the run end ({})", c.name()),
        format!("{}: trash 1 of your installed cards, or the run ends", c.name()),
        o,
    ))
}

fn thunderbolt_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    match first(a) {
        Answer::Card(k) if g.installed_runner().contains(&k) => g.trash(k, c.name(), ev),
        _ => end_the_run(g, c.name(), ev),
    }
    Ok(Then::Done)
}

// --- Mycoweb ------------------------------------------------------------------------------------------

/// "You may": every question of Mycoweb's offers to do nothing.
fn with_none(mut o: Vec<(crate::core::DecisionOption, Answer)>) -> Vec<(crate::core::DecisionOption, Answer)> {
    o.push((opt("none", "Do nothing"), Answer::No));
    o
}

fn mycoweb_install_ask(g: &Game, c: Ctx) -> Option<Question> {
    let ice: Vec<u32> = g.corp.archives.iter().copied().filter(|&k| is_ice(g, k)).collect();
    if ice.is_empty() {
        return None;
    }
    let o = with_none(corp_install_options(g, &ice, false, true));
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may install 1 ice from Archives ({})", c.name()),
        format!("{}: install 1 piece of ice from Archives, ignoring all costs?", c.name()),
        o,
    ))
}

fn mycoweb_install_answer(g: &mut Game, _: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    Ok(match first(a) {
        Answer::Install { card, server } if g.corp.archives.contains(&card) => Then::InstallCorpFree { card, server },
        _ => Then::Done,
    })
}

/// The rez cost of `ice` with Mycoweb's 2 credits off.
fn mycoweb_cost(g: &Game, ice: u32) -> i64 {
    (g.ice_rez_cost(ice) - 2).max(0)
}

fn mycoweb_rez_ask(g: &Game, c: Ctx) -> Option<Question> {
    let ice: Vec<u32> = g.installed_corp().into_iter().filter(|&k| is_ice(g, k) && !g.rezzed(k) && mycoweb_cost(g, k) <= g.corp.credits).collect();
    if ice.is_empty() {
        return None;
    }
    let o = with_none(card_options(g, "rez", &ice));
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may rez 1 ice paying 2 less ({})", c.name()),
        format!("{}: rez 1 installed piece of ice, paying 2 credits less?", c.name()),
        o,
    ))
}

fn mycoweb_rez_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(k) = first(a) {
        let cost = mycoweb_cost(g, k);
        rez_by_effect(g, k, Some(cost), c.name(), ev);
    }
    Ok(Then::Done)
}

/// The rezzed ice of `subtype` with a subroutine, but Mycoweb itself.
fn mycoweb_targets(g: &Game, c: Ctx, subtype: &str) -> Vec<u32> {
    g.installed_corp()
        .into_iter()
        .filter(|&k| k != c.card && is_ice(g, k) && g.rezzed(k) && g.ice_has_subtype(k, subtype) && ice_subroutines(g, k) > 0)
        .collect()
}

fn mycoweb_ice_question(g: &Game, c: Ctx, subtype: &str) -> Option<Question> {
    let ice = mycoweb_targets(g, c, subtype);
    if ice.is_empty() {
        return None;
    }
    let o = card_options(g, "ice", &ice);
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("chooses a rezzed {subtype} whose subroutine resolves ({})", c.name()),
        format!("{}: choose a rezzed {subtype}: 1 of its subroutines resolves", c.name()),
        o,
    ))
}

fn mycoweb_sentry_ask(g: &Game, c: Ctx) -> Option<Question> {
    mycoweb_ice_question(g, c, "Sentry")
}

fn mycoweb_code_gate_ask(g: &Game, c: Ctx) -> Option<Question> {
    mycoweb_ice_question(g, c, "Code Gate")
}

/// The chosen ice goes to the next question (which subroutine) as its argument.
fn mycoweb_ice_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(k) = first(a) {
        ask_later(g, Ctx { arg: k, ..c }, 4);
    }
    Ok(Then::Done)
}

fn mycoweb_sub_ask(g: &Game, c: Ctx) -> Option<Question> {
    let ice = c.arg;
    let n = ice_subroutines(g, ice);
    if n == 0 || !g.rezzed(ice) {
        return None;
    }
    let o = (0..n).map(|i| (opt(format!("sub:{i}"), format!("{}: \"{}\"", g.label(ice), ice_sub_text(g, ice, i))), Answer::Mode(i as u8))).collect();
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("chooses a subroutine of {} to resolve ({})", g.label(ice), c.name()),
        format!("{}: which subroutine of {} resolves?", c.name(), g.label(ice)),
        o,
    ))
}

fn mycoweb_sub_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Mode(i) = first(a) {
        let ice = c.arg;
        note(
            ev,
            "subroutine",
            format!("{}: {}'s subroutine {} resolves: {}", c.name(), g.label(ice), i + 1, ice_sub_text(g, ice, usize::from(i))),
            json!({"ice": ice, "subroutine": i, "source": c.name()}),
        );
        resolve_subroutine(g, ice, usize::from(i), ev);
    }
    Ok(Then::Done)
}

// --- Tributary ----------------------------------------------------------------------------------------

/// The first run of the turn begins (`arg` the attacked server): the Corp may move it to the
/// outermost position protecting that server.
fn tributary_run_begins(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    let outermost = g.server(c.arg).and_then(|s| s.ice.last().copied());
    if g.flags.runs.len() == 1 && outermost != Some(c.card) && matches!(g.corp_zone(c.card), CorpZone::Ice(_)) {
        ask_later(g, c, 0);
    }
}

fn tributary_move_ask(g: &Game, c: Ctx) -> Option<Question> {
    let to = Game::server_name(c.arg);
    let o =
        vec![(opt("move", format!("Move {} to the outermost position protecting {to}", g.label(c.card))), Answer::Yes), (opt("no", "Do nothing"), Answer::No)];
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may move {} in front of the attacked server ({})", g.label(c.card), c.name()),
        format!("{}: move it to the outermost position protecting {to}?", c.name()),
        o,
    ))
}

fn tributary_move_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        move_ice_outermost(g, c.card, c.arg, c.name(), ev);
    }
    Ok(Then::Done)
}

fn tributary_draw_ask(_: &Game, c: Ctx) -> Option<Question> {
    let o = vec![(opt("draw", "Draw 1 card"), Answer::Yes), (opt("no", "Do not draw"), Answer::No)];
    Some(Question::one(CORP, CARD_KIND, format!("may draw 1 card ({})", c.name()), format!("{}: draw 1 card?", c.name()), o))
}

fn tributary_draw_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        g.draw(CORP, 1, ev);
    }
    ask_later(g, c, 2);
    Ok(Then::Done)
}

fn tributary_install_ask(g: &Game, c: Ctx) -> Option<Question> {
    let attacked = g.run.as_ref().map(|r| r.server);
    let ice: Vec<u32> = g.corp.hq.iter().copied().filter(|&k| is_ice(g, k)).collect();
    let o: Vec<_> = corp_install_options(g, &ice, false, true)
        .into_iter()
        .filter(|(_, a)| !matches!(a, Answer::Install { server: Some(s), .. } if Some(*s) == attacked))
        .collect();
    if o.is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may install 1 ice from HQ protecting another server ({})", c.name()),
        format!("{}: install 1 piece of ice from HQ protecting another server, ignoring all costs?", c.name()),
        with_none(o),
    ))
}

fn tributary_install_answer(g: &mut Game, _: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    let attacked = g.run.as_ref().map(|r| r.server);
    Ok(match first(a) {
        Answer::Install { card, server } if g.corp.hq.contains(&card) && (server.is_none() || server != attacked) => Then::InstallCorpFree { card, server },
        _ => Then::Done,
    })
}

/// Every installed ice gets +2 strength for the remainder of the run (`Run::ice_plus`).
fn tributary_strength(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let ice: Vec<u32> = g.installed_corp().into_iter().filter(|&k| is_ice(g, k)).collect();
    let Some(r) = g.run.as_mut() else { return };
    r.ice_plus.extend(ice.iter().map(|&i| (i, 2)));
    note(ev, "ice_strength", format!("{}: each piece of ice gets +2 strength for the remainder of this run", c.name()), json!({"amount": 2}));
}

// --- Proprionegation ----------------------------------------------------------------------------------

fn proprionegation_scored(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    agenda_counters(g, c.card, 1, c.name(), ev);
}

/// Its hosted agenda counter moves the Runner to Archives, only during a run.
fn proprionegation_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    let usable = g.corp.score.contains(&card) && g.card(card).is_some_and(|k| k.agenda > 0) && g.run.as_ref().is_some_and(|r| !r.stop && r.moved_to.is_none());
    if !usable {
        return vec![];
    }
    vec![(format!("proprionegation:{card}"), format!("{}: spend its agenda counter: the Runner moves to the outermost position of Archives", g.label(card)), 0)]
}

fn proprionegation_move(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.card(c.card).is_none_or(|k| k.agenda == 0) {
        return;
    }
    agenda_counters(g, c.card, -1, c.name(), ev);
    move_runner(g, ARCHIVES);
}

// --- Mitra Aman ---------------------------------------------------------------------------------------

/// The Runner approaches an ice protecting its server (`arg`): trash it for 3 credits?
fn mitra_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.is_installed(c.card) || !g.rezzed(c.card) {
        return None;
    }
    let o = vec![(opt("trash", "Trash Mitra Aman: gain 3 credits and you may swap the approached ice"), Answer::Yes), (opt("no", "Do nothing"), Answer::No)];
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may trash {} ({})", g.label(c.card), c.name()),
        format!("{}: trash it to gain 3 credits and swap the approached ice?", c.name()),
        o,
    ))
}

fn mitra_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && g.is_installed(c.card) {
        g.trash(c.card, "its own ability", ev);
        g.gain(CORP, 3, c.name(), ev);
        ask_later(g, c, 1);
    }
    Ok(Then::Done)
}

/// The ice in HQ and Archives that may take the approached ice's place.
fn mitra_swap_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.run.as_ref().and_then(|r| r.current) != Some(c.arg) {
        return None;
    }
    let ice: Vec<u32> = g.corp.hq.iter().chain(&g.corp.archives).copied().filter(|&k| is_ice(g, k)).collect();
    if ice.is_empty() {
        return None;
    }
    let o = with_none(card_options(g, "swap", &ice));
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may swap the approached ice with an ice from HQ or Archives ({})", c.name()),
        format!("{}: swap {} with a piece of ice from HQ or Archives?", c.name(), g.label(c.arg)),
        o,
    ))
}

fn mitra_swap_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(k) = first(a) {
        swap_with_uninstalled(g, c.arg, k, c.name(), ev);
    }
    Ok(Then::Done)
}
