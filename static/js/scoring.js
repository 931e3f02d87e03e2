// The pages that score (host and pencil): the entry, undo and rename dialog, a
// second tap just after it closed, a write sent again once the network is back.
// Every one of them works without this file; a watch page never loads it.
(function () {
  "use strict";

  // --- the dialog (entry, undo, rename) ---------------------------------------

  function dialog() { return document.getElementById("dialog"); }

  // The #dialog-body being shown; a newer one (swapped in for the next box) must
  // never be wiped by the late "close" event of the previous one.
  var shownBody = null;

  function openDialog() {
    var d = dialog();
    var body = document.getElementById("dialog-body");
    if (!d || !body || !body.hasAttribute("data-kind")) { return; }
    if (d.open && !d.matches(":modal")) { d.close(); }
    shownBody = body;
    if (!d.open) { d.showModal(); }
    var focus = body.querySelector("input:checked, [autofocus], input[type=text]");
    if (focus) { focus.focus(); }
  }

  function emptyBody(body) {
    body.removeAttribute("data-kind");
    while (body.firstChild) { body.removeChild(body.firstChild); }
  }

  function closeDialog() {
    var d = dialog();
    if (d && d.open) { d.close(); }
  }

  function cleanUpAfterClose() {
    var d = dialog();
    var body = document.getElementById("dialog-body");
    if (d && d.open) { return; }
    if (body && body === shownBody) { emptyBody(body); }
    // Opened from a /box/… address (no htmx yet, or a reload): back to the page's own.
    var page = d && d.getAttribute("data-page-url");
    if (page && window.location.pathname !== page) {
      window.history.replaceState(null, "", page);
    }
  }

  document.addEventListener("click", function (event) {
    var close = event.target.closest("[data-dialog-close]");
    if (close && dialog() && dialog().open) {
      event.preventDefault();
      closeDialog();
    }
  });

  document.addEventListener("sk-close-dialog", function () {
    // Closed by the answer to Valider: see "a second tap" below.
    closedAt = Date.now();
    closeDialog();
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    // Only a dialog just swapped in opens the dialog (not the sheet swapped in
    // after Valider while the old dialog is closing).
    if (event.target && event.target.id === "dialog-body") { openDialog(); }
  });

  // A radio of the value group and Barrer exclude each other natively; the face
  // groups of a "faces" box and the typed points need a little help.
  document.addEventListener("change", function (event) {
    var input = event.target;
    var form = input.closest && input.closest(".entry-form");
    if (!form) { return; }
    if (input.name === "value" && input.value === "x") {
      form.querySelectorAll("input[name^=face_]:checked").forEach(function (i) { i.checked = false; });
      var points = form.querySelector("input[name=points]");
      if (points) { points.value = ""; }
    } else if (input.name.indexOf("face_") === 0 || (input.name === "points" && input.value !== "")) {
      var cross = form.querySelector("input[name=value][value=x]:checked");
      if (cross) { cross.checked = false; }
      if (input.name === "points") {
        form.querySelectorAll("input[name=value]:checked").forEach(function (i) { i.checked = false; });
      }
    } else if (input.name === "value") {
      var typed = form.querySelector("input[name=points]");
      if (typed) { typed.value = ""; }
    }
  }, true);

  // --- a second tap that lands after the dialog closed -----------------------------
  // A fast double tap on Valider: the first records and closes the dialog, the
  // second lands on whatever lies under Valider then (the toast's Annuler, the
  // undo link of the action bar). Taps on the action bar and the toast, which sit
  // there, are ignored for a moment after a write closes the dialog; a tap meant
  // for them comes later than that. The sheet (the next box) answers at once.

  var AFTER_CLOSE_MS = 450;
  var closedAt = 0;

  document.addEventListener("click", function (event) {
    if (Date.now() - closedAt > AFTER_CLOSE_MS) { return; }
    if (!event.target.closest || !event.target.closest(".actionbar, #toast")) { return; }
    event.preventDefault();
    event.stopPropagation();
  }, true);

  // --- a write sent while the network is down ---------------------------------------
  // htmx swaps nothing when a request cannot be sent, so the dialog stays open with
  // what was picked. A note says so, and the same request (same request_key: the
  // server records it once, however many times it arrives) goes again as soon as the
  // network is back, and after growing pauses meanwhile. Wired by data-retry on the
  // element that sends it (Valider, the undo forms).

  var RETRY_DELAYS = [1000, 2000, 4000, 8000, 15000, 30000];
  var retry = { elt: null, timer: null, attempt: 0 };

  function offlineText() {
    var d = dialog();
    return (d && d.getAttribute("data-offline")) || "…";
  }

  function netNote(holder, before) {
    var note = holder.querySelector("[data-net-status]");
    if (!note) {
      note = document.createElement("p");
      note.className = "net-status";
      note.setAttribute("role", "alert");
      note.setAttribute("data-net-status", "");
      holder.insertBefore(note, before || null);
    }
    return note;
  }

  function showNetStatus(elt) {
    var form = elt.closest("form");
    var note;
    if (form && form.closest(".dialog-body")) {
      note = netNote(form, form.querySelector(".dialog-actions"));
    } else {
      var notice = document.getElementById("notice");
      if (!notice) { return; }
      note = netNote(notice, null);
    }
    note.textContent = offlineText();
  }

  function clearNetStatus() {
    document.querySelectorAll("[data-net-status]").forEach(function (note) { note.remove(); });
  }

  function stopRetrying() {
    window.clearTimeout(retry.timer);
    retry.elt = null;
    retry.timer = null;
    retry.attempt = 0;
    clearNetStatus();
  }

  function sendAgain() {
    var elt = retry.elt;
    window.clearTimeout(retry.timer);
    retry.timer = null;
    // The dialog was closed meanwhile: the person gave up on that write.
    if (!elt || !document.contains(elt)) { stopRetrying(); return; }
    if (elt.tagName === "FORM") {
      if (elt.requestSubmit) { elt.requestSubmit(); } else { window.htmx.trigger(elt, "submit"); }
    } else {
      elt.click();
    }
  }

  document.addEventListener("htmx:sendError", function (event) {
    var elt = event.detail && event.detail.elt;
    if (!elt || !elt.hasAttribute || !elt.hasAttribute("data-retry")) { return; }
    if (retry.elt !== elt) { retry.attempt = 0; }
    retry.elt = elt;
    showNetStatus(elt);
    window.clearTimeout(retry.timer);
    var delay = RETRY_DELAYS[Math.min(retry.attempt, RETRY_DELAYS.length - 1)];
    retry.attempt += 1;
    retry.timer = window.setTimeout(sendAgain, delay);
  });

  window.addEventListener("online", function () {
    if (retry.elt) { sendAgain(); }
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var detail = event.detail || {};
    // An answer to the waiting write came back (whatever it says): done waiting.
    // Other requests (the live sheet's polling) must not cancel the retry.
    if (!retry.elt || detail.elt !== retry.elt || !detail.xhr || detail.xhr.status === 0) {
      return;
    }
    stopRetrying();
  });

  function init() {
    openDialog();
    var d = dialog();
    if (d) {
      d.addEventListener("close", cleanUpAfterClose);
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
