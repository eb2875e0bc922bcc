// "New game": a dialog that asks first for the game and its variant, then for the way: challenge a
// member by nickname (the regulars one click away), the lobby (open a seek or join one), or a
// practice game against the training robot. Challengers! has a table form of its own (park.js).
// Refusals show in words next to what caused them.

import { api, ApiError } from "../lib/api.js";
import { $, $$, h, replace } from "../lib/dom.js";
import { format } from "../lib/texts.js";
import { limitFull, practiceFull, variantIcon, variantName } from "./data.js";
import { ParkForm } from "./park.js";
import { clock, keepFocus } from "./view.js";

/**
 * @typedef {import("./data.js").PageState} PageState
 * @typedef {import("./data.js").Texts} Texts
 * @typedef {import("./data.js").Seek} Seek
 * @typedef {"challenge" | "lobby" | "practice"} Way
 * @typedef {{state: () => PageState, texts: Texts, changed: () => void, told: (text: string) => void}} Hooks
 */

const GAME = "klubnacht";
const CLOCK = { mode: "turn" };
/** Error codes that concern the nickname typed in (shown under the field). */
const NICKNAME_CODES = ["challenges.member_unknown", "challenges.self", "challenges.duplicate", "request.invalid"];

export class NewGame {
  /** @param {Hooks} hooks */
  constructor(hooks) {
    this.hooks = hooks;
    this.dialog = $("#new-game-dialog");
    /** @type {"classic" | "chips"} */
    this.variant = "classic";
    this.busy = false;
    /** @type {string | null} the regulars the picks were made for */
    this.picked = null;
    this.nickname = /** @type {HTMLInputElement} */ ($("#challenge-nickname"));
    this.park = new ParkForm($('[data-step="challengers"]', this.dialog), hooks, () => this.box.close());
    this.wire();
  }

  /** @returns {HTMLDialogElement} */
  get box() {
    return /** @type {HTMLDialogElement} */ (this.dialog);
  }

  wire() {
    for (const button of $$("[data-variant]", this.dialog)) {
      button.addEventListener("click", () => this.choose(button.dataset.variant === "chips" ? "chips" : "classic"));
    }
    $("[data-game=challengers]", this.dialog).addEventListener("click", () => this.chooseChallengers());
    for (const back of $$("[data-back]", this.dialog)) back.addEventListener("click", () => this.step("game"));
    $("[data-close]", this.dialog).addEventListener("click", () => this.box.close());
    this.dialog.addEventListener("click", (event) => {
      if (event.target !== this.dialog || event.detail === 0) return;
      const box = this.dialog.getBoundingClientRect();
      const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
      if (!inside) this.box.close();
    });
    for (const radio of this.radios()) radio.addEventListener("change", () => this.showWay());
    $("#challenge-form", this.dialog).addEventListener("submit", (event) => {
      event.preventDefault();
      this.challenge();
    });
    this.nickname.addEventListener("input", () => {
      this.clearError("challenge");
      this.render();
    });
    $("#open-seek", this.dialog).addEventListener("click", () => this.openSeek());
    $("#start-practice", this.dialog).addEventListener("click", () => this.practice());
  }

  /** @returns {HTMLInputElement[]} */
  radios() {
    return $$('input[name="way"]', this.dialog);
  }

  /** @returns {Way} */
  way() {
    const checked = this.radios().find((radio) => radio.checked);
    const value = checked ? checked.value : "challenge";
    return value === "lobby" || value === "practice" ? value : "challenge";
  }

  /**
   * Open the flow at its first step; a regular's shortcut brings their nickname along.
   * @param {string} [nickname]
   */
  open(nickname) {
    for (const where of /** @type {const} */ (["challenge", "send", "seek", "practice"])) this.clearError(where);
    if (nickname !== undefined) {
      this.nickname.value = nickname;
      const challenge = this.radios().find((radio) => radio.value === "challenge");
      if (challenge) challenge.checked = true;
    }
    this.step("game");
    this.render();
    if (!this.box.open) this.box.showModal();
    const first = $(`[data-variant="${this.variant}"]`, this.dialog);
    first.focus();
  }

  /**
   * Go to a step of the flow.
   * @param {"game" | "way" | "challengers"} name
   */
  step(name) {
    for (const section of $$("[data-step]", this.dialog)) section.hidden = section.dataset.step !== name;
    if (name === "game") $(`[data-variant="${this.variant}"]`, this.dialog).focus();
  }

  /** Challengers! is chosen: on to its table form. */
  chooseChallengers() {
    this.step("challengers");
    this.park.update();
    $('input[name="park-way"]:checked', this.dialog).focus();
  }

  /**
   * The game and variant are chosen: on to the way.
   * @param {"classic" | "chips"} variant
   */
  choose(variant) {
    this.variant = variant;
    const state = this.hooks.state();
    const options = this.options();
    const icon = /** @type {HTMLImageElement} */ ($("[data-chosen-icon]", this.dialog));
    icon.src = variantIcon(state, GAME, options);
    $("[data-chosen-name]", this.dialog).textContent = variantName(this.hooks.texts, GAME, options);
    this.step("way");
    this.showWay();
    this.render();
    if (this.way() === "challenge" && this.nickname.value) {
      $("#send-challenge", this.dialog).focus();
    } else {
      const checked = this.radios().find((radio) => radio.checked);
      if (checked) checked.focus();
    }
  }

  /** @returns {{chips: boolean}} */
  options() {
    return { chips: this.variant === "chips" };
  }

  showWay() {
    const way = this.way();
    for (const panel of $$("[data-way]", this.dialog)) panel.hidden = panel.dataset.way !== way;
  }

  /** Bring what depends on the hub's data up to date: the limit, the regulars, the open seeks. */
  render() {
    const state = this.hooks.state();
    const texts = this.hooks.texts;
    const full = limitFull(state.hub);
    for (const note of $$("[data-limit-full]", this.dialog)) {
      note.hidden = !full;
      note.textContent = full ? format(texts.limit_full, { max: state.hub.limit.max }) : "";
    }
    /** @type {HTMLButtonElement} */ ($("#send-challenge", this.dialog)).disabled = full || this.busy;
    /** @type {HTMLButtonElement} */ ($("#open-seek", this.dialog)).disabled = full || this.busy;
    const practiceLimit = practiceFull(state.hub);
    /** @type {HTMLButtonElement} */ ($("#start-practice", this.dialog)).disabled = practiceLimit || this.busy;
    const practiceNote = $("[data-practice-full]", this.dialog);
    practiceNote.hidden = !practiceLimit;
    practiceNote.textContent = practiceLimit ? format(texts.practice_full, { max: state.hub.limit.max }) : "";
    this.renderPicks(state);
    keepFocus(this.dialog, () => this.renderSeeks(state, full));
    this.park.update();
  }

  /**
   * The regulars as suggestions of the nickname field and as one-click picks.
   * @param {PageState} state
   */
  renderPicks(state) {
    const names = state.regulars.map((regular) => regular.nickname);
    if (names.join("\n") !== this.picked) {
      this.picked = names.join("\n");
      replace($("#regular-names", this.dialog), names.map((name) => h("option", { value: name })));
      const pick = (/** @type {string} */ name) => {
        this.nickname.value = name;
        this.clearError("challenge");
        this.render();
      };
      replace(
        $("#regular-picks", this.dialog),
        names.map((name) => h("button", { type: "button", class: "pick", "data-name": name, onclick: () => pick(name) }, name)),
      );
    }
    for (const button of $$("[data-name]", $("#regular-picks", this.dialog))) {
      button.setAttribute("aria-pressed", String(button.dataset.name === this.nickname.value.trim()));
    }
  }

  /**
   * The seeks of others for the chosen variant, each to join.
   * @param {PageState} state
   * @param {boolean} full
   */
  renderSeeks(state, full) {
    const texts = this.hooks.texts;
    const variant = this.variant === "chips";
    const others = state.hub.lobby.filter(
      (seek) => seek.game === GAME && Boolean(seek.options.chips) === variant && !seek.members.includes(state.me),
    );
    const rows = others.map((seek) => {
      const name = seek.members[0] ?? "?";
      return h(
        "li",
        { class: "seek" },
        h("img", { class: "variant-icon", src: variantIcon(state, seek.game, seek.options), alt: "", width: 32, height: 32 }),
        h(
          "span",
          { class: "seek-text" },
          h("span", { class: "seek-name" }, format(texts.seek_by, { name })),
          h("span", { class: "seek-detail" }, clock(texts, seek.expires_at, "expires_in")),
        ),
        h(
          "button",
          {
            type: "button",
            class: "button small primary",
            "data-key": `join-${seek.id}`,
            disabled: full || this.busy,
            "aria-label": format(texts.join_name, { name }),
            onclick: () => this.join(seek),
          },
          texts.join,
        ),
      );
    });
    replace($("#lobby-seeks", this.dialog), rows.length > 0 ? rows : h("li", { class: "empty" }, texts.no_seeks));
  }

  /**
   * Show a refusal in words where it belongs (a nickname's under the field).
   * @param {"challenge" | "send" | "seek" | "practice"} where
   * @param {string} text
   */
  showError(where, text) {
    $(`#${where}-error`, this.dialog).textContent = text;
    if (where === "challenge") {
      this.nickname.setAttribute("aria-invalid", "true");
      this.nickname.focus();
    }
  }

  /** @param {"challenge" | "send" | "seek" | "practice"} where */
  clearError(where) {
    $(`#${where}-error`, this.dialog).textContent = "";
    if (where === "challenge") this.nickname.removeAttribute("aria-invalid");
  }

  /**
   * Run one request of the flow, refusals shown in words.
   * @param {"challenge" | "seek" | "practice"} where
   * @param {() => Promise<void>} request
   */
  async send(where, request) {
    if (this.busy) return;
    this.busy = true;
    this.clearError(where);
    if (where === "challenge") this.clearError("send");
    this.render();
    try {
      await request();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const place = where === "challenge" && !NICKNAME_CODES.includes(error.code) ? "send" : where;
      this.showError(place, error.message);
    } finally {
      this.busy = false;
      this.render();
    }
  }

  async challenge() {
    const nickname = this.nickname.value.trim();
    if (!nickname) {
      this.showError("challenge", this.hooks.texts.nickname_missing);
      return;
    }
    await this.send("challenge", async () => {
      const body = { nickname, game: GAME, options: this.options(), clock: CLOCK };
      const answer = await api("POST", "/api/challenges", body);
      if (answer.merged && answer.game_id) {
        location.assign(`/games/${answer.game_id}`);
        return;
      }
      this.nickname.value = "";
      this.box.close();
      this.hooks.told(format(this.hooks.texts.sent_to, { name: answer.challenged ?? nickname }));
      this.hooks.changed();
    });
  }

  async openSeek() {
    await this.send("seek", async () => {
      await api("POST", "/api/lobby", { game: GAME, options: this.options(), clock: CLOCK });
      this.box.close();
      this.hooks.told(this.hooks.texts.seek_opened);
      this.hooks.changed();
    });
  }

  /** @param {Seek} seek */
  async join(seek) {
    await this.send("seek", async () => {
      const answer = await api("POST", `/api/lobby/${seek.id}/join`);
      if (answer.game_id) {
        location.assign(`/games/${answer.game_id}`);
        return;
      }
      this.box.close();
      this.hooks.changed();
    });
  }

  async practice() {
    await this.send("practice", async () => {
      const answer = await api("POST", "/api/practice", { game: GAME, options: this.options() });
      location.assign(`/games/${answer.game_id}`);
    });
  }
}
