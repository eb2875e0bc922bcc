// What happened, in the reader's words: names of seats, cards, tasks and chips, and one sentence
// per event of a log entry (for the live region, the feed and the replays).

import { format } from "../lib/texts.js";
import { motifOf } from "./legal.js";

/** @typedef {import("./types.js").Game} Game */
/** @typedef {import("./types.js").Entry} Entry */
/** @typedef {import("./types.js").GameEvent} GameEvent */
/** @typedef {import("./types.js").GameTexts} GameTexts */

export class Words {
  /**
   * @param {Record<string, string>} texts the page's texts
   * @param {GameTexts} game the game's texts (motifs, tasks, chips, ends)
   */
  constructor(texts, game) {
    this.t = texts;
    this.g = game;
  }

  /**
   * A text of the page with its placeholders filled.
   * @param {string} key
   * @param {Record<string, string | number>} [params]
   * @returns {string}
   */
  say(key, params) {
    return format(this.t[key] ?? key, params);
  }

  /**
   * @param {Game} game
   * @param {number | null | undefined} seat
   * @returns {string} the seat's nickname, or the robot's name
   */
  seat(game, seat) {
    const found = seat === null || seat === undefined ? undefined : game.seats[seat];
    return found ? found.nickname ?? this.t.robot : "";
  }

  /** @param {string} card a card ("dj3") or a motif ("dj") */
  card(card) {
    const motif = motifOf(card);
    return this.g.motifs[motif] ?? motif;
  }

  /** @param {string[]} cards */
  cards(cards) {
    return cards.map((card) => this.card(card)).join(", ");
  }

  /** @param {string} id */
  task(id) {
    return this.g.tasks[id] ?? id;
  }

  /** @param {string} code */
  chip(code) {
    return this.g.chips[code]?.name ?? code;
  }

  /** @param {string} code */
  chipRule(code) {
    return this.g.chips[code]?.text ?? "";
  }

  /**
   * The sentences of one log entry as this viewer may read them.
   * @param {Entry} entry
   * @param {Game} game
   * @param {number | null} me the viewer's seat (null: a spectator)
   * @returns {string[]}
   */
  entry(entry, game, me) {
    if (entry.kind === "resign" || entry.kind === "timeout") {
      const mine = entry.seat === me;
      if (entry.kind === "resign") return [mine ? this.t.you_resigned : this.say("resigned", { name: this.seat(game, entry.seat) })];
      return [mine ? this.t.your_time_ran_out : this.say("timed_out", { name: this.seat(game, entry.seat) })];
    }
    /** @type {string[]} */
    const said = [];
    entry.events.forEach((event, index) => {
      const text = this.event(event, game, me, entry.events[index - 1]);
      if (text) said.push(text);
    });
    return said;
  }

  /**
   * One event in words, or "" for events that need none (a refill, a blind draw one sees).
   * @param {GameEvent} event
   * @param {Game} game
   * @param {number | null} me
   * @param {GameEvent | undefined} before the event before it in the same entry
   * @returns {string}
   */
  event(event, game, me, before) {
    const mine = event.seat === me && me !== null;
    const name = this.seat(game, event.seat);
    const other = this.seat(game, event.seat === 0 ? 1 : 0);
    switch (event.kind) {
      case "card_taken":
        return mine ? this.say("took_you", { card: this.card(event.card) }) : this.say("took", { name, card: this.card(event.card) });
      case "task_claimed": {
        const params = { name, task: this.task(event.task), points: event.points, cards: this.cards(event.cards) };
        return this.say(mine ? "claimed_you" : "claimed", params);
      }
      case "task_revealed":
        return this.say("revealed", { task: this.task(event.task) });
      case "coin_moved":
        if (event.seat === null) return this.t.coin_to_stack;
        return mine ? this.t.coin_to_you : this.say("coin_to", { name });
      case "turn_ended":
        if (!event.passed) return "";
        return mine ? this.t.waited_you : this.say("waited", { name });
      case "market_reshuffled":
        return this.t.reshuffled;
      case "turn_started": {
        const turn = mine ? this.t.turn_you : this.say("turn_of", { name });
        return event.closing_time ? `${turn} ${this.g.closing_time_notice}` : turn;
      }
      case "chip_redeemed":
        return this.say(mine ? "redeemed_you" : "redeemed", { name, chip: this.chip(event.chip) });
      case "card_drawn":
        return mine ? "" : this.say("drew_blind", { name });
      case "cards_seen":
        if (before?.kind === "magpie_revealed") return this.say("magpie_shows", { cards: this.cards(event.cards) });
        return this.say("drew_you", { card: this.cards(event.cards) });
      case "cards_revealed":
        return this.say("magpie_lifts", { name: other, cards: this.cards(event.cards) });
      case "magpie_kept":
        if (mine) return this.say("kept_you", { card: this.card(event.card) });
        if (event.from === me) return this.say("kept", { name, card: this.card(event.card) });
        return this.say("took", { name, card: this.card(event.card) });
      case "sabotage":
        return this.sabotage(event, game, me);
      case "night_ended":
        return `${this.t.night_ended} ${this.g.end_reasons[event.reason] ?? ""}`.trim();
      default:
        return "";
    }
  }

  /**
   * A Sabotage's result in words, for its redeemer, its target or a spectator.
   * @param {GameEvent} event
   * @param {Game} game
   * @param {number | null} me
   * @returns {string}
   */
  sabotage(event, game, me) {
    const name = this.seat(game, event.seat);
    const target = this.seat(game, event.seat === 0 ? 1 : 0);
    const motif = this.card(event.motif);
    const card = event.destroyed ? this.card(event.destroyed) : "";
    if (event.seat === me) {
      return event.destroyed ? this.say("sabotage_hit_you", { name: target, card }) : this.say("sabotage_miss_you", { name: target, motif });
    }
    if (me !== null) {
      return event.destroyed ? this.say("sabotage_hit", { name, card }) : this.say("sabotage_miss", { name, motif });
    }
    return event.destroyed ? this.say("sabotage_hit_seen", { name, card }) : this.say("sabotage_miss", { name, motif });
  }
}
