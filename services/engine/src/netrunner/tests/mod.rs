//! Tests of the `netrunner` ruleset, named by the rule or the card they check.

mod all_cards;
mod bot;
mod card_table;
mod cards;
mod cards_random_picks;
mod cards_sg;
mod cards_startup_corp;
mod cards_startup_corp2;
mod cards_startup_corp_last;
mod cards_startup_corp_runs;
mod cards_startup_runner;
mod cards_startup_runner_last;
mod cards_startup_runner_more;
mod completeness;
mod formats;
mod kit;
mod leaks;
mod rules;
mod time;
mod triggers;
