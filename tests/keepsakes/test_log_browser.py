"""The round-by-round log on a phone: who wrote each line, the undo and the name
corrected fit its width, and the page stays accessible."""

import pytest

from tests.axe import assert_accessible
from tests.factories import count, make_game, play
from tests.live.browser import open_in_scheme, shoot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def no_horizontal_scroll(page):
    return page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_log_says_who_wrote_each_line_on_a_phone(live_server, phone, scheme):
    game, host_token = make_game(["Sarah", "Hugo"])
    play(game, ("Sarah", "free", "ones", count(3)))
    game.pass_pencil(host_token, "Léa-Charlotte")
    hugo = game.players.get(name="Hugo")
    game.record(hugo.pk, "free", "ones", count(2), by="pencil")
    game.take_back_pencil()
    game.undo(by="host")
    game.record(hugo.pk, "free", "ones", count(4), by="host")
    game.rename(hugo.pk, "Hugues", by="host")
    errors = open_in_scheme(
        phone, f"{live_server.url}/w/{game.watch_token}/log/", scheme
    )
    phone.wait_for_load_state("networkidle")
    table = phone.locator(".log-table")
    assert table.get_by_text("Crayon (Léa-Charlotte)").is_visible()
    assert table.get_by_text("annulée par l'hôte").is_visible()
    assert table.get_by_text("Prénom corrigé : Hugo → Hugues").is_visible()
    shoot(phone, f"wrote-log-{scheme}.png")
    assert no_horizontal_scroll(phone)
    assert_accessible(phone)
    assert errors == []
