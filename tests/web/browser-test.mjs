// The page in a real browser (headless Chromium, driven by playwright-core). A tournament page
// follows the public feed from the start; then, for each ruleset in turn, one page creates a
// match of that tournament (netrunner with Startup decklists), two pages join its seats by their
// join codes and play it to its end on the boards (a random legal answer per decision, seeded,
// clicked on the card it belongs to when the board has placed it there), and a fourth page
// watches it through the spectators' link. Run by tests/browser.rs against `arbiter up`; by hand:
//
//   node browser-test.mjs --api http://127.0.0.1:50051 --port 8090 \
//     --platform-key-file ../../.arbiter/secrets/platform.key --out /tmp/arbiter-browser \
//     --feed ws://127.0.0.1:4223 --feed-password-file ../../.arbiter/secrets/nats/feed.password
//
// What it checks itself, and fails on: every board (both seats' and the spectator's, mid-match
// and at the end) shows what its view holds (each count and each zone's cards, by title, face-down
// cards as backs); no address, link or page holds a seat's token; the tournament page shows every
// match with its result, and a click on a table opens its spectators' board.
//
// Writes to --out, per ruleset R: screenshots R-{seat-0,seat-1,spectator}-{mid,end}.png, the
// spectator's and seat 0's pages (R-spectator-dom.txt, R-seat-0-dom.txt) and every byte the
// spectator's page received from the API (R-spectator-network.bin); and tournament.png,
// tournament-table.png, tournament-dom.txt, and every WebSocket frame and API byte the tournament
// page received (tournament-network.bin), for the leak check of tests/browser.rs. Prints
// `match R <id> ended: <result>` per match and the figures.

import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { serve } from "./serve.mjs";

const { values: args } = parseArgs({
  options: {
    api: { type: "string" },
    port: { type: "string" },
    "platform-key-file": { type: "string" },
    out: { type: "string" },
    rulesets: { type: "string", default: "mainframe,netrunner,neonhope" },
    seed: { type: "string", default: "1" },
    chromium: { type: "string", default: "/usr/bin/chromium" },
    "max-decisions": { type: "string", default: "3000" },
    "mid-decisions": { type: "string", default: "30" },
    // The tables of the rulesets (default 1, 2, 3… in order): a ruleset can be played alone at its table.
    tables: { type: "string" },
    "time-limit-s": { type: "string", default: "600" },
    feed: { type: "string" },
    "feed-password-file": { type: "string" },
    tournament: { type: "string", default: "browser-cup" },
    decks: { type: "string", default: "../../services/cli/tests/decks/startup" },
  },
});
for (const required of ["api", "port", "platform-key-file", "out"]) {
  if (!args[required]) throw new Error(`--${required} is required`);
}

// A seeded xorshift: the same seed makes the same answers. Each match starts from the seed and its
// table, so a ruleset's match does not change when another one's does.
let rng = 1n;
function reseed(table) {
  rng = ((BigInt(args.seed) * 1000n + BigInt(table)) * 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn | 1n;
}
function below(n) {
  rng ^= (rng << 13n) & 0xffffffffffffffffn;
  rng ^= rng >> 7n;
  rng ^= (rng << 17n) & 0xffffffffffffffffn;
  return Number(rng % BigInt(n));
}

const out = args.out;
await mkdir(out, { recursive: true });
const platformKey = (await readFile(args["platform-key-file"], "utf8")).trim();
const server = await serve(Number(args.port));
const base = `http://127.0.0.1:${args.port}/?api=${encodeURIComponent(args.api)}${args.feed ? `&feed=${encodeURIComponent(args.feed)}` : ""}`;
const browser = await chromium.launch({
  executablePath: args.chromium,
  // As root in CI; no GPU; and none of Chromium's own network traffic (the machine has none).
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const started = Date.now();

async function newPage(name) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on("pageerror", (e) => console.log(`[${name}] page error: ${e.message}`));
  page.on("console", (m) => m.type() === "error" && console.log(`[${name}] console: ${m.text()}`));
  return page;
}

async function openLobby(name) {
  const page = await newPage(name);
  await page.goto(base);
  await page.waitForSelector("#status:text('ready')", { timeout: 30_000 });
  return page;
}

/** Every byte `page` receives from the API (streamed bodies included) and, with `ws`, every
 *  WebSocket frame, kept in the returned list as they come (Chrome DevTools Protocol). */
async function capture(page, ws = false) {
  const received = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const apiRequests = new Set();
  cdp.on("Network.responseReceived", async (e) => {
    if (!e.response.url.startsWith(args.api)) return;
    apiRequests.add(e.requestId);
    // Streamed bodies (WatchMatch) arrive as Network.dataReceived events from here on.
    try {
      const { bufferedData } = await cdp.send("Network.streamResourceContent", { requestId: e.requestId });
      if (bufferedData) received.push(Buffer.from(bufferedData, "base64"));
    } catch {
      // A finished, non-streamed response: its body is read at loadingFinished.
    }
  });
  cdp.on("Network.dataReceived", (e) => {
    if (apiRequests.has(e.requestId) && e.data) received.push(Buffer.from(e.data, "base64"));
  });
  cdp.on("Network.loadingFinished", async (e) => {
    if (!apiRequests.has(e.requestId)) return;
    try {
      const { body, base64Encoded } = await cdp.send("Network.getResponseBody", { requestId: e.requestId });
      received.push(Buffer.from(body, base64Encoded ? "base64" : "utf8"));
    } catch {
      // Streamed: already kept chunk by chunk.
    }
  });
  if (ws) cdp.on("Network.webSocketFrameReceived", (e) => received.push(Buffer.from(e.response.payloadData, e.response.opcode === 2 ? "base64" : "utf8")));
  return received;
}

// --- what a board must show: each count and zone of its view (the layout's names) ----------------

/** Runs in the page: compares the board with the view it was drawn from (the API's state_json,
 *  kept verbatim in #state). Returns the differences. */
function boardProblems(ruleset) {
  const view = JSON.parse(document.getElementById("state").textContent);
  const problems = [];
  const stat = (name, want) => {
    const got = document.querySelector(`#board [data-stat="${name}"] > b`)?.textContent;
    if (got !== String(want)) problems.push(`count ${name}: the board shows ${got}, the view holds ${want}`);
  };
  // `cards`: the zone's cards as the view lists them; absent when the viewer sees only a count.
  const zone = (name, count, cards) => {
    const z = document.querySelector(`#board [data-zone="${name}"]`);
    if (!z) return problems.push(`no zone ${name} on the board`);
    if (z.dataset.count !== String(count)) problems.push(`zone ${name}: the board counts ${z.dataset.count}, the view ${count}`);
    if (z.dataset.pile) return;
    const shown = [...z.querySelectorAll(":scope > .cards > .card")];
    if (shown.length !== count) problems.push(`zone ${name}: ${shown.length} cards drawn, the view holds ${count}`);
    if (!cards) {
      if (shown.some((c) => !c.classList.contains("back"))) problems.push(`zone ${name}: a hidden card is drawn face up`);
      return;
    }
    cards.forEach((c, i) => {
      const e = shown.find((s) => s.dataset.cardId === String(c.id)) ?? shown[i];
      const title = c.title ?? c.name ?? c.tile;
      if (c.face_down || title === undefined) {
        if (!e?.classList.contains("back")) problems.push(`zone ${name}: card ${c.id} is face down in the view, not a back on the board`);
      } else if (e?.dataset.title !== title) problems.push(`zone ${name}: card ${c.id} is ${title} in the view, ${e?.dataset.title} on the board`);
    });
  };
  if (ruleset === "netrunner") {
    const c = view.corp;
    const r = view.runner;
    for (const k of ["credits", "clicks", "agenda_points", "bad_publicity", "rd_count"]) stat(`corp.${k}`, c[k]);
    stat("corp.hq_count", c.hq?.length ?? c.hq_count);
    for (const k of ["credits", "clicks", "agenda_points", "tags", "core_damage", "link"]) stat(`runner.${k}`, r[k]);
    stat("runner.memory", r.memory.used);
    stat("runner.grip_count", r.grip?.length ?? r.grip_count);
    zone("corp.hq", c.hq?.length ?? c.hq_count, c.hq);
    zone("corp.rd", c.rd_count);
    zone("corp.archives", c.archives.length, c.archives);
    zone("corp.score", c.score_area.length, c.score_area);
    for (const s of c.servers) {
      zone(`corp.server.${s.id}.ice`, s.ice_outermost_last.length, [...s.ice_outermost_last].reverse());
      zone(`corp.server.${s.id}.root`, s.root.length, s.root);
    }
    for (const k of ["programs", "hardware", "resources", "heap"]) zone(`runner.${k}`, r[k].length, r[k]);
    zone("runner.score", r.score_area.length, r.score_area);
    zone("runner.grip", r.grip?.length ?? r.grip_count, r.grip);
    zone("runner.stack", r.stack_count);
  } else if (ruleset === "mainframe") {
    for (const p of view.players) {
      const n = `player.${p.seat}`;
      stat(`${n}.mainframe`, p.mainframe);
      stat(`${n}.bioframe`, p.bioframe);
      stat(`${n}.hand_count`, p.hand?.length ?? p.hand_count);
      for (const k of ["total", "refreshed_free", "running_free", "allocated"]) stat(`${n}.ram_${k}`, p.ram_bank[k]);
      zone(`${n}.hand`, p.hand?.length ?? p.hand_count, p.hand);
      zone(`${n}.cyberdeck`, p.cyberdeck_count);
      zone(`${n}.ram_deck`, p.ram_deck_count);
      zone(`${n}.recycle_bin`, p.recycle_bin.length, p.recycle_bin);
      const mine = view.board.filter((c) => c.controller === p.seat);
      zone(`${n}.board`, mine.length, mine);
    }
    zone("cache", view.cache.length, view.cache.map((i) => i.source));
  } else if (ruleset === "neonhope") {
    stat("surveillance", view.surveillance);
    stat("objective.intel", view.objective.intel);
    stat("round", view.round);
    stat("encounter_deck_count", view.encounter_deck_count);
    for (const ch of view.characters) {
      const n = `character.${ch.seat}`;
      for (const k of ["counters", "endurance", "stress"]) stat(`${n}.${k}`, ch[k]);
      zone(`${n}.hand`, ch.hand.length, ch.hand);
      zone(`${n}.discard`, ch.discard.length, ch.discard);
      zone(`${n}.held`, ch.held?.length ?? ch.held_count, ch.held);
    }
    zone("encounter_discard", view.encounter_discard.length, view.encounter_discard);
    zone("encounter_deck", view.encounter_deck_count);
    zone("grid", view.grid.length, view.grid.map((t) => (t ? { tile: t.tile } : { face_down: true })));
  }
  return problems;
}

async function checkBoard(page, name, ruleset) {
  const problems = await page.evaluate(boardProblems, ruleset);
  if (problems.length) throw new Error(`${name}'s board differs from its view:\n  ${problems.join("\n  ")}`);
}

/** A seat's page keeps its token out of the address, its links and its document. */
async function checkToken(page, name) {
  const token = await page.evaluate(() => Object.entries(sessionStorage).find(([k]) => k.startsWith("arbiter.seat-token."))?.[1]);
  if (!token) throw new Error(`${name} keeps no seat token`);
  const share = await page.getAttribute("#share", "href");
  const html = await page.evaluate(() => document.documentElement.outerHTML);
  if (page.url().includes(token) || share.includes(token) || html.includes(token)) throw new Error(`${name}'s address, spectators' link or page holds its seat token`);
  if (!/[?&]match=/.test(page.url()) || !/[?&]seat=/.test(page.url())) throw new Error(`${name}'s address names no match and seat: ${page.url()}`);
}

/** Wait until every page shows the same version of the match (an update reached them all). */
async function settle(pages) {
  for (let i = 0; i < 100; i++) {
    const versions = await Promise.all(pages.map((p) => p.getAttribute("#match", "data-version")));
    if (versions.every((v) => v && v === versions[0])) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

// --- one match, played on the boards ----------------------------------------------------------------

async function playMatch(ruleset, table) {
  const t0 = Date.now();
  reseed(table);
  // Create the match from the first page, with the platform key.
  const first = await openLobby(`${ruleset} seat 0`);
  await first.selectOption("#ruleset", ruleset);
  await first.fill("#players", "2");
  await first.dispatchEvent("#players", "change");
  if (ruleset === "netrunner") {
    // Startup: the format and a legal decklist per side, as NetrunnerDB exports them.
    const startup = await first.$eval("#format", (s) => [...s.options].find((o) => /\(startup\)/.test(o.textContent))?.value);
    await first.selectOption("#format", startup);
    await first.fill("fieldset.seat[data-seat='0'] .seat-decklist", await readFile(join(args.decks, "hb.txt"), "utf8"));
    await first.fill("fieldset.seat[data-seat='1'] .seat-decklist", await readFile(join(args.decks, "anarch.txt"), "utf8"));
  }
  await first.fill("fieldset.seat[data-seat='0'] .seat-name", `${ruleset} Ana`);
  await first.fill("fieldset.seat[data-seat='1'] .seat-name", `${ruleset} Ben`);
  if (args.feed) {
    await first.fill("#tournament", args.tournament);
    await first.fill("#round", "1");
    await first.fill("#table", String(table));
  }
  await first.fill("#platform-key", platformKey);
  await first.click("#create");
  await first.waitForSelector("[data-testid=match-id], #status[data-error=true]");
  if ((await first.getAttribute("#status", "data-error")) === "true") throw new Error(`${ruleset}: ${await first.textContent("#status")}`);
  const matchId = await first.textContent("[data-testid=match-id]");
  const codes = await first.$$eval("[data-testid=join-code]", (rows) => rows.map((r) => ({ seat: r.dataset.seat, code: r.dataset.code })));
  const links = await first.$$eval("#created a", (as) => as.map((a) => a.href));
  for (const l of links) {
    if (codes.some((c) => l.includes(c.code)) || l.includes(platformKey)) throw new Error(`a shared link carries a credential: ${l}`);
  }
  const spectatorLink = await first.getAttribute("[data-testid=spectator-link]", "href");
  console.log(`created ${ruleset} match ${matchId} with ${codes.length} seats`);

  // The spectator watches from the start, through the link; everything it receives is kept.
  const spectator = await newPage(`${ruleset} spectator`);
  const received = await capture(spectator);
  await spectator.goto(spectatorLink);
  await spectator.waitForSelector("#match:not([hidden])");

  // Both players join from their own pages with their join codes.
  const players = [first, await openLobby(`${ruleset} seat 1`)];
  for (const [seat, page] of players.entries()) {
    await page.fill("#join-match", matchId);
    await page.fill("#join-seat", String(seat));
    await page.fill("#join-code", codes.find((c) => Number(c.seat) === seat)?.code);
    await page.click("#join");
    await page.waitForSelector("#match:not([hidden])");
    await checkToken(page, `${ruleset} seat ${seat}`);
  }
  const all = [...players.map((p, i) => [`seat-${i}`, p]), ["spectator", spectator]];
  const shoot = async (when) => {
    await settle(all.map(([, p]) => p));
    for (const [name, page] of all) {
      await checkBoard(page, `${ruleset} ${name} (${when})`, ruleset);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(out, `${ruleset}-${name}-${when}.png`), fullPage: true });
    }
  };

  // Answer every decision on the boards until every page shows the result.
  const answered = players.map(() => new Map());
  const deadline = Date.now() + Number(args["time-limit-s"]) * 1000;
  let decisions = 0;
  let onBoard = 0;
  let midShot = false;
  // The kinds of decision the pages answered: each through the generic form or the board.
  const kinds = new Set();
  for (;;) {
    const over = await Promise.all(players.map((p) => p.$("[data-testid=result]")));
    if (over.every(Boolean)) break;
    if (Date.now() > deadline || decisions > Number(args["max-decisions"])) {
      throw new Error(`the ${ruleset} match did not end within ${args["time-limit-s"]} s and ${args["max-decisions"]} decisions (${decisions} answered)`);
    }
    if (!midShot && decisions >= Number(args["mid-decisions"])) {
      await shoot("mid");
      midShot = true;
      // A reload keeps the seat (its token is in the tab, not in the address) and its board.
      await players[1].reload();
      await players[1].waitForSelector("#match[data-viewer='seat 1']:not([hidden])", { timeout: 30_000 });
      await checkToken(players[1], `${ruleset} seat 1 (reloaded)`);
      answered[1].clear();
    }
    let acted = false;
    for (const [i, page] of players.entries()) {
      const form = await page.$("form[data-testid=decision]:not([data-submitting=true])");
      if (!form) continue;
      const id = await form.getAttribute("data-decision-id");
      kinds.add(await form.getAttribute("data-kind"));
      const tries = answered[i].get(id) ?? 0;
      // The same form still shown, not submitting: either its update has not arrived yet, or the
      // server refused the answer (the page re-enabled the form): then try another answer.
      const refused = (await page.getAttribute("#status", "data-error")) === "true";
      if (tries > 0 && !refused) continue;
      if (tries >= 20) throw new Error(`decision ${id} refused 20 times on ${ruleset} seat ${i}'s page`);
      answered[i].set(id, tries + 1);
      try {
        if (await answer(page, form, id)) onBoard += 1;
      } catch (e) {
        // The form was replaced under the click (its decision was answered or re-shown): look again.
        if (!/not attached|detached|not visible|Timeout/.test(String(e))) throw e;
        answered[i].delete(id);
        continue;
      }
      decisions += 1;
      acted = true;
    }
    if (!acted) await new Promise((r) => setTimeout(r, 30));
  }
  await spectator.waitForSelector("[data-testid=result]", { timeout: 60_000 });
  // Let the spectator's last bytes arrive.
  await new Promise((r) => setTimeout(r, 500));
  if (!midShot) await shoot("mid");
  await shoot("end");
  const result = await first.textContent("[data-testid=result]");
  await writeFile(join(out, `${ruleset}-spectator-dom.txt`), await spectator.evaluate(() => document.documentElement.outerHTML));
  await writeFile(join(out, `${ruleset}-seat-0-dom.txt`), await players[0].evaluate(() => document.documentElement.outerHTML));
  await writeFile(join(out, `${ruleset}-spectator-network.bin`), Buffer.concat(received));
  for (const [, p] of all) await p.close();
  console.log(
    `${ruleset}: ${decisions} decisions answered (${onBoard} on a card or place of the board), spectator received ${received.reduce((n, b) => n + b.length, 0)} bytes, ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  console.log(`${ruleset}: decision kinds answered: ${[...kinds].sort().join(", ")}`);
  console.log(`match ${ruleset} ${matchId} ended: ${result.replace(/^The match is over: /, "")}`);
  return matchId;
}

/** A random legal answer, given as a person would: a one-of-many pick clicked where it is drawn
 *  (on the board or in the form); other decisions through the form. True when clicked on the board. */
async function answer(page, form, id) {
  const options = await page.$$(`[data-testid=option][data-decision-id="${id}"]`);
  if (options.length > 0) {
    const o = options[below(options.length)];
    const placed = await o.evaluate((b) => b.classList.contains("on-board"));
    await o.click({ timeout: 5_000 });
    return placed;
  }
  const picks = await form.$$("input[data-testid=pick]");
  if (picks.length > 0) {
    const min = Number(await form.getAttribute("data-min"));
    const max = Math.min(Number(await form.getAttribute("data-max")), picks.length);
    const count = min + below(max - min + 1);
    const order = picks.map((p, i) => [below(1 << 30), i]).sort((a, b) => a[0] - b[0]).map(([, i]) => i);
    for (const i of order.slice(0, count)) await picks[i].check({ timeout: 5_000 });
  }
  const number = await form.$("input[data-testid=number]");
  if (number) {
    const min = Number(await number.getAttribute("min"));
    const max = Number(await number.getAttribute("max"));
    await number.fill(String(min + below(Math.max(1, max - min + 1))));
  }
  await (await form.$("[data-testid=submit]")).click({ timeout: 5_000 });
  return false;
}

/** The page's own functions on made-up input (dist/selftest.js, src/selftest.ts): decisions and
 *  events of kinds the page has never heard of still show, as forms and as text; so do a ruleset
 *  without a board and a view member no layout names; netrunner.trigger_order's options stay in
 *  the generic form (they name no card). */
async function selftest() {
  const page = await openLobby("selftest");
  await page.addScriptTag({ url: "/dist/selftest.js", type: "module" });
  await page.waitForSelector("#selftest[data-done=true]", { timeout: 10_000 });
  const problems = await page.evaluate(() => {
    const out = [];
    const q = (sel) => document.querySelector(`#selftest ${sel}`);
    const text = (sel) => q(sel)?.textContent ?? "";
    const trigger = [...document.querySelectorAll("#selftest [data-case=decision-trigger] form[data-kind='netrunner.trigger_order'] [data-testid=option]")];
    if (trigger.map((b) => b.dataset.id).join(",") !== "trigger:0,trigger:1" || trigger.some((b) => b.hidden)) out.push("netrunner.trigger_order: its two options are not buttons of the form");
    if (q("[data-case=decision-trigger]")?.dataset.placed !== "0") out.push("netrunner.trigger_order: an option was placed on a card");
    if (document.querySelectorAll("#selftest [data-case=decision-unknown-kind] input[data-testid=pick]").length !== 3) out.push("a decision of an unknown kind: not its three check boxes");
    if (!text("[data-case=decision-unknown-kind]").includes("othergame.brand_new")) out.push("a decision of an unknown kind: its kind is not shown");
    if (!text("[data-case=decision-unknown-spec] [data-testid=unknown-decision]").includes("othergame.brand_new_spec")) out.push("a decision with an unknown spec is not said in words");
    const lines = [...document.querySelectorAll("#selftest [data-case=events] li")].map((l) => `${l.dataset.kind}=${l.textContent}`);
    const want = ["netrunner.trigger_chosen=The Corp resolves the first ability.", "othergame.never_seen=Something new happened.", "othergame.silent=othergame.silent"];
    if (lines.join("|") !== want.join("|")) out.push(`events of unknown kinds: ${lines.join(" | ")}`);
    if (!text("[data-case=unknown-ruleset] pre").includes('"phase": "brand new"')) out.push("a ruleset without a board: its view is not shown as text");
    if (text("[data-case=decision-trigger] [data-stat='corp.brand_new_counter'] > b") !== "4") out.push("an unknown count of a side is not shown");
    if (!text("[data-case=decision-trigger] [data-stat='match.brand_new_member']").includes("shown as it is")) out.push("an unknown member of the view is not shown");
    return out;
  });
  await page.screenshot({ path: join(out, "selftest.png"), fullPage: false });
  await page.close();
  if (problems.length) throw new Error(`the page's rendering of what it does not know:\n  ${problems.join("\n  ")}`);
  console.log("selftest: unknown decision and event kinds, netrunner.trigger_order, an unknown ruleset and view members render");
}

try {
  await selftest();
  // The tournament page follows the feed before any match exists; what it receives is kept.
  let tournament;
  let tournamentReceived = [];
  if (args.feed) {
    tournament = await newPage("tournament");
    tournamentReceived = await capture(tournament, true);
    await tournament.goto(`${base}&tournament=${encodeURIComponent(args.tournament)}`);
    await tournament.waitForSelector("#status:text('ready')", { timeout: 30_000 });
    await tournament.fill("#feed-password", (await readFile(args["feed-password-file"], "utf8")).trim());
    await tournament.click("#feed-go");
    await tournament.waitForSelector("#status:text('following the feed')");
  }

  const matches = [];
  const tables = args.tables?.split(",").map(Number) ?? [];
  for (const [i, ruleset] of args.rulesets.split(",").entries()) matches.push([ruleset, await playMatch(ruleset, tables[i] ?? i + 1)]);

  if (tournament) {
    for (const [ruleset, id] of matches) {
      await tournament.waitForSelector(`[data-testid=feed-row][data-match="${id}"][data-result=yes][data-ruleset=${ruleset}]`, { timeout: 60_000 });
    }
    // Let the last views of the tables be read.
    await new Promise((r) => setTimeout(r, 1000));
    await tournament.screenshot({ path: join(out, "tournament.png"), fullPage: true });
    await writeFile(join(out, "tournament-dom.txt"), await tournament.evaluate(() => document.documentElement.outerHTML));
    // A click on a table opens its spectators' board, in a new tab with no credential.
    const [ruleset, id] = matches.find(([r]) => r === "netrunner") ?? matches[0];
    const [board] = await Promise.all([tournament.context().waitForEvent("page"), tournament.click(`[data-testid=feed-row][data-match="${id}"]`)]);
    await board.setViewportSize({ width: 1400, height: 900 });
    await board.waitForSelector(`#match[data-ruleset=${ruleset}] [data-testid=result]`, { timeout: 30_000 });
    if (await board.evaluate(() => Object.keys(sessionStorage).some((k) => k.startsWith("arbiter.seat-token.")))) throw new Error("the table's board opened with a seat token");
    if ((await board.getAttribute("#match", "data-viewer")) !== "spectator") throw new Error("the table opened as something other than a spectator's board");
    await checkBoard(board, "the tournament's table", ruleset);
    await board.screenshot({ path: join(out, "tournament-table.png"), fullPage: true });
    await writeFile(join(out, "tournament-network.bin"), Buffer.concat(tournamentReceived));
    console.log(`tournament page: ${matches.length} tables with their results, received ${tournamentReceived.reduce((n, b) => n + b.length, 0)} bytes (WebSocket frames and spectators' views)`);
  }
  console.log(`browser driver: ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await browser.close();
  server.close();
}
