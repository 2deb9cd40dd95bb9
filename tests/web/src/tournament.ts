// A tournament's tables, live, from the public feed (docs/feed.md) over NATS' WebSocket listener
// with nats.ws and the `feed` user, which may read the feed and nothing else. Each table: its
// round and number, players, status, who it waits for, a score line drawn from the spectators'
// view at the version the feed has published (so a delayed feed is not overtaken), the last
// public event, and the result when it comes. A click on a table opens its spectators' board.
//
// The feed is read with an ordered JetStream consumer from each subject's last message
// (`last_per_subject`), so a page opened mid-round shows every table at once, then follows.

import { connect, DeliverPolicy, StringCodec, type NatsConnection } from "nats.ws";
import { type MatchView } from "../gen/arbiter/match/v1/match_pb.js";
import { type MatchClient } from "./arbiter.js";
import { boardOf } from "./board/index.js";
import { el } from "./dom.js";

/** What docs/feed.md promises of an update or a result (members this page shows). */
interface FeedMessage {
  match_id: string;
  round?: number;
  table?: number;
  version: number;
  status?: string;
  events?: { kind: string; text: string }[];
  pending?: { seat?: number; kind?: string; summary?: string } | null;
  winners?: number[];
  reason?: string;
  seats?: string[];
  score?: number[] | null;
  ruleset?: string;
}

interface Table {
  update?: FeedMessage;
  result?: FeedMessage;
  /** The text of the last event published (the final commits, a reveal, carry none). */
  latest?: string;
  /** The spectators' view at `update.version` (or older while a read is under way). */
  view?: MatchView;
  reading?: boolean;
  /** When the last read started (ms): a table is read at most once a second. */
  readAt?: number;
}

/** A table's view is read at most this often: with a spectator delay each read is a replay of
 *  the match on the orchestrator (GetMatch at a past version), so a busy tournament must not
 *  turn into a read per commit per viewer. */
const READ_EVERY_MS = 1000;

export interface Follow {
  url: string;
  password: string;
  tournament: string;
  /** A client without any credential: it reads spectators' views only. */
  client: MatchClient;
  box: HTMLElement;
  link: (matchId: string) => string;
}

/** Follow the tournament until the page closes. */
export async function followTournament(f: Follow): Promise<void> {
  // The `feed` user may only receive replies on its own inbox prefix (docs/feed.md).
  const nc: NatsConnection = await connect({ servers: f.url, user: "feed", pass: f.password, name: "arbiter-web-tournament", inboxPrefix: "_INBOX_feed" });
  const codec = StringCodec();
  const tables = new Map<string, Table>();
  let drawn = 0;
  const draw = () => {
    // At most one redraw per animation frame, however fast the feed comes.
    if (drawn) return;
    drawn = requestAnimationFrame(() => {
      drawn = 0;
      f.box.replaceChildren(tablesView(tables, f.link));
    });
  };
  const read = (id: string) => {
    const t = tables.get(id);
    if (!t?.update || t.reading || (t.view && t.view.version >= BigInt(t.update.version))) return;
    const wait = (t.readAt ?? 0) + READ_EVERY_MS - Date.now();
    if (wait > 0) {
      t.reading = true;
      setTimeout(() => {
        t.reading = false;
        read(id);
      }, wait);
      return;
    }
    t.reading = true;
    t.readAt = Date.now();
    const version = BigInt(t.update.version);
    f.client
      .getMatch({ matchId: id, version })
      .then((v) => {
        t.view = v;
      })
      .catch(() => undefined)
      .finally(() => {
        t.reading = false;
        draw();
        // The feed moved on meanwhile: read again (when the interval allows).
        if (t.update && BigInt(t.update.version) > (t.view?.version ?? 0n)) read(id);
      });
  };
  const consumer = await nc.jetstream().consumers.get("FEED", { filterSubjects: [`feed.${f.tournament || "_"}.>`], deliver_policy: DeliverPolicy.LastPerSubject });
  const messages = await consumer.consume();
  draw();
  for await (const m of messages) {
    let message: FeedMessage;
    try {
      message = JSON.parse(codec.decode(m.data)) as FeedMessage;
    } catch {
      continue;
    }
    const t = tables.get(message.match_id) ?? {};
    tables.set(message.match_id, t);
    if (m.subject.endsWith(".result")) t.result = message;
    else if (!t.update || message.version > t.update.version) {
      t.update = message;
      t.latest = message.events?.at(-1)?.text ?? t.latest;
    }
    read(message.match_id);
    draw();
  }
}

/** One tile per table, by round and table. */
function tablesView(tables: Map<string, Table>, link: (matchId: string) => string): HTMLElement {
  if (tables.size === 0) return el("p", {}, "Waiting for the first table…");
  const sorted = [...tables.entries()].sort(([a, x], [b, y]) => (x.update?.round ?? 0) - (y.update?.round ?? 0) || (x.update?.table ?? 0) - (y.update?.table ?? 0) || a.localeCompare(b));
  return el("div", { class: "tables" }, ...sorted.map(([id, t]) => tableTile(id, t, link(id))));
}

function tableTile(id: string, t: Table, href: string): HTMLElement {
  const u = t.update ?? t.result;
  const view = t.view;
  const names = view?.seats.map((s) => s.name) ?? t.result?.seats ?? [];
  const ruleset = view?.ruleset ?? t.result?.ruleset ?? "";
  const status = t.result ? "ended" : (u?.status ?? "");
  let score: HTMLElement = el("span", { class: "score-line" }, "");
  if (view?.stateJson) {
    try {
      score = boardOf(ruleset).scoreLine(JSON.parse(view.stateJson), names);
    } catch {
      // A view that is not JSON: no score line.
    }
  }
  const waiting = u?.pending && status === "in_progress" ? `waiting for ${names[u.pending.seat ?? -1] ?? `seat ${u.pending.seat}`}${u.pending.summary ? `: ${u.pending.summary}` : ""}` : "";
  const result = t.result
    ? `${t.result.winners?.map((w) => t.result?.seats?.[w] ?? `seat ${w}`).join(", ") || "no winner"} (${t.result.reason ?? ""})${t.result.score ? `, score ${t.result.score.join("–")}` : ""}`
    : "";
  return el(
    "a",
    {
      class: `table-tile ${status}`,
      href,
      target: "_blank",
      rel: "noopener noreferrer",
      "data-testid": "feed-row",
      "data-match": id,
      "data-ruleset": ruleset,
      "data-version": String(t.update?.version ?? 0),
      "data-status": status,
      "data-result": t.result ? "yes" : "no",
    },
    el("h4", {}, `Round ${u?.round ?? "–"} · Table ${u?.table ?? "–"}`, ruleset ? ` · ${ruleset}` : ""),
    el("p", { class: "players" }, names.join(" vs ") || id),
    el("p", { class: "status" }, `${status.replace(/_/g, " ")} · version ${t.update?.version ?? "–"}${waiting ? ` · ${waiting}` : ""}`),
    score,
    el("p", { class: "latest" }, t.latest ?? ""),
    ...(result ? [el("p", { class: "result", "data-testid": "table-result" }, result)] : []),
  );
}

