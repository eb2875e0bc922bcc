// The Challengers! table form of "New game": seats (each other seat open for a member or a bot),
// the robot's level where the rules allow it, the sets, the alternate draft, Winter Park and the
// clock; then a practice game against bots or a table in the lobby. The server checks it all
// again; the form only offers what the rules allow.

import { api, ApiError } from "../lib/api.js";
import { $, $$, h, replace } from "../lib/dom.js";
import { format } from "../lib/texts.js";
import { botName, limitFull, practiceFull } from "./data.js";

/**
 * @typedef {import("./data.js").PageState} PageState
 * @typedef {import("./data.js").ParkSetup} ParkSetup
 * @typedef {import("./data.js").Texts} Texts
 * @typedef {{state: () => PageState, texts: Texts, changed: () => void, told: (text: string) => void}} Hooks
 */

const GAME = "challengers";
/** A seat's choice that leaves it open for a member. */
const OPEN = "open";

export class ParkForm {
  /**
   * @param {HTMLElement} root the form's step of the dialog
   * @param {Hooks} hooks
   * @param {() => void} close
   */
  constructor(root, hooks, close) {
    this.root = root;
    this.hooks = hooks;
    this.close = close;
    this.setup = hooks.state().challengers;
    /** @type {string[]} what each seat after yours holds: "open" or a bot's name */
    this.seats = [];
    this.busy = false;
    this.form = /** @type {HTMLFormElement} */ ($("#park-form", root));
    this.players = /** @type {HTMLSelectElement} */ ($("#park-players", root));
    this.difficulty = /** @type {HTMLSelectElement} */ ($("#park-difficulty", root));
    this.soloCards = /** @type {HTMLInputElement} */ ($("#park-solo-cards", root));
    this.seconds = /** @type {HTMLSelectElement | null} */ (root.querySelector("#park-seconds"));
    this.wire();
    this.update();
  }

  wire() {
    this.form.addEventListener("change", (event) => {
      const target = event.target;
      if (target instanceof HTMLSelectElement && target.dataset.seat !== undefined) {
        this.seats[Number(target.dataset.seat)] = target.value;
      }
      if (target instanceof HTMLInputElement && target.name === "park-way") this.wayChanged();
      this.clearError();
      this.update();
    });
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.submit();
    });
  }

  /** @returns {"practice" | "lobby"} */
  way() {
    return this.checked("park-way") === "lobby" ? "lobby" : "practice";
  }

  /**
   * The value of the checked radio of a group.
   * @param {string} name
   * @returns {string}
   */
  checked(name) {
    const radio = this.inputs(name).find((input) => input.checked);
    return radio ? radio.value : "";
  }

  /**
   * The inputs of a group by name.
   * @param {string} name
   * @returns {HTMLInputElement[]}
   */
  inputs(name) {
    return /** @type {HTMLInputElement[]} */ ($$(`input[name="${name}"]`, this.form));
  }

  /** @returns {number} */
  playerCount() {
    return Number(this.players.value);
  }

  /** Switching the way: practice has bots on every other seat, the lobby opens them all. */
  wayChanged() {
    const lobby = this.way() === "lobby";
    if (lobby && this.playerCount() < 2) this.players.value = "2";
    const training = this.setup.training_bot;
    this.seats = this.seats.map((seat) => (lobby ? OPEN : seat === OPEN ? training : seat));
  }

  /** Bring every part of the form in line with what the rules allow now. */
  update() {
    const texts = this.hooks.texts;
    const lobby = this.way() === "lobby";
    const count = this.playerCount();
    const training = this.setup.training_bot;
    while (this.seats.length < count - 1) this.seats.push(lobby ? OPEN : training);
    this.seats.length = Math.max(count - 1, 0);
    for (const option of Array.from(this.players.options)) option.disabled = lobby && Number(option.value) < 2;
    this.renderSeats(lobby);

    const odd = count % 2 === 1;
    const solo = count === 1;
    this.difficulty.disabled = !odd;
    for (const option of Array.from(this.difficulty.options)) option.disabled = option.dataset.solo === "yes" && !solo;
    const chosen = this.difficulty.selectedOptions[0];
    if (!odd || (chosen && chosen.disabled)) this.difficulty.value = "0";
    $("#park-robot-note", this.root).textContent = odd ? "" : texts.robot_even;
    $("#park-solo-cards-row", this.root).hidden = !solo;
    if (!solo) this.soloCards.checked = false;

    const picks = $("#park-set-picks", this.root);
    picks.hidden = this.checked("park-sets") !== "chosen";
    const max = this.setup.sets_to_choose;
    const picked = this.pickedSets().length;
    $("#park-set-count", this.root).textContent =
      picked === max ? format(texts.sets_count, { count: picked, max }) : `${format(texts.sets_count, { count: picked, max })} ${format(texts.sets_pick, { max })}`;

    if (this.seconds) this.seconds.disabled = this.checked("park-clock") !== "realtime";
    this.renderWay(lobby, count);
  }

  /**
   * One row per seat: yours, then each other seat open for a member or a bot.
   * @param {boolean} lobby
   */
  renderSeats(lobby) {
    const texts = this.hooks.texts;
    const list = $("#park-seats", this.root);
    const rows = [h("li", { class: "park-seat mine" }, h("span", { class: "seat-label" }, format(texts.seat_n, { n: 1 })), h("span", { class: "seat-you" }, texts.you))];
    this.seats.forEach((value, index) => {
      const id = `park-seat-${index + 2}`;
      const choices = [
        h("option", { value: OPEN, disabled: !lobby, selected: value === OPEN }, texts.seat_open),
        ...this.setup.bots.map((bot) => h("option", { value: bot, selected: value === bot }, format(texts.bot_seat, { name: botName(texts, bot) }))),
      ];
      rows.push(
        h(
          "li",
          { class: "park-seat" },
          h("label", { class: "seat-label", for: id }, format(texts.seat_n, { n: index + 2 })),
          h("select", { id, "data-seat": index, "data-key": id }, choices),
        ),
      );
    });
    const focused = document.activeElement instanceof HTMLElement ? document.activeElement.id : "";
    replace(list, rows);
    if (focused.startsWith("park-seat-")) document.getElementById(focused)?.focus();
  }

  /**
   * The way's hint, the limit and the button's words.
   * @param {boolean} lobby
   * @param {number} count
   */
  renderWay(lobby, count) {
    const texts = this.hooks.texts;
    const state = this.hooks.state();
    const lobbyRadio = /** @type {HTMLInputElement} */ ($('input[name="park-way"][value="lobby"]', this.form));
    lobbyRadio.disabled = count < 2 && !lobby;
    const open = this.seats.filter((seat) => seat === OPEN).length;
    let hint = "";
    if (count < 2) hint = texts.solo_is_practice;
    else if (lobby && open === 0) hint = texts.lobby_needs_open;
    $("#park-way-hint", this.root).textContent = hint;
    const full = lobby ? limitFull(state.hub) : practiceFull(state.hub);
    const note = $("#park-limit", this.root);
    note.hidden = !full;
    note.textContent = full ? format(lobby ? texts.limit_full : texts.practice_full, { max: state.hub.limit.max }) : "";
    const go = /** @type {HTMLButtonElement} */ ($("#park-go", this.root));
    go.textContent = lobby ? texts.lobby_go : texts.practice_go;
    go.disabled = this.busy || full || (lobby && open === 0);
  }

  /** @returns {string[]} */
  pickedSets() {
    return this.inputs("park-set")
      .filter((box) => box.checked)
      .map((box) => box.value);
  }

  /** @returns {Record<string, unknown>} the options as the server takes them */
  options() {
    const mode = this.checked("park-sets");
    return {
      players: this.playerCount(),
      sets: mode === "chosen" ? this.pickedSets() : mode,
      difficulty: Number(this.difficulty.value),
      solo_cards: this.soloCards.checked,
      alt_draft: /** @type {HTMLInputElement} */ ($("#park-alt-draft", this.form)).checked,
      winter_park: /** @type {HTMLInputElement} */ ($("#park-winter-park", this.form)).checked,
      coaches: /** @type {HTMLInputElement} */ ($("#park-coaches", this.form)).checked,
    };
  }

  /** @returns {{mode: string, seconds?: number}} */
  clock() {
    if (this.checked("park-clock") === "realtime" && this.seconds) return { mode: "realtime", seconds: Number(this.seconds.value) };
    return { mode: "turn" };
  }

  clearError() {
    $("#park-error", this.root).textContent = "";
  }

  async submit() {
    if (this.busy) return;
    const texts = this.hooks.texts;
    const max = this.setup.sets_to_choose;
    if (this.checked("park-sets") === "chosen" && this.pickedSets().length !== max) {
      $("#park-error", this.root).textContent = format(texts.sets_pick, { max });
      return;
    }
    this.busy = true;
    this.clearError();
    this.update();
    const body = { game: GAME, options: this.options(), clock: this.clock(), bots: this.seats.filter((seat) => seat !== OPEN) };
    try {
      if (this.way() === "practice") {
        const answer = await api("POST", "/api/practice", body);
        location.assign(`/games/${answer.game_id}`);
        return;
      }
      await api("POST", "/api/lobby", body);
      this.close();
      this.hooks.told(texts.table_opened);
      this.hooks.changed();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      $("#park-error", this.root).textContent = error.message;
    } finally {
      this.busy = false;
      this.update();
    }
  }
}
