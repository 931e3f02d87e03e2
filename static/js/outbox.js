// A dropped connection loses nothing (writer pages only; scoring.js keeps its own
// retry of the open dialog).
// - A box tapped offline says so, and opens by itself when the network is back.
// - Offline, the dialog shows the calculation kept in it for each button.
// - A write that could not leave (Valider, undo) is kept in the browser's
//   storage under its idempotency key (request_key): closing the dialog or
//   reloading the page does not lose it, and it is sent when the network is
//   back. The server records a key once, so a write sent twice counts once.
(function () {
  "use strict";

  var KEY = "scorekeeper-outbox";
  var settings = document.querySelector("[data-outbox]");
  if (!settings) { return; }

  function text(name) { return settings.getAttribute("data-" + name) || ""; }

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

  // --- what is waiting, in plain words ------------------------------------------------

  var note = null;

  function say(message) {
    if (!note) {
      note = document.createElement("p");
      note.className = "outbox-note";
      note.setAttribute("role", "status");
      document.body.appendChild(note);
    }
    note.textContent = message;
    note.hidden = !message;
  }

  function showPending() {
    var waiting = mine();
    if (!waiting.length) { say(""); return; }
    say(waiting.map(function (item) { return text("pending").replace("{what}", item.label); }).join(" · "));
  }

  // --- a box tapped offline -------------------------------------------------------------

  var tappedOffline = null;

  function checkedLabel(form) {
    var checked = form.querySelector("input:checked");
    var label = checked && checked.closest("label");
    return label ? label.textContent.replace(/\s+/g, " ").trim() : "";
  }

  function keep(elt) {
    var form = elt.tagName === "FORM" ? elt : elt.closest("form");
    var keyField = form && form.querySelector("[name=request_key]");
    var url = elt.getAttribute("hx-post") || (form && form.getAttribute("hx-post"));
    if (!keyField || !keyField.value || !url) { return; }
    var title = document.getElementById("dialog-title");
    var label = form.closest(".entry-form") || form.classList.contains("entry-form")
      ? (title ? title.textContent.replace(/\s+/g, " ").trim() : "") + text("colon") + " " + checkedLabel(form)
      : text("undo");
    var items = load().filter(function (item) { return item.key !== keyField.value; });
    items.push({
      key: keyField.value,
      url: url,
      body: new URLSearchParams(new FormData(form)).toString(),
      page: window.location.pathname,
      label: label,
      at: Date.now()
    });
    save(items);
  }

  document.addEventListener("htmx:sendError", function (event) {
    var elt = event.detail && event.detail.elt;
    if (!elt || !elt.matches) { return; }
    if (elt.matches("a.tap")) {
      tappedOffline = elt.getAttribute("href");
      say(text("offline-box"));
    } else if (elt.matches(".entry-form")) {
      offlinePreview(elt);
    } else if (elt.hasAttribute("data-retry")) {
      keep(elt);
    }
  });

  // An answer came back for a kept write (recorded, or refused with a reason):
  // it no longer waits.
  document.addEventListener("htmx:afterRequest", function (event) {
    var detail = event.detail || {};
    var elt = detail.elt;
    if (!elt || !detail.xhr || detail.xhr.status === 0 || !elt.hasAttribute("data-retry")) { return; }
    var form = elt.tagName === "FORM" ? elt : elt.closest("form");
    var keyField = form && form.querySelector("[name=request_key]");
    if (keyField) { forget(keyField.value); }
  });

  // --- the calculation offline ------------------------------------------------------------

  function offlinePreview(form) {
    var checked = form.querySelector("input[name=value]:checked");
    var preview = form.querySelector("#preview");
    var kept = checked && form.querySelector("template[data-offline-preview='" + checked.value + "']");
    if (!preview) { return; }
    while (preview.firstChild) { preview.removeChild(preview.firstChild); }
    if (kept) { preview.appendChild(kept.content.cloneNode(true)); }
  }

  // --- back online ---------------------------------------------------------------------------

  function csrfToken() {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"]; } catch (e) { return ""; }
  }

  function inOpenDialog(key) {
    // The dialog still shows this write: scoring.js sends it again itself.
    var field = document.querySelector("#dialog[open] [name=request_key]");
    return field && field.value === key;
  }

  var sending = false;

  function flush() {
    if (sending || !navigator.onLine) { return; }
    var waiting = mine().filter(function (item) { return !inOpenDialog(item.key); });
    if (!waiting.length) { return; }
    sending = true;
    var item = waiting[0];
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
        forget(item.key);
        var sheet = document.getElementById("sheet");
        if (response.ok && sheet && window.htmx && window.htmx.swap) {
          window.htmx.swap(sheet, html, { swapStyle: "outerHTML" });
        } else {
          // A refusal (the game moved meanwhile): the page says why.
          window.location.reload();
        }
      });
    }, function () { /* still down: the next "online" tries again */ }).then(function () {
      sending = false;
      flush();
    });
  }

  window.addEventListener("online", function () {
    showPending();
    flush();
    if (tappedOffline) {
      var tap = document.querySelector("a.tap[href='" + tappedOffline + "']");
      tappedOffline = null;
      if (note && note.textContent === text("offline-box")) { showPending(); }
      if (tap) { tap.click(); }
    }
  });

  showPending();
  flush();
})();
