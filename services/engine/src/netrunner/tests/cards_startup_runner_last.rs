//! One test per Runner card of `cards/runner_last.rs`, named by the card (and the rule it checks).

use crate::netrunner::cards::helpers::{pumps_last_run, ASSASSINATION};
use crate::netrunner::cards::AMELIA_EARHART;
use crate::netrunner::cards::{self as c};
use crate::netrunner::state::{ARCHIVES, HQ, RD};

use super::kit::{NetrunnerVerbs, Scenario};

/// The Runner with 4 clicks; the Corp has no credits (so it never has a rez to offer).
fn runner() -> Scenario {
    let mut s = Scenario::new().auto_pass().runner_turn(4);
    s.g.corp.credits = 0;
    s
}

#[test]
fn card_muse_cr_1_13_hosts_the_program_it_finds_and_its_hosted_program_goes_with_it() {
    let mut s = runner();
    let muse = s.grip(c::MUSE);
    let cleaver = s.card(c::CLEAVER);
    s.g.runner.heap.push(cleaver);
    s.g.runner.credits = 10;
    let mut m = s.at_action();
    m.install(muse);
    assert_eq!(m.kind(), "netrunner.search");
    m.pick(&[&format!("install:{cleaver}")]);
    let g = m.game();
    assert!(g.runner.programs.contains(&cleaver));
    assert_eq!(g.cards[cleaver as usize].host, Some(muse), "hosted on Muse");
    assert_eq!(g.runner.credits, 10 - 2 - 3, "Muse and Cleaver paid");
    // A Trojan found in the stack is installed on a piece of ice instead.
    let mut s = runner();
    let muse = s.grip(c::MUSE);
    let ice = s.ice(HQ, c::PALISADE, false);
    let trojan = s.stack(crate::netrunner::cards::PHYSARUM_ENTANGLER);
    let mut m = s.at_action();
    m.install(muse);
    assert!(!m.offers(&format!("install:{trojan}")), "a Trojan goes on ice only");
    m.pick(&[&format!("install:{trojan}:{ice}")]);
    let g = m.game();
    assert_eq!(g.cards[trojan as usize].host, Some(ice));
    assert!(g.runner.programs.contains(&trojan) && g.runner.stack.is_empty());
    // CR 1.13: a card hosted on a card that leaves play is trashed with it.
    let mut s = runner();
    let muse = s.card(c::MUSE);
    s.g.runner.heap.push(muse);
    let cleaver = s.installed(c::CLEAVER);
    s.g.cards[cleaver as usize].host = Some(muse);
    let m = s.at_action();
    let g = m.game();
    assert!(g.runner.heap.contains(&cleaver) && !g.runner.programs.contains(&cleaver));
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
    let k = s.card(c::SURE_GAMBLE);
    s.g.runner.hosted_cards.push(k);
    s.g.cards[k as usize].host = Some(bling);
    s.g.cards[k as usize].faceup = true;
    let mut m = s.at_action();
    m.pick(&["credit"]);
    let g = m.game();
    assert!(g.runner.heap.contains(&k) && g.runner.hosted_cards.is_empty());
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
    let k: Vec<u32> = (0..2).map(|_| s.card(c::HEDGE_FUND)).collect();
    for &x in &k {
        s.g.runner.hosted_cards.push(x);
        s.g.cards[x as usize].host = Some(d);
        s.g.cards[x as usize].faceup = true;
    }
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
    let k: Vec<u32> = (0..3).map(|_| s.card(c::HEDGE_FUND)).collect();
    for &x in &k {
        s.g.runner.hosted_cards.push(x);
        s.g.cards[x as usize].host = Some(d);
        s.g.cards[x as usize].faceup = true;
    }
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{d}")]);
    m.pick(&[&format!("card:{}", k[0]), &format!("card:{}", k[2])]);
    m.pick(&["decline"]);
    let g = m.game();
    assert_eq!((g.corp.hq.clone(), g.runner.hosted_cards.clone()), (vec![k[0], k[2]], vec![k[1]]));
    assert!(!g.cards[k[0] as usize].faceup);
}

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
