//! One test per Corp card of `cards/corp_startup2.rs` (identities, then the other cards), named
//! by the card; continuing `cards_startup_corp.rs`.

use crate::core::stack::PriorityRound;
use crate::core::Choice;
use crate::netrunner::cards::{self as c, corp_startup as cs, corp_startup2 as c2};
use crate::netrunner::state::{At, CorpZone, Stage, ARCHIVES, CORP, HQ, RD, RUNNER};

use super::cards_startup_corp::{corp, corp_window, runner};
use super::kit::{Match, NetrunnerVerbs, Scenario};

/// The Corp's turn from its beginning (clicks, "when your turn begins", the mandatory draw).
fn corp_turn_begins(mut s: Scenario) -> Match {
    s.g.active = CORP;
    s.start(Stage::TurnBegin)
}

// --- identities ----------------------------------------------------------------------------------------

#[test]
fn card_a_teia_ip_recovery_installs_a_second_card_free_in_another_remote_once_per_turn_and_limits_remotes_to_2() {
    let mut s = corp();
    s.g.corp.identity = c2::A_TEIA.into();
    let nico = s.hq(c::NICO_CAMPAIGN);
    let pal = s.hq(c::PALISADE);
    let other = s.hq(c::NICO_CAMPAIGN);
    let mut m = s.at_action();
    m.install(nico);
    assert_eq!(m.kind(), "netrunner.card");
    assert!(!m.offers(&format!("install:{pal}:3")), "another remote server only");
    m.pick(&[&format!("install:{pal}:new")]);
    let g = m.game();
    assert_eq!(g.corp_zone(pal), CorpZone::Ice(4));
    assert_eq!(g.corp.credits, 5, "ignoring all costs");
    assert!(g.flags.no_score.contains(&pal));
    assert_eq!(g.corp.clicks, 2);
    m.pass_windows();
    // Limit 2 remote servers: no new one; and the second install this turn asks nothing.
    assert!(!m.offers(&format!("install:{other}:new")));
    assert!(m.offers(&format!("install:{other}:4")));
    m.pick(&[&format!("install:{other}:4")]);
    m.pick(&[]); // trash nothing there first
    m.pass_windows();
    assert_eq!(m.kind(), "netrunner.action", "once per turn");
}

#[test]
fn card_nuvem_sa_law_of_the_land_looks_at_rd_after_an_operation_and_gains_2_the_first_time_it_trashes_from_rd() {
    let mut s = corp();
    s.g.corp.identity = c2::NUVEM_SA.into();
    s.g.corp.credits = 10;
    let h1 = s.hq(c::HEDGE_FUND);
    let h2 = s.hq(c::HEDGE_FUND);
    let top = s.rd(c::PALISADE);
    let second = s.rd(c::NICO_CAMPAIGN);
    let mut m = s.at_action();
    m.pick(&["credit"]);
    assert_eq!(m.kind(), "netrunner.action", "a basic credit action is not an operation");
    m.play(h1);
    assert!(m.has_event("netrunner.looked"));
    m.pick(&["trash"]);
    let g = m.game();
    assert!(g.corp.archives.contains(&top));
    assert_eq!(g.corp.credits, 11 - 5 + 9 + 2);
    m.play(h2);
    m.pick(&["trash"]);
    let g = m.game();
    assert!(g.corp.archives.contains(&second));
    assert_eq!(g.corp.credits, 17 - 5 + 9, "the first time each turn only");
}

#[test]
fn card_bangun_when_disaster_strikes_installs_agendas_face_up_and_their_access_does_2_meat_damage_and_1_tag() {
    let mut s = corp();
    s.g.corp.identity = c2::BANGUN.into();
    let a = s.hq(c::OFFWORLD_OFFICE);
    let n = s.hq(c::NICO_CAMPAIGN);
    let mut m = s.at_action();
    assert!(!m.offers(&format!("install-faceup:{n}:new")), "agendas only");
    m.pick(&[&format!("install-faceup:{a}:new")]);
    let g = m.game();
    assert!(g.cards[a as usize].faceup && g.corp_zone(a) == CorpZone::Root(3));

    let mut s = runner();
    s.g.corp.identity = c2::BANGUN.into();
    let a = s.root(3, c::OFFWORLD_OFFICE, false);
    s.g.cards[a as usize].faceup = true;
    let down = s.root(4, c::OFFWORLD_OFFICE, false);
    for _ in 0..3 {
        s.grip(c::SURE_GAMBLE);
    }
    let mut m = s.at_action();
    m.run_on(4);
    m.pick(&["continue"]);
    assert!(m.game().runner.score.contains(&down));
    assert_eq!(m.game().runner.tags, 0, "a face-down agenda does nothing");
    m.run_on(3);
    m.pick(&["continue"]);
    m.draw(&[0]);
    m.draw(&[0]);
    let g = m.game();
    assert_eq!((g.runner.tags, g.runner.heap.len()), (1, 2));
}

#[test]
fn card_au_co_the_gold_standard_in_clones_counts_damage_and_hq_trashes_and_spends_2_counters_to_trash_1_of_rd_top_3() {
    let mut s = corp();
    s.g.corp.identity = c2::AU_CO.into();
    let f = s.root(3, cs::FUJII_ASSET_RETRIEVAL, false);
    s.g.cards[f as usize].adv = 5;
    s.grip(c::SURE_GAMBLE);
    s.grip(c::SURE_GAMBLE);
    let mut m = corp_window(s);
    m.score(f);
    m.draw(&[0]);
    m.draw(&[0]);
    assert_eq!(m.game().corp.identity_power, 1, "one counter per damage, not per point");

    let mut s = corp();
    s.g.corp.identity = c2::AU_CO.into();
    s.g.corp.identity_power = 2;
    let top: Vec<u32> = (0..4).map(|_| s.rd(c::HEDGE_FUND)).collect();
    let mut m = corp_turn_begins(s);
    m.pick(&["look"]);
    assert!(!m.offers(&format!("trash:{}", top[3])), "the top 3 only");
    m.pick(&[&format!("trash:{}", top[1])]);
    let g = m.game();
    assert_eq!(g.corp.identity_power, 0);
    assert!(g.corp.archives.contains(&top[1]));
    assert!(g.corp.hq.contains(&top[0]) && g.corp.hq.contains(&top[2]));
}

#[test]
fn card_the_zwicky_group_invisible_hands_may_draw_the_first_time_an_operation_or_agenda_gains_credits() {
    let mut s = corp().corp_turn(4);
    s.g.corp.identity = c2::THE_ZWICKY_GROUP.into();
    s.g.corp.credits = 10;
    let h1 = s.hq(c::HEDGE_FUND);
    let h2 = s.hq(c::HEDGE_FUND);
    s.rd(c::PALISADE);
    s.rd(c::PALISADE);
    let mut m = s.at_action();
    m.pick(&["credit"]);
    assert_eq!(m.kind(), "netrunner.action", "the basic action is no card's ability");
    m.play(h1);
    m.pick(&["draw"]);
    assert_eq!((m.game().corp.hq.len(), m.game().corp.rd.len()), (2, 1));
    m.play(h2);
    assert_eq!(m.kind(), "netrunner.action", "the first time each turn only");
}

// --- agendas -------------------------------------------------------------------------------------------

#[test]
fn card_eminent_domain_expends_to_install_and_rez_5_less_and_installs_and_rezzes_a_found_card_free_when_scored() {
    let mut s = corp();
    let ed = s.hq(c2::EMINENT_DOMAIN);
    let pal = s.hq(c::PALISADE);
    s.ice(HQ, c::PALISADE, true);
    s.g.corp.credits = 3;
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{ed}")]);
    m.pick(&[&format!("install:{pal}:{HQ}")]);
    m.pick(&[]); // trash nothing there first
    let g = m.game();
    assert!(g.rezzed(pal) && g.corp.archives.contains(&ed));
    assert_eq!(g.corp.credits, 3 - 1, "install 1 and rez 3, 5 less: only the expend's credit");

    let mut s = corp();
    let ed = s.root(3, c2::EMINENT_DOMAIN, false);
    s.g.cards[ed as usize].adv = 3;
    let op = s.rd(c::HEDGE_FUND);
    let nico = s.rd(c::NICO_CAMPAIGN);
    let mut m = corp_window(s);
    m.score(ed);
    assert!(!m.offers(&format!("search:{op}")), "an operation cannot be installed");
    m.pick(&[&format!("search:{nico}")]);
    m.pick(&[&format!("install:{nico}:new")]);
    let g = m.game();
    assert!(g.rezzed(nico) && g.is_installed(nico));
    assert_eq!(g.corp.credits, 5, "ignoring all costs");
}

// --- operations ---------------------------------------------------------------------------------------

#[test]
fn card_petty_cash_only_before_any_finished_action_and_from_archives_gains_a_click_then_leaves_the_game() {
    let mut s = corp();
    let p = s.hq(c2::PETTY_CASH);
    let mut m = s.at_action();
    m.play(p);
    let g = m.game();
    assert_eq!((g.corp.credits, g.corp.clicks), (5 - 3 + 5, 2), "from HQ: no click");
    assert!(!m.offers(&format!("ability:{p}")), "an action was finished this turn");

    let mut s = corp();
    let p = s.archives(c2::PETTY_CASH, true);
    let h = s.hq(c2::PETTY_CASH);
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{p}")]);
    // It may lie face down in Archives: the question's public summary must not name it (the
    // Startup leak oracle found it named); the play names it.
    assert!(!m.decision().summary.contains("Petty Cash"), "{}", m.decision().summary);
    m.pick(&[&format!("play:{p}")]);
    let g = m.game();
    assert_eq!((g.corp.credits, g.corp.clicks), (5 - 3 + 5, 3), "1 click spent, 1 gained");
    assert!(g.corp.removed.contains(&p) && !g.corp.archives.contains(&p));
    assert!(!m.offers(&format!("play:{h}")), "play only if no action was finished this turn");
}

#[test]
fn card_ip_enforcement_removes_x_tags_to_install_an_x_point_agenda_from_the_runner_score_area() {
    for (tags, adv) in [(2, 0), (3, 1)] {
        let mut s = corp();
        let ip = s.hq(c2::IP_ENFORCEMENT);
        let a = s.card(c::OFFWORLD_OFFICE);
        s.g.runner.score.push(a);
        s.g.runner.points = 2;
        s.g.runner.tags = tags;
        let mut m = s.at_action();
        m.pick(&[&format!("play:{ip}:{a}")]);
        m.pick(&[&format!("install:{a}:new")]);
        let g = m.game();
        assert_eq!((g.runner.points, g.runner.tags, g.corp_zone(a)), (0, tags - 2, CorpZone::Root(3)));
        assert_eq!(g.adv(a), adv, "1 advancement counter while the Runner is still tagged");
    }
    let mut s = corp();
    let ip = s.hq(c2::IP_ENFORCEMENT);
    let a = s.card(c::OFFWORLD_OFFICE);
    s.g.runner.score.push(a);
    s.g.runner.tags = 1;
    assert!(!s.at_action().offers(&format!("play:{ip}:{a}")), "2 points need 2 tags");
}

#[test]
fn card_ip_enforcement_costs_x_credits_the_printed_points_of_the_agenda_it_installs() {
    // Printed "X[credit]" (no number in the card data): X is the agenda's points, paid as the
    // operation is played, and the agenda is not offered when the Corp cannot pay X.
    let mut s = corp();
    s.g.corp.credits = 3;
    let ip = s.hq(c2::IP_ENFORCEMENT);
    let a = s.card(c::OFFWORLD_OFFICE);
    s.g.runner.score.push(a);
    s.g.runner.tags = 2;
    let mut m = s.at_action();
    m.pick(&[&format!("play:{ip}:{a}")]);
    assert_eq!(m.game().corp.credits, 1, "2 credits for a 2-point agenda");
    let mut s = corp();
    s.g.corp.credits = 1;
    let ip = s.hq(c2::IP_ENFORCEMENT);
    let a = s.card(c::OFFWORLD_OFFICE);
    s.g.runner.score.push(a);
    s.g.runner.tags = 2;
    assert!(!s.at_action().offers(&format!("play:{ip}:{a}")), "1 credit cannot pay X = 2");
}

// --- assets ----------------------------------------------------------------------------------------------

#[test]
fn card_wage_workers_gains_a_click_when_the_same_action_is_finished_the_third_time() {
    let mut s = Scenario::new().auto_pass().corp_turn(5);
    s.root(3, c2::WAGE_WORKERS, true);
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.pick(&["credit"]);
    m.pick(&["draw"]);
    m.pick(&["credit"]);
    assert_eq!(m.game().corp.clicks, 2);
    m.pick(&["credit"]);
    assert_eq!(m.game().corp.clicks, 2, "1 spent, 1 gained: the third credit action");
    m.pick(&["credit"]);
    assert_eq!(m.game().corp.clicks, 1, "exactly 3 times");
}

#[test]
fn card_cybersand_harvester_hosts_2_per_ice_rezzed_pays_installs_and_trashes_to_take_the_rest() {
    let mut s = runner();
    s.g.corp.credits = 5;
    let cyb = s.root(3, c2::CYBERSAND_HARVESTER, true);
    let ice = s.ice(HQ, c::PALISADE, false);
    let mut m = s.at_action();
    m.run_on(HQ);
    m.rez(ice);
    assert_eq!(m.game().hosted(cyb), 2);

    let mut s = corp();
    s.g.corp.credits = 0;
    let cyb = s.root(3, c2::CYBERSAND_HARVESTER, true);
    s.g.cards[cyb as usize].credits = 2;
    s.ice(HQ, c::PALISADE, false);
    let second = s.hq(c::PALISADE);
    let mut m = s.at_action();
    m.pick(&[&format!("install:{second}:{HQ}")]);
    m.pick(&[]); // trash nothing there first
    let g = m.game();
    assert_eq!((g.corp.credits, g.hosted(cyb)), (0, 1), "the install cost paid from it");
    m.pick(&[&format!("cybersand:{cyb}")]);
    let g = m.game();
    assert_eq!(g.corp.credits, 1);
    assert!(g.corp.archives.contains(&cyb));
}

#[test]
fn card_front_company_rezzes_on_the_corp_turn_only_keeps_the_first_run_off_remotes_and_punishes_archives() {
    // Not rezzed in the Runner's turn: the Corp's window offers nothing, so it passes.
    let mut s = runner();
    s.g.corp.credits = 5;
    s.root(3, c2::FRONT_COMPANY, false);
    let m = s.start(Stage::Window { at: At::Action, round: PriorityRound::new(vec![RUNNER, CORP]) });
    assert_eq!((m.kind().as_str(), m.seat()), ("netrunner.action", RUNNER));
    let mut s = corp();
    let fc = s.root(3, c2::FRONT_COMPANY, false);
    assert!(corp_window(s).offers(&format!("rez:{fc}")));

    let mut s = runner();
    s.root(3, c2::FRONT_COMPANY, true);
    for _ in 0..3 {
        s.grip(c::SURE_GAMBLE);
    }
    let mut m = s.at_action();
    assert!(!m.offers("run:3"), "not the first run of the turn on a remote");
    m.run_on(ARCHIVES);
    m.draw(&[0]);
    m.draw(&[0]);
    while m.kind() != "netrunner.action" {
        if m.kind() == "netrunner.continue" {
            m.pick(&["continue"]);
        } else {
            m.pass();
        }
    }
    let g = m.game();
    assert_eq!(g.runner.heap.len(), 2, "Archives' first run, Front Company's server has no ice");
    assert!(m.offers("run:3"), "the second run may");
}

#[test]
fn card_mahkota_langit_grid_pays_rezzes_in_its_server_and_raises_its_assets_trash_cost() {
    let mut s = corp();
    s.g.corp.credits = 2;
    let grid = s.root(3, c2::MAHKOTA_LANGIT_GRID, false);
    let nico = s.root(3, c::NICO_CAMPAIGN, false);
    let elsewhere = s.root(4, c::NICO_CAMPAIGN, true);
    let mut m = corp_window(s);
    m.rez(grid);
    assert_eq!((m.game().corp.credits, m.game().hosted(grid)), (0, 2));
    assert!(m.offers(&format!("rez:{nico}")), "its credits rez an asset in its root");
    m.rez(nico);
    let g = m.game();
    assert_eq!(g.hosted(grid), 0);
    let printed = g.def(nico).trash.unwrap_or(0);
    assert_eq!(g.trash_cost(nico), Some(printed + 2));
    assert_eq!(g.trash_cost(elsewhere), Some(printed));
}

#[test]
fn card_mahkota_langit_grid_trashed_while_accessed_still_raises_the_trash_cost_of_its_assets_persistent_cr_1_16() {
    let mut s = runner();
    s.g.runner.credits = 20;
    let grid = s.root(3, c2::MAHKOTA_LANGIT_GRID, true);
    let nico = s.root(3, c::NICO_CAMPAIGN, true);
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    m.answer(Choice::Order(vec!["slot:0".into(), "slot:1".into()]));
    let grid_cost = m.game().trash_cost(grid).unwrap_or(0);
    m.pick(&["trash"]);
    let g = m.game();
    assert!(g.corp.archives.contains(&grid));
    let printed = g.def(nico).trash.unwrap_or(0);
    assert_eq!(g.trash_cost(nico), Some(printed + 2), "persistent: still +2 while this access lasts");
    m.pick(&["trash"]);
    let g = m.game();
    assert_eq!(g.runner.credits, 20 - grid_cost - (printed + 2));
    assert!(g.corp.archives.contains(&nico));
}

#[test]
fn card_tucana_is_installed_only_in_the_root_of_a_remote_server() {
    let mut s = corp();
    let t = s.hq(c2::TUCANA);
    s.root(3, c::NICO_CAMPAIGN, false);
    let m = s.at_action();
    for central in [HQ, RD, ARCHIVES] {
        assert!(!m.offers(&format!("install:{t}:{central}")), "remote server only, not {central}");
    }
    assert!(m.offers(&format!("install:{t}:3")) && m.offers(&format!("install:{t}:new")));
}

#[test]
fn card_tucana_searches_an_ice_when_an_agenda_is_scored_from_its_root_and_installs_and_rezzes_it_3_less() {
    let mut s = corp();
    s.g.corp.credits = 0;
    s.root(3, c2::TUCANA, true);
    let a = s.root(3, c::OFFWORLD_OFFICE, false);
    s.g.cards[a as usize].adv = 4;
    let pal = s.rd(c::PALISADE);
    let op = s.rd(c::HEDGE_FUND);
    s.ice(HQ, c::PALISADE, true);
    let mut m = corp_window(s);
    m.score(a);
    assert!(!m.offers(&format!("search:{op}")), "ice only");
    m.pick(&[&format!("search:{pal}")]);
    m.pick(&[&format!("install:{pal}:{HQ}")]);
    m.pick(&[]); // trash nothing there first
    let g = m.game();
    assert!(g.rezzed(pal));
    assert_eq!(g.corp.credits, 7 - 1, "Offworld Office's 7, then install 1 and rez 3, 3 less");
}
