// Everything the Challengers! table says, from the page's texts (already in the reader's
// language): names of seats and cards, the sentences of events, the labels of choices.

import { format } from "../lib/texts.js";

/** @typedef {import("./types.js").Game} Game */
/** @typedef {import("./types.js").GameEvent} GameEvent */
/** @typedef {import("./types.js").GameTexts} GameTexts */

export const ROBOT = -1;

export class Words {
  /**
   * @param {Record<string, string>} t the page's texts
   * @param {GameTexts} g the game's texts (cards, sets)
   */
  constructor(t, g) {
    this.t = t;
    this.g = g;
  }

  /**
   * A text with its placeholders filled.
   * @param {string} key
   * @param {Record<string, string | number>} [params]
   */
  say(key, params) {
    return format(this.t[key] ?? key, params);
  }

  /**
   * A sentence whose subject is a seat: the reader's own form ("You reveal") where it has one.
   * @param {Game} game
   * @param {string} key
   * @param {number} seat
   * @param {Record<string, string | number>} [params]
   */
  about(game, key, seat, params = {}) {
    const mine = seat === game.seat && game.seat !== null;
    return mine ? this.say(`${key}_you`, params) : this.say(key, { name: this.seat(game, seat), ...params });
  }

  /** @param {string} key */
  card(key) {
    return this.g.cards[key]?.name ?? key;
  }

  /**
   * A house coach's name with its "house coach" mark.
   * @param {string} key
   */
  coach(key) {
    const name = this.g.coaches?.coaches[key]?.name ?? key;
    return this.say("coach_named", { coach: name, house: this.g.coaches?.labels.house ?? "" });
  }

  /** @param {string[]} keys */
  cards(keys) {
    return keys.map((key) => this.card(key)).join(", ");
  }

  /** @param {string} key */
  set(key) {
    return this.g.sets[key] ?? key;
  }

  /**
   * A seat's name as the reader sees it: "you", a member's nickname, a bot, the robot.
   * @param {Game} game
   * @param {number} seat
   * @param {boolean} [object] whether the name is the object of a sentence ("beat you")
   */
  seat(game, seat, object = false) {
    if (seat === ROBOT) return this.t.robot;
    if (seat === game.seat) return object ? this.t.you_object : this.t.you;
    const info = game.seats[seat];
    if (!info) return this.say("seat_n", { n: seat + 1 });
    if (info.nickname) return info.nickname;
    const level = info.bot === null ? undefined : this.t[`bot_${info.bot}`];
    if (level === undefined) return this.say("bot_n", { n: seat + 1 });
    return this.say("bot_level", { n: seat + 1, level });
  }

  /**
   * A choice of a decision in words.
   * @param {string} kind
   * @param {string} option
   */
  option(kind, option) {
    if (kind === "coach") {
      if (option === "use" || option === "save") return this.g.coaches?.labels[option] ?? option;
      return this.card(option);
    }
    if (option === "none") return this.t.option_none;
    if (kind === "place") {
      if (option === "seat") return this.t.option_seat;
      const frozen = /^frozen-(\d+)$/.exec(option);
      if (frozen) return this.say("option_frozen", { n: frozen[1] });
    }
    if (kind === "reorder") return option.split(",").map((key) => this.card(key)).join(" → ");
    return option.split("+").map((key) => this.card(key)).join(" + ");
  }

  /**
   * The sentence of an event for the feed, or null for the events the board shows by itself.
   * @param {GameEvent} e
   * @param {Game} game
   * @returns {string | null}
   */
  event(e, game) {
    const mine = e.seat === game.seat && game.seat !== null;
    const name = typeof e.seat === "number" ? this.seat(game, e.seat) : "";
    switch (e.kind) {
      case "round_started":
        return this.say(e.round >= 8 ? "final_started" : "round_started", { n: e.round });
      case "cards_drawn":
        return this.say("you_drew", { pile: e.pile, cards: this.cards(e.cards) });
      case "card_picked":
        return this.say("you_picked", { card: this.card(e.card) });
      case "card_kept_at_random":
        return this.say("kept_random", { card: this.card(e.card) });
      case "card_removed":
        return this.say("you_removed", { card: this.card(e.card) });
      case "cards_removed":
        return mine ? null : this.say("removed", { name, n: e.count });
      case "redrawn":
        return mine ? this.say("you_redrew", { pile: e.pile }) : this.say("redrew", { name, pile: e.pile });
      case "deck_phase_done":
        return mine ? this.say("you_done", { n: e.deck }) : this.say("is_done", { name, n: e.deck });
      case "match_started":
        return this.say("match_started", {
          park: e.park + 1,
          first: this.seat(game, e.seats[0]),
          second: this.seat(game, e.seats[1], true),
        });
      case "match_won":
        return this.about(game, "match_won", e.seat, { park: e.park + 1, loser: this.seat(game, e.loser, true), why: this.t[`why_${e.reason}`] ?? "" });
      case "fans_gained":
      case "picked_fans":
        return this.about(game, "fans_gained", e.seat, { n: e.fans, card: this.card(e.card) });
      case "trophy_taken":
        return this.about(game, "trophy_taken", e.seat, { round: e.round, park: e.park + 1 });
      case "trophy_fans":
        return this.say("trophy_fans", { n: e.fans, round: e.round });
      case "trophy_burned":
        return this.say("trophy_burned", { park: e.park + 1, round: e.round });
      case "card_destroyed":
        return this.say("destroyed", { card: this.card(e.card) });
      case "decision":
        return e.coach ? this.say("decide", { card: this.coach(e.coach) }) : this.say("decide", { card: this.card(e.card) });
      case "coach_chosen":
        return mine ? null : this.say("coach_chosen", { name });
      case "coach_chosen_was":
        return this.say("coach_chosen_you", { coach: this.coach(e.coach) });
      case "coaches_revealed":
        return this.say("coaches_revealed", {
          coaches: Object.entries(e.coaches)
            .map(([seat, key]) => `${this.seat(game, Number(seat))}: ${this.coach(String(key))}`)
            .join(", "),
        });
      case "coach_used":
        return this.about(game, "coach_used", e.seat, { coach: this.coach(e.coach) });
      case "coach_fans":
        return this.about(game, "fans_gained", e.seat, { n: e.fans, card: this.coach(e.coach) });
      case "finalists":
        return this.say("finalists", { first: this.seat(game, e.seats[0]), second: this.seat(game, e.seats[1], true) });
      case "game_over":
        return this.t.game_over;
      default:
        return null;
    }
  }

  /**
   * The caption of a match event on the board.
   * @param {GameEvent} e
   * @param {Game} game
   * @returns {string}
   */
  caption(e, game) {
    switch (e.kind) {
      case "match_started":
        return this.say("cap_start", { first: this.seat(game, e.seats[0]), second: this.seat(game, e.seats[1], true), beginner: this.seat(game, e.beginner) });
      case "card_revealed":
        return this.about(game, "cap_reveal", e.seat, { card: this.card(e.card) });
      case "flag_taken":
        return this.about(game, "cap_flag", e.seat, { card: this.card(e.card) });
      case "attack":
        return this.about(game, e.attack >= e.defence ? "cap_attack_wins" : "cap_attack_short", e.seat, { attack: e.attack, defence: e.defence });
      case "bonus_applied":
        return this.say("cap_bonus", { card: this.card(e.card), n: e.bonus });
      case "coach_used":
        return this.about(game, "coach_used", e.seat, { coach: this.coach(e.coach) });
      case "cards_benched":
        return this.about(game, "cap_bench", e.seat, { cards: this.cards(e.cards) });
      case "cards_frozen":
        return this.about(game, "cap_frozen", e.seat, { cards: this.cards(e.cards) });
      case "cards_exhausted":
        return this.about(game, "cap_exhaust", e.seat, { cards: this.cards(e.cards) });
      case "card_destroyed":
        return this.say("destroyed", { card: this.card(e.card) });
      case "fans_gained":
        return this.about(game, "fans_gained", e.seat, { n: e.fans, card: this.card(e.card) });
      case "bench_full":
        return this.about(game, "cap_bench_full", e.seat);
      case "deck_empty":
        return this.about(game, "cap_deck_empty", e.seat);
      case "match_won":
        return this.about(game, "cap_won", e.seat);
      default:
        return "";
    }
  }
}
