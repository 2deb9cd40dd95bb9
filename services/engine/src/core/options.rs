//! Named match options (`MatchConfig.options`): the mechanism every game shares. A game keeps
//! only its table of [`OptionSpec`]s and its typed struct, implements [`GameOptions`] on the
//! struct, and resolves a match's options with [`parse`].

use std::collections::BTreeMap;

use super::RulesError;

/// One known option: its name, default, allowed range, and what it means.
pub struct OptionSpec {
    pub name: &'static str,
    pub default: i64,
    pub min: i64,
    pub max: i64,
    pub doc: &'static str,
}

/// A game's typed options: its defaults (`Default`), its table, and how one checked value is
/// stored.
pub trait GameOptions: Default {
    /// The game's name as it appears in error messages ("unknown <game> option ...").
    const GAME: &'static str;
    /// Every option the game knows.
    const SPECS: &'static [OptionSpec];
    /// Store `value` (already checked against the spec's range) under the known `name`.
    fn set(&mut self, name: &str, value: i64);
}

/// Resolve named options over the defaults; unknown names and out-of-range values are refused.
/// Every game's option `open_decklists`: 1 shows each seat's decklist to every viewer (the
/// default 0 keeps a seat's list to that seat and, after the end, the auditors). The game keeps
/// it beside its typed options (not in them), so the logged options of a match stay as they were.
pub const OPEN_DECKLISTS: OptionSpec = OptionSpec { name: "open_decklists", default: 0, min: 0, max: 1, doc: "1: every viewer sees each seat's decklist" };

/// Whether `viewer` sees seat `seat`'s decklist: its own seat, an auditor (only after the end),
/// or everyone when the lists are open.
pub fn sees_decklist(open: bool, viewer: crate::core::Viewer, seat: u32) -> bool {
    open || viewer.sees_private(&[seat])
}

/// A decklist as views show it: `[{"card", "count"}]`, by card id (a `BTreeMap`, so the order
/// is the ids' and not the deck's shuffled one).
pub fn decklist_json(counts: &BTreeMap<String, u32>) -> serde_json::Value {
    serde_json::Value::Array(counts.iter().map(|(card, count)| serde_json::json!({"card": card, "count": count})).collect())
}

/// Whether `map` opens the decklists (checked for its range by [`parse`]).
pub fn open_decklists(map: &BTreeMap<String, i64>) -> bool {
    map.get(OPEN_DECKLISTS.name) == Some(&1)
}

pub fn parse<O: GameOptions>(map: &BTreeMap<String, i64>) -> Result<O, RulesError> {
    let mut o = O::default();
    for (name, &value) in map {
        let Some(spec) = O::SPECS.iter().find(|s| s.name == name) else {
            return Err(RulesError::InvalidConfig(format!(
                "unknown {} option \"{name}\"; known options: {}",
                O::GAME,
                O::SPECS.iter().map(|o| o.name).collect::<Vec<_>>().join(", ")
            )));
        };
        if value < spec.min || value > spec.max {
            return Err(RulesError::InvalidConfig(format!("option {name} = {value} is outside {}..={} ({})", spec.min, spec.max, spec.doc)));
        }
        o.set(spec.name, value);
    }
    Ok(o)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default, Debug, PartialEq)]
    struct Demo {
        a: i64,
        b: bool,
    }
    impl GameOptions for Demo {
        const GAME: &'static str = "demo";
        const SPECS: &'static [OptionSpec] =
            &[OptionSpec { name: "a", default: 0, min: 0, max: 5, doc: "a number" }, OptionSpec { name: "b", default: 0, min: 0, max: 1, doc: "a flag" }];
        fn set(&mut self, name: &str, value: i64) {
            match name {
                "a" => self.a = value,
                _ => self.b = value == 1,
            }
        }
    }

    #[test]
    fn parse_sets_known_and_refuses_unknown_and_out_of_range() {
        let mut m = BTreeMap::new();
        m.insert("a".to_string(), 3);
        m.insert("b".to_string(), 1);
        assert_eq!(parse::<Demo>(&m), Ok(Demo { a: 3, b: true }));
        m.insert("c".to_string(), 1);
        let e = parse::<Demo>(&m).unwrap_err();
        assert_eq!(e, RulesError::InvalidConfig("unknown demo option \"c\"; known options: a, b".into()));
        m.remove("c");
        m.insert("a".to_string(), 6);
        let e = parse::<Demo>(&m).unwrap_err();
        assert_eq!(e, RulesError::InvalidConfig("option a = 6 is outside 0..=5 (a number)".into()));
    }
}
