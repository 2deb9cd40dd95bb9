//! The kinds oracle: every event and decision a random game meets is declared by its ruleset
//! (`Ruleset::kinds`, what `ListRulesets` and `docs/schemas` publish), and every detail and
//! private detail has the declared shape, no member more ([`crate::core::kinds::check_shape`]).
//! Run on every position of every random-bot game ([`super::play_random_game`]) and by the
//! published-schemas test.

use crate::core::{Awaiting, Event, Ruleset};

/// Every event of `events` is of a declared kind, with the declared detail and private detail.
pub fn check_events(r: &dyn Ruleset, events: &[Event]) -> Result<(), String> {
    let kinds = r.kinds();
    for e in events {
        let k = kinds.event(&e.kind).ok_or_else(|| format!("event kind {} is not declared in {}'s kinds (so not published)", e.kind, r.name()))?;
        crate::core::kinds::check_shape(k.detail, &e.detail).map_err(|m| format!("{} detail {}: {m}", e.kind, e.detail))?;
        match (&e.private, k.private) {
            (Some(p), Some(shape)) => crate::core::kinds::check_shape(shape, &p.detail).map_err(|m| format!("{} private detail {}: {m}", e.kind, p.detail))?,
            (Some(p), None) => return Err(format!("{} has a private part ({}) but its kind declares no private detail", e.kind, p.detail)),
            (None, _) => {}
        }
    }
    Ok(())
}

/// A pending decision is of a declared kind.
pub fn check_awaiting(r: &dyn Ruleset, awaiting: &Awaiting) -> Result<(), String> {
    match awaiting {
        Awaiting::Decision(d) if r.kinds().decision(&d.kind).is_none() => {
            Err(format!("decision kind {} is not declared in {}'s kinds (so not published)", d.kind, r.name()))
        }
        _ => Ok(()),
    }
}
