// What every game's board is made of: cards (by title, with their printed numbers and the
// counters on them), face-down backs, zones that say how many cards they hold, and the counts of
// a side. Each game (mainframe.ts, netrunner.ts, neonhope.ts) lays these out from its state
// view; none of them knows what a card does.
//
// Test hooks, also what the browser test reads: a zone is `[data-zone=NAME][data-count=N]`, a
// count `[data-stat=NAME]` (its text is the number), a card `.card[data-card-id=ID]` with
// `data-title`, a back `.card.back`. Anything a board can be pointed at (for a decision's option
// or a highlighted event) carries `data-ref` ("card:12", "server:3", "key:camera_mesh", "tile:5").

import { el } from "../dom.js";

/** A state view, parsed: its shape is each game's published schema, read defensively. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type J = any;

/** What a board needs besides the state. */
export interface Ctx {
  /** The viewer's seat; undefined for a spectator. */
  viewer: number | undefined;
  /** The seats' names (MatchView.seats). */
  names: string[];
  /** The refs the last update's events named: drawn highlighted. */
  recent: Set<string>;
  /** The seat the match waits for, if any. */
  waitingFor: number | undefined;
}

/** One game's layout. */
export interface GameBoard {
  /** The whole table. */
  board(state: J, ctx: Ctx): HTMLElement;
  /** Where an option of `seat`'s decision belongs on the board (a ref), if anywhere: "card:12". */
  anchor(optionId: string, seat?: number): string | undefined;
  /** What an event's detail names on the board (refs), to highlight it. */
  refs(kind: string, detail: J): string[];
  /** A one-line summary for the tournament view (a small live board). */
  scoreLine(state: J, names: string[]): HTMLElement;
}

export const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
export const arr = (v: unknown): J[] => (Array.isArray(v) ? v : []);
export const obj = (v: unknown): J => (v && typeof v === "object" && !Array.isArray(v) ? v : {});
export const str = (v: unknown, fallback = ""): string => (typeof v === "string" ? v : v === undefined || v === null ? fallback : String(v));

export interface CardSpec {
  id?: number | string;
  ref?: string;
  title: string;
  /** Type line: "Ice · Barrier". */
  kind?: string;
  /** Printed numbers: [name, shown text]. */
  numbers?: [string, string][];
  /** What is on the card now (counters, current strength, damage): [name, shown text]. */
  counters?: [string, string][];
  /** Short states: "rezzed", "running". */
  flags?: string[];
  classes?: string[];
  /** A tooltip (the API's own words for it, when it gives any). */
  tip?: string;
  /** Cards hosted on it. */
  hosted?: HTMLElement[];
}

/** A card face up. */
export function card(c: CardSpec, ctx?: Ctx): HTMLElement {
  const ref = c.ref ?? (c.id !== undefined ? `card:${c.id}` : undefined);
  const attrs: Record<string, string> = { class: ["card", ...(c.classes ?? [])].join(" "), "data-title": c.title };
  if (c.id !== undefined) attrs["data-card-id"] = String(c.id);
  if (ref) attrs["data-ref"] = ref;
  if (ref && ctx?.recent.has(ref)) attrs.class += " recent";
  if (c.tip) attrs.title = c.tip;
  const e = el("div", attrs, el("div", { class: "title" }, c.title));
  if (c.kind) e.append(el("div", { class: "kind" }, c.kind));
  if (c.numbers?.length) e.append(el("div", { class: "numbers" }, ...c.numbers.map(([n, v]) => el("span", { class: "n", "data-n": n, title: n }, v))));
  if (c.counters?.length) e.append(el("div", { class: "counters" }, ...c.counters.map(([n, v]) => el("span", { class: "counter", "data-counter": n, title: n }, v))));
  if (c.flags?.length) e.append(el("div", { class: "flags" }, ...c.flags.map((f) => el("span", { class: "flag" }, f))));
  if (c.hosted?.length) e.append(el("div", { class: "hosted" }, ...c.hosted));
  return e;
}

/** A card face down: only that it is there (and what is public on it). */
export function back(id?: number, counters: [string, string][] = [], ctx?: Ctx): HTMLElement {
  const ref = id !== undefined ? `card:${id}` : undefined;
  const attrs: Record<string, string> = { class: "card back" };
  if (id !== undefined) attrs["data-card-id"] = String(id);
  if (ref) attrs["data-ref"] = ref;
  if (ref && ctx?.recent.has(ref)) attrs.class += " recent";
  const e = el("div", attrs, el("div", { class: "title" }, "face down"));
  if (counters.length) e.append(el("div", { class: "counters" }, ...counters.map(([n, v]) => el("span", { class: "counter", "data-counter": n }, v))));
  return e;
}

/** `n` backs (a hand the viewer may not see). */
export function backs(n: number): HTMLElement[] {
  return Array.from({ length: Math.max(0, n) }, () => back());
}

/** A zone of cards laid out one by one. */
export function zone(name: string, label: string, cards: HTMLElement[], extra: Record<string, string> = {}): HTMLElement {
  return el(
    "div",
    { class: `zone${cards.length === 0 ? " empty" : ""}`, "data-zone": name, "data-count": String(cards.length), ...extra },
    el("h4", {}, label, " ", el("span", { class: "count" }, String(cards.length))),
    el("div", { class: "cards" }, ...cards),
  );
}

/** A pile (a deck): one back with how many cards it holds. */
export function pile(name: string, label: string, count: number): HTMLElement {
  return el(
    "div",
    { class: "zone pile", "data-zone": name, "data-count": String(count), "data-pile": "true" },
    el("h4", {}, label),
    el("div", { class: `card back deck${count === 0 ? " empty" : ""}` }, el("div", { class: "title" }, String(count))),
  );
}

/** A count of a side: "5 credits". */
export function stat(name: string, label: string, value: unknown, tip?: string): HTMLElement {
  const attrs: Record<string, string> = { class: "stat", "data-stat": name };
  if (tip) attrs.title = tip;
  return el("span", attrs, el("b", {}, str(value, "–")), ` ${label}`);
}

export function stats(...items: (HTMLElement | undefined | false)[]): HTMLElement {
  return el("div", { class: "stats" }, ...items.filter((i): i is HTMLElement => Boolean(i)));
}

/** A member's name as words: "bad_publicity" → "bad publicity". */
export const words = (name: string) => name.replace(/_/g, " ");

/** What a newer build may add to an object that this page does not know yet: numbers and flags
 *  as counts, lists of cards as zones, so that they show instead of vanishing. */
export function unknownMembers(o: J, known: Set<string>, prefix: string, cardOf: (c: J) => HTMLElement): HTMLElement[] {
  const out: HTMLElement[] = [];
  for (const [k, v] of Object.entries(obj(o))) {
    if (known.has(k) || v === null) continue;
    if (isNum(v)) out.push(stat(`${prefix}.${k}`, words(k), v));
    else if (typeof v === "boolean") out.push(...(v ? [el("span", { class: "flag", "data-stat": `${prefix}.${k}` }, words(k))] : []));
    else if (typeof v === "string" && v.length <= 80) out.push(el("span", { class: "stat", "data-stat": `${prefix}.${k}` }, `${words(k)}: ${v}`));
    else if (Array.isArray(v) && v.every((c) => c && typeof c === "object" && "id" in c)) out.push(zone(`${prefix}.${k}`, words(k), v.map(cardOf)));
  }
  return out;
}

/** The numbers of a card object a layout does not name (e.g. counters a newer view adds). */
export function otherNumbers(c: J, known: Set<string>): [string, string][] {
  return Object.entries(obj(c))
    .filter(([k, v]) => !known.has(k) && (isNum(v) ? v !== 0 : v === true))
    .map(([k, v]) => [k, v === true ? words(k) : `${v} ${words(k)}`]);
}

/** The refs an event's detail names, by the members every game uses for them. */
export function defaultRefs(detail: J, members: { cards?: string[]; keys?: string[]; tiles?: string[]; servers?: string[] }): string[] {
  const d = obj(detail);
  const out: string[] = [];
  for (const m of members.cards ?? []) {
    const v = d[m];
    if (isNum(v)) out.push(`card:${v}`);
    else for (const x of arr(v)) if (isNum(x)) out.push(`card:${x}`);
  }
  for (const m of members.keys ?? []) if (typeof d[m] === "string") out.push(`key:${d[m]}`);
  for (const m of members.tiles ?? []) if (isNum(d[m])) out.push(`tile:${d[m]}`);
  for (const m of members.servers ?? []) if (isNum(d[m])) out.push(`server:${d[m]}`);
  return out;
}

/** An option id `verb:<n>…` whose verb is one of `verbs`, as the ref `card:<n>`. */
export function cardVerb(optionId: string, verbs: Set<string>): string | undefined {
  const [verb, first] = optionId.split(":");
  return verbs.has(verb) && first !== undefined && /^\d+$/.test(first) ? `card:${first}` : undefined;
}

/** The seat's label: "Ana (seat 0)", "you" for the viewer. */
export function seatLabel(seat: number, ctx: Ctx, name?: string): string {
  const n = name || ctx.names[seat] || `Seat ${seat}`;
  return seat === ctx.viewer ? `${n} (you)` : n;
}

/** A tournament tile's small board: one line per seat (the active one marked), then `tail`. */
export function miniBoard(rows: { name: string; active?: boolean; bits: string[] }[], tail: (string | HTMLElement)[], attrs: Record<string, string> = {}): HTMLElement {
  return el(
    "div",
    { class: "score-line", ...attrs },
    ...rows.map((r) => el("div", { class: `who${r.active ? " active" : ""}` }, el("b", {}, r.name), r.bits.join(" · "))),
    el("div", { class: "tail" }, ...tail),
  );
}

/** The panel of one side or seat: a heading, its counts and its zones. */
export function side(ref: string, heading: (HTMLElement | string)[], ctx: Ctx, seat: number | undefined, ...body: HTMLElement[]): HTMLElement {
  const classes = ["side"];
  if (seat !== undefined && seat === ctx.viewer) classes.push("mine");
  if (seat !== undefined && seat === ctx.waitingFor) classes.push("deciding");
  const attrs: Record<string, string> = { class: classes.join(" "), "data-ref": ref };
  if (seat !== undefined) attrs["data-seat"] = String(seat);
  return el("section", attrs, el("h3", {}, ...heading), ...body);
}
