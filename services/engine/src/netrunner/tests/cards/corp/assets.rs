//! One test per card of `cards/corp/assets.rs` (assets), named by the card, in title order.

use crate::core::stack::PriorityRound;
use crate::core::DrawKind;
use crate::netrunner::cards::{self as c};
use crate::netrunner::state::{At, Stage, ARCHIVES, CORP, HQ, RD, RUNNER};
use crate::netrunner::tests::cards::{corp, corp_turn_begins, corp_window, runner, to_card_question};
use crate::netrunner::tests::kit::{NetrunnerVerbs, Scenario};

#[test]
fn card_anthill_excavation_contract_pays_4_and_draws_each_turn() {
    let mut s = corp();
    let a = s.root(3, c::ANTHILL_EXCAVATION_CONTRACT, false);
    s.g.corp.credits = 3;
    let mut m = corp_window(s);
    m.rez(a);
    assert_eq!(m.game().hosted(a), 8);

    let mut s = corp();
    let a = s.root(3, c::ANTHILL_EXCAVATION_CONTRACT, true);
    s.g.cards[a as usize].credits = 8;
    s.rd(c::HEDGE_FUND);
    s.rd(c::HEDGE_FUND);
    let m = corp_turn_begins(s);
    let g = m.game();
    assert_eq!((g.corp.credits, g.hosted(a), g.corp.hq.len()), (9, 4, 2), "4 credits, 1 card and the mandatory draw");
    let mut s = corp();
    let a = s.root(3, c::ANTHILL_EXCAVATION_CONTRACT, true);
    s.g.cards[a as usize].credits = 4;
    s.rd(c::HEDGE_FUND);
    s.rd(c::HEDGE_FUND);
    let g = corp_turn_begins(s).game();
    assert!(g.corp.archives.contains(&a), "trashed when empty");
}

#[test]
fn card_b_1001_removes_a_tag_to_end_a_run_on_another_server() {
    let mut s = runner();
    let b = s.root(3, c::B_1001, true);
    s.g.runner.tags = 1;
    let mut m = s.at_action();
    m.run_on(RD);
    let id = format!("b1001:{b}");
    while !m.offers(&id) {
        assert_eq!(m.kind(), "netrunner.window");
        m.pass();
    }
    m.pick(&[&id]);
    let g = m.game();
    assert_eq!(g.runner.tags, 0);
    assert!(m.has_event("netrunner.run_ended_by"));

    let mut s = runner();
    s.root(3, c::B_1001, true);
    s.g.runner.tags = 1;
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    assert_eq!(m.game().runner.tags, 1, "not on a run against its own server");
}

#[test]
fn card_balanced_coverage_names_a_type_and_reveals_a_match_for_2() {
    let mut s = corp();
    s.root(3, c::BALANCED_COVERAGE, true);
    s.rd(c::HEDGE_FUND);
    let mut m = corp_turn_begins(s);
    m.pick(&["type:operation"]);
    m.pick(&["yes"]);
    assert_eq!(m.game().corp.credits, 7);
    assert!(m.has_event("netrunner.revealed"));
    let mut s = corp();
    s.root(3, c::BALANCED_COVERAGE, true);
    s.rd(c::HEDGE_FUND);
    let mut m = corp_turn_begins(s);
    m.pick(&["type:ice"]);
    assert_eq!(m.game().corp.credits, 5, "no match: nothing");
    assert_ne!(m.kind(), c::CARD_KIND);
}

#[test]
fn card_behold_pays_4_for_2_tags_and_is_revealed_in_rd() {
    let mut s = runner();
    s.g.corp.credits = 4;
    s.root(3, c::BEHOLD, false);
    let mut m = s.at_action();
    m.run_on(3);
    to_card_question(&mut m);
    assert_eq!(m.kind(), c::CARD_KIND);
    m.pick(&["yes"]);
    let g = m.game();
    assert_eq!((g.runner.tags, g.corp.credits), (2, 0));

    let mut s = runner();
    s.g.corp.credits = 4;
    s.rd(c::BEHOLD);
    let mut m = s.at_action();
    m.run_on(RD);
    to_card_question(&mut m);
    assert!(m.has_event("netrunner.revealed"));
}

#[test]
fn card_byte_pays_4_for_a_tag_and_3_net_damage() {
    let mut s = runner();
    s.g.corp.credits = 5;
    s.root(3, c::BYTE, false);
    s.grip_n(c::SURE_GAMBLE, 4);
    let mut m = s.at_action();
    m.run_on(3);
    to_card_question(&mut m);
    m.pick(&["yes"]);
    assert!(m.has_event("netrunner.revealed"), "using the ability shows the card to everyone");
    for _ in 0..3 {
        m.draw(&[0]);
    }
    let g = m.game();
    assert_eq!((g.runner.tags, g.runner.heap.len(), g.corp.credits), (1, 3, 1));
}

#[test]
fn card_charlotte_cacador_spends_counters_for_credits_and_cards() {
    let mut s = corp();
    let ch = s.root(3, c::CHARLOTTE_CACADOR, true);
    s.g.cards[ch as usize].adv = 2;
    s.rd(c::HEDGE_FUND);
    s.rd(c::HEDGE_FUND);
    let mut m = corp_turn_begins(s);
    m.pass_windows();
    m.pick(&["yes"]);
    let g = m.game();
    assert_eq!((g.corp.credits, g.adv(ch), g.corp.hq.len()), (9, 1, 2));

    let mut s = corp();
    let ch = s.root(3, c::CHARLOTTE_CACADOR, true);
    s.g.cards[ch as usize].adv = 1;
    let mut m = corp_window(s);
    m.pick(&[&format!("charlotte:{ch}")]);
    let g = m.game();
    assert_eq!(g.corp.credits, 8);
    assert!(g.corp.archives.contains(&ch));
}

#[test]
fn card_clearinghouse_trashes_itself_for_meat_damage_per_counter() {
    let mut s = corp();
    let ch = s.root(3, c::CLEARINGHOUSE, true);
    s.g.cards[ch as usize].adv = 2;
    s.grip_n(c::SURE_GAMBLE, 3);
    s.rd(c::HEDGE_FUND);
    let mut m = s.start(Stage::TurnBeginTriggers);
    m.pick(&["trash"]);
    m.draw(&[0]);
    m.draw(&[0]);
    let g = m.game();
    assert_eq!(g.runner.grip.len(), 1);
    assert!(g.corp.archives.contains(&ch));
}

#[test]
fn card_cohort_guidance_program_trashes_for_credits_or_flips_for_a_counter() {
    let mut s = corp();
    s.root(3, c::COHORT_GUIDANCE_PROGRAM, true);
    let x = s.hq(c::HEDGE_FUND);
    s.rd(c::HEDGE_FUND);
    s.rd(c::HEDGE_FUND);
    let mut m = corp_turn_begins(s);
    m.pick(&[&format!("trash:{x}")]);
    let g = m.game();
    assert_eq!((g.corp.credits, g.corp.hq.len()), (7, 2));
    assert!(g.corp.archives.contains(&x));
    let mut s = corp();
    let cg = s.root(3, c::COHORT_GUIDANCE_PROGRAM, true);
    let y = s.archives(c::PALISADE, false);
    s.rd(c::HEDGE_FUND);
    let mut m = corp_turn_begins(s);
    m.pick(&[&format!("flip:{y}")]);
    m.pick(&[&format!("card:{cg}")]);
    let g = m.game();
    assert!(g.cards[y as usize].faceup);
    assert_eq!(g.adv(cg), 1);
}

#[test]
fn card_cybersand_harvester_hosts_2_per_ice_rezzed_pays_installs_and_trashes_to_take_the_rest() {
    let mut s = runner();
    s.g.corp.credits = 5;
    let cyb = s.root(3, c::CYBERSAND_HARVESTER, true);
    let ice = s.ice(HQ, c::PALISADE, false);
    let mut m = s.at_action();
    m.run_on(HQ);
    m.rez(ice);
    assert_eq!(m.game().hosted(cyb), 2);

    let mut s = corp();
    s.g.corp.credits = 0;
    let cyb = s.root(3, c::CYBERSAND_HARVESTER, true);
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
fn card_federal_fundraising_arranges_the_top_3_and_draws_when_unprotected() {
    let mut s = corp();
    s.root(3, c::FEDERAL_FUNDRAISING, true);
    let a = s.rd(c::HEDGE_FUND);
    let b = s.rd(c::PALISADE);
    let d = s.rd(c::NICO_CAMPAIGN);
    let e = s.rd(c::SPRINT);
    let mut m = corp_turn_begins(s);
    m.pick(&[&format!("card:{d}"), &format!("card:{a}"), &format!("card:{b}")]);
    m.pick(&["yes"]);
    let g = m.game();
    // Drawn by it (d), then the mandatory draw (a).
    assert_eq!(g.corp.hq, vec![d, a]);
    assert_eq!(g.corp.rd, vec![b, e]);
    let mut s = corp();
    s.root(3, c::FEDERAL_FUNDRAISING, true);
    s.ice(3, c::PALISADE, false);
    let h = s.rd(c::HEDGE_FUND);
    let mut m = corp_turn_begins(s);
    // A pick of fewer than all the cards is not offered as legal (every legal pick arranges).
    let crate::core::DecisionSpec::Pick { min, max, .. } = m.decision().spec else { panic!("a pick") };
    assert_eq!((min, max), (1, 1), "one card in R&D: pick it");
    m.pick(&[&format!("card:{h}")]);
    assert_eq!(m.game().corp.hq.len(), 1, "protected: no draw offered");
}

#[test]
fn card_front_company_rezzes_on_the_corp_turn_only_keeps_the_first_run_off_remotes_and_punishes_archives() {
    // Not rezzed in the Runner's turn: the Corp's window offers nothing, so it passes.
    let mut s = runner();
    s.g.corp.credits = 5;
    s.root(3, c::FRONT_COMPANY, false);
    let m = s.start(Stage::Window { at: At::Action, round: PriorityRound::new(vec![RUNNER, CORP]) });
    assert_eq!((m.kind().as_str(), m.seat()), ("netrunner.action", RUNNER));
    let mut s = corp();
    let fc = s.root(3, c::FRONT_COMPANY, false);
    assert!(corp_window(s).offers(&format!("rez:{fc}")));

    let mut s = runner();
    s.root(3, c::FRONT_COMPANY, true);
    s.grip_n(c::SURE_GAMBLE, 3);
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
fn card_hearts_and_minds_moves_a_counter_and_places_one_when_unprotected() {
    let mut s = corp();
    s.root(3, c::HEARTS_AND_MINDS, true);
    let from = s.root(4, c::OFFWORLD_OFFICE, false);
    s.g.cards[from as usize].adv = 2;
    let to = s.root(5, c::OFFWORLD_OFFICE, false);
    s.rd(c::HEDGE_FUND);
    let mut m = corp_turn_begins(s);
    m.pick(&[&format!("card:{from}")]);
    m.pick(&[&format!("card:{to}")]);
    m.pick(&[&format!("card:{to}")]);
    let g = m.game();
    assert_eq!((g.adv(from), g.adv(to)), (1, 2));
}

#[test]
fn card_humanoid_resources_trades_3_clicks_and_itself_for_credits_cards_installs_and_a_play() {
    let mut s = corp();
    let h = s.root(3, c::HUMANOID_RESOURCES, true);
    let nico = s.hq(c::NICO_CAMPAIGN);
    let pal = s.hq(c::PALISADE);
    let hf = s.hq(c::HEDGE_FUND);
    s.rd_n(c::SPRINT, 3);
    s.g.corp.credits = 1;
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{h}")]);
    let g = m.game();
    assert!(g.corp.archives.contains(&h));
    assert_eq!((g.corp.credits, g.corp.clicks, g.corp.hq.len()), (5, 0, 6));
    m.pick(&[&format!("install:{nico}:new")]);
    m.pick(&[&format!("install:{pal}:0")]);
    assert!(m.game().is_installed(nico) && m.game().is_installed(pal));
    m.pick(&[&format!("play:{hf}")]);
    assert_eq!(m.game().corp.credits, 9, "Hedge Fund: 5 paid, 9 gained");
}

#[test]
fn card_idiosyncresis_trashed_gives_3_and_takes_2_per_counter() {
    let mut s = corp();
    let i = s.root(3, c::IDIOSYNCRESIS, true);
    s.g.cards[i as usize].adv = 2;
    s.rd(c::HEDGE_FUND);
    let mut m = corp_turn_begins(s);
    assert_eq!(m.kind(), c::CARD_KIND);
    m.pick(&["yes"]);
    let g = m.game();
    assert_eq!((g.corp.credits, g.runner.credits), (11, 1));
    assert!(g.corp.archives.contains(&i));
    let mut s = corp();
    let i = s.root(3, c::IDIOSYNCRESIS, false);
    assert!(s.g.advanceable(i));
}

#[test]
fn card_janaina_jk_dumont_kindelan_loads_3_a_turn_and_returns_to_hq_to_install() {
    let mut s = corp();
    let jk = s.root(3, c::JK_DUMONT_KINDELAN, true);
    s.rd(c::HEDGE_FUND);
    let m = corp_turn_begins(s);
    assert_eq!(m.game().hosted(jk), 3);
    let mut s = corp();
    let jk = s.root(3, c::JK_DUMONT_KINDELAN, true);
    s.g.cards[jk as usize].credits = 6;
    let n = s.hq(c::NICO_CAMPAIGN);
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{jk}")]);
    assert!(m.game().corp.hq.contains(&jk));
    m.pick(&[&format!("install:{n}:new")]);
    let g = m.game();
    assert_eq!(g.corp.credits, 11);
    assert!(g.is_installed(n) && !g.is_installed(jk));
}

#[test]
fn card_nico_campaign_loads_9_pays_3_each_turn_and_trashes_itself_drawing_1() {
    let mut s = corp();
    let n = s.root(3, c::NICO_CAMPAIGN, false);
    s.rd(c::HEDGE_FUND);
    s.rd(c::HEDGE_FUND);
    let mut m = corp_window(s);
    m.rez(n);
    assert_eq!(m.game().hosted(n), 9);
    let mut s = corp();
    let n = s.root(3, c::NICO_CAMPAIGN, true);
    s.g.cards[n as usize].credits = 3;
    s.rd(c::HEDGE_FUND);
    s.rd(c::PALISADE);
    let m = s.start(Stage::TurnBeginTriggers);
    let g = m.game();
    assert_eq!(g.corp.credits, 8);
    assert!(g.corp.archives.contains(&n), "empty: trashed");
    assert_eq!(g.corp.hq.len(), 2, "its draw and the mandatory draw");
}

#[test]
fn card_otto_campaign_loads_6_pays_2_a_turn_and_gives_2_clicks_when_empty() {
    let mut s = corp();
    let o = s.root(3, c::OTTO_CAMPAIGN, false);
    let mut m = corp_window(s);
    m.rez(o);
    assert_eq!((m.game().hosted(o), m.game().corp.credits), (6, 3));

    let mut s = corp();
    let o = s.root(3, c::OTTO_CAMPAIGN, true);
    s.g.cards[o as usize].credits = 2;
    s.rd(c::HEDGE_FUND);
    let m = corp_turn_begins(s);
    let g = m.game();
    assert_eq!(g.corp.credits, 7);
    assert!(g.corp.archives.contains(&o), "trashed when empty");
    assert_eq!(g.corp.clicks, 5, "3 clicks and 2 more");
}

#[test]
fn card_phat_gioan_baotixita_counts_discard_phases_and_damages_on_the_first_agenda_of_a_turn() {
    let mut s = corp();
    let p = s.root(4, c::PHAT_GIOAN_BAOTIXITA, true);
    s.g.cards[p as usize].power = 2;
    let a = s.root(3, c::OFFWORLD_OFFICE, false);
    s.g.cards[a as usize].adv = 5;
    let b = s.root(5, c::OFFWORLD_OFFICE, false);
    s.g.cards[b as usize].adv = 5;
    s.grip_n(c::SURE_GAMBLE, 5);
    let mut m = corp_window(s);
    m.score(a);
    m.pick(&["remove:2"]);
    for _ in 0..3 {
        m.draw(&[0]);
    }
    let g = m.game();
    assert_eq!((g.runner.heap.len(), g.card(p).map(|k| k.power)), (3, Some(0)));
    m.score(b);
    assert_eq!(m.game().runner.heap.len(), 3, "only the first agenda each turn");

    // Without counters: 1 net damage, nothing asked.
    let mut s = corp();
    s.root(4, c::PHAT_GIOAN_BAOTIXITA, true);
    let a = s.root(3, c::OFFWORLD_OFFICE, false);
    s.g.cards[a as usize].adv = 5;
    s.grip(c::SURE_GAMBLE);
    s.grip(c::SURE_GAMBLE);
    let mut m = corp_window(s);
    m.score(a);
    m.draw(&[0]);
    assert_eq!(m.game().runner.heap.len(), 1);

    // A counter when the discard phase ends.
    let mut s = corp();
    let p = s.root(4, c::PHAT_GIOAN_BAOTIXITA, true);
    s.g.corp.clicks = 0;
    s.stack(c::SURE_GAMBLE);
    let m = s.start(Stage::Discard);
    assert_eq!(m.game().card(p).map(|k| k.power), Some(1));
}

#[test]
fn card_plutus_rez_costs_a_forfeit_or_3_revealed_hq_cards_and_plays_a_transaction_from_archives() {
    let mut s = corp();
    s.g.corp.credits = 5;
    let p = s.root(3, c::PLUTUS, false);
    let hq: Vec<u32> = (0..3).map(|_| s.hq(c::PALISADE)).collect();
    let scored = s.card(c::OFFWORLD_OFFICE);
    s.g.corp.score.push(scored);
    let mut m = corp_window(s);
    assert!(!m.offers(&format!("rez:{p}")), "the additional cost must be paid");
    assert!(m.offers(&format!("rez-forfeit:{p}:{scored}")));
    m.pick(&[&format!("rez-hq:{p}")]);
    let ids: Vec<String> = hq.iter().map(|k| format!("card:{k}")).collect();
    m.pick(&ids.iter().map(String::as_str).collect::<Vec<_>>());
    let g = m.game();
    assert!(g.rezzed(p));
    assert!(hq.iter().all(|k| g.corp.archives.contains(k) && g.cards[*k as usize].faceup));
    assert!(g.corp.score.contains(&scored));

    // When the Corp's turn begins: a transaction from Archives, then removed from the game.
    let mut s = corp();
    s.g.corp.credits = 5;
    s.root(3, c::PLUTUS, true);
    let h = s.archives(c::HEDGE_FUND, true);
    s.rd(c::PALISADE);
    s.g.active = CORP;
    let mut m = s.start(Stage::TurnBegin);
    assert_eq!(m.kind(), c::CARD_KIND);
    m.pick(&[&format!("play:{h}")]);
    let g = m.game();
    assert_eq!(g.corp.credits, 9, "Hedge Fund's 9 for its 5");
    assert!(g.corp.removed.contains(&h) && !g.corp.archives.contains(&h));
}

#[test]
fn card_public_access_plaza_pays_1_each_turn_and_tags_the_runner_trashing_it_rezzed_at_threat_2() {
    let mut s = corp();
    s.root(3, c::PUBLIC_ACCESS_PLAZA, true);
    s.rd(c::HEDGE_FUND);
    let m = corp_turn_begins(s);
    assert_eq!(m.game().corp.credits, 6);

    for (points, rezzed, tags) in [(2, true, 1), (1, true, 0), (2, false, 0)] {
        let mut s = runner();
        s.g.corp.points = points;
        let p = s.root(3, c::PUBLIC_ACCESS_PLAZA, rezzed);
        let mut m = s.at_action();
        m.run_on(3);
        m.pick(&["continue"]);
        m.pick(&["trash"]);
        m.pass_windows();
        let g = m.game();
        assert!(g.corp.archives.contains(&p));
        assert_eq!(g.runner.tags, tags, "threat {points}, rezzed {rezzed}");
    }
}

#[test]
fn card_regolith_mining_license_gives_3_credits_per_click() {
    let mut s = corp();
    let r = s.root(3, c::REGOLITH_MINING_LICENSE, true);
    s.g.cards[r as usize].credits = 3;
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{r}")]);
    let g = m.game();
    assert_eq!(g.corp.credits, 8);
    assert!(g.corp.archives.contains(&r), "trashed when empty");
}

#[test]
fn card_spin_doctor_draws_2_on_rez_and_leaves_the_game_to_recycle_archives() {
    let mut s = corp();
    let sd = s.root(3, c::SPIN_DOCTOR, false);
    s.rd(c::HEDGE_FUND);
    s.rd(c::HEDGE_FUND);
    s.rd(c::HEDGE_FUND);
    let x = s.archives(c::PALISADE, true);
    let mut m = corp_window(s);
    m.rez(sd);
    assert_eq!(m.game().corp.hq.len(), 2);
    m.pick(&[&format!("spin-doctor:{sd}")]);
    m.pick(&[&format!("card:{x}")]);
    m.draw(&[1, 0]);
    let g = m.game();
    assert!(g.corp.rd.contains(&x));
    assert_eq!(g.corp_zone(sd), crate::netrunner::state::CorpZone::None, "removed from the game");
}

#[test]
fn card_the_powers_that_be_installs_from_hq_or_archives_for_free_on_a_score() {
    let mut s = corp();
    s.root(3, c::THE_POWERS_THAT_BE, true);
    let o = s.root(4, c::OFFWORLD_OFFICE, false);
    s.g.cards[o as usize].adv = 4;
    s.ice(0, c::PALISADE, false);
    let p = s.archives(c::PALISADE, true);
    s.g.corp.credits = 0;
    let mut m = corp_window(s);
    m.score(o);
    m.pick(&[&format!("install:{p}:0")]);
    m.pick(&[]);
    let g = m.game();
    assert_eq!(g.server(0).map(|s| s.ice.len()), Some(2));
    assert_eq!(g.corp.credits, 7, "Offworld Office's 7, and no install cost");
}

#[test]
fn card_urtica_cipher_does_2_net_damage_plus_1_per_counter_when_accessed() {
    let mut s = runner();
    let u = s.root(3, c::URTICA_CIPHER, false);
    s.g.cards[u as usize].adv = 1;
    s.grip_n(c::SURE_GAMBLE, 4);
    let mut m = s.at_action();
    m.run_on(3);
    m.pass_windows();
    m.pick(&["continue"]);
    m.pass_windows();
    for left in [4, 3, 2] {
        assert_eq!(m.draw_kind(), DrawKind::Range(left));
        m.draw(&[0]);
    }
    assert_eq!(m.game().runner.grip.len(), 1, "3 net damage");
    assert_eq!(m.kind(), "netrunner.access", "then the Runner may trash it");
}

#[test]
fn card_wage_workers_gains_a_click_when_the_same_action_is_finished_the_third_time() {
    let mut s = Scenario::new().auto_pass().corp_turn(5);
    s.root(3, c::WAGE_WORKERS, true);
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
fn card_warm_reception_installs_from_hq_unscorable_then_derezzes_itself_and_another_card() {
    let mut s = corp();
    let w = s.root(3, c::WARM_RECEPTION, true);
    let other = s.root(4, c::REGOLITH_MINING_LICENSE, true);
    let a = s.hq(c::ORBITAL_SUPERIORITY);
    s.rd(c::HEDGE_FUND);
    let mut m = corp_turn_begins(s);
    assert_eq!((m.kind().as_str(), m.seat()), (c::CARD_KIND, CORP));
    m.pick(&[&format!("install:{a}:new")]);
    let g = m.game();
    assert!(g.is_installed(a) && g.flags.no_score.contains(&a), "installed, not scorable this turn");
    assert_eq!(m.kind(), c::CARD_KIND);
    m.pick(&[&format!("derez:{other}")]);
    let g = m.game();
    assert!(!g.rezzed(w) && !g.rezzed(other));

    // Protected by ice, HQ empty: nothing to ask.
    let mut s = corp();
    s.root(3, c::WARM_RECEPTION, true);
    s.ice(3, c::PALISADE, true);
    s.root(4, c::REGOLITH_MINING_LICENSE, true);
    s.rd(c::HEDGE_FUND);
    let m = corp_turn_begins(s);
    assert_eq!(m.kind(), "netrunner.action");
}

#[test]
fn card_working_prototype_counts_rezzes_and_spends_counters() {
    let mut s = corp();
    let wp = s.root(3, c::WORKING_PROTOTYPE, false);
    let n = s.root(4, c::NICO_CAMPAIGN, false);
    s.g.corp.credits = 10;
    let mut m = corp_window(s);
    m.rez(wp);
    m.rez(n);
    assert_eq!(m.game().cards[wp as usize].power, 2, "itself, then Nico Campaign");
    m.pass_windows();
    let before = m.game().corp.credits;
    m.pick(&[&format!("ability:{wp}:0")]);
    let g = m.game();
    assert_eq!((g.cards[wp as usize].power, g.corp.credits), (1, before + 3));
    let mut s = corp();
    let wp = s.root(3, c::WORKING_PROTOTYPE, true);
    s.g.cards[wp as usize].power = 5;
    let r = s.installed(c::TELEWORK_CONTRACT);
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{wp}:1")]);
    m.pick(&[&format!("card:{r}")]);
    let g = m.game();
    assert_eq!((g.corp.credits, g.runner.stack.first().copied(), g.cards[wp as usize].power), (11, Some(r), 0));
}
