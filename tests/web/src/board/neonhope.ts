// NEON HOPE's table (docs/schemas/neonhope.state.schema.json): the surveillance track with its
// thresholds, the objective, the city (each location with its intel, the characters there, its
// enemies and conditions), the Grid (16 tiles, face-down ones as backs), the encounter deck and
// discard, the episode cards, the task under way; per character its attributes, action
// counters, endurance, stress, hand and discard (public) and held encounter cards (its own seat
// only; the others see backs).

import { CARDS } from "../../gen/cards.js";
import { el } from "../dom.js";
import { arr, back, backs, card, defaultRefs, isNum, miniBoard, obj, otherNumbers, pile, seatLabel, side, stat, stats, str, unknownMembers, words, zone, type Ctx, type GameBoard, type J } from "./common.js";

function ncard(c: J, ctx: Ctx): HTMLElement {
  const p = CARDS.neonhope.cards[str(c?.key)] ?? {};
  const numbers: [string, string][] = isNum(p.boost) ? [["boost", `+${p.boost} to ${p.task === "any" ? "any task" : str(p.task)}`]] : [];
  return card({ id: c?.id, title: str(c?.name ?? p.name, `#${c?.id}`), numbers, counters: otherNumbers(c, new Set(["id", "key", "name"])) }, ctx);
}

function tile(t: J, pos: number, ctx: Ctx): HTMLElement {
  const ref = `tile:${pos}`;
  if (!t || typeof t !== "object") {
    const b = back(undefined, [], ctx);
    b.dataset.ref = ref;
    b.classList.add("tile");
    if (ctx.recent.has(ref)) b.classList.add("recent");
    return b;
  }
  return card({ ref, title: str(t.tile), classes: ["tile", "revealed"] }, ctx);
}

function location(l: J, s: J, ctx: Ctx): HTMLElement {
  const key = str(l.key);
  const here = (x: J) => str(x?.location) === key;
  const chars = arr(s.characters).filter(here);
  const enemies = arr(s.enemies)
    .filter(here)
    .map((e: J) =>
      card({ ref: `key:${e.key}`, title: str(e.name), kind: "enemy", numbers: [["strength", `strength ${str(e.strength)}`]], flags: e.withdrawn ? ["withdrawn"] : [], classes: ["enemy", ...(e.withdrawn ? ["withdrawn"] : [])] }, ctx),
    );
  const conditions = arr(s.conditions)
    .filter(here)
    .map((c: J) => {
      const diff = CARDS.neonhope.conditions[str(c.key)]?.difficulty;
      const numbers: [string, string][] = [];
      if (isNum(diff)) numbers.push(["hack difficulty", `hack ${diff}`]);
      const flags = [c.permanent ? "permanent" : "", c.withdrawn ? "withdrawn" : ""].filter(Boolean);
      return card(
        { ref: `key:${c.key}`, title: str(c.name), kind: "condition", numbers, counters: [["hacking dice", `${str(c.dice, "0")}/${str(c.cap, "?")} dice`]], flags, classes: ["condition", ...(c.withdrawn ? ["withdrawn"] : [])], tip: str(c.text) || undefined },
        ctx,
      );
    });
  const ref = `loc:${key}`;
  return el(
    "div",
    { class: `location${ctx.recent.has(ref) ? " recent" : ""}`, "data-ref": ref, "data-zone": `location.${key}` },
    el("h4", {}, str(l.name, key)),
    stats(stat(`location.${key}.intel`, "intel", l.intel), stat(`location.${key}.investigate`, "to investigate", l.investigate)),
    el("div", { class: "who" }, ...chars.map((c: J) => el("span", { class: `pawn${c.seat === ctx.viewer ? " mine" : ""}`, "data-seat": str(c.seat) }, str(c.character_name, str(c.name))))),
    el("div", { class: "cards" }, ...enemies, ...conditions),
    el("div", { class: "neighbours" }, `streets to: ${arr(l.neighbours).map((x: unknown) => str(x)).join(", ")}`),
  );
}

function character(c: J, s: J, ctx: Ctx): HTMLElement {
  const seat = Number(c.seat);
  const a = obj(c.attributes);
  const seesHeld = Array.isArray(c.held);
  const known = new Set(["seat", "name", "character", "character_name", "attributes", "location", "counters", "endurance", "stress", "hand", "discard", "held", "held_count"]);
  const loc = arr(s.locations).find((l: J) => l?.key === c.location);
  const flags: string[] = [];
  if (s.responsible === seat) flags.push("responsible");
  return side(
    `seat:${seat}`,
    [seatLabel(seat, ctx, str(c.name)), ` · ${str(c.character_name, str(c.character))} at ${str(loc?.name, str(c.location))}`, ...flags.map((f) => el("span", { class: "flag" }, f))],
    ctx,
    seat,
    stats(
      stat(`character.${seat}.counters`, "action counters", c.counters),
      stat(`character.${seat}.endurance`, "endurance", c.endurance),
      stat(`character.${seat}.stress`, "stress", c.stress),
      ...["hack", "fight", "investigate", "support"].map((k) => stat(`character.${seat}.${k}`, k, a[k])),
      ...unknownMembers(c, known, `character.${seat}`, (x) => ncard(x, ctx)),
    ),
    el(
      "div",
      { class: "row" },
      zone(`character.${seat}.hand`, "hand", arr(c.hand).map((x: J) => ncard(x, ctx))),
      zone(`character.${seat}.held`, "encounter cards held", seesHeld ? arr(c.held).map((x: J) => ncard(x, ctx)) : backs(Number(c.held_count) || 0)),
      zone(`character.${seat}.discard`, "discard", arr(c.discard).map((x: J) => ncard(x, ctx))),
    ),
  );
}

export const neonhope: GameBoard = {
  board(s: J, ctx: Ctx) {
    const track = el(
      "div",
      { class: "track" },
      stats(
        stat("surveillance", `of ${str(s.final_surveillance, "?")} surveillance`, s.surveillance),
        stat("objective.intel", `of ${str(obj(s.objective).needed, "?")} intel gathered`, obj(s.objective).intel),
        stat("round", "round", s.round),
        stat("encounter_deck_count", "encounter cards in the deck", s.encounter_deck_count),
        s.silence ? el("span", { class: "flag" }, "silence") : undefined,
      ),
      el(
        "ol",
        { class: "thresholds" },
        ...arr(s.thresholds).map((t: J) => el("li", { class: t?.reached ? "reached" : "", "data-at": str(t?.at) }, `${str(t?.at)}: ${str(t?.text)}`)),
      ),
      el("p", { class: "objective" }, str(obj(s.objective).text)),
    );
    const banners: HTMLElement[] = [];
    if (s.task && typeof s.task === "object") {
      const t = s.task;
      banners.push(el("div", { class: "banner", "data-testid": "task" }, `${seatLabel(Number(t.seat), ctx)}: ${str(t.task)} against ${str(t.difficulty)}${arr(t.tiles).length ? `, tiles ${arr(t.tiles).map((x: unknown) => str(x)).join(", ")}` : ""}`));
    }
    for (const e of arr(s.effects)) {
      banners.push(el("div", { class: "banner effect" }, `${str(e?.source)}: ${isNum(e?.bonus) ? `+${e.bonus}` : ""} ${e?.task ? `to ${str(e.task)}` : ""} for ${seatLabel(Number(e?.seat), ctx)}${e?.quiet ? " (quiet)" : ""}`));
    }
    const city = el("div", { class: "city" }, ...arr(s.locations).map((l: J) => location(l, s, ctx)));
    const grid = el("div", { class: "zone grid", "data-zone": "grid", "data-count": String(arr(s.grid).length) }, el("h4", {}, "the Grid"), el("div", { class: "cards" }, ...arr(s.grid).map((t: J, i: number) => tile(t, i, ctx))));
    const episodes = zone(
      "episodes",
      "episodes",
      arr(s.episodes).map((e: J) => card({ ref: `key:${e?.key}`, title: str(e?.name), kind: "episode", tip: str(e?.text) || undefined }, ctx)),
    );
    const encounter = el("div", { class: "row encounter" }, pile("encounter_deck", "encounter deck", Number(s.encounter_deck_count) || 0), zone("encounter_discard", "encounter discard", arr(s.encounter_discard).map((c: J) => ncard(c, ctx))), episodes);
    const chars = arr(s.characters).map((c: J) => character(c, s, ctx));
    const mine = chars.filter((c) => c.dataset.seat === String(ctx.viewer));
    const others = chars.filter((c) => c.dataset.seat !== String(ctx.viewer));
    const known = new Set([
      "ruleset", "round", "phase", "responsible", "surveillance", "final_surveillance", "thresholds", "silence", "objective", "characters", "locations", "conditions",
      "enemies", "episodes", "grid", "grid_face_down", "encounter_deck", "encounter_deck_count", "encounter_discard", "task", "effects", "options",
    ]);
    const more = unknownMembers(s, known, "match", (c) => ncard(c, ctx));
    const head = `Round ${str(s.round, "0")} · ${words(str(s.phase))} phase · ${seatLabel(Number(s.responsible), ctx)} responsible`;
    return el("div", { class: "table neonhope" }, el("div", { class: "table-head" }, head), track, ...banners, city, el("div", { class: "row" }, grid, encounter), ...(more.length ? [stats(...more)] : []), ...others, ...mine);
  },
  anchor(optionId: string) {
    const [verb, first] = optionId.split(":");
    if (first === undefined) return undefined;
    switch (verb) {
      case "card":
        return /^\d+$/.test(first) ? `card:${first}` : undefined;
      case "tile":
        return `tile:${first}`;
      case "move":
        return `loc:${first}`;
      case "hack":
      case "fight":
      case "episode":
        return `key:${first}`;
      case "seat":
        return `seat:${first}`;
      default:
        return undefined;
    }
  },
  refs(_kind: string, detail: J) {
    const d = obj(detail);
    const out = defaultRefs(d, { cards: ["card", "cards"], keys: ["condition", "enemy"], tiles: ["position"] });
    if (typeof d.location === "string") out.push(`loc:${d.location}`);
    return out;
  },
  scoreLine(s: J, names: string[]) {
    const o = obj(s.objective);
    const place = (key: unknown) => str(arr(s.locations).find((l: J) => l?.key === key)?.name, str(key));
    const rows = arr(s.characters).map((c: J, i: number) => ({
      name: str(c?.name, names[i] ?? `seat ${i}`),
      active: s.responsible === i,
      bits: [str(c?.character_name), `stress ${str(c?.stress)}`, `endurance ${str(c?.endurance)}`, `at ${place(c?.location)}`],
    }));
    const share = isNum(s.surveillance) && isNum(s.final_surveillance) && s.final_surveillance > 0 ? Math.min(100, Math.round((100 * s.surveillance) / s.final_surveillance)) : 0;
    const meter = el("span", { class: "meter", title: "surveillance" }, el("span", { style: `width: ${share}%` }));
    return miniBoard(rows, [meter, ` surveillance ${str(s.surveillance)}/${str(s.final_surveillance)} · intel ${str(o.intel)}/${str(o.needed)} · round ${str(s.round, "0")}`]);
  },
};
