//! What every card file uses: the card vocabulary, the state and the rule pieces cards call.
//! Card files start with `use crate::netrunner::cards::prelude::*;` (their own items shadow it).

pub use crate::core::{DecisionOption, Event, RulesError};
pub use crate::netrunner::cards::{
    ask_later, end_the_run, fire_all, resolve_subroutine, runner_trigger_order, AccessOption, Answer, Ask, Breaker, CardDef, Click, Cost, Costed, Counter, Ctx,
    Effect, Offers, PaidAbility, Play, Prompt, Pump, Question, RunSource, Spend, Static, Sub, Targets, Then, When, BLANK, CARD_KIND, SEARCH_KIND,
};
pub use crate::netrunner::data::{self, CardType};
pub use crate::netrunner::effects::encounters::{
    boost, broke_with, gain_subroutines, ice_sub_text, ice_subroutines, move_ice_outermost, move_runner, swap_with_uninstalled,
};
pub use crate::netrunner::effects::{
    access_outside_run, add_virus, agenda_counters, arrange_rd_top_answer, arrange_rd_top_ask, card_options, corp_available_for, corp_card_private,
    corp_install_options, corp_play_options, damage, damage_left, faceup_archive_types, first, gain_clicks, give_tags, host_faceup, hosted_on, hq_to_rd_top,
    is_ice, lose_a_remaining_click, note, opt, picked, place_adv, prevent_damage, prevent_encounter_ability, purge, remove_virus, reveal_picked, rez_by_effect,
    rez_paying, run_ends_now, runner_available_for, runner_trash, search_deck_answer, search_deck_ask, take_or_trash, threat, trash_from_hq, trash_from_rd,
    virus_on_self, ASSASSINATION,
};
pub use crate::netrunner::state::{CorpZone, DamageKind, Game, Pile, Run, Slot, Task, TrashKind, ARCHIVES, CORP, HQ, RD, RUNNER};
pub use serde_json::json;
