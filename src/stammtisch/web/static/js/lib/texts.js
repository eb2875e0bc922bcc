// Texts come from the page, already in the reader's language (the server renders them from the
// gettext catalogues); scripts carry no sentences of their own.

/**
 * The JSON data block of the page with this id (`<script type="application/json" id=...>`).
 * @template [T=Record<string, string>]
 * @param {string} id
 * @returns {T}
 */
export function pageData(id) {
  const element = document.getElementById(id);
  if (!element || !element.textContent) throw new Error(`missing page data ${id}`);
  return JSON.parse(element.textContent);
}

/**
 * A text with its `{name}` placeholders filled in.
 * @param {string} text
 * @param {Record<string, string | number>} [params]
 * @returns {string}
 */
export function format(text, params = {}) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** @type {Record<string, string>} */
export const siteTexts = pageData("site-texts");

/** @type {Record<string, string>} */
const errorTexts = pageData("error-texts");

/**
 * The sentence for an API error code in the reader's language.
 * @param {string} code
 * @returns {string}
 */
export function errorText(code) {
  return errorTexts[code] ?? siteTexts.error_fallback;
}
