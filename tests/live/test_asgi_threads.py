"""Under the ASGI server a page's synchronous parts (the middleware, the view) run in
one thread: each switch between the event loop and a thread costs about a tenth of
a millisecond and a context switch, so a chain that switched around every
middleware spent more time switching than answering."""

import pytest
from asgiref.sync import SyncToAsync

from tests.asgi_server import AsgiClient
from tests.factories import make_game
from tests.helpers import host_url, watch_url

# The request_started signal, the chain, CSRF's process_view (Django always
# adapts view middleware to the handler's mode), the view, the response's close.
SWITCHES_PER_PAGE = 5


@pytest.fixture
def switches(monkeypatch):
    counted = []
    enter = SyncToAsync.__call__

    async def counting(self, *args, **kwargs):
        counted.append(self.func)
        return await enter(self, *args, **kwargs)

    monkeypatch.setattr(SyncToAsync, "__call__", counting)
    return counted


def test_a_bare_page_switches_threads_a_handful_of_times(switches):
    response = AsgiClient().get("/robots.txt")
    assert response.status_code == 200
    assert len(switches) <= SWITCHES_PER_PAGE


@pytest.mark.django_db(transaction=True)
def test_the_watch_and_host_pages_switch_threads_a_handful_of_times(switches):
    game, host_token = make_game(["Sarah", "Hugo"])
    client = AsgiClient()
    for url in (watch_url(game), host_url(host_token)):
        switches.clear()
        response = client.get(url)
        assert response.status_code == 200
        assert len(switches) <= SWITCHES_PER_PAGE, url


def test_a_server_process_freezes_what_it_loaded_at_start():
    # What every server process loads once (settings, URLs, views, the game
    # page's template) is kept out of the collector's full passes, and the
    # objects of requests under way die young instead of growing the old
    # generation that a full pass walks, held streams and kept states included.
    import gc

    from scorekeeper import asgi, serve

    assert serve.options({})["app"] == "scorekeeper.asgi:served"
    before, thresholds = gc.get_freeze_count(), gc.get_threshold()
    try:
        assert asgi.served() is asgi.application
        assert gc.get_freeze_count() > before
        assert gc.get_threshold() == (asgi.GC_YOUNG_THRESHOLD, *thresholds[1:])
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)
