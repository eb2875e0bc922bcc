// The tournament at a glance: every player (park and opponent of the round, deck size, trophies,
// fans where the rules open them, who is still at work), the plan of the parks, the trophies left.

import { h } from "../lib/dom.js";
import { timeLeft } from "../lib/time.js";
import { ROBOT } from "./words.js";

/** @typedef {import("./types.js").State} State */
/** @typedef {import("./types.js").Game} Game */
/** @typedef {import("./types.js").Player} Player */
/** @typedef {import("./words.js").Words} Words */

/**
 * What a player is doing now, in words.
 * @param {Game} game
 * @param {Player} player
 * @param {Words} words
 */
function doing(game, player, words) {
  const seat = game.seats[player.seat];
  const parts = [];
  if (seat?.left) parts.push(words.t[`left_${seat.left}`] ?? words.t.left_resign);
  if (game.view.to_act.includes(player.seat)) {
    parts.push(player.deck_phase === "pile" || player.deck_phase === "pick" || player.deck_phase === "remove" ? words.t.drafting : words.t.deciding);
    if (seat?.deadline && !seat.bot) parts.push(words.say("time_left", { time: timeLeft(seat.deadline) }));
  } else if (player.deck_phase === "done" && game.view.phase === "deck") {
    parts.push(words.t.ready);
  }
  return parts.join(" · ");
}

/**
 * A player's coach: its name once revealed (or one's own), else whether one is kept.
 * @param {Player} player
 * @param {Words} words
 */
function coachCell(player, words) {
  if (player.coach) return words.coach(player.coach);
  return h("span", { class: "muted" }, player.has_coach ? words.t.coach_secret : words.t.coach_choosing);
}

/**
 * Who a player meets this round.
 * @param {Game} game
 * @param {Player} player
 * @param {Words} words
 */
function opponent(game, player, words) {
  if (player.park === null) return "–";
  const other = game.view.players.find((p) => p.seat !== player.seat && p.park === player.park);
  if (other) return words.seat(game, other.seat);
  return game.view.robot ? words.t.robot : "–";
}

/**
 * @param {State} state
 * @param {Words} words
 */
export function overview(state, words) {
  const game = state.game;
  const view = game.view;
  const coached = Boolean(view.options.coaches);
  const rows = view.players.map((player) =>
    h(
      "tr",
      { class: player.seat === game.seat ? "mine" : "" },
      h("th", { scope: "row" }, words.seat(game, player.seat), game.seats[player.seat]?.bot ? h("span", { class: "ch-tag" }, words.t.bot) : null),
      h("td", {}, player.park === null ? "–" : String(player.park + 1)),
      h("td", {}, opponent(game, player, words)),
      h("td", {}, String(player.deck)),
      h("td", {}, player.trophy_rounds.length ? words.say(player.trophies === 1 ? "trophies_round" : "trophies_rounds", { n: player.trophies, rounds: player.trophy_rounds.join(", ") }) : "0"),
      h("td", {}, typeof player.fans === "number" ? String(player.fans) : h("span", { class: "muted" }, words.t.fans_hidden)),
      coached ? h("td", {}, coachCell(player, words)) : null,
      h("td", {}, doing(game, player, words)),
    ),
  );
  if (view.robot) {
    rows.push(
      h(
        "tr",
        {},
        h("th", { scope: "row" }, words.t.robot),
        h("td", {}, "–"),
        h("td", {}, "–"),
        h("td", {}, String(view.robot.deck)),
        h("td", {}, String(view.robot.trophy_rounds.length)),
        h("td", {}, typeof view.robot.fans === "number" ? String(view.robot.fans) : h("span", { class: "muted" }, words.t.fans_hidden)),
        coached ? h("td", {}, "–") : null,
        h("td", {}, ""),
      ),
    );
  }
  const columns = ["player", "park", "opponent", "deck", "trophies", "fans", ...(coached ? ["coach"] : []), "now"];
  const heads = columns.map((key) => h("th", { scope: "col" }, words.t[`col_${key}`]));
  return h(
    "section",
    { class: "ch-overview panel", "aria-labelledby": "ch-overview-title" },
    h("h2", { id: "ch-overview-title" }, words.t.overview),
    h("div", { class: "ch-scroll", tabindex: "0", role: "group", "aria-label": words.t.overview }, h("table", { class: "ch-table" }, h("thead", {}, h("tr", {}, heads)), h("tbody", {}, rows))),
    view.fans_open ? null : h("p", { class: "hint" }, words.t.fans_rule),
    plan(state, words),
    h(
      "p",
      { class: "ch-trophies" },
      view.parks.map((park) => h("span", { class: "ch-chip" }, words.say("trophies_left", { park: park.park + 1, n: park.trophies_left }))),
    ),
  );
}

/**
 * The plan: which park each seat plays in each round.
 * @param {State} state
 * @param {Words} words
 */
function plan(state, words) {
  const game = state.game;
  const seats = game.view.players.map((p) => p.seat);
  if (game.view.robot) seats.push(ROBOT);
  const round = game.view.final ? 0 : game.view.round;
  const rounds = Array.from({ length: state.rounds }, (_, i) => i + 1);
  return h(
    "details",
    { class: "ch-plan" },
    h("summary", {}, words.t.plan),
    h(
      "div",
      { class: "ch-scroll", tabindex: "0", role: "group", "aria-label": words.t.plan },
      h(
        "table",
        { class: "ch-table plan" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, words.t.col_player), rounds.map((r) => h("th", { scope: "col", class: r === round ? "now" : "" }, words.say("round_short", { n: r }))))),
        h(
          "tbody",
          {},
          seats.map((seat, index) => {
            const row = state.plans[seat === ROBOT ? state.plans.length - 1 : index] ?? [];
            return h("tr", {}, h("th", { scope: "row" }, words.seat(game, seat)), rounds.map((r) => h("td", { class: r === round ? "now" : "" }, row[r - 1] === undefined ? "–" : String(row[r - 1] + 1))));
          }),
        ),
      ),
    ),
  );
}
