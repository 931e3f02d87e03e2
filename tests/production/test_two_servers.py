"""Two stateless app servers on one PostgreSQL and one Redis behave as one site:
what is written through one is seen, refused or counted through the other."""

import json
import re
import secrets
import time

import pytest

from tests.production.servers import Phone

pytestmark = pytest.mark.usefixtures("fresh_limits")

VERSION = re.compile(r'id="sheet"[^>]*data-version="(\d+)"')


def sheet_version(html):
    match = VERSION.search(html)
    assert match, "the page shows no sheet"
    return int(match.group(1))


def test_both_servers_say_database_cache_and_broker_are_up(two_servers):
    for server in two_servers:
        status, _headers, body = server.request("GET", "/healthz")
        assert status == 200
        assert json.loads(body) == {"database": "ok", "cache": "ok", "broker": "ok"}


def test_the_health_probe_is_answered_over_plain_http_while_pages_redirect(
    two_servers,
):
    a, _b = two_servers
    assert a.request("GET", "/healthz")[0] == 200
    status, headers, _ = a.request("GET", "/")
    assert status == 301
    assert headers["Location"].startswith("https://")


def test_a_watcher_on_one_server_sees_an_entry_scored_on_the_other_within_a_second(
    two_servers, game
):
    a, b = two_servers
    host, watcher = Phone(a), Phone(b)
    status, _, page = watcher.get(f"/w/{game['watch_token']}/")
    assert status == 200
    seen = sheet_version(page)
    poll = f"/w/{game['watch_token']}/feuille/?v={seen}"
    assert watcher.get(poll, htmx=True)[0] == 204

    host.get(f"/h/{game['host_token']}/")
    sarah = game["players"]["Sarah"]
    status, headers, fragment = host.post(
        f"/h/{game['host_token']}/box/{sarah}/free/fours/record/",
        {"value": "3", "seen_version": str(seen)},
    )
    assert status == 200 and "HX-Retarget" not in headers, fragment[:500]
    recorded_at = time.monotonic()

    # The watcher's phone polls (every second in the page; faster here, to time it).
    while True:
        status, _, fragment = watcher.get(poll, htmx=True)
        if status == 200:
            break
        assert status == 204
        assert time.monotonic() - recorded_at < 1.0, "the watcher still sees no entry"
        time.sleep(0.05)
    assert time.monotonic() - recorded_at < 1.0
    assert sheet_version(fragment) > seen
    fours = re.search(r'class="row-box row-fours.*?</tr>', fragment, re.S)
    assert fours and ">12<" in re.sub(r"\s", "", fours.group(0))


def test_a_pencil_taken_back_on_one_server_is_refused_on_the_other(two_servers, game):
    a, b = two_servers
    host, holder = Phone(a), Phone(b)
    host.get(f"/h/{game['host_token']}/")
    status, headers, _ = host.post(
        f"/h/{game['host_token']}/crayon/passer/", {"label": "Léa"}, htmx=False
    )
    assert status == 302
    _, _, page = host.get(f"/h/{game['host_token']}/")
    pencil = re.search(r"/c/([A-Za-z0-9_-]{32})/", page).group(1)
    status, _, page = holder.get(f"/c/{pencil}/")
    assert status == 200
    assert holder.get(f"/c/{pencil}/feuille/?v={sheet_version(page)}")[0] == 204
    sarah, hugo = game["players"]["Sarah"], game["players"]["Hugo"]
    status, headers, _ = holder.post(
        f"/c/{pencil}/box/{sarah}/free/ones/record/", {"value": "2"}
    )
    assert status == 200 and "HX-Retarget" not in headers

    status, _, _ = host.post(
        f"/h/{game['host_token']}/crayon/reprendre/", {}, htmx=False
    )
    assert status == 302

    assert holder.get(f"/c/{pencil}/")[0] == 410
    assert holder.get(f"/c/{pencil}/feuille/?v=1", htmx=True)[0] == 410
    status, _, _ = holder.post(
        f"/c/{pencil}/box/{hugo}/free/ones/record/", {"value": "2"}
    )
    assert status == 410


def test_the_wrong_link_limit_counts_misses_made_through_both_servers(
    two_servers, game, shared_env
):
    a, b = two_servers
    limit = int(shared_env["CAPABILITY_MISS_LIMIT"])
    for attempt in range(limit):
        # Half the wrong links on each server: neither alone reaches the limit.
        server = (a, b)[attempt % 2]
        status, _, _ = Phone(server).get(f"/w/{secrets.token_urlsafe(24)}/")
        assert status == 404
    for server in (a, b):
        status, headers, _ = Phone(server).get(f"/w/{game['watch_token']}/")
        assert status == 429
        assert int(headers["Retry-After"]) > 0
