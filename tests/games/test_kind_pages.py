"""The game pages ask each kind's plug-in (games/kinds/registry.py): the create
page offers every registered kind, refuses one it does not know, and the round
dialog draws each kind's own fields from the template its plug-in names."""

import re
from pathlib import Path

import pytest
from django.conf import settings

from bands.models import Band
from games.kinds import registry
from games.models import Game, Player
from scorekeeper.lib.translation import translated
from tests.factories import make_round_game
from tests.helpers import EVERY_SECTION, HTMX, host_url, text

pytestmark = pytest.mark.django_db

ROUND_KINDS = [kind for kind in registry.KINDS.values() if not kind.entered_by_boxes]


def kind_tiles(html):
    """[(value, the tile's text)] of the "Jeu" radios, in the page's order."""
    tiles = re.findall(
        r'<label class="kind-tile">\s*<input type="radio" name="kind" '
        r'value="([^"]*)"[^>]*>(.*?)</label>',
        html,
        re.S,
    )
    return [
        (value, re.sub(r"\s+", " ", re.sub("<[^>]+>", " ", body)).strip())
        for value, body in tiles
    ]


@pytest.mark.parametrize("forged", ["chess", "YAMS", "yams ", "0"])
def test_a_forged_kind_is_a_form_error_and_creates_nothing(client, forged):
    # Everything a Yams game needs is posted too: no Yams is made in its place.
    data = {**EVERY_SECTION, "kind": forged, "names": ["Sarah", "Hugo"]}
    data.update(preset="classic", columns=["free"])

    response = client.post("/", data)

    assert response.status_code == 422
    kinds_card = re.search(
        r'<fieldset class="card kinds">(.*?)</fieldset>',
        response.content.decode(),
        re.S,
    ).group(1)
    assert "Jeu inconnu." in kinds_card
    assert Game.objects.count() == 0
    assert Player.objects.count() == 0
    assert Band.objects.count() == 0


def test_the_create_page_offers_every_registered_kind_with_its_description(client):
    tiles = kind_tiles(client.get("/").content.decode())

    assert [value for value, _text in tiles] == list(registry.KINDS)
    for (_value, tile), kind in zip(tiles, registry.KINDS.values(), strict=True):
        assert tile.startswith(translated(kind.label))
        assert translated(kind.description) in tile
        assert f"{kind.min_players} à {kind.max_players} joueurs" in tile


def test_the_kind_tiles_speak_the_pages_language(client):
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()

    tiles = dict(kind_tiles(html))

    assert "Dice, box by box." in tiles["yams"]
    assert "Any other game, round by round." in tiles["tally"]


@pytest.mark.parametrize("kind", ROUND_KINDS, ids=lambda kind: kind.key)
def test_the_round_dialog_draws_the_fields_of_the_kinds_own_form(client, kind):
    names = ["Ana", "Bruno", "Chloé", "Dan", "Eve"][: max(kind.min_players, 3)]
    game, host = make_round_game(kind.key, names)
    form = kind.entry_form_class(players=game.players.order_by("seat"))

    dialog = client.get(host_url(host, "new_round"), **HTMX).content.decode()

    assert (
        Path(settings.BASE_DIR, "templates", kind.dialog_template).parent.name
        == kind.key
    )
    round_form = re.search(
        r'<form class="entry-form round-form".*?</form>', dialog, re.S
    )
    posted = set(re.findall(r'name="([^"]+)"', round_form.group(0)))
    # Every field of the kind's form is in the dialog, and nothing is posted
    # that the form does not read (besides the page's CSRF token).
    assert set(form.fields) <= posted
    assert posted - set(form.fields) <= {"csrfmiddlewaretoken"}


def test_the_round_dialog_names_its_round_as_the_kind_does(client):
    game, host = make_round_game("tarot", ["Ana", "Bruno", "Chloé", "Dan"])

    dialog = text(client.get(host_url(host, "new_round"), **HTMX))

    assert "Donne 1" in dialog
    assert "Remplissez la donne : le calcul s'affiche ici avant de valider." in dialog
    assert "Personne ne prend" in dialog
    assert "manche" not in dialog.lower()
