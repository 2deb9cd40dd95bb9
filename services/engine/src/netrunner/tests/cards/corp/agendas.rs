//! One test per card of `cards/corp/agendas.rs` (agendas), named by the card, in title order.

use crate::netrunner::cards::{self as c};
use crate::netrunner::state::{Stage, ARCHIVES, CORP, HQ, RD, RUNNER};
use crate::netrunner::tests::cards::{corp, corp_discard_phase, corp_window, runner, scored, scored_startup_corp, to_card_question, until_offered};
use crate::netrunner::tests::kit::{Match, NetrunnerVerbs};

#[test]
fn card_above_the_law_may_trash_a_resource() {
    let (mut s, a) = scored(c::ABOVE_THE_LAW);
    let r = s.installed(c::TELEWORK_CONTRACT);
    let mut m = corp_window(s);
    m.score(a);
    m.pick(&[&format!("trash:{r}")]);
    assert!(m.game().runner.heap.contains(&r));
}

#[test]
fn card_aggressive_trendsetting_the_first_installed_trash_costs_the_runner_a_click_or_gives_the_corp_one() {
    for spend in [true, false] {
        let mut s = runner();
        let a = s.card(c::AGGRESSIVE_TRENDSETTING);
        s.g.corp.score.push(a);
        s.root(3, c::REGOLITH_MINING_LICENSE, false);
        s.root(4, c::REGOLITH_MINING_LICENSE, false);
        s.g.runner.credits = 10;
        let mut m = s.at_action();
        m.run_on(3);
        m.pick(&["continue"]);
        m.pick(&["trash"]);
        assert_eq!((m.kind().as_str(), m.seat()), (c::CARD_KIND, RUNNER));
        m.pick(&[if spend { "spend" } else { "no" }]);
        m.pass_windows();
        let g = m.game();
        assert_eq!(g.runner.clicks, if spend { 2 } else { 3 });
        assert_eq!(g.next_turn_clicks[CORP as usize], if spend { 0 } else { 1 });
        // The second trash this turn asks nothing.
        m.run_on(4);
        m.pick(&["continue"]);
        m.pick(&["trash"]);
        assert_ne!(m.kind(), c::CARD_KIND);
    }

    // Stealing from Archives an agenda the Corp trashed when installed is no trash by the Runner.
    let mut s = runner();
    let a = s.card(c::AGGRESSIVE_TRENDSETTING);
    s.g.corp.score.push(a);
    let stolen = s.archives(c::ORBITAL_SUPERIORITY, false);
    s.g.last_trashed = Some((stolen, true, false));
    let mut m = s.at_action();
    m.run_on(crate::netrunner::state::ARCHIVES);
    m.pick(&["continue"]);
    m.pass_windows();
    let g = m.game();
    assert!(g.runner.score.contains(&stolen));
    assert_eq!((g.flags.runner_trashed_installed, g.next_turn_clicks[CORP as usize]), (0, 0));
}

#[test]
fn card_embedded_reporting_spends_a_counter_to_put_an_operation_from_r_and_d_on_top() {
    let mut s = corp().corp_turn(0);
    let e = s.card(c::EMBEDDED_REPORTING);
    s.g.corp.score.push(e);
    s.g.cards[e as usize].agenda = 2;
    s.rd(c::PALISADE);
    s.rd(c::PALISADE);
    let op = s.rd(c::HEDGE_FUND);
    let mut m = s.start(Stage::Discard);
    assert_eq!((m.kind().as_str(), m.seat()), (c::CARD_KIND, CORP));
    m.pick(&["search"]);
    assert_eq!(m.kind(), c::SEARCH_KIND);
    m.pick(&[&format!("search:{op}")]);
    m.draw(&[1, 0]);
    let g = m.game();
    assert_eq!(g.corp.rd.first(), Some(&op), "on top after the shuffle");
    assert_eq!((g.corp.rd.len(), g.cards[e as usize].agenda), (3, 1));
    assert!(m.has_event("netrunner.revealed"));
}

#[test]
fn card_eminent_domain_expends_to_install_and_rez_5_less_and_installs_and_rezzes_a_found_card_free_when_scored() {
    let mut s = corp();
    let ed = s.hq(c::EMINENT_DOMAIN);
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
    let ed = s.root(3, c::EMINENT_DOMAIN, false);
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

#[test]
fn card_fujii_asset_retrieval_does_2_net_damage_when_scored_or_stolen() {
    let mut s = runner();
    s.root(3, c::FUJII_ASSET_RETRIEVAL, false);
    s.grip_n(c::SURE_GAMBLE, 3);
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    m.draw(&[0]);
    m.draw(&[0]);
    let g = m.game();
    assert_eq!((g.runner.score.len(), g.runner.heap.len(), g.runner.grip.len()), (1, 2, 1));

    let mut s = corp();
    let f = s.root(3, c::FUJII_ASSET_RETRIEVAL, false);
    s.g.cards[f as usize].adv = 5;
    s.grip(c::SURE_GAMBLE);
    s.grip(c::SURE_GAMBLE);
    let mut m = corp_window(s);
    m.score(f);
    m.draw(&[0]);
    m.draw(&[0]);
    let g = m.game();
    assert_eq!((g.corp.points, g.runner.heap.len()), (3, 2));
}

#[test]
fn card_greenmail_gains_2_when_scored_and_4_when_forfeited() {
    let mut s = corp();
    let gm = s.root(3, c::GREENMAIL, false);
    s.g.cards[gm as usize].adv = 2;
    let mut m = corp_window(s);
    m.score(gm);
    assert_eq!(m.game().corp.credits, 7);
    let mut s = runner();
    s.g.corp.credits = 4;
    let gm = scored_startup_corp(&mut s, c::GREENMAIL, 0);
    s.g.corp.points = 1;
    let b = s.ice(RD, c::BIAWAK, false);
    let mut m = s.at_action();
    m.run_on(RD);
    m.pick(&[&format!("rez-forfeit:{b}:{gm}")]);
    let g = m.game();
    assert_eq!((g.corp.credits, g.corp.points), (4, 0));
    assert!(g.corp.removed.contains(&gm) && g.rezzed(b));
}

#[test]
fn card_kingmaking_draws_up_to_3_and_adds_a_small_agenda_to_the_score_area() {
    let mut s = corp();
    let k = s.root(3, c::KINGMAKING, false);
    s.g.cards[k as usize].adv = 4;
    let big = s.hq(c::OFFWORLD_OFFICE);
    let small = s.hq(c::SUPERCONDUCTING_HUB);
    s.rd(c::HEDGE_FUND);
    s.rd(c::HEDGE_FUND);
    let mut m = corp_window(s);
    m.score(k);
    assert!(!m.offers("draw:3"), "R&D holds 2");
    m.pick(&["draw:2"]);
    assert_eq!(m.game().corp.hq.len(), 4);
    assert!(!m.offers(&format!("card:{big}")), "2 points is too many");
    m.pick(&[&format!("card:{small}")]);
    let g = m.game();
    assert_eq!((g.corp.points, g.corp.score.len()), (3, 2));
}

#[test]
fn card_lightning_laboratory_rezzes_2_ice_free_on_a_run_and_derezzes_them_when_the_turn_ends() {
    let mut s = runner().runner_turn(2);
    let lab = s.card(c::LIGHTNING_LABORATORY);
    s.g.corp.score.push(lab);
    s.g.cards[lab as usize].agenda = 1;
    let inner = s.ice(RD, c::PALISADE, false);
    let outer = s.ice(RD, c::PALISADE, false);
    s.rd(c::HEDGE_FUND);
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(RD);
    assert_eq!((m.kind().as_str(), m.seat()), (c::CARD_KIND, CORP));
    m.pick(&[&format!("rez:{inner}"), &format!("rez:{outer}")]);
    // The outer Palisade ended the run; the Runner is back in its action phase.
    let g = m.game();
    assert!(g.run.is_none() && g.active == RUNNER);
    assert!(g.rezzed(inner) && g.rezzed(outer));
    assert_eq!((g.corp.credits, g.cards[lab as usize].agenda), (0, 0), "ignoring all costs, 1 counter spent");
    m.pick(&["credit"]);
    let g = m.game();
    assert!(g.active == CORP && !g.rezzed(inner) && !g.rezzed(outer), "derezzed when the Runner's turn ended");

    // Declining keeps the counter and sets up nothing.
    let mut s = runner();
    let lab = s.card(c::LIGHTNING_LABORATORY);
    s.g.corp.score.push(lab);
    s.g.cards[lab as usize].agenda = 1;
    s.ice(RD, c::PALISADE, false);
    s.rd(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(RD);
    m.pick(&[]);
    let g = m.game();
    assert!(g.flags.at_turn_end.is_empty() && g.cards[lab as usize].agenda == 1);
}

#[test]
fn card_longevity_serum_trashes_from_hq_and_shuffles_archives_back() {
    let (mut s, a) = scored(c::LONGEVITY_SERUM);
    let h = s.hq(c::HEDGE_FUND);
    let x = s.archives(c::PALISADE, true);
    s.rd(c::HEDGE_FUND);
    let mut m = corp_window(s);
    m.score(a);
    m.pick(&[&format!("card:{h}")]);
    assert_eq!(m.kind(), "netrunner.archives_to_rd");
    m.pick(&[&format!("card:{x}")]);
    m.draw(&[1, 0]);
    let g = m.game();
    assert!(g.corp.rd.contains(&x) && g.corp.archives == vec![h]);
}

#[test]
fn card_luminal_transubstantiation_gives_3_clicks_and_stops_scoring() {
    let (mut s, a) = scored(c::LUMINAL_TRANSUBSTANTIATION);
    let b = s.root(4, c::OFFWORLD_OFFICE, false);
    s.g.cards[b as usize].adv = 5;
    let mut m = corp_window(s);
    m.score(a);
    assert_eq!(m.game().corp.clicks, 6);
    assert!(!m.offers(&format!("score:{b}")));
}

#[test]
fn card_next_big_thing_spends_its_counter_from_either_score_area_to_draw_4() {
    let mut s = corp();
    let n = s.root(3, c::NEXT_BIG_THING, false);
    s.g.cards[n as usize].adv = 5;
    let mut m = corp_window(s);
    m.score(n);
    assert_eq!(m.game().cards[n as usize].agenda, 1);
    let mut s = corp();
    let n = s.card(c::NEXT_BIG_THING);
    s.g.cards[n as usize].agenda = 1;
    s.g.runner.score.push(n);
    let x = s.hq(c::HEDGE_FUND);
    s.rd_n(c::HEDGE_FUND, 4);
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{n}")]);
    assert_eq!(m.game().corp.hq.len(), 5);
    m.pick(&[&format!("card:{x}")]);
    let g = m.game();
    assert_eq!((g.corp.hq.len(), g.corp.rd.clone(), g.cards[n as usize].agenda), (4, vec![x], 0));
    assert!(!m.offers(&format!("ability:{n}")), "no counter left");
}

#[test]
fn card_off_the_books_searches_r_and_d_to_install_for_free() {
    let mut s = corp();
    let ob = scored_startup_corp(&mut s, c::OFF_THE_BOOKS, 1);
    let p = s.rd(c::PALISADE);
    s.rd(c::HEDGE_FUND);
    s.rd(c::HEDGE_FUND);
    s.ice(0, c::PALISADE, false);
    s.g.corp.credits = 0;
    let mut m = corp_discard_phase(s);
    m.pick(&[&format!("search:{p}")]);
    m.draw(&[1, 0]);
    m.pick(&[&format!("install:{p}:new")]);
    let g = m.game();
    assert!(g.is_installed(p) && g.cards[ob as usize].agenda == 0);
    assert!(m.has_event("netrunner.revealed"));
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
fn card_oracle_thinktank_tags_when_stolen_and_goes_back_to_r_and_d_for_a_tag() {
    let mut s = runner();
    s.root(3, c::ORACLE_THINKTANK, false);
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    assert_eq!(m.game().runner.tags, 1);
    let mut s = corp();
    let o = s.card(c::ORACLE_THINKTANK);
    s.g.runner.score.push(o);
    s.g.runner.points = 1;
    let mut m = s.at_action();
    assert!(!m.offers(&format!("ability:{o}")), "the Runner must be tagged");
    let mut s = corp();
    let o = s.card(c::ORACLE_THINKTANK);
    s.g.runner.score.push(o);
    s.g.runner.points = 1;
    s.g.runner.tags = 1;
    m = s.at_action();
    m.pick(&[&format!("ability:{o}")]);
    let g = m.game();
    assert_eq!((g.runner.tags, g.runner.points, g.corp.rd.clone()), (0, 0, vec![o]));
    assert!(g.runner.score.is_empty());
}

#[test]
fn card_orbital_superiority_tags_or_does_4_meat_to_a_tagged_runner() {
    let (s, a) = scored(c::ORBITAL_SUPERIORITY);
    let mut m = corp_window(s);
    m.score(a);
    assert_eq!(m.game().runner.tags, 1);
    let (mut s, a) = scored(c::ORBITAL_SUPERIORITY);
    s.g.runner.tags = 1;
    s.grip_n(c::SURE_GAMBLE, 5);
    let mut m = corp_window(s);
    m.score(a);
    for _ in 0..4 {
        m.draw(&[0]);
    }
    assert_eq!(m.game().runner.grip.len(), 1);
}

#[test]
fn card_project_ingatan_installs_from_archives_for_a_counter() {
    let mut s = corp();
    let pi = scored_startup_corp(&mut s, c::PROJECT_INGATAN, 1);
    let n = s.archives(c::NICO_CAMPAIGN, false);
    let mut m = corp_discard_phase(s);
    m.pick(&[&format!("install:{n}:new")]);
    let g = m.game();
    assert!(g.is_installed(n) && g.cards[pi as usize].agenda == 0);
    let mut s = corp();
    let pi = s.root(3, c::PROJECT_INGATAN, false);
    s.g.cards[pi as usize].adv = 3;
    let m = {
        let mut m = corp_window(s);
        m.score(pi);
        m
    };
    assert_eq!(m.game().cards[pi as usize].agenda, 0, "no excess counter, no dividend");
}

#[test]
fn card_proprionegation_gets_a_counter_and_spends_it_to_move_the_runner_to_archives() {
    let mut s = corp();
    let p = s.root(3, c::PROPRIONEGATION, false);
    s.g.cards[p as usize].adv = 4;
    let mut m = corp_window(s);
    m.score(p);
    assert_eq!(m.game().cards[p as usize].agenda, 1);

    let mut s = runner();
    let p = s.card(c::PROPRIONEGATION);
    s.g.corp.score.push(p);
    s.g.cards[p as usize].agenda = 1;
    s.ice(HQ, c::VIRTUAL_SERVICE_AGENT, true);
    s.ice(ARCHIVES, c::TITHE, true);
    s.grip(c::SURE_GAMBLE);
    let mut m = s.at_action();
    m.run_on(HQ);
    until_offered(&mut m, &format!("proprionegation:{p}"));
    m.pick(&[&format!("proprionegation:{p}")]);
    assert_eq!(m.game().run.as_ref().map(|r| r.server), Some(ARCHIVES));
    to_card_question(&mut m);
    m.draw(&[0]); // Tithe's net damage: the Runner approached and encountered it
    to_card_question(&mut m);
    let g = m.game();
    assert!(g.flags.successful_run && g.cards[p as usize].agenda == 0 && g.runner.heap.len() == 1);
    assert_eq!((g.runner.credits, g.corp.credits), (5, 1), "HQ's ice was never encountered");
}

#[test]
fn card_salvo_testing_may_do_core_damage_whenever_an_agenda_is_scored() {
    let mut s = corp();
    let st = s.root(3, c::SALVO_TESTING, false);
    s.g.cards[st as usize].adv = 5;
    let o = s.root(4, c::OFFWORLD_OFFICE, false);
    s.g.cards[o as usize].adv = 4;
    s.grip(c::SURE_GAMBLE);
    s.grip(c::SURE_GAMBLE);
    let mut m = corp_window(s);
    m.score(st);
    m.pick(&["yes"]);
    m.draw(&[0]);
    assert_eq!(m.game().runner.core_damage, 1, "including itself");
    m.score(o);
    m.pick(&["no"]);
    m.pass_windows();
    assert_eq!(m.game().runner.core_damage, 1);
}

#[test]
fn card_see_how_they_run_psi_bids_never_exceed_credits() {
    let m = see_how_they_run_scored(1);
    assert_eq!(m.option_ids(), ["bid:0", "bid:1"], "the Corp cannot bid more than it has");
}

#[test]
fn card_see_how_they_run_tags_then_psi_game_differ_core_damage_match_net_damage() {
    let mut m = see_how_they_run_scored(5);
    assert_eq!(m.game().runner.tags, 1);
    assert_eq!((m.kind().as_str(), m.seat()), ("netrunner.psi_corp", CORP));
    assert_eq!(m.option_ids(), ["bid:0", "bid:1", "bid:2"]);
    m.pick(&["bid:2"]);
    assert_eq!((m.kind().as_str(), m.seat()), ("netrunner.psi_runner", RUNNER));
    m.pick(&["bid:1"]);
    assert!(m.has_event("netrunner.psi"));
    m.draw(&[0]);
    let g = m.game();
    assert_eq!((g.corp.credits, g.runner.credits), (3, 4), "both bids are spent");
    assert_eq!((g.runner.core_damage, g.runner.heap.len()), (1, 1), "the bids differ: 1 core damage");

    let mut m = see_how_they_run_scored(5);
    m.pick(&["bid:1"]);
    m.pick(&["bid:1"]);
    m.draw(&[0]);
    let g = m.game();
    assert_eq!((g.runner.core_damage, g.runner.heap.len()), (0, 1), "the bids match: 1 net damage");
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
fn card_sericulture_expansion_pays_dividends_and_spends_them_on_2_counters() {
    let mut s = corp();
    let se = s.root(3, c::SERICULTURE_EXPANSION, false);
    s.g.cards[se as usize].adv = 5;
    let mut m = corp_window(s);
    m.score(se);
    assert_eq!(m.game().cards[se as usize].agenda, 2, "Dividends 1: 2 counters over 3");
    let mut s = corp();
    scored_startup_corp(&mut s, c::SERICULTURE_EXPANSION, 1);
    let a = s.root(4, c::OFFWORLD_OFFICE, false);
    s.g.cards[a as usize].adv = 2;
    let mut m = corp_discard_phase(s);
    m.pick(&[&format!("card:{a}")]);
    let g = m.game();
    assert_eq!(g.adv(a), 4);
    assert!(g.flags.no_score.contains(&a), "it cannot be scored this turn");
}

#[test]
fn card_sisyphus_protocol_makes_the_runner_encounter_a_passed_code_gate_again_once_a_turn() {
    let mut s = runner();
    s.g.corp.credits = 1;
    let sp = s.card(c::SISYPHUS_PROTOCOL);
    s.g.corp.score.push(sp);
    s.ice(HQ, c::VIRTUAL_SERVICE_AGENT, true);
    s.hq(c::HEDGE_FUND);
    let mut m = s.at_action();
    m.run_on(HQ);
    to_card_question(&mut m);
    assert_eq!((m.kind().as_str(), m.seat()), (c::CARD_KIND, CORP));
    m.pick(&["pay"]);
    to_card_question(&mut m);
    let g = m.game();
    // Two encounters (1 credit each), two passes (1 tag each), and only one question.
    assert_eq!((g.runner.credits, g.runner.tags, g.corp.credits), (3, 2, 0));
    assert!(g.flags.successful_run && m.has_event("netrunner.encounter_again"));
}

#[test]
fn card_slash_and_burn_agriculture_is_expended_for_2_counters() {
    let mut s = corp();
    let sb = s.hq(c::SLASH_AND_BURN_AGRICULTURE);
    let a = s.root(3, c::OFFWORLD_OFFICE, false);
    let mut m = s.at_action();
    m.pick(&[&format!("ability:{sb}")]);
    m.pick(&[&format!("card:{a}")]);
    let g = m.game();
    assert_eq!((g.adv(a), g.corp.credits, g.corp.clicks), (2, 4, 2));
    assert!(g.corp.archives.contains(&sb) && g.cards[sb as usize].faceup && m.has_event("netrunner.expended"));
}

#[test]
fn card_stegodon_mk_iv_derezzes_ice_elsewhere_for_1_and_weakens_icebreakers_that_run() {
    let mut s = runner();
    let st = s.card(c::STEGODON_MK_IV);
    s.g.corp.score.push(st);
    let hq_ice = s.ice(crate::netrunner::state::HQ, c::PALISADE, true);
    s.ice(RD, c::PALISADE, false);
    s.rd(c::HEDGE_FUND);
    let b = s.installed(c::CLEAVER);
    let strength = s.g.breaker_strength(b);
    let mut m = s.at_action();
    m.run_on(RD);
    assert_eq!((m.kind().as_str(), m.seat()), (c::CARD_KIND, CORP));
    m.pick(&[&format!("derez:{hq_ice}")]);
    let g = m.game();
    assert!(!g.rezzed(hq_ice));
    assert_eq!(g.corp.credits, 1);
    assert_eq!(g.breaker_strength(b), strength - 2, "an ice was derezzed during this run");
    m.pass_windows();
    assert_eq!(m.kind(), "netrunner.continue");
    m.pick(&["jack_out"]);
    m.pass_windows();
    assert_eq!(m.game().breaker_strength(b), strength);
    // Once per turn: the next run asks nothing.
    m.run_on(RD);
    assert_eq!(m.kind(), "netrunner.continue", "no question: the unrezzed ice is passed");
}

#[test]
fn card_stoke_the_embers_gains_3_and_advances_when_scored_and_may_reveal_when_installed_not_from_hq() {
    let mut s = corp();
    s.g.corp.credits = 0;
    let a = s.root(3, c::STOKE_THE_EMBERS, false);
    s.g.cards[a as usize].adv = 4;
    let ice = s.ice(HQ, c::PALISADE, false);
    let mut m = corp_window(s);
    m.score(a);
    m.pick(&[&format!("card:{ice}")]);
    let g = m.game();
    assert_eq!((g.corp.credits, g.adv(ice)), (3, 1));

    // Installed from Archives (The Powers That Be): the Corp may reveal it.
    let mut s = corp();
    s.g.corp.credits = 0;
    s.root(3, c::THE_POWERS_THAT_BE, true);
    let o = s.root(4, c::OFFWORLD_OFFICE, false);
    s.g.cards[o as usize].adv = 4;
    let stoke = s.archives(c::STOKE_THE_EMBERS, true);
    let ice = s.ice(HQ, c::PALISADE, false);
    let mut m = corp_window(s);
    m.score(o);
    m.pick(&[&format!("install:{stoke}:new")]);
    assert_eq!(m.kind(), c::CARD_KIND);
    m.pick(&["reveal"]);
    m.pick(&[&format!("card:{ice}")]);
    let g = m.game();
    assert!(g.is_installed(stoke));
    assert_eq!((g.corp.credits, g.adv(ice)), (7 + 2, 1));
    assert!(m.log.iter().any(|e| e.kind == "netrunner.revealed" && e.detail["card"] == stoke));

    // Installed from HQ: nothing to reveal.
    let mut s = corp();
    let h = s.hq(c::STOKE_THE_EMBERS);
    let mut m = s.at_action();
    m.install(h);
    assert_ne!(m.kind(), c::CARD_KIND);
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
fn card_the_basalt_spire_trades_a_counter_and_rd_top_for_archives_once_a_turn() {
    let mut s = corp();
    let b = s.root(3, c::THE_BASALT_SPIRE, false);
    s.g.cards[b as usize].adv = 5;
    let top = s.rd(c::HEDGE_FUND);
    s.rd(c::HEDGE_FUND);
    let x = s.archives(c::PALISADE, true);
    let mut m = corp_window(s);
    m.score(b);
    assert_eq!(m.game().cards[b as usize].agenda, 2);
    m.pick(&[&format!("basalt:{b}")]);
    assert!(m.offers(&format!("take:{top}")), "the trashed card can be the one taken");
    m.pick(&[&format!("take:{x}")]);
    let g = m.game();
    assert_eq!(g.cards[b as usize].agenda, 1);
    assert!(g.corp.hq.contains(&x) && g.corp.archives == vec![top]);
    assert!(!m.offers(&format!("basalt:{b}")), "once per turn");
    let mut s = runner();
    s.root(3, c::THE_BASALT_SPIRE, false);
    let x = s.archives(c::PALISADE, false);
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    assert_eq!(m.seat(), CORP);
    m.pick(&[&format!("take:{x}")]);
    assert!(m.game().corp.hq.contains(&x), "stolen: the Corp may take a card from Archives");
}

#[test]
fn card_tomorrows_headline_tags_when_stolen() {
    let mut s = runner();
    s.root(3, c::TOMORROWS_HEADLINE, false);
    let mut m = s.at_action();
    m.run_on(3);
    m.pick(&["continue"]);
    assert_eq!(m.game().runner.tags, 1);
}

/// See How They Run scored from a remote: 1 tag, then the Corp's secret bid is asked.
pub(crate) fn see_how_they_run_scored(corp_credits: i64) -> Match {
    let mut s = corp();
    s.g.corp.credits = corp_credits;
    let a = s.root(3, c::SEE_HOW_THEY_RUN, false);
    s.g.cards[a as usize].adv = 4;
    s.grip_n(c::SURE_GAMBLE, 3);
    let mut m = corp_window(s);
    m.score(a);
    m
}
