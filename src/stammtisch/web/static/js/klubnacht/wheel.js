// The chip deal as a short wheel spin: once per member and game (remembered in this browser),
// never with prefers-reduced-motion.

import { h } from "../lib/dom.js";
import { modal } from "./dialogs.js";
import { reducedMotion } from "./motion.js";

/** @typedef {import("./types.js").Game} Game */
/** @typedef {import("./parts.js").Art} Art */
/** @typedef {import("./words.js").Words} Words */

const CHIPS = ["free_drink", "triple", "closing_time", "magpie", "sabotage"];
const SPIN_MS = 2200;

/**
 * Spin the wheel for a chip night the member sees for the first time.
 * @param {{game: Game, member: string | null, words: Words, art: Art}} how
 */
export function maybeSpin(how) {
  const { game, member, words, art } = how;
  const me = game.seat;
  if (game.view.variant !== "chips" || me === null || member === null || game.status !== "active") return;
  const key = `stammtisch.klubnacht.wheel.${member}.${game.game_id}`;
  if (localStorage.getItem(key)) return;
  localStorage.setItem(key, "seen");
  const own = game.view.seats[me].chip;
  const mine = own && !own.used ? own.code : undefined;
  const theirs = game.view.seats[1 - me].chip?.code;
  if (!mine || !theirs || reducedMotion()) return;
  const disc = h(
    "div",
    { class: "kn-wheel-disc", "aria-hidden": "true" },
    CHIPS.map((code, index) => {
      const spoke = h("span", { class: "kn-wheel-spoke" }, h("img", { src: art.chips[code] ?? "", alt: "", width: 64, height: 64 }));
      spoke.style.transform = `rotate(${index * 72}deg) translateY(-5.2rem) rotate(${-index * 72}deg)`;
      return spoke;
    }),
  );
  const result = h(
    "div",
    { class: "kn-wheel-result", hidden: true },
    h("p", { class: "kn-wheel-mine" }, words.say("wheel_yours", { chip: words.chip(mine) })),
    h("p", { class: "kn-chip-rule" }, words.chipRule(mine)),
    h("p", { class: "kn-wheel-theirs" }, words.say("wheel_theirs", { name: words.seat(game, 1 - me), chip: words.chip(theirs) })),
  );
  modal({
    title: words.t.wheel_title,
    className: "kn-wheel",
    closeText: words.t.wheel_go,
    closeClass: "primary",
    body: () => [h("div", { class: "kn-wheel-stage" }, h("span", { class: "kn-wheel-pointer", "aria-hidden": "true" }), disc), result],
  });
  const turns = 4 * 360 - CHIPS.indexOf(mine) * 72;
  const spin = disc.animate([{ transform: "rotate(0deg)" }, { transform: `rotate(${turns}deg)` }], {
    duration: SPIN_MS,
    easing: "cubic-bezier(.15,.6,.2,1)",
    fill: "forwards",
  });
  spin.finished.then(
    () => (result.hidden = false),
    () => (result.hidden = false),
  );
}
