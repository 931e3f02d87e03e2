// The create form (the home page and a band's next game): the game chosen first
// (only its own options shown), rows of names added, removed and renumbered in
// place, Enter from name to name, the options each Yams variant offers, and the
// count of a name near its limit. Loaded by
// templates/games/home.jinja only; without it the form posts each change and the
// server answers with the form redrawn.
(function () {
  "use strict";

  function renumber(list) {
    var rows = list.querySelectorAll("[data-name-row]");
    rows.forEach(function (row, index) {
      var seat = row.querySelector(".seat");
      if (seat) { seat.textContent = String(index + 1); }
      var input = row.querySelector("input[name=names]");
      var label = row.querySelector("label");
      input.id = "name-" + index;
      if (label) { label.setAttribute("for", input.id); }
      var remove = row.querySelector("[data-remove-row]");
      if (remove) { remove.value = String(index); }
      // A cloned row must not keep the name its model had ("Joueur 4" six times).
      row.querySelectorAll("[data-seat-text]").forEach(function (text) {
        text.textContent = text.getAttribute("data-seat-text").replace("{n}", String(index + 1));
      });
      input.setAttribute("enterkeyhint", index === rows.length - 1 ? "go" : "next");
      row.querySelectorAll("[data-move-row]").forEach(function (button) {
        var way = button.getAttribute("data-move-row");
        button.value = way + ":" + index;
        button.disabled = way === "up" ? index === 0 : index === rows.length - 1;
      });
    });
    var add = list.parentNode.querySelector("[data-add-row]");
    var max = parseInt(list.getAttribute("data-max"), 10) || 10;
    if (add) { add.disabled = rows.length >= max; }
  }

  function addRow(list) {
    var rows = list.querySelectorAll("[data-name-row]");
    var max = parseInt(list.getAttribute("data-max"), 10) || 10;
    if (rows.length >= max) { return null; }
    var row = rows[rows.length - 1].cloneNode(true);
    row.classList.remove("has-error");
    var error = row.querySelector(".row-error");
    if (error) { error.remove(); }
    var input = row.querySelector("input[name=names]");
    input.value = "";
    input.removeAttribute("aria-invalid");
    input.removeAttribute("aria-describedby");
    var count = row.querySelector("[data-name-count]");
    if (count) { count.hidden = true; }
    list.appendChild(row);
    renumber(list);
    return input;
  }

  document.addEventListener("click", function (event) {
    var add = event.target.closest("[data-add-row]");
    var remove = event.target.closest("[data-remove-row]");
    var list = document.querySelector("[data-name-rows]");
    if (!list || (!add && !remove)) { return; }
    event.preventDefault();
    if (add) {
      var input = addRow(list);
      if (input) { input.focus(); }
      return;
    }
    var rows = list.querySelectorAll("[data-name-row]");
    var row = remove.closest("[data-name-row]");
    if (rows.length <= 1) {
      row.querySelector("input[name=names]").value = "";
    } else {
      row.remove();
    }
    renumber(list);
  });

  // Enter in a name goes to the next name; in the last one, it starts the game
  // (the keyboard's "go" key): the table is typed, nothing left to scroll to.
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || !event.target.matches || !event.target.matches("input[name=names]")) { return; }
    event.preventDefault();
    var list = event.target.closest("[data-name-rows]");
    var inputs = Array.prototype.slice.call(list.querySelectorAll("input[name=names]"));
    var next = inputs[inputs.indexOf(event.target) + 1];
    if (next) { next.focus(); return; }
    var form = event.target.form;
    var start = form && form.querySelector("button.create");
    if (start && form.requestSubmit) { form.requestSubmit(start); } else if (start) { start.click(); }
  });

  // The seating order's moves (static/js/seating.js) ask for the numbers again.
  document.addEventListener("sk-rows-changed", function (event) {
    if (event.target && event.target.matches && event.target.matches("[data-name-rows]")) {
      renumber(event.target);
    }
  });

  function applyPreset(form, onLoad) {
    var checked = form.querySelector("input[data-preset]:checked");
    if (!checked) { return; }
    var defaults = {};
    try { defaults = JSON.parse(form.getAttribute("data-preset-defaults"))[checked.value] || {}; } catch (e) { /* keep */ }
    form.querySelectorAll("[data-option]").forEach(function (fieldset) {
      var key = fieldset.getAttribute("data-option");
      var offered = (fieldset.getAttribute("data-presets") || "").split(" ").indexOf(checked.value) >= 0;
      fieldset.hidden = !offered;
      fieldset.disabled = !offered;
      if (!offered || !(key in defaults)) { return; }
      var value = defaults[key];
      if (typeof value !== "string") { return; }
      var blank = fieldset.querySelector("input[type=radio][value='']");
      // On load, a choice the host already made (a form sent back) stays.
      if (onLoad && blank && !blank.checked) { return; }
      fieldset.querySelectorAll("input[type=radio]").forEach(function (radio) {
        radio.checked = radio.value === value;
      });
    });
  }

  // The chosen game's sections only (the Yams variants, each game's options):
  // a disabled section posts nothing, so the other games' fields cannot get in
  // the way. The players' help and the room for rows follow the game.
  function applyKind(form) {
    // None checked: the first tile, the registry's default, as the server reads it.
    var checked = form.querySelector("input[data-kind]:checked");
    var first = form.querySelector("input[data-kind]");
    var kind = checked ? checked.value : first ? first.value : "";
    form.querySelectorAll("[data-kind-section]").forEach(function (section) {
      var chosen = section.getAttribute("data-kind-section") === kind;
      section.hidden = !chosen;
      section.disabled = !chosen;
    });
    form.querySelectorAll("[data-kind-help]").forEach(function (help) {
      help.hidden = help.getAttribute("data-kind-help") !== kind;
    });
    var list = form.querySelector("[data-name-rows]");
    if (list && checked && checked.getAttribute("data-max-players")) {
      list.setAttribute("data-max", checked.getAttribute("data-max-players"));
      renumber(list);
    }
  }

  // --- the free counter's presets ------------------------------------------------

  // Picking a preset fills the counter's options with its own (the host may
  // still change them), and says so to the server: the hidden field names the
  // choice the options were filled for. The fold opens to show them.
  function applyTallyPreset(form, radio) {
    var all = {};
    try { all = JSON.parse(form.getAttribute("data-tally-presets")) || {}; } catch (e) { return; }
    var values = all[radio.value];
    if (!values) { return; }
    Object.keys(values).forEach(function (name) {
      form.querySelectorAll("[name='" + name + "']").forEach(function (input) {
        if (input.type === "radio") {
          input.checked = input.value === values[name];
        } else {
          input.value = values[name];
        }
      });
    });
    var filled = form.querySelector("[data-tally-filled]");
    if (filled) { filled.value = radio.value; }
    var fold = form.querySelector("details.options");
    if (fold && radio.value) { fold.open = true; }
  }

  function initNewGame() {
    var form = document.querySelector("[data-new-game]");
    if (!form) { return; }
    applyKind(form);
    applyPreset(form, true);
    form.addEventListener("change", function (event) {
      if (event.target.matches("input[data-kind]")) { applyKind(form); }
      if (event.target.matches("input[data-preset]")) { applyPreset(form, false); }
      if (event.target.matches("input[data-tally-preset]")) { applyTallyPreset(form, event.target); }
    });
    var list = form.querySelector("[data-name-rows]");
    if (list) { renumber(list); }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", initNewGame);
  } else {
    initNewGame();
  }

  // --- the name count ---------------------------------------------------------------

  // The name stops at its limit as it is typed (maxlength); the count shows up
  // near that limit so the stop is no surprise.
  var NAME_COUNT_FROM = 6;

  function showNameCount(input) {
    var count = input.parentNode.querySelector("[data-name-count]");
    var max = parseInt(input.getAttribute("maxlength"), 10);
    if (!count || !max) { return; }
    var left = max - input.value.length;
    count.hidden = left > NAME_COUNT_FROM;
    count.textContent = input.value.length + "/" + max;
    count.classList.toggle("is-full", left <= 0);
  }

  document.addEventListener("input", function (event) {
    if (event.target.matches && event.target.matches("input[name=names]")) { showNameCount(event.target); }
  });
})();
