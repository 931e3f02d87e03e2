// The seating order on the create page: ↑ ↓ move a row in place (without this
// file they post the form and the server moves it), and a row can be dragged by
// its seat number. Any move by hand ends "drawn at random". Loaded by the
// create form's seating block only.
(function () {
  "use strict";

  function renumbered(list) {
    // new-game.js owns the rows' numbers, ids and button values.
    list.dispatchEvent(new CustomEvent("sk-rows-changed", { bubbles: true }));
  }

  function forgetDraw(list) {
    var form = list.closest("form");
    var drawn = form && form.querySelector("input[name=drawn]");
    if (drawn) { drawn.value = "False"; }
    var note = form && form.querySelector("[data-drawn-note]");
    if (note) { while (note.firstChild) { note.removeChild(note.firstChild); } }
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-move-row]");
    if (!button) { return; }
    var list = button.closest("[data-name-rows]");
    var row = button.closest("[data-name-row]");
    if (!list || !row) { return; }
    event.preventDefault();
    var up = button.getAttribute("data-move-row") === "up";
    var other = up ? row.previousElementSibling : row.nextElementSibling;
    if (!other) { return; }
    list.insertBefore(up ? row : other, up ? other : row);
    renumbered(list);
    forgetDraw(list);
    button.focus();
  });

  var drag = null;

  document.addEventListener("pointerdown", function (event) {
    var handle = event.target.closest && event.target.closest("[data-drag-handle]");
    var list = handle && handle.closest("[data-name-rows]");
    if (!list) { return; }
    event.preventDefault();
    drag = { list: list, row: handle.closest("[data-name-row]"), moved: false };
    drag.row.classList.add("is-dragged");
    if (handle.setPointerCapture) { handle.setPointerCapture(event.pointerId); }
  });

  document.addEventListener("pointermove", function (event) {
    if (!drag) { return; }
    var rows = drag.list.querySelectorAll("[data-name-row]");
    for (var i = 0; i < rows.length; i += 1) {
      var other = rows[i];
      if (other === drag.row) { continue; }
      var box = other.getBoundingClientRect();
      if (event.clientY < box.top || event.clientY > box.bottom) { continue; }
      var after = event.clientY > box.top + box.height / 2;
      drag.list.insertBefore(drag.row, after ? other.nextElementSibling : other);
      drag.moved = true;
      break;
    }
  });

  function endDrag() {
    if (!drag) { return; }
    drag.row.classList.remove("is-dragged");
    renumbered(drag.list);
    if (drag.moved) { forgetDraw(drag.list); }
    drag = null;
  }

  document.addEventListener("pointerup", endDrag);
  document.addEventListener("pointercancel", endDrag);

})();
