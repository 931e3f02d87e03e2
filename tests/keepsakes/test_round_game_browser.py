"""The log and the result of a tarot game and of a belote game on a phone: they
fit its width, read in both themes, and stay accessible."""

from pathlib import Path

import pytest

from tests.axe import assert_accessible
from tests.keepsakes.round_games import tarot_game
from tests.keepsakes.test_team_game_keepsakes import belote_game
from tests.live.browser import open_in_scheme

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots")


def no_horizontal_scroll(page):
    return page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )


def shoot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"keep-{name}.png"), full_page=True)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_tarot_log_reads_on_a_phone(live_server, phone, scheme):
    game, _host = tarot_game(
        names=("Ana", "Bruno", "Chloé", "David", "Emmanuelle"), end=False
    )
    game.undo()
    game.end()
    errors = open_in_scheme(
        phone, f"{live_server.url}/w/{game.watch_token}/log/", scheme
    )
    phone.wait_for_load_state("networkidle")
    table = phone.locator(".log-rounds")
    assert table.get_by_text("Donne passée").is_visible()
    assert table.get_by_text("annulée par l'hôte").is_visible()
    shoot(phone, f"tarot-log-{scheme}")
    assert no_horizontal_scroll(phone)
    assert_accessible(phone)
    assert errors == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_tarot_result_reads_on_a_phone(live_server, phone, scheme):
    game, _host = tarot_game()
    errors = open_in_scheme(phone, f"{live_server.url}/r/{game.watch_token}/", scheme)
    phone.wait_for_load_state("networkidle")
    assert phone.get_by_role("heading", name="Ana gagne !").is_visible()
    shoot(phone, f"tarot-result-{scheme}")
    assert no_horizontal_scroll(phone)
    assert_accessible(phone)
    assert errors == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_belote_log_and_result_read_team_by_team_on_a_phone(
    live_server, phone, scheme
):
    game, _host = belote_game()
    errors = open_in_scheme(
        phone, f"{live_server.url}/w/{game.watch_token}/log/", scheme
    )
    phone.wait_for_load_state("networkidle")
    heads = phone.locator(".log-rounds thead th.log-num")
    assert heads.all_inner_texts() == ["Les Bleus\nLéa & Max", "Tom & Zoé"]
    shoot(phone, f"belote-log-{scheme}")
    assert no_horizontal_scroll(phone)
    assert_accessible(phone)
    phone.goto(f"{live_server.url}/r/{game.watch_token}/")
    phone.wait_for_load_state("networkidle")
    assert phone.get_by_role("heading", name="Victoire : Tom & Zoé !").is_visible()
    assert phone.get_by_role("columnheader", name="Équipe").is_visible()
    assert phone.get_by_text("Les Bleus : 46 points derrière à l'arrivée").is_visible()
    shoot(phone, f"belote-result-{scheme}")
    assert no_horizontal_scroll(phone)
    assert_accessible(phone)
    assert errors == []
