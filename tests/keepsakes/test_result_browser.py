"""The result page in a real browser, phone-sized: accessible (axe) in both
colour schemes, before the game and once it is over."""

import pytest

from tests.axe import assert_accessible
from tests.factories import make_game, play_turns
from tests.live.browser import open_in_scheme, shoot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def no_horizontal_scroll(page):
    return page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_result_page_is_accessible_on_a_phone(live_server, phone, scheme):
    game, _host_token = make_game(["Sarah", "Hugo", "Léa", "Zoé"])
    play_turns(game, {"Sarah": 25, "Hugo": 25, "Léa": 30, "Zoé": 12})
    errors = open_in_scheme(phone, f"{live_server.url}/r/{game.watch_token}/", scheme)
    phone.wait_for_load_state("networkidle")
    assert phone.get_by_role("heading", name="Léa gagne !").is_visible()
    shoot(phone, f"result-{scheme}.png")
    assert no_horizontal_scroll(phone)
    assert_accessible(phone)
    assert errors == []


def test_result_page_during_the_game_is_accessible(live_server, phone):
    game, _host_token = make_game(["Sarah", "Hugo"])
    phone.goto(f"{live_server.url}/r/{game.watch_token}/")
    phone.wait_for_load_state("networkidle")
    assert phone.get_by_text("La partie va commencer").is_visible()
    shoot(phone, "result-playing.png")
    assert_accessible(phone)
