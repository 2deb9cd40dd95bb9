//! Decklists as people write them: NetrunnerDB's plain-text export ("3x Hedge Fund", the
//! identity on a line of its own) and its JSON deck export (`{"cards": {"30075": 3, …}}`), read
//! into codes and counts and checked by NR-10 (`data::deck_from_list`).
//!
//! Titles are looked up in the card table itself (`data::pool`), so a card added to the table
//! is readable by title with no other change. Matching ignores case, accents, apostrophes and
//! punctuation ("Tao Salonga: Telepresence Magician", "tomorrow's headline"); a code may be
//! either code of a reprint. Pure and deterministic: the same text gives the same list and the
//! same messages.
//!
//! Two verdicts: [`check`] (NR-10 and every card implemented: what a match accepts) and
//! [`check_legality`] (NR-10 alone, with the cards not implemented yet apart: what
//! `arbiter deck check` reports, so a deck's legality does not wait for the engine).

use serde_json::Value;

use super::cards;
use super::data::{self, CardData, CardType, Implemented, Side};

/// The card pool and ban list a decklist is checked against (defined with the card data).
pub use super::data::{Format, Snapshot};

/// A decklist as read, before NR-10: the name the text gives it, the cards in the order written
/// (the identity among them with count 1), and every line or entry that could not be read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadList {
    pub name: Option<String>,
    pub cards: Vec<(String, u32)>,
    pub problems: Vec<String>,
}

/// One card of a checked decklist.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub code: String,
    pub title: String,
    pub count: u32,
}

/// A legal decklist, normalised: its identity, then each card once (copies added up), by code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    pub name: Option<String>,
    /// The format and snapshot it was checked under.
    pub format: Snapshot,
    pub side: Side,
    pub identity: Entry,
    pub cards: Vec<Entry>,
}

impl Checked {
    /// The number of cards, the identity not counted.
    pub fn size(&self) -> u32 {
        self.cards.iter().map(|e| e.count).sum()
    }

    /// The list as a seat's decklist takes it: (code, count), the identity first.
    pub fn decklist(&self) -> Vec<(String, u32)> {
        std::iter::once(&self.identity).chain(&self.cards).map(|e| (e.code.clone(), e.count)).collect()
    }

    /// The list in the plain-text form, which [`read`] reads back: the identity, then
    /// "3x Hedge Fund (30075)" lines.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        if let Some(name) = &self.name {
            out.push_str(&format!("{name}\n"));
        }
        let snapshot = match self.format.id() {
            "" => String::new(),
            id => format!(" ({id})"),
        };
        out.push_str(&format!("# {}{snapshot} {} deck, {} cards\n", self.format.format().name(), self.side.name(), self.size()));
        out.push_str(&format!("{} ({})\n", self.identity.title, self.identity.code));
        for e in &self.cards {
            out.push_str(&format!("{}x {} ({})\n", e.count, e.title, e.code));
        }
        out
    }
}

/// Most problems reported for one text: a file that is not a decklist at all stops there.
const MAX_PROBLEMS: usize = 50;

/// Titles longer than this are not compared for a "did you mean" (no card title comes close).
const MAX_SUGGEST_CHARS: usize = 80;

/// Read `text` in whichever form it is: JSON if it starts with `{`, else plain text.
pub fn read(text: &str, format: impl Into<Snapshot>) -> ReadList {
    let format = format.into();
    // A byte-order mark, as some editors save a file, is not part of the list.
    let text = text.trim_start_matches('\u{feff}');
    if text.trim_start().starts_with('{') {
        read_json(text, format)
    } else {
        read_text(text, format)
    }
}

/// Read `text` and check it by NR-10 against `format`'s pool and ban list (a format's active
/// snapshot, or a snapshot), every card implemented: what a match accepts. `side` is the
/// seat's side when it is known (a Corp seat must bring a Corp deck); otherwise the identity's.
/// Every problem and violation is listed.
pub fn check(text: &str, format: impl Into<Snapshot>, side: Option<Side>) -> Result<Checked, Vec<String>> {
    check_with(text, format.into(), side, Some(&cards::implemented))
}

/// A decklist's legality, and apart from it what keeps it from being played here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// NR-10 alone: the normalised deck, or every problem and violation.
    pub deck: Result<Checked, Vec<String>>,
    /// The cards read (the identity first, each once by its own code, copies added up) that
    /// have no behaviour here yet (`cards::implemented`): a match refuses the deck until they do.
    pub not_implemented: Vec<Entry>,
}

/// Read `text` and check it by NR-10 alone under `format` (whatever has behaviour here), and
/// list apart the cards not implemented yet.
pub fn check_legality(text: &str, format: impl Into<Snapshot>, side: Option<Side>) -> Verdict {
    let snap = format.into();
    let deck = check_with(text, snap, side, None);
    let list = read(text, snap);
    let listed = data::Deck { name: String::new(), side: side.unwrap_or(Side::Corp), identity: String::new(), cards: list.cards.clone() };
    let not_implemented = data::not_implemented(&listed, cards::implemented)
        .into_iter()
        .map(|c| {
            let count = list.cards.iter().filter(|(k, _)| data::canonical_code(k) == c.code).map(|(_, n)| *n).fold(0u32, u32::saturating_add);
            Entry { code: c.code.clone(), title: c.title.clone(), count }
        })
        .collect();
    Verdict { deck, not_implemented }
}

fn check_with(text: &str, format: Snapshot, side: Option<Side>, implemented: Option<Implemented>) -> Result<Checked, Vec<String>> {
    let list = read(text, format);
    let mut problems = list.problems;
    let pool = format.cards();
    let known = |code: &str| pool.iter().copied().find(|c| c.code == data::canonical_code(code));
    let identity = list.cards.iter().filter_map(|(c, _)| known(c)).find(|c| c.ctype == CardType::Identity);
    if let (Some(want), Some(id)) = (side, identity) {
        if id.side != want {
            // One message, rather than one per card of the other side.
            problems.push(format!(
                "{} is a {} identity, but this seat plays the {} (seat 0 is the Corp, seat 1 the Runner)",
                id.title,
                id.side.name(),
                want.name()
            ));
            return Err(problems);
        }
    }
    let side = side.or(identity.map(|c| c.side)).or_else(|| list.cards.iter().find_map(|(c, _)| known(c)).map(|c| c.side));
    let Some(side) = side else {
        problems.push(format!("no card of the {} pool was read, so the deck is neither a Corp nor a Runner deck", format.name()));
        return Err(problems);
    };
    if list.cards.is_empty() {
        problems.push("the decklist lists no cards".into());
        return Err(problems);
    }
    let checked = match implemented {
        Some(has) => data::deck_from_list("custom", side, &list.cards, format, has),
        None => data::legal_deck_from_list("custom", side, &list.cards, format),
    };
    match checked {
        Err(v) => {
            problems.extend(v);
            Err(problems)
        }
        Ok(_) if !problems.is_empty() => Err(problems),
        Ok(deck) => {
            let entry = |code: &str, count: u32| Entry { code: code.to_string(), title: known(code).map(|c| c.title.clone()).unwrap_or_default(), count };
            let mut merged: Vec<Entry> = Vec::new();
            for (code, n) in &deck.cards {
                match merged.iter_mut().find(|e| &e.code == code) {
                    Some(e) => e.count = e.count.saturating_add(*n),
                    None => merged.push(entry(code, *n)),
                }
            }
            merged.sort_by(|a, b| a.code.cmp(&b.code));
            Ok(Checked { name: list.name, format, side, identity: entry(&deck.identity, 1), cards: merged })
        }
    }
}

/// The comparison key of a title or a NetrunnerDB card id: lower case, accents dropped,
/// apostrophes dropped, any other run of non-alphanumerics one space ("hedge_fund" and
/// "Hedge Fund" are the same key).
pub fn title_key(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut gap = false;
    for ch in s.chars() {
        if matches!(ch, '\'' | '’' | '‘' | 'ʼ' | '`' | '´') {
            continue;
        }
        let ch = fold(ch);
        if ch.is_alphanumeric() {
            if gap && !out.is_empty() {
                out.push(' ');
            }
            gap = false;
            out.extend(ch.to_lowercase());
        } else {
            gap = true;
        }
    }
    out
}

/// A Latin letter with an accent as the letter without it (the letters card titles use).
fn fold(ch: char) -> char {
    match ch {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ă' | 'ą' | 'ạ' | 'ả' | 'ấ' | 'ầ' | 'ậ' => 'a',
        'À' | 'Á' | 'Â' | 'Ã' | 'Ä' | 'Å' | 'Ā' | 'Ă' | 'Ą' => 'a',
        'ç' | 'ć' | 'č' | 'Ç' | 'Ć' | 'Č' => 'c',
        'ď' | 'đ' | 'Ď' | 'Đ' => 'd',
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ė' | 'ę' | 'ě' | 'ế' | 'ề' | 'ệ' | 'È' | 'É' | 'Ê' | 'Ë' | 'Ē' | 'Ě' => 'e',
        'ì' | 'í' | 'î' | 'ï' | 'ī' | 'ı' | 'Ì' | 'Í' | 'Î' | 'Ï' | 'Ī' | 'İ' => 'i',
        'ł' | 'Ł' => 'l',
        'ñ' | 'ń' | 'ň' | 'Ñ' | 'Ń' | 'Ň' => 'n',
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' | 'ő' | 'ơ' | 'ố' | 'ồ' | 'ộ' | 'Ò' | 'Ó' | 'Ô' | 'Õ' | 'Ö' | 'Ø' | 'Ō' => 'o',
        'ř' | 'Ř' => 'r',
        'ś' | 'š' | 'ş' | 'Ś' | 'Š' | 'Ş' => 's',
        'ť' | 'ţ' | 'Ť' | 'Ţ' => 't',
        'ù' | 'ú' | 'û' | 'ü' | 'ū' | 'ů' | 'ű' | 'ư' | 'Ù' | 'Ú' | 'Û' | 'Ü' | 'Ū' | 'Ů' => 'u',
        'ý' | 'ÿ' | 'Ý' => 'y',
        'ź' | 'ż' | 'ž' | 'Ź' | 'Ż' | 'Ž' => 'z',
        other => other,
    }
}

/// The card of the pool with this title, NetrunnerDB card id or code (either code of a
/// reprint: the printing listed, which the checks count with its other one).
fn lookup(pool: &[&'static CardData], name: &str) -> Option<&'static CardData> {
    let name = name.trim();
    if let Some(c) = data::card(name).filter(|c| pool.iter().any(|k| k.code == data::canonical_code(&c.code))) {
        return Some(c);
    }
    let key = title_key(name);
    if key.is_empty() {
        return None;
    }
    pool.iter().find(|c| title_key(&c.title) == key).copied()
}

/// The title `name` is most likely a misspelling of, if one is close enough.
fn suggest(pool: &[&'static CardData], name: &str, identities_only: bool) -> Option<&'static str> {
    let key = title_key(name);
    if key.is_empty() || key.chars().count() > MAX_SUGGEST_CHARS {
        return None;
    }
    let mut best: Option<(usize, &'static str)> = None;
    for c in pool.iter().filter(|c| !identities_only || c.ctype == CardType::Identity) {
        let title = title_key(&c.title);
        // A part of a title ("Precision Design", "Tao Salonga") is as good as a close spelling.
        let d = if title.contains(&key) && key.chars().count() >= 4 { 1 } else { distance(&key, &title) };
        if best.is_none_or(|(b, _)| d < b) {
            best = Some((d, c.title.as_str()));
        }
    }
    let limit = (key.chars().count() / 3).max(2);
    best.filter(|(d, _)| *d <= limit).map(|(_, t)| t)
}

/// Levenshtein distance over characters.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = if ca == *cb { prev } else { 1 + prev.min(cur).min(row[j]) };
            prev = cur;
        }
    }
    row[b.len()]
}

fn unknown(pool: &[&'static CardData], format: Snapshot, what: &str, name: &str) -> String {
    match suggest(pool, name, false) {
        Some(t) => format!("{what}: '{name}' is not a card of the {} pool; did you mean '{t}'?", format.name()),
        None => format!("{what}: '{name}' is not a card of the {} pool (check the spelling against NetrunnerDB)", format.name()),
    }
}

fn push(problems: &mut Vec<String>, p: String) {
    if problems.len() < MAX_PROBLEMS {
        problems.push(p);
    } else if problems.len() == MAX_PROBLEMS {
        problems.push(format!("more than {MAX_PROBLEMS} problems: is this a decklist?"));
    }
}

/// Influence dots and bullets NetrunnerDB prints after a card, and list bullets before it.
fn is_dot(ch: char) -> bool {
    matches!(ch, '●' | '•' | '○' | '◦' | '·' | '∙')
}

/// A line without the list bullet in front and the influence dots behind.
fn strip_decoration(line: &str) -> &str {
    let mut s = line.trim();
    for bullet in ["* ", "- ", "• "] {
        if let Some(rest) = s.strip_prefix(bullet) {
            s = rest.trim_start();
        }
    }
    s.trim_end_matches(|c: char| is_dot(c) || c.is_whitespace())
}

/// `(count, rest)` for "3 Title", "3x Title", "3 x Title", "3×Title"; `None` when the line does
/// not start with a count (a title such as "419: Amoral Scammer" starts with digits but not a
/// count).
fn split_count(s: &str) -> Option<(Result<u32, String>, &str)> {
    let digits = s.len() - s.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return None;
    }
    let (num, rest) = s.split_at(digits);
    let after = rest.trim_start();
    let spaced = after.len() < rest.len();
    let rest = match after.strip_prefix(['x', 'X', '×']) {
        // "3x Title", "3 x Title", "3xTitle"; but not "3 Xanadu" (an x that starts a word).
        Some(r) if !spaced || r.starts_with(char::is_whitespace) => r.trim_start(),
        _ if spaced => after,
        _ => return None,
    };
    let count = num.parse::<u32>().map_err(|_| format!("{num} is not a count of copies"));
    Some((count, rest))
}

/// "Title (Set Name)" as "Title", when it ends with a parenthesis.
fn strip_set(s: &str) -> Option<&str> {
    let inner = s.strip_suffix(')')?;
    let open = inner.rfind('(')?;
    Some(inner[..open].trim_end())
}

/// A section header NetrunnerDB prints: "Agenda (7)", "Code Gate (4)".
fn is_header(s: &str) -> bool {
    let Some(inner) = s.strip_suffix(')') else { return false };
    let Some(open) = inner.rfind('(') else { return false };
    let (head, n) = (&inner[..open], &inner[open + 1..]);
    !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()) && !head.trim().is_empty() && !head.contains(':')
}

/// NetrunnerDB's summary lines after the cards.
fn is_footer(s: &str) -> bool {
    let k = s.to_lowercase();
    ["cards up to", "decklist published", "deck published", "built with", "exported from"].iter().any(|p| k.starts_with(p))
}

fn is_count_footer(rest: &str) -> bool {
    let k = rest.to_lowercase();
    k.starts_with("influence spent") || k.starts_with("agenda points") || k == "cards" || k.starts_with("cards (")
}

/// Read NetrunnerDB's plain-text export (or any list of "N Title" / "Nx Title" lines with the
/// identity on a line of its own). The first line that is neither a card nor the identity is
/// the deck's name; section headers ("Agenda (7)"), influence dots, set names in parentheses,
/// NetrunnerDB's summary lines, blank lines and `#` comments are skipped.
pub fn read_text(text: &str, format: impl Into<Snapshot>) -> ReadList {
    let format = format.into();
    let pool = format.cards();
    let mut out = ReadList::default();
    let mut name_line: Option<(usize, String)> = None;
    let mut seen_content = false;
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let s = strip_decoration(raw);
        if s.is_empty() || s.starts_with('#') || s.starts_with("//") {
            continue;
        }
        let first = !seen_content;
        seen_content = true;
        let what = format!("line {line_no}");
        if let Some((count, rest)) = split_count(s) {
            if is_count_footer(rest) {
                continue;
            }
            let card = lookup(&pool, rest).or_else(|| strip_set(rest).and_then(|t| lookup(&pool, t)));
            match (count, card) {
                (Err(e), _) => push(&mut out.problems, format!("{what}: {e}")),
                // A first line such as "2026 worlds list" is the deck's name, not a card.
                (Ok(_), None) if first && suggest(&pool, strip_set(rest).unwrap_or(rest), false).is_none() => {
                    name_line = Some((line_no, s.to_string()));
                }
                (Ok(_), None) => {
                    let title = strip_set(rest).unwrap_or(rest);
                    push(&mut out.problems, unknown(&pool, format, &what, title));
                }
                (Ok(n), Some(c)) => out.cards.push((c.code.clone(), n)),
            }
            continue;
        }
        if is_header(s) || is_footer(s) {
            continue;
        }
        match lookup(&pool, s).or_else(|| strip_set(s).and_then(|t| lookup(&pool, t))) {
            Some(c) if c.ctype == CardType::Identity => out.cards.push((c.code.clone(), 1)),
            Some(c) => push(&mut out.problems, format!("{what}: '{}' has no count; write it as '1x {}' (or 2x, 3x)", c.title, c.title)),
            None if first => name_line = Some((line_no, s.to_string())),
            None => {
                let title = strip_set(s).unwrap_or(s);
                let p = match suggest(&pool, title, false) {
                    Some(t) => format!("{what}: cannot read '{title}'; did you mean '{t}'? (a card is 'N Title' or 'Nx Title')"),
                    None => format!("{what}: cannot read '{title}': expected the identity, or a card as 'N Title' or 'Nx Title'"),
                };
                push(&mut out.problems, p);
            }
        }
    }
    let has_identity = out.cards.iter().any(|(c, _)| pool.iter().any(|k| &k.code == c && k.ctype == CardType::Identity));
    if let Some((line_no, name)) = name_line {
        // A first line close to an identity's title is more likely that identity misspelled.
        let title = strip_set(&name).unwrap_or(&name).to_string();
        match suggest(&pool, &title, true).filter(|_| !has_identity) {
            Some(t) => push(&mut out.problems, format!("line {line_no}: '{title}' is not an identity of the {} pool; did you mean '{t}'?", format.name())),
            None => out.name = Some(name),
        }
    }
    out
}

/// Read NetrunnerDB's JSON deck export: `{"cards": {"<code>": n, …}}` with the identity among
/// the cards, as the deck itself or inside the API's envelope (`{"data": [{…}]}`); also
/// NetrunnerDB v3's `{"data": {"attributes": {"identity_card_id": …, "card_slots": {…}}}}`,
/// whose card ids are titles in lower case with `_`. A key that is not a code is read as a
/// title.
pub fn read_json(text: &str, format: impl Into<Snapshot>) -> ReadList {
    let format = format.into();
    let pool = format.cards();
    let mut out = ReadList::default();
    let v: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            out.problems.push(format!("the file is not valid JSON ({e}); give NetrunnerDB's JSON deck export or its plain-text export"));
            return out;
        }
    };
    // The deck object: the top level, the API's `data` (one deck), or v3's `attributes`.
    let mut deck = &v;
    match v.get("data") {
        Some(Value::Array(decks)) if decks.len() == 1 => deck = &decks[0],
        Some(Value::Array(decks)) => {
            out.problems.push(format!("the file holds {} decks under \"data\"; export one deck", decks.len()));
            return out;
        }
        Some(d @ Value::Object(_)) => deck = d,
        _ => {}
    }
    if let Some(a @ Value::Object(_)) = deck.get("attributes") {
        deck = a;
    }
    out.name = deck.get("name").and_then(Value::as_str).map(str::to_string).filter(|n| !n.trim().is_empty());
    if let Some(id) = deck.get("identity_card_id").and_then(Value::as_str) {
        match lookup(&pool, id) {
            Some(c) => out.cards.push((c.code.clone(), 1)),
            None => push(&mut out.problems, unknown(&pool, format, "identity_card_id", id)),
        }
    }
    let slots = deck.get("cards").or_else(|| deck.get("card_slots"));
    let Some(Value::Object(slots)) = slots else {
        out.problems.push("the JSON has no \"cards\" object of code: count (NetrunnerDB's deck export has one)".into());
        return out;
    };
    for (key, n) in slots {
        let what = format!("\"{key}\"");
        let count = match n.as_u64().map(u32::try_from) {
            Some(Ok(n)) => n,
            _ => {
                push(&mut out.problems, format!("{what}: the count {n} is not a whole number of copies"));
                continue;
            }
        };
        match lookup(&pool, key) {
            Some(c) => out.cards.push((c.code.clone(), count)),
            None => push(&mut out.problems, unknown(&pool, format, &what, key)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::RandomBot;

    const SG: Format = Format::SystemGateway;

    /// Haas-Bioroid: Precision Design, 40 HB and neutral cards, 18 agenda points, as NetrunnerDB
    /// prints it (name, identity with its set, headers, influence dots, summary lines).
    const HB_TEXT: &str = "Precision starter\n\nHaas-Bioroid: Precision Design (System Gateway)\n\nAgenda (9)\n1x Luminal Transubstantiation (System Gateway)\n3x Offworld Office (System Gateway)\n3x Orbital Superiority (System Gateway)\n1x Send a Message (System Gateway)\n1x Superconducting Hub (System Gateway)\n\nAsset (4)\n3x Nico Campaign (System Gateway)\n1x Regolith Mining License (System Gateway)\n\nUpgrade (3)\n3x Manegarm Skunkworks (System Gateway)\n\nOperation (9)\n3x Seamless Launch (System Gateway)\n3x Sprint (System Gateway)\n3x Hedge Fund (System Gateway)\n\nBarrier (6)\n3x Brân 1.0 (System Gateway)\n3x Palisade (System Gateway)\n\nCode Gate (6)\n3x Tithe (System Gateway)\n3x Whitespace (System Gateway)\n\nSentry (3)\n3x Ansel 1.0 (System Gateway)\n\n0 influence spent (max 15, available 15)\n18 agenda points (between 18 and 19)\n40 cards (min 40)\nCards up to System Gateway\n";

    fn codes(l: &[(String, u32)]) -> Vec<(&str, u32)> {
        l.iter().map(|(c, n)| (c.as_str(), *n)).collect()
    }

    #[test]
    fn nr_10_netrunnerdbs_text_export_reads_and_checks() {
        let d = check(HB_TEXT, SG, None).unwrap();
        assert_eq!(d.name.as_deref(), Some("Precision starter"));
        assert_eq!((d.side, d.identity.code.as_str(), d.size()), (Side::Corp, "30035", 40));
        assert_eq!(d.cards.iter().find(|e| e.code == "30039").map(|e| (e.title.as_str(), e.count)), Some(("Brân 1.0", 3)));
        assert!(d.cards.windows(2).all(|w| w[0].code < w[1].code), "normalised by code");
        // The normalised text reads back to the same deck.
        assert_eq!(check(&d.to_text(), SG, None).unwrap(), d);
        // A name that starts with a number is still the name.
        let named = HB_TEXT.replacen("Precision starter", "2026 regionals", 1);
        assert_eq!(check(&named, SG, None).unwrap().name.as_deref(), Some("2026 regionals"));
    }

    #[test]
    fn nr_10_counts_titles_and_case_are_read_leniently() {
        let text = "zahya sadeghi: versatile smuggler\n3 sure gamble\n2X  Tread Lightly ●●\n1 x Docklands Pass\n* 3x Tao Salonga's friend\n3×Mayfly\n1 30030\n";
        let l = read_text(text, SG);
        assert_eq!(codes(&l.cards), vec![("30010", 1), ("30030", 3), ("30012", 2), ("30013", 1), ("30032", 3), ("30030", 1)]);
        assert_eq!(l.problems.len(), 1, "{:?}", l.problems);
        assert!(l.problems[0].starts_with("line 5: 'Tao Salonga's friend' is not a card of the system_gateway pool"), "{:?}", l.problems);
        // Accents and apostrophes do not matter.
        let l = read_text("Tao Salonga: Telepresence Magician\n1 Bran 1.0\n2 Karuna\n3 Tomorrow's Headline\n", SG);
        assert_eq!(codes(&l.cards), vec![("30019", 1), ("30039", 1), ("30047", 2), ("30052", 3)]);
        assert!(l.problems.is_empty() && l.name.is_none(), "{l:?}");
    }

    #[test]
    fn nr_10_a_misspelled_title_is_named_with_the_closest_card() {
        let l = read_text("The Catalyst: Convention Breaker\n3 Hedge Fnd\n2 Sure Gambel (System Gateway)\n", SG);
        assert_eq!(
            l.problems,
            vec![
                "line 2: 'Hedge Fnd' is not a card of the system_gateway pool; did you mean 'Hedge Fund'?",
                "line 3: 'Sure Gambel' is not a card of the system_gateway pool; did you mean 'Sure Gamble'?",
            ]
        );
        assert_eq!(codes(&l.cards), vec![("30076", 1)]);
        // Nothing close: a plain message.
        let l = read_text("The Catalyst: Convention Breaker\n3 Qwertyuiop Zxcvb\n", SG);
        assert!(l.problems[0].contains("'Qwertyuiop Zxcvb' is not a card of the system_gateway pool (check the spelling"), "{:?}", l.problems);
        // A misspelled identity on the first line is not taken for the deck's name.
        let l = read_text("Haas-Bioroid: Precison Design\n3 Hedge Fund\n", SG);
        assert_eq!(l.name, None);
        assert!(l.problems[0].contains("did you mean 'Haas-Bioroid: Precision Design'?"), "{:?}", l.problems);
        // A card without a count says how to write it.
        let l = read_text("Name\nThe Catalyst: Convention Breaker\nSure Gamble\n", SG);
        assert_eq!(l.problems, vec!["line 3: 'Sure Gamble' has no count; write it as '1x Sure Gamble' (or 2x, 3x)"]);
    }

    #[test]
    fn nr_10_netrunnerdbs_json_export_reads_in_each_envelope() {
        let hb = check(HB_TEXT, SG, None).unwrap();
        let cards: serde_json::Map<String, Value> = hb.decklist().into_iter().map(|(c, n)| (c, Value::from(n))).collect();
        let plain = serde_json::json!({"name": "HB", "cards": cards});
        let api = serde_json::json!({"data": [plain.clone()], "success": true, "total": 1});
        for v in [&plain, &api] {
            let d = check(&v.to_string(), SG, Some(Side::Corp)).unwrap();
            assert_eq!((d.name.as_deref(), d.decklist()), (Some("HB"), hb.decklist()), "{v}");
        }
        // v3: card ids are titles in lower case.
        let v3 = r#"{"data": {"attributes": {"name": "Z", "identity_card_id": "zahya_sadeghi_versatile_smuggler", "card_slots": {"sure_gamble": 3, "bran_1_0": 1}}}}"#;
        let l = read_json(v3, SG);
        assert_eq!((l.name.as_deref(), codes(&l.cards)), (Some("Z"), vec![("30010", 1), ("30039", 1), ("30030", 3)]));
        // Bad JSON and bad counts are named.
        assert!(read_json("{\"cards\": ", SG).problems[0].starts_with("the file is not valid JSON"));
        let l = read_json(r#"{"cards": {"30010": 1, "30030": -1, "30011": 2.5, "99999": 1}}"#, SG);
        assert_eq!(l.problems.len(), 3, "{:?}", l.problems);
        assert!(l.problems.iter().any(|p| p.contains("\"30030\": the count -1 is not a whole number")), "{:?}", l.problems);
        assert!(read_json(r#"{"deck": 1}"#, SG).problems[0].contains("no \"cards\" object"));
    }

    #[test]
    fn nr_10_an_illegal_list_names_every_violation() {
        // Four Hedge Funds, an out-of-faction agenda, over influence (9 Jinteki cards worth
        // influence), and too few agenda points.
        let text = "Haas-Bioroid: Precision Design\n4 Hedge Fund\n1 Longevity Serum\n3 Diviner\n3 Karuna\n3 Neurospike\n3 Palisade\n3 Tithe\n3 Whitespace\n3 Nico Campaign\n3 Seamless Launch\n3 Sprint\n3 Ansel 1.0\n3 Bran 1.0\n3 Offworld Office\n";
        let v = check(text, SG, None).unwrap_err();
        let all = v.join(" | ");
        for part in ["4 copies of Hedge Fund exceed its deck limit of 3", "Longevity Serum (30044) is a jinteki agenda", "influence", "agenda points"] {
            assert!(all.contains(part), "{part:?} missing from {all}");
        }
        // A Runner list on the Corp's seat.
        let v = check("The Catalyst: Convention Breaker\n3 Sure Gamble\n", SG, Some(Side::Corp)).unwrap_err();
        assert_eq!(v, vec!["The Catalyst: Convention Breaker is a runner identity, but this seat plays the corp (seat 0 is the Corp, seat 1 the Runner)"]);
        // Nothing readable.
        let v = check("hello\n\n", SG, None).unwrap_err();
        assert!(v[0].contains("no card of the system_gateway pool was read"), "{v:?}");
    }

    #[test]
    fn nr_10_every_title_of_the_pool_has_its_own_key() {
        for &format in Format::ALL {
            let pool = format.cards();
            assert!(!pool.is_empty(), "{}", format.name());
            let mut keys: Vec<String> = pool.iter().map(|c| title_key(&c.title)).collect();
            keys.sort();
            keys.dedup();
            assert_eq!(keys.len(), pool.len(), "two titles of {} read the same", format.name());
            for c in &pool {
                assert_eq!(lookup(&pool, &c.title).map(|k| &k.code), Some(&c.code));
            }
        }
        assert_eq!(Format::parse("system_gateway"), Ok(SG));
        assert_eq!(Format::parse("startup"), Ok(Format::Startup));
        assert_eq!(Format::parse("standard"), Ok(Format::Standard));
        assert!(Format::parse("eternal").unwrap_err().contains("the formats are: system_gateway, startup, standard"));
    }

    /// Seeded fuzzing: pieces of real lists, random bytes and characters, cut anywhere. Reading
    /// and checking never panic and give the same answer twice.
    #[test]
    fn nr_10_reading_any_text_never_panics_and_is_deterministic() {
        let mut rng = RandomBot::new(10);
        let pieces: Vec<&str> = HB_TEXT
            .lines()
            .chain([
                "{",
                "}",
                "\"cards\":",
                "{\"cards\": {\"30075\": 3}}",
                "●●",
                "3x",
                "×",
                "(",
                ")",
                "419: x",
                "ā",
                "\u{0}",
                "99999999999 Hedge Fund",
                "[",
                "\"data\": [",
            ])
            .collect();
        for _ in 0..1500 {
            let mut text = String::new();
            for _ in 0..rng.below(12) {
                match rng.below(4) {
                    0 => text.push_str(pieces[rng.below(pieces.len() as u32) as usize]),
                    1 => text.push(char::from_u32(rng.below(0x3000)).unwrap_or('?')),
                    2 => text.push('\n'),
                    _ => text.push_str(" "),
                }
            }
            let a = std::panic::catch_unwind(|| (read(&text, SG), check(&text, SG, None)));
            let b = std::panic::catch_unwind(|| (read(&text, SG), check(&text, SG, None)));
            match (a, b) {
                (Ok(a), Ok(b)) => assert_eq!(a, b, "{text:?}"),
                _ => panic!("reading panicked on {text:?}"),
            }
        }
    }
}
