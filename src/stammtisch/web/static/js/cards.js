// The Challengers! card gallery: the set and level filters work at once, without a reload; the
// address keeps `?set=&level=` so a filtered gallery can be shared (without scripts the form sends
// the same query and the server filters).

import { $, $$ } from "./lib/dom.js";
import { format, pageData } from "./lib/texts.js";

/**
 * The value of the checked radio button of this name ("" for all).
 * @param {HTMLFormElement} form
 * @param {string} name
 * @returns {string}
 */
function chosen(form, name) {
  const input = form.querySelector(`input[name="${name}"]:checked`);
  return input instanceof HTMLInputElement ? input.value : "";
}

/**
 * Show the cards that match the filters, hide the rest, and say how many show.
 * @param {HTMLFormElement} form
 * @param {Record<string, string>} texts
 */
function filter(form, texts) {
  const set = chosen(form, "set");
  const level = chosen(form, "level");
  const cards = $$("article.ccard[data-card]");
  let shown = 0;
  for (const card of cards) {
    const match = (!set || card.dataset.set === set) && (!level || card.dataset.level === level);
    card.hidden = !match;
    if (match) shown++;
  }
  for (const section of $$("[data-set-section]")) {
    section.hidden = !section.querySelector("article.ccard:not([hidden])");
  }
  $("[data-gallery-count]").textContent = format(texts.count, { shown, total: cards.length });
  $("[data-gallery-empty]").hidden = shown > 0;
  const address = new URL(location.href);
  for (const [name, value] of [["set", set], ["level", level]]) {
    if (value) address.searchParams.set(name, value);
    else address.searchParams.delete(name);
  }
  history.replaceState(null, "", address.pathname + address.search + address.hash);
}

function startGallery() {
  const form = document.querySelector("form[data-gallery-filters]");
  if (!(form instanceof HTMLFormElement)) return;
  const texts = pageData("page-texts");
  $("[data-filter-submit]", form).hidden = true; // the choice applies as it is made
  form.addEventListener("change", () => filter(form, texts));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    filter(form, texts);
  });
}

startGallery();
