//! The cards of the two starter decks: one named function per card effect, in our own words.
//! The numbers (costs, strengths, points…) are data (`data.rs`); this file says what cards do.

use serde_json::json;

use super::flow;
use super::state::{DamageKind, Game, RunSource, Task, CORP, RUNNER};
use crate::core::Event;

// Corp (The Syndicate starter deck).
pub const THE_SYNDICATE: &str = "30077";
pub const OFFWORLD_OFFICE: &str = "30067";
pub const SEND_A_MESSAGE: &str = "30069";
pub const SUPERCONDUCTING_HUB: &str = "30070";
pub const NICO_CAMPAIGN: &str = "30037";
pub const REGOLITH_MINING_LICENSE: &str = "30071";
pub const URTICA_CIPHER: &str = "30045";
pub const GOVERNMENT_SUBSIDY: &str = "30064";
pub const HEDGE_FUND: &str = "30075";
pub const SEAMLESS_LAUNCH: &str = "30040";
pub const MANEGARM_SKUNKWORKS: &str = "30042";
pub const BRAN_1_0: &str = "30039";
pub const PALISADE: &str = "30072";
pub const DIVINER: &str = "30046";
pub const WHITESPACE: &str = "30074";
pub const KARUNA: &str = "30047";
pub const TITHE: &str = "30073";
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

/// Every implemented card, by code and effect function name.
pub const IMPLEMENTED: &[(&str, &str)] = &[
    (THE_SYNDICATE, "the_syndicate"),
    (OFFWORLD_OFFICE, "offworld_office"),
    (SEND_A_MESSAGE, "send_a_message"),
    (SUPERCONDUCTING_HUB, "superconducting_hub"),
    (NICO_CAMPAIGN, "nico_campaign"),
    (REGOLITH_MINING_LICENSE, "regolith_mining_license"),
    (URTICA_CIPHER, "urtica_cipher"),
    (GOVERNMENT_SUBSIDY, "government_subsidy"),
    (HEDGE_FUND, "hedge_fund"),
    (SEAMLESS_LAUNCH, "seamless_launch"),
    (MANEGARM_SKUNKWORKS, "manegarm_skunkworks"),
    (BRAN_1_0, "bran_1_0"),
    (PALISADE, "palisade"),
    (DIVINER, "diviner"),
    (WHITESPACE, "whitespace"),
    (KARUNA, "karuna"),
    (TITHE, "tithe"),
    (THE_CATALYST, "the_catalyst"),
    (CREATIVE_COMMISSION, "creative_commission"),
    (JAILBREAK, "jailbreak"),
    (OVERCLOCK, "overclock"),
    (SURE_GAMBLE, "sure_gamble"),
    (TREAD_LIGHTLY, "tread_lightly"),
    (VRCATION, "vrcation"),
    (DOCKLANDS_PASS, "docklands_pass"),
    (PENNYSHAVER, "pennyshaver"),
    (RED_TEAM, "red_team"),
    (SMARTWARE_DISTRIBUTOR, "smartware_distributor"),
    (TELEWORK_CONTRACT, "telework_contract"),
    (VERBAL_PLASTICITY, "verbal_plasticity"),
    (CARMEN, "carmen"),
    (CLEAVER, "cleaver"),
    (MAYFLY, "mayfly"),
    (UNITY, "unity"),
];

pub fn implemented(code: &str) -> bool {
    IMPLEMENTED.iter().any(|(c, _)| *c == code)
}

fn note(ev: &mut Vec<Event>, kind: &str, text: String, detail: serde_json::Value) {
    ev.push(Event::public(format!("netrunner.{kind}"), text, detail));
}

// --- identities ------------------------------------------------------------------------------------

/// The Syndicate: Profit over Principle: no ability (starter game only).
pub fn the_syndicate() {}
/// The Catalyst: Convention Breaker: no ability, base link 0 (starter game only).
pub fn the_catalyst() {}

// --- operations and events -------------------------------------------------------------------------

/// Hedge Fund: gain 9 credits.
pub fn hedge_fund(g: &mut Game, ev: &mut Vec<Event>) {
    g.gain(CORP, 9, "Hedge Fund", ev);
}

/// Government Subsidy: gain 15 credits.
pub fn government_subsidy(g: &mut Game, ev: &mut Vec<Event>) {
    g.gain(CORP, 15, "Government Subsidy", ev);
}

/// Seamless Launch: 2 advancement counters on an installed card not installed this turn.
pub fn seamless_launch(g: &mut Game, target: u32, ev: &mut Vec<Event>) {
    if let Some(k) = g.card_mut(target) {
        k.adv += 2;
    }
    let label = g.corp_public_label(target);
    note(ev, "advanced", format!("Seamless Launch places 2 advancement counters on {label}"), json!({"card": target, "adv": g.adv(target)}));
}

/// Which installed cards Seamless Launch may target.
pub fn seamless_launch_targets(g: &Game) -> Vec<u32> {
    g.installed_corp().into_iter().filter(|&c| g.card(c).is_some_and(|k| k.installed_turn != g.turn)).collect()
}

/// Sure Gamble: gain 9 credits.
pub fn sure_gamble(g: &mut Game, ev: &mut Vec<Event>) {
    g.gain(RUNNER, 9, "Sure Gamble", ev);
}

fn lose_a_remaining_click(g: &mut Game, source: &str, ev: &mut Vec<Event>) {
    if g.runner.clicks > 0 {
        g.runner.clicks -= 1;
        note(ev, "clicks", format!("The Runner loses a click to {source}"), json!({"seat": RUNNER, "clicks": g.runner.clicks}));
    }
}

/// Creative Commission: gain 5 credits, then lose a click if any remain.
pub fn creative_commission(g: &mut Game, ev: &mut Vec<Event>) {
    g.gain(RUNNER, 5, "Creative Commission", ev);
    lose_a_remaining_click(g, "Creative Commission", ev);
}

/// VRcation: draw 4 cards, then lose a click if any remain.
pub fn vrcation(g: &mut Game, ev: &mut Vec<Event>) {
    g.draw(RUNNER, 4, ev);
    lose_a_remaining_click(g, "VRcation", ev);
}

/// Jailbreak: run HQ or R&D; if successful, draw 1 and access 1 more card.
pub fn jailbreak(g: &mut Game, server: u32, ev: &mut Vec<Event>) {
    flow::start_run(g, server, RunSource::Jailbreak, ev);
}

/// Tread Lightly: run any server; ice costs 3 more to rez during that run.
pub fn tread_lightly(g: &mut Game, server: u32, ev: &mut Vec<Event>) {
    flow::start_run(g, server, RunSource::TreadLightly, ev);
    if let Some(r) = g.run.as_mut() {
        r.ice_rez_extra = 3;
    }
}

/// Overclock: 5 credits usable during the run, then run any server.
pub fn overclock(g: &mut Game, server: u32, ev: &mut Vec<Event>) {
    flow::start_run(g, server, RunSource::Overclock, ev);
    if let Some(r) = g.run.as_mut() {
        r.temp_credits = 5;
    }
    note(ev, "hosted_credits", "Overclock holds 5 credits for this run".into(), json!({"run_credits": 5}));
}

/// Whether an event needs a server target, and which servers it may target.
pub fn run_event_servers(g: &Game, code: &str) -> Option<Vec<u32>> {
    let all: Vec<u32> = g.corp.servers.iter().map(|s| s.id).collect();
    match code {
        JAILBREAK => Some(vec![super::state::HQ, super::state::RD]),
        TREAD_LIGHTLY | OVERCLOCK => Some(all),
        _ => None,
    }
}

/// Play an operation or event (its cost is paid by the caller).
pub fn play(g: &mut Game, card: u32, target: Option<u32>, ev: &mut Vec<Event>) {
    let code = g.code(card).to_string();
    let t = target.unwrap_or(0);
    match code.as_str() {
        HEDGE_FUND => hedge_fund(g, ev),
        GOVERNMENT_SUBSIDY => government_subsidy(g, ev),
        SEAMLESS_LAUNCH => seamless_launch(g, t, ev),
        SURE_GAMBLE => sure_gamble(g, ev),
        CREATIVE_COMMISSION => creative_commission(g, ev),
        VRCATION => vrcation(g, ev),
        JAILBREAK => jailbreak(g, t, ev),
        TREAD_LIGHTLY => tread_lightly(g, t, ev),
        OVERCLOCK => overclock(g, t, ev),
        _ => {}
    }
}

// --- agendas ---------------------------------------------------------------------------------------

/// Offworld Office: when scored, gain 7 credits.
pub fn offworld_office(g: &mut Game, ev: &mut Vec<Event>) {
    g.gain(CORP, 7, "Offworld Office", ev);
}

/// Send a Message: when scored or stolen, the Corp may rez an installed ice for free.
pub fn send_a_message(g: &mut Game) {
    g.tasks.push(Task::SendMessageRez);
}

/// Superconducting Hub: when scored, the Corp may draw 2 (its +2 hand size is in `max_hand`).
pub fn superconducting_hub(g: &mut Game) {
    g.tasks.push(Task::HubDraw);
}

pub fn on_score(g: &mut Game, agenda: u32, ev: &mut Vec<Event>) {
    match g.code(agenda) {
        OFFWORLD_OFFICE => offworld_office(g, ev),
        SEND_A_MESSAGE => send_a_message(g),
        SUPERCONDUCTING_HUB => superconducting_hub(g),
        _ => {}
    }
}

pub fn on_steal(g: &mut Game, agenda: u32) {
    if g.is(agenda, SEND_A_MESSAGE) {
        send_a_message(g);
    }
}

// --- assets and upgrades ---------------------------------------------------------------------------

/// Nico Campaign: loaded with 9 on rez; 3 taken each Corp turn; trashed when empty, drawing 1.
pub fn nico_campaign(g: &mut Game, card: u32, ev: &mut Vec<Event>) {
    g.take_hosted(CORP, card, 3, ev);
    if g.hosted(card) == 0 {
        g.trash(card, "Nico Campaign is empty", ev);
        g.draw(CORP, 1, ev);
    }
}

/// Regolith Mining License: loaded with 15 on rez; click: take 3; trashed when empty.
pub fn regolith_mining_license(g: &mut Game, card: u32, ev: &mut Vec<Event>) {
    g.take_hosted(CORP, card, 3, ev);
    if g.hosted(card) == 0 {
        g.trash(card, "Regolith Mining License is empty", ev);
    }
}

/// Urtica Cipher: when accessed while installed, 2 net damage plus 1 per advancement counter.
pub fn urtica_cipher(g: &mut Game, card: u32) {
    let n = 2 + g.adv(card);
    g.tasks.push(Task::Damage { kind: DamageKind::Net, left: n, source: "Urtica Cipher".into(), diviner: false });
}

/// Manegarm Skunkworks: when the Runner approaches its server, the run ends unless they pay.
pub fn manegarm_skunkworks(g: &mut Game, card: u32) {
    g.tasks.push(Task::Manegarm { card });
}

/// Cards that can be advanced besides agendas.
pub fn advanceable_asset(code: &str) -> bool {
    code == URTICA_CIPHER
}

pub fn on_rez(g: &mut Game, card: u32, ev: &mut Vec<Event>) {
    match g.code(card) {
        NICO_CAMPAIGN => g.load(card, 9, ev),
        REGOLITH_MINING_LICENSE => g.load(card, 15, ev),
        _ => {}
    }
}

/// "When accessed" abilities (NR-7.3), even unrezzed.
pub fn on_access(g: &mut Game, card: u32) {
    if g.is(card, URTICA_CIPHER) && g.is_installed(card) {
        urtica_cipher(g, card);
    }
}

// --- ice -------------------------------------------------------------------------------------------

pub fn subroutines(code: &str) -> usize {
    match code {
        BRAN_1_0 => 3,
        PALISADE | DIVINER => 1,
        WHITESPACE | KARUNA | TITHE => 2,
        _ => 0,
    }
}

pub fn subroutine_text(code: &str, i: usize) -> &'static str {
    match (code, i) {
        (BRAN_1_0, 0) => "the Corp may install an ice from HQ or Archives inward, for free",
        (BRAN_1_0, _) | (PALISADE, _) => "end the run",
        (DIVINER, _) => "1 net damage; an odd-cost card trashed this way ends the run",
        (WHITESPACE, 0) => "the Runner loses 3 credits",
        (WHITESPACE, _) => "end the run if the Runner has 6 credits or less",
        (KARUNA, 0) => "2 net damage; the Runner may jack out",
        (KARUNA, _) => "2 net damage",
        (TITHE, 0) => "1 net damage",
        (TITHE, _) => "the Corp gains 1 credit",
        _ => "nothing",
    }
}

pub fn end_the_run(g: &mut Game, source: &str, ev: &mut Vec<Event>) {
    if let Some(r) = g.run.as_mut() {
        r.stop = true;
        note(ev, "run_ended_by", format!("{source} ends the run"), json!({"source": source}));
    }
}

fn net(g: &mut Game, n: u32, source: &str, diviner: bool) {
    g.tasks.push(Task::Damage { kind: DamageKind::Net, left: n, source: source.into(), diviner });
}

/// Brân 1.0: install an ice inward (Corp's choice), end the run, end the run.
pub fn bran_1_0(g: &mut Game, ice: u32, sub: usize, ev: &mut Vec<Event>) {
    if sub == 0 {
        g.tasks.push(Task::BranInstall { ice });
    } else {
        end_the_run(g, "Brân 1.0", ev);
    }
}

/// Palisade: end the run (+2 strength on a remote is in `ice_strength`).
pub fn palisade(g: &mut Game, ev: &mut Vec<Event>) {
    end_the_run(g, "Palisade", ev);
}

/// Diviner: 1 net damage; if the trashed card has an odd printed cost, end the run.
pub fn diviner(g: &mut Game) {
    net(g, 1, "Diviner", true);
}

/// Whitespace: the Runner loses 3; end the run if they have 6 or less.
pub fn whitespace(g: &mut Game, sub: usize, ev: &mut Vec<Event>) {
    if sub == 0 {
        g.lose_credits(RUNNER, 3, "Whitespace", ev);
    } else if g.runner.credits <= 6 {
        end_the_run(g, "Whitespace", ev);
    }
}

/// Karunā: 2 net damage and the Runner may jack out; 2 net damage.
pub fn karuna(g: &mut Game, sub: usize) {
    if sub == 0 {
        // Last pushed resolves first: the damage, then the choice to jack out.
        g.tasks.push(Task::KarunaJackOut);
    }
    net(g, 2, "Karunā", false);
}

/// Tithe: 1 net damage; the Corp gains 1.
pub fn tithe(g: &mut Game, sub: usize, ev: &mut Vec<Event>) {
    if sub == 0 {
        net(g, 1, "Tithe", false);
    } else {
        g.gain(CORP, 1, "Tithe", ev);
    }
}

/// Resolve subroutine `sub` of `ice` (NR-6.3.2).
pub fn resolve_subroutine(g: &mut Game, ice: u32, sub: usize, ev: &mut Vec<Event>) {
    match g.code(ice) {
        BRAN_1_0 => bran_1_0(g, ice, sub, ev),
        PALISADE => palisade(g, ev),
        DIVINER => diviner(g),
        WHITESPACE => whitespace(g, sub, ev),
        KARUNA => karuna(g, sub),
        TITHE => tithe(g, sub, ev),
        _ => {}
    }
}

// --- icebreakers -----------------------------------------------------------------------------------

/// An icebreaker's numbers: what it breaks, how many per use, and its costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Breaker {
    /// Ice subtype it interfaces with; `None`: any (AI).
    pub breaks: Option<&'static str>,
    pub subs_per_use: usize,
    pub break_cost: i64,
    pub pump_cost: i64,
}

/// Cleaver: 1: break up to 2 barrier subroutines; 2: +1 strength.
pub fn cleaver() -> Breaker {
    Breaker { breaks: Some("Barrier"), subs_per_use: 2, break_cost: 1, pump_cost: 2 }
}
/// Carmen: 1: break 1 sentry subroutine; 2: +3 strength; 2 cheaper after a successful run.
pub fn carmen() -> Breaker {
    Breaker { breaks: Some("Sentry"), subs_per_use: 1, break_cost: 1, pump_cost: 2 }
}
/// Unity: 1: break 1 code gate subroutine; 1: +1 strength per installed icebreaker.
pub fn unity() -> Breaker {
    Breaker { breaks: Some("Code Gate"), subs_per_use: 1, break_cost: 1, pump_cost: 1 }
}
/// Mayfly: 1: break 1 subroutine (trashed when the run ends); 1: +1 strength.
pub fn mayfly() -> Breaker {
    Breaker { breaks: None, subs_per_use: 1, break_cost: 1, pump_cost: 1 }
}

pub fn breaker(code: &str) -> Option<Breaker> {
    match code {
        CLEAVER => Some(cleaver()),
        CARMEN => Some(carmen()),
        UNITY => Some(unity()),
        MAYFLY => Some(mayfly()),
        _ => None,
    }
}

/// Strength a pump adds.
pub fn pump_amount(g: &Game, code: &str) -> i64 {
    match code {
        CARMEN => 3,
        UNITY => g.runner.programs.iter().filter(|&&p| g.def(p).has_subtype("Icebreaker")).count() as i64,
        _ => 1,
    }
}

/// Install cost of a Runner card now (Carmen is 2 cheaper after a successful run this turn).
pub fn runner_install_cost(g: &Game, card: u32) -> i64 {
    let base = g.def(card).cost.unwrap_or(0);
    if g.is(card, CARMEN) && g.flags.successful_run {
        (base - 2).max(0)
    } else {
        base
    }
}

// --- hardware and resources ------------------------------------------------------------------------

/// When a Runner card is installed.
pub fn on_install_runner(g: &mut Game, card: u32, ev: &mut Vec<Event>) {
    match g.code(card) {
        RED_TEAM => g.load(card, 12, ev),
        TELEWORK_CONTRACT => g.load(card, 9, ev),
        _ => {}
    }
}

/// Docklands Pass: the first time each turn the Runner breaches HQ, 1 more access.
pub fn docklands_pass(g: &mut Game) -> u32 {
    let has = g.runner.hardware.iter().any(|&h| g.is(h, DOCKLANDS_PASS));
    if has && !g.flags.docklands_used {
        g.flags.docklands_used = true;
        1
    } else {
        0
    }
}

/// Pennyshaver: click: place 1 credit on it, then take them all. (Its +1 MU is in
/// `memory_limit`, its credit per successful run in `on_successful_run`.)
pub fn pennyshaver(g: &mut Game, card: u32, ev: &mut Vec<Event>) {
    g.load(card, 1, ev);
    let all = g.hosted(card);
    g.take_hosted(RUNNER, card, all, ev);
}

/// Red Team: click: run a central server not run this turn; if successful, take 3.
pub fn red_team(g: &mut Game, card: u32, server: u32, ev: &mut Vec<Event>) {
    flow::start_run(g, server, RunSource::RedTeam(card), ev);
}

/// Smartware Distributor: click: place 3 credits; take 1 when the Runner's turn begins.
pub fn smartware_distributor(g: &mut Game, card: u32, ev: &mut Vec<Event>) {
    g.load(card, 3, ev);
}

/// Telework Contract: once per turn, click: take 3; trashed when empty.
pub fn telework_contract(g: &mut Game, card: u32, ev: &mut Vec<Event>) {
    g.flags.telework_used.push(card);
    g.take_hosted(RUNNER, card, 3, ev);
    if g.hosted(card) == 0 {
        g.trash(card, "Telework Contract is empty", ev);
    }
}

/// Verbal Plasticity: the first basic draw action each turn draws 2 instead of 1.
pub fn verbal_plasticity(g: &mut Game) -> u32 {
    let has = g.runner.resources.iter().any(|&r| g.is(r, VERBAL_PLASTICITY));
    if has && !g.flags.verbal_used {
        g.flags.verbal_used = true;
        2
    } else {
        1
    }
}

/// "When the run is successful" (NR-6.4.4): Pennyshaver, Jailbreak's draw, Red Team.
pub fn on_successful_run(g: &mut Game, ev: &mut Vec<Event>) {
    let pennies: Vec<u32> = g.runner.hardware.iter().copied().filter(|&h| g.is(h, PENNYSHAVER)).collect();
    for p in pennies {
        g.load(p, 1, ev);
    }
    let source = g.run.as_ref().map(|r| r.source.clone());
    match source {
        Some(RunSource::Jailbreak) => g.draw(RUNNER, 1, ev),
        Some(RunSource::RedTeam(card)) if g.runner.resources.contains(&card) => {
            g.take_hosted(RUNNER, card, 3, ev);
            if g.hosted(card) == 0 {
                g.trash(card, "Red Team is empty", ev);
            }
        }
        _ => {}
    }
}

/// "When your turn begins" abilities of the active side.
pub fn on_turn_begin(g: &mut Game, ev: &mut Vec<Event>) {
    if g.active == CORP {
        let nicos: Vec<u32> = g.installed_corp().into_iter().filter(|&c| g.is(c, NICO_CAMPAIGN) && g.rezzed(c)).collect();
        for c in nicos {
            nico_campaign(g, c, ev);
        }
    } else {
        let dists: Vec<u32> = g.runner.resources.iter().copied().filter(|&c| g.is(c, SMARTWARE_DISTRIBUTOR)).collect();
        for c in dists {
            g.take_hosted(RUNNER, c, 1, ev);
        }
    }
}
