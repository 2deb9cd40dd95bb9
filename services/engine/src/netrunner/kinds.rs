//! Every decision and event kind `netrunner` emits, with the shape of each event's detail and
//! private detail (`core::kinds`): what `ListRulesets` and `docs/schemas/netrunner.*` publish.
//! The random-bot oracles of every format check every decision, event and detail they meet
//! against these declarations (`testing::published_schemas`, `tests::bot`), so a card that
//! emits an undeclared kind, or a member its kind does not declare, fails a test.
//!
//! The emission sites in `cards/`, `flow/` and `state/` still name their kinds by string (they
//! are being restructured); they switch to these constants there (`note(ev, events::X, …)`,
//! `ask(g, seat, decisions::X, …)`, `Question::one(seat, decisions::X, …)`), after which a kind
//! that is not declared here cannot be emitted at all.

use crate::core::kinds::Kinds;

/// What a seat is asked.
pub mod decisions {
    crate::core::kinds::decision_kinds! {
        ACCESS = "netrunner.access", "the Runner decides what to do with an accessed card: steal, trash (paying its cost) or leave it (NR-7.4)";
        ACCESS_ORDER = "netrunner.access_order", "the Runner picks the next card or pile to access (NR-7.2)";
        ACTION = "netrunner.action", "the active player takes an action (NR-5)";
        ANOETIC_VOID = "netrunner.anoetic_void", "the Corp may pay to end the run (Anoetic Void)";
        ANOETIC_VOID_TRASH = "netrunner.anoetic_void_trash", "the Corp picks the cards from HQ it trashes for Anoetic Void";
        ANSEL_INSTALL = "netrunner.ansel_install", "the Corp may install a card from HQ or Archives (Ansel 1.0)";
        ARCHIVES_TO_RD = "netrunner.archives_to_rd", "the Corp picks cards of Archives to shuffle into R&D";
        BRAN_INSTALL = "netrunner.bran_install", "the Corp may install an ice for free (Brân 1.0)";
        CARD = "netrunner.card", "a card's question (every card after System Gateway): rendered from its prompt, options and public summary";
        CARNIVORE = "netrunner.carnivore", "the Runner may trash 2 cards from the grip to trash the accessed card (Carnivore)";
        CLEARINGHOUSE = "netrunner.clearinghouse", "the Corp may trash Clearinghouse to do meat damage";
        CONTINUE = "netrunner.continue", "the Runner continues the run or jacks out (NR-6.2.2, 6.4.2)";
        CORP_TRASHES = "netrunner.corp_trashes", "the Corp picks an installed Runner card to trash";
        DISCARD = "netrunner.discard", "the active player discards down to the maximum hand size (NR-2.4)";
        FUNHOUSE = "netrunner.funhouse", "the Runner takes 1 tag or lets the run end (Funhouse)";
        HANSEI_REVIEW = "netrunner.hansei_review", "the Corp trashes a card from HQ (Hansei Review)";
        KARUNA = "netrunner.karuna", "the Runner may jack out (Karunā)";
        LONGEVITY_SERUM = "netrunner.longevity_serum", "the Corp trashes any number of cards from HQ (Longevity Serum)";
        MAKE_ROOM = "netrunner.make_room", "the Runner trashes programs to make room in memory (NR-3.4)";
        MALAPERT = "netrunner.malapert", "the Corp searches R&D (Malapert Data Vault)";
        MANEGARM = "netrunner.manegarm", "the Runner pays credits or clicks to access (Manegarm Skunkworks)";
        MULLIGAN = "netrunner.mulligan", "a player keeps its opening hand or takes a mulligan (NR-1.2)";
        MUTUAL_FAVOR = "netrunner.mutual_favor", "the Runner searches the stack for an icebreaker (Mutual Favor)";
        PANTOGRAPH = "netrunner.pantograph", "the Runner may install a card from the grip (Pantograph)";
        PAY_OR_TAG = "netrunner.pay_or_tag", "the Runner pays credits or takes 1 tag";
        PRECISION_DESIGN = "netrunner.precision_design", "the Corp may add a card from Archives to HQ (Precision Design)";
        PSI_CORP = "netrunner.psi_corp", "the Corp bids secretly in a psi game (0 to 2 credits)";
        PSI_RUNNER = "netrunner.psi_runner", "the Runner bids in a psi game (0 to 2 credits)";
        REALITY_PLUS = "netrunner.reality_plus", "the Runner picks what Reality Plus gives";
        SEARCH = "netrunner.search", "a player searches its own deck (R&D or the stack) for a card; the deck is shuffled afterwards";
        SEND_A_MESSAGE = "netrunner.send_a_message", "the Corp may rez an installed ice for free (Send a Message)";
        SPRINT = "netrunner.sprint", "the Corp picks cards of HQ to shuffle into R&D (Sprint)";
        SUPERCONDUCTING_HUB = "netrunner.superconducting_hub", "the Corp may draw 2 cards (Superconducting Hub)";
        TAO_SALONGA = "netrunner.tao_salonga", "the Runner may swap 2 installed ice (Tāo Salonga)";
        TAO_SALONGA_SWAP = "netrunner.tao_salonga_swap", "the Runner picks the 2 installed ice to swap (Tāo Salonga)";
        TRACE_CORP = "netrunner.trace_corp", "the Corp spends credits on a trace (NR-8)";
        TRACE_RUNNER = "netrunner.trace_runner", "the Runner spends credits against a trace (NR-8)";
        TRASH_BEFORE_INSTALL = "netrunner.trash_before_install", "the Corp may trash cards installed in a server before installing in it";
        TRIGGER_ORDER = "netrunner.trigger_order", "a player picks which of its abilities that met their conditions together resolves next (docs/netrunner.md, \"Simultaneous abilities\")";
        WILDCAT_STRIKE = "netrunner.wildcat_strike", "the Corp chooses what the Runner gets (Wildcat Strike)";
        WINDOW = "netrunner.window", "a paid-ability window: the player with priority uses an ability, rezzes, scores or passes";
        ZAHYA = "netrunner.zahya", "the Runner may gain credits (Zahya Sadeghi)";
    }
}

/// What happened.
pub mod events {
    crate::core::kinds::event_kinds! {
        ACCESS_BEGINS = "netrunner.access_begins", "the Runner is about to access this many cards in a server", "{server: int, count: int, source?: str}";
        ACCESS_RESTRICTED = "netrunner.access_restricted", "the Runner may access only this card, or not this card, for the rest of the run", "{card: int, only_this: bool}";
        ACCESSED = "netrunner.accessed", "the Runner accesses a card (which one: to the seats of the private part, NR-7)",
            "{card?: int, code?: str, from: str}", private "{card: int, code: str, from: str}";
        ACTION_PHASE_ENDED = "netrunner.action_phase_ended", "a card's \"when your action phase ends\" ability fires", "{card: int}";
        ADDED_TO_HQ = "netrunner.added_to_hq", "cards are added to HQ", "{cards: [int]}";
        ADDED_TO_SCORE = "netrunner.added_to_score", "a Runner card is added to the Runner's score area as an assassination agenda",
            "{card: int, code: str, assassinations: int}";
        ADVANCED = "netrunner.advanced", "advancement counters are placed on (or moved to) a card", "{card: int, adv: int, from?: int}";
        AGENDA_COUNTERS = "netrunner.agenda_counters", "a card's agenda counters change", "{card: int, change: int, agenda: int}";
        ALLOTTED_CLICKS = "netrunner.allotted_clicks", "a seat's clicks for its next turn change", "{seat: int, change: int, total: int}";
        APPROACH_ICE = "netrunner.approach_ice", "the Runner approaches a piece of ice (NR-6.2)", "{ice: int, position: int, approached: int}";
        APPROACH_SERVER = "netrunner.approach_server", "the Runner approaches the attacked server (NR-6.4)", "{server: int}";
        ARCHIVES_TURNED_UP = "netrunner.archives_turned_up", "the cards of Archives are turned face up", "{cards: [int]}";
        ARRANGED = "netrunner.arranged", "a seat looks at the top of R&D and arranges it (the order: to that seat only)",
            "{seat: int, cards: int}", private "{seat: int, cards: int, order: [int]}";
        ATTACKED_SERVER_CHANGED = "netrunner.attacked_server_changed", "the attacked server becomes another one", "{from: int, server: int}";
        BAD_PUBLICITY = "netrunner.bad_publicity", "the Corp takes bad publicity", "{bad_publicity: int}";
        BAD_PUBLICITY_CREDITS = "netrunner.bad_publicity_credits", "the Runner collects bad publicity credits for the run (NR-6.1)", "{credits: int}";
        BREACH_INSTEAD = "netrunner.breach_instead", "the Runner will breach another server instead of the attacked one", "{server: int}";
        BREACH_REPLACED = "netrunner.breach_replaced", "an effect replaces the breach", "{card: int} | {server: int}";
        BYPASS = "netrunner.bypass", "the Runner will bypass the ice", "{ice: int, source: str}";
        BYPASSED = "netrunner.bypassed", "the Runner bypasses the ice", "{ice: int}";
        CARD_DRAWN = "netrunner.card_drawn", "a seat draws a card (which one: to that seat only)",
            "{seat: int, deck_left: int}", private "{seat: int, deck_left: int, card: int, code: str}";
        CARD_NUMBERS = "netrunner.card_numbers", "the match's card numbers are drawn", "{}";
        CLICKS = "netrunner.clicks", "a seat's clicks change", "{seat: int, clicks: int}";
        CORP_INSTALLED = "netrunner.corp_installed", "the Corp installs a card (which one: to the Corp only, unless face up)",
            "{card: int, server: int, ice: bool, code?: str}", private "{card: int, server: int, ice: bool, code: str}";
        CREDITS = "netrunner.credits", "a seat's credits change", "{seat: int, change: int, credits: int, source: str}";
        DAMAGE = "netrunner.damage", "a card of the grip is trashed by damage (NR-9)", "{card: int, code: str, kind: str, source: str}";
        DAMAGE_PREVENTED = "netrunner.damage_prevented", "damage is prevented", "{prevented: int, left: int, kind: str, source: str}";
        DEREZZED = "netrunner.derezzed", "a card is derezzed", "{card: int}";
        DISCARDED = "netrunner.discarded", "a card is discarded or trashed from a hand (which one: to the Corp only, for HQ)",
            "{card?: int, code?: str, seat?: int}", private "{card: int, code: str, seat: int}";
        ENCOUNTER = "netrunner.encounter", "the Runner encounters the ice (NR-6.3)", "{ice: int, subroutines: int}";
        ENCOUNTER_ABILITY_PREVENTED = "netrunner.encounter_ability_prevented", "the ice's \"when encountered\" ability is prevented", "{ice: int, source: str}";
        ENCOUNTER_AGAIN = "netrunner.encounter_again", "the Runner encounters the ice again", "{ice: int}";
        EXPENDED = "netrunner.expended", "a card is expended from HQ or the grip", "{card: int, code: str}";
        FLATLINED = "netrunner.flatlined", "the Runner is flatlined (NR-1.4)", "{source?: str}";
        FLIPPED = "netrunner.flipped", "a two-sided identity flips", "{seat: int, flipped: bool}";
        FORFEITED = "netrunner.forfeited", "the Corp forfeits an agenda", "{card: int, code: str, points: int}";
        GAME_OVER = "netrunner.game_over", "the match ends", "{winner: int, reason: str, score: [int]}";
        GRIP_TO_STACK = "netrunner.grip_to_stack", "cards of the grip go to the stack (which ones: to the Runner only)",
            "{count: int, place: str}", private "{cards: [int], place: str}";
        HOSTED = "netrunner.hosted", "a card is hosted on another", "{card: int, host: int, code?: str, source?: int, power?: int}";
        HOSTED_CREDITS = "netrunner.hosted_credits", "credits hosted on a card change, or are spent in a run",
            "{card: int, change: int, hosted: int} | {run_credits: int}";
        ICE_MOVED = "netrunner.ice_moved", "a piece of ice moves to another position", "{ice: int, from: int, to: int}";
        ICE_STRENGTH = "netrunner.ice_strength", "ice strength changes for a while", "{amount: int, ice?: int} | {card: int, change: int}";
        ICE_SWAPPED = "netrunner.ice_swapped", "two installed ice are swapped, or an installed ice with one from HQ (which: to the Corp only)",
            "{ice: [int]} | {seat: int}", private "{seat: int, card: int, code: str}";
        ICE_WEAKENED = "netrunner.ice_weakened", "the encountered ice loses strength", "{card: int, ice?: int}";
        IDENTITY_FLIPPED = "netrunner.identity_flipped", "a two-sided identity is turned over", "{seat: int, flipped: bool}";
        INSTALL_FAILED = "netrunner.install_failed", "the Runner cannot pay for an install (which card: to the Runner only)", "{}", private "{card: int}";
        JACKED_OUT = "netrunner.jacked_out", "the Runner jacks out", "{}";
        KEPT = "netrunner.kept", "a seat keeps its opening hand", "{seat: int}";
        LOOKED = "netrunner.looked", "a seat looks at hidden cards (which ones: to that seat only)",
            "{seat: int, count?: int, type?: str}", private "{seat: int, cards?: [int], card?: int, code?: str, type?: str}";
        MANEGARM = "netrunner.manegarm", "the Runner pays for Manegarm Skunkworks", "{card: int, paid: str}";
        MATCH_CREATED = "netrunner.match_created", "the match is set up with its options",
            "{options: {agenda_points_to_win: int, auto_pass: bool, corp_clicks: int, max_hand_size: int, opening_hand: int, runner_clicks: int, starting_credits: int}}";
        MILLED = "netrunner.milled", "cards are trashed from the top of a deck", "{cards: [int]}";
        MODE_CHOSEN = "netrunner.mode_chosen", "a mode of a card is chosen", "{mode: int, card?: int}";
        MORE_ACCESS = "netrunner.more_access", "the Runner will access more cards in this breach", "{card?: int, power?: int}";
        MOVED = "netrunner.moved", "a card moves to another server", "{card: int, from: int, to: int}";
        MULLIGAN = "netrunner.mulligan", "a seat takes a mulligan", "{seat: int}";
        NO_END_THE_RUN = "netrunner.no_end_the_run", "the ice's subroutines cannot end the run in this encounter", "{card: int, ice: int}";
        PAID = "netrunner.paid", "a seat pays credits for a card", "{cost?: int, credits?: int, seat?: int, source?: str}";
        PASS_ICE = "netrunner.pass_ice", "the Runner passes the ice", "{ice: int}";
        PASSED = "netrunner.passed", "a seat passes priority", "{seat: int}";
        PLAYED = "netrunner.played", "an operation or event is played", "{seat: int, card: int, code: str, target: int | null}";
        POWER_COUNTERS = "netrunner.power_counters", "power counters on a card, or on an identity, change",
            "{card: int, change: int, power: int} | {seat: int, identity: bool, change: int, power: int}";
        PSI = "netrunner.psi", "a psi game's bids are revealed", "{card: int, corp_bid: int, runner_bid: int, matched: bool}";
        PSI_BID = "netrunner.psi_bid", "a seat bids in a psi game (the bid: to that seat only)", "{seat: int}", private "{seat: int, bid: int}";
        PURGED = "netrunner.purged", "virus counters are purged (NR-3.2)", "{source?: str}";
        RD_EMPTY = "netrunner.rd_empty", "the Corp must draw from an empty R&D (NR-1.3)", "{seat: int}";
        REMOVED = "netrunner.removed", "a card leaves play", "{card: int, code: str}";
        REMOVED_FROM_GAME = "netrunner.removed_from_game", "a card is removed from the game", "{card: int, code?: str}";
        RETURNED = "netrunner.returned", "cards are shuffled back into a deck, or an agenda returns",
            "{cards?: [int], count?: int, card?: int, points?: int}";
        REVEALED = "netrunner.revealed", "cards are revealed",
            "{card: int, code: str} | {card: int, source: str} | {cards: [int], codes: [str]} | {cards: [int], source?: str, type?: str}";
        REVEALED_PLACED = "netrunner.revealed_placed", "a revealed card is placed in a deck", "{card: int, code: str, to: str, place: str}";
        REZZED = "netrunner.rezzed", "a card is rezzed", "{card: int, code: str, cost: int}";
        RUN_END_INTERRUPTED = "netrunner.run_end_interrupted", "a card interrupts the end of the run", "{source: str, card: int}";
        RUN_END_PREVENTED = "netrunner.run_end_prevented", "the run does not end", "{card: int}";
        RUN_ENDED = "netrunner.run_ended", "the run ends", "{server: int, successful: bool}";
        RUN_ENDED_BY = "netrunner.run_ended_by", "something ends the run", "{source: str}";
        RUN_NOT_ENDED = "netrunner.run_not_ended", "something cannot end the run in this encounter", "{ice: int, source: str}";
        RUN_STARTED = "netrunner.run_started", "the Runner runs on a server (NR-6)", "{server: int, ice: int}";
        RUN_SUCCESSFUL = "netrunner.run_successful", "the run is successful", "{}";
        RUNNER_INSTALLED = "netrunner.runner_installed", "the Runner installs a card", "{card: int, code: str, cost: int}";
        RUNNER_MOVED = "netrunner.runner_moved", "the Runner moves to the outermost position of another server", "{server: int}";
        SABOTAGED = "netrunner.sabotaged", "sabotage: the Corp trashes cards from R&D", "{from_rd: int, source: str}";
        SCORED = "netrunner.scored", "the Corp scores an agenda", "{card: int, code: str, points: int, total: int}";
        SHUFFLED = "netrunner.shuffled", "a seat's deck is shuffled", "{seat: int}";
        STACK_EMPTY = "netrunner.stack_empty", "the Runner has no card left to draw", "{seat: int}";
        STOLEN = "netrunner.stolen", "the Runner steals an agenda", "{card: int, code: str, points: int, total: int}";
        STRENGTH = "netrunner.strength", "a card's strength changes for a while", "{card: int, amount: int}";
        STRENGTH_PUMPED = "netrunner.strength_pumped", "an icebreaker's strength is raised for the encounter", "{card: int, amount: int, strength: int}";
        SUBROUTINE = "netrunner.subroutine", "a subroutine resolves", "{ice: int, subroutine: int, source?: str}";
        SUBROUTINE_BROKEN = "netrunner.subroutine_broken", "subroutines are broken", "{subroutines: [int], breaker?: int, ice?: int, seat?: int, cost?: int}";
        SUBROUTINES_GAINED = "netrunner.subroutines_gained", "ice gains subroutines for the run", "{ice: int, count: int, source: str}";
        SUBTYPES_GAINED = "netrunner.subtypes_gained", "a card gains subtypes", "{card: int, subtypes: [str]}";
        SWAPPED = "netrunner.swapped", "an installed ice is swapped with one from HQ (which: to the Corp only)",
            "{card: int, ice: int, server: int}", private "{card: int, ice: int, server: int, code: str}";
        TAG_REMOVED = "netrunner.tag_removed", "tags are removed", "{tags: int, source?: str}";
        TAGGED = "netrunner.tagged", "the Runner takes tags", "{tags: int, source: str}";
        TIME_CALLED = "netrunner.time_called", "the round's time is called: the game ends after this turn (docs/netrunner.md, \"Time\")",
            "{at_ms: int, last_turn: int}";
        TIMED_RESULT = "netrunner.timed_result", "the game ends on time, on agenda points", "{winner: int | null, reason: str, score: [int]}";
        TO_GRIP = "netrunner.to_grip", "a card returns to the grip", "{card: int, code?: str}";
        TO_HQ = "netrunner.to_hq", "a card is added to HQ (which one: to the Corp only, when hidden)",
            "{card?: int, code?: str, seat?: int}", private "{card: int, code: str, seat: int}";
        TO_RD = "netrunner.to_rd", "a card is added to R&D (which one: to the Corp only, when hidden)",
            "{seat?: int, card?: int}", private "{card: int, code: str, seat: int}";
        TO_SCORE_AREA = "netrunner.to_score_area", "the Corp adds an agenda to its score area", "{card: int, code: str, points: int, total: int}";
        TO_STACK = "netrunner.to_stack", "cards are added to the stack", "{card: int, code: str} | {seat: int, count: int}";
        TRACE = "netrunner.trace", "a trace's result (NR-8)", "{trace: int, link: int, success: bool, runner_bid: int}";
        TRACE_BID = "netrunner.trace_bid", "the Corp's trace bid", "{seat: int, bid: int}";
        TRASHED = "netrunner.trashed", "a card is trashed (which one: to the Corp only, when hidden)",
            "{card?: int, code?: str, faceup?: bool, reason?: str, seat?: int}", private "{card: int, code: str, faceup?: bool, reason?: str, seat?: int}";
        TRIGGER_CHOSEN = "netrunner.trigger_chosen", "a player chose which of its pending abilities resolves next", "{seat: int, source: {card: int} | {identity: int}}";
        TURN_ENDED = "netrunner.turn_ended", "a turn ends", "{seat: int}";
        TURN_STARTED = "netrunner.turn_started", "a turn begins", "{seat: int, turn: int, clicks: int}";
        TURNED_FACEUP = "netrunner.turned_faceup", "a card in Archives is turned face up", "{card: int, code: str}";
        VIRUS_COUNTERS = "netrunner.virus_counters", "virus counters on a card change", "{card: int, virus: int, change?: int}";
    }
}

/// Everything `netrunner` emits, and the shared match-control events.
pub const KINDS: Kinds = Kinds { decisions: decisions::DECISIONS, events: &[events::EVENTS, crate::core::control::EVENTS] };
