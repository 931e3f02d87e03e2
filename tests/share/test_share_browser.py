"""The share page in a real browser, phone-sized: accessible (axe), usable with a
keyboard, and with a QR code that decodes as Chromium paints it (the result page's
are in tests/keepsakes/test_result_browser.py)."""

import io

import pytest
import zxingcpp
from PIL import Image

from tests.axe import assert_accessible
from tests.factories import make_game
from tests.live.browser import open_in_scheme, shoot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def no_horizontal_scroll(page):
    return page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_share_page_is_accessible_on_a_phone(live_server, phone, scheme):
    game, host_token = make_game(["Sarah", "Hugo", "Léa"])
    game.pass_pencil(host_token, "Léa")
    errors = open_in_scheme(phone, f"{live_server.url}/h/{host_token}/invite/", scheme)
    phone.wait_for_load_state("networkidle")
    assert phone.get_by_role("heading", name="Inviter la table").is_visible()
    assert phone.get_by_role("heading", name="Passer le crayon à Léa").is_visible()
    shoot(phone, f"share-{scheme}.png")
    assert no_horizontal_scroll(phone)
    assert_accessible(phone)
    assert errors == []


def test_qr_code_on_the_page_decodes_to_the_watch_link(live_server, phone):
    game, host_token = make_game()
    phone.goto(f"{live_server.url}/h/{host_token}/invite/")
    qr = phone.get_by_role("img", name="QR code du lien pour suivre la partie")
    qr.scroll_into_view_if_needed()
    phone.wait_for_function(
        "img => img.complete && img.naturalWidth > 0", arg=qr.element_handle()
    )
    box = qr.bounding_box()
    # Big enough to scan from the other side of a table (CSS pixels).
    assert box["width"] >= 300 and box["height"] >= 300
    painted = Image.open(io.BytesIO(qr.screenshot()))
    results = zxingcpp.read_barcodes(painted)
    assert [r.text for r in results] == [f"{live_server.url}/w/{game.watch_token}/"]


def test_copy_button_copies_the_link_and_says_so(live_server, browser):
    game, host_token = make_game()
    origin = live_server.url
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        locale="fr-FR",
    )
    try:
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=origin)
        page = context.new_page()
        page.goto(f"{origin}/h/{host_token}/invite/")
        copy = page.get_by_role("button", name="Copier le lien")
        copy.wait_for(state="visible")
        # Keyboard only: Tab until the copy button has the focus, then Enter.
        for _step in range(12):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.hasAttribute('data-share-copy')"):
                break
        else:
            raise AssertionError("the copy button cannot be reached with Tab")
        page.keyboard.press("Enter")
        status = page.get_by_role("status").filter(has_text="Lien copié.")
        status.wait_for(state="visible")
        copied = page.evaluate("navigator.clipboard.readText()")
        assert copied == f"{origin}/w/{game.watch_token}/"
    finally:
        context.close()


def test_share_button_appears_only_with_the_web_share_api(live_server, browser):
    game, host_token = make_game()
    url = f"{live_server.url}/h/{host_token}/invite/"
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="fr-FR"
    )
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_load_state("networkidle")
        supported = page.evaluate("typeof navigator.share === 'function'")
        share = page.get_by_role("button", name="Partager…")
        assert share.is_visible() == supported
        # A phone browser that has the API: the button opens it with the link.
        page.add_init_script(
            "navigator.share = (data) => { window.__shared = data;"
            " return Promise.resolve(); };"
            "navigator.canShare = () => true;"
        )
        page.goto(url)
        share.scroll_into_view_if_needed()
        shoot(page, "share-with-web-share.png")
        share.click()
        shared = page.evaluate("window.__shared")
        assert shared == {
            "title": "Notre partie de Yams",
            "text": "Suivez notre partie de Yams en direct",
            "url": f"{live_server.url}/w/{game.watch_token}/",
        }
    finally:
        context.close()


def test_share_page_works_without_javascript(live_server, new_phone):
    game, host_token = make_game()
    page = new_phone(javascript=False)
    page.goto(f"{live_server.url}/h/{host_token}/invite/")
    # Buttons that need a script stay hidden; the links work as they are.
    assert not page.get_by_role("button", name="Copier le lien").is_visible()
    assert not page.get_by_role("button", name="Partager…").is_visible()
    # Whole names: a random watch link may hold "sms" too.
    assert page.get_by_role(
        "link", name="Envoyer par WhatsApp", exact=True
    ).is_visible()
    assert page.get_by_role("link", name="Envoyer par SMS", exact=True).is_visible()
    watch = f"{live_server.url}/w/{game.watch_token}/"
    assert page.get_by_role("link", name=watch).is_visible()


FILES_SHARED = (
    "navigator.share = (data) => { window.__shared = {title: data.title,"
    " text: data.text, url: data.url, files: (data.files || []).map("
    " f => ({name: f.name, type: f.type, size: f.size}))};"
    " return Promise.resolve(); };"
)


def test_the_result_is_shared_as_its_picture_where_the_phone_shares_files(
    live_server, browser
):
    game, _host_token = make_game()
    url = f"{live_server.url}/r/{game.watch_token}/"
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="fr-FR"
    )
    try:
        page = context.new_page()
        page.add_init_script(FILES_SHARED + "navigator.canShare = (data) => true;")
        page.goto(url)
        page.wait_for_load_state("networkidle")
        share = page.get_by_role("button", name="Partager l'image…")
        share.click()
        shared = page.evaluate("window.__shared")
        assert shared["url"] == url
        assert shared["text"] and shared["title"]
        [picture] = shared["files"]
        assert picture["type"] == "image/png" and picture["size"] > 1000
        assert picture["name"].endswith(".png")
        # The picture can be kept too, whatever the phone.
        download = page.get_by_role("link", name="Télécharger l'image")
        assert download.get_attribute("download") == picture["name"]
    finally:
        context.close()


def test_a_phone_that_shares_links_only_shares_the_link_and_keeps_the_download(
    live_server, browser
):
    game, _host_token = make_game()
    url = f"{live_server.url}/r/{game.watch_token}/"
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="fr-FR"
    )
    try:
        page = context.new_page()
        page.add_init_script(
            FILES_SHARED + "navigator.canShare = (data) => !data.files;"
        )
        page.goto(url)
        page.wait_for_load_state("networkidle")
        share = page.get_by_role("button", name="Partager…")
        share.click()
        shared = page.evaluate("window.__shared")
        assert shared["files"] == [] and shared["url"] == url
        response = page.request.get(
            page.get_by_role("link", name="Télécharger l'image").get_attribute("href")
        )
        assert response.headers["content-type"] == "image/png"
    finally:
        context.close()
