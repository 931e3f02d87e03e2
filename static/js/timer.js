// The turn timer of the sheet (templates/games/timer.jinja): every phone counts
// down to the same moment, read on the server's clock. A phone's own clock may be
// a minute off: its offset to the server's is measured once (and again when the
// page comes back to the front), half the round trip taken as the way back.
(function () {
  "use strict";

  var script = document.currentScript;
  var clockUrl = script && script.getAttribute("data-clock");
  var offset = 0; // the server's time less this phone's, in ms
  var running = {}; // the countdowns seen running, by their end: buzz once each

  function syncClock() {
    if (!clockUrl || !window.fetch) { return; }
    var sent = Date.now();
    fetch(clockUrl, { cache: "no-store", credentials: "same-origin" })
      .then(function (response) { return response.json(); })
      .then(function (data) {
        var received = Date.now();
        if (typeof data.now === "number") {
          offset = data.now + (received - sent) / 2 - received;
          // Said on the page too, for whoever checks two phones side by side.
          document.documentElement.setAttribute("data-clock-offset", String(Math.round(offset)));
          tick();
        }
      }, function () { /* offline: the phone's own clock meanwhile */ });
  }

  function written(seconds) {
    var whole = Math.max(0, Math.ceil(seconds - 0.001));
    var rest = whole % 60;
    return Math.floor(whole / 60) + ":" + (rest < 10 ? "0" : "") + rest;
  }

  function tick() {
    var box = document.querySelector("[data-timer]");
    if (!box) { return; }
    var clock = box.querySelector("[data-timer-clock]");
    var ends = box.getAttribute("data-ends");
    var left = ends ? (Number(ends) - (Date.now() + offset)) / 1000
      : Number(box.getAttribute("data-left"));
    var shown = written(left);
    if (clock && clock.textContent !== shown) { clock.textContent = shown; }
    box.classList.toggle("is-ending", Boolean(ends) && left > 0 && left <= 10);
    box.classList.toggle("is-out", Boolean(ends) && left <= 0);
    if (!ends) { return; }
    if (left > 0) {
      running[ends] = true;
    } else if (running[ends]) {
      // Once, and only for a countdown this page saw running.
      delete running[ends];
      if (box.hasAttribute("data-buzz") && navigator.vibrate) {
        navigator.vibrate([300, 150, 300]);
      }
    }
  }

  syncClock();
  window.setInterval(tick, 200);
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) { syncClock(); }
  });
})();
