// Following a game step by step, shared by the tables: the log entries that lead from the step a
// page shows to a newer one, and the table fields a change brings.

import { api } from "./api.js";

/**
 * The log entries after step `shown` up to `change.seq`, in order: the change's own when they are
 * complete, else read from the game's log (none when that read fails).
 * @template {{seq: number}} E
 * @param {number} gameId
 * @param {number} shown
 * @param {{seq: number, log?: E[]}} change
 * @returns {Promise<E[]>}
 */
export async function entriesSince(gameId, shown, change) {
  const fresh = (change.log ?? []).filter((entry) => entry.seq > shown).sort((a, b) => a.seq - b.seq);
  const complete = fresh.length === change.seq - shown && fresh.every((entry, index) => entry.seq === shown + 1 + index);
  if (complete) return fresh;
  try {
    /** @type {E[]} */
    const missed = await api("GET", `/api/games/${gameId}/log?after=${shown}`);
    return missed.filter((entry) => entry.seq <= change.seq);
  } catch {
    return [];
  }
}

/**
 * Copy the named fields a change has and that differ into the game; whether any did.
 * @param {Record<string, any>} game
 * @param {Record<string, any>} change
 * @param {readonly string[]} fields
 * @returns {boolean}
 */
export function takeFields(game, change, fields) {
  let changed = false;
  for (const field of fields) {
    if (field in change && JSON.stringify(game[field]) !== JSON.stringify(change[field])) {
      game[field] = change[field];
      changed = true;
    }
  }
  return changed;
}
