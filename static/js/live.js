// The live sheet: every open game page (host, pencil, watch) holds a stream of its
// sheet while it is shown: Server-Sent Events from <data-events>, through the htmx
// SSE extension, each `sheet` event swapped in for #sheet. A writer's page (host,
// pencil) is told only the version (`version` events): its own entries' answers
// bring their sheets, and one made elsewhere is fetched once. A hidden page closes its
// stream; shown again, it reopens it with ?v=<version shown> and the server sends
// the current sheet at once if the page is behind. Where no stream can be held (no
// EventSource, a proxy that buffers, three failed connects), the page polls
// GET <data-live>?v=<version shown> instead, quietly: 204 when nothing moved.
// A lost stream shows a discreet "reconnecting" line (#live-status): the sheet
// never pretends to be live when it is not. The screen stays awake while the page
// is shown (Screen Wake Lock API). Strict CSP: no hx-on, no trigger filter.
(function () {
  "use strict";

  var POLL_MS = 2500;
  // A stream that opened but said nothing (not even its "hello"): something on the
  // way holds the events back.
  var HELLO_MS = 8000;
  var MAX_FAILURES = 3;
  // A reconnect this quick is not worth a word on screen.
  var QUIET_MS = 1500;
  // A poll that never settles (a swap that threw) must not stop the polling.
  var STUCK_MS = 10000;

  var root = null;
  var connector = null;
  var source = null;
  var heard = false;
  var failures = 0;
  var polling = false;
  var pollTimer = null;
  var helloTimer = null;
  var statusTimer = null;
  var busy = false;
  var startedAt = 0;
  var pending = null;
  var reloadPending = false;
  var saved = null;
  var heardVersion = 0;
  var fetchedFor = 0;
  var writing = 0;
  var writingAt = 0;

  function sheet() { return document.getElementById("sheet"); }

  function versionOf(element) {
    var value = parseInt(element && element.getAttribute("data-version"), 10);
    return isNaN(value) ? null : value;
  }

  function versionIn(html) {
    var match = /id="sheet"[^>]*data-version="(\d+)"/.exec(html || "");
    return match ? parseInt(match[1], 10) : null;
  }

  function isNewer(html) {
    var current = sheet();
    var incoming = versionIn(html);
    return !!current && (incoming === null || versionOf(current) === null ||
      incoming > versionOf(current));
  }

  function hidden() { return document.visibilityState === "hidden"; }
  function dialogOpen() { return !!document.querySelector("dialog[open]"); }
  function withVersion(url) { return url + "?v=" + encodeURIComponent(versionOf(sheet()) || ""); }

  // --- "reconnecting" ---------------------------------------------------------------

  function setStatus(lost) {
    window.clearTimeout(statusTimer);
    var line = document.getElementById("live-status");
    if (!line) { return; }
    if (!lost) {
      line.hidden = true;
      root.classList.remove("is-reconnecting");
      return;
    }
    statusTimer = window.setTimeout(function () {
      line.hidden = false;
      root.classList.add("is-reconnecting");
    }, navigator.onLine === false ? 0 : QUIET_MS);
  }

  // --- the stream -------------------------------------------------------------------

  function connect() {
    if (connector || polling || hidden() || !root) { return; }
    if (!window.EventSource || !window.htmx || typeof window.htmx.createEventSource !== "function") {
      startPolling();
      return;
    }
    heard = false;
    connector = document.createElement("div");
    connector.hidden = true;
    connector.setAttribute("hx-ext", "sse");
    connector.setAttribute("sse-connect", withVersion(root.getAttribute("data-events")));
    var swapper = document.createElement("div");
    swapper.setAttribute("sse-swap", "sheet");
    swapper.setAttribute("hx-target", "#sheet");
    swapper.setAttribute("hx-swap", "outerHTML");
    connector.appendChild(swapper);
    root.appendChild(connector);
    window.htmx.process(connector);
    armHello();
  }

  function disconnect() {
    window.clearTimeout(helloTimer);
    if (source) { source.close(); source = null; }
    if (connector) { connector.remove(); connector = null; }
  }

  function armHello() {
    window.clearTimeout(helloTimer);
    helloTimer = window.setTimeout(function () { failed(true); }, HELLO_MS);
  }

  // A connect that ended before the stream said hello. `restart`: close it and try
  // again ourselves (EventSource would keep waiting on a silent stream).
  function failed(restart) {
    if (!heard) {
      failures += 1;
      // One plain fetch tells at once what a refused stream cannot (EventSource
      // hides the status): a link that no longer opens the game reloads the page
      // (HX-Refresh), and a page that fell behind catches up.
      if (!busy && !polling && window.htmx && !dialogOpen()) { fetchSheet(); }
    }
    heard = false;
    setStatus(true);
    if (failures >= MAX_FAILURES) {
      disconnect();
      startPolling();
    } else if (restart) {
      disconnect();
      connect();
    } else {
      armHello();
    }
  }

  function watch(stream) {
    stream.addEventListener("hello", function () {
      heard = true;
      failures = 0;
      window.clearTimeout(helloTimer);
      setStatus(false);
    });
    stream.addEventListener("version", function (event) {
      heardVersion = Math.max(heardVersion, parseInt(event.data, 10) || 0);
      catchUp();
    });
    stream.addEventListener("reload", function () {
      if (dialogOpen()) { reloadPending = true; } else { window.location.reload(); }
    });
    stream.addEventListener("error", function () {
      if (stream === source) { failed(false); }
    });
  }

  function hookEventSources() {
    var create = window.htmx.createEventSource;
    window.htmx.createEventSource = function (url) {
      var stream = create(url);
      if (!connector || !connector.isConnected) {
        // The extension retrying for a stream this page already closed.
        stream.close();
        return stream;
      }
      source = stream;
      watch(stream);
      return stream;
    };
  }

  document.addEventListener("htmx:sseBeforeMessage", function (event) {
    var html = event.detail && event.detail.data;
    // Never go back in time (the page's own write may have brought a newer sheet);
    // never disturb an open dialog: the sheet waits for it to close.
    if (!isNewer(html)) { event.preventDefault(); return; }
    if (dialogOpen()) { pending = html; event.preventDefault(); return; }
    saved = remember(sheet());
  });

  document.addEventListener("close", function (event) {
    if (!event.target || event.target.tagName !== "DIALOG") { return; }
    if (reloadPending) { window.location.reload(); return; }
    // After the dialog's own request has swapped its sheet in.
    window.setTimeout(catchUp, 0);
    var html = pending;
    pending = null;
    if (html && isNewer(html) && window.htmx) {
      saved = remember(sheet());
      window.htmx.swap(sheet(), html, { swapStyle: "outerHTML" });
    }
  }, true);

  // --- the fallback: a quiet poll ---------------------------------------------------

  function startPolling() {
    polling = true;
    schedule(0);
  }

  // Back from a network outage, or shown again: streams may work now.
  function retryStream() {
    if (!polling || hidden() || !window.EventSource) { return; }
    polling = false;
    failures = 0;
    window.clearTimeout(pollTimer);
    connect();
  }

  function schedule(delay) {
    window.clearTimeout(pollTimer);
    pollTimer = window.setTimeout(tick, Math.max(0, delay));
  }

  function tick() {
    pollTimer = null;
    if (busy && Date.now() - startedAt > STUCK_MS) { busy = false; }
    if (!sheet() || hidden()) { return; }
    if (busy || !window.htmx || dialogOpen()) { schedule(POLL_MS); return; }
    fetchSheet();
  }

  function fetchSheet() {
    busy = true;
    startedAt = Date.now();
    window.htmx.ajax("GET", withVersion(root.getAttribute("data-live")),
      { source: root, target: "#sheet", swap: "outerHTML" })
      .then(settle, settle);
  }

  // A writer's page heard of a version it does not show: one fetch, once nothing
  // else is under way (an open dialog, its request, a fetch) that may bring it.
  function catchUp() {
    var current = versionOf(sheet());
    if (current === null || heardVersion <= current || heardVersion <= fetchedFor) { return; }
    if (writing > 0 && Date.now() - writingAt > STUCK_MS) { writing = 0; }
    if (busy || writing > 0 || dialogOpen() || hidden() || !window.htmx) { return; }
    fetchedFor = heardVersion;
    fetchSheet();
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!isPoll(event)) { writing += 1; writingAt = Date.now(); }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (isPoll(event) || writing === 0) { return; }
    writing -= 1;
    // Once its answer is swapped in.
    window.setTimeout(catchUp, 0);
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    // A poll that got no answer: the sheet may be behind, and says so.
    if (isPoll(event)) { setStatus(!event.detail.successful); }
  });

  function settle() {
    busy = false;
    if (saved) { restore(saved); saved = null; }
    if (polling) { schedule(POLL_MS - (Date.now() - startedAt)); } else { catchUp(); }
  }

  function isPoll(event) {
    var config = event.detail && event.detail.requestConfig;
    return !!root && !!config &&
      String(config.path || "").indexOf(root.getAttribute("data-live")) === 0;
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!isPoll(event) || !event.detail.shouldSwap) { return; }
    if (!isNewer(event.detail.serverResponse)) {
      event.detail.shouldSwap = false;
      return;
    }
    saved = remember(sheet());
  });

  document.addEventListener("htmx:afterSettle", function () {
    if (saved && !busy) { restore(saved); saved = null; }
  });

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
      // Nobody looks: the stream goes (the browser releases the wake lock itself).
      disconnect();
      setStatus(false);
      return;
    }
    keepAwake();
    // Back on the page: catch up at once.
    if (polling) { retryStream(); } else { connect(); }
    if (polling) { schedule(0); }
  });

  // Leaving (a plain form's POST, a link): the stream must not reload the page
  // on top of the navigation that brings the answer.
  window.addEventListener("beforeunload", function () { disconnect(); });
  window.addEventListener("pageshow", function (event) { if (event.persisted) { connect(); } });

  window.addEventListener("offline", function () { if (root && !hidden()) { setStatus(true); } });
  window.addEventListener("online", function () {
    if (!root) { return; }
    if (source && source.readyState === 1 && heard) { setStatus(false); }
    retryStream();
  });

  function init() {
    root = document.querySelector("[data-events]");
    if (!root) { return; }
    keepAwake();
    // Some browsers only grant the lock after a user gesture.
    document.addEventListener("click", keepAwake, { passive: true });
    if (window.htmx && typeof window.htmx.createEventSource === "function") { hookEventSources(); }
    connect();
  }

  // After every deferred script (htmx and its SSE extension come after this one).
  if (document.readyState === "complete") {
    init();
  } else {
    document.addEventListener("DOMContentLoaded", init);
  }
})();
