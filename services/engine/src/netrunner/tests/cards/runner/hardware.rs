//! One test per card of `cards/runner/hardware.rs` (hardware), named by the card, in title order.

use crate::netrunner::cards::{self as c, AMELIA_EARHART};
use crate::netrunner::effects::{pumps_last_run, ASSASSINATION};
use crate::netrunner::state::{Stage, ARCHIVES, HQ, RD, RUNNER};
use crate::netrunner::tests::cards::{bypassed, runner};
use crate::netrunner::tests::kit::{NetrunnerVerbs, Scenario};

#[test]
fn card_airbladex_jsrf_ed_cr_9_8_prevents_net_damage_in_a_run_and_a_when_encountered_ability() {
    let mut s = runner();
    let ab = s.grip(c::AIRBLADEX);
    s.ice(HQ, c::TITHE, true);
    let keep = s.grip(c::SURE_GAMBLE);
    s.g.runner.credits = 5;
    let mut m = s.at_action();
    m.install(ab);
    assert_eq!(m.game().cards[ab as usize].power, 3);
    m.run_on(HQ);
    m.pick(&["prevent:1"]);
    let g = m.game();
    assert!(g.runner.grip.contains(&keep), "the 1 net damage was prevented");
    assert_eq!(g.cards[ab as usize].power, 2);
    // Funhouse's "when encountered" ability prevented with the last counter: it is trashed.
    let mut s = runner();
    let ab = s.installed(c::AIRBLADEX);
    s.g.cards[ab as usize].power = 1;
    s.ice(HQ, c::FUNHOUSE, true);
    let mut m = s.at_action();
    m.run_on(HQ);
    m.pick(&["use"]);
    assert!(m.has_event("netrunner.encounter_ability_prevented"));
    assert_ne!(m.kind(), "netrunner.funhouse");
    assert!(m.game().runner.heap.contains(&ab), "empty: trashed");
}

#[test]
fn card_alarm_clock_runs_hq_at_turn_start_and_bypasses_the_first_ice_for_2_clicks() {
    let mut s = runner();
    s.installed(c::ALARM_CLOCK);
    s.ice(HQ, c::PALISADE, true);
    s.hq(c::HEDGE_FUND);
    let mut m = s.start(Stage::TurnBeginTriggers);
    assert_eq!(m.kind(), "netrunner.card");
    m.pick(&["use"]);
    assert_eq!(m.game().run.as_ref().map(|r| r.server), Some(HQ));
    m.pick(&["use"]);
    assert!(bypassed(&m));
    assert_eq!(m.game().runner.clicks, 2);
}

#[test]
fn card_amanuensis_gets_a_counter_at_turn_end_tagged_and_draws_2_when_tags_go() {
    let mut s = runner().runner_turn(0);
    let a = s.installed(c::AMANUENSIS);
    s.g.runner.tags = 1;
    let m = s.start(Stage::EndTurn);
    assert_eq!(m.game().cards[a as usize].power, 1);
    let mut s = runner();
    let a = s.installed(c::AMANUENSIS);
    assert_eq!(s.g.memory_limit(), 5);
    s.g.cards[a as usize].power = 1;
    s.g.runner.tags = 1;
    s.stack(c::SURE_GAMBLE);
    s.stack(c::SURE_GAMBLE);
    let mut m = s.at_action();
    m.pick(&["remove-tag"]);
    assert_eq!(m.kind(), "netrunner.card");
    m.pick(&["use"]);
    assert_eq!(m.game().runner.grip.len(), 2);
}

#[test]
fn card_bling_hosts_the_top_card_after_a_free_install_plays_it_from_there_and_trashes_hosted_cards() {
    let mut s = runner();
    let bling = s.installed(c::BLING);
    let amelia = s.grip(AMELIA_EARHART);
    let top = s.stack(c::SURE_GAMBLE);
    s.g.runner.credits = 5;
    let mut m = s.at_action();
    m.install(amelia);
    m.pick(&["use"]);
    let g = m.game();
    assert_eq!(g.runner.hosted_cards, vec![top]);
    assert_eq!(g.cards[top as usize].host, Some(bling));
    // Played as if from the grip.
    m.play(top);
    assert_eq!(m.game().runner.credits, 5 - 5 + 9);
    // When the discard phase ends, hosted cards are trashed.
    let mut s = runner().runner_turn(1);
    let bling = s.installed(c::BLING);
    let k = s.hosted_faceup(bling, c::SURE_GAMBLE);
    let mut m = s.at_action();
    m.pick(&["credit"]);
    let g = m.game();
    assert!(g.runner.heap.contains(&k) && g.runner.hosted_cards.is_empty());
}

#[test]
fn card_capybara_leaves_the_game_to_derez_a_bypassed_ice() {
    let mut s = runner();
    s.installed(c::LASER_POINTER);
    let cy = s.installed(c::CAPYBARA);
    let ice = s.ice(HQ, c::KARUNA, true);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(HQ);
    m.pick(&["use"]);
    assert_eq!(m.kind(), "netrunner.card");
    m.pick(&["use"]);
    let g = m.game();
    assert!(!g.rezzed(ice));
    assert!(!g.runner.hardware.contains(&cy) && !g.runner.heap.contains(&cy));
}

#[test]
fn card_carnivore_trashes_an_accessed_card_for_2_grip_cards() {
    let mut s = runner();
    s.g.runner.credits = 0;
    s.installed(c::CARNIVORE);
    let n = s.root(3, c::NICO_CAMPAIGN, false);
    let a = s.grip(c::SURE_GAMBLE);
    let b = s.grip(c::SURE_GAMBLE);
    assert_eq!(s.g.memory_limit(), 5);
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    m.pick(&["carnivore"]);
    m.pick(&[&format!("card:{a}"), &format!("card:{b}")]);
    let g = m.game();
    assert!(g.corp.archives.contains(&n) && g.runner.grip.is_empty());
}

#[test]
fn card_cataloguer_cr_6_7_arranges_r_and_d_instead_of_breaching_and_breaches_r_and_d_for_a_click() {
    let mut s = runner();
    let cat = s.grip(c::CATALOGUER);
    let rd: Vec<u32> = (0..5).map(|_| s.rd(c::HEDGE_FUND)).collect();
    s.g.runner.credits = 5;
    let mut m = s.at_action();
    m.install(cat);
    m.run_on(RD);
    m.pick(&["continue"]);
    m.pick(&["use"]);
    // The new order from the top: the 4th, 3rd, 2nd, 1st.
    let order: Vec<String> = rd.iter().take(4).rev().map(|k| format!("card:{k}")).collect();
    let ids: Vec<&str> = order.iter().map(String::as_str).collect();
    m.pick(&ids);
    let g = m.game();
    assert_eq!(g.corp.rd, vec![rd[3], rd[2], rd[1], rd[0], rd[4]]);
    assert!(!m.has_event("netrunner.accessed"), "nothing breached");
    assert_eq!(g.cards[cat as usize].power, 1);
    // [click], hosted power counter: breach R&D (its top card is accessed); empty, it is trashed.
    m.pick(&[&format!("ability:{cat}")]);
    let g = m.game();
    assert!(m.has_event("netrunner.accessed"));
    assert!(g.runner.heap.contains(&cat) && g.access.is_none());
    assert_eq!(g.runner.clicks, 1);
}

#[test]
fn card_detente_hosts_a_random_hq_card_and_either_player_returns_2_for_a_random_hq_access() {
    let mut s = runner();
    let d = s.installed(c::DETENTE);
    let a = s.hq(c::HEDGE_FUND);
    let b = s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(HQ);
    m.pick(&["continue"]);
    m.pick(&["use"]);
    m.draw(&[1]); // the random pick: the second card of HQ
    let g = m.game();
    assert_eq!(g.runner.hosted_cards, vec![b]);
    assert!(g.cards[b as usize].faceup && g.corp.hq == vec![a]);
    let _ = d;
    // The Corp's action: 2 hosted cards back to HQ, the Runner accesses 1 at random.
    let mut s = Scenario::new().auto_pass().corp_turn(3);
    let d = s.installed(c::DETENTE);
    let k: Vec<u32> = (0..2).map(|_| s.hosted_faceup(d, c::HEDGE_FUND)).collect();
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{d}")]);
    assert_eq!(m.game().corp.hq, k);
    assert_eq!(m.seat(), 1, "the Runner decides whether to access");
    m.pick(&["use"]);
    m.draw(&[0]);
    let g = m.game();
    assert!(m.has_event("netrunner.accessed"));
    assert_eq!((g.corp.clicks, g.runner.hosted_cards.len(), g.corp.hq.len()), (2, 0, 2));
    assert!(g.access.is_none() && g.run.is_none());
    // With 3 hosted, the Runner using it picks which 2 go back.
    let mut s = runner();
    let d = s.installed(c::DETENTE);
    let k: Vec<u32> = (0..3).map(|_| s.hosted_faceup(d, c::HEDGE_FUND)).collect();
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{d}")]);
    m.pick(&[&format!("card:{}", k[0]), &format!("card:{}", k[2])]);
    m.pick(&["decline"]);
    let g = m.game();
    assert_eq!((g.corp.hq.clone(), g.runner.hosted_cards.clone()), (vec![k[0], k[2]], vec![k[1]]));
    assert!(!g.cards[k[0] as usize].faceup);
}

#[test]
fn card_docklands_pass_accesses_1_more_card_the_first_hq_breach_each_turn() {
    let mut s = runner();
    s.installed(c::DOCKLANDS_PASS);
    s.hq_n(c::HEDGE_FUND, 3);
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
fn card_dzmz_optimizer_makes_the_first_program_1_cheaper() {
    let mut s = runner();
    s.installed(c::DZMZ_OPTIMIZER);
    let cl = s.grip(c::CLEAVER);
    s.g.runner.credits = 2;
    assert_eq!(s.g.memory_limit(), 5);
    let mut m = s.at_action();
    m.pick(&[&format!("install:{cl}")]);
    let g = m.game();
    assert_eq!(g.runner.credits, 0);
    assert!(g.flags.program_installed);
}

#[test]
fn card_gamedragon_pro_hosted_on_an_icebreaker_gives_1_strength_and_its_boosts_last_the_run() {
    let mut s = runner();
    let cleaver = s.installed(c::CLEAVER);
    let gd = s.grip(c::GAMEDRAGON_PRO);
    s.g.runner.credits = 10;
    let mut m = s.at_action();
    m.install(gd);
    m.pick(&[&format!("host:{cleaver}")]);
    let mut g = m.game();
    assert_eq!(g.cards[gd as usize].host, Some(cleaver));
    assert_eq!(g.breaker_strength(cleaver), 3 + 1);
    // A boost for the encounter lasts for the rest of the run on a host of GAMEDRAGON™ Pro.
    g.start_run(HQ, None, &mut Vec::new());
    let lasting = pumps_last_run(&g);
    let run = g.run.as_mut().unwrap();
    run.pumps.push((cleaver, 2));
    run.end_encounter_pumps(&lasting);
    assert!(run.pumps.is_empty());
    assert_eq!(g.breaker_strength(cleaver), 3 + 1 + 2);
}

#[test]
fn card_hermes_adds_1_mu_and_returns_an_unrezzed_card_to_hq_after_a_steal() {
    let mut s = runner();
    let h = s.installed(c::HERMES);
    let _ = h;
    assert_eq!(s.g.memory_limit(), 5);
    s.root(3, c::OFFWORLD_OFFICE, false);
    let ice = s.ice(HQ, c::PALISADE, false);
    let rezzed = s.ice(RD, c::TITHE, true);
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    assert_eq!(m.kind(), "netrunner.card");
    assert!(!m.offers(&format!("card:{rezzed}")), "unrezzed only");
    m.pick(&[&format!("card:{ice}")]);
    let g = m.game();
    assert!(g.corp.hq.contains(&ice) && g.server(HQ).unwrap().ice.is_empty());
    assert_eq!(g.runner.points, 2);
}

#[test]
fn card_jeitinho_cr_1_7_scored_as_a_third_assassination_agenda_wins_the_game() {
    let mut s = runner().runner_turn(1);
    let j = s.installed(c::JEITINHO);
    for _ in 0..2 {
        let k = s.card(c::JEITINHO);
        s.g.runner.score.push(k);
        s.g.cards[k as usize].gained = vec![ASSASSINATION.to_string()];
    }
    s.g.flags.successful_servers = vec![HQ, RD, ARCHIVES];
    let mut m = s.at_action();
    m.pick(&["credit"]);
    m.pick(&["use"]);
    let g = m.game();
    assert!(g.runner.score.contains(&j) && !g.runner.hardware.contains(&j));
    assert_eq!(g.runner.points, 0, "worth 0 agenda points");
    let (w, reason) = g.winner.clone().unwrap();
    assert_eq!(w, 1);
    assert!(reason.starts_with("assassination"), "{reason}");
    // Threat 3 (CR 1.17.1.a): bypassing an ice, it is installed from the heap for a click.
    let mut s = runner();
    s.installed(crate::netrunner::cards::LASER_POINTER);
    s.ice(HQ, c::KARUNA, true);
    s.hq(c::HEDGE_FUND);
    let j = s.card(c::JEITINHO);
    s.g.runner.heap.push(j);
    s.g.corp.points = 3;
    let mut m = s.at_action();
    m.run_on(HQ);
    m.pick(&["use"]);
    m.pick(&["use"]);
    let g = m.game();
    assert!(g.runner.hardware.contains(&j));
    assert_eq!((g.runner.clicks, g.runner.credits), (2, 5 - 1));
}

#[test]
fn card_lilypad_adds_2_mu_and_may_draw_on_the_first_program_install() {
    let mut s = runner();
    s.installed(c::LILYPAD);
    assert_eq!(s.g.memory_limit(), 6);
    let a = s.grip(c::MAYFLY);
    let b = s.grip(c::MAYFLY);
    s.stack(c::SURE_GAMBLE);
    s.stack(c::SURE_GAMBLE);
    let mut m = s.at_action();
    m.install(a);
    assert_eq!(m.kind(), "netrunner.card");
    m.pick(&["use"]);
    assert_eq!(m.game().runner.grip.len(), 2);
    m.install(b);
    assert_ne!(m.kind(), "netrunner.card", "the first program each turn");
}

#[test]
fn card_madani_hosts_grip_programs_and_installs_one_a_turn_paying_its_cost() {
    let mut s = runner();
    let md = s.installed(c::MADANI);
    let p1 = s.grip(c::CLEAVER);
    let p2 = s.grip(c::CARMEN);
    s.grip(c::SURE_GAMBLE);
    s.g.runner.credits = 10;
    s.g.options.auto_pass = false;
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{md}")]);
    assert!(!m.offers(&format!("card:{}", m.game().runner.grip[2])), "programs only");
    m.pick(&[&format!("card:{p1}"), &format!("card:{p2}")]);
    let g = m.game();
    assert_eq!(g.runner.hosted_cards, vec![p1, p2]);
    assert!(g.runner.grip.len() == 1 && g.memory_used() == 0, "hosted, not installed");
    let credits = g.runner.credits;
    m.pick(&[&format!("madani:{md}")]);
    m.pick(&[&format!("install:{p2}")]);
    let g = m.game();
    assert!(g.runner.programs.contains(&p2) && g.runner.hosted_cards == vec![p1]);
    assert_eq!(g.runner.credits, credits - g.def(p2).cost.unwrap_or(0), "paying its install cost");
    assert!(!m.offers(&format!("madani:{md}")), "once per turn");
}

#[test]
fn card_maglectric_rapid_748_mod_trashes_itself_after_an_hq_run_to_derez_a_corp_card() {
    let mut s = runner();
    let mr = s.installed(c::MAGLECTRIC_RAPID);
    let n = s.root(3, c::NICO_CAMPAIGN, true);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(HQ);
    m.pick(&["continue"]);
    assert_eq!(m.kind(), "netrunner.card");
    m.pick(&[&format!("card:{n}")]);
    let g = m.game();
    assert!(!g.rezzed(n) && g.runner.heap.contains(&mr));
}

#[test]
fn card_pantograph_gains_1_and_installs_after_a_steal() {
    let mut s = runner();
    s.installed(c::PANTOGRAPH);
    s.root(3, c::OFFWORLD_OFFICE, false);
    let t = s.grip(c::TELEWORK_CONTRACT);
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    assert_eq!(m.kind(), "netrunner.pantograph");
    m.pick(&[&format!("install:{t}")]);
    let g = m.game();
    assert!(g.runner.resources.contains(&t));
    assert_eq!(g.runner.credits, 5, "5 + 1 - 1");
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
fn card_solidarity_badge_counts_the_first_corp_card_trashed_and_pays_a_card_or_a_tag() {
    let mut s = runner();
    let b = s.installed(c::SOLIDARITY_BADGE);
    s.root(3, c::NICO_CAMPAIGN, false);
    s.root(4, c::NICO_CAMPAIGN, false);
    s.g.runner.credits = 10;
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    m.pick(&["trash"]);
    m.run_on(4);
    m.pick(&["continue"]);
    m.pick(&["trash"]);
    assert_eq!(m.game().cards[b as usize].power, 1, "the first time each turn");
    let mut s = runner();
    let b = s.installed(c::SOLIDARITY_BADGE);
    s.g.cards[b as usize].power = 1;
    s.g.runner.tags = 1;
    let mut m = s.start(Stage::TurnBeginTriggers);
    m.pick(&["tag"]);
    assert_eq!((m.game().runner.tags, m.game().cards[b as usize].power), (0, 0));
}

#[test]
fn card_t400_memory_diamond_adds_1_mu_and_1_hand_size() {
    let mut s = runner();
    s.installed(c::T400_MEMORY_DIAMOND);
    assert_eq!((s.g.memory_limit(), s.g.max_hand(RUNNER)), (5, 6));
    assert!(c::implemented(c::T400_MEMORY_DIAMOND) && c::implemented(c::DZMZ_OPTIMIZER));
}

#[test]
fn card_the_wizards_chest_after_hq_rd_and_archives_installs_1_of_2_set_aside_cards_free() {
    let mut s = runner();
    let w = s.installed(c::THE_WIZARDS_CHEST);
    let m = s.at_action();
    assert!(!m.offers(&format!("wizards_chest:{w}:program")), "no successful runs yet");
    let mut s = runner();
    let w = s.installed(c::THE_WIZARDS_CHEST);
    let gamble = s.stack(c::SURE_GAMBLE);
    let p1 = s.stack(c::CLEAVER);
    let p2 = s.stack(c::CARMEN);
    let p3 = s.stack(c::BOTULUS);
    s.g.runner.credits = 0;
    s.g.flags.successful_servers = vec![HQ, RD, ARCHIVES];
    s.g.options.auto_pass = false;
    let mut m = s.start(crate::netrunner::state::Stage::Window {
        at: crate::netrunner::state::At::Action,
        round: crate::core::stack::PriorityRound::new(vec![crate::netrunner::state::RUNNER]),
    });
    m.pick(&[&format!("wizards_chest:{w}:program")]);
    assert!(m.has_event("netrunner.revealed"));
    assert!(m.offers(&format!("install:{p1}")) && m.offers(&format!("install:{p2}")) && !m.offers(&format!("install:{p3}")));
    m.pick(&[&format!("install:{p2}")]);
    let g = m.game();
    assert!(g.runner.programs.contains(&p2) && g.runner.heap.contains(&w));
    assert_eq!(g.runner.credits, 0, "ignoring all costs");
    let _ = gamble;
}
