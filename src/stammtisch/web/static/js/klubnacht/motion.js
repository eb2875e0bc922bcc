// Motion and sound that explain what just happened: a card slides from the market into a hand, a
// task turns over, the coin moves. They follow the events after the board is redrawn and never
// change the state; with prefers-reduced-motion nothing moves.

import { play } from "../lib/sound.js";

/** @typedef {import("./types.js").Entry} Entry */
/** @typedef {import("../lib/sound.js").Cue} Cue */
/** @typedef {Map<string, DOMRect>} Snapshot */

const FLIGHT_MS = 420;
const STAGGER_MS = 140;

/** @returns {boolean} whether the reader asked for less motion */
export function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Where the moving parts are before a redraw (market slots, tasks, the coin, one's own cards).
 * @param {ParentNode} root
 * @returns {Snapshot}
 */
export function snapshot(root) {
  /** @type {Snapshot} */
  const places = new Map();
  for (const element of root.querySelectorAll("[data-anim]")) {
    if (element instanceof HTMLElement && element.dataset.anim) places.set(element.dataset.anim, element.getBoundingClientRect());
  }
  for (const element of root.querySelectorAll(".kn-hand .kn-card[data-card]")) {
    if (element instanceof HTMLElement) places.set(`card-${element.dataset.card}`, element.getBoundingClientRect());
  }
  return places;
}

/**
 * A copy of `element` that flies from one place to another above the board, then goes away.
 * @param {Element} element what arrives (the card in its new place)
 * @param {DOMRect} from
 * @param {number} delay
 */
function fly(element, from, delay) {
  const to = element.getBoundingClientRect();
  if (!to.width || !from.width) return;
  const ghost = /** @type {HTMLElement} */ (element.cloneNode(true));
  ghost.classList.add("kn-ghost");
  ghost.removeAttribute("id");
  ghost.setAttribute("aria-hidden", "true");
  ghost.style.left = `${to.left}px`;
  ghost.style.top = `${to.top}px`;
  ghost.style.width = `${to.width}px`;
  ghost.style.height = `${to.height}px`;
  document.body.append(ghost);
  const dx = from.left - to.left;
  const dy = from.top - to.top;
  const scale = from.width / to.width;
  const flight = ghost.animate(
    [
      { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, opacity: 1 },
      { transform: "translate(0, 0) scale(1)", opacity: 1 },
    ],
    { duration: FLIGHT_MS, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "both" },
  );
  element.animate([{ opacity: 0 }, { opacity: 0 }], { duration: FLIGHT_MS + delay, fill: "none" });
  flight.finished.then(() => ghost.remove(), () => ghost.remove());
}

/**
 * A short emphasis on an element (a task claimed, a card dealt into the market).
 * @param {Element | null} element
 * @param {Keyframe[]} frames
 * @param {number} delay
 * @param {number} [duration]
 */
function pulse(element, frames, delay, duration = 520) {
  if (element) element.animate(frames, { duration, delay, easing: "ease-out", fill: "backwards" });
}

const DEALT = [
  { opacity: 0, transform: "translateY(-14px) scale(0.94)" },
  { opacity: 1, transform: "none" },
];
const CLAIMED = [
  { transform: "scale(1)", boxShadow: "0 0 0 0 rgb(240 180 90 / 0)" },
  { transform: "scale(1.06)", boxShadow: "0 0 0 6px rgb(240 180 90 / 0.55)" },
  { transform: "scale(1)", boxShadow: "0 0 0 0 rgb(240 180 90 / 0)" },
];
const TURNED = [
  { transform: "perspective(600px) rotateY(90deg)" },
  { transform: "perspective(600px) rotateY(0deg)" },
];

/**
 * Animate what the log entries did, on the board as it is now drawn.
 * @param {Snapshot} before where things were before the redraw
 * @param {ParentNode} root
 * @param {Entry[]} entries
 * @param {number | null} me
 */
export function animate(before, root, entries, me) {
  if (reducedMotion()) return;
  let delay = 0;
  const inHand = (/** @type {number} */ seat, /** @type {string} */ card) => {
    const hand = seat === me ? ".kn-hand-own" : ".kn-hand-across";
    return root.querySelector(`${hand} .kn-card[data-card="${card}"]`);
  };
  for (const entry of entries) {
    for (const event of entry.events) {
      if (event.kind === "card_taken") {
        const from = before.get(`slot-${event.slot}`);
        const target = inHand(event.seat, event.card);
        if (from && target) fly(target, from, delay);
        delay += STAGGER_MS;
      } else if (event.kind === "market_refilled") {
        pulse(root.querySelector(`[data-anim="slot-${event.slot}"] .kn-card`), DEALT, delay + 160, 320);
      } else if (event.kind === "market_reshuffled") {
        for (const card of root.querySelectorAll(".kn-market .kn-card")) pulse(card, DEALT, delay, 360);
      } else if (event.kind === "task_claimed") {
        const tile = root.querySelector(`.kn-task[data-task="${event.task}"]`);
        const minis = tile ? [...tile.querySelectorAll(".kn-mini")] : [];
        event.cards.forEach((/** @type {string} */ card, /** @type {number} */ index) => {
          const from = before.get(`card-${card}`);
          if (from && minis[index]) fly(minis[index], from, delay + index * 60);
        });
        pulse(tile, CLAIMED, delay + FLIGHT_MS, 700);
        delay += STAGGER_MS;
      } else if (event.kind === "task_revealed") {
        pulse(root.querySelector(`[data-anim="task-${event.slot}"]`), TURNED, delay + 300, 480);
      } else if (event.kind === "coin_moved") {
        const from = before.get("coin");
        const coin = root.querySelector('[data-anim="coin"]');
        if (from && coin) fly(coin, from, delay + 300);
      } else if (event.kind === "magpie_kept") {
        const from = before.get(`card-${event.card}`);
        const target = inHand(event.seat, event.card);
        if (from && target) fly(target, from, delay);
      }
    }
  }
}

/**
 * The sound cues of what happened, each cue once, in order.
 * @param {Entry[]} entries
 * @param {number | null} me
 * @param {number | null} winner the seat that won, once the night is over
 * @returns {Cue[]}
 */
export function cues(entries, me, winner) {
  /** @type {Cue[]} */
  const found = [];
  const add = (/** @type {Cue} */ cue) => {
    if (!found.includes(cue)) found.push(cue);
  };
  for (const entry of entries) {
    if (entry.kind !== "play" && me !== null) add(winner === me ? "won" : "lost");
    for (const event of entry.events) {
      if (event.kind === "card_taken" || event.kind === "magpie_kept" || event.kind === "card_drawn") add("card");
      else if (event.kind === "task_claimed") add("claim");
      else if (event.kind === "sabotage" && event.destroyed) add("destroyed");
      else if (event.kind === "turn_started" && event.seat === me) add("turn");
      else if (event.kind === "night_ended" && me !== null) add(event.winner === me ? "won" : "lost");
    }
  }
  return found;
}

/**
 * Play cues one after the other.
 * @param {Cue[]} list
 */
export function sound(list) {
  list.forEach((cue, index) => window.setTimeout(() => play(cue), index * 180));
}
