//! Placeholder while the `mainframe` ruleset is being written.
use serde_json::Value;

use crate::core::*;

pub struct Mainframe;

impl Ruleset for Mainframe {
    fn name(&self) -> &'static str {
        "mainframe"
    }
    fn rules_version(&self) -> &'static str {
        "mainframe-0"
    }
    fn seat_range(&self) -> (u32, u32) {
        (2, 4)
    }
    fn decks(&self) -> Vec<&'static str> {
        vec![]
    }
    fn new_match(&self, _config: &MatchConfig) -> Result<Step, RulesError> {
        Err(RulesError::InvalidConfig("not yet".into()))
    }
    fn apply(&self, _state: &[u8], _input: &Input) -> Result<Step, RulesError> {
        Err(RulesError::CorruptState("not yet".into()))
    }
    fn view(&self, _state: &[u8], _viewer: Viewer) -> Result<Value, RulesError> {
        Err(RulesError::CorruptState("not yet".into()))
    }
}
