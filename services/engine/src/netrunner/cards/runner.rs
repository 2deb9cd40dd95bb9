//! The Runner's cards: one row each in [`DEFS`] (identities, events, hardware, programs,
//! resources), with the functions a row names below it.

use serde_json::json;

use super::helpers::{add_virus, card_options, first, lose_a_remaining_click, note, opt, picked, remove_virus, take_or_trash, virus_on_self};
use super::{
    ask_later, AccessOption, Answer, Ask, Breaker, CardDef, Click, Ctx, Effect, PaidAbility, Play, Prompt, Pump, Question, RunSource, Static, Targets, Then,
    When, BLANK,
};
use crate::core::{Event, RulesError};
use crate::netrunner::data::CardType;
use crate::netrunner::state::{CorpZone, Game, Run, Task, ARCHIVES, CORP, HQ, RD, RUNNER};

// Runner (The Catalyst starter deck).
pub const THE_CATALYST: &str = "30076";
pub const CREATIVE_COMMISSION: &str = "30020";
pub const JAILBREAK: &str = "30028";
pub const OVERCLOCK: &str = "30029";
pub const SURE_GAMBLE: &str = "30030";
pub const TREAD_LIGHTLY: &str = "30012";
pub const VRCATION: &str = "30021";
pub const DOCKLANDS_PASS: &str = "30013";
pub const PENNYSHAVER: &str = "30014";
pub const RED_TEAM: &str = "30018";
pub const SMARTWARE_DISTRIBUTOR: &str = "30033";
pub const TELEWORK_CONTRACT: &str = "30027";
pub const VERBAL_PLASTICITY: &str = "30034";
pub const CARMEN: &str = "30015";
pub const CLEAVER: &str = "30006";
pub const MAYFLY: &str = "30032";
pub const UNITY: &str = "30026";
// The rest of System Gateway: the three Runner factions.
pub const LOUP: &str = "30001";
pub const WILDCAT_STRIKE: &str = "30002";
pub const CARNIVORE: &str = "30003";
pub const BOTULUS: &str = "30004";
pub const BUZZSAW: &str = "30005";
pub const FERMENTER: &str = "30007";
pub const LEECH: &str = "30008";
pub const COOKBOOK: &str = "30009";
pub const ZAHYA: &str = "30010";
pub const MUTUAL_FAVOR: &str = "30011";
pub const MARJANAH: &str = "30016";
pub const TRANQUILIZER: &str = "30017";
pub const TAO_SALONGA: &str = "30019";
pub const DZMZ_OPTIMIZER: &str = "30022";
pub const PANTOGRAPH: &str = "30023";
pub const CONDUIT: &str = "30024";
pub const ECHELON: &str = "30025";
pub const T400_MEMORY_DIAMOND: &str = "30031";

const NO_RUN_CHANGE: fn(&Game, Ctx, u32) -> u32 = |_, _, _| 0;

/// The Runner's card rows.
pub static DEFS: &[CardDef] = &[
    // --- identities
    CardDef { code: THE_CATALYST, name: "The Catalyst", ..BLANK },
    CardDef { code: LOUP, name: "René \"Loup\" Arcemont", events: &[(When::TrashAccessed, Effect::Custom(loup))], ..BLANK },
    CardDef { code: ZAHYA, name: "Zahya Sadeghi", run_ends: Some(zahya_run_ends), asks: &[Ask::Own(Prompt { ask: zahya_ask, answer: zahya_answer })], ..BLANK },
    CardDef {
        code: TAO_SALONGA,
        name: "Tāo Salonga",
        events: &[(When::AgendaChangedHands, Effect::Custom(tao_salonga))],
        asks: &[Ask::Own(Prompt { ask: tao_ask, answer: tao_answer }), Ask::Own(Prompt { ask: tao_pick, answer: tao_swap })],
        ..BLANK
    },
    // --- events
    CardDef { code: SURE_GAMBLE, name: "Sure Gamble", play: Some(Play { targets: Targets::None, effect: Effect::Gain(RUNNER, 9) }), ..BLANK },
    CardDef {
        code: CREATIVE_COMMISSION,
        name: "Creative Commission",
        play: Some(Play { targets: Targets::None, effect: Effect::All(&[Effect::Gain(RUNNER, 5), Effect::Custom(lose_a_click)]) }),
        ..BLANK
    },
    CardDef {
        code: VRCATION,
        name: "VRcation",
        play: Some(Play { targets: Targets::None, effect: Effect::All(&[Effect::Draw(RUNNER, 4), Effect::Custom(lose_a_click)]) }),
        ..BLANK
    },
    CardDef {
        code: JAILBREAK,
        name: "Jailbreak",
        play: Some(Play { targets: Targets::Servers(centrals_hq_rd), effect: Effect::Custom(run_target) }),
        run: Some(RunSource { more_access: jailbreak_access, on_success: Effect::Draw(RUNNER, 1) }),
        ..BLANK
    },
    CardDef {
        code: TREAD_LIGHTLY,
        name: "Tread Lightly",
        play: Some(Play { targets: Targets::Servers(every_server), effect: Effect::Custom(tread_lightly) }),
        ..BLANK
    },
    CardDef { code: OVERCLOCK, name: "Overclock", play: Some(Play { targets: Targets::Servers(every_server), effect: Effect::Custom(overclock) }), ..BLANK },
    CardDef {
        code: WILDCAT_STRIKE,
        name: "Wildcat Strike",
        play: Some(Play { targets: Targets::None, effect: Effect::Ask(0) }),
        asks: &[Ask::Own(Prompt { ask: wildcat_ask, answer: wildcat_answer })],
        ..BLANK
    },
    CardDef {
        code: MUTUAL_FAVOR,
        name: "Mutual Favor",
        play: Some(Play { targets: Targets::None, effect: Effect::Custom(mutual_favor) }),
        asks: &[Ask::Own(Prompt { ask: mutual_favor_ask, answer: mutual_favor_answer })],
        ..BLANK
    },
    // --- hardware
    CardDef { code: DOCKLANDS_PASS, name: "Docklands Pass", statics: &[Static::MoreHqAccessOncePerTurn(1)], ..BLANK },
    CardDef {
        code: PENNYSHAVER,
        name: "Pennyshaver",
        statics: &[Static::Memory(1)],
        events: &[(When::SuccessfulRun, Effect::Load(1))],
        click: Some(Click { offers: pennyshaver_offers, effect: Effect::Custom(pennyshaver) }),
        ..BLANK
    },
    CardDef {
        code: CARNIVORE,
        name: "Carnivore",
        statics: &[Static::Memory(1)],
        access_option: Some(AccessOption {
            id: "carnivore",
            agenda_label: "Carnivore: trash 2 cards from your grip to trash it",
            label: carnivore_label,
            usable: carnivore_usable,
            step: 0,
        }),
        asks: &[Ask::Own(Prompt { ask: carnivore_ask, answer: carnivore_answer })],
        ..BLANK
    },
    CardDef {
        code: PANTOGRAPH,
        name: "Pantograph",
        statics: &[Static::Memory(1)],
        events: &[(When::AgendaChangedHands, Effect::Custom(pantograph))],
        asks: &[Ask::Own(Prompt { ask: pantograph_ask, answer: pantograph_answer })],
        ..BLANK
    },
    CardDef { code: DZMZ_OPTIMIZER, name: "DZMZ Optimizer", statics: &[Static::Memory(1), Static::FirstProgramCheaper(1)], ..BLANK },
    CardDef { code: T400_MEMORY_DIAMOND, name: "T400 Memory Diamond", statics: &[Static::Memory(1), Static::MaxHand(1)], ..BLANK },
    // --- programs: icebreakers
    CardDef { code: CLEAVER, name: "Cleaver", breaker: Some(Breaker::new(Some("Barrier"), 2, 1, 2)), ..BLANK },
    CardDef {
        code: CARMEN,
        name: "Carmen",
        breaker: Some(Breaker { pump: Pump::By(3), ..Breaker::new(Some("Sentry"), 1, 1, 2) }),
        statics: &[Static::CheaperAfterRun(2)],
        ..BLANK
    },
    CardDef { code: UNITY, name: "Unity", breaker: Some(Breaker { pump: Pump::PerIcebreaker, ..Breaker::new(Some("Code Gate"), 1, 1, 1) }), ..BLANK },
    CardDef { code: MAYFLY, name: "Mayfly", breaker: Some(Breaker { trash_after_run: true, ..Breaker::new(None, 1, 1, 1) }), ..BLANK },
    CardDef { code: BUZZSAW, name: "Buzzsaw", breaker: Some(Breaker::new(Some("Code Gate"), 2, 1, 3)), ..BLANK },
    CardDef { code: MARJANAH, name: "Marjanah", breaker: Some(Breaker { break_discount_after_run: 1, ..Breaker::new(Some("Barrier"), 1, 2, 1) }), ..BLANK },
    CardDef {
        code: ECHELON,
        name: "Echelon",
        breaker: Some(Breaker { pump: Pump::By(2), strength_per_icebreaker: true, ..Breaker::new(Some("Sentry"), 1, 1, 3) }),
        ..BLANK
    },
    // --- programs: viruses
    CardDef {
        code: BOTULUS,
        name: "Botulus",
        on_install: Effect::Custom(virus_on_self),
        events: &[(When::TurnBegin, Effect::Custom(virus_on_self))],
        paid: Some(PaidAbility { offers: botulus_offers, effect: Effect::Custom(botulus_break) }),
        ..BLANK
    },
    CardDef {
        code: FERMENTER,
        name: "Fermenter",
        on_install: Effect::Custom(virus_on_self),
        events: &[(When::TurnBegin, Effect::Custom(virus_on_self))],
        click: Some(Click { offers: fermenter_offers, effect: Effect::Custom(fermenter_cash_out) }),
        ..BLANK
    },
    CardDef {
        code: LEECH,
        name: "Leech",
        events: &[(When::SuccessfulRun, Effect::Custom(leech))],
        paid: Some(PaidAbility { offers: leech_offers, effect: Effect::Custom(leech_weaken) }),
        ..BLANK
    },
    CardDef {
        code: TRANQUILIZER,
        name: "Tranquilizer",
        on_install: Effect::Custom(tranquilizer),
        events: &[(When::TurnBegin, Effect::Custom(tranquilizer))],
        ..BLANK
    },
    CardDef {
        code: CONDUIT,
        name: "Conduit",
        click: Some(Click { offers: conduit_offers, effect: Effect::Custom(conduit) }),
        run: Some(RunSource { more_access: conduit_access, on_success: Effect::None }),
        run_ends: Some(conduit_run_ends),
        ..BLANK
    },
    // --- resources
    CardDef { code: COOKBOOK, name: "Cookbook", statics: &[Static::VirusCounterOnVirusInstall], ..BLANK },
    CardDef {
        code: RED_TEAM,
        name: "Red Team",
        on_install: Effect::Load(12),
        click: Some(Click { offers: red_team_offers, effect: Effect::Custom(run_target) }),
        run: Some(RunSource { more_access: NO_RUN_CHANGE, on_success: Effect::Custom(red_team_success) }),
        ..BLANK
    },
    CardDef {
        code: SMARTWARE_DISTRIBUTOR,
        name: "Smartware Distributor",
        events: &[(When::TurnBegin, Effect::Custom(smartware_take))],
        click: Some(Click { offers: smartware_offers, effect: Effect::Load(3) }),
        ..BLANK
    },
    CardDef {
        code: TELEWORK_CONTRACT,
        name: "Telework Contract",
        on_install: Effect::Load(9),
        click: Some(Click { offers: telework_offers, effect: Effect::Custom(telework) }),
        ..BLANK
    },
    CardDef { code: VERBAL_PLASTICITY, name: "Verbal Plasticity", statics: &[Static::FirstDrawActionDraws(2)], ..BLANK },
];

fn one(seat: u32, kind: &'static str, summary: &str, prompt: &str, options: Vec<(crate::core::DecisionOption, Answer)>) -> Question {
    Question::one(seat, kind, summary, prompt, options)
}

// --- identities ------------------------------------------------------------------------------------

/// René "Loup" Arcemont: the first trash of an accessed card each turn: 1 credit and 1 card.
fn loup(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.use_once_per_turn(c.def.code) {
        g.gain(RUNNER, 1, c.name(), ev);
        g.draw(RUNNER, 1, ev);
    }
}

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

// --- events ----------------------------------------------------------------------------------------

fn lose_a_click(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    lose_a_remaining_click(g, c.name(), ev);
}

fn centrals_hq_rd(_: &Game) -> Vec<u32> {
    vec![HQ, RD]
}

fn every_server(g: &Game) -> Vec<u32> {
    g.corp.servers.iter().map(|s| s.id).collect()
}

/// Run the server in `Ctx::arg`, begun by this card.
fn run_target(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.start_run(c.arg, Some(c.card), ev);
}

/// Jailbreak: 1 more access on HQ or R&D.
fn jailbreak_access(_: &Game, _: Ctx, server: u32) -> u32 {
    u32::from(server == HQ || server == RD)
}

/// Tread Lightly: ice costs 3 more to rez during that run.
fn tread_lightly(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.start_run(c.arg, Some(c.card), ev);
    if let Some(r) = g.run.as_mut() {
        r.ice_rez_extra = 3;
    }
}

/// Overclock: 5 credits usable during the run.
fn overclock(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.start_run(c.arg, Some(c.card), ev);
    if let Some(r) = g.run.as_mut() {
        r.temp_credits = 5;
    }
    note(ev, "hosted_credits", "Overclock holds 5 credits for this run".into(), json!({"run_credits": 5}));
}

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
            && super::helpers::runner_available_for(g, super::Spend::Install(c)) >= cost
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

// --- hardware --------------------------------------------------------------------------------------

fn pennyshaver_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    vec![(None, format!("{}: place 1 credit, then take all", g.label(card)))]
}

/// Pennyshaver: click: place 1 credit on it, then take them all.
fn pennyshaver(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.load(c.card, 1, ev);
    let all = g.hosted(c.card);
    g.take_hosted(RUNNER, c.card, all, ev);
}

fn carnivore_label(g: &Game, accessed: u32) -> String {
    format!("Carnivore: trash 2 cards from your grip to trash {}", g.label(accessed))
}

fn carnivore_usable(g: &Game) -> bool {
    !g.used_this_turn(CARNIVORE) && g.runner.grip.len() >= 2
}

/// Carnivore: trash 2 grip cards to trash the accessed card (in `Ctx::arg`).
fn carnivore_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.runner.grip.len() < 2 {
        return None;
    }
    let o = card_options(g, "card", &g.runner.grip);
    Some(
        one(
            RUNNER,
            "carnivore",
            "may trash 2 cards from their grip to trash the accessed card (Carnivore)",
            &format!("Carnivore: trash 2 cards from your grip to trash {}", g.label(c.arg)),
            o,
        )
        .range(2, 2),
    )
}

fn carnivore_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let cs = picked(a);
    if cs.len() != 2 {
        return Err(RulesError::Illegal("pick 2 cards".into()));
    }
    for k in cs {
        g.to_heap(k);
        note(ev, "discarded", format!("Carnivore: the Runner trashes {} from the grip", g.label(k)), json!({"card": k, "code": g.code(k)}));
        super::helpers::trashed_from_grip_or_stack(g, &[k], ev);
    }
    let card = c.arg;
    if !matches!(g.corp_zone(card), CorpZone::None | CorpZone::Score | CorpZone::Archives) {
        super::helpers::runner_trash(g, card, c.name(), ev);
        super::helpers::runner_trashed_accessed(g, card, ev);
    }
    Ok(Then::FinishAccess(card))
}

/// Pantograph: an agenda scored or stolen gives 1 credit and may install a grip card.
fn pantograph(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let label = g.label(c.card);
    g.gain(RUNNER, 1, &label, ev);
    ask_later(g, c, 0);
}

/// Grip cards Pantograph may install (programs that are not Trojans, hardware, resources).
fn pantograph_ask(g: &Game, _: Ctx) -> Option<Question> {
    let mut o = vec![(opt("none", "Install nothing"), Answer::No)];
    let has_console = g.runner.hardware.iter().any(|&h| g.def(h).has_subtype("Console"));
    for &c in &g.runner.grip {
        let d = g.def(c);
        let ok = match d.ctype {
            CardType::Program => !g.is_trojan(c) && d.memory.unwrap_or(0) <= g.memory_limit(),
            CardType::Hardware => !(d.has_subtype("Console") && has_console),
            CardType::Resource => true,
            _ => false,
        };
        let cost = g.runner_install_cost(c);
        if ok && super::helpers::runner_available_for(g, super::Spend::Install(c)) >= cost {
            o.push((opt(format!("install:{c}"), format!("Install {} (cost {cost})", g.label(c))), Answer::Install { card: c, server: None }));
        }
    }
    if o.len() <= 1 {
        return None;
    }
    Some(one(RUNNER, "pantograph", "may install a card from their grip (Pantograph)", "Pantograph: you may install a card from your grip", o))
}

fn pantograph_answer(_: &mut Game, _: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    Ok(match first(a) {
        Answer::Install { card, .. } => Then::InstallRunner { card },
        _ => Then::Done,
    })
}

// --- programs --------------------------------------------------------------------------------------

/// The ice the Runner is encountering, rezzed, and its unbroken subroutines.
fn encountered(g: &Game) -> Option<(u32, Vec<usize>)> {
    let run = g.run.as_ref()?;
    let ice = run.current.filter(|&i| g.rezzed(i))?;
    Some((ice, run.broken.iter().enumerate().filter(|(_, b)| !**b).map(|(i, _)| i).collect()))
}

/// Botulus: a hosted virus counter breaks a subroutine of its host.
fn botulus_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    let Some((ice, unbroken)) = encountered(g) else { return vec![] };
    if g.card(card).is_none_or(|k| k.virus == 0 || k.host != Some(ice)) {
        return vec![];
    }
    unbroken
        .into_iter()
        .map(|s| {
            let text = super::subroutine_text(g.code(ice), s);
            (format!("botulus:{card}:{s}"), format!("{}: spend a virus counter to break \"{text}\"", g.label(card)), s as u32)
        })
        .collect()
}

fn botulus_break(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let sub = c.arg as usize;
    if !remove_virus(g, c.card) {
        return;
    }
    if let Some(b) = g.run.as_mut().and_then(|r| r.broken.get_mut(sub)) {
        *b = true;
    }
    note(
        ev,
        "subroutine_broken",
        format!("{} spends a virus counter to break subroutine {}", g.label(c.card), sub + 1),
        json!({"breaker": c.card, "subroutines": [sub]}),
    );
}

fn fermenter_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    vec![(None, format!("{}: trash it to gain 2 credits per virus counter", g.label(card)))]
}

/// Fermenter's click ability: trash it, 2 per counter.
fn fermenter_cash_out(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let n = g.card(c.card).map_or(0, |k| k.virus);
    super::helpers::runner_trash(g, c.card, "Fermenter cashes out", ev);
    g.gain(RUNNER, 2 * i64::from(n), c.name(), ev);
}

/// Leech: a counter per successful central run.
fn leech(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.run.as_ref().is_some_and(|r| r.server <= ARCHIVES) {
        virus_on_self(g, c, ev);
    }
}

/// Leech: a counter gives the encountered ice -1 strength.
fn leech_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    let Some((ice, _)) = encountered(g) else { return vec![] };
    if g.card(card).is_none_or(|k| k.virus == 0) || g.ice_strength(ice) <= 0 {
        return vec![];
    }
    vec![(format!("leech:{card}"), format!("{}: spend a virus counter: the ice gets -1 strength", g.label(card)), 0)]
}

fn leech_weaken(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if !remove_virus(g, c.card) {
        return;
    }
    if let Some(r) = g.run.as_mut() {
        r.ice_minus += 1;
    }
    note(ev, "ice_weakened", format!("{} spends a virus counter: the encountered ice gets -1 strength", g.label(c.card)), json!({"card": c.card}));
}

/// Tranquilizer: 1 counter on install and each Runner turn; with 3 or more, the host is derezzed.
fn tranquilizer(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    virus_on_self(g, c, ev);
    let host = g.card(c.card).and_then(|k| k.host);
    if let Some(h) = host {
        if g.card(c.card).is_some_and(|k| k.virus >= 3) && g.rezzed(h) {
            super::helpers::derez(g, h, "Tranquilizer", ev);
        }
    }
}

fn conduit_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    vec![(None, format!("{}: run R&D", g.label(card)))]
}

/// Conduit: click: run R&D, accessing 1 more per counter.
fn conduit(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.start_run(RD, Some(c.card), ev);
}

fn conduit_access(g: &Game, c: Ctx, server: u32) -> u32 {
    if server == RD {
        g.card(c.card).map_or(0, |k| k.virus)
    } else {
        0
    }
}

/// Conduit: a counter after each successful R&D run.
fn conduit_run_ends(g: &mut Game, c: Ctx, run: &Run, ev: &mut Vec<Event>) {
    if run.successful && run.server == RD {
        add_virus(g, c.card, 1, c.name(), ev);
    }
}

// --- resources -------------------------------------------------------------------------------------

/// Red Team: click: run a central server not run this turn.
fn red_team_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    [HQ, RD, ARCHIVES]
        .into_iter()
        .filter(|s| !g.flags.runs.contains(s))
        .map(|s| (Some(s), format!("{}: run {}", g.label(card), Game::server_name(s))))
        .collect()
}

/// Red Team: if the run is successful, take 3; trashed when empty.
fn red_team_success(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.runner.resources.contains(&c.card) {
        take_or_trash(g, RUNNER, c.card, 3, "Red Team is empty", ev);
    }
}

fn smartware_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    vec![(None, format!("{}: place 3 credits", g.label(card)))]
}

/// Smartware Distributor: take 1 when the Runner's turn begins.
fn smartware_take(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.take_hosted(RUNNER, c.card, 1, ev);
}

fn telework_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    if g.flags.used_cards.contains(&card) {
        return vec![];
    }
    vec![(None, format!("{}: take 3 credits", g.label(card)))]
}

/// Telework Contract: once per turn, click: take 3; trashed when empty.
fn telework(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.flags.used_cards.push(c.card);
    take_or_trash(g, RUNNER, c.card, 3, "Telework Contract is empty", ev);
}
