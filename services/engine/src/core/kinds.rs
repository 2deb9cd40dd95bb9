//! The kinds a ruleset can emit, declared once where the emitting code can use them: every
//! decision kind ([`DecisionKind`]) and every event kind with the shape of its detail
//! ([`EventKind`]). A game's emitting helpers take these typed constants, never a string, so a
//! kind that is not declared cannot be emitted; `ListRulesets` and `docs/schemas/*` are
//! generated from the same declarations ([`Kinds`]), and the random-game oracles check every
//! decision, event and detail they meet against them.
//!
//! A detail's shape is written in a small notation (compact enough to sit beside the constant,
//! and turned into JSON Schema by [`shape_schema`]):
//!
//! - `int`, `str`, `bool`, `null`, `any` (any JSON value);
//! - `[T]`: an array of `T`;
//! - `{a: T, b?: U}`: an object with the member `a` and, not always there, `b`;
//! - `{*: T}`: an object whose every member is a `T` (keys chosen at run time);
//! - `T | U`: either.
//!
//! Must never: hold state, or change a published name (a client keys on it).

use std::collections::BTreeMap;

use serde_json::{json, Map, Value};

use super::Event;

/// A decision kind: what a seat is asked (`Decision::kind`), by its published name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DecisionKind {
    /// The published name, prefixed by the ruleset: `mainframe.priority`.
    pub name: &'static str,
    /// What is asked, in words (published with the kind).
    pub doc: &'static str,
}

/// An event kind, by its published name, with the shape of its public detail and, for a kind
/// with a private part, of its private detail.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct EventKind {
    /// The published name, prefixed by the ruleset: `mainframe.card_drawn`.
    pub name: &'static str,
    /// What happened, in words (published with the kind).
    pub doc: &'static str,
    /// The shape of `detail_json`, in the notation of this module.
    pub detail: &'static str,
    /// The shape of `private_detail_json`; `None` for a kind that is always public.
    pub private: Option<&'static str>,
}

impl DecisionKind {
    pub const fn name(self) -> &'static str {
        self.name
    }
}

impl EventKind {
    pub const fn name(self) -> &'static str {
        self.name
    }

    /// A fully public event of this kind.
    pub fn public(self, text: impl Into<String>, detail: Value) -> Event {
        Event::public(self.name, text, detail)
    }

    /// An event of this kind whose full form only `seats` may see (`Event::with_private`).
    pub fn with_private(self, text: impl Into<String>, detail: Value, seats: Vec<u32>, private_text: impl Into<String>, private_detail: Value) -> Event {
        Event::with_private(self.name, text, detail, seats, private_text, private_detail)
    }
}

/// Every kind a ruleset can emit: what `ListRulesets` and `docs/schemas/<ruleset>.*` publish.
#[derive(Clone, Copy, Debug)]
pub struct Kinds {
    /// Its own decision kinds.
    pub decisions: &'static [DecisionKind],
    /// Its own event kinds, and the shared ones it can emit ([`crate::core::control::EVENTS`]).
    pub events: &'static [&'static [EventKind]],
}

impl Kinds {
    /// Every event kind, sorted by name.
    pub fn event_kinds(&self) -> Vec<EventKind> {
        let mut all: Vec<EventKind> = self.events.iter().flat_map(|k| k.iter().copied()).collect();
        all.sort_by_key(|k| k.name);
        all.dedup_by_key(|k| k.name);
        all
    }

    /// Every decision kind, sorted by name.
    pub fn decision_kinds(&self) -> Vec<DecisionKind> {
        let mut all = self.decisions.to_vec();
        all.sort_by_key(|k| k.name);
        all.dedup_by_key(|k| k.name);
        all
    }

    pub fn event(&self, name: &str) -> Option<EventKind> {
        self.events.iter().flat_map(|k| k.iter()).find(|k| k.name == name).copied()
    }

    pub fn decision(&self, name: &str) -> Option<DecisionKind> {
        self.decisions.iter().find(|k| k.name == name).copied()
    }

    /// The published kinds file (`docs/schemas/<ruleset>.kinds.json`).
    pub fn kinds_json(&self, ruleset: &str) -> Value {
        json!({
            "ruleset": ruleset,
            "decision_kinds": self.decision_kinds().iter().map(|k| k.name).collect::<Vec<_>>(),
            "event_kinds": self.event_kinds().iter().map(|k| k.name).collect::<Vec<_>>(),
            "docs": {
                "decisions": self.decision_kinds().iter().map(|k| (k.name.to_string(), json!(k.doc))).collect::<Map<_, _>>(),
                "events": self.event_kinds().iter().map(|k| (k.name.to_string(), json!(k.doc))).collect::<Map<_, _>>(),
            },
        })
    }

    /// The published event schemas file (`docs/schemas/<ruleset>.events.schema.json`): the
    /// detail's schema per kind (`$defs`) and the private detail's (`x-private`). Open: a newer
    /// build may add a member without breaking a client ([`Closed::No`]).
    pub fn events_schema(&self, ruleset: &str) -> Result<Value, String> {
        let mut defs = Map::new();
        let mut private = Map::new();
        for k in self.event_kinds() {
            defs.insert(k.name.into(), shape_schema(k.detail, Closed::No).map_err(|e| format!("{}: detail: {e}", k.name))?);
            if let Some(p) = k.private {
                private.insert(k.name.into(), shape_schema(p, Closed::No).map_err(|e| format!("{}: private detail: {e}", k.name))?);
            }
        }
        Ok(json!({
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": format!("{ruleset} events: detail_json per event kind ($defs), private_detail_json per kind (x-private)"),
            "$defs": defs,
            "x-private": private,
        }))
    }
}

/// Whether objects of a schema admit members it does not name. Published schemas are open; the
/// oracles check against the closed form, so a member the code emits and the declaration
/// forgets fails a test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Closed {
    Yes,
    No,
}

/// The JSON Schema of a shape written in this module's notation.
pub fn shape_schema(shape: &str, closed: Closed) -> Result<Value, String> {
    let mut p = Parser { s: shape.as_bytes(), at: 0 };
    let t = p.union()?;
    p.space();
    if p.at != p.s.len() {
        return Err(format!("unexpected {:?} at {} in {shape:?}", char::from(p.s[p.at]), p.at));
    }
    Ok(t.schema(closed))
}

/// A parsed shape.
#[derive(Clone, Debug, PartialEq)]
enum Shape {
    Int,
    Str,
    Bool,
    Null,
    Any,
    Array(Box<Shape>),
    Object(Vec<(String, bool, Shape)>),
    Map(Box<Shape>),
    Union(Vec<Shape>),
}

impl Shape {
    fn simple_type(&self) -> Option<&'static str> {
        match self {
            Shape::Int => Some("integer"),
            Shape::Str => Some("string"),
            Shape::Bool => Some("boolean"),
            Shape::Null => Some("null"),
            _ => None,
        }
    }

    fn schema(&self, closed: Closed) -> Value {
        match self {
            Shape::Any => json!({}),
            Shape::Array(items) => json!({"type": "array", "items": items.schema(closed)}),
            Shape::Object(members) => {
                let props: Map<String, Value> = members.iter().map(|(n, _, t)| (n.clone(), t.schema(closed))).collect();
                let required: Vec<&String> = members.iter().filter(|(_, optional, _)| !optional).map(|(n, _, _)| n).collect();
                let mut s = json!({"type": "object", "properties": props});
                if !required.is_empty() {
                    s["required"] = json!(required);
                }
                if closed == Closed::Yes {
                    s["additionalProperties"] = json!(false);
                }
                s
            }
            Shape::Map(values) => json!({"type": "object", "additionalProperties": values.schema(closed)}),
            Shape::Union(alts) => {
                // Simple types together make one `type` list; a structured one joins it as an
                // alternative of `anyOf`.
                let simple: Vec<&'static str> = alts.iter().filter_map(Shape::simple_type).collect();
                let rest: Vec<Value> = alts.iter().filter(|a| a.simple_type().is_none()).map(|a| a.schema(closed)).collect();
                let types = match simple.as_slice() {
                    [] => None,
                    [one] => Some(json!({"type": one})),
                    many => Some(json!({"type": many})),
                };
                let mut any: Vec<Value> = types.into_iter().chain(rest).collect();
                if any.len() == 1 {
                    any.remove(0)
                } else {
                    json!({"anyOf": any})
                }
            }
            simple => json!({"type": simple.simple_type().unwrap_or("null")}),
        }
    }
}

struct Parser<'a> {
    s: &'a [u8],
    at: usize,
}

impl Parser<'_> {
    fn space(&mut self) {
        while self.s.get(self.at).is_some_and(|c| c.is_ascii_whitespace()) {
            self.at += 1;
        }
    }

    fn eat(&mut self, c: u8) -> bool {
        self.space();
        if self.s.get(self.at) == Some(&c) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: u8) -> Result<(), String> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(format!("expected {:?} at {}", char::from(c), self.at))
        }
    }

    fn word(&mut self) -> String {
        self.space();
        let start = self.at;
        while self.s.get(self.at).is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_') {
            self.at += 1;
        }
        String::from_utf8_lossy(&self.s[start..self.at]).into_owned()
    }

    fn union(&mut self) -> Result<Shape, String> {
        let mut alts = vec![self.one()?];
        while self.eat(b'|') {
            alts.push(self.one()?);
        }
        Ok(if alts.len() == 1 { alts.remove(0) } else { Shape::Union(alts) })
    }

    fn one(&mut self) -> Result<Shape, String> {
        if self.eat(b'[') {
            let items = self.union()?;
            self.expect(b']')?;
            return Ok(Shape::Array(Box::new(items)));
        }
        if self.eat(b'{') {
            if self.eat(b'*') {
                self.expect(b':')?;
                let values = self.union()?;
                self.expect(b'}')?;
                return Ok(Shape::Map(Box::new(values)));
            }
            let mut members: Vec<(String, bool, Shape)> = Vec::new();
            if self.eat(b'}') {
                return Ok(Shape::Object(members));
            }
            loop {
                let name = self.word();
                if name.is_empty() {
                    return Err(format!("expected a member name at {}", self.at));
                }
                if members.iter().any(|(n, _, _)| *n == name) {
                    return Err(format!("member {name} twice"));
                }
                let optional = self.eat(b'?');
                self.expect(b':')?;
                members.push((name, optional, self.union()?));
                if self.eat(b'}') {
                    break;
                }
                self.expect(b',')?;
            }
            members.sort_by(|a, b| a.0.cmp(&b.0));
            return Ok(Shape::Object(members));
        }
        match self.word().as_str() {
            "int" => Ok(Shape::Int),
            "str" => Ok(Shape::Str),
            "bool" => Ok(Shape::Bool),
            "null" => Ok(Shape::Null),
            "any" => Ok(Shape::Any),
            other => Err(format!("unknown type {other:?} at {}", self.at)),
        }
    }
}

/// Declare decision kinds: `NAME = "ruleset.kind", "what is asked";` each. Makes one
/// [`DecisionKind`] constant per line and `DECISIONS`, the list of them all.
macro_rules! decision_kinds {
    ($( $(#[$meta:meta])* $id:ident = $name:literal, $doc:literal; )*) => {
        $( $(#[$meta])* pub const $id: $crate::core::kinds::DecisionKind = $crate::core::kinds::DecisionKind { name: $name, doc: $doc }; )*
        /// Every decision kind declared here.
        pub const DECISIONS: &[$crate::core::kinds::DecisionKind] = &[$($id),*];
    };
}
pub(crate) use decision_kinds;

/// Declare event kinds: `NAME = "ruleset.kind", "what happened", "detail shape";` or with a
/// private part `..., "detail shape", private "private detail shape";`. Makes one [`EventKind`]
/// constant per line and `EVENTS`, the list of them all.
macro_rules! event_kinds {
    (@private) => { None };
    (@private $p:literal) => { Some($p) };
    ($( $(#[$meta:meta])* $id:ident = $name:literal, $doc:literal, $detail:literal $(, private $private:literal)?; )*) => {
        $( $(#[$meta])* pub const $id: $crate::core::kinds::EventKind = $crate::core::kinds::EventKind {
            name: $name,
            doc: $doc,
            detail: $detail,
            private: $crate::core::kinds::event_kinds!(@private $($private)?),
        }; )*
        /// Every event kind declared here.
        pub const EVENTS: &[$crate::core::kinds::EventKind] = &[$($id),*];
    };
}
pub(crate) use event_kinds;

/// Check `value` against the closed schema of `shape` (what the oracles do): the first problem
/// in words, if any. Written here rather than with a JSON Schema library so that the check is
/// the notation's own meaning, and the engine needs no validator outside its tests.
pub fn check_shape(shape: &str, value: &Value) -> Result<(), String> {
    let mut p = Parser { s: shape.as_bytes(), at: 0 };
    let t = p.union()?;
    conforms(&t, value, "")
}

fn conforms(t: &Shape, v: &Value, path: &str) -> Result<(), String> {
    let bad = || Err(format!("{} at {} is not {}", short(v), if path.is_empty() { "/" } else { path }, describe(t)));
    match (t, v) {
        (Shape::Any, _) | (Shape::Null, Value::Null) | (Shape::Bool, Value::Bool(_)) | (Shape::Str, Value::String(_)) => Ok(()),
        (Shape::Int, Value::Number(n)) if n.is_i64() || n.is_u64() => Ok(()),
        (Shape::Array(items), Value::Array(a)) => a.iter().enumerate().try_for_each(|(i, x)| conforms(items, x, &format!("{path}/{i}"))),
        (Shape::Map(values), Value::Object(o)) => o.iter().try_for_each(|(k, x)| conforms(values, x, &format!("{path}/{k}"))),
        (Shape::Object(members), Value::Object(o)) => {
            for (name, optional, shape) in members {
                match o.get(name) {
                    Some(x) => conforms(shape, x, &format!("{path}/{name}"))?,
                    None if *optional => {}
                    None => return Err(format!("member {name} missing at {}", if path.is_empty() { "/" } else { path })),
                }
            }
            if let Some(extra) = o.keys().find(|k| !members.iter().any(|(n, _, _)| n == *k)) {
                return Err(format!("member {extra} at {} is not declared", if path.is_empty() { "/" } else { path }));
            }
            Ok(())
        }
        (Shape::Union(alts), _) => {
            if alts.iter().any(|a| conforms(a, v, path).is_ok()) {
                Ok(())
            } else {
                // The error of the alternative of the value's own type says most.
                alts.iter().map(|a| conforms(a, v, path)).find(|r| r.as_ref().is_err_and(|e| !e.contains(" is not "))).unwrap_or_else(bad)
            }
        }
        _ => bad(),
    }
}

fn describe(t: &Shape) -> String {
    match t {
        Shape::Int => "an integer".into(),
        Shape::Str => "a string".into(),
        Shape::Bool => "a boolean".into(),
        Shape::Null => "null".into(),
        Shape::Any => "anything".into(),
        Shape::Array(_) => "an array".into(),
        Shape::Object(_) | Shape::Map(_) => "an object".into(),
        Shape::Union(alts) => alts.iter().map(describe).collect::<Vec<_>>().join(" or "),
    }
}

fn short(v: &Value) -> String {
    v.to_string().chars().take(80).collect()
}

/// Every shape of `kinds` parses: the names are prefixed by the ruleset (or `match.` for the
/// shared ones), unique, and each shape is valid notation. Run by every game's tests.
pub fn check_declarations(ruleset: &str, kinds: &Kinds) -> Result<(), String> {
    let mut seen: BTreeMap<&str, ()> = BTreeMap::new();
    let prefix = format!("{ruleset}.");
    for k in kinds.decisions {
        if !k.name.starts_with(&prefix) {
            return Err(format!("decision kind {} is not prefixed by {prefix}", k.name));
        }
        if seen.insert(k.name, ()).is_some() {
            return Err(format!("decision kind {} declared twice", k.name));
        }
    }
    seen.clear();
    for k in kinds.events.iter().flat_map(|k| k.iter()) {
        if !k.name.starts_with(&prefix) && !k.name.starts_with("match.") {
            return Err(format!("event kind {} is not prefixed by {prefix}", k.name));
        }
        if seen.insert(k.name, ()).is_some() {
            return Err(format!("event kind {} declared twice", k.name));
        }
        shape_schema(k.detail, Closed::Yes).map_err(|e| format!("{}: {e}", k.name))?;
        if let Some(p) = k.private {
            shape_schema(p, Closed::Yes).map_err(|e| format!("{} (private): {e}", k.name))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_notation_makes_json_schema() {
        let s = shape_schema("{seat: int, target?: {card: int} | null, cards: [int], by: {*: str}}", Closed::Yes).unwrap();
        assert_eq!(s["required"], json!(["by", "cards", "seat"]));
        assert_eq!(s["additionalProperties"], json!(false));
        assert_eq!(s["properties"]["cards"], json!({"type": "array", "items": {"type": "integer"}}));
        assert_eq!(s["properties"]["by"], json!({"type": "object", "additionalProperties": {"type": "string"}}));
        assert_eq!(s["properties"]["target"]["anyOf"][0], json!({"type": "null"}));
        assert_eq!(shape_schema("int | null", Closed::No).unwrap(), json!({"type": ["integer", "null"]}));
        for bad in ["{a: int", "{a int}", "[int", "float", "{a: int, a: str}", "int int"] {
            assert!(shape_schema(bad, Closed::No).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_value_is_checked_against_the_closed_shape() {
        let shape = "{seat: int, target?: {card: int} | null}";
        assert!(check_shape(shape, &json!({"seat": 1})).is_ok());
        assert!(check_shape(shape, &json!({"seat": 1, "target": null})).is_ok());
        assert!(check_shape(shape, &json!({"seat": 1, "target": {"card": 3}})).is_ok());
        let extra = check_shape(shape, &json!({"seat": 1, "more": 2})).unwrap_err();
        assert!(extra.contains("more"), "{extra}");
        let missing = check_shape(shape, &json!({})).unwrap_err();
        assert!(missing.contains("seat"), "{missing}");
        let wrong = check_shape(shape, &json!({"seat": "x"})).unwrap_err();
        assert!(wrong.contains("/seat"), "{wrong}");
        assert!(check_shape("{card: int}", &json!({"card": 1.5})).is_err());
    }
}
