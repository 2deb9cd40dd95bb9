// A decklist as people write it ("3x Hedge Fund", NetrunnerDB's plain-text export) turned into
// the API's `Decklist`: card ids with counts. Titles are matched against the cards the API
// publishes (`RulesetDescription.pool`) or, for a game without a published pool, the page's
// table of printed names; the server checks the list itself (NR-10 and the format).

/** A title as a key: no accents, case or punctuation ("René “Loup” Arcemont" → "reneloup…"). */
export function normalize(title: string): string {
  return title
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

export interface Parsed {
  cards: { card: string; count: number }[];
  problems: string[];
}

/** Read `text` with `byName` (normalized title → card id) and `ids` (the card ids themselves).
 *  A line without a count is the deck's name or, if it names a card, the identity. */
export function parseDecklist(text: string, byName: Map<string, string>, ids: Set<string>): Parsed {
  const counts = new Map<string, number>();
  const problems: string[] = [];
  const resolve = (name: string) => (ids.has(name.trim()) ? name.trim() : byName.get(normalize(name)));
  text.split("\n").forEach((raw, i) => {
    const line = raw.replace(/[●•]+\s*$/, "").replace(/\s*\([^)]*\)\s*$/, "").trim();
    if (!line || line.startsWith("#")) return;
    const m = /^(\d+)\s*[x×]?\s+(.+)$/i.exec(line);
    if (!m) {
      const card = resolve(line);
      if (card) counts.set(card, (counts.get(card) ?? 0) + 1);
      return;
    }
    const card = resolve(m[2]);
    if (!card) problems.push(`line ${i + 1}: no card called '${m[2]}'`);
    else counts.set(card, (counts.get(card) ?? 0) + Number(m[1]));
  });
  return { cards: [...counts.entries()].map(([card, count]) => ({ card, count })), problems };
}
