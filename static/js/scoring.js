// The pages that score (host and pencil): the entry, undo and rename dialog, and a
// second tap just after it closed. A write sent again once the network or the
// server is back: outbox.js. Every one of them works without this file; a watch
// page never loads it.
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
    // A name to type (rename, pencil); not a digit field (Skyjo's totals),
    // whose keypad would cover the dialog as it opens.
    var focus = body.querySelector("input:checked, [autofocus], input[type=text]:not([inputmode=numeric])");
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
  // undo link of the action bar, the notice's Annuler). Taps on these, which sit
  // there, are ignored for a moment after a write closes the dialog; a tap meant
  // for them comes later than that. The sheet (the next box) answers at once.

  var AFTER_CLOSE_MS = 450;
  var closedAt = 0;

  document.addEventListener("click", function (event) {
    if (Date.now() - closedAt > AFTER_CLOSE_MS) { return; }
    if (!event.target.closest || !event.target.closest(".actionbar, #toast, #notice")) { return; }
    event.preventDefault();
    event.stopPropagation();
  }, true);

  // --- the ± key beside a total (Skyjo) -----------------------------------------

  // The digit keypad a phone shows for the totals (inputmode=numeric) has no
  // minus sign on iOS: the ± key flips the sign of its field. Pressing it keeps
  // the focus (and the keypad) in the field; the preview follows as if typed.
  document.addEventListener("pointerdown", function (event) {
    if (event.target.closest && event.target.closest("[data-flip-sign]")) { event.preventDefault(); }
  });

  document.addEventListener("click", function (event) {
    var key = event.target.closest && event.target.closest("[data-flip-sign]");
    if (!key) { return; }
    var input = document.getElementById(key.getAttribute("data-flip-sign"));
    if (!input) { return; }
    var value = input.value.trim();
    input.value = value.charAt(0) === "-" ? value.slice(1) : "-" + value;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
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
