//! One test per card of `cards/corp/identities.rs` (Corp identities), named by the card, in title order.

use crate::netrunner::cards::{self as c};
use crate::netrunner::data;
use crate::netrunner::state::{CorpZone, Stage, CORP, HQ, RD, RUNNER};
use crate::netrunner::tests::cards::{corp, corp_discard_phase, corp_turn_begins, corp_window, runner, scored, to_card_question, until_offered};
use crate::netrunner::tests::kit::NetrunnerVerbs;

#[test]
fn card_a_teia_ip_recovery_installs_a_second_card_free_in_another_remote_once_per_turn_and_limits_remotes_to_2() {
    let mut s = corp();
    s.g.corp.identity = c::A_TEIA.into();
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
fn card_au_co_the_gold_standard_in_clones_counts_damage_and_hq_trashes_and_spends_2_counters_to_trash_1_of_rd_top_3() {
    let mut s = corp();
    s.g.corp.identity = c::AU_CO.into();
    let f = s.root(3, c::FUJII_ASSET_RETRIEVAL, false);
    s.g.cards[f as usize].adv = 5;
    s.grip(c::SURE_GAMBLE);
    s.grip(c::SURE_GAMBLE);
    let mut m = corp_window(s);
    m.score(f);
    m.draw(&[0]);
    m.draw(&[0]);
    assert_eq!(m.game().corp.identity_power, 1, "one counter per damage, not per point");

    let mut s = corp();
    s.g.corp.identity = c::AU_CO.into();
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
fn card_bangun_when_disaster_strikes_installs_agendas_face_up_and_their_access_does_2_meat_damage_and_1_tag() {
    let mut s = corp();
    s.g.corp.identity = c::BANGUN.into();
    let a = s.hq(c::OFFWORLD_OFFICE);
    let n = s.hq(c::NICO_CAMPAIGN);
    let mut m = s.at_action();
    assert!(!m.offers(&format!("install-faceup:{n}:new")), "agendas only");
    m.pick(&[&format!("install-faceup:{a}:new")]);
    let g = m.game();
    assert!(g.cards[a as usize].faceup && g.corp_zone(a) == CorpZone::Root(3));

    let mut s = runner();
    s.g.corp.identity = c::BANGUN.into();
    let a = s.root(3, c::OFFWORLD_OFFICE, false);
    s.g.cards[a as usize].faceup = true;
    let down = s.root(4, c::OFFWORLD_OFFICE, false);
    s.grip_n(c::SURE_GAMBLE, 3);
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
fn card_epiphany_analytica_nations_undivided_counts_the_first_steal_or_trash_each_turn_and_installs_from_rd() {
    let mut s = runner();
    s.g.corp.identity = c::EPIPHANY_ANALYTICA.into();
    s.g.runner.clicks = 2;
    s.root(3, c::OFFWORLD_OFFICE, false);
    s.root(4, c::OFFWORLD_OFFICE, false);
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    assert_eq!(m.game().corp.identity_power, 1);
    m.run_on(4);
    m.pick(&["continue"]);
    let g = m.game();
    assert_eq!((g.runner.score.len(), g.corp.identity_power), (2, 1), "only the first time each turn");
    assert!(g.runner_took_corp_card_last_turn || g.flags.runner_took_corp_card);

    let mut s = corp();
    s.g.corp.identity = c::EPIPHANY_ANALYTICA.into();
    s.g.corp.identity_power = 1;
    s.rd(c::HEDGE_FUND);
    let nico = s.rd(c::NICO_CAMPAIGN);
    s.rd(c::PALISADE);
    let fourth = s.rd(c::SPRINT);
    let mut m = s.at_action();
    m.pick(&["ability:identity"]);
    assert!(m.has_event("netrunner.looked"));
    assert!(!m.option_ids().iter().any(|o| o.starts_with(&format!("install:{fourth}"))), "the top 3 only");
    m.pick(&[&format!("install:{nico}:new")]);
    let g = m.game();
    assert!(g.is_installed(nico) && !g.corp.rd.contains(&nico));
    assert_eq!((g.corp.identity_power, g.corp.rd.len(), g.corp.clicks), (0, 3, 2));
}

#[test]
fn card_haas_bioroid_precision_design_hand_size_and_archives_on_score() {
    let (mut s, a) = scored(c::OFFWORLD_OFFICE);
    s.g.corp.identity = c::HAAS_BIOROID.into();
    let x = s.archives(c::HEDGE_FUND, false);
    assert_eq!(s.g.max_hand(CORP), 6);
    let mut m = corp_window(s);
    m.score(a);
    m.pick(&[&format!("take:{x}")]);
    assert!(m.game().corp.hq.contains(&x));
}

#[test]
fn card_jinteki_restoring_humanity_gains_1_with_a_face_down_card_in_archives() {
    for (faceup, credits) in [(false, 6), (true, 5)] {
        let mut s = corp();
        s.g.corp.identity = c::JINTEKI.into();
        s.archives(c::HEDGE_FUND, faceup);
        let m = s.start(Stage::Discard);
        assert_eq!(m.game().corp.credits, credits);
    }
}

#[test]
fn card_leo_construction_labor_solutions_trashes_a_rezzed_bioroid_of_the_attacked_server_to_end_the_run() {
    let mut s = runner();
    s.g.corp.identity = c::LEO_CONSTRUCTION.into();
    let bran = s.ice(3, c::BRAN_1_0, true);
    s.root(3, c::OFFWORLD_OFFICE, false);
    let mut m = s.at_action();
    m.run_on(3);
    let leo = format!("leo:{bran}");
    while !m.offers(&leo) {
        match m.kind().as_str() {
            "netrunner.window" => m.pass(),
            _ => m.pick(&["continue"]),
        }
    }
    m.pick(&[&leo]);
    let g = m.game();
    assert!(g.corp.archives.contains(&bran), "the bioroid is trashed");
    assert!(g.runner.score.is_empty(), "the run ended");
    assert!(g.used_this_turn(c::LEO_CONSTRUCTION));
    // Not a bioroid: nothing offered.
    let mut s = runner();
    s.g.corp.identity = c::LEO_CONSTRUCTION.into();
    s.ice(3, c::PALISADE, true);
    let mut m = s.at_action();
    m.run_on(3);
    assert!(!m.option_ids().iter().any(|o| o.starts_with("leo:")));
}

#[test]
fn card_nbn_reality_plus_pays_the_first_tag_each_turn() {
    let mut s = runner();
    s.g.corp.identity = c::NBN.into();
    s.root(3, c::TOMORROWS_HEADLINE, false);
    s.root(4, c::TOMORROWS_HEADLINE, false);
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    assert_eq!(m.kind(), "netrunner.reality_plus");
    m.pick(&["credits"]);
    m.run_on(4);
    m.pick(&["continue"]);
    let g = m.game();
    assert_eq!((g.runner.tags, g.corp.credits), (2, 2), "only the first tag of the turn");
}

#[test]
fn card_nebula_talent_management_flips_after_an_operation_gains_a_click_flipped_and_flips_back_on_hq_or_rd() {
    let mut s = corp().corp_turn(1);
    s.g.corp.identity = c::NEBULA_TALENT_MANAGEMENT.into();
    let h = s.hq(c::HEDGE_FUND);
    s.g.corp.credits = 5;
    let mut m = s.at_action();
    m.play(h);
    let g = m.game();
    assert!(g.corp.flipped, "flipped when the action phase ended");
    assert_eq!(g.corp.credits, 5 - 5 + 9 + 1);

    // Flipped: the first operation each turn gains a click.
    let mut s = corp().corp_turn(2);
    s.g.corp.identity = c::NEBULA_TALENT_MANAGEMENT.into();
    s.g.corp.flipped = true;
    let h1 = s.hq(c::HEDGE_FUND);
    let h2 = s.hq(c::HEDGE_FUND);
    s.g.corp.credits = 10;
    let mut m = s.at_action();
    m.play(h1);
    assert_eq!(m.game().corp.clicks, 2, "1 spent, 1 gained");
    m.play(h2);
    assert_eq!(m.game().corp.clicks, 1, "only the first");

    // Flipped: a successful run on R&D flips it back; on a remote it does not.
    for (server, flipped) in [(3, true), (RD, false)] {
        let mut s = runner();
        s.g.corp.identity = c::NEBULA_TALENT_MANAGEMENT.into();
        s.g.corp.flipped = true;
        s.root(3, c::REGOLITH_MINING_LICENSE, true);
        s.rd(c::HEDGE_FUND);
        let mut m = s.at_action();
        m.run_on(server);
        m.pick(&["continue"]);
        m.pass_windows();
        assert!(m.game().flags.successful_run);
        assert_eq!(m.game().corp.flipped, flipped, "server {server}");
    }
}

#[test]
fn card_nuvem_sa_law_of_the_land_looks_at_rd_after_an_operation_and_gains_2_the_first_time_it_trashes_from_rd() {
    let mut s = corp();
    s.g.corp.identity = c::NUVEM_SA.into();
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
fn card_poetri_luxury_brands_all_the_rage_installs_a_non_agenda_from_rd_on_score_and_from_hq_on_steal() {
    let mut s = corp();
    s.g.corp.identity = c::POETRI_LUXURY_BRANDS.into();
    let a = s.root(3, c::OFFWORLD_OFFICE, false);
    s.g.cards[a as usize].adv = 5;
    let agenda = s.rd(c::OFFWORLD_OFFICE);
    let nico = s.rd(c::NICO_CAMPAIGN);
    let mut m = corp_window(s);
    m.score(a);
    assert!(m.has_event("netrunner.looked"));
    assert!(!m.option_ids().iter().any(|o| o.starts_with(&format!("install:{agenda}"))), "no agenda");
    m.pick(&[&format!("install:{nico}:new")]);
    assert!(m.game().is_installed(nico));

    let mut s = runner();
    s.g.corp.identity = c::POETRI_LUXURY_BRANDS.into();
    s.root(3, c::OFFWORLD_OFFICE, false);
    let nico = s.hq(c::NICO_CAMPAIGN);
    let agenda = s.hq(c::OFFWORLD_OFFICE);
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    assert_eq!(m.seat(), CORP);
    assert!(!m.option_ids().iter().any(|o| o.starts_with(&format!("install:{agenda}"))), "no agenda");
    m.pick(&[&format!("install:{nico}:new")]);
    assert!(m.game().is_installed(nico));
}

#[test]
fn card_pt_untaian_lifes_building_blocks_pays_1_for_a_counter_on_an_unrezzed_card_with_a_small_hq() {
    let mut s = corp();
    s.g.corp.identity = c::PT_UNTAIAN.into();
    let a = s.root(3, c::OFFWORLD_OFFICE, false);
    let mut m = corp_discard_phase(s);
    m.pick(&[&format!("card:{a}")]);
    let g = m.game();
    assert_eq!((g.adv(a), g.corp.credits), (1, 4));
    assert!(g.flags.no_score.contains(&a));
    let mut s = corp();
    s.g.corp.identity = c::PT_UNTAIAN.into();
    s.root(3, c::OFFWORLD_OFFICE, false);
    s.hq_n(c::HEDGE_FUND, 4);
    let m = corp_discard_phase(s);
    assert_ne!(m.kind(), c::CARD_KIND, "4 cards in HQ");
}

#[test]
fn card_synapse_global_faster_than_thought_installs_free_on_the_first_tag_removed_and_sells_tags() {
    let mut s = corp();
    s.g.corp.identity = c::SYNAPSE_GLOBAL.into();
    s.g.runner.tags = 2;
    s.g.corp.credits = 0;
    let pal = s.hq(c::PALISADE);
    s.ice(RD, c::PALISADE, false);
    let mut m = s.at_action();
    m.pick(&["ability:identity"]);
    assert_eq!((m.game().runner.tags, m.game().corp.credits), (1, 2));
    m.pick(&[&format!("install:{pal}:{RD}")]);
    m.pick(&[]); // trash nothing there first
    let g = m.game();
    assert!(g.is_installed(pal) && g.corp.credits == 2, "installed ignoring its install cost");
    assert!(m.has_event("netrunner.revealed"));
    m.pick(&["ability:identity"]);
    let g = m.game();
    assert_eq!((g.runner.tags, g.corp.credits), (0, 4));
    assert_eq!(m.kind(), "netrunner.action", "only the first tag removed each turn");
    // A tag the Runner removes counts too.
    let mut s = runner();
    s.g.corp.identity = c::SYNAPSE_GLOBAL.into();
    s.g.runner.tags = 1;
    s.g.runner.credits = 2;
    let nico = s.hq(c::NICO_CAMPAIGN);
    let mut m = s.at_action();
    m.pick(&["remove-tag"]);
    assert_eq!(m.seat(), CORP);
    m.pick(&[&format!("install:{nico}:new")]);
    assert!(m.game().is_installed(nico));
}

#[test]
fn card_the_syndicate_is_the_corp_starter_identity() {
    let corp = data::deck("syndicate-starter").unwrap();
    assert_eq!(corp.identity.as_str(), c::THE_SYNDICATE);
    assert_eq!(c::def(c::THE_SYNDICATE).name, "The Syndicate");
}

#[test]
fn card_the_zwicky_group_invisible_hands_may_draw_the_first_time_an_operation_or_agenda_gains_credits() {
    let mut s = corp().corp_turn(4);
    s.g.corp.identity = c::THE_ZWICKY_GROUP.into();
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

#[test]
fn card_thunderbolt_armaments_gives_ap_and_destroyer_ice_rezzed_in_a_run_strength_and_a_subroutine() {
    let mut s = runner();
    s.g.corp.identity = c::THUNDERBOLT_ARMAMENTS.into();
    s.g.corp.credits = 6;
    let a = s.installed(c::TELEWORK_CONTRACT);
    let b = s.installed(c::SMARTWARE_DISTRIBUTOR);
    let h = s.ice(HQ, c::HAMMER, false);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(HQ);
    until_offered(&mut m, &format!("rez:{h}"));
    m.rez(h);
    let g = m.game();
    assert_eq!(g.ice_strength(h), 5);
    to_card_question(&mut m);
    // Hammer's second subroutine: the Corp trashes a resource.
    m.pick(&[&format!("trash:{a}")]);
    to_card_question(&mut m);
    // The gained subroutine: the Runner trashes its other card rather than end the run.
    assert_eq!((m.kind().as_str(), m.seat()), (c::CARD_KIND, RUNNER));
    m.pick(&[&format!("trash:{b}")]);
    to_card_question(&mut m);
    let g = m.game();
    assert!(g.flags.successful_run && g.runner.heap.len() == 2 && g.runner.tags == 1);
}

#[test]
fn card_weyland_consortium_built_to_last_gains_2_advancing_a_bare_card() {
    let mut s = corp();
    s.g.corp.identity = c::WEYLAND.into();
    let a = s.root(3, c::OFFWORLD_OFFICE, false);
    let mut m = s.at_action();
    m.pick(&[&format!("advance:{a}")]);
    assert_eq!(m.game().corp.credits, 6);
    m.pick(&[&format!("advance:{a}")]);
    assert_eq!(m.game().corp.credits, 5);
}
