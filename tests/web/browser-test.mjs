// The page in a real browser (headless Chromium, driven by playwright-core): one page creates a
// match and both players join it from two pages, a third page follows it as a spectator, and the
// players answer every decision through the page's own forms (a random legal answer, seeded)
// until the match ends. Run by tests/browser.rs against `arbiter up`; by hand:
//
//   node browser-test.mjs --api http://127.0.0.1:50051 --port 8090 \
//     --platform-key-file ../../.arbiter/secrets/platform.key --out /tmp/arbiter-browser
//
// With --feed (NATS' WebSocket address) and --feed-password-file, a fourth page follows the
// match's tournament on the public feed (nats.ws, the `feed` user) until it shows the result.
//
// Writes to --out: a screenshot of each page, the spectator's, the feed's and seat 0's pages
// (*-dom.txt), every byte the spectator's page received from the API (spectator-network.bin) and
// every WebSocket frame the feed page received (feed-network.bin), for the leak check; prints
// `match <id> ended: <result>` and the number of decisions answered.

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
    ruleset: { type: "string", default: "mainframe" },
    seed: { type: "string", default: "1" },
    chromium: { type: "string", default: "/usr/bin/chromium" },
    "max-decisions": { type: "string", default: "3000" },
    "time-limit-s": { type: "string", default: "600" },
    feed: { type: "string" },
    "feed-password-file": { type: "string" },
    tournament: { type: "string", default: "browser-cup" },
  },
});
for (const required of ["api", "port", "platform-key-file", "out"]) {
  if (!args[required]) throw new Error(`--${required} is required`);
}

// A seeded xorshift: the same seed makes the same answers.
let rng = BigInt(args.seed) * 0x9e3779b97f4a7c15n | 1n;
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
const pageUrl = `http://127.0.0.1:${args.port}/?api=${encodeURIComponent(args.api)}${args.feed ? `&feed=${encodeURIComponent(args.feed)}` : ""}`;
const browser = await chromium.launch({
  executablePath: args.chromium,
  // As root in CI; no GPU; and none of Chromium's own network traffic (the machine has none).
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});

async function open(name) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on("pageerror", (e) => console.log(`[${name}] page error: ${e.message}`));
  page.on("console", (m) => m.type() === "error" && console.log(`[${name}] console: ${m.text()}`));
  await page.goto(pageUrl);
  await page.waitForSelector("#status:text('ready')", { timeout: 30_000 });
  return page;
}

try {
  // The feed page follows the tournament before the match exists; its WebSocket frames are kept.
  let feedPage;
  const frames = [];
  if (args.feed) {
    feedPage = await open("feed");
    const cdp = await feedPage.context().newCDPSession(feedPage);
    await cdp.send("Network.enable");
    cdp.on("Network.webSocketFrameReceived", (e) => frames.push(Buffer.from(e.response.payloadData, e.response.opcode === 2 ? "base64" : "utf8")));
    await feedPage.fill("#feed-tournament", args.tournament);
    await feedPage.fill("#feed-password", (await readFile(args["feed-password-file"], "utf8")).trim());
    await feedPage.click("#follow-feed");
    await feedPage.waitForSelector("#status:text('following the feed')");
  }

  // Create the match from the first page, with the platform key.
  const first = await open("seat 0");
  await first.selectOption("#ruleset", args.ruleset);
  await first.fill("#players", "2");
  if (args.feed) await first.fill("#tournament", args.tournament);
  await first.fill("#platform-key", platformKey);
  await first.click("#create");
  await first.waitForSelector("[data-testid=match-id]");
  const matchId = await first.textContent("[data-testid=match-id]");
  const codes = await first.$$eval("[data-testid=join-code]", (rows) => rows.map((r) => ({ seat: r.dataset.seat, code: r.dataset.code })));
  console.log(`created ${args.ruleset} match ${matchId} with ${codes.length} seats`);

  // The spectator watches from the start; everything it receives from the API is kept.
  const spectator = await open("spectator");
  const received = [];
  const cdp = await spectator.context().newCDPSession(spectator);
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
  await spectator.fill("#watch-match", matchId);
  await spectator.click("#watch");

  // Both players join from their own pages.
  const players = [first, await open("seat 1")];
  for (const [seat, page] of players.entries()) {
    const code = codes.find((c) => Number(c.seat) === seat)?.code;
    await page.fill("#join-match", matchId);
    await page.fill("#join-seat", String(seat));
    await page.fill("#join-code", code);
    await page.click("#join");
  }

  // Answer every decision through the forms until both pages show the result.
  const answered = players.map(() => new Map());
  const deadline = Date.now() + Number(args["time-limit-s"]) * 1000;
  let decisions = 0;
  for (;;) {
    const over = await Promise.all(players.map((p) => p.$("[data-testid=result]")));
    if (over.every(Boolean)) break;
    if (Date.now() > deadline || decisions > Number(args["max-decisions"])) {
      throw new Error(`the match did not end within ${args["time-limit-s"]} s and ${args["max-decisions"]} decisions (${decisions} answered)`);
    }
    let acted = false;
    for (const [i, page] of players.entries()) {
      const form = await page.$("form[data-testid=decision]:not([data-submitting=true])");
      if (!form) continue;
      const id = await form.getAttribute("data-decision-id");
      const tries = answered[i].get(id) ?? 0;
      // The same form still shown, not submitting: either its update has not arrived yet, or the
      // server refused the answer (the page re-enabled the form): then try another answer.
      const refused = (await page.getAttribute("#status", "data-error")) === "true";
      if (tries > 0 && !refused) continue;
      if (tries >= 20) throw new Error(`decision ${id} refused 20 times on seat ${i}'s page`);
      answered[i].set(id, tries + 1);
      try {
        await answer(form);
      } catch (e) {
        // The form was replaced under the click (its decision was answered or re-shown): look again.
        if (!String(e).includes("not attached")) throw e;
        answered[i].delete(id);
        continue;
      }
      decisions += 1;
      acted = true;
    }
    if (!acted) await new Promise((r) => setTimeout(r, 40));
  }
  await spectator.waitForSelector("[data-testid=result]", { timeout: 60_000 });
  if (feedPage) {
    await feedPage.waitForSelector(`[data-testid=feed-row][data-match="${matchId}"][data-result=yes]`, { timeout: 60_000 });
    await feedPage.screenshot({ path: join(out, "feed.png") });
    await writeFile(join(out, "feed-dom.txt"), await feedPage.evaluate(() => document.documentElement.outerHTML));
    await writeFile(join(out, "feed-network.bin"), Buffer.concat(frames));
    console.log(`feed page received ${frames.length} WebSocket frames and shows the result`);
  }
  // Let the spectator's last bytes arrive.
  await new Promise((r) => setTimeout(r, 1000));
  const result = await first.textContent("[data-testid=result]");
  for (const [name, page] of [["seat-0", players[0]], ["seat-1", players[1]], ["spectator", spectator]]) {
    await page.screenshot({ path: join(out, `${name}.png`), fullPage: false });
  }
  await writeFile(join(out, "spectator-dom.txt"), await spectator.evaluate(() => document.documentElement.outerHTML));
  await writeFile(join(out, "seat-0-dom.txt"), await players[0].evaluate(() => document.documentElement.outerHTML));
  await writeFile(join(out, "spectator-network.bin"), Buffer.concat(received));
  console.log(`decisions answered: ${decisions}`);
  console.log(`spectator received ${received.reduce((n, b) => n + b.length, 0)} bytes from the API`);
  console.log(`match ${matchId} ended: ${result.replace(/^The match is over: /, "")}`);
} finally {
  await browser.close();
  server.close();
}

/** A random legal answer, given through the form as a person would give it. */
async function answer(form) {
  const options = await form.$$("[data-testid=option]");
  if (options.length > 0) {
    await options[below(options.length)].click();
    return;
  }
  const picks = await form.$$("input[data-testid=pick]");
  if (picks.length > 0) {
    const min = Number(await form.getAttribute("data-min"));
    const max = Math.min(Number(await form.getAttribute("data-max")), picks.length);
    let count = min + below(max - min + 1);
    const order = picks.map((p, i) => [below(1 << 30), i]).sort((a, b) => a[0] - b[0]).map(([, i]) => i);
    for (const i of order.slice(0, count)) await picks[i].check();
  }
  const number = await form.$("input[data-testid=number]");
  if (number) {
    const min = Number(await number.getAttribute("min"));
    const max = Number(await number.getAttribute("max"));
    await number.fill(String(min + below(Math.max(1, max - min + 1))));
  }
  await (await form.$("[data-testid=submit]")).click();
}
