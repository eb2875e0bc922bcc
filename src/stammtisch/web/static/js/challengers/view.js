// The table as a pure function of the state: the head (round, final, clock), the reader's part,
// the matches (the animation while it plays, else the parks as they stand), the results, the
// overview. The controller redraws it after every change.

import { h } from "../lib/dom.js";
import { timeLeft } from "../lib/time.js";
import { overview } from "./overview.js";
import { yourPanel } from "./panel.js";
import { matchBoard } from "./parts.js";
import { resultPanel } from "./result.js";

/** @typedef {import("./types.js").State} State */
/** @typedef {import("./types.js").MatchBoard} MatchBoard */
/** @typedef {import("./panel.js").Actions} Actions */
/** @typedef {import("./words.js").Words} Words */

export const SPEEDS = [0.5, 1, 2, 4];

/**
 * @param {State} state
 * @param {Words} words
 */
function head(state, words) {
  const game = state.game;
  const view = game.view;
  const me = game.seat === null ? null : game.seats[game.seat];
  const title = view.final
    ? words.say("final_of", { first: words.seat(game, view.finalists[0]), second: words.seat(game, view.finalists[1]) })
    : words.say("round_of", { n: Math.max(view.round, 1), count: state.rounds });
  const clock =
    me?.deadline && game.status === "active" && game.legal.length
      ? h("span", { class: "ch-clock", role: "timer" }, words.say("time_left", { time: timeLeft(me.deadline) }))
      : null;
  return h(
    "header",
    { class: "ch-head" },
    h("h2", {}, title),
    h("span", { class: "ch-tag" }, game.clock?.mode === "realtime" ? words.say("realtime", { n: game.clock.seconds ?? 0 }) : words.t.turn_based),
    view.winter_park !== null ? h("span", { class: "ch-tag" }, words.say("winter_park_at", { n: view.winter_park + 1 })) : null,
    clock,
    game.practice ? h("p", { class: "hint" }, words.t.practice) : null,
    game.seat === null ? h("p", { class: "hint" }, words.t.spectating) : null,
    state.notice ? h("p", { class: "ch-notice", role: "status" }, state.notice) : null,
  );
}

/**
 * The matches: the frame the animation shows, or the running matches, or the last ones.
 * @param {State} state
 * @param {Words} words
 * @param {Actions} actions
 */
function stage(state, words, actions) {
  const game = state.game;
  const view = game.view;
  const show = state.show;
  /** @type {Record<number, MatchBoard>} */
  let boards = { ...state.boards };
  let caption = "";
  if (show && show.frames[show.index]) {
    const frame = show.frames[show.index];
    boards = frame.boards;
    caption = words.caption(frame.event, game);
  } else {
    for (const park of view.parks) if (park.match) boards[park.park] = park.match;
  }
  const parks = Object.keys(boards).map(Number).sort((a, b) => a - b);
  if (!parks.length) return null;
  const mine = game.seat === null ? null : view.players[game.seat]?.park ?? null;
  const focus = state.focus ?? (mine !== null && parks.includes(mine) ? mine : parks[0]);
  const shown = boards[focus] ?? boards[parks[0]];
  const how = { benchSeats: state.benchSeats, winterSeats: state.benchSeats - state.frozenSeats, winter: view.winter_park === shown.park };
  const others = parks.filter((park) => park !== shown.park);
  return h(
    "section",
    { class: "ch-stage panel", "aria-labelledby": "ch-stage-title" },
    h("h2", { id: "ch-stage-title" }, show ? words.t.matches_playing : words.t.matches),
    show
      ? h(
          "div",
          { class: "ch-controls" },
          h("span", {}, words.say("step_of", { n: show.index + 1, count: show.frames.length })),
          SPEEDS.map((speed) =>
            h("button", { type: "button", class: `button small${state.speed === speed ? " active" : ""}`, "aria-pressed": String(state.speed === speed), "data-focus": `speed-${speed}`, onclick: () => actions.speed(speed) }, words.say("speed", { n: speed })),
          ),
          h("button", { type: "button", class: "button small", "data-focus": "skip", onclick: () => actions.skip() }, words.t.skip),
        )
      : null,
    matchBoard(words, game, shown, { ...how, caption }),
    others.length
      ? h(
          "ul",
          { class: "ch-others", "aria-label": words.t.other_parks },
          others.map((park) => {
            const board = boards[park];
            const names = board.sides.map((side) => words.seat(game, side.seat)).join(" – ");
            const result = typeof board.winner === "number" ? words.about(game, "cap_won", board.winner) : words.t.playing;
            return h("li", {}, h("button", { type: "button", class: "button small", "data-focus": `park-${park}`, onclick: () => actions.focus(park) }, words.say("park_n", { n: park + 1 })), ` ${names}: ${result}`);
          }),
        )
      : null,
  );
}

/**
 * The board and the tools beside it.
 * @param {State} state
 * @param {Words} words
 * @param {Actions} actions
 * @returns {{board: (Node | null)[], tools: (Node | null)[]}}
 */
export function render(state, words, actions) {
  const game = state.game;
  const playing = game.status === "active" && game.seat !== null && !game.seats[game.seat]?.left;
  const tools = [
    h(
      "nav",
      { class: "ch-links", "aria-label": words.t.table_links },
      h("a", { class: "button small", href: "/hub" }, words.t.to_hub),
      state.rules ? h("a", { class: "button small", href: state.rules }, words.t.rules) : null,
      h("a", { class: "button small", href: "/help/challengers/cards" }, words.t.gallery),
      state.boards && Object.keys(state.boards).length && !state.show ? h("button", { type: "button", class: "button small", "data-focus": "replay", onclick: () => actions.replay() }, words.t.replay_matches) : null,
      playing ? h("button", { type: "button", class: "button small danger", "data-focus": "resign", onclick: () => actions.resign() }, words.t.leave) : null,
    ),
  ];
  return {
    // While the matches play they come first (on a phone the next deck phase waits below them).
    board: state.show
      ? [head(state, words), stage(state, words, actions), resultPanel(state, words), yourPanel(state, words, actions), overview(state, words)]
      : [head(state, words), resultPanel(state, words), yourPanel(state, words, actions), stage(state, words, actions), overview(state, words)],
    tools,
  };
}
