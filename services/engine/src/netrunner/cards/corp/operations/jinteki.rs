//! Operations of the Jinteki faction: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::common::{corp_may_install, install_answer, pick_one_of, runner_took_corp_card_last_turn};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] = &[BRING_THEM_HOME_ROW, HANSEI_REVIEW_ROW, MINDSCAPING_ROW, NEUROSPIKE_ROW, PEER_REVIEW_ROW];

// --- Bring Them Home -----------------------------------------------------------------------------

pub const BRING_THEM_HOME: &str = "34112";

pub(crate) const BRING_THEM_HOME_ROW: CardDef = CardDef {
    code: BRING_THEM_HOME,
    name: "Bring Them Home",
    statics: &[Static::Terminal],
    play: Some(Play { targets: Targets::Labeled(runner_took_corp_card_last_turn), effect: Effect::Custom(bring_them_home) }),
    asks: &[
        Ask::Random { from: Pile::Grip, count: |_, _| BRING_THEM_HOME_ADDS },
        Ask::Do(bring_them_home_to_top),
        Ask::Own(Prompt { ask: bring_them_home_pay_ask, answer: bring_them_home_pay_answer }),
        Ask::Random { from: Pile::Grip, count: |_, _| 1 },
        Ask::Do(bring_them_home_shuffle_in),
    ],
    ..BLANK
};

/// Bring Them Home: the cards it adds from the grip to the top of the stack.
const BRING_THEM_HOME_ADDS: u32 = 2;

/// 2 cards of the grip at random go to the top of the stack; at threat 3 the Corp may then pay
/// 2 for 1 more, shuffled in (asked after: the last task pushed is asked first).
fn bring_them_home(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if threat(g, 3) {
        ask_later(g, c, 2);
    }
    ask_later(g, c, 0);
}

/// Each picked card is added to the top of the stack in the order picked (house choice: the
/// last one picked ends on top).
fn bring_them_home_to_top(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    reveal_picked(g, "the grip", c.name(), ev);
    for k in g.picked_at_random.clone() {
        g.take_runner(k);
        g.runner.stack.insert(0, k);
        note(
            ev,
            "revealed_placed",
            format!("{}: {} is added to the top of the stack", c.name(), g.label(k)),
            json!({"card": k, "code": g.code(k), "place": "top", "to": "stack"}),
        );
    }
}

fn bring_them_home_pay_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.credits < 2 || g.runner.grip.is_empty() {
        return None;
    }
    let o = vec![(opt("no", "Do not pay"), Answer::No), (opt("pay", "Pay 2 credits: reveal 1 card in the grip at random"), Answer::Yes)];
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may pay 2 credits to reveal a card in the grip at random ({})", c.name()),
        format!("{}: pay 2 credits to reveal 1 card in the grip at random? The Runner shuffles it into the stack", c.name()),
        o,
    ))
}

fn bring_them_home_pay_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && g.corp_pay(2) {
        note(ev, "paid", format!("The Corp pays 2 for {}", c.name()), json!({"seat": CORP, "cost": 2}));
        ask_later(g, c, 3);
    }
    Ok(Then::Done)
}

fn bring_them_home_shuffle_in(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    reveal_picked(g, "the grip", c.name(), ev);
    for k in g.picked_at_random.clone() {
        g.take_runner(k);
        g.runner.stack.push(k);
        note(
            ev,
            "revealed_placed",
            format!("{}: the Runner shuffles {} into the stack", c.name(), g.label(k)),
            json!({"card": k, "code": g.code(k), "place": "shuffled", "to": "stack"}),
        );
        g.tasks.push(Task::Shuffle { corp: false });
    }
}

// --- Hansei Review -------------------------------------------------------------------------------

pub const HANSEI_REVIEW: &str = "30048";

pub(crate) const HANSEI_REVIEW_ROW: CardDef = CardDef {
    code: HANSEI_REVIEW,
    name: "Hansei Review",
    play: Some(Play { targets: Targets::None, effect: Effect::All(&[Effect::Gain(CORP, 10), Effect::Custom(hansei_review)]) }),
    asks: &[Ask::Own(Prompt { ask: hansei_ask, answer: hansei_answer })],
    ..BLANK
};

fn hansei_review(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if !g.corp.hq.is_empty() {
        ask_later(g, c, 0);
    }
}

fn hansei_ask(g: &Game, _: Ctx) -> Option<Question> {
    if g.corp.hq.is_empty() {
        return None;
    }
    let o = card_options(g, "card", &g.corp.hq);
    Some(pick_one_of(CORP, "hansei_review", "trashes 1 card from HQ (Hansei Review)", "Hansei Review: trash 1 card from HQ", o))
}

fn hansei_answer(g: &mut Game, _: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let cs = picked(a);
    if cs.len() != 1 {
        return Err(RulesError::Illegal("pick 1 card".into()));
    }
    trash_from_hq(g, cs, ev);
    Ok(Then::Done)
}

// --- Mindscaping ---------------------------------------------------------------------------------

pub const MINDSCAPING: &str = "34045";

pub(crate) const MINDSCAPING_ROW: CardDef = CardDef {
    code: MINDSCAPING,
    name: "Mindscaping",
    play: Some(Play { targets: Targets::Labeled(mindscaping_modes), effect: Effect::Custom(mindscaping) }),
    asks: &[Ask::Own(Prompt { ask: mindscaping_ask, answer: mindscaping_answer })],
    ..BLANK
};

fn mindscaping_modes(g: &Game) -> Option<Vec<(u32, String)>> {
    let x = g.runner.tags.clamp(0, 3);
    Some(vec![
        (0, "gain 4 credits and draw 2 cards, then add 1 card from HQ to the top of R&D".to_string()),
        (1, format!("do {x} net damage (1 per tag, up to 3)")),
    ])
}

fn mindscaping(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if c.arg == 0 {
        g.gain(CORP, 4, c.name(), ev);
        g.draw(CORP, 2, ev);
        ask_later(g, c, 0);
    } else {
        let x = g.runner.tags.clamp(0, 3) as u32;
        if x > 0 {
            damage(g, DamageKind::Net, x, c.name(), false);
        }
    }
}

fn mindscaping_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.hq.is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("adds 1 card from HQ to the top of R&D ({})", c.name()),
        format!("{}: add 1 card from HQ to the top of R&D", c.name()),
        card_options(g, "card", &g.corp.hq),
    ))
}

fn mindscaping_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(k) = first(a) {
        hq_to_rd_top(g, k, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- Neurospike ----------------------------------------------------------------------------------

pub const NEUROSPIKE: &str = "30049";

pub(crate) const NEUROSPIKE_ROW: CardDef =
    CardDef { code: NEUROSPIKE, name: "Neurospike", play: Some(Play { targets: Targets::None, effect: Effect::Custom(neurospike) }), ..BLANK };

/// Neurospike: net damage equal to the printed points the Corp scored this turn.
fn neurospike(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    let n = g.flags.scored_points.max(0) as u32;
    if n > 0 {
        damage(g, DamageKind::Net, n, c.name(), false);
    }
}

// --- Peer Review ---------------------------------------------------------------------------------

pub const PEER_REVIEW: &str = "35055";

pub(crate) const PEER_REVIEW_ROW: CardDef = CardDef {
    code: PEER_REVIEW,
    name: "Peer Review",
    play: Some(Play { targets: Targets::None, effect: Effect::Custom(peer_review) }),
    asks: &[
        Ask::Own(Prompt { ask: peer_review_ask, answer: peer_review_answer }),
        Ask::Own(Prompt { ask: peer_review_install_ask, answer: install_answer::<false> }),
    ],
    ..BLANK
};

fn peer_review(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    ask_later(g, c, 1);
    if g.corp.hq.len() >= 2 {
        ask_later(g, c, 0);
    } else {
        g.gain(CORP, 7, c.name(), ev);
    }
}

fn peer_review_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.hq.len() < 2 {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("reveals all cards in HQ but one ({})", c.name()),
        format!("{}: choose the 1 card of HQ you do not reveal", c.name()),
        card_options(g, "keep", &g.corp.hq),
    ))
}

/// Every card of HQ but the chosen one is revealed, then 7 credits.
fn peer_review_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Card(kept) = first(a) else { return Err(RulesError::Illegal("choose the card not revealed".into())) };
    if !g.corp.hq.contains(&kept) {
        return Err(RulesError::Illegal("choose a card in HQ".into()));
    }
    let shown: Vec<u32> = g.corp.hq.iter().copied().filter(|&k| k != kept).collect();
    let names: Vec<String> = shown.iter().map(|&k| g.label(k)).collect();
    let codes: Vec<String> = shown.iter().map(|&k| g.code(k).to_string()).collect();
    note(ev, "revealed", format!("{}: the Corp reveals from HQ: {}", c.name(), names.join(", ")), json!({"cards": shown, "codes": codes}));
    g.gain(CORP, 7, c.name(), ev);
    Ok(Then::Done)
}

fn peer_review_install_ask(g: &Game, c: Ctx) -> Option<Question> {
    corp_may_install(
        corp_install_options(g, &g.corp.hq, true, false),
        format!("may install a card from HQ in the root of a remote server ({})", c.name()),
        format!("{}: you may install 1 card from HQ in the root of a remote server", c.name()),
    )
}
