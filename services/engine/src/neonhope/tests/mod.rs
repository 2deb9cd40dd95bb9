//! Tests of the `neonhope` ruleset, named by the rule they check (NH-x, H-x).

mod bot;
mod completeness;
mod kit;
mod leaks;
mod rules;
