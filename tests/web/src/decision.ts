// The viewer's pending decision as a form, whatever its kind: buttons, check boxes, a number, a
// split or an order, as the decision's spec says (a kind this page has never heard of is still a
// spec it can show). The options of a one-of-many pick that belong to something on the board
// (an option naming a card: "rez:31", "ability:12") are drawn on that card instead; the rest
// stay in the form.

import { type Decision, type GameEvent } from "../gen/arbiter/match/v1/match_pb.js";
import { type Answer } from "./arbiter.js";
import { type GameBoard } from "./board/index.js";
import { el } from "./dom.js";

export type Submit = (d: Decision, answer: Answer, form: HTMLFormElement) => void;

function optionButton(d: Decision, id: string, label: string, extraClass = ""): HTMLButtonElement {
  return el("button", { type: "button", class: `option ${extraClass}`.trim(), "data-testid": "option", "data-id": id, "data-decision-id": String(d.decisionId) }, label);
}

function submitButton(read: () => Answer, submit: (a: Answer) => void): HTMLButtonElement {
  const b = el("button", { type: "button", "data-testid": "submit" }, "Submit");
  b.onclick = () => submit(read());
  return b;
}

/** The form of `d`, `d` being the viewer's. Options placed on `board` (when given) are left out
 *  of the form; `placeOnBoard` puts them there (again, after each redraw of the board). */
export function decisionForm(d: Decision, submit: Submit): HTMLFormElement {
  const form = el("form", { "data-testid": "decision", "data-decision-id": String(d.decisionId), "data-kind": d.kind });
  form.append(el("p", { class: "prompt" }, d.prompt || d.summary || "Your decision"), el("p", { class: "kind" }, d.kind));
  const go = (answer: Answer) => submit(d, answer, form);
  const spec = d.spec;
  switch (spec.case) {
    case "pick": {
      const { options, min, max } = spec.value;
      if (min === 1 && max === 1) {
        const list = el("div", { class: "options" });
        for (const o of options) {
          const b = optionButton(d, o.id, o.label);
          b.onclick = () => go({ kind: "pick", ids: [o.id] });
          list.append(b);
        }
        form.append(list, el("p", { class: "on-board-note", hidden: "" }, "Or choose on the board: the highlighted cards and places."));
        break;
      }
      form.dataset.min = String(min);
      form.dataset.max = String(max);
      form.append(el("p", { class: "hint" }, `Choose ${min === max ? min : `${min} to ${max}`}:`));
      for (const o of options) {
        form.append(el("label", {}, el("input", { type: "checkbox", "data-testid": "pick", value: o.id }), ` ${o.label}`));
      }
      form.append(submitButton(() => ({ kind: "pick", ids: Array.from(form.querySelectorAll<HTMLInputElement>("input[data-testid=pick]:checked"), (c) => c.value) }), go));
      break;
    }
    case "number": {
      const { min, max } = spec.value;
      const input = el("input", { type: "number", "data-testid": "number", min: String(min), max: String(max), value: String(min) });
      form.append(input, submitButton(() => ({ kind: "number", value: BigInt(input.value || "0") }), go));
      break;
    }
    case "split": {
      const { amount, targets } = spec.value;
      form.append(el("p", {}, `Split ${amount} among:`));
      targets.forEach((t, i) => {
        form.append(el("label", {}, `${t.label} `, el("input", { type: "number", "data-testid": "split", "data-id": t.id, min: "0", max: String(amount), value: i === 0 ? String(amount) : "0" })));
      });
      const parts = () => Array.from(form.querySelectorAll<HTMLInputElement>("input[data-testid=split]"), (i) => ({ targetId: i.dataset.id ?? "", amount: Number(i.value || "0") }));
      form.append(submitButton(() => ({ kind: "split", parts: parts() }), go));
      break;
    }
    case "order": {
      const list = el("ol", { class: "order" });
      const items = spec.value.items.map((i) => {
        const li = el("li", { "data-id": i.id }, i.label, " ");
        const up = el("button", { type: "button", title: "earlier" }, "↑");
        up.onclick = () => li.previousElementSibling?.before(li);
        li.append(up);
        return li;
      });
      list.append(...items);
      form.append(el("p", { class: "hint" }, "First to last:"), list, submitButton(() => ({ kind: "order", ids: Array.from(list.children, (li) => (li as HTMLElement).dataset.id ?? "") }), go));
      break;
    }
    default:
      // A decision this page cannot answer: said in words, never dropped.
      form.append(el("p", { "data-testid": "unknown-decision" }, `This page cannot show this kind of decision (${d.kind}); answer it with another client.`));
  }
  return form;
}

/** Move the form's one-of-many options that belong on the board onto their cards and places.
 *  Called after every redraw of the board (the form itself is kept while its decision stands). */
export function placeOnBoard(form: HTMLFormElement, d: Decision, board: HTMLElement, game: GameBoard): number {
  if (d.spec.case !== "pick" || d.spec.value.min !== 1 || d.spec.value.max !== 1) return 0;
  let placed = 0;
  const submitting = form.dataset.submitting === "true";
  // The board was drawn again: every option starts back in the form.
  for (const b of form.querySelectorAll<HTMLButtonElement>("button.option")) {
    b.hidden = false;
    b.dataset.testid = "option";
  }
  for (const o of d.spec.value.options) {
    const ref = game.anchor(o.id, d.seat);
    const target = ref ? board.querySelector<HTMLElement>(`[data-ref="${CSS.escape(ref)}"]`) : null;
    const inForm = form.querySelector<HTMLButtonElement>(`button.option[data-id="${CSS.escape(o.id)}"]`);
    if (!target || !inForm) continue;
    let actions = target.querySelector<HTMLElement>(":scope > .actions");
    if (!actions) {
      actions = el("div", { class: "actions" });
      target.append(actions);
    }
    target.classList.add("choosable");
    const b = optionButton(d, o.id, o.label, "on-board");
    b.disabled = submitting;
    b.onclick = () => inForm.click();
    actions.append(b);
    // The form keeps the option (hidden) so that one click handler answers it, wherever clicked.
    inForm.hidden = true;
    inForm.dataset.testid = "option-placed";
    placed += 1;
  }
  const note = form.querySelector<HTMLElement>(".on-board-note");
  if (note) note.hidden = placed === 0;
  return placed;
}

/** The log's lines for `events`: each event's own text whatever its kind (a kind this page has
 *  never heard of included), or its kind when it has no text. */
export function eventItems(events: GameEvent[]): HTMLElement[] {
  return events.map((e) => el("li", { "data-kind": e.kind, class: "recent" }, e.text || e.kind));
}
