// The Arbiter page: create a match (platform key), join a seat by its join code and play it on
// the game's board, watch a match as a spectator, or follow a tournament's tables live. Every
// board is drawn from what the API gives (the view's state_json, the events, the pending
// decision); the page knows each game's layout, never what a card does.
//
// Addresses (query parameters; none is a credential, so every link may be shared):
//   api=URL         the orchestrator (default: this host, port 50051); it must allow this page's
//                   origin (`arbiter up --cors-origin ORIGIN`)
//   feed=URL        NATS' WebSocket listener for the tournament feed (`--nats-websocket-port`)
//   match=ID        a match's board: a spectator's, or with seat=N the board of seat N, whose
//                   token this tab keeps in sessionStorage (never in the address)
//   tournament=T    a tournament's tables, from the public feed (the `feed` password is asked)

import { ConnectError } from "@connectrpc/connect";
import { MatchStatus, MatchViewSchema, type Decision, type GameEvent, type MatchView, type RulesetDescription } from "../gen/arbiter/match/v1/match_pb.js";
import { CARDS } from "../gen/cards.js";
import { choice, connect, entropy, type Answer } from "./arbiter.js";
import { boardOf, type Ctx, type J } from "./board/index.js";
import { decisionForm, eventItems, placeOnBoard } from "./decision.js";
import { normalize, parseDecklist } from "./decklist.js";
import { el } from "./dom.js";
import { followTournament } from "./tournament.js";

const params = new URLSearchParams(location.search);
const api = params.get("api") ?? `${location.protocol}//${location.hostname}:50051`;
const feedUrl = params.get("feed") ?? `ws://${location.hostname}:4223`;

let credential: string | undefined;
const client = connect(api, () => credential);
let rulesets: RulesetDescription[] = [];

function byId<T extends HTMLElement>(id: string): T {
  const e = document.getElementById(id);
  if (!e) throw new Error(`the page has no #${id}`);
  return e as T;
}

function say(text: string, error = false) {
  const status = byId("status");
  status.textContent = text;
  status.dataset.error = String(error);
}

function problem(e: unknown): string {
  return e instanceof ConnectError ? `${e.code === undefined ? "" : `${e.code}: `}${e.rawMessage}` : String(e);
}

/** A link to this page with `extra` (and the api and feed addresses): never a credential. */
export function pageLink(extra: Record<string, string>): string {
  const p = new URLSearchParams({ api });
  if (params.has("feed")) p.set("feed", feedUrl);
  for (const [k, v] of Object.entries(extra)) p.set(k, v);
  return `${location.origin}${location.pathname}?${p}`;
}

/** Where this tab keeps a seat's token: sessionStorage (this tab only, gone when it closes), so
 *  a reload keeps the seat while the address stays shareable. */
const tokenKey = (matchId: string, seat: number) => `arbiter.seat-token.${api}.${matchId}.${seat}`;

// --- the lobby: create, join, watch, follow ------------------------------------------------------

async function loadRulesets() {
  const select = byId<HTMLSelectElement>("ruleset");
  rulesets = (await client.listRulesets({})).rulesets;
  select.replaceChildren(...rulesets.map((r) => el("option", { value: r.name }, `${r.name} (${r.minSeats}–${r.maxSeats} seats, ${r.rulesVersion})`)));
  showCreateFields();
}

function ruleset(): RulesetDescription | undefined {
  return rulesets.find((r) => r.name === byId<HTMLSelectElement>("ruleset").value);
}

/** The create form's seats and options for the chosen ruleset: a name, a ready deck or a
 *  decklist per seat; each option with its default; the format when the game has formats. */
function showCreateFields() {
  const r = ruleset();
  if (!r) return;
  const players = byId<HTMLInputElement>("players");
  players.min = String(r.minSeats);
  players.max = String(r.maxSeats);
  const n = Math.min(Math.max(Number(players.value) || r.minSeats, r.minSeats), r.maxSeats);
  players.value = String(n);
  const decks = el("datalist", { id: "decks" }, ...r.decks.map((d) => el("option", { value: d })));
  const seats = Array.from({ length: n }, (_, i) =>
    el(
      "fieldset",
      { class: "seat", "data-seat": String(i) },
      el("legend", {}, `Seat ${i}`),
      el("label", {}, "Name ", el("input", { class: "seat-name", value: `Player ${i + 1}`, size: "16" })),
      el("label", {}, "Ready deck ", el("input", { class: "seat-deck", list: "decks", placeholder: "the default", size: "20" })),
      el("label", {}, "or a decklist (one card a line: ", el("code", {}, "3x Hedge Fund"), ")", el("textarea", { class: "seat-decklist", rows: "3", cols: "40" })),
    ),
  );
  const formats = r.formats.length
    ? [el("label", {}, "Format ", el("select", { id: "format" }, ...r.formats.map((f) => el("option", { value: String(f.optionValue) }, `${f.displayName} (${f.name})`))))]
    : [];
  const options = r.options
    .filter((o) => !(r.formats.length && o.name === "format"))
    .map((o) => el("label", { title: o.doc }, `${o.name} `, el("input", { class: "option", "data-name": o.name, type: "number", min: String(o.min), max: String(o.max), placeholder: String(o.defaultValue) })));
  byId("seats").replaceChildren(decks, ...seats);
  byId("options").replaceChildren(...formats, el("details", {}, el("summary", {}, "Options (empty: the default)"), ...options));
}

/** A seat's decklist as the API's ids: titles are looked up in the published pool, or in the
 *  page's table of card names for a game that publishes none. */
function decklistOf(text: string, r: RulesetDescription): { card: string; count: number }[] {
  const byName = new Map<string, string>();
  const ids = new Set<string>();
  for (const p of r.pool) {
    byName.set(normalize(p.title), p.code);
    ids.add(p.code);
  }
  const table = (CARDS as Record<string, unknown>)[r.name];
  if (r.pool.length === 0 && table && typeof table === "object") {
    for (const [key, p] of Object.entries(table as Record<string, { name?: string }>)) {
      ids.add(key);
      if (p.name) byName.set(normalize(p.name), key);
    }
  }
  const parsed = parseDecklist(text, byName, ids);
  if (parsed.problems.length) throw new Error(parsed.problems.join("; "));
  return parsed.cards;
}

async function createMatch() {
  const r = ruleset();
  if (!r) return;
  const tournamentId = byId<HTMLInputElement>("tournament").value.trim();
  try {
    const seats = Array.from(document.querySelectorAll<HTMLElement>("#seats fieldset.seat"), (f) => {
      const name = f.querySelector<HTMLInputElement>(".seat-name")?.value.trim() ?? "";
      const list = f.querySelector<HTMLTextAreaElement>(".seat-decklist")?.value.trim() ?? "";
      if (list) return { name, deck: "", decklist: { cards: decklistOf(list, r) } };
      return { name, deck: f.querySelector<HTMLInputElement>(".seat-deck")?.value.trim() ?? "" };
    });
    const options: Record<string, bigint> = {};
    for (const i of document.querySelectorAll<HTMLInputElement>("#options input.option")) if (i.value.trim() !== "") options[i.dataset.name ?? ""] = BigInt(i.value);
    const format = document.querySelector<HTMLSelectElement>("#format");
    if (format && format.value !== String(r.formats[0]?.optionValue ?? 0)) options.format = BigInt(format.value);
    const round = Number(byId<HTMLInputElement>("round").value) || 0;
    const table = Number(byId<HTMLInputElement>("table").value) || 0;
    credential = byId<HTMLInputElement>("platform-key").value.trim();
    const created = await client.createMatch({ ruleset: r.name, seats, options, tournamentId, round: tournamentId ? round || 1 : round, table: tournamentId ? table || 1 : table });
    byId<HTMLInputElement>("join-match").value = created.matchId;
    byId<HTMLInputElement>("watch-match").value = created.matchId;
    if (tournamentId) byId<HTMLInputElement>("feed-tournament").value = tournamentId;
    const rows = created.seats.map((s) =>
      el(
        "tr",
        { "data-testid": "join-code", "data-seat": String(s.seat), "data-code": s.joinCode },
        el("td", {}, `seat ${s.seat}`),
        el("td", {}, el("code", {}, s.joinCode)),
        el("td", {}, el("a", { href: pageLink({ match: created.matchId, seat: String(s.seat) }), "data-testid": "seat-link" }, "the seat's page")),
      ),
    );
    const links: (HTMLElement | string)[] = [el("a", { href: pageLink({ match: created.matchId }), "data-testid": "spectator-link" }, "spectators' board")];
    if (tournamentId) links.push(" · ", el("a", { href: pageLink({ tournament: tournamentId }), "data-testid": "tournament-link" }, `tournament ${tournamentId}`));
    byId("created").replaceChildren(
      el("p", {}, "Match ", el("code", { "data-testid": "match-id" }, created.matchId), " created. Give each player their seat's page and, apart from it, its join code:"),
      el("table", {}, ...rows),
      el("p", {}, "Anyone may watch: ", ...links),
    );
    say(`created ${r.name} match ${created.matchId}`);
  } catch (e) {
    say(`could not create the match: ${problem(e)}`, true);
  } finally {
    credential = undefined;
  }
}

async function joinMatch() {
  const matchId = byId<HTMLInputElement>("join-match").value.trim();
  const seat = Number(byId<HTMLInputElement>("join-seat").value);
  const joinCode = byId<HTMLInputElement>("join-code").value.trim();
  try {
    const joined = await client.joinMatch({ matchId, seat, joinCode, entropy: entropy() });
    credential = joined.seatToken;
    sessionStorage.setItem(tokenKey(matchId, seat), joined.seatToken);
    // The address names the match and the seat, never the token: it can be bookmarked or shown.
    history.replaceState(null, "", pageLink({ match: matchId, seat: String(seat) }));
    say(`joined match ${matchId} as seat ${seat}`);
    await follow(matchId, seat);
  } catch (e) {
    credential = undefined;
    say(`could not join: ${problem(e)}`, true);
  }
}

function watchMatch() {
  const matchId = byId<HTMLInputElement>("watch-match").value.trim();
  location.assign(pageLink({ match: matchId }));
}

async function watchTournament(tournament: string) {
  byId("lobby").hidden = true;
  const box = byId("tournament-view");
  box.hidden = false;
  byId("tournament-title").textContent = `Tournament ${tournament || "(matches outside a tournament)"}`;
  const form = byId<HTMLFormElement>("feed-login");
  const password = byId<HTMLInputElement>("feed-password");
  await new Promise<void>((resolve) => {
    form.onsubmit = (e) => {
      e.preventDefault();
      resolve();
    };
  });
  form.hidden = true;
  say(`following the feed of ${tournament || "_"} at ${feedUrl}`);
  // A client of its own without any credential: the tables' boards are spectators' views.
  const spectator = connect(api, () => undefined);
  try {
    await followTournament({ url: feedUrl, password: password.value.trim(), tournament, client: spectator, box: byId("tables"), link: (matchId) => pageLink({ match: matchId }) });
  } catch (e) {
    say(`the feed stopped: ${problem(e)}`, true);
  }
}

// --- a match's board -------------------------------------------------------------------------------

/** Follow `matchId` live (as `seat`, or as a spectator): each update redraws the board from the
 *  viewer's view, adds the events (the latest highlighted, on the board too), and shows the
 *  decision when it is the viewer's. */
async function follow(matchId: string, seat: number | undefined) {
  byId("lobby").hidden = true;
  const page = byId("match");
  page.hidden = false;
  page.dataset.viewer = seat === undefined ? "spectator" : `seat ${seat}`;
  byId("viewer").textContent = seat === undefined ? "Spectator" : `Seat ${seat}`;
  const share = byId<HTMLAnchorElement>("share");
  share.href = pageLink({ match: matchId });
  let ruleset = "";
  let recent = new Set<string>();
  try {
    for await (const update of client.watchMatch({ matchId, fromVersion: 0n })) {
      const view = await client.getMatch({ matchId, version: 0n });
      ruleset = view.ruleset;
      const game = boardOf(ruleset);
      // The last events are highlighted, in the list and on the board, until newer ones come (an
      // update without events, a draw or the final reveal, keeps them).
      if (update.events.length) {
        recent = new Set<string>();
        for (const e of update.events) for (const r of game.refs(e.kind, parse(e.detailJson))) recent.add(r);
        showEvents(update.events);
      }
      page.dataset.ruleset = ruleset;
      page.dataset.version = String(view.version);
      page.dataset.status = MatchStatus[view.status] ?? String(view.status);
      byId("match-title").textContent = `${ruleset} match ${matchId}`;
      byId("version").textContent = String(view.version);
      byId("extra").replaceChildren(...extraFields(view));
      const state = parse(view.stateJson);
      byId("state").textContent = JSON.stringify(state, null, 2);
      const waitingFor = view.status === MatchStatus.IN_PROGRESS ? view.pending?.seat : undefined;
      const ctx: Ctx = { viewer: seat, names: view.seats.map((s) => s.name), recent, waitingFor };
      const board = state && typeof state === "object" ? game.board(state, ctx) : el("pre", {}, view.stateJson);
      byId("board").replaceChildren(board);
      if (view.status === MatchStatus.ENDED) {
        // The server closes the stream after the last update; nothing more to answer.
        byId("decision").replaceChildren(el("p", { "data-testid": "result", class: "banner result" }, `The match is over: ${view.result}`));
        say(`match ${matchId} ended: ${view.result}`);
        continue;
      }
      showDecision(matchId, view, seat, board);
    }
  } catch (e) {
    say(`the match stream stopped: ${problem(e)}`, true);
  }
}

function parse(json: string): J {
  if (!json) return null;
  try {
    return JSON.parse(json);
  } catch {
    return json;
  }
}

/** Members of the view this page was not written for (a newer API's), shown as they are. */
function extraFields(view: MatchView): HTMLElement[] {
  const known = new Set(["matchId", "ruleset", "version", "status", "seats", "stateJson", "pending", "result", "viewerSeat", "chainHash"]);
  const out: HTMLElement[] = [];
  for (const f of MatchViewSchema.fields) {
    if (known.has(f.localName)) continue;
    const v = (view as unknown as Record<string, unknown>)[f.localName];
    if (v === undefined || v === null || v === "" || v === 0 || v === 0n || v === false) continue;
    const text = typeof v === "object" ? JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? String(x) : x)) : String(v);
    out.push(el("span", { class: "flag", "data-field": f.localName }, `${f.name.replace(/_/g, " ")}: ${text}`));
  }
  return out;
}

function showEvents(events: GameEvent[]) {
  const log = byId("events");
  for (const old of log.querySelectorAll("li.recent")) old.classList.remove("recent");
  log.append(...eventItems(events));
  log.scrollTop = log.scrollHeight;
}

function showDecision(matchId: string, view: MatchView, seat: number | undefined, board: HTMLElement) {
  const box = byId("decision");
  const pending = view.pending;
  // The seat's own decision gets its form even when its spec is of a kind this page does not
  // know (the form says so in words) rather than a "waiting" line.
  const mine = pending && seat !== undefined && pending.seat === seat ? pending : undefined;
  if (!mine) {
    const who = pending ? `${view.seats.find((s) => s.seat === pending.seat)?.name || `seat ${pending.seat}`}` : "";
    box.replaceChildren(el("p", { "data-testid": "waiting" }, pending ? `Waiting for ${who}: ${pending.summary || pending.prompt || pending.kind}` : "Waiting…"));
    return;
  }
  let form = box.querySelector<HTMLFormElement>("form[data-testid=decision]");
  // The same decision still pending (another seat's event arrived): keep the form and what was
  // typed, and place its options on the new board again.
  if (!form || form.dataset.decisionId !== String(mine.decisionId)) {
    form = decisionForm(mine, (d, answer, f) => void answerWith(matchId, d, answer, f));
    box.replaceChildren(form);
  }
  placeOnBoard(form, mine, board, boardOf(view.ruleset));
}

function setSubmitting(form: HTMLFormElement, on: boolean) {
  form.dataset.submitting = String(on);
  for (const b of form.querySelectorAll("button")) b.disabled = on;
  for (const b of document.querySelectorAll<HTMLButtonElement>(`#board button.on-board[data-decision-id="${form.dataset.decisionId}"]`)) b.disabled = on;
}

async function answerWith(matchId: string, d: Decision, answer: Answer, form: HTMLFormElement) {
  setSubmitting(form, true);
  try {
    // The idempotency key makes a retried click harmless.
    await client.submitDecision({ matchId, decisionId: d.decisionId, choice: choice(answer), idempotencyKey: `web-${d.decisionId}` });
  } catch (e) {
    say(`the server refused the answer: ${problem(e)}`, true);
    setSubmitting(form, false);
  }
}

// --- wiring --------------------------------------------------------------------------------------------

byId("api").textContent = api;
byId("feed-url").textContent = feedUrl;
byId("create").onclick = () => void createMatch();
byId("join").onclick = () => void joinMatch();
byId("watch").onclick = () => watchMatch();
byId("follow-feed").onclick = () => location.assign(pageLink({ tournament: byId<HTMLInputElement>("feed-tournament").value.trim() }));
byId("ruleset").onchange = () => showCreateFields();
byId("players").onchange = () => showCreateFields();

async function start() {
  const matchId = params.get("match");
  const seatParam = params.get("seat");
  const tournament = params.get("tournament");
  if (tournament !== null) {
    say("ready");
    await watchTournament(tournament);
    return;
  }
  if (matchId && seatParam === null) {
    say(`watching match ${matchId} as a spectator`);
    await follow(matchId, undefined);
    return;
  }
  await loadRulesets();
  if (matchId && seatParam !== null) {
    const seat = Number(seatParam);
    const token = sessionStorage.getItem(tokenKey(matchId, seat));
    if (token) {
      credential = token;
      say(`seat ${seat} of match ${matchId}`);
      await follow(matchId, seat);
      return;
    }
    // No token in this tab: join with the seat's code.
    byId<HTMLInputElement>("join-match").value = matchId;
    byId<HTMLInputElement>("join-seat").value = String(seat);
  }
  say("ready");
}

start().catch((e) => say(`cannot reach ${api}: ${problem(e)}`, true));
