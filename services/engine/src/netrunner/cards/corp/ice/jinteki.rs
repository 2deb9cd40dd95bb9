//! Ice of the Jinteki faction: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::common::{corp_trashes, run_going, with_none, ETR};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] = &[
    ATTINI_ROW,
    BOTO_ROW,
    CLOUD_EATER_ROW,
    DIVINER_ROW,
    EMPIRICIST_ROW,
    KARUNA_ROW,
    MYCOWEB_ROW,
    PHONEUTRIA_ROW,
    SEMAK_SAMUN_ROW,
    TATU_BOLA_ROW,
    TRIBUTARY_ROW,
];

// --- Attini --------------------------------------------------------------------------------------

pub const ATTINI: &str = "34042";

pub(crate) const ATTINI_ROW: CardDef = CardDef {
    code: ATTINI,
    name: "Attini",
    subroutines: &[
        Sub { text: "1 net damage unless the Runner pays 2 credits", effect: Effect::Custom(attini) },
        Sub { text: "1 net damage unless the Runner pays 2 credits", effect: Effect::Custom(attini) },
        Sub { text: "1 net damage unless the Runner pays 2 credits", effect: Effect::Custom(attini) },
    ],
    asks: &[Ask::Own(Prompt { ask: attini_ask, answer: attini_answer })],
    ..BLANK
};

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

// --- Boto ----------------------------------------------------------------------------------------

pub const BOTO: &str = "34109";

pub(crate) const BOTO_ROW: CardDef = CardDef {
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
};

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

// --- Cloud Eater ---------------------------------------------------------------------------------

pub const CLOUD_EATER: &str = "34110";

pub(crate) const CLOUD_EATER_ROW: CardDef = CardDef {
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
};

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

// --- Diviner -------------------------------------------------------------------------------------

pub const DIVINER: &str = "30046";

pub(crate) const DIVINER_ROW: CardDef = CardDef {
    code: DIVINER,
    name: "Diviner",
    subroutines: &[Sub { text: "1 net damage; an odd-cost card trashed this way ends the run", effect: Effect::Custom(diviner) }],
    ..BLANK
};

fn diviner(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    damage(g, DamageKind::Net, 1, c.name(), true);
}

// --- Empiricist ----------------------------------------------------------------------------------

pub const EMPIRICIST: &str = "35052";

pub(crate) const EMPIRICIST_ROW: CardDef = CardDef {
    code: EMPIRICIST,
    name: "Empiricist",
    subroutines: &[
        Sub { text: "the Corp draws 1 card and may add 1 card from HQ to the top of R&D", effect: Effect::Custom(empiricist) },
        Sub { text: "1 net damage; give the Runner 1 tag", effect: Effect::All(&[Effect::NetDamage(1), Effect::Tags(1)]) },
        Sub { text: "2 net damage", effect: Effect::NetDamage(2) },
    ],
    asks: &[Ask::Own(Prompt { ask: empiricist_ask, answer: empiricist_answer })],
    ..BLANK
};

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
        crate::netrunner::effects::hq_to_rd_top(g, k, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- Karunā --------------------------------------------------------------------------------------

pub const KARUNA: &str = "30047";

pub(crate) const KARUNA_ROW: CardDef = CardDef {
    code: KARUNA,
    name: "Karunā",
    subroutines: &[
        Sub { text: "2 net damage; the Runner may jack out", effect: Effect::Custom(karuna) },
        Sub { text: "2 net damage", effect: Effect::NetDamage(2) },
    ],
    asks: &[Ask::Own(Prompt { ask: karuna_ask, answer: karuna_answer })],
    ..BLANK
};

/// Karunā's first subroutine: 2 net damage, then the Runner may jack out (last pushed first).
fn karuna(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    ask_later(g, c, 0);
    damage(g, DamageKind::Net, 2, c.name(), false);
}

fn karuna_ask(g: &Game, _: Ctx) -> Option<Question> {
    if !run_going(g) {
        return None;
    }
    let o = vec![(opt("continue", "Continue the run"), Answer::No), (opt("jack_out", "Jack out"), Answer::Yes)];
    Some(Question::one(RUNNER, "karuna", "may jack out (Karunā)", "Karunā: you may jack out", o))
}

fn karuna_answer(g: &mut Game, _: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        if let Some(r) = g.run.as_mut() {
            r.stop = true;
        }
        note(ev, "jacked_out", "The Runner jacks out (Karunā)".into(), json!({}));
    }
    Ok(Then::Done)
}

// --- Mycoweb -------------------------------------------------------------------------------------

pub const MYCOWEB: &str = "35053";

pub(crate) const MYCOWEB_ROW: CardDef = CardDef {
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
};

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

// --- Phoneutria ----------------------------------------------------------------------------------

pub const PHONEUTRIA: &str = "34043";

pub(crate) const PHONEUTRIA_ROW: CardDef = CardDef {
    code: PHONEUTRIA,
    name: "Phoneutria",
    events: &[(When::PassIce, Effect::Custom(phoneutria))],
    subroutines: &[Sub { text: "1 net damage", effect: Effect::NetDamage(1) }, Sub { text: "1 net damage", effect: Effect::NetDamage(1) }],
    ..BLANK
};

/// Phoneutria passed by a Runner holding 4 or more cards: 1 tag.
fn phoneutria(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.runner.grip.len() >= 4 {
        give_tags(g, 1, c.name(), ev);
    }
}

// --- Semak-samun ---------------------------------------------------------------------------------

pub const SEMAK_SAMUN: &str = "35054";

pub(crate) const SEMAK_SAMUN_ROW: CardDef = CardDef {
    code: SEMAK_SAMUN,
    name: "Semak-samun",
    statics: &[Static::BreakOnlyWith("Fracter")],
    subroutines: &[Sub { text: "end the run unless the Runner suffers 3 net damage", effect: Effect::Ask(0) }],
    asks: &[Ask::Own(crate::netrunner::cards::Prompt { ask: semak_ask, answer: semak_answer })],
    ..BLANK
};

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

// --- Tatu-Bola -----------------------------------------------------------------------------------

pub const TATU_BOLA: &str = "34044";

pub(crate) const TATU_BOLA_ROW: CardDef = CardDef {
    code: TATU_BOLA,
    name: "Tatu-Bola",
    events: &[(When::PassIce, Effect::Ask(0))],
    subroutines: &[ETR],
    asks: &[Ask::Own(Prompt { ask: tatu_bola_ask, answer: tatu_bola_answer })],
    ..BLANK
};

fn tatu_bola_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !matches!(g.corp_zone(c.card), CorpZone::Ice(_)) {
        return None;
    }
    let ice: Vec<u32> = g.corp.hq.iter().copied().filter(|&k| crate::netrunner::effects::is_ice(g, k)).collect();
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

// --- Tributary -----------------------------------------------------------------------------------

pub const TRIBUTARY: &str = "34111";

pub(crate) const TRIBUTARY_ROW: CardDef = CardDef {
    code: TRIBUTARY,
    name: "Tributary",
    events: &[(When::CorpRunBegins, Effect::Custom(tributary_run_begins))],
    subroutines: &[
        Sub { text: "the Corp may draw 1 card, then may install 1 piece of ice from HQ protecting another server, ignoring all costs", effect: Effect::Ask(1) },
        Sub { text: "each piece of ice gets +2 strength for the remainder of this run", effect: Effect::Custom(tributary_strength) },
    ],
    asks: &[
        Ask::Own(Prompt { ask: tributary_move_ask, answer: tributary_move_answer }),
        Ask::Own(Prompt { ask: tributary_draw_ask, answer: tributary_draw_answer }),
        Ask::Own(Prompt { ask: tributary_install_ask, answer: tributary_install_answer }),
    ],
    ..BLANK
};

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
