// The reader's own part of the table: the deck phase (pile, drawn cards, picks, the redraw,
// removals, done) and the decisions a match asks of them, built from their legal actions.

import { h } from "../lib/dom.js";
import { card, coachCard, row } from "./parts.js";

/** @typedef {import("./types.js").State} State */
/** @typedef {import("./types.js").Game} Game */
/** @typedef {import("./types.js").Own} Own */
/** @typedef {import("./types.js").Decision} Decision */
/** @typedef {import("./words.js").Words} Words */

/**
 * What the controls do.
 * @typedef {{act: (action: string) => void, orderAdd: (card: string) => void,
 *   orderClear: () => void, skip: () => void, speed: (speed: number) => void,
 *   focus: (park: number) => void, resign: () => void, replay: () => void}} Actions
 */

/**
 * The arguments of the legal actions with this verb, in order.
 * @param {string[]} legal
 * @param {string} verb
 * @returns {string[]}
 */
export function argsOf(legal, verb) {
  return legal.filter((text) => text.startsWith(`${verb} `)).map((text) => text.slice(verb.length + 1));
}

/**
 * A card with a button under it.
 * @param {Words} words
 * @param {string} key
 * @param {string} label the button's text
 * @param {string} focus the button's focus key
 * @param {() => void} onclick
 * @param {boolean} busy
 */
function cardButton(words, key, label, focus, onclick, busy) {
  return h(
    "li",
    { class: "ch-pickable" },
    card(words, key),
    h("button", { type: "button", class: "button small", "data-focus": focus, "aria-label": `${label}: ${words.card(key)}`, disabled: busy, onclick }, label),
  );
}

/**
 * The deck phase as the reader plays it.
 * @param {State} state
 * @param {Own} you
 * @param {Words} words
 * @param {Actions} actions
 */
function deckPhase(state, you, words, actions) {
  const legal = state.game.legal;
  const busy = state.busy;
  const piles = argsOf(legal, "pile");
  const picks = new Set(argsOf(legal, "pick"));
  const removals = new Set(argsOf(legal, "remove"));
  const coaches = argsOf(legal, "coach");
  const parts = [];
  if (coaches.length) {
    parts.push(
      h("h3", {}, words.t.keep_coach_title),
      h("p", { class: "hint" }, words.t.keep_coach_hint),
      h(
        "ul",
        { class: "ch-cards" },
        coaches.map((key) =>
          h(
            "li",
            { class: "ch-pickable" },
            coachCard(words, key),
            h("button", { type: "button", class: "button small primary", "data-focus": `coach-${key}`, "aria-label": `${words.t.keep_coach}: ${words.coach(key)}`, disabled: busy, onclick: () => actions.act(`coach ${key}`) }, words.t.keep_coach),
          ),
        ),
      ),
    );
  } else if (you.coach) {
    parts.push(h("p", { class: "ch-your-coach" }, words.say("your_coach", { coach: words.coach(you.coach) })));
  }
  if (piles.length) {
    parts.push(
      h("p", {}, piles.length > 1 ? words.t.choose_pile : words.t.draw_pile),
      h(
        "div",
        { class: "ch-buttons" },
        piles.map((pile) =>
          h("button", { type: "button", class: "button primary", "data-focus": `pile-${pile}`, disabled: busy, onclick: () => actions.act(`pile ${pile}`) }, words.say("pile_button", { pile, n: state.game.view.piles[pile]?.cards ?? 0 })),
        ),
      ),
    );
  }
  if (you.drawn.length) {
    parts.push(
      h("h3", {}, words.say("drawn_from", { pile: you.pile ?? "" })),
      h("p", {}, picks.size ? words.say("picks_left", { n: you.picks_left }) : words.t.no_more_picks),
      h(
        "ul",
        { class: "ch-cards" },
        you.drawn.map((key, i) => (picks.has(key) ? cardButton(words, key, words.t.pick, `pick-${key}-${i}`, () => actions.act(`pick ${key}`), busy) : h("li", {}, card(words, key, { dim: true })))),
      ),
    );
  }
  const buttons = [];
  if (legal.includes("redraw")) {
    buttons.push(h("button", { type: "button", class: "button", "data-focus": "redraw", disabled: busy, onclick: () => actions.act("redraw") }, words.t.redraw));
  }
  if (legal.includes("done")) {
    buttons.push(h("button", { type: "button", class: "button primary", "data-focus": "done", disabled: busy, onclick: () => actions.act("done") }, words.t.done));
  }
  if (buttons.length) parts.push(h("div", { class: "ch-buttons" }, buttons));
  if (legal.includes("redraw")) parts.push(h("p", { class: "hint" }, words.t.redraw_hint));
  parts.push(
    h("h3", {}, words.say("your_deck", { n: you.deck.length })),
    removals.size ? h("p", { class: "hint" }, words.t.remove_hint) : null,
    h(
      "ul",
      { class: "ch-cards deck" },
      you.deck.map((key, i) => (removals.has(key) ? cardButton(words, key, words.t.remove, `remove-${key}-${i}`, () => actions.act(`remove ${key}`), busy) : h("li", {}, card(words, key, { small: true })))),
    ),
  );
  return parts;
}

/**
 * A decision a match (or a "when picked" card) asks of the reader.
 * @param {State} state
 * @param {Decision} decision
 * @param {Words} words
 * @param {Actions} actions
 */
function decisionPanel(state, decision, words, actions) {
  const options = argsOf(state.game.legal, "choose");
  const busy = state.busy;
  /** @type {HTMLElement[]} */
  const parts = [
    h("h3", { id: "ch-decision-title", tabindex: "-1" }, words.t[`decide_${decision.kind}`] ?? words.t.decide_any),
    h("div", { class: "ch-source" }, decision.coach ? coachCard(words, decision.coach) : card(words, decision.card ?? "")),
  ];
  if (decision.kind === "reorder") {
    const order = state.order ?? [];
    const cards = options[0]?.split(",") ?? [];
    const left = [...cards];
    for (const key of order) left.splice(left.indexOf(key), 1);
    parts.push(
      h("p", {}, words.t.reorder_hint),
      h("ol", { class: "ch-order" }, order.map((key) => h("li", {}, words.card(key)))),
      h(
        "div",
        { class: "ch-buttons" },
        [...new Set(left)].map((key) => h("button", { type: "button", class: "button", "data-focus": `order-${key}`, disabled: busy, onclick: () => actions.orderAdd(key) }, words.card(key))),
        order.length ? h("button", { type: "button", class: "button", "data-focus": "order-clear", onclick: () => actions.orderClear() }, words.t.start_over) : null,
      ),
    );
    return parts;
  }
  if (decision.shown.length && decision.kind !== "place") parts.push(row(words, decision.shown, words.t.shown_cards));
  if (decision.kind === "place") parts.push(h("p", {}, words.say("place_cards", { cards: words.cards(decision.shown) })));
  parts.push(
    h(
      "div",
      { class: "ch-buttons options" },
      options.map((option) =>
        h("button", { type: "button", class: option === "none" || option === "save" ? "button" : "button primary", "data-focus": `choose-${option}`, disabled: busy, onclick: () => actions.act(`choose ${option}`) }, words.option(decision.kind, option)),
      ),
    ),
  );
  return parts;
}

/**
 * The reader's panel: what they do now, or whom the table waits for.
 * @param {State} state
 * @param {Words} words
 * @param {Actions} actions
 * @returns {HTMLElement | null}
 */
export function yourPanel(state, words, actions) {
  const game = state.game;
  const you = game.view.you;
  if (game.status !== "active" || you === null || game.seat === null) return null;
  const seat = game.seats[game.seat];
  if (seat?.bot) {
    return h("section", { class: "ch-you panel" }, h("p", {}, words.t.bot_plays_you));
  }
  /** @type {(Node | null)[]} */
  let body;
  if (you.decision && game.legal.some((text) => text.startsWith("choose "))) {
    body = decisionPanel(state, you.decision, words, actions);
  } else if (game.legal.length) {
    body = [h("h2", { id: "ch-you-title", tabindex: "-1" }, words.say(game.view.final ? "deck_phase_final" : "deck_phase", { n: game.view.round })), ...deckPhase(state, you, words, actions)];
  } else {
    const waiting = game.view.to_act.filter((seat) => seat !== game.seat).map((seat) => words.seat(game, seat));
    body = [h("p", { class: "ch-waiting" }, waiting.length ? words.say("waiting_for", { names: waiting.join(", ") }) : words.t.waiting)];
  }
  return h("section", { class: "ch-you panel", "aria-labelledby": "ch-you-heading" }, h("h2", { id: "ch-you-heading", class: "visually-hidden" }, words.t.your_part), ...body);
}
