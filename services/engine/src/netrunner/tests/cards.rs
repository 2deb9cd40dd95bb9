//! One test per implemented card, named by the card.

use crate::core::stack::PriorityRound;
use crate::core::*;
use crate::netrunner::cards as c;
use crate::netrunner::data;
use crate::netrunner::state::{At, Stage, CORP, HQ, RD, RUNNER};

use super::kit::{Match, NetrunnerVerbs, Scenario};

/// The Corp with 3 clicks and no credits to spend in windows.
fn corp() -> Scenario {
    Scenario::new().auto_pass().corp_turn(3)
}

/// The Runner with 4 clicks; the Corp has no credits (so it never has a rez to offer).
fn runner() -> Scenario {
    let mut s = Scenario::new().auto_pass().runner_turn(4);
    s.g.corp.credits = 0;
    s
}

fn corp_window(s: Scenario) -> Match {
    s.start(Stage::Window { at: At::Action, round: PriorityRound::new(vec![CORP, RUNNER]) })
}

#[test]
fn card_the_syndicate_is_the_corp_starter_identity() {
    let corp = data::deck("syndicate-starter").unwrap();
    assert_eq!(corp.identity.as_str(), c::THE_SYNDICATE);
    assert_eq!(c::def(c::THE_SYNDICATE).name, "The Syndicate");
}

#[test]
fn card_the_catalyst_is_the_runner_starter_identity_with_no_link() {
    let run = data::deck("catalyst-starter").unwrap();
    assert_eq!(run.identity.as_str(), c::THE_CATALYST);
    assert_eq!(data::card(c::THE_CATALYST).unwrap().base_link, Some(0));
    assert_eq!(c::def(c::THE_CATALYST).name, "The Catalyst");
}

#[test]
fn card_hedge_fund_gains_9_credits() {
    let mut s = corp();
    let h = s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.play(h);
    let g = m.game();
    assert_eq!(g.corp.credits, 9);
    assert!(g.corp.archives.contains(&h) && g.cards[h as usize].faceup);
}

#[test]
fn card_government_subsidy_gains_15_credits() {
    let mut s = corp();
    s.g.corp.credits = 10;
    let h = s.hq(c::GOVERNMENT_SUBSIDY);
    let mut m = s.at_action();
    m.play(h);
    assert_eq!(m.game().corp.credits, 15);
}

#[test]
fn card_seamless_launch_places_2_counters_on_a_card_not_installed_this_turn() {
    let mut s = corp();
    let old = s.root(3, c::OFFWORLD_OFFICE, false);
    let fresh = s.root(4, c::SEND_A_MESSAGE, false);
    s.g.cards[fresh as usize].installed_turn = 1;
    let sl = s.hq(c::SEAMLESS_LAUNCH);
    let mut m = s.at_action();
    assert!(!m.offers(&format!("play:{sl}:{fresh}")), "not on a card installed this turn");
    m.pick(&[&format!("play:{sl}:{old}")]);
    assert_eq!(m.game().adv(old), 2);
}

#[test]
fn card_offworld_office_gains_7_credits_when_scored() {
    let mut s = corp();
    let a = s.root(3, c::OFFWORLD_OFFICE, false);
    s.g.cards[a as usize].adv = 4;
    let mut m = corp_window(s);
    m.score(a);
    let g = m.game();
    assert_eq!((g.corp.points, g.corp.credits), (2, 12));
}

#[test]
fn card_send_a_message_rezzes_an_ice_for_free_when_stolen() {
    let mut s = runner();
    let a = s.root(3, c::SEND_A_MESSAGE, false);
    let ice = s.ice(HQ, c::BRAN_1_0, false);
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    assert_eq!((m.kind().as_str(), m.seat()), ("netrunner.send_a_message", CORP));
    m.rez(ice);
    let g = m.game();
    assert_eq!(g.runner.score, vec![a]);
    assert!(g.rezzed(ice));
    assert_eq!(g.corp.credits, 0, "ignoring all costs");
}

/// NR-5: rezzed ignoring all costs, the ice's own "when rezzed" ability still fires: Ping
/// rezzed by Send a Message during a run on its server gives the Runner its tag.
#[test]
fn card_send_a_message_rezzing_ping_in_a_run_on_its_server_gives_the_tag() {
    let mut s = runner();
    s.g.corp.credits = 0;
    s.root(3, c::SEND_A_MESSAGE, false);
    let ping = s.ice(3, c::PING, false);
    let mut m = s.at_action();
    m.run_on(3);
    while m.kind() != "netrunner.send_a_message" {
        let first = m.option_ids().into_iter().find(|o| !o.starts_with("rez:")).unwrap_or_else(|| panic!("stuck at {}", m.kind()));
        m.pick(&[&first]);
    }
    m.rez(ping);
    let g = m.game();
    assert!(g.rezzed(ping));
    assert_eq!(g.runner.tags, 1, "Ping's when-rezzed tag");
}

#[test]
fn card_superconducting_hub_draws_2_and_adds_2_hand_size() {
    let mut s = corp();
    let a = s.root(3, c::SUPERCONDUCTING_HUB, false);
    s.g.cards[a as usize].adv = 3;
    s.rd(c::HEDGE_FUND);
    s.rd(c::HEDGE_FUND);
    let mut m = corp_window(s);
    m.score(a);
    assert_eq!(m.kind(), "netrunner.superconducting_hub");
    m.pick(&["draw"]);
    let g = m.game();
    assert_eq!(g.corp.hq.len(), 2);
    assert_eq!(g.max_hand(CORP), 7);
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
fn card_urtica_cipher_does_2_net_damage_plus_1_per_counter_when_accessed() {
    let mut s = runner();
    let u = s.root(3, c::URTICA_CIPHER, false);
    s.g.cards[u as usize].adv = 1;
    for _ in 0..4 {
        s.grip(c::SURE_GAMBLE);
    }
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
fn card_manegarm_skunkworks_ends_the_run_unless_the_runner_pays() {
    let mut s = runner();
    s.root(3, c::MANEGARM_SKUNKWORKS, true);
    let mut m = s.at_action();
    m.run_on(3);
    assert_eq!(m.kind(), "netrunner.manegarm");
    assert_eq!(m.option_ids(), vec!["pay", "clicks", "end"]);
    m.pick(&["end"]);
    assert!(m.game().run.is_none() && !m.has_event("netrunner.run_successful"));
    let mut s = runner();
    s.root(3, c::MANEGARM_SKUNKWORKS, true);
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["clicks"]);
    assert_eq!(m.game().runner.clicks, 1);
    m.pick(&["continue"]);
    assert!(m.has_event("netrunner.run_successful"));
}

#[test]
fn card_bran_1_0_a_click_breaks_a_subroutine() {
    let mut s = runner();
    s.ice(RD, c::BRAN_1_0, true);
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(RD);
    m.pick(&["click-break:1"]);
    m.pick(&["click-break:2"]);
    m.pick(&["pass"]);
    // The first subroutine: nothing to install (no ice in HQ/Archives); the run goes on.
    assert_eq!(m.game().runner.clicks, 1);
    assert!(m.has_event("netrunner.approach_server"));
}

#[test]
fn card_palisade_ends_the_run_and_is_stronger_on_a_remote() {
    let mut s = runner();
    let p = s.ice(3, c::PALISADE, true);
    let q = s.ice(HQ, c::PALISADE, true);
    s.root(3, c::NICO_CAMPAIGN, false);
    assert_eq!((s.g.ice_strength(p), s.g.ice_strength(q)), (4, 2));
    let mut m = s.at_action();
    m.run_on(3);
    assert!(m.has_event("netrunner.run_ended_by"));
    assert!(m.game().run.is_none());
}

#[test]
fn card_diviner_ends_the_run_when_the_trashed_card_has_an_odd_cost() {
    for (code, ends) in [(c::SURE_GAMBLE, true), (c::JAILBREAK, false)] {
        let mut s = runner();
        s.ice(RD, c::DIVINER, true);
        s.grip(code);
        s.rd(c::HEDGE_FUND);
        let mut m = s.at_action();
        m.run_on(RD);
        m.draw(&[0]);
        assert_eq!(m.has_event("netrunner.run_ended_by"), ends, "{code}");
    }
}

#[test]
fn card_whitespace_takes_3_and_ends_the_run_at_6_or_less() {
    for (credits, ends) in [(9, true), (10, false)] {
        let mut s = runner();
        s.ice(RD, c::WHITESPACE, true);
        s.rd(c::HEDGE_FUND);
        s.g.runner.credits = credits;
        let mut m = s.at_action();
        m.run_on(RD);
        assert_eq!(m.game().runner.credits, credits - 3);
        assert_eq!(m.has_event("netrunner.run_ended_by"), ends);
    }
}

#[test]
fn card_karuna_lets_the_runner_jack_out_after_the_first_subroutine() {
    let mut s = runner();
    s.ice(RD, c::KARUNA, true);
    for _ in 0..5 {
        s.grip(c::SURE_GAMBLE);
    }
    let mut m = s.at_action();
    m.run_on(RD);
    m.draw(&[0]);
    m.draw(&[0]);
    assert_eq!(m.kind(), "netrunner.karuna");
    m.pick(&["jack_out"]);
    let g = m.game();
    assert_eq!(g.runner.grip.len(), 3, "only the first 2 net damage");
    assert!(g.run.is_none());
}

#[test]
fn card_tithe_does_1_net_damage_and_gains_the_corp_1() {
    let mut s = runner();
    s.ice(RD, c::TITHE, true);
    s.grip(c::SURE_GAMBLE);
    s.grip(c::SURE_GAMBLE);
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(RD);
    m.draw(&[0]);
    let g = m.game();
    assert_eq!((g.runner.grip.len(), g.corp.credits), (1, 1));
}

#[test]
fn card_sure_gamble_gains_9_credits() {
    let mut s = runner();
    let sg = s.grip(c::SURE_GAMBLE);
    let mut m = s.at_action();
    m.play(sg);
    assert_eq!(m.game().runner.credits, 9);
}

#[test]
fn card_creative_commission_gains_5_and_loses_a_remaining_click() {
    let mut s = runner();
    let cc = s.grip(c::CREATIVE_COMMISSION);
    let mut m = s.at_action();
    m.play(cc);
    let g = m.game();
    assert_eq!((g.runner.credits, g.runner.clicks), (9, 2));
}

#[test]
fn card_vrcation_draws_4_and_loses_a_remaining_click() {
    let mut s = runner();
    let v = s.grip(c::VRCATION);
    for _ in 0..5 {
        s.stack(c::SURE_GAMBLE);
    }
    let mut m = s.at_action();
    m.play(v);
    let g = m.game();
    assert_eq!((g.runner.grip.len(), g.runner.clicks), (4, 2));
}

#[test]
fn card_jailbreak_runs_hq_or_rd_and_draws_1_when_successful() {
    let mut s = runner();
    let j = s.grip(c::JAILBREAK);
    s.stack(c::SURE_GAMBLE);
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    assert!(!m.offers(&format!("play:{j}:2")), "HQ or R&D only");
    m.pick(&[&format!("play:{j}:1")]);
    m.pick(&["continue"]);
    assert_eq!(m.game().runner.grip.len(), 1);
}

#[test]
fn card_tread_lightly_makes_ice_cost_3_more_to_rez() {
    let mut s = runner();
    let ice = s.ice(HQ, c::TITHE, false);
    s.g.corp.credits = 3;
    let t = s.grip(c::TREAD_LIGHTLY);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.pick(&[&format!("play:{t}:0")]);
    assert!(!m.offers(&format!("rez:{ice}")), "Tithe costs 1 + 3 = 4");
    let _ = ice;
}

#[test]
fn card_overclock_gives_5_credits_for_the_run_only() {
    let mut s = runner();
    s.root(3, c::REGOLITH_MINING_LICENSE, false);
    s.g.runner.credits = 1;
    let o = s.grip(c::OVERCLOCK);
    let mut m = s.at_action();
    m.pick(&[&format!("play:{o}:3")]);
    m.pick(&["continue"]);
    m.pick(&["trash"]);
    let g = m.game();
    assert_eq!(g.runner.credits, 0, "3 of the 5 run credits paid the trash cost; the rest is lost");
}

#[test]
fn card_docklands_pass_accesses_1_more_card_the_first_hq_breach_each_turn() {
    let mut s = runner();
    s.installed(c::DOCKLANDS_PASS);
    for _ in 0..3 {
        s.hq(c::HEDGE_FUND);
    }
    let mut m = s.at_action();
    m.run_on(HQ);
    m.pick(&["continue"]);
    m.draw(&[0]);
    m.draw(&[0]);
    assert_eq!(m.log.iter().filter(|e| e.kind == "netrunner.accessed").count(), 2);
    m.run_on(HQ);
    m.pick(&["continue"]);
    m.draw(&[0]);
    assert_eq!(m.log.iter().filter(|e| e.kind == "netrunner.accessed").count(), 3, "only the first time each turn");
}

#[test]
fn card_pennyshaver_collects_a_credit_per_successful_run_and_pays_out_on_a_click() {
    let mut s = runner();
    let p = s.installed(c::PENNYSHAVER);
    s.rd(c::HEDGE_FUND);
    assert_eq!(s.g.memory_limit(), 5);
    let mut m = s.at_action();
    m.run_on(RD);
    m.pick(&["continue"]);
    assert_eq!(m.game().hosted(p), 1);
    m.pick(&[&format!("ability:{p}")]);
    let g = m.game();
    assert_eq!((g.runner.credits, g.hosted(p)), (7, 0));
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
fn card_verbal_plasticity_doubles_the_first_basic_draw_each_turn() {
    let mut s = runner();
    s.installed(c::VERBAL_PLASTICITY);
    for _ in 0..5 {
        s.stack(c::SURE_GAMBLE);
    }
    let mut m = s.at_action();
    m.pick(&["draw"]);
    assert_eq!(m.game().runner.grip.len(), 2);
    m.pick(&["draw"]);
    assert_eq!(m.game().runner.grip.len(), 3);
}

#[test]
fn card_carmen_is_2_cheaper_after_a_successful_run_and_breaks_sentries() {
    let mut s = runner();
    let carmen = s.grip(c::CARMEN);
    s.g.runner.credits = 3;
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    assert!(!m.offers(&format!("install:{carmen}")));
    m.run_on(RD);
    m.pick(&["continue"]);
    m.pick(&[&format!("install:{carmen}")]);
    assert_eq!(m.game().runner.credits, 0);
    let mut s = runner();
    let carmen = s.installed(c::CARMEN);
    s.ice(RD, c::KARUNA, true);
    s.g.runner.credits = 3;
    let mut m = s.at_action();
    m.run_on(RD);
    assert!(!m.offers(&format!("break:{carmen}:0")), "strength 2 < 3");
    m.pick(&[&format!("pump:{carmen}")]);
    m.pick(&[&format!("break:{carmen}:0")]);
    assert_eq!(m.game().run.as_ref().unwrap().broken, vec![true, false]);
}

#[test]
fn card_cleaver_breaks_up_to_two_barrier_subroutines_for_1() {
    let mut s = runner();
    let cl = s.installed(c::CLEAVER);
    s.ice(RD, c::BRAN_1_0, true);
    s.g.runner.credits = 10;
    s.g.runner.clicks = 1;
    let mut m = s.at_action();
    m.run_on(RD);
    m.pick(&[&format!("pump:{cl}")]);
    m.pick(&[&format!("pump:{cl}")]);
    assert!(!m.offers(&format!("break:{cl}:1+2")), "strength 5 < 6");
    m.pick(&[&format!("pump:{cl}")]);
    m.pick(&[&format!("break:{cl}:1+2")]);
    let g = m.game();
    assert_eq!(g.run.as_ref().unwrap().broken, vec![false, true, true]);
    assert_eq!(g.runner.credits, 3);
}

#[test]
fn card_mayfly_breaks_any_subroutine_and_is_trashed_when_the_run_ends() {
    let mut s = runner();
    let my = s.installed(c::MAYFLY);
    s.ice(RD, c::TITHE, true);
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(RD);
    m.pick(&[&format!("break:{my}:0")]);
    m.pick(&[&format!("break:{my}:1")]);
    m.pick(&["pass"]);
    m.pick(&["continue"]);
    let g = m.game();
    assert!(g.run.is_none());
    assert!(g.runner.heap.contains(&my));
}

#[test]
fn card_unity_pumps_by_the_number_of_installed_icebreakers() {
    let mut s = runner();
    let u = s.installed(c::UNITY);
    s.installed(c::CLEAVER);
    s.ice(RD, c::DIVINER, true);
    let mut m = s.at_action();
    m.run_on(RD);
    assert!(!m.offers(&format!("break:{u}:0")), "strength 1 < 3");
    m.pick(&[&format!("pump:{u}")]);
    assert!(m.offers(&format!("break:{u}:0")), "+2 with two icebreakers");
    m.pick(&[&format!("break:{u}:0")]);
    assert_eq!(m.game().runner.credits, 3);
}

/// A card's name as a test name: "Brân 1.0" -> "bran_1_0", "Tomorrow's Headline" -> "tomorrows_headline".
pub(super) fn snake(name: &str) -> String {
    let mut out = String::new();
    for ch in name.chars() {
        let ch = match ch {
            'â' | 'ā' => 'a',
            'é' => 'e',
            // Startup titles.
            'á' | 'ã' | 'ậ' => 'a',
            'ç' => 'c',
            'í' | 'ï' => 'i',
            'ô' | 'ō' | 'Ō' => 'o',
            c => c,
        };
        if ch.is_ascii_alphanumeric() {
            out.push(ch.to_ascii_lowercase());
        } else if ch != '\'' && !out.ends_with('_') {
            out.push('_');
        }
    }
    out.trim_matches('_').to_string()
}
