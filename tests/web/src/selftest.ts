// What the page draws for what it was not written for, rendered from made-up input by the page's
// own functions: a decision and an event of kinds it has never heard of (and a decision whose
// spec it cannot read), netrunner.trigger_order as the generic form gives it, a ruleset without
// a board, and a view member no layout names. Not part of the page (dist/selftest.js is only
// loaded by the browser test, into the page); tests/web/browser-test.mjs checks what it drew.

import { create } from "@bufbuild/protobuf";
import { DecisionSchema, GameEventSchema } from "../gen/arbiter/match/v1/match_pb.js";
import { boardOf, type Ctx } from "./board/index.js";
import { decisionForm, eventItems, placeOnBoard } from "./decision.js";
import { el } from "./dom.js";

const ctx: Ctx = { viewer: 0, names: ["Ana", "Ben"], recent: new Set(), waitingFor: 0 };
const pick = (ids: string[], min: number, max: number) => ({
  case: "pick" as const,
  value: { options: ids.map((id) => ({ id, label: `the option ${id}` })), min, max },
});

const decisions = {
  trigger: create(DecisionSchema, { decisionId: 1n, seat: 0, kind: "netrunner.trigger_order", prompt: "Which ability resolves next?", spec: pick(["trigger:0", "trigger:1"], 1, 1) }),
  "unknown-kind": create(DecisionSchema, { decisionId: 2n, seat: 0, kind: "othergame.brand_new", prompt: "Something new to decide", spec: pick(["a", "b", "c"], 1, 2) }),
  // A spec of a newer API (a oneof case this build does not know decodes as none).
  "unknown-spec": create(DecisionSchema, { decisionId: 3n, seat: 0, kind: "othergame.brand_new_spec", prompt: "A newer kind of decision" }),
};

const events = [
  create(GameEventSchema, { kind: "netrunner.trigger_chosen", text: "The Corp resolves the first ability.", detailJson: '{"seat":0,"source":{"card":7}}' }),
  create(GameEventSchema, { kind: "othergame.never_seen", text: "Something new happened.", detailJson: '{"what":1}' }),
  create(GameEventSchema, { kind: "othergame.silent", text: "", detailJson: "{}" }),
];

// A netrunner view with a member no layout names, the trigger decision placed on its board.
const netrunnerView = {
  turn: 3,
  active: 0,
  stage: "action",
  corp: { seat: 0, name: "Ana", identity: "Haas-Bioroid: Precision Design", credits: 5, clicks: 3, hq: [{ id: 7, code: "01055", title: "Hedge Fund", type: "operation" }], rd_count: 30, archives: [], servers: [], score_area: [], agenda_points: 0, bad_publicity: 0, brand_new_counter: 4 },
  runner: { seat: 1, name: "Ben", identity: "Zahya Sadeghi: Versatile Smuggler", credits: 5, clicks: 0, grip_count: 5, stack_count: 30, heap: [], programs: [], hardware: [], resources: [], score_area: [], agenda_points: 0, tags: 0, core_damage: 0, link: 0, memory: { used: 0, limit: 4 } },
  brand_new_member: "shown as it is",
};

const box = el("section", { id: "selftest" });
for (const [name, d] of Object.entries(decisions)) {
  const form = decisionForm(d, () => undefined);
  const wrap = el("div", { "data-case": `decision-${name}` }, form);
  if (name === "trigger") {
    const board = boardOf("netrunner").board(netrunnerView, ctx);
    wrap.dataset.placed = String(placeOnBoard(form, d, board, boardOf("netrunner")));
    wrap.append(board);
  }
  box.append(wrap);
}
box.append(el("ol", { "data-case": "events" }, ...eventItems(events)));
box.append(el("div", { "data-case": "unknown-ruleset" }, boardOf("othergame").board({ pieces: [1, 2], phase: "brand new" }, ctx)));
document.body.prepend(box);
box.dataset.done = "true";
