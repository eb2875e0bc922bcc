// The end of a tournament: each player's placing, fans and trophies, a few statistics from the
// log (matches won, strongest card, cards benched), and what the reader gained.

import { h } from "../lib/dom.js";

/** @typedef {import("./types.js").State} State */
/** @typedef {import("./types.js").Entry} Entry */
/** @typedef {import("./words.js").Words} Words */

/**
 * Matches won, the strongest card revealed and the cards benched, per seat, from the log.
 * @param {Entry[]} log
 * @param {Words} words
 * @returns {Map<number, {won: number, strongest: string | null, benched: number}>}
 */
export function statistics(log, words) {
  /** @type {Map<number, {won: number, strongest: string | null, benched: number}>} */
  const stats = new Map();
  /** @param {number} seat */
  const of = (seat) => {
    let entry = stats.get(seat);
    if (!entry) {
      entry = { won: 0, strongest: null, benched: 0 };
      stats.set(seat, entry);
    }
    return entry;
  };
  for (const entry of log) {
    for (const event of entry.events) {
      if (event.kind === "match_won") of(event.seat).won += 1;
      if (event.kind === "cards_benched") of(event.seat).benched += event.cards.length;
      if (event.kind === "card_revealed") {
        const mine = of(event.seat);
        const power = words.g.cards[event.card]?.power ?? 0;
        const best = mine.strongest === null ? -1 : (words.g.cards[mine.strongest]?.power ?? 0);
        if (power > best) mine.strongest = event.card;
      }
    }
  }
  return stats;
}

/**
 * The results panel once the tournament is over.
 * @param {State} state
 * @param {Words} words
 * @returns {HTMLElement | null}
 */
export function resultPanel(state, words) {
  const game = state.game;
  const outcome = game.outcome;
  if (game.status !== "finished" || !outcome) return null;
  const stats = statistics(state.log, words);
  const fans = /** @type {Record<string, number>} */ (outcome.details?.fans ?? outcome.scores ?? {});
  const trophies = /** @type {Record<string, number>} */ (outcome.details?.trophies ?? {});
  const rows = outcome.ranking.flatMap((group, place) =>
    group.map((seat) => {
      const mine = stats.get(seat) ?? { won: 0, strongest: null, benched: 0 };
      return h(
        "tr",
        { class: seat === game.seat ? "mine" : "" },
        h("td", {}, words.say("place", { n: place + 1 })),
        h("th", { scope: "row" }, words.seat(game, seat)),
        h("td", {}, String(fans[String(seat)] ?? "–")),
        h("td", {}, String(trophies[String(seat)] ?? "–")),
        h("td", {}, String(mine.won)),
        h("td", {}, mine.strongest ? words.card(mine.strongest) : "–"),
        h("td", {}, String(mine.benched)),
      );
    }),
  );
  const me = game.seat;
  const first = outcome.ranking[0] ?? [];
  let headline = words.say("winner_is", { name: first.map((seat) => words.seat(game, seat)).join(", ") });
  if (me !== null) headline = first.includes(me) ? words.t.you_won : words.say("you_placed", { n: 1 + outcome.ranking.findIndex((group) => group.includes(me)) });
  if (outcome.details?.robot_won) headline = words.t.robot_won;
  const heads = ["place", "player", "fans", "trophies", "won", "strongest", "benched"].map((key) => h("th", { scope: "col" }, words.t[`res_${key}`]));
  const result = state.result;
  return h(
    "section",
    { class: "ch-result panel", "aria-labelledby": "ch-result-title" },
    h("h2", { id: "ch-result-title", tabindex: "-1" }, headline),
    h("p", {}, words.t[`reason_${outcome.reason}`] ?? (game.ended_by ? words.g.ended_by[game.ended_by] ?? "" : "")),
    h("div", { class: "ch-scroll", tabindex: "0", role: "group", "aria-label": words.t.results }, h("table", { class: "ch-table" }, h("thead", {}, h("tr", {}, heads)), h("tbody", {}, rows))),
    result
      ? h(
          "p",
          { class: "ch-gains" },
          game.practice ? words.t.practice_result : words.say("xp_gained", { xp: result.xp ?? 0 }),
          result.rating?.season ? ` · ${words.say("rating_change", { before: Math.round(result.rating.season.before), after: Math.round(result.rating.season.after) })}` : "",
        )
      : null,
    h("p", { class: "actions" }, h("a", { class: "button primary", href: "/hub" }, words.t.to_hub)),
  );
}
