//! Ice of the Haas-Bioroid faction: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::common::{corp_may_install, corp_trashes, run_going, trash_ice_in_run, ETR};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] = &[
    ABLATIVE_BARRIER_ROW,
    ANSEL_1_0_ROW,
    BRAN_1_0_ROW,
    BUMI_1_0_ROW,
    JAGUARUNDI_ROW,
    LYCIAN_MULTI_MUNITION_ROW,
    MIC_ROW,
    SCATTER_FIELD_ROW,
    SOROCABAN_BLADE_ROW,
];

// --- Ablative Barrier ----------------------------------------------------------------------------

pub const ABLATIVE_BARRIER: &str = "34034";

pub(crate) const ABLATIVE_BARRIER_ROW: CardDef = CardDef {
    code: ABLATIVE_BARRIER,
    name: "Ablative Barrier",
    on_rez: Effect::Custom(ablative_barrier),
    subroutines: &[ETR],
    asks: &[Ask::Own(Prompt { ask: ablative_ask, answer: ablative_answer })],
    ..BLANK
};

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
    corp_may_install(
        corp_install_options(g, &from, false, false).into_iter().filter(|(_, a)| !matches!(a, Answer::Install { server: Some(s), .. } if *s == here)),
        format!("may install a non-agenda card from HQ or Archives in or protecting another server ({})", c.name()),
        format!("{}: you may install 1 non-agenda card from HQ or Archives in the root of or protecting another server", c.name()),
    )
}

fn ablative_answer(_: &mut Game, _: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    Ok(match first(a) {
        Answer::Install { card, server } => Then::InstallCorp { card, server },
        _ => Then::Done,
    })
}

// --- Ansel 1.0 -----------------------------------------------------------------------------------

pub const ANSEL_1_0: &str = "30038";

pub(crate) const ANSEL_1_0_ROW: CardDef = CardDef {
    code: ANSEL_1_0,
    name: "Ansel 1.0",
    subroutines: &[
        Sub { text: "trash 1 installed Runner card", effect: Effect::Custom(ansel_trash) },
        Sub { text: "the Corp may install a card from HQ or Archives", effect: Effect::Ask(1) },
        Sub { text: "the Runner cannot steal or trash Corp cards for the rest of the run", effect: Effect::Custom(ansel_no_steal) },
    ],
    asks: &[Ask::CorpTrashes { kind: TrashKind::RunnerCard, or_end: false, optional: false }, Ask::Own(Prompt { ask: ansel_ask, answer: ansel_answer })],
    ..BLANK
};

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

// --- Brân 1.0 ------------------------------------------------------------------------------------

pub const BRAN_1_0: &str = "30039";

pub(crate) const BRAN_1_0_ROW: CardDef = CardDef {
    code: BRAN_1_0,
    name: "Brân 1.0",
    subroutines: &[Sub { text: "the Corp may install an ice from HQ or Archives inward, for free", effect: Effect::Ask(0) }, ETR, ETR],
    asks: &[Ask::Own(Prompt { ask: bran_ask, answer: bran_answer })],
    ..BLANK
};

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

// --- Bumi 1.0 ------------------------------------------------------------------------------------

pub const BUMI_1_0: &str = "35041";

pub(crate) const BUMI_1_0_ROW: CardDef = // The Runner's "lose a click: break a subroutine" is the flow's, for every Bioroid ice.
    CardDef {
        code: BUMI_1_0,
        name: "Bumi 1.0",
        on_rez: Effect::Custom(bumi_rez),
        subroutines: &[Sub { text: "trash 1 installed program", effect: Effect::Ask(1) }, Sub { text: "1 core damage", effect: Effect::Custom(core_1) }],
        asks: &[Ask::Own(Prompt { ask: bumi_trojan_ask, answer: bumi_answer }), Ask::Own(Prompt { ask: bumi_program_ask, answer: bumi_answer })],
        ..BLANK
    };

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

// --- Jaguarundi ----------------------------------------------------------------------------------

pub const JAGUARUNDI: &str = "34035";

pub(crate) const JAGUARUNDI_ROW: CardDef = CardDef {
    code: JAGUARUNDI,
    name: "Jaguarundi",
    events: &[(When::Encounter, Effect::Custom(jaguarundi_encounter))],
    subroutines: &[
        Sub { text: "give the Runner 1 tag", effect: Effect::Tags(1) },
        Sub { text: "1 core damage if the Runner is tagged", effect: Effect::Custom(jaguarundi_core) },
    ],
    asks: &[Ask::Own(Prompt { ask: jaguarundi_ask, answer: jaguarundi_answer })],
    ..BLANK
};

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

// --- Lycian Multi-Munition -----------------------------------------------------------------------

pub const LYCIAN_MULTI_MUNITION: &str = "34100";

pub(crate) const LYCIAN_MULTI_MUNITION_ROW: CardDef = CardDef {
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
};

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
        crate::netrunner::effects::derez(g, c.card, c.name(), ev);
    }
}

fn lycian_code_gate(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.ice_has_subtype(c.card, "Code Gate") {
        crate::netrunner::effects::lose_a_remaining_click(g, c.name(), ev);
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

// --- M.I.C. --------------------------------------------------------------------------------------

pub const MIC: &str = "34036";

pub(crate) const MIC_ROW: CardDef = CardDef {
    code: MIC,
    name: "M.I.C.",
    paid: Some(PaidAbility { offers: Offers::Own(mic_offers), effect: Effect::Custom(mic_trash) }),
    subroutines: &[
        Sub { text: "the Runner loses a click", effect: Effect::Custom(lose_click) },
        Sub { text: "the Runner loses a click", effect: Effect::Custom(lose_click) },
        ETR,
    ],
    asks: &[Ask::Own(Prompt { ask: mic_ask, answer: mic_answer })],
    ..BLANK
};

fn lose_click(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    crate::netrunner::effects::lose_a_remaining_click(g, c.name(), ev);
}

/// M.I.C.'s trash ability, only during a run on its server.
/// Hand-written offers, not a `Costed`: its trash is the trash of an ice during a run (`trash_ice_in_run`), not a plain trash.
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

// --- Scatter Field -------------------------------------------------------------------------------

pub const SCATTER_FIELD: &str = "35042";

pub(crate) const SCATTER_FIELD_ROW: CardDef = CardDef {
    code: SCATTER_FIELD,
    name: "Scatter Field",
    statics: &[Static::IceStrength(scatter_field_strength)],
    subroutines: &[Sub { text: "the Corp may install 1 card from HQ", effect: Effect::Ask(0) }, ETR],
    asks: &[Ask::Own(Prompt { ask: scatter_field_ask, answer: scatter_field_answer })],
    ..BLANK
};

/// +4 strength while it is the only ice protecting its server.
fn scatter_field_strength(g: &Game, ice: u32) -> i64 {
    match g.corp_zone(ice) {
        CorpZone::Ice(s) if g.server(s).is_some_and(|sv| sv.ice.len() == 1) => 4,
        _ => 0,
    }
}

fn scatter_field_ask(g: &Game, c: Ctx) -> Option<Question> {
    corp_may_install(
        corp_install_options(g, &g.corp.hq, false, false),
        format!("may install a card from HQ ({})", c.name()),
        format!("{}: you may install 1 card from HQ", c.name()),
    )
}

fn scatter_field_answer(_: &mut Game, _: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    Ok(match first(a) {
        Answer::Install { card, server } => Then::InstallCorp { card, server },
        _ => Then::Done,
    })
}

// --- Sorocaban Blade -----------------------------------------------------------------------------

pub const SOROCABAN_BLADE: &str = "34101";

pub(crate) const SOROCABAN_BLADE_ROW: CardDef = CardDef {
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
};
