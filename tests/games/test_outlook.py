"""What is still possible, where a player looks: the popover of a name (watchers),
the host's rename dialog and the big screen's standings say the highest total
still reachable, what the upper bonus needs and whether the leader can still be
passed, in French and in English."""

from html.parser import HTMLParser

import pytest

from tests.factories import CROSS, count, finish, make_game, play
from tests.games.helpers import write_url
from tests.helpers import host_url, text, watch_url

pytestmark = pytest.mark.django_db


VOID = {"area", "base", "br", "col", "hr", "img", "input", "link", "meta", "source"}


class Outlooks(HTMLParser):
    """The lines of each .prospects inside an element of class `container` (the
    popover, the standing), in the page's order: [[line, …], …]."""

    def __init__(self, html, container):
        super().__init__(convert_charrefs=True)
        self.container, self.groups, self.stack = container, [], []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        if tag in VOID:
            return
        classes = dict(attrs).get("class", "").split()
        inside = any(kind == "container" for kind, _words in self.stack)
        if self.container in classes:
            self.groups.append([])
            self.stack.append(("container", None))
        elif inside and "prospect" in classes:
            words = []
            self.groups[-1].append(words)
            self.stack.append(("line", words))
        else:
            self.stack.append(("other", None))

    def handle_endtag(self, tag):
        if tag not in VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data):
        for kind, words in self.stack:
            if kind == "line":
                words.append(data)

    def lines(self):
        return [[" ".join("".join(w).split()) for w in group] for group in self.groups]


def outlook_of(html, container):
    return Outlooks(html, container).lines()


def watch_outlook(client, game, language="fr", tv=False):
    url = watch_url(game) + ("?tv=1" if tv else "")
    html = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    container = "standing-who" if tv else "player-pop"
    return outlook_of(html, container)


def upper_thirty(game):
    """Sarah writes 3 dice in As to Quatre (30 up); Hugo crosses them out."""
    moves = []
    for box in ("ones", "twos", "threes", "fours"):
        moves += [("Sarah", "free", box, count(3)), ("Hugo", "free", box, CROSS)]
    play(game, *moves)


def test_a_watcher_taps_a_name_and_reads_what_is_still_possible(client):
    game, _token = make_game()
    upper_thirty(game)

    sarah, hugo = watch_outlook(client, game)

    # 30 + Cinq and Six at best (55) + the bonus (35) + the lower section (217).
    assert sarah == [
        "Au mieux 337 points",
        "Bonus : il faut 33 points en Cinq et Six",
        "En tête",
    ]
    # Cinq and Six make 55 at best: short of 63.
    assert hugo == [
        "Au mieux 272 points",
        "Bonus : hors d'atteinte",
        "Peut encore passer devant Sarah",
    ]


def test_the_same_in_english(client):
    game, _token = make_game()
    upper_thirty(game)

    sarah, hugo = watch_outlook(client, game, "en")

    assert sarah == [
        "At best 337 points",
        "Bonus: 33 points needed from Fives and Sixes",
        "In the lead",
    ]
    assert hugo == [
        "At best 272 points",
        "Bonus: out of reach",
        "Can still overtake Sarah",
    ]


def test_the_big_screen_shows_it_in_the_standings(client):
    game, _token = make_game()
    upper_thirty(game)

    sarah, hugo = watch_outlook(client, game, tv=True)

    assert sarah[1] == "Bonus : il faut 33 points en Cinq et Six"
    assert hugo == [
        "Au mieux 272 points",
        "Bonus : hors d'atteinte",
        "Peut encore passer devant Sarah",
    ]
    english = watch_outlook(client, game, "en", tv=True)
    assert english[1][2] == "Can still overtake Sarah"


def test_the_host_taps_a_name_and_the_rename_dialog_says_it(client):
    game, token = make_game()
    upper_thirty(game)
    url = write_url(token, "rename", player_id=game.players.get(name="Hugo").pk)

    french = text(client.get(url))
    english = text(client.get(url, HTTP_ACCEPT_LANGUAGE="en"))

    assert (
        "0 points jusqu'ici. Au mieux 272 points Bonus : hors d'atteinte "
        "Peut encore passer devant Sarah Corriger le prénom"
    ) in french
    assert (
        "At best 272 points Bonus: out of reach Can still overtake Sarah"
    ) in english


@pytest.mark.parametrize(
    ("moves", "french", "english"),
    [
        (
            # 3 + 6 + 6 + 8 + 10 = 33: only five sixes make the 30 missing.
            [count(3), count(3), count(2), count(2), count(2)],
            "Bonus : il faut le maximum, 30 points en Six",
            "Bonus: only the maximum will do, 30 points from Sixes",
        ),
        (
            # 3 + 8 + 15 + 16 + 20 = 62: one point missing.
            [count(3), count(4), count(5), count(4), count(4)],
            "Bonus : il faut 1 point en Six",
            "Bonus: 1 point needed from Sixes",
        ),
        (
            [count(3), count(3), count(3), count(3), count(3), count(3)],
            "Bonus : acquis",
            "Bonus: earned",
        ),
        ([], "Bonus : il faut 63 points dans le haut", None),
    ],
    ids=["needs the maximum", "one point", "won", "nothing written"],
)
def test_what_the_bonus_needs(client, moves, french, english):
    game, _token = make_game(["Sarah"])
    boxes = ("ones", "twos", "threes", "fours", "fives", "sixes")
    play(game, *[("Sarah", "free", b, m) for b, m in zip(boxes, moves, strict=False)])

    ((best, bonus),) = watch_outlook(client, game)

    assert bonus == french
    if english:
        assert watch_outlook(client, game, "en")[0][1] == english


@pytest.mark.parametrize(
    ("sarah", "french", "english"),
    [
        # Hugo: 31 now, his Chance left (30 at most): 61 at best.
        (60, "Peut encore passer devant Sarah", "Can still overtake Sarah"),
        (61, "Au mieux à égalité avec Sarah", "At best level with Sarah"),
        (62, "Ne peut plus passer devant Sarah", "Can no longer overtake Sarah"),
    ],
    ids=["passes by one point", "can only tie", "cannot pass"],
)
def test_whether_the_leader_can_still_be_passed(client, sarah, french, english):
    game, _token = make_game()
    finish(game, {"Sarah": sarah, "Hugo": 61}, leave=1)

    (leader, hugo) = watch_outlook(client, game)

    assert hugo == ["Au mieux 61 points", "Bonus : hors d'atteinte", french]
    assert leader == ["Feuille complète", "Bonus : hors d'atteinte", "En tête"]
    assert watch_outlook(client, game, "en")[1][2] == english


def test_tied_leaders_and_a_table_that_has_not_scored(client):
    game, _token = make_game(["Sarah", "Hugo", "Léa"])
    assert [lines[-1] for lines in watch_outlook(client, game)] == [
        "Bonus : il faut 63 points dans le haut"
    ] * 3

    play(
        game,
        ("Sarah", "free", "twos", count(1)),
        ("Hugo", "free", "ones", count(2)),
        ("Léa", "free", "ones", CROSS),
    )

    races = [lines[-1] for lines in watch_outlook(client, game)]
    assert races == [
        "En tête, à égalité",
        "En tête, à égalité",
        "Peut encore passer devant Sarah et Hugo",
    ]


def test_every_column_says_its_own_bonus(client):
    game, _token = make_game(["Sarah"], options={"columns": ["free", "dry"]})
    play(game, ("Sarah", "free", "sixes", count(5)), ("Sarah", "dry", "ones", CROSS))

    ((best, free, dry),) = watch_outlook(client, game)

    assert best == "Au mieux 709 points"
    assert free == (
        "Bonus : il faut 33 points en As, Deux, Trois, Quatre et Cinq (colonne Libre)"
    )
    assert dry == (
        "Bonus : il faut 63 points en Deux, Trois, Quatre, Cinq et Six (colonne Sèche)"
    )
    english = watch_outlook(client, game, "en")[0]
    assert english[1] == (
        "Bonus: 33 points needed from Ones, Twos, Threes, Fours and Fives (Free column)"
    )


def test_the_host_page_shows_the_dialog_not_a_popover(client):
    game, token = make_game()
    upper_thirty(game)

    html = client.get(host_url(token)).content.decode()

    # The host's name tap is the rename dialog: no popover to fill.
    assert outlook_of(html, "player-pop") == []
    assert outlook_of(html, "standing-who")[1][2] == "Peut encore passer devant Sarah"
