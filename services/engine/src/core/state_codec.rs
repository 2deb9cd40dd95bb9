//! The encoding of every game's state blob (`Step::state`, the `state` that `apply` and `view`
//! take back): one place for `mainframe` and `netrunner` alike.
//!
//! A blob is one format tag byte, then the body. Tag [`FORMAT_POSTCARD`] is postcard (the
//! current format); tag [`FORMAT_POSTCARD_LAYOUT`] is postcard after a byte naming the game's
//! state layout, for a game whose state shape has changed (netrunner); a blob starting with `{` is the JSON of earlier builds, still read so that a
//! state kept from before (a cache, a snapshot) stays usable; anything else is refused with a
//! [`RulesError::CorruptState`] that names the tag, so a future format is detected, not misread.
//!
//! Why postcard: its wire format is specified and frozen for 1.x (stable across builds, so the
//! same state is the same bytes, which replay compares), it is deterministic for a given value
//! (fields in declaration order, sequences and `BTreeMap`s in their order, varint integers, no
//! padding, no maps with random order), compact (no field names), fast, and a small dependency
//! with no unsafe serialization tricks. bincode 2 would do as well technically but is no longer
//! maintained. The game types only use plain structs, enums, integers, strings, `Vec`,
//! `Option` and `BTreeMap` (no `serde_json::Value`, no untagged or internally tagged enums), which
//! a non-self-describing format needs.

use serde::de::DeserializeOwned;
use serde::Serialize;

use super::RulesError;

/// The tag of a postcard-encoded state.
pub const FORMAT_POSTCARD: u8 = 1;
/// The tag of a postcard-encoded state whose next byte names the game's state layout (see
/// [`encode_state_with_layout`]).
pub const FORMAT_POSTCARD_LAYOUT: u8 = 2;
/// The first byte of a JSON state (every game state is a JSON object), from before the tag.
const LEGACY_JSON: u8 = b'{';

/// Encode a game state: the tag, then postcard.
pub fn encode_state<T: Serialize>(game: &T) -> Result<Vec<u8>, RulesError> {
    // Game states are a few kB: start big enough to avoid most regrowth.
    let mut out = Vec::with_capacity(4096);
    out.push(FORMAT_POSTCARD);
    postcard::to_extend(game, out).map_err(|e| RulesError::CorruptState(format!("cannot encode the state: {e}")))
}

/// Decode a state blob of `ruleset` in any format this build reads (see the module doc).
pub fn decode_state<T: DeserializeOwned>(bytes: &[u8], ruleset: &str) -> Result<T, RulesError> {
    let corrupt = |what: String| RulesError::CorruptState(format!("the {ruleset} state {what}"));
    match bytes.split_first() {
        None => Err(corrupt("is empty".into())),
        Some((&FORMAT_POSTCARD, body)) => {
            let (game, rest) = postcard::take_from_bytes(body).map_err(|e| corrupt(format!("does not decode: {e}")))?;
            // Trailing bytes mean the blob is not what we wrote: refuse rather than ignore them.
            if !rest.is_empty() {
                return Err(corrupt(format!("has {} bytes after its end", rest.len())));
            }
            Ok(game)
        }
        Some((&LEGACY_JSON, _)) => serde_json::from_slice(bytes).map_err(|e| corrupt(format!("does not decode (JSON, from an earlier build): {e}"))),
        Some((tag, _)) => Err(corrupt(format!(
            "has format tag {tag:#04x}, which this build does not know (it reads {FORMAT_POSTCARD:#04x}, postcard, \
             and JSON from earlier builds); was it written by a newer build?"
        ))),
    }
}

/// Encode a game state whose serialized shape has changed at least once: tag
/// [`FORMAT_POSTCARD_LAYOUT`], the game's `layout` number, then postcard. Postcard has no field
/// names, so a blob of another layout (a snapshot kept from an earlier build) could otherwise
/// decode into garbage; with the layout byte it is refused by name and rebuilt from the log.
pub fn encode_state_with_layout<T: Serialize>(game: &T, layout: u8) -> Result<Vec<u8>, RulesError> {
    let mut out = Vec::with_capacity(4096);
    out.push(FORMAT_POSTCARD_LAYOUT);
    out.push(layout);
    postcard::to_extend(game, out).map_err(|e| RulesError::CorruptState(format!("cannot encode the state: {e}")))
}

/// Decode a state written by [`encode_state_with_layout`] with this `layout` (or JSON); a blob
/// of another layout, or untagged postcard from before layouts, is refused by name.
pub fn decode_state_with_layout<T: DeserializeOwned>(bytes: &[u8], ruleset: &str, layout: u8) -> Result<T, RulesError> {
    let corrupt = |what: String| RulesError::CorruptState(format!("the {ruleset} state {what}"));
    match bytes {
        [FORMAT_POSTCARD_LAYOUT, l, body @ ..] if *l == layout => {
            let (game, rest) = postcard::take_from_bytes(body).map_err(|e| corrupt(format!("does not decode: {e}")))?;
            if !rest.is_empty() {
                return Err(corrupt(format!("has {} bytes after its end", rest.len())));
            }
            Ok(game)
        }
        [FORMAT_POSTCARD_LAYOUT, l, ..] => {
            Err(corrupt(format!("has state layout {l}, this build reads layout {layout}: it was written by another build; rebuild the match from its log")))
        }
        [FORMAT_POSTCARD, ..] => Err(corrupt(format!(
            "is postcard without a layout byte, written by an earlier build (this build reads layout {layout}); rebuild the match from its log"
        ))),
        _ => decode_state(bytes, ruleset),
    }
}

/// [`state_to_json`] for a state with a layout byte.
pub fn state_to_json_with_layout<T: DeserializeOwned + Serialize>(bytes: &[u8], ruleset: &str, layout: u8) -> Result<Vec<u8>, RulesError> {
    let game: T = decode_state_with_layout(bytes, ruleset, layout)?;
    serde_json::to_vec(&game).map_err(|e| RulesError::CorruptState(format!("cannot encode the state as JSON: {e}")))
}

/// The JSON form of a state, which [`decode_state`] also reads: for debugging and for the
/// fuzzer, which damages states in a form that still parses.
pub fn state_to_json<T: DeserializeOwned + Serialize>(bytes: &[u8], ruleset: &str) -> Result<Vec<u8>, RulesError> {
    let game: T = decode_state(bytes, ruleset)?;
    serde_json::to_vec(&game).map_err(|e| RulesError::CorruptState(format!("cannot encode the state as JSON: {e}")))
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use serde::Deserialize;

    use super::*;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Toy {
        name: String,
        cards: Vec<u32>,
        counters: BTreeMap<String, i64>,
        active: Option<u8>,
    }

    fn toy() -> Toy {
        let counters = [("b".to_string(), -3), ("a".to_string(), 1 << 40)].into_iter().collect();
        Toy { name: "P0".into(), cards: vec![3, 1, 4, 1, 5], counters, active: Some(1) }
    }

    #[test]
    fn a_state_round_trips_with_its_tag_and_the_same_value_gives_the_same_bytes() {
        let bytes = encode_state(&toy()).expect("encodes");
        assert_eq!(bytes.first(), Some(&FORMAT_POSTCARD));
        assert_eq!(decode_state::<Toy>(&bytes, "toy").expect("decodes"), toy());
        assert_eq!(encode_state(&toy()).expect("encodes"), bytes);
        // Smaller than the JSON it replaces.
        assert!(bytes.len() < serde_json::to_vec(&toy()).expect("json").len());
    }

    #[test]
    fn a_json_state_from_an_earlier_build_is_still_read() {
        let json = serde_json::to_vec(&toy()).expect("json");
        assert_eq!(decode_state::<Toy>(&json, "toy").expect("legacy JSON"), toy());
        let bytes = encode_state(&toy()).expect("encodes");
        assert_eq!(state_to_json::<Toy>(&bytes, "toy").expect("to JSON"), json);
    }

    #[test]
    fn a_state_with_a_layout_round_trips_and_another_layout_is_refused_by_name() {
        let bytes = encode_state_with_layout(&toy(), 7).expect("encodes");
        assert_eq!(bytes.get(..2), Some(&[FORMAT_POSTCARD_LAYOUT, 7][..]));
        assert_eq!(decode_state_with_layout::<Toy>(&bytes, "toy", 7).expect("decodes"), toy());
        let other = decode_state_with_layout::<Toy>(&bytes, "toy", 8).expect_err("another layout");
        assert!(matches!(other, RulesError::CorruptState(m) if m.contains("layout 7") && m.contains("rebuild")));
        let old = decode_state_with_layout::<Toy>(&encode_state(&toy()).expect("encodes"), "toy", 7).expect_err("untagged");
        assert!(matches!(old, RulesError::CorruptState(m) if m.contains("earlier build")));
        let json = serde_json::to_vec(&toy()).expect("json");
        assert_eq!(decode_state_with_layout::<Toy>(&json, "toy", 7).expect("JSON"), toy());
        assert_eq!(state_to_json_with_layout::<Toy>(&bytes, "toy", 7).expect("to JSON"), json);
    }

    #[test]
    fn unknown_tags_truncation_and_trailing_bytes_are_refused_by_name() {
        let bytes = encode_state(&toy()).expect("encodes");
        let err = |b: &[u8]| decode_state::<Toy>(b, "toy").expect_err("refused");
        let mut future = bytes.clone();
        future[0] = 2;
        assert!(matches!(err(&future), RulesError::CorruptState(m) if m.contains("format tag 0x02") && m.contains("toy")));
        assert!(matches!(err(&[]), RulesError::CorruptState(m) if m.contains("empty")));
        assert!(matches!(err(&bytes[..bytes.len() - 1]), RulesError::CorruptState(_)));
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(matches!(err(&longer), RulesError::CorruptState(m) if m.contains("1 bytes after")));
    }
}
