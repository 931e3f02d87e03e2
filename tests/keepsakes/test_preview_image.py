"""The result's preview image: a real PNG, the size message apps expect, cached."""

import io

import pytest
from django.urls import reverse
from PIL import Image

from keepsakes import preview
from scorekeeper.lib import pictures
from tests.factories import make_game, play_turns


def image_url(game):
    return reverse("keepsakes:result_image", kwargs={"watch_token": game.watch_token})


def open_png(data):
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    Image.open(io.BytesIO(data)).verify()
    return Image.open(io.BytesIO(data))


@pytest.mark.django_db
@pytest.mark.parametrize("players", [1, 2, 6, 10])
def test_preview_is_a_valid_png_of_the_size_message_apps_expect(client, players):
    names = [
        "Émilie-Françoise Dupont",
        "Zoë",
        "Ñandú",
        "Łucja",
        "Jérôme",
        "Ægir",
        "Ida",
        "Ömer",
        "Çağla",
        "Ana",
    ][:players]
    game, _host_token = make_game(
        names, preset="six_dice" if players <= 6 else "classic"
    )
    play_turns(game, {name: 6 + n for n, name in enumerate(names)})
    response = client.get(image_url(game))
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    image = open_png(response.content)
    assert image.size == (1200, 630)
    assert image.mode == "RGB"
    # A drawn card, not an empty canvas; and small enough for a message app.
    assert len(image.getcolors(maxcolors=1 << 16) or range(1 << 16)) > 50
    assert 5_000 < len(response.content) < 600_000


@pytest.mark.django_db
def test_preview_is_drawn_while_the_game_is_played(client):
    game, _host_token = make_game(["Sarah", "Hugo"])
    play_turns(game, {"Sarah": 12, "Hugo": 22}, turns=2)
    image = open_png(client.get(image_url(game)).content)
    assert image.size == (1200, 630)


@pytest.mark.django_db
def test_preview_is_cached_per_game_version(client, django_assert_num_queries):
    game, _host_token = make_game(["Sarah", "Hugo"])
    play_turns(game, {"Sarah": 12, "Hugo": 22}, turns=2)
    first = client.get(image_url(game)).content
    # Served from the cache: the game is looked up, its sheets are not replayed.
    with django_assert_num_queries(1):
        assert client.get(image_url(game)).content == first
    sarah = game.players.get(name="Sarah")
    game.rename(sarah.pk, "Sarah B.")
    # A new version: the boxes written since are looked for (none: a name
    # changed), then the sheets are replayed (players, entries).
    with django_assert_num_queries(4):
        assert client.get(image_url(game)).content != first


@pytest.mark.django_db
def test_preview_of_an_unknown_game_is_not_found(client):
    game, host_token = make_game()
    url = reverse("keepsakes:result_image", kwargs={"watch_token": host_token})
    assert client.get(url).status_code == 404


def test_preview_font_carries_accents():
    font = pictures.font(True, 40)
    # DejaVu (fonts-dejavu-core) is the font the image is meant to use.
    assert "DejaVu" in font.getname()[0]
    for char in "éèàçœÉÀÇÆØÑÅßĳŁ":
        assert font.getmask(char).getbbox() is not None, char


def test_preview_falls_back_to_the_fonts_shipped_with_the_app(monkeypatch):
    monkeypatch.setattr(pictures, "FONT_DIRS", pictures.FONT_DIRS[1:])
    pictures.font.cache_clear()
    try:
        font = pictures.font(False, 40)
        assert "DejaVu" in font.getname()[0]
        assert font.getmask("é").getbbox() is not None
    finally:
        pictures.font.cache_clear()


@pytest.mark.django_db
def test_preview_is_drawn_even_without_any_font_file(monkeypatch, tmp_path):
    game, _host_token = make_game(["Sarah", "Hugo"])
    play_turns(game, {"Sarah": 30, "Hugo": 21})
    monkeypatch.setattr(pictures, "FONT_DIRS", [tmp_path])
    pictures.font.cache_clear()
    try:
        image = open_png(preview.draw_preview(game, game.state()))
    finally:
        pictures.font.cache_clear()
    assert image.size == (1200, 630)
