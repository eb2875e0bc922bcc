// The board as a pure function of the state: the same state always draws the same table.
// The controller redraws it after every change and hands in what the controls do.

import { h } from "../lib/dom.js";
import { timeLeft } from "../lib/time.js";
import { fit, motifOf, movesOf, sortCards } from "./legal.js";
import { back, backUrl, chip, face, score } from "./parts.js";
import { middle } from "./board.js";
import { replayBar, resultPanel } from "./ending.js";

/** @typedef {import("./types.js").State} State */
/** @typedef {import("./types.js").Game} Game */
/** @typedef {import("./types.js").View} View */
/** @typedef {import("./types.js").Task} Task */
/** @typedef {import("./legal.js").Moves} Moves */
/** @typedef {import("./parts.js").Art} Art */
/** @typedef {import("./words.js").Words} Words */

/**
 * What the controls do (the controller's actions).
 * @typedef {{take: (slot: number) => void, toggle: (card: string) => void, clear: () => void,
 *   claim: (task: string) => void, redeem: () => void, keep: (card: string) => void,
 *   end: () => void, toggleScore: (seat: number) => void, resign: () => void,
 *   lastTurn: () => void, rematch: () => void, replay: () => void,
 *   replayStep: (index: number) => void, replayPlay: () => void, closeReplay: () => void}} Actions
 */

/**
 * What the view needs besides the state.
 * @typedef {{words: Words, art: Art, actions: Actions, closingNow: boolean}} Context
 */

/**
 * What is on the table right now: the live game, or the step a replay shows.
 * @typedef {{game: Game, view: View, legal: string[], me: number | null, live: boolean}} Shown
 */

/**
 * @param {State} state
 * @returns {Shown}
 */
export function shown(state) {
  const game = state.game;
  const me = game.seat;
  if (state.replay) {
    const step = state.replay.steps[state.replay.index];
    return { game, view: step.view, legal: [], me, live: false };
  }
  return { game, view: game.view, legal: game.legal, me, live: game.status === "active" };
}

/**
 * The board and the tools beside it.
 * @param {State} state
 * @param {Context} ctx
 * @returns {{board: (Node | null)[], tools: (Node | null)[]}}
 */
export function render(state, ctx) {
  const now = shown(state);
  const moves = movesOf(now.legal);
  const top = now.me === null ? 1 : 1 - now.me;
  const bottom = now.me === null ? 0 : now.me;
  const finished = state.game.status === "finished";
  const board = [
    state.replay ? replayBar(state, state.replay, ctx) : finished ? resultPanel(state, ctx) : null,
    statusBar(state, now, moves, ctx),
    seatArea(state, now, top, moves, ctx),
    middle(state, now, moves, ctx),
    now.me === null ? seatArea(state, now, bottom, moves, ctx) : ownArea(state, now, moves, ctx),
  ];
  return { board, tools: tools(state, now, ctx) };
}

/**
 * Whose turn, the time left, how many cards may still be taken, and the last notice.
 * @param {State} state
 * @param {Shown} now
 * @param {Moves} moves
 * @param {Context} ctx
 * @returns {HTMLElement}
 */
function statusBar(state, now, moves, ctx) {
  const { words } = ctx;
  const view = now.view;
  const acting = view.to_act;
  const mine = acting !== null && acting === now.me;
  const deadline = acting !== null ? now.game.seats[acting]?.deadline : null;
  /** @type {(HTMLElement | null)[]} */
  const parts = [];
  if (view.over || (!now.live && !state.replay)) {
    parts.push(h("span", { class: "kn-turn over" }, words.t.night_over));
  } else if (acting !== null) {
    parts.push(
      h(
        "span",
        { class: `kn-turn${mine && now.live ? " mine" : ""}` },
        mine ? words.t.your_turn : words.say("their_turn", { name: words.seat(now.game, acting) }),
      ),
    );
    if (now.live && deadline) {
      parts.push(h("span", { class: "kn-clock", "data-deadline": deadline }, words.say("time_left", { time: timeLeft(deadline) })));
    }
    if (mine && now.live && view.takes_left) {
      parts.push(h("span", { class: "kn-takes" }, words.say("takes_left", { n: view.takes_left })));
    }
  }
  if (now.game.practice) parts.push(h("span", { class: "kn-badge" }, words.t.practice));
  if (now.me === null) parts.push(h("span", { class: "kn-badge" }, words.t.spectating));
  return h(
    "div",
    { class: "kn-status" },
    h("div", { class: "kn-status-line" }, parts),
    h("p", { class: "kn-notice", role: "status" }, state.notice || (mine && moves.keep.length ? words.t.magpie_pick : "")),
  );
}

/**
 * A seat seen from across the table: picture, name, score, chip, and its hand as backs.
 * @param {State} state
 * @param {Shown} now
 * @param {number} seat
 * @param {Moves} moves
 * @param {Context} ctx
 * @returns {HTMLElement}
 */
function seatArea(state, now, seat, moves, ctx) {
  const { words, art } = ctx;
  const name = words.seat(now.game, seat);
  const side = now.view.seats[seat];
  const label = now.me === null ? words.say("seat_region", { name }) : words.say("opponent_region", { name });
  const [row, legend] = acrossHand(now, seat, moves, ctx);
  return h(
    "section",
    { class: `kn-seat kn-across${now.view.to_act === seat ? " acting" : ""}`, "aria-label": label },
    seatHead(state, now, seat, ctx),
    h("div", { class: "kn-across-hand" }, h("h2", { class: "visually-hidden" }, words.say("hand_of", { name })), row),
    chip({ side, art, words }),
    legend,
  );
}

/**
 * The picture, the name and the score of a seat.
 * @param {State} state
 * @param {Shown} now
 * @param {number} seat
 * @param {Context} ctx
 * @returns {HTMLElement}
 */
function seatHead(state, now, seat, ctx) {
  const { words, art, actions } = ctx;
  const info = now.game.seats[seat];
  const name = words.seat(now.game, seat);
  return h(
    "div",
    { class: "kn-seat-head" },
    h("img", { class: "kn-avatar", src: backUrl(info), alt: "", width: 44, height: 62 }),
    h(
      "div",
      { class: "kn-who" },
      h("span", { class: "kn-name" }, seat === now.me ? words.t.you : name),
      now.view.starter === seat ? h("span", { class: "kn-starter" }, seat === now.me ? words.t.starter_you : words.say("starter", { name })) : null,
    ),
    score({
      view: now.view,
      seat,
      name: seat === now.me ? words.t.you : name,
      own: seat === now.me,
      open: state.openScores[seat] ?? false,
      art,
      words,
      toggle: () => actions.toggleScore(seat),
    }),
  );
}

/**
 * The hand of a seat one cannot see: the cards one knows face up (marked), the rest as backs;
 * during a Magpie choice the two revealed cards lift and turn, to be kept with a tap.
 * @param {Shown} now
 * @param {number} seat
 * @param {Moves} moves
 * @param {Context} ctx
 * @returns {(HTMLElement | null)[]}
 */
function acrossHand(now, seat, moves, ctx) {
  const { words, art, actions } = ctx;
  const side = now.view.seats[seat];
  const choice = now.view.magpie_choice ?? [];
  const known = sortCards(side.known);
  const hidden = Math.max(0, side.hand_size - known.length);
  const url = backUrl(now.game.seats[seat]);
  /** @type {HTMLElement[]} */
  const items = [];
  for (const card of known) {
    if (choice.includes(card) && moves.keep.includes(card)) {
      items.push(
        h(
          "li",
          { class: "kn-lifted" },
          h(
            "button",
            { type: "button", class: "kn-card-button", "aria-label": words.say("keep_card", { card: words.card(card) }), "data-focus": `keep-${card}`, "data-keep": card, onclick: () => actions.keep(card) },
            face(art, words, card, "lifted"),
          ),
        ),
      );
    } else {
      items.push(
        h(
          "li",
          {},
          face(art, words, card, "known small"),
          h("span", { class: "kn-seen", "aria-hidden": "true" }),
          h("span", { class: "visually-hidden" }, words.say("known_card", { card: words.card(card) })),
        ),
      );
    }
  }
  for (let i = 0; i < hidden; i++) {
    items.push(h("li", {}, back(url, "small"), h("span", { class: "visually-hidden" }, words.t.hidden_card)));
  }
  return [
    h(
      "div",
      { class: "kn-across-row" },
      h("ul", { class: "kn-hand kn-hand-across", "data-row": "across" }, items),
      h("span", { class: "kn-count", "data-anim": `hand-${seat}` }, words.say("in_hand", { n: side.hand_size })),
    ),
    known.length && !choice.length
      ? h("p", { class: "kn-legend" }, h("span", { class: "kn-seen inline", "aria-hidden": "true" }), words.t.known_shown)
      : null,
  ];
}

/**
 * One's own side: the hand (cards to tap for a claim), the score, the chip, the turn controls.
 * @param {State} state
 * @param {Shown} now
 * @param {Moves} moves
 * @param {Context} ctx
 * @returns {HTMLElement}
 */
function ownArea(state, now, moves, ctx) {
  const { words, art, actions } = ctx;
  const me = /** @type {number} */ (now.me);
  const side = now.view.seats[me];
  const canClaim = moves.claims.size > 0;
  const redeem = moves.redeem.length > 0 ? actions.redeem : null;
  return h(
    "section",
    { class: `kn-seat kn-own${now.view.to_act === me ? " acting" : ""}`, "aria-label": words.t.your_region },
    h(
      "div",
      { class: "kn-own-hand" },
      h("h2", { class: "kn-label" }, words.t.your_hand, h("span", { class: "kn-count", "data-anim": `hand-${me}` }, words.say("in_hand", { n: side.hand_size }))),
      ownHand(state, now, canClaim, ctx),
      selection(state, now, moves, ctx),
    ),
    h(
      "div",
      { class: "kn-own-bar" },
      seatHead(state, now, me, ctx),
      chip({ side, art, words, redeem }),
      controls(now, moves, ctx),
    ),
  );
}

/**
 * One's own hand: while a claim is possible every card is a toggle to tap.
 * @param {State} state
 * @param {Shown} now
 * @param {boolean} canClaim
 * @param {Context} ctx
 * @returns {HTMLElement}
 */
function ownHand(state, now, canClaim, ctx) {
  const { words, art, actions } = ctx;
  const me = /** @type {number} */ (now.me);
  const side = now.view.seats[me];
  const hand = sortCards(side.hand ?? []);
  const seen = new Set(side.known_to_opponent ?? []);
  const secret = (/** @type {string} */ card) => !seen.has(card);
  const other = words.seat(now.game, 1 - me);
  const unseen = words.say("they_dont_know", { name: other });
  if (hand.length === 0) return h("p", { class: "kn-empty-hand" }, words.t.empty_hand);
  const items = hand.map((card) => {
    const marks = secret(card)
      ? h("span", { class: "kn-secret", title: unseen, "aria-hidden": canClaim ? "true" : null }, canClaim ? null : h("span", { class: "visually-hidden" }, unseen))
      : null;
    const picture = face(art, words, card);
    if (!canClaim) return h("li", {}, picture, marks);
    const pressed = state.selected.includes(card);
    return h(
      "li",
      {},
      h(
        "button",
        {
          type: "button",
          class: "kn-card-button kn-pick",
          "aria-pressed": String(pressed),
          "aria-label": secret(card) ? `${words.card(card)}, ${unseen}` : words.card(card),
          "data-focus": `hand-${card}`,
          "data-card": card,
          "data-motif": motifOf(card),
          onclick: () => actions.toggle(card),
        },
        picture,
      ),
      marks,
    );
  });
  return h(
    "div",
    { class: "kn-own-cards" },
    h("ul", { class: "kn-hand kn-hand-own", "data-row": "hand" }, items),
    hand.some(secret) ? h("p", { class: "kn-legend" }, h("span", { class: "kn-secret inline", "aria-hidden": "true" }), words.say("marked_secret", { name: other })) : null,
  );
}

/**
 * How many cards are tapped, a way to let go of them, and how claiming works (or which task the
 * tapped cards make up, whose golden number now claims it).
 * @param {State} state
 * @param {Shown} now
 * @param {Moves} moves
 * @param {Context} ctx
 * @returns {HTMLElement | null}
 */
function selection(state, now, moves, ctx) {
  const { words, actions } = ctx;
  if (moves.claims.size === 0) return null;
  const match = now.view.wishlist.find((task) => task.id && task.needs && moves.claims.has(task.id) && fit(state.selected, task.needs) === "match");
  return h(
    "div",
    { class: "kn-selection" },
    state.selected.length
      ? [
          h("span", { class: "kn-selected" }, words.say("selected", { n: state.selected.length })),
          h("button", { type: "button", class: "button small ghost", "data-focus": "clear", onclick: actions.clear }, words.t.clear),
        ]
      : null,
    match?.id
      ? h("span", { class: "kn-hint now" }, words.say("claim_now", { task: words.task(match.id) }))
      : h("span", { class: "kn-hint" }, words.t.claim_hint),
  );
}

/**
 * The turn controls: End turn, or Wait with what waiting will trigger.
 * @param {Shown} now
 * @param {Moves} moves
 * @param {Context} ctx
 * @returns {HTMLElement}
 */
function controls(now, moves, ctx) {
  const { words, actions } = ctx;
  const effect = now.view.pass_effect ?? "not_a_pass";
  const waiting = effect !== "not_a_pass";
  return h(
    "div",
    { class: "kn-controls" },
    moves.end
      ? h(
          "button",
          {
            type: "button",
            class: `button ${waiting ? "kn-wait" : "primary"} kn-end`,
            "data-focus": "end",
            "aria-describedby": waiting ? "kn-pass-effect" : null,
            onclick: actions.end,
          },
          waiting ? words.t.wait : words.t.end_turn,
        )
      : null,
    moves.end && waiting ? h("p", { class: "kn-pass-effect", id: "kn-pass-effect" }, words.g.pass_effects[effect] ?? "") : null,
  );
}

/**
 * The tools beside the board: the hub, the rules, the last turn again, resigning.
 * @param {State} state
 * @param {Shown} now
 * @param {Context} ctx
 * @returns {(Node | null)[]}
 */
function tools(state, now, ctx) {
  const { words, actions } = ctx;
  const seated = now.me !== null;
  const mine = seated ? now.game.seats[/** @type {number} */ (now.me)] : undefined;
  const active = state.game.status === "active";
  return [
    h(
      "nav",
      { class: "kn-links", "aria-label": words.t.to_hub },
      state.member ? h("a", { class: "button small ghost", href: "/hub" }, words.t.to_hub) : null,
      state.rules ? h("a", { class: "button small ghost", href: state.rules }, words.t.rules) : null,
    ),
    seated && active
      ? h("button", { type: "button", class: "button small", "data-focus": "last-turn", onclick: actions.lastTurn }, words.t.last_turn)
      : null,
    seated && active && mine && !mine.left
      ? h("button", { type: "button", class: "button small danger", "data-focus": "resign", onclick: actions.resign }, words.t.resign)
      : null,
  ];
}
