// Starts Swagger UI on the API's OpenAPI document (a file of its own: the site allows no inline scripts).
/* global SwaggerUIBundle */
window.addEventListener("DOMContentLoaded", () => {
  const root = /** @type {HTMLElement} */ (document.getElementById("swagger-ui"));
  // @ts-ignore: Swagger UI is a global script of its own, not a module of ours.
  SwaggerUIBundle({ url: root.dataset.openapi, dom_id: "#swagger-ui", deepLinking: true });
});
