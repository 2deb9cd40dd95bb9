//! Every decision and event kind `mainframe` emits, with the shape of each event's detail
//! (`core::kinds`): the emitting code takes these constants (`flow::ask::ask`,
//! `EventKind::public`), and `ListRulesets` and `docs/schemas/mainframe.*` are made from them.

use crate::core::kinds::Kinds;

/// What a seat is asked.
pub mod decisions {
    crate::core::kinds::decision_kinds! {
        DECLARE_ATTACKERS = "mainframe.declare_attackers", "the active player picks its attackers and whom each attacks (MF-6.1)";
        DECLARE_BLOCKERS = "mainframe.declare_blockers", "a defending player picks its blockers (MF-6.2)";
        DISCARD = "mainframe.discard", "the active player discards down to the hand limit";
        DRAW_OR_INSTALL = "mainframe.draw_or_install", "the active player draws a card or installs a RAM card (MF-3.3)";
        FORCE_QUIT = "mainframe.force_quit", "an unstable player picks permanents to force-quit (MF-3.1)";
        ORDER_TRIGGERS = "mainframe.order_triggers", "a player orders its simultaneous triggers onto the Cache (MF-5)";
        PRIORITY = "mainframe.priority", "the player with priority plays a card, activates an ability or passes (MF-4, MF-9)";
        SPLIT_DAMAGE = "mainframe.split_damage", "an attacking player splits a blocked attacker's damage among its blockers (MF-7.3)";
    }
}

/// What happened.
pub mod events {
    crate::core::kinds::event_kinds! {
        ABILITY_ACTIVATED = "mainframe.ability_activated", "a permanent's ability goes onto the Cache",
            "{seat: int, card: int, ability: int, target: null | {card: int} | {seat: int}}";
        ATTACK_DECLARED = "mainframe.attack_declared", "an attacker is declared against a seat", "{card: int, defender: int}";
        BLOCK_DECLARED = "mainframe.block_declared", "a blocker is declared", "{card: int, attacker: int}";
        CACHE_RESOLVES = "mainframe.cache_resolves", "every seat passed: the whole Cache resolves (MF-9.5)", "{items: int}";
        CARD_DRAWN = "mainframe.card_drawn", "a seat draws a card (which one: to that seat only)",
            "{seat: int, cyberdeck: int}", private "{seat: int, cyberdeck: int, card: int, key: str}";
        CARD_NUMBERS = "mainframe.card_numbers", "the match's card numbers are drawn", "{}";
        CARD_PLAYED = "mainframe.card_played", "a card is played onto the Cache",
            "{seat: int, card: int, key: str, target: null | {card: int} | {seat: int}}";
        COMBAT_DAMAGE = "mainframe.combat_damage", "combat damage is dealt (MF-7)", "{}";
        DAMAGE = "mainframe.damage", "damage is marked on a permanent", "{card: int, amount: int, marked: int, source: str}";
        DAMAGE_SPLIT = "mainframe.damage_split", "an attacker's damage is split among its blockers: [blocker, amount] pairs",
            "{attacker: int, split: [[int]]}";
        DECK_EMPTY = "mainframe.deck_empty", "a seat must draw from an empty Cyberdeck (MF-10)", "{seat: int}";
        DESTROYED = "mainframe.destroyed", "a permanent is destroyed", "{card: int, owner: int, reason: str}";
        DISCARDED = "mainframe.discarded", "a card is discarded from a hand", "{seat: int, card: int}";
        EFFECT_EXPIRED = "mainframe.effect_expired", "a temporary change of a permanent ends", "{card: int, source: str}";
        ENTERED_PLAY = "mainframe.entered_play", "a card becomes a permanent", "{card: int, key: str, controller: int}";
        FIRST_PLAYER = "mainframe.first_player", "the first player is drawn", "{seat: int}";
        FIZZLED = "mainframe.fizzled", "a Cache item does nothing: its target is gone", "{card: int}";
        FORCE_QUIT = "mainframe.force_quit", "permanents are force-quit (MF-3.1)", "{seat: int, cards: [int]}";
        GAME_OVER = "mainframe.game_over", "the match ends", "{winners: [int]}";
        HEALTH = "mainframe.health", "a seat's Mainframe or Bioframe changes",
            "{seat: int, pool: str, change: int, value: int, source: str}";
        MATCH_CREATED = "mainframe.match_created", "the match is set up with its options",
            "{seats: int, options: {auto_pass: bool, cache_resolution: int, hand_limit: int, opening_hand: int, opening_ram: int, stability_crash_max: int, starting_bioframe: int, starting_mainframe: int}}";
        MODIFIED = "mainframe.modified", "a permanent's attack and defense change until a moment",
            "{card: int, attack: int, defense: int, source: str, until: str}";
        NO_ATTACK = "mainframe.no_attack", "no attack this turn, or no attacker left in combat", "{left_combat: bool}";
        PASSED = "mainframe.passed", "a seat passes priority", "{seat: int}";
        PLAYER_LOST = "mainframe.player_lost", "a seat loses", "{seat: int, reason: str}";
        RAM_DEALLOCATED = "mainframe.ram_deallocated", "a card loses one allocated RAM card", "{card: int}";
        RAM_INSTALLED = "mainframe.ram_installed", "a RAM card is installed", "{seat: int, card: int, ram_bank: int, ram_deck: int}";
        REFRESH = "mainframe.refresh", "the active seat refreshes and reboots", "{seat: int}";
        REMOVED_FROM_COMBAT = "mainframe.removed_from_combat", "a permanent leaves combat", "{card: int, reason: str}";
        RESOLVING = "mainframe.resolving", "a Cache item resolves", "{card: int, kind: str, source_in_play: bool}";
        SHUFFLED = "mainframe.shuffled", "a deck is shuffled", "{seat: int, deck: str}";
        STABILITY_ROLL = "mainframe.stability_roll", "a stability test's roll (MF-3.2)", "{card: int, roll: int, crashed: bool}";
        STABILITY_TEST = "mainframe.stability_test", "a permanent is tested for stability (MF-3.2)", "{card: int, cost: int}";
        STATUS = "mainframe.status", "a permanent becomes running or refreshed", "{card: int, running: bool, source: str}";
        STEP = "mainframe.step", "the turn enters a phase or window", "{step: str}";
        SYSTEM_CHECK = "mainframe.system_check", "the active seat's System Check (MF-3.1)", "{seat: int, stable: bool}";
        TRIGGERED = "mainframe.triggered", "a triggered ability goes onto the Cache", "{card: int}";
        TURN_ABORTED = "mainframe.turn_aborted", "the rest of the turn is skipped", "{}";
        TURN_STARTED = "mainframe.turn_started", "a turn begins", "{turn: int, seat: int}";
        UNSTABLE = "mainframe.unstable", "the System Check fails: the seat is short of RAM for these permanents",
            "{seat: int, stable: bool, short: [int]}";
    }
}

/// Everything `mainframe` emits, and the shared match-control events.
pub const KINDS: Kinds = Kinds { decisions: decisions::DECISIONS, events: &[events::EVENTS, crate::core::control::EVENTS] };
