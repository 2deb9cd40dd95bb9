//! The cards of the two starter decks: one named function per card effect, in our own words.
//! The numbers (costs, strengths, points…) are data (`data.rs`); this file says what cards do.

use serde_json::json;

use super::flow;
use super::data::{CardType, Side};
use super::state::{DamageKind, Game, RunSource, Task, TrashKind, CORP, HQ, RD, RUNNER};
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
// The rest of System Gateway: the four Corp factions and the three Runner factions.
pub const HAAS_BIOROID: &str = "30035";
pub const LUMINAL_TRANSUBSTANTIATION: &str = "30036";
pub const ANSEL_1_0: &str = "30038";
pub const SPRINT: &str = "30041";
pub const JINTEKI: &str = "30043";
pub const LONGEVITY_SERUM: &str = "30044";
pub const HANSEI_REVIEW: &str = "30048";
pub const NEUROSPIKE: &str = "30049";
pub const ANOETIC_VOID: &str = "30050";
pub const NBN: &str = "30051";
pub const TOMORROWS_HEADLINE: &str = "30052";
pub const SPIN_DOCTOR: &str = "30053";
pub const FUNHOUSE: &str = "30054";
pub const PING: &str = "30055";
pub const PREDICTIVE_PLANOGRAM: &str = "30056";
pub const PUBLIC_TRAIL: &str = "30057";
pub const AMAZE_AMUSEMENTS: &str = "30058";
pub const WEYLAND: &str = "30059";
pub const ABOVE_THE_LAW: &str = "30060";
pub const CLEARINGHOUSE: &str = "30061";
pub const BALLISTA: &str = "30062";
pub const PHAROS: &str = "30063";
pub const RETRIBUTION: &str = "30065";
pub const MALAPERT_DATA_VAULT: &str = "30066";
pub const ORBITAL_SUPERIORITY: &str = "30068";
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
    (HAAS_BIOROID, "haas_bioroid_precision_design"),
    (LUMINAL_TRANSUBSTANTIATION, "luminal_transubstantiation"),
    (ANSEL_1_0, "ansel_1_0"),
    (SPRINT, "sprint"),
    (JINTEKI, "jinteki_restoring_humanity"),
    (LONGEVITY_SERUM, "longevity_serum"),
    (HANSEI_REVIEW, "hansei_review"),
    (NEUROSPIKE, "neurospike"),
    (ANOETIC_VOID, "anoetic_void"),
    (NBN, "nbn_reality_plus"),
    (TOMORROWS_HEADLINE, "tomorrows_headline"),
    (SPIN_DOCTOR, "spin_doctor"),
    (FUNHOUSE, "funhouse"),
    (PING, "ping"),
    (PREDICTIVE_PLANOGRAM, "predictive_planogram"),
    (PUBLIC_TRAIL, "public_trail"),
    (AMAZE_AMUSEMENTS, "amaze_amusements"),
    (WEYLAND, "weyland_consortium_built_to_last"),
    (ABOVE_THE_LAW, "above_the_law"),
    (CLEARINGHOUSE, "clearinghouse"),
    (BALLISTA, "ballista"),
    (PHAROS, "pharos"),
    (RETRIBUTION, "retribution"),
    (MALAPERT_DATA_VAULT, "malapert_data_vault"),
    (ORBITAL_SUPERIORITY, "orbital_superiority"),
    (LOUP, "rene_loup_arcemont"),
    (WILDCAT_STRIKE, "wildcat_strike"),
    (CARNIVORE, "carnivore"),
    (BOTULUS, "botulus"),
    (BUZZSAW, "buzzsaw"),
    (FERMENTER, "fermenter"),
    (LEECH, "leech"),
    (COOKBOOK, "cookbook"),
    (ZAHYA, "zahya_sadeghi"),
    (MUTUAL_FAVOR, "mutual_favor"),
    (MARJANAH, "marjanah"),
    (TRANQUILIZER, "tranquilizer"),
    (TAO_SALONGA, "tao_salonga"),
    (DZMZ_OPTIMIZER, "dzmz_optimizer"),
    (PANTOGRAPH, "pantograph"),
    (CONDUIT, "conduit"),
    (ECHELON, "echelon"),
    (T400_MEMORY_DIAMOND, "t400_memory_diamond"),
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
        SPRINT => sprint(g, ev),
        HANSEI_REVIEW => hansei_review(g, ev),
        NEUROSPIKE => neurospike(g),
        PREDICTIVE_PLANOGRAM => predictive_planogram(g, t, ev),
        PUBLIC_TRAIL => public_trail(g),
        RETRIBUTION => retribution(g, t, ev),
        WILDCAT_STRIKE => wildcat_strike(g),
        MUTUAL_FAVOR => mutual_favor(g),
        _ => {}
    }
}

/// Targets of an operation or event that is played on something (`play:<card>:<target>`), with
/// a label; `None` if it is played without a target. Also says whether it may be played now.
pub fn play_targets(g: &Game, code: &str) -> Option<Vec<(u32, String)>> {
    match code {
        PREDICTIVE_PLANOGRAM => {
            let mut v = vec![(0, "gain 3 credits".to_string()), (1, "draw 3 cards".to_string())];
            if g.tagged() {
                v.push((2, "gain 3 credits and draw 3 cards".to_string()));
            }
            Some(v)
        }
        RETRIBUTION if g.tagged() => Some(
            g.runner.programs.iter().chain(g.runner.hardware.iter()).map(|&c| (c, format!("trash {}", g.label(c)))).collect(),
        ),
        RETRIBUTION => Some(vec![]),
        PUBLIC_TRAIL if !g.runner_success_last_turn => Some(vec![]),
        _ => None,
    }
}

// --- the other operations and events ---------------------------------------------------------------

/// Sprint: draw 3, then shuffle 2 cards from HQ into R&D.
pub fn sprint(g: &mut Game, ev: &mut Vec<Event>) {
    g.draw(CORP, 3, ev);
    g.tasks.push(Task::SprintReturn);
}

/// Hansei Review: gain 10, then trash a card from HQ if there is one.
pub fn hansei_review(g: &mut Game, ev: &mut Vec<Event>) {
    g.gain(CORP, 10, "Hansei Review", ev);
    if !g.corp.hq.is_empty() {
        g.tasks.push(Task::HanseiTrash);
    }
}

/// Neurospike: net damage equal to the printed points the Corp scored this turn.
pub fn neurospike(g: &mut Game) {
    let n = g.flags.scored_points.max(0) as u32;
    if n > 0 {
        net(g, n, "Neurospike", false);
    }
}

/// Predictive Planogram: 3 credits (mode 0), 3 cards (1), or both when the Runner is tagged (2).
pub fn predictive_planogram(g: &mut Game, mode: u32, ev: &mut Vec<Event>) {
    if mode != 1 {
        g.gain(CORP, 3, "Predictive Planogram", ev);
    }
    if mode != 0 {
        g.draw(CORP, 3, ev);
    }
}

/// Public Trail (after a successful Runner turn): a tag unless the Runner pays 8.
pub fn public_trail(g: &mut Game) {
    g.tasks.push(Task::PayOrTag { cost: 8, source: "Public Trail".into() });
}

/// Retribution (the Runner tagged): trash an installed program or hardware.
pub fn retribution(g: &mut Game, target: u32, ev: &mut Vec<Event>) {
    if g.runner.programs.contains(&target) || g.runner.hardware.contains(&target) {
        g.trash(target, "Retribution", ev);
    }
}

/// Wildcat Strike: the Corp chooses whether the Runner gains 6 or draws 4.
pub fn wildcat_strike(g: &mut Game) {
    g.tasks.push(Task::WildcatStrike);
}

/// Mutual Favor: search the stack for an icebreaker; install it after a successful run this turn,
/// else take it into the grip; then the stack is shuffled.
pub fn mutual_favor(g: &mut Game) {
    g.tasks.push(Task::Shuffle { corp: false });
    g.tasks.push(Task::MutualFavor);
}

/// Tags for the Runner, with NBN: Reality Plus's trigger the first time each turn.
pub fn give_tags(g: &mut Game, n: i64, source: &str, ev: &mut Vec<Event>) {
    if n <= 0 {
        return;
    }
    g.runner.tags += n;
    note(ev, "tagged", format!("{source}: the Runner takes {n} tag(s) (now {})", g.runner.tags), json!({"tags": g.runner.tags, "source": source}));
    if !g.flags.tag_taken {
        g.flags.tag_taken = true;
        if g.corp.identity == NBN {
            nbn_reality_plus(g);
        }
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

/// Luminal Transubstantiation: when scored, 3 more clicks and no more scoring this turn.
pub fn luminal_transubstantiation(g: &mut Game, ev: &mut Vec<Event>) {
    g.corp.clicks += 3;
    g.flags.no_scoring = true;
    note(ev, "clicks", format!("Luminal Transubstantiation: the Corp gains 3 clicks (now {})", g.corp.clicks), json!({"seat": CORP, "clicks": g.corp.clicks}));
}

/// Longevity Serum: when scored, trash any cards from HQ, then shuffle up to 3 from Archives
/// into R&D.
pub fn longevity_serum(g: &mut Game) {
    g.tasks.push(Task::ArchivesToRd { max: 3, source: "Longevity Serum".into() });
    g.tasks.push(Task::LongevityTrash);
}

/// Tomorrow's Headline: when scored or stolen, the Runner takes a tag.
pub fn tomorrows_headline(g: &mut Game, ev: &mut Vec<Event>) {
    give_tags(g, 1, "Tomorrow's Headline", ev);
}

/// Above the Law: when scored, the Corp may trash an installed resource.
pub fn above_the_law(g: &mut Game) {
    if !g.runner.resources.is_empty() {
        g.tasks.push(Task::CorpTrashes { kind: TrashKind::Resource, or_end: false, optional: true, source: "Above the Law".into() });
    }
}

/// Orbital Superiority: when scored, 4 meat damage to a tagged Runner, else a tag.
pub fn orbital_superiority(g: &mut Game, ev: &mut Vec<Event>) {
    if g.tagged() {
        g.tasks.push(Task::Damage { kind: DamageKind::Meat, left: 4, source: "Orbital Superiority".into(), diviner: false });
    } else {
        give_tags(g, 1, "Orbital Superiority", ev);
    }
}

/// After any agenda is scored or stolen: Pantograph and Tāo Salonga (Runner side).
fn agenda_changed_hands(g: &mut Game, ev: &mut Vec<Event>) {
    if g.runner.identity == TAO_SALONGA && g.installed_corp().iter().filter(|&&c| g.def(c).ctype == CardType::Ice).count() >= 2 {
        tao_salonga(g);
    }
    let pantos: Vec<u32> = g.runner.hardware.iter().copied().filter(|&h| g.is(h, PANTOGRAPH)).collect();
    for p in pantos {
        pantograph(g, p, ev);
    }
}

pub fn on_score(g: &mut Game, agenda: u32, ev: &mut Vec<Event>) {
    g.flags.scored_points += g.def(agenda).points.unwrap_or(0);
    agenda_changed_hands(g, ev);
    if g.corp.identity == HAAS_BIOROID && !g.corp.archives.is_empty() {
        haas_bioroid_precision_design(g);
    }
    match g.code(agenda) {
        OFFWORLD_OFFICE => offworld_office(g, ev),
        SEND_A_MESSAGE => send_a_message(g),
        SUPERCONDUCTING_HUB => superconducting_hub(g),
        LUMINAL_TRANSUBSTANTIATION => luminal_transubstantiation(g, ev),
        LONGEVITY_SERUM => longevity_serum(g),
        TOMORROWS_HEADLINE => tomorrows_headline(g, ev),
        ABOVE_THE_LAW => above_the_law(g),
        ORBITAL_SUPERIORITY => orbital_superiority(g, ev),
        _ => {}
    }
}

pub fn on_steal(g: &mut Game, agenda: u32, ev: &mut Vec<Event>) {
    if let Some(r) = g.run.as_mut() {
        r.stolen += 1;
    }
    agenda_changed_hands(g, ev);
    match g.code(agenda) {
        SEND_A_MESSAGE => send_a_message(g),
        TOMORROWS_HEADLINE => tomorrows_headline(g, ev),
        _ => {}
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
    matches!(code, URTICA_CIPHER | CLEARINGHOUSE | PHAROS)
}

pub fn on_rez(g: &mut Game, card: u32, ev: &mut Vec<Event>) {
    match g.code(card) {
        NICO_CAMPAIGN => g.load(card, 9, ev),
        REGOLITH_MINING_LICENSE => g.load(card, 15, ev),
        SPIN_DOCTOR => spin_doctor(g, ev),
        PING => ping(g, card, ev),
        _ => {}
    }
}

/// Spin Doctor: when rezzed, draw 2 (its remove-from-game ability is a paid ability in `flow`).
pub fn spin_doctor(g: &mut Game, ev: &mut Vec<Event>) {
    g.draw(CORP, 2, ev);
}

/// Spin Doctor's paid ability: remove it from the game to shuffle up to 2 from Archives into R&D.
pub fn spin_doctor_ability(g: &mut Game, card: u32, ev: &mut Vec<Event>) {
    g.take_corp(card);
    note(ev, "removed_from_game", format!("{} is removed from the game", g.label(card)), json!({"card": card}));
    g.tasks.push(Task::ArchivesToRd { max: 2, source: "Spin Doctor".into() });
}

/// Ping: rezzed during a run against its server, the Runner takes a tag.
pub fn ping(g: &mut Game, card: u32, ev: &mut Vec<Event>) {
    let here = match g.corp_zone(card) {
        super::state::CorpZone::Ice(s) => g.run.as_ref().is_some_and(|r| r.server == s),
        _ => false,
    };
    if here {
        give_tags(g, 1, "Ping", ev);
    }
}

/// Anoetic Void: when the Runner approaches its server, the Corp may pay 2 and trash 2 from HQ
/// to end the run.
pub fn anoetic_void(g: &mut Game, card: u32) {
    if g.corp.credits >= 2 && g.corp.hq.len() >= 2 {
        g.tasks.push(Task::AnoeticVoid { card });
    }
}

/// AMAZE Amusements: rezzed in the server when the run succeeds, it gives 2 tags when that run
/// ends if an agenda was stolen (persistent, even if trashed meanwhile).
pub fn amaze_amusements(g: &mut Game, ev: &mut Vec<Event>) {
    give_tags(g, 2, "AMAZE Amusements", ev);
}

/// Clearinghouse: when the Corp's turn begins, it may trash it for 1 meat damage per counter.
pub fn clearinghouse(g: &mut Game, card: u32) {
    g.tasks.push(Task::Clearinghouse { card });
}

/// Malapert Data Vault: scoring from its root, the Corp may fetch a non-agenda card from R&D.
pub fn malapert_data_vault(g: &mut Game) {
    g.tasks.push(Task::Shuffle { corp: true });
    g.tasks.push(Task::Malapert);
}

// --- identities of the factions ----------------------------------------------------------------

/// Haas-Bioroid: Precision Design: +1 maximum hand size (in `max_hand`); scoring an agenda, the
/// Corp may take a card from Archives into HQ.
pub fn haas_bioroid_precision_design(g: &mut Game) {
    g.tasks.push(Task::PrecisionDesign);
}

/// Jinteki: Restoring Humanity: after the Corp's discard, 1 credit if Archives holds a face-down
/// card.
pub fn jinteki_restoring_humanity(g: &mut Game, ev: &mut Vec<Event>) {
    if g.corp.identity == JINTEKI && g.corp.archives.iter().any(|&c| g.card(c).is_some_and(|k| !k.faceup)) {
        g.gain(CORP, 1, "Jinteki: Restoring Humanity", ev);
    }
}

/// NBN: Reality Plus: the first tag each turn gives the Corp 2 credits or 2 cards.
pub fn nbn_reality_plus(g: &mut Game) {
    g.tasks.push(Task::RealityPlus);
}

/// Weyland Consortium: Built to Last: advancing a card without counters gains 2.
pub fn weyland_consortium_built_to_last(g: &mut Game, had: u32, ev: &mut Vec<Event>) {
    if g.corp.identity == WEYLAND && had == 0 {
        g.gain(CORP, 2, "Weyland Consortium: Built to Last", ev);
    }
}

/// René "Loup" Arcemont: the first trash of an accessed card each turn: 1 credit and 1 card.
pub fn rene_loup_arcemont(g: &mut Game, ev: &mut Vec<Event>) {
    if g.runner.identity == LOUP && !g.flags.loup_used {
        g.flags.loup_used = true;
        g.gain(RUNNER, 1, "René \"Loup\" Arcemont", ev);
        g.draw(RUNNER, 1, ev);
    }
}

/// Zahya Sadeghi: once per turn, a run on HQ or R&D ending may give 1 per card accessed.
pub fn zahya_sadeghi(g: &mut Game, server: u32, accessed: u32) {
    if g.runner.identity == ZAHYA && !g.flags.zahya_used && (server == HQ || server == RD) && accessed > 0 {
        g.tasks.push(Task::Zahya { n: accessed });
    }
}

/// Tāo Salonga: an agenda scored or stolen lets the Runner swap 2 installed ice.
pub fn tao_salonga(g: &mut Game) {
    g.tasks.push(Task::TaoSwap);
}

/// "When accessed" abilities (NR-7.3), even unrezzed.
pub fn on_access(g: &mut Game, card: u32) {
    if let Some(r) = g.run.as_mut() {
        r.accessed += 1;
    }
    if g.is(card, URTICA_CIPHER) && g.is_installed(card) {
        urtica_cipher(g, card);
    }
}

// --- ice -------------------------------------------------------------------------------------------

pub fn subroutines(code: &str) -> usize {
    match code {
        BRAN_1_0 | ANSEL_1_0 | PHAROS => 3,
        PALISADE | DIVINER | FUNHOUSE | PING | BALLISTA => 1,
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
        (ANSEL_1_0, 0) => "trash 1 installed Runner card",
        (ANSEL_1_0, 1) => "the Corp may install a card from HQ or Archives",
        (ANSEL_1_0, _) => "the Runner cannot steal or trash Corp cards for the rest of the run",
        (FUNHOUSE, _) => "a tag unless the Runner pays 4 credits",
        (PING, _) | (PHAROS, 1) | (PHAROS, 2) => "end the run",
        (BALLISTA, _) => "trash 1 installed program or end the run",
        (PHAROS, _) => "the Runner takes 1 tag",
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
        ANSEL_1_0 => ansel_1_0(g, sub),
        FUNHOUSE => funhouse(g),
        PING => end_the_run(g, "Ping", ev),
        BALLISTA => ballista(g),
        PHAROS => pharos(g, sub, ev),
        _ => {}
    }
}

/// Ansel 1.0: trash an installed Runner card; the Corp may install a card from HQ or Archives;
/// no stealing or trashing for the rest of the run. (Its click-break is the Bioroid's in `flow`.)
pub fn ansel_1_0(g: &mut Game, sub: usize) {
    match sub {
        0 => {
            if !g.installed_runner().is_empty() {
                g.tasks.push(Task::CorpTrashes { kind: TrashKind::RunnerCard, or_end: false, optional: false, source: "Ansel 1.0".into() });
            }
        }
        1 => g.tasks.push(Task::AnselInstall),
        _ => {
            if let Some(r) = g.run.as_mut() {
                r.no_steal_trash = true;
            }
        }
    }
}

/// Funhouse: on encounter, a tag or the run ends (`flow`); its subroutine: a tag unless the
/// Runner pays 4.
pub fn funhouse(g: &mut Game) {
    g.tasks.push(Task::PayOrTag { cost: 4, source: "Funhouse".into() });
}

/// Ballista: the Corp trashes an installed program or ends the run.
pub fn ballista(g: &mut Game) {
    g.tasks.push(Task::CorpTrashes { kind: TrashKind::Program, or_end: true, optional: false, source: "Ballista".into() });
}

/// Pharos: a tag, end the run, end the run (+5 strength with 3 counters is in `ice_strength`).
pub fn pharos(g: &mut Game, sub: usize, ev: &mut Vec<Event>) {
    if sub == 0 {
        give_tags(g, 1, "Pharos", ev);
    } else {
        end_the_run(g, "Pharos", ev);
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
        BUZZSAW => Some(buzzsaw()),
        MARJANAH => Some(marjanah()),
        ECHELON => Some(echelon()),
        _ => None,
    }
}

/// Buzzsaw: 1: break up to 2 code gate subroutines; 3: +1 strength.
pub fn buzzsaw() -> Breaker {
    Breaker { breaks: Some("Code Gate"), subs_per_use: 2, break_cost: 1, pump_cost: 3 }
}
/// Marjanah: 2 (1 after a successful run this turn): break 1 barrier subroutine; 1: +1 strength.
pub fn marjanah() -> Breaker {
    Breaker { breaks: Some("Barrier"), subs_per_use: 1, break_cost: 2, pump_cost: 1 }
}
/// Echelon: +1 strength per installed icebreaker; 1: break 1 sentry subroutine; 3: +2 strength.
pub fn echelon() -> Breaker {
    Breaker { breaks: Some("Sentry"), subs_per_use: 1, break_cost: 1, pump_cost: 3 }
}

/// A break's cost now (Marjanah is 1 cheaper after a successful run this turn).
pub fn break_cost(g: &Game, code: &str) -> i64 {
    let base = breaker(code).map_or(1, |b| b.break_cost);
    if code == MARJANAH && g.flags.successful_run {
        base - 1
    } else {
        base
    }
}

/// A breaker's strength beyond its printed one, outside pumps (Echelon).
pub fn strength_bonus(g: &Game, code: &str) -> i64 {
    if code == ECHELON {
        g.runner.programs.iter().filter(|&&p| g.def(p).has_subtype("Icebreaker")).count() as i64
    } else {
        0
    }
}

/// Hardware that gives +1 memory.
pub fn adds_memory(code: &str) -> bool {
    matches!(code, PENNYSHAVER | CARNIVORE | PANTOGRAPH | DZMZ_OPTIMIZER | T400_MEMORY_DIAMOND)
}

/// Strength a pump adds.
pub fn pump_amount(g: &Game, code: &str) -> i64 {
    match code {
        CARMEN => 3,
        ECHELON => 2,
        UNITY => g.runner.programs.iter().filter(|&&p| g.def(p).has_subtype("Icebreaker")).count() as i64,
        _ => 1,
    }
}

/// Install cost of a Runner card now (Carmen is 2 cheaper after a successful run this turn).
pub fn runner_install_cost(g: &Game, card: u32) -> i64 {
    let base = g.def(card).cost.unwrap_or(0);
    let carmen = if g.is(card, CARMEN) && g.flags.successful_run { 2 } else { 0 };
    let dzmz = g.def(card).ctype == CardType::Program
        && !g.flags.program_installed
        && g.runner.hardware.iter().any(|&h| g.is(h, DZMZ_OPTIMIZER));
    (base - carmen - i64::from(dzmz)).max(0)
}

/// Whether a program must be installed on a piece of ice (Botulus, Tranquilizer).
pub fn is_trojan(g: &Game, card: u32) -> bool {
    g.def(card).has_subtype("Trojan")
}

// --- virus programs --------------------------------------------------------------------------------

pub fn add_virus(g: &mut Game, card: u32, n: u32, source: &str, ev: &mut Vec<Event>) {
    if let Some(k) = g.card_mut(card) {
        k.virus += n;
        let total = k.virus;
        let label = g.label(card);
        note(ev, "virus_counters", format!("{source}: {n} virus counter(s) on {label} ({total})"), json!({"card": card, "change": n, "virus": total}));
    }
}

pub fn remove_virus(g: &mut Game, card: u32) -> bool {
    match g.card_mut(card) {
        Some(k) if k.virus > 0 => {
            k.virus -= 1;
            true
        }
        _ => false,
    }
}

/// Botulus: 1 counter on install and each Runner turn; a counter breaks a subroutine on its host
/// (a paid ability in `flow`).
pub fn botulus(g: &mut Game, card: u32, ev: &mut Vec<Event>) {
    add_virus(g, card, 1, "Botulus", ev);
}

/// Fermenter: 1 counter on install and each Runner turn; click, trash it: 2 per counter.
pub fn fermenter(g: &mut Game, card: u32, ev: &mut Vec<Event>) {
    add_virus(g, card, 1, "Fermenter", ev);
}

/// Fermenter's click ability.
pub fn fermenter_cash_out(g: &mut Game, card: u32, ev: &mut Vec<Event>) {
    let n = g.card(card).map_or(0, |k| k.virus);
    g.trash(card, "Fermenter cashes out", ev);
    g.gain(RUNNER, 2 * i64::from(n), "Fermenter", ev);
}

/// Leech: a counter per successful central run; a counter gives the encountered ice -1 strength
/// (a paid ability in `flow`).
pub fn leech(g: &mut Game, card: u32, ev: &mut Vec<Event>) {
    add_virus(g, card, 1, "Leech", ev);
}

/// Tranquilizer: 1 counter on install and each Runner turn; with 3 or more, the host is derezzed.
pub fn tranquilizer(g: &mut Game, card: u32, ev: &mut Vec<Event>) {
    add_virus(g, card, 1, "Tranquilizer", ev);
    let host = g.card(card).and_then(|k| k.host);
    if let Some(h) = host {
        if g.card(card).is_some_and(|k| k.virus >= 3) && g.rezzed(h) {
            if let Some(k) = g.card_mut(h) {
                k.rezzed = false;
            }
            note(ev, "derezzed", format!("Tranquilizer derezzes {}", g.label(h)), json!({"card": h}));
        }
    }
}

/// Conduit: click: run R&D, accessing 1 more per counter; a counter after each successful R&D run.
pub fn conduit(g: &mut Game, card: u32, ev: &mut Vec<Event>) {
    flow::start_run(g, RD, RunSource::Conduit(card), ev);
}

/// Cookbook: installing a virus program puts a virus counter on it.
pub fn cookbook(g: &mut Game, program: u32, ev: &mut Vec<Event>) {
    if g.def(program).has_subtype("Virus") && g.runner.resources.iter().any(|&r| g.is(r, COOKBOOK)) {
        add_virus(g, program, 1, "Cookbook", ev);
    }
}

/// Purge (NR-3.2): every virus counter is removed.
pub fn purge(g: &mut Game) {
    for k in g.cards.iter_mut() {
        k.virus = 0;
    }
}

/// A Trojan whose host is no longer an installed ice is trashed.
pub fn trojan_sweep(g: &mut Game, ev: &mut Vec<Event>) {
    let orphans: Vec<u32> = g
        .runner
        .programs
        .iter()
        .copied()
        .filter(|&p| g.card(p).and_then(|k| k.host).is_some_and(|h| !matches!(g.corp_zone(h), super::state::CorpZone::Ice(_))))
        .collect();
    for p in orphans {
        g.trash(p, "its host ice is no longer installed", ev);
    }
}

// --- the other hardware and resources --------------------------------------------------------------

/// Carnivore (+1 MU): once per turn, trash 2 grip cards to trash the card being accessed.
pub fn carnivore(g: &Game) -> bool {
    !g.flags.carnivore_used && g.runner.grip.len() >= 2 && g.runner.hardware.iter().any(|&h| g.is(h, CARNIVORE))
}

/// Pantograph (+1 MU): an agenda scored or stolen gives 1 credit and may install a grip card.
pub fn pantograph(g: &mut Game, card: u32, ev: &mut Vec<Event>) {
    let label = g.label(card);
    g.gain(RUNNER, 1, &label, ev);
    g.tasks.push(Task::Pantograph);
}

/// DZMZ Optimizer (+1 MU): the first program each turn costs 1 less (in `runner_install_cost`).
pub fn dzmz_optimizer() {}
/// T400 Memory Diamond: +1 MU (in `adds_memory`) and +1 maximum hand size (in `max_hand`).
pub fn t400_memory_diamond() {}

// --- hardware and resources ------------------------------------------------------------------------

/// NR-10 (published rule, uniqueness): a unique card cannot be active twice. When `card` becomes
/// active (a Runner card installed, a Corp card rezzed), any older active copy with the same
/// title is trashed.
pub fn unique_check(g: &mut Game, card: u32, ev: &mut Vec<Event>) {
    let d = g.def(card);
    if !d.unique {
        return;
    }
    let title = d.title.clone();
    let active = if d.side == Side::Runner {
        g.installed_runner()
    } else {
        g.installed_corp().into_iter().filter(|&c| g.rezzed(c)).collect()
    };
    let older: Vec<u32> = active.into_iter().filter(|&c| c != card && g.def(c).title == title).collect();
    for c in older {
        g.trash(c, "unique: a newer copy became active", ev);
    }
}

/// When a Runner card is installed.
pub fn on_install_runner(g: &mut Game, card: u32, ev: &mut Vec<Event>) {
    match g.code(card) {
        RED_TEAM => g.load(card, 12, ev),
        TELEWORK_CONTRACT => g.load(card, 9, ev),
        BOTULUS => botulus(g, card, ev),
        FERMENTER => fermenter(g, card, ev),
        TRANQUILIZER => tranquilizer(g, card, ev),
        _ => {}
    }
    if g.def(card).ctype == CardType::Program {
        g.flags.program_installed = true;
        cookbook(g, card, ev);
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
    if g.run.as_ref().is_some_and(|r| r.server <= super::state::ARCHIVES) {
        let leeches: Vec<u32> = g.runner.programs.iter().copied().filter(|&p| g.is(p, LEECH)).collect();
        for l in leeches {
            leech(g, l, ev);
        }
    }
    if let Some(r) = g.run.as_mut() {
        let amaze = g.corp.servers.iter().find(|s| s.id == r.server).is_some_and(|s| {
            s.root.iter().any(|&c| g.cards.get(c as usize).is_some_and(|k| k.rezzed && k.code == AMAZE_AMUSEMENTS))
        });
        r.amaze = amaze;
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
        let houses: Vec<u32> = g.installed_corp().into_iter().filter(|&c| g.is(c, CLEARINGHOUSE) && g.rezzed(c)).collect();
        for c in houses {
            clearinghouse(g, c);
        }
    } else {
        let viruses: Vec<u32> = g.runner.programs.clone();
        for p in viruses {
            match g.code(p) {
                BOTULUS => botulus(g, p, ev),
                FERMENTER => fermenter(g, p, ev),
                TRANQUILIZER => tranquilizer(g, p, ev),
                _ => {}
            }
        }
        let dists: Vec<u32> = g.runner.resources.iter().copied().filter(|&c| g.is(c, SMARTWARE_DISTRIBUTOR)).collect();
        for c in dists {
            g.take_hosted(RUNNER, c, 1, ev);
        }
    }
}
