// The live connection of this tab (one websocket, see docs/protocol.md): it reconnects by itself,
// watches its games again after every reconnect (each watch starts with a full resync), and shows
// a quiet banner while it is away.

import { siteTexts } from "./texts.js";

/** @typedef {{type: string, [key: string]: any}} Message */
/** @typedef {(message: Message) => void} Handler */

const PING_SECONDS = 25;
const SILENCE_SECONDS = 60;
const BANNER_DELAY_MS = 1200;
const SESSION_ENDED = 4401;
const REFUSED = 4403;

class Live {
  constructor() {
    /** @type {WebSocket | null} */
    this.socket = null;
    /** @type {Map<string, Set<Handler>>} */
    this.handlers = new Map();
    /** @type {Set<number>} */
    this.watched = new Set();
    this.started = false;
    this.attempt = 0;
    this.everOpened = false;
    this.lastHeard = Date.now();
    /** @type {number | undefined} */
    this.bannerTimer = undefined;
    /** @type {number | undefined} */
    this.retryTimer = undefined;
    /** Set while the page itself ends its session or leaves (logout, password reset): a closed
     * session is then no reason to send the reader to the login page. */
    this.leaving = false;
  }

  /** Open the connection (once per page). */
  start() {
    if (this.started) return;
    this.started = true;
    this.connect();
    window.setInterval(() => this.keepAlive(), PING_SECONDS * 1000);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && !this.isOpen()) this.reconnectNow();
    });
    window.addEventListener("online", () => this.reconnectNow());
    window.addEventListener("beforeunload", () => (this.leaving = true));
  }

  /** @returns {boolean} whether messages can be sent now */
  isOpen() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const socket = new WebSocket(`${scheme}${location.host}/api/ws`);
    this.socket = socket;
    socket.addEventListener("open", () => this.opened());
    socket.addEventListener("message", (event) => this.received(event));
    socket.addEventListener("close", (event) => this.closed(socket, event));
  }

  opened() {
    const again = this.everOpened;
    this.everOpened = true;
    this.attempt = 0;
    this.lastHeard = Date.now();
    for (const gameId of this.watched) this.send({ type: "watch", game_id: gameId });
    this.emit({ type: "open", reconnected: again });
    this.banner(again ? "back" : null);
  }

  /** @param {MessageEvent} event */
  received(event) {
    this.lastHeard = Date.now();
    /** @type {Message} */
    let message;
    try {
      message = JSON.parse(String(event.data));
    } catch {
      return;
    }
    this.emit(message);
  }

  /**
   * @param {WebSocket} socket
   * @param {CloseEvent} event
   */
  closed(socket, event) {
    if (this.socket !== socket) return;
    this.socket = null;
    this.emit({ type: "close", code: event.code });
    if (event.code === SESSION_ENDED) {
      if (this.leaving) return;
      location.assign(`/login?next=${encodeURIComponent(location.pathname)}`);
      return;
    }
    if (event.code === REFUSED) return;
    this.banner("lost");
    const wait = Math.min(10000, 500 * 2 ** this.attempt) * (0.75 + Math.random() / 2);
    this.attempt += 1;
    this.retryTimer = window.setTimeout(() => this.connect(), wait);
  }

  reconnectNow() {
    if (this.socket !== null) return;
    window.clearTimeout(this.retryTimer);
    this.connect();
  }

  keepAlive() {
    if (!this.isOpen()) return;
    if (Date.now() - this.lastHeard > SILENCE_SECONDS * 1000) {
      this.socket?.close();
      return;
    }
    this.send({ type: "ping" });
  }

  /**
   * Show the connection banner: "lost" (after a moment, to avoid flicker), "back" briefly, or none.
   * @param {"lost" | "back" | null} state
   */
  banner(state) {
    const element = document.getElementById("connection-banner");
    if (!element) return;
    window.clearTimeout(this.bannerTimer);
    if (state === "lost") {
      this.bannerTimer = window.setTimeout(() => {
        element.textContent = siteTexts.connection_lost;
        element.classList.remove("back");
        element.hidden = false;
      }, BANNER_DELAY_MS);
    } else if (state === "back" && !element.hidden) {
      element.textContent = siteTexts.connection_back;
      element.classList.add("back");
      this.bannerTimer = window.setTimeout(() => (element.hidden = true), 2500);
    } else {
      element.hidden = true;
    }
  }

  /**
   * Listen to one type of message (also "open" and "close"); answers a function that stops.
   * @param {string} type
   * @param {Handler} handler
   * @returns {() => void}
   */
  on(type, handler) {
    let set = this.handlers.get(type);
    if (!set) {
      set = new Set();
      this.handlers.set(type, set);
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  /** @param {Message} message */
  emit(message) {
    for (const handler of this.handlers.get(message.type) ?? []) {
      try {
        handler(message);
      } catch (error) {
        console.error(error);
      }
    }
  }

  /**
   * Follow a game: a full resync now and after every reconnect, then every change.
   * @param {number} gameId
   */
  watch(gameId) {
    this.watched.add(gameId);
    this.start();
    if (this.isOpen()) this.send({ type: "watch", game_id: gameId });
  }

  /** @param {number} gameId */
  unwatch(gameId) {
    this.watched.delete(gameId);
    if (this.isOpen()) this.send({ type: "unwatch", game_id: gameId });
  }

  /**
   * Send a message if the connection is open (watches are sent again on every reconnect).
   * @param {Message} message
   */
  send(message) {
    if (this.isOpen()) this.socket?.send(JSON.stringify(message));
  }
}

/** The one live connection of this tab. */
export const live = new Live();
