//! Events: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `cards::triggers`.

use crate::netrunner::cards::common::{
    add_power, bypass, click_bypass_answer, discounted_install_answer, encountering, install_choices, one, power, question, remove_from_game, remove_tags,
    run_target, spend_clicks, spend_power, trash_costs_only, yes_no, KIND, NO_MORE_ACCESS,
};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] = &[
    ASHEN_EPILOGUE_ROW,
    BAHIA_BANDS_ROW,
    BURNER_ROW,
    CHARM_OFFENSIVE_ROW,
    CHRYSOPOEIAN_SKIMMING_ROW,
    CLEAN_GETAWAY_ROW,
    CREATIVE_COMMISSION_ROW,
    EYE_FOR_AN_EYE_ROW,
    ILLUMINATION_ROW,
    JAILBREAK_ROW,
    JOY_RIDE_ROW,
    LIE_LOW_ROW,
    MAINTENANCE_ACCESS_ROW,
    MEETING_OF_MINDS_ROW,
    MUTUAL_FAVOR_ROW,
    OVERCLOCK_ROW,
    PRIVILEGED_ACCESS_ROW,
    RITUAL_ROW,
    S_DOBRADO_ROW,
    SCROUNGE_ROW,
    SHRED_ROW,
    SPREE_ROW,
    STRIKE_FUND_ROW,
    SURE_GAMBLE_ROW,
    THE_PRICE_ROW,
    TRANSFER_OF_WEALTH_ROW,
    TREAD_LIGHTLY_ROW,
    TRICK_SHOT_ROW,
    VRCATION_ROW,
    WILDCAT_STRIKE_ROW,
    WINDOW_OF_OPPORTUNITY_ROW,
];

// --- Ashen Epilogue ------------------------------------------------------------------------------

pub const ASHEN_EPILOGUE: &str = "34094";

pub(crate) const ASHEN_EPILOGUE_ROW: CardDef = CardDef {
    code: ASHEN_EPILOGUE,
    name: "Ashen Epilogue",
    play: Some(Play { targets: Targets::None, effect: Effect::Custom(ashen_epilogue) }),
    asks: &[Ask::Do(ashen_epilogue_after_shuffle)],
    ..BLANK
};

/// Ashen Epilogue: it is removed from the game rather than trashed (so it is not shuffled in);
/// the grip and heap go into the stack, shuffled; then (step 0, after the shuffle) the top 5
/// are removed from the game and 5 cards drawn.
fn ashen_epilogue(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    remove_from_game(g, c.card, c.name(), ev);
    let mut cards = std::mem::take(&mut g.runner.grip);
    cards.append(&mut std::mem::take(&mut g.runner.heap));
    let n = cards.len();
    g.runner.stack.extend(cards);
    note(ev, "to_stack", format!("{}: the Runner shuffles their grip and heap ({n} card(s)) into the stack", c.name()), json!({"seat": RUNNER, "count": n}));
    ask_later(g, c, 0);
    g.tasks.push(crate::netrunner::state::Task::Shuffle { corp: false });
}

fn ashen_epilogue_after_shuffle(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let top: Vec<u32> = g.runner.stack.iter().take(5).copied().collect();
    for k in top {
        remove_from_game(g, k, c.name(), ev);
    }
    g.draw(RUNNER, 5, ev);
}

// --- Bahia Bands ---------------------------------------------------------------------------------

pub const BAHIA_BANDS: &str = "34030";

pub(crate) const BAHIA_BANDS_ROW: CardDef = CardDef {
    code: BAHIA_BANDS,
    name: "Bahia Bands",
    play: Some(Play { targets: Targets::Servers(every_server), effect: Effect::Custom(run_target) }),
    run: Some(RunSource { more_access: NO_MORE_ACCESS, on_success: Effect::Ask(0) }),
    statics: &[Static::HostedCreditsFor(trash_costs_only)],
    asks: &[Ask::Own(Prompt { ask: bahia_ask, answer: bahia_answer }), Ask::Own(Prompt { ask: bahia_install_ask, answer: discounted_install_answer })],
    ..BLANK
};

const BAHIA_MODES: [&str; 4] = [
    "Draw 2 cards",
    "Install 1 card from your grip, paying 1 credit less",
    "Remove 1 tag",
    "Place 4 credits on Bahia Bands (they pay trash costs for the rest of this run)",
];

/// The modes chosen so far: a mask in the low 4 bits of `Ctx::arg`, their number above.
fn bahia_chosen(arg: u32) -> (u32, u32) {
    (arg & 0xF, arg >> 4)
}

/// Resolve 2 of the 4 modes, in the order chosen: one at a time, each chosen among those left.
fn bahia_ask(g: &Game, c: Ctx) -> Option<Question> {
    let (used, n) = bahia_chosen(c.arg);
    if n >= 2 || g.run.as_ref().is_none_or(|r| r.source != Some(c.card)) {
        return None;
    }
    let o = (0..4u8).filter(|m| used & (1 << m) == 0).map(|m| (opt(format!("mode:{m}"), BAHIA_MODES[usize::from(m)]), Answer::Mode(m))).collect();
    let which = if n == 0 { "first" } else { "second" };
    Some(question(format!("chooses the {which} of 2 effects ({})", c.name()), format!("{}: choose the {which} of 2 effects to resolve", c.name()), o))
}

fn bahia_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Mode(m) = first(a) else { return Ok(Then::Done) };
    let (used, n) = bahia_chosen(c.arg);
    if m >= 4 || used & (1 << m) != 0 || n >= 2 {
        return Err(RulesError::Illegal(format!("{} cannot resolve that effect now", c.name())));
    }
    note(ev, "mode_chosen", format!("{}: {}", c.name(), BAHIA_MODES[usize::from(m)]), json!({"card": c.card, "mode": m}));
    // The next choice waits below this mode's own question (the last task pushed is asked first).
    ask_later(g, Ctx { arg: (used | (1 << m)) | ((n + 1) << 4), ..c }, 0);
    match m {
        0 => g.draw(RUNNER, 2, ev),
        1 => ask_later(g, c, 1),
        2 => remove_tags(g, 1, c.name(), ev),
        _ => g.load(c.card, 4, ev),
    }
    Ok(Then::Done)
}

fn bahia_install_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = install_choices(g, &g.runner.grip, 1);
    if o.is_empty() {
        return None;
    }
    o.push((opt("none", "Install nothing"), Answer::No));
    Some(question(
        format!("may install a card from their grip ({})", c.name()),
        format!("{}: install 1 card from your grip, paying 1 credit less?", c.name()),
        o,
    ))
}

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

// --- Charm Offensive -----------------------------------------------------------------------------

pub const CHARM_OFFENSIVE: &str = "35003";

pub(crate) const CHARM_OFFENSIVE_ROW: CardDef = CardDef {
    code: CHARM_OFFENSIVE,
    name: "Charm Offensive",
    play: Some(Play { targets: Targets::Servers(archives_only), effect: Effect::Custom(charm_offensive) }),
    run_ends: Some(charm_offensive_run_ends),
    asks: &[Ask::Own(Prompt { ask: charm_offensive_ask, answer: charm_offensive_answer })],
    ..BLANK
};

fn archives_only(_: &Game) -> Vec<u32> {
    vec![ARCHIVES]
}

/// Charm Offensive: its run's end is heard through `Run::marked` (the event is not installed).
fn charm_offensive(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.start_run(ARCHIVES, Some(c.card), ev);
    if let Some(r) = g.run.as_mut() {
        r.marked.push(c.card);
    }
}

fn charm_offensive_run_ends(g: &mut Game, c: Ctx, run: &Run, _: &mut Vec<Event>) {
    if run.source == Some(c.card) && !run.accessed_cards.is_empty() {
        ask_later(g, c, 0);
    }
}

/// The rezzed installed copies of cards accessed in Archives: a breach of Archives accesses
/// every card there, and none has left or come since (the question follows the run's end).
fn charm_offensive_targets(g: &Game) -> Vec<u32> {
    let titles: Vec<&str> = g.corp.archives.iter().map(|&k| g.def(k).title.as_str()).collect();
    g.installed_corp().into_iter().filter(|&k| g.rezzed(k) && titles.contains(&g.def(k).title.as_str())).collect()
}

fn charm_offensive_ask(g: &Game, _: Ctx) -> Option<Question> {
    let t = charm_offensive_targets(g);
    if t.is_empty() {
        return None;
    }
    let mut o: Vec<_> = t.iter().map(|&k| (opt(format!("card:{k}"), format!("Trash {}", g.label(k))), Answer::Card(k))).collect();
    o.push((opt("decline", "Trash nothing"), Answer::No));
    Some(question(
        "may trash a rezzed copy of a card accessed in Archives (Charm Offensive)".into(),
        "Charm Offensive: trash 1 rezzed copy of a card you accessed in Archives?".into(),
        o,
    ))
}

fn charm_offensive_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Some(&k) = picked(a).first().filter(|k| charm_offensive_targets(g).contains(k)) {
        crate::netrunner::cards::helpers::runner_trash(g, k, c.name(), ev);
        crate::netrunner::cards::helpers::runner_took_corp_card(g, k, ev);
    }
    Ok(Then::Done)
}

// --- Chrysopoeian Skimming -----------------------------------------------------------------------

pub const CHRYSOPOEIAN_SKIMMING: &str = "34011";

pub(crate) const CHRYSOPOEIAN_SKIMMING_ROW: CardDef = CardDef {
    code: CHRYSOPOEIAN_SKIMMING,
    name: "Chrysopoeian Skimming",
    play: Some(Play { targets: Targets::None, effect: Effect::Ask(0) }),
    asks: &[Ask::Own(Prompt { ask: skimming_ask, answer: skimming_answer })],
    ..BLANK
};

/// The Corp may reveal an agenda from HQ. Asked even with no agenda in HQ (then only declining
/// is offered), so that the question tells the Runner nothing.
fn skimming_ask(g: &Game, c: Ctx) -> Option<Question> {
    let agendas: Vec<u32> = g.corp.hq.iter().copied().filter(|&k| g.def(k).ctype == CardType::Agenda).collect();
    let mut o: Vec<_> = agendas.iter().map(|&k| (opt(format!("reveal:{k}"), format!("Reveal {}", g.label(k))), Answer::Card(k))).collect();
    o.push((opt("decline", "Reveal nothing (the Runner looks at the top 3 cards of R&D)"), Answer::No));
    Some(Question::one(
        CORP,
        KIND,
        format!("may reveal an agenda from HQ ({})", c.name()),
        format!("{}: reveal an agenda from HQ (the Runner gains a click and draws 1), or let the Runner look at the top 3 cards of R&D?", c.name()),
        o,
    ))
}

fn skimming_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    match picked(a).first() {
        Some(&k) if g.corp.hq.contains(&k) && g.def(k).ctype == CardType::Agenda => {
            note(ev, "revealed", format!("{}: the Corp reveals {} from HQ", c.name(), g.label(k)), json!({"card": k, "code": g.code(k)}));
            crate::netrunner::cards::helpers::gain_clicks(g, RUNNER, 1, c.name(), ev);
            g.draw(RUNNER, 1, ev);
        }
        Some(_) => return Err(RulesError::Illegal("reveal an agenda of HQ".into())),
        None => {
            let top: Vec<u32> = g.corp.rd.iter().take(3).copied().collect();
            crate::netrunner::cards::helpers::look_at(g, RUNNER, &top, c.name(), ev);
        }
    }
    Ok(Then::Done)
}

// --- Clean Getaway -------------------------------------------------------------------------------

pub const CLEAN_GETAWAY: &str = "35014";

pub(crate) const CLEAN_GETAWAY_ROW: CardDef = CardDef {
    code: CLEAN_GETAWAY,
    name: "Clean Getaway",
    play: Some(Play { targets: Targets::Servers(every_server), effect: Effect::Custom(run_target) }),
    run: Some(RunSource { more_access: NO_MORE_ACCESS, on_success: Effect::Gain(RUNNER, 6) }),
    ..BLANK
};

// --- Creative Commission -------------------------------------------------------------------------

pub const CREATIVE_COMMISSION: &str = "30020";

pub(crate) const CREATIVE_COMMISSION_ROW: CardDef = CardDef {
    code: CREATIVE_COMMISSION,
    name: "Creative Commission",
    play: Some(Play { targets: Targets::None, effect: Effect::All(&[Effect::Gain(RUNNER, 5), Effect::Custom(lose_a_click)]) }),
    ..BLANK
};

// --- Eye for an Eye ------------------------------------------------------------------------------

// Rebellion Without Rehearsal (rwr).
pub const EYE_FOR_AN_EYE: &str = "34067";

pub(crate) const EYE_FOR_AN_EYE_ROW: CardDef = CardDef {
    code: EYE_FOR_AN_EYE,
    name: "Eye for an Eye",
    play: Some(Play { targets: Targets::Servers(hq_untagged), effect: Effect::Custom(run_target) }),
    run: Some(RunSource { more_access: one_more_on_hq, on_success: Effect::Tags(1) }),
    access_option: Some(AccessOption {
        id: "eye_for_an_eye",
        agenda_label: "Eye for an Eye: trash 1 card from your grip to trash it",
        label: eye_label,
        usable: grip_not_empty,
        step: 0,
    }),
    asks: &[Ask::Own(Prompt { ask: eye_ask, answer: eye_answer })],
    ..BLANK
};

/// Eye for an Eye: HQ, only untagged.
fn hq_untagged(g: &Game) -> Vec<u32> {
    if g.tagged() {
        vec![]
    } else {
        vec![HQ]
    }
}

fn one_more_on_hq(_: &Game, _: Ctx, server: u32) -> u32 {
    u32::from(server == HQ)
}

fn eye_label(g: &Game, accessed: u32) -> String {
    format!("Eye for an Eye: trash 1 card from your grip to trash {}", g.label(accessed))
}

fn grip_not_empty(g: &Game) -> bool {
    !g.runner.grip.is_empty()
}

fn eye_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.runner.grip.is_empty() {
        return None;
    }
    let o = card_options(g, "card", &g.runner.grip);
    Some(question(
        "may trash a card from their grip to trash the accessed card (Eye for an Eye)".into(),
        format!("Eye for an Eye: trash 1 card from your grip to trash {}", g.label(c.arg)),
        o,
    ))
}

fn eye_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Some(&k) = picked(a).first().filter(|k| g.runner.grip.contains(k)) else {
        return Err(RulesError::Illegal("pick a card of your grip".into()));
    };
    g.to_heap(k);
    note(ev, "discarded", format!("Eye for an Eye: the Runner trashes {} from the grip", g.label(k)), json!({"card": k, "code": g.code(k)}));
    crate::netrunner::cards::helpers::trashed_from_grip_or_stack(g, &[k], ev);
    let card = c.arg;
    if matches!(g.corp_zone(card), crate::netrunner::state::CorpZone::Hq | crate::netrunner::state::CorpZone::Rd | crate::netrunner::state::CorpZone::Root(_)) {
        crate::netrunner::cards::helpers::runner_trash(g, card, c.name(), ev);
        crate::netrunner::cards::helpers::runner_trashed_accessed(g, card, ev);
    }
    Ok(Then::FinishAccess(card))
}

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
    discounted_install_answer(g, c, a, ev)
}

// --- Jailbreak -----------------------------------------------------------------------------------

pub const JAILBREAK: &str = "30028";

pub(crate) const JAILBREAK_ROW: CardDef = CardDef {
    code: JAILBREAK,
    name: "Jailbreak",
    play: Some(Play { targets: Targets::Servers(centrals_hq_rd), effect: Effect::Custom(run_target) }),
    run: Some(RunSource { more_access: jailbreak_access, on_success: Effect::Draw(RUNNER, 1) }),
    ..BLANK
};

fn centrals_hq_rd(_: &Game) -> Vec<u32> {
    vec![HQ, RD]
}

/// Jailbreak: 1 more access on HQ or R&D.
fn jailbreak_access(_: &Game, _: Ctx, server: u32) -> u32 {
    u32::from(server == HQ || server == RD)
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

// --- Lie Low -------------------------------------------------------------------------------------

pub const LIE_LOW: &str = "35015";

pub(crate) const LIE_LOW_ROW: CardDef =
    CardDef { code: LIE_LOW, name: "Lie Low", play: Some(Play { targets: Targets::Labeled(lie_low_modes), effect: Effect::Custom(lie_low) }), ..BLANK };

/// Lie Low's modes; its additional cost is a second click, so it needs 2 clicks to be played.
/// Removing tags is offered per number removed (1 or 2, as many as there are).
fn lie_low_modes(g: &Game) -> Option<Vec<(u32, String)>> {
    if g.runner.clicks < 2 {
        return Some(vec![]);
    }
    let mut m = vec![(0, "spend a click: draw 4 cards".to_string())];
    for n in 1..=g.runner.tags.min(2) {
        m.push((n as u32, format!("spend a click: remove {n} tag(s)")));
    }
    Some(m)
}

fn lie_low(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    spend_clicks(g, 1, c.name(), ev);
    if c.arg == 0 {
        g.draw(RUNNER, 4, ev);
    } else {
        remove_tags(g, i64::from(c.arg), c.name(), ev);
    }
}

// --- Maintenance Access --------------------------------------------------------------------------

pub const MAINTENANCE_ACCESS: &str = "35016";

pub(crate) const MAINTENANCE_ACCESS_ROW: CardDef = CardDef {
    code: MAINTENANCE_ACCESS,
    name: "Maintenance Access",
    play: Some(Play { targets: Targets::Servers(archives_double), effect: Effect::Custom(maintenance_access) }),
    ..BLANK
};

/// A double event on Archives: offered with the click of the additional cost left.
fn archives_double(g: &Game) -> Vec<u32> {
    if g.runner.clicks < 2 {
        vec![]
    } else {
        vec![ARCHIVES]
    }
}

/// Maintenance Access: spend the other click, run Archives; at the approach, the attacked
/// server becomes HQ (`Run::approach_instead`).
fn maintenance_access(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    spend_clicks(g, 1, c.name(), ev);
    g.start_run(ARCHIVES, Some(c.card), ev);
    if let Some(r) = g.run.as_mut() {
        r.approach_instead = Some(HQ);
    }
}

// --- Meeting of Minds ----------------------------------------------------------------------------

pub const MEETING_OF_MINDS: &str = "34076";

pub(crate) const MEETING_OF_MINDS_ROW: CardDef = CardDef {
    code: MEETING_OF_MINDS,
    name: "Meeting of Minds",
    play: Some(Play { targets: Targets::Labeled(meeting_modes), effect: Effect::Custom(meeting_of_minds) }),
    asks: &[
        Ask::Own(Prompt { ask: meeting_search_ask, answer: meeting_search_answer }),
        Ask::Own(Prompt { ask: meeting_reveal_ask, answer: meeting_reveal_answer }),
    ],
    ..BLANK
};

const MEETING_SUBTYPES: [&str; 2] = ["Connection", "Virtual"];

fn meeting_modes(_: &Game) -> Option<Vec<(u32, String)>> {
    Some(MEETING_SUBTYPES.iter().enumerate().map(|(i, t)| (i as u32, format!("choose {}", t.to_lowercase()))).collect())
}

fn meeting_subtype(c: Ctx) -> &'static str {
    MEETING_SUBTYPES.get(c.arg as usize).copied().unwrap_or("Connection")
}

/// Meeting of Minds: search the stack (then shuffled) for a resource of the chosen subtype,
/// then reveal grip cards of that subtype for 1 credit each.
fn meeting_of_minds(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    ask_later(g, c, 1);
    ask_later(g, c, 0);
}

fn meeting_fits(c: Ctx) -> impl Fn(&Game, u32) -> bool {
    let t = meeting_subtype(c);
    move |g: &Game, k: u32| g.def(k).ctype == CardType::Resource && g.def(k).has_subtype(t)
}

fn meeting_search_ask(g: &Game, c: Ctx) -> Option<Question> {
    let t = meeting_subtype(c).to_lowercase();
    Some(search_deck_ask(
        g,
        RUNNER,
        "card",
        meeting_fits(c),
        format!("searches their stack for a {t} resource (Meeting of Minds)"),
        format!("Meeting of Minds: reveal a {t} resource from your stack and add it to your grip?"),
    ))
}

fn meeting_search_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Some(k) = search_deck_answer(g, RUNNER, meeting_fits(c), a, |l| format!("{} reveals {l} and adds it to the grip", c.name()), ev)? {
        g.runner.grip.push(k);
    }
    g.tasks.push(crate::netrunner::state::Task::Shuffle { corp: false });
    Ok(Then::Done)
}

fn meeting_reveal_ask(g: &Game, c: Ctx) -> Option<Question> {
    let t = meeting_subtype(c);
    let these: Vec<u32> = g.runner.grip.iter().copied().filter(|&k| g.def(k).has_subtype(t)).collect();
    if these.is_empty() {
        return None;
    }
    let n = these.len() as u32;
    Some(
        question(
            format!("may reveal {} cards from their grip (Meeting of Minds)", t.to_lowercase()),
            format!("Meeting of Minds: reveal any {} cards from your grip, 1 credit each", t.to_lowercase()),
            card_options(g, "card", &these),
        )
        .range(0, n),
    )
}

fn meeting_reveal_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let t = meeting_subtype(c);
    let shown: Vec<u32> = picked(a).into_iter().filter(|k| g.runner.grip.contains(k) && g.def(*k).has_subtype(t)).collect();
    if !shown.is_empty() {
        let names: Vec<String> = shown.iter().map(|&k| g.label(k)).collect();
        note(ev, "revealed", format!("{} reveals {}", c.name(), names.join(", ")), json!({"cards": shown}));
        g.gain(RUNNER, shown.len() as i64, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- Mutual Favor --------------------------------------------------------------------------------

pub const MUTUAL_FAVOR: &str = "30011";

pub(crate) const MUTUAL_FAVOR_ROW: CardDef = CardDef {
    code: MUTUAL_FAVOR,
    name: "Mutual Favor",
    play: Some(Play { targets: Targets::None, effect: Effect::Custom(mutual_favor) }),
    asks: &[Ask::Own(Prompt { ask: mutual_favor_ask, answer: mutual_favor_answer })],
    ..BLANK
};

/// Mutual Favor: search the stack for an icebreaker, then the stack is shuffled.
fn mutual_favor(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    g.tasks.push(Task::Shuffle { corp: false });
    ask_later(g, c, 0);
}

/// An icebreaker from the stack: into the grip, or installed after a successful run this turn.
fn mutual_favor_ask(g: &Game, _: Ctx) -> Option<Question> {
    let found: Vec<u32> = g.runner.stack.iter().copied().filter(|&c| g.def(c).has_subtype("Icebreaker")).collect();
    if found.is_empty() {
        return None;
    }
    let mut o = Vec::new();
    for c in found {
        o.push((opt(format!("grip:{c}"), format!("Add {} to your grip", g.label(c))), Answer::Card(c)));
        let cost = g.runner_install_cost(c);
        if g.flags.successful_run
            && crate::netrunner::cards::helpers::runner_available_for(g, crate::netrunner::cards::Spend::Install(c)) >= cost
            && g.def(c).memory.unwrap_or(0) <= g.memory_limit()
        {
            o.push((opt(format!("install:{c}"), format!("Install {} (cost {cost})", g.label(c))), Answer::Install { card: c, server: None }));
        }
    }
    Some(one(RUNNER, "mutual_favor", "searches their stack for an icebreaker (Mutual Favor)", "Mutual Favor: choose an icebreaker from your stack", o))
}

fn mutual_favor_answer(g: &mut Game, _: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let (card, install) = match first(a) {
        Answer::Card(c) => (c, false),
        Answer::Install { card, .. } => (card, true),
        _ => return Ok(Then::Done),
    };
    note(ev, "revealed", format!("Mutual Favor reveals {}", g.label(card)), json!({"card": card, "code": g.code(card)}));
    if install {
        return Ok(Then::InstallRunner { card });
    }
    g.take_runner(card);
    g.runner.grip.push(card);
    Ok(Then::Done)
}

// --- Overclock -----------------------------------------------------------------------------------

pub const OVERCLOCK: &str = "30029";

pub(crate) const OVERCLOCK_ROW: CardDef =
    CardDef { code: OVERCLOCK, name: "Overclock", play: Some(Play { targets: Targets::Servers(every_server), effect: Effect::Custom(overclock) }), ..BLANK };

/// Overclock: 5 credits usable during the run.
fn overclock(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.start_run(c.arg, Some(c.card), ev);
    if let Some(r) = g.run.as_mut() {
        r.temp_credits = 5;
    }
    note(ev, "hosted_credits", "Overclock holds 5 credits for this run".into(), json!({"run_credits": 5}));
}

// --- Privileged Access ---------------------------------------------------------------------------

pub const PRIVILEGED_ACCESS: &str = "34068";

pub(crate) const PRIVILEGED_ACCESS_ROW: CardDef = CardDef {
    code: PRIVILEGED_ACCESS,
    name: "Privileged Access",
    play: Some(Play { targets: Targets::Servers(archives_untagged), effect: Effect::Custom(run_target) }),
    run: Some(RunSource { more_access: NO_MORE_ACCESS, on_success: Effect::Custom(privileged_access_success) }),
    asks: &[
        Ask::Own(Prompt { ask: privileged_resource_ask, answer: discounted_install_answer }),
        Ask::Own(Prompt { ask: privileged_program_ask, answer: plain_install_answer }),
    ],
    ..BLANK
};

fn archives_untagged(g: &Game) -> Vec<u32> {
    if g.tagged() {
        vec![]
    } else {
        vec![ARCHIVES]
    }
}

/// Privileged Access: instead of breaching Archives (`Run::no_breach`), 1 tag; taking it, a
/// resource from the heap for 2 less, and at threat 3 a program from the heap (asked in that
/// order: the last task pushed is asked first).
fn privileged_access_success(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if let Some(r) = g.run.as_mut() {
        r.no_breach = true;
    }
    note(ev, "breach_replaced", format!("{}: instead of breaching Archives, the Runner takes 1 tag", c.name()), json!({"card": c.card}));
    give_tags(g, 1, c.name(), ev);
    if threat(g, 3) {
        ask_later(g, c, 1);
    }
    ask_later(g, c, 0);
}

fn privileged_resource_ask(g: &Game, c: Ctx) -> Option<Question> {
    let resources: Vec<u32> = g.runner.heap.iter().copied().filter(|&k| g.def(k).ctype == CardType::Resource).collect();
    let mut o = install_choices(g, &resources, 2);
    if o.is_empty() {
        return None;
    }
    o.push((opt("none", "Install nothing"), Answer::No));
    Some(question(
        format!("may install a resource from their heap ({})", c.name()),
        format!("{}: install 1 resource from your heap, paying 2 credits less?", c.name()),
        o,
    ))
}

fn privileged_program_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = install_choices(g, &heap_programs(g), 0);
    if o.is_empty() {
        return None;
    }
    o.push((opt("none", "Install nothing"), Answer::No));
    Some(question(format!("may install a program from their heap ({})", c.name()), format!("{}: install 1 program from your heap?", c.name()), o))
}

// --- Ritual --------------------------------------------------------------------------------------

pub const RITUAL: &str = "35026";

pub(crate) const RITUAL_ROW: CardDef =
    CardDef { code: RITUAL, name: "Ritual", play: Some(Play { targets: Targets::None, effect: Effect::Custom(ritual) }), ..BLANK };

/// Ritual: 1 card per click left (the click spent playing it is already gone).
fn ritual(g: &mut Game, _: Ctx, ev: &mut Vec<Event>) {
    let n = g.runner.clicks.max(0) as u32;
    g.draw(RUNNER, n, ev);
}

// --- S-Dobrado -----------------------------------------------------------------------------------

pub const S_DOBRADO: &str = "34012";

pub(crate) const S_DOBRADO_ROW: CardDef = CardDef {
    code: S_DOBRADO,
    name: "S-Dobrado",
    play: Some(Play { targets: Targets::Servers(centrals), effect: Effect::Custom(run_target) }),
    events: &[(When::EncounterIce, Effect::Custom(s_dobrado_encounter))],
    asks: &[Ask::Own(Prompt { ask: s_dobrado_ask, answer: click_bypass_answer })],
    ..BLANK
};

fn centrals(_: &Game) -> Vec<u32> {
    vec![HQ, RD, ARCHIVES]
}

/// S-Dobrado: the run's first encounter is bypassed; threat 4: the second for a click.
fn s_dobrado_encounter(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let Some(run) = g.run.as_ref().filter(|r| r.source == Some(c.card)) else { return };
    match run.encounters {
        1 => bypass(g, c.name(), ev),
        2 if threat(g, 4) => ask_later(g, c, 0),
        _ => {}
    }
}

fn s_dobrado_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !encountering(g, c.arg) || g.runner.clicks < 1 {
        return None;
    }
    yes_no(
        "may spend a click to bypass the ice (S-Dobrado)",
        &format!("S-Dobrado: spend a click to bypass {}?", g.label(c.arg)),
        "Spend a click: bypass the ice",
    )
}

// --- Scrounge ------------------------------------------------------------------------------------

pub const SCROUNGE: &str = "35004";

pub(crate) const SCROUNGE_ROW: CardDef = CardDef {
    code: SCROUNGE,
    name: "Scrounge",
    play: Some(Play { targets: Targets::Labeled(double), effect: Effect::Custom(scrounge) }),
    asks: &[
        Ask::Own(Prompt { ask: scrounge_install_ask, answer: discounted_install_answer }),
        Ask::Own(Prompt { ask: scrounge_bottom_ask, answer: scrounge_bottom_answer }),
    ],
    ..BLANK
};

/// A double event: its additional cost is a second click.
fn double(g: &Game) -> Option<Vec<(u32, String)>> {
    if g.runner.clicks < 2 {
        Some(vec![])
    } else {
        None
    }
}

/// Scrounge: a program from the heap is installed, then one may go to the bottom of the stack.
fn scrounge(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    spend_clicks(g, 1, c.name(), ev);
    ask_later(g, c, 1);
    ask_later(g, c, 0);
}

fn scrounge_install_ask(g: &Game, _: Ctx) -> Option<Question> {
    let o = install_choices(g, &heap_programs(g), 0);
    if o.is_empty() {
        return None;
    }
    Some(question("installs a program from their heap (Scrounge)".into(), "Scrounge: install 1 program from your heap".into(), o))
}

fn scrounge_bottom_ask(g: &Game, _: Ctx) -> Option<Question> {
    let progs = heap_programs(g);
    if progs.is_empty() {
        return None;
    }
    let mut o = card_options(g, "card", &progs);
    o.push((opt("none", "Leave them"), Answer::No));
    Some(question(
        "may put a program from their heap at the bottom of their stack (Scrounge)".into(),
        "Scrounge: add 1 program from your heap to the bottom of your stack?".into(),
        o,
    ))
}

fn scrounge_bottom_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Some(&k) = picked(a).first().filter(|k| g.runner.heap.contains(k)) {
        g.take_runner(k);
        g.runner.stack.push(k);
        note(ev, "to_stack", format!("{}: {} goes to the bottom of the stack", c.name(), g.label(k)), json!({"card": k, "code": g.code(k)}));
    }
    Ok(Then::Done)
}

// --- Shred ---------------------------------------------------------------------------------------

pub const SHRED: &str = "35005";

pub(crate) const SHRED_ROW: CardDef = CardDef {
    code: SHRED,
    name: "Shred",
    play: Some(Play { targets: Targets::Servers(every_server), effect: Effect::Custom(run_target) }),
    statics: &[Static::FirstRunEndAsks(0)],
    asks: &[Ask::Own(Prompt { ask: shred_ask, answer: shred_answer }), Ask::Random { from: Pile::Hq, count: shred_count }, Ask::Do(shred_trash)],
    ..BLANK
};

/// The Corp lets the run go on, or reveals and trashes X cards of HQ at random to end it (it
/// cannot if HQ holds fewer than X).
fn shred_ask(g: &Game, c: Ctx) -> Option<Question> {
    let x = shred_x(g);
    let mut o = vec![(opt("go_on", "Let the run go on"), Answer::No)];
    if g.corp.hq.len() as u32 >= x {
        o.push((opt("trash", format!("Reveal and trash {x} card(s) from HQ at random: the run ends")), Answer::Yes));
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("decides whether to trash {x} card(s) from HQ at random to end the run ({})", c.name()),
        format!("{}: the run ends only if you reveal and trash {x} card(s) from HQ at random", c.name()),
        o,
    ))
}

fn shred_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        ask_later(g, c, 1);
    } else {
        note(ev, "run_end_prevented", format!("{}: the run does not end", c.name()), json!({"card": c.card}));
    }
    Ok(Then::Done)
}

/// X: the cards in the root of the attacked server.
fn shred_x(g: &Game) -> u32 {
    let server = g.run.as_ref().map_or(0, |r| r.server);
    g.server(server).map_or(0, |s| s.root.len() as u32)
}

fn shred_count(g: &Game, _: Ctx) -> u32 {
    shred_x(g)
}

fn shred_trash(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    reveal_picked(g, "HQ", c.name(), ev);
    let cs = g.picked_at_random.clone();
    trash_from_hq(g, cs, ev);
    run_ends_now(g, c.name(), ev);
}

// --- Spree ---------------------------------------------------------------------------------------

pub const SPREE: &str = "34086";

pub(crate) const SPREE_ROW: CardDef = CardDef {
    code: SPREE,
    name: "Spree",
    play: Some(Play { targets: Targets::Servers(every_server), effect: Effect::Custom(spree) }),
    statics: &[Static::PaidInAnyWindow],
    paid: Some(PaidAbility { offers: spree_offers, effect: Effect::Custom(spree_move) }),
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

// --- Strike Fund ---------------------------------------------------------------------------------

pub const STRIKE_FUND: &str = "34001";

pub(crate) const STRIKE_FUND_ROW: CardDef = CardDef {
    code: STRIKE_FUND,
    name: "Strike Fund",
    play: Some(Play { targets: Targets::None, effect: Effect::Gain(RUNNER, 4) }),
    // "You may gain 2": always taken (house choice, docs/netrunner.md).
    events: &[(When::TrashedFromGripOrStack, Effect::Gain(RUNNER, 2))],
    ..BLANK
};

// --- Sure Gamble ---------------------------------------------------------------------------------

pub const SURE_GAMBLE: &str = "30030";

pub(crate) const SURE_GAMBLE_ROW: CardDef =
    CardDef { code: SURE_GAMBLE, name: "Sure Gamble", play: Some(Play { targets: Targets::None, effect: Effect::Gain(RUNNER, 9) }), ..BLANK };

// --- The Price -----------------------------------------------------------------------------------

// The Automata Initiative (tai).
pub const THE_PRICE: &str = "34002";

pub(crate) const THE_PRICE_ROW: CardDef = CardDef {
    code: THE_PRICE,
    name: "The Price",
    play: Some(Play { targets: Targets::None, effect: Effect::Custom(the_price) }),
    asks: &[Ask::Own(Prompt { ask: the_price_ask, answer: discounted_install_answer })],
    ..BLANK
};

/// The Price: the top 4 cards of the stack are trashed; one of them may be installed for 3 less
/// (their number in `Ctx::arg`: they are the last of the heap).
fn the_price(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let top: Vec<u32> = g.runner.stack.iter().take(4).copied().collect();
    for &k in &top {
        g.to_heap(k);
    }
    let names: Vec<String> = top.iter().map(|&k| g.label(k)).collect();
    note(ev, "milled", format!("{}: the Runner trashes the top {} card(s) of the stack: {}", c.name(), top.len(), names.join(", ")), json!({"cards": top}));
    crate::netrunner::cards::helpers::trashed_from_grip_or_stack(g, &top, ev);
    ask_later(g, Ctx { arg: top.len() as u32, ..c }, 0);
}

fn the_price_ask(g: &Game, c: Ctx) -> Option<Question> {
    let heap = &g.runner.heap;
    let these = &heap[heap.len().saturating_sub(c.arg as usize)..];
    let mut o = install_choices(g, these, 3);
    if o.is_empty() {
        return None;
    }
    o.push((opt("none", "Install nothing"), Answer::No));
    Some(question("may install one of the trashed cards (The Price)".into(), "The Price: install 1 of those cards, paying 3 less?".into(), o))
}

// --- Transfer of Wealth --------------------------------------------------------------------------

pub const TRANSFER_OF_WEALTH: &str = "35017";

pub(crate) const TRANSFER_OF_WEALTH_ROW: CardDef = CardDef {
    code: TRANSFER_OF_WEALTH,
    name: "Transfer of Wealth",
    play: Some(Play { targets: Targets::Servers(hq_only), effect: Effect::Custom(run_target) }),
    run: Some(RunSource { more_access: NO_MORE_ACCESS, on_success: Effect::Custom(transfer_of_wealth) }),
    ..BLANK
};

/// Transfer of Wealth: 1 tag, the Corp loses 3, the Runner gains 2 per credit lost.
fn transfer_of_wealth(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    give_tags(g, 1, c.name(), ev);
    let lost = g.corp.credits.clamp(0, 3);
    g.lose_credits(CORP, 3, c.name(), ev);
    g.gain(RUNNER, 2 * lost, c.name(), ev);
}

// --- Tread Lightly -------------------------------------------------------------------------------

pub const TREAD_LIGHTLY: &str = "30012";

pub(crate) const TREAD_LIGHTLY_ROW: CardDef = CardDef {
    code: TREAD_LIGHTLY,
    name: "Tread Lightly",
    play: Some(Play { targets: Targets::Servers(every_server), effect: Effect::Custom(tread_lightly) }),
    ..BLANK
};

/// Tread Lightly: ice costs 3 more to rez during that run.
fn tread_lightly(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.start_run(c.arg, Some(c.card), ev);
    if let Some(r) = g.run.as_mut() {
        r.ice_rez_extra = 3;
    }
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

// --- Wildcat Strike ------------------------------------------------------------------------------

pub const WILDCAT_STRIKE: &str = "30002";

pub(crate) const WILDCAT_STRIKE_ROW: CardDef = CardDef {
    code: WILDCAT_STRIKE,
    name: "Wildcat Strike",
    play: Some(Play { targets: Targets::None, effect: Effect::Ask(0) }),
    asks: &[Ask::Own(Prompt { ask: wildcat_ask, answer: wildcat_answer })],
    ..BLANK
};

fn wildcat_ask(_: &Game, _: Ctx) -> Option<Question> {
    let o = vec![(opt("credits", "The Runner gains 6 credits"), Answer::Mode(0)), (opt("draw", "The Runner draws 4 cards"), Answer::Mode(1))];
    Some(one(CORP, "wildcat_strike", "chooses what the Runner gets (Wildcat Strike)", "Wildcat Strike: choose what the Runner gets", o))
}

fn wildcat_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Mode(1) {
        g.draw(RUNNER, 4, ev);
    } else {
        g.gain(RUNNER, 6, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- Window of Opportunity -----------------------------------------------------------------------

pub const WINDOW_OF_OPPORTUNITY: &str = "34077";

pub(crate) const WINDOW_OF_OPPORTUNITY_ROW: CardDef = CardDef {
    code: WINDOW_OF_OPPORTUNITY,
    name: "Window of Opportunity",
    play: Some(Play { targets: Targets::Servers(every_server), effect: Effect::Custom(window_of_opportunity) }),
    run_ends: Some(window_run_ends),
    asks: &[
        Ask::Own(Prompt { ask: window_install_ask, answer: plain_install_answer }),
        Ask::Do(window_run),
        Ask::Own(Prompt { ask: window_derez_ask, answer: window_derez_answer }),
        Ask::Own(Prompt { ask: window_rez_ask, answer: window_rez_answer }),
    ],
    ..BLANK
};

/// First the install (step 0), then the run on the chosen server (step 1, in `Ctx::arg`), once
/// the install and any room made for it are done.
fn window_of_opportunity(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    ask_later(g, c, 1);
    ask_later(g, c, 0);
}

fn window_install_ask(g: &Game, c: Ctx) -> Option<Question> {
    let cards: Vec<u32> = g.runner.grip.iter().copied().filter(|&k| matches!(g.def(k).ctype, CardType::Program | CardType::Hardware)).collect();
    let mut o = install_choices(g, &cards, 0);
    if o.is_empty() {
        return None;
    }
    o.push((opt("none", "Install nothing"), Answer::No));
    Some(question(
        format!("may install a program or hardware ({})", c.name()),
        format!("{}: install 1 program or piece of hardware from your grip?", c.name()),
        o,
    ))
}

/// The run begins; as it begins, 1 rezzed ice protecting the server is derezzed (step 2). Its
/// end is heard through `Run::marked`.
fn window_run(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.run.is_some() {
        return;
    }
    g.start_run(c.arg, Some(c.card), ev);
    if let Some(r) = g.run.as_mut() {
        r.marked.push(c.card);
    }
    ask_later(g, c, 2);
}

fn window_rezzed_ice(g: &Game) -> Vec<u32> {
    let Some(server) = g.run.as_ref().map(|r| r.server) else { return vec![] };
    g.server(server).map(|s| s.ice.iter().copied().filter(|&i| g.rezzed(i)).collect()).unwrap_or_default()
}

fn window_derez_ask(g: &Game, c: Ctx) -> Option<Question> {
    let ice = window_rezzed_ice(g);
    if ice.is_empty() {
        return None;
    }
    Some(question(
        format!("derezzes an ice protecting the attacked server ({})", c.name()),
        format!("{}: derez 1 ice protecting the attacked server", c.name()),
        card_options(g, "derez", &ice),
    ))
}

fn window_derez_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Some(&ice) = picked(a).first().filter(|i| window_rezzed_ice(g).contains(i)) else { return Ok(Then::Done) };
    crate::netrunner::cards::helpers::derez(g, ice, c.name(), ev);
    if let Some(r) = g.run.as_mut() {
        r.derezzed_by.push((c.card, ice));
    }
    Ok(Then::Done)
}

/// When its run ends, the Corp may rez the ice derezzed this way (still installed, unrezzed).
fn window_run_ends(g: &mut Game, c: Ctx, run: &Run, _: &mut Vec<Event>) {
    if run.source != Some(c.card) {
        return;
    }
    for &(by, ice) in &run.derezzed_by {
        if by == c.card && g.is_installed(ice) && !g.rezzed(ice) {
            ask_later(g, Ctx { arg: ice, ..c }, 3);
        }
    }
}

fn window_rez_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.is_installed(c.arg) || g.rezzed(c.arg) {
        return None;
    }
    let o = vec![(opt("rez", format!("Rez {}", g.label(c.arg))), Answer::Yes), (opt("decline", "Leave it unrezzed"), Answer::No)];
    // Derezzed, the ice is face down again: the summary names it as the Runner sees it.
    Some(Question::one(
        CORP,
        KIND,
        format!("may rez {} ignoring all costs ({})", g.corp_public_label(c.arg), c.name()),
        format!("{}: rez {}, ignoring all costs?", c.name(), g.label(c.arg)),
        o,
    ))
}

/// A rez ignoring all costs: the card's "when rezzed" ability and the rez triggers follow.
fn window_rez_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) != Answer::Yes || !g.is_installed(c.arg) || g.rezzed(c.arg) {
        return Ok(Then::Done);
    }
    let text = format!("{}: the Corp rezzes {}, ignoring all costs", c.name(), g.label(c.arg));
    crate::netrunner::cards::helpers::rez_ignoring_costs(g, c.arg, text, ev);
    Ok(Then::Done)
}

// --- shared by the cards above ---------------------------------------------------------------------

fn lose_a_click(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    lose_a_remaining_click(g, c.name(), ev);
}

fn every_server(g: &Game) -> Vec<u32> {
    g.corp.servers.iter().map(|s| s.id).collect()
}

fn rd_only(_: &Game) -> Vec<u32> {
    vec![RD]
}

pub(crate) fn hq_only(_: &Game) -> Vec<u32> {
    vec![HQ]
}

fn heap_programs(g: &Game) -> Vec<u32> {
    g.runner.heap.iter().copied().filter(|&k| g.def(k).ctype == CardType::Program).collect()
}

/// Install the answered card (on its host ice, for a Trojan), with no reduction.
fn plain_install_answer(_: &mut Game, _: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Install { card, server } = first(a) else { return Ok(Then::Done) };
    Ok(match server {
        Some(host) => Then::InstallRunnerOn { card, host },
        None => Then::InstallRunner { card },
    })
}
