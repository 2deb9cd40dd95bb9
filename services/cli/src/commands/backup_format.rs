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
//! A file without its end record, or whose counts differ from what it holds, is incomplete and
//! is refused. Files of both formats are read by the same [`Reader`].

use std::io::{Read, Write};

use anyhow::{bail, Context};

/// First line of a backup file of a log without periods.
pub const MAGIC: &[u8] = b"ARBITER-BACKUP 1\n";
/// First line of a backup file of a log with periods.
pub const MAGIC_PERIODS: &[u8] = b"ARBITER-BACKUP 2\n";
const TAG_COMMIT: u8 = b'C';
const TAG_END: u8 = b'E';
const TAG_LAYOUT: u8 = b'L';
const TAG_STREAM: u8 = b'S';
const TAG_ARCHIVE: u8 = b'A';
const TAG_INDEX: u8 = b'I';
/// Longest subject, msg id, stream name or index key accepted when reading a file (NATS allows
/// far less).
const MAX_NAME: u32 = 4096;
/// Largest payload accepted when reading a file (NATS' own maximum is 64 MiB).
const MAX_PAYLOAD: u32 = 64 << 20;
/// Largest archive blob or index value accepted when reading a file: one match's whole log.
const MAX_BLOB: u32 = 1 << 30;

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
}

/// How many records of each kind a file holds (its end record).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub commits: u64,
    pub streams: u64,
    pub archives: u64,
    pub index_entries: u64,
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
            _ => bail!(
                "not an Arbiter backup (format 1 or 2): it starts with neither {:?} nor {:?}",
                String::from_utf8_lossy(MAGIC).trim(),
                String::from_utf8_lossy(MAGIC_PERIODS).trim()
            ),
        };
        Ok(Reader { input, format, read: Counts::default(), seen_layout: false, done: false })
    }

    /// The file's format: 1 (a log without periods) or 2 (with periods).
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
            bail!("this is a backup of a match log with periods (format 2), read record by record");
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
            if self.format == 2 && first && tag[0] != TAG_LAYOUT {
                bail!("a backup of a log with periods starts with its layout record");
            }
            let item = match (self.format, tag[0]) {
                (_, TAG_COMMIT) => {
                    if self.format == 2 && at.streams == 0 {
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
                (2, TAG_END) => {
                    let counts = Counts { commits: self.u64()?, streams: self.u64()?, archives: self.u64()?, index_entries: self.u64()? };
                    if counts != at {
                        bail!("the end record counts {counts:?} but the file holds {at:?}");
                    }
                    return Ok(None);
                }
                (2, TAG_LAYOUT) if first => {
                    self.seen_layout = true;
                    Item::Layout(self.chunk(MAX_NAME)?)
                }
                (2, TAG_STREAM) => {
                    self.read.streams += 1;
                    Item::Stream(self.text("stream name")?)
                }
                (2, TAG_ARCHIVE) => {
                    let match_id = self.text("match id")?;
                    let blob = self.chunk(MAX_BLOB)?;
                    self.read.archives += 1;
                    Item::Archive { match_id, blob }
                }
                (2, TAG_INDEX) => {
                    let key = self.text("index key")?;
                    let value = self.chunk(MAX_BLOB)?;
                    self.read.index_entries += 1;
                    Item::IndexEntry { key, value }
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
                    _ => format!("{} commits of {} streams, {} archives and {} index entries", at.commits, at.streams, at.archives, at.index_entries),
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
        let counts = Counts { commits: 2, streams: 2, archives: 1, index_entries: 1 };
        let mut bytes = MAGIC_PERIODS.to_vec();
        for item in &items {
            write_item(&mut bytes, item).unwrap();
        }
        let body = bytes.len();
        write_end_periods(&mut bytes, &counts).unwrap();
        let mut reader = Reader::new(&bytes[..]).unwrap();
        assert_eq!(reader.format(), 2);
        let mut read = Vec::new();
        while let Some(item) = reader.next_item().unwrap() {
            read.push(item);
        }
        assert_eq!(read, items);
        assert!(Reader::new(&bytes[..]).unwrap().next_record().is_err(), "format 2 is not read as format 1");

        let all = |bytes: &[u8]| -> anyhow::Result<usize> {
            let mut reader = Reader::new(bytes)?;
            let mut n = 0;
            while reader.next_item()?.is_some() {
                n += 1;
            }
            Ok(n)
        };
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
}
