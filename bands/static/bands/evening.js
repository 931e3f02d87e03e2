// The evening's picture: where the phone can share files, "Partager l'image…"
// sends the PNG itself (with its words) to the app the person picks; elsewhere
// the button stays hidden and the download link does it. Wired by data-
// attributes (strict CSP: no inline script).
(function () {
  "use strict";

  function probe() {
    try {
      return new File([new Uint8Array(0)], "soiree.png", { type: "image/png" });
    } catch (e) {
      return null;
    }
  }

  function canShareFiles() {
    var file = probe();
    if (!file || typeof navigator.share !== "function" ||
        typeof navigator.canShare !== "function") { return false; }
    try { return navigator.canShare({ files: [file] }); } catch (e) { return false; }
  }

  function setup() {
    if (!canShareFiles()) { return; }
    document.querySelectorAll("[data-evening-share]").forEach(function (button) {
      button.hidden = false;
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-evening-share]");
    if (!button) { return; }
    var name = button.getAttribute("data-evening-filename") || "soiree.png";
    fetch(button.getAttribute("data-evening-picture"), { credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) { throw new Error("picture"); }
        return response.blob();
      })
      .then(function (blob) {
        var file = new File([blob], name, { type: "image/png" });
        return navigator.share({
          files: [file],
          title: button.getAttribute("data-evening-title") || "",
          text: button.getAttribute("data-evening-text") || ""
        });
      })
      .catch(function () {
        // Closing the share sheet rejects too; the download link stays there.
      });
  });

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setup);
  } else {
    setup();
  }
})();
