//! Assets: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `cards::triggers`.

use crate::netrunner::cards::common::{
    advanceable_installed, ask_with, counter_options, install_answer, install_from_hq_ask, place_counter_answer, play_answer, play_from_hq_ask, power,
    server_of, top_down_answer, top_down_ask, yes_no_options,
};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] = &[
    ANTHILL_EXCAVATION_CONTRACT_ROW,
    B_1001_ROW,
    BALANCED_COVERAGE_ROW,
    BEHOLD_ROW,
    BYTE_ROW,
    CHARLOTTE_CACADOR_ROW,
    CLEARINGHOUSE_ROW,
    COHORT_GUIDANCE_PROGRAM_ROW,
    CYBERSAND_HARVESTER_ROW,
    FEDERAL_FUNDRAISING_ROW,
    FRONT_COMPANY_ROW,
    HEARTS_AND_MINDS_ROW,
    HUMANOID_RESOURCES_ROW,
    IDIOSYNCRESIS_ROW,
    JK_DUMONT_KINDELAN_ROW,
    NICO_CAMPAIGN_ROW,
    OTTO_CAMPAIGN_ROW,
    PHAT_GIOAN_BAOTIXITA_ROW,
    PLUTUS_ROW,
    PUBLIC_ACCESS_PLAZA_ROW,
    REGOLITH_MINING_LICENSE_ROW,
    SPIN_DOCTOR_ROW,
    THE_POWERS_THAT_BE_ROW,
    URTICA_CIPHER_ROW,
    WAGE_WORKERS_ROW,
    WARM_RECEPTION_ROW,
    WORKING_PROTOTYPE_ROW,
];

// --- Anthill Excavation Contract -----------------------------------------------------------------

pub const ANTHILL_EXCAVATION_CONTRACT: &str = "35072";

pub(crate) const ANTHILL_EXCAVATION_CONTRACT_ROW: CardDef = CardDef {
    code: ANTHILL_EXCAVATION_CONTRACT,
    name: "Anthill Excavation Contract",
    on_rez: Effect::Load(8),
    events: &[(When::TurnBegin, Effect::Custom(anthill))],
    ..BLANK
};

/// Anthill Excavation Contract: 4 taken and a card drawn each Corp turn; trashed when empty.
fn anthill(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    take_or_trash(g, CORP, c.card, 4, "Anthill Excavation Contract is empty", ev);
    g.draw(CORP, 1, ev);
}

// --- B-1001 --------------------------------------------------------------------------------------

pub const B_1001: &str = "34065";

pub(crate) const B_1001_ROW: CardDef =
    CardDef { code: B_1001, name: "B-1001", paid: Some(PaidAbility { offers: b_1001_offers, effect: Effect::Custom(b_1001) }), ..BLANK };

/// B-1001 is used during a run against another server, removing a tag.
fn b_1001_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    let CorpZone::Root(here) = g.corp_zone(card) else { return vec![] };
    let elsewhere = g.run.as_ref().is_some_and(|r| !r.stop && r.server != here);
    if g.rezzed(card) && g.tagged() && elsewhere {
        vec![(format!("b1001:{card}"), format!("{}: remove 1 tag to end the run", g.label(card)), 0)]
    } else {
        vec![]
    }
}

fn b_1001(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.runner.tags -= 1;
    note(ev, "tag_removed", format!("{}: the Corp removes a tag ({} left)", c.name(), g.runner.tags), json!({"tags": g.runner.tags}));
    crate::netrunner::cards::helpers::tags_removed(g, 1, ev);
    end_the_run(g, c.name(), ev);
}

// --- Balanced Coverage ---------------------------------------------------------------------------

pub const BALANCED_COVERAGE: &str = "34050";

pub(crate) const BALANCED_COVERAGE_ROW: CardDef = CardDef {
    code: BALANCED_COVERAGE,
    name: "Balanced Coverage",
    events: &[(When::TurnBegin, Effect::Ask(0))],
    asks: &[
        Ask::Own(Prompt { ask: coverage_type_ask, answer: coverage_type_answer }),
        Ask::Own(Prompt { ask: coverage_reveal_ask, answer: coverage_reveal_answer }),
    ],
    ..BLANK
};

const COVERAGE_TYPES: [(CardType, &str); 5] =
    [(CardType::Agenda, "agenda"), (CardType::Asset, "asset"), (CardType::Ice, "ice"), (CardType::Operation, "operation"), (CardType::Upgrade, "upgrade")];

fn coverage_type_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.rd.is_empty() {
        return None;
    }
    let mut o = vec![(opt("none", "Do not look"), Answer::No)];
    for (i, (_, name)) in COVERAGE_TYPES.iter().enumerate() {
        o.push((opt(format!("type:{name}"), format!("Name {name} and look at the top card of R&D")), Answer::Mode(i as u8)));
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may name a card type and look at the top card of R&D ({})", c.name()),
        format!("{}: you may choose a card type to look at the top card of R&D", c.name()),
        o,
    ))
}

fn coverage_type_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Mode(i) = first(a) else { return Ok(Then::Done) };
    let Some(&(t, name)) = COVERAGE_TYPES.get(usize::from(i)) else { return Ok(Then::Done) };
    let Some(&top) = g.corp.rd.first() else { return Ok(Then::Done) };
    ev.push(Event::with_private(
        "netrunner.looked",
        format!("{}: the Corp names {name} and looks at the top card of R&D", c.name()),
        json!({"seat": CORP, "type": name}),
        vec![CORP],
        format!("{}: the Corp names {name} and looks at the top card of R&D: {}", c.name(), g.label(top)),
        json!({"seat": CORP, "type": name, "card": top, "code": g.code(top)}),
    ));
    if g.def(top).ctype == t {
        ask_with(g, c, 1, top);
    }
    Ok(Then::Done)
}

fn coverage_reveal_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.rd.first() != Some(&c.arg) {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may reveal the top card of R&D to gain 2 credits ({})", c.name()),
        format!("{}: {} has the type you named: reveal it and gain 2 credits?", c.name(), g.label(c.arg)),
        yes_no_options("Reveal it and gain 2 credits", "Do not reveal"),
    ))
}

fn coverage_reveal_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        note(ev, "revealed", format!("{}: the Corp reveals {} from the top of R&D", c.name(), g.label(c.arg)), json!({"card": c.arg, "code": g.code(c.arg)}));
        g.gain(CORP, 2, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- Behold! -------------------------------------------------------------------------------------

pub const BEHOLD: &str = "34051";

pub(crate) const BEHOLD_ROW: CardDef = CardDef {
    code: BEHOLD,
    name: "Behold!",
    on_access: Effect::Custom(ambush_accessed),
    asks: &[Ask::Own(Prompt { ask: ambush_ask, answer: behold_answer })],
    ..BLANK
};

fn behold_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if pay_4(g, c, a, ev) {
        give_tags(g, 2, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- Byte! ---------------------------------------------------------------------------------------

pub const BYTE: &str = "35050";

pub(crate) const BYTE_ROW: CardDef = CardDef {
    code: BYTE,
    name: "Byte!",
    on_access: Effect::Custom(ambush_accessed),
    asks: &[Ask::Own(Prompt { ask: ambush_ask, answer: byte_answer })],
    ..BLANK
};

fn byte_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if pay_4(g, c, a, ev) {
        give_tags(g, 1, c.name(), ev);
        damage(g, DamageKind::Net, 3, c.name(), false);
    }
    Ok(Then::Done)
}

// --- Charlotte Caçador ---------------------------------------------------------------------------

pub const CHARLOTTE_CACADOR: &str = "34107";

pub(crate) const CHARLOTTE_CACADOR_ROW: CardDef = CardDef {
    code: CHARLOTTE_CACADOR,
    name: "Charlotte Caçador",
    statics: &[Static::Advanceable],
    events: &[(When::TurnBegin, Effect::Ask(0))],
    paid: Some(PaidAbility { offers: charlotte_offers, effect: Effect::Custom(charlotte_trash) }),
    asks: &[Ask::Own(Prompt { ask: charlotte_ask, answer: charlotte_answer })],
    ..BLANK
};

fn charlotte_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.adv(c.card) == 0 || !g.rezzed(c.card) {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may remove an advancement counter from {} to gain 4 credits and draw 1 card", g.label(c.card)),
        format!("{}: remove 1 advancement counter to gain 4 credits and draw 1 card?", g.label(c.card)),
        yes_no_options("Remove 1 counter", "Do nothing"),
    ))
}

fn charlotte_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        remove_adv(g, c.card, c.name(), ev);
        g.gain(CORP, 4, c.name(), ev);
        g.draw(CORP, 1, ev);
    }
    Ok(Then::Done)
}

fn remove_adv(g: &mut Game, card: u32, source: &str, ev: &mut Vec<Event>) {
    if let Some(k) = g.card_mut(card) {
        k.adv = k.adv.saturating_sub(1);
    }
    note(ev, "advanced", format!("{source}: 1 advancement counter is removed from {}", g.corp_public_label(card)), json!({"card": card, "adv": g.adv(card)}));
}

fn charlotte_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    if g.rezzed(card) && g.adv(card) > 0 {
        vec![(format!("charlotte:{card}"), format!("{}: trash it and remove a hosted advancement counter to gain 3 credits", g.label(card)), 0)]
    } else {
        vec![]
    }
}

/// Charlotte Caçador's paid ability: its costs (a counter, trashing it), then 3 credits.
fn charlotte_trash(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    remove_adv(g, c.card, c.name(), ev);
    g.trash(c.card, "its paid ability", ev);
    g.gain(CORP, 3, c.name(), ev);
}

// --- Clearinghouse -------------------------------------------------------------------------------

pub const CLEARINGHOUSE: &str = "30061";

pub(crate) const CLEARINGHOUSE_ROW: CardDef = CardDef {
    code: CLEARINGHOUSE,
    name: "Clearinghouse",
    events: &[(When::TurnBegin, Effect::Ask(0))],
    statics: &[Static::Advanceable],
    asks: &[Ask::Own(Prompt { ask: clearinghouse_ask, answer: clearinghouse_answer })],
    ..BLANK
};

fn clearinghouse_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.rezzed(c.card) || !g.is_installed(c.card) {
        return None;
    }
    let o = vec![(opt("trash", format!("Trash it: {} meat damage", g.adv(c.card))), Answer::Yes), (opt("keep", "Keep it"), Answer::No)];
    Some(Question::one(
        CORP,
        "clearinghouse",
        format!("may trash {} to do meat damage", g.corp_public_label(c.card)),
        format!("{}: trash it to do meat damage?", g.label(c.card)),
        o,
    ))
}

fn clearinghouse_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        let n = g.adv(c.card);
        g.trash(c.card, "Clearinghouse is used", ev);
        if n > 0 {
            damage(g, DamageKind::Meat, n, c.name(), false);
        }
    }
    Ok(Then::Done)
}

// --- Cohort Guidance Program ---------------------------------------------------------------------

pub const COHORT_GUIDANCE_PROGRAM: &str = "34108";

pub(crate) const COHORT_GUIDANCE_PROGRAM_ROW: CardDef = CardDef {
    code: COHORT_GUIDANCE_PROGRAM,
    name: "Cohort Guidance Program",
    events: &[(When::TurnBegin, Effect::Ask(0))],
    asks: &[Ask::Own(Prompt { ask: cohort_ask, answer: cohort_answer }), Ask::Own(Prompt { ask: cohort_counter_ask, answer: place_counter_answer })],
    ..BLANK
};

/// Its modes in one question: a card from HQ to trash (2 credits and a card), or a face-down
/// card in Archives to turn face up (then an advancement counter on an installed card).
fn cohort_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = vec![(opt("none", "Do nothing"), Answer::No)];
    for &k in &g.corp.hq {
        o.push((opt(format!("trash:{k}"), format!("Trash {} from HQ to gain 2 credits and draw 1 card", g.label(k))), Answer::Card(k)));
    }
    for &k in &g.corp.archives {
        if g.card(k).is_some_and(|x| !x.faceup) {
            o.push((opt(format!("flip:{k}"), format!("Turn {} in Archives face up to place 1 advancement counter", g.label(k))), Answer::Card(k)));
        }
    }
    if o.len() <= 1 {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may trash a card from HQ or turn a card in Archives face up ({})", c.name()),
        format!("{}: resolve one of its modes, or nothing", c.name()),
        o,
    ))
}

fn cohort_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Card(k) = first(a) else { return Ok(Then::Done) };
    if g.corp.hq.contains(&k) {
        crate::netrunner::cards::helpers::trash_from_hq(g, vec![k], ev);
        g.gain(CORP, 2, c.name(), ev);
        g.draw(CORP, 1, ev);
    } else if g.corp.archives.contains(&k) {
        if let Some(x) = g.card_mut(k) {
            x.faceup = true;
        }
        note(ev, "turned_faceup", format!("{}: the Corp turns {} in Archives face up", c.name(), g.label(k)), json!({"card": k, "code": g.code(k)}));
        ask_later(g, c, 1);
    }
    Ok(Then::Done)
}

fn cohort_counter_ask(g: &Game, c: Ctx) -> Option<Question> {
    let installed = g.installed_corp();
    if installed.is_empty() {
        return None;
    }
    let o: Vec<_> = installed.iter().map(|&k| (opt(format!("card:{k}"), g.label(k)), Answer::Card(k))).collect();
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("places 1 advancement counter on an installed card ({})", c.name()),
        format!("{}: place 1 advancement counter on an installed card", c.name()),
        o,
    ))
}

// --- Cybersand Harvester -------------------------------------------------------------------------

pub const CYBERSAND_HARVESTER: &str = "34058";

pub(crate) const CYBERSAND_HARVESTER_ROW: CardDef = CardDef {
    code: CYBERSAND_HARVESTER,
    name: "Cybersand Harvester",
    events: &[(When::Rez, Effect::Custom(cybersand_rez))],
    statics: &[Static::CorpHostedCreditsFor(install_costs_only)],
    paid: Some(PaidAbility { offers: cybersand_offers, effect: Effect::Custom(cybersand_take) }),
    ..BLANK
};

/// Whenever the Corp rezzes an ice: 2 credits on this asset.
fn cybersand_rez(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.def(c.arg).ctype == CardType::Ice {
        g.load(c.card, 2, ev);
    }
}

fn install_costs_only(_: &Game, _: u32, spend: Spend) -> bool {
    matches!(spend, Spend::Install(_))
}

/// Trash it: take all its credits.
fn cybersand_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    if !g.rezzed(card) || !g.is_installed(card) || g.hosted(card) == 0 {
        return vec![];
    }
    vec![(format!("cybersand:{card}"), format!("Trash {} to take its {} credit(s)", g.label(card), g.hosted(card)), 0)]
}

fn cybersand_take(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let n = g.hosted(c.card);
    if let Some(k) = g.card_mut(c.card) {
        k.credits = 0;
    }
    g.corp_trash_installed(c.card, "its own ability", ev);
    g.gain(CORP, i64::from(n), c.name(), ev);
}

// --- Federal Fundraising -------------------------------------------------------------------------

pub const FEDERAL_FUNDRAISING: &str = "34052";

pub(crate) const FEDERAL_FUNDRAISING_ROW: CardDef = CardDef {
    code: FEDERAL_FUNDRAISING,
    name: "Federal Fundraising",
    // Last pushed first: arrange, then the draw.
    events: &[(When::TurnBegin, Effect::All(&[Effect::Ask(1), Effect::Custom(fundraising_look)]))],
    asks: &[
        Ask::Own(Prompt { ask: fundraising_arrange_ask, answer: fundraising_arrange_answer }),
        Ask::Own(Prompt { ask: fundraising_draw_ask, answer: fundraising_draw_answer }),
    ],
    ..BLANK
};

/// The Corp looks at the top 3 cards of R&D (told to the Corp alone when it is asked), then
/// arranges them.
fn fundraising_look(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    crate::netrunner::cards::ask_later(g, c, 0);
}

/// Federal Fundraising looks at the top 3 cards of R&D.
const FUNDRAISING_LOOK: usize = 3;

fn fundraising_arrange_ask(g: &Game, c: Ctx) -> Option<Question> {
    let n = g.corp.rd.len().min(FUNDRAISING_LOOK);
    arrange_rd_top_ask(g, c, CORP, FUNDRAISING_LOOK, format!("may look at the top {n} card(s) of R&D and arrange them ({})", c.name()))
}

fn fundraising_arrange_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let name = c.name();
    arrange_rd_top_answer(g, c, CORP, FUNDRAISING_LOOK, a, |n| format!("{name}: the Corp looks at the top {n} card(s) of R&D and arranges them"), ev)
}

fn fundraising_draw_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !unprotected(g, c.card) || g.corp.rd.is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may draw 1 card ({})", c.name()),
        format!("{}: draw 1 card?", c.name()),
        yes_no_options("Draw 1 card", "Do not draw"),
    ))
}

fn fundraising_draw_answer(g: &mut Game, _: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        g.draw(CORP, 1, ev);
    }
    Ok(Then::Done)
}

// --- Front Company -------------------------------------------------------------------------------

pub const FRONT_COMPANY: &str = "34041";

pub(crate) const FRONT_COMPANY_ROW: CardDef = CardDef {
    code: FRONT_COMPANY,
    name: "Front Company",
    statics: &[Static::RezOnlyDuringCorpTurn, Static::FirstRunNotOnRemote],
    events: &[(When::CorpRunBegins, Effect::Custom(front_company_run))],
    ..BLANK
};

/// The first time each turn a run on Archives begins: 2 net damage if this card's server has no
/// ice.
fn front_company_run(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if c.arg != ARCHIVES || g.flags.used_cards.contains(&c.card) {
        return;
    }
    g.flags.used_cards.push(c.card);
    let unprotected = g.server_of(c.card).and_then(|s| g.server(s)).is_some_and(|sv| sv.ice.is_empty());
    if unprotected {
        crate::netrunner::cards::helpers::damage(g, DamageKind::Net, 2, c.name(), false);
    }
}

// --- Hearts and Minds ----------------------------------------------------------------------------

pub const HEARTS_AND_MINDS: &str = "34124";

pub(crate) const HEARTS_AND_MINDS_ROW: CardDef = CardDef {
    code: HEARTS_AND_MINDS,
    name: "Hearts and Minds",
    // Last pushed first: the move (its source, then its target), then the extra counter.
    events: &[(When::TurnBegin, Effect::All(&[Effect::Ask(2), Effect::Ask(0)]))],
    asks: &[
        Ask::Own(Prompt { ask: hearts_from_ask, answer: hearts_from_answer }),
        Ask::Own(Prompt { ask: hearts_to_ask, answer: hearts_to_answer }),
        Ask::Own(Prompt { ask: hearts_extra_ask, answer: place_counter_answer }),
    ],
    ..BLANK
};

fn hearts_from_ask(g: &Game, c: Ctx) -> Option<Question> {
    let from: Vec<u32> = g.installed_corp().into_iter().filter(|&k| g.adv(k) > 0).collect();
    if from.is_empty() || advanceable_installed(g).is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may move 1 advancement counter between installed cards ({})", c.name()),
        format!("{}: you may move 1 advancement counter from an installed card (choose it) to an installed card you can advance", c.name()),
        counter_options(g, &from, "Move nothing"),
    ))
}

fn hearts_from_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(k) = first(a) {
        ask_with(g, c, 1, k);
    }
    Ok(Then::Done)
}

/// Where the counter taken from `c.arg` goes.
fn hearts_to_ask(g: &Game, c: Ctx) -> Option<Question> {
    let to: Vec<u32> = advanceable_installed(g).into_iter().filter(|&k| k != c.arg).collect();
    if to.is_empty() || g.adv(c.arg) == 0 {
        return None;
    }
    let o = to.iter().map(|&k| (opt(format!("card:{k}"), g.label(k)), Answer::Card(k))).collect();
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("moves 1 advancement counter ({})", c.name()),
        format!("{}: move the counter from {} to", c.name(), g.label(c.arg)),
        o,
    ))
}

fn hearts_to_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Card(k) = first(a) else { return Ok(Then::Done) };
    if g.adv(c.arg) == 0 || !g.advanceable(k) || !g.is_installed(k) {
        return Ok(Then::Done);
    }
    if let Some(x) = g.card_mut(c.arg) {
        x.adv -= 1;
    }
    if let Some(x) = g.card_mut(k) {
        x.adv += 1;
    }
    note(
        ev,
        "advanced",
        format!("{}: 1 advancement counter moves from {} to {}", c.name(), g.corp_public_label(c.arg), g.corp_public_label(k)),
        json!({"from": c.arg, "card": k, "adv": g.adv(k)}),
    );
    Ok(Then::Done)
}

fn hearts_extra_ask(g: &Game, c: Ctx) -> Option<Question> {
    let to = advanceable_installed(g);
    if !unprotected(g, c.card) || to.is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may place 1 advancement counter on an installed card ({})", c.name()),
        format!("{}: you may also place 1 advancement counter on an installed card you can advance", c.name()),
        counter_options(g, &to, "Place nothing"),
    ))
}

// --- Humanoid Resources --------------------------------------------------------------------------

pub const HUMANOID_RESOURCES: &str = "35039";

pub(crate) const HUMANOID_RESOURCES_ROW: CardDef = CardDef {
    code: HUMANOID_RESOURCES,
    name: "Humanoid Resources",
    click: Some(Click { offers: humanoid_offers, effect: Effect::Custom(humanoid_resources) }),
    asks: &[Ask::Own(Prompt { ask: up_to_installs_ask, answer: top_down_answer }), Ask::Own(Prompt { ask: play_from_hq_ask, answer: play_answer })],
    ..BLANK
};

/// Humanoid Resources: 3 clicks (the action's and 2 more) and trashing it.
fn humanoid_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    if !g.rezzed(card) || !g.is_installed(card) || g.corp.clicks < 3 {
        return vec![];
    }
    vec![(None, format!("{}: 3 clicks, trash it: gain 4 credits, draw 3 cards, install up to 2 cards and play 1 operation from HQ", g.label(card)))]
}

fn humanoid_resources(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if !g.rezzed(c.card) || g.corp.clicks < 2 {
        return;
    }
    g.corp.clicks -= 2;
    g.corp_trash_installed(c.card, "its own ability", ev);
    g.gain(CORP, 4, c.name(), ev);
    g.draw(CORP, 3, ev);
    // Last pushed first: the installs (one at a time), then the play.
    ask_with(g, c, 1, 0);
    ask_with(g, c, 0, 2);
}

/// Up to `arg` more installs from HQ, one at a time (answered by `top_down_answer`).
fn up_to_installs_ask(g: &Game, c: Ctx) -> Option<Question> {
    top_down_ask(g, c)
}

// --- Idiosyncresis -------------------------------------------------------------------------------

pub const IDIOSYNCRESIS: &str = "35061";

pub(crate) const IDIOSYNCRESIS_ROW: CardDef = CardDef {
    code: IDIOSYNCRESIS,
    name: "Idiosyncresis",
    statics: &[Static::Advanceable],
    events: &[(When::TurnBegin, Effect::Ask(0))],
    asks: &[Ask::Own(Prompt { ask: idiosyncresis_ask, answer: idiosyncresis_answer })],
    ..BLANK
};

fn idiosyncresis_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.is_installed(c.card) {
        return None;
    }
    let n = g.adv(c.card);
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may trash {} ({n} advancement counter(s))", g.label(c.card)),
        format!("{}: trash it to gain {} credits and make the Runner lose {}?", g.label(c.card), 3 * n, 2 * n),
        yes_no_options("Trash it", "Keep it"),
    ))
}

/// Idiosyncresis trashed: 3 credits for the Corp and 2 lost by the Runner per counter it held.
fn idiosyncresis_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        let n = i64::from(g.adv(c.card));
        g.trash(c.card, "the Corp trashed it for its counters", ev);
        g.gain(CORP, 3 * n, c.name(), ev);
        g.lose_credits(RUNNER, 2 * n, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- Janaína “JK” Dumont Kindelán ----------------------------------------------------------------

pub const JK_DUMONT_KINDELAN: &str = "34115";

pub(crate) const JK_DUMONT_KINDELAN_ROW: CardDef = CardDef {
    code: JK_DUMONT_KINDELAN,
    name: "Janaína “JK” Dumont Kindelán",
    events: &[(When::TurnBegin, Effect::Load(3))],
    click: Some(Click { offers: jk_offers, effect: Effect::Custom(jk_to_hq) }),
    asks: &[Ask::Own(Prompt { ask: install_from_hq_ask, answer: install_answer })],
    ..BLANK
};

fn jk_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    if g.rezzed(card) {
        vec![(None, format!("{}: add it to HQ and take its {} credit(s)", g.label(card), g.hosted(card)))]
    } else {
        vec![]
    }
}

fn jk_to_hq(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let n = g.hosted(c.card);
    g.take_hosted(CORP, c.card, n, ev);
    g.take_corp(c.card);
    if let Some(k) = g.card_mut(c.card) {
        (k.rezzed, k.adv, k.credits, k.power) = (false, 0, 0, 0);
    }
    g.corp.hq.push(c.card);
    note(ev, "to_hq", format!("The Corp adds {} to HQ", g.label(c.card)), json!({"card": c.card, "code": g.code(c.card)}));
    ask_later(g, c, 0);
}

// --- Nico Campaign -------------------------------------------------------------------------------

pub const NICO_CAMPAIGN: &str = "30037";

pub(crate) const NICO_CAMPAIGN_ROW: CardDef =
    CardDef { code: NICO_CAMPAIGN, name: "Nico Campaign", on_rez: Effect::Load(9), events: &[(When::TurnBegin, Effect::Custom(nico_campaign))], ..BLANK };

/// Nico Campaign: 3 taken each Corp turn; trashed when empty, drawing 1.
fn nico_campaign(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if crate::netrunner::cards::helpers::take_or_trash(g, CORP, c.card, 3, "Nico Campaign is empty", ev) {
        g.draw(CORP, 1, ev);
    }
}

// --- Otto Campaign -------------------------------------------------------------------------------

pub const OTTO_CAMPAIGN: &str = "35040";

pub(crate) const OTTO_CAMPAIGN_ROW: CardDef =
    CardDef { code: OTTO_CAMPAIGN, name: "Otto Campaign", on_rez: Effect::Load(6), events: &[(When::TurnBegin, Effect::Custom(otto_campaign))], ..BLANK };

/// Otto Campaign: 2 taken each Corp turn; empty, it is trashed and the Corp gains 2 clicks.
fn otto_campaign(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if take_or_trash(g, CORP, c.card, 2, "Otto Campaign is empty", ev) {
        gain_clicks(g, CORP, 2, c.name(), ev);
    }
}

// --- Phật Gioan Baotixita ------------------------------------------------------------------------

pub const PHAT_GIOAN_BAOTIXITA: &str = "35051";

pub(crate) const PHAT_GIOAN_BAOTIXITA_ROW: CardDef = CardDef {
    code: PHAT_GIOAN_BAOTIXITA,
    name: "Phật Gioan Baotixita",
    events: &[
        (When::CorpDiscarded, Effect::Custom(phat_counter)),
        (When::CorpScores, Effect::Custom(phat_changed_hands)),
        (When::AgendaStolen, Effect::Custom(phat_changed_hands)),
    ],
    asks: &[Ask::Own(Prompt { ask: phat_ask, answer: phat_answer })],
    ..BLANK
};

fn phat_counter(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let n = match g.card_mut(c.card) {
        Some(k) => {
            k.power += 1;
            k.power
        }
        None => return,
    };
    note(ev, "power_counters", format!("{}: 1 power counter on it (now {n})", g.label(c.card)), json!({"card": c.card, "change": 1, "power": n}));
}

/// The first agenda scored or stolen this turn: remove up to 2 counters (asked when it has
/// some), then 1 net damage and 1 more per counter removed.
fn phat_changed_hands(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.flags.agendas_changed_hands != 1 {
        return;
    }
    if g.card(c.card).is_some_and(|k| k.power > 0) {
        ask_later(g, c, 0);
    } else {
        damage(g, DamageKind::Net, 1, c.name(), false);
    }
}

fn phat_ask(g: &Game, c: Ctx) -> Option<Question> {
    let most = g.card(c.card).map_or(0, |k| k.power).min(2) as u8;
    let o = (0..=most).map(|n| (opt(format!("remove:{n}"), format!("Remove {n} power counter(s): {} net damage", 1 + n)), Answer::Mode(n))).collect();
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("removes up to 2 power counters to do 1 net damage and 1 more per counter ({})", c.name()),
        format!("{}: remove up to 2 hosted power counters; 1 net damage plus 1 per counter removed", c.name()),
        o,
    ))
}

fn phat_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Mode(n) = first(a) else { return Err(RulesError::Illegal("choose how many counters".into())) };
    let n = u32::from(n).min(g.card(c.card).map_or(0, |k| k.power));
    if n > 0 {
        if let Some(k) = g.card_mut(c.card) {
            k.power -= n;
        }
        let left = g.card(c.card).map_or(0, |k| k.power);
        note(
            ev,
            "power_counters",
            format!("{}: {n} power counter(s) removed (now {left})", g.label(c.card)),
            json!({"card": c.card, "change": -i64::from(n), "power": left}),
        );
    }
    damage(g, DamageKind::Net, 1 + n, c.name(), false);
    Ok(Then::Done)
}

// --- Plutus --------------------------------------------------------------------------------------

pub const PLUTUS: &str = "35073";

pub(crate) const PLUTUS_ROW: CardDef = CardDef {
    code: PLUTUS,
    name: "Plutus",
    statics: &[Static::RezForfeitOrTrashHq { cards: PLUTUS_HQ_CARDS, step: 2 }],
    events: &[(When::TurnBegin, Effect::Ask(0))],
    asks: &[
        Ask::Own(Prompt { ask: plutus_play_ask, answer: plutus_play_answer }),
        Ask::Do(plutus_remove),
        Ask::Own(Prompt { ask: plutus_rez_ask, answer: plutus_rez_answer }),
    ],
    ..BLANK
};

/// Plutus: the HQ cards its additional rez cost reveals and trashes (instead of a forfeit).
const PLUTUS_HQ_CARDS: u32 = 3;

/// The transaction operations in Archives the Corp can play now.
fn plutus_playable(g: &Game) -> Vec<(crate::core::DecisionOption, Answer)> {
    let transactions: Vec<u32> = g.corp.archives.iter().copied().filter(|&k| g.def(k).has_subtype("Transaction")).collect();
    corp_play_options(g, &transactions)
}

fn plutus_play_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.rezzed(c.card) {
        return None;
    }
    let mut o = plutus_playable(g);
    if o.is_empty() {
        return None;
    }
    o.push((opt("none", "Play nothing"), Answer::No));
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may play a transaction operation from Archives ({})", c.name()),
        format!("{}: you may play 1 transaction operation from Archives; after it resolves, it is removed from the game", c.name()),
        o,
    ))
}

fn plutus_play_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    let answer = first(a);
    let Answer::Play { card, target } = answer else { return Ok(Then::Done) };
    // Pushed first: once the operation has resolved, it leaves the game.
    ask_later(g, Ctx { arg: card, ..c }, 1);
    Ok(Then::PlayCorp { card, target })
}

/// "After it resolves, remove it from the game" (the operation in `Ctx::arg`).
fn plutus_remove(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let card = c.arg;
    if g.corp.archives.contains(&card) {
        g.corp.archives.retain(|&x| x != card);
        g.corp.removed.push(card);
        note(ev, "removed", format!("{}: {} is removed from the game", c.name(), g.label(card)), json!({"card": card, "code": g.code(card)}));
    }
}

/// The additional rez cost paid with HQ cards: which 3 to reveal and trash.
fn plutus_rez_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.rezzed(c.card) || !g.is_installed(c.card) || g.corp.hq.len() < PLUTUS_HQ_CARDS as usize {
        return None;
    }
    let o = card_options(g, "card", &g.corp.hq);
    Some(
        Question::one(
            CORP,
            CARD_KIND,
            // The card is not rezzed yet: the summary does not name it.
            format!("chooses {PLUTUS_HQ_CARDS} cards from HQ to reveal and trash, to rez a card in {}", server_of(g, c.card)),
            format!("{}: reveal and trash {PLUTUS_HQ_CARDS} cards from HQ to rez it", c.name()),
            o,
        )
        .range(PLUTUS_HQ_CARDS, PLUTUS_HQ_CARDS),
    )
}

/// Reveal and trash the chosen cards (face up: they were revealed), then rez, paying its cost.
fn plutus_rez_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let cs = picked(a);
    let cost = g.corp_rez_cost(c.card);
    if cs.len() != PLUTUS_HQ_CARDS as usize || crate::netrunner::cards::helpers::corp_available_for(g, crate::netrunner::cards::Spend::Rez(c.card)) < cost {
        return Err(RulesError::Illegal(format!("{} cannot be rezzed so", c.name())));
    }
    let names: Vec<String> = cs.iter().map(|&k| g.label(k)).collect();
    note(ev, "revealed", format!("{}: the Corp reveals {} from HQ and trashes them", c.name(), names.join(", ")), json!({"cards": cs, "source": c.name()}));
    for &k in &cs {
        g.to_archives(k, true);
    }
    crate::netrunner::cards::fire_identity(g, CORP, When::CorpTrashedFromHq, 0, ev);
    rez_by_effect(g, c.card, Some(cost), c.name(), ev);
    Ok(Then::Done)
}

// --- Public Access Plaza -------------------------------------------------------------------------

pub const PUBLIC_ACCESS_PLAZA: &str = "35062";

pub(crate) const PUBLIC_ACCESS_PLAZA_ROW: CardDef = CardDef {
    code: PUBLIC_ACCESS_PLAZA,
    name: "Public Access Plaza",
    events: &[(When::TurnBegin, Effect::Gain(CORP, 1)), (When::TrashedByRunner, Effect::Custom(plaza_trashed))],
    ..BLANK
};

/// Public Access Plaza, trashed by the Runner while rezzed, at threat 2: 1 tag.
fn plaza_trashed(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if c.arg == 1 && threat(g, 2) {
        give_tags(g, 1, c.name(), ev);
    }
}

// --- Regolith Mining License ---------------------------------------------------------------------

pub const REGOLITH_MINING_LICENSE: &str = "30071";

pub(crate) const REGOLITH_MINING_LICENSE_ROW: CardDef = CardDef {
    code: REGOLITH_MINING_LICENSE,
    name: "Regolith Mining License",
    on_rez: Effect::Load(15),
    click: Some(Click { offers: regolith_offers, effect: Effect::Custom(regolith) }),
    ..BLANK
};

fn regolith_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    if g.rezzed(card) && g.hosted(card) > 0 {
        vec![(None, format!("{}: take 3 credits", g.label(card)))]
    } else {
        vec![]
    }
}

fn regolith(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    crate::netrunner::cards::helpers::take_or_trash(g, CORP, c.card, 3, "Regolith Mining License is empty", ev);
}

// --- Spin Doctor ---------------------------------------------------------------------------------

pub const SPIN_DOCTOR: &str = "30053";

pub(crate) const SPIN_DOCTOR_ROW: CardDef = CardDef {
    code: SPIN_DOCTOR,
    name: "Spin Doctor",
    on_rez: Effect::Draw(CORP, 2),
    paid: Some(PaidAbility { offers: spin_doctor_offers, effect: Effect::Custom(spin_doctor) }),
    asks: &[Ask::ArchivesToRd(2)],
    ..BLANK
};

fn spin_doctor_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    if !g.rezzed(card) {
        return vec![];
    }
    vec![(format!("spin-doctor:{card}"), format!("{}: remove it from the game to shuffle up to 2 cards from Archives into R&D", g.label(card)), 0)]
}

/// Spin Doctor's paid ability: remove it from the game to shuffle up to 2 from Archives into R&D.
fn spin_doctor(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.take_corp(c.card);
    note(ev, "removed_from_game", format!("{} is removed from the game", g.label(c.card)), json!({"card": c.card}));
    ask_later(g, c, 0);
}

// --- The Powers That Be --------------------------------------------------------------------------

pub const THE_POWERS_THAT_BE: &str = "34130";

pub(crate) const THE_POWERS_THAT_BE_ROW: CardDef = CardDef {
    code: THE_POWERS_THAT_BE,
    name: "The Powers That Be",
    events: &[(When::CorpScores, Effect::Ask(0))],
    asks: &[Ask::Own(Prompt { ask: powers_that_be_ask, answer: install_answer })],
    ..BLANK
};

fn powers_that_be_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = vec![(opt("none", "Install nothing"), Answer::No)];
    let from: Vec<u32> = g.corp.hq.iter().chain(g.corp.archives.iter()).copied().collect();
    o.extend(corp_install_options(g, &from, false, true));
    if o.len() <= 1 {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may install a card from HQ or Archives, ignoring all costs ({})", g.label(c.card)),
        format!("{}: you may install 1 card from HQ or Archives, ignoring all costs", g.label(c.card)),
        o,
    ))
}

// --- Urtica Cipher -------------------------------------------------------------------------------

pub const URTICA_CIPHER: &str = "30045";

pub(crate) const URTICA_CIPHER_ROW: CardDef =
    CardDef { code: URTICA_CIPHER, name: "Urtica Cipher", on_access: Effect::Custom(urtica_cipher), statics: &[Static::Advanceable], ..BLANK };

/// Urtica Cipher: accessed while installed, 2 net damage plus 1 per advancement counter.
fn urtica_cipher(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.is_installed(c.card) {
        let n = 2 + g.adv(c.card);
        damage(g, DamageKind::Net, n, c.name(), false);
    }
}

// --- Wage Workers --------------------------------------------------------------------------------

pub const WAGE_WORKERS: &str = "34033";

pub(crate) const WAGE_WORKERS_ROW: CardDef =
    CardDef { code: WAGE_WORKERS, name: "Wage Workers", events: &[(When::CorpFinishedAction, Effect::Custom(wage_workers))], ..BLANK };

/// The third time this turn the Corp finishes the same action: 1 click.
fn wage_workers(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if c.arg == 3 {
        gain_clicks(g, CORP, 1, c.name(), ev);
    }
}

// --- Warm Reception ------------------------------------------------------------------------------

pub const WARM_RECEPTION: &str = "34098";

pub(crate) const WARM_RECEPTION_ROW: CardDef = CardDef {
    code: WARM_RECEPTION,
    name: "Warm Reception",
    events: &[(When::TurnBegin, Effect::Ask(0))],
    asks: &[Ask::Own(Prompt { ask: warm_install_ask, answer: warm_install_answer }), Ask::Own(Prompt { ask: warm_derez_ask, answer: warm_derez_answer })],
    ..BLANK
};

fn warm_install_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = vec![(opt("none", "Install nothing"), Answer::No)];
    o.extend(corp_install_options(g, &g.corp.hq, false, false));
    if o.len() <= 1 {
        return warm_derez_ask(g, c);
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may install a card from HQ ({})", c.name()),
        format!("{}: you may install 1 card from HQ (it cannot be scored this turn)", c.name()),
        o,
    ))
}

fn warm_install_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    match first(a) {
        Answer::Install { card, server } => {
            g.flags.no_score.push(card);
            // Asked after this install (and the trashing it may ask for) is done.
            ask_later(g, c, 1);
            Ok(Then::InstallCorp { card, server })
        }
        // Nothing to install: the question asked was the derez one.
        Answer::Card(_) => warm_derez_answer(g, c, a, ev),
        _ => {
            ask_later(g, c, 1);
            Ok(Then::Done)
        }
    }
}

/// The other rezzed installed Corp cards Warm Reception may derez, while it is rezzed in a
/// server no ice protects.
fn warm_derez_targets(g: &Game, card: u32) -> Vec<u32> {
    let CorpZone::Root(server) = g.corp_zone(card) else { return vec![] };
    if !g.rezzed(card) || !crate::netrunner::cards::helpers::ice_of(g, server).is_empty() {
        return vec![];
    }
    g.installed_corp().into_iter().filter(|&k| k != card && g.rezzed(k)).collect()
}

fn warm_derez_ask(g: &Game, c: Ctx) -> Option<Question> {
    let targets = warm_derez_targets(g, c.card);
    if targets.is_empty() {
        return None;
    }
    let mut o = card_options(g, "derez", &targets);
    o.push((opt("none", "Derez nothing"), Answer::No));
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may derez {} to derez another installed card", g.label(c.card)),
        format!("{}: you may derez it to derez another installed card", g.label(c.card)),
        o,
    ))
}

fn warm_derez_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(k) = first(a) {
        if !warm_derez_targets(g, c.card).contains(&k) {
            return Err(RulesError::Illegal(format!("{} cannot derez card {k}", c.name())));
        }
        crate::netrunner::cards::helpers::derez(g, c.card, c.name(), ev);
        crate::netrunner::cards::helpers::derez(g, k, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- Working Prototype ---------------------------------------------------------------------------

pub const WORKING_PROTOTYPE: &str = "34099";

pub(crate) const WORKING_PROTOTYPE_ROW: CardDef = CardDef {
    code: WORKING_PROTOTYPE,
    name: "Working Prototype",
    events: &[(When::Rez, Effect::Custom(working_prototype_counter))],
    click: Some(Click { offers: working_prototype_offers, effect: Effect::Custom(working_prototype) }),
    asks: &[Ask::Own(Prompt { ask: working_prototype_ask, answer: working_prototype_answer })],
    ..BLANK
};

fn working_prototype_counter(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if let Some(k) = g.card_mut(c.card) {
        k.power += 1;
    }
    let n = g.card(c.card).map_or(0, |k| k.power);
    note(ev, "power_counters", format!("{}: 1 power counter on it (now {n})", g.label(c.card)), json!({"card": c.card, "change": 1, "power": n}));
}

/// Its two click abilities, told apart by the option's number: 0 (1 counter: 3 credits), 1 (5
/// counters: 6 credits and a resource to the top of the stack).
fn working_prototype_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    let mut v = Vec::new();
    if g.rezzed(card) && g.is_installed(card) {
        if power(g, card) >= 1 {
            v.push((Some(0), format!("{}: spend 1 power counter to gain 3 credits", g.label(card))));
        }
        if power(g, card) >= 5 {
            v.push((Some(1), format!("{}: spend 5 power counters to gain 6 credits and add an installed resource to the top of the stack", g.label(card))));
        }
    }
    v
}

fn working_prototype(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let (n, gain) = if c.arg == 1 { (5, 6) } else { (1, 3) };
    if power(g, c.card) < n {
        return;
    }
    if let Some(k) = g.card_mut(c.card) {
        k.power -= n;
    }
    note(
        ev,
        "power_counters",
        format!("{}: {n} power counter(s) spent", g.label(c.card)),
        json!({"card": c.card, "change": -i64::from(n), "power": power(g, c.card)}),
    );
    g.gain(CORP, gain, c.name(), ev);
    if c.arg == 1 {
        ask_later(g, c, 0);
    }
}

fn working_prototype_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.runner.resources.is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("adds an installed resource to the top of the stack ({})", c.name()),
        format!("{}: add 1 installed resource to the top of the stack", c.name()),
        card_options(g, "card", &g.runner.resources),
    ))
}

fn working_prototype_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Card(k) = first(a) else { return Ok(Then::Done) };
    if !g.runner.resources.contains(&k) {
        return Ok(Then::Done);
    }
    g.take_runner(k);
    if let Some(x) = g.card_mut(k) {
        (x.credits, x.virus, x.power, x.host) = (0, 0, 0, None);
    }
    g.runner.stack.insert(0, k);
    note(ev, "to_stack", format!("{}: {} is added to the top of the stack", c.name(), g.label(k)), json!({"card": k, "code": g.code(k)}));
    Ok(Then::Done)
}

// --- shared by the cards above ---------------------------------------------------------------------

/// Behold! and Byte!: accessed anywhere but Archives, the Corp may pay 4 for their effect; in
/// R&D the Runner must reveal them first.
fn ambush_accessed(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    match g.corp_zone(c.card) {
        CorpZone::Archives => return,
        CorpZone::Rd => {
            note(ev, "revealed", format!("The Runner reveals {} accessed in R&D", g.label(c.card)), json!({"card": c.card, "code": g.code(c.card)}))
        }
        _ => {}
    }
    ask_later(g, c, 0);
}

fn ambush_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.credits < 4 {
        return None;
    }
    let effect = if c.def.code == BEHOLD { "give the Runner 2 tags" } else { "give the Runner 1 tag and do 3 net damage" };
    Some(Question::one(
        CORP,
        CARD_KIND,
        "may pay 4 credits for an ability of the accessed card",
        format!("{}: pay 4 credits to {effect}?", g.label(c.card)),
        yes_no_options("Pay 4 credits", "Do nothing"),
    ))
}

fn pay_4(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> bool {
    if first(a) != Answer::Yes || !g.corp_pay(4) {
        return false;
    }
    // Using the accessed card's ability shows it to everyone (in R&D the Runner revealed it).
    if g.corp_zone(c.card) != CorpZone::Rd {
        note(ev, "revealed", format!("The Corp reveals {} to use its ability", g.label(c.card)), json!({"card": c.card, "code": g.code(c.card)}));
    }
    note(ev, "paid", format!("The Corp pays 4 credits for {}", c.name()), json!({"seat": CORP, "cost": 4, "source": c.name()}));
    true
}

/// Whether this card's server is protected by no ice.
fn unprotected(g: &Game, card: u32) -> bool {
    match g.corp_zone(card) {
        CorpZone::Root(s) => g.server(s).is_some_and(|sv| sv.ice.is_empty()),
        _ => false,
    }
}
