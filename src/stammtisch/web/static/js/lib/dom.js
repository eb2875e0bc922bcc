// Small DOM helpers: elements are built with text nodes only, so no member-written text is ever
// parsed as HTML.

/**
 * @typedef {string | number | Node | null | undefined | false} Child
 * @typedef {Record<string, string | number | boolean | null | undefined | EventListener>} Attrs
 */

/**
 * An element with attributes (`on...` keys become listeners, `true` a bare attribute) and children.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {...(Child | Child[])} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === "function") {
      element.addEventListener(name.slice(2), value);
    } else if (value === true) {
      element.setAttribute(name, "");
    } else {
      element.setAttribute(name, String(value));
    }
  }
  append(element, children);
  return element;
}

/**
 * An SVG element (for pictures drawn by the scripts).
 * @param {string} tag
 * @param {Record<string, string | number>} [attrs]
 * @param {...Node} children
 * @returns {SVGElement}
 */
export function svg(tag, attrs = {}, ...children) {
  const element = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, String(value));
  for (const child of children) element.append(child);
  return element;
}

/**
 * Append children (text, nodes, nested lists; empty values are skipped).
 * @param {Element | DocumentFragment} parent
 * @param {(Child | Child[])[]} children
 */
export function append(parent, children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(typeof child === "object" ? child : String(child));
  }
}

/**
 * Replace an element's children.
 * @param {Element} parent
 * @param {...(Child | Child[])} children
 */
export function replace(parent, ...children) {
  parent.replaceChildren();
  append(parent, children);
}

/**
 * The first element matching a selector; throws when the page lacks it.
 * @template {Element} [E=HTMLElement]
 * @param {string} selector
 * @param {ParentNode} [root]
 * @returns {E}
 */
export function $(selector, root = document) {
  const found = root.querySelector(selector);
  if (!found) throw new Error(`missing ${selector}`);
  return /** @type {E} */ (/** @type {unknown} */ (found));
}

/**
 * Every element matching a selector.
 * @template {Element} [E=HTMLElement]
 * @param {string} selector
 * @param {ParentNode} [root]
 * @returns {E[]}
 */
export function $$(selector, root = document) {
  return /** @type {E[]} */ (/** @type {unknown} */ ([...root.querySelectorAll(selector)]));
}
