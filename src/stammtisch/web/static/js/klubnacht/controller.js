// The table's controller: it holds the state, sends the seat's actions, follows the game over the
// websocket, and redraws the board (a pure function of the state) after every change. Every
// change names the step (`seq`) it leads to, so nothing is shown or animated twice or skipped.

import { api, ApiError } from "../lib/api.js";
import { replace } from "../lib/dom.js";
import { live } from "../lib/live.js";
import { entriesSince, takeFields } from "../lib/steps.js";
import { siteTexts } from "../lib/texts.js";
import { timeLeft } from "../lib/time.js";
import { chipDialog, lastTurnDialog, rematchDialog, resignDialog } from "./dialogs.js";
import { movesOf } from "./legal.js";
import { animate, cues, snapshot, sound } from "./motion.js";
import { render } from "./view.js";
import { maybeSpin } from "./wheel.js";

/** @typedef {import("./types.js").State} State */
/** @typedef {import("./types.js").Game} Game */
/** @typedef {import("./types.js").Entry} Entry */
/** @typedef {import("./types.js").ReplayStep} ReplayStep */
/** @typedef {import("./parts.js").Art} Art */
/** @typedef {import("./words.js").Words} Words */
/** @typedef {import("./view.js").Actions} Actions */

/**
 * A change of the game as any source brings it: a websocket message, an action's answer, a read.
 * @typedef {{seq: number, view: Game["view"], legal: string[], to_act?: number[],
 *   log?: Entry[], resync?: boolean, [key: string]: any}} Change
 */

const TABLE_FIELDS = ["status", "seats", "outcome", "ended_by", "ended_seat", "to_act", "practice", "options", "rematch_of"];
const FEED_LIMIT = 60;
const REPLAY_STEP_MS = 1400;
const CLOCK_MS = 15000;

export class Table {
  /**
   * @param {{state: State, words: Words, art: Art, board: HTMLElement, tools: HTMLElement,
   *   feed: HTMLElement}} parts
   */
  constructor(parts) {
    this.state = parts.state;
    this.words = parts.words;
    this.art = parts.art;
    this.board = parts.board;
    this.tools = parts.tools;
    this.feed = parts.feed;
    this.gameId = this.state.game.game_id;
    this.baseTitle = document.title;
    /** @type {Promise<void>} */
    this.queue = Promise.resolve();
    /** @type {string | null} */
    this.focusKey = null;
    /** @type {number | undefined} */
    this.player = undefined;
    this.resultAsked = false;
    /** @type {Actions} */
    this.actions = {
      take: (slot) => this.act(`take ${slot}`),
      toggle: (card) => this.toggle(card),
      clear: () => this.change(() => (this.state.selected = [])),
      claim: (task) => this.act(["claim", task, ...this.state.selected].join(" ")),
      redeem: () => this.redeem(),
      keep: (card) => this.act(`keep ${card}`),
      end: () => this.act("end"),
      toggleScore: (seat) => this.change(() => (this.state.openScores[seat] = !this.state.openScores[seat])),
      resign: () => resignDialog(this.words, () => this.resign()),
      lastTurn: () => this.lastTurn(),
      rematch: () => this.rematch(),
      replay: () => this.openReplay(),
      replayStep: (index) => this.replayStep(index),
      replayPlay: () => this.replayPlay(),
      closeReplay: () => this.closeReplay(),
    };
  }

  /** Draw the table, tell what happened so far, and follow the game live. */
  start() {
    this.redraw();
    const follow = (/** @type {FocusEvent} */ event) => {
      const target = event.target;
      if (target instanceof HTMLElement) this.focusKey = target.dataset.focus ?? null;
    };
    this.board.addEventListener("focusin", follow);
    this.tools.addEventListener("focusin", follow);
    document.addEventListener("pointerdown", (event) => {
      const target = event.target;
      const inside = target instanceof Element && (this.board.contains(target) || this.tools.contains(target) || target.closest("dialog"));
      if (!inside) this.focusKey = null;
    });
    this.board.addEventListener("keydown", (event) => this.arrows(event));
    this.announce(this.state.log.slice(-8));
    // What happened before the page opened is shown, not read out; from now on it is.
    window.setTimeout(() => this.feed.parentElement?.setAttribute("aria-live", "polite"), 800);
    live.on("game", (message) => {
      if (message.game_id === this.gameId) this.enqueue(() => this.update(/** @type {Change} */ (/** @type {unknown} */ (message))));
    });
    live.watch(this.gameId);
    window.setInterval(() => this.tick(), CLOCK_MS);
    maybeSpin({ game: this.state.game, member: this.state.member, words: this.words, art: this.art });
    if (this.finished() && this.state.game.seat !== null && !this.state.result) this.fetchResult();
  }

  /** @returns {boolean} whether the night is over */
  finished() {
    return this.state.game.status === "finished";
  }

  /**
   * Run changes one after the other (an answer and a websocket message may cross).
   * @param {() => Promise<void> | void} work
   */
  enqueue(work) {
    this.queue = this.queue.then(work).catch((error) => console.error(error));
  }

  /**
   * Change the state and redraw.
   * @param {() => unknown} how
   */
  change(how) {
    how();
    this.redraw();
  }

  /** Draw the board from the state, keeping the keyboard focus where it was. */
  redraw() {
    const active = document.activeElement;
    const lost = (active === null || active === document.body) && this.focusKey !== null;
    const hadFocus = lost || this.board.contains(active) || this.tools.contains(active);
    const { board, tools } = render(this.state, {
      words: this.words,
      art: this.art,
      actions: this.actions,
      closingNow: this.closingNow(),
    });
    replace(this.board, board);
    replace(this.tools, tools);
    this.board.dataset.seq = String(this.state.game.seq);
    this.board.dataset.status = this.state.game.status;
    this.board.dataset.turn = this.myTurn() ? "mine" : "theirs";
    this.board.dataset.mode = this.state.replay ? "replay" : "table";
    this.board.setAttribute("aria-busy", String(this.state.busy));
    document.title = this.myTurn() ? `${siteTexts.your_turn_title} · ${this.baseTitle}` : this.baseTitle;
    if (hadFocus) this.restoreFocus();
  }

  restoreFocus() {
    if (this.focusKey === null) return;
    const keys = [this.focusKey, "end", "replay-next"];
    for (const key of keys) {
      const target = document.querySelector(`#kn [data-focus="${key}"]`);
      if (target instanceof HTMLElement) {
        if (document.activeElement !== target) target.focus({ preventScroll: true });
        return;
      }
    }
  }

  /** @returns {boolean} whether the reader's seat is to act now */
  myTurn() {
    const game = this.state.game;
    return game.status === "active" && game.seat !== null && game.view.to_act === game.seat;
  }

  /** @returns {boolean} whether the turn under way is limited by Closing time */
  closingNow() {
    for (let i = this.state.log.length - 1; i >= 0; i--) {
      const events = this.state.log[i].events;
      for (let j = events.length - 1; j >= 0; j--) {
        const event = events[j];
        if (event.kind === "turn_started") return Boolean(event.closing_time) && event.seat === this.state.game.view.to_act;
      }
    }
    return false;
  }

  /**
   * Bring the table to a newer step; older or equal steps only refresh the table's fields.
   * A gap in the entries (a reconnect, a missed message) is filled from the log.
   * @param {Change} change
   */
  async update(change) {
    const shown = this.state.game.seq;
    if (change.seq < shown) return;
    if (change.seq === shown) {
      if (this.mergeTable(change)) this.redraw();
      return;
    }
    const fresh = await entriesSince(this.gameId, shown, change);
    if (change.seq <= this.state.game.seq) return;
    this.apply(change, fresh);
  }

  /**
   * Take the table's own fields (seats, clocks, status, outcome) from a change that has them.
   * @param {Change} change
   * @returns {boolean} whether anything was taken
   */
  mergeTable(change) {
    const changed = takeFields(this.state.game, change, TABLE_FIELDS);
    if (changed && this.finished() && this.state.game.seat !== null && !this.state.result) this.fetchResult();
    return changed;
  }

  /**
   * Show a newer step: redraw, then animate, sound and announce what led to it.
   * @param {Change} change
   * @param {Entry[]} fresh the log entries since the step shown, in order
   */
  apply(change, fresh) {
    const before = snapshot(this.board);
    const wasActive = !this.finished();
    const game = this.state.game;
    game.seq = change.seq;
    game.view = change.view;
    game.legal = change.legal ?? [];
    this.mergeTable(change);
    if (game.view.over && game.status === "active") game.status = "finished";
    const sabotage = fresh.flatMap((entry) => entry.events).filter((event) => event.kind === "sabotage").pop();
    if (sabotage) this.state.notice = this.words.sabotage(sabotage, game, game.seat);
    const known = new Set(this.state.log.map((entry) => entry.seq));
    this.state.log.push(...fresh.filter((entry) => !known.has(entry.seq)));
    const hand = game.seat === null ? [] : game.view.seats[game.seat].hand ?? [];
    const claimable = movesOf(game.legal).claims.size > 0;
    this.state.selected = claimable ? this.state.selected.filter((card) => hand.includes(card)) : [];
    this.redraw();
    if (!this.state.replay) animate(before, this.board, fresh, game.seat);
    sound(cues(fresh, game.seat, game.outcome?.ranking?.[0]?.[0] ?? null));
    this.announce(fresh);
    if (this.finished()) {
      if (!game.outcome) this.refresh();
      if (game.seat !== null && !this.state.result) this.fetchResult();
      if (wasActive) document.getElementById("kn-result-title")?.focus();
    }
  }

  /**
   * Add what the entries did to the feed (a live region: read out as it arrives).
   * @param {Entry[]} entries
   */
  announce(entries) {
    for (const entry of entries) {
      for (const sentence of this.words.entry(entry, this.state.game, this.state.game.seat)) {
        this.feed.append(Object.assign(document.createElement("li"), { textContent: sentence }));
      }
    }
    while (this.feed.children.length > FEED_LIMIT) this.feed.firstElementChild?.remove();
    const box = this.feed.parentElement;
    if (box) box.scrollTop = box.scrollHeight;
  }

  /** Read the game anew (after a refusal as stale, a resign, or a finished night's outcome). */
  refresh() {
    this.enqueue(async () => {
      /** @type {Change} */
      const game = await api("GET", `/api/games/${this.gameId}`);
      await this.update(game);
    });
  }

  /**
   * Send an action for the step shown. A stale one reloads the table quietly and says so.
   * @param {string} action
   */
  async act(action) {
    if (this.state.busy || this.state.replay) return;
    this.state.busy = true;
    this.state.notice = "";
    this.board.setAttribute("aria-busy", "true");
    const me = this.state.game.seat;
    try {
      /** @type {Change & {events: Entry["events"], repeated: boolean}} */
      const answer = await api("POST", `/api/games/${this.gameId}/actions`, { seq: this.state.game.seq, action });
      this.idle();
      /** @type {Entry[]} */
      const entries = answer.repeated ? [] : [{ seq: answer.seq, seat: me, kind: "play", events: answer.events }];
      this.enqueue(() => this.update({ ...answer, log: entries }));
    } catch (error) {
      this.idle();
      if (!(error instanceof ApiError)) throw error;
      this.state.notice = error.code === "game.stale" ? this.words.t.stale : error.message;
      if (error.code === "game.stale" || error.status === 409) this.refresh();
      else this.redraw();
    }
  }

  /** An action was answered: controls work again. */
  idle() {
    this.state.busy = false;
    this.board.setAttribute("aria-busy", "false");
  }

  /** @param {string} card */
  toggle(card) {
    this.change(() => {
      const selected = this.state.selected;
      this.state.selected = selected.includes(card) ? selected.filter((c) => c !== card) : [...selected, card];
    });
  }

  /** Open the dialog of one's chip. */
  redeem() {
    const game = this.state.game;
    const me = game.seat;
    const code = me === null ? undefined : game.view.seats[me].chip?.code;
    if (!code) return;
    chipDialog({ code, legal: game.legal, view: game.view, words: this.words, art: this.art, submit: (action) => this.act(action) });
  }

  async resign() {
    try {
      await api("POST", `/api/games/${this.gameId}/resign`);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      this.change(() => (this.state.notice = error.message));
    }
    this.refresh();
  }

  /** The opponent's last turn, step by step, from the log since one's own last turn. */
  async lastTurn() {
    const game = this.state.game;
    const me = game.seat;
    if (me === null) return;
    const log = this.state.log;
    let end = log.length - 1;
    while (end >= 0 && !(log[end].seat === 1 - me && log[end].kind === "play")) end--;
    let start = end;
    while (start > 0 && log[start - 1].seat === 1 - me && log[start - 1].kind === "play" && !endsTurn(log[start - 1])) start--;
    /** @type {Entry[]} */
    let entries = [];
    if (end >= 0) {
      const after = start > 0 ? log[start - 1].seq : 0;
      try {
        /** @type {Entry[]} */
        const since = await api("GET", `/api/games/${this.gameId}/log?after=${after}`);
        for (const entry of since) {
          if (entry.seat !== 1 - me || entry.kind !== "play") break;
          entries.push(entry);
          if (endsTurn(entry)) break;
        }
      } catch {
        entries = log.slice(start, end + 1);
      }
    }
    lastTurnDialog({ entries, game, me, words: this.words, art: this.art });
  }

  rematch() {
    const game = this.state.game;
    const me = game.seat;
    if (me === null) return;
    rematchDialog({
      words: this.words,
      art: this.art,
      variant: game.view.variant,
      send: async (chips) => {
        try {
          await api("POST", `/api/games/${this.gameId}/rematch`, { options: { chips } });
        } catch (error) {
          if (error instanceof ApiError) return error.message;
          throw error;
        }
        this.focusKey = "replay";
        this.change(() => (this.state.rematchSent = this.words.say("rematch_sent", { name: this.words.seat(game, 1 - me) })));
        return null;
      },
    });
  }

  /** The whole night step by step (a finished game's replay). */
  async openReplay() {
    try {
      /** @type {{steps: ReplayStep[]}} */
      const replay = await api("GET", `/api/games/${this.gameId}/replay`);
      this.focusKey = "replay-next";
      this.change(() => (this.state.replay = { steps: replay.steps, index: 0, playing: false }));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      this.change(() => (this.state.notice = error.message));
    }
  }

  /** @param {number} index */
  replayStep(index) {
    const replay = this.state.replay;
    if (!replay) return;
    const next = Math.max(0, Math.min(replay.steps.length - 1, index));
    const before = snapshot(this.board);
    const forward = next === replay.index + 1;
    replay.index = next;
    if (next === replay.steps.length - 1) this.stopPlaying();
    this.redraw();
    if (forward) {
      const step = replay.steps[next];
      const entry = { seq: step.seq, seat: step.seat, kind: step.kind ?? "play", events: step.events };
      animate(before, this.board, [entry], this.state.game.seat);
      sound(cues([entry], this.state.game.seat, null).filter((cue) => cue === "card" || cue === "claim"));
    }
  }

  replayPlay() {
    const replay = this.state.replay;
    if (!replay) return;
    if (replay.playing) {
      this.stopPlaying();
      this.redraw();
      return;
    }
    if (replay.index === replay.steps.length - 1) replay.index = 0;
    replay.playing = true;
    this.redraw();
    this.player = window.setInterval(() => this.replayStep((this.state.replay?.index ?? 0) + 1), REPLAY_STEP_MS);
  }

  stopPlaying() {
    window.clearInterval(this.player);
    if (this.state.replay) this.state.replay.playing = false;
  }

  closeReplay() {
    this.stopPlaying();
    this.focusKey = "replay";
    this.change(() => (this.state.replay = null));
  }

  /** Move the clocks on. */
  tick() {
    for (const clock of this.board.querySelectorAll(".kn-clock[data-deadline]")) {
      if (clock instanceof HTMLElement) clock.textContent = this.words.say("time_left", { time: timeLeft(clock.dataset.deadline) });
    }
  }

  /**
   * Arrow keys move within a row of cards or tasks; Home and End go to its ends.
   * @param {KeyboardEvent} event
   */
  arrows(event) {
    const keys = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1, Home: -Infinity, End: Infinity };
    if (!(event.key in keys) || !(event.target instanceof HTMLElement) || event.target instanceof HTMLInputElement) return;
    const row = event.target.closest("[data-row]");
    if (!row) return;
    const buttons = /** @type {HTMLElement[]} */ ([...row.querySelectorAll("button:not([disabled])")]);
    const at = buttons.indexOf(event.target);
    if (at < 0) return;
    const step = keys[/** @type {keyof typeof keys} */ (event.key)];
    const next = Math.max(0, Math.min(buttons.length - 1, Number.isFinite(step) ? at + step : step < 0 ? 0 : buttons.length - 1));
    event.preventDefault();
    buttons[next].focus();
  }

  /** The result of the finished night for the reader: XP, rating, album. */
  fetchResult() {
    if (this.resultAsked) return;
    this.resultAsked = true;
    this.enqueue(async () => {
      try {
        this.state.result = await api("GET", `/api/games/${this.gameId}/result`);
        this.redraw();
      } catch (error) {
        this.resultAsked = false;
        if (!(error instanceof ApiError)) throw error;
      }
    });
  }
}

/**
 * Whether a log entry ends its seat's turn.
 * @param {Entry} entry
 * @returns {boolean}
 */
function endsTurn(entry) {
  return entry.events.some((event) => event.kind === "turn_ended" || event.kind === "night_ended");
}
