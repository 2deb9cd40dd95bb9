//! Corp identities: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::common::{corp_may_install, counter_options, install_answer, pick_one_of, take_to_hq_answer};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] = &[
    A_TEIA_ROW,
    AU_CO_ROW,
    BANGUN_ROW,
    EPIPHANY_ANALYTICA_ROW,
    HAAS_BIOROID_ROW,
    JINTEKI_ROW,
    LEO_CONSTRUCTION_ROW,
    NBN_ROW,
    NEBULA_TALENT_MANAGEMENT_ROW,
    NUVEM_SA_ROW,
    POETRI_LUXURY_BRANDS_ROW,
    PT_UNTAIAN_ROW,
    SYNAPSE_GLOBAL_ROW,
    THE_SYNDICATE_ROW,
    THE_ZWICKY_GROUP_ROW,
    THUNDERBOLT_ARMAMENTS_ROW,
    WEYLAND_ROW,
];

// --- A Teia: IP Recovery -------------------------------------------------------------------------

pub const A_TEIA: &str = "34039";

pub(crate) const A_TEIA_ROW: CardDef = CardDef {
    code: A_TEIA,
    name: "A Teia: IP Recovery",
    statics: &[Static::RemoteServerLimit(2)],
    events: &[(When::CorpInstalled, Effect::Custom(a_teia_installed))],
    asks: &[Ask::Own(Prompt { ask: a_teia_ask, answer: a_teia_answer })],
    ..BLANK
};

/// The first install each turn in or protecting a remote server: one more install from HQ in or
/// protecting another remote server (`arg`: the first one's server).
fn a_teia_installed(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    let Some(s) = g.server_of(c.arg).filter(|&s| Game::is_remote(s)) else { return };
    if g.use_once_per_turn(c.def.code) {
        ask_later(g, Ctx { arg: s, ..c }, 0);
    }
}

fn a_teia_ask(g: &Game, c: Ctx) -> Option<Question> {
    let hq: Vec<u32> = g.corp.hq.clone();
    let others: Vec<_> = corp_install_options(g, &hq, false, true)
        .into_iter()
        .filter(|(_, a)| {
            matches!(a, Answer::Install { server: None, .. }) || matches!(a, Answer::Install { server: Some(s), .. } if Game::is_remote(*s) && *s != c.arg)
        })
        .collect();
    if others.is_empty() {
        return None;
    }
    let mut o = vec![(opt("none", "Install nothing"), Answer::No)];
    o.extend(others);
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may install a card from HQ in another remote server, ignoring all costs ({})", c.name()),
        format!("{}: you may install 1 card from HQ in or protecting another remote server, ignoring all costs (it cannot be scored this turn)", c.name()),
        o,
    ))
}

fn a_teia_answer(g: &mut Game, _: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Install { card, server } = first(a) else { return Ok(Then::Done) };
    g.flags.no_score.push(card);
    Ok(Then::InstallCorpFree { card, server })
}

// --- AU Co.: The Gold Standard in Clones ---------------------------------------------------------

pub const AU_CO: &str = "35046";

pub(crate) const AU_CO_ROW: CardDef = CardDef {
    code: AU_CO,
    name: "AU Co.: The Gold Standard in Clones",
    events: &[(When::CorpDidDamage, Effect::Custom(au_counter)), (When::CorpTrashedFromHq, Effect::Custom(au_counter)), (When::TurnBegin, Effect::Ask(0))],
    asks: &[Ask::Own(Prompt { ask: au_spend_ask, answer: au_spend_answer }), Ask::Own(Prompt { ask: au_look_ask, answer: au_look_answer })],
    ..BLANK
};

/// 1 power counter on the identity (damage done, or cards trashed from HQ).
fn au_counter(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.corp.identity_power += 1;
    let n = g.corp.identity_power;
    note(ev, "power_counters", format!("{}: 1 power counter on it (now {n})", c.name()), json!({"seat": CORP, "identity": true, "change": 1, "power": n}));
}

fn au_spend_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.identity_power < 2 || g.corp.rd.is_empty() {
        return None;
    }
    let o = vec![(opt("look", "Remove 2 power counters to look at the top 3 cards of R&D"), Answer::Yes), (opt("none", "Do not"), Answer::No)];
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may remove 2 power counters to look at the top 3 cards of R&D ({})", c.name()),
        format!("{}: you may remove 2 hosted power counters to look at the top 3 cards of R&D, trash 1 and add the rest to HQ", c.name()),
        o,
    ))
}

fn au_spend_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && g.corp.identity_power >= 2 {
        g.corp.identity_power -= 2;
        let n = g.corp.identity_power;
        note(
            ev,
            "power_counters",
            format!("{}: 2 power counters removed (now {n})", c.name()),
            json!({"seat": CORP, "identity": true, "change": -2, "power": n}),
        );
        ask_later(g, c, 1);
    }
    Ok(Then::Done)
}

fn au_look_ask(g: &Game, c: Ctx) -> Option<Question> {
    let top: Vec<u32> = g.corp.rd.iter().copied().take(3).collect();
    if top.is_empty() {
        return None;
    }
    Some(
        Question::one(
            CORP,
            CARD_KIND,
            format!("trashes 1 of the top 3 cards of R&D and adds the rest to HQ ({})", c.name()),
            format!("{}: trash 1 of these cards; the rest go to HQ", c.name()),
            card_options(g, "trash", &top),
        )
        .looking_at(top),
    )
}

fn au_look_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let top: Vec<u32> = g.corp.rd.iter().copied().take(3).collect();
    let Answer::Card(k) = first(a) else { return Err(RulesError::Illegal("choose a card to trash".into())) };
    if !top.contains(&k) {
        return Err(RulesError::Illegal("not one of the top 3 cards of R&D".into()));
    }
    trash_from_rd(g, &[k], c.name(), ev);
    for x in top.into_iter().filter(|&x| x != k) {
        g.corp.rd.retain(|&y| y != x);
        g.corp.hq.push(x);
        ev.push(corp_card_private(
            g,
            "to_hq",
            format!("{}: the Corp adds a card from R&D to HQ", c.name()),
            format!("{}: the Corp adds {} from R&D to HQ", c.name(), g.label(x)),
            x,
        ));
    }
    Ok(Then::Done)
}

// --- BANGUN: When Disaster Strikes ---------------------------------------------------------------

pub const BANGUN: &str = "35068";

pub(crate) const BANGUN_ROW: CardDef = CardDef {
    code: BANGUN,
    name: "BANGUN: When Disaster Strikes",
    statics: &[Static::AgendasInstallFaceup],
    events: &[(When::CorpCardAccessed, Effect::Custom(bangun_accessed))],
    ..BLANK
};

/// A face-up installed agenda accessed: 2 meat damage and 1 tag (the tag first: damage resolves
/// as a task after the immediate effects).
fn bangun_accessed(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let k = c.arg;
    let faceup = g.card(k).is_some_and(|x| x.faceup);
    if g.def(k).ctype == CardType::Agenda && faceup && g.server_of(k).is_some() {
        crate::netrunner::effects::damage(g, DamageKind::Meat, 2, c.name(), false);
        give_tags(g, 1, c.name(), ev);
    }
}

// --- Epiphany Analytica: Nations Undivided -------------------------------------------------------

pub const EPIPHANY_ANALYTICA: &str = "34048";

pub(crate) const EPIPHANY_ANALYTICA_ROW: CardDef = // clicks and the Corp identity's abilities
    CardDef {
        code: EPIPHANY_ANALYTICA,
        name: "Epiphany Analytica: Nations Undivided",
        events: &[(When::RunnerTookCorpCardFirst, Effect::Custom(epiphany_counter))],
        click: Some(Click { offers: Offers::Own(epiphany_offers), effect: Effect::Custom(epiphany_look) }),
        asks: &[Ask::Own(Prompt { ask: epiphany_ask, answer: install_from_rd_answer })],
        ..BLANK
    };

/// Epiphany Analytica: 1 power counter on the identity, the first time each turn the Runner
/// steals or trashes a Corp card.
fn epiphany_counter(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.corp.identity_power += 1;
    let n = g.corp.identity_power;
    note(ev, "power_counters", format!("{}: 1 power counter on it (now {n})", c.name()), json!({"seat": CORP, "identity": true, "change": 1, "power": n}));
}

/// Hand-written offers, not a `Costed`: an identity's ability (its counter is the identity's, not a card's).
fn epiphany_offers(g: &Game, _: u32) -> Vec<(Option<u32>, String)> {
    if g.corp.identity_power == 0 || g.corp.rd.is_empty() {
        return vec![];
    }
    vec![(None, "Epiphany Analytica: spend 1 hosted power counter to look at the top 3 cards of R&D and install 1 of them".into())]
}

fn epiphany_look(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.corp.identity_power == 0 {
        return;
    }
    g.corp.identity_power -= 1;
    let n = g.corp.identity_power;
    note(ev, "power_counters", format!("{}: 1 power counter spent (now {n})", c.name()), json!({"seat": CORP, "identity": true, "change": -1, "power": n}));
    ask_later(g, c, 0);
}

fn epiphany_ask(g: &Game, c: Ctx) -> Option<Question> {
    install_looked_ask(g, c, rd_top(g, 3), "1 of them")
}

// --- Haas-Bioroid: Precision Design --------------------------------------------------------------

// The rest of System Gateway: the four Corp factions.
pub const HAAS_BIOROID: &str = "30035";

pub(crate) const HAAS_BIOROID_ROW: CardDef = CardDef {
    code: HAAS_BIOROID,
    name: "Haas-Bioroid: Precision Design",
    statics: &[Static::MaxHand(1)],
    events: &[(When::CorpScores, Effect::Custom(precision_design))],
    asks: &[Ask::Own(Prompt { ask: precision_design_ask, answer: take_to_hq_answer::<false> })],
    ..BLANK
};

/// Haas-Bioroid: scoring an agenda, the Corp may take a card from Archives into HQ.
fn precision_design(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if !g.corp.archives.is_empty() {
        ask_later(g, c, 0);
    }
}

fn precision_design_ask(g: &Game, _: Ctx) -> Option<Question> {
    if g.corp.archives.is_empty() {
        return None;
    }
    let mut o = vec![(opt("none", "Take nothing"), Answer::No)];
    o.extend(card_options(g, "take", &g.corp.archives));
    Some(pick_one_of(
        CORP,
        "precision_design",
        "may add a card from Archives to HQ (Haas-Bioroid: Precision Design)",
        "Haas-Bioroid: Precision Design: you may add a card from Archives to HQ",
        o,
    ))
}

// --- Jinteki: Restoring Humanity -----------------------------------------------------------------

pub const JINTEKI: &str = "30043";

pub(crate) const JINTEKI_ROW: CardDef =
    CardDef { code: JINTEKI, name: "Jinteki: Restoring Humanity", events: &[(When::CorpDiscarded, Effect::Custom(restoring_humanity))], ..BLANK };

/// Jinteki: after the Corp's discard, 1 credit if Archives holds a face-down card.
fn restoring_humanity(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.corp.archives.iter().any(|&k| g.card(k).is_some_and(|k| !k.faceup)) {
        g.gain(CORP, 1, c.name(), ev);
    }
}

// --- LEO Construction: Labor Solutions -----------------------------------------------------------

pub const LEO_CONSTRUCTION: &str = "35035";

pub(crate) const LEO_CONSTRUCTION_ROW: CardDef = CardDef {
    code: LEO_CONSTRUCTION,
    name: "LEO Construction: Labor Solutions",
    paid: Some(PaidAbility { offers: Offers::Own(leo_offers), effect: Effect::Custom(leo_construction) }),
    ..BLANK
};

/// LEO Construction: once per turn during a run, trash a rezzed bioroid card in the root of or
/// protecting the attacked server to end the run.
/// Hand-written offers, not a `Costed`: one option per Bioroid to trash.
fn leo_offers(g: &Game, _: u32) -> Vec<(String, String, u32)> {
    let Some(run) = g.run.as_ref() else { return vec![] };
    if g.used_this_turn(LEO_CONSTRUCTION) {
        return vec![];
    }
    let Some(s) = g.server(run.server) else { return vec![] };
    s.ice
        .iter()
        .chain(s.root.iter())
        .copied()
        .filter(|&k| g.rezzed(k) && g.def(k).has_subtype("Bioroid"))
        .map(|k| (format!("leo:{k}"), format!("LEO Construction: trash {} to end the run", g.label(k)), k))
        .collect()
}

fn leo_construction(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if !leo_offers(g, c.card).iter().any(|(_, _, k)| *k == c.arg) {
        return;
    }
    g.use_once_per_turn(LEO_CONSTRUCTION);
    g.corp_trash_installed(c.arg, c.name(), ev);
    end_the_run(g, c.name(), ev);
}

// --- NBN: Reality Plus ---------------------------------------------------------------------------

pub const NBN: &str = "30051";

pub(crate) const NBN_ROW: CardDef = CardDef {
    code: NBN,
    name: "NBN: Reality Plus",
    events: &[(When::FirstTagThisTurn, Effect::Ask(0))],
    asks: &[Ask::Own(Prompt { ask: reality_plus_ask, answer: reality_plus_answer })],
    ..BLANK
};

fn reality_plus_ask(_: &Game, c: Ctx) -> Option<Question> {
    let o = vec![(opt("credits", "Gain 2 credits"), Answer::Mode(0)), (opt("draw", "Draw 2 cards"), Answer::Mode(1))];
    Some(pick_one_of(
        CORP,
        "reality_plus",
        &format!("gains 2 credits or draws 2 cards ({})", c.name()),
        &format!("{}: gain 2 credits or draw 2 cards", c.name()),
        o,
    ))
}

fn reality_plus_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Mode(1) {
        g.draw(CORP, 2, ev);
    } else {
        g.gain(CORP, 2, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- Nebula Talent Management: Making Stars ------------------------------------------------------

pub const NEBULA_TALENT_MANAGEMENT: &str = "35057";

pub(crate) const NEBULA_TALENT_MANAGEMENT_ROW: CardDef = CardDef {
    code: NEBULA_TALENT_MANAGEMENT,
    name: "Nebula Talent Management",
    events: &[
        (When::CorpActionPhaseEnds, Effect::Custom(nebula_action_phase_ends)),
        (When::CorpPlayedOperation, Effect::Custom(nebula_played)),
        (When::CorpSuccessfulRun, Effect::Custom(nebula_successful_run)),
    ],
    ..BLANK
};

fn flip_corp_identity(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.corp.flipped = !g.corp.flipped;
    let side = if g.corp.flipped { "its flip side" } else { "its front side" };
    note(ev, "identity_flipped", format!("{} flips to {side}", c.name()), json!({"seat": CORP, "flipped": g.corp.flipped}));
}

/// The Corp operations played this turn.
fn operations_played(g: &Game) -> usize {
    g.flags.played.iter().filter(|&&k| g.def(k).ctype == CardType::Operation).count()
}

/// Front side: the action phase ends after an operation was played this turn: 1 credit, flip.
fn nebula_action_phase_ends(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if !g.corp.flipped && operations_played(g) > 0 {
        g.gain(CORP, 1, c.name(), ev);
        flip_corp_identity(g, c, ev);
    }
}

/// Flip side: the first operation each turn gains a click.
fn nebula_played(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.corp.flipped && operations_played(g) == 1 {
        gain_clicks(g, CORP, 1, c.name(), ev);
    }
}

/// Flip side: a successful run on HQ or R&D flips it back.
fn nebula_successful_run(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.corp.flipped && (c.arg == crate::netrunner::state::HQ || c.arg == crate::netrunner::state::RD) {
        flip_corp_identity(g, c, ev);
    }
}

// --- Nuvem SA: Law of the Land -------------------------------------------------------------------

pub const NUVEM_SA: &str = "34121";

pub(crate) const NUVEM_SA_ROW: CardDef = CardDef {
    code: NUVEM_SA,
    name: "Nuvem SA: Law of the Land",
    events: &[(When::CorpFinishedAction, Effect::Custom(nuvem_finished)), (When::CorpTrashedFromRd, Effect::Custom(nuvem_trashed_from_rd))],
    asks: &[Ask::Own(Prompt { ask: nuvem_ask, answer: nuvem_answer })],
    ..BLANK
};

/// An action that played an operation, or one on an expendable card (its expend ability), is
/// finished: look at the top card of R&D.
fn nuvem_finished(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    let Some(kind) = g.flags.actions_finished.last() else { return };
    let expendable = kind.strip_prefix("ability:").and_then(data::card).is_some_and(|d| d.has_subtype("Expendable"));
    if (kind == "play" || expendable) && !g.corp.rd.is_empty() {
        ask_later(g, c, 0);
    }
}

fn nuvem_ask(g: &Game, c: Ctx) -> Option<Question> {
    let top = *g.corp.rd.first()?;
    let o = vec![(opt("keep", "Leave it on top of R&D"), Answer::No), (opt("trash", format!("Trash {}", g.label(top))), Answer::Card(top))];
    Some(
        Question::one(CORP, CARD_KIND, format!("looks at the top card of R&D ({})", c.name()), format!("{}: you may trash the top card of R&D", c.name()), o)
            .looking_at(vec![top]),
    )
}

fn nuvem_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(k) = first(a) {
        if g.corp.rd.first() == Some(&k) {
            trash_from_rd(g, &[k], c.name(), ev);
        }
    }
    Ok(Then::Done)
}

/// The first time during each of the Corp's turns it trashes a card from R&D: 2 credits.
fn nuvem_trashed_from_rd(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.active == CORP && g.use_once_per_turn(c.def.code) {
        g.gain(CORP, 2, c.name(), ev);
    }
}

// --- Poétrï Luxury Brands: All the Rage ----------------------------------------------------------

pub const POETRI_LUXURY_BRANDS: &str = "35036";

pub(crate) const POETRI_LUXURY_BRANDS_ROW: CardDef = CardDef {
    code: POETRI_LUXURY_BRANDS,
    name: "Poétrï Luxury Brands: All the Rage",
    events: &[(When::CorpScores, Effect::Custom(poetri_look)), (When::AgendaStolen, Effect::Ask(1))],
    asks: &[Ask::Own(Prompt { ask: poetri_rd_ask, answer: install_from_rd_answer }), Ask::Own(Prompt { ask: poetri_hq_ask, answer: install_answer::<false> })],
    ..BLANK
};

/// Poétrï Luxury Brands: whenever the Corp scores, a look at the top 3 cards of R&D.
fn poetri_look(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    ask_later(g, c, 0);
}

fn poetri_rd_ask(g: &Game, c: Ctx) -> Option<Question> {
    let top = rd_top(g, 3);
    let mut q = install_looked_ask(g, c, top.clone(), "1 non-agenda card")?;
    // Agendas are looked at but not offered.
    let agendas: Vec<u32> = top.iter().copied().filter(|&k| g.def(k).ctype == CardType::Agenda).collect();
    q.options.retain(|(_, a)| !matches!(a, Answer::Install { card, .. } if agendas.contains(card)));
    Some(q)
}

/// Poétrï Luxury Brands: an agenda stolen, the Corp may install a non-agenda card from HQ.
fn poetri_hq_ask(g: &Game, c: Ctx) -> Option<Question> {
    let hq: Vec<u32> = g.corp.hq.iter().copied().filter(|&k| g.def(k).ctype != CardType::Agenda).collect();
    corp_may_install(
        corp_install_options(g, &hq, false, false),
        format!("may install a non-agenda card from HQ ({})", c.name()),
        format!("{}: you may install 1 non-agenda card from HQ", c.name()),
    )
}

// --- PT Untaian: Life's Building Blocks ----------------------------------------------------------

pub const PT_UNTAIAN: &str = "35047";

pub(crate) const PT_UNTAIAN_ROW: CardDef = CardDef {
    code: PT_UNTAIAN,
    name: "PT Untaian: Life's Building Blocks",
    events: &[(When::CorpDiscarded, Effect::Ask(0))],
    asks: &[Ask::Own(Prompt { ask: untaian_ask, answer: untaian_answer })],
    ..BLANK
};

fn untaian_targets(g: &Game) -> Vec<u32> {
    g.installed_corp().into_iter().filter(|&k| !g.rezzed(k) && g.advanceable(k)).collect()
}

fn untaian_ask(g: &Game, c: Ctx) -> Option<Question> {
    let to = untaian_targets(g);
    if g.corp.hq.len() > 3 || g.corp.credits < 1 || to.is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may pay 1 credit to place 1 advancement counter on an unrezzed card ({})", c.name()),
        format!("{}: you may pay 1 credit to place 1 advancement counter on an unrezzed card you can advance (it cannot be scored this turn)", c.name()),
        counter_options(g, &to, "Do nothing"),
    ))
}

fn untaian_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Card(k) = first(a) else { return Ok(Then::Done) };
    if untaian_targets(g).contains(&k) && g.corp_pay(1) {
        note(ev, "paid", format!("The Corp pays 1 credit for {}", c.name()), json!({"seat": CORP, "cost": 1, "source": c.name()}));
        place_adv(g, k, 1, c.name(), ev);
        g.flags.no_score.push(k);
    }
    Ok(Then::Done)
}

// --- Synapse Global: Faster than Thought ---------------------------------------------------------

pub const SYNAPSE_GLOBAL: &str = "35058";

pub(crate) const SYNAPSE_GLOBAL_ROW: CardDef = CardDef {
    code: SYNAPSE_GLOBAL,
    name: "Synapse Global: Faster than Thought",
    events: &[(When::FirstTagRemoved, Effect::Ask(0))],
    click: Some(Click { offers: Offers::Own(synapse_offers), effect: Effect::Custom(synapse_global) }),
    asks: &[Ask::Own(Prompt { ask: synapse_ask, answer: synapse_answer })],
    ..BLANK
};

/// Hand-written offers, not a `Costed`: an identity's ability (its label is the identity's name, not a card's).
fn synapse_offers(g: &Game, _: u32) -> Vec<(Option<u32>, String)> {
    if g.runner.tags < 1 {
        return vec![];
    }
    vec![(None, "Synapse Global: remove 1 tag to gain 2 credits".into())]
}

fn synapse_global(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.runner.tags < 1 {
        return;
    }
    g.runner.tags -= 1;
    note(ev, "tag_removed", format!("{}: the Corp removes a tag ({} left)", c.name(), g.runner.tags), json!({"tags": g.runner.tags}));
    crate::netrunner::effects::tags_removed(g, 1, ev);
    g.gain(CORP, 2, c.name(), ev);
}

/// The first tag removed each turn: reveal and install 1 card from HQ, ignoring all costs.
fn synapse_ask(g: &Game, c: Ctx) -> Option<Question> {
    corp_may_install(
        corp_install_options(g, &g.corp.hq, false, true),
        format!("may reveal and install a card from HQ, ignoring all costs ({})", c.name()),
        format!("{}: you may reveal and install 1 card from HQ, ignoring all costs", c.name()),
    )
}

fn synapse_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Install { card, server } = first(a) else { return Ok(Then::Done) };
    note(ev, "revealed", format!("{}: the Corp reveals {} and installs it", c.name(), g.label(card)), json!({"card": card, "code": g.code(card)}));
    Ok(Then::InstallCorpFree { card, server })
}

// --- The Syndicate: Profit over Principle --------------------------------------------------------

// Corp (The Syndicate starter deck).
pub const THE_SYNDICATE: &str = "30077";

pub(crate) const THE_SYNDICATE_ROW: CardDef = CardDef { code: THE_SYNDICATE, name: "The Syndicate", ..BLANK };

// --- The Zwicky Group: Invisible Hands -----------------------------------------------------------

pub const THE_ZWICKY_GROUP: &str = "35069";

pub(crate) const THE_ZWICKY_GROUP_ROW: CardDef = CardDef {
    code: THE_ZWICKY_GROUP,
    name: "The Zwicky Group: Invisible Hands",
    events: &[(When::CorpFirstGainFromAgendaOrOperation, Effect::Ask(0))],
    asks: &[Ask::Own(Prompt { ask: zwicky_ask, answer: zwicky_answer })],
    ..BLANK
};

fn zwicky_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.rd.is_empty() {
        return None;
    }
    let o = vec![(opt("draw", "Draw 1 card"), Answer::Yes), (opt("none", "Do not"), Answer::No)];
    Some(Question::one(CORP, CARD_KIND, format!("may draw 1 card ({})", c.name()), format!("{}: you may draw 1 card", c.name()), o))
}

fn zwicky_answer(g: &mut Game, _: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        g.draw(CORP, 1, ev);
    }
    Ok(Then::Done)
}

// --- Thunderbolt Armaments: Peace Through Power --------------------------------------------------

pub const THUNDERBOLT_ARMAMENTS: &str = "34096";

pub(crate) const THUNDERBOLT_ARMAMENTS_ROW: CardDef = CardDef {
    code: THUNDERBOLT_ARMAMENTS,
    name: "Thunderbolt Armaments",
    events: &[(When::Rez, Effect::Custom(thunderbolt_rez))],
    grants: &[Sub { text: "end the run unless the Runner trashes 1 of their installed cards", effect: Effect::Custom(thunderbolt_sub) }],
    asks: &[Ask::Own(Prompt { ask: thunderbolt_ask, answer: thunderbolt_answer })],
    ..BLANK
};

/// An AP or destroyer ice rezzed during a run gets +1 strength and gains its subroutine for the
/// remainder of that run.
fn thunderbolt_rez(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let ice = c.arg;
    let ap_or_destroyer = crate::netrunner::effects::is_ice(g, ice) && (g.ice_has_subtype(ice, "AP") || g.ice_has_subtype(ice, "Destroyer"));
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

// --- Weyland Consortium: Built to Last -----------------------------------------------------------

pub const WEYLAND: &str = "30059";

pub(crate) const WEYLAND_ROW: CardDef =
    CardDef { code: WEYLAND, name: "Weyland Consortium: Built to Last", events: &[(When::Advance, Effect::Custom(built_to_last))], ..BLANK };

/// Weyland: advancing a card without counters gains 2.
fn built_to_last(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if c.arg == 0 {
        g.gain(CORP, 2, c.name(), ev);
    }
}

// --- shared by the cards above ---------------------------------------------------------------------

/// The top `n` cards of R&D.
fn rd_top(g: &Game, n: usize) -> Vec<u32> {
    g.corp.rd.iter().copied().take(n).collect()
}

/// An optional install of one of `cards` (the Corp's own hidden cards it looks at: R&D's top),
/// paying its costs.
fn install_looked_ask(g: &Game, c: Ctx, cards: Vec<u32>, what: &str) -> Option<Question> {
    if cards.is_empty() {
        return None;
    }
    let mut o = vec![(opt("none", "Install nothing"), Answer::No)];
    o.extend(corp_install_options(g, &cards, false, false));
    Some(
        Question::one(
            CORP,
            CARD_KIND,
            format!("looks at the top {} card(s) of R&D and may install {what} ({})", cards.len(), c.name()),
            format!("{}: you may install {what} from the top {} card(s) of R&D", c.name(), cards.len()),
            o,
        )
        .looking_at(cards),
    )
}

/// Installing a card looked at on top of R&D: it leaves R&D at once (set aside while it is
/// installed), so that the questions of its install (what to trash first) name a card the Corp
/// knows, not one still among R&D's hidden cards.
fn install_from_rd_answer(g: &mut Game, _: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Install { card, server } = first(a) else { return Ok(Then::Done) };
    g.take_corp(card);
    Ok(Then::InstallCorp { card, server })
}
