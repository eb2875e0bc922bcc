// The album: a tap on a card with a pulsing crown claims its waiting upgrade and the card lights
// up to its new tier; any upgraded card can be worn as card back; new upgrades arrive live.
// Controller (state and actions), view (a card as a pure function of the state), socket.

import { api, ApiError } from "./lib/api.js";
import { $, h, replace, svg } from "./lib/dom.js";
import { live } from "./lib/live.js";
import { play } from "./lib/sound.js";
import { format, pageData } from "./lib/texts.js";

const TIERS = ["colour", "bronze", "silver", "gold"];

/** @typedef {{key: string, name: string}} Named */
/**
 * @typedef {object} Card
 * @property {number} card
 * @property {Named} motif
 * @property {Named} task
 * @property {number[]} thresholds
 * @property {string | null} tier
 * @property {number | null} [progress]
 * @property {string | null} [reached]
 * @property {number | null} [waiting]
 */
/** @typedef {{month: string, card: number}} Worn */
/** @typedef {{month: string, open: boolean, waiting: number, worn: Worn | null, cards: Card[]}} State */
/** @typedef {{month: string, card: number, motif: Named, tier: string}} Back */
/**
 * @typedef {object} Texts
 * @property {Record<string, string>} tiers
 * @property {string} not_collected
 * @property {string} picture
 * @property {string} claim
 * @property {string} claimed
 * @property {string} hint
 * @property {string} progress
 * @property {string} complete
 * @property {string} unclaimed
 * @property {string} waiting_none
 * @property {string} waiting_one
 * @property {string} waiting_many
 * @property {string} wear
 * @property {string} wear_label
 * @property {string} worn
 * @property {string} worn_back
 * @property {string} plain_back
 * @property {string} wear_plain
 * @property {string} month
 */

/** @type {Texts} */
const texts = pageData("page-texts");
/** @type {State} */
const state = pageData("page-state");
const language = document.documentElement.lang;
const grid = $(".album-grid");
const errorLine = $("[data-album-error]");
const announcer = $("[data-announce]");
let busy = false;

// --- What a card's numbers mean ---------------------------------------------------------------

/** @param {Card} card @returns {number} tiers claimed so far (0 to 4) */
function claimedCount(card) {
  return card.tier ? TIERS.indexOf(card.tier) + 1 : 0;
}

/** @param {Card} card @returns {number} tiers its progress has reached */
function reachedCount(card) {
  const progress = card.progress ?? 0;
  return card.thresholds.filter((threshold) => progress >= threshold).length;
}

/** @param {Card} card @returns {boolean} whether a tap claims an upgrade now */
function claimable(card) {
  return state.open && (card.waiting ?? 0) > 0;
}

/** @param {string | null} tier */
function tierText(tier) {
  return tier ? texts.tiers[tier] : texts.not_collected;
}

/** @param {number} count */
function waitingText(count) {
  if (count === 0) return texts.waiting_none;
  return count === 1 ? texts.waiting_one : format(texts.waiting_many, { count });
}

/** @param {Card} card */
function picture(card) {
  return `/art/album/${card.motif.key}/${card.tier ?? "none"}.svg`;
}

// --- The view ---------------------------------------------------------------------------------

function crown() {
  const shape = svg(
    "svg",
    { viewBox: "0 0 48 40", width: 64, height: 54 },
    svg("path", {
      d: "M6 32 3 10l11 9 10-15 10 15 11-9-3 22z",
      fill: "#f7c948",
      stroke: "#6b4300",
      "stroke-width": 2.5,
      "stroke-linejoin": "round",
    }),
    svg("rect", { x: 6, y: 32, width: 36, height: 5, rx: 2, fill: "#e0a526", stroke: "#6b4300", "stroke-width": 2.5 }),
    svg("circle", { cx: 24, cy: 21, r: 3.2, fill: "#c0392b" }),
  );
  return h("span", { class: "crown", "aria-hidden": "true" }, shape);
}

/** @param {Card} card */
function progressLine(card) {
  const progress = card.progress ?? 0;
  const target = card.thresholds.find((threshold) => progress < threshold);
  if (target === undefined) return h("p", { class: "card-progress complete" }, texts.complete);
  const label = format(texts.progress, { progress, target, tier: texts.tiers[TIERS[reachedCount(card)]] });
  return h(
    "div",
    { class: "card-progress" },
    h("progress", { max: target, value: progress, "aria-label": label }),
    h("span", {}, label),
  );
}

/** @param {Card} card */
function backChoice(card) {
  if (!card.tier) return null;
  const worn = state.worn !== null && state.worn.month === state.month && state.worn.card === card.card;
  return h(
    "div",
    { class: "card-back-choice" },
    worn
      ? h("span", { class: "worn-badge", tabindex: "-1" }, texts.worn)
      : h(
          "button",
          { type: "button", class: "button small", "data-wear": true, "aria-label": format(texts.wear_label, { motif: card.motif.name }) },
          texts.wear,
        ),
  );
}

/**
 * One card of the album, as the page shows it.
 * @param {Card} card
 * @returns {HTMLLIElement}
 */
function cardView(card) {
  const canClaim = claimable(card);
  const image = h("img", {
    src: picture(card),
    alt: format(texts.picture, { motif: card.motif.name, tier: tierText(card.tier) }),
    width: 200,
    height: 280,
  });
  const face = canClaim
    ? h(
        "button",
        {
          type: "button",
          class: "card-picture",
          "data-claim": true,
          "aria-label": format(texts.claim, { motif: card.motif.name, tier: texts.tiers[TIERS[claimedCount(card)]] }),
        },
        image,
        crown(),
      )
    : h("div", { class: "card-picture" }, image);
  const unclaimed = !state.open && (card.waiting ?? 0) > 0 && card.reached;
  return h(
    "li",
    { class: `album-card tier-${card.tier ?? "none"}${canClaim ? " waiting" : ""}`, "data-card": card.card },
    face,
    h(
      "div",
      { class: "card-text" },
      h("h3", {}, card.motif.name),
      h("p", { class: "card-tier" }, h("span", { class: "tier-badge" }, tierText(card.tier))),
      canClaim ? h("p", { class: "claim-hint" }, format(texts.hint, { tier: texts.tiers[TIERS[claimedCount(card)]] })) : null,
      h("p", { class: "card-task" }, card.task.name),
      progressLine(card),
      unclaimed ? h("p", { class: "note" }, format(texts.unclaimed, { tier: texts.tiers[card.reached ?? ""] })) : null,
      backChoice(card),
    ),
  );
}

/**
 * Redraw one card (or every card) from the state.
 * @param {number} number
 * @returns {HTMLLIElement | null}
 */
function redraw(number) {
  const card = state.cards.find((each) => each.card === number);
  const shown = grid.querySelector(`[data-card="${number}"]`);
  if (!card || !shown) return null;
  const drawn = cardView(card);
  shown.replaceWith(drawn);
  return drawn;
}

function showWaiting() {
  const pill = document.querySelector("[data-waiting]");
  if (!pill) return;
  pill.textContent = waitingText(state.waiting);
  pill.classList.toggle("none", state.waiting === 0);
}

/** @param {Back | null} back */
function showBack(back) {
  const shown = $("[data-back]");
  if (back) {
    const month = back.month === state.month ? texts.month : back.month;
    replace(
      shown,
      h("img", { src: `/art/backs/${back.motif.key}/${back.tier}.svg`, alt: "", width: 120, height: 168 }),
      h("p", {}, format(texts.worn_back, { motif: back.motif.name, tier: texts.tiers[back.tier], month })),
    );
  } else {
    replace(
      shown,
      h("img", { src: "/art/backs/plain.svg", alt: "", width: 120, height: 168 }),
      h("p", {}, texts.plain_back),
    );
  }
  $("[data-plain]").hidden = back === null;
}

/** @param {string} text */
function announce(text) {
  announcer.textContent = text;
}

// --- Actions ----------------------------------------------------------------------------------

/**
 * Wait until a picture is loaded, so the card changes in one step.
 * @param {string} src
 * @returns {Promise<void>}
 */
function preload(src) {
  return new Promise((resolve) => {
    const image = new Image();
    image.addEventListener("load", () => resolve());
    image.addEventListener("error", () => resolve());
    image.src = src;
  });
}

/** @param {unknown} error */
function showError(error) {
  if (!(error instanceof ApiError)) throw error;
  errorLine.textContent = error.message;
}

/**
 * Run one action at a time; its refusal is shown in words above the cards.
 * @param {() => Promise<void>} action
 */
async function act(action) {
  if (busy) return;
  busy = true;
  errorLine.textContent = "";
  try {
    await action();
  } catch (error) {
    showError(error);
  } finally {
    busy = false;
  }
}

/** @param {Card} card */
function keep(card) {
  state.cards = state.cards.map((each) => (each.card === card.card ? card : each));
  state.waiting = state.cards.reduce((sum, each) => sum + (state.open ? each.waiting ?? 0 : 0), 0);
}

/** @param {number} number */
async function claim(number) {
  /** @type {Card} */
  const card = await api("POST", `/api/album/${state.month}/cards/${number}/claim?lang=${language}`);
  await preload(picture(card));
  keep(card);
  const drawn = redraw(number);
  showWaiting();
  play("claim");
  announce(format(texts.claimed, { motif: card.motif.name, tier: tierText(card.tier) }));
  if (!drawn) return;
  drawn.classList.add("lit");
  const next = drawn.querySelector("[data-claim], [data-wear], .worn-badge");
  if (next instanceof HTMLElement) next.focus();
}

/** @param {number} number */
async function wear(number) {
  /** @type {Back} */
  const back = await api("PUT", `/api/album/card-back?lang=${language}`, { month: state.month, card: number });
  const before = state.worn;
  state.worn = { month: back.month, card: back.card };
  if (before && before.month === state.month) redraw(before.card);
  const drawn = redraw(number);
  showBack(back);
  announce(format(texts.worn_back, { motif: back.motif.name, tier: texts.tiers[back.tier], month: texts.month }));
  const badge = drawn?.querySelector(".worn-badge");
  if (badge instanceof HTMLElement) badge.focus();
}

async function wearPlain() {
  await api("DELETE", "/api/album/card-back");
  const before = state.worn;
  state.worn = null;
  if (before && before.month === state.month) redraw(before.card);
  showBack(null);
  announce(texts.plain_back);
  $("#back-title").focus();
}

/** Fetch the album again (an upgrade arrived, or the connection came back) and redraw what changed. */
async function refresh() {
  /** @type {{waiting: number | null, cards: Card[]}} */
  const album = await api("GET", `/api/album?month=${state.month}&lang=${language}`);
  const before = new Map(state.cards.map((card) => [card.card, JSON.stringify(card)]));
  for (const card of album.cards) {
    keep(card);
    if (before.get(card.card) !== JSON.stringify(card)) redraw(card.card);
  }
  showWaiting();
}

// --- Wiring -----------------------------------------------------------------------------------

grid.addEventListener("click", (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const item = target?.closest("[data-card]");
  if (!(item instanceof HTMLElement)) return;
  const number = Number(item.dataset.card);
  if (target?.closest("[data-claim]")) act(() => claim(number));
  else if (target?.closest("[data-wear]")) act(() => wear(number));
});
$("[data-plain]").addEventListener("click", () => act(wearPlain));

if (state.open) {
  live.on("album", (message) => {
    if (message.waiting !== state.waiting) act(refresh);
  });
  live.on("open", (message) => {
    if (message.reconnected) act(refresh);
  });
}
