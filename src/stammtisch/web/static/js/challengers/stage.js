// The matches as an animation: each match event moves a board of its park one step on, so the
// table can show the reveals, the flag, the bench and the result one after the other.

/** @typedef {import("./types.js").GameEvent} GameEvent */
/** @typedef {import("./types.js").Entry} Entry */
/** @typedef {import("./types.js").MatchBoard} MatchBoard */
/** @typedef {import("./types.js").Side} Side */
/** @typedef {import("./types.js").Frame} Frame */

/**
 * The size of a seat's deck as the match starts.
 * @typedef {(seat: number) => number} DeckOf
 */

/**
 * @param {number} seat
 * @param {number} deck
 * @returns {Side}
 */
function emptySide(seat, deck) {
  return { seat, deck, park: [], flag: false, bench: [], frozen: [], exhaust: [] };
}

/**
 * Take the given cards out of a list (each once, the last copies first).
 * @param {string[]} from
 * @param {string[]} cards
 * @returns {string[]}
 */
function without(from, cards) {
  const rest = [...from];
  for (const card of cards) {
    const at = rest.lastIndexOf(card);
    if (at >= 0) rest.splice(at, 1);
  }
  return rest;
}

/**
 * @param {MatchBoard} board
 * @param {number} seat
 * @returns {Side | undefined}
 */
function sideOf(board, seat) {
  return board.sides.find((side) => side.seat === seat);
}

/**
 * The board after one event (a new object; the one before is kept for earlier frames).
 * @param {MatchBoard | undefined} before
 * @param {GameEvent} event
 * @param {DeckOf} deckOf
 * @returns {MatchBoard | undefined}
 */
export function step(before, event, deckOf) {
  if (event.kind === "match_started") {
    /** @type {number[]} */
    const seats = event.seats;
    return { park: event.park, round: event.round, sides: seats.map((seat) => emptySide(seat, deckOf(seat))), attacker: null, winner: null };
  }
  if (!before) return before;
  /** @type {MatchBoard} */
  const board = structuredClone(before);
  const side = sideOf(board, event.seat);
  switch (event.kind) {
    case "card_revealed":
      if (side) {
        side.park.push(event.card);
        side.deck = event.deck;
      }
      board.attack = undefined;
      break;
    case "flag_taken":
      for (const each of board.sides) each.flag = each.seat === event.seat;
      break;
    case "attack":
      board.attacker = event.seat;
      board.attack = event.attack;
      board.defence = event.defence;
      break;
    case "cards_benched":
    case "cards_frozen":
      if (side) {
        side.park = without(side.park, event.cards);
        side.bench = event.bench;
        side.frozen = event.frozen;
      }
      break;
    case "cards_exhausted":
      if (side) {
        side.exhaust.push(...event.cards);
        if (event.from === "deck") side.deck = Math.max(0, side.deck - event.cards.length);
        if (event.from === "stack" || event.from === "park") side.park = without(side.park, event.cards);
        if (event.from === "bench") {
          side.bench = side.bench.map((seat) => without(seat, event.cards)).filter((seat) => seat.length > 0);
        }
      }
      break;
    case "card_destroyed":
      for (const each of board.sides) {
        if (each.park.includes(event.card) && (event.seat === undefined || each.seat === event.seat)) {
          each.park = without(each.park, [event.card]);
          break;
        }
      }
      break;
    case "cards_to_deck_top":
      if (side) {
        side.bench = side.bench.map((seat) => without(seat, event.cards)).filter((seat) => seat.length > 0);
        side.deck += event.cards.length;
      }
      break;
    case "match_won":
      board.winner = event.seat;
      board.attack = undefined;
      break;
    default:
      break;
  }
  return board;
}

/** The match events worth a frame of their own (the others only update the feed). */
export const SHOWN = new Set([
  "match_started",
  "card_revealed",
  "flag_taken",
  "attack",
  "bonus_applied",
  "cards_benched",
  "cards_frozen",
  "cards_exhausted",
  "card_destroyed",
  "fans_gained",
  "bench_full",
  "deck_empty",
  "match_won",
]);

/**
 * The frames of the entries' match events, the boards of every park after each.
 * @param {Record<number, MatchBoard>} boards the parks' boards before (changed in place to after)
 * @param {Entry[]} entries
 * @param {DeckOf} deckOf
 * @returns {Frame[]}
 */
export function frames(boards, entries, deckOf) {
  /** @type {Frame[]} */
  const out = [];
  for (const entry of entries) {
    for (const event of entry.events) {
      if (typeof event.park !== "number") continue;
      const next = step(boards[event.park], event, deckOf);
      if (next) boards[event.park] = next;
      if (SHOWN.has(event.kind) && next) out.push({ event, boards: { ...boards } });
    }
  }
  return out;
}

/**
 * The parks' last boards of the matches found in a log (for a page opened after them).
 * @param {Entry[]} entries
 * @param {DeckOf} deckOf
 * @returns {Record<number, MatchBoard>}
 */
export function lastBoards(entries, deckOf) {
  /** @type {Record<number, MatchBoard>} */
  const boards = {};
  frames(boards, entries, deckOf);
  return boards;
}
