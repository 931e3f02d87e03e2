// The home page only: "Mes parties" (the games this phone opened; each game page
// adds itself, in app.js) and the installed app's service worker (the app installs
// from its start page). The list lives in
// the browser's storage only: the server never learns which games a phone follows.
(function () {
  "use strict";

  var KEY = "scorekeeper-games";

  function load() {
    try {
      var games = JSON.parse(localStorage.getItem(KEY) || "[]");
      return Array.isArray(games) ? games.filter(function (g) { return g && g.game && g.url; }) : [];
    } catch (e) {
      return [];
    }
  }

  function save(games) {
    try { localStorage.setItem(KEY, JSON.stringify(games)); } catch (e) { /* private mode, full */ }
  }

  function forget(id) {
    save(load().filter(function (g) { return g.game !== id; }));
  }

  // --- the home page lists them ------------------------------------------------------

  function when(iso) {
    var date = new Date(iso);
    if (isNaN(date.getTime())) { return ""; }
    try {
      return new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
        day: "numeric", month: "short", hour: "2-digit", minute: "2-digit"
      }).format(date);
    } catch (e) {
      return date.toLocaleString();
    }
  }

  function showList(section) {
    var list = section.querySelector("[data-my-games-list]");
    var model = section.querySelector("template[data-my-game-item]");
    var games = load();
    while (list.firstChild) { list.removeChild(list.firstChild); }
    section.hidden = games.length === 0;
    games.forEach(function (game) {
      var item = model.content.firstElementChild.cloneNode(true);
      var names = (game.names || []).join(", ");
      var meta = [game.variant, section.getAttribute("data-role-" + game.role)];
      if (game.finished) { meta.push(section.getAttribute("data-finished")); }
      meta.push(when(game.last));
      item.querySelector("[data-my-game-names]").textContent = names;
      item.querySelector("[data-my-game-meta]").textContent = "· " + meta.filter(Boolean).join(" · ");
      var resume = item.querySelector("[data-my-game-resume]");
      resume.href = game.url;
      var forgetButton = item.querySelector("[data-my-game-forget]");
      [resume, forgetButton].forEach(function (control) {
        control.setAttribute("aria-label", control.getAttribute("data-label").replace("{names}", names));
        control.removeAttribute("data-label");
      });
      forgetButton.setAttribute("data-game", game.game);
      list.appendChild(item);
    });
  }

  // Once per visit, each listed game's own page is asked (HEAD: no body) whether
  // it still exists: 404, purged, is dropped; 410, a pencil taken back, falls
  // back to the watch link. A network failure changes nothing.
  function checkStillThere(section) {
    if (!window.fetch) { return; }
    load().forEach(function (game) {
      window.fetch(game.url, { method: "HEAD", credentials: "same-origin", cache: "no-store", redirect: "manual" })
        .then(function (response) {
          if (response.status === 404) {
            forget(game.game);
          } else if (response.status === 410 && game.watchUrl) {
            var games = load();
            games.forEach(function (g) {
              if (g.game === game.game) { g.url = g.watchUrl; g.role = "watch"; g.watchUrl = ""; }
            });
            save(games);
          } else {
            return;
          }
          showList(section);
        }, function () { /* offline: keep the list as it is */ });
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-my-game-forget]");
    if (!button) { return; }
    var section = button.closest("[data-my-games]");
    var heading = section.querySelector("h2");
    forget(button.getAttribute("data-game"));
    showList(section);
    // The button is gone: keep the focus somewhere sensible.
    if (!section.hidden && heading) { heading.setAttribute("tabindex", "-1"); heading.focus(); }
  });

  // --- the installed app ---------------------------------------------------------------

  function registerServiceWorker() {
    var section = document.querySelector("[data-sw]");
    var url = section && section.getAttribute("data-sw");
    if (!url || !("serviceWorker" in navigator)) { return; }
    navigator.serviceWorker.register(url, { scope: "/" }).catch(function () { /* not installable here */ });
  }

  // Where the browser offers to install the app (Chromium's `beforeinstallprompt`),
  // a button says so; Safari installs from its share menu only, and shows nothing.
  var installPrompt = null;

  window.addEventListener("beforeinstallprompt", function (event) {
    var offer = document.querySelector("[data-install]");
    if (!offer) { return; }
    event.preventDefault();
    installPrompt = event;
    offer.hidden = false;
  });

  window.addEventListener("appinstalled", function () {
    var offer = document.querySelector("[data-install]");
    if (offer) { offer.hidden = true; }
    installPrompt = null;
  });

  document.addEventListener("click", function (event) {
    if (!event.target.closest("[data-install-button]") || !installPrompt) { return; }
    var offer = document.querySelector("[data-install]");
    installPrompt.prompt();
    // A prompt can be shown once: the button goes whatever the answer.
    installPrompt = null;
    if (offer) { offer.hidden = true; }
  });

  function init() {
    var section = document.querySelector("[data-my-games]");
    if (section) {
      showList(section);
      checkStillThere(section);
    }
    registerServiceWorker();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
