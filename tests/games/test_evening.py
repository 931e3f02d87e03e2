"""A whole evening at one table, as its pages play it: a Yams game, then tarot at
five, then Skyjo, each started from the last one's "Nouvelle partie avec la même
bande"; the band's page finds all three games."""

import pytest
from django.urls import reverse

from games.models import Game
from tests.factories import CLASSIC_BOXES, CROSS, pks
from tests.helpers import EVERY_SECTION, host_url, text

pytestmark = pytest.mark.django_db

NAMES = ["Ana", "Bruno", "Chloé", "Dan", "Eve"]


def start(client, url, kind, names):
    response = client.post(url, {**EVERY_SECTION, "kind": kind, "names": names})
    assert response.status_code == 302, text(response)[:600]
    token = response["Location"].split("/")[2]
    return Game.objects.by_token("host", token), token


def post_round(client, game, token, fields):
    game.refresh_from_db()
    data = {"seen_version": game.version, "request_key": f"k{game.version}"}
    response = client.post(host_url(token, "record_round"), data | fields)
    assert response.status_code == 302, text(response)[:600]


def test_yams_then_tarot_at_five_then_skyjo_stay_in_one_band(client):
    yams, yams_host = start(client, "/", "yams", NAMES)
    # Everyone crosses out every box but Ana's chance: a quick Yams game.
    ids = pks(yams)
    for box in CLASSIC_BOXES:
        for name in NAMES:
            entry = (
                {"kind": "total", "value": 25}
                if (name, box)
                == (
                    "Ana",
                    "chance",
                )
                else CROSS
            )
            yams.record(ids[name], "free", box, entry)
    assert "Ana gagne !" in text(client.get(host_url(yams_host)))

    # The next game: the same band, tarot chosen; the first seat moves on.
    next_url = host_url(yams_host, "next_game")
    assert "Bruno" in text(client.get(next_url))
    tarot, tarot_host = start(client, next_url, "tarot", NAMES[1:] + NAMES[:1])
    assert tarot.band == yams.band and tarot.kind == "tarot"
    ids = pks(tarot)
    post_round(
        client,
        tarot,
        tarot_host,
        {
            "taker": ids["Chloé"],
            "contract": "garde",
            "bouts": "2",
            "points": "49",
            "partner": ids["Ana"],
        },
    )
    post_round(client, tarot, tarot_host, {"passed": "on"})
    tarot.refresh_from_db()
    client.post(host_url(tarot_host, "end"), {"seen_version": tarot.version})
    assert "Chloé gagne !" in text(client.get(host_url(tarot_host)))

    skyjo, skyjo_host = start(client, host_url(tarot_host, "next_game"), "skyjo", NAMES)
    assert skyjo.band == yams.band
    ids = pks(skyjo)
    cards = {"Ana": 60, "Bruno": 12, "Chloé": 30, "Dan": 5, "Eve": 44}
    for _round in range(2):
        fields = {f"cards-{ids[n]}": value for n, value in cards.items()}
        post_round(client, skyjo, skyjo_host, fields | {"finisher": ids["Dan"]})
    assert "Dan gagne !" in text(client.get(host_url(skyjo_host)))

    band = text(client.get(reverse("bands:band", args=[yams.band.token])))
    history = band[band.index("L'historique") :]
    for kind in ("Yams", "Tarot", "Skyjo"):
        assert kind in history
    assert yams.band.results.count() == 3
