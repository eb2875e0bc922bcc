// Forms that talk to the JSON API: `<form data-api="POST /api/...">`. The fields become the JSON
// body; a refusal is shown in words next to the field it concerns (each `.field-error` names the
// error codes it shows in `data-codes`), else above the buttons. On success the form goes to
// `data-next`, shows its `data-ok` text, or tells its page by the event "api:done".

import { api, ApiError } from "./api.js";
import { $$ } from "./dom.js";

/**
 * The JSON body of a form: checkboxes as booleans, `data-optional` fields left out when empty.
 * @param {HTMLFormElement} form
 * @returns {Record<string, unknown>}
 */
export function formBody(form) {
  /** @type {Record<string, unknown>} */
  const body = {};
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement)) continue;
    if (!element.name || element.disabled || element.dataset.local !== undefined) continue;
    if (element instanceof HTMLInputElement && element.type === "checkbox") {
      body[element.name] = element.checked;
    } else if (element instanceof HTMLInputElement && element.type === "radio") {
      if (element.checked) body[element.name] = element.value;
    } else if (element.value !== "" || element.dataset.optional === undefined) {
      body[element.name] = element.value;
    }
  }
  return body;
}

/**
 * Show a refusal next to the field it concerns, or for the whole form.
 * @param {HTMLFormElement} form
 * @param {ApiError} error
 */
export function showError(form, error) {
  clearErrors(form);
  const slot = $$(".field-error[data-codes]", form).find((element) =>
    (element.dataset.codes ?? "").split(" ").includes(error.code),
  );
  const target = slot ?? form.querySelector("[data-form-error]");
  if (target) target.textContent = error.message;
  const input = slot ? form.querySelector(`#${slot.dataset.for}`) : null;
  if (input instanceof HTMLElement) {
    input.setAttribute("aria-invalid", "true");
    input.focus();
  }
}

/** @param {HTMLFormElement} form */
function clearErrors(form) {
  for (const element of $$(".field-error, [data-form-error], [data-form-ok]", form)) element.textContent = "";
  for (const element of $$("[aria-invalid]", form)) element.removeAttribute("aria-invalid");
}

/**
 * Send a form to its API endpoint.
 * @param {HTMLFormElement} form
 */
async function submit(form) {
  const [method, path] = (form.dataset.api ?? "").split(" ");
  const button = form.querySelector('button[type="submit"]');
  if (button instanceof HTMLButtonElement) button.disabled = true;
  clearErrors(form);
  try {
    const answer = await api(method, path, formBody(form));
    form.dispatchEvent(new CustomEvent("api:done", { detail: answer }));
    if (form.dataset.next) {
      location.assign(form.dataset.next);
      return;
    }
    const ok = form.querySelector("[data-form-ok]");
    if (ok && form.dataset.ok) ok.textContent = form.dataset.ok;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    showError(form, error);
  } finally {
    if (button instanceof HTMLButtonElement) button.disabled = false;
  }
}

/** Make every API form of the page work. */
export function startForms() {
  for (const form of $$("form[data-api]")) {
    if (!(form instanceof HTMLFormElement)) continue;
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      if (form.reportValidity()) submit(form);
    });
  }
}
