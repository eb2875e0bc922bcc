// The rules refresher: "I knew it" and "Mark for re-reading" keep a member's marks (through the
// API) and the "To re-read" list at the top follows them without a reload.

import { api, ApiError } from "./lib/api.js";
import { $, $$, h, replace } from "./lib/dom.js";
import { pageData } from "./lib/texts.js";

/** @typedef {{game: string, marks: string[]}} State */
/** @typedef {{game: string, items: string[]}} Marks */

const texts = pageData("page-texts");
/** @type {State} */
const state = pageData("page-state");
const status = $("[data-status]");
const list = document.querySelector(".reread-list");
const empty = /** @type {HTMLElement | null} */ (document.querySelector(".reread-empty"));

/** @param {string} text */
function say(text) {
  status.textContent = text;
}

/** Show every item's mark, its buttons and the list at the top as `state.marks` says. */
function draw() {
  const marked = new Set(state.marks);
  for (const element of $$("[data-item]")) {
    element.classList.toggle("is-marked", marked.has(element.dataset.item ?? ""));
  }
  for (const button of $$("[data-mark]")) {
    const on = marked.has(button.dataset.mark ?? "");
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.textContent = on ? texts.marked : texts.mark;
  }
  if (empty) empty.hidden = marked.size > 0;
  if (!list) return;
  const items = $$("[data-item]")
    .filter((element) => marked.has(element.dataset.item ?? ""))
    .map((element) => {
      const title = element.querySelector("[data-title]");
      return h("li", {}, h("a", { href: `#${element.id}` }, title ? (title.textContent ?? "").trim() : ""));
    });
  replace(list, ...items);
}

/**
 * Mark or unmark an item for re-reading.
 * @param {string} item
 * @param {boolean} on
 * @param {string} done what to announce afterwards
 */
async function setMark(item, on, done) {
  try {
    /** @type {Marks} */
    const answer = await api(on ? "PUT" : "DELETE", `/api/help/${state.game}/marks/${encodeURIComponent(item)}`);
    state.marks = answer.items;
    draw();
    say(done);
  } catch (error) {
    say(error instanceof ApiError ? error.message : String(error));
  }
}

document.addEventListener("click", (event) => {
  const target = event.target instanceof Element ? event.target.closest("button") : null;
  if (!target) return;
  const mark = target.dataset.mark;
  if (mark) {
    const on = !state.marks.includes(mark);
    void setMark(mark, on, on ? texts.saved_mark : texts.saved_unmark);
  }
  const knew = target.dataset.knew;
  if (knew) void setMark(knew, false, texts.saved_knew);
});

draw();
