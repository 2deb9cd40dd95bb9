//! Runner identities: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::common::{breach_extra, discounted_install_answer, grip_programs, install_choices, may_install, one, question, yes_no, KIND};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] = &[
    ARISSANA_ROCHA_NAHU_ROW,
    BARRY_BAZ_WONG_ROW,
    DEWI_SUBROTOPUTRI_ROW,
    MAGDALENE_KEINO_CHEMUTAI_ROW,
    MERCURY_ROW,
    MUSLIHAT_ROW,
    LOUP_ROW,
    RYO_PHOENIX_ONO_ROW,
    SEBASTIAO_SOUZA_PESSOA_ROW,
    THE_CATALYST_ROW,
    TOPAN_ROW,
    TAO_SALONGA_ROW,
    ZAHYA_ROW,
];

// --- Arissana Rocha Nahu: Street Artist ----------------------------------------------------------

pub const ARISSANA_ROCHA_NAHU: &str = "34020";

pub(crate) const ARISSANA_ROCHA_NAHU_ROW: CardDef = CardDef {
    code: ARISSANA_ROCHA_NAHU,
    name: "Arissana Rocha Nahu",
    paid: Some(PaidAbility { offers: Offers::Own(arissana_offers), effect: Effect::Custom(arissana) }),
    asks: &[Ask::Own(Prompt { ask: arissana_ask, answer: arissana_answer })],
    ..BLANK
};

/// Arissana: once per turn, during a run, a program from the grip (paying its cost), in any
/// paid-ability window (the identity's paid ability).
/// Hand-written offers, not a `Costed`: an identity's ability (its label is the identity's name, not a card's).
fn arissana_offers(g: &Game, _: u32) -> Vec<(String, String, u32)> {
    if g.run.as_ref().is_none_or(|r| r.stop) || g.used_this_turn(ARISSANA_ROCHA_NAHU) || install_choices(g, &grip_programs(g), 0).is_empty() {
        return vec![];
    }
    vec![("arissana".into(), "Arissana Rocha Nahu: install 1 program from your grip".into(), 0)]
}

fn arissana(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.use_once_per_turn(c.def.code) {
        ask_later(g, c, 0);
    }
}

fn arissana_ask(g: &Game, c: Ctx) -> Option<Question> {
    let o = install_choices(g, &grip_programs(g), 0);
    if o.is_empty() {
        return None;
    }
    Some(question(
        format!("installs a program from their grip ({})", c.name()),
        format!("{}: install 1 program from your grip (paying its install cost)", c.name()),
        o,
    ))
}

/// The program installed; unless it is a Trojan, it is trashed when this run ends (if still
/// installed then).
fn arissana_answer(g: &mut Game, _: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Install { card, server } = first(a) else { return Ok(Then::Done) };
    if !g.is_trojan(card) {
        if let Some(r) = g.run.as_mut() {
            r.trash_at_end.push(card);
        }
    }
    Ok(match server {
        Some(host) => Then::InstallRunnerOn { card, host },
        None => Then::InstallRunner { card },
    })
}

// --- Barry “Baz” Wong: Tri-Maf Veteran -----------------------------------------------------------

pub const BARRY_BAZ_WONG: &str = "35012";

pub(crate) const BARRY_BAZ_WONG_ROW: CardDef = CardDef {
    code: BARRY_BAZ_WONG,
    name: "Barry \"Baz\" Wong",
    events: &[(When::CorpRezzedIce, Effect::Ask(0))],
    asks: &[Ask::Own(Prompt { ask: barry_ask, answer: install_answer })],
    ..BLANK
};

/// The grip's cards of these types the Runner can install now (paying the cost; one console).
fn installable_from_grip(g: &Game, types: &[CardType]) -> Vec<u32> {
    let has_console = g.runner.hardware.iter().any(|&h| g.def(h).has_subtype("Console"));
    g.runner
        .grip
        .iter()
        .copied()
        .filter(|&c| {
            let d = g.def(c);
            types.contains(&d.ctype)
                && !(d.ctype == CardType::Hardware && d.has_subtype("Console") && has_console)
                && !(d.ctype == CardType::Program && (g.is_trojan(c) || d.memory.unwrap_or(0) > g.memory_limit()))
                && crate::netrunner::effects::runner_available_for(g, crate::netrunner::cards::Spend::Install(c)) >= g.runner_install_cost(c)
        })
        .collect()
}

fn install_options(g: &Game, cards: &[u32]) -> Vec<(crate::core::DecisionOption, Answer)> {
    let mut o: Vec<_> = cards
        .iter()
        .map(|&c| {
            (opt(format!("install:{c}"), format!("Install {} (cost {})", g.label(c), g.runner_install_cost(c))), Answer::Install { card: c, server: None })
        })
        .collect();
    o.push((opt("none", "Install nothing"), Answer::No));
    o
}

fn install_answer(_: &mut Game, _: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    Ok(match first(a) {
        Answer::Install { card, .. } => Then::InstallRunner { card },
        _ => Then::Done,
    })
}

/// Barry "Baz" Wong: when the Corp rezzes an ice, a resource or hardware from the grip.
fn barry_ask(g: &Game, _: Ctx) -> Option<Question> {
    let cards = installable_from_grip(g, &[CardType::Resource, CardType::Hardware]);
    if cards.is_empty() {
        return None;
    }
    Some(question(
        "may install a resource or hardware (Barry \"Baz\" Wong)".into(),
        "Barry \"Baz\" Wong: install a resource or piece of hardware from your grip?".into(),
        install_options(g, &cards),
    ))
}

// --- Dewi Subrotoputri: Pedagogical Dhalang ------------------------------------------------------

pub const DEWI_SUBROTOPUTRI: &str = "35023";

pub(crate) const DEWI_SUBROTOPUTRI_ROW: CardDef = CardDef {
    code: DEWI_SUBROTOPUTRI,
    name: "Dewi Subrotoputri",
    events: &[(When::SuccessfulRun, Effect::Custom(dewi_success))],
    asks: &[Ask::Own(Prompt { ask: dewi_ask, answer: dewi_answer })],
    ..BLANK
};

/// Dewi's condition on her shown side: the front wants memory full, the flip side 1 unused MU.
fn dewi_can_flip(g: &Game) -> bool {
    let free = g.memory_limit() - g.memory_used();
    if g.runner.flipped {
        free >= 1
    } else {
        free <= 0
    }
}

/// Dewi: after a successful run, if her side's condition holds, she may flip (an "if" checked
/// again when the question is asked).
fn dewi_success(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if dewi_can_flip(g) {
        ask_later(g, c, 0);
    }
}

fn dewi_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !dewi_can_flip(g) {
        return None;
    }
    if g.runner.flipped {
        yes_no("may flip their identity to draw 1 card (Dewi Subrotoputri)", "Dewi Subrotoputri: flip your identity and draw 1 card?", "Flip it: draw 1 card")
    } else {
        yes_no(
            &format!("may flip their identity to gain 1 credit ({})", c.name()),
            "Dewi Subrotoputri: your memory is full: flip your identity and gain 1 credit?",
            "Flip it: gain 1 credit",
        )
    }
}

fn dewi_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) != Answer::Yes {
        return Ok(Then::Done);
    }
    let was_flipped = g.runner.flipped;
    g.runner.flipped = !was_flipped;
    let side = if g.runner.flipped { "flip side" } else { "front" };
    note(ev, "flipped", format!("{}: the Runner flips their identity to its {side}", c.name()), json!({"seat": RUNNER, "flipped": g.runner.flipped}));
    if was_flipped {
        g.draw(RUNNER, 1, ev);
    } else {
        g.gain(RUNNER, 1, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- Magdalene Keino-Chemutai: Cryptarchitect ----------------------------------------------------

pub const MAGDALENE_KEINO_CHEMUTAI: &str = "35024";

pub(crate) const MAGDALENE_KEINO_CHEMUTAI_ROW: CardDef = CardDef {
    code: MAGDALENE_KEINO_CHEMUTAI,
    name: "Magdalene Keino-Chemutai",
    events: &[(When::RunnerDiscarded, Effect::Ask(0))],
    asks: &[Ask::Own(Prompt { ask: magdalene_ask, answer: discounted_install_answer::<0> })],
    ..BLANK
};

/// Magdalene: a program or hardware among the cards just discarded to the hand size (the last
/// `Ctx::arg` cards of the heap), paying its install cost.
fn magdalene_ask(g: &Game, c: Ctx) -> Option<Question> {
    let heap = &g.runner.heap;
    let these: Vec<u32> = heap[heap.len().saturating_sub(c.arg as usize)..]
        .iter()
        .copied()
        .filter(|&k| matches!(g.def(k).ctype, CardType::Program | CardType::Hardware))
        .collect();
    may_install(
        g,
        &these,
        0,
        format!("may install a program or hardware they discarded ({})", c.name()),
        format!("{}: install 1 program or piece of hardware you discarded?", c.name()),
    )
}

// --- Mercury: Chrome Libertador ------------------------------------------------------------------

pub const MERCURY: &str = "34010";

pub(crate) const MERCURY_ROW: CardDef = CardDef {
    code: MERCURY,
    name: "Mercury",
    events: &[(When::Breach, Effect::Custom(mercury_breach))],
    asks: &[Ask::Own(Prompt { ask: mercury_ask, answer: mercury_answer })],
    ..BLANK
};

/// Mercury: once per turn, breaching HQ or R&D in a run that broke no subroutine, 1 more access
/// if the Runner likes (the once-per-turn use is spent only when taken).
fn mercury_breach(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    let clean = g.run.as_ref().is_some_and(|r| !r.broke_any);
    if (c.arg == HQ || c.arg == RD) && clean && !g.used_this_turn(c.def.code) {
        ask_later(g, c, 0);
    }
}

fn mercury_ask(_: &Game, c: Ctx) -> Option<Question> {
    let place = if c.arg == HQ { "HQ" } else { "R&D" };
    yes_no(&format!("may access 1 more card in {place} (Mercury)"), &format!("Mercury: access 1 more card in {place} (once per turn)?"), "Access 1 more card")
}

fn mercury_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && g.use_once_per_turn(c.def.code) {
        breach_extra(g, 1);
        note(ev, "more_access", format!("{}: the Runner accesses 1 more card", c.name()), json!({}));
    }
    Ok(Then::Done)
}

// --- MuslihaT: Multifarious Marketeer ------------------------------------------------------------

pub const MUSLIHAT: &str = "35013";

pub(crate) const MUSLIHAT_ROW: CardDef = CardDef {
    code: MUSLIHAT,
    name: "MuslihaT",
    events: &[(When::TurnBegin, Effect::Custom(muslihat_look))],
    asks: &[Ask::Own(Prompt { ask: muslihat_ask, answer: muslihat_answer })],
    ..BLANK
};

/// MuslihaT: the Runner looks at the top card of the stack when it is asked (told to the Runner
/// alone, a private `netrunner.looked`).
fn muslihat_look(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    ask_later(g, c, 0);
}

/// MuslihaT: the top card of the stack, seen by the Runner alone; an icebreaker or a run event
/// may be revealed into the grip. Asked whatever the card is, so that the Corp learns nothing
/// from the question being asked.
fn muslihat_ask(g: &Game, _: Ctx) -> Option<Question> {
    let &top = g.runner.stack.first()?;
    let d = g.def(top);
    let mut o = Vec::new();
    if d.has_subtype("Icebreaker") || (d.ctype == CardType::Event && d.has_subtype("Run")) {
        o.push((opt("reveal", format!("Reveal {} and add it to your grip", g.label(top))), Answer::Card(top)));
    }
    o.push((opt("keep", "Leave it on top of the stack"), Answer::No));
    Some(
        question("looks at the top card of their stack (MuslihaT)".into(), format!("MuslihaT: the top card of your stack is {}", g.label(top)), o)
            .looking_at(vec![top]),
    )
}

fn muslihat_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Some(&top) = picked(a).first() {
        g.take_runner(top);
        g.runner.grip.push(top);
        note(ev, "revealed", format!("{} reveals {} and adds it to the grip", c.name(), g.label(top)), json!({"card": top, "code": g.code(top)}));
    }
    Ok(Then::Done)
}

// --- René “Loup” Arcemont: Party Animal ----------------------------------------------------------

// The rest of System Gateway: the three Runner factions.
pub const LOUP: &str = "30001";

pub(crate) const LOUP_ROW: CardDef = CardDef { code: LOUP, name: "René \"Loup\" Arcemont", events: &[(When::TrashAccessed, Effect::Custom(loup))], ..BLANK };

/// René "Loup" Arcemont: the first trash of an accessed card each turn: 1 credit and 1 card.
fn loup(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.use_once_per_turn(c.def.code) {
        g.gain(RUNNER, 1, c.name(), ev);
        g.draw(RUNNER, 1, ev);
    }
}

// --- Ryō “Phoenix” Ōno: Out of the Ashes ---------------------------------------------------------

// Elevation (elev).
pub const RYO_PHOENIX_ONO: &str = "35001";

pub(crate) const RYO_PHOENIX_ONO_ROW: CardDef = CardDef {
    code: RYO_PHOENIX_ONO,
    name: "Ryō \"Phoenix\" Ōno",
    events: &[(When::SuccessfulRun, Effect::Custom(ryo_success))],
    asks: &[Ask::Own(Prompt { ask: ryo_ask, answer: ryo_answer })],
    ..BLANK
};

/// Ryō "Phoenix" Ōno: the first successful run each turn after a subroutine resolved in it:
/// 1 credit, and the Corp trashes 1 card from HQ.
fn ryo_success(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.run.as_ref().is_some_and(|r| r.sub_resolved) && g.use_once_per_turn(c.def.code) {
        g.gain(RUNNER, 1, c.name(), ev);
        ask_later(g, c, 0);
    }
}

fn ryo_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.hq.is_empty() {
        return None;
    }
    let o = card_options(g, "card", &g.corp.hq);
    Some(Question::one(CORP, KIND, format!("trashes 1 card from HQ ({})", c.name()), format!("{}: trash 1 card from HQ", c.name()), o))
}

fn ryo_answer(g: &mut Game, _: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let cs: Vec<u32> = picked(a).into_iter().filter(|c| g.corp.hq.contains(c)).take(1).collect();
    trash_from_hq(g, cs, ev);
    Ok(Then::Done)
}

// --- Sebastião Souza Pessoa: Activist Organizer --------------------------------------------------

pub const SEBASTIAO_SOUZA_PESSOA: &str = "34066";

pub(crate) const SEBASTIAO_SOUZA_PESSOA_ROW: CardDef = CardDef {
    code: SEBASTIAO_SOUZA_PESSOA,
    name: "Sebastião Souza Pessoa",
    statics: &[Static::TrashActionHqCards(sebastiao_trash_cost)],
    events: &[(When::RunnerTagged, Effect::Custom(sebastiao_tagged))],
    asks: &[Ask::Own(Prompt { ask: sebastiao_ask, answer: discounted_install_answer::<2> })],
    ..BLANK
};

/// Sebastião: trashing a connection with the basic action also costs the Corp 1 card from HQ.
fn sebastiao_trash_cost(g: &Game, _: u32, resource: u32) -> u32 {
    u32::from(g.def(resource).has_subtype("Connection"))
}

/// Sebastião: taking tags while untagged (`Ctx::arg`: the tags held before), a connection from
/// the grip for 2 less.
fn sebastiao_tagged(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if c.arg == 0 {
        ask_later(g, c, 0);
    }
}

fn sebastiao_ask(g: &Game, c: Ctx) -> Option<Question> {
    let connections: Vec<u32> = g.runner.grip.iter().copied().filter(|&k| g.def(k).ctype == CardType::Resource && g.def(k).has_subtype("Connection")).collect();
    may_install(
        g,
        &connections,
        2,
        format!("may install a connection resource ({})", c.name()),
        format!("{}: install a connection resource from your grip, paying 2 credits less?", c.name()),
    )
}

// --- The Catalyst: Convention Breaker ------------------------------------------------------------

// Runner (The Catalyst starter deck).
pub const THE_CATALYST: &str = "30076";

pub(crate) const THE_CATALYST_ROW: CardDef = CardDef { code: THE_CATALYST, name: "The Catalyst", ..BLANK };

// --- Topan: Ormas Leader -------------------------------------------------------------------------

pub const TOPAN: &str = "35002";

pub(crate) const TOPAN_ROW: CardDef = CardDef {
    code: TOPAN,
    name: "Topan",
    click: Some(Click { offers: Offers::Own(topan_offers), effect: Effect::Custom(topan) }),
    asks: &[Ask::Own(Prompt { ask: topan_ask, answer: topan_answer })],
    ..BLANK
};

/// Topan: once per turn, a click: install a grip card for 2 less, then 1 meat damage.
/// Hand-written offers, not a `Costed`: an identity's ability (its label is the identity's name, not a card's).
fn topan_offers(g: &Game, _: u32) -> Vec<(Option<u32>, String)> {
    if g.used_this_turn(TOPAN) || install_choices(g, &g.runner.grip, 2).is_empty() {
        return vec![];
    }
    vec![(None, "Topan: install a card from your grip, paying 2 less (1 meat damage)".to_string())]
}

fn topan(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    g.use_once_per_turn(c.def.code);
    ask_later(g, c, 0);
}

fn topan_ask(g: &Game, _: Ctx) -> Option<Question> {
    let o = install_choices(g, &g.runner.grip, 2);
    if o.is_empty() {
        return None;
    }
    Some(question("installs a card from their grip (Topan)".into(), "Topan: install 1 card from your grip, paying 2 less".into(), o))
}

fn topan_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let then = discounted_install_answer::<2>(g, c, a, ev)?;
    if then != Then::Done {
        // Pushed first: resolved once the install (and any room it makes) is done.
        crate::netrunner::effects::damage(g, crate::netrunner::state::DamageKind::Meat, 1, c.name(), false);
    }
    Ok(then)
}

// --- Tāo Salonga: Telepresence Magician ----------------------------------------------------------

pub const TAO_SALONGA: &str = "30019";

pub(crate) const TAO_SALONGA_ROW: CardDef = CardDef {
    code: TAO_SALONGA,
    name: "Tāo Salonga",
    events: &[(When::AgendaChangedHands, Effect::Custom(tao_salonga))],
    asks: &[Ask::Own(Prompt { ask: tao_ask, answer: tao_answer }), Ask::Own(Prompt { ask: tao_pick, answer: tao_swap })],
    ..BLANK
};

fn installed_ice(g: &Game) -> Vec<u32> {
    g.installed_corp().into_iter().filter(|&c| g.def(c).ctype == CardType::Ice).collect()
}

/// Tāo Salonga: an agenda scored or stolen lets the Runner swap 2 installed ice.
fn tao_salonga(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if installed_ice(g).len() >= 2 {
        ask_later(g, c, 0);
    }
}

fn tao_ask(g: &Game, _: Ctx) -> Option<Question> {
    if installed_ice(g).len() < 2 {
        return None;
    }
    // Swap or not first, then exactly 2 ice: one pick of "0 or 2" cannot be asked as a range.
    let o = vec![(opt("swap", "Swap 2 installed ice"), Answer::Yes), (opt("decline", "Do not"), Answer::No)];
    Some(one(RUNNER, "tao_salonga", "may swap 2 installed ice (Tāo Salonga)", "Tāo Salonga: swap 2 installed ice?", o))
}

fn tao_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        ask_later(g, c, 1);
    }
    Ok(Then::Done)
}

fn tao_pick(g: &Game, _: Ctx) -> Option<Question> {
    let ice = installed_ice(g);
    if ice.len() < 2 {
        return None;
    }
    let o = ice.iter().map(|&c| (opt(format!("ice:{c}"), g.corp_public_label(c)), Answer::Card(c))).collect();
    Some(one(RUNNER, "tao_salonga_swap", "picks 2 installed ice to swap (Tāo Salonga)", "Tāo Salonga: pick the 2 installed ice to swap", o).range(2, 2))
}

fn tao_swap(g: &mut Game, _: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let (a, b) = match picked(a).as_slice() {
        [a, b] => (*a, *b),
        _ => return Err(RulesError::Illegal("pick 2 ice".into())),
    };
    for s in g.corp.servers.iter_mut() {
        for x in s.ice.iter_mut() {
            if *x == a {
                *x = b;
            } else if *x == b {
                *x = a;
            }
        }
    }
    note(ev, "ice_swapped", format!("Tāo Salonga swaps {} and {}", g.corp_public_label(a), g.corp_public_label(b)), json!({"ice": [a, b]}));
    Ok(Then::Done)
}

// --- Zahya Sadeghi: Versatile Smuggler -----------------------------------------------------------

pub const ZAHYA: &str = "30010";

pub(crate) const ZAHYA_ROW: CardDef =
    CardDef { code: ZAHYA, name: "Zahya Sadeghi", run_ends: Some(zahya_run_ends), asks: &[Ask::Own(Prompt { ask: zahya_ask, answer: zahya_answer })], ..BLANK };

/// Zahya Sadeghi: once per turn, a run on HQ or R&D ending may give 1 per card accessed.
fn zahya_run_ends(g: &mut Game, c: Ctx, run: &Run, _: &mut Vec<Event>) {
    if !g.used_this_turn(c.def.code) && (run.server == HQ || run.server == RD) && run.accessed > 0 {
        ask_later(g, Ctx { arg: run.accessed, ..c }, 0);
    }
}

fn zahya_ask(_: &Game, c: Ctx) -> Option<Question> {
    let n = c.arg;
    let o = vec![(opt("gain", format!("Gain {n} credit(s)")), Answer::Yes), (opt("decline", "Not now"), Answer::No)];
    Some(one(RUNNER, "zahya", &format!("may gain {n} credit(s) (Zahya Sadeghi)"), &format!("Zahya Sadeghi: gain {n} credit(s) (once per turn)?"), o))
}

fn zahya_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        g.use_once_per_turn(c.def.code);
        g.gain(RUNNER, i64::from(c.arg), c.name(), ev);
    }
    Ok(Then::Done)
}
