// The notifications page: new ones appear at the top as they arrive, opening one marks it read,
// "Mark all as read" and "Show older" work without a reload, and the times stay current.

import { api, ApiError } from "./lib/api.js";
import { $, $$, replace } from "./lib/dom.js";
import { live } from "./lib/live.js";
import { format, pageData } from "./lib/texts.js";

/**
 * @typedef {object} Item
 * @property {number} id
 * @property {string} kind
 * @property {string} text
 * @property {Record<string, unknown>} data
 * @property {string} created_at
 * @property {boolean} read
 */
/** @typedef {{unread: number, items: Item[]}} Feed */
/** @typedef {{per_page: number, icons: Record<string, string>, newest: boolean}} State */

const texts = pageData("page-texts");
/** @type {State} */
const state = pageData("page-state");
const language = document.documentElement.lang;
const feed = $("[data-feed]");
const announcer = $("[data-announce]");
const template = /** @type {HTMLTemplateElement} */ ($("#note-template"));
const icons = /** @type {HTMLTemplateElement} */ ($("#note-icons"));
const WEEK = 7 * 86400;
const OPEN_WAIT_MS = 1500;
const UNITS = /** @type {const} */ ([
  ["week", WEEK],
  ["day", 86400],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
]);
const relative = new Intl.RelativeTimeFormat(language, { numeric: "always" });
const dates = new Intl.DateTimeFormat(language, { dateStyle: "medium" });

// --- The view ---------------------------------------------------------------------------------

/**
 * When a notification came, as the server says it too: relatively within a week, else its date.
 * @param {string} iso
 * @returns {string}
 */
function when(iso) {
  const seconds = (Date.parse(iso) - Date.now()) / 1000;
  if (-seconds >= WEEK) return dates.format(new Date(iso));
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) / size >= 0.85 || unit === "second") return relative.format(Math.round(seconds / size), unit);
  }
  return "";
}

/** @param {string} kind @param {Record<string, unknown>} data @returns {string} */
function linkOf(kind, data) {
  if (typeof data.game_id === "number") return `/games/${data.game_id}`;
  return kind === "album_upgrade" ? "/album" : "/hub";
}

/** @param {number} count */
function unreadText(count) {
  if (count === 0) return texts.unread_none;
  return count === 1 ? texts.unread_one : format(texts.unread_many, { count });
}

/**
 * The text of an entry, with the word for screen readers that it is unread.
 * @param {HTMLElement} element
 * @param {string} text
 * @param {boolean} read
 */
function showText(element, text, read) {
  const hidden = document.createElement("span");
  hidden.className = "visually-hidden";
  hidden.textContent = `${texts.unread} `;
  replace(element, read ? null : hidden, text);
}

/**
 * One entry of the feed, built from the page's own template.
 * @param {Item} item
 * @returns {HTMLLIElement}
 */
function itemView(item) {
  const element = /** @type {HTMLLIElement} */ (template.content.firstElementChild?.cloneNode(true));
  element.dataset.id = String(item.id);
  element.classList.toggle("unread", !item.read);
  $("a", element).setAttribute("href", linkOf(item.kind, item.data));
  const icon = state.icons[item.kind] ?? "invite";
  const picture = icons.content.querySelector(`[data-icon="${icon}"]`);
  const slot = $(".note-icon", element);
  slot.dataset.icon = icon;
  replace(slot, ...Array.from(picture?.childNodes ?? [], (node) => node.cloneNode(true)));
  showText($(".note-text", element), item.text, item.read);
  const time = $("time", element);
  time.setAttribute("datetime", item.created_at);
  time.textContent = when(item.created_at);
  return element;
}

/**
 * Show an entry as read.
 * @param {HTMLElement} element
 */
function markShown(element) {
  if (!element.classList.contains("unread")) return;
  element.classList.remove("unread");
  element.querySelector(".note-text .visually-hidden")?.remove();
}

/** @param {number} count */
function showUnread(count) {
  const pill = $("[data-unread]");
  pill.textContent = unreadText(count);
  pill.classList.toggle("none", count === 0);
}

/** @returns {HTMLElement[]} the entries shown, newest first */
function shown() {
  return $$("[data-id]", feed);
}

function showEmpty() {
  $("[data-empty]").hidden = shown().length > 0;
}

function refreshTimes() {
  for (const time of $$("time[datetime]", feed)) {
    const iso = time.getAttribute("datetime");
    if (iso) time.textContent = when(iso);
  }
}

// --- Actions ----------------------------------------------------------------------------------

/**
 * Take in the newest page of the feed: new entries go on top, the others take its read state.
 * @param {boolean} announceNew
 */
async function sync(announceNew) {
  /** @type {Feed} */
  const answer = await api("GET", `/api/notifications?limit=${state.per_page}`);
  showUnread(answer.unread);
  const known = new Map(shown().map((element) => [Number(element.dataset.id), element]));
  const newest = Math.max(0, ...known.keys());
  const arrived = answer.items.filter((item) => item.id > newest);
  for (const item of answer.items) {
    const element = known.get(item.id);
    if (element && item.read) markShown(element);
  }
  for (const item of arrived.reverse()) {
    const element = itemView(item);
    element.classList.add("fresh");
    feed.prepend(element);
  }
  if (announceNew && arrived.length) announce(format(texts.arrived, { text: arrived[arrived.length - 1].text }));
  showEmpty();
}

/** @param {string} text */
function announce(text) {
  announcer.textContent = text;
}

/**
 * Opening an unread entry marks it read first (waiting a moment at most; a click with a modifier
 * key opens a new tab and marks it on the side).
 * @param {MouseEvent} event
 */
async function open(event) {
  const target = event.target instanceof Element ? event.target : null;
  const link = target?.closest("a.note-link");
  const element = link?.closest("[data-id]");
  if (!(link instanceof HTMLAnchorElement) || !(element instanceof HTMLElement)) return;
  if (!element.classList.contains("unread")) return;
  const marked = api("POST", "/api/notifications/read", { ids: [Number(element.dataset.id)] })
    .then((answer) => showUnread(answer.unread))
    .catch(ignoreRefusal);
  markShown(element);
  if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  await Promise.race([marked, new Promise((resolve) => window.setTimeout(resolve, OPEN_WAIT_MS))]);
  location.assign(link.href);
}

/** @param {HTMLAnchorElement} more */
async function showOlder(more) {
  const oldest = Math.min(...shown().map((element) => Number(element.dataset.id)));
  /** @type {Feed} */
  const answer = await api("GET", `/api/notifications?before=${oldest}&limit=${state.per_page}`);
  const added = answer.items.map(itemView);
  feed.append(...added);
  if (answer.items.length < state.per_page) {
    const end = document.createElement("p");
    end.className = "empty";
    end.textContent = texts.all_shown;
    more.replaceWith(end);
  } else {
    more.href = `/notifications?before=${answer.items[answer.items.length - 1].id}`;
  }
  if (added[0]) $("a", added[0]).focus();
}

/**
 * A refused or failed request changes nothing on the page (the next sync catches up).
 * @param {unknown} error
 */
function ignoreRefusal(error) {
  if (!(error instanceof ApiError)) throw error;
}

// --- Wiring -----------------------------------------------------------------------------------

feed.addEventListener("click", (event) => {
  open(event);
});

const more = document.querySelector("[data-more]");
if (more instanceof HTMLAnchorElement) {
  more.addEventListener("click", (event) => {
    event.preventDefault();
    showOlder(more).catch((error) => {
      ignoreRefusal(error);
      announce(error.message);
    });
  });
}

$("[data-mark-all]").addEventListener("api:done", (event) => {
  const answer = /** @type {CustomEvent<{unread: number}>} */ (event).detail;
  for (const element of shown()) markShown(element);
  showUnread(answer.unread);
});

if (state.newest) {
  live.on("notifications", () => {
    sync(true).catch(ignoreRefusal);
  });
  live.on("open", (message) => {
    if (message.reconnected) sync(false).catch(ignoreRefusal);
  });
}

refreshTimes();
window.setInterval(refreshTimes, 60_000);
