//! The Runner's cards of the Startup sets after System Gateway (The Automata Initiative,
//! Rebellion Without Rehearsal, Elevation): one row each in [`DEFS`], with the functions a row
//! names below it. Every question a card here asks is the generic [`super::CARD_KIND`].

use serde_json::json;

// "Threat N" (CR 9.3.6.f): `helpers::threat`, shared with the Corp's cards.
use super::helpers::{
    add_virus, card_options, first, give_tags, note, opt, picked, remove_virus, search_deck_answer, search_deck_ask, threat, trash_from_hq, virus_on_self,
};
use super::{
    ask_later, fire_all, runner_trigger_order, AccessOption, Answer, Ask, Breaker, CardDef, Click, Ctx, Effect, PaidAbility, Play, Prompt, Pump, Question,
    RunSource, Spend, Static, Targets, Then, When, BLANK,
};
use crate::core::{Event, RulesError};
use crate::netrunner::data::CardType;
use crate::netrunner::state::{Game, Run, ARCHIVES, CORP, HQ, RD, RUNNER};

// The Automata Initiative (tai).
pub const THE_PRICE: &str = "34002";
pub const MERCURY: &str = "34010";
pub const S_DOBRADO: &str = "34012";
pub const CAPYBARA: &str = "34013";
pub const HERMES: &str = "34014";
pub const MONKEYWRENCH: &str = "34006";
pub const SLAP_VANDAL: &str = "34026";
pub const DEBBIE_DOWNTOWN_MOREIRA: &str = "34019";
pub const SOLIDARITY_BADGE: &str = "34003";
pub const AUDREY_V2: &str = "34004";
pub const ERU_AYASE_PESSOA: &str = "34007";
pub const HANNAH_WHEELS_PILINTRA: &str = "34008";
pub const LILYPAD: &str = "34023";
pub const BEATRIZ_FRIERE_GONZALEZ: &str = "34028";
pub const CURUPIRA: &str = "34015";
pub const LASER_POINTER: &str = "34016";
pub const SHIBBOLETH: &str = "34018";
pub const JOY_RIDE: &str = "34021";
// Rebellion Without Rehearsal (rwr).
pub const EYE_FOR_AN_EYE: &str = "34067";
pub const AMANUENSIS: &str = "34069";
pub const ARRUACEIRAS_CREW: &str = "34073";
pub const FRIEND_OF_A_FRIEND: &str = "34074";
pub const AMELIA_EARHART: &str = "34083";
pub const MEETING_OF_MINDS: &str = "34076";
pub const ALARM_CLOCK: &str = "34078";
pub const MALANDRAGEM: &str = "34081";
pub const JULI_MOREIRA_LEE: &str = "34084";
pub const COALESCENCE: &str = "34089";
pub const PRETTY_MARY_DA_SILVA: &str = "34093";
pub const PRESSURE_SPIKE: &str = "34092";
pub const VALENTINA_FERREIRA_CARVALHO: &str = "34095";
pub const SEBASTIAO_SOUZA_PESSOA: &str = "34066";
pub const ARISSANA_ROCHA_NAHU: &str = "34020";
pub const MANUEL_LATTES_DE_MOURA: &str = "34075";
// Elevation (elev).
pub const RYO_PHOENIX_ONO: &str = "35001";
pub const TOPAN: &str = "35002";
pub const SCROUNGE: &str = "35004";
pub const CHARM_OFFENSIVE: &str = "35003";
pub const HANTU: &str = "35008";
pub const BARRY_BAZ_WONG: &str = "35012";
pub const MUSLIHAT: &str = "35013";
pub const RISING_TIDE: &str = "35009";
pub const RENT_RIOTERS: &str = "35011";
pub const CLEAN_GETAWAY: &str = "35014";
pub const LIE_LOW: &str = "35015";
pub const TRANSFER_OF_WEALTH: &str = "35017";
pub const SANG_KANCIL: &str = "35020";
pub const FRANSOFIA_WARD: &str = "35021";
pub const ILLUMINATION: &str = "35025";
pub const RITUAL: &str = "35026";
pub const MAGLECTRIC_RAPID: &str = "35019";
pub const DEVADATTA_DRONE: &str = "35031";
pub const PRINCIPIA: &str = "35032";
pub const KNICKKNACK_OBRIAN: &str = "35033";
pub const SIDE_HUSTLE: &str = "35034";
pub const PICHACAO: &str = "34025";
pub const CHROMATOPHORES: &str = "35030";
pub const LAGO_PARANOA_SHELTER: &str = "34009";
pub const SACI: &str = "34017";
pub const ASHEN_EPILOGUE: &str = "34094";
pub const DEWI_SUBROTOPUTRI: &str = "35023";
pub const MAGDALENE_KEINO_CHEMUTAI: &str = "35024";
pub const AZIMAT: &str = "35029";
pub const OPEN_MARKET: &str = "35022";
pub const URBAN_ART_VERNISSAGE: &str = "34029";
pub const PRIVILEGED_ACCESS: &str = "34068";
pub const MAINTENANCE_ACCESS: &str = "35016";
pub const UMBRELLA: &str = "34027";
pub const LOBISOMEM: &str = "34090";
pub const WINDOW_OF_OPPORTUNITY: &str = "34077";
pub const TRICK_SHOT: &str = "34087";
pub const BAHIA_BANDS: &str = "34030";
pub const GOURMAND: &str = "35007";
pub const PHYSARUM_ENTANGLER: &str = "34082";
pub const SPREE: &str = "34086";
pub const LIVING_MURAL: &str = "34024";
pub const CHRYSOPOEIAN_SKIMMING: &str = "34011";
pub const BANNER: &str = "34005";

/// The decision kind of every question here (`ask` prefixes "netrunner."): [`super::CARD_KIND`].
const KIND: &str = "card";

pub(super) const NO_MORE_ACCESS: fn(&Game, Ctx, u32) -> u32 = |_, _, _| 0;

/// The Runner's Startup card rows.
pub static DEFS: &[CardDef] = &[
    // --- identities
    CardDef {
        code: MERCURY,
        name: "Mercury",
        events: &[(When::Breach, Effect::Custom(mercury_breach))],
        asks: &[Ask::Own(Prompt { ask: mercury_ask, answer: mercury_answer })],
        ..BLANK
    },
    CardDef {
        code: RYO_PHOENIX_ONO,
        name: "Ryō \"Phoenix\" Ōno",
        events: &[(When::SuccessfulRun, Effect::Custom(ryo_success))],
        asks: &[Ask::Own(Prompt { ask: ryo_ask, answer: ryo_answer })],
        ..BLANK
    },
    CardDef {
        code: BARRY_BAZ_WONG,
        name: "Barry \"Baz\" Wong",
        events: &[(When::CorpRezzedIce, Effect::Ask(0))],
        asks: &[Ask::Own(Prompt { ask: barry_ask, answer: install_answer })],
        ..BLANK
    },
    CardDef {
        code: MUSLIHAT,
        name: "MuslihaT",
        events: &[(When::TurnBegin, Effect::Custom(muslihat_look))],
        asks: &[Ask::Own(Prompt { ask: muslihat_ask, answer: muslihat_answer })],
        ..BLANK
    },
    CardDef {
        code: TOPAN,
        name: "Topan",
        click: Some(Click { offers: topan_offers, effect: Effect::Custom(topan) }),
        asks: &[Ask::Own(Prompt { ask: topan_ask, answer: topan_answer })],
        ..BLANK
    },
    CardDef {
        code: SEBASTIAO_SOUZA_PESSOA,
        name: "Sebastião Souza Pessoa",
        statics: &[Static::TrashActionHqCards(sebastiao_trash_cost)],
        events: &[(When::RunnerTagged, Effect::Custom(sebastiao_tagged))],
        asks: &[Ask::Own(Prompt { ask: sebastiao_ask, answer: discounted_install_answer })],
        ..BLANK
    },
    CardDef {
        code: ARISSANA_ROCHA_NAHU,
        name: "Arissana Rocha Nahu",
        paid: Some(PaidAbility { offers: arissana_offers, effect: Effect::Custom(arissana) }),
        asks: &[Ask::Own(Prompt { ask: arissana_ask, answer: arissana_answer })],
        ..BLANK
    },
    CardDef {
        code: DEWI_SUBROTOPUTRI,
        name: "Dewi Subrotoputri",
        events: &[(When::SuccessfulRun, Effect::Custom(dewi_success))],
        asks: &[Ask::Own(Prompt { ask: dewi_ask, answer: dewi_answer })],
        ..BLANK
    },
    CardDef {
        code: MAGDALENE_KEINO_CHEMUTAI,
        name: "Magdalene Keino-Chemutai",
        events: &[(When::RunnerDiscarded, Effect::Ask(0))],
        asks: &[Ask::Own(Prompt { ask: magdalene_ask, answer: discounted_install_answer })],
        ..BLANK
    },
    // --- events
    CardDef {
        code: EYE_FOR_AN_EYE,
        name: "Eye for an Eye",
        play: Some(Play { targets: Targets::Servers(hq_untagged), effect: Effect::Custom(run_target) }),
        run: Some(RunSource { more_access: one_more_on_hq, on_success: Effect::Tags(1) }),
        access_option: Some(AccessOption {
            id: "eye_for_an_eye",
            agenda_label: "Eye for an Eye: trash 1 card from your grip to trash it",
            label: eye_label,
            usable: grip_not_empty,
            step: 0,
        }),
        asks: &[Ask::Own(Prompt { ask: eye_ask, answer: eye_answer })],
        ..BLANK
    },
    CardDef {
        code: JOY_RIDE,
        name: "Joy Ride",
        play: Some(Play { targets: Targets::Servers(rd_only), effect: Effect::Custom(run_target) }),
        run: Some(RunSource { more_access: NO_MORE_ACCESS, on_success: Effect::Draw(RUNNER, 5) }),
        ..BLANK
    },
    CardDef {
        code: CLEAN_GETAWAY,
        name: "Clean Getaway",
        play: Some(Play { targets: Targets::Servers(every_server), effect: Effect::Custom(run_target) }),
        run: Some(RunSource { more_access: NO_MORE_ACCESS, on_success: Effect::Gain(RUNNER, 6) }),
        ..BLANK
    },
    CardDef {
        code: TRANSFER_OF_WEALTH,
        name: "Transfer of Wealth",
        play: Some(Play { targets: Targets::Servers(hq_only), effect: Effect::Custom(run_target) }),
        run: Some(RunSource { more_access: NO_MORE_ACCESS, on_success: Effect::Custom(transfer_of_wealth) }),
        ..BLANK
    },
    CardDef {
        code: S_DOBRADO,
        name: "S-Dobrado",
        play: Some(Play { targets: Targets::Servers(centrals), effect: Effect::Custom(run_target) }),
        events: &[(When::EncounterIce, Effect::Custom(s_dobrado_encounter))],
        asks: &[Ask::Own(Prompt { ask: s_dobrado_ask, answer: click_bypass_answer })],
        ..BLANK
    },
    CardDef {
        code: THE_PRICE,
        name: "The Price",
        play: Some(Play { targets: Targets::None, effect: Effect::Custom(the_price) }),
        asks: &[Ask::Own(Prompt { ask: the_price_ask, answer: discounted_install_answer })],
        ..BLANK
    },
    CardDef {
        code: ILLUMINATION,
        name: "Illumination",
        play: Some(Play { targets: Targets::Servers(rd_only), effect: Effect::Custom(run_target) }),
        run: Some(RunSource { more_access: NO_MORE_ACCESS, on_success: Effect::Custom(illumination_success) }),
        asks: &[Ask::Own(Prompt { ask: illumination_ask, answer: illumination_answer })],
        ..BLANK
    },
    CardDef {
        code: SCROUNGE,
        name: "Scrounge",
        play: Some(Play { targets: Targets::Labeled(double), effect: Effect::Custom(scrounge) }),
        asks: &[
            Ask::Own(Prompt { ask: scrounge_install_ask, answer: discounted_install_answer }),
            Ask::Own(Prompt { ask: scrounge_bottom_ask, answer: scrounge_bottom_answer }),
        ],
        ..BLANK
    },
    CardDef {
        code: MEETING_OF_MINDS,
        name: "Meeting of Minds",
        play: Some(Play { targets: Targets::Labeled(meeting_modes), effect: Effect::Custom(meeting_of_minds) }),
        asks: &[
            Ask::Own(Prompt { ask: meeting_search_ask, answer: meeting_search_answer }),
            Ask::Own(Prompt { ask: meeting_reveal_ask, answer: meeting_reveal_answer }),
        ],
        ..BLANK
    },
    CardDef {
        code: CHARM_OFFENSIVE,
        name: "Charm Offensive",
        play: Some(Play { targets: Targets::Servers(archives_only), effect: Effect::Custom(charm_offensive) }),
        run_ends: Some(charm_offensive_run_ends),
        asks: &[Ask::Own(Prompt { ask: charm_offensive_ask, answer: charm_offensive_answer })],
        ..BLANK
    },
    CardDef {
        code: ASHEN_EPILOGUE,
        name: "Ashen Epilogue",
        play: Some(Play { targets: Targets::None, effect: Effect::Custom(ashen_epilogue) }),
        asks: &[Ask::Do(ashen_epilogue_after_shuffle)],
        ..BLANK
    },
    CardDef { code: RITUAL, name: "Ritual", play: Some(Play { targets: Targets::None, effect: Effect::Custom(ritual) }), ..BLANK },
    CardDef { code: LIE_LOW, name: "Lie Low", play: Some(Play { targets: Targets::Labeled(lie_low_modes), effect: Effect::Custom(lie_low) }), ..BLANK },
    // --- hardware
    CardDef {
        code: AMANUENSIS,
        name: "Amanuensis",
        statics: &[Static::Memory(1)],
        events: &[(When::TurnEnds, Effect::Custom(amanuensis_turn_ends)), (When::TagsRemoved, Effect::Custom(amanuensis_tags_removed))],
        asks: &[Ask::Own(Prompt { ask: amanuensis_ask, answer: amanuensis_answer })],
        ..BLANK
    },
    CardDef {
        code: HERMES,
        name: "Hermes",
        statics: &[Static::Memory(1)],
        events: &[(When::AgendaChangedHands, Effect::Ask(0))],
        asks: &[Ask::Own(Prompt { ask: hermes_ask, answer: hermes_answer })],
        ..BLANK
    },
    CardDef {
        code: CAPYBARA,
        name: "Capybara",
        events: &[(When::Bypassed, Effect::Ask(0))],
        asks: &[Ask::Own(Prompt { ask: capybara_ask, answer: capybara_answer })],
        ..BLANK
    },
    CardDef {
        code: ALARM_CLOCK,
        name: "Alarm Clock",
        events: &[(When::TurnBegin, Effect::Ask(0)), (When::EncounterIce, Effect::Custom(alarm_clock_encounter))],
        asks: &[
            Ask::Own(Prompt { ask: alarm_clock_ask, answer: alarm_clock_answer }),
            Ask::Own(Prompt { ask: alarm_clock_bypass_ask, answer: click_bypass_answer }),
        ],
        ..BLANK
    },
    CardDef {
        code: SOLIDARITY_BADGE,
        name: "Solidarity Badge",
        events: &[(When::TrashAccessed, Effect::Custom(solidarity_trash)), (When::TurnBegin, Effect::Ask(0))],
        asks: &[Ask::Own(Prompt { ask: solidarity_ask, answer: solidarity_answer })],
        ..BLANK
    },
    CardDef {
        code: LILYPAD,
        name: "LilyPAD",
        statics: &[Static::Memory(2)],
        events: &[(When::RunnerInstalled, Effect::Custom(lilypad_installed))],
        asks: &[Ask::Own(Prompt { ask: lilypad_ask, answer: lilypad_answer })],
        ..BLANK
    },
    CardDef {
        code: MAGLECTRIC_RAPID,
        name: "Maglectric Rapid (748 Mod)",
        events: &[(When::SuccessfulRun, Effect::Custom(maglectric_success))],
        asks: &[Ask::Own(Prompt { ask: maglectric_ask, answer: maglectric_answer })],
        ..BLANK
    },
    // --- programs: icebreakers
    CardDef {
        code: SHIBBOLETH,
        name: "Shibboleth",
        breaker: Some(Breaker { pump: Pump::By(2), ..Breaker::new(Some("Code Gate"), 1, 1, 2) }),
        statics: &[Static::BreakerStrength(shibboleth_strength)],
        ..BLANK
    },
    CardDef {
        code: RISING_TIDE,
        name: "Rising Tide",
        breaker: Some(Breaker::new(Some("Barrier"), 1, 1, 1)),
        statics: &[Static::BreakerStrength(rising_tide_strength)],
        ..BLANK
    },
    CardDef {
        code: AUDREY_V2,
        name: "Audrey v2",
        events: &[(When::TrashAccessed, Effect::Custom(virus_on_self))],
        paid: Some(PaidAbility { offers: audrey_offers, effect: Effect::Custom(audrey) }),
        asks: &[Ask::Own(Prompt { ask: audrey_pump_ask, answer: audrey_pump_answer })],
        ..BLANK
    },
    CardDef { code: SLAP_VANDAL, name: "Slap Vandal", paid: Some(PaidAbility { offers: slap_vandal_offers, effect: Effect::Custom(slap_vandal) }), ..BLANK },
    CardDef { code: MONKEYWRENCH, name: "Monkeywrench", statics: &[Static::IceStrengthBy(monkeywrench)], ..BLANK },
    CardDef {
        code: PRESSURE_SPIKE,
        name: "Pressure Spike",
        breaker: Some(Breaker { pump: Pump::By(3), ..Breaker::new(Some("Barrier"), 1, 1, 2) }),
        paid: Some(PaidAbility { offers: pressure_spike_offers, effect: Effect::Custom(pressure_spike) }),
        ..BLANK
    },
    CardDef {
        code: CURUPIRA,
        name: "Curupira",
        breaker: Some(Breaker::new(Some("Barrier"), 1, 1, 1)),
        events: &[(When::FullyBreaks, Effect::Custom(power_on_self)), (When::EncounterIce, Effect::Custom(curupira_encounter))],
        asks: &[Ask::Own(Prompt { ask: curupira_ask, answer: curupira_answer })],
        ..BLANK
    },
    CardDef {
        code: PRINCIPIA,
        name: "Principia",
        breaker: Some(Breaker { pump: Pump::By(2), ..Breaker::new(Some("Barrier"), 1, 1, 2) }),
        statics: &[Static::InstallCheaper(principia_discount)],
        ..BLANK
    },
    CardDef {
        code: SANG_KANCIL,
        name: "Sang Kancil",
        breaker: Some(Breaker { pump: Pump::By(2), ..Breaker::new(Some("Code Gate"), 1, 1, 3) }),
        statics: &[Static::PumpCheaper(sang_kancil_discount)],
        ..BLANK
    },
    CardDef {
        code: HANTU,
        name: "Hantu",
        on_install: Effect::Custom(hantu_install),
        // Its strength comes from its hosted virus counters only.
        breaker: Some(Breaker { pump: Pump::Never, ..Breaker::new(Some("Sentry"), 1, 1, 0) }),
        paid: Some(PaidAbility { offers: hantu_offers, effect: Effect::Custom(hantu_pump) }),
        ..BLANK
    },
    // --- programs
    CardDef {
        code: COALESCENCE,
        name: "Coalescence",
        on_install: Effect::Custom(two_power_counters),
        statics: &[Static::PaidInAnyWindow],
        paid: Some(PaidAbility { offers: coalescence_offers, effect: Effect::Custom(coalescence) }),
        ..BLANK
    },
    CardDef {
        code: DEVADATTA_DRONE,
        name: "Devadatta Drone",
        on_install: Effect::Custom(two_power_counters),
        events: &[(When::Breach, Effect::Custom(devadatta_breach))],
        asks: &[Ask::Own(Prompt { ask: devadatta_ask, answer: devadatta_answer })],
        ..BLANK
    },
    CardDef { code: CHROMATOPHORES, name: "Chromatophores", statics: &[Static::HostIceGains(&["Barrier", "Code Gate", "Sentry"])], ..BLANK },
    CardDef {
        code: PICHACAO,
        name: "Pichação",
        events: &[(When::RunnerPassedIce, Effect::Custom(pichacao_passed))],
        asks: &[Ask::Own(Prompt { ask: pichacao_ask, answer: pichacao_answer })],
        ..BLANK
    },
    CardDef { code: SACI, name: "Saci", events: &[(When::CorpRezzedIce, Effect::Custom(saci)), (When::Derezzed, Effect::Custom(saci))], ..BLANK },
    CardDef {
        code: LASER_POINTER,
        name: "Laser Pointer",
        events: &[(When::EncounterIce, Effect::Custom(laser_pointer_encounter))],
        asks: &[Ask::Own(Prompt { ask: laser_pointer_ask, answer: trash_to_bypass_answer })],
        ..BLANK
    },
    CardDef {
        code: MALANDRAGEM,
        name: "Malandragem",
        on_install: Effect::Custom(two_power_counters),
        events: &[(When::EncounterIce, Effect::Ask(0))],
        asks: &[Ask::Own(Prompt { ask: malandragem_ask, answer: malandragem_answer })],
        ..BLANK
    },
    // --- resources
    CardDef {
        code: FRANSOFIA_WARD,
        name: "Fransofia Ward",
        statics: &[Static::IceRezCost(1)],
        events: &[(When::EncounterIce, Effect::Ask(0))],
        asks: &[Ask::Own(Prompt { ask: fransofia_ask, answer: trash_to_bypass_answer })],
        ..BLANK
    },
    CardDef {
        code: PRETTY_MARY_DA_SILVA,
        name: "\"Pretty\" Mary da Silva",
        events: &[(When::Breach, Effect::Custom(pretty_mary_breach))],
        asks: &[Ask::Own(Prompt { ask: pretty_mary_ask, answer: pretty_mary_answer })],
        ..BLANK
    },
    CardDef {
        code: KNICKKNACK_OBRIAN,
        name: "\"Knickknack\" O'Brian",
        events: &[(When::RunBegins, Effect::Custom(knickknack_run_begins))],
        asks: &[Ask::Own(Prompt { ask: knickknack_ask, answer: knickknack_answer })],
        ..BLANK
    },
    CardDef {
        code: SIDE_HUSTLE,
        name: "Side Hustle",
        on_install: Effect::Custom(side_hustle),
        events: &[(When::RunBegins, Effect::Custom(side_hustle))],
        ..BLANK
    },
    CardDef {
        code: VALENTINA_FERREIRA_CARVALHO,
        name: "Valentina Ferreira Carvalho",
        on_install: Effect::Custom(valentina_install),
        events: &[(When::TagsRemoved, Effect::Gain(RUNNER, 1))],
        asks: &[Ask::Own(Prompt { ask: valentina_ask, answer: valentina_answer })],
        ..BLANK
    },
    CardDef {
        code: JULI_MOREIRA_LEE,
        name: "Juli Moreira Lee",
        on_install: Effect::Custom(juli_install),
        events: &[(When::ResourceAction, Effect::Custom(juli_resource_action))],
        ..BLANK
    },
    CardDef {
        code: HANNAH_WHEELS_PILINTRA,
        name: "Hannah \"Wheels\" Pilintra",
        click: Some(Click { offers: hannah_offers, effect: Effect::Custom(hannah) }),
        run_ends: Some(hannah_run_ends),
        ..BLANK
    },
    CardDef {
        code: BEATRIZ_FRIERE_GONZALEZ,
        name: "Beatriz Friere Gonzalez",
        click: Some(Click { offers: beatriz_offers, effect: Effect::Custom(beatriz) }),
        run: Some(RunSource { more_access: one_more_on_rd, on_success: Effect::Custom(breach_rd_instead) }),
        ..BLANK
    },
    CardDef {
        code: ERU_AYASE_PESSOA,
        name: "Eru Ayase-Pessoa",
        click: Some(Click { offers: eru_offers, effect: Effect::Custom(eru) }),
        run: Some(RunSource { more_access: NO_MORE_ACCESS, on_success: Effect::Custom(breach_rd_instead) }),
        events: &[(When::Breach, Effect::Custom(eru_breach))],
        ..BLANK
    },
    CardDef {
        code: DEBBIE_DOWNTOWN_MOREIRA,
        name: "Debbie \"Downtown\" Moreira",
        on_install: Effect::Custom(debbie_install),
        events: &[(When::EventPlayed, Effect::Custom(debbie_event_played))],
        click: Some(Click { offers: debbie_offers, effect: Effect::Custom(debbie_run) }),
        run_ends: Some(debbie_run_ends),
        ..BLANK
    },
    CardDef {
        code: ARRUACEIRAS_CREW,
        name: "Arruaceiras Crew",
        statics: &[Static::PaidInAnyWindow, Static::IceStrengthBy(arruaceiras_minus)],
        paid: Some(PaidAbility { offers: arruaceiras_offers, effect: Effect::Custom(arruaceiras) }),
        ..BLANK
    },
    CardDef {
        code: FRIEND_OF_A_FRIEND,
        name: "Friend of a Friend",
        click: Some(Click { offers: friend_offers, effect: Effect::Custom(friend_of_a_friend) }),
        ..BLANK
    },
    CardDef {
        code: AMELIA_EARHART,
        name: "Amelia Earhart",
        run_ends: Some(amelia_run_ends),
        events: &[(When::TurnBegin, Effect::Ask(0))],
        asks: &[Ask::Own(Prompt { ask: amelia_ask, answer: amelia_answer })],
        ..BLANK
    },
    CardDef {
        code: MANUEL_LATTES_DE_MOURA,
        name: "Manuel Lattes de Moura",
        statics: &[Static::TrashActionHqCards(manuel_trash_cost)],
        events: &[(When::Breach, Effect::Custom(manuel_breach))],
        ..BLANK
    },
    CardDef {
        code: LAGO_PARANOA_SHELTER,
        name: "Lago Paranoá Shelter",
        events: &[(When::CorpInstalledInRoot, Effect::Custom(lago))],
        asks: &[Ask::Own(Prompt { ask: lago_ask, answer: lago_answer })],
        ..BLANK
    },
    CardDef { code: RENT_RIOTERS, name: "Rent Rioters", click: Some(Click { offers: rent_rioters_offers, effect: Effect::Custom(rent_rioters) }), ..BLANK },
    // --- hosted credits restricted to some costs (`Static::HostedCreditsFor`)
    CardDef {
        code: AZIMAT,
        name: "Azimat",
        statics: &[Static::Recurring(2), Static::HostedCreditsFor(trash_costs_only)],
        on_install: Effect::Load(2),
        ..BLANK
    },
    CardDef {
        code: OPEN_MARKET,
        name: "Open Market",
        statics: &[Static::HostedCreditsFor(open_market_spend), Static::TrashWhenEmpty],
        on_install: Effect::Load(6),
        events: &[(When::TurnBegin, Effect::Custom(open_market_take))],
        ..BLANK
    },
    CardDef {
        code: URBAN_ART_VERNISSAGE,
        name: "Urban Art Vernissage",
        statics: &[Static::HostedCreditsFor(installs_only)],
        events: &[(When::TurnBegin, Effect::Ask(0))],
        asks: &[Ask::Own(Prompt { ask: vernissage_ask, answer: vernissage_answer })],
        ..BLANK
    },
    // --- runs that replace the breach or the approach
    CardDef {
        code: PRIVILEGED_ACCESS,
        name: "Privileged Access",
        play: Some(Play { targets: Targets::Servers(archives_untagged), effect: Effect::Custom(run_target) }),
        run: Some(RunSource { more_access: NO_MORE_ACCESS, on_success: Effect::Custom(privileged_access_success) }),
        asks: &[
            Ask::Own(Prompt { ask: privileged_resource_ask, answer: discounted_install_answer }),
            Ask::Own(Prompt { ask: privileged_program_ask, answer: plain_install_answer }),
        ],
        ..BLANK
    },
    CardDef {
        code: MAINTENANCE_ACCESS,
        name: "Maintenance Access",
        play: Some(Play { targets: Targets::Servers(archives_double), effect: Effect::Custom(maintenance_access) }),
        ..BLANK
    },
    // --- breakers of up to 3 and of X subroutines
    CardDef {
        code: UMBRELLA,
        name: "Umbrella",
        breaker: Some(Breaker { pump: Pump::Never, ..Breaker::new(Some("Code Gate"), 3, 2, 0) }),
        statics: &[Static::InterfacesOnlyWith(hosts_a_trojan)],
        events: &[(When::BrokeSubroutines, Effect::Custom(umbrella_broke))],
        asks: &[
            Ask::Own(Prompt { ask: umbrella_runner_ask, answer: umbrella_runner_draws }),
            Ask::Own(Prompt { ask: umbrella_corp_ask, answer: umbrella_corp_draws }),
        ],
        ..BLANK
    },
    CardDef {
        code: LOBISOMEM,
        name: "Lobisomem",
        breaker: Some(Breaker { pump: Pump::By(2), ..Breaker::new(Some("Code Gate"), 1, 1, 1) }),
        on_install: Effect::Custom(one_power_counter),
        events: &[(When::FullyBreaks, Effect::Custom(lobisomem_fully_breaks))],
        paid: Some(PaidAbility { offers: lobisomem_offers, effect: Effect::Custom(lobisomem) }),
        ..BLANK
    },
    CardDef {
        code: WINDOW_OF_OPPORTUNITY,
        name: "Window of Opportunity",
        play: Some(Play { targets: Targets::Servers(every_server), effect: Effect::Custom(window_of_opportunity) }),
        run_ends: Some(window_run_ends),
        asks: &[
            Ask::Own(Prompt { ask: window_install_ask, answer: plain_install_answer }),
            Ask::Do(window_run),
            Ask::Own(Prompt { ask: window_derez_ask, answer: window_derez_answer }),
            Ask::Own(Prompt { ask: window_rez_ask, answer: window_rez_answer }),
        ],
        ..BLANK
    },
    CardDef {
        code: TRICK_SHOT,
        name: "Trick Shot",
        play: Some(Play { targets: Targets::Servers(rd_only), effect: Effect::Custom(trick_shot) }),
        run: Some(RunSource { more_access: trick_shot_more_access, on_success: Effect::Custom(trick_shot_success) }),
        run_ends: Some(trick_shot_run_ends),
        asks: &[Ask::Own(Prompt { ask: trick_shot_ask, answer: trick_shot_answer })],
        ..BLANK
    },
    CardDef {
        code: BAHIA_BANDS,
        name: "Bahia Bands",
        play: Some(Play { targets: Targets::Servers(every_server), effect: Effect::Custom(run_target) }),
        run: Some(RunSource { more_access: NO_MORE_ACCESS, on_success: Effect::Ask(0) }),
        statics: &[Static::HostedCreditsFor(trash_costs_only)],
        asks: &[Ask::Own(Prompt { ask: bahia_ask, answer: bahia_answer }), Ask::Own(Prompt { ask: bahia_install_ask, answer: discounted_install_answer })],
        ..BLANK
    },
    CardDef {
        code: GOURMAND,
        name: "Gourmand",
        statics: &[Static::AccessOptionNotOnAgendas],
        access_option: Some(AccessOption { id: "gourmand", agenda_label: "", label: gourmand_label, usable: always, step: 0 }),
        asks: &[Ask::Do(gourmand)],
        ..BLANK
    },
    CardDef {
        code: PHYSARUM_ENTANGLER,
        name: "Physarum Entangler",
        events: &[(When::EncounterIce, Effect::Custom(physarum_encounter)), (When::Purged, Effect::Custom(trash_self_on_purge))],
        asks: &[Ask::Own(Prompt { ask: physarum_ask, answer: physarum_answer })],
        ..BLANK
    },
    CardDef {
        code: SPREE,
        name: "Spree",
        play: Some(Play { targets: Targets::Servers(every_server), effect: Effect::Custom(spree) }),
        statics: &[Static::PaidInAnyWindow],
        paid: Some(PaidAbility { offers: spree_offers, effect: Effect::Custom(spree_move) }),
        ..BLANK
    },
    CardDef {
        code: LIVING_MURAL,
        name: "Living Mural",
        breaker: Some(Breaker { pump: Pump::By(2), ..Breaker::new(Some("Sentry"), 1, 1, 1) }),
        statics: &[Static::InterfacesOnlyWith(protects_the_host_server), Static::BreakerStrength(living_mural_strength)],
        on_install: Effect::Custom(living_mural_installed),
        ..BLANK
    },
    CardDef {
        code: CHRYSOPOEIAN_SKIMMING,
        name: "Chrysopoeian Skimming",
        play: Some(Play { targets: Targets::None, effect: Effect::Ask(0) }),
        asks: &[Ask::Own(Prompt { ask: skimming_ask, answer: skimming_answer })],
        ..BLANK
    },
    CardDef { code: BANNER, name: "Banner", paid: Some(PaidAbility { offers: banner_offers, effect: Effect::Custom(banner) }), ..BLANK },
];

// --- shared pieces -----------------------------------------------------------------------------------

pub(super) fn question(summary: String, prompt: String, options: Vec<(crate::core::DecisionOption, Answer)>) -> Question {
    Question::one(RUNNER, KIND, summary, prompt, options)
}

fn rd_only(_: &Game) -> Vec<u32> {
    vec![RD]
}

pub(super) fn hq_only(_: &Game) -> Vec<u32> {
    vec![HQ]
}

pub(super) fn every_server(g: &Game) -> Vec<u32> {
    g.corp.servers.iter().map(|s| s.id).collect()
}

/// Run the server in `Ctx::arg`, begun by this card.
pub(super) fn run_target(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.start_run(c.arg, Some(c.card), ev);
}

/// Spend `n` more clicks (a printed cost beyond the one the action itself spends).
fn spend_clicks(g: &mut Game, n: i64, source: &str, ev: &mut Vec<Event>) {
    let n = n.min(g.runner.clicks).max(0);
    g.runner.clicks -= n;
    note(ev, "clicks", format!("The Runner spends {n} more click(s) on {source}"), json!({"seat": RUNNER, "clicks": g.runner.clicks}));
}

/// The Runner removes up to `n` tags.
fn remove_tags(g: &mut Game, n: i64, source: &str, ev: &mut Vec<Event>) {
    let n = n.min(g.runner.tags).max(0);
    if n == 0 {
        return;
    }
    g.runner.tags -= n;
    note(ev, "tag_removed", format!("{source}: the Runner removes {n} tag(s) ({} left)", g.runner.tags), json!({"tags": g.runner.tags, "source": source}));
    super::helpers::tags_removed(g, n, ev);
    let installed = runner_trigger_order(g);
    fire_all(g, When::TagsRemoved, &installed, 0, ev);
}

/// Power counters on a card (`Card::power`), publicly.
pub(super) fn add_power(g: &mut Game, card: u32, n: u32, source: &str, ev: &mut Vec<Event>) {
    if let Some(k) = g.card_mut(card) {
        k.power += n;
        let total = k.power;
        let label = g.label(card);
        note(ev, "power_counters", format!("{source}: {n} power counter(s) on {label} ({total})"), json!({"card": card, "change": n, "power": total}));
    }
}

/// Whether a run event began the current run (it is active while its run goes on).
fn run_event_active(g: &Game) -> bool {
    g.run.as_ref().and_then(|r| r.source).is_some_and(|s| g.def(s).ctype == CardType::Event && g.def(s).has_subtype("Run"))
}

/// The rezzed ice the Runner is encountering.
fn encountered_ice(g: &Game) -> Option<u32> {
    g.run.as_ref().and_then(|r| r.current).filter(|&i| g.rezzed(i))
}

pub(super) fn power(g: &Game, card: u32) -> u32 {
    g.card(card).map_or(0, |k| k.power)
}

// --- events ------------------------------------------------------------------------------------------

/// Transfer of Wealth: 1 tag, the Corp loses 3, the Runner gains 2 per credit lost.
fn transfer_of_wealth(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    give_tags(g, 1, c.name(), ev);
    let lost = g.corp.credits.clamp(0, 3);
    g.lose_credits(CORP, 3, c.name(), ev);
    g.gain(RUNNER, 2 * lost, c.name(), ev);
}

/// Ritual: 1 card per click left (the click spent playing it is already gone).
fn ritual(g: &mut Game, _: Ctx, ev: &mut Vec<Event>) {
    let n = g.runner.clicks.max(0) as u32;
    g.draw(RUNNER, n, ev);
}

/// Lie Low's modes; its additional cost is a second click, so it needs 2 clicks to be played.
/// Removing tags is offered per number removed (1 or 2, as many as there are).
fn lie_low_modes(g: &Game) -> Option<Vec<(u32, String)>> {
    if g.runner.clicks < 2 {
        return Some(vec![]);
    }
    let mut m = vec![(0, "spend a click: draw 4 cards".to_string())];
    for n in 1..=g.runner.tags.min(2) {
        m.push((n as u32, format!("spend a click: remove {n} tag(s)")));
    }
    Some(m)
}

fn lie_low(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    spend_clicks(g, 1, c.name(), ev);
    if c.arg == 0 {
        g.draw(RUNNER, 4, ev);
    } else {
        remove_tags(g, i64::from(c.arg), c.name(), ev);
    }
}

// --- hardware ----------------------------------------------------------------------------------------

fn unrezzed_installed(g: &Game) -> Vec<u32> {
    g.installed_corp().into_iter().filter(|&c| !g.rezzed(c)).collect()
}

/// Hermes: after an agenda is scored or stolen, an unrezzed installed Corp card goes to HQ.
fn hermes_ask(g: &Game, _: Ctx) -> Option<Question> {
    let cards = unrezzed_installed(g);
    if cards.is_empty() {
        return None;
    }
    let o = cards.iter().map(|&c| (opt(format!("card:{c}"), g.corp_public_label(c)), Answer::Card(c))).collect();
    Some(question("adds an unrezzed card to HQ (Hermes)".into(), "Hermes: choose 1 unrezzed installed card to add to HQ".into(), o))
}

fn hermes_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Some(&card) = picked(a).first() else { return Ok(Then::Done) };
    if !unrezzed_installed(g).contains(&card) {
        return Err(RulesError::Illegal("not an unrezzed installed card".into()));
    }
    let label = g.corp_public_label(card);
    g.take_corp(card);
    // Leaving play: its counters and hosted credits go.
    if let Some(k) = g.card_mut(card) {
        (k.adv, k.credits, k.virus, k.power, k.agenda, k.faceup) = (0, 0, 0, 0, 0, false);
    }
    g.corp.hq.push(card);
    note(ev, "to_hq", format!("{}: {label} is added to HQ", c.name()), json!({"card": card}));
    Ok(Then::Done)
}

// --- resources ---------------------------------------------------------------------------------------

/// Friend of a Friend: two click abilities, told apart by the option's argument (0: 5 credits
/// and a tag removed; 1: 9 credits and a tag, only untagged).
fn friend_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    let mut o = vec![(Some(0), format!("{}: trash it, gain 5 credits and remove 1 tag", g.label(card)))];
    if !g.tagged() {
        o.push((Some(1), format!("{}: trash it, gain 9 credits and take 1 tag", g.label(card))));
    }
    o
}

fn friend_of_a_friend(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    super::helpers::runner_trash(g, c.card, "its own ability", ev);
    if c.arg == 1 {
        g.gain(RUNNER, 9, c.name(), ev);
        give_tags(g, 1, c.name(), ev);
    } else {
        g.gain(RUNNER, 5, c.name(), ev);
        remove_tags(g, 1, c.name(), ev);
    }
}

/// Amelia Earhart: a power counter after a run on HQ or R&D that accessed 3 or more cards.
fn amelia_run_ends(g: &mut Game, c: Ctx, run: &Run, ev: &mut Vec<Event>) {
    if (run.server == HQ || run.server == RD) && run.accessed >= 3 {
        add_power(g, c.card, 1, c.name(), ev);
    }
}

fn amelia_ask(g: &Game, c: Ctx) -> Option<Question> {
    if power(g, c.card) < 3 {
        return None;
    }
    let o = vec![(opt("use", "Remove 3 power counters and trash it: the Corp loses 10 credits"), Answer::Yes), (opt("decline", "Do not"), Answer::No)];
    Some(question("may trash Amelia Earhart to make the Corp lose 10 credits".into(), "Amelia Earhart: remove 3 power counters and trash it?".into(), o))
}

fn amelia_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        super::helpers::runner_trash(g, c.card, "its own ability", ev);
        g.lose_credits(CORP, 10, c.name(), ev);
    }
    Ok(Then::Done)
}

/// Rent Rioters: 3 clicks (the action's own and 2 more) and trash it: 9 credits.
fn rent_rioters_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    if g.runner.clicks < 3 {
        return vec![];
    }
    vec![(None, format!("{}: spend 3 clicks and trash it to gain 9 credits", g.label(card)))]
}

fn rent_rioters(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    spend_clicks(g, 2, c.name(), ev);
    super::helpers::runner_trash(g, c.card, "its own ability", ev);
    g.gain(RUNNER, 9, c.name(), ev);
}

// --- programs ----------------------------------------------------------------------------------------

/// Shibboleth: threat 4: -2 strength.
fn shibboleth_strength(g: &Game, _: u32) -> i64 {
    if threat(g, 4) {
        -2
    } else {
        0
    }
}

/// Rising Tide: +1 strength per fracter in the heap.
fn rising_tide_strength(g: &Game, _: u32) -> i64 {
    g.runner.heap.iter().filter(|&&c| g.def(c).has_subtype("Fracter")).count() as i64
}

/// Principia: 1 less per other installed icebreaker (counted when it is paid for, after any
/// program trashed to make room).
fn principia_discount(g: &Game, card: u32) -> i64 {
    g.runner.programs.iter().filter(|&&p| p != card && g.def(p).has_subtype("Icebreaker")).count() as i64
}

/// Sang Kancil: its pump costs 2 less while a run event is active.
fn sang_kancil_discount(g: &Game, _: u32) -> i64 {
    if run_event_active(g) {
        2
    } else {
        0
    }
}

fn hantu_install(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    add_virus(g, c.card, 2, c.name(), ev);
}

/// Hantu: a hosted virus counter: +2 strength (while it interfaces with the encountered sentry).
fn hantu_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    let Some(ice) = encountered_ice(g) else { return vec![] };
    if g.card(card).is_none_or(|k| k.virus == 0) || !g.ice_has_subtype(ice, "Sentry") {
        return vec![];
    }
    vec![(format!("hantu:{card}"), format!("{}: spend a virus counter: +2 strength (now {})", g.label(card), g.breaker_strength(card)), 0)]
}

fn hantu_pump(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if !remove_virus(g, c.card) {
        return;
    }
    if let Some(r) = g.run.as_mut() {
        r.pumps.push((c.card, 2));
    }
    note(
        ev,
        "strength_pumped",
        format!("{} spends a virus counter: +2 strength (now {})", g.label(c.card), g.breaker_strength(c.card)),
        json!({"card": c.card, "amount": 2, "strength": g.breaker_strength(c.card)}),
    );
}

fn two_power_counters(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    add_power(g, c.card, 2, c.name(), ev);
}

/// Spend one of the card's power counters, if it has one.
pub(super) fn spend_power(g: &mut Game, card: u32) -> bool {
    match g.card_mut(card) {
        Some(k) if k.power > 0 => {
            k.power -= 1;
            true
        }
        _ => false,
    }
}

/// Coalescence: a hosted power counter: 2 credits, in the Runner's own turn.
fn coalescence_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    if g.active != RUNNER || power(g, card) == 0 {
        return vec![];
    }
    vec![(format!("coalescence:{card}"), format!("{}: spend a power counter to gain 2 credits", g.label(card)), 0)]
}

fn coalescence(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if spend_power(g, c.card) {
        g.gain(RUNNER, 2, c.name(), ev);
    }
}

fn breach_extra(g: &mut Game, n: u32) {
    if let Some(r) = g.run.as_mut() {
        r.breach_extra += n;
    }
}

/// Devadatta Drone: breaching R&D, a power counter may buy 1 more access.
fn devadatta_breach(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if c.arg == RD && power(g, c.card) > 0 {
        ask_later(g, c, 0);
    }
}

pub(super) fn yes_no(summary: &str, prompt: &str, yes: &str) -> Option<Question> {
    let o = vec![(opt("use", yes), Answer::Yes), (opt("decline", "Do not"), Answer::No)];
    Some(question(summary.into(), prompt.into(), o))
}

fn devadatta_ask(g: &Game, c: Ctx) -> Option<Question> {
    if power(g, c.card) == 0 {
        return None;
    }
    yes_no(
        "may spend a power counter to access 1 more card in R&D (Devadatta Drone)",
        "Devadatta Drone: remove 1 power counter to access 1 more card?",
        "Remove 1 power counter: access 1 more card",
    )
}

fn devadatta_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && spend_power(g, c.card) {
        breach_extra(g, 1);
        note(ev, "more_access", format!("{}: the Runner accesses 1 more card in R&D", c.name()), json!({"card": c.card, "power": power(g, c.card)}));
    }
    Ok(Then::Done)
}

/// The number of R&D cards the Runner may access in this breach so far.
fn rd_allowed(g: &Game) -> u32 {
    let Some(run) = g.run.as_ref() else { return 0 };
    let from_source = run.source.map_or(0, |s| {
        let c = super::ctx(g, s, 0);
        c.def.run.map_or(0, |r| (r.more_access)(g, c, RD))
    });
    1 + from_source + run.breach_extra
}

/// "Pretty" Mary da Silva: breaching R&D with 2 or more accesses, 1 more if the Runner likes.
fn pretty_mary_breach(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if c.arg == RD {
        ask_later(g, c, 0);
    }
}

fn pretty_mary_ask(g: &Game, _: Ctx) -> Option<Question> {
    if rd_allowed(g) < 2 {
        return None;
    }
    yes_no("may access 1 more card in R&D (\"Pretty\" Mary da Silva)", "\"Pretty\" Mary da Silva: access 1 more card in R&D?", "Access 1 more card")
}

fn pretty_mary_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        breach_extra(g, 1);
        note(ev, "more_access", format!("{}: the Runner accesses 1 more card in R&D", c.name()), json!({"card": c.card}));
    }
    Ok(Then::Done)
}

/// "Knickknack" O'Brian: the first run of a turn may trash another installed Runner card for
/// its printed install cost and a card.
fn knickknack_run_begins(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.flags.runs.len() == 1 {
        ask_later(g, c, 0);
    }
}

fn knickknack_ask(g: &Game, c: Ctx) -> Option<Question> {
    let others: Vec<u32> = g.installed_runner().into_iter().filter(|&x| x != c.card).collect();
    if others.is_empty() || !g.installed_runner().contains(&c.card) {
        return None;
    }
    let mut o: Vec<_> =
        others.iter().map(|&x| (opt(format!("card:{x}"), format!("Trash {} (gain {})", g.label(x), g.def(x).cost.unwrap_or(0))), Answer::Card(x))).collect();
    o.push((opt("decline", "Trash nothing"), Answer::No));
    Some(question(
        "may trash an installed card (\"Knickknack\" O'Brian)".into(),
        "\"Knickknack\" O'Brian: trash another installed card to gain its install cost and draw 1?".into(),
        o,
    ))
}

fn knickknack_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Some(&x) = picked(a).first() else { return Ok(Then::Done) };
    if x == c.card || !g.installed_runner().contains(&x) {
        return Err(RulesError::Illegal("not another installed card".into()));
    }
    let cost = g.def(x).cost.unwrap_or(0);
    super::helpers::runner_trash(g, x, c.name(), ev);
    g.gain(RUNNER, cost, c.name(), ev);
    g.draw(RUNNER, 1, ev);
    Ok(Then::Done)
}

/// Side Hustle: 1 credit on install and whenever a run begins; at 6, take them all, trash it,
/// draw 1.
fn side_hustle(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.load(c.card, 1, ev);
    if g.hosted(c.card) >= 6 {
        let all = g.hosted(c.card);
        g.take_hosted(RUNNER, c.card, all, ev);
        super::helpers::runner_trash(g, c.card, "it held 6 credits", ev);
        g.draw(RUNNER, 1, ev);
    }
}

// --- bypass (CR 6.5.8) -------------------------------------------------------------------------------

fn centrals(_: &Game) -> Vec<u32> {
    vec![HQ, RD, ARCHIVES]
}

/// The ice being encountered is bypassed (CR 6.5.8.a: the flow passes it once the Runner's
/// encounter abilities are resolved).
fn bypass(g: &mut Game, source: &str, ev: &mut Vec<Event>) {
    if let Some(r) = g.run.as_mut() {
        r.bypass = true;
        let ice = r.current.unwrap_or(0);
        note(ev, "bypass", format!("{source}: the Runner will bypass {}", g.label(ice)), json!({"ice": ice, "source": source}));
    }
}

/// Whether the Runner is still encountering `ice` (the question's argument).
fn encountering(g: &Game, ice: u32) -> bool {
    g.run.as_ref().is_some_and(|r| r.encounter_begun && !r.bypass && !r.stop && r.current == Some(ice))
}

/// Remove a Runner card from the game (CR 4.9: in no zone).
fn remove_from_game(g: &mut Game, card: u32, source: &str, ev: &mut Vec<Event>) {
    g.take_runner(card);
    note(ev, "removed_from_game", format!("{source}: {} is removed from the game", g.label(card)), json!({"card": card, "code": g.code(card)}));
}

/// "Trash this card to bypass": the card trashed, the ice bypassed.
fn trash_to_bypass_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && g.installed_runner().contains(&c.card) {
        super::helpers::runner_trash(g, c.card, "its own ability", ev);
        bypass(g, c.name(), ev);
    }
    Ok(Then::Done)
}

/// "Spend clicks to bypass" (S-Dobrado: 1, Alarm Clock: 2; the question's yes option names it).
fn click_bypass_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let n = if c.def.code == ALARM_CLOCK { 2 } else { 1 };
    if first(a) == Answer::Yes {
        if g.runner.clicks < n {
            return Err(RulesError::Illegal(format!("bypassing costs {n} click(s)")));
        }
        spend_clicks(g, n, c.name(), ev);
        bypass(g, c.name(), ev);
    }
    Ok(Then::Done)
}

/// Laser Pointer: an AP, destroyer or observer ice.
fn laser_pointer_encounter(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if ["AP", "Destroyer", "Observer"].iter().any(|t| g.ice_has_subtype(c.arg, t)) {
        ask_later(g, c, 0);
    }
}

fn laser_pointer_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !encountering(g, c.arg) {
        return None;
    }
    yes_no(
        "may trash Laser Pointer to bypass the ice",
        &format!("Laser Pointer: trash it to bypass {}?", g.label(c.arg)),
        "Trash Laser Pointer: bypass the ice",
    )
}

/// Fransofia Ward: with the Corp at 15 credits or more, trash it to bypass.
fn fransofia_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !encountering(g, c.arg) || g.corp.credits < 15 {
        return None;
    }
    yes_no(
        "may trash Fransofia Ward to bypass the ice",
        &format!("Fransofia Ward: trash it to bypass {}?", g.label(c.arg)),
        "Trash Fransofia Ward: bypass the ice",
    )
}

/// Malandragem: once per turn, a power counter bypasses an ice of strength 3 or less (it leaves
/// the game when empty); threat 4: leave the game to bypass any ice.
fn malandragem_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !encountering(g, c.arg) || !g.installed_runner().contains(&c.card) {
        return None;
    }
    let mut o = Vec::new();
    if !g.flags.used_cards.contains(&c.card) && power(g, c.card) > 0 && g.ice_strength(c.arg) <= 3 {
        o.push((opt("counter", "Remove 1 power counter: bypass the ice"), Answer::Mode(0)));
    }
    if threat(g, 4) {
        o.push((opt("remove", "Remove Malandragem from the game: bypass the ice"), Answer::Mode(1)));
    }
    if o.is_empty() {
        return None;
    }
    o.push((opt("decline", "Do not"), Answer::No));
    Some(question("may use Malandragem to bypass the ice".into(), format!("Malandragem: bypass {}?", g.label(c.arg)), o))
}

fn malandragem_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    match first(a) {
        Answer::Mode(0) => {
            g.flags.used_cards.push(c.card);
            spend_power(g, c.card);
            bypass(g, c.name(), ev);
            if power(g, c.card) == 0 {
                remove_from_game(g, c.card, "Malandragem is empty", ev);
            }
        }
        Answer::Mode(1) => {
            remove_from_game(g, c.card, c.name(), ev);
            bypass(g, c.name(), ev);
        }
        _ => {}
    }
    Ok(Then::Done)
}

/// S-Dobrado: the run's first encounter is bypassed; threat 4: the second for a click.
fn s_dobrado_encounter(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let Some(run) = g.run.as_ref().filter(|r| r.source == Some(c.card)) else { return };
    match run.encounters {
        1 => bypass(g, c.name(), ev),
        2 if threat(g, 4) => ask_later(g, c, 0),
        _ => {}
    }
}

fn s_dobrado_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !encountering(g, c.arg) || g.runner.clicks < 1 {
        return None;
    }
    yes_no(
        "may spend a click to bypass the ice (S-Dobrado)",
        &format!("S-Dobrado: spend a click to bypass {}?", g.label(c.arg)),
        "Spend a click: bypass the ice",
    )
}

/// Alarm Clock: when the Runner's turn begins, a run on HQ, whose first ice may be bypassed
/// for 2 clicks.
fn alarm_clock_ask(_: &Game, _: Ctx) -> Option<Question> {
    yes_no("may run HQ (Alarm Clock)", "Alarm Clock: run HQ?", "Run HQ")
}

fn alarm_clock_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && g.run.is_none() {
        g.start_run(HQ, Some(c.card), ev);
    }
    Ok(Then::Done)
}

fn alarm_clock_encounter(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.run.as_ref().is_some_and(|r| r.source == Some(c.card) && r.encounters == 1) {
        ask_later(g, c, 1);
    }
}

fn alarm_clock_bypass_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !encountering(g, c.arg) || g.runner.clicks < 2 {
        return None;
    }
    yes_no(
        "may spend 2 clicks to bypass the ice (Alarm Clock)",
        &format!("Alarm Clock: spend 2 clicks to bypass {}?", g.label(c.arg)),
        "Spend 2 clicks: bypass the ice",
    )
}

/// Capybara: after a bypass, remove it from the game to derez that ice.
fn capybara_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.rezzed(c.arg) || !g.installed_runner().contains(&c.card) {
        return None;
    }
    yes_no(
        "may remove Capybara from the game to derez the bypassed ice",
        &format!("Capybara: remove it from the game to derez {}?", g.label(c.arg)),
        "Remove Capybara from the game: derez the ice",
    )
}

fn capybara_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        remove_from_game(g, c.card, c.name(), ev);
        super::helpers::derez(g, c.arg, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- identities --------------------------------------------------------------------------------------

/// Mercury: once per turn, breaching HQ or R&D in a run that broke no subroutine, 1 more access
/// if the Runner likes (the once-per-turn use is spent only when taken).
fn mercury_breach(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    let clean = g.run.as_ref().is_some_and(|r| !r.broke_any);
    if (c.arg == HQ || c.arg == RD) && clean && !g.used_this_turn(c.def.code) {
        ask_later(g, c, 0);
    }
}

fn mercury_ask(_: &Game, c: Ctx) -> Option<Question> {
    let place = if c.arg == HQ { "HQ" } else { "R&D" };
    yes_no(&format!("may access 1 more card in {place} (Mercury)"), &format!("Mercury: access 1 more card in {place} (once per turn)?"), "Access 1 more card")
}

fn mercury_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && g.use_once_per_turn(c.def.code) {
        breach_extra(g, 1);
        note(ev, "more_access", format!("{}: the Runner accesses 1 more card", c.name()), json!({}));
    }
    Ok(Then::Done)
}

/// Ryō "Phoenix" Ōno: the first successful run each turn after a subroutine resolved in it:
/// 1 credit, and the Corp trashes 1 card from HQ.
fn ryo_success(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.run.as_ref().is_some_and(|r| r.sub_resolved) && g.use_once_per_turn(c.def.code) {
        g.gain(RUNNER, 1, c.name(), ev);
        ask_later(g, c, 0);
    }
}

fn ryo_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.hq.is_empty() {
        return None;
    }
    let o = card_options(g, "card", &g.corp.hq);
    Some(Question::one(CORP, KIND, format!("trashes 1 card from HQ ({})", c.name()), format!("{}: trash 1 card from HQ", c.name()), o))
}

fn ryo_answer(g: &mut Game, _: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let cs: Vec<u32> = picked(a).into_iter().filter(|c| g.corp.hq.contains(c)).take(1).collect();
    trash_from_hq(g, cs, ev);
    Ok(Then::Done)
}

// --- Curupira ----------------------------------------------------------------------------------------

fn power_on_self(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    add_power(g, c.card, 1, c.name(), ev);
}

/// Curupira: 3 power counters bypass a barrier.
fn curupira_encounter(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.ice_has_subtype(c.arg, "Barrier") && power(g, c.card) >= 3 {
        ask_later(g, c, 0);
    }
}

fn curupira_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !encountering(g, c.arg) || power(g, c.card) < 3 {
        return None;
    }
    yes_no(
        "may spend 3 power counters to bypass the ice (Curupira)",
        &format!("Curupira: spend 3 power counters to bypass {}?", g.label(c.arg)),
        "Spend 3 power counters: bypass the ice",
    )
}

fn curupira_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && power(g, c.card) >= 3 {
        if let Some(k) = g.card_mut(c.card) {
            k.power -= 3;
        }
        bypass(g, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- identities: turn begins, ice rezzed ---------------------------------------------------------------

/// MuslihaT: the Runner looks at the top card of the stack when it is asked (told to the Runner
/// alone, a private `netrunner.looked`).
fn muslihat_look(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    ask_later(g, c, 0);
}

/// MuslihaT: the top card of the stack, seen by the Runner alone; an icebreaker or a run event
/// may be revealed into the grip. Asked whatever the card is, so that the Corp learns nothing
/// from the question being asked.
fn muslihat_ask(g: &Game, _: Ctx) -> Option<Question> {
    let &top = g.runner.stack.first()?;
    let d = g.def(top);
    let mut o = Vec::new();
    if d.has_subtype("Icebreaker") || (d.ctype == CardType::Event && d.has_subtype("Run")) {
        o.push((opt("reveal", format!("Reveal {} and add it to your grip", g.label(top))), Answer::Card(top)));
    }
    o.push((opt("keep", "Leave it on top of the stack"), Answer::No));
    Some(
        question("looks at the top card of their stack (MuslihaT)".into(), format!("MuslihaT: the top card of your stack is {}", g.label(top)), o)
            .looking_at(vec![top]),
    )
}

fn muslihat_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Some(&top) = picked(a).first() {
        g.take_runner(top);
        g.runner.grip.push(top);
        note(ev, "revealed", format!("{} reveals {} and adds it to the grip", c.name(), g.label(top)), json!({"card": top, "code": g.code(top)}));
    }
    Ok(Then::Done)
}

/// The grip's cards of these types the Runner can install now (paying the cost; one console).
fn installable_from_grip(g: &Game, types: &[CardType]) -> Vec<u32> {
    let has_console = g.runner.hardware.iter().any(|&h| g.def(h).has_subtype("Console"));
    g.runner
        .grip
        .iter()
        .copied()
        .filter(|&c| {
            let d = g.def(c);
            types.contains(&d.ctype)
                && !(d.ctype == CardType::Hardware && d.has_subtype("Console") && has_console)
                && !(d.ctype == CardType::Program && (g.is_trojan(c) || d.memory.unwrap_or(0) > g.memory_limit()))
                && super::helpers::runner_available_for(g, super::Spend::Install(c)) >= g.runner_install_cost(c)
        })
        .collect()
}

fn install_options(g: &Game, cards: &[u32]) -> Vec<(crate::core::DecisionOption, Answer)> {
    let mut o: Vec<_> = cards
        .iter()
        .map(|&c| {
            (opt(format!("install:{c}"), format!("Install {} (cost {})", g.label(c), g.runner_install_cost(c))), Answer::Install { card: c, server: None })
        })
        .collect();
    o.push((opt("none", "Install nothing"), Answer::No));
    o
}

fn install_answer(_: &mut Game, _: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    Ok(match first(a) {
        Answer::Install { card, .. } => Then::InstallRunner { card },
        _ => Then::Done,
    })
}

/// Barry "Baz" Wong: when the Corp rezzes an ice, a resource or hardware from the grip.
fn barry_ask(g: &Game, _: Ctx) -> Option<Question> {
    let cards = installable_from_grip(g, &[CardType::Resource, CardType::Hardware]);
    if cards.is_empty() {
        return None;
    }
    Some(question(
        "may install a resource or hardware (Barry \"Baz\" Wong)".into(),
        "Barry \"Baz\" Wong: install a resource or piece of hardware from your grip?".into(),
        install_options(g, &cards),
    ))
}

// --- Eye for an Eye ----------------------------------------------------------------------------------

/// Eye for an Eye: HQ, only untagged.
fn hq_untagged(g: &Game) -> Vec<u32> {
    if g.tagged() {
        vec![]
    } else {
        vec![HQ]
    }
}

fn one_more_on_hq(_: &Game, _: Ctx, server: u32) -> u32 {
    u32::from(server == HQ)
}

fn eye_label(g: &Game, accessed: u32) -> String {
    format!("Eye for an Eye: trash 1 card from your grip to trash {}", g.label(accessed))
}

fn grip_not_empty(g: &Game) -> bool {
    !g.runner.grip.is_empty()
}

fn eye_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.runner.grip.is_empty() {
        return None;
    }
    let o = card_options(g, "card", &g.runner.grip);
    Some(question(
        "may trash a card from their grip to trash the accessed card (Eye for an Eye)".into(),
        format!("Eye for an Eye: trash 1 card from your grip to trash {}", g.label(c.arg)),
        o,
    ))
}

fn eye_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Some(&k) = picked(a).first().filter(|k| g.runner.grip.contains(k)) else {
        return Err(RulesError::Illegal("pick a card of your grip".into()));
    };
    g.to_heap(k);
    note(ev, "discarded", format!("Eye for an Eye: the Runner trashes {} from the grip", g.label(k)), json!({"card": k, "code": g.code(k)}));
    super::helpers::trashed_from_grip_or_stack(g, &[k], ev);
    let card = c.arg;
    if matches!(g.corp_zone(card), crate::netrunner::state::CorpZone::Hq | crate::netrunner::state::CorpZone::Rd | crate::netrunner::state::CorpZone::Root(_)) {
        super::helpers::runner_trash(g, card, c.name(), ev);
        super::helpers::runner_trashed_accessed(g, card, ev);
    }
    Ok(Then::FinishAccess(card))
}

// --- tags ----------------------------------------------------------------------------------------------

/// Amanuensis: a power counter when the Runner's turn ends tagged.
fn amanuensis_turn_ends(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.tagged() {
        add_power(g, c.card, 1, c.name(), ev);
    }
}

fn amanuensis_tags_removed(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if power(g, c.card) > 0 {
        ask_later(g, c, 0);
    }
}

fn amanuensis_ask(g: &Game, c: Ctx) -> Option<Question> {
    if power(g, c.card) == 0 || !g.installed_runner().contains(&c.card) {
        return None;
    }
    yes_no(
        "may spend a power counter to draw 2 cards (Amanuensis)",
        "Amanuensis: remove 1 power counter to draw 2 cards?",
        "Remove 1 power counter: draw 2 cards",
    )
}

fn amanuensis_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes && spend_power(g, c.card) {
        g.draw(RUNNER, 2, ev);
    }
    Ok(Then::Done)
}

/// Valentina Ferreira Carvalho: threat 3: installed in the Runner's turn, a tag off or 2 credits.
fn valentina_install(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.active == RUNNER && threat(g, 3) {
        ask_later(g, c, 0);
    }
}

fn valentina_ask(g: &Game, _: Ctx) -> Option<Question> {
    let mut o = vec![(opt("credits", "Gain 2 credits"), Answer::Mode(0))];
    if g.tagged() {
        o.push((opt("tag", "Remove 1 tag"), Answer::Mode(1)));
    }
    o.push((opt("decline", "Neither"), Answer::No));
    Some(question(
        "may remove a tag or gain 2 credits (Valentina Ferreira Carvalho)".into(),
        "Valentina Ferreira Carvalho: remove 1 tag or gain 2 credits?".into(),
        o,
    ))
}

fn valentina_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    match first(a) {
        Answer::Mode(0) => g.gain(RUNNER, 2, c.name(), ev),
        Answer::Mode(1) => remove_tags(g, 1, c.name(), ev),
        _ => {}
    }
    Ok(Then::Done)
}

/// Juli Moreira Lee: 4 power counters; the first action each turn on an installed resource
/// spends one for a click; trashed when empty.
fn juli_install(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    add_power(g, c.card, 4, c.name(), ev);
}

fn juli_resource_action(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.flags.used_cards.contains(&c.card) || !spend_power(g, c.card) {
        return;
    }
    g.flags.used_cards.push(c.card);
    g.runner.clicks += 1;
    note(ev, "clicks", format!("{}: the Runner gains a click", c.name()), json!({"seat": RUNNER, "clicks": g.runner.clicks}));
    if power(g, c.card) == 0 {
        super::helpers::runner_trash(g, c.card, "it is empty", ev);
    }
}

// --- installs by card effects (with a cost reduction) -------------------------------------------------

/// Install options for `cards` paying `less` less (programs within memory, Trojans on each
/// installed ice, one console), each answered by `Answer::Install` (the host ice as `server`).
fn install_choices(g: &Game, cards: &[u32], less: i64) -> Vec<(crate::core::DecisionOption, Answer)> {
    let has_console = g.runner.hardware.iter().any(|&h| g.def(h).has_subtype("Console"));
    let mut o = Vec::new();
    for &c in cards {
        let d = g.def(c);
        let cost = (g.runner_install_cost(c) - less).max(0);
        if super::helpers::runner_available_for(g, super::Spend::Install(c)) < cost {
            continue;
        }
        match d.ctype {
            CardType::Program if d.memory.unwrap_or(0) > g.memory_limit() => {}
            CardType::Program if g.is_trojan(c) => {
                for ice in g.installed_corp().into_iter().filter(|&i| g.def(i).ctype == CardType::Ice) {
                    o.push((
                        opt(format!("install:{c}:{ice}"), format!("Install {} on {} (cost {cost})", g.label(c), g.corp_public_label(ice))),
                        Answer::Install { card: c, server: Some(ice) },
                    ));
                }
            }
            CardType::Hardware if d.has_subtype("Console") && has_console => {}
            CardType::Program | CardType::Hardware | CardType::Resource => {
                o.push((opt(format!("install:{c}"), format!("Install {} (cost {cost})", g.label(c))), Answer::Install { card: c, server: None }));
            }
            _ => {}
        }
    }
    o
}

/// The reduction an install answer of this card carries (The Price: 3, Illumination: 1).
fn install_reduction(code: &str) -> i64 {
    match code {
        THE_PRICE => 3,
        TOPAN | SEBASTIAO_SOUZA_PESSOA | PRIVILEGED_ACCESS => 2,
        ILLUMINATION | BAHIA_BANDS => 1,
        _ => 0,
    }
}

/// Install the answered card, with its card's reduction.
fn discounted_install_answer(g: &mut Game, c: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Install { card, server } = first(a) else { return Ok(Then::Done) };
    g.flags.install_discount = install_reduction(c.def.code);
    Ok(match server {
        Some(host) => Then::InstallRunnerOn { card, host },
        None => Then::InstallRunner { card },
    })
}

/// The Price: the top 4 cards of the stack are trashed; one of them may be installed for 3 less
/// (their number in `Ctx::arg`: they are the last of the heap).
fn the_price(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let top: Vec<u32> = g.runner.stack.iter().take(4).copied().collect();
    for &k in &top {
        g.to_heap(k);
    }
    let names: Vec<String> = top.iter().map(|&k| g.label(k)).collect();
    note(ev, "milled", format!("{}: the Runner trashes the top {} card(s) of the stack: {}", c.name(), top.len(), names.join(", ")), json!({"cards": top}));
    super::helpers::trashed_from_grip_or_stack(g, &top, ev);
    ask_later(g, Ctx { arg: top.len() as u32, ..c }, 0);
}

fn the_price_ask(g: &Game, c: Ctx) -> Option<Question> {
    let heap = &g.runner.heap;
    let these = &heap[heap.len().saturating_sub(c.arg as usize)..];
    let mut o = install_choices(g, these, 3);
    if o.is_empty() {
        return None;
    }
    o.push((opt("none", "Install nothing"), Answer::No));
    Some(question("may install one of the trashed cards (The Price)".into(), "The Price: install 1 of those cards, paying 3 less?".into(), o))
}

/// Illumination: after a successful run on R&D, up to 3 installs from the grip, 1 less each
/// (the installs left in `Ctx::arg`).
fn illumination_success(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    ask_later(g, Ctx { arg: 3, ..c }, 0);
}

fn illumination_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = install_choices(g, &g.runner.grip, 1);
    if o.is_empty() || c.arg == 0 {
        return None;
    }
    o.push((opt("none", "Install nothing more"), Answer::No));
    Some(question(
        format!("may install up to {} card(s) from their grip (Illumination)", c.arg),
        format!("Illumination: install a card from your grip, paying 1 less ({} left)?", c.arg),
        o,
    ))
}

fn illumination_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if matches!(first(a), Answer::Install { .. }) && c.arg > 1 {
        // The next one is asked once this install (and any room it makes) is done.
        ask_later(g, Ctx { arg: c.arg - 1, ..c }, 0);
    }
    discounted_install_answer(g, c, a, ev)
}

/// A double event: its additional cost is a second click.
fn double(g: &Game) -> Option<Vec<(u32, String)>> {
    if g.runner.clicks < 2 {
        Some(vec![])
    } else {
        None
    }
}

/// Scrounge: a program from the heap is installed, then one may go to the bottom of the stack.
fn scrounge(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    spend_clicks(g, 1, c.name(), ev);
    ask_later(g, c, 1);
    ask_later(g, c, 0);
}

fn heap_programs(g: &Game) -> Vec<u32> {
    g.runner.heap.iter().copied().filter(|&k| g.def(k).ctype == CardType::Program).collect()
}

fn scrounge_install_ask(g: &Game, _: Ctx) -> Option<Question> {
    let o = install_choices(g, &heap_programs(g), 0);
    if o.is_empty() {
        return None;
    }
    Some(question("installs a program from their heap (Scrounge)".into(), "Scrounge: install 1 program from your heap".into(), o))
}

fn scrounge_bottom_ask(g: &Game, _: Ctx) -> Option<Question> {
    let progs = heap_programs(g);
    if progs.is_empty() {
        return None;
    }
    let mut o = card_options(g, "card", &progs);
    o.push((opt("none", "Leave them"), Answer::No));
    Some(question(
        "may put a program from their heap at the bottom of their stack (Scrounge)".into(),
        "Scrounge: add 1 program from your heap to the bottom of your stack?".into(),
        o,
    ))
}

fn scrounge_bottom_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Some(&k) = picked(a).first().filter(|k| g.runner.heap.contains(k)) {
        g.take_runner(k);
        g.runner.stack.push(k);
        note(ev, "to_stack", format!("{}: {} goes to the bottom of the stack", c.name(), g.label(k)), json!({"card": k, "code": g.code(k)}));
    }
    Ok(Then::Done)
}

// --- more hardware and resources ---------------------------------------------------------------------

/// LilyPAD: the first program installed each turn may draw 1.
fn lilypad_installed(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.def(c.arg).ctype == CardType::Program && !g.flags.program_installed {
        ask_later(g, c, 0);
    }
}

fn lilypad_ask(_: &Game, _: Ctx) -> Option<Question> {
    yes_no("may draw 1 card (LilyPAD)", "LilyPAD: draw 1 card?", "Draw 1 card")
}

fn lilypad_answer(g: &mut Game, _: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        g.draw(RUNNER, 1, ev);
    }
    Ok(Then::Done)
}

/// Maglectric Rapid (748 Mod): a successful run on HQ may trash it to derez an installed Corp
/// card.
fn maglectric_success(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.run.as_ref().is_some_and(|r| r.server == HQ) && g.installed_corp().iter().any(|&k| g.rezzed(k)) {
        ask_later(g, c, 0);
    }
}

fn maglectric_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.installed_runner().contains(&c.card) {
        return None;
    }
    let mut o: Vec<_> =
        g.installed_corp().into_iter().filter(|&k| g.rezzed(k)).map(|k| (opt(format!("card:{k}"), format!("Derez {}", g.label(k))), Answer::Card(k))).collect();
    if o.is_empty() {
        return None;
    }
    o.push((opt("decline", "Do not"), Answer::No));
    Some(question(
        "may trash Maglectric Rapid (748 Mod) to derez a Corp card".into(),
        "Maglectric Rapid (748 Mod): trash it to derez 1 installed Corp card?".into(),
        o,
    ))
}

fn maglectric_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Some(&k) = picked(a).first().filter(|&&k| g.rezzed(k) && g.is_installed(k)) {
        super::helpers::runner_trash(g, c.card, "its own ability", ev);
        super::helpers::derez(g, k, c.name(), ev);
    }
    Ok(Then::Done)
}

/// Hannah "Wheels" Pilintra: once per turn, a click back and a run on a remote server (a tag if
/// it fails: option argument, the server); or trash it: 2 clicks and a tag removed (no server).
fn hannah_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    let mut o = Vec::new();
    if !g.flags.used_cards.contains(&card) {
        for s in g.corp.servers.iter().map(|s| s.id).filter(|&s| Game::is_remote(s)) {
            o.push((Some(s), format!("{}: gain a click and run {}", g.label(card), Game::server_name(s))));
        }
    }
    o.push((None, format!("{}: trash it, gain 2 clicks and remove 1 tag", g.label(card))));
    o
}

fn hannah(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if Game::is_remote(c.arg) {
        g.flags.used_cards.push(c.card);
        gain_clicks(g, 1, c.name(), ev);
        g.start_run(c.arg, Some(c.card), ev);
    } else {
        super::helpers::runner_trash(g, c.card, "its own ability", ev);
        gain_clicks(g, 2, c.name(), ev);
        remove_tags(g, 1, c.name(), ev);
    }
}

fn hannah_run_ends(g: &mut Game, c: Ctx, run: &Run, ev: &mut Vec<Event>) {
    if run.source == Some(c.card) && !run.successful {
        give_tags(g, 1, c.name(), ev);
    }
}

fn gain_clicks(g: &mut Game, n: i64, source: &str, ev: &mut Vec<Event>) {
    if g.run.is_some() {
        g.flags.run_click_gains += 1;
    }
    g.runner.clicks += n;
    note(ev, "clicks", format!("{source}: the Runner gains {n} click(s)"), json!({"seat": RUNNER, "clicks": g.runner.clicks}));
}

/// Beatriz Friere Gonzalez: 2 clicks: run HQ; if successful, breach R&D instead, 1 more access.
fn beatriz_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    if g.runner.clicks < 2 {
        return vec![];
    }
    vec![(None, format!("{}: spend 2 clicks to run HQ (breach R&D instead)", g.label(card)))]
}

fn beatriz(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    spend_clicks(g, 1, c.name(), ev);
    g.start_run(HQ, Some(c.card), ev);
}

fn one_more_on_rd(g: &Game, _: Ctx, server: u32) -> u32 {
    u32::from(server == RD && g.run.as_ref().is_some_and(|r| r.breach_instead == Some(RD)))
}

/// "If successful, instead of breaching the attacked server, breach R&D".
fn breach_rd_instead(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if let Some(r) = g.run.as_mut() {
        r.breach_instead = Some(RD);
        note(ev, "breach_instead", format!("{}: the Runner breaches R&D instead", c.name()), json!({"server": RD}));
    }
}

/// Eru Ayase-Pessoa: once per turn, a click and a tag: run Archives (breaching R&D instead if
/// successful).
fn eru_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    if g.flags.used_cards.contains(&card) {
        return vec![];
    }
    vec![(None, format!("{}: take 1 tag to run Archives (breach R&D instead)", g.label(card)))]
}

fn eru(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.flags.used_cards.push(c.card);
    give_tags(g, 1, c.name(), ev);
    g.start_run(ARCHIVES, Some(c.card), ev);
}

/// Eru Ayase-Pessoa: threat 3: breaching R&D in a run on Archives accesses 1 more.
fn eru_breach(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if c.arg == RD && threat(g, 3) && g.run.as_ref().is_some_and(|r| r.server == ARCHIVES) {
        breach_extra(g, 1);
        note(ev, "more_access", format!("{}: the Runner accesses 1 more card in R&D", c.name()), json!({}));
    }
}

// --- trashing accessed cards ---------------------------------------------------------------------------

/// Solidarity Badge: the first Corp card the Runner trashes each turn puts a power counter on it.
fn solidarity_trash(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if !g.flags.used_cards.contains(&c.card) {
        g.flags.used_cards.push(c.card);
        add_power(g, c.card, 1, c.name(), ev);
    }
}

/// Solidarity Badge: when the Runner's turn begins, a counter for a card or a tag removed.
fn solidarity_ask(g: &Game, c: Ctx) -> Option<Question> {
    if power(g, c.card) == 0 {
        return None;
    }
    let mut o = vec![(opt("draw", "Remove 1 power counter: draw 1 card"), Answer::Mode(0))];
    if g.tagged() {
        o.push((opt("tag", "Remove 1 power counter: remove 1 tag"), Answer::Mode(1)));
    }
    o.push((opt("decline", "Do not"), Answer::No));
    Some(question("may spend a power counter on Solidarity Badge".into(), "Solidarity Badge: remove 1 power counter to draw 1 card or remove 1 tag?".into(), o))
}

fn solidarity_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let mode = first(a);
    if matches!(mode, Answer::Mode(_)) && spend_power(g, c.card) {
        if mode == Answer::Mode(1) {
            remove_tags(g, 1, c.name(), ev);
        } else {
            g.draw(RUNNER, 1, ev);
        }
    }
    Ok(Then::Done)
}

/// Audrey v2 (an AI breaker whose costs are not credits): a virus counter breaks up to 2
/// subroutines (the option's argument: a bit per subroutine); trashing a grip card: +3 strength.
fn audrey_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    let Some(ice) = encountered_ice(g) else { return vec![] };
    let Some(run) = g.run.as_ref() else { return vec![] };
    let mut o = Vec::new();
    if !g.runner.grip.is_empty() {
        o.push((
            format!("audrey-pump:{card}"),
            format!("{}: trash 1 card from your grip: +3 strength (now {})", g.label(card), g.breaker_strength(card)),
            u32::MAX,
        ));
    }
    if g.card(card).is_none_or(|k| k.virus == 0) || g.breaker_strength(card) < g.ice_strength(ice) || !super::encounters::may_break(g, Some(card), ice) {
        return o;
    }
    let unbroken: Vec<usize> = run.broken.iter().enumerate().filter(|(_, b)| !**b).map(|(i, _)| i).collect();
    let mut groups: Vec<Vec<usize>> = unbroken.iter().map(|&i| vec![i]).collect();
    for (x, &i) in unbroken.iter().enumerate() {
        for &j in unbroken.iter().skip(x + 1) {
            groups.push(vec![i, j]);
        }
    }
    for subs in groups.into_iter().filter(|s| s.iter().all(|&i| i < 32)) {
        let texts: Vec<String> = subs.iter().map(|&i| format!("\"{}\"", super::subroutine_text(g.code(ice), i))).collect();
        let ids: Vec<String> = subs.iter().map(|i| i.to_string()).collect();
        let mask = subs.iter().fold(0u32, |m, &i| m | (1 << i));
        o.push((format!("audrey:{card}:{}", ids.join("+")), format!("{}: spend a virus counter to break {}", g.label(card), texts.join(" and ")), mask));
    }
    o
}

fn audrey(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if c.arg == u32::MAX {
        ask_later(g, c, 0);
        return;
    }
    if !remove_virus(g, c.card) {
        return;
    }
    let mut subs = Vec::new();
    if let Some(r) = g.run.as_mut() {
        for (i, b) in r.broken.iter_mut().enumerate() {
            if i < 32 && c.arg & (1 << i) != 0 {
                *b = true;
                subs.push(i);
            }
        }
        r.broken_by.extend(subs.iter().map(|&i| (c.card, i)));
    }
    note(
        ev,
        "subroutine_broken",
        format!("{} spends a virus counter to break {} subroutine(s)", g.label(c.card), subs.len()),
        json!({"breaker": c.card, "subroutines": subs}),
    );
}

fn audrey_pump_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.runner.grip.is_empty() || encountered_ice(g).is_none() {
        return None;
    }
    let o = card_options(g, "card", &g.runner.grip);
    Some(question(
        "trashes a card from their grip for +3 strength (Audrey v2)".into(),
        format!("{}: trash 1 card from your grip for +3 strength", g.label(c.card)),
        o,
    ))
}

fn audrey_pump_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Some(&k) = picked(a).first().filter(|k| g.runner.grip.contains(k)) else {
        return Err(RulesError::Illegal("pick a card of your grip".into()));
    };
    g.to_heap(k);
    note(ev, "discarded", format!("Audrey v2: the Runner trashes {} from the grip", g.label(k)), json!({"card": k, "code": g.code(k)}));
    super::helpers::trashed_from_grip_or_stack(g, &[k], ev);
    if let Some(r) = g.run.as_mut() {
        r.pumps.push((c.card, 3));
    }
    note(
        ev,
        "strength_pumped",
        format!("{} gets +3 strength (now {})", g.label(c.card), g.breaker_strength(c.card)),
        json!({"card": c.card, "amount": 3, "strength": g.breaker_strength(c.card)}),
    );
    Ok(Then::Done)
}

// --- Topan, Debbie "Downtown" Moreira ----------------------------------------------------------------

/// Topan: once per turn, a click: install a grip card for 2 less, then 1 meat damage.
fn topan_offers(g: &Game, _: u32) -> Vec<(Option<u32>, String)> {
    if g.used_this_turn(TOPAN) || install_choices(g, &g.runner.grip, 2).is_empty() {
        return vec![];
    }
    vec![(None, "Topan: install a card from your grip, paying 2 less (1 meat damage)".to_string())]
}

fn topan(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    g.use_once_per_turn(c.def.code);
    ask_later(g, c, 0);
}

fn topan_ask(g: &Game, _: Ctx) -> Option<Question> {
    let o = install_choices(g, &g.runner.grip, 2);
    if o.is_empty() {
        return None;
    }
    Some(question("installs a card from their grip (Topan)".into(), "Topan: install 1 card from your grip, paying 2 less".into(), o))
}

fn topan_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let then = discounted_install_answer(g, c, a, ev)?;
    if then != Then::Done {
        // Pushed first: resolved once the install (and any room it makes) is done.
        super::helpers::damage(g, crate::netrunner::state::DamageKind::Meat, 1, c.name(), false);
    }
    Ok(then)
}

/// Debbie "Downtown" Moreira: threat 4: 2 credits on install; 1 per run event played.
fn debbie_install(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if threat(g, 4) {
        g.load(c.card, 2, ev);
    }
}

fn debbie_event_played(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.def(c.arg).has_subtype("Run") {
        g.load(c.card, 1, ev);
    }
}

fn debbie_offers(g: &Game, card: u32) -> Vec<(Option<u32>, String)> {
    g.corp.servers.iter().map(|s| (Some(s.id), format!("{}: run {} (with its hosted credits)", g.label(card), Game::server_name(s.id)))).collect()
}

/// The hosted credits are spendable during the run as run credits (CR 1.10.4.c); what is left
/// goes back on the card when the run ends.
fn debbie_run(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.start_run(c.arg, Some(c.card), ev);
    let hosted = g.hosted(c.card);
    if let Some(k) = g.card_mut(c.card) {
        k.credits = 0;
    }
    if let Some(r) = g.run.as_mut() {
        r.temp_credits += i64::from(hosted);
    }
}

fn debbie_run_ends(g: &mut Game, c: Ctx, run: &Run, ev: &mut Vec<Event>) {
    if run.source == Some(c.card) && run.temp_credits > 0 && g.runner.resources.contains(&c.card) {
        g.load(c.card, run.temp_credits as u32, ev);
    }
}

// --- Trojans -----------------------------------------------------------------------------------------

fn host(g: &Game, card: u32) -> Option<u32> {
    g.card(card).and_then(|k| k.host)
}

/// Monkeywrench: its host ice -2 strength, every other ice protecting the same server -1.
fn monkeywrench(g: &Game, card: u32, ice: u32) -> i64 {
    let Some(h) = host(g, card) else { return 0 };
    if h == ice {
        return -2;
    }
    match (g.corp_zone(h), g.corp_zone(ice)) {
        (crate::netrunner::state::CorpZone::Ice(a), crate::netrunner::state::CorpZone::Ice(b)) if a == b => -1,
        _ => 0,
    }
}

/// Slap Vandal: 1 credit: break 1 subroutine of its host ice, once per encounter (its breaks
/// are in `Run::broken_by`).
fn slap_vandal_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    let Some(ice) = encountered_ice(g) else { return vec![] };
    let Some(run) = g.run.as_ref() else { return vec![] };
    if host(g, card) != Some(ice)
        || run.broken_by.iter().any(|(b, _)| *b == card)
        || g.runner_available() < 1
        || g.breaker_strength(card) < g.ice_strength(ice)
        || !super::encounters::may_break(g, Some(card), ice)
    {
        return vec![];
    }
    run.broken
        .iter()
        .enumerate()
        .filter(|(_, b)| !**b)
        .map(|(i, _)| (format!("slap-vandal:{card}:{i}"), format!("{}: break \"{}\" for 1", g.label(card), super::subroutine_text(g.code(ice), i)), i as u32))
        .collect()
}

fn slap_vandal(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if !g.runner_pay(1) {
        return;
    }
    let sub = c.arg as usize;
    if let Some(r) = g.run.as_mut() {
        if let Some(b) = r.broken.get_mut(sub) {
            *b = true;
        }
        r.broken_by.push((c.card, sub));
    }
    note(ev, "subroutine_broken", format!("{} breaks subroutine {} for 1", g.label(c.card), sub + 1), json!({"breaker": c.card, "subroutines": [sub]}));
}

// --- Meeting of Minds --------------------------------------------------------------------------------

const MEETING_SUBTYPES: [&str; 2] = ["Connection", "Virtual"];

fn meeting_modes(_: &Game) -> Option<Vec<(u32, String)>> {
    Some(MEETING_SUBTYPES.iter().enumerate().map(|(i, t)| (i as u32, format!("choose {}", t.to_lowercase()))).collect())
}

fn meeting_subtype(c: Ctx) -> &'static str {
    MEETING_SUBTYPES.get(c.arg as usize).copied().unwrap_or("Connection")
}

/// Meeting of Minds: search the stack (then shuffled) for a resource of the chosen subtype,
/// then reveal grip cards of that subtype for 1 credit each.
fn meeting_of_minds(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    ask_later(g, c, 1);
    ask_later(g, c, 0);
}

fn meeting_fits(c: Ctx) -> impl Fn(&Game, u32) -> bool {
    let t = meeting_subtype(c);
    move |g: &Game, k: u32| g.def(k).ctype == CardType::Resource && g.def(k).has_subtype(t)
}

fn meeting_search_ask(g: &Game, c: Ctx) -> Option<Question> {
    let t = meeting_subtype(c).to_lowercase();
    Some(search_deck_ask(
        g,
        RUNNER,
        "card",
        meeting_fits(c),
        format!("searches their stack for a {t} resource (Meeting of Minds)"),
        format!("Meeting of Minds: reveal a {t} resource from your stack and add it to your grip?"),
    ))
}

fn meeting_search_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Some(k) = search_deck_answer(g, RUNNER, meeting_fits(c), a, |l| format!("{} reveals {l} and adds it to the grip", c.name()), ev)? {
        g.runner.grip.push(k);
    }
    g.tasks.push(crate::netrunner::state::Task::Shuffle { corp: false });
    Ok(Then::Done)
}

fn meeting_reveal_ask(g: &Game, c: Ctx) -> Option<Question> {
    let t = meeting_subtype(c);
    let these: Vec<u32> = g.runner.grip.iter().copied().filter(|&k| g.def(k).has_subtype(t)).collect();
    if these.is_empty() {
        return None;
    }
    let n = these.len() as u32;
    Some(
        question(
            format!("may reveal {} cards from their grip (Meeting of Minds)", t.to_lowercase()),
            format!("Meeting of Minds: reveal any {} cards from your grip, 1 credit each", t.to_lowercase()),
            card_options(g, "card", &these),
        )
        .range(0, n),
    )
}

fn meeting_reveal_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let t = meeting_subtype(c);
    let shown: Vec<u32> = picked(a).into_iter().filter(|k| g.runner.grip.contains(k) && g.def(*k).has_subtype(t)).collect();
    if !shown.is_empty() {
        let names: Vec<String> = shown.iter().map(|&k| g.label(k)).collect();
        note(ev, "revealed", format!("{} reveals {}", c.name(), names.join(", ")), json!({"cards": shown}));
        g.gain(RUNNER, shown.len() as i64, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- Pressure Spike, Charm Offensive -----------------------------------------------------------------

/// Pressure Spike: threat 4: 2 credits: +9 strength, once per run (`Run::used_cards`), while it
/// interfaces with the encountered barrier.
fn pressure_spike_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    let Some(ice) = encountered_ice(g) else { return vec![] };
    let used = g.run.as_ref().is_some_and(|r| r.used_cards.contains(&card));
    if !threat(g, 4) || used || !g.ice_has_subtype(ice, "Barrier") || g.runner_available() < 2 {
        return vec![];
    }
    vec![(format!("pressure-spike:{card}"), format!("{}: +9 strength for 2, once per run (now {})", g.label(card), g.breaker_strength(card)), 0)]
}

fn pressure_spike(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if !g.runner_pay(2) {
        return;
    }
    if let Some(r) = g.run.as_mut() {
        r.used_cards.push(c.card);
        r.pumps.push((c.card, 9));
    }
    note(
        ev,
        "strength_pumped",
        format!("{} gets +9 strength for 2 (now {})", g.label(c.card), g.breaker_strength(c.card)),
        json!({"card": c.card, "amount": 9, "strength": g.breaker_strength(c.card)}),
    );
}

fn archives_only(_: &Game) -> Vec<u32> {
    vec![ARCHIVES]
}

/// Charm Offensive: its run's end is heard through `Run::marked` (the event is not installed).
fn charm_offensive(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.start_run(ARCHIVES, Some(c.card), ev);
    if let Some(r) = g.run.as_mut() {
        r.marked.push(c.card);
    }
}

fn charm_offensive_run_ends(g: &mut Game, c: Ctx, run: &Run, _: &mut Vec<Event>) {
    if run.source == Some(c.card) && !run.accessed_cards.is_empty() {
        ask_later(g, c, 0);
    }
}

/// The rezzed installed copies of cards accessed in Archives: a breach of Archives accesses
/// every card there, and none has left or come since (the question follows the run's end).
fn charm_offensive_targets(g: &Game) -> Vec<u32> {
    let titles: Vec<&str> = g.corp.archives.iter().map(|&k| g.def(k).title.as_str()).collect();
    g.installed_corp().into_iter().filter(|&k| g.rezzed(k) && titles.contains(&g.def(k).title.as_str())).collect()
}

fn charm_offensive_ask(g: &Game, _: Ctx) -> Option<Question> {
    let t = charm_offensive_targets(g);
    if t.is_empty() {
        return None;
    }
    let mut o: Vec<_> = t.iter().map(|&k| (opt(format!("card:{k}"), format!("Trash {}", g.label(k))), Answer::Card(k))).collect();
    o.push((opt("decline", "Trash nothing"), Answer::No));
    Some(question(
        "may trash a rezzed copy of a card accessed in Archives (Charm Offensive)".into(),
        "Charm Offensive: trash 1 rezzed copy of a card you accessed in Archives?".into(),
        o,
    ))
}

fn charm_offensive_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Some(&k) = picked(a).first().filter(|k| charm_offensive_targets(g).contains(k)) {
        super::helpers::runner_trash(g, k, c.name(), ev);
        super::helpers::runner_took_corp_card(g, k, ev);
    }
    Ok(Then::Done)
}

// --- Arruaceiras Crew --------------------------------------------------------------------------------

/// Whether the Runner is in the encounter's paid-ability window (NR-6.3.1) with a rezzed ice.
fn in_encounter_window(g: &Game) -> Option<u32> {
    matches!(g.stage, crate::netrunner::state::Stage::Window { at: crate::netrunner::state::At::Run31, .. }).then(|| encountered_ice(g)).flatten()
}

/// Arruaceiras Crew's -2 lasts for the encounter: its record is a `(card, 0)` entry among the
/// encounter's strength boosts (`Run::pumps`, cleared when the encounter ends; it adds nothing to
/// any breaker).
fn arruaceiras_minus(g: &Game, card: u32, ice: u32) -> i64 {
    let active = g.run.as_ref().is_some_and(|r| r.current == Some(ice) && r.pumps.contains(&(card, 0)));
    if active {
        -2
    } else {
        0
    }
}

/// Arruaceiras Crew: once per turn, a tag: the encountered ice -2 strength (argument 0); trash
/// it and 2 credits: trash the encountered ice at strength 0 or less (argument 1).
fn arruaceiras_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    let Some(ice) = in_encounter_window(g) else { return vec![] };
    let mut o = Vec::new();
    if !g.flags.used_cards.contains(&card) {
        o.push((format!("arruaceiras:{card}"), format!("{}: take 1 tag: the encountered ice gets -2 strength", g.label(card)), 0));
    }
    if g.ice_strength(ice) <= 0 && g.runner_available() >= 2 && super::helpers::runner_may_trash(g, ice) {
        o.push((format!("arruaceiras-trash:{card}"), format!("{}: trash it and pay 2 to trash {}", g.label(card), g.label(ice)), 1));
    }
    o
}

fn arruaceiras(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let Some(ice) = in_encounter_window(g) else { return };
    if c.arg == 0 {
        g.flags.used_cards.push(c.card);
        give_tags(g, 1, c.name(), ev);
        if let Some(r) = g.run.as_mut() {
            r.pumps.push((c.card, 0));
        }
        note(ev, "ice_weakened", format!("{}: {} gets -2 strength for this encounter", c.name(), g.label(ice)), json!({"card": c.card, "ice": ice}));
    } else if g.ice_strength(ice) <= 0 && super::helpers::runner_may_trash(g, ice) && g.runner_pay(2) {
        super::helpers::runner_trash(g, c.card, "its own ability", ev);
        super::helpers::runner_trash(g, ice, c.name(), ev);
        super::helpers::runner_took_corp_card(g, ice, ev);
    }
}

// --- Sebastião Souza Pessoa, Manuel Lattes de Moura ----------------------------------------------------

/// Sebastião: trashing a connection with the basic action also costs the Corp 1 card from HQ.
fn sebastiao_trash_cost(g: &Game, _: u32, resource: u32) -> u32 {
    u32::from(g.def(resource).has_subtype("Connection"))
}

/// Sebastião: taking tags while untagged (`Ctx::arg`: the tags held before), a connection from
/// the grip for 2 less.
fn sebastiao_tagged(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if c.arg == 0 {
        ask_later(g, c, 0);
    }
}

fn sebastiao_ask(g: &Game, c: Ctx) -> Option<Question> {
    let connections: Vec<u32> = g.runner.grip.iter().copied().filter(|&k| g.def(k).ctype == CardType::Resource && g.def(k).has_subtype("Connection")).collect();
    let mut o = install_choices(g, &connections, 2);
    if o.is_empty() {
        return None;
    }
    o.push((opt("none", "Install nothing"), Answer::No));
    Some(question(
        format!("may install a connection resource ({})", c.name()),
        format!("{}: install a connection resource from your grip, paying 2 credits less?", c.name()),
        o,
    ))
}

/// Manuel: threat 3, trashing it with the basic action also costs the Corp 1 card from HQ.
fn manuel_trash_cost(g: &Game, this: u32, resource: u32) -> u32 {
    u32::from(resource == this && threat(g, 3))
}

/// Manuel: breaching HQ or R&D while tagged, 1 more access.
fn manuel_breach(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if (c.arg == HQ || c.arg == RD) && g.tagged() {
        breach_extra(g, 1);
        note(ev, "more_access", format!("{}: the Runner is tagged and accesses 1 more card", c.name()), json!({"card": c.card}));
    }
}

// --- Dewi Subrotoputri ---------------------------------------------------------------------------------

/// Dewi's condition on her shown side: the front wants memory full, the flip side 1 unused MU.
fn dewi_can_flip(g: &Game) -> bool {
    let free = g.memory_limit() - g.memory_used();
    if g.runner.flipped {
        free >= 1
    } else {
        free <= 0
    }
}

/// Dewi: after a successful run, if her side's condition holds, she may flip (an "if" checked
/// again when the question is asked).
fn dewi_success(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if dewi_can_flip(g) {
        ask_later(g, c, 0);
    }
}

fn dewi_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !dewi_can_flip(g) {
        return None;
    }
    if g.runner.flipped {
        yes_no("may flip their identity to draw 1 card (Dewi Subrotoputri)", "Dewi Subrotoputri: flip your identity and draw 1 card?", "Flip it: draw 1 card")
    } else {
        yes_no(
            &format!("may flip their identity to gain 1 credit ({})", c.name()),
            "Dewi Subrotoputri: your memory is full: flip your identity and gain 1 credit?",
            "Flip it: gain 1 credit",
        )
    }
}

fn dewi_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) != Answer::Yes {
        return Ok(Then::Done);
    }
    let was_flipped = g.runner.flipped;
    g.runner.flipped = !was_flipped;
    let side = if g.runner.flipped { "flip side" } else { "front" };
    note(ev, "flipped", format!("{}: the Runner flips their identity to its {side}", c.name()), json!({"seat": RUNNER, "flipped": g.runner.flipped}));
    if was_flipped {
        g.draw(RUNNER, 1, ev);
    } else {
        g.gain(RUNNER, 1, c.name(), ev);
    }
    Ok(Then::Done)
}

// --- Magdalene Keino-Chemutai --------------------------------------------------------------------------

/// Magdalene: a program or hardware among the cards just discarded to the hand size (the last
/// `Ctx::arg` cards of the heap), paying its install cost.
fn magdalene_ask(g: &Game, c: Ctx) -> Option<Question> {
    let heap = &g.runner.heap;
    let these: Vec<u32> = heap[heap.len().saturating_sub(c.arg as usize)..]
        .iter()
        .copied()
        .filter(|&k| matches!(g.def(k).ctype, CardType::Program | CardType::Hardware))
        .collect();
    let mut o = install_choices(g, &these, 0);
    if o.is_empty() {
        return None;
    }
    o.push((opt("none", "Install nothing"), Answer::No));
    Some(question(
        format!("may install a program or hardware they discarded ({})", c.name()),
        format!("{}: install 1 program or piece of hardware you discarded?", c.name()),
        o,
    ))
}

// --- Arissana Rocha Nahu -------------------------------------------------------------------------------

fn grip_programs(g: &Game) -> Vec<u32> {
    g.runner.grip.iter().copied().filter(|&k| g.def(k).ctype == CardType::Program).collect()
}

/// Arissana: once per turn, during a run, a program from the grip (paying its cost), in any
/// paid-ability window (the identity's paid ability).
fn arissana_offers(g: &Game, _: u32) -> Vec<(String, String, u32)> {
    if g.run.as_ref().is_none_or(|r| r.stop) || g.used_this_turn(ARISSANA_ROCHA_NAHU) || install_choices(g, &grip_programs(g), 0).is_empty() {
        return vec![];
    }
    vec![("arissana".into(), "Arissana Rocha Nahu: install 1 program from your grip".into(), 0)]
}

fn arissana(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.use_once_per_turn(c.def.code) {
        ask_later(g, c, 0);
    }
}

fn arissana_ask(g: &Game, c: Ctx) -> Option<Question> {
    let o = install_choices(g, &grip_programs(g), 0);
    if o.is_empty() {
        return None;
    }
    Some(question(
        format!("installs a program from their grip ({})", c.name()),
        format!("{}: install 1 program from your grip (paying its install cost)", c.name()),
        o,
    ))
}

/// The program installed; unless it is a Trojan, it is trashed when this run ends (if still
/// installed then).
fn arissana_answer(g: &mut Game, _: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Install { card, server } = first(a) else { return Ok(Then::Done) };
    if !g.is_trojan(card) {
        if let Some(r) = g.run.as_mut() {
            r.trash_at_end.push(card);
        }
    }
    Ok(match server {
        Some(host) => Then::InstallRunnerOn { card, host },
        None => Then::InstallRunner { card },
    })
}

// --- Ashen Epilogue ------------------------------------------------------------------------------------

/// Ashen Epilogue: it is removed from the game rather than trashed (so it is not shuffled in);
/// the grip and heap go into the stack, shuffled; then (step 0, after the shuffle) the top 5
/// are removed from the game and 5 cards drawn.
fn ashen_epilogue(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    remove_from_game(g, c.card, c.name(), ev);
    let mut cards = std::mem::take(&mut g.runner.grip);
    cards.append(&mut std::mem::take(&mut g.runner.heap));
    let n = cards.len();
    g.runner.stack.extend(cards);
    note(ev, "to_stack", format!("{}: the Runner shuffles their grip and heap ({n} card(s)) into the stack", c.name()), json!({"seat": RUNNER, "count": n}));
    ask_later(g, c, 0);
    g.tasks.push(crate::netrunner::state::Task::Shuffle { corp: false });
}

fn ashen_epilogue_after_shuffle(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let top: Vec<u32> = g.runner.stack.iter().take(5).copied().collect();
    for k in top {
        remove_from_game(g, k, c.name(), ev);
    }
    g.draw(RUNNER, 5, ev);
}

// --- Saci ----------------------------------------------------------------------------------------------

/// Saci: its host ice rezzed or derezzed (`Ctx::arg`), 3 credits.
fn saci(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if host(g, c.card) == Some(c.arg) {
        g.gain(RUNNER, 3, c.name(), ev);
    }
}

// --- Lago Paranoá Shelter ------------------------------------------------------------------------------

/// Lago Paranoá Shelter: the Corp's first install in a root this turn (`Ctx::arg` 1), the top
/// of the stack may be trashed for a draw.
fn lago(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if c.arg == 1 {
        ask_later(g, c, 0);
    }
}

fn lago_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.runner.stack.is_empty() {
        return None;
    }
    yes_no(
        &format!("may trash the top card of their stack to draw 1 card ({})", c.name()),
        &format!("{}: trash the top card of your stack to draw 1 card?", c.name()),
        "Trash the top card of the stack: draw 1 card",
    )
}

fn lago_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Some(&top) = g.runner.stack.first() else { return Ok(Then::Done) };
    if first(a) == Answer::Yes {
        g.to_heap(top);
        note(ev, "milled", format!("{}: the Runner trashes the top card of the stack: {}", c.name(), g.label(top)), json!({"cards": [top]}));
        super::helpers::trashed_from_grip_or_stack(g, &[top], ev);
        g.draw(RUNNER, 1, ev);
    }
    Ok(Then::Done)
}

// --- Pichação ------------------------------------------------------------------------------------------

/// Pichação: passing its host ice (`Ctx::arg`), a click may be gained.
fn pichacao_passed(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if host(g, c.card) == Some(c.arg) {
        ask_later(g, c, 0);
    }
}

fn pichacao_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.runner.programs.contains(&c.card) {
        return None;
    }
    let back = if g.flags.run_click_gains > 0 { " (not the first click gained during a run this turn: it returns to your grip)" } else { "" };
    yes_no(&format!("may gain a click ({})", c.name()), &format!("{}: gain a click?{back}", c.name()), "Gain a click")
}

/// The click; then, if the Runner had already gained a click during a run this turn, the
/// program goes back to the grip.
fn pichacao_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) != Answer::Yes {
        return Ok(Then::Done);
    }
    gain_clicks(g, 1, c.name(), ev);
    if g.flags.run_click_gains > 1 && g.runner.programs.contains(&c.card) {
        g.to_grip(c.card);
        note(ev, "to_grip", format!("{}: it returns to the Runner's grip", c.name()), json!({"card": c.card}));
    }
    Ok(Then::Done)
}

// --- hosted credits restricted to some costs -------------------------------------------------------

fn trash_costs_only(_: &Game, spend: Spend) -> bool {
    matches!(spend, Spend::TrashCost(_))
}

fn installs_only(_: &Game, spend: Spend) -> bool {
    matches!(spend, Spend::Install(_))
}

/// Open Market: installs of connection and job resources.
fn open_market_spend(g: &Game, spend: Spend) -> bool {
    matches!(spend, Spend::Install(c) if g.def(c).ctype == CardType::Resource && (g.def(c).has_subtype("Connection") || g.def(c).has_subtype("Job")))
}

/// Open Market: take 1 as the turn begins; trashed when empty.
fn open_market_take(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    super::helpers::take_or_trash(g, RUNNER, c.card, 1, "it is empty", ev);
}

/// Urban Art Vernissage: the installed non-virus Trojans, one of which may go back to the grip.
fn vernissage_trojans(g: &Game) -> Vec<u32> {
    g.runner.programs.iter().copied().filter(|&p| g.is_trojan(p) && !g.def(p).has_subtype("Virus")).collect()
}

fn vernissage_ask(g: &Game, _: Ctx) -> Option<Question> {
    let trojans = vernissage_trojans(g);
    if trojans.is_empty() {
        return None;
    }
    let mut o = card_options(g, "grip", &trojans);
    o.push((opt("none", "Add nothing"), Answer::No));
    Some(question(
        "may add an installed Trojan to their grip (Urban Art Vernissage)".into(),
        "Urban Art Vernissage: add 1 installed non-virus Trojan program to your grip to place 2 credits here?".into(),
        o,
    ))
}

fn vernissage_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Some(&p) = picked(a).first() else { return Ok(Then::Done) };
    if !vernissage_trojans(g).contains(&p) || !g.installed_runner().contains(&c.card) {
        return Ok(Then::Done);
    }
    g.to_grip(p);
    note(ev, "to_grip", format!("{}: {} goes back to the grip", c.name(), g.label(p)), json!({"card": p, "code": g.code(p)}));
    g.load(c.card, 2, ev);
    Ok(Then::Done)
}

// --- runs that replace the breach or the approach ---------------------------------------------------

fn archives_untagged(g: &Game) -> Vec<u32> {
    if g.tagged() {
        vec![]
    } else {
        vec![ARCHIVES]
    }
}

/// Privileged Access: instead of breaching Archives (`Run::no_breach`), 1 tag; taking it, a
/// resource from the heap for 2 less, and at threat 3 a program from the heap (asked in that
/// order: the last task pushed is asked first).
fn privileged_access_success(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if let Some(r) = g.run.as_mut() {
        r.no_breach = true;
    }
    note(ev, "breach_replaced", format!("{}: instead of breaching Archives, the Runner takes 1 tag", c.name()), json!({"card": c.card}));
    give_tags(g, 1, c.name(), ev);
    if threat(g, 3) {
        ask_later(g, c, 1);
    }
    ask_later(g, c, 0);
}

fn privileged_resource_ask(g: &Game, c: Ctx) -> Option<Question> {
    let resources: Vec<u32> = g.runner.heap.iter().copied().filter(|&k| g.def(k).ctype == CardType::Resource).collect();
    let mut o = install_choices(g, &resources, 2);
    if o.is_empty() {
        return None;
    }
    o.push((opt("none", "Install nothing"), Answer::No));
    Some(question(
        format!("may install a resource from their heap ({})", c.name()),
        format!("{}: install 1 resource from your heap, paying 2 credits less?", c.name()),
        o,
    ))
}

fn privileged_program_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = install_choices(g, &heap_programs(g), 0);
    if o.is_empty() {
        return None;
    }
    o.push((opt("none", "Install nothing"), Answer::No));
    Some(question(format!("may install a program from their heap ({})", c.name()), format!("{}: install 1 program from your heap?", c.name()), o))
}

/// Install the answered card (on its host ice, for a Trojan), with no reduction.
fn plain_install_answer(_: &mut Game, _: Ctx, a: &[Answer], _: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Install { card, server } = first(a) else { return Ok(Then::Done) };
    Ok(match server {
        Some(host) => Then::InstallRunnerOn { card, host },
        None => Then::InstallRunner { card },
    })
}

/// A double event on Archives: offered with the click of the additional cost left.
fn archives_double(g: &Game) -> Vec<u32> {
    if g.runner.clicks < 2 {
        vec![]
    } else {
        vec![ARCHIVES]
    }
}

/// Maintenance Access: spend the other click, run Archives; at the approach, the attacked
/// server becomes HQ (`Run::approach_instead`).
fn maintenance_access(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    spend_clicks(g, 1, c.name(), ev);
    g.start_run(ARCHIVES, Some(c.card), ev);
    if let Some(r) = g.run.as_mut() {
        r.approach_instead = Some(HQ);
    }
}

// --- breakers of up to 3 and of X subroutines ---------------------------------------------------------

/// Umbrella interfaces only with ice hosting a Trojan.
fn hosts_a_trojan(g: &Game, _: u32, ice: u32) -> bool {
    g.runner.programs.iter().any(|&p| g.is_trojan(p) && g.card(p).is_some_and(|k| k.host == Some(ice)))
}

/// Umbrella broke at least 1 subroutine: each player may draw 1, the Runner (active) first (the
/// last task pushed is asked first).
fn umbrella_broke(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if c.arg > 0 {
        ask_later(g, c, 1);
        ask_later(g, c, 0);
    }
}

fn umbrella_runner_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.runner.stack.is_empty() {
        return None;
    }
    yes_no(&format!("may draw 1 card ({})", c.name()), &format!("{}: draw 1 card?", c.name()), "Draw 1 card")
}

/// The Corp is asked only while R&D has a card (drawing from an empty R&D would lose it the game).
fn umbrella_corp_ask(g: &Game, c: Ctx) -> Option<Question> {
    if g.corp.rd.is_empty() {
        return None;
    }
    let o = vec![(opt("use", "Draw 1 card"), Answer::Yes), (opt("decline", "Do not"), Answer::No)];
    Some(Question::one(CORP, KIND, format!("may draw 1 card ({})", c.name()), format!("{}: draw 1 card?", c.name()), o))
}

fn umbrella_runner_draws(g: &mut Game, _: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        g.draw(RUNNER, 1, ev);
    }
    Ok(Then::Done)
}

fn umbrella_corp_draws(g: &mut Game, _: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) == Answer::Yes {
        g.draw(CORP, 1, ev);
    }
    Ok(Then::Done)
}

fn one_power_counter(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    add_power(g, c.card, 1, c.name(), ev);
}

fn lobisomem_fully_breaks(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.ice_has_subtype(c.arg, "Code Gate") {
        add_power(g, c.card, 1, c.name(), ev);
    }
}

/// Lobisomem: X credits and a hosted power counter break X barrier subroutines (any X of the
/// unbroken ones, as a mask in the argument); its strength pump also while encountering a barrier
/// its code gate interface does not cover.
fn lobisomem_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    let Some(ice) = encountered_ice(g) else { return vec![] };
    let Some(run) = g.run.as_ref() else { return vec![] };
    if !g.ice_has_subtype(ice, "Barrier") {
        return vec![];
    }
    let mut o = Vec::new();
    if !g.ice_has_subtype(ice, "Code Gate") && g.runner_available() >= g.pump_cost(card) {
        o.push((format!("lobisomem-pump:{card}"), format!("{}: +2 strength for {} (now {})", g.label(card), g.pump_cost(card), g.breaker_strength(card)), 0));
    }
    if power(g, card) == 0 || g.breaker_strength(card) < g.ice_strength(ice) || !super::encounters::may_break(g, Some(card), ice) {
        return o;
    }
    let unbroken: Vec<usize> = run.broken.iter().enumerate().filter(|(i, b)| !**b && *i < 16).map(|(i, _)| i).collect();
    for mask in 1u32..(1 << unbroken.len()) {
        let subs: Vec<usize> = unbroken.iter().enumerate().filter(|(k, _)| mask & (1 << k) != 0).map(|(_, &i)| i).collect();
        let x = subs.len() as i64;
        if g.runner_available() < x {
            continue;
        }
        let ids: Vec<String> = subs.iter().map(|i| i.to_string()).collect();
        let texts: Vec<String> = subs.iter().map(|&i| format!("\"{}\"", super::subroutine_text(g.code(ice), i))).collect();
        let arg = subs.iter().fold(0u32, |m, &i| m | (1 << i));
        o.push((
            format!("lobisomem:{card}:{}", ids.join("+")),
            format!("{}: pay {x} and a hosted power counter to break {}", g.label(card), texts.join(" and ")),
            arg,
        ));
    }
    o
}

fn lobisomem(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if c.arg == 0 {
        let cost = g.pump_cost(c.card);
        if !g.runner_pay(cost) {
            return;
        }
        if let Some(r) = g.run.as_mut() {
            r.pumps.push((c.card, 2));
        }
        note(
            ev,
            "strength_pumped",
            format!("{} gets +2 strength for {cost} (now {})", g.label(c.card), g.breaker_strength(c.card)),
            json!({"card": c.card, "amount": 2, "strength": g.breaker_strength(c.card)}),
        );
        return;
    }
    let subs: Vec<usize> = (0..16).filter(|i| c.arg & (1 << i) != 0).collect();
    if power(g, c.card) == 0 || !g.runner_pay(subs.len() as i64) || !spend_power(g, c.card) {
        return;
    }
    note(
        ev,
        "power_counters",
        format!("{}: 1 power counter spent (now {})", g.label(c.card), power(g, c.card)),
        json!({"card": c.card, "change": -1, "power": power(g, c.card)}),
    );
    super::helpers::break_by_ability(g, c.card, &subs, ev);
}

// --- Window of Opportunity --------------------------------------------------------------------------

/// First the install (step 0), then the run on the chosen server (step 1, in `Ctx::arg`), once
/// the install and any room made for it are done.
fn window_of_opportunity(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    ask_later(g, c, 1);
    ask_later(g, c, 0);
}

fn window_install_ask(g: &Game, c: Ctx) -> Option<Question> {
    let cards: Vec<u32> = g.runner.grip.iter().copied().filter(|&k| matches!(g.def(k).ctype, CardType::Program | CardType::Hardware)).collect();
    let mut o = install_choices(g, &cards, 0);
    if o.is_empty() {
        return None;
    }
    o.push((opt("none", "Install nothing"), Answer::No));
    Some(question(
        format!("may install a program or hardware ({})", c.name()),
        format!("{}: install 1 program or piece of hardware from your grip?", c.name()),
        o,
    ))
}

/// The run begins; as it begins, 1 rezzed ice protecting the server is derezzed (step 2). Its
/// end is heard through `Run::marked`.
fn window_run(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.run.is_some() {
        return;
    }
    g.start_run(c.arg, Some(c.card), ev);
    if let Some(r) = g.run.as_mut() {
        r.marked.push(c.card);
    }
    ask_later(g, c, 2);
}

fn window_rezzed_ice(g: &Game) -> Vec<u32> {
    let Some(server) = g.run.as_ref().map(|r| r.server) else { return vec![] };
    g.server(server).map(|s| s.ice.iter().copied().filter(|&i| g.rezzed(i)).collect()).unwrap_or_default()
}

fn window_derez_ask(g: &Game, c: Ctx) -> Option<Question> {
    let ice = window_rezzed_ice(g);
    if ice.is_empty() {
        return None;
    }
    Some(question(
        format!("derezzes an ice protecting the attacked server ({})", c.name()),
        format!("{}: derez 1 ice protecting the attacked server", c.name()),
        card_options(g, "derez", &ice),
    ))
}

fn window_derez_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Some(&ice) = picked(a).first().filter(|i| window_rezzed_ice(g).contains(i)) else { return Ok(Then::Done) };
    super::helpers::derez(g, ice, c.name(), ev);
    if let Some(r) = g.run.as_mut() {
        r.derezzed_by.push((c.card, ice));
    }
    Ok(Then::Done)
}

/// When its run ends, the Corp may rez the ice derezzed this way (still installed, unrezzed).
fn window_run_ends(g: &mut Game, c: Ctx, run: &Run, _: &mut Vec<Event>) {
    if run.source != Some(c.card) {
        return;
    }
    for &(by, ice) in &run.derezzed_by {
        if by == c.card && g.is_installed(ice) && !g.rezzed(ice) {
            ask_later(g, Ctx { arg: ice, ..c }, 3);
        }
    }
}

fn window_rez_ask(g: &Game, c: Ctx) -> Option<Question> {
    if !g.is_installed(c.arg) || g.rezzed(c.arg) {
        return None;
    }
    let o = vec![(opt("rez", format!("Rez {}", g.label(c.arg))), Answer::Yes), (opt("decline", "Leave it unrezzed"), Answer::No)];
    // Derezzed, the ice is face down again: the summary names it as the Runner sees it.
    Some(Question::one(
        CORP,
        KIND,
        format!("may rez {} ignoring all costs ({})", g.corp_public_label(c.arg), c.name()),
        format!("{}: rez {}, ignoring all costs?", c.name(), g.label(c.arg)),
        o,
    ))
}

/// A rez ignoring all costs: the card's "when rezzed" ability and the rez triggers follow.
fn window_rez_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if first(a) != Answer::Yes || !g.is_installed(c.arg) || g.rezzed(c.arg) {
        return Ok(Then::Done);
    }
    let text = format!("{}: the Corp rezzes {}, ignoring all costs", c.name(), g.label(c.arg));
    super::helpers::rez_ignoring_costs(g, c.arg, text, ev);
    Ok(Then::Done)
}

// --- Trick Shot ---------------------------------------------------------------------------------------

/// A run begun by Trick Shot: its hosted credits are spendable during it (`Run::source_credits`),
/// and its end is heard through `Run::marked`.
fn trick_shot_run(g: &mut Game, c: Ctx, server: u32, ev: &mut Vec<Event>) {
    g.start_run(server, Some(c.card), ev);
    if let Some(r) = g.run.as_mut() {
        r.source_credits = true;
        r.marked.push(c.card);
    }
}

/// 4 credits placed on it (it sits in the heap once played), then the run on R&D.
fn trick_shot(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    g.load(c.card, 4, ev);
    trick_shot_run(g, c, RD, ev);
}

/// Only its run on R&D (its second run is on a remote server).
fn trick_shot_more_access(g: &Game, c: Ctx, server: u32) -> u32 {
    u32::from(server == RD && g.run.as_ref().is_some_and(|r| r.server == RD && r.successful && r.source == Some(c.card)))
}

fn trick_shot_success(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.run.as_ref().is_some_and(|r| r.server == RD) {
        g.load(c.card, 2, ev);
    }
}

/// When its R&D run ends, the Runner may run a remote server (again with its credits).
fn trick_shot_run_ends(g: &mut Game, c: Ctx, run: &Run, _: &mut Vec<Event>) {
    if run.source == Some(c.card) && run.server == RD {
        ask_later(g, c, 0);
    }
}

fn trick_shot_ask(g: &Game, c: Ctx) -> Option<Question> {
    let remotes: Vec<u32> = every_server(g).into_iter().filter(|&s| Game::is_remote(s)).collect();
    if remotes.is_empty() || g.run.is_some() {
        return None;
    }
    let mut o: Vec<_> = remotes.iter().map(|&s| (opt(format!("run:{s}"), format!("Run {}", Game::server_name(s))), Answer::Card(s))).collect();
    o.push((opt("decline", "Do not run"), Answer::No));
    Some(question(format!("may run a remote server ({})", c.name()), format!("{}: run a remote server?", c.name()), o))
}

fn trick_shot_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    if let Some(&s) = picked(a).first() {
        if Game::is_remote(s) && g.server(s).is_some() && g.run.is_none() {
            trick_shot_run(g, c, s, ev);
        }
    }
    Ok(Then::Done)
}

// --- Bahia Bands --------------------------------------------------------------------------------------

const BAHIA_MODES: [&str; 4] = [
    "Draw 2 cards",
    "Install 1 card from your grip, paying 1 credit less",
    "Remove 1 tag",
    "Place 4 credits on Bahia Bands (they pay trash costs for the rest of this run)",
];

/// The modes chosen so far: a mask in the low 4 bits of `Ctx::arg`, their number above.
fn bahia_chosen(arg: u32) -> (u32, u32) {
    (arg & 0xF, arg >> 4)
}

/// Resolve 2 of the 4 modes, in the order chosen: one at a time, each chosen among those left.
fn bahia_ask(g: &Game, c: Ctx) -> Option<Question> {
    let (used, n) = bahia_chosen(c.arg);
    if n >= 2 || g.run.as_ref().is_none_or(|r| r.source != Some(c.card)) {
        return None;
    }
    let o = (0..4u8).filter(|m| used & (1 << m) == 0).map(|m| (opt(format!("mode:{m}"), BAHIA_MODES[usize::from(m)]), Answer::Mode(m))).collect();
    let which = if n == 0 { "first" } else { "second" };
    Some(question(format!("chooses the {which} of 2 effects ({})", c.name()), format!("{}: choose the {which} of 2 effects to resolve", c.name()), o))
}

fn bahia_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let Answer::Mode(m) = first(a) else { return Ok(Then::Done) };
    let (used, n) = bahia_chosen(c.arg);
    if m >= 4 || used & (1 << m) != 0 || n >= 2 {
        return Err(RulesError::Illegal(format!("{} cannot resolve that effect now", c.name())));
    }
    note(ev, "mode_chosen", format!("{}: {}", c.name(), BAHIA_MODES[usize::from(m)]), json!({"card": c.card, "mode": m}));
    // The next choice waits below this mode's own question (the last task pushed is asked first).
    ask_later(g, Ctx { arg: (used | (1 << m)) | ((n + 1) << 4), ..c }, 0);
    match m {
        0 => g.draw(RUNNER, 2, ev),
        1 => ask_later(g, c, 1),
        2 => remove_tags(g, 1, c.name(), ev),
        _ => g.load(c.card, 4, ev),
    }
    Ok(Then::Done)
}

fn bahia_install_ask(g: &Game, c: Ctx) -> Option<Question> {
    let mut o = install_choices(g, &g.runner.grip, 1);
    if o.is_empty() {
        return None;
    }
    o.push((opt("none", "Install nothing"), Answer::No));
    Some(question(
        format!("may install a card from their grip ({})", c.name()),
        format!("{}: install 1 card from your grip, paying 1 credit less?", c.name()),
        o,
    ))
}

// --- Gourmand -----------------------------------------------------------------------------------------

/// Usable on every access (no once-per-turn limit).
fn always(_: &Game) -> bool {
    true
}

fn gourmand_label(g: &Game, accessed: u32) -> String {
    format!("Gourmand: trash Gourmand to trash {} and draw 1 card", g.label(accessed))
}

/// Its cost, trashing itself; then the accessed card is trashed (if the Runner may) and 1 card
/// drawn.
fn gourmand(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if !g.installed_runner().contains(&c.card) {
        return;
    }
    super::helpers::runner_trash(g, c.card, "its own cost", ev);
    let card = c.arg;
    let here =
        matches!(g.corp_zone(card), crate::netrunner::state::CorpZone::Hq | crate::netrunner::state::CorpZone::Rd | crate::netrunner::state::CorpZone::Root(_));
    if here && super::helpers::runner_may_trash(g, card) {
        super::helpers::runner_trash(g, card, c.name(), ev);
        super::helpers::runner_trashed_accessed(g, card, ev);
        g.draw(RUNNER, 1, ev);
    }
}

// --- Physarum Entangler -------------------------------------------------------------------------------

/// Encountering its host ice, if it is not a barrier: may pay 1 per subroutine to bypass it.
fn physarum_encounter(g: &mut Game, c: Ctx, _: &mut Vec<Event>) {
    if g.card(c.card).and_then(|k| k.host) == Some(c.arg) && !g.ice_has_subtype(c.arg, "Barrier") {
        ask_later(g, c, 0);
    }
}

fn physarum_cost(g: &Game, ice: u32) -> i64 {
    super::subroutines(g.code(ice)) as i64
}

fn physarum_ask(g: &Game, c: Ctx) -> Option<Question> {
    let cost = physarum_cost(g, c.arg);
    if !encountering(g, c.arg) || g.runner_available() < cost {
        return None;
    }
    yes_no(
        &format!("may pay {cost} credit(s) to bypass the ice ({})", c.name()),
        &format!("{}: pay {cost} credit(s) (1 per subroutine) to bypass {}?", c.name(), g.label(c.arg)),
        &format!("Pay {cost}: bypass the ice"),
    )
}

fn physarum_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    let cost = physarum_cost(g, c.arg);
    if first(a) == Answer::Yes && encountering(g, c.arg) && g.runner_pay(cost) {
        bypass(g, c.name(), ev);
    }
    Ok(Then::Done)
}

/// "When the Corp purges virus counters, trash this program."
fn trash_self_on_purge(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if g.installed_runner().contains(&c.card) {
        super::helpers::runner_trash(g, c.card, "the Corp purged virus counters", ev);
    }
}

// --- Spree --------------------------------------------------------------------------------------------

/// 3 power counters on it (set, not added: a card in the heap keeps its counters), then the run.
fn spree(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if let Some(k) = g.card_mut(c.card) {
        k.power = 0;
    }
    add_power(g, c.card, 3, c.name(), ev);
    run_target(g, c, ev);
}

/// During its run, a hosted power counter moves an installed Trojan onto another ice protecting
/// the attacked server (the program, in the argument's high 16 bits, and the ice).
fn spree_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    let Some(run) = g.run.as_ref().filter(|r| r.source == Some(card)) else { return vec![] };
    if power(g, card) == 0 {
        return vec![];
    }
    let ice: Vec<u32> = g.server(run.server).map(|s| s.ice.clone()).unwrap_or_default();
    let mut o = Vec::new();
    for &p in g.runner.programs.iter().filter(|&&p| g.is_trojan(p) && p < 0x10000) {
        for &i in ice.iter().filter(|&&i| i < 0x10000 && g.card(p).and_then(|k| k.host) != Some(i)) {
            o.push((
                format!("spree:{card}:{p}:{i}"),
                format!("{}: spend a power counter to host {} on {}", g.label(card), g.label(p), g.corp_public_label(i)),
                (p << 16) | i,
            ));
        }
    }
    o
}

fn spree_move(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    let (p, ice) = (c.arg >> 16, c.arg & 0xFFFF);
    let ok = g.runner.programs.contains(&p) && g.is_trojan(p) && g.run.as_ref().and_then(|r| g.server(r.server)).is_some_and(|s| s.ice.contains(&ice));
    if !ok || !spend_power(g, c.card) {
        return;
    }
    if let Some(k) = g.card_mut(p) {
        k.host = Some(ice);
    }
    note(
        ev,
        "hosted",
        format!("{}: {} is hosted on {} ({} power counter(s) left)", c.name(), g.label(p), g.corp_public_label(ice), power(g, c.card)),
        json!({"card": p, "host": ice, "source": c.card, "power": power(g, c.card)}),
    );
}

// --- Living Mural -------------------------------------------------------------------------------------

/// Living Mural breaks only ice protecting the server its host ice protects.
fn protects_the_host_server(g: &Game, this: u32, ice: u32) -> bool {
    match (host(g, this).map(|h| g.corp_zone(h)), g.corp_zone(ice)) {
        (Some(crate::netrunner::state::CorpZone::Ice(a)), crate::netrunner::state::CorpZone::Ice(b)) => a == b,
        _ => false,
    }
}

/// Threat 4 as it is installed: +3 strength for the rest of the turn, recorded as this instance's
/// use this turn (`TurnFlags::used_cards`, reset as the turn ends).
fn living_mural_installed(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if threat(g, 4) && !g.flags.used_cards.contains(&c.card) {
        g.flags.used_cards.push(c.card);
        note(ev, "strength", format!("{}: +3 strength for the rest of the turn (threat 4)", c.name()), json!({"card": c.card, "amount": 3}));
    }
}

fn living_mural_strength(g: &Game, card: u32) -> i64 {
    let this_turn = g.card(card).is_some_and(|k| k.installed_turn == g.turn) && g.flags.used_cards.contains(&card);
    if this_turn {
        3
    } else {
        0
    }
}

// --- Chrysopoeian Skimming ----------------------------------------------------------------------------

/// The Corp may reveal an agenda from HQ. Asked even with no agenda in HQ (then only declining
/// is offered), so that the question tells the Runner nothing.
fn skimming_ask(g: &Game, c: Ctx) -> Option<Question> {
    let agendas: Vec<u32> = g.corp.hq.iter().copied().filter(|&k| g.def(k).ctype == CardType::Agenda).collect();
    let mut o: Vec<_> = agendas.iter().map(|&k| (opt(format!("reveal:{k}"), format!("Reveal {}", g.label(k))), Answer::Card(k))).collect();
    o.push((opt("decline", "Reveal nothing (the Runner looks at the top 3 cards of R&D)"), Answer::No));
    Some(Question::one(
        CORP,
        KIND,
        format!("may reveal an agenda from HQ ({})", c.name()),
        format!("{}: reveal an agenda from HQ (the Runner gains a click and draws 1), or let the Runner look at the top 3 cards of R&D?", c.name()),
        o,
    ))
}

fn skimming_answer(g: &mut Game, c: Ctx, a: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    match picked(a).first() {
        Some(&k) if g.corp.hq.contains(&k) && g.def(k).ctype == CardType::Agenda => {
            note(ev, "revealed", format!("{}: the Corp reveals {} from HQ", c.name(), g.label(k)), json!({"card": k, "code": g.code(k)}));
            super::helpers::gain_clicks(g, RUNNER, 1, c.name(), ev);
            g.draw(RUNNER, 1, ev);
        }
        Some(_) => return Err(RulesError::Illegal("reveal an agenda of HQ".into())),
        None => {
            let top: Vec<u32> = g.corp.rd.iter().take(3).copied().collect();
            super::helpers::look_at(g, RUNNER, &top, c.name(), ev);
        }
    }
    Ok(Then::Done)
}

// --- Banner -------------------------------------------------------------------------------------------

/// Banner's interface ability (its strength at least the barrier's): for 2, the barrier's
/// subroutines cannot end the run for the rest of this encounter (`Run::no_etr`).
fn banner_offers(g: &Game, card: u32) -> Vec<(String, String, u32)> {
    let Some(ice) = encountered_ice(g) else { return vec![] };
    let Some(run) = g.run.as_ref() else { return vec![] };
    if !g.ice_has_subtype(ice, "Barrier")
        || run.no_etr == Some((ice, run.encounters))
        || g.breaker_strength(card) < g.ice_strength(ice)
        || g.runner_available() < 2
    {
        return vec![];
    }
    vec![(format!("banner:{card}"), format!("{}: pay 2 so that {}'s subroutines cannot end the run in this encounter", g.label(card), g.label(ice)), ice)]
}

fn banner(g: &mut Game, c: Ctx, ev: &mut Vec<Event>) {
    if encountered_ice(g) != Some(c.arg) || !g.runner_pay(2) {
        return;
    }
    if let Some(r) = g.run.as_mut() {
        r.no_etr = Some((c.arg, r.encounters));
    }
    note(
        ev,
        "no_end_the_run",
        format!("{}: {}'s subroutines cannot end the run in this encounter", c.name(), g.label(c.arg)),
        json!({"card": c.card, "ice": c.arg}),
    );
}
