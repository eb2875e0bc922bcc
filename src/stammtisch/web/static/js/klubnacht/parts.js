// Pieces of the board: card faces and backs, chips, scores with their breakdown.

import { h } from "../lib/dom.js";
import { motifOf } from "./legal.js";

/** @typedef {import("./types.js").Seat} Seat */
/** @typedef {import("./types.js").Side} Side */
/** @typedef {import("./types.js").View} View */
/** @typedef {import("./words.js").Words} Words */

/**
 * The pictures of the game, at their versioned addresses.
 * @typedef {{motifs: Record<string, string>, chips: Record<string, string>,
 *   variants: Record<string, string>, coin: string, stack: string}} Art
 */

/**
 * The picture of a seat's card back (an album card it wears, or the plain back).
 * @param {Seat | undefined} seat
 * @returns {string}
 */
export function backUrl(seat) {
  const back = seat?.card_back;
  return back ? `/art/backs/${encodeURIComponent(back.motif)}/${encodeURIComponent(back.tier)}.svg` : "/art/backs/plain.svg";
}

/**
 * A card's face: its picture and its name.
 * @param {Art} art
 * @param {Words} words
 * @param {string} card a card ("dj3") or a motif
 * @param {string} [extra] more classes
 * @returns {HTMLElement}
 */
export function face(art, words, card, extra = "") {
  const motif = motifOf(card);
  return h(
    "span",
    { class: `kn-card kn-face motif-${motif} ${extra}`.trim(), "data-card": card },
    h("img", { src: art.motifs[motif] ?? "", alt: "", width: 100, height: 140, draggable: "false" }),
    h("span", { class: "kn-card-name" }, words.card(card)),
  );
}

/**
 * A card seen from behind.
 * @param {string} url
 * @param {string} [extra]
 * @returns {HTMLElement}
 */
export function back(url, extra = "") {
  return h(
    "span",
    { class: `kn-card kn-back ${extra}`.trim() },
    h("img", { src: url, alt: "", width: 100, height: 140, draggable: "false" }),
  );
}

/**
 * A small motif sign (a task's needs, the cards that built a task).
 * @param {Art} art
 * @param {string} motif
 * @returns {HTMLElement}
 */
export function mini(art, motif) {
  return h(
    "span",
    { class: `kn-mini motif-${motif}` },
    h("img", { src: art.motifs[motif] ?? "", alt: "", width: 100, height: 140, draggable: "false" }),
  );
}

/**
 * A seat's score: the number (a button that shows how it adds up) and the coin when it leads.
 * @param {{view: View, seat: number, name: string, own: boolean, open: boolean, art: Art,
 *   words: Words, toggle: () => void}} how
 * @returns {HTMLElement}
 */
export function score(how) {
  const { view, seat, name, open, art, words } = how;
  const side = view.seats[seat];
  const coin = view.coin === seat ? 3 : 0;
  const compensation = seat !== view.starter ? 3 : 0;
  const id = `kn-breakdown-${seat}`;
  const rows = [
    [words.t.tasks_points, side.task_points],
    [words.t.coin_points, coin],
    [words.t.compensation, compensation],
    [words.t.total, side.score],
  ];
  return h(
    "div",
    { class: "kn-score" },
    h(
      "button",
      {
        type: "button",
        class: "kn-score-button",
        "aria-expanded": String(open),
        "aria-controls": id,
        "aria-label": words.say("score_of", { name, score: side.score }),
        title: words.t.breakdown,
        "data-focus": `score-${seat}`,
        onclick: how.toggle,
      },
      h("span", { class: "kn-score-value" }, String(side.score)),
      h("span", { class: "kn-score-label", "aria-hidden": "true" }, words.t.score),
    ),
    view.coin === seat
      ? h("img", {
          class: "kn-coin",
          src: art.coin,
          alt: how.own ? words.t.coin_yours : words.say("coin_holder", { name }),
          width: 40,
          height: 40,
          "data-anim": "coin",
        })
      : null,
    h(
      "dl",
      { class: "kn-breakdown", id, hidden: !open },
      rows.map(([label, value]) => h("div", {}, h("dt", {}, String(label)), h("dd", {}, String(value)))),
    ),
  );
}

/**
 * A seat's chip, face up: picture, name, rule, and whether it was used.
 * @param {{side: Side, art: Art, words: Words, redeem?: (() => void) | null}} how
 * @returns {HTMLElement | null}
 */
export function chip(how) {
  const { side, art, words } = how;
  if (!side.chip) return null;
  const { code, used } = side.chip;
  return h(
    "div",
    { class: `kn-chip${used ? " used" : ""}`, "data-chip": code },
    h("img", { src: art.chips[code] ?? "", alt: "", width: 48, height: 48 }),
    h(
      "span",
      { class: "kn-chip-text" },
      h("span", { class: "kn-chip-name" }, words.chip(code)),
      used ? h("span", { class: "kn-chip-used" }, words.t.chip_used) : h("span", { class: "kn-chip-rule" }, words.chipRule(code)),
    ),
    how.redeem
      ? h(
          "button",
          {
            type: "button",
            class: "button primary small kn-redeem",
            "aria-label": words.say("redeem_chip", { chip: words.chip(code) }),
            "data-focus": "redeem",
            onclick: how.redeem,
          },
          words.t.redeem,
        )
      : null,
  );
}
