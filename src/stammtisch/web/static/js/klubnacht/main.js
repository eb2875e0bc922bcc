// The Klubnacht table at /games/{id}: the first state and every word come with the page.

import { $ } from "../lib/dom.js";
import { pageData } from "../lib/texts.js";
import { Table } from "./controller.js";
import { Words } from "./words.js";

/** @typedef {import("./types.js").State} State */
/** @typedef {import("./types.js").GameTexts} GameTexts */
/** @typedef {import("./parts.js").Art} Art */

/** @type {{game: State["game"], log: State["log"], result: State["result"], member: string | null, rules: string | null, art: Art}} */
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
    selected: [],
    busy: false,
    notice: "",
    openScores: [false, false],
    rematchSent: "",
    replay: null,
  },
  words: new Words(texts, gameTexts),
  art: first.art,
  board: $("#kn-board"),
  tools: $("#kn-tools"),
  feed: $("#kn-feed"),
}).start();
