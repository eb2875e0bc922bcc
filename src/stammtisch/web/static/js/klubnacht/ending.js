// The end of the night (why it ended, both scores, what it brought) and the replay's controls.

import { h } from "../lib/dom.js";

/** The album's tiers, from the first light to all of it. */
const TIERS = ["colour", "bronze", "silver", "gold"];

/** @typedef {import("./types.js").State} State */
/** @typedef {import("./types.js").Replay} Replay */
/** @typedef {import("./types.js").Result} Result */
/** @typedef {import("./types.js").CardGain} CardGain */
/** @typedef {import("./view.js").Context} Context */

/**
 * Why the night ended, in a sentence.
 * @param {State} state
 * @param {Context} ctx
 * @returns {string}
 */
export function endSentence(state, ctx) {
  const { words } = ctx;
  const game = state.game;
  const me = game.seat;
  const who = game.ended_seat;
  if (game.ended_by === "resign") {
    return who === me ? words.t.you_resigned : words.say("resigned", { name: words.seat(game, who) });
  }
  if (game.ended_by === "timeout") {
    return who === me ? words.t.your_time_ran_out : words.say("timed_out", { name: words.seat(game, who) });
  }
  const reason = game.outcome?.reason ?? game.view.end_reason ?? "";
  return words.g.end_reasons[reason] ?? words.g.ended_by[reason] ?? "";
}

/**
 * The seat that won (first in the ranking), or null while unknown.
 * @param {State} state
 * @returns {number | null}
 */
function winner(state) {
  const first = state.game.outcome?.ranking?.[0];
  return first && first.length ? first[0] : null;
}

/**
 * The result of the night: who won and why, both scores broken down, XP, rating, album.
 * @param {State} state
 * @param {Context} ctx
 * @returns {HTMLElement}
 */
export function resultPanel(state, ctx) {
  const { words, actions } = ctx;
  const game = state.game;
  const me = game.seat;
  const won = winner(state);
  const heading =
    me === null || won === null ? words.say("winner_is", { name: words.seat(game, won) }) : won === me ? words.t.you_won : words.t.you_lost;
  const opponent = me === null ? null : game.seats[1 - me];
  const canRematch = me !== null && !game.practice && opponent !== undefined && opponent !== null && opponent.bot === null;
  return h(
    "section",
    { class: `kn-result${me !== null && won === me ? " won" : ""}`, "aria-labelledby": "kn-result-title" },
    h("h2", { id: "kn-result-title", tabindex: "-1" }, heading),
    h("p", { class: "kn-end-reason" }, endSentence(state, ctx)),
    h("div", { class: "kn-result-body" }, scoreTable(state, ctx), gains(state, ctx)),
    h(
      "p",
      { class: "actions" },
      canRematch && !state.rematchSent
        ? h("button", { type: "button", class: "button primary", "data-focus": "rematch", onclick: actions.rematch }, words.t.rematch)
        : null,
      h("button", { type: "button", class: "button", "data-focus": "replay", onclick: actions.replay }, words.t.replay),
      state.member ? h("a", { class: "button ghost", href: "/hub" }, words.t.to_hub) : null,
    ),
    h("p", { class: "kn-rematch-sent", role: "status" }, state.rematchSent),
  );
}

/**
 * Both scores broken down: tasks, the 3+ coin, the compensation points, the total.
 * @param {State} state
 * @param {Context} ctx
 * @returns {HTMLElement}
 */
function scoreTable(state, ctx) {
  const { words } = ctx;
  const game = state.game;
  const view = game.view;
  const seats = [0, 1];
  const name = (/** @type {number} */ seat) => (seat === game.seat ? words.t.you : words.seat(game, seat));
  /** @type {[string, (seat: number) => number][]} */
  const rows = [
    [words.t.tasks_points, (seat) => view.seats[seat].task_points],
    [words.t.coin_points, (seat) => (view.coin === seat ? 3 : 0)],
    [words.t.compensation, (seat) => (seat !== view.starter ? 3 : 0)],
  ];
  return h(
    "table",
    { class: "kn-scores" },
    h("caption", { class: "visually-hidden" }, words.t.score),
    h("thead", {}, h("tr", {}, h("td", {}), seats.map((seat) => h("th", { scope: "col" }, name(seat))))),
    h(
      "tbody",
      {},
      rows.map(([label, value]) => h("tr", {}, h("th", { scope: "row" }, label), seats.map((seat) => h("td", {}, String(value(seat)))))),
      h(
        "tr",
        { class: "total" },
        h("th", { scope: "row" }, words.t.total),
        seats.map((seat) => h("td", {}, String(view.seats[seat].score))),
      ),
    ),
  );
}

/**
 * What the night brought the reader: XP, the rating change, album cards moved.
 * @param {State} state
 * @param {Context} ctx
 * @returns {HTMLElement | null}
 */
function gains(state, ctx) {
  const { words } = ctx;
  const result = state.result;
  if (!result) return null;
  if (result.practice) return h("div", { class: "kn-gains" }, h("p", {}, words.t.practice_result));
  const season = result.rating?.season ?? null;
  const change = season ? `${season.change >= 0 ? "+" : "−"}${Math.abs(season.change)}` : "";
  return h(
    "div",
    { class: "kn-gains" },
    h(
      "dl",
      { class: "kn-gain-list" },
      h("div", { class: "kn-gain xp" }, h("dt", {}, words.t.xp), h("dd", {}, words.say("xp_gained", { xp: result.xp }))),
      h(
        "div",
        { class: "kn-gain rating" },
        h("dt", {}, words.t.rating),
        h("dd", {}, season ? words.say("rating_change", { before: season.before, after: season.after, change }) : words.t.not_rated),
      ),
    ),
    h("h3", {}, words.t.album),
    result.album.cards.length
      ? h("ul", { class: "kn-album" }, result.album.cards.map((card) => albumCard(card, ctx)))
      : h("p", { class: "kn-no-album" }, words.t.no_album),
  );
}

/**
 * One album card the night moved on: its task, how far it is, a tier waiting to be claimed.
 * @param {CardGain} card
 * @param {Context} ctx
 * @returns {HTMLElement}
 */
function albumCard(card, ctx) {
  const { words } = ctx;
  const target = card.thresholds.find((value) => value > card.progress) ?? card.thresholds[card.thresholds.length - 1];
  const share = Math.min(1, card.progress / Math.max(1, target));
  const reached = TIERS[card.thresholds.filter((value) => value <= card.progress).length - 1] ?? "none";
  const bar = h("span", { class: "kn-progress-bar" });
  bar.style.width = `${Math.round(share * 100)}%`;
  return h(
    "li",
    { class: `kn-album-card${card.new_tier ? " waiting" : ""}` },
    h("img", { src: `/art/album/${encodeURIComponent(card.motif.key)}/${reached}.svg`, alt: "", width: 48, height: 67 }),
    h(
      "span",
      { class: "kn-album-text" },
      h("span", { class: "kn-album-task" }, words.say("album_card", { motif: card.motif.name, task: card.task.name })),
      h("span", { class: "kn-progress", "aria-hidden": "true" }, bar),
      h("span", { class: "kn-album-count" }, words.say("album_progress", { progress: card.progress, target })),
      card.new_tier ? h("span", { class: "kn-tier-waiting" }, words.t.tier_waiting, " ", h("a", { href: "/album" }, words.t.open_album)) : null,
    ),
  );
}

/**
 * The replay's controls: which step, what happened in it, previous / play / next, a slider.
 * @param {State} state
 * @param {Replay} replay
 * @param {Context} ctx
 * @returns {HTMLElement}
 */
export function replayBar(state, replay, ctx) {
  const { words, actions } = ctx;
  const last = replay.steps.length - 1;
  const step = replay.steps[replay.index];
  const caption =
    replay.index === 0
      ? words.t.replay_deal
      : words.entry({ seq: step.seq, seat: step.seat, kind: step.kind ?? "play", events: step.events }, state.game, state.game.seat).join(" ");
  return h(
    "section",
    { class: "kn-replay", "aria-labelledby": "kn-replay-title" },
    h(
      "div",
      { class: "kn-replay-head" },
      h("h2", { id: "kn-replay-title" }, words.t.replay_title),
      h("button", { type: "button", class: "button small ghost", "data-focus": "replay-close", onclick: actions.closeReplay }, words.t.back_to_result),
    ),
    h("p", { class: "kn-replay-step" }, words.say("step_of", { n: replay.index, count: last })),
    h("p", { class: "kn-replay-caption", "aria-live": "polite" }, caption),
    h(
      "div",
      { class: "kn-replay-controls" },
      h("button", { type: "button", class: "button small", disabled: replay.index === 0, "data-focus": "replay-previous", onclick: () => actions.replayStep(replay.index - 1) }, words.t.previous),
      h("button", { type: "button", class: "button small primary", "aria-pressed": String(replay.playing), "data-focus": "replay-play", onclick: actions.replayPlay }, replay.playing ? words.t.pause : words.t.play),
      h("button", { type: "button", class: "button small", disabled: replay.index === last, "data-focus": "replay-next", onclick: () => actions.replayStep(replay.index + 1) }, words.t.next),
      h("input", {
        type: "range",
        class: "kn-replay-slider",
        min: 0,
        max: last,
        step: 1,
        value: replay.index,
        "aria-label": words.t.step,
        "aria-valuetext": words.say("step_of", { n: replay.index, count: last }),
        "data-focus": "replay-slider",
        onchange: (/** @type {Event} */ event) => actions.replayStep(Number(/** @type {HTMLInputElement} */ (event.target).value)),
      }),
    ),
  );
}
