// Every page: the folding menu, the member menu, the sound switch, API forms, and for members the
// live counters of the top bar (unread notifications, waiting album upgrades).

import { $$ } from "./lib/dom.js";
import { startForms } from "./lib/forms.js";
import { live } from "./lib/live.js";
import { setSoundOn, soundOn, unlockOnGesture } from "./lib/sound.js";
import { format, siteTexts } from "./lib/texts.js";

/**
 * A button that opens and closes what it controls (`aria-controls`).
 * @param {HTMLElement} button
 * @param {(open: boolean) => void} show
 */
function toggler(button, show) {
  button.addEventListener("click", () => {
    const open = button.getAttribute("aria-expanded") !== "true";
    button.setAttribute("aria-expanded", String(open));
    show(open);
  });
}

function startMenus() {
  const menu = document.querySelector(".menu-toggle");
  const nav = document.getElementById("site-nav");
  if (menu instanceof HTMLElement && nav) toggler(menu, (open) => nav.classList.toggle("open", open));
  const member = document.querySelector(".member-button");
  const items = document.getElementById("member-menu");
  if (member instanceof HTMLElement && items) {
    toggler(member, (open) => (items.hidden = !open));
    document.addEventListener("click", (event) => {
      if (event.target instanceof Node && !member.parentElement?.contains(event.target)) {
        member.setAttribute("aria-expanded", "false");
        items.hidden = true;
      }
    });
  }
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    for (const button of $$('[aria-expanded="true"]')) button.click();
  });
}

function startSoundSwitch() {
  unlockOnGesture();
  for (const button of $$("[data-sound-toggle]")) {
    const show = () => {
      const on = soundOn();
      button.setAttribute("aria-pressed", String(on));
      const label = button.querySelector(".label");
      if (label) label.textContent = on ? siteTexts.sound_on : siteTexts.sound_off;
      button.title = on ? siteTexts.sound_on : siteTexts.sound_off;
    };
    show();
    button.addEventListener("click", () => {
      setSoundOn(!soundOn());
      show();
    });
  }
}

/**
 * Show a counter of the top bar (hidden at zero).
 * @param {string} name "unread" or "album"
 * @param {number} count
 */
export function showCount(name, count) {
  const key = name === "unread" ? "unread" : "album_waiting";
  for (const element of $$(`[data-count="${name}"]`)) {
    element.textContent = String(count);
    element.hidden = count === 0;
    element.setAttribute("aria-label", format(siteTexts[key], { count }));
  }
}

function startCounters() {
  if (!document.body.dataset.member) return;
  live.on("hello", (message) => {
    showCount("unread", message.unread);
    showCount("album", message.album_waiting);
  });
  live.on("notifications", (message) => showCount("unread", message.unread));
  live.on("album", (message) => showCount("album", message.waiting));
  live.start();
}

startMenus();
startSoundSwitch();
startForms();
// The submit buttons of forms that scripts send come disabled, so that no click before the page's
// scripts ran submits the form natively; every module has run by DOMContentLoaded.
document.addEventListener("DOMContentLoaded", () => {
  for (const button of $$("button[data-needs-script]")) {
    if (button instanceof HTMLButtonElement) button.disabled = false;
    button.removeAttribute("data-needs-script");
  }
});
startCounters();
