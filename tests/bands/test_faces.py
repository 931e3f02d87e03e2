"""A band's faces: each person keeps a colour and a mark from one game to the next,
on the sheet, the race, the result and the band page; the host changes them."""

import re

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.urls import reverse

from bands.faces import PALETTE, clean_mark, next_colour
from bands.models import Band, Person
from tests.factories import make_game, play_finished, play_turns
from tests.helpers import watch_url


def band_url(band):
    return reverse("bands:band", kwargs={"band_token": band.token})


def host_band_url(host_token):
    return reverse("games:host_band", kwargs={"host_token": host_token})


def result_url(game):
    return reverse("keepsakes:result", kwargs={"watch_token": game.watch_token})


def people_of(band):
    return {p.name: (p.colour, p.mark) for p in Person.objects.filter(band=band)}


def dots(html):
    """(colour, sign) of each face dot, in the page's order."""
    return re.findall(r'class="face-dot face-(\d)" data-sign="([^"]*)"', html)


# --- the palette and the marks ------------------------------------------------


def test_the_palette_has_eight_colours_each_with_a_name_and_two_themes():
    assert len(PALETTE) == 8
    assert len({colour.name for colour in PALETTE}) == 8
    assert all(colour.light and colour.dark for colour in PALETTE)


def test_a_newcomer_gets_the_first_colour_nobody_wears_then_the_least_worn():
    assert next_colour([]) == 0
    assert next_colour([0, 1, 3]) == 2
    assert next_colour(list(range(8))) == 0
    assert next_colour([*range(8), 0, 1]) == 2


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("", ""),
        ("  ", ""),
        ("s", "S"),
        ("sd", "SD"),
        ("Zé", "ZÉ"),
        ("🦊", "🦊"),
        ("❤️", "❤️"),
        ("👍🏽", "👍🏽"),
        ("👩‍🚀", "👩‍🚀"),
        ("🇫🇷", "🇫🇷"),
    ],
)
def test_a_mark_is_one_emoji_or_one_or_two_letters(typed, kept):
    assert clean_mark(typed) == kept


@pytest.mark.parametrize(
    "typed", ["abc", "S1", "12", "🦊🐻", "a🦊", "!", "S.", "🦊‍", "🇫", "<b>"]
)
def test_anything_else_is_refused_as_a_mark(typed):
    with pytest.raises(ValidationError, match="un seul emoji ou une ou deux lettres"):
        clean_mark(typed)


# --- a band's people ----------------------------------------------------------


@pytest.mark.django_db
def test_a_first_game_gives_each_player_a_colour_of_their_own():
    game, _ = make_game(["Sarah", "Hugo", "Léa"])
    assert people_of(game.band) == {"Sarah": (0, ""), "Hugo": (1, ""), "Léa": (2, "")}


@pytest.mark.django_db
def test_the_next_game_keeps_everyones_colour_and_gives_a_newcomer_a_free_one():
    first, _ = make_game(["Sarah", "Hugo", "Léa"])
    band = first.band
    band.change_face(Person.objects.get(band=band, name="Hugo").pk, 5, "🦊")
    # Hugo's 1 is free again: the newcomer takes it.
    make_game(["léa", "Tom", "HUGO"], band=band)
    assert people_of(band) == {
        "Sarah": (0, ""),
        "Hugo": (5, "🦊"),
        "Léa": (2, ""),
        "Tom": (1, ""),
    }
    assert band.faces(["léa", "HUGO", "Nobody"]) == {
        "léa": band.faces(["léa"])["léa"],
        "HUGO": band.faces(["HUGO"])["HUGO"],
    }
    assert band.faces(["HUGO"])["HUGO"].sign == "🦊"
    assert band.faces(["léa"])["léa"].sign == "L"


@pytest.mark.django_db
def test_one_band_holds_one_person_per_name_whatever_its_case():
    game, _ = make_game(["Sarah", "Hugo"])
    with pytest.raises(IntegrityError), transaction.atomic():
        Person.objects.create(band=game.band, name="SARAH", key="sarah", colour=3)
    person = Person(band=game.band, name="SARAH", key="sarah", colour=3)
    with pytest.raises(ValidationError):
        person.full_clean()


@pytest.mark.django_db
def test_a_colour_outside_the_palette_is_refused_by_the_database():
    game, _ = make_game(["Sarah", "Hugo"])
    with pytest.raises(IntegrityError), transaction.atomic():
        Person.objects.filter(band=game.band).update(colour=len(PALETTE))


@pytest.mark.django_db
def test_bad_colours_marks_and_people_are_refused_and_nothing_changes():
    game, _ = make_game(["Sarah", "Hugo"])
    band = game.band
    sarah = Person.objects.get(band=band, name="Sarah")
    other, _ = make_game(["Zoé", "Max"])
    stranger = Person.objects.get(band=other.band, name="Zoé")
    before = people_of(band)
    for person, colour, mark in [
        (sarah.pk, 8, ""),
        (sarah.pk, "-1", ""),
        (sarah.pk, "bleu", ""),
        (sarah.pk, 3, "abc"),
        (stranger.pk, 3, ""),
        ("nope", 3, ""),
    ]:
        with pytest.raises(ValidationError):
            band.change_face(person, colour, mark)
    assert people_of(band) == before


@pytest.mark.django_db
def test_a_player_renamed_in_a_game_keeps_their_colour():
    game, _ = make_game(["Sarah", "Hugo"])
    band = game.band
    band.change_face(Person.objects.get(band=band, name="Hugo").pk, 6, "HB")
    hugo = game.players.get(name="Hugo")
    game.rename(hugo.pk, "Hugues")
    assert people_of(band) == {"Sarah": (0, ""), "Hugues": (6, "HB")}
    assert band.faces(["Hugues"])["Hugues"].mark == "HB"


@pytest.mark.django_db
def test_two_merged_names_are_one_person_with_the_targets_face():
    first, _ = play_finished(["Sarah", "Hugo"], [40, 30])
    band = first.band
    play_finished(["Sara", "Hugo"], [20, 30], band=band)
    band.change_face(Person.objects.get(band=band, name="Sarah").pk, 4, "⭐")
    band.merge("sara", "sarah")
    assert people_of(band) == {"Sarah": (4, "⭐"), "Hugo": (1, "")}
    # A later game typed the old way wears the same face.
    assert band.faces(["Sara"])["Sara"].mark == "⭐"
    make_game(["Sara", "Hugo"], band=band)
    assert Person.objects.filter(band=band).count() == 2


# --- where the faces show -----------------------------------------------------


@pytest.mark.django_db
def test_two_games_of_a_band_show_the_same_faces_on_sheet_race_and_result(client):
    first, _ = make_game(["Sarah", "Hugo"])
    band = first.band
    band.change_face(Person.objects.get(band=band, name="Sarah").pk, 3, "🦊")
    second, _ = make_game(["Hugo", "Sarah"], band=band)
    for game in (first, second):
        play_turns(game, {"Sarah": 28, "Hugo": 19})
        sheet = client.get(watch_url(game)).content.decode()
        # The column heads, then the race's legend: never colour alone.
        assert re.search(r'class="player[^"]*"><span class="face-dot face-3"', sheet)
        assert ("3", "🦊") in dots(sheet)
        assert ("1", "H") in dots(sheet)
        assert re.search(
            r'face-dot face-3" data-sign="🦊" aria-hidden="true"></span>Sarah', sheet
        )
        assert 'class="race-line face-3' in sheet
        result = client.get(result_url(game)).content.decode()
        assert re.search(
            r'face-dot face-3" data-sign="🦊" aria-hidden="true"></span>Sarah', result
        )
        assert re.search(
            r'face-dot face-1" data-sign="H" aria-hidden="true"></span>Hugo', result
        )


@pytest.mark.django_db
def test_the_band_page_lists_each_person_with_their_colour_in_words(client):
    game, _ = make_game(["Sarah", "Hugo"])
    game.band.change_face(Person.objects.get(band=game.band, name="Hugo").pk, 4, "HB")
    html = client.get(band_url(game.band)).content.decode()
    assert "Les couleurs" in html
    assert re.search(
        r'data-sign="HB" aria-hidden="true"></span><span class="band-name">Hugo'
        r'</span> <span class="face-colour-name">jaune · marque HB',
        html,
    )
    assert "bleu</span>" in html  # Sarah's, in words
    # The read-only link changes nothing.
    assert 'name="action" value="face"' not in html


@pytest.mark.django_db
def test_the_host_changes_a_persons_colour_and_mark(client):
    game, host_token = make_game(["Sarah", "Hugo"])
    band = game.band
    page = client.get(host_band_url(host_token)).content.decode()
    assert page.count('name="action" value="face"') == 2
    assert "Vermillon" in page or "vermillon" in page
    hugo = Person.objects.get(band=band, name="Hugo")
    response = client.post(
        host_band_url(host_token),
        {"action": "face", "person": hugo.pk, "colour": "5", "mark": "hb"},
    )
    assert response.status_code == 302
    assert people_of(band)["Hugo"] == (5, "HB")
    page = client.get(response["Location"]).content.decode()
    assert "Hugo garde ses couleurs." in page


@pytest.mark.django_db
def test_a_bad_mark_from_the_host_is_refused_and_nothing_changes(client):
    game, host_token = make_game(["Sarah", "Hugo"])
    band = game.band
    hugo = Person.objects.get(band=band, name="Hugo")
    response = client.post(
        host_band_url(host_token),
        {"action": "face", "person": hugo.pk, "colour": "5", "mark": "Hugo"},
        follow=True,
    )
    assert "Une marque est un seul emoji ou une ou deux lettres" in (
        response.content.decode()
    )
    assert people_of(band)["Hugo"] == (1, "")


@pytest.mark.django_db
def test_the_band_link_cannot_change_a_face(client):
    game, _ = make_game(["Sarah", "Hugo"])
    hugo = Person.objects.get(band=game.band, name="Hugo")
    response = client.post(
        band_url(game.band), {"action": "face", "person": hugo.pk, "colour": "5"}
    )
    assert response.status_code == 405
    assert Band.objects.get(pk=game.band.pk).people.get(pk=hugo.pk).colour == 1


@pytest.mark.django_db
def test_a_changed_face_shows_at_once_on_the_open_sheets_of_the_band(client):
    game, host_token = make_game(["Sarah", "Hugo"])
    play_turns(game, {"Sarah": 28, "Hugo": 19}, turns=2)
    assert ("1", "H") in dots(client.get(watch_url(game)).content.decode())
    hugo = Person.objects.get(band=game.band, name="Hugo")
    client.post(
        host_band_url(host_token),
        {"action": "face", "person": hugo.pk, "colour": "6", "mark": "🐻"},
    )
    assert ("6", "🐻") in dots(client.get(watch_url(game)).content.decode())


@pytest.mark.django_db
def test_a_merge_shows_at_once_on_the_open_sheets_of_the_band(client):
    first, host_token = play_finished(["Sarah", "Hugo"], [40, 30])
    band = first.band
    band.change_face(Person.objects.get(band=band, name="Sarah").pk, 4, "⭐")
    play_finished(["Sara", "Hugo"], [20, 30], band=band)
    game, _ = make_game(["Sara", "Hugo"], band=band)
    play_turns(game, {"Sara": 28, "Hugo": 19}, turns=2)
    assert ("4", "⭐") not in dots(client.get(watch_url(game)).content.decode())
    client.post(
        host_band_url(host_token),
        {"action": "merge", "source": "sara", "target": "sarah"},
    )
    assert ("4", "⭐") in dots(client.get(watch_url(game)).content.decode())


@pytest.mark.django_db
def test_a_face_changed_by_the_band_shows_on_the_next_sheet_of_every_game(client):
    game, _ = make_game(["Sarah", "Hugo"])
    play_turns(game, {"Sarah": 28, "Hugo": 19}, turns=1)
    assert ("1", "H") in dots(client.get(watch_url(game)).content.decode())
    # Changed without redrawing the game: its next version shows it all the same.
    game.band.change_face(Person.objects.get(band=game.band, name="Hugo").pk, 6, "🐻")
    play_turns(game, {"Sarah": 28, "Hugo": 19}, turns=1)
    sheet = client.get(watch_url(game)).content.decode()
    assert ("6", "🐻") in dots(sheet)
    assert ("1", "H") not in dots(sheet)


@pytest.mark.django_db
def test_a_player_renamed_in_a_game_keeps_their_face_on_its_sheet(client):
    game, _ = make_game(["Sarah", "Hugo"])
    game.band.change_face(Person.objects.get(band=game.band, name="Hugo").pk, 6, "HB")
    play_turns(game, {"Sarah": 28, "Hugo": 19}, turns=1)
    assert ("6", "HB") in dots(client.get(watch_url(game)).content.decode())
    game.rename(game.players.get(name="Hugo").pk, "Hugues")
    sheet = client.get(watch_url(game)).content.decode()
    assert re.search(
        r'face-dot face-6" data-sign="HB" aria-hidden="true"></span>Hugues', sheet
    )


@pytest.mark.django_db
def test_a_new_game_offers_its_host_to_choose_the_colours(client):
    game, host_token = make_game(["Sarah", "Hugo"])
    offer = "Choisir les couleurs et les marques des joueurs"
    page = client.get(reverse("games:host", kwargs={"host_token": host_token}))
    assert offer in page.content.decode()
    assert f'{host_band_url(host_token)}#faces-title"' in page.content.decode()
    assert offer not in client.get(watch_url(game)).content.decode()
    play_turns(game, {"Sarah": 28, "Hugo": 19}, turns=1)
    page = client.get(reverse("games:host", kwargs={"host_token": host_token}))
    assert offer not in page.content.decode()
