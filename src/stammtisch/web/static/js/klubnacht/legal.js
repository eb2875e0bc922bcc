// What the seat may do now, read from the legal actions' canonical texts, and card helpers.

/** The motifs in the order the engine lists them. */
export const MOTIFS = ["dj", "bouncer", "bartender", "lights", "sound", "delivery"];

/**
 * @typedef {{takes: Set<number>, claims: Map<string, string[]>, redeem: string[], keep: string[],
 *   end: boolean}} Moves
 */

/**
 * The legal actions sorted by kind.
 * @param {string[]} legal
 * @returns {Moves}
 */
export function movesOf(legal) {
  /** @type {Moves} */
  const moves = { takes: new Set(), claims: new Map(), redeem: [], keep: [], end: false };
  for (const text of legal) {
    const [verb, ...args] = text.split(" ");
    if (verb === "take") moves.takes.add(Number(args[0]));
    else if (verb === "claim") moves.claims.set(args[0], args.slice(1));
    else if (verb === "redeem") moves.redeem.push(text);
    else if (verb === "keep") moves.keep.push(args[0]);
    else if (verb === "end") moves.end = true;
  }
  return moves;
}

/**
 * The motif of a card ("dj3" → "dj").
 * @param {string} card
 * @returns {string}
 */
export function motifOf(card) {
  return card.replace(/\d+$/, "");
}

/**
 * Cards sorted as the table shows them: by motif, then copy.
 * @param {string[]} cards
 * @returns {string[]}
 */
export function sortCards(cards) {
  const rank = (/** @type {string} */ card) => MOTIFS.indexOf(motifOf(card)) * 100 + Number(card.replace(/^\D+/, ""));
  return [...cards].sort((a, b) => rank(a) - rank(b));
}

/**
 * How many of each motif a list of cards or motifs holds.
 * @param {string[]} items
 * @returns {Map<string, number>}
 */
export function countMotifs(items) {
  const counts = new Map();
  for (const item of items) {
    const motif = motifOf(item);
    counts.set(motif, (counts.get(motif) ?? 0) + 1);
  }
  return counts;
}

/**
 * How the selected cards relate to a task's needs: "match" (exactly), "part" (some of them), or "".
 * @param {string[]} selected
 * @param {string[]} needs
 * @returns {"match" | "part" | ""}
 */
export function fit(selected, needs) {
  if (selected.length === 0) return "";
  const have = countMotifs(selected);
  const want = countMotifs(needs);
  for (const [motif, n] of have) if ((want.get(motif) ?? 0) < n) return "";
  return selected.length === needs.length ? "match" : "part";
}
