//! Upgrades: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::common::{
    discounted_install_options, found_install_ask, install_then_rez, pick_one_of, rez_with_total_discount, run_going, set_aside_found, take_to_hq_answer,
    with_none, yes_no_options,
};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] = &[
    ADRIAN_SEIS_ROW,
    AMAZE_AMUSEMENTS_ROW,
    ANGELIQUE_GARZA_CORREA_ROW,
    ANOETIC_VOID_ROW,
    BRASILIA_GOVERNMENT_GRID_ROW,
    DANIELA_JORGE_INACIO_ROW,
    ISAAC_LIBERDADE_ROW,
    MAHKOTA_LANGIT_GRID_ROW,
    MALAPERT_DATA_VAULT_ROW,
    MANEGARM_SKUNKWORKS_ROW,
    MERCIA_B4LL4RD_ROW,
    MITRA_AMAN_ROW,
    THE_HOLO_MAN_ROW,
    TUCANA_ROW,
    VOVO_OZETTI_ROW,
];

// --- Adrian Seis ---------------------------------------------------------------------------------

pub const ADRIAN_SEIS: &str = "34046";

pub(crate) const ADRIAN_SEIS_ROW: CardDef = CardDef {
    code: ADRIAN_SEIS,
    name: "Adrian Seis",
    events: &[(When::SuccessfulRunHere, Effect::Ask(0)), (When::AnyTurnEnds, Effect::Custom(adrian_turn_ends))],
    asks: &[Ask::Psi(adrian_psi), Ask::Own(Prompt { ask: move_upgrade_ask, answer: move_upgrade_answer })],
    ..BLANK
};

/// The bids differ: only this upgrade may be accessed for the rest of the run; they match: it
/// may not be.
fn adrian_psi(g: &mut Game, c: Ctx, matched: bool, ev: &mut Vec<Event>) {
    let Some(run) = g.run.as_mut() else { return };
    if matched {
        run.not_accessed.push(c.card);
    } else {
        run.access_only = Some(c.card);
    }
    let what = if matched { format!("the Runner cannot access {}", c.name()) } else { format!("the Runner cannot access cards other than {}", c.name()) };
    note(ev, "access_restricted", format!("{}: for the remainder of the run, {what}", c.name()), json!({"card": c.card, "only_this": !matched}));
}

/// "When your turn ends, you may move this upgrade to the root of another server."
fn adrian_turn_ends(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if c.arg == CORP {
        ask_later(g, c, 1);
    }
}

// --- AMAZE Amusements ----------------------------------------------------------------------------

pub const AMAZE_AMUSEMENTS: &str = "30058";

pub(crate) const AMAZE_AMUSEMENTS_ROW: CardDef = CardDef {
    code: AMAZE_AMUSEMENTS,
    name: "AMAZE Amusements",
    events: &[(When::SuccessfulRunHere, Effect::Custom(amaze_marks_the_run))],
    run_ends: Some(amaze_run_ends),
    ..BLANK
};

/// AMAZE Amusements: rezzed in the server when the run succeeds, it gives 2 tags when that run
/// ends if an agenda was stolen (even if trashed meanwhile).
fn amaze_marks_the_run(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if let Some(r) = g.run.as_mut() {
        if !r.marked.contains(&c.card) {
            r.marked.push(c.card);
        }
    }
}

fn amaze_run_ends(g: &mut Game, c: Ctx, run: &Run, ev: &mut Vec<Event>) {
    if run.stolen > 0 {
        give_tags(g, 2, c.name(), ev);
    }
}

// --- Angelique Garza Correa ----------------------------------------------------------------------

pub const ANGELIQUE_GARZA_CORREA: &str = "34063";

pub(crate) const ANGELIQUE_GARZA_CORREA_ROW: CardDef = CardDef {
    code: ANGELIQUE_GARZA_CORREA,
    name: "Angelique Garza Correa",
    click: Some(Click {
        offers: Offers::Costed(Costed { id: "", cost: Cost::Expend, usable: |g, _| threat(g, 3), text: "" }),
        effect: Effect::Custom(angelique_expend),
    }),
    on_access: Effect::Custom(angelique_accessed),
    asks: &[Ask::Own(Prompt { ask: angelique_ask, answer: angelique_answer })],
    ..BLANK
};

fn angelique_expend(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    damage(g, DamageKind::Meat, 1, c.name(), false);
}

/// Accessed while rezzed, the Corp may pay 2 for 2 meat damage.
fn angelique_accessed(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.rezzed(c.card) && g.is_installed(c.card) {
        ask_later(g, c, 0);
    }
}

fn angelique_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.credits < 2 {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may pay 2 credits to do 2 meat damage ({})", g.label(c.card)),
        format!("{}: pay 2 credits to do 2 meat damage?", g.label(c.card)),
        yes_no_options("Pay 2 credits", "Do nothing"),
    ))
}

fn angelique_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && g.corp_pay(2) {
        note(ev, "paid", format!("The Corp pays 2 credits for {}", c.name()), json!({"seat": CORP, "cost": 2, "source": c.name()}));
        damage(g, DamageKind::Meat, 2, c.name(), false);
    }
    Ok(Then::Done)
}

// --- Anoetic Void --------------------------------------------------------------------------------

pub const ANOETIC_VOID: &str = "30050";

pub(crate) const ANOETIC_VOID_ROW: CardDef = CardDef {
    code: ANOETIC_VOID,
    name: "Anoetic Void",
    events: &[(When::ApproachServer, Effect::Custom(anoetic_void))],
    asks: &[Ask::Own(Prompt { ask: anoetic_void_ask, answer: anoetic_void_answer }), Ask::Own(Prompt { ask: anoetic_void_pick, answer: anoetic_void_trash })],
    ..BLANK
};

fn anoetic_void(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.corp.credits >= 2 && g.corp.hq.len() >= 2 {
        ask_later(g, c, 0);
    }
}

fn anoetic_void_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !run_going(g) || g.corp.credits < 2 || g.corp.hq.len() < 2 {
        return None;
    }
    // Use it or not first, then exactly 2 cards: one pick of "0 or 2" cannot be asked as a range.
    let o = vec![(opt("use", "Pay 2 credits and trash 2 cards from HQ: end the run"), Answer::Yes), (opt("decline", "Do not"), Answer::No)];
    Some(Question::one(
        CORP,
        "anoetic_void",
        format!("may pay 2 credits and trash 2 cards from HQ to end the run ({})", g.corp_public_label(c.card)),
        format!("{}: pay 2 credits and trash 2 cards from HQ to end the run?", g.label(c.card)),
        o,
    ))
}

fn anoetic_void_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        ask_later(g, c, 1);
    }
    Ok(Then::Done)
}

fn anoetic_void_pick(g: &Game, c: Ctx) -> Option<Question> {
    if !run_going(g) || g.corp.credits < 2 || g.corp.hq.len() < 2 {
        return None;
    }
    let o = card_options(g, "card", &g.corp.hq);
    Some(
        Question::one(
            CORP,
            "anoetic_void_trash",
            format!("picks 2 cards from HQ to trash ({})", g.corp_public_label(c.card)),
            format!("{}: pick the 2 cards from HQ to trash", g.label(c.card)),
            o,
        )
        .range(2, 2),
    )
}

fn anoetic_void_trash(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let cs = picked(a);
    if cs.len() != 2 {
        return Err(RulesError::Illegal("pick 2 cards".into()));
    }
    if !g.corp_pay(2) {
        return Err(RulesError::Illegal("Anoetic Void costs 2 credits".into()));
    }
    trash_from_hq(g, cs, ev);
    let label = g.label(c.card);
    end_the_run(g, &label, ev);
    Ok(Then::Done)
}

// --- Brasília Government Grid --------------------------------------------------------------------

pub const BRASILIA_GOVERNMENT_GRID: &str = "34104";

pub(crate) const BRASILIA_GOVERNMENT_GRID_ROW: CardDef = CardDef {
    code: BRASILIA_GOVERNMENT_GRID,
    name: "Brasília Government Grid",
    events: &[(When::Rez, Effect::Ask(0))],
    asks: &[Ask::Own(Prompt { ask: brasilia_ask, answer: brasilia_answer })],
    ..BLANK
};

/// The rezzed ice Brasília Government Grid may derez after ice `rezzed` was rezzed during a run
/// on its server (none when it does not apply or its once-per-turn use is spent).
fn brasilia_targets(g: &Game, grid: u32, rezzed: u32) -> Vec<u32> {
    let CorpZone::Root(server) = g.corp_zone(grid) else { return vec![] };
    let on_this = g.run.as_ref().is_some_and(|r| r.server == server);
    if !on_this || !g.rezzed(grid) || !crate::netrunner::effects::is_ice(g, rezzed) || g.flags.used_cards.contains(&grid) {
        return vec![];
    }
    g.installed_corp().into_iter().filter(|&i| i != rezzed && g.rezzed(i) && crate::netrunner::effects::is_ice(g, i)).collect()
}

fn brasilia_ask(g: &Game, c: Ctx) -> Option<Question> {
    let targets = brasilia_targets(g, c.card, c.arg);
    if targets.is_empty() {
        return None;
    }
    let mut o = card_options(g, "derez", &targets);
    o.push((opt("none", "Derez nothing"), Answer::No));
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may derez another ice to give {} +3 strength for this run ({})", g.label(c.arg), c.name()),
        format!("{}: you may derez another installed ice; {} then gets +3 strength for the remainder of the run", c.name(), g.label(c.arg)),
        o,
    ))
}

fn brasilia_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(i) = first(a) {
        if !brasilia_targets(g, c.card, c.arg).contains(&i) {
            return Err(RulesError::Illegal(format!("{} cannot derez card {i}", c.name())));
        }
        g.flags.used_cards.push(c.card);
        crate::netrunner::effects::derez(g, i, c.name(), ev);
        if let Some(r) = g.run.as_mut() {
            r.ice_plus.push((c.arg, 3));
        }
        note(
            ev,
            "ice_strength",
            format!("{}: {} gets +3 strength for the remainder of the run", c.name(), g.label(c.arg)),
            json!({"card": c.arg, "change": 3}),
        );
    }
    Ok(Then::Done)
}

// --- Daniela Jorge Inácio ------------------------------------------------------------------------

pub const DANIELA_JORGE_INACIO: &str = "34047";

pub(crate) const DANIELA_JORGE_INACIO_ROW: CardDef = CardDef {
    code: DANIELA_JORGE_INACIO,
    name: "Daniela Jorge Inácio",
    statics: &[
        Static::TrashCostExtra { step: 0, payable: |g| g.runner.grip.len() >= DANIELA_GRIP_CARDS as usize },
        Static::StealCostHere { step: 0, payable: |g, n| g.runner.grip.len() >= (DANIELA_GRIP_CARDS * n) as usize },
    ],
    asks: &[Ask::Random { from: Pile::Grip, count: |_, _| DANIELA_GRIP_CARDS }, Ask::Do(daniela_to_bottom)],
    ..BLANK
};

/// Daniela Jorge Inácio: the grip cards each of its costs adds to the bottom of the stack.
const DANIELA_GRIP_CARDS: u32 = 2;

/// The cost: the 2 grip cards picked at random go to the bottom of the stack, unrevealed (named
/// to the Runner only).
fn daniela_to_bottom(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let cs = std::mem::take(&mut g.picked_at_random);
    for &k in &cs {
        g.take_runner(k);
        g.runner.stack.push(k);
    }
    let names: Vec<String> = cs.iter().map(|&k| g.label(k)).collect();
    ev.push(Event::with_private(
        "netrunner.grip_to_stack",
        format!("{}: the Runner adds {} card(s) from the grip at random to the bottom of the stack", c.name(), cs.len()),
        json!({"count": cs.len(), "place": "bottom"}),
        vec![RUNNER],
        format!("{}: the Runner adds {} from the grip to the bottom of the stack", c.name(), names.join(", ")),
        json!({"cards": cs, "place": "bottom"}),
    ));
}

// --- Isaac Liberdade -----------------------------------------------------------------------------

pub const ISAAC_LIBERDADE: &str = "34129";

pub(crate) const ISAAC_LIBERDADE_ROW: CardDef = CardDef {
    code: ISAAC_LIBERDADE,
    name: "Isaac Liberdade",
    statics: &[Static::CorpIceStrength(isaac_strength)],
    events: &[(When::AnyTurnEnds, Effect::Custom(isaac_turn_ends)), (When::Moved, Effect::Ask(1))],
    asks: &[Ask::Own(Prompt { ask: move_upgrade_ask, answer: move_upgrade_answer }), Ask::Own(Prompt { ask: isaac_counter_ask, answer: isaac_counter_answer })],
    ..BLANK
};

/// Isaac Liberdade: each advanced ice protecting its server is 2 stronger.
fn isaac_strength(g: &Game, this: u32, ice: u32) -> i64 {
    match (root_server(g, this), g.corp_zone(ice)) {
        (Some(s), CorpZone::Ice(t)) if s == t && g.adv(ice) > 0 => 2,
        _ => 0,
    }
}

/// The ice protecting server `c.arg` with no advancement counters.
fn isaac_targets(g: &Game, server: u32) -> Vec<u32> {
    crate::netrunner::effects::ice_of(g, server).into_iter().filter(|&i| g.adv(i) == 0).collect()
}

fn isaac_counter_ask(g: &Game, c: Ctx) -> Option<Question> {
    let ice = isaac_targets(g, c.arg);
    if ice.is_empty() {
        return None;
    }
    let mut o = card_options(g, "advance", &ice);
    o.push((opt("none", "Place nothing"), Answer::No));
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may place an advancement counter on an ice protecting {} ({})", Game::server_name(c.arg), c.name()),
        format!("{}: you may place 1 advancement counter on an ice protecting {} that has none", c.name(), Game::server_name(c.arg)),
        o,
    ))
}

fn isaac_counter_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(i) = first(a) {
        if !isaac_targets(g, c.arg).contains(&i) {
            return Err(RulesError::Illegal(format!("{} cannot advance card {i}", c.name())));
        }
        place_adv(g, i, 1, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- Mahkota Langit Grid -------------------------------------------------------------------------

pub const MAHKOTA_LANGIT_GRID: &str = "35082";

pub(crate) const MAHKOTA_LANGIT_GRID_ROW: CardDef = CardDef {
    code: MAHKOTA_LANGIT_GRID,
    name: "Mahkota Langit Grid",
    on_rez: Effect::Custom(refill_2),
    statics: &[Static::Recurring(2), Static::CorpHostedCreditsFor(mahkota_rez_here), Static::TrashCostPlus(mahkota_trash_cost)],
    ..BLANK
};

/// Recurring credits: refilled when it is rezzed (and as the Corp's turn begins, `Static::Recurring`).
fn refill_2(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    crate::netrunner::effects::refill(g, c.card, 2, ev);
}

/// Its credits rez assets in the root of its server and ice protecting it.
fn mahkota_rez_here(g: &Game, this: u32, spend: Spend) -> bool {
    let Spend::Rez(k) = spend else { return false };
    let Some(s) = g.server_of(this) else { return false };
    match g.corp_zone(k) {
        CorpZone::Root(t) => t == s && g.def(k).ctype == CardType::Asset,
        CorpZone::Ice(t) => t == s,
        _ => false,
    }
}

/// Persistent: the trash cost of each asset in the root of its server is 2 higher.
fn mahkota_trash_cost(g: &Game, server: u32, card: u32) -> i64 {
    if g.corp_zone(card) == CorpZone::Root(server) && g.def(card).ctype == CardType::Asset {
        2
    } else {
        0
    }
}

// --- Malapert Data Vault -------------------------------------------------------------------------

pub const MALAPERT_DATA_VAULT: &str = "30066";

pub(crate) const MALAPERT_DATA_VAULT_ROW: CardDef = CardDef {
    code: MALAPERT_DATA_VAULT,
    name: "Malapert Data Vault",
    events: &[(When::ScoredHere, Effect::Custom(malapert))],
    asks: &[Ask::Own(Prompt { ask: malapert_ask, answer: take_to_hq_answer::<true> })],
    ..BLANK
};

/// Malapert Data Vault: scoring from its root, the Corp may fetch a non-agenda card from R&D
/// (then R&D is shuffled).
fn malapert(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    g.tasks.push(Task::Shuffle { corp: true });
    ask_later(g, c, 0);
}

fn malapert_ask(g: &Game, _: Ctx) -> Option<Question> {
    let mut o = vec![(opt("none", "Take nothing"), Answer::No)];
    let rd: Vec<u32> = g.corp.rd.iter().copied().filter(|&c| g.def(c).ctype != CardType::Agenda).collect();
    o.extend(card_options(g, "take", &rd));
    Some(pick_one_of(
        CORP,
        "malapert",
        "may take a non-agenda card from R&D (Malapert Data Vault)",
        "Malapert Data Vault: you may take a non-agenda card from R&D",
        o,
    ))
}

// --- Manegarm Skunkworks -------------------------------------------------------------------------

pub const MANEGARM_SKUNKWORKS: &str = "30042";

pub(crate) const MANEGARM_SKUNKWORKS_ROW: CardDef = CardDef {
    code: MANEGARM_SKUNKWORKS,
    name: "Manegarm Skunkworks",
    events: &[(When::ApproachServer, Effect::Ask(0))],
    asks: &[Ask::Own(Prompt { ask: manegarm_ask, answer: manegarm_answer })],
    ..BLANK
};

fn manegarm_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !run_going(g) {
        return None;
    }
    let mut o = Vec::new();
    if g.runner_available() >= 5 {
        o.push((opt("pay", "Pay 5 credits"), Answer::Mode(0)));
    }
    if g.runner.clicks >= 2 {
        o.push((opt("clicks", "Spend 2 clicks"), Answer::Mode(1)));
    }
    o.push((opt("end", "Let the run end"), Answer::No));
    Some(Question::one(
        RUNNER,
        "manegarm",
        format!("pays 5 credits, spends 2 clicks or lets the run end ({})", g.corp_public_label(c.card)),
        format!("{}: the run ends unless you pay 5 credits or spend 2 clicks", g.label(c.card)),
        o,
    ))
}

fn manegarm_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let card = c.card;
    match first(a) {
        Answer::Mode(0) if g.runner_pay(5) => {
            note(ev, "manegarm", format!("The Runner pays 5 credits for {}", g.label(card)), json!({"card": card, "paid": "credits"}));
        }
        Answer::Mode(1) if g.runner.clicks >= 2 => {
            g.runner.clicks -= 2;
            note(ev, "manegarm", format!("The Runner spends 2 clicks for {}", g.label(card)), json!({"card": card, "paid": "clicks"}));
        }
        _ => end_the_run(g, c.name(), ev),
    }
    Ok(Then::Done)
}

// --- Mercia B4LL4RD ------------------------------------------------------------------------------

pub const MERCIA_B4LL4RD: &str = "35045";

pub(crate) const MERCIA_B4LL4RD_ROW: CardDef = CardDef {
    code: MERCIA_B4LL4RD,
    name: "Mercia B4LL4RD",
    events: &[(When::CorpActionPhaseEnds, Effect::Ask(0))],
    asks: &[Ask::Own(Prompt { ask: mercia_ask, answer: mercia_answer }), Ask::Do(mercia_move)],
    ..BLANK
};

/// Mercia B4LL4RD: installing an ice from HQ, paying 1 credit less, where the Corp can pay.
fn mercia_options(g: &Game) -> Vec<(crate::core::DecisionOption, Answer)> {
    let mut o = Vec::new();
    for &k in g.corp.hq.iter().filter(|&&k| g.def(k).ctype == CardType::Ice) {
        for s in &g.corp.servers {
            let cost = (s.ice.len() as i64 - 1).max(0);
            if g.corp.credits >= cost {
                o.push((
                    opt(format!("install:{k}:{}", s.id), format!("Install {} protecting {} (cost {cost})", g.label(k), Game::server_name(s.id))),
                    Answer::Install { card: k, server: Some(s.id) },
                ));
            }
        }
        o.push((opt(format!("install:{k}:new"), format!("Install {} in a new remote server", g.label(k))), Answer::Install { card: k, server: None }));
    }
    o
}

fn mercia_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.rezzed(c.card) {
        return None;
    }
    let mut o = mercia_options(g);
    if o.is_empty() {
        return None;
    }
    o.push((opt("none", "Install nothing"), Answer::No));
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may install an ice from HQ, paying 1 credit less ({})", c.name()),
        format!("{}: you may install 1 ice from HQ, paying 1 credit less; it then moves to that server's root", c.name()),
        o,
    ))
}

fn mercia_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    let answer = first(a);
    let Answer::Install { card, server } = answer else { return Ok(Then::Done) };
    if !mercia_options(g).iter().any(|(_, x)| *x == answer) {
        return Err(RulesError::Illegal(format!("{} cannot install that", c.name())));
    }
    g.flags.corp_install_discount = 1;
    // After the install (and the trashing it may ask for): the move.
    ask_later(g, Ctx { arg: card, ..c }, 1);
    Ok(Then::InstallCorp { card, server })
}

/// The ice installed (`c.arg`): Mercia moves to the root of the server it protects.
fn mercia_move(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if let CorpZone::Ice(s) = g.corp_zone(c.arg) {
        crate::netrunner::effects::move_to_root(g, c.card, s, c.name(), ev);
    }
}

// --- Mitra Aman ----------------------------------------------------------------------------------

pub const MITRA_AMAN: &str = "35056";

pub(crate) const MITRA_AMAN_ROW: CardDef = CardDef {
    code: MITRA_AMAN,
    name: "Mitra Aman",
    events: &[(When::ApproachIceHere, Effect::Ask(0))],
    asks: &[Ask::Own(Prompt { ask: mitra_ask, answer: mitra_answer }), Ask::Own(Prompt { ask: mitra_swap_ask, answer: mitra_swap_answer })],
    ..BLANK
};

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

// --- The Holo Man --------------------------------------------------------------------------------

pub const THE_HOLO_MAN: &str = "34120";

pub(crate) const THE_HOLO_MAN_ROW: CardDef = CardDef {
    code: THE_HOLO_MAN,
    name: "The Holo Man",
    events: &[(When::TurnBegin, Effect::Ask(0))],
    click: Some(Click { offers: Offers::Own(holo_offers), effect: Effect::Custom(holo_click) }),
    asks: &[Ask::Own(Prompt { ask: move_upgrade_ask, answer: move_upgrade_answer })],
    ..BLANK
};

/// The cards in the root of or protecting The Holo Man's server, while its once-per-turn
/// ability can be paid.
fn holo_targets(g: &Game, card: u32) -> Vec<u32> {
    let Some(s) = root_server(g, card) else { return vec![] };
    if !g.rezzed(card) || g.flags.used_cards.contains(&card) || g.corp.credits < 4 {
        return vec![];
    }
    g.server(s).map(|s| s.root.iter().chain(s.ice.iter()).copied().collect()).unwrap_or_default()
}

/// Hand-written offers, not a `Costed`: one option per card to advance.
fn holo_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    holo_targets(g, card)
        .into_iter()
        .map(|k| (Some(k), format!("{}: pay 4 credits to place advancement counters on {}", g.label(card), g.corp_public_label(k))))
        .collect()
}

/// 2 counters, or 3 when no card was installed from HQ this turn.
fn holo_click(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if !holo_targets(g, c.card).contains(&c.arg) || !g.corp_pay(4) {
        return;
    }
    g.flags.used_cards.push(c.card);
    note(ev, "paid", format!("The Corp pays 4 credits for {}", c.name()), json!({"seat": CORP, "cost": 4, "source": c.name()}));
    let n = if g.flags.corp_hq_installs == 0 { 3 } else { 2 };
    place_adv(g, c.arg, n, c.name(), ev);
}

// --- Tucana --------------------------------------------------------------------------------------

pub const TUCANA: &str = "34064";

pub(crate) const TUCANA_ROW: CardDef = CardDef {
    code: TUCANA,
    name: "Tucana",
    events: &[(When::AgendaLeftServer, Effect::Ask(0))],
    statics: &[Static::RemoteServerOnly],
    asks: &[
        Ask::Own(Prompt { ask: tucana_search_ask, answer: tucana_search_answer }),
        Ask::Own(Prompt { ask: found_install_ask::<3>, answer: tucana_found_answer }),
        Ask::Do(rez_3_less),
    ],
    ..BLANK
};

fn rez_3_less(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    rez_with_total_discount(g, c, 3, ev);
}

fn tucana_search_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.rd.is_empty() {
        return None;
    }
    Some(search_deck_ask(
        g,
        CORP,
        "search",
        is_ice,
        format!("may search R&D for an ice to install and rez ({})", c.name()),
        format!("{}: you may search R&D for 1 ice to install and rez, paying a total of 3 less", c.name()),
    ))
}

fn tucana_search_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Some(k) = search_deck_answer(g, CORP, is_ice, a, |l| format!("{}: the Corp searches R&D and reveals {l}", c.name()), ev)? {
        let can = !discounted_install_options(g, &[k], 3).is_empty();
        set_aside_found(g, c, k, can, 1);
    }
    g.tasks.push(Task::Shuffle { corp: true });
    Ok(Then::Done)
}

fn tucana_found_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    match first(a) {
        Answer::Install { card, server } if card == c.arg => Ok(install_then_rez(g, c, card, server, 3, 2)),
        _ => Err(RulesError::Illegal("install the ice found".into())),
    }
}

// --- Vovô Ozetti ---------------------------------------------------------------------------------

pub const VOVO_OZETTI: &str = "34038";

pub(crate) const VOVO_OZETTI_ROW: CardDef = CardDef {
    code: VOVO_OZETTI,
    name: "Vovô Ozetti",
    statics: &[Static::CorpRezCheaper(vovo_cheaper)],
    events: &[(When::AnyTurnEnds, Effect::Custom(isaac_turn_ends))],
    asks: &[Ask::Own(Prompt { ask: move_upgrade_ask, answer: move_upgrade_answer })],
    ..BLANK
};

/// Vovô Ozetti: ice protecting its server rezzes for 2 less; at threat 4, so do the cards in its
/// root.
fn vovo_cheaper(g: &Game, this: u32, card: u32) -> i64 {
    match (root_server(g, this), g.corp_zone(card)) {
        (Some(s), CorpZone::Ice(t)) if s == t => 2,
        (Some(s), CorpZone::Root(t)) if s == t && card != this && threat(g, 4) => 2,
        _ => 0,
    }
}

// --- shared by the cards above ---------------------------------------------------------------------

/// The server whose root holds `card`, if any.
fn root_server(g: &Game, card: u32) -> Option<u32> {
    match g.corp_zone(card) {
        CorpZone::Root(s) => Some(s),
        _ => None,
    }
}

/// "You may move this upgrade to the root of another server" (an existing one), step 0 of the
/// rows that move.
pub(crate) fn move_upgrade_ask(g: &Game, c: Ctx) -> Option<Question> {
    let from = root_server(g, c.card)?;
    if !g.rezzed(c.card) {
        return None;
    }
    let mut o: Vec<(crate::core::DecisionOption, Answer)> = g
        .corp
        .servers
        .iter()
        .filter(|s| s.id != from)
        .map(|s| (opt(format!("move:{}", s.id), format!("Move it to the root of {}", Game::server_name(s.id))), Answer::Card(s.id)))
        .collect();
    if o.is_empty() {
        return None;
    }
    o.push((opt("stay", "Do not move it"), Answer::No));
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may move {} to the root of another server", g.label(c.card)),
        format!("{}: you may move it from {} to the root of another server", g.label(c.card), Game::server_name(from)),
        o,
    ))
}

pub(crate) fn move_upgrade_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(to) = first(a) {
        if g.server(to).is_none() || root_server(g, c.card) == Some(to) {
            return Err(RulesError::Illegal(format!("{} cannot move to server {to}", c.name())));
        }
        crate::netrunner::effects::move_to_root(g, c.card, to, c.name(), ev);
    }
    Ok(Then::Done)
}

/// "When your turn ends" (the Corp's turn only): the move question (Isaac Liberdade, Vovô
/// Ozetti).
fn isaac_turn_ends(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if c.arg == CORP {
        ask_later(g, c, 0);
    }
}
