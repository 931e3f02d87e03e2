"""A band's whole history as CSV: one line per player per finished game."""

import csv
import io

import pytest
from django.urls import reverse

from tests.factories import make_game, play, worked_example


def rows_of(text):
    return list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))


@pytest.mark.django_db
def test_the_band_history_lists_every_finished_game_best_first():
    game, _host = worked_example()
    worked_example(band=game.band)
    worked_example(turns=5, band=game.band)  # unfinished: not in the history
    rows = rows_of(game.band.history_csv())
    assert rows[0] == [
        "date",
        "partie",
        "jeu",
        "variante",
        "place",
        "joueur",
        "score",
        "gagnant",
    ]
    body = rows[1:]
    assert [row[1:] for row in body] == [
        ["1", "Yams", "Classique", "1", "Sarah", "250", "oui"],
        ["1", "Yams", "Classique", "2", "Hugo", "218", ""],
        ["2", "Yams", "Classique", "1", "Sarah", "250", "oui"],
        ["2", "Yams", "Classique", "2", "Hugo", "218", ""],
    ]
    assert all(row[0] for row in body)


@pytest.mark.django_db
def test_the_band_csv_is_a_download_from_the_band_link(client):
    game, _host = worked_example()
    url = reverse("bands:band_csv", kwargs={"band_token": game.band.token})
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"].startswith("attachment;")
    assert "yams-bande-sarah-hugo-" in response["Content-Disposition"]
    assert "Sarah" in response.content.decode("utf-8-sig")


@pytest.mark.django_db
def test_an_unknown_band_link_has_no_csv(client):
    url = reverse("bands:band_csv", kwargs={"band_token": "b" * 32})
    assert client.get(url).status_code == 404


@pytest.mark.django_db
def test_a_band_without_a_finished_game_has_only_the_header():
    game, _host = make_game(("Léa",))
    play(game, ("Léa", "free", "ones", {"kind": "count", "value": 1}))
    assert len(rows_of(game.band.history_csv())) == 1
