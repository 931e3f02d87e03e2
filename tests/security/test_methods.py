"""GET never changes anything, and every page answers HEAD like GET: link-preview
crawlers ask with HEAD first and must not get 405. HEAD never reaches a view's
writing branch."""

import pytest

from games.models import Entry
from tests.helpers import (
    all_patterns,
    db_snapshot,
    fill,
    page_routes,
    played_game_kwargs,
)

# Views that take GET and POST and write in their "not GET" branch: HEAD must be
# refused there, never treated as a POST.
WRITE_ON_NOT_GET = {"undo", "rename", "pencil_undo", "pencil_rename"}


@pytest.mark.django_db
def test_every_page_answers_head_like_get_and_changes_nothing(client):
    kwargs = played_game_kwargs()
    before = db_snapshot()
    pages = 0
    for route, pattern in page_routes():
        if pattern.name in WRITE_ON_NOT_GET:
            continue
        url = fill(route, kwargs)
        if client.get(url).status_code != 200:
            continue
        allowed = client.put(url).get("Allow", "")
        if "POST" in allowed and url != "/":
            # A host's form page (import, band tools): no crawler goes there.
            continue
        head = client.head(url)
        assert head.status_code == 200, url
        assert head.content == b"", url
        pages += 1
    assert pages >= 15
    assert db_snapshot() == before


@pytest.mark.django_db
def test_head_never_undoes_or_renames(client):
    kwargs = played_game_kwargs()
    before = db_snapshot()
    checked = 0
    for route, pattern in all_patterns():
        if pattern.name in WRITE_ON_NOT_GET:
            response = client.head(fill(route, kwargs), {"name": "Zed"})
            assert response.status_code == 405, route
            checked += 1
    assert checked == len(WRITE_ON_NOT_GET)
    assert db_snapshot() == before
    assert Entry.objects.filter(undone_at__isnull=True).count() == 1
