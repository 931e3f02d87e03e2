"""Security headers on every response, and the extra ones on capability links."""

import re

import pytest
from django.conf import settings

from scorekeeper.lib import tokens
from scorekeeper.views import CAPABILITY_PREFIXES
from tests.asgi_server import AsgiClient
from tests.factories import make_game, play
from tests.helpers import (
    HTMX,
    all_patterns,
    db_snapshot,
    fill,
    get_every_page,
    page_routes,
    played_game_kwargs,
    played_round_game_kwargs,
    sample_kwargs,
)

CSP_MUSTS = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
]


@pytest.fixture(params=["WSGI", "ASGI"])
def client(request, client):
    """Every test here runs through both request handlers: the headers must not
    depend on the server (every server the project runs is ASGI)."""
    return client if request.param == "WSGI" else AsgiClient()


def assert_site_headers(response, url):
    csp = response.get("Content-Security-Policy", "")
    if url.endswith("/events/") and response.status_code in (200, 204):
        # A policy governs documents (and workers); a live stream is neither, and
        # a held stream would keep the header for as long as the phone watches.
        # (A refused stream link answers a page, with its policy.)
        assert not csp, url
    else:
        for directive in CSP_MUSTS:
            assert directive in csp, f"{url}: CSP lacks {directive}: {csp}"
        assert "unsafe-inline" not in csp and "unsafe-eval" not in csp, url
    assert response["X-Content-Type-Options"] == "nosniff", url
    assert response["X-Frame-Options"] == "DENY", url
    assert response["Referrer-Policy"] == "same-origin", url
    permissions = response["Permissions-Policy"]
    for feature in ("camera=()", "microphone=()", "geolocation=()"):
        assert feature in permissions, url


def assert_capability_headers(response, url):
    assert response["X-Robots-Tag"] == "noindex, nofollow", url
    # Same-origin, not no-referrer: see SECURE_REFERRER_POLICY in settings.
    assert response["Referrer-Policy"] == "same-origin", url
    if url.startswith("/r/") and response.status_code == 200:
        # The public result may let message apps cache it, if its view says so.
        assert "Cache-Control" in response, url
    else:
        assert response["Cache-Control"] == "no-store", url


def body_of(response):
    # A live stream (under ASGI) is read up to its first message.
    return response.first_chunk if response.streaming else response.content


def assert_page_is_self_contained(response, url):
    """No inline script or handler (the CSP would block it: a dead button), no
    style attribute, no resource from another site (it would see the page's IP
    and timing, and a Referer if one ever slipped through)."""
    page = response.content.decode()
    for tag in re.findall(r"<script\b[^>]*>", page, re.IGNORECASE):
        assert "src=" in tag, f"{url}: inline script {tag}"
    assert not re.search(r"<[^>]+\son[a-z]+\s*=", page, re.IGNORECASE), url
    assert not re.search(r"<[^>]+\sstyle\s*=", page, re.IGNORECASE), url
    assert "hx-on" not in page, url
    resources = re.findall(
        r"<(?:script|img|iframe|source|video|audio|embed)\b[^>]*\ssrc=\"([^\"]*)\"",
        page,
        re.IGNORECASE,
    ) + re.findall(r"<link\b[^>]*\shref=\"([^\"]*)\"", page, re.IGNORECASE)
    for address in resources:
        assert address.startswith(("/", "data:")) and not address.startswith("//"), (
            f"{url}: loads {address}"
        )


def test_middleware_runs_first_to_see_every_response():
    # Only the static files are answered before it, by the ASGI application
    # (they are no capability link).
    first = settings.MIDDLEWARE[0]
    assert first == "scorekeeper.middleware.CapabilityHeadersMiddleware"


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/", "/robots.txt", "/healthz", "/printables/"])
def test_ordinary_pages_get_the_site_headers_but_stay_indexable(client, url):
    response = client.get(url)
    assert response.status_code == 200
    assert_site_headers(response, url)
    assert "X-Robots-Tag" not in response


@pytest.mark.django_db
@pytest.mark.parametrize("prefix", CAPABILITY_PREFIXES)
def test_capability_links_get_noindex_and_no_store_even_when_unknown(client, prefix):
    url = f"{prefix}{tokens.new_token()}/"
    response = client.get(url)
    # 410 for a pencil link: "the pencil was taken back".
    assert response.status_code == (410 if prefix == "/c/" else 404)
    assert_site_headers(response, url)
    assert_capability_headers(response, url)


@pytest.mark.django_db
def test_a_slash_redirect_to_a_capability_link_is_not_cached(client):
    # CommonMiddleware's redirect carries the token and would be a cached 301.
    url = f"/h/{tokens.new_token()}"
    response = client.get(url)
    assert response.status_code == 301
    assert response["Location"] == f"{url}/"
    assert response["Cache-Control"] == "no-store"
    assert response["X-Robots-Tag"] == "noindex, nofollow"


@pytest.mark.django_db
def test_a_view_cannot_make_a_host_page_cacheable(client, settings):
    settings.ROOT_URLCONF = "tests.security.urls_cacheable"
    response = client.get(f"/h/{tokens.new_token()}/cacheable/")
    assert response.status_code == 200
    assert response["Cache-Control"] == "no-store"
    assert "Expires" not in response


@pytest.mark.django_db
def test_the_public_result_keeps_the_caching_its_view_chose(client, settings):
    settings.ROOT_URLCONF = "tests.security.urls_cacheable"
    response = client.get(f"/r/{tokens.new_token()}/cacheable/")
    assert response["Cache-Control"] == "public, max-age=600"
    assert response["X-Robots-Tag"] == "noindex, nofollow"
    plain = client.get(f"/r/{tokens.new_token()}/plain/")
    assert plain["Cache-Control"] == "no-store"


def test_robots_txt_keeps_crawlers_off_every_capability_prefix(client):
    response = client.get("/robots.txt")
    lines = response.content.decode().splitlines()
    assert "User-agent: *" in lines
    for prefix in CAPABILITY_PREFIXES:
        assert f"Disallow: {prefix}" in lines


@pytest.mark.django_db
def test_htmx_keeps_no_page_in_its_history_cache(client):
    # htmx would otherwise store whole pages, tokens included, in sessionStorage.
    page = client.get("/").content.decode()
    config = re.search(r'<meta name="htmx-config" content=\'([^\']*)\'', page)
    assert config, "htmx-config meta missing"
    assert '"historyCacheSize": 0' in config.group(1)
    assert '"refreshOnHistoryMiss": true' in config.group(1)


@pytest.mark.django_db
@pytest.mark.parametrize("game_kwargs", [played_game_kwargs, played_round_game_kwargs])
def test_every_url_sends_the_headers_and_loads_nothing_foreign(client, game_kwargs):
    kwargs = game_kwargs()
    checked = 0
    for route, url, response in get_every_page(client, kwargs):
        assert_site_headers(response, url)
        html = "text/html" in response.get("Content-Type", "")
        if url.startswith(tuple(CAPABILITY_PREFIXES)):
            assert_capability_headers(response, url)
            if html and response.status_code == 200 and b"<html" in body_of(response):
                assert b'"historyCacheSize": 0' in response.content, url
            checked += 1
        if html:
            assert_page_is_self_contained(response, url)
        if "<host_token>" not in route and "<pencil_token>" not in route:
            # Read-only pages (watch, result, band, exports) never show a
            # token that writes.
            body = body_of(response).decode(errors="replace")
            assert kwargs["host_token"] not in body, url
            assert kwargs["pencil_token"] not in body, url
    assert checked >= 1


@pytest.mark.django_db
def test_no_view_is_exempt_from_csrf():
    for route, pattern in all_patterns():
        assert not getattr(pattern.callback, "csrf_exempt", False), route


@pytest.mark.django_db
def test_a_get_changes_nothing(client):
    kwargs = played_game_kwargs()
    before = db_snapshot()
    for route, _pattern in page_routes():
        client.get(fill(route, kwargs))
    assert db_snapshot() == before


@pytest.mark.django_db
def test_every_write_answer_sends_the_headers_too(client, settings):
    """POSTs, refusals and error pages: 302, 403, 404, 405, 410, 422 and htmx
    fragments all carry the CSP, nosniff, no framing and, on links, no-store."""
    settings.CAPABILITY_MISS_LIMIT = 10_000
    game, host_token = make_game()
    play(game, ("Sarah", "free", "ones", {"kind": "count", "value": 3}))
    kwargs = sample_kwargs(game, host_token)
    revoked = {**kwargs, "pencil_token": game.pass_pencil(host_token, "Hugo")}
    revoked["pencil_token"], kwargs["pencil_token"] = (
        kwargs["pencil_token"],
        revoked["pencil_token"],
    )
    wrong = {**kwargs, "host_token": game.watch_token, "band_token": "x" * 32}
    data = {"value": "2", "name": "Zoé", "label": "Léa", "seen_version": "abc"}
    statuses = set()
    for route, _pattern in page_routes():
        for values in (kwargs, revoked, wrong):
            url = fill(route, values)
            for headers in ({}, HTMX):
                response = client.post(url, data, **headers)
                statuses.add(response.status_code)
                assert_site_headers(response, url)
                if url.startswith(tuple(CAPABILITY_PREFIXES)):
                    assert_capability_headers(response, url)
                if "text/html" in response.get("Content-Type", ""):
                    assert_page_is_self_contained(response, url)
    assert {200, 302, 403, 404, 405, 410, 422} <= statuses, statuses


def test_the_static_files_load_nothing_from_another_site():
    """Style sheets and scripts fetch nothing foreign either: no @import, no url()
    or fetch to another origin (data: URLs are in the page itself)."""
    from pathlib import Path

    root = Path(settings.BASE_DIR)
    files = [
        *root.glob("static/**/*.css"),
        *root.glob("static/**/*.js"),
        *root.glob("*/static/**/*.css"),
        *root.glob("*/static/**/*.js"),
    ]
    assert len(files) >= 4
    for path in files:
        source = path.read_text()
        assert "@import" not in source, path
        for target in re.findall(r"url\(\s*['\"]?([^'\")]+)", source):
            assert target.startswith(("data:", "/", "#")) or "://" not in target, (
                path,
                target,
            )
            assert not target.startswith("//"), (path, target)
        for call in re.findall(
            r"(?:fetch|open|ajax|importScripts)\(\s*['\"]([^'\"]+)", source
        ):
            assert not re.match(r"(?:[a-z]+:)?//", call), (path, call)
        # An SVG inside a data: URL names its namespace, which is no request.
        outside_data = re.sub(r"url\(\s*['\"]?data:[^)]*\)", "", source)
        assert not re.search(r"""['"]https?://""", outside_data), path
