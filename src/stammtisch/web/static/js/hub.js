// The hub: the controller (the hub's data, the member's actions, the live socket). The page comes
// with its first state; it fetches GET /api/hub again whenever the socket says something changed
// for this member (a notification, the lobby, a reconnect). It never watches a game: watching
// would mark the member as present at the table and hold back their your-turn notices.

import { api, ApiError } from "./lib/api.js";
import { $, $$, h, replace } from "./lib/dom.js";
import { live } from "./lib/live.js";
import { play } from "./lib/sound.js";
import { pageData, siteTexts } from "./lib/texts.js";
import { waitsForRobot } from "./hub/data.js";
import { NewGame } from "./hub/newgame.js";
import { keepFocus, latest, limit, lobbyTables, received, regulars, sent, showClock, summary, tiles, title } from "./hub/view.js";

/**
 * @typedef {import("./hub/data.js").PageState} PageState
 * @typedef {import("./hub/view.js").State} State
 * @typedef {import("./hub/view.js").Actions} Actions
 */

const TICK_MS = 5000;
const TOAST_MS = 5000;
/** A robot's move sends no notice: look again shortly while a tile waits for one. */
const ROBOT_MS = 3000;

/** @type {State} */
const state = {
  data: pageData("page-state"),
  texts: pageData("page-texts"),
  busy: new Set(),
  errors: new Map(),
  fill: new Map(),
};

let fetching = false;
let again = false;
/** @type {number | undefined} */
let robotTimer;

/** Fetch the hub's data again (one request at a time; a change meanwhile fetches once more). */
async function refresh() {
  if (fetching) {
    again = true;
    return;
  }
  fetching = true;
  try {
    do {
      again = false;
      const waiting = myTurns();
      const before = state.data.hub;
      state.data = { ...state.data, hub: await api("GET", "/api/hub") };
      render();
      if (myTurns() > waiting) play("turn");
      goToStartedTable(before, state.data.hub);
    } while (again);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
  } finally {
    fetching = false;
  }
}

/**
 * When a Challengers! lobby table the member sat at has started (its creator started it, or the
 * last seat was taken by someone else), go to its game: its clock may be a realtime one. (A
 * Klubnacht seek that someone joined shows up as a tile, the member's turn or not.)
 * @param {import("./hub/data.js").Overview} before
 * @param {import("./hub/data.js").Overview} after
 */
function goToStartedTable(before, after) {
  if (leaving.size > 0) return;
  const still = new Set(after.my_tables.map((seek) => seek.id));
  const started = before.my_tables.filter((seek) => seek.game === "challengers" && !still.has(seek.id) && !leaving.has(seek.id));
  if (started.length === 0) return;
  const known = new Set(before.games.map((tile) => tile.game_id));
  const fresh = after.games.filter((tile) => !known.has(tile.game_id) && !tile.practice && started.some((seek) => seek.game === tile.game));
  if (fresh.length !== 1) return;
  told(state.texts.table_started);
  location.assign(`/games/${fresh[0].game_id}`);
}

/** @type {Set<number>} lobby tables the member is leaving right now (their end is no start) */
const leaving = new Set();

/** @returns {number} how many games wait for the member's move */
function myTurns() {
  return state.data.hub.games.filter((tile) => tile.my_turn).length;
}

/**
 * Say briefly what just happened.
 * @param {string} text
 */
function told(text) {
  const toast = h("p", { class: "toast" }, text);
  $("#hub-toasts").append(toast);
  window.setTimeout(() => toast.remove(), TOAST_MS);
}

/**
 * One request of a row's button: busy while it runs, a refusal shown next to the row.
 * @param {string} row
 * @param {string} key
 * @param {() => Promise<void>} request
 */
async function act(row, key, request) {
  if (state.busy.has(key)) return;
  state.busy.add(key);
  state.errors.delete(row);
  render();
  try {
    await request();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    state.errors.set(row, error.message);
  } finally {
    state.busy.delete(key);
    render();
  }
}

/** @type {Actions} */
const actions = {
  challenge(id, what) {
    const row = `challenge-${id}`;
    act(row, `${row}-${what}`, async () => {
      if (what === "accept") {
        const answer = await api("POST", `/api/challenges/${id}/accept`);
        location.assign(`/games/${answer.game_id}`);
        return;
      }
      if (what === "decline") await api("POST", `/api/challenges/${id}/decline`);
      else await api("DELETE", `/api/challenges/${id}`);
      await refresh();
    });
  },
  leaveSeek(id) {
    const row = `seek-${id}`;
    act(row, `${row}-withdraw`, async () => {
      leaving.add(id);
      try {
        await api("DELETE", `/api/lobby/${id}`);
        await refresh();
      } finally {
        leaving.delete(id);
      }
    });
  },
  joinSeek(id) {
    const row = `seek-${id}`;
    act(row, `${row}-join`, async () => {
      const answer = await api("POST", `/api/lobby/${id}/join`);
      if (answer.game_id) {
        location.assign(`/games/${answer.game_id}`);
        return;
      }
      told(state.texts.joined_table);
      await refresh();
    });
  },
  startSeek(id) {
    const row = `seek-${id}`;
    act(row, `${row}-start`, async () => {
      const answer = await api("POST", `/api/lobby/${id}/start`, { fill_with_bots: state.fill.get(id) ?? true });
      location.assign(`/games/${answer.game_id}`);
    });
  },
  fillSeek(id, fill) {
    state.fill.set(id, fill);
    render();
  },
  challengeRegular(nickname) {
    flow.open(nickname);
  },
  newGame() {
    flow.open();
  },
};

const flow = new NewGame({ state: () => state.data, texts: state.texts, changed: refresh, told });

/** Draw the whole hub from the state. */
function render() {
  const main = $("#main");
  keepFocus(main, () => {
    const line = $("#hub-summary");
    const said = summary(state);
    if (line.textContent !== said) line.textContent = said;
    replace($("#hub-limit"), limit(state));
    const invitations = received(state, actions);
    $("#received-section").hidden = invitations.length === 0;
    replace($("#hub-received"), invitations);
    replace($("#hub-tiles"), tiles(state, actions));
    replace($("#hub-sent"), sent(state, actions));
    replace($("#hub-tables"), lobbyTables(state, actions));
    replace($("#hub-regulars"), regulars(state, actions));
    replace($("#hub-latest"), latest(state));
  });
  document.title = title(state, siteTexts.your_turn_title);
  if (flow.box.open) flow.render();
  window.clearTimeout(robotTimer);
  if (state.data.hub.games.some((tile) => waitsForRobot(tile))) robotTimer = window.setTimeout(refresh, ROBOT_MS);
}

/** Count the clocks down in place. */
function tick() {
  for (const line of $$("[data-deadline]")) showClock(state.texts, line);
}

function start() {
  $("#new-game").addEventListener("click", () => flow.open());
  render();
  window.setInterval(tick, TICK_MS);
  live.on("notifications", (message) => {
    if (message.change !== "read") refresh();
  });
  live.on("lobby", () => refresh());
  live.on("open", (message) => {
    if (message.reconnected) refresh();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") refresh();
  });
  live.start();
}

start();
