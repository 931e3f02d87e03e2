// The live sheet: every open game page (host, pencil, watch) holds a stream of its
// sheet while it is shown. The stream is declared in the page (<template
// id="live-stream">, templates/games/game.jinja) for the htmx SSE extension, which
// swaps each `sheet` event in for #sheet; this file does what the extension cannot:
// - open the stream while the page is shown, from the version it shows (?v=), and
//   close it when hidden (the server sends the current sheet at once when behind);
// - on a writer's page (host, pencil), told only the version (`version` events),
//   fetch the sheet once when another device wrote: its own entries' answers bring
//   their sheets;
// - where no stream can be held (no EventSource, a proxy that buffers, three failed
//   connects, the development server's 204), poll GET <data-live>?v=<version shown>
//   instead, quietly: 204 when nothing moved;
// - show a discreet "reconnecting" line (#live-status) while it is not live: the
//   sheet never pretends to be live when it is not;
// - keep the screen awake while the page is shown (Screen Wake Lock API).
// Strict CSP: no hx-on, no trigger filter.
(function () {
  "use strict";

  var POLL_MS = 2500;
  // A stream that opened but said nothing (not even its "hello"): something on the
  // way holds the events back.
  var HELLO_MS = 8000;
  var MAX_FAILURES = 3;
  // A reconnect this quick is not worth a word on screen.
  var QUIET_MS = 1500;
  // A fetch or a write that never settles (a swap that threw) must not stop the page.
  var STUCK_MS = 10000;

  var live = {
    root: null,           // #game: data-live (the poll), data-wake-lock
    stream: null,         // the declared stream, while open
    source: null,         // its EventSource, once it answered
    heard: false,         // this connect said hello
    failures: 0,          // connects in a row that never said hello
    polling: false,
    fetching: false,      // a GET of the sheet under way (the poll, a catch-up)
    fetchedAt: 0,
    writing: 0,           // the page's own requests under way
    writingAt: 0,
    heardVersion: 0,      // the newest version a writer's stream told
    fetchedFor: 0,        // the version a catch-up was last fetched for
    pending: null,        // a sheet that came while a dialog was open
    reloadPending: false, // a "reload" that came while a dialog was open
    saved: null,          // focus, popover and scroll across a swap
    lock: null,           // the wake lock
    timers: { poll: null, hello: null, status: null }
  };

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
    window.clearTimeout(live.timers.status);
    var line = document.getElementById("live-status");
    if (!line) { return; }
    if (!lost) {
      line.hidden = true;
      live.root.classList.remove("is-reconnecting");
      return;
    }
    live.timers.status = window.setTimeout(function () {
      line.hidden = false;
      live.root.classList.add("is-reconnecting");
    }, navigator.onLine === false ? 0 : QUIET_MS);
  }

  // --- the stream -------------------------------------------------------------------

  function connect() {
    if (live.stream || live.polling || hidden() || !live.root) { return; }
    var declared = document.getElementById("live-stream");
    if (!window.EventSource || !window.htmx || !declared) {
      startPolling();
      return;
    }
    // A fresh copy of the declaration each time: the extension opens its stream
    // when htmx processes it, from the version the page shows now.
    var stream = declared.content.firstElementChild.cloneNode(true);
    stream.setAttribute("sse-connect", withVersion(stream.getAttribute("sse-connect")));
    live.heard = false;
    live.stream = stream;
    live.root.appendChild(stream);
    window.htmx.process(stream);
    armHello();
  }

  function disconnect() {
    window.clearTimeout(live.timers.hello);
    var stream = live.stream;
    live.stream = null;
    live.source = null;
    if (!stream) { return; }
    // Without its address a reconnect the extension has scheduled opens nothing;
    // deleted through htmx, the element's cleanup closes its EventSource.
    stream.removeAttribute("sse-connect");
    window.htmx.swap(stream, "", { swapStyle: "delete" });
  }

  function armHello() {
    window.clearTimeout(live.timers.hello);
    live.timers.hello = window.setTimeout(function () { failed(true); }, HELLO_MS);
  }

  // A connect that ended before the stream said hello. `restart`: close it and try
  // again ourselves (EventSource would keep waiting on a silent stream).
  function failed(restart) {
    if (!live.heard) {
      live.failures += 1;
      // One plain fetch tells at once what a refused stream cannot (EventSource
      // hides the status): a link that no longer opens the game reloads the page
      // (HX-Refresh), and a page that fell behind catches up.
      if (!live.fetching && !live.polling && !dialogOpen()) { fetchSheet(); }
    }
    live.heard = false;
    setStatus(true);
    if (live.failures >= MAX_FAILURES) {
      disconnect();
      startPolling();
    } else if (restart) {
      disconnect();
      connect();
    } else {
      armHello();
    }
  }

  // What the declaration cannot say: the stream's other events.
  function listen(source) {
    source.addEventListener("hello", function () {
      live.heard = true;
      live.failures = 0;
      window.clearTimeout(live.timers.hello);
      setStatus(false);
    });
    source.addEventListener("version", function (event) {
      live.heardVersion = Math.max(live.heardVersion, parseInt(event.data, 10) || 0);
      catchUp();
    });
    source.addEventListener("reload", function () {
      if (dialogOpen()) { live.reloadPending = true; } else { window.location.reload(); }
    });
  }

  // Each EventSource the extension opens for our stream (its first, and one more
  // after each connect refused outright); the browser's own reconnects keep theirs.
  document.addEventListener("htmx:sseOpen", function (event) {
    var source = event.detail && event.detail.source;
    if (event.target !== live.stream || !source || source === live.source) { return; }
    live.source = source;
    listen(source);
  });

  document.addEventListener("htmx:sseError", function (event) {
    if (live.stream && event.target === live.stream) { failed(false); }
  });

  document.addEventListener("htmx:sseBeforeMessage", function (event) {
    var html = event.detail && event.detail.data;
    // Never go back in time (the page's own write may have brought a newer sheet);
    // never disturb an open dialog: the sheet waits for it to close.
    if (!isNewer(html)) { event.preventDefault(); return; }
    if (dialogOpen()) { live.pending = html; event.preventDefault(); return; }
    live.saved = remember(sheet());
  });

  document.addEventListener("close", function (event) {
    if (!event.target || event.target.tagName !== "DIALOG") { return; }
    if (live.reloadPending) { window.location.reload(); return; }
    // After the dialog's own request has swapped its sheet in.
    window.setTimeout(catchUp, 0);
    var html = live.pending;
    live.pending = null;
    if (html && isNewer(html) && window.htmx) {
      live.saved = remember(sheet());
      window.htmx.swap(sheet(), html, { swapStyle: "outerHTML" });
    }
  }, true);

  // --- the fallback: a quiet poll ---------------------------------------------------

  function startPolling() {
    live.polling = true;
    schedule(0);
  }

  // Back from a network outage, or shown again: streams may work now.
  function retryStream() {
    if (!live.polling || hidden() || !window.EventSource) { return; }
    live.polling = false;
    live.failures = 0;
    window.clearTimeout(live.timers.poll);
    connect();
  }

  function schedule(delay) {
    window.clearTimeout(live.timers.poll);
    live.timers.poll = window.setTimeout(tick, Math.max(0, delay));
  }

  function tick() {
    live.timers.poll = null;
    if (live.fetching && Date.now() - live.fetchedAt > STUCK_MS) { live.fetching = false; }
    if (!sheet() || hidden()) { return; }
    if (live.fetching || !window.htmx || dialogOpen()) { schedule(POLL_MS); return; }
    fetchSheet();
  }

  function fetchSheet() {
    if (!window.htmx) { return; }
    live.fetching = true;
    live.fetchedAt = Date.now();
    window.htmx.ajax("GET", withVersion(live.root.getAttribute("data-live")),
      { source: live.root, target: "#sheet", swap: "outerHTML" })
      .then(settle, settle);
  }

  // A writer's page heard of a version it does not show: one fetch, once nothing
  // else is under way (an open dialog, its request, a fetch) that may bring it.
  function catchUp() {
    var current = versionOf(sheet());
    if (current === null || live.heardVersion <= current || live.heardVersion <= live.fetchedFor) { return; }
    if (live.writing > 0 && Date.now() - live.writingAt > STUCK_MS) { live.writing = 0; }
    if (live.fetching || live.writing > 0 || dialogOpen() || hidden() || !window.htmx) { return; }
    live.fetchedFor = live.heardVersion;
    fetchSheet();
  }

  function settle() {
    live.fetching = false;
    if (live.saved) { restore(live.saved); live.saved = null; }
    if (live.polling) { schedule(POLL_MS - (Date.now() - live.fetchedAt)); } else { catchUp(); }
  }

  function isFetch(event) {
    var config = event.detail && event.detail.requestConfig;
    return !!live.root && !!config &&
      String(config.path || "").indexOf(live.root.getAttribute("data-live")) === 0;
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!isFetch(event)) { live.writing += 1; live.writingAt = Date.now(); }
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    if (isFetch(event)) {
      // A fetch that got no answer: the sheet may be behind, and says so.
      setStatus(!event.detail.successful);
      return;
    }
    if (live.writing === 0) { return; }
    live.writing -= 1;
    // Once its answer is swapped in.
    window.setTimeout(catchUp, 0);
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!isFetch(event) || !event.detail.shouldSwap) { return; }
    if (!isNewer(event.detail.serverResponse)) {
      event.detail.shouldSwap = false;
      return;
    }
    live.saved = remember(sheet());
  });

  document.addEventListener("htmx:afterSettle", function () {
    if (live.saved && !live.fetching) { restore(live.saved); live.saved = null; }
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

  // --- what a new sheet must not undo: a <details> with an id opened or closed --
  // (the score race). Put back as soon as the sheet is swapped in, before the
  // page is laid out again: folded for an instant, it would shorten the page and
  // lose the reader's scroll. Every swap of the sheet, the page's own writes too.

  var folds = {};

  document.addEventListener("toggle", function (event) {
    var element = event.target;
    if (element && element.tagName === "DETAILS" && element.id && element.closest("#sheet")) {
      folds[element.id] = element.open;
    }
  }, true);

  document.addEventListener("htmx:afterSwap", function () {
    var fresh = sheet();
    if (!fresh) { return; }
    Object.keys(folds).forEach(function (id) {
      var element = document.getElementById(id);
      if (element && element.tagName === "DETAILS" && fresh.contains(element)) {
        element.open = folds[id];
      }
    });
  });

  // --- the turn timer's script, once a sheet shows a timer --------------------------
  // The page brings it only while the timer is on; turned on since, the first sheet
  // that shows it fetches it (#game: its address and its clock's).

  document.addEventListener("htmx:afterSwap", function () {
    var root = live.root;
    var src = root && root.getAttribute("data-timer-script");
    if (!src || !document.querySelector("[data-timer]")) { return; }
    root.removeAttribute("data-timer-script");
    var script = document.createElement("script");
    script.src = src;
    script.setAttribute("data-clock", root.getAttribute("data-clock"));
    document.head.appendChild(script);
  });

  // --- the screen stays awake --------------------------------------------------------

  function keepAwake() {
    if (!live.root || !live.root.hasAttribute("data-wake-lock") || live.lock || hidden()) { return; }
    if (!navigator.wakeLock || typeof navigator.wakeLock.request !== "function") { return; }
    try {
      navigator.wakeLock.request("screen").then(function (sentinel) {
        live.lock = sentinel;
        sentinel.addEventListener("release", function () { live.lock = null; });
      }, function () { /* refused (battery saver, no user gesture yet): no matter */ });
    } catch (e) { /* not allowed here */ }
  }

  document.addEventListener("visibilitychange", function () {
    if (!live.root) { return; }
    if (hidden()) {
      // Nobody looks: the stream goes (the browser releases the wake lock itself).
      disconnect();
      setStatus(false);
      return;
    }
    keepAwake();
    // Back on the page: catch up at once.
    if (live.polling) { retryStream(); } else { connect(); }
    if (live.polling) { schedule(0); }
  });

  // Leaving (a plain form's POST, a link): the stream must not reload the page
  // on top of the navigation that brings the answer.
  window.addEventListener("beforeunload", function () { disconnect(); });
  window.addEventListener("pageshow", function (event) { if (event.persisted) { connect(); } });

  window.addEventListener("offline", function () { if (live.root && !hidden()) { setStatus(true); } });
  window.addEventListener("online", function () {
    if (!live.root) { return; }
    if (live.source && live.source.readyState === 1 && live.heard) { setStatus(false); }
    retryStream();
  });

  function init() {
    live.root = document.querySelector("[data-live]");
    if (!live.root) { return; }
    keepAwake();
    // Some browsers only grant the lock after a user gesture.
    document.addEventListener("click", keepAwake, { passive: true });
    connect();
  }

  // After every deferred script (htmx and its SSE extension come after this one).
  if (document.readyState === "complete") {
    init();
  } else {
    document.addEventListener("DOMContentLoaded", init);
  }
})();
