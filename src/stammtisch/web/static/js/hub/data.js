// The hub's data (GET /api/hub, see docs/protocol.md) and the words it is shown in.

import { format } from "../lib/texts.js";

/**
 * @typedef {{month: string, card: number, motif: string, tier: string}} CardBack
 * @typedef {Record<string, unknown>} Options
 * @typedef {{game_id: number, game: string, options: Options, practice: boolean, seat: number,
 *   players: (string | null)[], card_backs?: (CardBack | null)[], to_act: number[], my_turn: boolean,
 *   my_deadline: string | null, deadline: string | null}} Tile
 * @typedef {{id: number, challenger: string | null, challenged: string | null, game: string,
 *   options: Options, created_at: string, expires_at: string, game_id: number | null}} Challenge
 * @typedef {{mode: string, seconds?: number}} Clock
 * @typedef {{id: number, game: string, options: Options, clock: Clock, seats: number, bots: number,
 *   bot_names: string[], creator: string | null, members: string[], status: string,
 *   expires_at: string, game_id: number | null}} Seek
 * @typedef {{key: string, name: string, first_game: boolean}} ParkSet
 * @typedef {{min_players: number, max_players: number, defaults: Options,
 *   difficulties: {level: number, solo_only: boolean}[], sets_to_choose: number, city: string,
 *   sets: ParkSet[], bots: string[], training_bot: string, turn_hours: number,
 *   realtime_seconds: number[]}} ParkSetup
 * @typedef {{id: number, kind: string, text: string, data: Record<string, unknown>,
 *   created_at: string, read: boolean}} Notice
 * @typedef {{games: Tile[], challenges: {received: Challenge[], sent: Challenge[]}, my_tables: Seek[],
 *   lobby: Seek[], notifications: {unread: number, items: Notice[]}, limit: {used: number, max: number}}} Overview
 * @typedef {{nickname: string, games: number}} Regular
 * @typedef {{me: string, hub: Overview, regulars: Regular[], icons: Record<string, string>,
 *   challengers: ParkSetup}} PageState
 * @typedef {Record<string, string>} Texts
 */

/** The prefix of a robot's entry in a tile's players ("bot:heuristic"). */
const BOT = "bot:";

/**
 * Which variant a game is played in: "classic" or "chips" for Klubnacht, else the game's name.
 * @param {string} game
 * @param {Options} options
 * @returns {string}
 */
export function variantOf(game, options) {
  if (game === "klubnacht") return options.chips ? "chips" : "classic";
  return game;
}

/**
 * The game and its variant in words ("Club Night · With chip").
 * @param {Texts} texts
 * @param {string} game
 * @param {Options} options
 * @returns {string}
 */
export function variantName(texts, game, options) {
  const name = texts[`game_${game}`] ?? game;
  const variant = variantOf(game, options);
  const detail = texts[`variant_${variant}`];
  return detail ? `${name} · ${detail}` : name;
}

/**
 * The icon a tile shows top right: a card back (Classic), the disco-ball chip, the game's icon.
 * @param {PageState} state
 * @param {string} game
 * @param {Options} options
 * @returns {string}
 */
export function variantIcon(state, game, options) {
  return state.icons[variantOf(game, options)] ?? state.icons.challengers;
}

/**
 * The name of a tile's player: the nickname, or the training robot.
 * @param {Texts} texts
 * @param {string | null} player
 * @returns {string}
 */
export function playerName(texts, player) {
  if (player === null) return "?";
  return player.startsWith(BOT) ? texts.robot : player;
}

/**
 * The picture of a player's card back: the album card they wear, or the plain back.
 * @param {CardBack | null | undefined} back
 * @returns {string}
 */
export function backPicture(back) {
  if (!back) return "/art/backs/plain.svg";
  return `/art/backs/${encodeURIComponent(back.motif)}/${encodeURIComponent(back.tier)}.svg`;
}

/**
 * Whether only robots are to move in a game (their moves send no notice).
 * @param {Tile} tile
 * @returns {boolean}
 */
export function waitsForRobot(tile) {
  return tile.to_act.length > 0 && tile.to_act.every((seat) => (tile.players[seat] ?? "").startsWith(BOT));
}

/**
 * The other seats of a tile, each with its name and card back.
 * @param {Texts} texts
 * @param {Tile} tile
 * @returns {{seat: number, name: string, back: string}[]}
 */
export function opponents(texts, tile) {
  return tile.players
    .map((player, seat) => ({
      seat,
      name: playerName(texts, player),
      back: backPicture(player && player.startsWith(BOT) ? null : tile.card_backs?.[seat]),
    }))
    .filter((entry) => entry.seat !== tile.seat);
}

/**
 * The tiles in the hub's order: your turn first, then the clock that ends soonest.
 * @param {Tile[]} tiles
 * @returns {Tile[]}
 */
export function ordered(tiles) {
  const due = (/** @type {Tile} */ tile) => (tile.deadline ? Date.parse(tile.deadline) : Infinity);
  return [...tiles].sort(
    (a, b) => Number(b.my_turn) - Number(a.my_turn) || due(a) - due(b) || a.game_id - b.game_id,
  );
}

/**
 * Whose turn it is, in words.
 * @param {Texts} texts
 * @param {Tile} tile
 * @returns {string}
 */
export function whoseTurn(texts, tile) {
  if (tile.my_turn) return texts.your_turn;
  const names = tile.to_act.filter((seat) => seat !== tile.seat).map((seat) => playerName(texts, tile.players[seat] ?? null));
  return format(texts.waiting_for, { name: names.join(", ") });
}

/**
 * Whether every place of the member's game limit is taken.
 * @param {Overview} hub
 * @returns {boolean}
 */
export function limitFull(hub) {
  return hub.limit.used >= hub.limit.max;
}

/**
 * Whether the member has as many practice games running as they may.
 * @param {Overview} hub
 * @returns {boolean}
 */
export function practiceFull(hub) {
  return hub.games.filter((tile) => tile.practice).length >= hub.limit.max;
}

/**
 * A count in words: the text for one, or the text for many with {count} filled in.
 * @param {string} one
 * @param {string} many
 * @param {number} count
 * @returns {string}
 */
export function counted(one, many, count) {
  return count === 1 ? one : format(many, { count });
}

/**
 * A bot's name in words ("Steady"); a bot the hub has no word for yet goes by its own name.
 * @param {Texts} texts
 * @param {string} name
 * @returns {string}
 */
export function botName(texts, name) {
  return texts[`bot_${name}`] ?? name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * A clock length in words ("30 s", "2 min").
 * @param {Texts} texts
 * @param {number} seconds
 * @returns {string}
 */
export function duration(texts, seconds) {
  if (seconds < 60) return format(texts.seconds, { n: seconds });
  return format(texts.minutes, { n: Math.round((seconds / 60) * 10) / 10 });
}

/**
 * A table's clock in words.
 * @param {Texts} texts
 * @param {ParkSetup} setup
 * @param {Clock} clock
 * @returns {string}
 */
export function clockWords(texts, setup, clock) {
  if (clock.mode === "realtime") return format(texts.clock_realtime, { time: duration(texts, clock.seconds ?? 0) });
  return format(texts.clock_turn, { hours: setup.turn_hours });
}

/**
 * A Challengers! table's sets in words.
 * @param {Texts} texts
 * @param {ParkSetup} setup
 * @param {unknown} sets
 * @returns {string}
 */
export function setsWords(texts, setup, sets) {
  if (sets === "first-game") return texts.sets_first_game;
  if (!Array.isArray(sets)) return texts.sets_random;
  const names = sets.map((key) => setup.sets.find((set) => set.key === key)?.name ?? String(key));
  return format(texts.sets_chosen, { names: [setup.city, ...names].join(", ") });
}

/**
 * A Challengers! table's options in words: players, robot, sets, rules, clock.
 * @param {Texts} texts
 * @param {ParkSetup} setup
 * @param {Seek} seek
 * @returns {string[]}
 */
export function tableWords(texts, setup, seek) {
  const options = seek.options;
  const players = Number(options.players ?? seek.seats);
  const words = [counted(texts.players_one, texts.players_many, players)];
  if (players % 2 === 1) {
    const robot = format(texts.robot_level, { level: Number(options.difficulty ?? 0) });
    words.push(options.solo_cards ? `${robot} ${texts.solo_cards_on}` : robot);
  }
  words.push(setsWords(texts, setup, options.sets));
  if (options.alt_draft) words.push(texts.alt_draft_on);
  if (options.winter_park) words.push(texts.winter_park_on);
  if (options.coaches) words.push(texts.coaches_on);
  words.push(clockWords(texts, setup, seek.clock));
  return words;
}

/**
 * Who sits at a table and what is still free, in words.
 * @param {Texts} texts
 * @param {Seek} seek
 * @returns {string[]}
 */
export function seatWords(texts, seek) {
  const free = seek.seats - seek.bots - seek.members.length;
  const words = [counted(texts.seats_free_one, texts.seats_free_many, free)];
  if (seek.bots > 0) {
    const bots = counted(texts.with_bots_one, texts.with_bots_many, seek.bots);
    words.push(`${bots} (${seek.bot_names.map((name) => botName(texts, name)).join(", ")})`);
  }
  return words;
}
