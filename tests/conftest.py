import io
import logging

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}


@pytest.fixture(autouse=True)
def _default_language():
    # A request in English leaves English active in the thread (LocaleMiddleware
    # does not switch back): every test starts in the site's language.
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def _fresh_cache():
    from django.core.cache import caches

    for cache in caches.all():
        cache.clear()
    yield
    for cache in caches.all():
        cache.clear()


@pytest.fixture(autouse=True)
def _fresh_hub():
    # The live hub remembers the last version it heard of each game id, for a
    # process's lifetime: in production ids are never reused, but a test's
    # flushed or rolled-back rows give the next test's game the same id, which
    # must not inherit the version an earlier test's game reached.
    from games.live.fanout import hub

    hub.recent.clear()
    yield
    hub.recent.clear()


# Per module, not per session: Playwright's sync API keeps an event loop running in
# the test thread while it is open, and the tests that drive the ASGI handler
# themselves (asyncio.run, async_to_sync) cannot run beside it.
#
# While it is open, Django sees that loop and refuses every ORM call from the test
# thread, though the browser tests' own calls (and their database's set-up and
# flush) are plain synchronous code: Django's async-unsafe switch is on for that
# time only. Everywhere else it stays off, so that a synchronous ORM call slipping
# into an async path (a stream, the ASGI handler) fails its test.
@pytest.fixture(scope="module")
def playwright_instance():
    from playwright.sync_api import sync_playwright

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        with sync_playwright() as p:
            yield p


@pytest.fixture(scope="module")
def browser(playwright_instance):
    browser = playwright_instance.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
    )
    yield browser
    browser.close()


@pytest.fixture
def new_phone(browser):
    """Opens a fresh phone-sized browser context (its own cookies), with or without
    JavaScript; closed after."""
    contexts = []

    def open_phone(locale="fr-FR", javascript=True):
        context = browser.new_context(
            viewport=PHONE,
            device_scale_factor=2,
            is_mobile=True,
            has_touch=True,
            locale=locale,
            java_script_enabled=javascript,
        )
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield open_phone
    for context in contexts:
        context.close()


@pytest.fixture
def phone(new_phone):
    return new_phone()


@pytest.fixture
def console():
    """What the configured (redacting) console handler writes during the test."""
    from scorekeeper.logging import RedactTokensFilter

    handler = next(
        h
        for h in logging.getLogger().handlers
        if any(isinstance(f, RedactTokensFilter) for f in h.filters)
    )
    stream = io.StringIO()
    previous = handler.setStream(stream)
    yield stream
    handler.setStream(previous)


@pytest.fixture(scope="session")
def live_server(django_db_setup, django_db_blocker):
    """The browser tests' server: the ASGI application under uvicorn, streams and
    all (tests/asgi_server.py). Replaces pytest-django's WSGI live server, which
    cannot hold a stream; pytest-django still gives each test that uses it a
    transactional database."""
    from tests.asgi_server import AsgiLiveServer

    server = AsgiLiveServer()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def link(live_server):
    """The phone's way to the server, which the test can cut (`cut_network`)."""
    from tests.asgi_server import CuttableLink

    link = CuttableLink(live_server.url)
    yield link
    link.close()
