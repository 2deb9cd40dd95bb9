//! Tests of the `netrunner` ruleset, named by the rule or the card they check.

mod all_cards;
mod bot;
mod card_table;
mod cards;
mod completeness;
mod formats;
mod kit;
mod leaks;
mod rules;
mod time;
mod triggers;
