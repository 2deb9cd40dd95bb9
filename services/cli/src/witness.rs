//! A witness of a match: a saved copy of the public feed (`docs/feed.md`), one JSON message
//! per line exactly as the feed published it, and its comparison with an export
//! (`arbiter audit --witness`).
//!
//! Every feed update carries its commit's chain hash (`fairness::chain::commit_hash` of the
//! stored bytes), the result the hash of the ending commit. Whoever kept the feed therefore
//! holds, outside the operator's reach, the hashes of the history as it was published live. A
//! history rewritten later, even re-signed with the orchestrator key, has other stored bytes,
//! hence other hashes: it fails against the witness, at the first rewritten version the
//! witness holds.
//!
//! Must never: take a line it cannot read for a message of another match (a damaged witness is
//! an error naming the line), or call a version witnessed that the file does not hold.

use std::collections::BTreeMap;
use std::fmt;
use std::io::BufRead;

use api::log_v1::MatchExport;
use api::rules_v1 as r;
use feed::view::{FeedResult, FeedUpdate};

/// A witness file that cannot be used, and what to do about it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WitnessError {
    #[error(
        "line {line} of the witness is not a feed message: {detail}. A witness holds one JSON message of the feed per \
         line, exactly as it was published (`arbiter feed save`, or `nats sub --raw 'feed.>'`)"
    )]
    Line { line: usize, detail: String },
    #[error(
        "the witness holds no feed message of match {match_id} ({other} messages of other matches): it must be the feed \
         saved while this match was published (subject `feed.*.{match_id}.>`)"
    )]
    NoMessages { match_id: String, other: usize },
    #[error(
        "the witness holds {messages} feed messages of match {match_id}, but none carries a chain hash (they were \
         published before the feed carried one): it cannot witness an export"
    )]
    NoHashes { match_id: String, messages: usize },
}

/// One message of the witness as the comparison needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Seen {
    hash: [u8; 32],
    written_at_ms: i64,
    /// Its line in the file (1-based).
    line: usize,
}

/// What a witness file says about one match.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Witness {
    pub match_id: String,
    /// The first update of each version the file holds with a chain hash.
    updates: BTreeMap<u64, Seen>,
    /// Versions published twice with different hashes: (version, first line, later line).
    conflicts: Vec<(u64, usize, usize)>,
    /// The match's result: the ending version and the first result message.
    result: Option<(u64, Seen)>,
    /// A second result with another version or hash: (its version, its line).
    result_conflict: Option<(u64, usize)>,
    /// Messages of the match without a chain hash (published before the feed carried it).
    pub unhashed: usize,
    /// Messages of other matches in the file (ignored).
    pub other: usize,
}

impl Witness {
    /// How many versions of the match the witness holds with a chain hash.
    pub fn versions(&self) -> usize {
        self.updates.len()
    }
}

fn parse_hash(text: &str) -> Result<Option<[u8; 32]>, String> {
    if text.is_empty() {
        return Ok(None);
    }
    let bytes = hex::decode(text).map_err(|e| format!("its chain_hash is not hex: {e}"))?;
    let hash: [u8; 32] = bytes.try_into().map_err(|b: Vec<u8>| format!("its chain_hash has {} bytes, not 32", b.len()))?;
    Ok(Some(hash))
}

/// Read the messages of match `match_id` from a witness file's text. Empty lines are ignored,
/// and so are messages of other matches (counted); any other line that is not a feed message
/// (an update or a result, as `docs/feed.md` gives them) is an error naming it. A witness with
/// no message of the match is an error too: it witnesses nothing.
pub fn read_witness(text: &str, match_id: &str) -> Result<Witness, WitnessError> {
    read_witness_from(text.as_bytes(), match_id)
}

/// [`read_witness`] line by line from `input` (a file of a whole tournament's feed need not fit
/// in memory at once).
pub fn read_witness_from(input: impl BufRead, match_id: &str) -> Result<Witness, WitnessError> {
    let mut witness = Witness { match_id: match_id.to_string(), ..Witness::default() };
    let mut any = false;
    for (i, raw) in input.lines().enumerate() {
        let line = i + 1;
        let bad = |detail: String| WitnessError::Line { line, detail };
        let raw = raw.map_err(|e| bad(format!("it cannot be read as UTF-8 text ({e})")))?;
        let raw = raw.trim();
        if raw.is_empty() {
            continue;
        }
        let value: serde_json::Value = serde_json::from_str(raw).map_err(|e| bad(format!("it is not JSON ({e})")))?;
        let object = value.as_object().ok_or_else(|| bad("it is not a JSON object".into()))?;
        let id = object.get("match_id").and_then(|v| v.as_str()).ok_or_else(|| bad("it has no \"match_id\"".into()))?;
        if id != match_id {
            witness.other += 1;
            continue;
        }
        any = true;
        if object.contains_key("winners") {
            let result: FeedResult = serde_json::from_value(value).map_err(|e| bad(format!("it is not a feed result ({e})")))?;
            let Some(hash) = parse_hash(&result.chain_hash).map_err(bad)? else {
                witness.unhashed += 1;
                continue;
            };
            let seen = Seen { hash, written_at_ms: result.ended_at_ms, line };
            match &witness.result {
                None => witness.result = Some((result.version, seen)),
                Some((version, first)) if (*version, first.hash) != (result.version, hash) => {
                    witness.result_conflict.get_or_insert((result.version, line));
                }
                Some(_) => {}
            }
        } else {
            let update: FeedUpdate = serde_json::from_value(value).map_err(|e| bad(format!("it is not a feed update ({e})")))?;
            let Some(hash) = parse_hash(&update.chain_hash).map_err(bad)? else {
                witness.unhashed += 1;
                continue;
            };
            match witness.updates.get(&update.version) {
                None => {
                    witness.updates.insert(update.version, Seen { hash, written_at_ms: update.written_at_ms, line });
                }
                Some(first) if first.hash != hash => witness.conflicts.push((update.version, first.line, line)),
                Some(_) => {}
            }
        }
    }
    if !any {
        return Err(WitnessError::NoMessages { match_id: match_id.to_string(), other: witness.other });
    }
    if witness.updates.is_empty() && witness.result.is_none() {
        return Err(WitnessError::NoHashes { match_id: match_id.to_string(), messages: witness.unhashed });
    }
    Ok(witness)
}

/// Why an export does not match its witness: the first version at which it differs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WitnessMismatch {
    pub version: u64,
    pub detail: String,
}

impl fmt::Display for WitnessMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.detail)
    }
}

/// Versions as ranges: `1-12, 15, 17-20`.
fn ranges(versions: impl IntoIterator<Item = u64>) -> String {
    let mut out: Vec<(u64, u64)> = Vec::new();
    for v in versions {
        match out.last_mut() {
            Some((_, end)) if *end + 1 == v => *end = v,
            _ => out.push((v, v)),
        }
    }
    out.iter().map(|(a, b)| if a == b { a.to_string() } else { format!("{a}-{b}") }).collect::<Vec<_>>().join(", ")
}

/// Compare `export` with what the feed published of it: every witnessed version's chain hash
/// must be the hash of the export's stored bytes of that version, and the witnessed result must
/// name the export's ending commit and its hash. Returns a summary (what the witness covers and
/// what it does not), or the first mismatch by version.
pub fn check_witness(export: &MatchExport, witness: &Witness) -> Result<String, WitnessMismatch> {
    let fail = |version: u64, detail: String| WitnessMismatch { version, detail };
    if export.stored_commits.is_empty() {
        return Err(fail(1, "the export has no stored commit bytes (an unsigned log, format 1): there is no chain hash to compare with the witness".into()));
    }
    let hashes: Vec<[u8; 32]> = export.stored_commits.iter().map(|s| fairness::chain::commit_hash(s)).collect();
    let last = hashes.len() as u64;
    let ending =
        export.commits.iter().find(|c| matches!(c.awaiting.as_ref().and_then(|a| a.what.as_ref()), Some(r::awaiting::What::Ended(_)))).map(|c| c.version);
    // Every witnessed fact as (version, what it says), checked in version order so that the
    // first rewritten version is the one named.
    let mut facts: Vec<(u64, Result<(), String>)> = Vec::new();
    for (version, line, later) in &witness.conflicts {
        facts.push((
            *version,
            Err(format!(
                "the feed published version {version} twice with different chain hashes (lines {line} and {later} of the \
                 witness): the match's log was changed after that version was first published"
            )),
        ));
    }
    let compare = |version: u64, seen: &Seen, what: &str| -> Result<(), String> {
        let published = hex::encode(seen.hash);
        match hashes.get((version as usize).wrapping_sub(1)) {
            Some(hash) if *hash == seen.hash => Ok(()),
            Some(hash) => Err(format!(
                "the export's version {version} is not what the feed published live at {} (Unix ms; {what} on line {} of the \
                 witness): hash {}, published {published}. The history was changed after it was published",
                seen.written_at_ms,
                seen.line,
                hex::encode(hash)
            )),
            None => Err(format!(
                "the feed published version {version} live at {} (Unix ms; {what} on line {} of the witness), but the export \
                 ends at version {last}: the history was cut after it was published",
                seen.written_at_ms, seen.line
            )),
        }
    };
    for (version, seen) in &witness.updates {
        facts.push((*version, compare(*version, seen, "its update")));
    }
    if let Some((version, seen)) = &witness.result {
        let named = match ending {
            Some(end) if end != *version => Err(format!(
                "the feed's result (line {} of the witness) says the match ended with version {version}, but the export's \
                 ending commit is version {end}",
                seen.line
            )),
            None => Err(format!(
                "the feed's result (line {} of the witness) says the match ended with version {version}, but no commit of the \
                 export ends it",
                seen.line
            )),
            Some(_) => compare(*version, seen, "its result"),
        };
        facts.push((*version, named));
    }
    if let Some((version, line)) = witness.result_conflict {
        facts.push((
            version,
            Err(format!(
                "the feed published a second, different result for this match (line {line} of the witness): its log was changed after its end was published"
            )),
        ));
    }
    facts.sort_by_key(|(v, _)| *v);
    if let Some((version, Err(detail))) = facts.into_iter().find(|(_, f)| f.is_err()) {
        return Err(fail(version, detail));
    }

    let witnessed: Vec<u64> = witness.updates.keys().copied().collect();
    let missing: Vec<u64> = (1..=last).filter(|v| !witness.updates.contains_key(v)).collect();
    let mut summary = if witnessed.is_empty() {
        "no update of the match in the witness carries a chain hash".to_string()
    } else {
        format!("{} of {last} versions witnessed ({}), each the very commit the feed published live", witnessed.len(), ranges(witnessed.iter().copied()))
    };
    match &witness.result {
        Some((version, _)) => summary.push_str(&format!("; the feed's result names the ending commit, version {version}")),
        None => summary.push_str("; the witness holds no result of the match"),
    }
    let top = witnessed.last().copied().max(witness.result.as_ref().map(|(v, _)| *v)).unwrap_or(0);
    if top > 1 {
        // Each commit holds the hash of the one before, so the highest witnessed version fixes
        // every commit before it (with the signed-log check that the chain holds).
        summary.push_str(&format!("; through the chain, version {top} fixes every commit before it"));
    }
    let after: Vec<u64> = missing.iter().copied().filter(|v| *v > top).collect();
    if !after.is_empty() {
        summary.push_str(&format!("; versions {} were not witnessed: the witness says nothing about them", ranges(after)));
    }
    if witness.unhashed > 0 {
        summary
            .push_str(&format!("; {} messages of the match carry no chain hash (published before the feed carried it) and witness nothing", witness.unhashed));
    }
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn export() -> MatchExport {
        crate::simulate::simulate_match("mainframe", 2, 21).expect("a simulated match")
    }

    /// The feed of `export` as the projector publishes it, one JSON message per line, with the
    /// result after the ending commit's update.
    fn feed_of(export: &MatchExport) -> Vec<String> {
        let mut projection = feed::view::Projection::new(None);
        let mut lines = Vec::new();
        for stored in &export.stored_commits {
            let projected = projection.accept(&export.match_id, stored).expect("an honest commit projects");
            lines.push(serde_json::to_string(&projected.update).unwrap());
            if let Some((_, result)) = projected.result {
                lines.push(serde_json::to_string(&result).unwrap());
            }
        }
        lines
    }

    /// Whether a line of [`feed_of`] is the result (events may have a `winners` detail too).
    fn is_result(line: &str) -> bool {
        serde_json::from_str::<serde_json::Value>(line).unwrap().get("winners").is_some()
    }

    fn other_match_line() -> String {
        let other = crate::simulate::simulate_match("mainframe", 2, 22).expect("another match");
        feed_of(&other).remove(0)
    }

    #[test]
    fn a_witness_of_the_same_history_matches_and_says_what_it_covers() {
        let export = export();
        let mut lines = feed_of(&export);
        // Mixed with another match's messages, empty lines and a duplicate save of one version.
        lines.insert(3, other_match_line());
        lines.insert(5, String::new());
        lines.push(lines[2].clone());
        let witness = read_witness(&lines.join("\n"), &export.match_id).unwrap();
        assert_eq!((witness.versions(), witness.other), (export.commits.len(), 1));
        let summary = check_witness(&export, &witness).unwrap();
        let n = export.commits.len();
        assert!(summary.starts_with(&format!("{n} of {n} versions witnessed (1-{n})")), "{summary}");
        assert!(summary.contains("the feed's result names the ending commit"), "{summary}");
        assert!(!summary.contains("not witnessed"), "{summary}");
    }

    #[test]
    fn a_witness_of_part_of_the_match_says_which_versions_it_did_not_witness() {
        let export = export();
        let lines: Vec<String> = feed_of(&export).into_iter().filter(|l| !is_result(l)).take(10).collect();
        let witness = read_witness(&lines.join("\n"), &export.match_id).unwrap();
        let summary = check_witness(&export, &witness).unwrap();
        let n = export.commits.len();
        assert!(summary.contains(&format!("10 of {n} versions witnessed (1-10)")), "{summary}");
        assert!(summary.contains(&format!("versions 11-{n} were not witnessed")), "{summary}");
        assert!(summary.contains("holds no result"), "{summary}");
    }

    #[test]
    fn an_export_with_one_changed_version_fails_naming_that_version() {
        let export = export();
        let witness = read_witness(&feed_of(&export).join("\n"), &export.match_id).unwrap();
        let mut changed = export.clone();
        let i = 6;
        changed.stored_commits[i][10] ^= 1;
        let err = check_witness(&changed, &witness).unwrap_err();
        assert_eq!(err.version, i as u64 + 1);
        let expected = format!("the export's version {} is not what the feed published live at ", i + 1);
        assert!(err.detail.starts_with(&expected), "{err}");
        assert!(err.detail.contains(&hex::encode(fairness::chain::commit_hash(&export.stored_commits[i]))), "the published hash: {err}");
        assert!(err.detail.contains(&hex::encode(fairness::chain::commit_hash(&changed.stored_commits[i]))), "the export's hash: {err}");
        // A history cut short fails at the first version it lacks.
        let mut cut = export.clone();
        cut.stored_commits.truncate(5);
        cut.commits.truncate(5);
        let err = check_witness(&cut, &witness).unwrap_err();
        assert_eq!(err.version, 6, "{err}");
        assert!(err.detail.contains("ends at version 5"), "{err}");
    }

    #[test]
    fn a_result_naming_another_ending_or_a_version_published_twice_fails() {
        let export = export();
        let lines = feed_of(&export);
        let at = lines.iter().position(|l| is_result(l)).unwrap();
        let mut result: serde_json::Value = serde_json::from_str(&lines[at]).unwrap();
        let ending = result["version"].as_u64().unwrap();
        result["version"] = serde_json::Value::from(ending - 1);
        let mut moved = lines.clone();
        moved[at] = result.to_string();
        let err = check_witness(&export, &read_witness(&moved.join("\n"), &export.match_id).unwrap()).unwrap_err();
        assert_eq!(err.version, ending - 1);
        assert!(err.detail.contains(&format!("ending commit is version {ending}")), "{err}");
        // Version 4 again, with another hash (a feed re-projected from a rewritten log).
        let mut twice = lines.clone();
        let mut again: serde_json::Value = serde_json::from_str(&lines[3]).unwrap();
        again["chain_hash"] = serde_json::Value::from("00".repeat(32));
        twice.push(again.to_string());
        let err = check_witness(&export, &read_witness(&twice.join("\n"), &export.match_id).unwrap()).unwrap_err();
        assert_eq!(err.version, 4);
        assert!(err.detail.contains(&format!("twice with different chain hashes (lines 4 and {} of the witness)", twice.len())), "{err}");
    }

    #[test]
    fn a_witness_without_the_match_or_with_a_garbage_line_is_refused_naming_it() {
        let export = export();
        let err = read_witness(&format!("{}\n\n", other_match_line()), &export.match_id).unwrap_err();
        assert_eq!(err, WitnessError::NoMessages { match_id: export.match_id.clone(), other: 1 });
        assert!(err.to_string().contains(&format!("no feed message of match {}", export.match_id)), "{err}");
        let err = read_witness("", &export.match_id).unwrap_err();
        assert!(matches!(err, WitnessError::NoMessages { other: 0, .. }), "{err}");
        let mut bytes = format!("{}\n", feed_of(&export)[0]).into_bytes();
        bytes.extend_from_slice(b"\xff\xfe\n");
        let err = read_witness_from(bytes.as_slice(), &export.match_id).unwrap_err();
        assert!(matches!(err, WitnessError::Line { line: 2, .. }) && err.to_string().contains("UTF-8"), "{err}");

        let mut lines = feed_of(&export);
        for (garbage, why) in [("this is not json", "not JSON"), ("[1, 2]", "not a JSON object"), ("{\"version\": 3}", "no \"match_id\"")] {
            let mut bad = lines.clone();
            bad.insert(2, garbage.to_string());
            let err = read_witness(&bad.join("\n"), &export.match_id).unwrap_err();
            assert!(matches!(err, WitnessError::Line { line: 3, .. }), "{garbage}: {err}");
            assert!(err.to_string().contains("line 3") && err.to_string().contains(why), "{err}");
        }
        // A message of the match whose hash is not one.
        let mut update: serde_json::Value = serde_json::from_str(&lines[1]).unwrap();
        update["chain_hash"] = serde_json::Value::from("xyz");
        lines[1] = update.to_string();
        let err = read_witness(&lines.join("\n"), &export.match_id).unwrap_err();
        assert!(matches!(err, WitnessError::Line { line: 2, .. }) && err.to_string().contains("not hex"), "{err}");
    }

    #[test]
    fn messages_published_before_the_feed_carried_the_hash_witness_nothing() {
        let export = export();
        let unhashed = |lines: &[String]| -> Vec<String> {
            lines
                .iter()
                .map(|l| {
                    let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
                    v.as_object_mut().unwrap().remove("chain_hash");
                    v.to_string()
                })
                .collect()
        };
        let lines = feed_of(&export);
        let err = read_witness(&unhashed(&lines).join("\n"), &export.match_id).unwrap_err();
        assert_eq!(err, WitnessError::NoHashes { match_id: export.match_id.clone(), messages: lines.len() });
        // Old messages next to new ones: only the new ones witness, and the summary says so.
        let mut mixed = unhashed(&lines[..3]);
        mixed.extend(lines[3..].iter().filter(|l| !is_result(l)).cloned());
        let witness = read_witness(&mixed.join("\n"), &export.match_id).unwrap();
        assert_eq!((witness.versions(), witness.unhashed), (export.commits.len() - 3, 3));
        let summary = check_witness(&export, &witness).unwrap();
        let n = export.commits.len();
        assert!(summary.contains(&format!("{} of {n} versions witnessed (4-{n})", n - 3)), "{summary}");
        assert!(summary.contains("3 messages of the match carry no chain hash"), "{summary}");
    }
}
