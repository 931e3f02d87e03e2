"""In a real browser: the pages holding a token load nothing from another origin,
and a link followed out of the site (WhatsApp) carries no Referer, under the
site's Referrer-Policy: same-origin."""

import pytest

from tests.factories import make_game, play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_token_pages_stay_on_their_origin_and_links_out_get_no_referer(
    live_server, phone
):
    game, host_token = make_game(["Sarah", "Hugo"])
    play(game, ("Sarah", "free", "ones", {"kind": "count", "value": 3}))
    pencil_token = game.pass_pencil(host_token, "Léa")
    requests = []
    phone.on("request", lambda request: requests.append(request))

    for path in (
        f"/h/{host_token}/",
        f"/h/{host_token}/invite/",
        f"/c/{pencil_token}/",
        f"/w/{game.watch_token}/",
        f"/r/{game.watch_token}/",
        f"/b/{game.band.token}/",
    ):
        phone.goto(live_server.url + path)
        phone.wait_for_load_state("load")
    foreign = [r.url for r in requests if not r.url.startswith(live_server.url)]
    assert not foreign, foreign
    # Requests to the site itself may say which page they come from.
    same_site = [r for r in requests if r.url.endswith(".css")]
    assert same_site and all(
        r.headers.get("referer", "").startswith(live_server.url) for r in same_site
    )

    outbound = []

    def whatsapp(route):
        outbound.append(route.request.headers)
        route.fulfill(status=200, body="ok", content_type="text/plain")

    phone.context.route("https://wa.me/**", whatsapp)
    phone.goto(f"{live_server.url}/h/{host_token}/invite/")
    phone.locator("#share-pencil-title ~ .share-actions a", has_text="WhatsApp").click()
    phone.wait_for_url("https://wa.me/**")
    assert outbound, "the WhatsApp link was not followed"
    assert "referer" not in outbound[0]
