// The live sheet: every open game page (host, pencil, watch) asks its server whether
// the sheet moved: GET <data-live>?v=<version shown>. The server answers 204 with no
// body when it did not (htmx 2 does not swap a 204) and the fresh #sheet when it
// did. And the screen stays awake while the page is shown (Screen Wake Lock API).
// Wired by data-live and data-wake-lock on #game; under a strict CSP, hence no
// hx-trigger filter nor hx-on: this file drives the polling with htmx.ajax.
(function () {
  "use strict";

  // An entry reaches a watching phone after the wait for the next poll (0 to one
  // period) plus one request: the 95th percentile of that delay is about 0.95 of a
  // period plus a round trip. 750 ms keeps it under a second even on a phone's
  // Wi-Fi, whose power saving can add a couple of hundred milliseconds.
  var VISIBLE_MS = 750;
  var HIDDEN_MS = 30000;
  // A finished game can still be reopened by the host undoing the last box: the
  // winner screen keeps listening, slowly (one request per phone every 5 s).
  var FINISHED_MS = 5000;
  var MAX_BACKOFF_MS = 15000;
  // A poll that never settles (a swap that threw) must not stop the polling.
  var STUCK_MS = 10000;

  var root = null;
  var timer = null;
  var busy = false;
  var startedAt = 0;
  var failures = 0;
  var saved = null;

  function sheet() { return document.getElementById("sheet"); }

  function versionOf(element) {
    var value = parseInt(element && element.getAttribute("data-version"), 10);
    return isNaN(value) ? null : value;
  }

  function versionIn(html) {
    var match = /id="sheet"[^>]*data-version="(\d+)"/.exec(html || "");
    return match ? parseInt(match[1], 10) : null;
  }

  function finished() {
    var current = sheet();
    return !current || current.classList.contains("is-finished");
  }

  function hidden() { return document.visibilityState === "hidden"; }

  function period() {
    var base = hidden() ? HIDDEN_MS : (finished() ? FINISHED_MS : VISIBLE_MS);
    return failures ? Math.min(base * Math.pow(2, failures), Math.max(base, MAX_BACKOFF_MS)) : base;
  }

  function schedule(delay) {
    window.clearTimeout(timer);
    timer = window.setTimeout(tick, Math.max(0, delay));
  }

  function isPoll(event) {
    var config = event.detail && event.detail.requestConfig;
    return !!root && !!config &&
      String(config.path || "").indexOf(root.getAttribute("data-live")) === 0;
  }

  function tick() {
    timer = null;
    if (busy && Date.now() - startedAt > STUCK_MS) { busy = false; }
    if (!sheet()) { return; }
    // An open dialog (entry, undo, rename) is never disturbed; nor is a request
    // still on its way.
    if (busy || !window.htmx || document.querySelector("dialog[open]")) {
      schedule(period());
      return;
    }
    busy = true;
    startedAt = Date.now();
    var url = root.getAttribute("data-live") + "?v=" + encodeURIComponent(versionOf(sheet()) || "");
    window.htmx.ajax("GET", url, { source: root, target: "#sheet", swap: "outerHTML" })
      .then(function () { settle(true); }, function () { settle(false); });
  }

  function settle(ok) {
    busy = false;
    failures = ok ? 0 : Math.min(failures + 1, 5);
    if (saved) { restore(saved); saved = null; }
    // A fixed rate: the time the request took counts in the period.
    schedule(period() - (Date.now() - startedAt));
  }

  // --- what a swap must not lose: focus, an open popover, the sideways scroll -----

  function keyOf(element) {
    if (element.id) { return "#" + CSS.escape(element.id); }
    var href = element.getAttribute("href");
    if (href) { return element.tagName.toLowerCase() + "[href=\"" + CSS.escape(href) + "\"]"; }
    var target = element.getAttribute("popovertarget");
    if (target) { return "[popovertarget=\"" + CSS.escape(target) + "\"]"; }
    return null;
  }

  function remember(current) {
    var state = { focus: null, hadFocus: false, popover: null, scrollLeft: 0 };
    var active = document.activeElement;
    if (active && active !== current && current.contains(active)) {
      state.hadFocus = true;
      state.focus = keyOf(active);
    }
    var open = null;
    try { open = current.querySelector(":popover-open"); } catch (e) { /* older browser */ }
    if (open && open.id) { state.popover = open.id; }
    var wrap = current.querySelector(".score-wrap");
    if (wrap) { state.scrollLeft = wrap.scrollLeft; }
    return state;
  }

  function restore(state) {
    var fresh = sheet();
    if (!fresh) { return; }
    var wrap = fresh.querySelector(".score-wrap");
    if (wrap && state.scrollLeft) { wrap.scrollLeft = state.scrollLeft; }
    if (state.popover) {
      var pop = document.getElementById(state.popover);
      if (pop && pop.showPopover) { try { pop.showPopover(); } catch (e) { /* already open */ } }
    }
    if (state.hadFocus) {
      var again = state.focus && fresh.querySelector(state.focus);
      if (!again) {
        // The focused box moved on (another player's turn): keep the keyboard in
        // the sheet rather than back at the top of the page.
        fresh.setAttribute("tabindex", "-1");
        again = fresh;
      }
      again.focus({ preventScroll: true });
    }
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!isPoll(event) || !event.detail.shouldSwap) { return; }
    var current = sheet();
    var incoming = versionIn(event.detail.serverResponse);
    // The page's own write (or an earlier poll) may have brought a newer sheet
    // while this answer was on its way: never go back in time.
    if (!current || event.detail.target !== current || !current.isConnected ||
        (incoming !== null && versionOf(current) !== null && incoming <= versionOf(current))) {
      event.detail.shouldSwap = false;
      return;
    }
    saved = remember(current);
  });

  document.addEventListener("htmx:afterSettle", function () {
    // A swap that reopens a finished game (the host undid the last box): back to
    // the quick pace at once rather than after the slow one.
    if (root && !busy && !finished() && timer) { schedule(period()); }
  });

  // --- the screen stays awake --------------------------------------------------------

  var lock = null;

  function keepAwake() {
    if (!root || !root.hasAttribute("data-wake-lock") || lock || hidden()) { return; }
    if (!navigator.wakeLock || typeof navigator.wakeLock.request !== "function") { return; }
    try {
      navigator.wakeLock.request("screen").then(function (sentinel) {
        lock = sentinel;
        sentinel.addEventListener("release", function () { lock = null; });
      }, function () { /* refused (battery saver, no user gesture yet): no matter */ });
    } catch (e) { /* not allowed here */ }
  }

  document.addEventListener("visibilitychange", function () {
    if (!root) { return; }
    if (hidden()) {
      // The browser releases the wake lock by itself; polls slow down.
      if (timer) { schedule(period()); }
      return;
    }
    keepAwake();
    // Back on the page: catch up at once.
    if (!busy) { schedule(0); }
  });

  function init() {
    root = document.querySelector("[data-live]");
    if (!root) { return; }
    keepAwake();
    // Some browsers only grant the lock after a user gesture.
    document.addEventListener("click", keepAwake, { passive: true });
    schedule(period());
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
