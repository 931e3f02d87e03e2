// Small behaviours that htmx attributes cannot express under a strict CSP
// (no inline script, no eval). Each one is wired by a data- attribute.
(function () {
  "use strict";

  var THEME_KEY = "scorekeeper-theme";

  function applyStoredTheme() {
    var theme = null;
    try { theme = localStorage.getItem(THEME_KEY); } catch (e) { /* private mode */ }
    if (theme === "light" || theme === "dark") {
      document.documentElement.setAttribute("data-theme", theme);
    }
  }

  function currentTheme() {
    var attr = document.documentElement.getAttribute("data-theme");
    if (attr === "light" || attr === "dark") { return attr; }
    return window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }

  applyStoredTheme();

  document.addEventListener("click", function (event) {
    var toggle = event.target.closest("[data-theme-toggle]");
    if (toggle) {
      var next = currentTheme() === "dark" ? "light" : "dark";
      document.documentElement.setAttribute("data-theme", next);
      try { localStorage.setItem(THEME_KEY, next); } catch (e) { /* private mode */ }
    }
  });
})();

// Every page: short-lived messages, "Mes parties", copy buttons. Every page works
// without this file. Scoring (the dialog): scoring.js; a write retried: outbox.js;
// the create form's rows and options: new-game.js.
(function () {
  "use strict";

  document.documentElement.classList.add("js");

  // --- short-lived messages ------------------------------------------------------

  function armAutohide() {
    document.querySelectorAll("[data-autohide]").forEach(function (element) {
      if (element.hasAttribute("data-armed")) { return; }
      element.setAttribute("data-armed", "");
      var delay = parseInt(element.getAttribute("data-autohide"), 10) || 6000;
      window.setTimeout(function () {
        // Keep it while a finger or the keyboard is on it.
        if (element.contains(document.activeElement)) { return; }
        element.remove();
      }, delay);
    });
  }

  document.addEventListener("htmx:afterSettle", armAutohide);

  // --- "Mes parties": this phone remembers the game (the list: device.js) -------------
  // Newest first, 20 at most; a host or pencil link is not replaced by the watch
  // link of the same game.

  function rememberGame(now) {
    var m = document.querySelector("[data-my-game]");
    if (!m) { return; }
    var rank = { host: 3, pencil: 2, watch: 1 };
    var it = {
      game: m.getAttribute("data-game"), url: m.getAttribute("data-url"),
      watchUrl: m.getAttribute("data-watch-url") || "", role: m.getAttribute("data-role"),
      names: Array.prototype.map.call(m.querySelectorAll("li"), function (li) { return li.textContent; }),
      variant: m.getAttribute("data-variant"), finished: m.hasAttribute("data-finished"),
      last: now ? new Date().toISOString() : m.getAttribute("data-last")
    };
    try {
      var games = JSON.parse(localStorage.getItem("scorekeeper-games") || "[]").filter(function (g) {
        if (g.game !== it.game) { return true; }
        if (rank[g.role] > rank[it.role]) { it.url = g.url; it.role = g.role; it.watchUrl = g.watchUrl; }
        return false;
      });
      localStorage.setItem("scorekeeper-games", JSON.stringify([it].concat(games).slice(0, 20)));
    } catch (e) { /* private mode, full */ }
  }

  // A box scored while the page is open is activity too.
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.target && event.target.id === "sheet") { rememberGame(true); }
  });

  // --- copy buttons ----------------------------------------------------------------

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-copy]");
    if (!button) { return; }
    var text = button.getAttribute("data-copy");
    var done = function () {
      var label = button.textContent;
      button.textContent = button.getAttribute("data-copied") || label;
      window.setTimeout(function () { button.textContent = label; }, 2000);
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(done, function () {});
    }
  });
  function init() {
    rememberGame(false);
    armAutohide();
    // ?done=… only carries the "Annuler" offer of a plain form post; a reload
    // should not bring it back.
    if (window.location.search.indexOf("done=") >= 0) {
      window.history.replaceState(null, "", window.location.pathname);
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
