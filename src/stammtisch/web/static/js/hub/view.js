// The hub's view: a pure function of the state (the hub's data, what is busy, what was refused).
// Member-written text (nicknames) only ever goes in as text nodes.

import { h, svg } from "../lib/dom.js";
import { format } from "../lib/texts.js";
import { runningOut, timeLeft } from "../lib/time.js";
import {
  counted,
  limitFull,
  opponents,
  ordered,
  seatWords,
  tableWords,
  variantIcon,
  variantName,
  whoseTurn,
} from "./data.js";

/**
 * @typedef {import("./data.js").PageState} PageState
 * @typedef {import("./data.js").Texts} Texts
 * @typedef {import("./data.js").Tile} Tile
 * @typedef {import("./data.js").Challenge} Challenge
 * @typedef {import("./data.js").Seek} Seek
 * @typedef {{data: PageState, texts: Texts, busy: Set<string>, errors: Map<string, string>,
 *   fill: Map<number, boolean>}} State
 * @typedef {{challenge: (id: number, what: "accept" | "decline" | "withdraw") => void,
 *   leaveSeek: (id: number) => void, joinSeek: (id: number) => void,
 *   startSeek: (id: number) => void, fillSeek: (id: number, fill: boolean) => void,
 *   challengeRegular: (nickname: string) => void, newGame: () => void}} Actions
 */

const WARN_HOURS = 2;
const LATEST = 5;

/**
 * Redraw part of the page without losing the keyboard's place: the element with the focused
 * one's `data-key` gets the focus back.
 * @param {Element} root
 * @param {() => void} redraw
 */
export function keepFocus(root, redraw) {
  const focused = document.activeElement;
  const key = focused instanceof HTMLElement && root.contains(focused) ? focused.dataset.key : undefined;
  redraw();
  if (key === undefined || (document.activeElement && root.contains(document.activeElement) && document.activeElement !== document.body)) return;
  const again = root.querySelector(`[data-key="${CSS.escape(key)}"]`);
  if (again instanceof HTMLElement) again.focus();
}

/**
 * A clock's line: how long is left, warning when it runs short (the tick updates it in place).
 * @param {Texts} texts
 * @param {string | null} deadline
 * @param {"time_left" | "expires_in"} wording
 * @returns {HTMLElement | null}
 */
export function clock(texts, deadline, wording) {
  if (!deadline) return null;
  const words = h("span", { "data-deadline": deadline, "data-wording": wording });
  const icon =
    wording === "time_left"
      ? svg(
          "svg",
          { viewBox: "0 0 24 24", width: 16, height: 16, "aria-hidden": "true", class: "clock-icon" },
          svg("circle", { cx: 12, cy: 13, r: 8, fill: "none", stroke: "currentColor", "stroke-width": 2 }),
          svg("path", { d: "M12 9v4l2.5 2.5M9.5 2.5h5", fill: "none", stroke: "currentColor", "stroke-width": 2, "stroke-linecap": "round" }),
        )
      : null;
  const line = h("span", { class: "clock" }, icon, words);
  showClock(texts, words);
  return line;
}

/**
 * Bring a clock's words up to date (its line warns when little time is left).
 * @param {Texts} texts
 * @param {HTMLElement} words
 */
export function showClock(texts, words) {
  const deadline = words.dataset.deadline ?? "";
  const short = runningOut(deadline, WARN_HOURS);
  const wording = words.dataset.wording === "expires_in" ? "expires_in" : short ? "time_short" : "time_left";
  const over = Date.parse(deadline) <= Date.now();
  words.textContent = over ? timeLeft(deadline) : format(texts[wording], { time: timeLeft(deadline) });
  words.parentElement?.classList.toggle("short", short);
}

/**
 * The page's one-line summary: whose turn it is.
 * @param {State} state
 * @returns {string}
 */
export function summary(state) {
  const mine = state.data.hub.games.filter((tile) => tile.my_turn).length;
  if (mine === 0) return state.texts.nobody_waits;
  return counted(state.texts.your_turn_one, state.texts.your_turn_many, mine);
}

/**
 * The game limit, shown before a member runs into it: "2 of 3 games".
 * @param {State} state
 * @returns {HTMLElement[]}
 */
export function limit(state) {
  const { used, max } = state.data.hub.limit;
  const full = limitFull(state.data.hub);
  const dots = Array.from({ length: max }, (_, i) => h("span", { class: i < used ? "dot used" : "dot" }));
  return [
    h(
      "p",
      { class: full ? "limit-line full" : "limit-line", title: format(state.texts.limit_label, { used, max }) },
      h("span", { class: "dots", "aria-hidden": "true" }, dots),
      h("span", { class: "limit-count" }, format(state.texts.limit, { used: Math.min(used, max), max })),
    ),
    h("p", { class: full ? "limit-note full" : "limit-note" }, full ? format(state.texts.limit_full, { max }) : state.texts.limit_note),
  ];
}

/**
 * One running game as a tile that opens its table.
 * @param {State} state
 * @param {Tile} tile
 * @returns {HTMLElement}
 */
function gameTile(state, tile) {
  const { texts, data } = state;
  const others = opponents(texts, tile);
  const kind = tile.game === "klubnacht" ? "night" : "park";
  return h(
    "a",
    {
      class: `tile ${kind}${tile.my_turn ? " my-turn" : ""}`,
      href: `/games/${tile.game_id}`,
      "data-key": `tile-${tile.game_id}`,
      "data-game": tile.game_id,
    },
    h(
      "span",
      { class: "tile-head" },
      h("span", { class: "tile-game" }, variantName(texts, tile.game, tile.options)),
      tile.practice ? h("span", { class: "badge practice" }, texts.practice) : null,
      h("img", { class: "variant-icon", src: variantIcon(data, tile.game, tile.options), alt: "", width: 44, height: 44 }),
    ),
    h(
      "span",
      { class: "tile-players" },
      h(
        "span",
        { class: "backs", "aria-hidden": "true" },
        others.slice(0, 3).map((other) => h("img", { class: "back", src: other.back, alt: "", width: 40, height: 56 })),
      ),
      h(
        "span",
        { class: "opponents" },
        h("span", { class: "against" }, texts.against),
        h("span", { class: "names" }, others.map((other) => other.name).join(", ")),
      ),
    ),
    h("span", { class: tile.my_turn ? "turn mine" : "turn" }, whoseTurn(texts, tile)),
    clock(texts, tile.my_turn ? tile.my_deadline ?? tile.deadline : tile.deadline, "time_left"),
  );
}

/**
 * The running games, your turn first; a friendly word when there are none.
 * @param {State} state
 * @param {Actions} actions
 * @returns {HTMLElement[]}
 */
export function tiles(state, actions) {
  const games = ordered(state.data.hub.games);
  if (games.length > 0) return games.map((tile) => h("li", {}, gameTile(state, tile)));
  return [
    h(
      "li",
      { class: "no-games" },
      h("img", { src: state.data.icons.stammtisch, alt: "", width: 88, height: 88 }),
      h("p", { class: "no-games-title" }, state.texts.no_games),
      h("p", {}, state.texts.no_games_hint),
      h("button", { type: "button", class: "button primary", "data-key": "empty-new-game", onclick: () => actions.newGame() }, state.texts.first_game),
    ),
  ];
}

/**
 * A button of a row (disabled while its request runs).
 * @param {State} state
 * @param {string} key
 * @param {string} label
 * @param {string} kind
 * @param {() => void} action
 * @param {string} [name] an accessible name that says what it acts on
 * @param {boolean} [blocked] whether it cannot be used now (the row says why)
 * @returns {HTMLButtonElement}
 */
function rowButton(state, key, label, kind, action, name, blocked = false) {
  return h(
    "button",
    { type: "button", class: `button small ${kind}`, "data-key": key, disabled: blocked || state.busy.has(key), "aria-label": name, onclick: action },
    label,
  );
}

/**
 * A refusal next to the row it concerns.
 * @param {State} state
 * @param {string} key
 * @returns {HTMLElement | null}
 */
function rowError(state, key) {
  const text = state.errors.get(key);
  return text ? h("p", { class: "row-error", role: "alert" }, text) : null;
}

/**
 * The invitations sent to the member: accept or decline each.
 * @param {State} state
 * @param {Actions} actions
 * @returns {HTMLElement[]}
 */
export function received(state, actions) {
  const { texts, data } = state;
  const full = limitFull(data.hub);
  return data.hub.challenges.received.map((challenge) => {
    const who = challenge.challenger ?? "?";
    const key = `challenge-${challenge.id}`;
    return h(
      "li",
      { class: "invitation received", "data-challenge": challenge.id },
      h("img", { class: "variant-icon", src: variantIcon(data, challenge.game, challenge.options), alt: "", width: 44, height: 44 }),
      h(
        "div",
        { class: "invitation-text" },
        h("p", { class: "invitation-title" }, format(texts.challenges_you, { name: who })),
        h("p", { class: "invitation-detail" }, variantName(texts, challenge.game, challenge.options), " · ", clock(texts, challenge.expires_at, "expires_in")),
        full ? h("p", { class: "note" }, texts.accept_full) : null,
        rowError(state, key),
      ),
      h(
        "div",
        { class: "invitation-actions" },
        rowButton(state, `${key}-accept`, texts.accept, "primary", () => actions.challenge(challenge.id, "accept"), undefined, full),
        rowButton(state, `${key}-decline`, texts.decline, "ghost", () => actions.challenge(challenge.id, "decline")),
      ),
    );
  });
}

/**
 * A lobby table's details in words: the variant or the Challengers! options, who sits, what is free.
 * @param {State} state
 * @param {Seek} seek
 * @returns {string}
 */
function seekDetail(state, seek) {
  const { texts, data } = state;
  if (seek.game !== "challengers") return variantName(texts, seek.game, seek.options);
  return [...tableWords(texts, data.challengers, seek), ...seatWords(texts, seek)].join(" · ");
}

/**
 * "Start now" of the creator's own table, with "fill empty seats with bots", and why it waits.
 * @param {State} state
 * @param {Actions} actions
 * @param {Seek} seek
 * @returns {HTMLElement | null}
 */
function startControls(state, actions, seek) {
  const { texts } = state;
  if (seek.seats - seek.bots <= 2) return null;
  const fill = state.fill.get(seek.id) ?? true;
  const empty = seek.seats - seek.bots - seek.members.length;
  const why = seek.members.length < 2 ? texts.start_needs_one : empty > 0 && !fill ? texts.start_needs_fill : "";
  const id = `fill-${seek.id}`;
  return h(
    "div",
    { class: "seek-start" },
    h(
      "label",
      { class: "check", for: id },
      h("input", { type: "checkbox", id, "data-key": id, checked: fill, onchange: (event) => actions.fillSeek(seek.id, /** @type {HTMLInputElement} */ (event.target).checked) }),
      ` ${texts.fill_bots}`,
    ),
    rowButton(state, `seek-${seek.id}-start`, texts.start_now, "primary", () => actions.startSeek(seek.id), undefined, why !== ""),
    why ? h("p", { class: "note" }, why) : null,
  );
}

/**
 * The member's own open invitations and the lobby tables they sit at: withdraw or leave each; the
 * creator of a bigger table sees who sits and may start it now.
 * @param {State} state
 * @param {Actions} actions
 * @returns {HTMLElement[]}
 */
export function sent(state, actions) {
  const { texts, data } = state;
  /** @param {{key: string, game: string, options: import("./data.js").Options, title: string, detail: string, sitting?: string, expires: string, extra?: HTMLElement | null, button: string, withdraw: () => void}} row */
  const item = (row) =>
    h(
      "li",
      { class: "invitation", "data-row": row.key },
      h("img", { class: "variant-icon", src: variantIcon(data, row.game, row.options), alt: "", width: 36, height: 36 }),
      h(
        "div",
        { class: "invitation-text" },
        h("p", { class: "invitation-title" }, row.title),
        h("p", { class: "invitation-detail" }, row.detail, " · ", clock(texts, row.expires, "expires_in")),
        row.sitting ? h("p", { class: "invitation-detail" }, row.sitting) : null,
        row.extra ?? null,
        rowError(state, row.key),
      ),
      rowButton(state, `${row.key}-withdraw`, row.button, "ghost", row.withdraw, `${row.button}: ${row.title}`),
    );
  const rows = [
    ...data.hub.challenges.sent.map((challenge) =>
      item({
        key: `challenge-${challenge.id}`,
        game: challenge.game,
        options: challenge.options,
        title: format(texts.you_challenged, { name: challenge.challenged ?? "?" }),
        detail: variantName(texts, challenge.game, challenge.options),
        expires: challenge.expires_at,
        button: texts.withdraw,
        withdraw: () => actions.challenge(challenge.id, "withdraw"),
      }),
    ),
    ...data.hub.my_tables.map((seek) => {
      const mine = seek.creator === data.me;
      return item({
        key: `seek-${seek.id}`,
        game: seek.game,
        options: seek.options,
        title: mine ? texts.your_seek : format(texts.table_by, { name: seek.creator ?? "?" }),
        detail: seekDetail(state, seek),
        sitting: seek.seats > 2 ? format(texts.sitting, { names: seek.members.join(", ") }) : undefined,
        expires: seek.expires_at,
        extra: mine ? startControls(state, actions, seek) : null,
        button: mine ? texts.withdraw : texts.leave,
        withdraw: () => actions.leaveSeek(seek.id),
      });
    }),
  ];
  return rows.length > 0 ? rows : [h("li", { class: "empty" }, texts.no_invitations)];
}

/**
 * The Challengers! tables of others waiting in the lobby, each in words with a Join button.
 * @param {State} state
 * @param {Actions} actions
 * @returns {HTMLElement[]}
 */
export function lobbyTables(state, actions) {
  const { texts, data } = state;
  const full = limitFull(data.hub);
  const others = data.hub.lobby.filter((seek) => seek.game === "challengers" && !seek.members.includes(data.me));
  if (others.length === 0) return [h("li", { class: "empty" }, texts.no_tables)];
  return others.map((seek) => {
    const name = seek.creator ?? seek.members[0] ?? "?";
    const key = `seek-${seek.id}`;
    return h(
      "li",
      { class: "seek lobby-table", "data-seek": seek.id },
      h("img", { class: "variant-icon", src: variantIcon(data, seek.game, seek.options), alt: "", width: 36, height: 36 }),
      h(
        "span",
        { class: "seek-text" },
        h("span", { class: "seek-name" }, format(texts.table_by, { name })),
        h("span", { class: "seek-detail" }, seekDetail(state, seek)),
        h("span", { class: "seek-detail" }, format(texts.sitting, { names: seek.members.join(", ") }), " · ", clock(texts, seek.expires_at, "expires_in")),
        rowError(state, key),
      ),
      rowButton(state, `${key}-join`, texts.join, "primary", () => actions.joinSeek(seek.id), format(texts.join_name, { name }), full),
    );
  });
}

/**
 * The regulars, each with a shortcut to challenge them.
 * @param {State} state
 * @param {Actions} actions
 * @returns {HTMLElement[]}
 */
export function regulars(state, actions) {
  const { texts, data } = state;
  if (data.regulars.length === 0) return [h("li", { class: "empty" }, texts.no_regulars)];
  return data.regulars.map((regular) =>
    h(
      "li",
      { class: "regular" },
      h(
        "span",
        { class: "regular-text" },
        h("span", { class: "regular-name" }, regular.nickname),
        h("span", { class: "regular-games" }, counted(texts.regular_games_one, texts.regular_games_many, regular.games)),
      ),
      h(
        "button",
        {
          type: "button",
          class: "button small",
          "data-key": `regular-${regular.nickname}`,
          "aria-label": format(texts.challenge_name, { name: regular.nickname }),
          onclick: () => actions.challengeRegular(regular.nickname),
        },
        texts.challenge,
      ),
    ),
  );
}

/**
 * When something happened, in the reader's words ("5 minutes ago").
 * @param {string} moment
 * @param {number} now
 * @returns {string}
 */
export function ago(moment, now = Date.now()) {
  const seconds = Math.round((Date.parse(moment) - now) / 1000);
  const words = new Intl.RelativeTimeFormat(document.documentElement.lang || undefined, { numeric: "auto" });
  /** @type {[Intl.RelativeTimeFormatUnit, number][]} */
  const units = [
    ["day", 86400],
    ["hour", 3600],
    ["minute", 60],
  ];
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return words.format(Math.round(seconds / size), unit);
  }
  return words.format(0, "minute");
}

/**
 * The latest notifications (the bell's page has them all).
 * @param {State} state
 * @returns {HTMLElement[]}
 */
export function latest(state) {
  const items = state.data.hub.notifications.items.slice(0, LATEST);
  if (items.length === 0) return [h("li", { class: "empty" }, state.texts.no_news)];
  return items.map((item) => {
    const gameId = typeof item.data.game_id === "number" ? item.data.game_id : null;
    const text = gameId ? h("a", { href: `/games/${gameId}` }, item.text) : h("span", {}, item.text);
    return h(
      "li",
      { class: item.read ? "notice" : "notice unread" },
      text,
      h("time", { datetime: item.created_at }, ago(item.created_at)),
    );
  });
}

/**
 * The tab's title: how many games wait for the member's move.
 * @param {State} state
 * @param {string} yourTurn
 * @returns {string}
 */
export function title(state, yourTurn) {
  const mine = state.data.hub.games.filter((tile) => tile.my_turn).length;
  return mine > 0 ? `(${mine}) ${yourTurn} · Stammtisch` : `${state.texts.title} · Stammtisch`;
}
