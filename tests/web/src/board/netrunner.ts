// Netrunner's table (docs/schemas/netrunner.state.schema.json): the Corp's servers (ice, outermost
// on top, over the root), HQ, R&D, Archives and score area; the Runner's rig (programs, hardware,
// resources, with the cards hosted on them), grip, stack, heap and score area; each side's
// credits, clicks, agenda points, and the Runner's tags, core damage, link and memory; the run
// under way. Seat 0 is the Corp, seat 1 the Runner; the viewer's side is drawn at the bottom.

import { CARDS } from "../../gen/cards.js";
import { el } from "../dom.js";
import { arr, back, backs, card, cardVerb, defaultRefs, isNum, miniBoard, obj, otherNumbers, pile, seatLabel, side, stat, stats, str, unknownMembers, words, zone, type Ctx, type GameBoard, type J } from "./common.js";

const CORP = 0;
const RUNNER = 1;

/** Option verbs whose first argument is a card id (`install:12:new`, `rez:31`, `card:7`). */
const CARD_VERBS = new Set([
  "card", "install", "install-faceup", "play", "rez", "rez-tag", "rez-hq", "rez-forfeit", "trash", "trash-resource", "advance",
  "score", "discard", "pump", "break", "ability", "top", "bottom", "reveal", "ice", "grip", "flip",
]);

const CARD_MEMBERS = new Set(["id", "code", "title", "type", "subtypes", "rezzed", "advancement", "hosted_credits", "face_down", "strength"]);

/** What the table prints for a card code, read from the engine's card table at build. */
function printed(code: unknown) {
  return CARDS.netrunner[str(code)] ?? {};
}

const titleIndex = new Map(Object.values(CARDS.netrunner).map((p) => [str(p.title), p]));

interface Extra {
  installed?: boolean;
  /** A breaker's strength pumped in this run. */
  pumped?: Map<number, number>;
  hostedOn?: Map<number, J[]>;
  current?: number | null;
}

function ncard(c: J, ctx: Ctx, x: Extra = {}): HTMLElement {
  const id = isNum(c.id) ? c.id : undefined;
  if (c.face_down || c.title === undefined) {
    const counters: [string, string][] = isNum(c.advancement) && c.advancement > 0 ? [["advancement", `${c.advancement} adv`]] : [];
    const b = back(id, counters, ctx);
    if (id !== undefined && id === x.current) b.classList.add("current");
    return b;
  }
  const p = printed(c.code);
  const type = str(c.type ?? p.type);
  const numbers: [string, string][] = [];
  if (isNum(p.cost)) numbers.push(["cost", `${p.cost}¢`]);
  if (isNum(p.strength)) numbers.push(["strength", `str ${p.strength}`]);
  if (isNum(p.advancement)) numbers.push(["advancement requirement", `adv ${p.advancement}`]);
  if (isNum(p.points)) numbers.push(["agenda points", `${p.points} pt`]);
  if (isNum(p.memory)) numbers.push(["memory", `${p.memory} MU`]);
  if (isNum(p.trash)) numbers.push(["trash cost", `trash ${p.trash}`]);
  const counters: [string, string][] = [];
  if (isNum(c.advancement) && c.advancement > 0) counters.push(["advancement", `${c.advancement} adv`]);
  if (isNum(c.hosted_credits) && c.hosted_credits > 0) counters.push(["hosted credits", `${c.hosted_credits}¢ on it`]);
  const pumped = id !== undefined ? x.pumped?.get(id) : undefined;
  if (isNum(pumped)) counters.push(["strength", `str ${pumped} now`]);
  else if (isNum(c.strength) && c.strength !== p.strength) counters.push(["strength", `str ${c.strength} now`]);
  counters.push(...otherNumbers(c, CARD_MEMBERS));
  const subtypes = arr(c.subtypes).map((x: unknown) => str(x)).filter(Boolean);
  const flags: string[] = [];
  const classes = [type];
  if (x.installed && (type === "ice" || type === "asset" || type === "upgrade" || type === "agenda")) {
    classes.push(c.rezzed ? "rezzed" : "unrezzed");
    if (!c.rezzed) flags.push("unrezzed");
  }
  if (id !== undefined && id === x.current) classes.push("current");
  const hosted = id !== undefined ? (x.hostedOn?.get(id) ?? []).map((h) => ncard(h, ctx, x)) : [];
  return card({ id, title: str(c.title, `#${c.id}`), kind: [words(type), ...subtypes].filter(Boolean).join(" · "), numbers, counters, flags, classes, hosted }, ctx);
}

/** An identity, by the title the view gives, with its printed numbers. */
function identity(title: unknown, seat: number, ctx: Ctx): HTMLElement {
  const t = str(title, "no identity");
  const p = titleIndex.get(t) ?? {};
  const numbers: [string, string][] = [];
  if (isNum(p.base_link) && p.base_link > 0) numbers.push(["link", `${p.base_link} link`]);
  if (isNum(p.min_deck)) numbers.push(["minimum deck size", `${p.min_deck} cards`]);
  if (isNum(p.influence_limit)) numbers.push(["influence limit", `${p.influence_limit} inf`]);
  return card({ ref: `identity:${seat}`, title: t, kind: "identity", numbers, classes: ["identity"] }, ctx);
}

function corpSide(s: J, ctx: Ctx, run: J): HTMLElement {
  const c = obj(s.corp);
  const opts = obj(s.options);
  const seesHq = Array.isArray(c.hq);
  const x: Extra = { installed: true, current: isNum(run?.current_ice) ? run.current_ice : undefined };
  const servers = arr(c.servers).map((srv: J) => {
    const sid = srv.id;
    const ice = arr(srv.ice_outermost_last).slice().reverse();
    const parts: HTMLElement[] = [
      zone(`corp.server.${sid}.ice`, "ice", ice.map((i: J) => ncard(i, ctx, x))),
      zone(`corp.server.${sid}.root`, sid <= 2 ? "upgrades" : "root", arr(srv.root).map((r: J) => ncard(r, ctx, x))),
    ];
    const classes = ["server"];
    if (run && run.server === sid) classes.push("run");
    if (ctx.recent.has(`server:${sid}`)) classes.push("recent");
    return el("div", { class: classes.join(" "), "data-ref": `server:${sid}`, "data-server": String(sid) }, el("h4", { class: "server-name" }, str(srv.name, `server ${sid}`)), ...parts);
  });
  const known = new Set(["seat", "name", "deck", "identity", "credits", "clicks", "hq", "hq_count", "rd", "rd_count", "archives", "servers", "score_area", "agenda_points", "bad_publicity", "max_hand_size"]);
  return side(
    `seat:${CORP}`,
    ["Corp · ", seatLabel(CORP, ctx, str(c.name))],
    ctx,
    CORP,
    stats(
      stat("corp.credits", "credits", c.credits),
      stat("corp.clicks", "clicks", c.clicks),
      stat("corp.agenda_points", `of ${str(opts.agenda_points_to_win, "?")} agenda points`, c.agenda_points),
      stat("corp.bad_publicity", "bad publicity", c.bad_publicity),
      stat("corp.hq_count", "cards in HQ", seesHq ? arr(c.hq).length : c.hq_count),
      stat("corp.rd_count", "in R&D", c.rd_count),
      stat("corp.max_hand_size", "max hand size", c.max_hand_size),
      ...unknownMembers(c, known, "corp", (k) => ncard(k, ctx)),
    ),
    el(
      "div",
      { class: "row" },
      identity(c.identity, CORP, ctx),
      // The central servers' cards: HQ (the hand), R&D (the deck) and Archives (the discard).
      zone("corp.hq", "HQ (hand)", seesHq ? arr(c.hq).map((h: J) => ncard(h, ctx)) : backs(Number(c.hq_count) || 0)),
      pile("corp.rd", "R&D", Number(c.rd_count) || 0),
      zone("corp.archives", "Archives", arr(c.archives).map((a: J) => ncard(a, ctx))),
      zone("corp.score", "score area", arr(c.score_area).map((a: J) => ncard(a, ctx))),
    ),
    el("div", { class: "servers" }, ...servers),
  );
}

function runnerSide(s: J, ctx: Ctx, run: J): HTMLElement {
  const r = obj(s.runner);
  const opts = obj(s.options);
  const seesGrip = Array.isArray(r.grip);
  const hostedOn = new Map<number, J[]>();
  const loose: J[] = [];
  for (const h of arr(r.hosted)) {
    if (isNum(h?.host)) hostedOn.set(h.host, [...(hostedOn.get(h.host) ?? []), h.card]);
    else loose.push(h?.card);
  }
  const pumped = new Map<number, number>(arr(run?.breaker_strength).filter((b: J) => isNum(b?.card) && isNum(b?.strength)).map((b: J) => [b.card, b.strength]));
  const x: Extra = { pumped, hostedOn };
  const rig = (k: string, label: string) => zone(`runner.${k}`, label, arr(r[k]).map((c: J) => ncard(c, ctx, x)));
  // Cards hosted on a host outside the rig (on ice) are drawn in their own zone here.
  const inRig = new Set([...arr(r.programs), ...arr(r.hardware), ...arr(r.resources)].map((c: J) => c?.id));
  for (const [host, cards] of hostedOn) if (!inRig.has(host)) loose.push(...cards);
  const mem = obj(r.memory);
  const known = new Set(["seat", "name", "deck", "identity", "credits", "clicks", "grip", "grip_count", "stack", "stack_count", "heap", "programs", "hardware", "resources", "score_area", "agenda_points", "tags", "core_damage", "link", "memory", "max_hand_size", "hosted"]);
  return side(
    `seat:${RUNNER}`,
    ["Runner · ", seatLabel(RUNNER, ctx, str(r.name))],
    ctx,
    RUNNER,
    stats(
      stat("runner.credits", "credits", r.credits),
      stat("runner.clicks", "clicks", r.clicks),
      stat("runner.agenda_points", `of ${str(opts.agenda_points_to_win, "?")} agenda points`, r.agenda_points),
      stat("runner.tags", "tags", r.tags),
      stat("runner.core_damage", "core damage", r.core_damage),
      stat("runner.link", "link", r.link),
      stat("runner.memory", `of ${str(mem.limit, "?")} MU used`, mem.used),
      stat("runner.grip_count", "cards in grip", seesGrip ? arr(r.grip).length : r.grip_count),
      stat("runner.max_hand_size", "max hand size", r.max_hand_size),
      ...unknownMembers(r, known, "runner", (k) => ncard(k, ctx)),
    ),
    el("div", { class: "row" }, identity(r.identity, RUNNER, ctx), zone("runner.score", "score area", arr(r.score_area).map((a: J) => ncard(a, ctx)))),
    el("div", { class: "row rig" }, rig("programs", "programs"), rig("hardware", "hardware"), rig("resources", "resources"), ...(loose.length ? [zone("runner.hosted", "hosted", loose.map((c) => ncard(c, ctx, x)))] : [])),
    el(
      "div",
      { class: "row" },
      zone("runner.grip", "grip (hand)", seesGrip ? arr(r.grip).map((c: J) => ncard(c, ctx)) : backs(Number(r.grip_count) || 0)),
      pile("runner.stack", "stack", Number(r.stack_count) || 0),
      zone("runner.heap", "heap", arr(r.heap).map((c: J) => ncard(c, ctx))),
    ),
  );
}

function runBanner(run: J): HTMLElement | undefined {
  if (!run || typeof run !== "object") return undefined;
  const bits = [`Run on ${str(run.server_name, `server ${run.server}`)}`];
  if (isNum(run.approached)) bits.push(`${run.approached} ice approached`);
  if (run.successful) bits.push("successful");
  if (run.ending) bits.push("ending");
  if (isNum(run.run_credits) && run.run_credits > 0) bits.push(`${run.run_credits} run credits`);
  if (isNum(run.bad_publicity_credits) && run.bad_publicity_credits > 0) bits.push(`${run.bad_publicity_credits} bad publicity credits`);
  const broken = arr(run.broken);
  if (broken.length) bits.push(`subroutines broken: ${broken.map((b: unknown, i: number) => (b ? `${i + 1}` : "")).filter(Boolean).join(", ") || "none"}`);
  return el("div", { class: "banner run", "data-testid": "run" }, bits.join(" · "));
}

export const netrunner: GameBoard = {
  board(s: J, ctx: Ctx) {
    const run = s.run && typeof s.run === "object" ? s.run : undefined;
    const corp = corpSide(s, ctx, run);
    const runner = runnerSide(s, ctx, run);
    // The viewer's side at the bottom; a spectator sees the Corp's servers at the bottom.
    const [top, bottom] = ctx.viewer === RUNNER ? [corp, runner] : [runner, corp];
    const head = [`Turn ${str(s.turn, "0")}`, `${s.active === RUNNER ? "Runner" : "Corp"} to act`, str(s.stage)];
    const banners: HTMLElement[] = [];
    const b = runBanner(run);
    if (b) banners.push(b);
    if (s.time && typeof s.time === "object") banners.push(el("div", { class: "banner" }, `Time called: the last turn is turn ${str(s.time.last_turn)}`));
    if (s.winner && typeof s.winner === "object") banners.push(el("div", { class: "banner result" }, `${s.winner.seat === RUNNER ? "The Runner" : "The Corp"} wins: ${str(s.winner.reason)}`));
    const known = new Set(["ruleset", "rules_version", "turn", "active", "stage", "corp", "runner", "run", "winner", "time", "options", "decklists"]);
    const more = unknownMembers(s, known, "match", (k) => ncard(k, ctx));
    return el("div", { class: "table netrunner" }, el("div", { class: "table-head" }, head.join(" · ")), top, ...banners, ...(more.length ? [stats(...more)] : []), bottom);
  },
  anchor(optionId: string, seat?: number) {
    const [verb, first] = optionId.split(":");
    if (verb === "run" && /^\d+$/.test(first ?? "")) return `server:${first}`;
    if (verb === "ability" && first === "identity" && seat !== undefined) return `identity:${seat}`;
    return cardVerb(optionId, CARD_VERBS);
  },
  refs(_kind: string, detail: J) {
    const out = defaultRefs(detail, { cards: ["card", "ice", "breaker", "cards"], servers: ["server"] });
    // An ability's source (netrunner.trigger_chosen: `{"source": {"card": 12}}`) is its card.
    const source = obj(obj(detail).source);
    if (isNum(source.card)) out.push(`card:${source.card}`);
    return out;
  },
  scoreLine(s: J, names: string[]) {
    const c = obj(s.corp);
    const r = obj(s.runner);
    const goal = str(obj(s.options).agenda_points_to_win, "?");
    const remotes = arr(c.servers).filter((x: J) => isNum(x?.id) && x.id > 2).length;
    const rig = arr(r.programs).length + arr(r.hardware).length + arr(r.resources).length;
    const tail = [`turn ${str(s.turn, "0")}`];
    if (s.run && typeof s.run === "object") tail.push(`run on ${str(s.run.server_name)}`);
    return miniBoard(
      [
        { name: str(c.name, names[CORP] ?? "Corp"), active: s.active === CORP, bits: ["Corp", `${str(c.agenda_points, "0")} of ${goal} pts`, `${str(c.credits, "?")}¢`, `HQ ${str(c.hq_count)}`, `R&D ${str(c.rd_count)}`, `${remotes} remotes`] },
        { name: str(r.name, names[RUNNER] ?? "Runner"), active: s.active === RUNNER, bits: ["Runner", `${str(r.agenda_points, "0")} of ${goal} pts`, `${str(r.credits, "?")}¢`, `${str(r.tags, "0")} tags`, `grip ${str(r.grip_count)}`, `rig ${rig}`] },
      ],
      [tail.join(" · ")],
      { "data-corp-points": str(c.agenda_points, "0"), "data-runner-points": str(r.agenda_points, "0") },
    );
  },
};
