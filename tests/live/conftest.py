"""Fixtures of the stream tests (tests/live/test_stream_*.py use them through
`helpers.STREAM_TEST`): the browser tests of this area may end with a stream
still closing, so they are not autouse."""

import gc

import pytest

from games.live import fanout, streams


@pytest.fixture
def fresh_renderings(monkeypatch):
    """Each test starts with no rendering kept from another one."""
    monkeypatch.setattr(streams, "renderings", streams.Renderings())


@pytest.fixture
def every_stream_closed():
    """No stream left subscribed when the test ends."""
    yield
    # A test that leaves a stream subscribed would leak it into the next one.
    assert fanout.hub.streams() == 0
    assert fanout.hub.addresses == {}
    # The renderings ran in the loop's worker threads, gone with the loop; their
    # database connections go once collected (else PostgreSQL refuses to drop
    # the test database: "being accessed by other users").
    gc.collect()


@pytest.fixture
def news_without_sheet(monkeypatch):
    """On PostgreSQL a write's news brings the watchers' sheet, and no process
    draws it again (tests/live/test_stream_postgresql_notify.py): here no sheet
    fits in a notification, so that each process draws its own, from the row as
    its write left it, as on SQLite."""
    monkeypatch.setattr(streams, "NOTIFIED_SHEET_LIMIT", 0)


@pytest.fixture
def renders(monkeypatch):
    """The renderings made, as (kind, token, version) in order."""
    made = []
    real = streams._render

    def counting(kind, token, language, version):
        event = real(kind, token, language, version)
        made.append((kind, token, event and event.version))
        return event

    monkeypatch.setattr(streams, "_render", counting)
    return made
