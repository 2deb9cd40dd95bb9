//! `docs/netrunner-cards.md`, the card table, is derived from the code and checked against it:
//! every card of the pool, its set, whether it has a row (and in which table file), the formats
//! that ban it, and its tests by name. Nothing here counts the pool by hand; the counts come from
//! the data. Rewrite the page after adding cards with
//! `ARBITER_WRITE_CARD_TABLE=1 cargo test -p engine card_table`.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::netrunner::cards as c;
use crate::netrunner::data::{self, Format};

use super::cards::snake;

const PAGE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/netrunner-cards.md");

/// Every test source that holds card tests (`card_<title>_…`).
/// The card test files (`tests/cards/**/*.rs`), read at test time so that a new file needs no list.
fn test_sources() -> Vec<String> {
    fn walk(dir: &std::path::Path, out: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        let mut paths: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for p in paths {
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(std::fs::read_to_string(&p).unwrap_or_default());
            }
        }
    }
    let mut out = Vec::new();
    walk(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/netrunner/tests/cards"), &mut out);
    out
}

const SET_NAMES: [(&str, &str); 4] =
    [("sg", "System Gateway"), ("tai", "The Automata Initiative"), ("rwr", "Rebellion Without Rehearsal"), ("elev", "Elevation")];

/// The name a card's tests are named after: its row's name (an identity's without its
/// subtitle), or the printed title for a card without a row.
fn test_name(k: &data::CardData) -> String {
    if c::implemented(&k.code) {
        snake(c::def(&k.code).name)
    } else {
        snake(&k.title)
    }
}

/// Test names (`card_…`) by the card they are named after: each goes to the card whose
/// snake-case title is its longest prefix ending at a word boundary.
fn tests_by_card(titles: &[String]) -> BTreeMap<String, Vec<String>> {
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for src in test_sources() {
        for line in src.lines() {
            let Some(rest) = line.trim_start().strip_prefix("fn card_") else { continue };
            let name: String = rest.chars().take_while(|ch| ch.is_ascii_alphanumeric() || *ch == '_').collect();
            let owner = titles.iter().filter(|t| name == **t || name.starts_with(&format!("{t}_"))).max_by_key(|t| t.len());
            if let Some(t) = owner {
                out.entry(t.clone()).or_default().push(format!("card_{name}"));
            }
        }
    }
    out
}

/// The page as the code says it should be.
fn render() -> String {
    let pool = &data::pool().expect("card data").cards;
    let rows: BTreeMap<&str, &str> = c::tables().into_iter().flat_map(|(file, defs)| defs.iter().map(move |d| (d.code, file))).collect();
    let titles: Vec<String> = pool.iter().map(test_name).collect();
    let tests = tests_by_card(&titles);

    let mut page = String::new();
    page.push_str("# Netrunner card table\n\n");
    page.push_str(
        "Derived from the code and checked by the test `netrunner::tests::card_table` (it fails when\n\
         this page and the card tables disagree; `ARBITER_WRITE_CARD_TABLE=1 cargo test -p engine\n\
         card_table` rewrites it). A card without a row is refused by deck validation as not\n\
         implemented yet (docs/netrunner.md, \"Formats\"); what the missing ones need is listed in\n\
         docs/netrunner.md, \"Startup cards\".\n\n",
    );
    page.push_str("| set | cards | with a row | with a named test |\n|---|---|---|---|\n");
    let (mut all, mut done, mut tested) = (0, 0, 0);
    for (set, name) in SET_NAMES {
        let cards: Vec<_> = pool.iter().filter(|k| k.set == set).collect();
        let d = cards.iter().filter(|k| rows.contains_key(k.code.as_str())).count();
        let t = cards.iter().filter(|k| tests.contains_key(&test_name(k))).count();
        let _ = writeln!(page, "| {name} (`{set}`) | {} | {d} | {t} |", cards.len());
        (all, done, tested) = (all + cards.len(), done + d, tested + t);
    }
    let _ = writeln!(page, "| all | {all} | {done} | {tested} |\n");
    page.push_str("| code | title | set | side | type | banned in | row | tests |\n|---|---|---|---|---|---|---|---|\n");
    for k in pool {
        let banned: Vec<&str> = Format::ALL.iter().filter(|f| f.is_banned(&k.code)).map(|f| f.name()).collect();
        let row = rows.get(k.code.as_str()).map_or("no".to_string(), |f| format!("`{f}`"));
        let t = tests.get(&test_name(k)).map_or(String::new(), |v| v.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", "));
        let _ = writeln!(
            page,
            "| {} | {} | {} | {} | {} | {} | {row} | {t} |",
            k.code,
            k.title.replace('|', "\\|"),
            k.set,
            k.side.name(),
            k.ctype.name(),
            banned.join(", "),
        );
    }
    page
}

#[test]
fn card_table_in_the_docs_matches_the_code() {
    let want = render();
    if std::env::var_os("ARBITER_WRITE_CARD_TABLE").is_some() {
        std::fs::write(PAGE, &want).expect("write docs/netrunner-cards.md");
        return;
    }
    let have = std::fs::read_to_string(PAGE).unwrap_or_default();
    if have != want {
        let first = have.lines().zip(want.lines()).position(|(a, b)| a != b).unwrap_or(have.lines().count().min(want.lines().count()));
        panic!(
            "docs/netrunner-cards.md is not what the code says (first difference at line {}: {:?}); \
             rewrite it with ARBITER_WRITE_CARD_TABLE=1 cargo test -p engine card_table",
            first + 1,
            want.lines().nth(first)
        );
    }
}

#[test]
fn card_table_every_implemented_card_has_a_named_test() {
    let pool = &data::pool().expect("card data").cards;
    let titles: Vec<String> = pool.iter().map(test_name).collect();
    let tests = tests_by_card(&titles);
    for d in c::all() {
        let name = snake(d.name);
        assert!(tests.contains_key(&name), "no test named card_{name}_…");
    }
}
