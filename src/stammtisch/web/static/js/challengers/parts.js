// The pieces the table is drawn from: cards (the markup of the card gallery, web/static/css/cards.css)
// and a park's match board.

import { h } from "../lib/dom.js";

/** @typedef {import("./types.js").Game} Game */
/** @typedef {import("./types.js").MatchBoard} MatchBoard */
/** @typedef {import("./types.js").Side} Side */
/** @typedef {import("./words.js").Words} Words */

/**
 * A card face: name, power, set and level, and (unless small) its effect text.
 * @param {Words} words
 * @param {string} key
 * @param {{small?: boolean, selected?: boolean, dim?: boolean, label?: string}} [how]
 * @returns {HTMLElement}
 */
export function card(words, key, how = {}) {
  const info = words.g.cards[key];
  const classes = ["ccard", `set-${info?.set ?? "unknown"}`];
  if (how.small) classes.push("small");
  if (how.selected) classes.push("selected");
  if (how.dim) classes.push("dim");
  const power = info?.power ?? "?";
  return h(
    "article",
    { class: classes.join(" "), "data-card": key, "aria-label": how.label ?? words.say("card_label", { card: words.card(key), power }) },
    h("span", { class: "ccard-power", "aria-hidden": "true" }, String(power)),
    h("span", { class: "ccard-name" }, words.card(key)),
    h("span", { class: "ccard-meta" }, `${words.set(info?.set ?? "")} · ${info?.level ?? ""}`),
    how.small || !info?.text ? null : h("span", { class: "ccard-text" }, info.text),
  );
}

/**
 * A house coach's face: name, "house coach" and passive or active, and its text.
 * @param {Words} words
 * @param {string} key
 * @returns {HTMLElement}
 */
export function coachCard(words, key) {
  const info = words.g.coaches?.coaches[key];
  const labels = words.g.coaches?.labels ?? {};
  const kind = info?.active ? labels.active : labels.passive;
  return h(
    "article",
    { class: "ccard coach", "data-coach": key, "aria-label": words.coach(key) },
    h("span", { class: "ccard-name" }, info?.name ?? key),
    h("span", { class: "ccard-meta" }, `${labels.house ?? ""} · ${kind ?? ""}`),
    h("span", { class: "ccard-text" }, info?.text ?? ""),
  );
}

/**
 * Cards of one place (a deck list, a bench seat, an exhaust pile), small.
 * @param {Words} words
 * @param {string[]} keys
 * @param {string} label
 */
export function row(words, keys, label) {
  return h("ul", { class: "ch-row", "aria-label": label }, keys.map((key) => h("li", {}, card(words, key, { small: true }))));
}

/**
 * One side of a match: park half (top card last), flag, deck, bench seats, frozen seats, exhaust.
 * @param {Words} words
 * @param {Game} game
 * @param {Side} side
 * @param {number | null} benchSeats the side's number of normal bench seats, if known
 */
function sideBoard(words, game, side, benchSeats) {
  const name = words.seat(game, side.seat);
  const free = side.free_seats ?? (benchSeats === null ? 0 : Math.max(0, benchSeats - side.bench.length));
  return h(
    "section",
    { class: `ch-half${side.flag ? " has-flag" : ""}`, "aria-label": words.say("side_of", { name }) },
    h(
      "header",
      { class: "ch-half-head" },
      h("strong", {}, name),
      side.flag ? h("span", { class: "ch-flag" }, words.t.flag) : null,
      h("span", { class: "ch-count" }, words.say("deck_count", { n: side.deck })),
      side.coach ? h("span", { class: "ch-tag ch-coach", title: words.g.coaches?.coaches[side.coach]?.text ?? "" }, words.coach(side.coach), words.g.coaches?.coaches[side.coach]?.active ? ` · ${side.coach_ready ? words.t.coach_ready : words.t.coach_spent}` : "") : null,
    ),
    h("div", { class: "ch-park", role: "group", "aria-label": words.t.park_half }, side.park.length ? side.park.map((key, i) => card(words, key, { small: i < side.park.length - 1 })) : h("span", { class: "ch-empty" }, words.t.no_cards)),
    h(
      "div",
      { class: "ch-bench", role: "group", "aria-label": words.say("bench_of", { n: side.bench.length }) },
      side.bench.map((seat) => h("div", { class: "ch-seat" }, row(words, seat, words.t.bench_seat))),
      Array.from({ length: free }, () => h("div", { class: "ch-seat free", "aria-hidden": "true" })),
    ),
    side.frozen.length
      ? h("div", { class: "ch-bench frozen", role: "group", "aria-label": words.t.frozen_seats }, side.frozen.map((seat) => h("div", { class: "ch-seat frozen" }, seat.length ? row(words, seat, words.t.frozen_seat) : null)))
      : null,
    side.exhaust.length ? h("p", { class: "ch-exhaust" }, words.say("exhaust", { cards: words.cards(side.exhaust) })) : null,
  );
}

/**
 * A park's match board with the attack against the flag and, once over, the winner.
 * @param {Words} words
 * @param {Game} game
 * @param {MatchBoard} board
 * @param {{caption?: string, winter?: boolean, benchSeats: number, winterSeats: number}} how
 */
export function matchBoard(words, game, board, how) {
  const seats = how.winter ? how.winterSeats : how.benchSeats;
  const attack =
    typeof board.attack === "number" && typeof board.defence === "number"
      ? h("p", { class: "ch-attack" }, words.say("attack_line", { attack: board.attack, defence: board.defence }))
      : null;
  const winner = typeof board.winner === "number" ? h("p", { class: "ch-winner" }, words.about(game, "cap_won", board.winner)) : null;
  return h(
    "section",
    { class: "ch-match", "aria-label": words.say("park_n", { n: board.park + 1 }) },
    h("h3", {}, words.say("park_n", { n: board.park + 1 }), how.winter ? h("span", { class: "ch-tag" }, words.t.winter_park) : null),
    sideBoard(words, game, board.sides[0], seats),
    h("div", { class: "ch-middle" }, attack, winner, how.caption ? h("p", { class: "ch-caption" }, how.caption) : null),
    sideBoard(words, game, board.sides[1], seats),
  );
}
