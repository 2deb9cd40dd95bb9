//! The proto3 JSON mapping of Arbiter's messages, computed from their descriptors
//! (`prost-reflect` over the descriptor set `build.rs` writes), so that a JSON file of a message
//! is the message itself and never a hand-kept copy of it.
//!
//! The mapping is the one the protobuf docs define (oneof members by name, `bytes` as base64,
//! maps as objects), with three choices the convention allows a printer: the proto field names
//! (`match_id`, as in the `.proto` files and the docs) rather than lowerCamelCase; 64-bit integers
//! as JSON numbers rather than strings (every such value Arbiter writes, versions, ids,
//! milliseconds, is far below 2^53, so no reader loses a digit, and people and `jq` read them as
//! numbers); and fields with their default value printed too (a draw's `"index": 0` is there to
//! read, not implied). The reader accepts both spellings and forms, and missing fields.
//!
//! [`hex_bytes_to_base64`] reads the one non-standard shape Arbiter wrote before (bytes as hex),
//! guided by the same descriptors.

use std::sync::OnceLock;

use base64::Engine as _;
use prost_reflect::{DescriptorPool, DeserializeOptions, DynamicMessage, Kind, MessageDescriptor, SerializeOptions};
use serde::Serialize;

/// Why a message cannot go to or come from JSON.
#[derive(Debug, thiserror::Error)]
pub enum JsonError {
    #[error("the built-in descriptor set does not load ({0}); the api crate was built wrongly")]
    Descriptors(String),
    #[error("there is no message {0} in Arbiter's protos")]
    UnknownMessage(String),
    #[error("{message} does not convert between its Rust and descriptor forms: {err}")]
    Transcode { message: String, err: prost::DecodeError },
    #[error("this is not proto3 JSON of {message}: {err}")]
    Json { message: String, err: serde_json::Error },
    #[error("this is not proto3 JSON of {message}: at {at}: {err}")]
    Field { message: String, at: String, err: serde_json::Error },
    #[error("{at}: \"{text}\" is not hex bytes ({err}); bytes in an arbiter-export/v1 file are lowercase hex")]
    Hex { at: String, text: String, err: hex::FromHexError },
}

fn pool() -> Result<&'static DescriptorPool, JsonError> {
    static POOL: OnceLock<Result<DescriptorPool, String>> = OnceLock::new();
    POOL.get_or_init(|| DescriptorPool::decode(crate::FILE_DESCRIPTOR_SET).map_err(|e| e.to_string())).as_ref().map_err(|e| JsonError::Descriptors(e.clone()))
}

/// The descriptor of the message called `full_name` (e.g. `arbiter.log.v1.MatchExport`).
fn descriptor(full_name: &str) -> Result<MessageDescriptor, JsonError> {
    pool()?.get_message_by_name(full_name).ok_or_else(|| JsonError::UnknownMessage(full_name.to_string()))
}

const SERIALIZE: SerializeOptions = SerializeOptions::new().use_proto_field_name(true).stringify_64_bit_integers(false).skip_default_fields(false);

/// A message ready to be serialized as proto3 JSON (with serde: `serde_json::to_string_pretty`,
/// or `#[serde(flatten)]` inside a document that adds its own fields).
pub struct AsJson(DynamicMessage);

impl AsJson {
    /// `msg`, whose proto name is `full_name`.
    pub fn new<M: prost::Message>(msg: &M, full_name: &str) -> Result<AsJson, JsonError> {
        let desc = descriptor(full_name)?;
        let dynamic =
            DynamicMessage::decode(desc, msg.encode_to_vec().as_slice()).map_err(|err| JsonError::Transcode { message: full_name.to_string(), err })?;
        Ok(AsJson(dynamic))
    }
}

impl Serialize for AsJson {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize_with_options(serializer, &SERIALIZE)
    }
}

/// The proto3 JSON of `msg` as a value.
pub fn to_value<M: prost::Message>(msg: &M, full_name: &str) -> Result<serde_json::Value, JsonError> {
    serde_json::to_value(AsJson::new(msg, full_name)?).map_err(|err| JsonError::Json { message: full_name.to_string(), err })
}

/// The message `full_name` that `value` is the proto3 JSON of. Unknown fields are refused, and so
/// is a oneof with two members set.
pub fn from_value<M: prost::Message + Default>(value: serde_json::Value, full_name: &str) -> Result<M, JsonError> {
    let desc = descriptor(full_name)?;
    let dynamic = match DynamicMessage::deserialize_with_options(desc.clone(), &value, &DeserializeOptions::new()) {
        Ok(d) => d,
        Err(err) => {
            let message = full_name.to_string();
            return Err(match locate(&desc, &value) {
                Some(at) => JsonError::Field { message, at, err },
                None => JsonError::Json { message, err },
            });
        }
    };
    dynamic.transcode_to::<M>().map_err(|err| JsonError::Transcode { message: full_name.to_string(), err })
}

fn parses(desc: &MessageDescriptor, value: &serde_json::Value) -> bool {
    DynamicMessage::deserialize_with_options(desc.clone(), value, &DeserializeOptions::new()).is_ok()
}

/// The path of the first field of `value` that does not read as `desc` (`input.draw.signature`),
/// so that an error names it: each field is tried alone, then the failing one is searched in.
fn locate(desc: &MessageDescriptor, value: &serde_json::Value) -> Option<String> {
    let serde_json::Value::Object(map) = value else { return None };
    for (name, v) in map {
        let alone = serde_json::Value::Object(serde_json::Map::from_iter([(name.clone(), v.clone())]));
        if parses(desc, &alone) {
            continue;
        }
        let inner = desc.get_field_by_name(name).or_else(|| desc.get_field_by_json_name(name)).and_then(|f| {
            let Kind::Message(m) = f.kind() else { return None };
            match v {
                _ if f.is_map() => None,
                serde_json::Value::Array(items) if f.is_list() => items
                    .iter()
                    .enumerate()
                    .find_map(|(i, item)| (!parses(&m, item)).then(|| locate(&m, item).map_or(format!("[{i}]"), |p| format!("[{i}].{p}")))),
                _ => locate(&m, v).map(|p| format!(".{p}")),
            }
        });
        return Some(format!("{name}{}", inner.unwrap_or_default()));
    }
    None
}

/// Rewrite, in place, every `bytes` field of the message `full_name` in `value` from lowercase
/// hex (Arbiter's export format v1) to the base64 of proto3 JSON. Follows the message's fields
/// (nested messages, lists, map values); fields it does not know are left for the reader to refuse.
pub fn hex_bytes_to_base64(value: &mut serde_json::Value, full_name: &str) -> Result<(), JsonError> {
    let desc = descriptor(full_name)?;
    rewrite_message(value, &desc, full_name)
}

fn rewrite_message(value: &mut serde_json::Value, desc: &MessageDescriptor, at: &str) -> Result<(), JsonError> {
    let serde_json::Value::Object(map) = value else { return Ok(()) };
    for (name, v) in map.iter_mut() {
        let Some(field) = desc.get_field_by_name(name).or_else(|| desc.get_field_by_json_name(name)) else { continue };
        let here = format!("{at}.{name}");
        if field.is_map() {
            let Kind::Message(entry) = field.kind() else { continue };
            if let serde_json::Value::Object(entries) = v {
                for (key, item) in entries.iter_mut() {
                    rewrite_single(item, &entry.map_entry_value_field().kind(), &format!("{here}[{key}]"))?;
                }
            }
        } else if field.is_list() {
            if let serde_json::Value::Array(items) = v {
                for (i, item) in items.iter_mut().enumerate() {
                    rewrite_single(item, &field.kind(), &format!("{here}[{i}]"))?;
                }
            }
        } else {
            rewrite_single(v, &field.kind(), &here)?;
        }
    }
    Ok(())
}

fn rewrite_single(value: &mut serde_json::Value, kind: &Kind, at: &str) -> Result<(), JsonError> {
    match (kind, &mut *value) {
        (Kind::Bytes, serde_json::Value::String(text)) => {
            let bytes = hex::decode(text.trim()).map_err(|err| JsonError::Hex { at: at.to_string(), text: text.clone(), err })?;
            *text = base64::engine::general_purpose::STANDARD.encode(bytes);
            Ok(())
        }
        (Kind::Message(m), _) => rewrite_message(value, m, at),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::log_v1 as l;

    #[test]
    fn a_message_round_trips_through_proto3_json_with_base64_bytes_and_proto_names() {
        let msg = l::SeatJoined { seat: 1, entropy: vec![0xab, 0xcd], token_hash: vec![], seat_public_key: vec![] };
        let v = to_value(&msg, "arbiter.log.v1.SeatJoined").unwrap();
        assert_eq!(v, serde_json::json!({"seat": 1, "entropy": "q80=", "token_hash": "", "seat_public_key": ""}));
        let back: l::SeatJoined = from_value(v, "arbiter.log.v1.SeatJoined").unwrap();
        assert_eq!(back, msg);
        // lowerCamelCase names are read too; unknown fields are refused.
        let c: l::Commit = from_value(serde_json::json!({"matchId": "m", "version": "3"}), "arbiter.log.v1.Commit").unwrap();
        assert_eq!((c.match_id.as_str(), c.version), ("m", 3));
        // 64-bit integers are printed as numbers.
        assert_eq!(to_value(&c, "arbiter.log.v1.Commit").unwrap()["version"], serde_json::json!(3));
        assert!(from_value::<l::Commit>(serde_json::json!({"nope": 1}), "arbiter.log.v1.Commit").is_err());
        // An error names the field, however deep.
        let bad = serde_json::json!({"version": "1", "input": {"draw": {"values": [1], "signature": "not base64!"}}});
        let err = from_value::<l::Commit>(bad, "arbiter.log.v1.Commit").unwrap_err().to_string();
        assert!(err.contains("at input.draw.signature:"), "{err}");
    }

    #[test]
    fn hex_bytes_are_found_by_the_descriptor_nested_and_in_lists() {
        let mut v = serde_json::json!({
            "match_id": "m",
            "commits": [{"version": 1, "prev_hash": "00ff", "input": {"created": {"join_code_hashes": ["01", "02"]}}}],
            "stored_commits": ["0a"]
        });
        hex_bytes_to_base64(&mut v, "arbiter.log.v1.MatchExport").unwrap();
        assert_eq!(v["commits"][0]["prev_hash"], "AP8=");
        assert_eq!(v["commits"][0]["input"]["created"]["join_code_hashes"][1], "Ag==");
        assert_eq!(v["stored_commits"][0], "Cg==");
        assert_eq!(v["match_id"], "m");
        let mut bad = serde_json::json!({"stored_commits": ["zz"]});
        let err = hex_bytes_to_base64(&mut bad, "arbiter.log.v1.MatchExport").unwrap_err().to_string();
        assert!(err.contains("stored_commits[0]"), "{err}");
    }
}
