//! Tests of the `mainframe` ruleset, named by the rule they check.

mod bot;
mod completeness;
mod kit;
mod leaks;
mod rules;
