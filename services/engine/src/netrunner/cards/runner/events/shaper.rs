//! Events of the Shaper faction: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::common::{
    add_power, discounted_install_answer, every_server, hq_only, install_choices, power, question, run_target, spend_power, NO_MORE_ACCESS,
};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] =
    &[BURNER_ROW, CREATIVE_COMMISSION_ROW, ILLUMINATION_ROW, JOY_RIDE_ROW, RITUAL_ROW, SPREE_ROW, TRICK_SHOT_ROW, VRCATION_ROW];

// --- Burner --------------------------------------------------------------------------------------

pub const BURNER: &str = "34085";

pub(crate) const BURNER_ROW: CardDef = CardDef {
    code: BURNER,
    name: "Burner",
    play: Some(Play { targets: Targets::Servers(hq_only), effect: Effect::Custom(run_target) }),
    run: Some(RunSource { more_access: NO_MORE_ACCESS, on_success: Effect::Custom(burner_success) }),
    asks: &[Ask::Random { from: Pile::Hq, count: |_, _| 3 }, Ask::Do(burner_revealed), Ask::Own(Prompt { ask: burner_place_ask, answer: burner_place_answer })],
    ..BLANK
};

/// Burner: the revealed cards it adds to R&D.
const BURNER_ADDS: usize = 2;

/// Instead of breaching HQ (`Run::no_breach`), 3 cards of HQ at random are revealed.
fn burner_success(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if let Some(r) = g.run.as_mut() {
        r.no_breach = true;
    }
    note(ev, "breach_replaced", format!("{}: instead of breaching HQ, the Runner reveals 3 cards in HQ at random", c.name()), json!({"card": c.card}));
    ask_later(g, c, 0);
}

/// The revealed cards are shown; the Runner then places 2 of them, one at a time.
fn burner_revealed(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    reveal_picked(g, "HQ", c.name(), ev);
    for _ in 0..BURNER_ADDS {
        ask_later(g, c, 2);
    }
}

/// The revealed cards still in HQ (those not placed yet).
fn burner_left(g: &Game) -> Vec<u32> {
    g.picked_at_random.iter().copied().filter(|k| g.corp.hq.contains(k)).collect()
}

fn burner_place_ask(g: &Game, c: Ctx) -> Option<Question> {
    let left = burner_left(g);
    if left.is_empty() {
        return None;
    }
    let mut o = Vec::new();
    for &k in &left {
        o.push((opt(format!("top:{k}"), format!("Add {} to the top of R&D", g.label(k))), Answer::CardMode { card: k, mode: 0 }));
        o.push((opt(format!("bottom:{k}"), format!("Add {} to the bottom of R&D", g.label(k))), Answer::CardMode { card: k, mode: 1 }));
    }
    Some(Question::one(
        RUNNER,
        CARD_KIND,
        format!("adds a revealed card to the top or bottom of R&D ({})", c.name()),
        format!("{}: add 1 revealed card to the top or the bottom of R&D", c.name()),
        o,
    ))
}

fn burner_place_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::CardMode { card, mode } = first(a) else { return Ok(Then::Done) };
    if !burner_left(g).contains(&card) {
        return Ok(Then::Done);
    }
    g.take_corp(card);
    let place = if mode == 0 {
        g.corp.rd.insert(0, card);
        "top"
    } else {
        g.corp.rd.push(card);
        "bottom"
    };
    note(
        ev,
        "revealed_placed",
        format!("{}: {} is added to the {place} of R&D", c.name(), g.label(card)),
        json!({"card": card, "code": g.code(card), "place": place, "to": "rd"}),
    );
    Ok(Then::Done)
}

// --- Creative Commission -------------------------------------------------------------------------

pub const CREATIVE_COMMISSION: &str = "30020";

pub(crate) const CREATIVE_COMMISSION_ROW: CardDef = CardDef {
    code: CREATIVE_COMMISSION,
    name: "Creative Commission",
    play: Some(Play { targets: Targets::None, effect: Effect::All(&[Effect::Gain(RUNNER, 5), Effect::Custom(lose_a_click)]) }),
    ..BLANK
};

// --- Illumination --------------------------------------------------------------------------------

pub const ILLUMINATION: &str = "35025";

pub(crate) const ILLUMINATION_ROW: CardDef = CardDef {
    code: ILLUMINATION,
    name: "Illumination",
    play: Some(Play { targets: Targets::Servers(rd_only), effect: Effect::Custom(run_target) }),
    run: Some(RunSource { more_access: NO_MORE_ACCESS, on_success: Effect::Custom(illumination_success) }),
    asks: &[Ask::Own(Prompt { ask: illumination_ask, answer: illumination_answer })],
    ..BLANK
};

/// Illumination: after a successful run on R&D, up to 3 installs from the grip, 1 less each
/// (the installs left in `Ctx::arg`).
fn illumination_success(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    ask_later(g, Ctx { arg: 3, ..c }, 0);
}

fn illumination_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = install_choices(g, &g.runner.grip, 1);
    if o.is_empty() || c.arg == 0 {
        return None;
    }
    o.push((opt("none", "Install nothing more"), Answer::No));
    Some(question(
        format!("may install up to {} card(s) from their grip (Illumination)", c.arg),
        format!("Illumination: install a card from your grip, paying 1 less ({} left)?", c.arg),
        o,
    ))
}

fn illumination_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if matches!(first(a), Answer::Install { .. }) && c.arg > 1 {
        // The next one is asked once this install (and any room it makes) is done.
        ask_later(g, Ctx { arg: c.arg - 1, ..c }, 0);
    }
    discounted_install_answer::<1>(g, c, a, ev)
}

// --- Joy Ride ------------------------------------------------------------------------------------

pub const JOY_RIDE: &str = "34021";

pub(crate) const JOY_RIDE_ROW: CardDef = CardDef {
    code: JOY_RIDE,
    name: "Joy Ride",
    play: Some(Play { targets: Targets::Servers(rd_only), effect: Effect::Custom(run_target) }),
    run: Some(RunSource { more_access: NO_MORE_ACCESS, on_success: Effect::Draw(RUNNER, 5) }),
    ..BLANK
};

// --- Ritual --------------------------------------------------------------------------------------

pub const RITUAL: &str = "35026";

pub(crate) const RITUAL_ROW: CardDef =
    CardDef { code: RITUAL, name: "Ritual", play: Some(Play { targets: Targets::None, effect: Effect::Custom(ritual) }), ..BLANK };

/// Ritual: 1 card per click left (the click spent playing it is already gone).
fn ritual(g: &mut Game, _: Ctx, ev: &mut Vec<Event>) {
    let n = g.runner.clicks.max(0) as u32;
    g.draw(RUNNER, n, ev);
}

// --- Spree ---------------------------------------------------------------------------------------

pub const SPREE: &str = "34086";

pub(crate) const SPREE_ROW: CardDef = CardDef {
    code: SPREE,
    name: "Spree",
    play: Some(Play { targets: Targets::Servers(every_server), effect: Effect::Custom(spree) }),
    statics: &[Static::PaidInAnyWindow],
    paid: Some(PaidAbility { offers: Offers::Own(spree_offers), effect: Effect::Custom(spree_move) }),
    ..BLANK
};

/// 3 power counters on it (set, not added: a card in the heap keeps its counters), then the run.
fn spree(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if let Some(k) = g.card_mut(c.card) {
        k.power = 0;
    }
    add_power(g, c.card, 3, c.name(), ev);
    run_target(g, c, ev);
}

/// During its run, a hosted power counter moves an installed Trojan onto another ice protecting
/// the attacked server (the program, in the argument's high 16 bits, and the ice).
/// Hand-written offers, not a `Costed`: one option per Trojan and ice to host it on.
fn spree_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    let Some(run) = g.run.as_ref().filter(|r| r.source == Some(card)) else { return vec![] };
    if power(g, card) == 0 {
        return vec![];
    }
    let ice: Vec<u32> = g.server(run.server).map(|s| s.ice.clone()).unwrap_or_default();
    let mut o = Vec::new();
    for &p in g.runner.programs.iter().filter(|&&p| g.is_trojan(p) && p < 0x10000) {
        for &i in ice.iter().filter(|&&i| i < 0x10000 && g.card(p).and_then(|k| k.host) != Some(i)) {
            o.push((
                format!("spree:{card}:{p}:{i}"),
                format!("{}: spend a power counter to host {} on {}", g.label(card), g.label(p), g.corp_public_label(i)),
                (p << 16) | i,
            ));
        }
    }
    o
}

fn spree_move(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let (p, ice) = (c.arg >> 16, c.arg & 0xFFFF);
    let ok = g.runner.programs.contains(&p) && g.is_trojan(p) && g.run.as_ref().and_then(|r| g.server(r.server)).is_some_and(|s| s.ice.contains(&ice));
    if !ok || !spend_power(g, c.card) {
        return;
    }
    if let Some(k) = g.card_mut(p) {
        k.host = Some(ice);
    }
    note(
        ev,
        "hosted",
        format!("{}: {} is hosted on {} ({} power counter(s) left)", c.name(), g.label(p), g.corp_public_label(ice), power(g, c.card)),
        json!({"card": p, "host": ice, "source": c.card, "power": power(g, c.card)}),
    );
}

// --- Trick Shot ----------------------------------------------------------------------------------

pub const TRICK_SHOT: &str = "34087";

pub(crate) const TRICK_SHOT_ROW: CardDef = CardDef {
    code: TRICK_SHOT,
    name: "Trick Shot",
    play: Some(Play { targets: Targets::Servers(rd_only), effect: Effect::Custom(trick_shot) }),
    run: Some(RunSource { more_access: trick_shot_more_access, on_success: Effect::Custom(trick_shot_success) }),
    run_ends: Some(trick_shot_run_ends),
    asks: &[Ask::Own(Prompt { ask: trick_shot_ask, answer: trick_shot_answer })],
    ..BLANK
};

/// A run begun by Trick Shot: its hosted credits are spendable during it (`Run::source_credits`),
/// and its end is heard through `Run::marked`.
fn trick_shot_run(g: &mut Game, c: Ctx, server: u32, ev: &mut Vec<Event>) {
    g.start_run(server, Some(c.card), ev);
    if let Some(r) = g.run.as_mut() {
        r.source_credits = true;
        r.marked.push(c.card);
    }
}

/// 4 credits placed on it (it sits in the heap once played), then the run on R&D.
fn trick_shot(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.load(c.card, 4, ev);
    trick_shot_run(g, c, RD, ev);
}

/// Only its run on R&D (its second run is on a remote server).
fn trick_shot_more_access(g: &Game, c: Ctx, server: u32) -> u32 {
    u32::from(server == RD && g.run.as_ref().is_some_and(|r| r.server == RD && r.successful && r.source == Some(c.card)))
}

fn trick_shot_success(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.run.as_ref().is_some_and(|r| r.server == RD) {
        g.load(c.card, 2, ev);
    }
}

/// When its R&D run ends, the Runner may run a remote server (again with its credits).
fn trick_shot_run_ends(g: &mut Game, c: Ctx, run: &Run, _: &mut Vec<Event>) {
    if run.source == Some(c.card) && run.server == RD {
        ask_later(g, c, 0);
    }
}

fn trick_shot_ask(g: &Game, c: Ctx) -> Option<Question> {
    let remotes: Vec<u32> = every_server(g).into_iter().filter(|&s| Game::is_remote(s)).collect();
    if remotes.is_empty() || g.run.is_some() {
        return None;
    }
    let mut o: Vec<_> = remotes.iter().map(|&s| (opt(format!("run:{s}"), format!("Run {}", Game::server_name(s))), Answer::Card(s))).collect();
    o.push((opt("decline", "Do not run"), Answer::No));
    Some(question(format!("may run a remote server ({})", c.name()), format!("{}: run a remote server?", c.name()), o))
}

fn trick_shot_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Some(&s) = picked(a).first() {
        if Game::is_remote(s) && g.server(s).is_some() && g.run.is_none() {
            trick_shot_run(g, c, s, ev);
        }
    }
    Ok(Then::Done)
}

// --- VRcation ------------------------------------------------------------------------------------

pub const VRCATION: &str = "30021";

pub(crate) const VRCATION_ROW: CardDef = CardDef {
    code: VRCATION,
    name: "VRcation",
    play: Some(Play { targets: Targets::None, effect: Effect::All(&[Effect::Draw(RUNNER, 4), Effect::Custom(lose_a_click)]) }),
    ..BLANK
};

// --- shared by the cards above ---------------------------------------------------------------------

fn lose_a_click(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    lose_a_remaining_click(g, c.name(), ev);
}

fn rd_only(_: &Game) -> Vec<u32> {
    vec![RD]
}
