//! What the index tells about the periods of a log with periods (docs/architecture.md,
//! "Leaving the hot log"): the matches still open past the maximum age, and the matches of one
//! period. From this orchestrator's copy, never from the log.

use super::*;

impl MatchIndex {
    /// The matches not ended whose id says they were made before `before_ms` (Unix ms): the
    /// ones past the maximum match age, for the closing ruling (`service::age`).
    pub fn open_created_before(&self, before_ms: i64) -> Vec<String> {
        let Ok(view) = self.view.read() else { return Vec::new() };
        let ended = m::MatchStatus::Ended as i32;
        view.by_status
            .iter()
            .filter(|(status, _)| *status != ended)
            .map(|(_, id)| id)
            .filter(|id| eventlog::layout::id_created_ms(id).and_then(|ms| i64::try_from(ms).ok()).is_some_and(|ms| ms < before_ms))
            .cloned()
            .collect()
    }

    /// The matches not ended and not archived whose id says they were made before `before_ms`:
    /// past the log's closing bound nothing can be appended to them any more, so their logs
    /// are final and the archiver seals them as they stand (a match nobody joined, which no
    /// ruling can end, or one the closing ruling missed), with `ended_at_ms` set to the moment
    /// the log closed them (`closed_after_ms` after their creation).
    pub fn final_unended(&self, before_ms: i64, closed_after_ms: i64) -> Vec<Entry> {
        let Ok(view) = self.view.read() else { return Vec::new() };
        let ended = m::MatchStatus::Ended as i32;
        view.by_status
            .iter()
            .filter(|(status, _)| *status != ended)
            .filter_map(|(_, id)| {
                let created = eventlog::layout::id_created_ms(id).and_then(|ms| i64::try_from(ms).ok())?;
                let entry = &view.by_id.get(id)?.entry;
                (created < before_ms && entry.archived_at_ms == 0).then(|| Entry { ended_at_ms: created.saturating_add(closed_after_ms), ..entry.clone() })
            })
            .collect()
    }

    /// Every entry of the matches of `period` in `layout` (one pass over the copy).
    pub fn of_period(&self, layout: &eventlog::Layout, period: u64) -> Vec<Entry> {
        let Ok(view) = self.view.read() else { return Vec::new() };
        view.by_id.values().map(|k| &k.entry).filter(|e| matches!(layout.period_of(&e.match_id), Ok(Some(t)) if t == period)).cloned().collect()
    }

    /// The matches not yet archived, by the stream that must hold them (their commits are in
    /// the hot log only): a stream missing from the log while it holds one is data lost.
    pub fn unsealed_by_stream(&self, layout: &eventlog::Layout) -> BTreeMap<String, Vec<String>> {
        let Ok(view) = self.view.read() else { return BTreeMap::new() };
        let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for entry in view.by_id.values().map(|k| &k.entry).filter(|e| e.archived_at_ms == 0) {
            if let Ok((stream, _)) = layout.place(&entry.match_id) {
                out.entry(stream).or_default().push(entry.match_id.clone());
            }
        }
        out
    }
}
