// A minimal Arbiter page: pick a ruleset and create a match (platform key), join a seat by its
// join code, play it (the seat's view and its pending decision, answered with forms), or follow a
// match as a spectator. Everything it shows comes from the API; it knows no game.
//
// The orchestrator's address is the `api` query parameter (default: this host, port 50051); the
// page's origin must be allowed there (`arbiter up --cors-origin ORIGIN`). The `feed` parameter
// is NATS' WebSocket address for the tournament feed (`arbiter up --nats-websocket-port`).

import { ConnectError } from "@connectrpc/connect";
import { MatchStatus, type Decision, type GameEvent } from "../gen/arbiter/match/v1/match_pb.js";
import { choice, connect, entropy, isMine, type Answer } from "./arbiter.js";
import { el } from "./dom.js";
import { feedTable, followFeed } from "./feed.js";

const params = new URLSearchParams(location.search);
const api = params.get("api") ?? `${location.protocol}//${location.hostname}:50051`;
const feedUrl = params.get("feed") ?? `ws://${location.hostname}:4223`;

let credential: string | undefined;
const client = connect(api, () => credential);

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

// --- create, join, watch --------------------------------------------------------------------------

async function loadRulesets() {
  const select = byId<HTMLSelectElement>("ruleset");
  const { rulesets } = await client.listRulesets({});
  select.replaceChildren(...rulesets.map((r) => el("option", { value: r.name }, `${r.name} (${r.minSeats}–${r.maxSeats} seats, ${r.rulesVersion})`)));
}

async function createMatch() {
  const ruleset = byId<HTMLSelectElement>("ruleset").value;
  const players = Number(byId<HTMLInputElement>("players").value);
  const tournamentId = byId<HTMLInputElement>("tournament").value.trim();
  credential = byId<HTMLInputElement>("platform-key").value.trim();
  try {
    const seats = Array.from({ length: players }, (_, i) => ({ name: `Player ${i + 1}`, deck: "" }));
    const created = await client.createMatch({ ruleset, seats, tournamentId, table: tournamentId ? 1 : 0, round: tournamentId ? 1 : 0 });
    byId<HTMLInputElement>("join-match").value = created.matchId;
    byId<HTMLInputElement>("watch-match").value = created.matchId;
    const rows = created.seats.map((s) =>
      el("tr", { "data-testid": "join-code", "data-seat": String(s.seat), "data-code": s.joinCode }, el("td", {}, `seat ${s.seat}`), el("td", {}, el("code", {}, s.joinCode))),
    );
    byId("created").replaceChildren(el("p", {}, "Match ", el("code", { "data-testid": "match-id" }, created.matchId), " created. Give each player a seat and its join code:"), el("table", {}, ...rows));
    say(`created ${ruleset} match ${created.matchId}`);
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
    say(`joined match ${matchId} as seat ${seat}`);
    await follow(matchId, seat);
  } catch (e) {
    credential = undefined;
    say(`could not join: ${problem(e)}`, true);
  }
}

async function watchMatch() {
  const matchId = byId<HTMLInputElement>("watch-match").value.trim();
  credential = undefined;
  say(`watching match ${matchId} as a spectator`);
  await follow(matchId, undefined);
}

async function watchFeed() {
  const tournament = byId<HTMLInputElement>("feed-tournament").value.trim();
  const password = byId<HTMLInputElement>("feed-password").value.trim();
  byId("lobby").hidden = true;
  const box = byId("feed");
  box.hidden = false;
  byId("feed-title").textContent = `Feed of ${tournament || "matches outside a tournament"}`;
  say(`following the feed of ${tournament || "_"} at ${feedUrl}`);
  try {
    await followFeed(feedUrl, password, tournament, (rows) => byId("feed-rows").replaceChildren(feedTable(rows)));
  } catch (e) {
    say(`the feed stopped: ${problem(e)}`, true);
  }
}

// --- following a match -------------------------------------------------------------------------------

/** Follow `matchId` live (as `seat`, or as a spectator): every update's events, the viewer's
 *  view, and the decision when it is the viewer's. */
async function follow(matchId: string, seat: number | undefined) {
  byId("lobby").hidden = true;
  const board = byId("board");
  board.hidden = false;
  board.dataset.viewer = seat === undefined ? "spectator" : `seat ${seat}`;
  byId("viewer").textContent = seat === undefined ? "Spectator" : `Seat ${seat}`;
  try {
    for await (const update of client.watchMatch({ matchId, fromVersion: 0n })) {
      showEvents(update.events);
      const view = await client.getMatch({ matchId, version: 0n });
      byId("version").textContent = String(view.version);
      board.dataset.version = String(view.version);
      board.dataset.status = MatchStatus[view.status] ?? String(view.status);
      byId("state").textContent = pretty(view.stateJson);
      if (view.status === MatchStatus.ENDED) {
        // The server closes the stream after the last update; nothing more to answer.
        byId("decision").replaceChildren(el("p", { "data-testid": "result" }, `The match is over: ${view.result}`));
        say(`match ${matchId} ended: ${view.result}`);
        continue;
      }
      showDecision(matchId, isMine(view.pending, seat) ? view.pending : undefined, view.pending);
    }
  } catch (e) {
    say(`the match stream stopped: ${problem(e)}`, true);
  }
}

function pretty(json: string): string {
  try {
    return JSON.stringify(JSON.parse(json), null, 2);
  } catch {
    return json;
  }
}

function showEvents(events: GameEvent[]) {
  const log = byId("events");
  for (const e of events) log.append(el("li", { "data-kind": e.kind }, e.text));
  log.scrollTop = log.scrollHeight;
}

function showDecision(matchId: string, mine: Decision | undefined, pending: Decision | undefined) {
  const box = byId("decision");
  const shown = box.querySelector<HTMLFormElement>("form[data-testid=decision]");
  // The same decision still pending (another seat's event arrived): keep the form and what was typed.
  if (mine && shown && shown.dataset.decisionId === String(mine.decisionId)) return;
  if (!mine) {
    box.replaceChildren(el("p", { "data-testid": "waiting" }, pending ? `Waiting for seat ${pending.seat}: ${pending.prompt}` : "Waiting…"));
    return;
  }
  const form = el("form", { "data-testid": "decision", "data-decision-id": String(mine.decisionId), "data-kind": mine.kind });
  form.append(el("p", { class: "prompt" }, mine.prompt), el("p", { class: "kind" }, mine.kind));
  const submit = (answer: Answer) => void answerWith(matchId, mine, answer, form);
  const spec = mine.spec;
  switch (spec.case) {
    case "pick": {
      const { options, min, max } = spec.value;
      if (min === 1 && max === 1) {
        for (const o of options) {
          const b = el("button", { type: "button", "data-testid": "option", "data-id": o.id }, o.label);
          b.onclick = () => submit({ kind: "pick", ids: [o.id] });
          form.append(b);
        }
        break;
      }
      form.dataset.min = String(min);
      form.dataset.max = String(max);
      for (const o of options) {
        form.append(el("label", {}, el("input", { type: "checkbox", "data-testid": "pick", value: o.id }), ` ${o.label}`));
      }
      form.append(submitButton(() => ({ kind: "pick", ids: Array.from(form.querySelectorAll<HTMLInputElement>("input[data-testid=pick]:checked"), (c) => c.value) }), submit));
      break;
    }
    case "number": {
      const { min, max } = spec.value;
      const input = el("input", { type: "number", "data-testid": "number", min: String(min), max: String(max), value: String(min) });
      form.append(input, submitButton(() => ({ kind: "number", value: BigInt(input.value || "0") }), submit));
      break;
    }
    case "split": {
      const { amount, targets } = spec.value;
      form.append(el("p", {}, `Split ${amount} among:`));
      targets.forEach((t, i) => {
        form.append(el("label", {}, `${t.label} `, el("input", { type: "number", "data-testid": "split", "data-id": t.id, min: "0", max: String(amount), value: i === 0 ? String(amount) : "0" })));
      });
      const parts = () => Array.from(form.querySelectorAll<HTMLInputElement>("input[data-testid=split]"), (i) => ({ targetId: i.dataset.id ?? "", amount: Number(i.value || "0") }));
      form.append(submitButton(() => ({ kind: "split", parts: parts() }), submit));
      break;
    }
    case "order": {
      const list = el("ol", {}, ...spec.value.items.map((i) => el("li", { "data-id": i.id }, i.label)));
      form.append(list, submitButton(() => ({ kind: "order", ids: Array.from(list.children, (li) => (li as HTMLElement).dataset.id ?? "") }), submit));
      break;
    }
    default:
      form.append(el("p", {}, "This page cannot show this decision."));
  }
  box.replaceChildren(form);
}

function submitButton(read: () => Answer, submit: (a: Answer) => void): HTMLButtonElement {
  const b = el("button", { type: "button", "data-testid": "submit" }, "Submit");
  b.onclick = () => submit(read());
  return b;
}

async function answerWith(matchId: string, d: Decision, answer: Answer, form: HTMLFormElement) {
  form.dataset.submitting = "true";
  for (const b of form.querySelectorAll("button")) b.disabled = true;
  try {
    // The idempotency key makes a retried click harmless.
    await client.submitDecision({ matchId, decisionId: d.decisionId, choice: choice(answer), idempotencyKey: `web-${d.decisionId}` });
  } catch (e) {
    say(`the server refused the answer: ${problem(e)}`, true);
    form.dataset.submitting = "false";
    for (const b of form.querySelectorAll("button")) b.disabled = false;
  }
}

// --- wiring --------------------------------------------------------------------------------------------

byId("api").textContent = api;
byId("create").onclick = () => void createMatch();
byId("join").onclick = () => void joinMatch();
byId("watch").onclick = () => void watchMatch();
byId("follow-feed").onclick = () => void watchFeed();
byId("feed-url").textContent = feedUrl;
loadRulesets().then(
  () => say("ready"),
  (e) => say(`cannot reach ${api}: ${problem(e)}`, true),
);
