// The public feed in the browser: a tournament's `feed.<tournament>.>` over NATS' WebSocket
// listener (`arbiter up --nats-websocket-port`) with nats.ws and the `feed` user, which may read
// the feed and nothing else. Each table's latest update and each result (docs/feed.md).

import { connect, StringCodec } from "nats.ws";
import { el } from "./dom.js";

/** What docs/feed.md promises of an update or a result (members this page shows). */
interface FeedMessage {
  match_id: string;
  round: number;
  table: number;
  version: number;
  status?: string;
  events?: { kind: string; text: string }[];
  winners?: number[];
  reason?: string;
  seats?: string[];
}

interface Row {
  update?: FeedMessage;
  result?: FeedMessage;
  /** The text of the last event published (the final commits, a reveal, carry none). */
  latest?: string;
}

/** Follow `tournament` on the feed at `url` until the page closes; `render` gets every table. */
export async function followFeed(url: string, password: string, tournament: string, render: (rows: Map<string, Row>) => void): Promise<void> {
  const nc = await connect({ servers: url, user: "feed", pass: password, name: "arbiter-web-feed" });
  const codec = StringCodec();
  const rows = new Map<string, Row>();
  const subject = `feed.${tournament || "_"}.>`;
  for await (const m of nc.subscribe(subject)) {
    const message = JSON.parse(codec.decode(m.data)) as FeedMessage;
    const row = rows.get(message.match_id) ?? {};
    if (m.subject.endsWith(".result")) row.result = message;
    else if (!row.update || message.version > row.update.version) {
      row.update = message;
      row.latest = message.events?.at(-1)?.text ?? row.latest;
    }
    rows.set(message.match_id, row);
    render(rows);
  }
}

/** One line per table: match, round and table, version, status, last public event, result. */
export function feedTable(rows: Map<string, Row>): HTMLElement {
  const head = el("tr", {}, ...["match", "round", "table", "version", "status", "latest", "result"].map((h) => el("th", {}, h)));
  const body = [...rows.entries()].map(([id, r]) => {
    const u = r.update;
    const last = r.latest ?? "";
    const result = r.result ? `${r.result.winners?.map((w) => r.result?.seats?.[w] ?? `seat ${w}`).join(", ") || "no winner"} (${r.result.reason ?? ""})` : "";
    return el(
      "tr",
      { "data-testid": "feed-row", "data-match": id, "data-version": String(u?.version ?? 0), "data-result": r.result ? "yes" : "no" },
      ...[id, String(u?.round ?? ""), String(u?.table ?? ""), String(u?.version ?? ""), u?.status ?? "", last, result].map((c) => el("td", {}, c)),
    );
  });
  return el("table", {}, head, ...body);
}
