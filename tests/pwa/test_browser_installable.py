"""The site installs as an app on a phone: a manifest with its icons and colours,
and a service worker that keeps only the offline page and hashed static files,
never a page behind a link."""

import io

import pytest
from axe_playwright_python.sync_playwright import Axe
from PIL import Image
from playwright.sync_api import expect

from tests.axe import AXE_OPTIONS
from tests.games.browser import create_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SW_READY = "async () => (await navigator.serviceWorker.ready).active.scriptURL"
CACHED_URLS = """async () => {
  const urls = [];
  for (const key of await caches.keys()) {
    for (const request of await (await caches.open(key)).keys()) {
      urls.push(new URL(request.url).pathname);
    }
  }
  return urls;
}"""


def test_the_home_page_offers_a_manifest_with_icons_and_colours(live_server, phone):
    phone.goto(live_server.url + "/")
    href = phone.locator("link[rel=manifest]").get_attribute("href")
    response = phone.request.get(live_server.url + href)
    assert response.status == 200
    manifest = response.json()
    assert manifest["short_name"] == "Scorekeeper"
    # Any game's score, not only Yams's: the name the phone shows says so.
    assert manifest["name"] == "Scorekeeper — la feuille de score"
    assert "Skyjo" in manifest["description"]
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/"
    assert manifest["theme_color"] and manifest["background_color"]
    sizes = {}
    for icon in manifest["icons"]:
        image = phone.request.get(live_server.url + icon["src"])
        assert image.headers["content-type"] == "image/png"
        width, height = Image.open(io.BytesIO(image.body())).size
        assert icon["sizes"] == f"{width}x{height}"
        sizes[icon.get("purpose", "any")] = sizes.get(icon.get("purpose", "any"), [])
        sizes[icon.get("purpose", "any")].append(width)
    assert sorted(sizes["any"]) == [192, 512]
    assert sizes["maskable"] == [512]


def test_offline_the_app_shows_its_own_page_and_keeps_no_game(live_server, phone):
    create_game(phone, live_server.url, ["Sarah", "Hugo"])
    assert phone.evaluate(SW_READY).endswith("/sw.js")
    host_page = phone.url
    phone.reload()  # now under the worker
    expect(phone.locator("#sheet")).to_be_visible()

    phone.context.set_offline(True)
    phone.goto(host_page)
    expect(phone.get_by_role("heading", name="Pas de réseau")).to_be_visible()
    phone.screenshot(path="/tmp/shots-15a/offline-page.png")
    violations = Axe().run(phone, options=AXE_OPTIONS).response["violations"]
    assert [v["id"] for v in violations if v["impact"] != "minor"] == []
    cached = phone.evaluate(CACHED_URLS)
    assert "/offline/" in cached
    assert not [url for url in cached if url.split("/")[1] in ["h", "c", "w", "b", "r"]]
    phone.context.set_offline(False)
    phone.get_by_role("link", name="Réessayer").click()
    expect(phone.locator("#sheet")).to_be_visible()


def test_the_manifest_names_the_app_and_offers_its_shortcuts_and_screenshots(
    live_server, phone
):
    manifest = phone.request.get(live_server.url + "/manifest.webmanifest").json()
    assert manifest["id"] == "/"
    shortcuts = {s["name"]: s["url"] for s in manifest["shortcuts"]}
    assert shortcuts == {"Nouvelle partie": "/#new-game", "Mes parties": "/#my-games"}
    phone.goto(live_server.url + shortcuts["Nouvelle partie"])
    expect(phone.locator("#new-game")).to_be_visible()
    assert phone.locator("#my-games").count() == 1
    labels = []
    for shot in manifest["screenshots"]:
        image = phone.request.get(live_server.url + shot["src"])
        assert image.headers["content-type"] == "image/png"
        width, height = Image.open(io.BytesIO(image.body())).size
        assert shot["sizes"] == f"{width}x{height}"
        assert shot["form_factor"] == "narrow"
        labels.append(shot["label"])
    assert len(labels) == 3 and all(labels)


INSTALL_OFFER = """() => {
  const offer = new Event("beforeinstallprompt", {cancelable: true});
  offer.prompt = () => { window.installPrompted = true; return Promise.resolve(); };
  offer.userChoice = Promise.resolve({outcome: "accepted"});
  window.dispatchEvent(offer);
  return offer.defaultPrevented;
}"""


def test_the_home_page_offers_to_install_the_app_where_the_browser_can(
    live_server, phone
):
    phone.goto(live_server.url + "/")
    install = phone.get_by_role("button", name="Installer l'app sur ce téléphone")
    # No offer from the browser (Safari, an installed app): no button.
    expect(install).to_be_hidden()
    assert phone.evaluate(INSTALL_OFFER) is True
    expect(install).to_be_visible()
    results = Axe().run(phone, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()
    install.click()
    assert phone.evaluate("() => window.installPrompted") is True
    # The browser asks once per offer: the button goes.
    expect(install).to_be_hidden()
