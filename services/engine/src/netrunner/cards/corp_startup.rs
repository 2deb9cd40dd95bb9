//! The Corp's Startup cards but ice (The Automata Initiative, Rebellion Without Rehearsal,
//! Elevation): one row each in [`DEFS`], with the functions a row names below it. Ice is in
//! `ice_startup.rs`. Every question asked here is of the one kind [`CARD_KIND`].

use serde_json::json;

use super::helpers::{
    agenda_counters, arrange_rd_top_answer, arrange_rd_top_ask, card_options, corp_install_options, corp_play_options, damage, expend, expend_offers,
    faceup_archive_types, first, gain_clicks, hq_to_rd_top, note, opt, picked, place_adv, search_deck_answer, search_deck_ask, take_or_trash, threat,
};
use super::{
    ask_later, end_the_run, give_tags, Answer, Ask, CardDef, Click, Ctx, Effect, PaidAbility, Play, Prompt, Question, Static, Targets, Then, When, BLANK,
    CARD_KIND,
};
use crate::core::{Event, RulesError};
use crate::netrunner::data::CardType;
use crate::netrunner::state::{CorpZone, DamageKind, Game, Task, CORP, RUNNER};

pub const STEGODON_MK_IV: &str = "34032";
pub const LIGHTNING_LABORATORY: &str = "34097";
pub const WARM_RECEPTION: &str = "34098";
pub const BRASILIA_GOVERNMENT_GRID: &str = "34104";
pub const PUBLIC_ACCESS_PLAZA: &str = "35062";
pub const AGGRESSIVE_TRENDSETTING: &str = "35037";
pub const NEBULA_TALENT_MANAGEMENT: &str = "35057";
pub const ISAAC_LIBERDADE: &str = "34129";
pub const THE_HOLO_MAN: &str = "34120";
pub const MERCIA_B4LL4RD: &str = "35045";
pub const VOVO_OZETTI: &str = "34038";
pub const EMBEDDED_REPORTING: &str = "35059";
pub const FUJII_ASSET_RETRIEVAL: &str = "34040";
pub const YOUR_DIGITAL_LIFE: &str = "34056";
pub const ARMED_ASSET_PROTECTION: &str = "34061";
pub const NANOMANAGEMENT: &str = "35043";
pub const OTTO_CAMPAIGN: &str = "35040";
pub const ANTHILL_EXCAVATION_CONTRACT: &str = "35072";
pub const MINDSCAPING: &str = "34045";
pub const MEASURED_RESPONSE: &str = "35078";
pub const IDIOSYNCRESIS: &str = "35061";
pub const CHARLOTTE_CACADOR: &str = "34107";
pub const BIGGER_PICTURE: &str = "35065";
pub const B_1001: &str = "34065";
pub const TOP_DOWN_SOLUTIONS: &str = "35044";
pub const GREASING_THE_PALM: &str = "34037";
pub const BEHOLD: &str = "34051";
pub const BYTE: &str = "35050";
pub const KINGMAKING: &str = "34113";
pub const JK_DUMONT_KINDELAN: &str = "34115";
pub const FEDERAL_FUNDRAISING: &str = "34052";
pub const BALANCED_COVERAGE: &str = "34050";
pub const COHORT_GUIDANCE_PROGRAM: &str = "34108";
pub const HEARTS_AND_MINDS: &str = "34124";
pub const PEER_REVIEW: &str = "35055";
pub const BUSINESS_AS_USUAL: &str = "34128";
pub const ORACLE_THINKTANK: &str = "34049";
pub const NEXT_BIG_THING: &str = "35060";
pub const THE_BASALT_SPIRE: &str = "34123";
pub const SLASH_AND_BURN_AGRICULTURE: &str = "34057";
pub const ANGELIQUE_GARZA_CORREA: &str = "34063";
pub const SALVO_TESTING: &str = "34031";
pub const THE_POWERS_THAT_BE: &str = "34130";
pub const SERICULTURE_EXPANSION: &str = "35049";
pub const OFF_THE_BOOKS: &str = "35071";
pub const PROJECT_INGATAN: &str = "35038";
pub const PT_UNTAIAN: &str = "35047";
pub const CORPORATE_HOSPITALITY: &str = "34103";
pub const TOUCH_UPS: &str = "35067";
pub const WORKING_PROTOTYPE: &str = "34099";
pub const GREENMAIL: &str = "35070";
pub const OPPO_RESEARCH: &str = "34055";
pub const ACTIVE_POLICING: &str = "34102";
pub const EPIPHANY_ANALYTICA: &str = "34048";
pub const POETRI_LUXURY_BRANDS: &str = "35036";
pub const PHAT_GIOAN_BAOTIXITA: &str = "35051";
pub const LEO_CONSTRUCTION: &str = "35035";
pub const SUDDEN_COMMANDMENT: &str = "34119";
pub const HUMANOID_RESOURCES: &str = "35039";
pub const PIVOT: &str = "34062";
pub const SYNAPSE_GLOBAL: &str = "35058";
pub const KEY_PERFORMANCE_INDICATORS: &str = "35077";

/// The Corp's Startup rows (after System Gateway's in trigger order).
pub static DEFS: &[CardDef] = &[
    // --- identities
    CardDef {
        code: PT_UNTAIAN,
        name: "PT Untaian: Life's Building Blocks",
        events: &[(When::CorpDiscarded, Effect::Ask(0))],
        asks: &[Ask::Own(Prompt { ask: untaian_ask, answer: untaian_answer })],
        ..BLANK
    },
    // --- agendas
    CardDef { code: FUJII_ASSET_RETRIEVAL, name: "Fujii Asset Retrieval", on_score: Effect::NetDamage(2), on_steal: Effect::NetDamage(2), ..BLANK },
    CardDef {
        code: KINGMAKING,
        name: "Kingmaking",
        on_score: Effect::Ask(0),
        asks: &[
            Ask::Own(Prompt { ask: kingmaking_draw_ask, answer: kingmaking_draw_answer }),
            Ask::Own(Prompt { ask: kingmaking_agenda_ask, answer: kingmaking_agenda_answer }),
        ],
        ..BLANK
    },
    CardDef { code: GREENMAIL, name: "Greenmail", on_score: Effect::Gain(CORP, 2), events: &[(When::Forfeited, Effect::Gain(CORP, 4))], ..BLANK },
    CardDef {
        code: ORACLE_THINKTANK,
        name: "Oracle Thinktank",
        on_steal: Effect::Tags(1),
        click: Some(Click { offers: oracle_offers, effect: Effect::Custom(oracle_thinktank) }),
        ..BLANK
    },
    CardDef {
        code: NEXT_BIG_THING,
        name: "Next Big Thing",
        on_score: Effect::Custom(one_agenda_counter),
        on_steal: Effect::Custom(one_agenda_counter),
        click: Some(Click { offers: next_big_thing_offers, effect: Effect::Custom(next_big_thing) }),
        asks: &[Ask::Own(Prompt { ask: next_big_thing_ask, answer: next_big_thing_answer })],
        ..BLANK
    },
    CardDef {
        code: THE_BASALT_SPIRE,
        name: "The Basalt Spire",
        on_score: Effect::Custom(two_agenda_counters),
        on_steal: Effect::Ask(0),
        paid: Some(PaidAbility { offers: basalt_offers, effect: Effect::Custom(basalt_spire) }),
        asks: &[Ask::Own(Prompt { ask: archives_to_hq_ask, answer: archives_to_hq_answer })],
        ..BLANK
    },
    CardDef {
        code: SLASH_AND_BURN_AGRICULTURE,
        name: "Slash and Burn Agriculture",
        click: Some(Click { offers: plain_expend_offers, effect: Effect::Custom(slash_and_burn) }),
        asks: &[Ask::Own(Prompt { ask: slash_and_burn_ask, answer: slash_and_burn_answer })],
        ..BLANK
    },
    CardDef {
        code: SALVO_TESTING,
        name: "Salvo Testing",
        events: &[(When::CorpScores, Effect::Ask(0))],
        asks: &[Ask::Own(Prompt { ask: salvo_ask, answer: salvo_answer })],
        ..BLANK
    },
    CardDef {
        code: SERICULTURE_EXPANSION,
        name: "Sericulture Expansion",
        statics: &[Static::Dividends(1)],
        events: &[(When::CorpDiscarded, Effect::Ask(0))],
        asks: &[Ask::Own(Prompt { ask: sericulture_ask, answer: sericulture_answer })],
        ..BLANK
    },
    CardDef {
        code: OFF_THE_BOOKS,
        name: "Off the Books",
        statics: &[Static::Dividends(1)],
        events: &[(When::CorpDiscarded, Effect::Ask(0))],
        asks: &[
            Ask::Own(Prompt { ask: off_the_books_ask, answer: off_the_books_answer }),
            Ask::Own(Prompt { ask: off_the_books_install_ask, answer: install_answer }),
        ],
        ..BLANK
    },
    CardDef {
        code: PROJECT_INGATAN,
        name: "Project Ingatan",
        statics: &[Static::Dividends(1)],
        events: &[(When::CorpDiscarded, Effect::Ask(0))],
        asks: &[Ask::Own(Prompt { ask: ingatan_ask, answer: ingatan_answer })],
        ..BLANK
    },
    // --- assets
    CardDef {
        code: THE_POWERS_THAT_BE,
        name: "The Powers That Be",
        events: &[(When::CorpScores, Effect::Ask(0))],
        asks: &[Ask::Own(Prompt { ask: powers_that_be_ask, answer: install_answer })],
        ..BLANK
    },
    CardDef {
        code: JK_DUMONT_KINDELAN,
        name: "Janaína “JK” Dumont Kindelán",
        events: &[(When::TurnBegin, Effect::Load(3))],
        click: Some(Click { offers: jk_offers, effect: Effect::Custom(jk_to_hq) }),
        asks: &[Ask::Own(Prompt { ask: install_from_hq_ask, answer: install_answer })],
        ..BLANK
    },
    CardDef {
        code: FEDERAL_FUNDRAISING,
        name: "Federal Fundraising",
        // Last pushed first: arrange, then the draw.
        events: &[(When::TurnBegin, Effect::All(&[Effect::Ask(1), Effect::Custom(fundraising_look)]))],
        asks: &[
            Ask::Own(Prompt { ask: fundraising_arrange_ask, answer: fundraising_arrange_answer }),
            Ask::Own(Prompt { ask: fundraising_draw_ask, answer: fundraising_draw_answer }),
        ],
        ..BLANK
    },
    CardDef {
        code: BALANCED_COVERAGE,
        name: "Balanced Coverage",
        events: &[(When::TurnBegin, Effect::Ask(0))],
        asks: &[
            Ask::Own(Prompt { ask: coverage_type_ask, answer: coverage_type_answer }),
            Ask::Own(Prompt { ask: coverage_reveal_ask, answer: coverage_reveal_answer }),
        ],
        ..BLANK
    },
    CardDef {
        code: COHORT_GUIDANCE_PROGRAM,
        name: "Cohort Guidance Program",
        events: &[(When::TurnBegin, Effect::Ask(0))],
        asks: &[Ask::Own(Prompt { ask: cohort_ask, answer: cohort_answer }), Ask::Own(Prompt { ask: cohort_counter_ask, answer: place_counter_answer })],
        ..BLANK
    },
    CardDef {
        code: HEARTS_AND_MINDS,
        name: "Hearts and Minds",
        // Last pushed first: the move (its source, then its target), then the extra counter.
        events: &[(When::TurnBegin, Effect::All(&[Effect::Ask(2), Effect::Ask(0)]))],
        asks: &[
            Ask::Own(Prompt { ask: hearts_from_ask, answer: hearts_from_answer }),
            Ask::Own(Prompt { ask: hearts_to_ask, answer: hearts_to_answer }),
            Ask::Own(Prompt { ask: hearts_extra_ask, answer: place_counter_answer }),
        ],
        ..BLANK
    },
    CardDef { code: OTTO_CAMPAIGN, name: "Otto Campaign", on_rez: Effect::Load(6), events: &[(When::TurnBegin, Effect::Custom(otto_campaign))], ..BLANK },
    CardDef {
        code: ANTHILL_EXCAVATION_CONTRACT,
        name: "Anthill Excavation Contract",
        on_rez: Effect::Load(8),
        events: &[(When::TurnBegin, Effect::Custom(anthill))],
        ..BLANK
    },
    CardDef {
        code: IDIOSYNCRESIS,
        name: "Idiosyncresis",
        statics: &[Static::Advanceable],
        events: &[(When::TurnBegin, Effect::Ask(0))],
        asks: &[Ask::Own(Prompt { ask: idiosyncresis_ask, answer: idiosyncresis_answer })],
        ..BLANK
    },
    CardDef {
        code: CHARLOTTE_CACADOR,
        name: "Charlotte Caçador",
        statics: &[Static::Advanceable],
        events: &[(When::TurnBegin, Effect::Ask(0))],
        paid: Some(PaidAbility { offers: charlotte_offers, effect: Effect::Custom(charlotte_trash) }),
        asks: &[Ask::Own(Prompt { ask: charlotte_ask, answer: charlotte_answer })],
        ..BLANK
    },
    CardDef { code: B_1001, name: "B-1001", paid: Some(PaidAbility { offers: b_1001_offers, effect: Effect::Custom(b_1001) }), ..BLANK },
    CardDef {
        code: BEHOLD,
        name: "Behold!",
        on_access: Effect::Custom(ambush_accessed),
        asks: &[Ask::Own(Prompt { ask: ambush_ask, answer: behold_answer })],
        ..BLANK
    },
    CardDef {
        code: BYTE,
        name: "Byte!",
        on_access: Effect::Custom(ambush_accessed),
        asks: &[Ask::Own(Prompt { ask: ambush_ask, answer: byte_answer })],
        ..BLANK
    },
    CardDef {
        code: WORKING_PROTOTYPE,
        name: "Working Prototype",
        events: &[(When::Rez, Effect::Custom(working_prototype_counter))],
        click: Some(Click { offers: working_prototype_offers, effect: Effect::Custom(working_prototype) }),
        asks: &[Ask::Own(Prompt { ask: working_prototype_ask, answer: working_prototype_answer })],
        ..BLANK
    },
    CardDef {
        code: ANGELIQUE_GARZA_CORREA,
        name: "Angelique Garza Correa",
        click: Some(Click { offers: angelique_offers, effect: Effect::Custom(angelique_expend) }),
        on_access: Effect::Custom(angelique_accessed),
        asks: &[Ask::Own(Prompt { ask: angelique_ask, answer: angelique_answer })],
        ..BLANK
    },
    // --- operations
    CardDef {
        code: YOUR_DIGITAL_LIFE,
        name: "Your Digital Life",
        play: Some(Play { targets: Targets::None, effect: Effect::Custom(your_digital_life) }),
        ..BLANK
    },
    CardDef {
        code: ARMED_ASSET_PROTECTION,
        name: "Armed Asset Protection",
        play: Some(Play { targets: Targets::None, effect: Effect::Custom(armed_asset_protection) }),
        ..BLANK
    },
    CardDef { code: NANOMANAGEMENT, name: "Nanomanagement", play: Some(Play { targets: Targets::None, effect: Effect::Custom(nanomanagement) }), ..BLANK },
    CardDef {
        code: MINDSCAPING,
        name: "Mindscaping",
        play: Some(Play { targets: Targets::Labeled(mindscaping_modes), effect: Effect::Custom(mindscaping) }),
        asks: &[Ask::Own(Prompt { ask: mindscaping_ask, answer: mindscaping_answer })],
        ..BLANK
    },
    CardDef {
        code: MEASURED_RESPONSE,
        name: "Measured Response",
        play: Some(Play { targets: Targets::Labeled(measured_response_playable), effect: Effect::Ask(0) }),
        asks: &[Ask::Own(Prompt { ask: measured_response_ask, answer: measured_response_answer })],
        ..BLANK
    },
    CardDef {
        code: BIGGER_PICTURE,
        name: "Bigger Picture",
        play: Some(Play { targets: Targets::Labeled(bigger_picture_modes), effect: Effect::Custom(bigger_picture) }),
        ..BLANK
    },
    CardDef {
        code: TOP_DOWN_SOLUTIONS,
        name: "Top-Down Solutions",
        play: Some(Play { targets: Targets::None, effect: Effect::Custom(top_down_solutions) }),
        asks: &[Ask::Own(Prompt { ask: top_down_ask, answer: top_down_answer })],
        ..BLANK
    },
    CardDef {
        code: PEER_REVIEW,
        name: "Peer Review",
        play: Some(Play { targets: Targets::None, effect: Effect::Custom(peer_review) }),
        asks: &[
            Ask::Own(Prompt { ask: peer_review_ask, answer: peer_review_answer }),
            Ask::Own(Prompt { ask: peer_review_install_ask, answer: install_answer }),
        ],
        ..BLANK
    },
    CardDef {
        code: BUSINESS_AS_USUAL,
        name: "Business As Usual",
        play: Some(Play { targets: Targets::Labeled(business_modes), effect: Effect::Custom(business_as_usual) }),
        asks: &[
            Ask::Own(Prompt { ask: business_advance_ask, answer: business_advance_answer }),
            Ask::Own(Prompt { ask: business_virus_ask, answer: business_virus_answer }),
        ],
        ..BLANK
    },
    CardDef {
        code: CORPORATE_HOSPITALITY,
        name: "Corporate Hospitality",
        statics: &[Static::PlayExtraClicks(1)],
        play: Some(Play { targets: Targets::None, effect: Effect::All(&[Effect::Gain(CORP, 6), Effect::Draw(CORP, 2), Effect::Ask(0)]) }),
        asks: &[Ask::Own(Prompt { ask: hospitality_ask, answer: archives_to_hq_answer })],
        ..BLANK
    },
    CardDef {
        code: TOUCH_UPS,
        name: "Touch-ups",
        statics: &[Static::PlayExtraClicks(1)],
        play: Some(Play { targets: Targets::None, effect: Effect::Ask(0) }),
        asks: &[
            Ask::Own(Prompt { ask: touch_ups_ask, answer: touch_ups_answer }),
            Ask::Own(Prompt { ask: touch_ups_type_ask, answer: touch_ups_type_answer }),
            Ask::Own(Prompt { ask: touch_ups_pick_ask, answer: touch_ups_pick_answer }),
        ],
        ..BLANK
    },
    CardDef {
        code: GREASING_THE_PALM,
        name: "Greasing the Palm",
        play: Some(Play { targets: Targets::None, effect: Effect::All(&[Effect::Gain(CORP, 5), Effect::Ask(0)]) }),
        asks: &[
            Ask::Own(Prompt { ask: greasing_install_ask, answer: greasing_install_answer }),
            Ask::Own(Prompt { ask: greasing_advance_ask, answer: greasing_advance_answer }),
        ],
        ..BLANK
    },
    // --- rows added with the Runner's steals and trashes, terminal operations, allotted
    // clicks and the Corp identity's abilities
    CardDef {
        code: EPIPHANY_ANALYTICA,
        name: "Epiphany Analytica: Nations Undivided",
        events: &[(When::RunnerTookCorpCardFirst, Effect::Custom(epiphany_counter))],
        click: Some(Click { offers: epiphany_offers, effect: Effect::Custom(epiphany_look) }),
        asks: &[Ask::Own(Prompt { ask: epiphany_ask, answer: install_from_rd_answer })],
        ..BLANK
    },
    CardDef {
        code: POETRI_LUXURY_BRANDS,
        name: "Poétrï Luxury Brands: All the Rage",
        events: &[(When::CorpScores, Effect::Custom(poetri_look)), (When::AgendaStolen, Effect::Ask(1))],
        asks: &[Ask::Own(Prompt { ask: poetri_rd_ask, answer: install_from_rd_answer }), Ask::Own(Prompt { ask: poetri_hq_ask, answer: install_answer })],
        ..BLANK
    },
    CardDef {
        code: LEO_CONSTRUCTION,
        name: "LEO Construction: Labor Solutions",
        paid: Some(PaidAbility { offers: leo_offers, effect: Effect::Custom(leo_construction) }),
        ..BLANK
    },
    CardDef {
        code: PHAT_GIOAN_BAOTIXITA,
        name: "Phật Gioan Baotixita",
        events: &[
            (When::CorpDiscarded, Effect::Custom(phat_counter)),
            (When::CorpScores, Effect::Custom(phat_changed_hands)),
            (When::AgendaStolen, Effect::Custom(phat_changed_hands)),
        ],
        asks: &[Ask::Own(Prompt { ask: phat_ask, answer: phat_answer })],
        ..BLANK
    },
    CardDef {
        code: OPPO_RESEARCH,
        name: "Oppo Research",
        statics: &[Static::Terminal],
        play: Some(Play { targets: Targets::Labeled(runner_took_corp_card_last_turn), effect: Effect::All(&[Effect::Tags(2), Effect::Ask(0)]) }),
        asks: &[Ask::Own(Prompt { ask: oppo_ask, answer: oppo_answer })],
        ..BLANK
    },
    CardDef {
        code: ACTIVE_POLICING,
        name: "Active Policing",
        statics: &[Static::Terminal],
        // Last pushed first: the install, then the threat's payment.
        play: Some(Play {
            targets: Targets::Labeled(runner_took_corp_card_last_turn),
            effect: Effect::All(&[Effect::Ask(1), Effect::Custom(one_click_less), Effect::Ask(0)]),
        }),
        asks: &[Ask::Own(Prompt { ask: install_from_hq_ask, answer: install_answer }), Ask::Own(Prompt { ask: policing_ask, answer: policing_answer })],
        ..BLANK
    },
    // --- rows added with operations played by an effect
    CardDef {
        code: HUMANOID_RESOURCES,
        name: "Humanoid Resources",
        click: Some(Click { offers: humanoid_offers, effect: Effect::Custom(humanoid_resources) }),
        asks: &[Ask::Own(Prompt { ask: up_to_installs_ask, answer: top_down_answer }), Ask::Own(Prompt { ask: play_from_hq_ask, answer: play_answer })],
        ..BLANK
    },
    CardDef {
        code: SUDDEN_COMMANDMENT,
        name: "Sudden Commandment",
        // Draw at once; last pushed first: the play from HQ, then the threat's click.
        play: Some(Play { targets: Targets::None, effect: Effect::All(&[Effect::Draw(CORP, 2), Effect::Ask(1), Effect::Ask(0)]) }),
        asks: &[Ask::Own(Prompt { ask: play_from_hq_ask, answer: play_answer }), Ask::Own(Prompt { ask: commandment_ask, answer: commandment_answer })],
        ..BLANK
    },
    CardDef {
        code: PIVOT,
        name: "Pivot",
        statics: &[Static::PlayExtraClicks(1)],
        // Last pushed first: the search, then the threat's play or install.
        play: Some(Play { targets: Targets::None, effect: Effect::All(&[Effect::Ask(1), Effect::Ask(0)]) }),
        asks: &[
            Ask::Own(Prompt { ask: pivot_search_ask, answer: pivot_search_answer }),
            Ask::Own(Prompt { ask: pivot_threat_ask, answer: play_or_install_answer }),
        ],
        ..BLANK
    },
    CardDef {
        code: SYNAPSE_GLOBAL,
        name: "Synapse Global: Faster than Thought",
        events: &[(When::FirstTagRemoved, Effect::Ask(0))],
        click: Some(Click { offers: synapse_offers, effect: Effect::Custom(synapse_global) }),
        asks: &[Ask::Own(Prompt { ask: synapse_ask, answer: synapse_answer })],
        ..BLANK
    },
    CardDef {
        code: KEY_PERFORMANCE_INDICATORS,
        name: "Key Performance Indicators",
        play: Some(Play { targets: Targets::None, effect: Effect::Ask(0) }),
        asks: &[
            Ask::Own(Prompt { ask: kpi_mode_ask, answer: kpi_mode_answer }),
            Ask::Own(Prompt { ask: kpi_shuffle_ask, answer: kpi_shuffle_answer }),
            Ask::Own(Prompt { ask: kpi_ice_ask, answer: install_answer_free }),
            Ask::Own(Prompt { ask: kpi_counter_ask, answer: place_counter_answer }),
        ],
        ..BLANK
    },
    CardDef {
        code: STEGODON_MK_IV,
        name: "Stegodon MK IV",
        statics: &[Static::IcebreakerStrength(stegodon_strength)],
        events: &[(When::CorpRunBegins, Effect::Ask(0))],
        asks: &[Ask::Own(Prompt { ask: stegodon_ask, answer: stegodon_answer })],
        ..BLANK
    },
    CardDef {
        code: LIGHTNING_LABORATORY,
        name: "Lightning Laboratory",
        on_score: Effect::Custom(one_agenda_counter),
        events: &[(When::CorpRunBegins, Effect::Ask(0))],
        asks: &[
            Ask::Own(Prompt { ask: lab_ask, answer: lab_answer }),
            Ask::Do(lab_turn_ends),
            Ask::Own(Prompt { ask: lab_derez_ask, answer: lab_derez_answer }),
        ],
        ..BLANK
    },
    CardDef {
        code: WARM_RECEPTION,
        name: "Warm Reception",
        events: &[(When::TurnBegin, Effect::Ask(0))],
        asks: &[Ask::Own(Prompt { ask: warm_install_ask, answer: warm_install_answer }), Ask::Own(Prompt { ask: warm_derez_ask, answer: warm_derez_answer })],
        ..BLANK
    },
    CardDef {
        code: BRASILIA_GOVERNMENT_GRID,
        name: "Brasília Government Grid",
        events: &[(When::Rez, Effect::Ask(0))],
        asks: &[Ask::Own(Prompt { ask: brasilia_ask, answer: brasilia_answer })],
        ..BLANK
    },
    CardDef {
        code: PUBLIC_ACCESS_PLAZA,
        name: "Public Access Plaza",
        events: &[(When::TurnBegin, Effect::Gain(CORP, 1)), (When::TrashedByRunner, Effect::Custom(plaza_trashed))],
        ..BLANK
    },
    CardDef {
        code: AGGRESSIVE_TRENDSETTING,
        name: "Aggressive Trendsetting",
        events: &[(When::RunnerTrashedInstalledFirst, Effect::Custom(trendsetting))],
        asks: &[Ask::Own(Prompt { ask: trendsetting_ask, answer: trendsetting_answer })],
        ..BLANK
    },
    CardDef {
        code: NEBULA_TALENT_MANAGEMENT,
        name: "Nebula Talent Management",
        events: &[
            (When::CorpActionPhaseEnds, Effect::Custom(nebula_action_phase_ends)),
            (When::CorpPlayedOperation, Effect::Custom(nebula_played)),
            (When::CorpSuccessfulRun, Effect::Custom(nebula_successful_run)),
        ],
        ..BLANK
    },
    CardDef {
        code: ISAAC_LIBERDADE,
        name: "Isaac Liberdade",
        statics: &[Static::CorpIceStrength(isaac_strength)],
        events: &[(When::AnyTurnEnds, Effect::Custom(isaac_turn_ends)), (When::Moved, Effect::Ask(1))],
        asks: &[
            Ask::Own(Prompt { ask: move_upgrade_ask, answer: move_upgrade_answer }),
            Ask::Own(Prompt { ask: isaac_counter_ask, answer: isaac_counter_answer }),
        ],
        ..BLANK
    },
    CardDef {
        code: THE_HOLO_MAN,
        name: "The Holo Man",
        events: &[(When::TurnBegin, Effect::Ask(0))],
        click: Some(Click { offers: holo_offers, effect: Effect::Custom(holo_click) }),
        asks: &[Ask::Own(Prompt { ask: move_upgrade_ask, answer: move_upgrade_answer })],
        ..BLANK
    },
    CardDef {
        code: MERCIA_B4LL4RD,
        name: "Mercia B4LL4RD",
        events: &[(When::CorpActionPhaseEnds, Effect::Ask(0))],
        asks: &[Ask::Own(Prompt { ask: mercia_ask, answer: mercia_answer }), Ask::Do(mercia_move)],
        ..BLANK
    },
    CardDef {
        code: VOVO_OZETTI,
        name: "Vovô Ozetti",
        statics: &[Static::CorpRezCheaper(vovo_cheaper)],
        events: &[(When::AnyTurnEnds, Effect::Custom(isaac_turn_ends))],
        asks: &[Ask::Own(Prompt { ask: move_upgrade_ask, answer: move_upgrade_answer })],
        ..BLANK
    },
    CardDef {
        code: EMBEDDED_REPORTING,
        name: "Embedded Reporting",
        statics: &[Static::Dividends(2)],
        events: &[(When::CorpDiscarded, Effect::Ask(0))],
        asks: &[
            Ask::Own(Prompt { ask: embedded_ask, answer: embedded_answer }),
            Ask::Own(Prompt { ask: embedded_search_ask, answer: embedded_search_answer }),
            Ask::Do(embedded_to_top),
        ],
        ..BLANK
    },
];

fn yes_no(yes: &str, no: &str) -> Vec<(crate::core::DecisionOption, Answer)> {
    vec![(opt("yes", yes), Answer::Yes), (opt("no", no), Answer::No)]
}

/// Push question `step` of this card with its own argument (a card it is about, a count).
fn ask_with(g: &mut Game, c: Ctx, step: u8, arg: u32) {
    g.tasks.push(Task::Card { code: c.def.code.to_string(), card: c.card, step, arg });
}

// --- assets ----------------------------------------------------------------------------------------

/// Otto Campaign: 2 taken each Corp turn; empty, it is trashed and the Corp gains 2 clicks.
fn otto_campaign(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if take_or_trash(g, CORP, c.card, 2, "Otto Campaign is empty", ev) {
        gain_clicks(g, CORP, 2, c.name(), ev);
    }
}

/// Anthill Excavation Contract: 4 taken and a card drawn each Corp turn; trashed when empty.
fn anthill(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    take_or_trash(g, CORP, c.card, 4, "Anthill Excavation Contract is empty", ev);
    g.draw(CORP, 1, ev);
}

fn idiosyncresis_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.is_installed(c.card) {
        return None;
    }
    let n = g.adv(c.card);
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may trash {} ({n} advancement counter(s))", g.label(c.card)),
        format!("{}: trash it to gain {} credits and make the Runner lose {}?", g.label(c.card), 3 * n, 2 * n),
        yes_no("Trash it", "Keep it"),
    ))
}

/// Idiosyncresis trashed: 3 credits for the Corp and 2 lost by the Runner per counter it held.
fn idiosyncresis_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        let n = i64::from(g.adv(c.card));
        g.trash(c.card, "the Corp trashed it for its counters", ev);
        g.gain(CORP, 3 * n, c.name(), ev);
        g.lose_credits(RUNNER, 2 * n, c.name(), ev);
    }
    Ok(Then::Done)
}

fn charlotte_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.adv(c.card) == 0 || !g.rezzed(c.card) {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may remove an advancement counter from {} to gain 4 credits and draw 1 card", g.label(c.card)),
        format!("{}: remove 1 advancement counter to gain 4 credits and draw 1 card?", g.label(c.card)),
        yes_no("Remove 1 counter", "Do nothing"),
    ))
}

fn charlotte_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        remove_adv(g, c.card, c.name(), ev);
        g.gain(CORP, 4, c.name(), ev);
        g.draw(CORP, 1, ev);
    }
    Ok(Then::Done)
}

fn remove_adv(g: &mut Game, card: u32, source: &str, ev: &mut Vec<Event>) {
    if let Some(k) = g.card_mut(card) {
        k.adv = k.adv.saturating_sub(1);
    }
    note(ev, "advanced", format!("{source}: 1 advancement counter is removed from {}", g.corp_public_label(card)), json!({"card": card, "adv": g.adv(card)}));
}

fn charlotte_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    if g.rezzed(card) && g.adv(card) > 0 {
        vec![(format!("charlotte:{card}"), format!("{}: trash it and remove a hosted advancement counter to gain 3 credits", g.label(card)), 0)]
    } else {
        vec![]
    }
}

/// Charlotte Caçador's paid ability: its costs (a counter, trashing it), then 3 credits.
fn charlotte_trash(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    remove_adv(g, c.card, c.name(), ev);
    g.trash(c.card, "its paid ability", ev);
    g.gain(CORP, 3, c.name(), ev);
}

/// B-1001 is used during a run against another server, removing a tag.
fn b_1001_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    let CorpZone::Root(here) = g.corp_zone(card) else { return vec![] };
    let elsewhere = g.run.as_ref().is_some_and(|r| !r.stop && r.server != here);
    if g.rezzed(card) && g.tagged() && elsewhere {
        vec![(format!("b1001:{card}"), format!("{}: remove 1 tag to end the run", g.label(card)), 0)]
    } else {
        vec![]
    }
}

fn b_1001(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.runner.tags -= 1;
    note(ev, "tag_removed", format!("{}: the Corp removes a tag ({} left)", c.name(), g.runner.tags), json!({"tags": g.runner.tags}));
    super::helpers::tags_removed(g, 1, ev);
    end_the_run(g, c.name(), ev);
}

/// Behold! and Byte!: accessed anywhere but Archives, the Corp may pay 4 for their effect; in
/// R&D the Runner must reveal them first.
fn ambush_accessed(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    match g.corp_zone(c.card) {
        CorpZone::Archives => return,
        CorpZone::Rd => {
            note(ev, "revealed", format!("The Runner reveals {} accessed in R&D", g.label(c.card)), json!({"card": c.card, "code": g.code(c.card)}))
        }
        _ => {}
    }
    ask_later(g, c, 0);
}

fn ambush_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.credits < 4 {
        return None;
    }
    let effect = if c.def.code == BEHOLD { "give the Runner 2 tags" } else { "give the Runner 1 tag and do 3 net damage" };
    Some(Question::one(
        CORP,
        CARD_KIND,
        "may pay 4 credits for an ability of the accessed card",
        format!("{}: pay 4 credits to {effect}?", g.label(c.card)),
        yes_no("Pay 4 credits", "Do nothing"),
    ))
}

fn pay_4(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> bool {
    if first(a) != Answer::Yes || !g.corp_pay(4) {
        return false;
    }
    // Using the accessed card's ability shows it to everyone (in R&D the Runner revealed it).
    if g.corp_zone(c.card) != CorpZone::Rd {
        note(ev, "revealed", format!("The Corp reveals {} to use its ability", g.label(c.card)), json!({"card": c.card, "code": g.code(c.card)}));
    }
    note(ev, "paid", format!("The Corp pays 4 credits for {}", c.name()), json!({"seat": CORP, "cost": 4, "source": c.name()}));
    true
}

fn behold_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if pay_4(g, c, a, ev) {
        give_tags(g, 2, c.name(), ev);
    }
    Ok(Then::Done)
}

fn byte_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if pay_4(g, c, a, ev) {
        give_tags(g, 1, c.name(), ev);
        damage(g, DamageKind::Net, 3, c.name(), false);
    }
    Ok(Then::Done)
}

// --- operations ------------------------------------------------------------------------------------

fn your_digital_life(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let n = g.corp.hq.len() as i64;
    g.gain(CORP, n, c.name(), ev);
}

/// Armed Asset Protection: 3, plus 1 per card type face up in Archives, plus 2 if agendas are.
fn armed_asset_protection(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let types = faceup_archive_types(g, c.card);
    let agenda = if types.contains(&CardType::Agenda) { 2 } else { 0 };
    g.gain(CORP, 3 + types.len() as i64 + agenda, c.name(), ev);
}

fn nanomanagement(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    gain_clicks(g, CORP, 2, c.name(), ev);
}

fn mindscaping_modes(g: &Game) -> Option<Vec<(u32, String)>> {
    let x = g.runner.tags.clamp(0, 3);
    Some(vec![
        (0, "gain 4 credits and draw 2 cards, then add 1 card from HQ to the top of R&D".to_string()),
        (1, format!("do {x} net damage (1 per tag, up to 3)")),
    ])
}

fn mindscaping(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if c.arg == 0 {
        g.gain(CORP, 4, c.name(), ev);
        g.draw(CORP, 2, ev);
        ask_later(g, c, 0);
    } else {
        let x = g.runner.tags.clamp(0, 3) as u32;
        if x > 0 {
            damage(g, DamageKind::Net, x, c.name(), false);
        }
    }
}

fn mindscaping_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.hq.is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("adds 1 card from HQ to the top of R&D ({})", c.name()),
        format!("{}: add 1 card from HQ to the top of R&D", c.name()),
        card_options(g, "card", &g.corp.hq),
    ))
}

fn mindscaping_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(k) = first(a) {
        hq_to_rd_top(g, k, c.name(), ev);
    }
    Ok(Then::Done)
}

/// Measured Response is played only at threat 4 or more after a successful Runner turn.
fn measured_response_playable(g: &Game) -> Option<Vec<(u32, String)>> {
    if threat(g, 4) && g.runner_success_last_turn {
        None
    } else {
        Some(vec![])
    }
}

fn measured_response_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = vec![(opt("damage", "Suffer 4 meat damage"), Answer::No)];
    if g.runner_available() >= 8 {
        o.insert(0, (opt("pay", "Pay 8 credits"), Answer::Yes));
    }
    Some(Question::one(
        RUNNER,
        CARD_KIND,
        format!("pays 8 credits or suffers 4 meat damage ({})", c.name()),
        format!("{}: pay 8 credits or suffer 4 meat damage", c.name()),
        o,
    ))
}

fn measured_response_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        if !g.runner_pay(8) {
            return Err(RulesError::Illegal("paying costs 8".into()));
        }
        note(ev, "paid", format!("The Runner pays 8 credits for {}", c.name()), json!({"cost": 8, "source": c.name()}));
    } else {
        damage(g, DamageKind::Meat, 4, c.name(), false);
    }
    Ok(Then::Done)
}

/// Bigger Picture, played only on a tagged Runner: 1 more tag (mode 0), or `n` tags removed
/// (mode 1 + n), 5 credits lost by the Runner for each and gained by the Corp.
fn bigger_picture_modes(g: &Game) -> Option<Vec<(u32, String)>> {
    if !g.tagged() {
        return Some(vec![]);
    }
    let mut v = vec![(0, "give the Runner 1 tag".to_string())];
    for n in 0..=g.runner.tags.max(0) as u32 {
        v.push((1 + n, format!("remove {n} tag(s): the Runner loses up to {} credits, which you gain", 5 * n)));
    }
    Some(v)
}

fn bigger_picture(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if c.arg == 0 {
        give_tags(g, 1, c.name(), ev);
        return;
    }
    let n = i64::from(c.arg - 1).min(g.runner.tags);
    g.runner.tags -= n;
    note(ev, "tag_removed", format!("{}: the Corp removes {n} tag(s) ({} left)", c.name(), g.runner.tags), json!({"tags": g.runner.tags}));
    super::helpers::tags_removed(g, n, ev);
    let lost = (5 * n).min(g.runner.credits.max(0));
    g.lose_credits(RUNNER, lost, c.name(), ev);
    g.gain(CORP, lost, c.name(), ev);
}

/// Top-Down Solutions: 2 cards drawn, then up to 2 installs from HQ, one at a time (the
/// question's argument: installs left).
fn top_down_solutions(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.draw(CORP, 2, ev);
    ask_with(g, c, 0, 2);
}

fn top_down_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = vec![(opt("none", "Install nothing"), Answer::No)];
    o.extend(corp_install_options(g, &g.corp.hq, false, false));
    if o.len() <= 1 || c.arg == 0 {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may install a card from HQ ({}, {} left)", c.name(), c.arg),
        format!("{}: you may install a card from HQ ({} install(s) left)", c.name(), c.arg),
        o,
    ))
}

fn top_down_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Install { card, server } = first(a) else { return Ok(Then::Done) };
    if c.arg > 1 {
        // Asked after this install (and the trashing it may ask for) is done.
        ask_with(g, c, 0, c.arg - 1);
    }
    Ok(Then::InstallCorp { card, server })
}

fn greasing_install_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = vec![(opt("none", "Install nothing"), Answer::No)];
    o.extend(corp_install_options(g, &g.corp.hq, false, false));
    if o.len() <= 1 {
        return None;
    }
    Some(Question::one(CORP, CARD_KIND, format!("may install a card from HQ ({})", c.name()), format!("{}: you may install 1 card from HQ", c.name()), o))
}

fn greasing_install_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Install { card, server } = first(a) else { return Ok(Then::Done) };
    ask_with(g, c, 1, card);
    Ok(Then::InstallCorp { card, server })
}

/// Greasing the Palm's second question, about the card it installed (its argument).
fn greasing_advance_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.tagged() || !g.is_installed(c.arg) {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may remove 1 tag to place 1 advancement counter on the card installed ({})", c.name()),
        format!("{}: remove 1 tag to place 1 advancement counter on {}?", c.name(), g.label(c.arg)),
        yes_no("Remove 1 tag", "Do nothing"),
    ))
}

fn greasing_advance_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && g.runner.tags > 0 {
        g.runner.tags -= 1;
        note(ev, "tag_removed", format!("{}: the Corp removes a tag ({} left)", c.name(), g.runner.tags), json!({"tags": g.runner.tags}));
        super::helpers::tags_removed(g, 1, ev);
        if let Some(k) = g.card_mut(c.arg) {
            k.adv += 1;
        }
        note(
            ev,
            "advanced",
            format!("{} places 1 advancement counter on {}", c.name(), g.corp_public_label(c.arg)),
            json!({"card": c.arg, "adv": g.adv(c.arg)}),
        );
    }
    Ok(Then::Done)
}

/// Options of placing a counter on one of `cards` (or nothing).
fn counter_options(g: &Game, cards: &[u32], none: &str) -> Vec<(crate::core::DecisionOption, Answer)> {
    let mut o = vec![(opt("none", none), Answer::No)];
    o.extend(cards.iter().map(|&k| (opt(format!("card:{k}"), g.label(k)), Answer::Card(k))));
    o
}

/// The installed Corp cards that can be advanced.
fn advanceable_installed(g: &Game) -> Vec<u32> {
    g.installed_corp().into_iter().filter(|&k| g.advanceable(k)).collect()
}

fn place_counter_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(k) = first(a) {
        place_adv(g, k, 1, c.name(), ev);
    }
    Ok(Then::Done)
}

/// An optional install from HQ (where the install action could put it, paying its costs).
fn install_from_hq_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = vec![(opt("none", "Install nothing"), Answer::No)];
    o.extend(corp_install_options(g, &g.corp.hq, false, false));
    if o.len() <= 1 {
        return None;
    }
    Some(Question::one(CORP, CARD_KIND, format!("may install a card from HQ ({})", c.name()), format!("{}: you may install 1 card from HQ", c.name()), o))
}

fn install_answer(_: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    // The rows whose install ignores all costs.
    let free = matches!(c.def.code, THE_POWERS_THAT_BE | OFF_THE_BOOKS);
    Ok(match first(a) {
        Answer::Install { card, server } if free => Then::InstallCorpFree { card, server },
        Answer::Install { card, server } => Then::InstallCorp { card, server },
        _ => Then::Done,
    })
}

// --- Kingmaking

/// Up to 3, and no more than R&D holds (choosing to deck oneself is not offered).
fn kingmaking_draw_ask(g: &Game, c: Ctx) -> Option<Question> {
    let most = g.corp.rd.len().min(3) as u8;
    let o = (0..=most).map(|n| (opt(format!("draw:{n}"), format!("Draw {n} card(s)")), Answer::Mode(n))).collect();
    Some(Question::one(CORP, CARD_KIND, format!("draws up to 3 cards ({})", c.name()), format!("{}: draw up to 3 cards", c.name()), o))
}

fn kingmaking_draw_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Mode(n) = first(a) {
        g.draw(CORP, u32::from(n.min(3)).min(g.corp.rd.len() as u32), ev);
    }
    ask_later(g, c, 1);
    Ok(Then::Done)
}

fn small_agendas_in_hq(g: &Game) -> Vec<u32> {
    g.corp.hq.iter().copied().filter(|&k| g.def(k).ctype == CardType::Agenda && g.def(k).points.unwrap_or(0) <= 1).collect()
}

fn kingmaking_agenda_ask(g: &Game, c: Ctx) -> Option<Question> {
    let agendas = small_agendas_in_hq(g);
    if agendas.is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may add an agenda worth 1 point or less from HQ to its score area ({})", c.name()),
        format!("{}: you may add an agenda worth 1 agenda point or less from HQ to your score area", c.name()),
        counter_options(g, &agendas, "Add nothing"),
    ))
}

/// The agenda is added to the score area (not scored: no "when scored" ability).
fn kingmaking_agenda_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Card(k) = first(a) else { return Ok(Then::Done) };
    if !small_agendas_in_hq(g).contains(&k) {
        return Ok(Then::Done);
    }
    let pts = g.def(k).points.unwrap_or(0);
    g.corp.hq.retain(|&x| x != k);
    g.corp.score.push(k);
    g.corp.points += pts;
    note(
        ev,
        "to_score_area",
        format!("{}: the Corp adds {} from HQ to its score area ({pts} point(s), now {})", c.name(), g.label(k), g.corp.points),
        json!({"card": k, "code": g.code(k), "points": pts, "total": g.corp.points}),
    );
    Ok(Then::Done)
}

// --- Janaína "JK" Dumont Kindelán

fn jk_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    if g.rezzed(card) {
        vec![(None, format!("{}: add it to HQ and take its {} credit(s)", g.label(card), g.hosted(card)))]
    } else {
        vec![]
    }
}

fn jk_to_hq(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let n = g.hosted(c.card);
    g.take_hosted(CORP, c.card, n, ev);
    g.take_corp(c.card);
    if let Some(k) = g.card_mut(c.card) {
        (k.rezzed, k.adv, k.credits, k.power) = (false, 0, 0, 0);
    }
    g.corp.hq.push(c.card);
    note(ev, "to_hq", format!("The Corp adds {} to HQ", g.label(c.card)), json!({"card": c.card, "code": g.code(c.card)}));
    ask_later(g, c, 0);
}

// --- Federal Fundraising

/// The Corp looks at the top 3 cards of R&D (told to the Corp alone when it is asked), then
/// arranges them.
fn fundraising_look(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    super::ask_later(g, c, 0);
}

/// Federal Fundraising looks at the top 3 cards of R&D.
const FUNDRAISING_LOOK: usize = 3;

fn fundraising_arrange_ask(g: &Game, c: Ctx) -> Option<Question> {
    let n = g.corp.rd.len().min(FUNDRAISING_LOOK);
    arrange_rd_top_ask(g, c, CORP, FUNDRAISING_LOOK, format!("may look at the top {n} card(s) of R&D and arrange them ({})", c.name()))
}

fn fundraising_arrange_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let name = c.name();
    arrange_rd_top_answer(g, c, CORP, FUNDRAISING_LOOK, a, |n| format!("{name}: the Corp looks at the top {n} card(s) of R&D and arranges them"), ev)
}

/// Whether this card's server is protected by no ice.
fn unprotected(g: &Game, card: u32) -> bool {
    match g.corp_zone(card) {
        CorpZone::Root(s) => g.server(s).is_some_and(|sv| sv.ice.is_empty()),
        _ => false,
    }
}

fn fundraising_draw_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !unprotected(g, c.card) || g.corp.rd.is_empty() {
        return None;
    }
    Some(Question::one(CORP, CARD_KIND, format!("may draw 1 card ({})", c.name()), format!("{}: draw 1 card?", c.name()), yes_no("Draw 1 card", "Do not draw")))
}

fn fundraising_draw_answer(g: &mut Game, _: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        g.draw(CORP, 1, ev);
    }
    Ok(Then::Done)
}

// --- Balanced Coverage

const COVERAGE_TYPES: [(CardType, &str); 5] =
    [(CardType::Agenda, "agenda"), (CardType::Asset, "asset"), (CardType::Ice, "ice"), (CardType::Operation, "operation"), (CardType::Upgrade, "upgrade")];

fn coverage_type_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.rd.is_empty() {
        return None;
    }
    let mut o = vec![(opt("none", "Do not look"), Answer::No)];
    for (i, (_, name)) in COVERAGE_TYPES.iter().enumerate() {
        o.push((opt(format!("type:{name}"), format!("Name {name} and look at the top card of R&D")), Answer::Mode(i as u8)));
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may name a card type and look at the top card of R&D ({})", c.name()),
        format!("{}: you may choose a card type to look at the top card of R&D", c.name()),
        o,
    ))
}

fn coverage_type_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Mode(i) = first(a) else { return Ok(Then::Done) };
    let Some(&(t, name)) = COVERAGE_TYPES.get(usize::from(i)) else { return Ok(Then::Done) };
    let Some(&top) = g.corp.rd.first() else { return Ok(Then::Done) };
    ev.push(Event::with_private(
        "netrunner.looked",
        format!("{}: the Corp names {name} and looks at the top card of R&D", c.name()),
        json!({"seat": CORP, "type": name}),
        vec![CORP],
        format!("{}: the Corp names {name} and looks at the top card of R&D: {}", c.name(), g.label(top)),
        json!({"seat": CORP, "type": name, "card": top, "code": g.code(top)}),
    ));
    if g.def(top).ctype == t {
        ask_with(g, c, 1, top);
    }
    Ok(Then::Done)
}

fn coverage_reveal_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.rd.first() != Some(&c.arg) {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may reveal the top card of R&D to gain 2 credits ({})", c.name()),
        format!("{}: {} has the type you named: reveal it and gain 2 credits?", c.name(), g.label(c.arg)),
        yes_no("Reveal it and gain 2 credits", "Do not reveal"),
    ))
}

fn coverage_reveal_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        note(ev, "revealed", format!("{}: the Corp reveals {} from the top of R&D", c.name(), g.label(c.arg)), json!({"card": c.arg, "code": g.code(c.arg)}));
        g.gain(CORP, 2, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- Cohort Guidance Program

/// Its modes in one question: a card from HQ to trash (2 credits and a card), or a face-down
/// card in Archives to turn face up (then an advancement counter on an installed card).
fn cohort_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = vec![(opt("none", "Do nothing"), Answer::No)];
    for &k in &g.corp.hq {
        o.push((opt(format!("trash:{k}"), format!("Trash {} from HQ to gain 2 credits and draw 1 card", g.label(k))), Answer::Card(k)));
    }
    for &k in &g.corp.archives {
        if g.card(k).is_some_and(|x| !x.faceup) {
            o.push((opt(format!("flip:{k}"), format!("Turn {} in Archives face up to place 1 advancement counter", g.label(k))), Answer::Card(k)));
        }
    }
    if o.len() <= 1 {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may trash a card from HQ or turn a card in Archives face up ({})", c.name()),
        format!("{}: resolve one of its modes, or nothing", c.name()),
        o,
    ))
}

fn cohort_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Card(k) = first(a) else { return Ok(Then::Done) };
    if g.corp.hq.contains(&k) {
        super::helpers::trash_from_hq(g, vec![k], ev);
        g.gain(CORP, 2, c.name(), ev);
        g.draw(CORP, 1, ev);
    } else if g.corp.archives.contains(&k) {
        if let Some(x) = g.card_mut(k) {
            x.faceup = true;
        }
        note(ev, "turned_faceup", format!("{}: the Corp turns {} in Archives face up", c.name(), g.label(k)), json!({"card": k, "code": g.code(k)}));
        ask_later(g, c, 1);
    }
    Ok(Then::Done)
}

fn cohort_counter_ask(g: &Game, c: Ctx) -> Option<Question> {
    let installed = g.installed_corp();
    if installed.is_empty() {
        return None;
    }
    let o: Vec<_> = installed.iter().map(|&k| (opt(format!("card:{k}"), g.label(k)), Answer::Card(k))).collect();
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("places 1 advancement counter on an installed card ({})", c.name()),
        format!("{}: place 1 advancement counter on an installed card", c.name()),
        o,
    ))
}

// --- Hearts and Minds

fn hearts_from_ask(g: &Game, c: Ctx) -> Option<Question> {
    let from: Vec<u32> = g.installed_corp().into_iter().filter(|&k| g.adv(k) > 0).collect();
    if from.is_empty() || advanceable_installed(g).is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may move 1 advancement counter between installed cards ({})", c.name()),
        format!("{}: you may move 1 advancement counter from an installed card (choose it) to an installed card you can advance", c.name()),
        counter_options(g, &from, "Move nothing"),
    ))
}

fn hearts_from_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(k) = first(a) {
        ask_with(g, c, 1, k);
    }
    Ok(Then::Done)
}

/// Where the counter taken from `c.arg` goes.
fn hearts_to_ask(g: &Game, c: Ctx) -> Option<Question> {
    let to: Vec<u32> = advanceable_installed(g).into_iter().filter(|&k| k != c.arg).collect();
    if to.is_empty() || g.adv(c.arg) == 0 {
        return None;
    }
    let o = to.iter().map(|&k| (opt(format!("card:{k}"), g.label(k)), Answer::Card(k))).collect();
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("moves 1 advancement counter ({})", c.name()),
        format!("{}: move the counter from {} to", c.name(), g.label(c.arg)),
        o,
    ))
}

fn hearts_to_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Card(k) = first(a) else { return Ok(Then::Done) };
    if g.adv(c.arg) == 0 || !g.advanceable(k) || !g.is_installed(k) {
        return Ok(Then::Done);
    }
    if let Some(x) = g.card_mut(c.arg) {
        x.adv -= 1;
    }
    if let Some(x) = g.card_mut(k) {
        x.adv += 1;
    }
    note(
        ev,
        "advanced",
        format!("{}: 1 advancement counter moves from {} to {}", c.name(), g.corp_public_label(c.arg), g.corp_public_label(k)),
        json!({"from": c.arg, "card": k, "adv": g.adv(k)}),
    );
    Ok(Then::Done)
}

fn hearts_extra_ask(g: &Game, c: Ctx) -> Option<Question> {
    let to = advanceable_installed(g);
    if !unprotected(g, c.card) || to.is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may place 1 advancement counter on an installed card ({})", c.name()),
        format!("{}: you may also place 1 advancement counter on an installed card you can advance", c.name()),
        counter_options(g, &to, "Place nothing"),
    ))
}

// --- Peer Review

fn peer_review(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    ask_later(g, c, 1);
    if g.corp.hq.len() >= 2 {
        ask_later(g, c, 0);
    } else {
        g.gain(CORP, 7, c.name(), ev);
    }
}

fn peer_review_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.hq.len() < 2 {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("reveals all cards in HQ but one ({})", c.name()),
        format!("{}: choose the 1 card of HQ you do not reveal", c.name()),
        card_options(g, "keep", &g.corp.hq),
    ))
}

/// Every card of HQ but the chosen one is revealed, then 7 credits.
fn peer_review_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Card(kept) = first(a) else { return Err(RulesError::Illegal("choose the card not revealed".into())) };
    if !g.corp.hq.contains(&kept) {
        return Err(RulesError::Illegal("choose a card in HQ".into()));
    }
    let shown: Vec<u32> = g.corp.hq.iter().copied().filter(|&k| k != kept).collect();
    let names: Vec<String> = shown.iter().map(|&k| g.label(k)).collect();
    let codes: Vec<String> = shown.iter().map(|&k| g.code(k).to_string()).collect();
    note(ev, "revealed", format!("{}: the Corp reveals from HQ: {}", c.name(), names.join(", ")), json!({"cards": shown, "codes": codes}));
    g.gain(CORP, 7, c.name(), ev);
    Ok(Then::Done)
}

fn peer_review_install_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = vec![(opt("none", "Install nothing"), Answer::No)];
    o.extend(corp_install_options(g, &g.corp.hq, true, false));
    if o.len() <= 1 {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may install a card from HQ in the root of a remote server ({})", c.name()),
        format!("{}: you may install 1 card from HQ in the root of a remote server", c.name()),
        o,
    ))
}

// --- Business As Usual

/// Mode 0: counters; mode 1: virus counters removed; mode 2 (threat 3): both.
fn business_modes(g: &Game) -> Option<Vec<(u32, String)>> {
    let mut v = vec![
        (0, "place 1 advancement counter on each of up to 2 installed cards you can advance".to_string()),
        (1, "remove all virus counters from 1 installed card".to_string()),
    ];
    if threat(g, 3) {
        v.push((2, "both (threat 3)".to_string()));
    }
    Some(v)
}

fn business_as_usual(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    // Last pushed first: the counters, then the virus counters.
    if c.arg != 0 {
        ask_later(g, c, 1);
    }
    if c.arg != 1 {
        ask_later(g, c, 0);
    }
}

fn business_advance_ask(g: &Game, c: Ctx) -> Option<Question> {
    let to = advanceable_installed(g);
    if to.is_empty() {
        return None;
    }
    let n = (to.len() as u32).min(2);
    let o = to.iter().map(|&k| (opt(format!("card:{k}"), g.label(k)), Answer::Card(k))).collect();
    Some(
        Question::one(
            CORP,
            CARD_KIND,
            format!("places 1 advancement counter on each of up to 2 installed cards ({})", c.name()),
            format!("{}: place 1 advancement counter on each of up to 2 installed cards you can advance", c.name()),
            o,
        )
        .range(0, n),
    )
}

fn business_advance_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let mut done: Vec<u32> = Vec::new();
    for x in a {
        if let Answer::Card(k) = x {
            if done.len() < 2 && !done.contains(k) && g.advanceable(*k) {
                place_adv(g, *k, 1, c.name(), ev);
                done.push(*k);
            }
        }
    }
    Ok(Then::Done)
}

fn business_virus_ask(g: &Game, c: Ctx) -> Option<Question> {
    let with: Vec<u32> = g.installed_corp().into_iter().chain(g.installed_runner()).filter(|&k| g.card(k).is_some_and(|x| x.virus > 0)).collect();
    if with.is_empty() {
        return None;
    }
    let o = with
        .iter()
        .map(|&k| (opt(format!("card:{k}"), format!("{} ({} virus counter(s))", g.label(k), g.card(k).map_or(0, |x| x.virus))), Answer::Card(k)))
        .collect();
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("removes all virus counters from 1 installed card ({})", c.name()),
        format!("{}: remove all virus counters from 1 installed card", c.name()),
        o,
    ))
}

fn business_virus_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(k) = first(a) {
        if let Some(x) = g.card_mut(k) {
            x.virus = 0;
        }
        note(ev, "virus_counters", format!("{}: all virus counters are removed from {}", c.name(), g.label(k)), json!({"card": k, "virus": 0}));
    }
    Ok(Then::Done)
}

// --- PT Untaian: Life's Building Blocks

fn untaian_targets(g: &Game) -> Vec<u32> {
    g.installed_corp().into_iter().filter(|&k| !g.rezzed(k) && g.advanceable(k)).collect()
}

fn untaian_ask(g: &Game, c: Ctx) -> Option<Question> {
    let to = untaian_targets(g);
    if g.corp.hq.len() > 3 || g.corp.credits < 1 || to.is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may pay 1 credit to place 1 advancement counter on an unrezzed card ({})", c.name()),
        format!("{}: you may pay 1 credit to place 1 advancement counter on an unrezzed card you can advance (it cannot be scored this turn)", c.name()),
        counter_options(g, &to, "Do nothing"),
    ))
}

fn untaian_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Card(k) = first(a) else { return Ok(Then::Done) };
    if untaian_targets(g).contains(&k) && g.corp_pay(1) {
        note(ev, "paid", format!("The Corp pays 1 credit for {}", c.name()), json!({"seat": CORP, "cost": 1, "source": c.name()}));
        place_adv(g, k, 1, c.name(), ev);
        g.flags.no_score.push(k);
    }
    Ok(Then::Done)
}

// --- agendas with abilities in a score area

fn oracle_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    if g.runner.score.contains(&card) && g.tagged() {
        vec![(None, format!("{}: remove 1 tag to shuffle it from the Runner's score area into R&D", g.label(card)))]
    } else {
        vec![]
    }
}

/// Oracle Thinktank leaves the Runner's score area (and its points) for R&D.
fn oracle_thinktank(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if !g.runner.score.contains(&c.card) || g.runner.tags < 1 {
        return;
    }
    g.runner.tags -= 1;
    note(ev, "tag_removed", format!("{}: the Corp removes a tag ({} left)", c.name(), g.runner.tags), json!({"tags": g.runner.tags}));
    super::helpers::tags_removed(g, 1, ev);
    let pts = g.def(c.card).points.unwrap_or(0);
    g.runner.score.retain(|&x| x != c.card);
    g.runner.points -= pts;
    if let Some(k) = g.card_mut(c.card) {
        (k.faceup, k.agenda) = (false, 0);
    }
    g.corp.rd.push(c.card);
    note(
        ev,
        "returned",
        format!("{} is shuffled from the Runner's score area into R&D (the Runner has {} point(s))", g.label(c.card), g.runner.points),
        json!({"card": c.card, "points": g.runner.points}),
    );
    g.tasks.push(Task::Shuffle { corp: true });
}

fn one_agenda_counter(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    agenda_counters(g, c.card, 1, c.name(), ev);
}

fn two_agenda_counters(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    agenda_counters(g, c.card, 2, c.name(), ev);
}

fn agenda_count(g: &Game, card: u32) -> u32 {
    g.card(card).map_or(0, |k| k.agenda)
}

/// Next Big Thing: usable from either score area while it holds a counter.
fn next_big_thing_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    let scored = g.corp.score.contains(&card) || g.runner.score.contains(&card);
    if scored && agenda_count(g, card) > 0 {
        vec![(None, format!("{}: spend an agenda counter to draw 4 cards, then shuffle cards from HQ into R&D", g.label(card)))]
    } else {
        vec![]
    }
}

fn next_big_thing(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if agenda_count(g, c.card) == 0 {
        return;
    }
    agenda_counters(g, c.card, -1, c.name(), ev);
    g.draw(CORP, 4, ev);
    ask_later(g, c, 0);
}

fn next_big_thing_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.hq.is_empty() {
        return None;
    }
    let n = g.corp.hq.len() as u32;
    Some(
        Question::one(
            CORP,
            CARD_KIND,
            format!("shuffles any number of cards from HQ into R&D ({})", c.name()),
            format!("{}: shuffle any number of cards from HQ into R&D", c.name()),
            card_options(g, "card", &g.corp.hq),
        )
        .range(0, n),
    )
}

fn next_big_thing_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let cs: Vec<u32> = picked(a).into_iter().filter(|k| g.corp.hq.contains(k)).collect();
    for &k in &cs {
        g.corp.hq.retain(|&x| x != k);
        g.corp.rd.push(k);
    }
    note(ev, "returned", format!("{}: the Corp shuffles {} card(s) from HQ into R&D", c.name(), cs.len()), json!({"count": cs.len()}));
    if !cs.is_empty() {
        g.tasks.push(Task::Shuffle { corp: true });
    }
    Ok(Then::Done)
}

/// The Basalt Spire, once per turn from the Corp's score area: an agenda counter and the top
/// card of R&D (trashed) for a card from Archives to HQ.
fn basalt_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    let ok = g.corp.score.contains(&card) && agenda_count(g, card) > 0 && !g.corp.rd.is_empty() && !g.flags.used_cards.contains(&card);
    if ok {
        vec![(
            format!("basalt:{card}"),
            format!("{}: spend an agenda counter and trash the top card of R&D to add a card from Archives to HQ", g.label(card)),
            0,
        )]
    } else {
        vec![]
    }
}

fn basalt_spire(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if agenda_count(g, c.card) == 0 || g.corp.rd.is_empty() || g.flags.used_cards.contains(&c.card) {
        return;
    }
    g.flags.used_cards.push(c.card);
    agenda_counters(g, c.card, -1, c.name(), ev);
    let top = g.corp.rd[0];
    super::helpers::trash_from_rd(g, &[top], c.name(), ev);
    ask_later(g, c, 0);
}

fn archives_to_hq_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.archives.is_empty() {
        return None;
    }
    let mut o = vec![(opt("none", "Add nothing"), Answer::No)];
    o.extend(card_options(g, "take", &g.corp.archives));
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may add 1 card from Archives to HQ ({})", c.name()),
        format!("{}: you may add 1 card from Archives to HQ", c.name()),
        o,
    ))
}

fn archives_to_hq_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Card(k) = first(a) else { return Ok(Then::Done) };
    if !g.corp.archives.contains(&k) {
        return Ok(Then::Done);
    }
    let shown = g.card(k).is_some_and(|x| x.faceup);
    g.take_corp(k);
    if let Some(x) = g.card_mut(k) {
        x.faceup = false;
    }
    g.corp.hq.push(k);
    if shown {
        note(ev, "to_hq", format!("{}: the Corp adds {} from Archives to HQ", c.name(), g.label(k)), json!({"card": k, "code": g.code(k)}));
    } else {
        ev.push(super::helpers::corp_card_private(
            g,
            "to_hq",
            format!("{}: the Corp adds a card from Archives to HQ", c.name()),
            format!("{}: the Corp adds {} from Archives to HQ", c.name(), g.label(k)),
            k,
        ));
    }
    Ok(Then::Done)
}

// --- expendable cards

fn plain_expend_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    expend_offers(g, card, true)
}

fn slash_and_burn(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if expend(g, c.card, ev) {
        ask_later(g, c, 0);
    }
}

fn slash_and_burn_ask(g: &Game, c: Ctx) -> Option<Question> {
    let to = advanceable_installed(g);
    if to.is_empty() {
        return None;
    }
    let o = to.iter().map(|&k| (opt(format!("card:{k}"), g.label(k)), Answer::Card(k))).collect();
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("places 2 advancement counters on an installed card ({})", c.name()),
        format!("{}: place 2 advancement counters on an installed card you can advance", c.name()),
        o,
    ))
}

fn slash_and_burn_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(k) = first(a) {
        if g.advanceable(k) {
            place_adv(g, k, 2, c.name(), ev);
        }
    }
    Ok(Then::Done)
}

/// Threat 3: Angelique Garza Correa can be expended for 1 meat damage.
fn angelique_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    expend_offers(g, card, threat(g, 3))
}

fn angelique_expend(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if expend(g, c.card, ev) {
        damage(g, DamageKind::Meat, 1, c.name(), false);
    }
}

/// Accessed while rezzed, the Corp may pay 2 for 2 meat damage.
fn angelique_accessed(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.rezzed(c.card) && g.is_installed(c.card) {
        ask_later(g, c, 0);
    }
}

fn angelique_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.credits < 2 {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may pay 2 credits to do 2 meat damage ({})", g.label(c.card)),
        format!("{}: pay 2 credits to do 2 meat damage?", g.label(c.card)),
        yes_no("Pay 2 credits", "Do nothing"),
    ))
}

fn angelique_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && g.corp_pay(2) {
        note(ev, "paid", format!("The Corp pays 2 credits for {}", c.name()), json!({"seat": CORP, "cost": 2, "source": c.name()}));
        damage(g, DamageKind::Meat, 2, c.name(), false);
    }
    Ok(Then::Done)
}

// --- "whenever you score an agenda"

fn salvo_ask(_: &Game, c: Ctx) -> Option<Question> {
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may do 1 core damage ({})", c.name()),
        format!("{}: do 1 core damage?", c.name()),
        yes_no("Do 1 core damage", "Do nothing"),
    ))
}

fn salvo_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        damage(g, DamageKind::Core, 1, c.name(), false);
    }
    Ok(Then::Done)
}

fn powers_that_be_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = vec![(opt("none", "Install nothing"), Answer::No)];
    let from: Vec<u32> = g.corp.hq.iter().chain(g.corp.archives.iter()).copied().collect();
    o.extend(corp_install_options(g, &from, false, true));
    if o.len() <= 1 {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may install a card from HQ or Archives, ignoring all costs ({})", g.label(c.card)),
        format!("{}: you may install 1 card from HQ or Archives, ignoring all costs", g.label(c.card)),
        o,
    ))
}

// --- "when your discard phase ends" agendas (with Dividends)

fn sericulture_ask(g: &Game, c: Ctx) -> Option<Question> {
    let installed = g.installed_corp();
    if agenda_count(g, c.card) == 0 || installed.is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may spend an agenda counter to place 2 advancement counters on an installed card ({})", c.name()),
        format!("{}: you may remove 1 agenda counter to place 2 advancement counters on an installed card (it cannot be scored this turn)", c.name()),
        counter_options(g, &installed, "Do nothing"),
    ))
}

fn sericulture_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Card(k) = first(a) else { return Ok(Then::Done) };
    if agenda_count(g, c.card) > 0 && g.is_installed(k) {
        agenda_counters(g, c.card, -1, c.name(), ev);
        place_adv(g, k, 2, c.name(), ev);
        g.flags.no_score.push(k);
    }
    Ok(Then::Done)
}

/// Off the Books: an agenda counter to search R&D for a card (revealed), installed ignoring
/// all costs or added to HQ (where it waits for that choice while R&D is shuffled).
fn off_the_books_ask(g: &Game, c: Ctx) -> Option<Question> {
    if agenda_count(g, c.card) == 0 || g.corp.rd.is_empty() {
        return None;
    }
    let mut o = vec![(opt("none", "Do nothing"), Answer::No)];
    o.extend(card_options(g, "search", &g.corp.rd));
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may spend an agenda counter to search R&D for a card ({})", c.name()),
        format!("{}: you may remove 1 agenda counter to search R&D for 1 card", c.name()),
        o,
    ))
}

fn off_the_books_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Card(k) = first(a) else { return Ok(Then::Done) };
    if agenda_count(g, c.card) == 0 || !g.corp.rd.contains(&k) {
        return Ok(Then::Done);
    }
    agenda_counters(g, c.card, -1, c.name(), ev);
    g.corp.rd.retain(|&x| x != k);
    g.corp.hq.push(k);
    note(ev, "revealed", format!("{}: the Corp searches R&D and reveals {}", c.name(), g.label(k)), json!({"card": k, "code": g.code(k)}));
    ask_with(g, c, 1, k);
    g.tasks.push(Task::Shuffle { corp: true });
    Ok(Then::Done)
}

fn off_the_books_install_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.corp.hq.contains(&c.arg) {
        return None;
    }
    let mut o = vec![(opt("none", "Add it to HQ"), Answer::No)];
    o.extend(corp_install_options(g, &[c.arg], false, true));
    if o.len() <= 1 {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may install {} ignoring all costs, or add it to HQ ({})", g.label(c.arg), c.name()),
        format!("{}: install {} ignoring all costs, or add it to HQ", c.name(), g.label(c.arg)),
        o,
    ))
}

fn ingatan_ask(g: &Game, c: Ctx) -> Option<Question> {
    if agenda_count(g, c.card) == 0 {
        return None;
    }
    let mut o = vec![(opt("none", "Do nothing"), Answer::No)];
    o.extend(corp_install_options(g, &g.corp.archives, false, true));
    if o.len() <= 1 {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may spend an agenda counter to install a card from Archives ({})", c.name()),
        format!("{}: you may remove 1 agenda counter to install 1 card from Archives, ignoring all costs", c.name()),
        o,
    ))
}

fn ingatan_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Install { card, server } = first(a) else { return Ok(Then::Done) };
    if agenda_count(g, c.card) == 0 || !g.corp.archives.contains(&card) {
        return Ok(Then::Done);
    }
    agenda_counters(g, c.card, -1, c.name(), ev);
    Ok(Then::InstallCorpFree { card, server })
}

// --- Working Prototype

fn working_prototype_counter(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if let Some(k) = g.card_mut(c.card) {
        k.power += 1;
    }
    let n = g.card(c.card).map_or(0, |k| k.power);
    note(ev, "power_counters", format!("{}: 1 power counter on it (now {n})", g.label(c.card)), json!({"card": c.card, "change": 1, "power": n}));
}

fn power(g: &Game, card: u32) -> u32 {
    g.card(card).map_or(0, |k| k.power)
}

/// Its two click abilities, told apart by the option's number: 0 (1 counter: 3 credits), 1 (5
/// counters: 6 credits and a resource to the top of the stack).
fn working_prototype_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    let mut v = Vec::new();
    if g.rezzed(card) && g.is_installed(card) {
        if power(g, card) >= 1 {
            v.push((Some(0), format!("{}: spend 1 power counter to gain 3 credits", g.label(card))));
        }
        if power(g, card) >= 5 {
            v.push((Some(1), format!("{}: spend 5 power counters to gain 6 credits and add an installed resource to the top of the stack", g.label(card))));
        }
    }
    v
}

fn working_prototype(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let (n, gain) = if c.arg == 1 { (5, 6) } else { (1, 3) };
    if power(g, c.card) < n {
        return;
    }
    if let Some(k) = g.card_mut(c.card) {
        k.power -= n;
    }
    note(
        ev,
        "power_counters",
        format!("{}: {n} power counter(s) spent", g.label(c.card)),
        json!({"card": c.card, "change": -i64::from(n), "power": power(g, c.card)}),
    );
    g.gain(CORP, gain, c.name(), ev);
    if c.arg == 1 {
        ask_later(g, c, 0);
    }
}

fn working_prototype_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.runner.resources.is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("adds an installed resource to the top of the stack ({})", c.name()),
        format!("{}: add 1 installed resource to the top of the stack", c.name()),
        card_options(g, "card", &g.runner.resources),
    ))
}

fn working_prototype_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Card(k) = first(a) else { return Ok(Then::Done) };
    if !g.runner.resources.contains(&k) {
        return Ok(Then::Done);
    }
    g.take_runner(k);
    if let Some(x) = g.card_mut(k) {
        (x.credits, x.virus, x.power, x.host) = (0, 0, 0, None);
    }
    g.runner.stack.insert(0, k);
    note(ev, "to_stack", format!("{}: {} is added to the top of the stack", c.name(), g.label(k)), json!({"card": k, "code": g.code(k)}));
    Ok(Then::Done)
}

// --- Corporate Hospitality

/// A card from Archives to HQ (not this operation: by the rules it is not in Archives yet).
fn hospitality_ask(g: &Game, c: Ctx) -> Option<Question> {
    let from: Vec<u32> = g.corp.archives.iter().copied().filter(|&k| k != c.card).collect();
    if from.is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("adds 1 card from Archives to HQ ({})", c.name()),
        format!("{}: add 1 card from Archives to HQ", c.name()),
        card_options(g, "take", &from),
    ))
}

// --- Touch-ups

const RUNNER_TYPES: [(CardType, &str); 4] =
    [(CardType::Event, "event"), (CardType::Hardware, "hardware"), (CardType::Program, "program"), (CardType::Resource, "resource")];

fn touch_ups_ask(g: &Game, c: Ctx) -> Option<Question> {
    let to = advanceable_installed(g);
    if to.is_empty() {
        return None;
    }
    let o = to.iter().map(|&k| (opt(format!("card:{k}"), g.label(k)), Answer::Card(k))).collect();
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("places 2 advancement counters on an installed card ({})", c.name()),
        format!("{}: place 2 advancement counters on 1 installed card you can advance", c.name()),
        o,
    ))
}

fn touch_ups_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(k) = first(a) {
        if g.advanceable(k) && g.is_installed(k) {
            place_adv(g, k, 2, c.name(), ev);
            ask_later(g, c, 1);
        }
    }
    Ok(Then::Done)
}

fn touch_ups_type_ask(_: &Game, c: Ctx) -> Option<Question> {
    let o = RUNNER_TYPES.iter().enumerate().map(|(i, (_, name))| (opt(format!("type:{name}"), format!("Name {name}")), Answer::Mode(i as u8))).collect();
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("names a card type and reveals the grip ({})", c.name()),
        format!("{}: choose a card type; the grip is revealed", c.name()),
        o,
    ))
}

fn touch_ups_type_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Mode(i) = first(a) else { return Ok(Then::Done) };
    let Some((_, name)) = RUNNER_TYPES.get(usize::from(i)) else { return Ok(Then::Done) };
    let names: Vec<String> = g.runner.grip.iter().map(|&k| g.label(k)).collect();
    note(
        ev,
        "revealed",
        format!("{}: the Corp names {name}; the Runner reveals the grip: {}", c.name(), names.join(", ")),
        json!({"cards": g.runner.grip, "type": name}),
    );
    ask_with(g, c, 2, u32::from(i));
    Ok(Then::Done)
}

fn touch_ups_of_type(g: &Game, i: u32) -> Vec<u32> {
    let Some((t, _)) = RUNNER_TYPES.get(i as usize) else { return vec![] };
    g.runner.grip.iter().copied().filter(|&k| g.def(k).ctype == *t).collect()
}

fn touch_ups_pick_ask(g: &Game, c: Ctx) -> Option<Question> {
    let of = touch_ups_of_type(g, c.arg);
    if of.is_empty() {
        return None;
    }
    let n = (of.len() as u32).min(2);
    Some(
        Question::one(
            CORP,
            CARD_KIND,
            format!("chooses up to 2 revealed cards the Runner shuffles into the stack ({})", c.name()),
            format!("{}: choose up to 2 revealed cards; the Runner shuffles them into the stack", c.name()),
            card_options(g, "card", &of),
        )
        .range(0, n),
    )
}

fn touch_ups_pick_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let of = touch_ups_of_type(g, c.arg);
    let cs: Vec<u32> = picked(a).into_iter().filter(|k| of.contains(k)).take(2).collect();
    if cs.is_empty() {
        return Ok(Then::Done);
    }
    let names: Vec<String> = cs.iter().map(|&k| g.label(k)).collect();
    for &k in &cs {
        g.take_runner(k);
        g.runner.stack.push(k);
    }
    note(ev, "returned", format!("{}: the Runner shuffles {} into the stack", c.name(), names.join(", ")), json!({"cards": cs}));
    g.tasks.push(Task::Shuffle { corp: false });
    Ok(Then::Done)
}

// --- the Runner's steals and trashes, terminal operations, allotted clicks --------------------------

/// "Play only if the Runner stole or trashed a Corp card during their last turn."
pub(super) fn runner_took_corp_card_last_turn(g: &Game) -> Option<Vec<(u32, String)>> {
    if g.runner_took_corp_card_last_turn {
        None
    } else {
        Some(vec![])
    }
}

/// Oppo Research's threat 3: pay 5 to give 2 more tags.
fn oppo_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !threat(g, 3) || g.corp.credits < 5 {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may pay 5 credits to give the Runner 2 tags ({})", c.name()),
        format!("{}: pay 5 credits to give the Runner 2 more tags?", c.name()),
        yes_no("Pay 5 credits", "Do nothing"),
    ))
}

fn oppo_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && pay_corp(g, 5, c.name(), ev) {
        give_tags(g, 2, c.name(), ev);
    }
    Ok(Then::Done)
}

/// The Corp pays `n` credits for a card's ability (publicly); false when it cannot.
fn pay_corp(g: &mut Game, n: i64, source: &str, ev: &mut Vec<Event>) -> bool {
    if !g.corp_pay(n) {
        return false;
    }
    note(ev, "paid", format!("The Corp pays {n} credits for {source}"), json!({"seat": CORP, "cost": n, "source": source}));
    true
}

/// The Runner gets 1 allotted click less for their next turn.
fn one_click_less(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.next_turn_clicks[RUNNER as usize] -= 1;
    note(
        ev,
        "allotted_clicks",
        format!("{}: the Runner gets 1 allotted click less for their next turn", c.name()),
        json!({"seat": RUNNER, "change": -1, "total": g.next_turn_clicks[RUNNER as usize]}),
    );
}

fn policing_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !threat(g, 3) || g.corp.credits < 2 {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may pay 2 credits to take 1 more allotted click from the Runner's next turn ({})", c.name()),
        format!("{}: pay 2 credits so that the Runner gets 1 more allotted click less for their next turn?", c.name()),
        yes_no("Pay 2 credits", "Do nothing"),
    ))
}

fn policing_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && pay_corp(g, 2, c.name(), ev) {
        one_click_less(g, c, ev);
    }
    Ok(Then::Done)
}

// --- the Corp identities' abilities ------------------------------------------------------------------

/// Epiphany Analytica: 1 power counter on the identity, the first time each turn the Runner
/// steals or trashes a Corp card.
fn epiphany_counter(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.corp.identity_power += 1;
    let n = g.corp.identity_power;
    note(ev, "power_counters", format!("{}: 1 power counter on it (now {n})", c.name()), json!({"seat": CORP, "identity": true, "change": 1, "power": n}));
}

fn epiphany_offers(g: &Game, _: u32) -> Vec<(Option<u32>, String)> {
    if g.corp.identity_power == 0 || g.corp.rd.is_empty() {
        return vec![];
    }
    vec![(None, "Epiphany Analytica: spend 1 hosted power counter to look at the top 3 cards of R&D and install 1 of them".into())]
}

fn epiphany_look(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.corp.identity_power == 0 {
        return;
    }
    g.corp.identity_power -= 1;
    let n = g.corp.identity_power;
    note(ev, "power_counters", format!("{}: 1 power counter spent (now {n})", c.name()), json!({"seat": CORP, "identity": true, "change": -1, "power": n}));
    ask_later(g, c, 0);
}

/// The top `n` cards of R&D.
fn rd_top(g: &Game, n: usize) -> Vec<u32> {
    g.corp.rd.iter().copied().take(n).collect()
}

/// An optional install of one of `cards` (the Corp's own hidden cards it looks at: R&D's top),
/// paying its costs.
fn install_looked_ask(g: &Game, c: Ctx, cards: Vec<u32>, what: &str) -> Option<Question> {
    if cards.is_empty() {
        return None;
    }
    let mut o = vec![(opt("none", "Install nothing"), Answer::No)];
    o.extend(corp_install_options(g, &cards, false, false));
    Some(
        Question::one(
            CORP,
            CARD_KIND,
            format!("looks at the top {} card(s) of R&D and may install {what} ({})", cards.len(), c.name()),
            format!("{}: you may install {what} from the top {} card(s) of R&D", c.name(), cards.len()),
            o,
        )
        .looking_at(cards),
    )
}

/// Installing a card looked at on top of R&D: it leaves R&D at once (set aside while it is
/// installed), so that the questions of its install (what to trash first) name a card the Corp
/// knows, not one still among R&D's hidden cards.
fn install_from_rd_answer(g: &mut Game, _: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Install { card, server } = first(a) else { return Ok(Then::Done) };
    g.take_corp(card);
    Ok(Then::InstallCorp { card, server })
}

fn epiphany_ask(g: &Game, c: Ctx) -> Option<Question> {
    install_looked_ask(g, c, rd_top(g, 3), "1 of them")
}

/// Poétrï Luxury Brands: whenever the Corp scores, a look at the top 3 cards of R&D.
fn poetri_look(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    ask_later(g, c, 0);
}

fn poetri_rd_ask(g: &Game, c: Ctx) -> Option<Question> {
    let top = rd_top(g, 3);
    let mut q = install_looked_ask(g, c, top.clone(), "1 non-agenda card")?;
    // Agendas are looked at but not offered.
    let agendas: Vec<u32> = top.iter().copied().filter(|&k| g.def(k).ctype == CardType::Agenda).collect();
    q.options.retain(|(_, a)| !matches!(a, Answer::Install { card, .. } if agendas.contains(card)));
    Some(q)
}

/// Poétrï Luxury Brands: an agenda stolen, the Corp may install a non-agenda card from HQ.
fn poetri_hq_ask(g: &Game, c: Ctx) -> Option<Question> {
    let hq: Vec<u32> = g.corp.hq.iter().copied().filter(|&k| g.def(k).ctype != CardType::Agenda).collect();
    let mut o = vec![(opt("none", "Install nothing"), Answer::No)];
    o.extend(corp_install_options(g, &hq, false, false));
    if o.len() <= 1 {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may install a non-agenda card from HQ ({})", c.name()),
        format!("{}: you may install 1 non-agenda card from HQ", c.name()),
        o,
    ))
}

/// LEO Construction: once per turn during a run, trash a rezzed bioroid card in the root of or
/// protecting the attacked server to end the run.
fn leo_offers(g: &Game, _: u32) -> Vec<(String, String, u32)> {
    let Some(run) = g.run.as_ref() else { return vec![] };
    if g.used_this_turn(LEO_CONSTRUCTION) {
        return vec![];
    }
    let Some(s) = g.server(run.server) else { return vec![] };
    s.ice
        .iter()
        .chain(s.root.iter())
        .copied()
        .filter(|&k| g.rezzed(k) && g.def(k).has_subtype("Bioroid"))
        .map(|k| (format!("leo:{k}"), format!("LEO Construction: trash {} to end the run", g.label(k)), k))
        .collect()
}

fn leo_construction(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if !leo_offers(g, c.card).iter().any(|(_, _, k)| *k == c.arg) {
        return;
    }
    g.use_once_per_turn(LEO_CONSTRUCTION);
    g.corp_trash_installed(c.arg, c.name(), ev);
    end_the_run(g, c.name(), ev);
}

// --- Phật Gioan Baotixita

fn phat_counter(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let n = match g.card_mut(c.card) {
        Some(k) => {
            k.power += 1;
            k.power
        }
        None => return,
    };
    note(ev, "power_counters", format!("{}: 1 power counter on it (now {n})", g.label(c.card)), json!({"card": c.card, "change": 1, "power": n}));
}

/// The first agenda scored or stolen this turn: remove up to 2 counters (asked when it has
/// some), then 1 net damage and 1 more per counter removed.
fn phat_changed_hands(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.flags.agendas_changed_hands != 1 {
        return;
    }
    if g.card(c.card).is_some_and(|k| k.power > 0) {
        ask_later(g, c, 0);
    } else {
        damage(g, DamageKind::Net, 1, c.name(), false);
    }
}

fn phat_ask(g: &Game, c: Ctx) -> Option<Question> {
    let most = g.card(c.card).map_or(0, |k| k.power).min(2) as u8;
    let o = (0..=most).map(|n| (opt(format!("remove:{n}"), format!("Remove {n} power counter(s): {} net damage", 1 + n)), Answer::Mode(n))).collect();
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("removes up to 2 power counters to do 1 net damage and 1 more per counter ({})", c.name()),
        format!("{}: remove up to 2 hosted power counters; 1 net damage plus 1 per counter removed", c.name()),
        o,
    ))
}

fn phat_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Mode(n) = first(a) else { return Err(RulesError::Illegal("choose how many counters".into())) };
    let n = u32::from(n).min(g.card(c.card).map_or(0, |k| k.power));
    if n > 0 {
        if let Some(k) = g.card_mut(c.card) {
            k.power -= n;
        }
        let left = g.card(c.card).map_or(0, |k| k.power);
        note(
            ev,
            "power_counters",
            format!("{}: {n} power counter(s) removed (now {left})", g.label(c.card)),
            json!({"card": c.card, "change": -i64::from(n), "power": left}),
        );
    }
    damage(g, DamageKind::Net, 1 + n, c.name(), false);
    Ok(Then::Done)
}

// --- operations played by an effect ---------------------------------------------------------------------

/// The operations of HQ the asking card may play (Sudden Commandment: non-terminal ones only).
fn playable_from_hq(g: &Game, c: Ctx) -> Vec<u32> {
    g.corp
        .hq
        .iter()
        .copied()
        .filter(|&k| c.def.code != SUDDEN_COMMANDMENT || !super::def(g.code(k)).statics.iter().any(|s| matches!(s, Static::Terminal)))
        .collect()
}

/// An optional play of 1 operation from HQ, paying its cost.
fn play_from_hq_ask(g: &Game, c: Ctx) -> Option<Question> {
    let o = corp_play_options(g, &playable_from_hq(g, c));
    if o.is_empty() {
        return None;
    }
    let mut all = vec![(opt("none", "Play nothing"), Answer::No)];
    all.extend(o);
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may play an operation from HQ ({})", c.name()),
        format!("{}: you may play 1 operation from HQ", c.name()),
        all,
    ))
}

fn play_answer(_: &mut Game, _: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    Ok(match first(a) {
        Answer::Play { card, target } => Then::PlayCorp { card, target },
        _ => Then::Done,
    })
}

fn play_or_install_answer(_: &mut Game, _: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    Ok(match first(a) {
        Answer::Play { card, target } => Then::PlayCorp { card, target },
        Answer::Install { card, server } => Then::InstallCorp { card, server },
        _ => Then::Done,
    })
}

/// Sudden Commandment's threat 3: the first mandate played this turn may pay 3 for a click.
fn commandment_ask(g: &Game, c: Ctx) -> Option<Question> {
    let first_mandate = g.flags.played.iter().copied().find(|&k| g.def(k).has_subtype("Mandate"));
    if !threat(g, 3) || first_mandate != Some(c.card) || g.corp.credits < 3 {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may pay 3 credits to gain a click ({})", c.name()),
        format!("{}: pay 3 credits to gain 1 click?", c.name()),
        yes_no("Pay 3 credits", "Do nothing"),
    ))
}

fn commandment_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && pay_corp(g, 3, c.name(), ev) {
        gain_clicks(g, CORP, 1, c.name(), ev);
    }
    Ok(Then::Done)
}

/// Humanoid Resources: 3 clicks (the action's and 2 more) and trashing it.
fn humanoid_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    if !g.rezzed(card) || !g.is_installed(card) || g.corp.clicks < 3 {
        return vec![];
    }
    vec![(None, format!("{}: 3 clicks, trash it: gain 4 credits, draw 3 cards, install up to 2 cards and play 1 operation from HQ", g.label(card)))]
}

fn humanoid_resources(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if !g.rezzed(c.card) || g.corp.clicks < 2 {
        return;
    }
    g.corp.clicks -= 2;
    g.corp_trash_installed(c.card, "its own ability", ev);
    g.gain(CORP, 4, c.name(), ev);
    g.draw(CORP, 3, ev);
    // Last pushed first: the installs (one at a time), then the play.
    ask_with(g, c, 1, 0);
    ask_with(g, c, 0, 2);
}

/// Up to `arg` more installs from HQ, one at a time (answered by `top_down_answer`).
fn up_to_installs_ask(g: &Game, c: Ctx) -> Option<Question> {
    top_down_ask(g, c)
}

/// Pivot: search R&D for an operation or an agenda, reveal it, add it to HQ; R&D is shuffled.
fn pivot_search_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.rd.is_empty() {
        return None;
    }
    Some(search_deck_ask(
        g,
        CORP,
        "search",
        operation_or_agenda,
        format!("searches R&D for an operation or an agenda ({})", c.name()),
        format!("{}: search R&D for 1 operation or agenda to reveal and add to HQ", c.name()),
    ))
}

fn operation_or_agenda(g: &Game, k: u32) -> bool {
    matches!(g.def(k).ctype, CardType::Operation | CardType::Agenda)
}

fn pivot_search_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Some(k) = search_deck_answer(g, CORP, operation_or_agenda, a, |l| format!("{}: the Corp searches R&D and reveals {l}, added to HQ", c.name()), ev)? {
        g.corp.hq.push(k);
    }
    g.tasks.push(Task::Shuffle { corp: true });
    Ok(Then::Done)
}

/// Pivot's threat 3: play or install 1 card from HQ.
fn pivot_threat_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !threat(g, 3) {
        return None;
    }
    let mut o = vec![(opt("none", "Do nothing"), Answer::No)];
    o.extend(corp_play_options(g, &g.corp.hq));
    o.extend(corp_install_options(g, &g.corp.hq, false, false));
    if o.len() <= 1 {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may play or install a card from HQ ({})", c.name()),
        format!("{}: you may play or install 1 card from HQ", c.name()),
        o,
    ))
}

// --- Synapse Global

fn synapse_offers(g: &Game, _: u32) -> Vec<(Option<u32>, String)> {
    if g.runner.tags < 1 {
        return vec![];
    }
    vec![(None, "Synapse Global: remove 1 tag to gain 2 credits".into())]
}

fn synapse_global(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.runner.tags < 1 {
        return;
    }
    g.runner.tags -= 1;
    note(ev, "tag_removed", format!("{}: the Corp removes a tag ({} left)", c.name(), g.runner.tags), json!({"tags": g.runner.tags}));
    super::helpers::tags_removed(g, 1, ev);
    g.gain(CORP, 2, c.name(), ev);
}

/// The first tag removed each turn: reveal and install 1 card from HQ, ignoring all costs.
fn synapse_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = vec![(opt("none", "Install nothing"), Answer::No)];
    o.extend(corp_install_options(g, &g.corp.hq, false, true));
    if o.len() <= 1 {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may reveal and install a card from HQ, ignoring all costs ({})", c.name()),
        format!("{}: you may reveal and install 1 card from HQ, ignoring all costs", c.name()),
        o,
    ))
}

fn synapse_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Install { card, server } = first(a) else { return Ok(Then::Done) };
    note(ev, "revealed", format!("{}: the Corp reveals {} and installs it", c.name(), g.label(card)), json!({"card": card, "code": g.code(card)}));
    Ok(Then::InstallCorpFree { card, server })
}

// --- Key Performance Indicators

/// The four modes; 2 different ones are resolved, in the order chosen (the question's argument:
/// the modes used so far, as bits).
const KPI_MODES: [&str; 4] = [
    "draw 1 card, then shuffle 1 card from HQ into R&D",
    "install 1 piece of ice from HQ, ignoring all costs",
    "place 1 advancement counter on an installed card you can advance",
    "gain 2 credits",
];

fn kpi_mode_ask(_: &Game, c: Ctx) -> Option<Question> {
    if c.arg.count_ones() >= 2 {
        return None;
    }
    let o = (0..4u8).filter(|&m| c.arg & (1 << m) == 0).map(|m| (opt(format!("mode:{m}"), KPI_MODES[usize::from(m)]), Answer::Mode(m))).collect();
    let which = if c.arg == 0 { "first" } else { "second" };
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("chooses the {which} of 2 modes ({})", c.name()),
        format!("{}: choose the {which} of 2 different effects to resolve", c.name()),
        o,
    ))
}

fn kpi_mode_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Mode(m) = first(a) else { return Err(RulesError::Illegal("choose a mode".into())) };
    note(ev, "mode_chosen", format!("{}: the Corp chooses to {}", c.name(), KPI_MODES[usize::from(m)]), json!({"mode": m}));
    // The next choice waits until this mode is resolved (its questions are asked first).
    ask_with(g, c, 0, c.arg | (1 << m));
    match m {
        0 => {
            g.draw(CORP, 1, ev);
            ask_with(g, c, 1, 0);
        }
        1 => ask_with(g, c, 2, 0),
        2 => ask_with(g, c, 3, 0),
        _ => g.gain(CORP, 2, c.name(), ev),
    }
    Ok(Then::Done)
}

fn kpi_shuffle_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.hq.is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("shuffles a card from HQ into R&D ({})", c.name()),
        format!("{}: choose 1 card of HQ to shuffle into R&D", c.name()),
        card_options(g, "card", &g.corp.hq),
    ))
}

fn kpi_shuffle_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Some(&k) = picked(a).first().filter(|k| g.corp.hq.contains(k)) else { return Err(RulesError::Illegal("pick a card of HQ".into())) };
    g.corp.hq.retain(|&x| x != k);
    g.corp.rd.push(k);
    ev.push(super::helpers::corp_card_private(
        g,
        "to_rd",
        format!("{}: the Corp shuffles a card from HQ into R&D", c.name()),
        format!("{}: the Corp shuffles {} from HQ into R&D", c.name(), g.label(k)),
        k,
    ));
    g.tasks.push(Task::Shuffle { corp: true });
    Ok(Then::Done)
}

/// An ice from HQ installed ignoring all costs (required when there is one).
fn kpi_ice_ask(g: &Game, c: Ctx) -> Option<Question> {
    let ice: Vec<u32> = g.corp.hq.iter().copied().filter(|&k| g.def(k).ctype == CardType::Ice).collect();
    let o = corp_install_options(g, &ice, false, true);
    if o.is_empty() {
        return None;
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("installs an ice from HQ, ignoring all costs ({})", c.name()),
        format!("{}: install 1 ice from HQ, ignoring all costs", c.name()),
        o,
    ))
}

fn install_answer_free(_: &mut Game, _: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    Ok(match first(a) {
        Answer::Install { card, server } => Then::InstallCorpFree { card, server },
        _ => Then::Done,
    })
}

/// 1 advancement counter on an installed card the Corp can advance (required when there is one).
fn kpi_counter_ask(g: &Game, c: Ctx) -> Option<Question> {
    let cards = advanceable_installed(g);
    if cards.is_empty() {
        return None;
    }
    let o = cards.iter().map(|&k| (opt(format!("card:{k}"), g.label(k)), Answer::Card(k))).collect();
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("places 1 advancement counter on an installed card ({})", c.name()),
        format!("{}: place 1 advancement counter on an installed card you can advance", c.name()),
        o,
    ))
}

// --- derez ---------------------------------------------------------------------------------------------

/// Stegodon MK IV: icebreakers are 2 weaker during a run in which an ice was derezzed.
fn stegodon_strength(g: &Game) -> i64 {
    if g.run.as_ref().is_some_and(|r| r.ice_derezzed) {
        -2
    } else {
        0
    }
}

/// The rezzed ice not protecting server `server`.
fn rezzed_ice_elsewhere(g: &Game, server: u32) -> Vec<u32> {
    g.corp.servers.iter().filter(|s| s.id != server).flat_map(|s| s.ice.iter().copied()).filter(|&i| g.rezzed(i)).collect()
}

fn stegodon_ask(g: &Game, c: Ctx) -> Option<Question> {
    // Once per turn (per copy); a declined "may" does not use it.
    if g.flags.used_cards.contains(&c.card) || !g.corp.score.contains(&c.card) {
        return None;
    }
    let ice = rezzed_ice_elsewhere(g, c.arg);
    if ice.is_empty() {
        return None;
    }
    let mut o = card_options(g, "derez", &ice);
    o.push((opt("none", "Derez nothing"), Answer::No));
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may derez an ice not protecting the attacked server to gain 1 credit ({})", c.name()),
        format!("{}: you may derez 1 ice not protecting the attacked server to gain 1 credit", c.name()),
        o,
    ))
}

fn stegodon_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(i) = first(a) {
        if !rezzed_ice_elsewhere(g, c.arg).contains(&i) {
            return Err(RulesError::Illegal(format!("{} cannot derez card {i}", c.name())));
        }
        g.flags.used_cards.push(c.card);
        super::helpers::derez(g, i, c.name(), ev);
        g.gain(CORP, 1, c.name(), ev);
    }
    Ok(Then::Done)
}

/// The unrezzed ice protecting the attacked server (`c.arg`).
fn lab_targets(g: &Game, server: u32) -> Vec<u32> {
    super::helpers::ice_of(g, server).into_iter().filter(|&i| !g.rezzed(i)).collect()
}

fn lab_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.corp.score.contains(&c.card) || g.card(c.card).map_or(0, |k| k.agenda) == 0 {
        return None;
    }
    let ice = lab_targets(g, c.arg);
    if ice.is_empty() {
        return None;
    }
    let n = ice.len().min(2) as u32;
    let o = card_options(g, "rez", &ice);
    Some(
        Question::one(
            CORP,
            CARD_KIND,
            format!("may remove an agenda counter from {} to rez up to 2 ice protecting {}", c.name(), Game::server_name(c.arg)),
            format!(
                "{}: you may remove 1 agenda counter to rez up to 2 ice protecting {}, ignoring all costs (pick none to decline)",
                c.name(),
                Game::server_name(c.arg)
            ),
            o,
        )
        .range(0, n),
    )
}

fn lab_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let ice = picked(a);
    if ice.is_empty() {
        return Ok(Then::Done);
    }
    let targets = lab_targets(g, c.arg);
    if ice.len() > 2 || ice.iter().any(|i| !targets.contains(i)) {
        return Err(RulesError::Illegal(format!("{} rezzes up to 2 unrezzed ice of the attacked server", c.name())));
    }
    agenda_counters(g, c.card, -1, c.name(), ev);
    for i in ice {
        super::helpers::rez_free(g, i, c.name(), ev);
    }
    // "When this turn ends, derez 2 pieces of ice protecting that server" (a delayed effect).
    g.flags.at_turn_end.push(Task::Card { code: c.def.code.to_string(), card: c.card, step: 1, arg: c.arg });
    Ok(Then::Done)
}

/// The turn ends: 2 rezzed ice protecting that server are derezzed (all of them if there are 2
/// or fewer; else the Corp chooses which 2).
fn lab_turn_ends(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let rezzed: Vec<u32> = super::helpers::ice_of(g, c.arg).into_iter().filter(|&i| g.rezzed(i)).collect();
    if rezzed.len() > 2 {
        ask_later(g, c, 2);
        return;
    }
    for i in rezzed {
        super::helpers::derez(g, i, c.name(), ev);
    }
}

fn lab_derez_ask(g: &Game, c: Ctx) -> Option<Question> {
    let rezzed: Vec<u32> = super::helpers::ice_of(g, c.arg).into_iter().filter(|&i| g.rezzed(i)).collect();
    let o = card_options(g, "derez", &rezzed);
    Some(
        Question::one(
            CORP,
            CARD_KIND,
            format!("chooses 2 ice protecting {} to derez ({})", Game::server_name(c.arg), c.name()),
            format!("{}: choose 2 ice protecting {} to derez", c.name(), Game::server_name(c.arg)),
            o,
        )
        .range(2, 2),
    )
}

fn lab_derez_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let ice = picked(a);
    let rezzed: Vec<u32> = super::helpers::ice_of(g, c.arg).into_iter().filter(|&i| g.rezzed(i)).collect();
    if ice.len() != 2 || ice[0] == ice[1] || ice.iter().any(|i| !rezzed.contains(i)) {
        return Err(RulesError::Illegal(format!("{} derezzes 2 rezzed ice of that server", c.name())));
    }
    for i in ice {
        super::helpers::derez(g, i, c.name(), ev);
    }
    Ok(Then::Done)
}

fn warm_install_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = vec![(opt("none", "Install nothing"), Answer::No)];
    o.extend(corp_install_options(g, &g.corp.hq, false, false));
    if o.len() <= 1 {
        return warm_derez_ask(g, c);
    }
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may install a card from HQ ({})", c.name()),
        format!("{}: you may install 1 card from HQ (it cannot be scored this turn)", c.name()),
        o,
    ))
}

fn warm_install_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    match first(a) {
        Answer::Install { card, server } => {
            g.flags.no_score.push(card);
            // Asked after this install (and the trashing it may ask for) is done.
            ask_later(g, c, 1);
            Ok(Then::InstallCorp { card, server })
        }
        // Nothing to install: the question asked was the derez one.
        Answer::Card(_) => warm_derez_answer(g, c, a, ev),
        _ => {
            ask_later(g, c, 1);
            Ok(Then::Done)
        }
    }
}

/// The other rezzed installed Corp cards Warm Reception may derez, while it is rezzed in a
/// server no ice protects.
fn warm_derez_targets(g: &Game, card: u32) -> Vec<u32> {
    let CorpZone::Root(server) = g.corp_zone(card) else { return vec![] };
    if !g.rezzed(card) || !super::helpers::ice_of(g, server).is_empty() {
        return vec![];
    }
    g.installed_corp().into_iter().filter(|&k| k != card && g.rezzed(k)).collect()
}

fn warm_derez_ask(g: &Game, c: Ctx) -> Option<Question> {
    let targets = warm_derez_targets(g, c.card);
    if targets.is_empty() {
        return None;
    }
    let mut o = card_options(g, "derez", &targets);
    o.push((opt("none", "Derez nothing"), Answer::No));
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may derez {} to derez another installed card", g.label(c.card)),
        format!("{}: you may derez it to derez another installed card", g.label(c.card)),
        o,
    ))
}

fn warm_derez_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(k) = first(a) {
        if !warm_derez_targets(g, c.card).contains(&k) {
            return Err(RulesError::Illegal(format!("{} cannot derez card {k}", c.name())));
        }
        super::helpers::derez(g, c.card, c.name(), ev);
        super::helpers::derez(g, k, c.name(), ev);
    }
    Ok(Then::Done)
}

/// The rezzed ice Brasília Government Grid may derez after ice `rezzed` was rezzed during a run
/// on its server (none when it does not apply or its once-per-turn use is spent).
fn brasilia_targets(g: &Game, grid: u32, rezzed: u32) -> Vec<u32> {
    let CorpZone::Root(server) = g.corp_zone(grid) else { return vec![] };
    let on_this = g.run.as_ref().is_some_and(|r| r.server == server);
    if !on_this || !g.rezzed(grid) || !super::helpers::is_ice(g, rezzed) || g.flags.used_cards.contains(&grid) {
        return vec![];
    }
    g.installed_corp().into_iter().filter(|&i| i != rezzed && g.rezzed(i) && super::helpers::is_ice(g, i)).collect()
}

fn brasilia_ask(g: &Game, c: Ctx) -> Option<Question> {
    let targets = brasilia_targets(g, c.card, c.arg);
    if targets.is_empty() {
        return None;
    }
    let mut o = card_options(g, "derez", &targets);
    o.push((opt("none", "Derez nothing"), Answer::No));
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may derez another ice to give {} +3 strength for this run ({})", g.label(c.arg), c.name()),
        format!("{}: you may derez another installed ice; {} then gets +3 strength for the remainder of the run", c.name(), g.label(c.arg)),
        o,
    ))
}

fn brasilia_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(i) = first(a) {
        if !brasilia_targets(g, c.card, c.arg).contains(&i) {
            return Err(RulesError::Illegal(format!("{} cannot derez card {i}", c.name())));
        }
        g.flags.used_cards.push(c.card);
        super::helpers::derez(g, i, c.name(), ev);
        if let Some(r) = g.run.as_mut() {
            r.ice_plus.push((c.arg, 3));
        }
        note(
            ev,
            "ice_strength",
            format!("{}: {} gets +3 strength for the remainder of the run", c.name(), g.label(c.arg)),
            json!({"card": c.arg, "change": 3}),
        );
    }
    Ok(Then::Done)
}

// --- the Runner trashing Corp cards ------------------------------------------------------------------

/// Public Access Plaza, trashed by the Runner while rezzed, at threat 2: 1 tag.
fn plaza_trashed(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if c.arg == 1 && threat(g, 2) {
        give_tags(g, 1, c.name(), ev);
    }
}

/// Aggressive Trendsetting: the Runner may spend a click (asked only while it has one), else
/// the Corp gets 1 more allotted click for its next turn.
fn trendsetting(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.runner.clicks > 0 {
        ask_later(g, c, 0);
    } else {
        corp_click_next_turn(g, c, ev);
    }
}

fn corp_click_next_turn(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.next_turn_clicks[CORP as usize] += 1;
    note(
        ev,
        "allotted_clicks",
        format!("{}: the Corp gets 1 more allotted click for its next turn", c.name()),
        json!({"seat": CORP, "change": 1, "total": g.next_turn_clicks[CORP as usize]}),
    );
}

fn trendsetting_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = vec![(opt("no", "Do not spend a click (the Corp gets 1 more click next turn)"), Answer::No)];
    if g.runner.clicks > 0 {
        o.insert(0, (opt("spend", "Spend 1 click"), Answer::Yes));
    }
    Some(Question::one(
        RUNNER,
        CARD_KIND,
        format!("may spend a click, else the Corp gets 1 more click next turn ({})", c.name()),
        format!("{}: spend 1 click, or the Corp gets 1 more allotted click for its next turn", c.name()),
        o,
    ))
}

fn trendsetting_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && g.runner.clicks > 0 {
        g.runner.clicks -= 1;
        note(ev, "clicks", format!("The Runner spends a click for {}", c.name()), json!({"seat": RUNNER, "clicks": g.runner.clicks}));
    } else {
        corp_click_next_turn(g, c, ev);
    }
    Ok(Then::Done)
}

// --- Nebula Talent Management (a flip identity: `Corp::flipped`) ------------------------------------

fn flip_corp_identity(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.corp.flipped = !g.corp.flipped;
    let side = if g.corp.flipped { "its flip side" } else { "its front side" };
    note(ev, "identity_flipped", format!("{} flips to {side}", c.name()), json!({"seat": CORP, "flipped": g.corp.flipped}));
}

/// The Corp operations played this turn.
fn operations_played(g: &Game) -> usize {
    g.flags.played.iter().filter(|&&k| g.def(k).ctype == CardType::Operation).count()
}

/// Front side: the action phase ends after an operation was played this turn: 1 credit, flip.
fn nebula_action_phase_ends(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if !g.corp.flipped && operations_played(g) > 0 {
        g.gain(CORP, 1, c.name(), ev);
        flip_corp_identity(g, c, ev);
    }
}

/// Flip side: the first operation each turn gains a click.
fn nebula_played(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.corp.flipped && operations_played(g) == 1 {
        gain_clicks(g, CORP, 1, c.name(), ev);
    }
}

/// Flip side: a successful run on HQ or R&D flips it back.
fn nebula_successful_run(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.corp.flipped && (c.arg == crate::netrunner::state::HQ || c.arg == crate::netrunner::state::RD) {
        flip_corp_identity(g, c, ev);
    }
}

// --- moving upgrades ---------------------------------------------------------------------------------------

/// The server whose root holds `card`, if any.
fn root_server(g: &Game, card: u32) -> Option<u32> {
    match g.corp_zone(card) {
        CorpZone::Root(s) => Some(s),
        _ => None,
    }
}

/// "You may move this upgrade to the root of another server" (an existing one), step 0 of the
/// rows that move.
pub(super) fn move_upgrade_ask(g: &Game, c: Ctx) -> Option<Question> {
    let from = root_server(g, c.card)?;
    if !g.rezzed(c.card) {
        return None;
    }
    let mut o: Vec<(crate::core::DecisionOption, Answer)> = g
        .corp
        .servers
        .iter()
        .filter(|s| s.id != from)
        .map(|s| (opt(format!("move:{}", s.id), format!("Move it to the root of {}", Game::server_name(s.id))), Answer::Card(s.id)))
        .collect();
    if o.is_empty() {
        return None;
    }
    o.push((opt("stay", "Do not move it"), Answer::No));
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may move {} to the root of another server", g.label(c.card)),
        format!("{}: you may move it from {} to the root of another server", g.label(c.card), Game::server_name(from)),
        o,
    ))
}

pub(super) fn move_upgrade_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(to) = first(a) {
        if g.server(to).is_none() || root_server(g, c.card) == Some(to) {
            return Err(RulesError::Illegal(format!("{} cannot move to server {to}", c.name())));
        }
        super::helpers::move_to_root(g, c.card, to, c.name(), ev);
    }
    Ok(Then::Done)
}

/// Isaac Liberdade: each advanced ice protecting its server is 2 stronger.
fn isaac_strength(g: &Game, this: u32, ice: u32) -> i64 {
    match (root_server(g, this), g.corp_zone(ice)) {
        (Some(s), CorpZone::Ice(t)) if s == t && g.adv(ice) > 0 => 2,
        _ => 0,
    }
}

/// "When your turn ends" (the Corp's turn only): the move question (Isaac Liberdade, Vovô
/// Ozetti).
fn isaac_turn_ends(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if c.arg == CORP {
        ask_later(g, c, 0);
    }
}

/// The ice protecting server `c.arg` with no advancement counters.
fn isaac_targets(g: &Game, server: u32) -> Vec<u32> {
    super::helpers::ice_of(g, server).into_iter().filter(|&i| g.adv(i) == 0).collect()
}

fn isaac_counter_ask(g: &Game, c: Ctx) -> Option<Question> {
    let ice = isaac_targets(g, c.arg);
    if ice.is_empty() {
        return None;
    }
    let mut o = card_options(g, "advance", &ice);
    o.push((opt("none", "Place nothing"), Answer::No));
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may place an advancement counter on an ice protecting {} ({})", Game::server_name(c.arg), c.name()),
        format!("{}: you may place 1 advancement counter on an ice protecting {} that has none", c.name(), Game::server_name(c.arg)),
        o,
    ))
}

fn isaac_counter_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Answer::Card(i) = first(a) {
        if !isaac_targets(g, c.arg).contains(&i) {
            return Err(RulesError::Illegal(format!("{} cannot advance card {i}", c.name())));
        }
        place_adv(g, i, 1, c.name(), ev);
    }
    Ok(Then::Done)
}

/// The cards in the root of or protecting The Holo Man's server, while its once-per-turn
/// ability can be paid.
fn holo_targets(g: &Game, card: u32) -> Vec<u32> {
    let Some(s) = root_server(g, card) else { return vec![] };
    if !g.rezzed(card) || g.flags.used_cards.contains(&card) || g.corp.credits < 4 {
        return vec![];
    }
    g.server(s).map(|s| s.root.iter().chain(s.ice.iter()).copied().collect()).unwrap_or_default()
}

fn holo_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    holo_targets(g, card)
        .into_iter()
        .map(|k| (Some(k), format!("{}: pay 4 credits to place advancement counters on {}", g.label(card), g.corp_public_label(k))))
        .collect()
}

/// 2 counters, or 3 when no card was installed from HQ this turn.
fn holo_click(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if !holo_targets(g, c.card).contains(&c.arg) || !g.corp_pay(4) {
        return;
    }
    g.flags.used_cards.push(c.card);
    note(ev, "paid", format!("The Corp pays 4 credits for {}", c.name()), json!({"seat": CORP, "cost": 4, "source": c.name()}));
    let n = if g.flags.corp_hq_installs == 0 { 3 } else { 2 };
    place_adv(g, c.arg, n, c.name(), ev);
}

/// Mercia B4LL4RD: installing an ice from HQ, paying 1 credit less, where the Corp can pay.
fn mercia_options(g: &Game) -> Vec<(crate::core::DecisionOption, Answer)> {
    let mut o = Vec::new();
    for &k in g.corp.hq.iter().filter(|&&k| g.def(k).ctype == CardType::Ice) {
        for s in &g.corp.servers {
            let cost = (s.ice.len() as i64 - 1).max(0);
            if g.corp.credits >= cost {
                o.push((
                    opt(format!("install:{k}:{}", s.id), format!("Install {} protecting {} (cost {cost})", g.label(k), Game::server_name(s.id))),
                    Answer::Install { card: k, server: Some(s.id) },
                ));
            }
        }
        o.push((opt(format!("install:{k}:new"), format!("Install {} in a new remote server", g.label(k))), Answer::Install { card: k, server: None }));
    }
    o
}

fn mercia_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.rezzed(c.card) {
        return None;
    }
    let mut o = mercia_options(g);
    if o.is_empty() {
        return None;
    }
    o.push((opt("none", "Install nothing"), Answer::No));
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may install an ice from HQ, paying 1 credit less ({})", c.name()),
        format!("{}: you may install 1 ice from HQ, paying 1 credit less; it then moves to that server's root", c.name()),
        o,
    ))
}

fn mercia_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    let answer = first(a);
    let Answer::Install { card, server } = answer else { return Ok(Then::Done) };
    if !mercia_options(g).iter().any(|(_, x)| *x == answer) {
        return Err(RulesError::Illegal(format!("{} cannot install that", c.name())));
    }
    g.flags.corp_install_discount = 1;
    // After the install (and the trashing it may ask for): the move.
    ask_later(g, Ctx { arg: card, ..c }, 1);
    Ok(Then::InstallCorp { card, server })
}

/// The ice installed (`c.arg`): Mercia moves to the root of the server it protects.
fn mercia_move(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if let CorpZone::Ice(s) = g.corp_zone(c.arg) {
        super::helpers::move_to_root(g, c.card, s, c.name(), ev);
    }
}

/// Vovô Ozetti: ice protecting its server rezzes for 2 less; at threat 4, so do the cards in its
/// root.
fn vovo_cheaper(g: &Game, this: u32, card: u32) -> i64 {
    match (root_server(g, this), g.corp_zone(card)) {
        (Some(s), CorpZone::Ice(t)) if s == t => 2,
        (Some(s), CorpZone::Root(t)) if s == t && card != this && threat(g, 4) => 2,
        _ => 0,
    }
}

// --- Embedded Reporting ---------------------------------------------------------------------------------

fn embedded_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.corp.score.contains(&c.card) || g.card(c.card).map_or(0, |k| k.agenda) == 0 {
        return None;
    }
    let o = vec![(opt("search", "Remove 1 agenda counter to search R&D"), Answer::Yes), (opt("none", "Do not"), Answer::No)];
    Some(Question::one(
        CORP,
        CARD_KIND,
        format!("may remove an agenda counter from {} to search R&D for an operation", c.name()),
        format!("{}: you may remove 1 agenda counter to search R&D for 1 operation, reveal it and add it to the top of R&D", c.name()),
        o,
    ))
}

fn embedded_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && g.card(c.card).map_or(0, |k| k.agenda) > 0 {
        agenda_counters(g, c.card, -1, c.name(), ev);
        ask_later(g, c, 1);
    }
    Ok(Then::Done)
}

fn embedded_search_ask(g: &Game, c: Ctx) -> Option<Question> {
    Some(search_deck_ask(
        g,
        CORP,
        "search",
        is_operation,
        format!("searches R&D for an operation ({})", c.name()),
        format!("{}: search R&D for 1 operation to reveal and add to the top of R&D", c.name()),
    ))
}

fn is_operation(g: &Game, k: u32) -> bool {
    g.def(k).ctype == CardType::Operation
}

/// The operation found is revealed and set aside while R&D is shuffled, then added to its top.
fn embedded_search_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Some(k) = search_deck_answer(g, CORP, is_operation, a, |l| format!("{}: the Corp searches R&D and reveals {l}", c.name()), ev)? {
        // Pushed first: resolved after the shuffle.
        ask_later(g, Ctx { arg: k, ..c }, 2);
    }
    g.tasks.push(Task::Shuffle { corp: true });
    Ok(Then::Done)
}

fn embedded_to_top(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let k = c.arg;
    if g.corp_zone(k) != CorpZone::None {
        return;
    }
    g.corp.rd.insert(0, k);
    // Revealed already; once in R&D it is a hidden card again, so this event does not name it.
    note(ev, "to_rd", format!("{}: the operation it revealed is added to the top of R&D", c.name()), json!({"card": k}));
}
