// The table's dialogs: redeeming each chip, resigning, the rematch's variant, the last turn again.
// Each is a modal <dialog> built when it opens and removed when it closes.

import { h } from "../lib/dom.js";
import { MOTIFS } from "./legal.js";
import { face, mini } from "./parts.js";

/** @typedef {import("./types.js").View} View */
/** @typedef {import("./types.js").Game} Game */
/** @typedef {import("./types.js").Entry} Entry */
/** @typedef {import("./parts.js").Art} Art */
/** @typedef {import("./words.js").Words} Words */
/** @typedef {import("../lib/dom.js").Child} Child */

let opened = 0;

/**
 * Open a modal dialog; it is removed once closed.
 * @param {{title: string, className?: string, body: (close: () => void) => (Child | Child[])[], closeText: string,
 *   closeClass?: string, onClose?: () => void}} how
 * @returns {HTMLDialogElement}
 */
export function modal(how) {
  opened += 1;
  const id = `kn-dialog-title-${opened}`;
  const dialog = h("dialog", { class: `kn-dialog ${how.className ?? ""}`.trim(), "aria-labelledby": id });
  const close = () => dialog.close();
  dialog.append(h("h2", { id }, how.title));
  for (const part of how.body(close).flat()) {
    if (part !== null && part !== undefined && part !== false) dialog.append(typeof part === "object" ? part : String(part));
  }
  dialog.append(h("p", { class: "kn-dialog-close" }, h("button", { type: "button", class: `button ${how.closeClass ?? "ghost"}`, "data-close": "", onclick: close }, how.closeText)));
  dialog.addEventListener("close", () => {
    dialog.remove();
    how.onClose?.();
  });
  document.body.append(dialog);
  dialog.showModal();
  return dialog;
}

/**
 * The dialog of one's chip: its name and rule, and what to choose before redeeming it.
 * @param {{code: string, legal: string[], view: View, words: Words, art: Art,
 *   submit: (action: string) => void, onClose?: () => void}} how
 * @returns {HTMLDialogElement}
 */
export function chipDialog(how) {
  const { code, words, art } = how;
  const name = words.chip(code);
  return modal({
    title: name,
    className: `kn-chip-dialog chip-${code}`,
    closeText: words.t.cancel,
    onClose: how.onClose,
    body: (close) => {
      const send = (/** @type {string} */ action) => {
        close();
        how.submit(action);
      };
      const intro = h(
        "div",
        { class: "kn-chip-intro" },
        h("img", { src: art.chips[code] ?? "", alt: "", width: 64, height: 64 }),
        h("p", { class: "kn-chip-rule" }, words.chipRule(code)),
      );
      if (code === "free_drink" || code === "sabotage") {
        const stacked = how.view.free_drink_motifs ?? {};
        const buttons = MOTIFS.map((motif) => {
          const action = `redeem ${code} ${motif}`;
          const possible = how.legal.includes(action);
          const label = code === "free_drink" && !stacked[motif] ? words.say("not_in_stack", { motif: words.card(motif) }) : words.card(motif);
          return h(
            "li",
            {},
            h(
              "button",
              { type: "button", class: "kn-motif-button", disabled: !possible, "aria-label": label, "data-motif": motif, onclick: () => send(action) },
              face(art, words, motif, possible ? "" : "greyed"),
              possible ? null : h("span", { class: "kn-none-left", "aria-hidden": "true" }, words.t.none_left),
            ),
          );
        });
        return [
          intro,
          h("p", { class: "kn-hint" }, code === "free_drink" ? words.t.free_drink_hint : words.t.sabotage_hint),
          h("fieldset", { class: "kn-motifs" }, h("legend", {}, words.t.choose_motif), h("ul", { "data-row": "motifs" }, buttons)),
        ];
      }
      return [
        intro,
        code === "magpie" ? h("p", { class: "kn-hint" }, words.t.magpie_hint) : null,
        h(
          "p",
          { class: "actions" },
          h("button", { type: "button", class: "button primary", "data-confirm": "", onclick: () => send(`redeem ${code}`) }, words.say("redeem_chip", { chip: name })),
        ),
      ];
    },
  });
}

/**
 * Ask before resigning.
 * @param {Words} words
 * @param {() => void} resign
 * @returns {HTMLDialogElement}
 */
export function resignDialog(words, resign) {
  return modal({
    title: words.t.resign_title,
    closeText: words.t.cancel,
    body: (close) => [
      h("p", {}, words.t.resign_text),
      h(
        "p",
        { class: "actions" },
        h("button", { type: "button", class: "button danger", "data-confirm": "", onclick: () => (close(), resign()) }, words.t.resign_confirm),
      ),
    ],
  });
}

/**
 * The rematch asks for the variant first, then sends the invitation.
 * @param {{words: Words, art: Art, variant: string, send: (chips: boolean) => Promise<string | null>}} how
 * @returns {HTMLDialogElement}
 */
export function rematchDialog(how) {
  const { words } = how;
  return modal({
    title: words.t.rematch_title,
    closeText: words.t.cancel,
    body: (close) => {
      const error = h("p", { class: "form-error", role: "alert" });
      const choice = (/** @type {string} */ value) =>
        h(
          "label",
          { class: "kn-variant" },
          h("input", { type: "radio", name: "kn-variant", value, checked: value === how.variant }),
          h("img", { src: how.art.variants[value] ?? "", alt: "", width: 40, height: 40 }),
          h("span", {}, words.g.variants[value] ?? value),
        );
      const form = h(
        "form",
        { class: "kn-rematch-form" },
        h("fieldset", {}, h("legend", { class: "visually-hidden" }, words.t.rematch_title), choice("classic"), choice("chips")),
        error,
        h("p", { class: "actions" }, h("button", { type: "submit", class: "button primary" }, words.t.send_invitation)),
      );
      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        const picked = form.querySelector('input[name="kn-variant"]:checked');
        const chips = picked instanceof HTMLInputElement && picked.value === "chips";
        const refused = await how.send(chips);
        if (refused) error.textContent = refused;
        else close();
      });
      return [form];
    },
  });
}

/**
 * Pictures of what a step did: the cards taken or handed in, the chip redeemed.
 * @param {Entry} entry
 * @param {Art} art
 * @param {Words} words
 * @returns {HTMLElement[]}
 */
function stepPictures(entry, art, words) {
  /** @type {HTMLElement[]} */
  const pictures = [];
  for (const event of entry.events) {
    if (event.kind === "card_taken") {
      pictures.push(h("span", { class: "kn-step-take" }, face(art, words, event.card, "small"), h("span", { class: "kn-step-slot" }, words.say("slot", { n: event.slot + 1 }))));
    } else if (event.kind === "task_claimed") {
      pictures.push(h("span", { class: "kn-step-claim" }, event.cards.map((/** @type {string} */ card) => mini(art, card.replace(/\d+$/, ""))), h("span", { class: "kn-gold" }, String(event.points))));
    } else if (event.kind === "chip_redeemed") {
      pictures.push(h("img", { class: "kn-step-chip", src: art.chips[event.chip] ?? "", alt: "", width: 40, height: 40 }));
    }
  }
  return pictures;
}

/**
 * The opponent's last turn step by step: which card from which slot, which task with which
 * cards, the chip.
 * @param {{entries: Entry[], game: Game, me: number, words: Words, art: Art}} how
 * @returns {HTMLDialogElement}
 */
export function lastTurnDialog(how) {
  const { words, art, game, me } = how;
  const name = words.seat(game, 1 - me);
  const steps = how.entries
    .map((entry) => {
      const visible = { ...entry, events: entry.events.filter((event) => event.kind !== "turn_started") };
      return { entry: visible, said: words.entry(visible, game, me) };
    })
    .filter((step) => step.said.length > 0);
  return modal({
    title: words.say("last_turn_title", { name }),
    className: "kn-last-turn",
    closeText: words.t.close,
    body: () => {
      if (steps.length === 0) return [h("p", {}, words.say("no_last_turn", { name }))];
      let index = 0;
      const counter = h("p", { class: "kn-replay-step", "aria-live": "polite" });
      const items = steps.map((step) => h("li", { class: "kn-step" }, h("span", { class: "kn-step-words" }, step.said.join(" ")), h("span", { class: "kn-step-pictures" }, stepPictures(step.entry, art, words))));
      const previous = h("button", { type: "button", class: "button small", "data-step": "previous" }, words.t.previous);
      const next = h("button", { type: "button", class: "button small primary", "data-step": "next" }, words.t.next);
      const show = () => {
        items.forEach((item, at) => {
          item.classList.toggle("current", at === index);
          item.classList.toggle("later", at > index);
          if (at === index) item.setAttribute("aria-current", "step");
          else item.removeAttribute("aria-current");
        });
        counter.textContent = words.say("step_of", { n: index + 1, count: steps.length });
        previous.disabled = index === 0;
        next.disabled = index === steps.length - 1;
      };
      previous.addEventListener("click", () => ((index = Math.max(0, index - 1)), show()));
      next.addEventListener("click", () => ((index = Math.min(steps.length - 1, index + 1)), show()));
      show();
      return [counter, h("ol", { class: "kn-steps" }, items), h("p", { class: "kn-replay-controls" }, previous, next)];
    },
  });
}
