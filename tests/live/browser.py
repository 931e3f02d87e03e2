"""Helpers for the live browser tests: timing what a watching page sees, counting
its polls, faking what headless Chromium cannot do (hide a tab, grant a wake lock)."""

from pathlib import Path

from playwright.sync_api import expect

SHOTS = Path("/tmp/shots")

# Records, on the page, when each version of #sheet first appeared (ms, the
# machine's clock, the same for every page of the browser).
SEEN_SCRIPT = """() => {
  window.__seen = {};
  const note = () => {
    const sheet = document.getElementById("sheet");
    const v = sheet && sheet.getAttribute("data-version");
    if (v && !(v in window.__seen)) { window.__seen[v] = Date.now(); }
  };
  note();
  new MutationObserver(note).observe(document.body, {childList: true, subtree: true});
}"""

# A wake lock that always grants, and remembers what was asked.
WAKE_LOCK_STUB = """
(() => {
  window.__wake = [];
  window.__releases = [];
  Object.defineProperty(navigator, "wakeLock", {
    configurable: true,
    value: {
      request(type) {
        window.__wake.push(type);
        return Promise.resolve({
          released: false,
          addEventListener(name, handler) {
            if (name === "release") { window.__releases.push(handler); }
          },
          release() { return Promise.resolve(); },
        });
      },
    },
  });
})();
"""

NO_WAKE_LOCK = """
(() => {
  try { delete Navigator.prototype.wakeLock; } catch (e) {}
  Object.defineProperty(navigator, "wakeLock", {configurable: true, value: undefined});
})();
"""


def set_visibility(page, state):
    """Pretends the tab was hidden or shown again (headless tabs are always shown)."""
    page.evaluate(
        """(state) => {
          Object.defineProperty(document, "visibilityState",
            {configurable: true, get: () => state});
          Object.defineProperty(document, "hidden",
            {configurable: true, get: () => state === "hidden"});
          document.dispatchEvent(new Event("visibilitychange"));
        }""",
        state,
    )


def count_polls(page):
    """A list that fills with the URLs of the page's polls."""
    return count_requests(page, "/sheet/?v=")


def count_streams(page):
    """A list that fills with the URLs of the streams the page opens."""
    return count_requests(page, "/events/")


def count_requests(page, part):
    seen = []
    page.on("request", lambda r: seen.append(r.url) if part in r.url else None)
    return seen


# Every EventSource the page opens, so a test can tell which are still open.
TRACK_STREAMS = """
(() => {
  const Native = window.EventSource;
  window.__streams = [];
  window.EventSource = function (url, options) {
    const source = new Native(url, options);
    window.__streams.push(source);
    return source;
  };
  window.EventSource.prototype = Native.prototype;
  Object.assign(window.EventSource, {CONNECTING: 0, OPEN: 1, CLOSED: 2});
})();
"""


def open_streams(page):
    return page.evaluate("window.__streams.filter((s) => s.readyState !== 2).length")


def watch_console(page):
    """Collects console errors: a CSP refusal (inline style, script) shows up there."""
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return errors


def open_in_scheme(page, url, scheme):
    """Opens `url` in the light or dark theme; returns the list that collects the
    console errors from the start of the load."""
    page.emulate_media(color_scheme=scheme)
    errors = watch_console(page)
    page.goto(url)
    return errors


def version(page):
    return int(page.locator("#sheet").get_attribute("data-version"))


def cell_text(page, box, seat):
    """The figure in a box of the sheet for the player at `seat` (0-based)."""
    return page.locator(f"table.score tr.row-{box} td").nth(seat).inner_text().strip()


def pick_value(page, value):
    page.locator(
        f"dialog[open] label.choice:has(input[name=value][value='{value}'])"
    ).click()
    expect(page.locator("#preview .calc")).to_be_visible()


def percentile(values, fraction):
    """Nearest-rank percentile: the smallest value at or above `fraction` of them."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * fraction // 1))
    return ordered[int(rank) - 1]


def shoot(page, name, full_page=True):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name), full_page=full_page)


def page_width(page):
    return page.evaluate("document.documentElement.scrollWidth")
