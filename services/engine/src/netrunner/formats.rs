//! Formats and their snapshots (docs/netrunner.md, "Formats"): a format is a card pool and a ban
//! list under which NR-10 checks a deck; a **snapshot** is one dated state of a format
//! (NetrunnerDB's `standard_31`: the Seventh Rotation pool with Standard Ban List 25.08), so an
//! event can fix the list in force on its date. Read from `data/netrunner/formats.tsv` (written by
//! `make_tsv.py` from NetrunnerDB's format files) with the card tables, at first use.
//!
//! A match chooses its format with the option `format` (the index in [`Format::ALL`]) and may name
//! a snapshot with the option `snapshot` (its number, 31 for `standard_31`); without one it plays
//! the format's active snapshot. A format without NetrunnerDB snapshots (System Gateway) has one
//! fixed pool, an unnamed snapshot. Pure data: the table names sets and card codes only; the
//! card pool (`super::data`) checks them against the card tables and answers which cards a
//! format holds, so this module knows nothing of cards.

use std::sync::OnceLock;

/// The formats and their snapshots (pools and ban lists, docs/netrunner.md "Formats").
pub const FORMATS_TSV: &str = include_str!("../../data/netrunner/formats.tsv");

static TABLE: OnceLock<Result<Vec<FormatData>, String>> = OnceLock::new();

/// `formats.tsv` parsed at first use, or why it does not parse.
pub fn table() -> Result<&'static [FormatData], String> {
    TABLE.get_or_init(|| parse_formats(FORMATS_TSV)).as_deref().map_err(Clone::clone)
}

/// A format as `formats.tsv` describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatData {
    pub name: String,
    pub display_name: String,
    /// What the format is, in words.
    pub note: Option<String>,
    /// Its snapshots in the table's order (oldest first); at least one, exactly one active.
    pub snapshots: Vec<SnapshotData>,
}

/// One snapshot of a format: its pool and its ban list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SnapshotData {
    /// NetrunnerDB's id (`standard_31`); empty for a format with one fixed pool.
    pub id: String,
    /// The number that ends the id (31), the value of the match option `snapshot` that names
    /// it; 0 for the unnamed one.
    pub number: i64,
    /// The date its ban list took effect (`2025-08-01`).
    pub date: Option<String>,
    /// What it is, in words ("Seventh Rotation with Standard Ban List 25.08").
    pub note: Option<String>,
    /// The one a match plays when it names none.
    pub active: bool,
    /// NetrunnerDB's card pool (`rotation_2025`) and its name.
    pub pool: Option<(String, String)>,
    /// NetrunnerDB's ban list (`standard_ban_list_25_08`) and its name.
    pub ban_list: Option<(String, String)>,
    /// Every card of these sets is in the pool.
    pub sets: Vec<String>,
    /// The cards no deck may hold, by the code the engine knows each by (its other printing,
    /// `reprints.tsv`, is banned with it).
    pub banned: Vec<String>,
}

/// The formats a deck is checked against and a match is played in (NR-10 with a card pool and
/// a ban list). Each is a format of `formats.tsv`, by name; the match option `format` is its
/// index in [`Format::ALL`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// The 77 System Gateway cards, nothing banned: every match before formats existed.
    #[default]
    SystemGateway,
    /// The organised-play Startup format.
    Startup,
    /// The competitive Standard format (the Startup sets, the Ashes cycle and Borealis).
    Standard,
}

impl Format {
    /// Every format, the default first (the match option `format` is the index here).
    pub const ALL: &'static [Format] = &[Format::SystemGateway, Format::Startup, Format::Standard];

    /// The name used on the command line, in `formats.tsv` and in messages.
    pub fn name(self) -> &'static str {
        match self {
            Format::SystemGateway => "system_gateway",
            Format::Startup => "startup",
            Format::Standard => "standard",
        }
    }

    /// The format called `name`, or a message naming the formats there are.
    pub fn parse(name: &str) -> Result<Format, String> {
        Format::ALL.iter().copied().find(|f| f.name() == name.trim()).ok_or_else(|| {
            let names: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
            format!("unknown format \"{name}\"; the formats are: {}", names.join(", "))
        })
    }

    /// The value of the match option `format` that chooses this format.
    pub fn option_value(self) -> i64 {
        Format::ALL.iter().position(|f| *f == self).unwrap_or(0) as i64
    }

    /// The format the match option `format` chooses (its range is checked by the options).
    pub fn from_option(value: i64) -> Option<Format> {
        usize::try_from(value).ok().and_then(|i| Format::ALL.get(i)).copied()
    }

    /// The format's rows of `formats.tsv` (`None` only when the table does not parse).
    pub fn data(self) -> Option<&'static FormatData> {
        table().ok()?.iter().find(|f| f.name == self.name())
    }

    /// The snapshot a match of this format plays when it names none.
    pub fn active(self) -> Snapshot {
        let index = self.data().and_then(|d| d.snapshots.iter().position(|s| s.active)).unwrap_or(0);
        Snapshot { format: self, index }
    }

    /// Every snapshot of the format, oldest first.
    pub fn snapshots(self) -> Vec<Snapshot> {
        (0..self.data().map_or(0, |d| d.snapshots.len())).map(|index| Snapshot { format: self, index }).collect()
    }
}

/// One snapshot of one format: what a deck is checked under. `Format` converts to its active
/// snapshot, so a function taking `impl Into<Snapshot>` takes either.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Snapshot {
    format: Format,
    /// Its position in the format's `snapshots`.
    index: usize,
}

impl Default for Snapshot {
    fn default() -> Self {
        Format::default().active()
    }
}

impl From<Format> for Snapshot {
    fn from(format: Format) -> Self {
        format.active()
    }
}

impl Snapshot {
    pub fn format(self) -> Format {
        self.format
    }

    pub fn data(self) -> Option<&'static SnapshotData> {
        self.format.data()?.snapshots.get(self.index)
    }

    /// NetrunnerDB's id (`standard_31`); empty for a format with one fixed pool.
    pub fn id(self) -> &'static str {
        self.data().map_or("", |d| d.id.as_str())
    }

    /// As messages, `ListRulesets` and `--snapshot` name it: its id, or the format's name for a
    /// format with one fixed pool.
    pub fn name(self) -> &'static str {
        match self.id() {
            "" => self.format.name(),
            id => id,
        }
    }

    /// The value of the match option `snapshot` that names it (0 for the unnamed one).
    pub fn option_value(self) -> i64 {
        self.data().map_or(0, |d| d.number)
    }

    pub fn is_active(self) -> bool {
        self.data().is_some_and(|d| d.active)
    }

    /// The snapshot of `format` the match option `snapshot` names: 0 the active one, else the
    /// number of one of its snapshots; or a message naming the ones there are.
    pub fn from_option(format: Format, value: i64) -> Result<Snapshot, String> {
        if value == 0 {
            return Ok(format.active());
        }
        format
            .snapshots()
            .into_iter()
            .find(|s| s.option_value() == value && !s.id().is_empty())
            .ok_or_else(|| format!("option snapshot = {value} names no snapshot of {}; {}", format.name(), Snapshot::listing(format)))
    }

    /// The snapshot of `format` called `name` (`standard_32`, or its number `32`).
    pub fn parse(format: Format, name: &str) -> Result<Snapshot, String> {
        let name = name.trim();
        if let Some(s) = format.snapshots().into_iter().find(|s| !s.id().is_empty() && s.id() == name) {
            return Ok(s);
        }
        match name.parse::<i64>() {
            Ok(n) if n > 0 => Snapshot::from_option(format, n),
            _ => Err(format!("unknown snapshot \"{name}\" of {}; {}", format.name(), Snapshot::listing(format))),
        }
    }

    /// "its snapshots are standard_31 (active), standard_32", or that it has none.
    fn listing(format: Format) -> String {
        let named: Vec<String> = format
            .snapshots()
            .into_iter()
            .filter(|s| !s.id().is_empty())
            .map(|s| if s.is_active() { format!("{} (active)", s.id()) } else { s.id().to_string() })
            .collect();
        if named.is_empty() {
            format!("{} has one fixed pool and no snapshots", format.name())
        } else {
            format!("its snapshots are {}", named.join(", "))
        }
    }
}

/// Parse `formats.tsv` (`format snapshot kind value note`): every format has a name row and at
/// least one snapshot, exactly one of them active. Its sets and banned codes are checked against
/// the card tables by `data::check_formats`.
pub fn parse_formats(text: &str) -> Result<Vec<FormatData>, String> {
    let mut out: Vec<FormatData> = Vec::new();
    let mut header = false;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        if raw.trim().is_empty() || raw.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = raw.split('\t').collect();
        let [name, snapshot, kind, value, note] = f.as_slice() else {
            return Err(format!("formats line {line}: expected 5 columns, found {}", f.len()));
        };
        if !header {
            if *name != "format" {
                return Err(format!("formats line {line}: expected the header"));
            }
            header = true;
            continue;
        }
        let note = (*note != "-").then(|| note.to_string());
        let at = match out.iter().position(|d| d.name == *name) {
            Some(at) => at,
            None => {
                out.push(FormatData { name: name.to_string(), display_name: String::new(), note: None, snapshots: vec![] });
                out.len() - 1
            }
        };
        let d = out.get_mut(at).ok_or("format index")?;
        if *kind == "name" {
            (d.display_name, d.note) = (value.to_string(), note);
            continue;
        }
        let id = if *snapshot == "-" { "" } else { snapshot };
        let s = match d.snapshots.iter().position(|s| s.id == id) {
            Some(s) => s,
            None => {
                let number = if id.is_empty() {
                    0
                } else {
                    let n = id.strip_prefix(name).and_then(|r| r.strip_prefix('_')).and_then(|n| n.parse::<i64>().ok());
                    match n {
                        Some(n) if n > 0 => n,
                        _ => return Err(format!("formats line {line}: a snapshot of {name} is called {name}_<number>, not \"{id}\"")),
                    }
                };
                d.snapshots.push(SnapshotData {
                    id: id.to_string(),
                    number,
                    date: None,
                    note: None,
                    active: false,
                    pool: None,
                    ban_list: None,
                    sets: vec![],
                    banned: vec![],
                });
                d.snapshots.len() - 1
            }
        };
        let s = d.snapshots.get_mut(s).ok_or("snapshot index")?;
        let named = |v: &str| Some((v.to_string(), note.clone().unwrap_or_default()));
        match *kind {
            "snapshot" => (s.date, s.note) = (Some(value.to_string()), note),
            "active" => s.active = true,
            "pool" => s.pool = named(value),
            "ban_list" => s.ban_list = named(value),
            "set" => s.sets.push(value.to_string()),
            "banned" => s.banned.push(value.to_string()),
            other => return Err(format!("formats line {line}: unknown kind \"{other}\"")),
        }
    }
    for d in &mut out {
        if d.display_name.is_empty() || d.snapshots.is_empty() || d.snapshots.iter().any(|s| s.sets.is_empty()) {
            return Err(format!("format {} needs a name row and at least one snapshot, each with a set", d.name));
        }
        // A format with one fixed pool plays it; one with snapshots marks the one it plays.
        if let [s] = d.snapshots.as_mut_slice() {
            if s.id.is_empty() {
                s.active = true;
                continue;
            }
        }
        let active = d.snapshots.iter().filter(|s| s.active).count();
        if active != 1 || d.snapshots.iter().any(|s| s.id.is_empty()) {
            return Err(format!("format {} has {active} active snapshot(s); it needs exactly one, and every snapshot named", d.name));
        }
    }
    // The table and the enum name the same formats in the same order (the option's values).
    let names: Vec<&str> = out.iter().map(|d| d.name.as_str()).collect();
    let known: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
    if names != known {
        return Err(format!("formats.tsv lists the formats {names:?}; the engine knows {known:?}, in that order"));
    }
    Ok(out)
}
