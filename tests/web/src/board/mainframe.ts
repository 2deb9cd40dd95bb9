// Mainframe's table (docs/schemas/mainframe.state.schema.json): per player the two health pools
// (Mainframe, Bioframe), the permanents they control (attack/defense, damage, Running or
// Refreshed, RAM allocated), the hand, the Cyberdeck and RAM deck, the RAM Bank and the Recycle
// Bin; between them the Cache (top last) and the combat under way. The viewer at the bottom.

import { CARDS } from "../../gen/cards.js";
import { el } from "../dom.js";
import { arr, backs, card, cardVerb, defaultRefs, isNum, miniBoard, obj, otherNumbers, pile, seatLabel, side, stat, stats, str, unknownMembers, zone, type Ctx, type GameBoard, type J } from "./common.js";

/** Option verbs whose first argument is a card (`play:12`, `activate:30:0`, `attack:30:1`). */
const CARD_VERBS = new Set(["play", "activate", "attack", "block", "blocker", "quit", "discard", "trigger"]);

const PERM_MEMBERS = new Set([
  "id", "key", "name", "kind", "controller", "owner", "attack", "defense", "attack_type", "swift", "overrun", "damage", "running", "rebooted",
  "ram_requirement", "ram_allocated", "text",
]);

function printed(key: unknown) {
  return CARDS.mainframe[str(key)] ?? {};
}

function printedNumbers(p: ReturnType<typeof printed>): [string, string][] {
  const n: [string, string][] = [];
  if (isNum(p.cost)) n.push(["cost (RAM turned Running)", `cost ${p.cost}`]);
  if (isNum(p.ram) && p.ram > 0) n.push(["RAM requirement", `RAM ${p.ram}`]);
  if (isNum(p.attack) && isNum(p.defense)) n.push(["attack/defense", `${p.attack}/${p.defense}`]);
  return n;
}

/** A card out of play (hand, Recycle Bin, Cache): its printed numbers. */
function mcard(c: J, ctx: Ctx): HTMLElement {
  const p = printed(c?.key);
  return card({ id: c?.id, title: str(c?.name ?? p.name, `#${c?.id}`), kind: str(p.kind), numbers: printedNumbers(p), counters: otherNumbers(c, new Set(["id", "key", "name"])) }, ctx);
}

interface Combat {
  attacking: Map<number, number>;
  blocking: Map<number, number>;
  effects: Map<number, string[]>;
}

/** A permanent in play: what it is now beside what is printed. */
function perm(c: J, ctx: Ctx, combat: Combat, names: (seat: number) => string): HTMLElement {
  const p = printed(c.key);
  const counters: [string, string][] = [];
  if (isNum(c.attack) && isNum(c.defense) && (c.attack !== p.attack || c.defense !== p.defense)) counters.push(["attack/defense now", `${c.attack}/${c.defense} now`]);
  if (isNum(c.damage) && c.damage > 0) counters.push(["damage", `${c.damage} damage`]);
  if (isNum(c.ram_requirement) && c.ram_requirement > 0) counters.push(["RAM allocated", `${str(c.ram_allocated, "0")}/${c.ram_requirement} RAM`]);
  for (const e of combat.effects.get(c.id) ?? []) counters.push(["effect", e]);
  counters.push(...otherNumbers(c, PERM_MEMBERS));
  const flags = [c.running ? "Running" : "Refreshed"];
  if (c.attack_type) flags.push(`${str(c.attack_type)} attacker`);
  if (c.swift) flags.push("Swift");
  if (c.overrun) flags.push("Overrun");
  if (c.rebooted === false) flags.push("used this turn");
  const defender = combat.attacking.get(c.id);
  if (defender !== undefined) flags.push(`attacking ${names(defender)}`);
  const blocked = combat.blocking.get(c.id);
  if (blocked !== undefined) flags.push(`blocking #${blocked}`);
  const classes = [str(c.kind).toLowerCase(), c.running ? "running" : "refreshed"];
  if (defender !== undefined || blocked !== undefined) classes.push("in-combat");
  return card({ id: c.id, title: str(c.name ?? p.name, `#${c.id}`), kind: str(c.kind ?? p.kind), numbers: printedNumbers(p), counters, flags, classes, tip: str(c.text) || undefined }, ctx);
}

function player(pl: J, s: J, ctx: Ctx, combat: Combat, names: (seat: number) => string): HTMLElement {
  const seat = Number(pl.seat);
  const seesHand = Array.isArray(pl.hand);
  const ram = obj(pl.ram_bank);
  const board = arr(s.board).filter((c: J) => c?.controller === seat);
  const known = new Set(["seat", "name", "deck", "mainframe", "bioframe", "unstable", "lost", "hand", "hand_count", "cyberdeck", "cyberdeck_count", "ram_deck", "ram_deck_count", "ram_bank", "recycle_bin"]);
  const flags: string[] = [];
  if (s.active === seat) flags.push("active");
  if (pl.unstable) flags.push("unstable");
  if (pl.lost) flags.push("lost");
  const ramChips = [
    ...Array.from({ length: Number(ram.refreshed_free) || 0 }, () => el("span", { class: "ram refreshed", title: "refreshed, free" })),
    ...Array.from({ length: Number(ram.running_free) || 0 }, () => el("span", { class: "ram running", title: "running, free" })),
    ...Array.from({ length: Number(ram.allocated) || 0 }, () => el("span", { class: "ram allocated", title: "allocated to a permanent" })),
  ];
  return side(
    `seat:${seat}`,
    [seatLabel(seat, ctx, str(pl.name)), ` · ${str(pl.deck)}`, ...flags.map((f) => el("span", { class: "flag" }, f))],
    ctx,
    seat,
    stats(
      stat(`player.${seat}.mainframe`, "Mainframe", pl.mainframe),
      stat(`player.${seat}.bioframe`, "Bioframe", pl.bioframe),
      stat(`player.${seat}.hand_count`, "in hand", seesHand ? arr(pl.hand).length : pl.hand_count),
      stat(`player.${seat}.ram_total`, "RAM in the bank", ram.total),
      stat(`player.${seat}.ram_refreshed_free`, "refreshed free", ram.refreshed_free),
      stat(`player.${seat}.ram_running_free`, "running free", ram.running_free),
      stat(`player.${seat}.ram_allocated`, "allocated", ram.allocated),
      el("span", { class: "ram-bank", title: "the RAM Bank" }, ...ramChips),
      ...unknownMembers(pl, known, `player.${seat}`, (c) => mcard(c, ctx)),
    ),
    zone(`player.${seat}.board`, "in play", board.map((c: J) => perm(c, ctx, combat, names))),
    el(
      "div",
      { class: "row" },
      zone(`player.${seat}.hand`, "hand", seesHand ? arr(pl.hand).map((c: J) => mcard(c, ctx)) : backs(Number(pl.hand_count) || 0)),
      pile(`player.${seat}.cyberdeck`, "Cyberdeck", Number(pl.cyberdeck_count) || 0),
      pile(`player.${seat}.ram_deck`, "RAM deck", Number(pl.ram_deck_count) || 0),
      zone(`player.${seat}.recycle_bin`, "Recycle Bin", arr(pl.recycle_bin).map((c: J) => mcard(c, ctx))),
    ),
  );
}

export const mainframe: GameBoard = {
  board(s: J, ctx: Ctx) {
    const names = (seat: number) => str(arr(s.players)[seat]?.name, ctx.names[seat] ?? `seat ${seat}`);
    const cm = obj(s.combat);
    const pairs = (v: unknown) => arr(v).filter((p: J) => Array.isArray(p) && isNum(p[0]) && isNum(p[1])) as [number, number][];
    const effects = new Map<number, string[]>();
    for (const e of arr(s.effects)) {
      if (!isNum(e?.card)) continue;
      const sign = (n: unknown) => (isNum(n) && n >= 0 ? `+${n}` : str(n));
      effects.set(e.card, [...(effects.get(e.card) ?? []), `${sign(e.attack)}/${sign(e.defense)} (${str(e.source)})`]);
    }
    const combat: Combat = { attacking: new Map(pairs(cm.attackers)), blocking: new Map(pairs(cm.blockers)), effects };
    const players = arr(s.players).map((pl: J) => player(pl, s, ctx, combat, names));
    // The viewer's own seat last (at the bottom), the others in seat order above.
    const mine = players.filter((p) => p.dataset.seat === String(ctx.viewer));
    const others = players.filter((p) => p.dataset.seat !== String(ctx.viewer));
    const cache = arr(s.cache).map((it: J) => {
      const src = obj(it.source);
      const t = it.target && typeof it.target === "object" ? it.target : undefined;
      const target = t ? (isNum(t.card) ? ` → #${t.card}` : isNum(t.seat) ? ` → ${names(t.seat)}` : "") : "";
      const c = mcard(src, ctx);
      c.append(el("div", { class: "flags" }, el("span", { class: "flag" }, `${str(it.kind)} of ${names(Number(it.controller))}${target}`)));
      return c;
    });
    const middle = el("div", { class: "middle" }, zone("cache", "the Cache (top last)", cache));
    const combatBits = [
      ...[...combat.attacking].map(([a, d]) => `#${a} attacks ${names(d)}`),
      ...[...combat.blocking].map(([b, a]) => `#${b} blocks #${a}`),
    ];
    if (combatBits.length) middle.append(el("div", { class: "banner", "data-testid": "combat" }, `Combat: ${combatBits.join(" · ")}`));
    const known = new Set(["ruleset", "turn", "active", "first_player", "stage", "players", "board", "cache", "effects", "combat", "options", "decklists"]);
    const more = unknownMembers(s, known, "match", (c) => mcard(c, ctx));
    const head = `Turn ${str(s.turn, "0")} · ${names(Number(s.active))} active · ${str(s.stage)}`;
    return el("div", { class: "table mainframe" }, el("div", { class: "table-head" }, head), ...others, middle, ...(more.length ? [stats(...more)] : []), ...mine);
  },
  anchor(optionId: string) {
    return cardVerb(optionId, CARD_VERBS);
  },
  refs(_kind: string, detail: J) {
    return defaultRefs(detail, { cards: ["card", "attacker", "cards"] });
  },
  scoreLine(s: J, names: string[]) {
    const rows = arr(s.players).map((p: J, i: number) => ({
      name: str(p?.name, names[i] ?? `seat ${i}`),
      active: s.active === i,
      bits: [`Mainframe ${str(p?.mainframe)}`, `Bioframe ${str(p?.bioframe)}`, `hand ${str(p?.hand_count)}`, `in play ${arr(s.board).filter((c: J) => c?.controller === i).length}`, ...(p?.lost ? ["lost"] : [])],
    }));
    return miniBoard(rows, [`turn ${str(s.turn, "0")} · ${str(s.stage)}`]);
  },
};

