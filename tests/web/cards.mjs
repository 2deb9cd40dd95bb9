// The printed numbers of every card, for the boards (`npm run cards`, part of `npm run build`):
// read from the engine's own card tables and written to gen/cards.ts, so the page can never
// disagree with the rules about a cost or a strength. Numbers and names only: no card text is
// read or shipped, and nothing about what a card does.
//
//   netrunner  services/engine/data/netrunner/<set>.tsv (NetrunnerDB's numbers, one table per set)
//   mainframe  services/engine/src/mainframe/data.rs (the rows of `CARDS`)
//   neonhope   services/engine/src/neonhope/data.rs (`ACTION_CARDS`, `CONDITIONS`)
//
// A table that no longer parses fails the build (and so the browser test) with the file named.

import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const engine = join(here, "../../services/engine");

function fail(file, why) {
  throw new Error(`cards.mjs: cannot read ${file}: ${why}`);
}

/** Netrunner: every set table (`<set>.tsv`, not the deck, format and reprint tables); a reprint's
 *  second code names the same card. */
async function netrunner() {
  const dir = join(engine, "data/netrunner");
  const notSets = ["decks.tsv", "formats.tsv", "reprints.tsv"];
  const files = (await readdir(dir)).filter((f) => f.endsWith(".tsv") && !notSets.includes(f)).sort();
  const cards = {};
  const numeric = ["cost", "strength", "advancement", "points", "memory", "trash", "influence", "min_deck", "influence_limit", "base_link"];
  for (const f of files) {
    const lines = (await readFile(join(dir, f), "utf8")).split("\n").filter((l) => l && !l.startsWith("#"));
    const head = lines.shift()?.split("\t") ?? [];
    for (const need of ["code", "title", "type", ...numeric]) if (!head.includes(need)) fail(f, `no column ${need}`);
    for (const line of lines) {
      const cols = line.split("\t");
      const row = Object.fromEntries(head.map((h, i) => [h, cols[i] ?? "-"]));
      const card = { title: row.title, type: row.type };
      for (const n of numeric) if (row[n] !== "-" && row[n] !== "") card[n] = Number(row[n]);
      cards[row.code] = card;
    }
  }
  const reprints = (await readFile(join(dir, "reprints.tsv"), "utf8")).split("\n").filter((l) => l && !l.startsWith("#"));
  const rhead = reprints.shift()?.split("\t") ?? [];
  if (!rhead.includes("code") || !rhead.includes("card")) fail("reprints.tsv", "no columns code and card");
  for (const line of reprints) {
    const row = Object.fromEntries(rhead.map((h, i) => [h, line.split("\t")[i]]));
    if (cards[row.card] && !cards[row.code]) cards[row.code] = cards[row.card];
  }
  if (Object.keys(cards).length < 100) fail(dir, `only ${Object.keys(cards).length} cards`);
  return cards;
}

/** Mainframe: `character("key", "Name", cost, ram, attack, defense, Pool::X)`, `thing("key", "Name",
 *  Kind::X, cost, ram)` and `script("key", "Name", cost, …)` in the card pool. */
async function mainframe() {
  const file = join(engine, "src/mainframe/data.rs");
  const src = await readFile(file, "utf8");
  const pool = src.slice(src.indexOf("pub static CARDS"));
  const cards = {};
  const s = '"([a-z0-9_]+)",\\s*"([^"]+)",\\s*';
  for (const m of pool.matchAll(new RegExp(`character\\(\\s*${s}(\\d+),\\s*(\\d+),\\s*(-?\\d+),\\s*(-?\\d+),\\s*Pool::(\\w+)`, "g"))) {
    cards[m[1]] = { name: m[2], kind: "Character", cost: +m[3], ram: +m[4], attack: +m[5], defense: +m[6] };
  }
  for (const m of pool.matchAll(new RegExp(`thing\\(\\s*${s}Kind::(\\w+),\\s*(\\d+),\\s*(\\d+)`, "g"))) {
    cards[m[1]] = { name: m[2], kind: m[3] === "Ram" ? "RAM" : m[3], cost: +m[4], ram: +m[5] };
  }
  for (const m of pool.matchAll(new RegExp(`script\\(\\s*${s}(\\d+),`, "g"))) {
    cards[m[1]] = { name: m[2], kind: "Script", cost: +m[3] };
  }
  const keys = [...pool.slice(0, pool.indexOf("];")).matchAll(/(?:character|thing|script)\(\s*"([a-z0-9_]+)"/g)].map((m) => m[1]);
  const missed = keys.filter((k) => !cards[k]);
  if (keys.length < 10 || missed.length > 0) fail(file, `${keys.length} cards, unread: ${missed.join(", ")}`);
  return cards;
}

/** Neonhope: the action cards' boosts and the conditions' hack difficulties. */
async function neonhope() {
  const file = join(engine, "src/neonhope/data.rs");
  const src = await readFile(file, "utf8");
  const cards = {};
  for (const m of src.matchAll(/ActionCard\s*\{\s*key:\s*"([a-z0-9_]+)",\s*name:\s*"([^"]+)",\s*task:\s*(?:Some\(Task::(\w+)\)|None),\s*boost:\s*(-?\d+)/g)) {
    cards[m[1]] = { name: m[2], task: m[3] ?? "any", boost: +m[4] };
  }
  const conditions = {};
  for (const m of src.matchAll(/Condition\s*\{\s*key:\s*"([a-z0-9_]+)",[^}]*?difficulty:\s*(-?\d+)/g)) {
    conditions[m[1]] = { difficulty: +m[2] };
  }
  if (Object.keys(cards).length < 3 || Object.keys(conditions).length < 2) fail(file, "no action cards or conditions found");
  return { cards, conditions };
}

const out = join(here, "gen");
await mkdir(out, { recursive: true });
const tables = { netrunner: await netrunner(), mainframe: await mainframe(), neonhope: await neonhope() };
await writeFile(
  join(out, "cards.ts"),
  `// Generated by cards.mjs from the engine's card tables: printed numbers and names, no card text.\n` +
    `/** What is printed on a card: its name (or title), kind or type, and numbers. */\n` +
    `export type Printed = { readonly [member: string]: string | number | undefined };\n` +
    `export const CARDS: {\n` +
    `  netrunner: Record<string, Printed>;\n` +
    `  mainframe: Record<string, Printed>;\n` +
    `  neonhope: { cards: Record<string, Printed>; conditions: Record<string, Printed> };\n` +
    `} = ${JSON.stringify(tables)};\n`,
);
console.log(`gen/cards.ts: ${Object.keys(tables.netrunner).length} netrunner, ${Object.keys(tables.mainframe).length} mainframe, ${Object.keys(tables.neonhope.cards).length} neonhope cards`);
