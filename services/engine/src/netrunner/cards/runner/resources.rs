//! Resources: one block per card, in title order: its number, its row ([`CardDef`]) and the
//! functions only it uses; what several cards of this file share comes last. A card's
//! place here is not a rule: simultaneous abilities are ordered by `effects::triggers`.

use crate::netrunner::cards::common::{
    add_power, breach_extra, encountered_ice, encountering, gain_clicks, power, question, remove_tags, run_target, spend_power, trash_to_bypass_answer, yes_no,
    NO_MORE_ACCESS,
};
use crate::netrunner::cards::prelude::*;

/// The rows of this file.
pub(in crate::netrunner::cards) static DEFS: &[CardDef] = &[
    AMELIA_EARHART_ROW,
    ARRUACEIRAS_CREW_ROW,
    BEATRIZ_FRIERE_GONZALEZ_ROW,
    CACOPHONY_ROW,
    COOKBOOK_ROW,
    DEBBIE_DOWNTOWN_MOREIRA_ROW,
    ERU_AYASE_PESSOA_ROW,
    FRANSOFIA_WARD_ROW,
    FRIEND_OF_A_FRIEND_ROW,
    HANNAH_WHEELS_PILINTRA_ROW,
    JULI_MOREIRA_LEE_ROW,
    LAGO_PARANOA_SHELTER_ROW,
    MANUEL_LATTES_DE_MOURA_ROW,
    OPEN_MARKET_ROW,
    RED_TEAM_ROW,
    RENT_RIOTERS_ROW,
    SIDE_HUSTLE_ROW,
    SMARTWARE_DISTRIBUTOR_ROW,
    TELEWORK_CONTRACT_ROW,
    URBAN_ART_VERNISSAGE_ROW,
    VALENTINA_FERREIRA_CARVALHO_ROW,
    VERBAL_PLASTICITY_ROW,
    KNICKKNACK_OBRIAN_ROW,
    PRETTY_MARY_DA_SILVA_ROW,
];

// --- Amelia Earhart ------------------------------------------------------------------------------

pub const AMELIA_EARHART: &str = "34083";

pub(crate) const AMELIA_EARHART_ROW: CardDef = CardDef {
    code: AMELIA_EARHART,
    name: "Amelia Earhart",
    run_ends: Some(amelia_run_ends),
    events: &[(When::TurnBegin, Effect::Ask(0))],
    asks: &[Ask::Own(Prompt { ask: amelia_ask, answer: amelia_answer })],
    ..BLANK
};

/// Amelia Earhart: a power counter after a run on HQ or R&D that accessed 3 or more cards.
fn amelia_run_ends(g: &mut Game, c: Ctx, run: &Run, ev: &mut Vec<Event>) {
    if (run.server == HQ || run.server == RD) && run.accessed >= 3 {
        add_power(g, c.card, 1, c.name(), ev);
    }
}

fn amelia_ask(g: &Game, c: Ctx) -> Option<Question> {
    if power(g, c.card) < 3 {
        return None;
    }
    let o = vec![(opt("use", "Remove 3 power counters and trash it: the Corp loses 10 credits"), Answer::Yes), (opt("decline", "Do not"), Answer::No)];
    Some(question("may trash Amelia Earhart to make the Corp lose 10 credits".into(), "Amelia Earhart: remove 3 power counters and trash it?".into(), o))
}

fn amelia_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        crate::netrunner::effects::runner_trash(g, c.card, "its own ability", ev);
        g.lose_credits(CORP, 10, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- Arruaceiras Crew ----------------------------------------------------------------------------

pub const ARRUACEIRAS_CREW: &str = "34073";

pub(crate) const ARRUACEIRAS_CREW_ROW: CardDef = CardDef {
    code: ARRUACEIRAS_CREW,
    name: "Arruaceiras Crew",
    statics: &[Static::PaidInAnyWindow, Static::IceStrengthBy(arruaceiras_minus)],
    paid: Some(PaidAbility { offers: Offers::Own(arruaceiras_offers), effect: Effect::Custom(arruaceiras) }),
    ..BLANK
};

/// Whether the Runner is in the encounter's paid-ability window (NR-6.3.1) with a rezzed ice.
fn in_encounter_window(g: &Game) -> Option<u32> {
    matches!(g.stage, crate::netrunner::state::Stage::Window { at: crate::netrunner::state::At::Run31, .. }).then(|| encountered_ice(g)).flatten()
}

/// Arruaceiras Crew's -2 lasts for the encounter: its record is a `(card, 0)` entry among the
/// encounter's strength boosts (`Run::pumps`, cleared when the encounter ends; it adds nothing to
/// any breaker).
fn arruaceiras_minus(g: &Game, card: u32, ice: u32) -> i64 {
    let active = g.run.as_ref().is_some_and(|r| r.current == Some(ice) && r.pumps.contains(&(card, 0)));
    if active {
        -2
    } else {
        0
    }
}

/// Arruaceiras Crew: once per turn, a tag: the encountered ice -2 strength (argument 0); trash
/// it and 2 credits: trash the encountered ice at strength 0 or less (argument 1).
/// Hand-written offers, not a `Costed`: two abilities with different costs on one card.
fn arruaceiras_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    let Some(ice) = in_encounter_window(g) else { return vec![] };
    let mut o = Vec::new();
    if !g.flags.used_cards.contains(&card) {
        o.push((format!("arruaceiras:{card}"), format!("{}: take 1 tag: the encountered ice gets -2 strength", g.label(card)), 0));
    }
    if g.ice_strength(ice) <= 0 && g.runner_available() >= 2 && crate::netrunner::effects::runner_may_trash(g, ice) {
        o.push((format!("arruaceiras-trash:{card}"), format!("{}: trash it and pay 2 to trash {}", g.label(card), g.label(ice)), 1));
    }
    o
}

fn arruaceiras(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let Some(ice) = in_encounter_window(g) else { return };
    if c.arg == 0 {
        g.flags.used_cards.push(c.card);
        give_tags(g, 1, c.name(), ev);
        if let Some(r) = g.run.as_mut() {
            r.pumps.push((c.card, 0));
        }
        note(ev, "ice_weakened", format!("{}: {} gets -2 strength for this encounter", c.name(), g.label(ice)), json!({"card": c.card, "ice": ice}));
    } else if g.ice_strength(ice) <= 0 && crate::netrunner::effects::runner_may_trash(g, ice) && g.runner_pay(2) {
        crate::netrunner::effects::runner_trash(g, c.card, "its own ability", ev);
        crate::netrunner::effects::runner_trash(g, ice, c.name(), ev);
        crate::netrunner::effects::runner_took_corp_card(g, ice, ev);
    }
}

// --- Beatriz Friere Gonzalez ---------------------------------------------------------------------

pub const BEATRIZ_FRIERE_GONZALEZ: &str = "34028";

pub(crate) const BEATRIZ_FRIERE_GONZALEZ_ROW: CardDef = CardDef {
    code: BEATRIZ_FRIERE_GONZALEZ,
    name: "Beatriz Friere Gonzalez",
    click: Some(Click {
        offers: Offers::Costed(Costed { id: "", cost: Cost::Clicks(2), usable: |_, _| true, text: "spend 2 clicks to run HQ (breach R&D instead)" }),
        effect: Effect::Custom(beatriz),
    }),
    run: Some(RunSource { more_access: one_more_on_rd, on_success: Effect::Custom(breach_rd_instead) }),
    ..BLANK
};

fn beatriz(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.start_run(HQ, Some(c.card), ev);
}

fn one_more_on_rd(g: &Game, _: Ctx, server: u32) -> u32 {
    u32::from(server == RD && g.run.as_ref().is_some_and(|r| r.breach_instead == Some(RD)))
}

// --- Cacophony -----------------------------------------------------------------------------------

pub const CACOPHONY: &str = "35010";

pub(crate) const CACOPHONY_ROW: CardDef = CardDef {
    code: CACOPHONY,
    name: "Cacophony",
    events: &[(When::RunnerTookCorpCardFirst, Effect::Custom(cacophony_counter)), (When::RunnerActionPhaseEnds, Effect::Ask(0))],
    asks: &[Ask::Own(Prompt { ask: cacophony_ask, answer: cacophony_answer }), Ask::Sabotage(CACOPHONY_SABOTAGE)],
    ..BLANK
};

/// Cacophony: the power counters its sabotage costs, and the sabotage.
const CACOPHONY_COUNTERS: u32 = 2;

const CACOPHONY_SABOTAGE: u32 = 3;

fn cacophony_counter(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    add_power(g, c.card, 1, c.name(), ev);
}

fn cacophony_ask(g: &Game, c: Ctx) -> Option<Question> {
    if power(g, c.card) < CACOPHONY_COUNTERS || !g.runner.resources.contains(&c.card) {
        return None;
    }
    yes_no(
        &format!("may remove {CACOPHONY_COUNTERS} power counters to sabotage {CACOPHONY_SABOTAGE} ({})", c.name()),
        &format!("{}: remove {CACOPHONY_COUNTERS} hosted power counters to sabotage {CACOPHONY_SABOTAGE}?", c.name()),
        &format!("Remove {CACOPHONY_COUNTERS} power counters: sabotage {CACOPHONY_SABOTAGE}"),
    )
}

fn cacophony_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) != Answer::Yes {
        return Ok(Then::Done);
    }
    let Some(k) = g.card_mut(c.card).filter(|k| k.power >= CACOPHONY_COUNTERS) else { return Ok(Then::Done) };
    k.power -= CACOPHONY_COUNTERS;
    let left = k.power;
    note(
        ev,
        "power_counters",
        format!("{}: {CACOPHONY_COUNTERS} power counters removed ({left})", c.name()),
        json!({"card": c.card, "change": -i64::from(CACOPHONY_COUNTERS), "power": left}),
    );
    ask_later(g, c, 1);
    Ok(Then::Done)
}

// --- Cookbook ------------------------------------------------------------------------------------

pub const COOKBOOK: &str = "30009";

pub(crate) const COOKBOOK_ROW: CardDef = CardDef { code: COOKBOOK, name: "Cookbook", statics: &[Static::VirusCounterOnVirusInstall], ..BLANK };

// --- Debbie "Downtown" Moreira -------------------------------------------------------------------

pub const DEBBIE_DOWNTOWN_MOREIRA: &str = "34019";

pub(crate) const DEBBIE_DOWNTOWN_MOREIRA_ROW: CardDef = CardDef {
    code: DEBBIE_DOWNTOWN_MOREIRA,
    name: "Debbie \"Downtown\" Moreira",
    on_install: Effect::Custom(debbie_install),
    events: &[(When::EventPlayed, Effect::Custom(debbie_event_played))],
    click: Some(Click { offers: Offers::Own(debbie_offers), effect: Effect::Custom(debbie_run) }),
    run_ends: Some(debbie_run_ends),
    ..BLANK
};

/// Debbie "Downtown" Moreira: threat 4: 2 credits on install; 1 per run event played.
fn debbie_install(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if threat(g, 4) {
        g.load(c.card, 2, ev);
    }
}

fn debbie_event_played(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.def(c.arg).has_subtype("Run") {
        g.load(c.card, 1, ev);
    }
}

/// Hand-written offers, not a `Costed`: one option per server to run.
fn debbie_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    g.corp.servers.iter().map(|s| (Some(s.id), format!("{}: run {} (with its hosted credits)", g.label(card), Game::server_name(s.id)))).collect()
}

/// The hosted credits are spendable during the run as run credits (CR 1.10.4.c); what is left
/// goes back on the card when the run ends.
fn debbie_run(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.start_run(c.arg, Some(c.card), ev);
    let hosted = g.hosted(c.card);
    if let Some(k) = g.card_mut(c.card) {
        k.credits = 0;
    }
    if let Some(r) = g.run.as_mut() {
        r.temp_credits += i64::from(hosted);
    }
}

fn debbie_run_ends(g: &mut Game, c: Ctx, run: &Run, ev: &mut Vec<Event>) {
    if run.source == Some(c.card) && run.temp_credits > 0 && g.runner.resources.contains(&c.card) {
        g.load(c.card, run.temp_credits as u32, ev);
    }
}

// --- Eru Ayase-Pessoa ----------------------------------------------------------------------------

pub const ERU_AYASE_PESSOA: &str = "34007";

pub(crate) const ERU_AYASE_PESSOA_ROW: CardDef = CardDef {
    code: ERU_AYASE_PESSOA,
    name: "Eru Ayase-Pessoa",
    click: Some(Click {
        offers: Offers::Costed(Costed {
            id: "",
            cost: Cost::TakeTags(1),
            usable: |g, card| !g.flags.used_cards.contains(&card),
            text: "take 1 tag to run Archives (breach R&D instead)",
        }),
        effect: Effect::Custom(eru),
    }),
    run: Some(RunSource { more_access: NO_MORE_ACCESS, on_success: Effect::Custom(breach_rd_instead) }),
    events: &[(When::Breach, Effect::Custom(eru_breach))],
    ..BLANK
};

fn eru(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.flags.used_cards.push(c.card);
    g.start_run(ARCHIVES, Some(c.card), ev);
}

/// Eru Ayase-Pessoa: threat 3: breaching R&D in a run on Archives accesses 1 more.
fn eru_breach(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if c.arg == RD && threat(g, 3) && g.run.as_ref().is_some_and(|r| r.server == ARCHIVES) {
        breach_extra(g, 1);
        note(ev, "more_access", format!("{}: the Runner accesses 1 more card in R&D", c.name()), json!({}));
    }
}

// --- Fransofia Ward ------------------------------------------------------------------------------

pub const FRANSOFIA_WARD: &str = "35021";

pub(crate) const FRANSOFIA_WARD_ROW: CardDef = CardDef {
    code: FRANSOFIA_WARD,
    name: "Fransofia Ward",
    statics: &[Static::IceRezCost(1)],
    events: &[(When::EncounterIce, Effect::Ask(0))],
    asks: &[Ask::Own(Prompt { ask: fransofia_ask, answer: trash_to_bypass_answer })],
    ..BLANK
};

/// Fransofia Ward: with the Corp at 15 credits or more, trash it to bypass.
fn fransofia_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !encountering(g, c.arg) || g.corp.credits < 15 {
        return None;
    }
    yes_no(
        "may trash Fransofia Ward to bypass the ice",
        &format!("Fransofia Ward: trash it to bypass {}?", g.label(c.arg)),
        "Trash Fransofia Ward: bypass the ice",
    )
}

// --- Friend of a Friend --------------------------------------------------------------------------

pub const FRIEND_OF_A_FRIEND: &str = "34074";

pub(crate) const FRIEND_OF_A_FRIEND_ROW: CardDef = CardDef {
    code: FRIEND_OF_A_FRIEND,
    name: "Friend of a Friend",
    click: Some(Click { offers: Offers::Own(friend_offers), effect: Effect::Custom(friend_of_a_friend) }),
    ..BLANK
};

/// Friend of a Friend: two click abilities, told apart by the option's argument (0: 5 credits
/// and a tag removed; 1: 9 credits and a tag, only untagged).
/// Hand-written offers, not a `Costed`: two modes.
fn friend_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    let mut o = vec![(Some(0), format!("{}: trash it, gain 5 credits and remove 1 tag", g.label(card)))];
    if !g.tagged() {
        o.push((Some(1), format!("{}: trash it, gain 9 credits and take 1 tag", g.label(card))));
    }
    o
}

fn friend_of_a_friend(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    crate::netrunner::effects::runner_trash(g, c.card, "its own ability", ev);
    if c.arg == 1 {
        g.gain(RUNNER, 9, c.name(), ev);
        give_tags(g, 1, c.name(), ev);
    } else {
        g.gain(RUNNER, 5, c.name(), ev);
        remove_tags(g, 1, c.name(), ev);
    }
}

// --- Hannah "Wheels" Pilintra --------------------------------------------------------------------

pub const HANNAH_WHEELS_PILINTRA: &str = "34008";

pub(crate) const HANNAH_WHEELS_PILINTRA_ROW: CardDef = CardDef {
    code: HANNAH_WHEELS_PILINTRA,
    name: "Hannah \"Wheels\" Pilintra",
    click: Some(Click { offers: Offers::Own(hannah_offers), effect: Effect::Custom(hannah) }),
    run_ends: Some(hannah_run_ends),
    ..BLANK
};

/// Hannah "Wheels" Pilintra: once per turn, a click back and a run on a remote server (a tag if
/// it fails: option argument, the server); or trash it: 2 clicks and a tag removed (no server).
/// Hand-written offers, not a `Costed`: one option per remote server to run, beside a second ability.
fn hannah_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    let mut o = Vec::new();
    if !g.flags.used_cards.contains(&card) {
        for s in g.corp.servers.iter().map(|s| s.id).filter(|&s| Game::is_remote(s)) {
            o.push((Some(s), format!("{}: gain a click and run {}", g.label(card), Game::server_name(s))));
        }
    }
    o.push((None, format!("{}: trash it, gain 2 clicks and remove 1 tag", g.label(card))));
    o
}

fn hannah(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if Game::is_remote(c.arg) {
        g.flags.used_cards.push(c.card);
        gain_clicks(g, 1, c.name(), ev);
        g.start_run(c.arg, Some(c.card), ev);
    } else {
        crate::netrunner::effects::runner_trash(g, c.card, "its own ability", ev);
        gain_clicks(g, 2, c.name(), ev);
        remove_tags(g, 1, c.name(), ev);
    }
}

fn hannah_run_ends(g: &mut Game, c: Ctx, run: &Run, ev: &mut Vec<Event>) {
    if run.source == Some(c.card) && !run.successful {
        give_tags(g, 1, c.name(), ev);
    }
}

// --- Juli Moreira Lee ----------------------------------------------------------------------------

pub const JULI_MOREIRA_LEE: &str = "34084";

pub(crate) const JULI_MOREIRA_LEE_ROW: CardDef = CardDef {
    code: JULI_MOREIRA_LEE,
    name: "Juli Moreira Lee",
    on_install: Effect::Custom(juli_install),
    events: &[(When::ResourceAction, Effect::Custom(juli_resource_action))],
    ..BLANK
};

/// Juli Moreira Lee: 4 power counters; the first action each turn on an installed resource
/// spends one for a click; trashed when empty.
fn juli_install(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    add_power(g, c.card, 4, c.name(), ev);
}

fn juli_resource_action(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.flags.used_cards.contains(&c.card) || !spend_power(g, c.card) {
        return;
    }
    g.flags.used_cards.push(c.card);
    g.runner.clicks += 1;
    note(ev, "clicks", format!("{}: the Runner gains a click", c.name()), json!({"seat": RUNNER, "clicks": g.runner.clicks}));
    if power(g, c.card) == 0 {
        crate::netrunner::effects::runner_trash(g, c.card, "it is empty", ev);
    }
}

// --- Lago Paranoá Shelter ------------------------------------------------------------------------

pub const LAGO_PARANOA_SHELTER: &str = "34009";

pub(crate) const LAGO_PARANOA_SHELTER_ROW: CardDef = CardDef {
    code: LAGO_PARANOA_SHELTER,
    name: "Lago Paranoá Shelter",
    events: &[(When::CorpInstalledInRoot, Effect::Custom(lago))],
    asks: &[Ask::Own(Prompt { ask: lago_ask, answer: lago_answer })],
    ..BLANK
};

/// Lago Paranoá Shelter: the Corp's first install in a root this turn (`Ctx::arg` 1), the top
/// of the stack may be trashed for a draw.
fn lago(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if c.arg == 1 {
        ask_later(g, c, 0);
    }
}

fn lago_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.runner.stack.is_empty() {
        return None;
    }
    yes_no(
        &format!("may trash the top card of their stack to draw 1 card ({})", c.name()),
        &format!("{}: trash the top card of your stack to draw 1 card?", c.name()),
        "Trash the top card of the stack: draw 1 card",
    )
}

fn lago_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Some(&top) = g.runner.stack.first() else { return Ok(Then::Done) };
    if first(a) == Answer::Yes {
        g.to_heap(top);
        note(ev, "milled", format!("{}: the Runner trashes the top card of the stack: {}", c.name(), g.label(top)), json!({"cards": [top]}));
        crate::netrunner::effects::trashed_from_grip_or_stack(g, &[top], ev);
        g.draw(RUNNER, 1, ev);
    }
    Ok(Then::Done)
}

// --- Manuel Lattes de Moura ----------------------------------------------------------------------

pub const MANUEL_LATTES_DE_MOURA: &str = "34075";

pub(crate) const MANUEL_LATTES_DE_MOURA_ROW: CardDef = CardDef {
    code: MANUEL_LATTES_DE_MOURA,
    name: "Manuel Lattes de Moura",
    statics: &[Static::TrashActionHqCards(manuel_trash_cost)],
    events: &[(When::Breach, Effect::Custom(manuel_breach))],
    ..BLANK
};

/// Manuel: threat 3, trashing it with the basic action also costs the Corp 1 card from HQ.
fn manuel_trash_cost(g: &Game, this: u32, resource: u32) -> u32 {
    u32::from(resource == this && threat(g, 3))
}

/// Manuel: breaching HQ or R&D while tagged, 1 more access.
fn manuel_breach(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if (c.arg == HQ || c.arg == RD) && g.tagged() {
        breach_extra(g, 1);
        note(ev, "more_access", format!("{}: the Runner is tagged and accesses 1 more card", c.name()), json!({"card": c.card}));
    }
}

// --- Open Market ---------------------------------------------------------------------------------

pub const OPEN_MARKET: &str = "35022";

pub(crate) const OPEN_MARKET_ROW: CardDef = CardDef {
    code: OPEN_MARKET,
    name: "Open Market",
    statics: &[Static::HostedCreditsFor(open_market_spend), Static::TrashWhenEmpty],
    on_install: Effect::Load(6),
    events: &[(When::TurnBegin, Effect::Custom(open_market_take))],
    ..BLANK
};

/// Open Market: installs of connection and job resources.
fn open_market_spend(g: &Game, spend: Spend) -> bool {
    matches!(spend, Spend::Install(c) if g.def(c).ctype == CardType::Resource && (g.def(c).has_subtype("Connection") || g.def(c).has_subtype("Job")))
}

/// Open Market: take 1 as the turn begins; trashed when empty.
fn open_market_take(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    crate::netrunner::effects::take_or_trash(g, RUNNER, c.card, 1, "it is empty", ev);
}

// --- Red Team ------------------------------------------------------------------------------------

pub const RED_TEAM: &str = "30018";

pub(crate) const RED_TEAM_ROW: CardDef = CardDef {
    code: RED_TEAM,
    name: "Red Team",
    on_install: Effect::Load(12),
    click: Some(Click { offers: Offers::Own(red_team_offers), effect: Effect::Custom(run_target) }),
    run: Some(RunSource { more_access: NO_RUN_CHANGE, on_success: Effect::Custom(red_team_success) }),
    ..BLANK
};

const NO_RUN_CHANGE: fn(&Game, Ctx, u32) -> u32 = |_, _, _| 0;

/// Red Team: click: run a central server not run this turn.
/// Hand-written offers, not a `Costed`: one option per central server to run.
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

// --- Rent Rioters --------------------------------------------------------------------------------

pub const RENT_RIOTERS: &str = "35011";

pub(crate) const RENT_RIOTERS_ROW: CardDef = CardDef {
    code: RENT_RIOTERS,
    name: "Rent Rioters",
    click: Some(Click {
        offers: Offers::Costed(Costed {
            id: "",
            cost: Cost::All(&[Cost::Clicks(3), Cost::TrashSelf]),
            usable: |_, _| true,
            text: "spend 3 clicks and trash it to gain 9 credits",
        }),
        effect: Effect::Gain(RUNNER, 9),
    }),
    ..BLANK
};

// --- Side Hustle ---------------------------------------------------------------------------------

pub const SIDE_HUSTLE: &str = "35034";

pub(crate) const SIDE_HUSTLE_ROW: CardDef = CardDef {
    code: SIDE_HUSTLE,
    name: "Side Hustle",
    on_install: Effect::Custom(side_hustle),
    events: &[(When::RunBegins, Effect::Custom(side_hustle))],
    ..BLANK
};

/// Side Hustle: 1 credit on install and whenever a run begins; at 6, take them all, trash it,
/// draw 1.
fn side_hustle(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.load(c.card, 1, ev);
    if g.hosted(c.card) >= 6 {
        let all = g.hosted(c.card);
        g.take_hosted(RUNNER, c.card, all, ev);
        crate::netrunner::effects::runner_trash(g, c.card, "it held 6 credits", ev);
        g.draw(RUNNER, 1, ev);
    }
}

// --- Smartware Distributor -----------------------------------------------------------------------

pub const SMARTWARE_DISTRIBUTOR: &str = "30033";

pub(crate) const SMARTWARE_DISTRIBUTOR_ROW: CardDef = CardDef {
    code: SMARTWARE_DISTRIBUTOR,
    name: "Smartware Distributor",
    events: &[(When::TurnBegin, Effect::Custom(smartware_take))],
    click: Some(Click { offers: Offers::Costed(Costed { id: "", cost: Cost::Free, usable: |_, _| true, text: "place 3 credits" }), effect: Effect::Load(3) }),
    ..BLANK
};

/// Smartware Distributor: take 1 when the Runner's turn begins.
fn smartware_take(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.take_hosted(RUNNER, c.card, 1, ev);
}

// --- Telework Contract ---------------------------------------------------------------------------

pub const TELEWORK_CONTRACT: &str = "30027";

pub(crate) const TELEWORK_CONTRACT_ROW: CardDef = CardDef {
    code: TELEWORK_CONTRACT,
    name: "Telework Contract",
    on_install: Effect::Load(9),
    click: Some(Click {
        offers: Offers::Costed(Costed { id: "", cost: Cost::Free, usable: |g, card| !g.flags.used_cards.contains(&card), text: "take 3 credits" }),
        effect: Effect::Custom(telework),
    }),
    ..BLANK
};

/// Telework Contract: once per turn, click: take 3; trashed when empty.
fn telework(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.flags.used_cards.push(c.card);
    take_or_trash(g, RUNNER, c.card, 3, "Telework Contract is empty", ev);
}

// --- Urban Art Vernissage ------------------------------------------------------------------------

pub const URBAN_ART_VERNISSAGE: &str = "34029";

pub(crate) const URBAN_ART_VERNISSAGE_ROW: CardDef = CardDef {
    code: URBAN_ART_VERNISSAGE,
    name: "Urban Art Vernissage",
    statics: &[Static::HostedCreditsFor(installs_only)],
    events: &[(When::TurnBegin, Effect::Ask(0))],
    asks: &[Ask::Own(Prompt { ask: vernissage_ask, answer: vernissage_answer })],
    ..BLANK
};

fn installs_only(_: &Game, spend: Spend) -> bool {
    matches!(spend, Spend::Install(_))
}

/// Urban Art Vernissage: the installed non-virus Trojans, one of which may go back to the grip.
fn vernissage_trojans(g: &Game) -> Vec<u32> {
    g.runner.programs.iter().copied().filter(|&p| g.is_trojan(p) && !g.def(p).has_subtype("Virus")).collect()
}

fn vernissage_ask(g: &Game, _: Ctx) -> Option<Question> {
    let trojans = vernissage_trojans(g);
    if trojans.is_empty() {
        return None;
    }
    let mut o = card_options(g, "grip", &trojans);
    o.push((opt("none", "Add nothing"), Answer::No));
    Some(question(
        "may add an installed Trojan to their grip (Urban Art Vernissage)".into(),
        "Urban Art Vernissage: add 1 installed non-virus Trojan program to your grip to place 2 credits here?".into(),
        o,
    ))
}

fn vernissage_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Some(&p) = picked(a).first() else { return Ok(Then::Done) };
    if !vernissage_trojans(g).contains(&p) || !g.installed_runner().contains(&c.card) {
        return Ok(Then::Done);
    }
    g.to_grip(p);
    note(ev, "to_grip", format!("{}: {} goes back to the grip", c.name(), g.label(p)), json!({"card": p, "code": g.code(p)}));
    g.load(c.card, 2, ev);
    Ok(Then::Done)
}

// --- Valentina Ferreira Carvalho -----------------------------------------------------------------

pub const VALENTINA_FERREIRA_CARVALHO: &str = "34095";

pub(crate) const VALENTINA_FERREIRA_CARVALHO_ROW: CardDef = CardDef {
    code: VALENTINA_FERREIRA_CARVALHO,
    name: "Valentina Ferreira Carvalho",
    on_install: Effect::Custom(valentina_install),
    events: &[(When::TagsRemoved, Effect::Gain(RUNNER, 1))],
    asks: &[Ask::Own(Prompt { ask: valentina_ask, answer: valentina_answer })],
    ..BLANK
};

/// Valentina Ferreira Carvalho: threat 3: installed in the Runner's turn, a tag off or 2 credits.
fn valentina_install(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.active == RUNNER && threat(g, 3) {
        ask_later(g, c, 0);
    }
}

fn valentina_ask(g: &Game, _: Ctx) -> Option<Question> {
    let mut o = vec![(opt("credits", "Gain 2 credits"), Answer::Mode(0))];
    if g.tagged() {
        o.push((opt("tag", "Remove 1 tag"), Answer::Mode(1)));
    }
    o.push((opt("decline", "Neither"), Answer::No));
    Some(question(
        "may remove a tag or gain 2 credits (Valentina Ferreira Carvalho)".into(),
        "Valentina Ferreira Carvalho: remove 1 tag or gain 2 credits?".into(),
        o,
    ))
}

fn valentina_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    match first(a) {
        Answer::Mode(0) => g.gain(RUNNER, 2, c.name(), ev),
        Answer::Mode(1) => remove_tags(g, 1, c.name(), ev),
        _ => {}
    }
    Ok(Then::Done)
}

// --- Verbal Plasticity ---------------------------------------------------------------------------

pub const VERBAL_PLASTICITY: &str = "30034";

pub(crate) const VERBAL_PLASTICITY_ROW: CardDef =
    CardDef { code: VERBAL_PLASTICITY, name: "Verbal Plasticity", statics: &[Static::FirstDrawActionDraws(2)], ..BLANK };

// --- “Knickknack” O’Brian ------------------------------------------------------------------------

pub const KNICKKNACK_OBRIAN: &str = "35033";

pub(crate) const KNICKKNACK_OBRIAN_ROW: CardDef = CardDef {
    code: KNICKKNACK_OBRIAN,
    name: "\"Knickknack\" O'Brian",
    events: &[(When::RunBegins, Effect::Custom(knickknack_run_begins))],
    asks: &[Ask::Own(Prompt { ask: knickknack_ask, answer: knickknack_answer })],
    ..BLANK
};

/// "Knickknack" O'Brian: the first run of a turn may trash another installed Runner card for
/// its printed install cost and a card.
fn knickknack_run_begins(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.flags.runs.len() == 1 {
        ask_later(g, c, 0);
    }
}

fn knickknack_ask(g: &Game, c: Ctx) -> Option<Question> {
    let others: Vec<u32> = g.installed_runner().into_iter().filter(|&x| x != c.card).collect();
    if others.is_empty() || !g.installed_runner().contains(&c.card) {
        return None;
    }
    let mut o: Vec<_> =
        others.iter().map(|&x| (opt(format!("card:{x}"), format!("Trash {} (gain {})", g.label(x), g.def(x).cost.unwrap_or(0))), Answer::Card(x))).collect();
    o.push((opt("decline", "Trash nothing"), Answer::No));
    Some(question(
        "may trash an installed card (\"Knickknack\" O'Brian)".into(),
        "\"Knickknack\" O'Brian: trash another installed card to gain its install cost and draw 1?".into(),
        o,
    ))
}

fn knickknack_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Some(&x) = picked(a).first() else { return Ok(Then::Done) };
    if x == c.card || !g.installed_runner().contains(&x) {
        return Err(RulesError::Illegal("not another installed card".into()));
    }
    let cost = g.def(x).cost.unwrap_or(0);
    crate::netrunner::effects::runner_trash(g, x, c.name(), ev);
    g.gain(RUNNER, cost, c.name(), ev);
    g.draw(RUNNER, 1, ev);
    Ok(Then::Done)
}

// --- “Pretty” Mary da Silva ----------------------------------------------------------------------

pub const PRETTY_MARY_DA_SILVA: &str = "34093";

pub(crate) const PRETTY_MARY_DA_SILVA_ROW: CardDef = CardDef {
    code: PRETTY_MARY_DA_SILVA,
    name: "\"Pretty\" Mary da Silva",
    events: &[(When::Breach, Effect::Custom(pretty_mary_breach))],
    asks: &[Ask::Own(Prompt { ask: pretty_mary_ask, answer: pretty_mary_answer })],
    ..BLANK
};

/// The number of R&D cards the Runner may access in this breach so far.
fn rd_allowed(g: &Game) -> u32 {
    let Some(run) = g.run.as_ref() else { return 0 };
    let from_source = run.source.map_or(0, |s| {
        let c = crate::netrunner::cards::ctx(g, s, 0);
        c.def.run.map_or(0, |r| (r.more_access)(g, c, RD))
    });
    1 + from_source + run.breach_extra
}

/// "Pretty" Mary da Silva: breaching R&D with 2 or more accesses, 1 more if the Runner likes.
fn pretty_mary_breach(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if c.arg == RD {
        ask_later(g, c, 0);
    }
}

fn pretty_mary_ask(g: &Game, _: Ctx) -> Option<Question> {
    if rd_allowed(g) < 2 {
        return None;
    }
    yes_no("may access 1 more card in R&D (\"Pretty\" Mary da Silva)", "\"Pretty\" Mary da Silva: access 1 more card in R&D?", "Access 1 more card")
}

fn pretty_mary_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        breach_extra(g, 1);
        note(ev, "more_access", format!("{}: the Runner accesses 1 more card in R&D", c.name()), json!({"card": c.card}));
    }
    Ok(Then::Done)
}

// --- shared by the cards above ---------------------------------------------------------------------

/// "If successful, instead of breaching the attacked server, breach R&D".
fn breach_rd_instead(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if let Some(r) = g.run.as_mut() {
        r.breach_instead = Some(RD);
        note(ev, "breach_instead", format!("{}: the Runner breaches R&D instead", c.name()), json!({"server": RD}));
    }
}
