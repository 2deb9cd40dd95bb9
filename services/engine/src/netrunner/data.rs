//! The card pool as data: numbers and names only (no card text), from our own files
//! `services/engine/data/netrunner/`: one card table per set (`sg.tsv` … `ph.tsv`), `reprints.tsv`
//! (the cards printed under two codes), `formats.tsv` (read by [`super::formats`]) and
//! `decks.tsv`, written by `make_tsv.py` from NetrunnerDB's files and parsed at first use into
//! plain structs. A parse error is a test failure and, at run time, an `InvalidConfig`.
//!
//! A card printed twice (a booster pack's printing of a card of Uprising or Midnight Sun) is one
//! card under two codes: the engine knows it by [`canonical_code`], a deck may list either code
//! and its deck limit counts both (NR-10), and a decklist's cards enter the match by that code.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::core::RulesError;

use super::formats as formats_table;
pub use super::formats::{Format, FormatData, Snapshot, SnapshotData};

pub const SG_TSV: &str = include_str!("../../data/netrunner/sg.tsv");
/// The card tables of every set, by set code, in the order they were added (so the cards of
/// the earlier sets keep their places): System Gateway, the other Startup sets, then the
/// Standard ones (the Ashes cycle and Borealis).
pub const SET_TABLES: &[(&str, &str)] = &[
    ("sg", SG_TSV),
    ("tai", include_str!("../../data/netrunner/tai.tsv")),
    ("rwr", include_str!("../../data/netrunner/rwr.tsv")),
    ("elev", include_str!("../../data/netrunner/elev.tsv")),
    ("df", include_str!("../../data/netrunner/df.tsv")),
    ("ur", include_str!("../../data/netrunner/ur.tsv")),
    ("urbp", include_str!("../../data/netrunner/urbp.tsv")),
    ("ms", include_str!("../../data/netrunner/ms.tsv")),
    ("msbp", include_str!("../../data/netrunner/msbp.tsv")),
    ("ph", include_str!("../../data/netrunner/ph.tsv")),
];
/// Each set's name, by code, in the order of [`SET_TABLES`].
pub const SET_NAMES: &[(&str, &str)] = &[
    ("sg", "System Gateway"),
    ("tai", "The Automata Initiative"),
    ("rwr", "Rebellion Without Rehearsal"),
    ("elev", "Elevation"),
    ("df", "Downfall"),
    ("ur", "Uprising"),
    ("urbp", "Uprising Booster Pack"),
    ("ms", "Midnight Sun"),
    ("msbp", "Midnight Sun Booster Pack"),
    ("ph", "Parhelion"),
];
pub const DECKS_TSV: &str = include_str!("../../data/netrunner/decks.tsv");
/// The cards printed under two codes (`code` → the `card` the engine knows it by).
pub const REPRINTS_TSV: &str = include_str!("../../data/netrunner/reprints.tsv");

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Side {
    Corp,
    Runner,
}

impl Side {
    pub fn seat(self) -> u32 {
        match self {
            Side::Corp => 0,
            Side::Runner => 1,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Side::Corp => "corp",
            Side::Runner => "runner",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CardType {
    Identity,
    Agenda,
    Asset,
    Upgrade,
    Ice,
    Operation,
    Event,
    Hardware,
    Program,
    Resource,
}

impl CardType {
    fn parse(s: &str) -> Option<CardType> {
        Some(match s {
            "identity" => CardType::Identity,
            "agenda" => CardType::Agenda,
            "asset" => CardType::Asset,
            "upgrade" => CardType::Upgrade,
            "ice" => CardType::Ice,
            "operation" => CardType::Operation,
            "event" => CardType::Event,
            "hardware" => CardType::Hardware,
            "program" => CardType::Program,
            "resource" => CardType::Resource,
            _ => return None,
        })
    }
    pub fn name(self) -> &'static str {
        match self {
            CardType::Identity => "identity",
            CardType::Agenda => "agenda",
            CardType::Asset => "asset",
            CardType::Upgrade => "upgrade",
            CardType::Ice => "ice",
            CardType::Operation => "operation",
            CardType::Event => "event",
            CardType::Hardware => "hardware",
            CardType::Program => "program",
            CardType::Resource => "resource",
        }
    }
}

/// One card's numbers and names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardData {
    pub code: String,
    /// The set it was printed in (`sg`, `tai`, `rwr`, `elev`).
    pub set: String,
    pub title: String,
    pub side: Side,
    pub faction: String,
    pub ctype: CardType,
    pub subtypes: Vec<String>,
    pub unique: bool,
    /// Play, install or rez cost.
    pub cost: Option<i64>,
    pub strength: Option<i64>,
    pub advancement: Option<i64>,
    pub points: Option<i64>,
    pub memory: Option<i64>,
    pub trash: Option<i64>,
    pub influence: Option<i64>,
    pub deck_limit: Option<i64>,
    pub min_deck: Option<i64>,
    pub influence_limit: Option<i64>,
    pub base_link: Option<i64>,
}

impl CardData {
    pub fn has_subtype(&self, s: &str) -> bool {
        self.subtypes.iter().any(|t| t == s)
    }
}

/// A ready deck: an identity and (code, copies).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deck {
    pub name: String,
    pub side: Side,
    pub identity: String,
    pub cards: Vec<(String, u32)>,
}

impl Deck {
    pub fn size(&self) -> u32 {
        self.cards.iter().map(|(_, n)| n).sum()
    }
}

#[derive(Debug)]
pub struct Pool {
    /// Every printing: a reprint's two codes are two rows (with the same numbers).
    pub cards: Vec<CardData>,
    pub decks: Vec<Deck>,
    /// In the order of `formats.tsv`, which is the order of [`Format::ALL`]; checked against
    /// the card tables.
    pub formats: &'static [FormatData],
    /// A reprint's other code → the code the engine knows the card by (`reprints.tsv`).
    pub reprints: BTreeMap<String, String>,
}

fn num(field: &str, what: &str, line: usize) -> Result<Option<i64>, String> {
    if field == "-" {
        return Ok(None);
    }
    field.parse::<i64>().map(Some).map_err(|_| format!("line {line}: {what} \"{field}\" is not a number"))
}

/// Parse the card table of one set (`set`: its code).
pub fn parse_cards(set: &str, text: &str) -> Result<Vec<CardData>, String> {
    let mut out: Vec<CardData> = Vec::new();
    let mut header = false;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        if raw.trim().is_empty() || raw.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = raw.split('\t').collect();
        if !header {
            if f.first() != Some(&"code") || f.len() != 18 {
                return Err(format!("line {line}: expected the 18-column header"));
            }
            header = true;
            continue;
        }
        let [code, title, side, faction, ctype, subtypes, unique, cost, strength, adv, points, mem, trash, inf, limit, min_deck, inf_limit, link] =
            f.as_slice()
        else {
            return Err(format!("line {line}: expected 18 columns, found {}", f.len()));
        };
        let side = match *side {
            "corp" => Side::Corp,
            "runner" => Side::Runner,
            other => return Err(format!("line {line}: unknown side \"{other}\"")),
        };
        let ctype = CardType::parse(ctype).ok_or_else(|| format!("line {line}: unknown type \"{ctype}\""))?;
        if out.iter().any(|c| c.code == *code) {
            return Err(format!("line {line}: card {code} appears twice"));
        }
        out.push(CardData {
            code: code.to_string(),
            set: set.to_string(),
            title: title.to_string(),
            side,
            faction: faction.to_string(),
            ctype,
            subtypes: if *subtypes == "-" { vec![] } else { subtypes.split('|').map(str::to_string).collect() },
            unique: *unique == "1",
            cost: num(cost, "cost", line)?,
            strength: num(strength, "strength", line)?,
            advancement: num(adv, "advancement", line)?,
            points: num(points, "points", line)?,
            memory: num(mem, "memory", line)?,
            trash: num(trash, "trash", line)?,
            influence: num(inf, "influence", line)?,
            deck_limit: num(limit, "deck limit", line)?,
            min_deck: num(min_deck, "minimum deck size", line)?,
            influence_limit: num(inf_limit, "influence limit", line)?,
            base_link: num(link, "base link", line)?,
        });
    }
    if !header {
        return Err("the card table has no header".into());
    }
    Ok(out)
}

/// Parse the deck table (`deck side code count|identity`).
pub fn parse_decks(text: &str, cards: &[CardData]) -> Result<Vec<Deck>, String> {
    let mut decks: Vec<Deck> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        if raw.trim().is_empty() || raw.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = raw.split('\t').collect();
        let [name, side, code, count] = f.as_slice() else {
            return Err(format!("decks line {line}: expected 4 columns"));
        };
        let side = match *side {
            "corp" => Side::Corp,
            "runner" => Side::Runner,
            other => return Err(format!("decks line {line}: unknown side \"{other}\"")),
        };
        if !cards.iter().any(|c| c.code == *code) {
            return Err(format!("decks line {line}: unknown card {code}"));
        }
        let idx = match decks.iter().position(|d| d.name == *name) {
            Some(i) => i,
            None => {
                decks.push(Deck { name: name.to_string(), side, identity: String::new(), cards: vec![] });
                decks.len() - 1
            }
        };
        let deck = decks.get_mut(idx).ok_or("deck index")?;
        if *count == "identity" {
            if !deck.identity.is_empty() {
                return Err(format!("decks line {line}: deck {name} has a second identity (a deck has exactly one)"));
            }
            deck.identity = code.to_string();
        } else {
            let n: u32 = count.parse().map_err(|_| format!("decks line {line}: bad count \"{count}\""))?;
            deck.cards.push((code.to_string(), n));
        }
    }
    if let Some(d) = decks.iter().find(|d| d.identity.is_empty()) {
        return Err(format!("deck {} has no identity", d.name));
    }
    Ok(decks)
}

static POOL: OnceLock<Result<Pool, String>> = OnceLock::new();

fn build() -> Result<Pool, String> {
    let mut cards: Vec<CardData> = Vec::new();
    for (set, text) in SET_TABLES {
        for c in parse_cards(set, text).map_err(|e| format!("{set}.tsv: {e}"))? {
            if cards.iter().any(|k| k.code == c.code) {
                return Err(format!("{set}.tsv: card {} is also in another set's table", c.code));
            }
            cards.push(c);
        }
    }
    let reprints = parse_reprints(REPRINTS_TSV, &cards)?;
    let decks = parse_decks(DECKS_TSV, &cards)?;
    let canonical = |code: &str| reprints.get(code).cloned().unwrap_or_else(|| code.to_string());
    let formats = formats_table::table().map_err(|e| format!("formats.tsv: {e}"))?;
    check_formats(formats, &cards, &canonical)?;
    Ok(Pool { cards, decks, formats, reprints })
}

/// Check the formats' sets and banned codes against the card tables: every set is a card
/// table's, every banned code a card of its snapshot's pool, named by the code the engine
/// knows it by (`canonical`).
pub fn check_formats(formats: &[FormatData], cards: &[CardData], canonical: &dyn Fn(&str) -> String) -> Result<(), String> {
    for d in formats {
        for s in &d.snapshots {
            let name = if s.id.is_empty() { d.name.as_str() } else { s.id.as_str() };
            if let Some(set) = s.sets.iter().find(|set| !cards.iter().any(|c| c.set == **set)) {
                return Err(format!("formats: {name}: no card table has the set \"{set}\""));
            }
            for code in &s.banned {
                let Some(c) = cards.iter().find(|c| c.code == *code) else {
                    return Err(format!("formats: {name}: banned card {code} is not in any card table"));
                };
                if !s.sets.contains(&c.set) {
                    return Err(format!("formats: {name}: banned card {code} is not in {name}'s pool"));
                }
                if canonical(code) != *code {
                    return Err(format!("formats: {name}: ban {} by its code {}, not its other printing {code}", c.title, canonical(code)));
                }
            }
        }
    }
    Ok(())
}

// The questions that join a format to the cards live with the cards: `formats` names sets and
// codes only.
impl Format {
    /// Whether `card` is of the active snapshot's pool (banned cards included).
    pub fn in_pool(self, card: &CardData) -> bool {
        self.active().in_pool(card)
    }

    /// Whether the active snapshot bans the card `code` (either code of a reprint).
    pub fn is_banned(self, code: &str) -> bool {
        self.active().is_banned(code)
    }

    /// The cards of the active snapshot's pool, each once (see [`Snapshot::cards`]).
    pub fn cards(self) -> Vec<&'static CardData> {
        self.active().cards()
    }
}

impl Snapshot {
    /// Whether `card` is of the snapshot's pool (banned cards included: they are in the pool
    /// and refused by [`Snapshot::is_banned`]).
    pub fn in_pool(self, card: &CardData) -> bool {
        self.data().is_some_and(|d| d.sets.contains(&card.set))
    }

    /// Whether the snapshot bans the card `code` (either code of a reprint).
    pub fn is_banned(self, code: &str) -> bool {
        let code = canonical_code(code);
        self.data().is_some_and(|d| d.banned.iter().any(|b| b == code))
    }

    /// The cards of the pool, each once (a reprint by the code the engine knows it by), in the
    /// card tables' order.
    pub fn cards(self) -> Vec<&'static CardData> {
        match pool() {
            Ok(p) => p.cards.iter().filter(|c| canonical_code(&c.code) == c.code && self.in_pool(c)).collect(),
            Err(_) => Vec::new(),
        }
    }
}

/// Parse `reprints.tsv` (`code card title`): both codes are in the card tables with the same
/// title and numbers, and `card` is not itself a reprint's other code.
pub fn parse_reprints(text: &str, cards: &[CardData]) -> Result<BTreeMap<String, String>, String> {
    let mut out = BTreeMap::new();
    let mut header = false;
    let find =
        |code: &str, line: usize| cards.iter().find(|c| c.code == code).ok_or_else(|| format!("reprints line {line}: no card table has the code {code}"));
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        if raw.trim().is_empty() || raw.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = raw.split('\t').collect();
        let [code, card, title] = f.as_slice() else {
            return Err(format!("reprints line {line}: expected 3 columns, found {}", f.len()));
        };
        if !header {
            if *code != "code" {
                return Err(format!("reprints line {line}: expected the header"));
            }
            header = true;
            continue;
        }
        let (a, b) = (find(code, line)?, find(card, line)?);
        // The same card: everything but the code and the set it was printed in.
        let same = CardData { code: b.code.clone(), set: b.set.clone(), ..a.clone() } == *b;
        if code == card || !same || a.title != *title {
            return Err(format!("reprints line {line}: {code} ({}) and {card} ({}) are not the same card \"{title}\"", a.title, b.title));
        }
        if out.insert(code.to_string(), card.to_string()).is_some() {
            return Err(format!("reprints line {line}: {code} is listed twice"));
        }
    }
    if let Some((code, card)) = out.iter().find(|(_, card)| out.contains_key(card.as_str())) {
        return Err(format!("reprints: {code} is a printing of {card}, itself a printing of another code"));
    }
    Ok(out)
}

/// The parsed pool, or why it does not parse.
pub fn pool() -> Result<&'static Pool, RulesError> {
    POOL.get_or_init(build).as_ref().map_err(|e| RulesError::InvalidConfig(format!("the netrunner card data does not parse: {e}")))
}

/// A card's data by code. Looked up, not scanned: the rules ask it on every step, for many cards.
pub fn card(code: &str) -> Option<&'static CardData> {
    static INDEX: OnceLock<std::collections::BTreeMap<&'static str, &'static CardData>> = OnceLock::new();
    let pool = pool().ok()?;
    let index = INDEX.get_or_init(|| {
        let mut first = std::collections::BTreeMap::new();
        for c in &pool.cards {
            first.entry(c.code.as_str()).or_insert(c);
        }
        first
    });
    index.get(code).copied()
}

/// The code the engine knows the card printed as `code` by: `code` itself, or for a reprint's
/// other printing the card's code (`reprints.tsv`). Deck limits, ban lists and behaviour go by it.
pub fn canonical_code(code: &str) -> &str {
    match pool().ok().and_then(|p| p.reprints.get(code)) {
        Some(card) => card.as_str(),
        None => code,
    }
}

/// Every code the card `code` is printed under: the card's own code first, then its other
/// printings.
pub fn printings(code: &str) -> Vec<&str> {
    let card = canonical_code(code);
    let mut out = vec![card];
    if let Ok(p) = pool() {
        out.extend(p.reprints.iter().filter(|(_, c)| c.as_str() == card).map(|(k, _)| k.as_str()));
    }
    out
}

/// Every distinct card of the tables, each once by the code the engine knows it by.
pub fn distinct_cards() -> Vec<&'static CardData> {
    match pool() {
        Ok(p) => p.cards.iter().filter(|c| !p.reprints.contains_key(&c.code)).collect(),
        Err(_) => Vec::new(),
    }
}

/// A ready deck by name.
pub fn deck(name: &str) -> Option<&'static Deck> {
    pool().ok()?.decks.iter().find(|d| d.name == name)
}

/// Most cards a constructed deck may list: far above any legal deck, so that a huge count is
/// refused before a card is created for it.
pub const MAX_DECK_CARDS: u64 = 200;

/// Whether a card has behaviour here (`cards::implemented`), asked by the card's own code.
pub type Implemented<'a> = &'a dyn Fn(&str) -> bool;

/// NR-10 in `format` (a format, for its active snapshot, or a [`Snapshot`]): a deck is legal if
/// it has one identity (`parse_decks` refuses a second), its identity is of its side, every card
/// is of that side, known, of the snapshot's pool, not banned there, **implemented**, within its
/// deck limit (a reprint's two codes counted together), the deck has the identity's minimum
/// size, influence within the identity's limit, no agenda of another faction, and (Corp) the
/// agenda points fit the deck size. Every violation is named, joined by "; ".
pub fn validate_deck(deck: &Deck, format: impl Into<Snapshot>, implemented: impl Fn(&str) -> bool) -> Result<(), String> {
    let v = deck_violations(deck, format, implemented);
    if v.is_empty() {
        Ok(())
    } else {
        Err(v.join("; "))
    }
}

/// Whether `c` (listed as `code`) may be played under `snap`: the violation naming why not
/// (outside the pool, banned, or, when `implemented` is given, without behaviour so that it
/// would do nothing), if any.
fn format_violation(c: &CardData, snap: Snapshot, implemented: Option<Implemented>) -> Option<String> {
    let (title, code) = (&c.title, &c.code);
    if !snap.in_pool(c) {
        Some(format!("{title} ({code}) is not in {}'s pool", snap.name()))
    } else if snap.is_banned(code) {
        let list = snap.data().and_then(|d| d.ban_list.as_ref()).map(|(_, name)| format!(" ({name})")).unwrap_or_default();
        Some(format!("{title} ({code}) is banned in {}{list}", snap.name()))
    } else if implemented.is_some_and(|has| !has(canonical_code(code))) {
        Some(format!("{title} ({code}) is not implemented yet"))
    } else {
        None
    }
}

/// Every NR-10 violation of `deck` under `format`, the cards without behaviour among them, in a
/// stable order (identity, then cards in list order, then the deck as a whole); empty when the
/// deck is legal and playable.
pub fn deck_violations(deck: &Deck, format: impl Into<Snapshot>, implemented: impl Fn(&str) -> bool) -> Vec<String> {
    violations(deck, format.into(), Some(&implemented))
}

/// The NR-10 violations of `deck` under `snap` alone, whatever has behaviour here: whether the
/// deck is legal in the format (see [`not_implemented`] for whether it can be played here).
pub fn legality_violations(deck: &Deck, snap: impl Into<Snapshot>) -> Vec<String> {
    violations(deck, snap.into(), None)
}

/// The cards of `deck` (its identity first, then in list order, each card once by the code
/// the engine knows it by) that have no behaviour here: a match refuses the deck until they do.
pub fn not_implemented(deck: &Deck, implemented: impl Fn(&str) -> bool) -> Vec<&'static CardData> {
    let mut out: Vec<&'static CardData> = Vec::new();
    for code in std::iter::once(&deck.identity).chain(deck.cards.iter().map(|(c, _)| c)) {
        let code = canonical_code(code);
        if let Some(c) = card(code) {
            if !implemented(code) && !out.iter().any(|k| k.code == c.code) {
                out.push(c);
            }
        }
    }
    out
}

fn violations(deck: &Deck, snap: Snapshot, implemented: Option<Implemented>) -> Vec<String> {
    let mut out = Vec::new();
    let id = card(&deck.identity);
    match id {
        None => out.push(format!("unknown identity {}", deck.identity)),
        Some(id) => {
            if id.ctype != CardType::Identity || id.side != deck.side {
                out.push(format!("{} is not a {} identity", id.title, deck.side.name()));
            } else if let Some(v) = format_violation(id, snap, implemented) {
                out.push(format!("the identity {v}"));
            }
        }
    }
    // Only a real identity of the deck's side sets the limits below.
    let id = id.filter(|c| c.ctype == CardType::Identity && c.side == deck.side);
    let mut influence = 0;
    let mut points = 0;
    let mut seen: Vec<&str> = Vec::new();
    for (code, _) in &deck.cards {
        // The same card may be listed on several lines, or under both codes of a reprint: its
        // copies add up, reported once.
        let key = canonical_code(code);
        if seen.contains(&key) {
            continue;
        }
        seen.push(key);
        let lines: Vec<&(String, u32)> = deck.cards.iter().filter(|(k, _)| canonical_code(k) == key).collect();
        let copies: u32 = lines.iter().map(|(_, m)| m).sum();
        let Some(c) = card(code) else {
            out.push(format!("unknown card {code} (no set has this code)"));
            continue;
        };
        if c.side != deck.side || c.ctype == CardType::Identity {
            out.push(format!("{} ({code}) cannot be in a {} deck", c.title, deck.side.name()));
            continue;
        }
        let mut codes: Vec<&str> = lines.iter().map(|(k, _)| k.as_str()).collect();
        codes.dedup();
        for code in &codes {
            if let Some(v) = card(code).and_then(|c| format_violation(c, snap, implemented)) {
                out.push(v);
            }
        }
        let limit = c.deck_limit.unwrap_or(3);
        if i64::from(copies) > limit {
            let both = if codes.len() > 1 { format!(" ({} are the same card)", codes.join(" and ")) } else { String::new() };
            out.push(format!("{copies} copies of {} exceed its deck limit of {limit}{both}", c.title));
        }
        if let Some(id) = id {
            let neutral = c.faction.starts_with("neutral");
            if c.faction != id.faction && !neutral {
                // An agenda with no influence value cannot leave its faction.
                if c.ctype == CardType::Agenda && c.influence.is_none() {
                    out.push(format!("{} ({code}) is a {} agenda and cannot be in a {} deck", c.title, c.faction, id.faction));
                }
                influence += c.influence.unwrap_or(0) * i64::from(copies);
            }
        }
        points += c.points.unwrap_or(0) * i64::from(copies);
    }
    let size = i64::from(deck.size());
    if let Some(id) = id {
        if let Some(min) = id.min_deck {
            if size < min {
                out.push(format!("{} cards is below {}'s minimum deck size {min}", size, id.title));
            }
        }
        if let Some(limit) = id.influence_limit {
            if influence > limit {
                out.push(format!("influence {influence} exceeds {}'s limit {limit}", id.title));
            }
        }
    }
    if deck.side == Side::Corp {
        let need = 2 * (size / 5) + 2;
        if points < need || points > need + 1 {
            out.push(format!("a {size}-card Corp deck needs {need} or {} agenda points, not {points}", need + 1));
        }
    }
    out
}

/// The deck a seat's decklist describes (NetrunnerDB codes and counts, its identity among them
/// with count 1), or every violation of it under `format`, the cards without behaviour among
/// them. `name` names it in the state. Its cards are by the code the engine knows each by
/// (either code of a reprint may be listed).
pub fn deck_from_list(
    name: &str,
    side: Side,
    list: &[(String, u32)],
    format: impl Into<Snapshot>,
    implemented: impl Fn(&str) -> bool,
) -> Result<Deck, Vec<String>> {
    list_to_deck(name, side, list, format.into(), Some(&implemented))
}

/// [`deck_from_list`] by NR-10 alone, whatever has behaviour here (see [`not_implemented`]).
pub fn legal_deck_from_list(name: &str, side: Side, list: &[(String, u32)], snap: impl Into<Snapshot>) -> Result<Deck, Vec<String>> {
    list_to_deck(name, side, list, snap.into(), None)
}

fn list_to_deck(name: &str, side: Side, list: &[(String, u32)], snap: Snapshot, implemented: Option<Implemented>) -> Result<Deck, Vec<String>> {
    let mut out = Vec::new();
    let total: u64 = list.iter().map(|(_, n)| u64::from(*n)).sum();
    if total > MAX_DECK_CARDS {
        // Refused before anything else: no card is looked at, none is created.
        return Err(vec![format!("the decklist has {total} cards; at most {MAX_DECK_CARDS} are allowed")]);
    }
    let mut identities = Vec::new();
    let mut cards = Vec::new();
    for (code, n) in list {
        if *n == 0 {
            out.push(format!("card {code} is listed with 0 copies (leave it out or give a count)"));
            continue;
        }
        match card(code) {
            Some(c) if c.ctype == CardType::Identity => {
                if *n != 1 {
                    out.push(format!("the identity {} ({code}) is listed {n} times; a deck has exactly one", c.title));
                }
                identities.push(code.clone());
            }
            _ => cards.push((code.clone(), *n)),
        }
    }
    let identity = match identities.as_slice() {
        [one] => one.clone(),
        [] => {
            out.push(format!("the decklist has no identity; list exactly one {} identity with count 1", side.name()));
            String::new()
        }
        many => {
            out.push(format!("the decklist has {} identities ({}); a deck has exactly one", many.len(), many.join(", ")));
            many.first().cloned().unwrap_or_default()
        }
    };
    let deck = Deck { name: name.to_string(), side, identity, cards };
    if deck.identity.is_empty() {
        // Without an identity only the card checks apply; the identity's limits cannot.
        let probe = Deck { identity: String::from("-"), ..deck.clone() };
        out.extend(violations(&probe, snap, implemented).into_iter().filter(|v| !v.starts_with("unknown identity")));
    } else {
        out.extend(violations(&deck, snap, implemented));
    }
    if !out.is_empty() {
        return Err(out);
    }
    // Into the match by the card's own code, so a reprint's other printing plays as the card.
    let by_card = |code: &String| canonical_code(code).to_string();
    Ok(Deck { identity: by_card(&deck.identity), cards: deck.cards.iter().map(|(c, n)| (by_card(c), *n)).collect(), ..deck })
}

#[cfg(test)]
mod decklist_tests {
    use super::*;
    use crate::testing::decklist as list;

    #[test]
    fn nr_10_a_starter_deck_as_a_decklist_is_the_same_deck() {
        let starter = deck("catalyst-starter").unwrap();
        let mut l = list(&[(starter.identity.as_str(), 1)]);
        l.extend(starter.cards.iter().cloned());
        let d = deck_from_list("custom", Side::Runner, &l, Format::SystemGateway, |_| true).unwrap();
        assert_eq!((d.identity.as_str(), d.cards.as_slice(), d.size()), (starter.identity.as_str(), starter.cards.as_slice(), 30));
    }

    #[test]
    fn nr_10_every_violation_of_a_decklist_is_listed() {
        // Two identities, a zero count, a runner card, an unknown code, 4 Hedge Funds, a Jinteki
        // agenda in an HB deck, 9 cards.
        let l = list(&[("30035", 1), ("30043", 1), ("30036", 0), ("30030", 1), ("12345", 1), ("30075", 4), ("30044", 1), ("30067", 2)]);
        let v = deck_from_list("custom", Side::Corp, &l, Format::SystemGateway, |_| true).unwrap_err();
        let all = v.join(" | ");
        for part in [
            "2 identities (30035, 30043)",
            "card 30036 is listed with 0 copies",
            "Sure Gamble (30030) cannot be in a corp deck",
            "unknown card 12345",
            "4 copies of Hedge Fund exceed its deck limit of 3",
            "Longevity Serum (30044) is a jinteki agenda",
            "minimum deck size 40",
            "a 9-card Corp deck needs 4 or 5 agenda points, not 6",
        ] {
            assert!(all.contains(part), "{part:?} missing from {all}");
        }
        assert_eq!(v.len(), 8, "{all}");
    }

    #[test]
    fn nr_10_a_huge_count_is_refused_before_any_card_is_made() {
        let v = deck_from_list("custom", Side::Runner, &list(&[("30010", 1), ("30030", u32::MAX)]), Format::SystemGateway, |_| true).unwrap_err();
        assert_eq!(v, vec![format!("the decklist has {} cards; at most {MAX_DECK_CARDS} are allowed", u64::from(u32::MAX) + 1)]);
        let v = deck_from_list("custom", Side::Runner, &list(&[("30030", 3)]), Format::SystemGateway, |_| true).unwrap_err();
        assert!(v.iter().any(|e| e.contains("no identity")), "{v:?}");
    }
}
