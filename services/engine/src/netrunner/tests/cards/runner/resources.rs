//! One test per card of `cards/runner/resources.rs` (resources), named by the card, in title order.

use crate::core::Choice;
use crate::netrunner::cards::{self as c};
use crate::netrunner::state::{Stage, HQ, RD, RUNNER};
use crate::netrunner::tests::cards::{bypassed, runner};
use crate::netrunner::tests::kit::{NetrunnerVerbs, Scenario};

#[test]
fn card_amelia_earhart_counts_big_accesses_and_cashes_3_counters_for_10() {
    let mut s = runner();
    let a = s.installed(c::AMELIA_EARHART);
    s.hq(c::HEDGE_FUND);
    s.root(HQ, c::ANOETIC_VOID, false);
    s.root(HQ, c::MALAPERT_DATA_VAULT, false);
    let mut m = s.at_action();
    m.run_on(HQ);
    m.pass_windows();
    m.pick(&["continue"]);
    m.pass_windows();
    m.answer(Choice::Order(vec!["slot:0".into(), "slot:1".into(), "slot:2".into()]));
    m.draw(&[0]);
    m.pick(&["leave"]);
    m.pick(&["leave"]);
    assert_eq!(m.game().cards[a as usize].power, 1, "3 cards accessed in a run on HQ");
    let mut s = runner();
    let a = s.installed(c::AMELIA_EARHART);
    s.g.cards[a as usize].power = 3;
    s.g.corp.credits = 12;
    let mut m = s.start(Stage::TurnBeginTriggers);
    assert_eq!(m.kind(), "netrunner.card");
    m.pick(&["use"]);
    let g = m.game();
    assert_eq!(g.corp.credits, 2);
    assert!(g.runner.heap.contains(&a));
}

#[test]
fn card_arruaceiras_crew_weakens_the_encountered_ice_for_a_tag_and_trashes_it_at_0() {
    let mut s = runner();
    let a = s.installed(c::ARRUACEIRAS_CREW);
    let ice = s.ice(HQ, c::PALISADE, true);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(HQ);
    assert!(!m.offers(&format!("arruaceiras-trash:{a}")), "strength 2");
    m.pick(&[&format!("arruaceiras:{a}")]);
    let g = m.game();
    assert_eq!((g.ice_strength(ice), g.runner.tags), (0, 1));
    assert!(!m.offers(&format!("arruaceiras:{a}")), "once per turn");
    m.pick(&[&format!("arruaceiras-trash:{a}")]);
    let g = m.game();
    assert!(g.corp.archives.contains(&ice) && g.runner.heap.contains(&a));
    assert_eq!(g.runner.credits, 3);
    assert!(!m.has_event("netrunner.subroutine"));
}

#[test]
fn card_beatriz_friere_gonzalez_runs_hq_for_2_clicks_and_breaches_rd_with_1_more() {
    let mut s = runner();
    let b = s.installed(c::BEATRIZ_FRIERE_GONZALEZ);
    s.hq(c::HEDGE_FUND);
    s.rd_n(c::HEDGE_FUND, 3);
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{b}")]);
    assert_eq!(m.game().runner.clicks, 2);
    m.pick(&["continue"]);
    let acc: Vec<_> = m.log.iter().filter(|e| e.kind == "netrunner.accessed").collect();
    assert_eq!(acc.len(), 2);
    assert!(acc.iter().all(|e| e.text.contains("R&D")), "R&D, not HQ");
}

#[test]
fn card_cacophony_counts_the_first_trash_each_turn_and_spends_2_counters_to_sabotage_3() {
    let mut s = runner();
    let k = s.installed(c::CACOPHONY);
    s.root(3, c::REGOLITH_MINING_LICENSE, false);
    s.root(4, c::REGOLITH_MINING_LICENSE, false);
    s.g.runner.credits = 10;
    let mut m = s.at_action();
    for server in [3, 4] {
        m.run_on(server);
        m.pick(&["continue"]);
        m.pick(&["trash"]);
    }
    assert_eq!(m.game().cards[k as usize].power, 1, "only the first trash of the turn");
    // The action phase ends with 2 counters: sabotage 3 (1 card from HQ, 2 from R&D).
    let mut s = runner().runner_turn(1);
    let k = s.installed(c::CACOPHONY);
    s.g.cards[k as usize].power = 2;
    let h = s.hq(c::HEDGE_FUND);
    let keep = s.hq(c::HEDGE_FUND);
    let rd: Vec<u32> = (0..3).map(|_| s.rd(c::HEDGE_FUND)).collect();
    let mut m = s.at_action();
    m.pick(&["credit"]);
    m.pick(&["use"]);
    assert!(m.offers(&format!("card:{h}")));
    m.pick(&[&format!("card:{h}")]);
    let g = m.game();
    assert_eq!(g.cards[k as usize].power, 0);
    assert_eq!(g.corp.archives, vec![h, rd[0], rd[1]], "the chosen HQ card, then the top 2 of R&D");
    assert!(g.corp.hq.contains(&keep) && !g.corp.rd.contains(&rd[0]));
}

#[test]
fn card_cookbook_adds_a_counter_to_installed_viruses() {
    let mut s = runner();
    s.installed(c::COOKBOOK);
    let f = s.grip(c::FERMENTER);
    let mut m = s.at_action();
    m.pick(&[&format!("install:{f}")]);
    assert_eq!(m.game().cards[f as usize].virus, 2);
}

#[test]
fn card_debbie_downtown_moreira_collects_from_run_events_and_funds_its_own_runs() {
    let mut s = runner();
    s.g.corp.points = 4;
    let d = s.grip(c::DEBBIE_DOWNTOWN_MOREIRA);
    let cg = s.grip(c::CLEAN_GETAWAY);
    s.hq(c::HEDGE_FUND);
    s.g.runner.credits = 10;
    let mut m = s.at_action();
    m.install(d);
    assert_eq!(m.game().hosted(d), 2, "threat 4");
    m.pick(&[&format!("play:{cg}:{HQ}")]);
    m.pick(&["continue"]);
    m.draw(&[0]);
    assert_eq!(m.game().hosted(d), 3);
    let mut s = runner();
    let d = s.installed(c::DEBBIE_DOWNTOWN_MOREIRA);
    s.g.cards[d as usize].credits = 3;
    s.g.runner.credits = 0;
    s.root(3, c::NICO_CAMPAIGN, false);
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{d}:3")]);
    m.pick(&["continue"]);
    m.pick(&["trash"]);
    let g = m.game();
    assert_eq!((g.runner.credits, g.hosted(d)), (0, 1), "Nico Campaign's trash cost 2 paid from Debbie");
}

#[test]
fn card_eru_ayase_pessoa_takes_a_tag_to_run_archives_and_breach_rd() {
    let mut s = runner();
    let e = s.installed(c::ERU_AYASE_PESSOA);
    s.archives(c::HEDGE_FUND, true);
    s.rd_n(c::HEDGE_FUND, 3);
    s.g.runner.points = 3;
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{e}")]);
    assert_eq!(m.game().runner.tags, 1);
    m.pick(&["continue"]);
    let acc: Vec<_> = m.log.iter().filter(|e| e.kind == "netrunner.accessed").collect();
    assert_eq!(acc.len(), 2, "threat 3: 1 more");
    assert!(acc.iter().all(|e| e.text.contains("R&D")));
    assert!(!m.offers(&format!("ability:{e}")), "once per turn");
}

#[test]
fn card_fransofia_ward_taxes_ice_rezzes_and_bypasses_against_a_rich_corp() {
    let mut s = runner();
    s.installed(c::FRANSOFIA_WARD);
    let ice = s.ice(HQ, c::PALISADE, false);
    s.g.corp.credits = 3;
    s.g.options.auto_pass = false;
    let mut m = s.at_action();
    m.run_on(HQ);
    m.pass_windows();
    assert!(!m.offers(&format!("rez:{ice}")), "Palisade costs 3 + 1");
    let _ = ice;
    let mut s = runner();
    let f = s.installed(c::FRANSOFIA_WARD);
    s.ice(HQ, c::PALISADE, true);
    s.hq(c::HEDGE_FUND);
    s.g.corp.credits = 15;
    let mut m = s.at_action();
    m.run_on(HQ);
    m.pass_windows();
    assert_eq!(m.kind(), "netrunner.card");
    m.pick(&["use"]);
    assert!(bypassed(&m) && m.game().runner.heap.contains(&f));
}

#[test]
fn card_friend_of_a_friend_trashes_for_5_and_a_tag_removed_or_9_and_a_tag() {
    let mut s = runner();
    let f = s.installed(c::FRIEND_OF_A_FRIEND);
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{f}:1")]);
    let g = m.game();
    assert_eq!((g.runner.credits, g.runner.tags), (14, 1));
    assert!(g.runner.heap.contains(&f));
    let mut s = runner();
    s.g.runner.tags = 1;
    let f = s.installed(c::FRIEND_OF_A_FRIEND);
    let mut m = s.at_action();
    assert!(!m.offers(&format!("ability:{f}:1")), "9 credits only untagged");
    m.pick(&[&format!("ability:{f}:0")]);
    let g = m.game();
    assert_eq!((g.runner.credits, g.runner.tags), (10, 0));
}

#[test]
fn card_hannah_wheels_pilintra_runs_a_remote_for_free_or_trashes_for_2_clicks() {
    let mut s = runner();
    let h = s.installed(c::HANNAH_WHEELS_PILINTRA);
    s.ice(3, c::PALISADE, true);
    s.root(3, c::NICO_CAMPAIGN, false);
    let mut m = s.at_action();
    assert!(!m.offers(&format!("ability:{h}:{HQ}")), "remote servers only");
    m.pick(&[&format!("ability:{h}:3")]);
    assert_eq!(m.game().runner.clicks, 4);
    m.pass_windows();
    m.pass_windows();
    assert_eq!(m.game().runner.tags, 1, "Palisade ended the run: unsuccessful");
    assert!(!m.offers(&format!("ability:{h}:3")), "once per turn");
    m.pick(&[&format!("ability:{h}")]);
    let g = m.game();
    assert_eq!((g.runner.clicks, g.runner.tags), (5, 0));
    assert!(g.runner.heap.contains(&h));
}

#[test]
fn card_juli_moreira_lee_gives_a_click_on_the_first_resource_action_each_turn() {
    let mut s = runner();
    let j = s.grip(c::JULI_MOREIRA_LEE);
    let t = s.installed(c::SMARTWARE_DISTRIBUTOR);
    let mut m = s.at_action();
    m.install(j);
    assert_eq!(m.game().cards[j as usize].power, 4);
    m.pick(&[&format!("ability:{t}")]);
    let g = m.game();
    assert_eq!((g.runner.clicks, g.cards[j as usize].power), (3, 3), "4 - 2 + 1");
    m.pick(&[&format!("ability:{t}")]);
    assert_eq!(m.game().runner.clicks, 2, "first time each turn only");
}

#[test]
fn card_knickknack_obrian_trashes_a_card_for_its_install_cost_and_a_draw_on_the_first_run() {
    let mut s = runner();
    let k = s.installed(c::KNICKKNACK_OBRIAN);
    let t = s.installed(c::TELEWORK_CONTRACT);
    s.stack(c::SURE_GAMBLE);
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(RD);
    assert_eq!(m.kind(), "netrunner.card");
    assert!(!m.offers(&format!("card:{k}")), "another card");
    m.pick(&[&format!("card:{t}")]);
    let g = m.game();
    assert_eq!((g.runner.credits, g.runner.grip.len()), (5 + 1, 1), "Telework Contract's printed cost is 1");
    assert!(g.runner.heap.contains(&t));
    m.pick(&["continue"]);
    m.run_on(RD);
    assert_ne!(m.kind(), "netrunner.card", "the first run each turn only");
}

#[test]
fn card_lago_paranoa_shelter_trashes_the_stack_top_to_draw_on_the_corps_first_root_install_each_turn() {
    let mut s = Scenario::new().auto_pass().corp_turn(3);
    s.g.corp.credits = 0;
    s.installed(c::LAGO_PARANOA_SHELTER);
    let i = s.hq(c::PALISADE);
    let n1 = s.hq(c::NICO_CAMPAIGN);
    let n2 = s.hq(c::NICO_CAMPAIGN);
    let top = s.stack(c::SURE_GAMBLE);
    let next = s.stack(c::CLEAVER);
    s.stack(c::CLEAVER);
    let mut m = s.at_action();
    m.pick(&[&format!("install:{i}:{HQ}")]);
    assert_ne!(m.kind(), "netrunner.card", "an ice is not in a root");
    m.install(n1);
    assert_eq!((m.kind(), m.seat()), ("netrunner.card".to_string(), RUNNER));
    m.pick(&["use"]);
    let g = m.game();
    assert!(g.runner.heap.contains(&top) && g.runner.grip == vec![next]);
    m.install(n2);
    assert_ne!(m.kind(), "netrunner.card", "the first time each turn only");
}

#[test]
fn card_manuel_lattes_de_moura_accesses_1_more_tagged_and_costs_an_hq_card_to_trash_at_threat_3() {
    let mut s = runner();
    s.installed(c::MANUEL_LATTES_DE_MOURA);
    s.hq(c::HEDGE_FUND);
    s.hq(c::HEDGE_FUND);
    s.g.runner.tags = 1;
    let mut m = s.at_action();
    m.run_on(HQ);
    m.pick(&["continue"]);
    m.draw(&[0]);
    m.draw(&[0]);
    assert_eq!(m.log.iter().filter(|e| e.kind == "netrunner.accessed").count(), 2, "tagged: 1 more");
    let mut s = runner();
    s.installed(c::MANUEL_LATTES_DE_MOURA);
    s.hq(c::HEDGE_FUND);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(HQ);
    m.pick(&["continue"]);
    m.draw(&[0]);
    assert_eq!(m.log.iter().filter(|e| e.kind == "netrunner.accessed").count(), 1, "untagged: 1");
    // Threat 3: trashing it with the basic action costs an HQ card too.
    for (points, extra) in [(2, false), (3, true)] {
        let mut s = Scenario::new().auto_pass().corp_turn(3);
        s.g.runner.tags = 1;
        s.g.corp.points = points;
        let r = s.installed(c::MANUEL_LATTES_DE_MOURA);
        let a = s.hq(c::HEDGE_FUND);
        let m = s.at_action();
        assert_eq!(m.offers(&format!("trash-resource:{r}")), !extra);
        assert_eq!(m.offers(&format!("trash-resource:{r}:{a}")), extra);
    }
}

#[test]
fn card_open_market_pays_connection_and_job_installs_gives_1_per_turn_and_goes_when_empty() {
    let mut s = runner();
    let o = s.grip(c::OPEN_MARKET);
    let job = s.grip(c::SIDE_HUSTLE);
    let hw = s.grip(c::DOCKLANDS_PASS);
    s.g.runner.credits = 2;
    let mut m = s.at_action();
    m.install(o);
    assert_eq!((m.game().runner.credits, m.game().hosted(o)), (0, 6));
    assert!(!m.offers(&format!("install:{hw}")), "hardware is not paid by it");
    m.install(job);
    assert_eq!(m.game().hosted(o), 4, "a job resource is");
    let mut s = runner();
    let o = s.installed(c::OPEN_MARKET);
    s.g.cards[o as usize].credits = 1;
    s.g.runner.credits = 0;
    let m = s.start(Stage::TurnBegin);
    let g = m.game();
    assert_eq!(g.runner.credits, 1, "takes 1 as the turn begins");
    assert!(g.runner.heap.contains(&o), "trashed when empty");
}

#[test]
fn card_pretty_mary_da_silva_adds_an_rd_access_only_to_a_breach_of_2_or_more() {
    let mut s = runner();
    s.installed(c::PRETTY_MARY_DA_SILVA);
    let j = s.grip(c::JAILBREAK);
    s.rd_n(c::HEDGE_FUND, 4);
    s.stack(c::SURE_GAMBLE);
    let mut m = s.at_action();
    m.run_on(RD);
    m.pick(&["continue"]);
    assert_ne!(m.kind(), "netrunner.card", "1 access: not offered");
    assert_eq!(m.log.iter().filter(|e| e.kind == "netrunner.accessed").count(), 1);
    m.pick(&[&format!("play:{j}:{RD}")]);
    m.pick(&["continue"]);
    assert_eq!(m.kind(), "netrunner.card");
    let before = m.log.iter().filter(|e| e.kind == "netrunner.accessed").count();
    m.pick(&["use"]);
    assert_eq!(m.log.iter().filter(|e| e.kind == "netrunner.accessed").count() - before, 3, "Jailbreak's 2 and 1 more");
}

#[test]
fn card_red_team_runs_an_unrun_central_and_pays_3_when_successful() {
    let mut s = runner();
    let r = s.installed(c::RED_TEAM);
    s.g.cards[r as usize].credits = 12;
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{r}:1")]);
    m.pick(&["continue"]);
    assert_eq!((m.game().runner.credits, m.game().hosted(r)), (8, 9));
    assert!(!m.offers(&format!("ability:{r}:1")), "R&D was run this turn");
    assert!(m.offers(&format!("ability:{r}:0")));
}

#[test]
fn card_rent_rioters_spends_3_clicks_and_trashes_for_9() {
    let mut s = runner().runner_turn(3);
    let r = s.installed(c::RENT_RIOTERS);
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{r}")]);
    let g = m.game();
    assert_eq!((g.runner.credits, g.runner.clicks), (14, 0));
    assert!(g.runner.heap.contains(&r));
    let mut s = runner().runner_turn(2);
    let r = s.installed(c::RENT_RIOTERS);
    let m = s.at_action();
    assert!(!m.offers(&format!("ability:{r}")), "3 clicks");
    let _ = RUNNER;
}

#[test]
fn card_side_hustle_gathers_a_credit_per_run_and_pays_out_at_6() {
    let mut s = runner();
    let h = s.grip(c::SIDE_HUSTLE);
    s.stack(c::SURE_GAMBLE);
    let mut m = s.at_action();
    m.install(h);
    assert_eq!(m.game().hosted(h), 1);
    let mut s = runner();
    let h = s.installed(c::SIDE_HUSTLE);
    s.g.cards[h as usize].credits = 5;
    s.stack(c::SURE_GAMBLE);
    let mut m = s.at_action();
    m.run_on(RD);
    let g = m.game();
    assert_eq!((g.runner.credits, g.runner.grip.len()), (11, 1));
    assert!(g.runner.heap.contains(&h));
}

#[test]
fn card_smartware_distributor_stores_3_and_pays_1_each_turn() {
    let mut s = runner();
    let d = s.installed(c::SMARTWARE_DISTRIBUTOR);
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{d}")]);
    assert_eq!(m.game().hosted(d), 3);
    let mut s = runner();
    let d = s.installed(c::SMARTWARE_DISTRIBUTOR);
    s.g.cards[d as usize].credits = 3;
    let m = s.start(Stage::TurnBeginTriggers);
    assert_eq!((m.game().runner.credits, m.game().hosted(d)), (6, 2));
}

#[test]
fn card_telework_contract_loads_9_and_pays_3_once_per_turn() {
    let mut s = runner();
    let t = s.grip(c::TELEWORK_CONTRACT);
    let mut m = s.at_action();
    m.pick(&[&format!("install:{t}")]);
    assert_eq!(m.game().hosted(t), 9);
    m.pick(&[&format!("ability:{t}")]);
    assert_eq!(m.game().runner.credits, 7);
    assert!(!m.offers(&format!("ability:{t}")), "once per turn");
}

#[test]
fn card_urban_art_vernissage_returns_a_trojan_for_2_credits_spent_on_installs() {
    let mut s = runner();
    let v = s.installed(c::URBAN_ART_VERNISSAGE);
    let ice = s.ice(HQ, c::PALISADE, false);
    let t = s.installed(c::SACI);
    s.g.cards[t as usize].host = Some(ice);
    s.g.runner.credits = 0;
    let mut m = s.start(Stage::TurnBegin);
    assert_eq!(m.kind(), "netrunner.card");
    m.pick(&[&format!("grip:{t}")]);
    let g = m.game();
    assert!(g.runner.grip.contains(&t) && !g.runner.programs.contains(&t));
    assert_eq!(g.hosted(v), 2);
    m.pass_windows();
    // Saci (cost 1) is installed on the ice again with the hosted credits.
    m.pick(&[&format!("install:{t}:{ice}")]);
    assert_eq!((m.game().hosted(v), m.game().runner.credits), (1, 0));
}

#[test]
fn card_valentina_ferreira_carvalho_gains_1_per_tag_removal_and_helps_on_install_at_threat_3() {
    let mut s = runner();
    s.installed(c::VALENTINA_FERREIRA_CARVALHO);
    s.g.runner.tags = 2;
    let mut m = s.at_action();
    m.pick(&["remove-tag"]);
    assert_eq!(m.game().runner.credits, 5 - 2 + 1);
    let mut s = runner();
    s.g.runner.tags = 1;
    s.g.corp.points = 3;
    let v = s.grip(c::VALENTINA_FERREIRA_CARVALHO);
    let mut m = s.at_action();
    m.install(v);
    assert_eq!(m.kind(), "netrunner.card");
    m.pick(&["tag"]);
    let g = m.game();
    assert_eq!((g.runner.tags, g.runner.credits), (0, 5 - 2 + 1), "the removal triggers it too");
}

#[test]
fn card_verbal_plasticity_doubles_the_first_basic_draw_each_turn() {
    let mut s = runner();
    s.installed(c::VERBAL_PLASTICITY);
    s.stack_n(c::SURE_GAMBLE, 5);
    let mut m = s.at_action();
    m.pick(&["draw"]);
    assert_eq!(m.game().runner.grip.len(), 2);
    m.pick(&["draw"]);
    assert_eq!(m.game().runner.grip.len(), 3);
}
