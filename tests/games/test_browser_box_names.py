"""Every box a host can tap has a name of its own for a screen reader, also when
a player has several columns."""

import pytest
from playwright.sync_api import expect

from tests.factories import make_game
from tests.helpers import host_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_each_column_of_a_box_is_named_apart(live_server, phone):
    _game, token = make_game(
        ["Cleo", "Hugo"], "classic", {"columns": ["down", "free", "up"]}
    )
    phone.goto(live_server.url + host_url(token))
    taps = phone.locator("a.tap")
    names = [taps.nth(i).get_attribute("aria-label") for i in range(taps.count())]
    assert len(names) == len(set(names)), sorted(names)
    expect(
        phone.get_by_role("link", name="Cleo, As (Descendante) : remplir", exact=True)
    ).to_have_count(1)
    expect(
        phone.get_by_role("link", name="Cleo, Chance (Libre) : remplir", exact=True)
    ).to_have_count(1)
