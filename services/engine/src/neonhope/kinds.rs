//! Every decision and event kind `neonhope` emits, with the shape of each event's detail
//! (`core::kinds`): the emitting code takes these constants (`flow::ask::ask`,
//! `EventKind::public`), and `ListRulesets` and `docs/schemas/neonhope.*` are made from them.

use crate::core::kinds::Kinds;

/// What a seat is asked.
pub mod decisions {
    crate::core::kinds::decision_kinds! {
        ACTION = "neonhope.action", "a character takes an action of its turn (move, a task, end the turn)";
        BOOST = "neonhope.boost", "a character may boost a task test with cards from its hand";
        DRAW_ORDER = "neonhope.draw_order", "the responsible seat orders the encounter draws (option ask_draw_order, H-2)";
        ORDER_ENCOUNTERS = "neonhope.order_encounters", "a character orders the encounter cards it holds (H-10)";
        ORDER_TRIGGERS = "neonhope.order_triggers", "the responsible seat orders simultaneous threshold effects";
        REFRESH = "neonhope.refresh", "a character picks the cards it discards at a checkpoint's Endurance refresh";
        REVEAL = "neonhope.reveal", "a character picks a face-down Grid tile to reveal";
        STRESS = "neonhope.stress", "a character picks the cards it discards for stress";
    }
}

/// What happened.
pub mod events {
    crate::core::kinds::event_kinds! {
        CARD_PLAYED = "neonhope.card_played", "a card is played on a task", "{seat: int, card: int, key: str, task: str}";
        CONDITION_FIRED = "neonhope.condition_fired", "a condition reaches its cap of hacking dice and fires", "{condition: str}";
        CONDITION_HACKED = "neonhope.condition_hacked", "a condition is hacked", "{condition: str, withdrawn: bool}";
        COUNTER_SPENT = "neonhope.counter_spent", "a character spends an action counter", "{seat: int, counters: int}";
        ENCOUNTER_DECK_RESHUFFLED = "neonhope.encounter_deck_reshuffled", "the encounter discard pile is shuffled into a new deck", "{cards: int}";
        ENCOUNTER_DECK_SHUFFLED = "neonhope.encounter_deck_shuffled", "the encounter deck is shuffled", "{cards: int}";
        ENCOUNTER_DRAWN = "neonhope.encounter_drawn", "a character draws an encounter card (which one: to that seat only, H-10)",
            "{seat: int}", private "{seat: int, card: int, key: str}";
        ENCOUNTER_NOTHING = "neonhope.encounter_nothing", "the encounter deck and its discard pile are empty: nothing is drawn (H-9)", "{seat: int}";
        ENCOUNTER_PHASE_BEGAN = "neonhope.encounter_phase_began", "the round's encounter phase begins", "{round: int}";
        ENCOUNTER_PHASE_ENDED = "neonhope.encounter_phase_ended", "the round ends", "{round: int}";
        ENCOUNTER_RESOLVED = "neonhope.encounter_resolved", "an encounter card resolves (now public)", "{seat: int, card: int, key: str}";
        ENCOUNTER_STEP = "neonhope.encounter_step", "a step of the encounter phase, by its rule", "{rule: str}";
        ENDURANCE_REFRESH = "neonhope.endurance_refresh", "a character refreshes its Endurance at a checkpoint",
            "{seat: int, cards: [int], endurance: int}";
        ENEMY_ACTIVATED = "neonhope.enemy_activated", "an enemy activates", "{enemy: str, location: str}";
        ENEMY_MOVED = "neonhope.enemy_moved", "an enemy moves", "{enemy: str, location: str}";
        ENEMY_WITHDRAWN = "neonhope.enemy_withdrawn", "an enemy is driven off", "{enemy: str}";
        EPISODE_TRIGGERED = "neonhope.episode_triggered", "an episode card triggers", "{card: str}";
        EXHAUSTED = "neonhope.exhausted", "a character is exhausted", "{seat: int}";
        GRID_RESET = "neonhope.grid_reset", "every Grid tile was revealed: the tiles are shuffled again (NH-2.2)", "{}";
        GRID_SHUFFLED = "neonhope.grid_shuffled", "the Grid tiles are shuffled and laid face down", "{}";
        HACKING_DIE = "neonhope.hacking_die", "a hacking die goes on a condition", "{condition: str, dice: int}";
        INTEL = "neonhope.intel", "a character gathers intel", "{seat: int, gathered: int}";
        LOST = "neonhope.lost", "the team loses", "{reason: str}";
        MATCH_CREATED = "neonhope.match_created", "the match is set up with its options",
            "{seats: int, options: {ask_draw_order: bool, final_surveillance: int, grid_auto_reveal: bool, responsible_rotates: bool}}";
        MOVED = "neonhope.moved", "a character moves", "{seat: int, location: str}";
        OBJECTIVE = "neonhope.objective", "a character completes the objective", "{seat: int}";
        ROUND_BEGAN = "neonhope.round_began", "a round begins", "{round: int, responsible: int}";
        SILENCE_BEGAN = "neonhope.silence_began", "no conferring until every drawn encounter card is resolved (NH-3.10)", "{}";
        SILENCE_ENDED = "neonhope.silence_ended", "the players may confer again", "{}";
        STRESS = "neonhope.stress", "a character takes stress", "{seat: int, stress: int}";
        STRESS_DISCARDED = "neonhope.stress_discarded", "a character discards cards for stress", "{seat: int, cards: [int]}";
        SUPPORT = "neonhope.support", "a character gets support", "{seat: int, cards: [int]}";
        SURVEILLANCE = "neonhope.surveillance", "the surveillance level changes", "{change: int, total: int, why: str}";
        TASK_BEGAN = "neonhope.task_began", "a task test begins", "{seat: int, task: str, difficulty: int}";
        TASK_RESULT = "neonhope.task_result", "a task test's result", "{seat: int, task: str, difficulty: int, total: int, success: bool}";
        THRESHOLD_REACHED = "neonhope.threshold_reached", "surveillance reaches a threshold", "{threshold: int}";
        THRESHOLD_TRIGGERED = "neonhope.threshold_triggered", "a threshold's effect happens", "{threshold: int}";
        TILE_REVEALED = "neonhope.tile_revealed", "a Grid tile is revealed", "{position: int, tile: str}";
        TURN_ENDED = "neonhope.turn_ended", "a character ends its turn", "{seat: int}";
        WON = "neonhope.won", "the team wins", "{reason: str}";
    }
}

/// Everything `neonhope` emits, and the shared match-control events.
pub const KINDS: Kinds = Kinds { decisions: decisions::DECISIONS, events: &[events::EVENTS, crate::core::control::EVENTS] };
