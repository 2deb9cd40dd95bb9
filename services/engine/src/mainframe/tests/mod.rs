//! Tests of the `mainframe` ruleset, named by the rule they check.

mod bot;
mod leaks;
mod kit;
mod rules;
