// The account pages: password show/hide switches, the e-mail opt-in that needs an address, the
// reset page (the e-mail's token read from the address's fragment), the settings' own saves and
// their sound switches.

import { api, ApiError } from "./lib/api.js";
import { $, $$ } from "./lib/dom.js";
import { formBody, showError } from "./lib/forms.js";
import { live } from "./lib/live.js";
import { CUES, SOUND_CHANGE, cueOn, preview, setCueOn, setSoundOn, soundOn } from "./lib/sound.js";
import { pageData, siteTexts } from "./lib/texts.js";

/** Each `[data-reveal]` button shows or hides the password of the field it controls. */
function startRevealButtons() {
  for (const button of $$("[data-reveal]")) {
    const input = document.getElementById(button.dataset.reveal ?? "");
    if (!(input instanceof HTMLInputElement)) continue;
    button.addEventListener("click", () => {
      const shown = input.type === "password";
      input.type = shown ? "text" : "password";
      button.setAttribute("aria-pressed", String(shown));
    });
  }
}

/** The notification opt-in (`[data-optin-box]`) can only be switched on with an e-mail address. */
function startOptIns() {
  for (const box of $$("[data-optin]")) {
    const form = box.closest("form");
    const checkbox = box.querySelector("[data-optin-box]");
    const address = form?.querySelector('input[name="email"]');
    const needs = box.querySelector("[data-optin-needs]");
    if (!(checkbox instanceof HTMLInputElement) || !(address instanceof HTMLInputElement)) continue;
    const sync = () => {
      const empty = address.value.trim() === "";
      checkbox.disabled = empty;
      if (empty) checkbox.checked = false;
      if (needs instanceof HTMLElement) needs.hidden = !empty;
    };
    address.addEventListener("input", sync);
    sync();
  }
}

/**
 * Show one section of the reset page and move the reader's focus to its heading.
 * @param {"reset-request" | "reset-sent" | "reset-new"} id
 * @param {boolean} [focus]
 */
function showSection(id, focus = true) {
  for (const section of $$("#reset-request, #reset-sent, #reset-new")) section.hidden = section.id !== id;
  if (focus) $(`#${id} h1`).focus();
}

/** The e-mail's token (`#token=...`), taken out of the address bar so it is not kept there. */
function takeToken() {
  const match = /^#token=([^&]+)/.exec(location.hash);
  if (!match) return null;
  history.replaceState(null, "", location.pathname + location.search);
  return decodeURIComponent(match[1]);
}

function startPasswordReset() {
  if (!document.getElementById("reset-request")) return;
  const requestForm = $("#reset-request form");
  requestForm.addEventListener("api:done", () => showSection("reset-sent"));
  const confirmForm = /** @type {HTMLFormElement} */ ($("form[data-reset-confirm]"));
  const invalid = $("[data-token-invalid]");
  for (const button of $$("[data-reset-again]")) {
    button.addEventListener("click", () => {
      invalid.hidden = true;
      confirmForm.hidden = false;
      $("[data-token-error]", invalid).textContent = "";
      showSection("reset-request");
      $("#reset-login").focus();
    });
  }
  /** @param {boolean} focus */
  const openLink = (focus) => {
    const token = takeToken();
    if (!token) return;
    /** @type {HTMLInputElement} */ ($('input[name="token"]', confirmForm)).value = token;
    invalid.hidden = true;
    confirmForm.hidden = false;
    showSection("reset-new", focus);
  };
  openLink(false);
  window.addEventListener("hashchange", () => openLink(true)); // the link opened in this tab
  confirmForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = $('button[type="submit"]', confirmForm);
    if (button instanceof HTMLButtonElement) button.disabled = true;
    live.leaving = true; // a signed-in reader's sessions end here; a new one starts
    try {
      await api("POST", "/api/accounts/password-reset/confirm", formBody(confirmForm));
      location.assign("/hub");
    } catch (error) {
      live.leaving = false;
      if (!(error instanceof ApiError)) throw error;
      showError(confirmForm, error);
      if (error.code === "accounts.reset_token_invalid") {
        $("[data-form-error]", confirmForm).textContent = "";
        $("[data-token-error]", invalid).textContent = error.message;
        confirmForm.hidden = true;
        invalid.hidden = false;
        $("button", invalid).focus();
      }
    } finally {
      if (button instanceof HTMLButtonElement) button.disabled = false;
    }
  });
}

/** After a save, the e-mail form shows what the server stored (the address as trimmed). */
function startEmailSettings() {
  for (const form of $$("form[data-email-settings]")) {
    form.addEventListener("api:done", (event) => {
      const me = /** @type {CustomEvent<{email: string | null, email_notifications: boolean}>} */ (event).detail;
      const address = /** @type {HTMLInputElement} */ ($('input[name="email"]', form));
      address.value = me.email ?? "";
      /** @type {HTMLInputElement} */ ($('input[name="email_notifications"]', form)).checked = me.email_notifications;
      address.dispatchEvent(new Event("input"));
    });
  }
}

/** A changed password is not left in the form. */
function startPasswordChange() {
  for (const form of $$("form[data-password-change]")) {
    form.addEventListener("api:done", () => {
      for (const input of $$('input[type="password"], input[type="text"]:not([data-local])', form)) {
        if (input instanceof HTMLInputElement) input.value = "";
      }
    });
  }
}

/** The language form comes back with `?saved=language`, which the address bar need not keep. */
function startLanguageSaved() {
  const address = new URL(location.href);
  if (!document.querySelector(".settings-page") || !address.searchParams.has("saved")) return;
  address.searchParams.delete("saved");
  history.replaceState(null, "", address.pathname + address.search + address.hash);
}

/** The card back: the plain one (DELETE) or an album card (PUT with its month and number). */
function startCardBack() {
  const form = document.querySelector("form[data-card-back]");
  if (!(form instanceof HTMLFormElement)) return;
  const ok = form.querySelector("[data-form-ok]");
  if (!ok) return; // nothing to choose from but the plain back
  const texts = pageData("page-texts");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const chosen = form.querySelector('input[name="back"]:checked');
    if (!(chosen instanceof HTMLInputElement)) return;
    const button = $('button[type="submit"]', form);
    if (button instanceof HTMLButtonElement) button.disabled = true;
    ok.textContent = "";
    try {
      if (chosen.value === "plain") {
        await api("DELETE", "/api/album/card-back");
      } else {
        const [month, card] = chosen.value.split("/");
        await api("PUT", "/api/album/card-back", { month, card: Number(card) });
      }
      $("[data-form-error]", form).textContent = "";
      ok.textContent = texts.back_saved;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      showError(form, error);
    } finally {
      if (button instanceof HTMLButtonElement) button.disabled = false;
    }
  });
}

/**
 * Whether a name is one of the cues.
 * @param {string | undefined} name
 * @returns {name is import("./lib/sound.js").Cue}
 */
function isCue(name) {
  return CUES.some((cue) => cue === name);
}

/** The top bar's sound switch shows what the settings' main switch says. */
function showTopBarSwitch() {
  const on = soundOn();
  for (const button of $$("[data-sound-toggle]")) {
    button.setAttribute("aria-pressed", String(on));
    const label = button.querySelector(".label");
    if (label) label.textContent = on ? siteTexts.sound_on : siteTexts.sound_off;
    button.title = on ? siteTexts.sound_on : siteTexts.sound_off;
  }
}

/** The sound section: the main switch and one per cue (kept in this browser), "Play" to hear one. */
function startSoundSettings() {
  const section = document.querySelector("[data-sound-settings]");
  if (!(section instanceof HTMLElement)) return;
  const main = /** @type {HTMLInputElement} */ ($("[data-sound-main]", section));
  const off = $("[data-sound-main-off]", section);
  const show = () => {
    main.checked = soundOn();
    off.hidden = main.checked;
    section.classList.toggle("muted", !main.checked);
    for (const box of $$("[data-sound-cue]", section)) {
      const cue = box.dataset.soundCue;
      if (box instanceof HTMLInputElement && isCue(cue)) box.checked = cueOn(cue);
    }
  };
  main.addEventListener("change", () => {
    setSoundOn(main.checked);
    showTopBarSwitch();
  });
  for (const box of $$("[data-sound-cue]", section)) {
    const cue = box.dataset.soundCue;
    if (!(box instanceof HTMLInputElement) || !isCue(cue)) continue;
    box.addEventListener("change", () => setCueOn(cue, box.checked));
  }
  for (const button of $$("[data-sound-play]", section)) {
    const cue = button.dataset.soundPlay;
    if (isCue(cue)) button.addEventListener("click", () => preview(cue));
  }
  window.addEventListener(SOUND_CHANGE, show); // also when the top bar's switch is used
  window.addEventListener("storage", show); // or another tab of this browser changed it
  show();
}

startRevealButtons();
startOptIns();
startPasswordReset();
startEmailSettings();
startPasswordChange();
startCardBack();
startLanguageSaved();
startSoundSettings();
