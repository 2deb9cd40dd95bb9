//! The export file: `arbiter.log.v1.MatchExport` as proto3 JSON, plus the file's format name.
//!
//! The JSON comes from the protobuf messages themselves ([`api::json`], the proto3 JSON mapping
//! computed from the descriptors), so the file cannot drift from the log protos: a field added to
//! a message is in the next export. Field names are the proto names and bytes are base64, as the
//! mapping defines; 64-bit integers are plain numbers and default values are printed (see
//! [`api::json`]).
//!
//! ```json
//! { "format": "arbiter-export/v2", "match_id": "…", "commits": [
//!   { "match_id": "…", "version": 5, "input": { "draw": { "request": { "index": 0,
//!     "purpose": "…", "shuffle": 40 }, "values": [3, 17, …], "signature": "n…" } },
//!     "events": [ … ], "rules_version": "mainframe-3", "written_at_ms": 1700000000000,
//!     "awaiting": { "draw": { … } }, "log_format": 2, "prev_hash": "…", "signature": "…" } ],
//!   "stored_commits": [ "CgI…", … ] }
//! ```
//!
//! A signed log (format 2, `docs/log.md`) also carries each commit's stored bytes
//! (`stored_commits`, one per commit): the audit checks the hash chain and the signatures on
//! them, and requires the readable commits to be exactly what they decode to, so an edit of the
//! readable part is caught.
//!
//! Files of the earlier format `arbiter-export/v1` (a hand-written mirror: bytes as hex, each
//! commit's stored bytes in its `stored`, a choice's ids directly under `pick` / `order` /
//! `split`) are still read: [`v1_to_proto_json`] turns one into the proto3 JSON above.

use std::path::Path;

use api::json::{self, AsJson, JsonError};
use api::log_v1 as l;
use serde::Serialize;
use serde_json::{Map, Value};

/// The `format` value of files written by this version.
pub const FORMAT: &str = "arbiter-export/v2";
/// The earlier format, still read.
pub const FORMAT_V1: &str = "arbiter-export/v1";

const EXPORT: &str = "arbiter.log.v1.MatchExport";
const COMMIT: &str = "arbiter.log.v1.Commit";

/// Why an export file cannot become a `MatchExport`.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error("the export is not valid JSON: {0}")]
    Json(#[from] serde_json::Error),
    #[error("unsupported export format \"{0}\" (this arbiter reads {FORMAT} and {FORMAT_V1})")]
    Format(String),
    #[error("{at}: {err}")]
    Proto { at: String, err: JsonError },
    #[error("{at}: {msg}")]
    Shape { at: String, msg: String },
    #[error("cannot read or write {path}: {err}")]
    Io { path: String, err: std::io::Error },
    #[error("the export from the server does not decode as arbiter.log.v1.MatchExport: {0}")]
    Decode(#[from] prost::DecodeError),
}

impl ExportError {
    fn shape(at: &str, msg: impl Into<String>) -> Self {
        ExportError::Shape { at: at.to_string(), msg: msg.into() }
    }
    fn proto(at: &str, err: JsonError) -> Self {
        ExportError::Proto { at: at.to_string(), err }
    }
}

/// The file: its format name, then the export's own fields.
#[derive(Serialize)]
struct File<'a> {
    format: &'static str,
    #[serde(flatten)]
    export: &'a AsJson,
}

/// The JSON document of an export (what `arbiter export` writes).
pub fn to_json(export: &l::MatchExport) -> Result<Value, ExportError> {
    let export = AsJson::new(export, EXPORT).map_err(|e| ExportError::proto("the export", e))?;
    Ok(serde_json::to_value(File { format: FORMAT, export: &export })?)
}

/// Where commit `i` of a document is, for error messages.
fn commit_at(i: usize, commit: &Value) -> String {
    let version = match &commit["version"] {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        _ => "?".into(),
    };
    format!("commit #{} (version {version})", i + 1)
}

/// The `MatchExport` a JSON document (of either format) stands for. Says where a malformed file
/// is wrong: the commit, then what the proto3 JSON reader found.
pub fn from_json(doc: &Value) -> Result<l::MatchExport, ExportError> {
    let mut doc = doc.clone();
    let Value::Object(map) = &mut doc else {
        return Err(ExportError::shape("the export", "is not a JSON object"));
    };
    let format = match map.remove("format") {
        Some(Value::String(f)) => f,
        _ => return Err(ExportError::shape("the export", format!("has no \"format\" (expected \"{FORMAT}\")"))),
    };
    match format.as_str() {
        FORMAT => {}
        FORMAT_V1 => v1_to_proto_json(map)?,
        _ => return Err(ExportError::Format(format)),
    }
    // Commit by commit, so that an error names the commit.
    let commits = match map.remove("commits") {
        Some(Value::Array(c)) => c,
        None => Vec::new(),
        Some(_) => return Err(ExportError::shape("the export", "\"commits\" is not a list")),
    };
    let mut parsed = Vec::with_capacity(commits.len());
    for (i, c) in commits.into_iter().enumerate() {
        let at = commit_at(i, &c);
        parsed.push(json::from_value::<l::Commit>(c, COMMIT).map_err(|e| ExportError::proto(&at, e))?);
    }
    let mut export: l::MatchExport = json::from_value(doc, EXPORT).map_err(|e| ExportError::proto("the export", e))?;
    export.commits = parsed;
    Ok(export)
}

/// Turn a v1 document (without its `format`) into proto3 JSON, in place.
pub fn v1_to_proto_json(map: &mut Map<String, Value>) -> Result<(), ExportError> {
    let match_id = map.get("match_id").cloned().unwrap_or(Value::String(String::new()));
    let mut stored = Vec::new();
    let mut with_stored = 0;
    let commits = map.get_mut("commits").and_then(Value::as_array_mut).map(std::mem::take).unwrap_or_default();
    let count = commits.len();
    let mut out = Vec::with_capacity(count);
    for (i, mut commit) in commits.into_iter().enumerate() {
        let at = commit_at(i, &commit);
        let Value::Object(c) = &mut commit else { return Err(ExportError::shape(&at, "is not a JSON object")) };
        // v1 left out a commit's match_id when it was the export's.
        c.entry("match_id").or_insert_with(|| match_id.clone());
        if let Some(s) = c.remove("stored") {
            with_stored += 1;
            stored.push(s);
        }
        if let Some(choice) = commit.pointer_mut("/input/decision/decision/choice") {
            v1_choice(choice, &at)?;
        }
        let mut one = commit;
        json::hex_bytes_to_base64(&mut one, COMMIT).map_err(|e| ExportError::proto(&at, e))?;
        out.push(one);
    }
    // The stored bytes come with every commit or with none (a format-1 log).
    if with_stored != 0 && with_stored != count {
        return Err(ExportError::shape(
            "the export",
            format!("{with_stored} of {count} commits have \"stored\" bytes: each commit needs its stored bytes, or none"),
        ));
    }
    let mut stored = Value::Array(stored);
    if with_stored != 0 {
        let mut holder = Value::Object(Map::from_iter([("stored_commits".to_string(), stored)]));
        json::hex_bytes_to_base64(&mut holder, EXPORT).map_err(|e| ExportError::proto("the stored commits", e))?;
        stored = holder["stored_commits"].take();
        map.insert("stored_commits".into(), stored);
    }
    map.insert("commits".into(), Value::Array(out));
    Ok(())
}

/// v1 wrote a choice's ids directly under its member; the messages wrap them.
fn v1_choice(choice: &mut Value, at: &str) -> Result<(), ExportError> {
    let Value::Object(c) = choice else { return Err(ExportError::shape(at, "a choice is not a JSON object")) };
    for (member, field) in [("pick", "option_ids"), ("order", "item_ids"), ("split", "parts")] {
        if let Some(v) = c.get_mut(member) {
            if v.is_array() {
                let list = v.take();
                *v = Value::Object(Map::from_iter([(field.to_string(), list)]));
            }
        }
    }
    Ok(())
}

/// Decode the bytes `ExportMatch` returns.
pub fn decode_export(bytes: &[u8]) -> Result<l::MatchExport, ExportError> {
    Ok(<l::MatchExport as prost::Message>::decode(bytes)?)
}

/// The export as pretty JSON text (what `arbiter export` writes).
pub fn to_json_string(export: &l::MatchExport) -> Result<String, ExportError> {
    let export = AsJson::new(export, EXPORT).map_err(|e| ExportError::proto("the export", e))?;
    let mut s = serde_json::to_string_pretty(&File { format: FORMAT, export: &export })?;
    s.push('\n');
    Ok(s)
}

/// Parse export JSON text (either format) into a `MatchExport`.
pub fn from_json_str(text: &str) -> Result<l::MatchExport, ExportError> {
    let doc: Value = serde_json::from_str(text)?;
    from_json(&doc)
}

/// Read an export file.
pub fn read_file(path: &Path) -> Result<l::MatchExport, ExportError> {
    let text = std::fs::read_to_string(path).map_err(|err| ExportError::Io { path: path.display().to_string(), err })?;
    from_json_str(&text)
}

/// Write an export file.
pub fn write_file(path: &Path, export: &l::MatchExport) -> Result<(), ExportError> {
    let text = to_json_string(export)?;
    std::fs::write(path, text).map_err(|err| ExportError::Io { path: path.display().to_string(), err })
}
