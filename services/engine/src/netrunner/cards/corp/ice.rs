//! Ice: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `cards::triggers`.

use crate::netrunner::cards::common::{run_going, with_none};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] = &[
    ABLATIVE_BARRIER_ROW,
    ANSEL_1_0_ROW,
    ATTINI_ROW,
    BALLISTA_ROW,
    BIAWAK_ROW,
    BOTO_ROW,
    BRAN_1_0_ROW,
    BUMI_1_0_ROW,
    CAPACITOR_ROW,
    CLOUD_EATER_ROW,
    DESCENT_ROW,
    DIVINER_ROW,
    DOOMSCROLL_ROW,
    EMPIRICIST_ROW,
    FLYSWATTER_ROW,
    FUNHOUSE_ROW,
    HAMMER_ROW,
    JAGUARUNDI_ROW,
    KARUNA_ROW,
    KESSLEROID_ROW,
    LAMPLIGHTER_ROW,
    LOGJAM_ROW,
    LYCIAN_MULTI_MUNITION_ROW,
    MIC_ROW,
    MYCOWEB_ROW,
    N_POT_ROW,
    PALISADE_ROW,
    PHAROS_ROW,
    PHONEUTRIA_ROW,
    PING_ROW,
    PIRANHAS_ROW,
    SCATTER_FIELD_ROW,
    SEMAK_SAMUN_ROW,
    SERAPH_ROW,
    SOROCABAN_BLADE_ROW,
    STARLIT_KNIGHT_ROW,
    SYAILENDRA_ROW,
    TATU_BOLA_ROW,
    TITHE_ROW,
    TREE_LINE_ROW,
    TRIBUTARY_ROW,
    VALENTAO_ROW,
    VIRTUAL_SERVICE_AGENT_ROW,
    WHITESPACE_ROW,
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
    let mut o = vec![(opt("none", "Install nothing"), Answer::No)];
    o.extend(corp_install_options(g, &from, false, false).into_iter().filter(|(_, a)| !matches!(a, Answer::Install { server: Some(s), .. } if *s == here)));
    if o.len() <= 1 {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may install a non-agenda card from HQ or Archives in or protecting another server ({})", c.name()),
        format!("{}: you may install 1 non-agenda card from HQ or Archives in the root of or protecting another server", c.name()),
        o,
    ))
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

// --- Ballista ------------------------------------------------------------------------------------

pub const BALLISTA: &str = "30062";

pub(crate) const BALLISTA_ROW: CardDef = CardDef {
    code: BALLISTA,
    name: "Ballista",
    subroutines: &[Sub { text: "trash 1 installed program or end the run", effect: Effect::Ask(0) }],
    asks: &[Ask::CorpTrashes { kind: TrashKind::Program, or_end: true, optional: false }],
    ..BLANK
};

// --- Biawak --------------------------------------------------------------------------------------

pub const BIAWAK: &str = "35074";

pub(crate) const BIAWAK_ROW: CardDef = CardDef {
    code: BIAWAK,
    name: "Biawak",
    statics: &[Static::ForfeitPaysRez(10)],
    subroutines: &[
        Sub { text: "trash 1 installed program or end the run", effect: Effect::Ask(0) },
        Sub { text: "trash 1 installed resource or end the run", effect: Effect::Ask(1) },
        ETR,
    ],
    asks: &[Ask::Own(Prompt { ask: biawak_program_ask, answer: biawak_answer }), Ask::Own(Prompt { ask: biawak_resource_ask, answer: biawak_answer })],
    ..BLANK
};

/// Biawak's first two subroutines: the Corp trashes one of `targets` or ends the run.
fn trash_or_end_ask(g: &Game, c: Ctx, targets: &[u32], what: &str) -> Option<Question> {
    if !run_going(g) {
        return None;
    }
    let mut o = card_options(g, "trash", targets);
    o.push((opt("end", "End the run"), Answer::Yes));
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("trashes an installed {what} or ends the run ({})", c.name()),
        format!("{}: trash 1 installed {what} or end the run", c.name()),
        o,
    ))
}

fn biawak_program_ask(g: &Game, c: Ctx) -> Option<Question> {
    trash_or_end_ask(g, c, &g.runner.programs, "program")
}

fn biawak_resource_ask(g: &Game, c: Ctx) -> Option<Question> {
    trash_or_end_ask(g, c, &g.runner.resources, "resource")
}

fn biawak_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    match first(a) {
        Answer::Card(k) if g.runner.programs.contains(&k) || g.runner.resources.contains(&k) => g.trash(k, c.name(), ev),
        _ => end_the_run(g, c.name(), ev),
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

// --- Capacitor -----------------------------------------------------------------------------------

pub const CAPACITOR: &str = "34116";

pub(crate) const CAPACITOR_ROW: CardDef = CardDef {
    code: CAPACITOR,
    name: "Capacitor",
    statics: &[Static::IceStrength(capacitor_strength)],
    subroutines: &[Sub { text: "the Corp gains 1 credit per tag of the Runner", effect: Effect::Custom(capacitor) }, ETR],
    ..BLANK
};

fn capacitor_strength(g: &Game, _: u32) -> i64 {
    if g.tagged() {
        2
    } else {
        0
    }
}

fn capacitor(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let n = g.runner.tags;
    g.gain(CORP, n, c.name(), ev);
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

// --- Descent -------------------------------------------------------------------------------------

pub const DESCENT: &str = "34125";

pub(crate) const DESCENT_ROW: CardDef = CardDef {
    code: DESCENT,
    name: "Descent",
    click: Some(Click { offers: descent_offers, effect: Effect::Custom(descent_expend) }),
    events: &[(When::TurnBegin, Effect::Ask(1))],
    subroutines: &[ETR],
    asks: &[Ask::Own(Prompt { ask: descent_ask, answer: descent_answer }), Ask::Own(Prompt { ask: descent_home_ask, answer: descent_home_answer })],
    ..BLANK
};

fn descent_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    expend_offers(g, card, true)
}

/// Descent expended: 1 card drawn, then up to 2 agendas from HQ and Archives into R&D.
fn descent_expend(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if expend(g, c.card, ev) {
        g.draw(CORP, 1, ev);
        ask_later(g, c, 0);
    }
}

fn descent_agendas(g: &Game) -> Vec<u32> {
    g.corp.hq.iter().chain(g.corp.archives.iter()).copied().filter(|&k| g.def(k).ctype == crate::netrunner::data::CardType::Agenda).collect()
}

fn descent_ask(g: &Game, c: Ctx) -> Option<Question> {
    let agendas = descent_agendas(g);
    if agendas.is_empty() {
        return None;
    }
    let n = (agendas.len() as u32).min(2);
    Some(
        Question::one(
            CORP,
            CARD_KIND,
            format!("may reveal up to 2 agendas in HQ or Archives and shuffle them into R&D ({})", c.name()),
            format!("{}: reveal up to 2 agendas in HQ and/or Archives to shuffle them into R&D", c.name()),
            card_options(g, "card", &agendas),
        )
        .range(0, n),
    )
}

fn descent_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let ok = descent_agendas(g);
    let cs: Vec<u32> = picked(a).into_iter().filter(|k| ok.contains(k)).take(2).collect();
    if cs.is_empty() {
        return Ok(Then::Done);
    }
    let names: Vec<String> = cs.iter().map(|&k| g.label(k)).collect();
    for &k in &cs {
        g.take_corp(k);
        if let Some(x) = g.card_mut(k) {
            x.faceup = false;
        }
        g.corp.rd.push(k);
    }
    note(ev, "revealed", format!("{}: the Corp reveals {} and shuffles them into R&D", c.name(), names.join(", ")), json!({"cards": cs}));
    g.tasks.push(Task::Shuffle { corp: true });
    Ok(Then::Done)
}

fn descent_home_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.is_installed(c.card) {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may add {} to HQ", g.label(c.card)),
        format!("{}: add it to HQ?", g.label(c.card)),
        vec![(opt("yes", "Add it to HQ"), Answer::Yes), (opt("no", "Keep it installed"), Answer::No)],
    ))
}

/// Descent goes back to HQ (hosted cards fall off: the Trojan sweep trashes them).
fn descent_home_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) != Answer::Yes || !g.is_installed(c.card) {
        return Ok(Then::Done);
    }
    g.take_corp(c.card);
    if let Some(x) = g.card_mut(c.card) {
        (x.rezzed, x.adv, x.credits, x.faceup, x.virus, x.power) = (false, 0, 0, false, 0, 0);
    }
    g.corp.hq.push(c.card);
    note(ev, "to_hq", format!("The Corp adds {} to HQ", g.label(c.card)), json!({"card": c.card, "code": g.code(c.card)}));
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

// --- Doomscroll ----------------------------------------------------------------------------------

pub const DOOMSCROLL: &str = "35063";

pub(crate) const DOOMSCROLL_ROW: CardDef = CardDef {
    code: DOOMSCROLL,
    name: "Doomscroll",
    subroutines: &[
        Sub { text: "give the Runner 1 tag", effect: Effect::Tags(1) },
        Sub { text: "1 net damage", effect: Effect::NetDamage(1) },
        Sub { text: "2 net damage if the Runner has 2 tags or more", effect: Effect::Custom(doomscroll) },
    ],
    ..BLANK
};

fn doomscroll(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.runner.tags >= 2 {
        damage(g, DamageKind::Net, 2, c.name(), false);
    }
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
        crate::netrunner::cards::helpers::hq_to_rd_top(g, k, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- Flyswatter ----------------------------------------------------------------------------------

pub const FLYSWATTER: &str = "35079";

pub(crate) const FLYSWATTER_ROW: CardDef = CardDef { code: FLYSWATTER, name: "Flyswatter", on_rez: Effect::Custom(flyswatter), subroutines: &[ETR], ..BLANK };

/// Flyswatter rezzed during a run against its server: every virus counter is purged (NR-3.2).
fn flyswatter(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let here = match g.corp_zone(c.card) {
        CorpZone::Ice(s) => g.run.as_ref().is_some_and(|r| r.server == s),
        _ => false,
    };
    if here {
        purge(g);
        note(ev, "purged", format!("{}: virus counters are purged", c.name()), json!({"source": c.name()}));
        crate::netrunner::cards::helpers::purged(g, ev);
    }
}

// --- Funhouse ------------------------------------------------------------------------------------

pub const FUNHOUSE: &str = "30054";

pub(crate) const FUNHOUSE_ROW: CardDef = CardDef {
    code: FUNHOUSE,
    name: "Funhouse",
    events: &[(When::Encounter, Effect::Ask(0))],
    subroutines: &[Sub { text: "a tag unless the Runner pays 4 credits", effect: Effect::Ask(1) }],
    asks: &[Ask::Own(Prompt { ask: funhouse_ask, answer: funhouse_answer }), Ask::PayOrTag(4)],
    ..BLANK
};

/// Funhouse on encounter: a tag or the run ends (its subroutine, the second question: a tag
/// unless the Runner pays 4).
fn funhouse_ask(g: &Game, _: Ctx) -> Option<Question> {
    if !run_going(g) {
        return None;
    }
    let o = vec![(opt("tag", "Take 1 tag"), Answer::Yes), (opt("end", "Let the run end"), Answer::No)];
    Some(Question::one(RUNNER, "funhouse", "takes 1 tag or lets the run end (Funhouse)", "Funhouse: take 1 tag or the run ends", o))
}

fn funhouse_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        give_tags(g, 1, c.name(), ev);
    } else {
        end_the_run(g, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- Hammer --------------------------------------------------------------------------------------

pub const HAMMER: &str = "34126";

pub(crate) const HAMMER_ROW: CardDef = CardDef {
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
};

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

// --- Kessleroid ----------------------------------------------------------------------------------

pub const KESSLEROID: &str = "35075";

pub(crate) const KESSLEROID_ROW: CardDef =
    CardDef { code: KESSLEROID, name: "Kessleroid", statics: &[Static::RunnerCannotTrash], subroutines: &[ETR, ETR], ..BLANK };

// --- Lamplighter ---------------------------------------------------------------------------------

pub const LAMPLIGHTER: &str = "35080";

pub(crate) const LAMPLIGHTER_ROW: CardDef = CardDef {
    code: LAMPLIGHTER,
    name: "Lamplighter",
    events: &[(When::AgendaLeftServer, Effect::Custom(lamplighter_trashed))],
    subroutines: &[
        Sub { text: "give the Runner 1 tag unless they pay 3 credits", effect: Effect::Ask(0) },
        Sub { text: "end the run if the Runner is tagged", effect: Effect::Custom(lamplighter_end) },
    ],
    asks: &[Ask::Own(Prompt { ask: lamplighter_ask, answer: lamplighter_answer })],
    ..BLANK
};

/// Lamplighter is trashed when an agenda is scored or stolen from its server.
fn lamplighter_trashed(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if matches!(g.corp_zone(c.card), CorpZone::Ice(_)) {
        trash_ice_in_run(g, c.card, "an agenda left its server", ev);
    }
}

fn lamplighter_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = vec![(opt("tag", "Take 1 tag"), Answer::No)];
    if g.runner_available() >= 3 {
        o.insert(0, (opt("pay", "Pay 3 credits"), Answer::Yes));
    }
    Some(Question::one(RUNNER, CARD_KIND, format!("pays 3 credits or takes 1 tag ({})", c.name()), format!("{}: pay 3 credits or take 1 tag", c.name()), o))
}

fn lamplighter_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && g.runner_pay(3) {
        note(ev, "paid", format!("The Runner pays 3 credits for {}", c.name()), json!({"cost": 3, "source": c.name()}));
    } else {
        give_tags(g, 1, c.name(), ev);
    }
    Ok(Then::Done)
}

fn lamplighter_end(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.tagged() {
        end_the_run(g, c.name(), ev);
    }
}

// --- Logjam --------------------------------------------------------------------------------------

pub const LOGJAM: &str = "34127";

pub(crate) const LOGJAM_ROW: CardDef = CardDef {
    code: LOGJAM,
    name: "Logjam",
    on_rez: Effect::Custom(logjam_rez),
    statics: &[Static::Advanceable, Static::IceStrength(strength_per_adv)],
    subroutines: &[Sub { text: "the Corp gains 2 credits; end the run", effect: Effect::All(&[Effect::Gain(CORP, 2), Effect::EndTheRun]) }, ETR, ETR],
    ..BLANK
};

/// Logjam rezzed: 1 advancement counter, plus 1 per card type among face-up cards in Archives.
fn logjam_rez(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let n = 1 + faceup_archive_types(g, c.card).len() as u32;
    if let Some(k) = g.card_mut(c.card) {
        k.adv += n;
    }
    note(
        ev,
        "advanced",
        format!("{}: {n} advancement counter(s) are placed on it (now {})", g.label(c.card), g.adv(c.card)),
        json!({"card": c.card, "adv": g.adv(c.card)}),
    );
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
        crate::netrunner::cards::helpers::derez(g, c.card, c.name(), ev);
    }
}

fn lycian_code_gate(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.ice_has_subtype(c.card, "Code Gate") {
        crate::netrunner::cards::helpers::lose_a_remaining_click(g, c.name(), ev);
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
    paid: Some(PaidAbility { offers: mic_offers, effect: Effect::Custom(mic_trash) }),
    subroutines: &[
        Sub { text: "the Runner loses a click", effect: Effect::Custom(lose_click) },
        Sub { text: "the Runner loses a click", effect: Effect::Custom(lose_click) },
        ETR,
    ],
    asks: &[Ask::Own(Prompt { ask: mic_ask, answer: mic_answer })],
    ..BLANK
};

fn lose_click(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    crate::netrunner::cards::helpers::lose_a_remaining_click(g, c.name(), ev);
}

/// M.I.C.'s trash ability, only during a run on its server.
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

// --- N-Pot ---------------------------------------------------------------------------------------

pub const N_POT: &str = "35064";

pub(crate) const N_POT_ROW: CardDef = CardDef {
    code: N_POT,
    name: "N-Pot",
    statics: &[Static::RunnerBreaksFor(3)],
    subroutines: &[
        ETR,
        Sub { text: "end the run if the threat level is 2 or more", effect: Effect::Custom(etr_at_threat_2) },
        Sub { text: "end the run if the threat level is 4 or more", effect: Effect::Custom(etr_at_threat_4) },
    ],
    ..BLANK
};

/// N-Pot's conditional subroutines: the threat level (CR 1.17.1.a) is the higher score.
fn etr_at_threat_2(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if threat(g, 2) {
        end_the_run(g, c.name(), ev);
    }
}

fn etr_at_threat_4(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if threat(g, 4) {
        end_the_run(g, c.name(), ev);
    }
}

// --- Palisade ------------------------------------------------------------------------------------

pub const PALISADE: &str = "30072";

pub(crate) const PALISADE_ROW: CardDef =
    CardDef { code: PALISADE, name: "Palisade", subroutines: &[ETR], statics: &[Static::IceStrength(palisade_strength)], ..BLANK };

fn palisade_strength(g: &Game, ice: u32) -> i64 {
    if g.on_remote(ice) {
        2
    } else {
        0
    }
}

// --- Pharos --------------------------------------------------------------------------------------

pub const PHAROS: &str = "30063";

pub(crate) const PHAROS_ROW: CardDef = CardDef {
    code: PHAROS,
    name: "Pharos",
    subroutines: &[Sub { text: "the Runner takes 1 tag", effect: Effect::Tags(1) }, ETR, ETR],
    statics: &[Static::IceStrength(pharos_strength), Static::Advanceable],
    ..BLANK
};

fn pharos_strength(g: &Game, ice: u32) -> i64 {
    if g.adv(ice) >= 3 {
        5
    } else {
        0
    }
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

// --- Ping ----------------------------------------------------------------------------------------

pub const PING: &str = "30055";

pub(crate) const PING_ROW: CardDef = CardDef { code: PING, name: "Ping", on_rez: Effect::Custom(ping), subroutines: &[ETR], ..BLANK };

/// Ping: rezzed during a run against its server, the Runner takes a tag.
fn ping(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let here = match g.corp_zone(c.card) {
        CorpZone::Ice(s) => g.run.as_ref().is_some_and(|r| r.server == s),
        _ => false,
    };
    if here {
        give_tags(g, 1, c.name(), ev);
    }
}

// --- Piranhas ------------------------------------------------------------------------------------

pub const PIRANHAS: &str = "34117";

pub(crate) const PIRANHAS_ROW: CardDef = CardDef {
    code: PIRANHAS,
    name: "Piranhas",
    statics: &[Static::RezBadPublicityOrTag],
    subroutines: &[
        Sub { text: "the Corp may draw 1 card", effect: Effect::Ask(0) },
        Sub { text: "1 net damage", effect: Effect::NetDamage(1) },
        Sub { text: "end the run if HQ holds more cards than the grip", effect: Effect::Custom(piranhas) },
    ],
    asks: &[Ask::Own(Prompt { ask: piranhas_ask, answer: piranhas_answer })],
    ..BLANK
};

fn piranhas_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.rd.is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may draw 1 card ({})", c.name()),
        format!("{}: draw 1 card?", c.name()),
        vec![(opt("yes", "Draw 1 card"), Answer::Yes), (opt("no", "Do not draw"), Answer::No)],
    ))
}

fn piranhas_answer(g: &mut Game, _: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        g.draw(CORP, 1, ev);
    }
    Ok(Then::Done)
}

fn piranhas(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.corp.hq.len() > g.runner.grip.len() {
        end_the_run(g, c.name(), ev);
    }
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
    let mut o = vec![(opt("none", "Install nothing"), Answer::No)];
    o.extend(corp_install_options(g, &g.corp.hq, false, false));
    if o.len() <= 1 {
        return None;
    }
    Some(Question::one(CORP, CARD_KIND, format!("may install a card from HQ ({})", c.name()), format!("{}: you may install 1 card from HQ", c.name()), o))
}

fn scatter_field_answer(_: &mut Game, _: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    Ok(match first(a) {
        Answer::Install { card, server } => Then::InstallCorp { card, server },
        _ => Then::Done,
    })
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

// --- Seraph --------------------------------------------------------------------------------------

pub const SERAPH: &str = "34118";

pub(crate) const SERAPH_ROW: CardDef = CardDef {
    code: SERAPH,
    name: "Seraph",
    events: &[(When::Encounter, Effect::Ask(0))],
    subroutines: &[
        Sub { text: "the Runner loses 3 credits", effect: Effect::Lose(RUNNER, 3) },
        Sub { text: "2 net damage", effect: Effect::NetDamage(2) },
        Sub { text: "give the Runner 1 tag", effect: Effect::Tags(1) },
    ],
    asks: &[Ask::Own(Prompt { ask: seraph_ask, answer: seraph_answer })],
    ..BLANK
};

fn seraph_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !run_going(g) {
        return None;
    }
    let o = vec![
        (opt("credits", "Lose 3 credits"), Answer::Mode(0)),
        (opt("damage", "Suffer 2 net damage"), Answer::Mode(1)),
        (opt("tag", "Take 1 tag"), Answer::Mode(2)),
    ];
    Some(Question::one(
        RUNNER,
        CARD_KIND,
        format!("loses 3 credits, suffers 2 net damage or takes 1 tag ({})", c.name()),
        format!("{}: lose 3 credits unless you suffer 2 net damage or take 1 tag", c.name()),
        o,
    ))
}

fn seraph_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    match first(a) {
        Answer::Mode(1) => damage(g, DamageKind::Net, 2, c.name(), false),
        Answer::Mode(2) => give_tags(g, 1, c.name(), ev),
        _ => g.lose_credits(RUNNER, 3, c.name(), ev),
    }
    Ok(Then::Done)
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

// --- Starlit Knight ------------------------------------------------------------------------------

pub const STARLIT_KNIGHT: &str = "34053";

pub(crate) const STARLIT_KNIGHT_ROW: CardDef = CardDef {
    code: STARLIT_KNIGHT,
    name: "Starlit Knight",
    events: &[(When::Encounter, Effect::Custom(starlit_knight))],
    subroutines: &[Sub { text: "give the Runner 1 tag", effect: Effect::Tags(1) }, Sub { text: "give the Runner 1 tag", effect: Effect::Tags(1) }],
    grants: &[ETR],
    ..BLANK
};

/// Threat 4: encountered, it gains one "end the run" per tag of the Runner for the run.
fn starlit_knight(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if threat(g, 4) {
        let x = g.runner.tags.max(0) as u32;
        gain_subroutines(g, c.card, STARLIT_KNIGHT, 0, x, ev);
    }
}

// --- Syailendra ----------------------------------------------------------------------------------

pub const SYAILENDRA: &str = "35076";

pub(crate) const SYAILENDRA_ROW: CardDef = CardDef {
    code: SYAILENDRA,
    name: "Syailendra",
    statics: &[Static::Advanceable],
    events: &[(When::Encounter, Effect::Custom(syailendra_encounter))],
    subroutines: &[
        Sub { text: "the Corp may place 1 advancement counter on an installed card it can advance", effect: Effect::Ask(0) },
        Sub { text: "the Runner loses 2 credits", effect: Effect::Lose(RUNNER, 2) },
        Sub { text: "1 net damage", effect: Effect::NetDamage(1) },
    ],
    asks: &[Ask::Own(Prompt { ask: syailendra_ask, answer: syailendra_answer })],
    ..BLANK
};

/// Encountered with 3 or more advancement counters, Syailendra asks its first subroutine's question.
fn syailendra_encounter(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.adv(c.card) >= 3 {
        ask_later(g, c, 0);
    }
}

fn syailendra_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = vec![(opt("none", "Place nothing"), Answer::No)];
    for k in g.installed_corp() {
        if g.advanceable(k) {
            o.push((opt(format!("card:{k}"), g.label(k)), Answer::Card(k)));
        }
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may place 1 advancement counter on an installed card ({})", c.name()),
        format!("{}: you may place 1 advancement counter on an installed card you can advance", c.name()),
        o,
    ))
}

fn syailendra_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(k) = first(a) {
        if g.is_installed(k) && g.advanceable(k) {
            if let Some(x) = g.card_mut(k) {
                x.adv += 1;
            }
            note(ev, "advanced", format!("{} places 1 advancement counter on {}", c.name(), g.corp_public_label(k)), json!({"card": k, "adv": g.adv(k)}));
        }
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
    let ice: Vec<u32> = g.corp.hq.iter().copied().filter(|&k| crate::netrunner::cards::helpers::is_ice(g, k)).collect();
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

// --- Tithe ---------------------------------------------------------------------------------------

pub const TITHE: &str = "30073";

pub(crate) const TITHE_ROW: CardDef = CardDef {
    code: TITHE,
    name: "Tithe",
    subroutines: &[Sub { text: "1 net damage", effect: Effect::NetDamage(1) }, Sub { text: "the Corp gains 1 credit", effect: Effect::Gain(CORP, 1) }],
    ..BLANK
};

// --- Tree Line -----------------------------------------------------------------------------------

pub const TREE_LINE: &str = "34059";

pub(crate) const TREE_LINE_ROW: CardDef = CardDef {
    code: TREE_LINE,
    name: "Tree Line",
    statics: &[Static::Advanceable, Static::IceStrength(strength_per_adv)],
    click: Some(Click { offers: tree_line_offers, effect: Effect::Custom(tree_line_expend) }),
    subroutines: &[Sub { text: "the Corp gains 1 credit; end the run", effect: Effect::All(&[Effect::Gain(CORP, 1), Effect::EndTheRun]) }],
    asks: &[Ask::Own(Prompt { ask: tree_line_ask, answer: tree_line_answer })],
    ..BLANK
};

fn tree_line_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    expend_offers(g, card, true)
}

fn tree_line_expend(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if expend(g, c.card, ev) {
        ask_later(g, c, 0);
    }
}

fn tree_line_ask(g: &Game, c: Ctx) -> Option<Question> {
    let ice: Vec<u32> = g.installed_corp().into_iter().filter(|&k| crate::netrunner::cards::helpers::is_ice(g, k)).collect();
    if ice.is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("places 3 advancement counters on an installed ice ({})", c.name()),
        format!("{}: place 3 advancement counters on 1 installed piece of ice", c.name()),
        card_options(g, "card", &ice),
    ))
}

fn tree_line_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(k) = first(a) {
        if crate::netrunner::cards::helpers::is_ice(g, k) {
            place_adv(g, k, 3, c.name(), ev);
        }
    }
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

// --- Valentão ------------------------------------------------------------------------------------

pub const VALENTAO: &str = "34060";

pub(crate) const VALENTAO_ROW: CardDef = CardDef {
    code: VALENTAO,
    name: "Valentão",
    statics: &[Static::RezBadPublicityOrTag],
    subroutines: &[
        Sub { text: "the Corp gains 2 credits", effect: Effect::Gain(CORP, 2) },
        Sub { text: "the Runner loses 2 credits", effect: Effect::Lose(RUNNER, 2) },
        Sub { text: "end the run if the Corp has more credits than the Runner", effect: Effect::Custom(valentao) },
    ],
    ..BLANK
};

fn valentao(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.corp.credits > g.runner.credits {
        end_the_run(g, c.name(), ev);
    }
}

// --- Virtual Service Agent -----------------------------------------------------------------------

pub const VIRTUAL_SERVICE_AGENT: &str = "34054";

pub(crate) const VIRTUAL_SERVICE_AGENT_ROW: CardDef = CardDef {
    code: VIRTUAL_SERVICE_AGENT,
    name: "Virtual Service Agent",
    events: &[(When::PassIce, Effect::Custom(virtual_service_agent))],
    subroutines: &[Sub { text: "the Runner loses 1 credit", effect: Effect::Lose(RUNNER, 1) }],
    ..BLANK
};

/// Passed after an encounter: 1 tag unless a decoder broke its printed subroutine.
fn virtual_service_agent(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if !broke_with(g, 0, "Decoder") {
        give_tags(g, 1, c.name(), ev);
    }
}

// --- Whitespace ----------------------------------------------------------------------------------

pub const WHITESPACE: &str = "30074";

pub(crate) const WHITESPACE_ROW: CardDef = CardDef {
    code: WHITESPACE,
    name: "Whitespace",
    subroutines: &[
        Sub { text: "the Runner loses 3 credits", effect: Effect::Lose(RUNNER, 3) },
        Sub { text: "end the run if the Runner has 6 credits or less", effect: Effect::Custom(whitespace) },
    ],
    ..BLANK
};

fn whitespace(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.runner.credits <= 6 {
        end_the_run(g, c.name(), ev);
    }
}

// --- shared by the cards above ---------------------------------------------------------------------

const ETR: Sub = Sub { text: "end the run", effect: Effect::EndTheRun };

/// +1 strength per hosted advancement counter.
fn strength_per_adv(g: &Game, ice: u32) -> i64 {
    i64::from(g.adv(ice))
}

/// Trash an ice of the attacked server during the run: the ice not yet approached keep their
/// positions (NR-6.2: the run walks the ice by position).
fn trash_ice_in_run(g: &mut Game, ice: u32, why: &str, ev: &mut Vec<Event>) {
    if let CorpZone::Ice(s) = g.corp_zone(ice) {
        let at = g.server(s).and_then(|sv| sv.ice.iter().position(|&x| x == ice));
        if let (Some(at), Some(r)) = (at, g.run.as_mut()) {
            if r.server == s && at < r.pos {
                r.pos -= 1;
            }
        }
    }
    g.trash(ice, why, ev);
}

const fn corp_trashes(kind: TrashKind) -> Ask {
    Ask::CorpTrashes { kind, or_end: false, optional: false }
}
