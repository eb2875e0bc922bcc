// Calls to the site's JSON API: the session's CSRF token on every write, errors in words.

import { errorText, siteTexts } from "./texts.js";

/** A refused request: its status, the API's error code and the sentence for the reader. */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} text
   */
  constructor(status, code, text) {
    super(text);
    this.status = status;
    this.code = code;
  }
}

/** @returns {string} the session's CSRF token (empty for visitors) */
export function csrfToken() {
  const meta = document.querySelector('meta[name="csrf-token"]');
  return meta ? meta.getAttribute("content") ?? "" : "";
}

/**
 * Call the API; answers the parsed JSON (null for an empty answer), throws ApiError when refused.
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<any>}
 */
export async function api(method, path, body) {
  /** @type {Record<string, string>} */
  const headers = { Accept: "application/json" };
  if (method !== "GET") headers["X-CSRF-Token"] = csrfToken();
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError(0, "network", siteTexts.network_error);
  }
  const text = await response.text();
  const data = text ? JSON.parse(text) : null;
  if (!response.ok) {
    const code = data && typeof data.error === "string" ? data.error : "request.error";
    throw new ApiError(response.status, code, errorText(code));
  }
  return data;
}
