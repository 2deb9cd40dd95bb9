//! Events: what happened, with who may see which part.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One thing that happened in a match. The public part is for everyone; the private part,
/// when present, only for the listed seats (and for auditors once the match has ended).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// Machine-readable kind, prefixed by the ruleset: `mainframe.card_drawn`.
    pub kind: String,
    /// A sentence for a person, with nothing hidden in it.
    pub text: String,
    /// Structured public detail (a JSON object; `serde_json`'s map is ordered, so deterministic).
    pub detail: Value,
    pub private: Option<PrivatePart>,
}

/// The part of an event that only some seats may see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrivatePart {
    pub seats: Vec<u32>,
    pub text: String,
    pub detail: Value,
}

impl Event {
    /// A fully public event.
    pub fn public(kind: impl Into<String>, text: impl Into<String>, detail: Value) -> Self {
        Event { kind: kind.into(), text: text.into(), detail, private: None }
    }

    /// An event whose full form only `seats` may see; everyone else gets `text`/`detail`.
    pub fn with_private(
        kind: impl Into<String>,
        text: impl Into<String>,
        detail: Value,
        seats: Vec<u32>,
        private_text: impl Into<String>,
        private_detail: Value,
    ) -> Self {
        Event { kind: kind.into(), text: text.into(), detail, private: Some(PrivatePart { seats, text: private_text.into(), detail: private_detail }) }
    }

    /// The (text, detail) a viewer may see of this event.
    pub fn as_seen_by(&self, viewer: Viewer) -> (&str, &Value) {
        match &self.private {
            Some(p) if viewer.sees_private(&p.seats) => (&p.text, &p.detail),
            _ => (&self.text, &self.detail),
        }
    }
}

/// Who is looking at a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Viewer {
    Seat(u32),
    Spectator,
    /// Sees everything; only allowed once a match has ended.
    Auditor,
}

impl Viewer {
    pub fn sees_private(self, seats: &[u32]) -> bool {
        match self {
            Viewer::Seat(s) => seats.contains(&s),
            Viewer::Spectator => false,
            Viewer::Auditor => true,
        }
    }
}
