// Share widgets: copy a link, open the system share sheet. Wired by data-
// attributes (strict CSP: no inline script). Without JS the link, WhatsApp and
// SMS still work; share.css hides the copy button and the share button stays hidden.
(function () {
  "use strict";

  function shareData(button) {
    return {
      title: button.getAttribute("data-share-title") || "",
      text: button.getAttribute("data-share-text") || "",
      url: button.getAttribute("data-share-url") || ""
    };
  }

  // A result's picture, fetched when the page opens: the share sheet must open
  // in the tap itself, with no download in between.
  var pictures = new WeakMap();

  function withPicture(button, data) {
    var file = pictures.get(button);
    if (!file) { return data; }
    var full = { title: data.title, text: data.text, url: data.url, files: [file] };
    return canShare(full) ? full : data;
  }

  function fetchPicture(button) {
    var address = button.getAttribute("data-share-image");
    if (!address || !window.fetch || typeof File !== "function") { return; }
    fetch(address, { credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) { throw new Error(String(response.status)); }
        return response.blob();
      })
      .then(function (blob) {
        var name = button.getAttribute("data-share-image-name") || "image.png";
        var file = new File([blob], name, { type: blob.type || "image/png" });
        pictures.set(button, file);
        var data = shareData(button);
        if (withPicture(button, data) === data) {
          // This phone shares links only: the button says so; the download
          // link beside it keeps the picture.
          pictures.delete(button);
          button.textContent = button.getAttribute("data-share-plain") || button.textContent;
        }
      })
      .catch(function () {
        var plain = button.getAttribute("data-share-plain");
        if (plain) { button.textContent = plain; }
      });
  }

  function canShare(data) {
    if (typeof navigator.share !== "function") { return false; }
    if (typeof navigator.canShare !== "function") { return true; }
    try { return navigator.canShare(data); } catch (e) { return false; }
  }

  function canCopy() {
    if (navigator.clipboard && window.isSecureContext) { return true; }
    return typeof document.queryCommandSupported === "function" &&
      document.queryCommandSupported("copy");
  }

  // Plain http on a local network has no Clipboard API: fall back to the old
  // selection-based copy.
  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text);
    }
    return new Promise(function (resolve, reject) {
      var area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.className = "visually-hidden";
      document.body.appendChild(area);
      area.select();
      var done = false;
      try { done = document.execCommand("copy"); } catch (e) { done = false; }
      document.body.removeChild(area);
      if (done) { resolve(); } else { reject(new Error("copy")); }
    });
  }

  var timers = new WeakMap();

  function announce(widget, text) {
    var status = widget.querySelector("[data-share-status]");
    if (!status) { return; }
    // Emptied first so that pressing twice is announced twice.
    status.textContent = "";
    window.clearTimeout(timers.get(status));
    window.setTimeout(function () { status.textContent = text; }, 50);
    timers.set(status, window.setTimeout(function () { status.textContent = ""; }, 6000));
  }

  function selectLink(link) {
    var range = document.createRange();
    range.selectNodeContents(link);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  function setup() {
    var copyOk = canCopy();
    document.querySelectorAll("[data-share-widget]").forEach(function (widget) {
      var copy = widget.querySelector("[data-share-copy]");
      if (copy && !copyOk) { copy.hidden = true; }
      var share = widget.querySelector("[data-share-open]");
      if (share && canShare(shareData(share))) {
        share.hidden = false;
        fetchPicture(share);
      }
    });
  }

  document.addEventListener("click", function (event) {
    var copy = event.target.closest("[data-share-copy]");
    if (copy) {
      var widget = copy.closest("[data-share-widget]");
      var link = widget.querySelector("[data-share-link]");
      copyText(link.getAttribute("href")).then(function () {
        announce(widget, widget.getAttribute("data-share-copied"));
      }, function () {
        selectLink(link);
        announce(widget, widget.getAttribute("data-share-copy-failed"));
      });
      return;
    }
    var share = event.target.closest("[data-share-open]");
    if (share) {
      navigator.share(withPicture(share, shareData(share))).catch(function () {
        // Closing the share sheet rejects too: nothing to tell.
      });
    }
  });

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setup);
  } else {
    setup();
  }
})();
