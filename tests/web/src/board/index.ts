// The board of each ruleset, by name; a ruleset this page does not know gets its view as text.

import { el } from "../dom.js";
import { type GameBoard, type J } from "./common.js";
import { mainframe } from "./mainframe.js";
import { neonhope } from "./neonhope.js";
import { netrunner } from "./netrunner.js";

const BOARDS: Record<string, GameBoard> = { mainframe, netrunner, neonhope };

/** For a ruleset without a board here: its view as an indented JSON text, nothing placed. */
const plain: GameBoard = {
  board: (s: J) => el("div", { class: "table unknown" }, el("p", {}, "This page has no board for this game yet; its view as the API gives it:"), el("pre", {}, JSON.stringify(s, null, 2))),
  anchor: () => undefined,
  refs: () => [],
  scoreLine: () => el("span", { class: "score-line" }, ""),
};

export function boardOf(ruleset: string): GameBoard {
  return BOARDS[ruleset] ?? plain;
}

export type { Ctx, GameBoard, J } from "./common.js";
