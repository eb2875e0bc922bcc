// Time left on a clock, in the reader's words ("2 h 15 min").

import { format, siteTexts } from "./texts.js";

/**
 * How long until a deadline, in at most two units; "time is up" once it passed.
 * @param {string | null | undefined} deadline an ISO date-time
 * @param {number} [now] milliseconds since the epoch
 * @returns {string}
 */
export function timeLeft(deadline, now = Date.now()) {
  if (!deadline) return "";
  let seconds = Math.floor((Date.parse(deadline) - now) / 1000);
  if (seconds <= 0) return siteTexts.time_up;
  const days = Math.floor(seconds / 86400);
  seconds -= days * 86400;
  const hours = Math.floor(seconds / 3600);
  seconds -= hours * 3600;
  const minutes = Math.floor(seconds / 60);
  seconds -= minutes * 60;
  /** @type {[number, string][]} */
  const parts = [
    [days, "days_short"],
    [hours, "hours_short"],
    [minutes, "minutes_short"],
    [seconds, "seconds_short"],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  return parts
    .slice(first, first + 2)
    .filter(([n]) => n > 0)
    .map(([n, key]) => format(siteTexts[key], { n }))
    .join(" ");
}

/**
 * Whether less than this many hours are left.
 * @param {string | null | undefined} deadline
 * @param {number} hours
 * @returns {boolean}
 */
export function runningOut(deadline, hours) {
  return Boolean(deadline) && Date.parse(String(deadline)) - Date.now() < hours * 3600 * 1000;
}
