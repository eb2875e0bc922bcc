// The Challengers! table at /games/{id}: the first state and every word come with the page.

import { $ } from "../lib/dom.js";
import { pageData } from "../lib/texts.js";
import { Table } from "./controller.js";
import { Words } from "./words.js";

/** @typedef {import("./types.js").State} State */
/** @typedef {import("./types.js").GameTexts} GameTexts */

/** @type {{game: State["game"], log: State["log"], result: State["result"], member: string | null,
 *   rules: string | null, plans: number[][], rounds: number, bench_seats: number, frozen_seats: number}} */
const first = pageData("page-state");
/** @type {Record<string, string>} */
const texts = pageData("page-texts");
/** @type {GameTexts} */
const gameTexts = pageData("game-texts");

new Table({
  state: {
    game: first.game,
    log: first.log,
    result: first.result,
    member: first.member,
    rules: first.rules,
    plans: first.plans,
    rounds: first.rounds,
    benchSeats: first.bench_seats,
    frozenSeats: first.frozen_seats,
    busy: false,
    notice: "",
    boards: {},
    lastFrames: [],
    show: null,
    speed: 1,
    focus: null,
    order: null,
  },
  words: new Words(texts, gameTexts),
  board: $("#ch-board"),
  tools: $("#ch-tools"),
  feed: $("#ch-feed"),
}).start();
