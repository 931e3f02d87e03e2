"""The four newer kinds in phones at 390×844: the pencil passed, a round written
from the pencil side while the host's page follows live, the pencil taken back
(the open pencil page then says so, and so does its link); a finished game, its
end screen and the band page with the kind's own columns. The games are built in
code: the UI path here is the pencil and the pages, not the entry of each kind.
axe finds nothing serious."""

from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from bands.models import Band
from games.models import Game
from tests.axe import assert_accessible
from tests.helpers import host_url, pencil_url
from tests.kinds.test_contract import SAMPLES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots")
KINDS = ["belote", "coinche", "molkky", "skull_king"]
# The kind's own columns on the band page (deals taken and made, capots; bids
# made exactly; throws to finish and eliminations).
BAND_COLUMNS = {
    "belote": ["Prises", "Faites", "Capots"],
    "coinche": ["Contrats", "Faits", "Capots"],
    "molkky": ["Lancers", "Éliminé"],
    "skull_king": ["Mises", "Zéros", "Bonus"],
}


def sample_game(kind: str, band: Band | None = None) -> tuple[Game, str]:
    sample = SAMPLES[kind]
    return Game.objects.create_game(
        list(sample.names), "", dict(sample.options), band=band, kind=kind
    )


def play(game: Game, kind: str, count: int | None = None) -> None:
    """Records `count` valid moves of the kind, or plays on until the end."""
    sample = SAMPLES[kind]
    done = 0
    while (count is None or done < count) and game.finished_at is None:
        sample.record(game, sample.move(game))
        game.refresh_from_db()
        done += 1


def version(page) -> int:
    return int(page.locator("#sheet").get_attribute("data-version"))


@pytest.mark.parametrize("kind", KINDS)
def test_the_pencil_follows_live_and_the_band_page_shows_the_kind(
    live_server, new_phone, kind
):
    game, host_token = sample_game(kind)
    play(game, kind, 1)
    host = new_phone()
    host.goto(live_server.url + host_url(host_token))
    expect(host.locator("#sheet")).to_be_visible()

    pencil_token = game.pass_pencil(host_token, "Léa")
    pencil = new_phone()
    pencil.goto(live_server.url + pencil_url(pencil_token))
    expect(pencil.locator("#sheet")).to_be_visible()
    assert_accessible(pencil)
    before = version(host)
    # A round written with the pencil: the host's page follows without a reload.
    play(game, kind, 1)
    expect(host.locator(f"#sheet[data-version='{before + 1}']")).to_be_attached()

    assert game.take_back_pencil()
    # The open pencil page finds out by itself, from its stream, and reloads.
    # Waited for, not cut short: Chromium can leave a page closed in the middle
    # of its own reload open for ever (page.close() never returns).
    taken_back = pencil.get_by_role("heading", name="Le crayon a été repris")
    expect(taken_back).to_be_visible()
    # The link, opened afresh, is gone for good.
    response = pencil.goto(live_server.url + pencil_url(pencil_token))
    assert response.status == 410
    assert_accessible(pencil)

    play(game, kind)
    host.goto(live_server.url + host_url(host_token))
    expect(host.locator("#podium")).to_be_visible()
    assert_accessible(host)
    host.goto(live_server.url + reverse("bands:band", args=[game.band.token]))
    for column in BAND_COLUMNS[kind]:
        header = host.get_by_role("columnheader", name=column, exact=True)
        expect(header).to_be_visible()
    SHOTS.mkdir(exist_ok=True)
    host.screenshot(path=str(SHOTS / f"band-{kind}.png"), full_page=True)
    assert_accessible(host)
