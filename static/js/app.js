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
