// The middle of the table, drawn from the state: the Closing-time notice, the market, the stack
// and the wishlist with its tasks.

import { h } from "../lib/dom.js";
import { fit, motifOf } from "./legal.js";
import { backUrl, face, mini } from "./parts.js";

/** @typedef {import("./types.js").State} State */
/** @typedef {import("./types.js").Task} Task */
/** @typedef {import("./legal.js").Moves} Moves */
/** @typedef {import("./view.js").Shown} Shown */
/** @typedef {import("./view.js").Context} Context */

/**
 * The middle of the table: the Closing-time notice, the market, the stack, the wishlist.
 * @param {State} state
 * @param {Shown} now
 * @param {Moves} moves
 * @param {Context} ctx
 * @returns {HTMLElement}
 */
export function middle(state, now, moves, ctx) {
  const { words } = ctx;
  return h(
    "section",
    { class: "kn-middle", "aria-label": words.t.middle_region },
    closingNotice(now, ctx),
    h(
      "div",
      { class: "kn-market-row" },
      h("h2", { class: "kn-label" }, words.t.market),
      market(now, moves, ctx),
      stack(now, ctx),
    ),
    h("div", { class: "kn-wishlist-box" }, h("h2", { class: "kn-label" }, words.t.wishlist), wishlist(state, now, moves, ctx)),
  );
}

/**
 * The Closing-time announcement above the market of the seat it limits.
 * @param {Shown} now
 * @param {Context} ctx
 * @returns {HTMLElement | null}
 */
function closingNotice(now, ctx) {
  const { words } = ctx;
  const view = now.view;
  if (view.over || view.to_act === null) return null;
  const next = view.closing_time_next ?? [];
  const other = 1 - view.to_act;
  if (next[other]) {
    return h("p", { class: "kn-closing" }, words.say("closing_for", { name: other === now.me ? words.t.you : words.seat(now.game, other) }));
  }
  if (ctx.closingNow && now.live) return h("p", { class: "kn-closing" }, words.g.closing_time_notice);
  return null;
}

/**
 * The three market slots: a card that may be taken now is a button.
 * @param {Shown} now
 * @param {Moves} moves
 * @param {Context} ctx
 * @returns {HTMLElement}
 */
function market(now, moves, ctx) {
  const { words, art, actions } = ctx;
  const slots = now.view.market.map((card, slot) => {
    if (card === null) {
      return h("li", { class: "kn-slot empty", "data-anim": `slot-${slot}` }, h("span", { class: "kn-card kn-empty" }, words.t.empty_slot));
    }
    const picture = face(art, words, card, "large");
    if (!moves.takes.has(slot)) return h("li", { class: "kn-slot", "data-anim": `slot-${slot}` }, picture);
    return h(
      "li",
      { class: "kn-slot", "data-anim": `slot-${slot}` },
      h(
        "button",
        {
          type: "button",
          class: "kn-card-button kn-take",
          "aria-label": words.say("take_card", { card: words.card(card) }),
          "data-focus": `take-${slot}`,
          "data-slot": slot,
          onclick: () => actions.take(slot),
        },
        picture,
      ),
    );
  });
  return h("ul", { class: "kn-market", "data-row": "market" }, slots);
}

/**
 * The stack with its remaining count; the 3+ coin lies beside it while tasks are level.
 * @param {Shown} now
 * @param {Context} ctx
 * @returns {HTMLElement}
 */
function stack(now, ctx) {
  const { words, art } = ctx;
  const view = now.view;
  const count = view.stack_size;
  return h(
    "div",
    { class: "kn-stack-box" },
    h(
      "div",
      { class: "kn-stack", "data-anim": "stack", role: "img", "aria-label": words.say("stack_count", { n: count }) },
      h("img", { src: art.stack, alt: "", width: 100, height: 120 }),
      h("span", { class: "kn-stack-count", "aria-hidden": "true" }, String(count)),
    ),
    h("span", { class: "kn-stack-caption", "aria-hidden": "true" }, words.t.stack),
    view.coin === null
      ? h("img", { class: "kn-coin", src: art.coin, alt: words.t.coin_tied, title: words.t.coin_tied, width: 40, height: 40, "data-anim": "coin" })
      : null,
    view.destroyed.length ? h("p", { class: "kn-destroyed" }, words.say("destroyed", { cards: words.cards(view.destroyed) })) : null,
  );
}

/**
 * The wishlist's eight tasks: open, face down, or claimed with the cards that built them.
 * @param {State} state
 * @param {Shown} now
 * @param {Moves} moves
 * @param {Context} ctx
 * @returns {HTMLElement}
 */
function wishlist(state, now, moves, ctx) {
  return h(
    "ul",
    { class: "kn-wishlist", "data-row": "wishlist" },
    now.view.wishlist.map((task) => taskTile(state, now, moves, task, ctx)),
  );
}

/**
 * One task of the wishlist.
 * @param {State} state
 * @param {Shown} now
 * @param {Moves} moves
 * @param {Task} task
 * @param {Context} ctx
 * @returns {HTMLElement}
 */
function taskTile(state, now, moves, task, ctx) {
  const { words, art, actions } = ctx;
  const anim = `task-${task.slot}`;
  const foot = (/** @type {(Node | null)[]} */ left, /** @type {HTMLElement} */ gold) => h("span", { class: "kn-task-foot" }, h("span", { class: "kn-needs", "aria-hidden": "true" }, left), gold);
  const number = () => h("span", { class: "kn-gold", "aria-hidden": "true" }, String(task.points));
  if (task.face_down || !task.id || !task.needs) {
    return h(
      "li",
      { class: "kn-task down", "data-anim": anim },
      h("span", { class: "kn-task-name", "aria-hidden": "true" }, words.t.task_down_short),
      foot([], number()),
      h("span", { class: "visually-hidden" }, words.say("task_down", { points: task.points })),
    );
  }
  const id = task.id;
  const name = words.task(id);
  const needs = task.needs;
  if (task.claimed_by !== null && task.claimed_by !== undefined) {
    const owner = task.claimed_by;
    const built = now.view.seats[owner].spent.filter((spent) => spent.task === id).map((spent) => spent.card);
    const cards = built.length ? built : needs;
    const who = owner === now.me ? words.t.you : words.seat(now.game, owner);
    return h(
      "li",
      { class: `kn-task claimed${owner === now.me ? " mine" : " theirs"} tier-${task.tier}`, "data-anim": anim, "data-task": id },
      h("span", { class: "kn-task-name", "aria-hidden": "true" }, name),
      h(
        "span",
        { class: "kn-claimer", "aria-hidden": "true" },
        h("img", { src: backUrl(now.game.seats[owner]), alt: "", width: 20, height: 28 }),
        h("span", {}, owner === now.me ? words.t.claimed_by_you : who),
      ),
      foot(
        cards.map((card) => mini(art, motifOf(card))),
        number(),
      ),
      h("span", { class: "visually-hidden" }, words.say("task_claimed", { task: name, points: task.points, name: who, cards: words.cards(cards) })),
    );
  }
  const ready = moves.claims.has(id);
  const fits = ready ? fit(state.selected, needs) : "";
  const gold =
    fits === "match"
      ? h(
          "button",
          {
            type: "button",
            class: "kn-gold",
            "aria-label": words.say("claim_task", { task: name, points: task.points }),
            "data-focus": `claim-${id}`,
            "data-claim": id,
            onclick: () => actions.claim(id),
          },
          String(task.points),
        )
      : number();
  return h(
    "li",
    {
      class: `kn-task open tier-${task.tier}${ready ? " ready" : ""}${fits ? ` fits-${fits}` : ""}`,
      "data-anim": anim,
      "data-task": id,
      "data-needs": needs.join(" "),
    },
    h("span", { class: "kn-task-name", "aria-hidden": "true" }, name),
    ready ? h("span", { class: "kn-ready" }, words.t.task_ready) : null,
    foot(
      needs.map((motif) => mini(art, motif)),
      gold,
    ),
    h("span", { class: "visually-hidden" }, words.say("task_open", { task: name, needs: words.cards(needs), points: task.points })),
  );
}
