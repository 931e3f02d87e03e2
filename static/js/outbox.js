// A dropped connection or a server away loses nothing (writer pages only).
// - A box tapped offline says so, and opens by itself when the network is back.
// - Offline, the dialog shows the calculation kept in it for each button.
// - A write that got no answer (Valider, undo: the elements marked data-retry), or
//   an answer that only says "not now" (a server or its proxy away, overloaded,
//   timed out), is kept in the browser's storage under its idempotency key
//   (request_key) and sent again until the server decides: as soon as the network
//   is back, after the pause the server asked for (Retry-After), else after
//   growing pauses. Closing the dialog or reloading the page does not lose it. The
//   server records a key once, so a write sent twice counts once.
(function () {
  "use strict";

  var KEY = "scorekeeper-outbox";
  var RETRY_DELAYS = [1000, 2000, 4000, 8000, 15000, 30000];
  // A Retry-After is followed within these bounds: never a tight loop, and never
  // so long that the table wonders whether the phone gave up.
  var ASKED_MIN = 1000;
  var ASKED_MAX = 60000;
  // 408, 502, 503, 504: the request timed out, or the server (or the proxy in
  // front of it) could not take it now. Nothing was recorded, and the same
  // request can succeed later.
  var NOT_NOW = [0, 408, 502, 503, 504];
  var words = document.querySelector("[data-outbox]");
  if (!words) { return; }

  var outbox = {
    timer: null,         // the next attempt
    attempt: 0,          // attempts since the last answer
    fetching: false,     // a kept write on its way through fetch()
    tappedOffline: null, // the box tapped while the network was down
    note: null           // the line that says what waits
  };

  function text(name) { return words.getAttribute("data-" + name) || ""; }

  // Whether a write goes again, from what came back: `status` 0 is no answer at
  // all (offline, the connection lost on the way), the others say "not now".
  // Any other answer, even a refusal, settles it: the server has decided.
  function sendAgain(status) {
    return NOT_NOW.indexOf(status) >= 0;
  }

  // The pause a Retry-After asks for (seconds, or an HTTP date), in ms; null
  // when there is none or it cannot be read.
  function askedPause(header) {
    if (!header) { return null; }
    var ms = /^\s*\d+\s*$/.test(header)
      ? parseInt(header, 10) * 1000
      : Date.parse(header) - Date.now();
    if (isNaN(ms)) { return null; }
    return Math.min(Math.max(ms, ASKED_MIN), ASKED_MAX);
  }

  // What the note says while a write waits: the server's own words when it sent
  // some (the 503 fragment: the database away, the disk full), else that the
  // server did not answer, else (no answer at all) that the network is lost.
  function waitingWords(status, html) {
    if (status === 0) { return text("retrying"); }
    var said = null;
    if (html && window.DOMParser) {
      // Parsed, never inserted: only its text is shown, and nothing in it runs.
      var doc = new window.DOMParser().parseFromString(html, "text/html");
      said = doc.querySelector("[data-unavailable]");
    }
    var words = said ? said.textContent.replace(/\s+/g, " ").trim() : "";
    return words || text("server-retrying") || text("retrying");
  }

  // --- what is kept ----------------------------------------------------------------

  function load() {
    try {
      var items = JSON.parse(localStorage.getItem(KEY) || "[]");
      return Array.isArray(items) ? items : [];
    } catch (e) {
      return [];
    }
  }

  function save(items) {
    try { localStorage.setItem(KEY, JSON.stringify(items)); } catch (e) { /* private mode */ }
    showPending();
  }

  function forget(key) {
    save(load().filter(function (item) { return item.key !== key; }));
  }

  function mine() {
    return load().filter(function (item) { return item.page === window.location.pathname; });
  }

  function formOf(elt) { return elt.tagName === "FORM" ? elt : elt.closest("form"); }

  function keyOf(elt) {
    var form = formOf(elt);
    var field = form && form.querySelector("[name=request_key]");
    return field ? field.value : "";
  }

  function checkedLabel(form) {
    var checked = form.querySelector("input:checked");
    var label = checked && checked.closest("label");
    return label ? label.textContent.replace(/\s+/g, " ").trim() : "";
  }

  function keep(elt) {
    var form = formOf(elt);
    var key = keyOf(elt);
    var url = elt.getAttribute("hx-post") || (form && form.getAttribute("hx-post"));
    if (!key || !url) { return; }
    var title = document.getElementById("dialog-title");
    var label = form.closest(".entry-form") || form.classList.contains("entry-form")
      ? (title ? title.textContent.replace(/\s+/g, " ").trim() : "") + text("colon") + " " + checkedLabel(form)
      : text("undo");
    var items = load().filter(function (item) { return item.key !== key; });
    items.push({
      key: key,
      url: url,
      body: new URLSearchParams(new FormData(form)).toString(),
      page: window.location.pathname,
      label: label,
      at: Date.now()
    });
    save(items);
  }

  // The element on the page that sends this write (the dialog still open on it,
  // the toast's undo), if any: sent again through it, its answer lands as usual.
  function shownElement(key) {
    var found = null;
    document.querySelectorAll("[data-retry]").forEach(function (elt) {
      if (!found && keyOf(elt) === key) { found = elt; }
    });
    return found;
  }

  // --- what is waiting, in plain words ------------------------------------------------

  function say(message) {
    if (!outbox.note) {
      outbox.note = document.createElement("p");
      outbox.note.className = "outbox-note";
      outbox.note.setAttribute("role", "status");
      document.body.appendChild(outbox.note);
    }
    outbox.note.textContent = message;
    outbox.note.hidden = !message;
  }

  function showPending() {
    var waiting = mine();
    if (!waiting.length) {
      say("");
      clearNetStatus();
      return;
    }
    say(waiting.map(function (item) { return text("pending").replace("{what}", item.label); }).join(" · "));
  }

  // Where the write was made (its dialog, else the page's notice): it will go again.
  function netNote(holder, before) {
    var note = holder.querySelector("[data-net-status]");
    if (!note) {
      note = document.createElement("p");
      note.className = "net-status";
      note.setAttribute("role", "alert");
      note.setAttribute("data-net-status", "");
      // Right above `before` (the dialog's buttons), wherever they sit in the form.
      (before ? before.parentNode : holder).insertBefore(note, before || null);
    }
    return note;
  }

  function showNetStatus(elt, message) {
    var form = formOf(elt);
    var note;
    if (form && form.closest(".dialog-body")) {
      note = netNote(form, form.querySelector(".dialog-actions"));
    } else {
      var notice = document.getElementById("notice");
      if (!notice) { return; }
      note = netNote(notice, null);
    }
    note.textContent = message;
  }

  function clearNetStatus() {
    document.querySelectorAll("[data-net-status]").forEach(function (note) { note.remove(); });
  }

  // --- sending again -------------------------------------------------------------------

  // `asked`: the server's Retry-After (ms), if it sent one. The attempts count on
  // meanwhile, so that once it stops asking the pauses go on growing.
  function later(asked) {
    window.clearTimeout(outbox.timer);
    var delay = asked != null ? asked : RETRY_DELAYS[Math.min(outbox.attempt, RETRY_DELAYS.length - 1)];
    outbox.attempt += 1;
    outbox.timer = window.setTimeout(flush, delay);
  }

  function csrfToken() {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"]; } catch (e) { return ""; }
  }

  // The first write waiting for this page goes again; the next one once it is
  // answered. Offline, nothing goes: the "online" event comes back here.
  function flush() {
    window.clearTimeout(outbox.timer);
    outbox.timer = null;
    if (outbox.fetching || !navigator.onLine) { return; }
    var waiting = mine();
    if (!waiting.length) { outbox.attempt = 0; return; }
    var item = waiting[0];
    var elt = shownElement(item.key);
    if (elt) {
      // Its answer comes back through htmx:afterRequest below.
      if (elt.tagName === "FORM") {
        if (elt.requestSubmit) { elt.requestSubmit(); } else { window.htmx.trigger(elt, "submit"); }
      } else {
        elt.click();
      }
      return;
    }
    outbox.fetching = true;
    window.fetch(item.url, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "HX-Request": "true",
        "X-CSRFToken": csrfToken()
      },
      body: item.body
    }).then(function (response) {
      return response.text().then(function (html) {
        outbox.fetching = false;
        if (sendAgain(response.status)) {
          later(askedPause(response.headers.get("Retry-After")));
          return;
        }
        forget(item.key);
        outbox.attempt = 0;
        var sheet = document.getElementById("sheet");
        if (response.ok && sheet && window.htmx && window.htmx.swap) {
          window.htmx.swap(sheet, html, { swapStyle: "outerHTML" });
          flush();
        } else {
          // A refusal (the game moved meanwhile): the page says why.
          window.location.reload();
        }
      });
    }, function () {
      outbox.fetching = false;
      if (sendAgain(0)) { later(); }
    });
  }

  // Every answer, or the lack of one, to a write marked data-retry (the person's
  // own tap, or a resend through its element).
  document.addEventListener("htmx:afterRequest", function (event) {
    var detail = event.detail || {};
    var elt = detail.elt;
    if (!elt || !elt.hasAttribute || !elt.hasAttribute("data-retry") || !keyOf(elt)) { return; }
    var xhr = detail.xhr;
    var status = xhr ? xhr.status : 0;
    if (sendAgain(status)) {
      keep(elt);
      showNetStatus(elt, waitingWords(status, status ? xhr.responseText : ""));
      later(status ? askedPause(xhr.getResponseHeader("Retry-After")) : null);
      return;
    }
    forget(keyOf(elt));
    outbox.attempt = 0;
    if (mine().length) { later(); }
  });

  // htmx swaps no 5xx by default; a "not now" answer to a kept write must never
  // replace the sheet, whatever htmx is told elsewhere: the write still waits.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var detail = event.detail || {};
    var elt = detail.elt;
    if (!elt || !elt.hasAttribute || !elt.hasAttribute("data-retry")) { return; }
    if (detail.xhr && detail.xhr.status && sendAgain(detail.xhr.status)) {
      detail.shouldSwap = false;
    }
  });

  // --- a box tapped offline, the calculation offline --------------------------------------

  document.addEventListener("htmx:sendError", function (event) {
    var elt = event.detail && event.detail.elt;
    if (!elt || !elt.matches) { return; }
    if (elt.matches("a.tap")) {
      outbox.tappedOffline = elt.getAttribute("href");
      say(text("offline-box"));
    } else if (elt.matches(".entry-form")) {
      offlinePreview(elt);
    }
  });

  function offlinePreview(form) {
    var checked = form.querySelector("input[name=value]:checked");
    var preview = form.querySelector("#preview");
    var kept = checked && form.querySelector("template[data-offline-preview='" + checked.value + "']");
    if (!preview) { return; }
    while (preview.firstChild) { preview.removeChild(preview.firstChild); }
    if (kept) { preview.appendChild(kept.content.cloneNode(true)); }
  }

  // --- back online ---------------------------------------------------------------------------

  window.addEventListener("online", function () {
    showPending();
    outbox.attempt = 0;
    flush();
    if (outbox.tappedOffline) {
      var tap = document.querySelector("a.tap[href='" + outbox.tappedOffline + "']");
      outbox.tappedOffline = null;
      if (outbox.note && outbox.note.textContent === text("offline-box")) { showPending(); }
      if (tap) { tap.click(); }
    }
  });

  showPending();
  flush();
})();
