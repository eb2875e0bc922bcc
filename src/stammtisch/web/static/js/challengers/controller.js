// The Challengers! table's controller: it holds the state, sends the seat's actions, follows the
// game over the websocket and plays the matches' events as an animation. Every change names the
// step (`seq`) it leads to, so nothing is shown or animated twice or skipped.

import { api, ApiError } from "../lib/api.js";
import { h, replace } from "../lib/dom.js";
import { live } from "../lib/live.js";
import { play } from "../lib/sound.js";
import { entriesSince, takeFields } from "../lib/steps.js";
import { siteTexts } from "../lib/texts.js";
import { argsOf } from "./panel.js";
import { frames, lastBoards } from "./stage.js";
import { render } from "./view.js";

/** @typedef {import("./types.js").State} State */
/** @typedef {import("./types.js").Game} Game */
/** @typedef {import("./types.js").Entry} Entry */
/** @typedef {import("./types.js").Frame} Frame */
/** @typedef {import("./types.js").GameEvent} GameEvent */
/** @typedef {import("./words.js").Words} Words */
/** @typedef {import("./panel.js").Actions} Actions */
/** @typedef {import("../lib/sound.js").Cue} Cue */

/**
 * A change of the game as any source brings it: a websocket message, an action's answer, a read.
 * @typedef {{seq: number, view: Game["view"], legal: string[], log?: Entry[], [key: string]: any}} Change
 */

const TABLE_FIELDS = ["status", "seats", "outcome", "ended_by", "ended_seat", "to_act", "practice", "options", "clock"];
const FEED_LIMIT = 80;
const FRAME_MS = 700;
const SPEED_KEY = "stammtisch.challengers.speed";

export class Table {
  /**
   * @param {{state: State, words: Words, board: HTMLElement, tools: HTMLElement, feed: HTMLElement}} parts
   */
  constructor(parts) {
    this.state = parts.state;
    this.words = parts.words;
    this.board = parts.board;
    this.tools = parts.tools;
    this.feed = parts.feed;
    this.gameId = this.state.game.game_id;
    this.baseTitle = document.title;
    /** @type {Promise<void>} */
    this.queue = Promise.resolve();
    /** @type {string | null} */
    this.focusKey = null;
    const speed = Number(localStorage.getItem(SPEED_KEY));
    if (speed > 0) this.state.speed = speed;
    this.state.boards = lastBoards(this.state.log, (seat) => this.deckOf(seat));
    /** @type {Actions} */
    this.actions = {
      act: (action) => this.act(action),
      orderAdd: (card) => this.orderAdd(card),
      orderClear: () => this.change(() => (this.state.order = [])),
      skip: () => this.skip(),
      speed: (speed) => this.setSpeed(speed),
      focus: (park) => this.change(() => (this.state.focus = park)),
      resign: () => this.confirmLeave(),
      replay: () => this.show(this.state.lastFrames),
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
    this.announce(this.state.log.slice(-10));
    window.setTimeout(() => this.feed.parentElement?.setAttribute("aria-live", "polite"), 800);
    live.on("game", (message) => {
      if (message.game_id === this.gameId) this.enqueue(() => this.update(/** @type {Change} */ (/** @type {unknown} */ (message))));
    });
    live.watch(this.gameId);
    const realtime = this.state.game.clock?.mode === "realtime";
    window.setInterval(() => this.tick(), realtime ? 1000 : 15000);
    if (this.finished() && this.state.game.seat !== null && !this.state.result) this.fetchResult();
  }

  /**
   * A seat's deck size as the view has it (the robot's too).
   * @param {number} seat
   */
  deckOf(seat) {
    const view = this.state.game.view;
    if (seat === -1) return view.robot?.deck ?? 0;
    return view.players[seat]?.deck ?? 0;
  }

  /** @returns {boolean} whether the tournament is over */
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

  /** Draw the table from the state, keeping the keyboard focus where it was. */
  redraw() {
    const active = document.activeElement;
    const lost = (active === null || active === document.body) && this.focusKey !== null;
    const hadFocus = lost || this.board.contains(active) || this.tools.contains(active);
    const { board, tools } = render(this.state, this.words, this.actions);
    replace(this.board, ...board);
    replace(this.tools, ...tools);
    const game = this.state.game;
    this.board.dataset.seq = String(game.seq);
    this.board.dataset.status = game.status;
    this.board.dataset.phase = game.view.phase;
    this.board.dataset.turn = this.myTurn() ? "mine" : "theirs";
    this.board.dataset.show = this.state.show ? "playing" : "still";
    this.board.setAttribute("aria-busy", String(this.state.busy));
    document.title = this.myTurn() ? `${siteTexts.your_turn_title} · ${this.baseTitle}` : this.baseTitle;
    if (hadFocus && this.focusKey !== null) {
      const target = document.querySelector(`#ch [data-focus="${this.focusKey}"]`);
      if (target instanceof HTMLElement && document.activeElement !== target) target.focus({ preventScroll: true });
    }
  }

  /** @returns {boolean} whether the reader's seat has something to do now */
  myTurn() {
    return this.state.game.status === "active" && this.state.game.legal.length > 0;
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
   * Show a newer step: the new view at once, the matches that led to it as an animation.
   * @param {Change} change
   * @param {Entry[]} fresh the log entries since the step shown, in order
   */
  apply(change, fresh) {
    const game = this.state.game;
    const hadTurn = this.myTurn();
    game.seq = change.seq;
    game.view = change.view;
    game.legal = change.legal ?? [];
    this.mergeTable(change);
    const known = new Set(this.state.log.map((entry) => entry.seq));
    this.state.log.push(...fresh.filter((entry) => !known.has(entry.seq)));
    if (!game.view.you?.decision || game.view.you.decision.kind !== "reorder") this.state.order = null;
    const played = frames(this.state.boards, fresh, (seat) => this.deckOf(seat));
    this.announce(fresh);
    if (played.length) {
      this.state.lastFrames = played;
      this.state.focus = null;
      this.show(played);
    } else {
      this.redraw();
    }
    this.sounds(fresh.flatMap((entry) => entry.events).filter((event) => typeof event.park !== "number"));
    if (!hadTurn && this.myTurn() && !played.length) play("turn");
    if (this.finished()) {
      if (!game.outcome) this.refresh();
      if (game.seat !== null && !this.state.result) this.fetchResult();
    }
  }

  /**
   * Play frames one after the other at the chosen speed.
   * @param {Frame[]} list
   */
  show(list) {
    if (this.state.show?.timer) window.clearTimeout(this.state.show.timer);
    if (!list.length) return;
    this.state.show = { frames: list, index: 0, timer: null };
    this.frame();
  }

  /** Show the current frame, sound it, and plan the next. */
  frame() {
    const show = this.state.show;
    if (!show) return;
    const frame = show.frames[show.index];
    this.redraw();
    if (frame) this.sounds([frame.event]);
    show.timer = window.setTimeout(() => {
      if (this.state.show !== show) return;
      if (show.index + 1 >= show.frames.length) return this.finishShow();
      show.index += 1;
      this.frame();
    }, FRAME_MS / this.state.speed);
  }

  /** The animation is over: the table as it stands. */
  finishShow() {
    const hadShow = this.state.show !== null;
    if (this.state.show?.timer) window.clearTimeout(this.state.show.timer);
    this.state.show = null;
    this.redraw();
    if (hadShow && this.myTurn()) play("turn");
    if (this.myTurn()) document.getElementById("ch-decision-title")?.focus();
  }

  skip() {
    this.finishShow();
  }

  /** @param {number} speed */
  setSpeed(speed) {
    this.state.speed = speed;
    localStorage.setItem(SPEED_KEY, String(speed));
    this.redraw();
  }

  /**
   * The sound cues of events (seed 003): cards, destruction, bonuses, fans, results, the final.
   * @param {GameEvent[]} events
   */
  sounds(events) {
    const me = this.state.game.seat;
    /** @type {Cue | null} */
    let cue = null;
    for (const event of events) {
      if (event.kind === "card_revealed") cue = "card";
      else if (event.kind === "card_destroyed") cue = "destroyed";
      else if (event.kind === "bonus_applied") cue = "bonus";
      else if (event.kind === "fans_gained" && event.seat === me) cue = "fans";
      else if (event.kind === "match_won" && me !== null && (event.seat === me || event.loser === me)) cue = event.seat === me ? "match_won" : "lost";
      else if (event.kind === "finalists") cue = me !== null && event.seats.includes(me) ? "cheer" : "drumroll";
      else if (event.kind === "game_over" && me !== null) cue = event.ranking?.[0]?.includes(me) ? "won" : "lost";
    }
    if (cue) play(cue);
  }

  /**
   * Add what the entries did to the feed (a live region: read out as it arrives).
   * @param {Entry[]} entries
   */
  announce(entries) {
    for (const entry of entries) {
      for (const event of entry.events) {
        const sentence = this.words.event(event, this.state.game);
        if (sentence) this.feed.append(h("li", {}, sentence));
      }
    }
    while (this.feed.children.length > FEED_LIMIT) this.feed.firstElementChild?.remove();
    const box = this.feed.parentElement;
    if (box) box.scrollTop = box.scrollHeight;
  }

  /** Read the game anew (after a refusal as stale, or a finished game's outcome). */
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
    if (this.state.busy) return;
    this.state.busy = true;
    this.state.notice = "";
    this.redraw();
    const me = this.state.game.seat;
    try {
      /** @type {Change & {events: GameEvent[], repeated: boolean}} */
      const answer = await api("POST", `/api/games/${this.gameId}/actions`, { seq: this.state.game.seq, action });
      this.state.busy = false;
      const entries = answer.repeated || answer.seq !== this.state.game.seq + 1 ? [] : [{ seq: answer.seq, seat: me, kind: "play", events: answer.events }];
      // The socket may have brought this step already: the controls work again either way.
      this.enqueue(async () => {
        await this.update({ ...answer, log: entries });
        this.redraw();
      });
    } catch (error) {
      this.state.busy = false;
      if (!(error instanceof ApiError)) throw error;
      this.state.notice = error.code === "game.stale" ? this.words.t.stale : error.message;
      if (error.status === 409) this.refresh();
      this.redraw();
    }
  }

  /**
   * Add a card to the order being built for a reorder decision; send it once complete.
   * @param {string} card
   */
  orderAdd(card) {
    const order = [...(this.state.order ?? []), card];
    const options = argsOf(this.state.game.legal, "choose");
    const size = options[0]?.split(",").length ?? 0;
    if (order.length < size) return this.change(() => (this.state.order = order));
    const chosen = options.find((option) => option === order.join(","));
    this.state.order = null;
    if (chosen) this.act(`choose ${chosen}`);
    else this.redraw();
  }

  /** Ask before leaving the tournament (a bot plays the seat on). */
  confirmLeave() {
    const t = this.words.t;
    const dialog = h(
      "dialog",
      { class: "dialog", "aria-labelledby": "ch-leave-title" },
      h("h2", { id: "ch-leave-title" }, t.leave_title),
      h("p", {}, t.leave_text),
      h(
        "p",
        { class: "actions" },
        h("button", { type: "button", class: "button", onclick: () => dialog.close() }, t.cancel),
        h("button", { type: "button", class: "button danger", onclick: () => { dialog.close(); this.leave(); } }, t.leave_confirm),
      ),
    );
    dialog.addEventListener("close", () => dialog.remove());
    document.body.append(dialog);
    dialog.showModal();
  }

  async leave() {
    try {
      await api("POST", `/api/games/${this.gameId}/resign`);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      this.state.notice = error.message;
    }
    this.refresh();
  }

  /** Fetch what the finished tournament brought the reader (XP, rating). */
  async fetchResult() {
    try {
      this.state.result = await api("GET", `/api/games/${this.gameId}/result`);
      this.redraw();
    } catch {
      // The result shows once it can be read; the table stands without it.
    }
  }

  /** Redraw for the clocks (not while an animation plays: it redraws itself). */
  tick() {
    if (!this.state.show && this.state.game.status === "active") this.redraw();
  }
}
