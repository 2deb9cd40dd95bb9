//! The bytes of a backup file, written by `arbiter backup` and read by `arbiter restore`.
//!
//! Every number is big-endian; a *chunk* is a u32 length and that many bytes.
//!
//! **Format 1** (a log without periods): the magic line `ARBITER-BACKUP 1\n`, then one record per
//! commit in stream order: tag `C`, then subject, msg id (chunks), the original stream sequence
//! (u64) and the payload (chunk); then the end record: tag `E` and the number of commits (u64).
//!
//! **Format 2** (a log with periods, docs/architecture.md, "Leaving the hot log"): the magic
//! line `ARBITER-BACKUP 2\n`, then
//! - `L`, the log's layout record as stored on `matches.layout` (chunk), once, first;
//! - per period stream copied: `S`, its name (chunk), then its commits as `C` records (as in
//!   format 1) in its stream order; a `C` record belongs to the last `S` before it;
//! - per archive of the bucket `MATCH_ARCHIVE`: `A`, the match id (chunk), the blob byte for
//!   byte (chunk);
//! - per match index entry carried (the archived matches no stream of the file holds, which a
//!   restored log could not project again): `I`, its key (chunk), its value (chunk);
//! - the end record: `E`, then the counts of commits, streams, archives and index entries (u64
//!   each).
//!
//! **Format 3** (a log with periods and its public feed; what `arbiter backup` writes for a log
//! with periods): the magic line `ARBITER-BACKUP 3\n`, then the records of format 2, then
//! - per message of the public feed's stream `FEED`, in its stream order: `F`, the subject, the
//!   msg id (chunks), the original stream sequence (u64), the number of other headers (u32) and
//!   each header's name and value (chunks), the payload (chunk);
//! - the end record: `E`, then the counts of commits, streams, archives, index entries and feed
//!   messages (u64 each).
//!
//! (The feed of a log without periods is rebuilt from its commits, all of which a format 1 file
//! holds, by the feed projector once the log is restored; an archived match whose stream left
//! can no longer be projected, hence the copy in format 3.)
//!
//! A file without its end record, or whose counts differ from what it holds, is incomplete and
//! is refused. Files of every format are read by the same [`Reader`].

use std::io::{Read, Write};

use anyhow::{bail, Context};

/// First line of a backup file of a log without periods.
pub const MAGIC: &[u8] = b"ARBITER-BACKUP 1\n";
/// First line of a backup file of a log with periods (read, no longer written).
pub const MAGIC_PERIODS: &[u8] = b"ARBITER-BACKUP 2\n";
/// First line of a backup file of a log with periods and its public feed.
pub const MAGIC_PERIODS_FEED: &[u8] = b"ARBITER-BACKUP 3\n";
const TAG_COMMIT: u8 = b'C';
const TAG_END: u8 = b'E';
const TAG_LAYOUT: u8 = b'L';
const TAG_STREAM: u8 = b'S';
const TAG_ARCHIVE: u8 = b'A';
const TAG_INDEX: u8 = b'I';
const TAG_FEED: u8 = b'F';
/// Most headers of one feed message accepted when reading a file.
const MAX_HEADERS: u32 = 64;
/// Longest subject, msg id, stream name or index key accepted when reading a file (NATS allows
/// far less).
const MAX_NAME: u32 = 4096;
/// Largest payload accepted when reading a file (NATS' own maximum is 64 MiB).
const MAX_PAYLOAD: u32 = 64 << 20;
/// Largest archive blob or index value accepted when reading a file: one match's whole log.
const MAX_BLOB: u32 = 1 << 30;

/// The match id of a `match.<id>.events` subject, or of a partitioned log's
/// `match.p<k>.<id>.events` (`eventlog::Layout`).
pub fn match_of(subject: &str) -> Option<&str> {
    let rest = subject.strip_prefix("match.")?.strip_suffix(".events")?;
    let id = match rest.split_once('.') {
        None => rest,
        Some((partition, id)) if partition_number(partition).is_some() => id,
        Some(_) => return None,
    };
    Some(id).filter(|id| eventlog::validate_match_id(id).is_ok())
}

/// The partition of a record's subject (`None` for the single legacy stream): a backup holds
/// each stream in stream order, one stream after the other.
pub fn partition_of(subject: &str) -> Option<usize> {
    let rest = subject.strip_prefix("match.")?.strip_suffix(".events")?;
    rest.split_once('.').and_then(|(partition, _)| partition_number(partition))
}

fn partition_number(token: &str) -> Option<usize> {
    token.strip_prefix('p')?.parse().ok()
}

/// One commit of a backup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub subject: String,
    pub msg_id: String,
    pub sequence: u64,
    pub payload: Vec<u8>,
}

/// One record of a backup file of either format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// The layout record of the log (format 2).
    Layout(Vec<u8>),
    /// The start of a period stream's commits (format 2).
    Stream(String),
    Commit(Record),
    /// The archive of a match, byte for byte (format 2).
    Archive {
        match_id: String,
        blob: Vec<u8>,
    },
    /// A match index entry (format 2).
    IndexEntry {
        key: String,
        value: Vec<u8>,
    },
    /// A message of the public feed, as stored (format 3).
    Feed(FeedRecord),
}

/// One message of the public feed of a backup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeedRecord {
    pub subject: String,
    pub msg_id: String,
    pub sequence: u64,
    /// Its other headers (the version it carries, its content type), by name.
    pub headers: Vec<(String, String)>,
    pub payload: Vec<u8>,
}

/// How many records of each kind a file holds (its end record).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub commits: u64,
    pub streams: u64,
    pub archives: u64,
    pub index_entries: u64,
    pub feed_messages: u64,
}

fn write_chunk(out: &mut impl Write, bytes: &[u8]) -> std::io::Result<()> {
    let len = u32::try_from(bytes.len()).map_err(|_| std::io::Error::other("a field longer than 4 GiB"))?;
    out.write_all(&len.to_be_bytes())?;
    out.write_all(bytes)
}

/// Append one commit record to a backup being written (after [`MAGIC`]).
pub fn write_record(out: &mut impl Write, record: &Record) -> std::io::Result<()> {
    out.write_all(&[TAG_COMMIT])?;
    write_chunk(out, record.subject.as_bytes())?;
    write_chunk(out, record.msg_id.as_bytes())?;
    out.write_all(&record.sequence.to_be_bytes())?;
    write_chunk(out, &record.payload)
}

/// Append the end record of a format 1 file: the number of commit records before it.
pub fn write_end(out: &mut impl Write, count: u64) -> std::io::Result<()> {
    out.write_all(&[TAG_END])?;
    out.write_all(&count.to_be_bytes())
}

/// Append a format 2 record other than a commit or the end.
pub fn write_item(out: &mut impl Write, item: &Item) -> std::io::Result<()> {
    match item {
        Item::Commit(record) => write_record(out, record),
        Item::Layout(record) => {
            out.write_all(&[TAG_LAYOUT])?;
            write_chunk(out, record)
        }
        Item::Stream(name) => {
            out.write_all(&[TAG_STREAM])?;
            write_chunk(out, name.as_bytes())
        }
        Item::Archive { match_id, blob } => {
            out.write_all(&[TAG_ARCHIVE])?;
            write_chunk(out, match_id.as_bytes())?;
            write_chunk(out, blob)
        }
        Item::IndexEntry { key, value } => {
            out.write_all(&[TAG_INDEX])?;
            write_chunk(out, key.as_bytes())?;
            write_chunk(out, value)
        }
        Item::Feed(record) => {
            out.write_all(&[TAG_FEED])?;
            write_chunk(out, record.subject.as_bytes())?;
            write_chunk(out, record.msg_id.as_bytes())?;
            out.write_all(&record.sequence.to_be_bytes())?;
            let headers = u32::try_from(record.headers.len()).map_err(|_| std::io::Error::other("too many headers"))?;
            out.write_all(&headers.to_be_bytes())?;
            for (name, value) in &record.headers {
                write_chunk(out, name.as_bytes())?;
                write_chunk(out, value.as_bytes())?;
            }
            write_chunk(out, &record.payload)
        }
    }
}

/// Append the end record of a format 2 file.
pub fn write_end_periods(out: &mut impl Write, counts: &Counts) -> std::io::Result<()> {
    out.write_all(&[TAG_END])?;
    for n in [counts.commits, counts.streams, counts.archives, counts.index_entries] {
        out.write_all(&n.to_be_bytes())?;
    }
    Ok(())
}

/// Append the end record of a format 3 file.
pub fn write_end_periods_feed(out: &mut impl Write, counts: &Counts) -> std::io::Result<()> {
    write_end_periods(out, counts)?;
    out.write_all(&counts.feed_messages.to_be_bytes())
}

/// Reads the records of a backup file, checking its magic line and its end record.
pub struct Reader<R> {
    input: R,
    /// 1 or 2.
    format: u8,
    read: Counts,
    /// Whether the layout record was read (format 2).
    seen_layout: bool,
    done: bool,
}

impl<R: Read> Reader<R> {
    /// Start reading a backup: its magic line is checked here.
    pub fn new(mut input: R) -> anyhow::Result<Self> {
        let mut magic = vec![0u8; MAGIC.len()];
        input.read_exact(&mut magic).context("the file is too short to be an Arbiter backup")?;
        let format = match magic.as_slice() {
            m if m == MAGIC => 1,
            m if m == MAGIC_PERIODS => 2,
            m if m == MAGIC_PERIODS_FEED => 3,
            _ => bail!(
                "not an Arbiter backup (format 1, 2 or 3): it starts with none of {:?}, {:?}, {:?}",
                String::from_utf8_lossy(MAGIC).trim(),
                String::from_utf8_lossy(MAGIC_PERIODS).trim(),
                String::from_utf8_lossy(MAGIC_PERIODS_FEED).trim()
            ),
        };
        Ok(Reader { input, format, read: Counts::default(), seen_layout: false, done: false })
    }

    /// The file's format: 1 (a log without periods), 2 (with periods) or 3 (with periods and
    /// the public feed).
    pub fn format(&self) -> u8 {
        self.format
    }

    fn u32(&mut self) -> anyhow::Result<u32> {
        let mut b = [0u8; 4];
        self.input.read_exact(&mut b)?;
        Ok(u32::from_be_bytes(b))
    }

    fn u64(&mut self) -> anyhow::Result<u64> {
        let mut b = [0u8; 8];
        self.input.read_exact(&mut b)?;
        Ok(u64::from_be_bytes(b))
    }

    fn chunk(&mut self, max: u32) -> anyhow::Result<Vec<u8>> {
        let len = self.u32()?;
        if len > max {
            bail!("a field of {len} bytes (at most {max} expected): the file is damaged");
        }
        let mut bytes = vec![0u8; len as usize];
        self.input.read_exact(&mut bytes)?;
        Ok(bytes)
    }

    fn text(&mut self, what: &str) -> anyhow::Result<String> {
        String::from_utf8(self.chunk(MAX_NAME)?).with_context(|| format!("a {what} that is not UTF-8"))
    }

    /// The next commit of a format 1 file, or `None` after the end record (whose count is
    /// checked). A format 2 file is refused: read it with [`Self::next_item`].
    pub fn next_record(&mut self) -> anyhow::Result<Option<Record>> {
        if self.format != 1 {
            bail!("this is a backup of a match log with periods (format {}), read record by record", self.format);
        }
        match self.next_item()? {
            None => Ok(None),
            Some(Item::Commit(record)) => Ok(Some(record)),
            Some(_) => bail!("a format 1 backup holds only commits: the file is damaged"),
        }
    }

    /// The next record, or `None` after the end record (whose counts are checked).
    pub fn next_item(&mut self) -> anyhow::Result<Option<Item>> {
        if self.done {
            return Ok(None);
        }
        let at = self.read;
        let result: anyhow::Result<Option<Item>> = (|| {
            let mut tag = [0u8; 1];
            self.input.read_exact(&mut tag)?;
            let first = !self.seen_layout;
            if self.format >= 2 && first && tag[0] != TAG_LAYOUT {
                bail!("a backup of a log with periods starts with its layout record");
            }
            let item = match (self.format, tag[0]) {
                (_, TAG_COMMIT) => {
                    if self.format >= 2 && at.streams == 0 {
                        bail!("a commit before any stream record");
                    }
                    let subject = self.text("subject")?;
                    let msg_id = self.text("msg id")?;
                    let sequence = self.u64()?;
                    let payload = self.chunk(MAX_PAYLOAD)?;
                    self.read.commits += 1;
                    Item::Commit(Record { subject, msg_id, sequence, payload })
                }
                (1, TAG_END) => {
                    let count = self.u64()?;
                    if count != at.commits {
                        bail!("the end record counts {count} commits but the file holds {}", at.commits);
                    }
                    return Ok(None);
                }
                (2 | 3, TAG_END) => {
                    let mut counts = Counts { commits: self.u64()?, streams: self.u64()?, archives: self.u64()?, index_entries: self.u64()?, feed_messages: 0 };
                    if self.format == 3 {
                        counts.feed_messages = self.u64()?;
                    }
                    if counts != at {
                        bail!("the end record counts {counts:?} but the file holds {at:?}");
                    }
                    return Ok(None);
                }
                (2 | 3, TAG_LAYOUT) if first => {
                    self.seen_layout = true;
                    Item::Layout(self.chunk(MAX_NAME)?)
                }
                (2 | 3, TAG_STREAM) => {
                    self.read.streams += 1;
                    Item::Stream(self.text("stream name")?)
                }
                (2 | 3, TAG_ARCHIVE) => {
                    let match_id = self.text("match id")?;
                    let blob = self.chunk(MAX_BLOB)?;
                    self.read.archives += 1;
                    Item::Archive { match_id, blob }
                }
                (2 | 3, TAG_INDEX) => {
                    let key = self.text("index key")?;
                    let value = self.chunk(MAX_BLOB)?;
                    self.read.index_entries += 1;
                    Item::IndexEntry { key, value }
                }
                (3, TAG_FEED) => {
                    let subject = self.text("feed subject")?;
                    let msg_id = self.text("msg id")?;
                    let sequence = self.u64()?;
                    let count = self.u32()?;
                    if count > MAX_HEADERS {
                        bail!("a feed message with {count} headers (at most {MAX_HEADERS} expected): the file is damaged");
                    }
                    let mut headers = Vec::with_capacity(count as usize);
                    for _ in 0..count {
                        headers.push((self.text("header name")?, self.text("header value")?));
                    }
                    let payload = self.chunk(MAX_PAYLOAD)?;
                    self.read.feed_messages += 1;
                    Item::Feed(FeedRecord { subject, msg_id, sequence, headers, payload })
                }
                (_, other) => bail!("unknown record tag {other:#04x}"),
            };
            Ok(Some(item))
        })();
        match result {
            Ok(Some(item)) => Ok(Some(item)),
            Ok(None) => {
                self.done = true;
                Ok(None)
            }
            Err(e) => {
                let after = match self.format {
                    1 => format!("{} commits", at.commits),
                    _ => format!(
                        "{} commits of {} streams, {} archives, {} index entries and {} feed messages",
                        at.commits, at.streams, at.archives, at.index_entries, at.feed_messages
                    ),
                };
                Err(e.context(format!(
                    "the backup is incomplete or damaged after {after} (a backup interrupted before its end cannot be \
                     restored: take it again)"
                )))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn commit(subject: &str, sequence: u64) -> Record {
        Record { subject: subject.into(), msg_id: format!("{subject}/1"), sequence, payload: vec![1, 2, 3] }
    }

    /// `magic` and the records of `items` (no end record).
    fn file_of(magic: &[u8], items: &[Item]) -> Vec<u8> {
        let mut bytes = magic.to_vec();
        for item in items {
            write_item(&mut bytes, item).unwrap();
        }
        bytes
    }

    /// A file's format and every record it holds, its end record checked.
    fn items_of(bytes: &[u8]) -> anyhow::Result<(u8, Vec<Item>)> {
        let mut reader = Reader::new(bytes)?;
        let mut items = Vec::new();
        while let Some(item) = reader.next_item()? {
            items.push(item);
        }
        Ok((reader.format(), items))
    }

    #[test]
    fn a_period_file_round_trips_and_is_refused_when_cut_or_miscounted() {
        let items = vec![
            Item::Layout(b"format=2\npartitions=1\nperiod_s=5\nmax_match_age_s=15\n".to_vec()),
            Item::Stream("MATCHES_T7".into()),
            Item::Commit(commit("match.t7.a.events", 1)),
            Item::Commit(commit("match.t7.b.events", 2)),
            Item::Stream("MATCHES_T8".into()),
            Item::Archive { match_id: "c".into(), blob: vec![9; 100] },
            Item::IndexEntry { key: "c".into(), value: b"{}".to_vec() },
        ];
        let counts = Counts { commits: 2, streams: 2, archives: 1, index_entries: 1, feed_messages: 0 };
        let body = file_of(MAGIC_PERIODS, &items).len();
        let mut bytes = file_of(MAGIC_PERIODS, &items);
        write_end_periods(&mut bytes, &counts).unwrap();
        assert_eq!(items_of(&bytes).unwrap(), (2, items));
        assert!(Reader::new(&bytes[..]).unwrap().next_record().is_err(), "format 2 is not read as format 1");

        let all = |bytes: &[u8]| items_of(bytes).map(|(_, items)| items.len());
        for cut in [MAGIC_PERIODS.len() + 3, body - 10, body, bytes.len() - 1] {
            let e = format!("{:#}", all(&bytes[..cut]).expect_err("a cut file is refused"));
            assert!(e.contains("incomplete"), "{e}");
        }
        let mut miscounted = bytes[..body].to_vec();
        write_end_periods(&mut miscounted, &Counts { archives: 2, ..counts }).unwrap();
        assert!(all(&miscounted).is_err(), "an archive missing from the count");
        // The layout must come first.
        let mut no_layout = MAGIC_PERIODS.to_vec();
        write_item(&mut no_layout, &Item::Stream("MATCHES_T7".into())).unwrap();
        write_end_periods(&mut no_layout, &Counts { streams: 1, ..Default::default() }).unwrap();
        assert!(all(&no_layout).is_err());
    }

    #[test]
    fn a_file_with_the_feed_round_trips_and_a_feed_record_is_refused_in_format_2() {
        let feed = FeedRecord {
            subject: "feed.t.c.events".into(),
            msg_id: "c/1".into(),
            sequence: 7,
            headers: vec![("Arbiter-Version".into(), "1".into()), ("Content-Type".into(), "application/json".into())],
            payload: b"{}".to_vec(),
        };
        let items = vec![
            Item::Layout(b"format=2\npartitions=1\nperiod_s=5\nmax_match_age_s=15\n".to_vec()),
            Item::Stream("MATCHES_T7".into()),
            Item::Commit(commit("match.t7.a.events", 1)),
            Item::Feed(feed.clone()),
        ];
        let counts = Counts { commits: 1, streams: 1, feed_messages: 1, ..Default::default() };
        let mut bytes = file_of(MAGIC_PERIODS_FEED, &items);
        write_end_periods_feed(&mut bytes, &counts).unwrap();
        assert_eq!(items_of(&bytes).unwrap(), (3, items));
        // The same records under the format 2 magic line: a feed record is not one of its own.
        let mut old = MAGIC_PERIODS.to_vec();
        old.extend_from_slice(&bytes[MAGIC_PERIODS_FEED.len()..]);
        let e = format!("{:#}", items_of(&old).expect_err("a feed record in a format 2 file"));
        assert!(e.contains("unknown record tag"), "{e}");
    }

    #[test]
    fn subjects_of_the_single_stream_and_of_partitions_name_their_match() {
        assert_eq!((match_of("match.m-1.events"), partition_of("match.m-1.events")), (Some("m-1"), None));
        assert_eq!((match_of("match.p3.m-1.events"), partition_of("match.p3.m-1.events")), (Some("m-1"), Some(3)));
        let layout = eventlog::Layout::new(4).unwrap();
        assert_eq!(match_of(&layout.subject("abc")), Some("abc"));
        for bad in ["match.x.m-1.events", "feed.m-1.events", "match.p3.a.b.events", "match.m 1.events"] {
            assert_eq!(match_of(bad), None, "{bad}");
        }
    }

    #[test]
    fn records_roundtrip_and_truncation_is_refused() {
        let records = vec![
            Record { subject: "match.a.events".into(), msg_id: "a/1".into(), sequence: 1, payload: vec![0, 1, 2, 255] },
            Record { subject: "match.b.events".into(), msg_id: "b/1".into(), sequence: 2, payload: Vec::new() },
        ];
        let mut bytes = MAGIC.to_vec();
        for r in &records {
            write_record(&mut bytes, r).unwrap();
        }
        write_end(&mut bytes, 2).unwrap();
        let mut reader = Reader::new(&bytes[..]).unwrap();
        let mut read = Vec::new();
        while let Some(r) = reader.next_record().unwrap() {
            read.push(r);
        }
        assert_eq!(read, records);

        // Cut anywhere before the end: refused.
        for cut in [MAGIC.len() + 3, bytes.len() - 9, bytes.len() - 1] {
            let mut reader = Reader::new(&bytes[..cut]).unwrap();
            let err = loop {
                match reader.next_record() {
                    Ok(Some(_)) => continue,
                    Ok(None) => panic!("a truncated file was accepted (cut at {cut})"),
                    Err(e) => break e,
                }
            };
            assert!(format!("{err:#}").contains("incomplete"), "{err:#}");
        }
        assert!(Reader::new(&b"{\"json\": 1}\n......"[..]).is_err());
        assert_eq!(match_of("match.abc.events"), Some("abc"));
        assert_eq!(match_of("match.a.b.events"), None);
    }
}
