"""bands.stats: pure functions over plain rows, table-driven."""

import pytest

from bands import stats
from bands.stats import GameRow, ScoreRow
from tests.bands.helpers import YAMS


def game(game_id, *scores, kind=YAMS, label="Classique"):
    """scores: (name, key, score) in seating order; ranks (with ties) computed."""
    totals = sorted({s for _n, _k, s in scores}, reverse=True)
    rows = []
    for seat, (name, key, score) in enumerate(scores):
        rank = 1 + sum(1 for _n, _k, other in scores if other > score)
        rows.append(ScoreRow(name, key, seat, score, rank, score == totals[0]))
    return GameRow(game_id, game_id, kind, label, tuple(rows))


# Five games: a tie (game 2), a name typed two ways that the accentless key already
# joins ("Zoé"/"zoe"), and one the host merges ("Jo" into "Joseph").
FIVE_GAMES = [
    game(1, ("Sarah", "sarah", 40), ("Hugo", "hugo", 30), ("Zoé", "zoe", 20)),
    game(2, ("Hugo", "hugo", 50), ("zoe", "zoe", 10), ("Sarah", "sarah", 50)),
    game(3, ("Sarah", "sarah", 35), ("Hugo", "hugo", 45), ("Jo", "jo", 25)),
    game(4, ("Joseph", "joseph", 60), ("Sarah", "sarah", 20), ("Hugo", "hugo", 22)),
    game(5, ("Hugo", "hugo", 33), ("Sarah", "sarah", 31), ("Zoé", "zoe", 40)),
]
MERGED = {"jo": "joseph"}


@pytest.mark.parametrize(
    "name, played, wins, win_rate, best, average, rival, rival_times",
    [
        ("Hugo", 5, 2, 0.4, 50, 36.0, "Zoé", 1),
        ("Sarah", 5, 2, 0.4, 50, 35.2, "Hugo", 3),
        ("Joseph", 2, 1, 0.5, 60, 42.5, "Hugo", 1),
        ("Zoé", 3, 1, 1 / 3, 40, 70 / 3, "Hugo", 2),
    ],
)
def test_stats_per_person_in_a_band_of_five_games(
    name, played, wins, win_rate, best, average, rival, rival_times
):
    result = stats.compute(FIVE_GAMES, MERGED)
    person = next(p for p in result.people if p.name == name)
    assert person.played == played
    assert person.wins == wins
    assert person.win_rate == pytest.approx(win_rate)
    assert person.best == best
    assert person.average == pytest.approx(average)
    assert (person.rival.name, person.rival.times) == (rival, rival_times)


def test_people_are_ordered_by_wins_then_win_rate_then_average():
    result = stats.compute(FIVE_GAMES, MERGED)
    assert [p.name for p in result.people] == ["Hugo", "Sarah", "Joseph", "Zoé"]


def test_who_wins_most_lists_everyone_tied_at_the_top():
    result = stats.compute(FIVE_GAMES, MERGED)
    assert [p.name for p in result.leaders] == ["Hugo", "Sarah"]


def test_a_person_goes_by_their_latest_spelling_and_keeps_the_others():
    result = stats.compute(FIVE_GAMES, MERGED)
    by_name = {p.name: p for p in result.people}
    assert by_name["Zoé"].spellings == ["Zoé", "zoe"]
    assert by_name["Joseph"].spellings == ["Joseph", "Jo"]


def test_without_the_merge_the_two_spellings_are_two_people():
    result = stats.compute(FIVE_GAMES, {})
    by_name = {p.name: p for p in result.people}
    assert (by_name["Jo"].played, by_name["Joseph"].played) == (1, 1)


def test_history_is_most_recent_first_with_scores_best_first():
    result = stats.compute(FIVE_GAMES, MERGED)
    assert [g.game_id for g in result.history] == [5, 4, 3, 2, 1]
    tie = result.history[3]
    assert [(s.name, s.score, s.rank, s.won) for s in tie.scores] == [
        ("Hugo", 50, 1, True),
        ("Sarah", 50, 1, True),
        ("zoe", 10, 3, False),
    ]
    assert [s.name for s in tie.winners] == ["Hugo", "Sarah"]
    assert result.history[2].scores[2].key == "joseph"  # "Jo", merged


@pytest.mark.parametrize(
    "games, leaders, people",
    [
        ([], [], []),
        ([game(1, ("Léa", "lea", 12))], ["Léa"], [("Léa", 1, 1, None)]),
        (
            [
                game(1, ("A", "a", 20), ("B", "b", 20)),
                game(2, ("A", "a", 5), ("B", "b", 5)),
            ],
            ["A", "B"],
            [("A", 2, 2, None), ("B", 2, 2, None)],
        ),
        (
            [game(1, ("A", "a", 0), ("B", "b", 0), ("C", "c", 1))],
            ["C"],
            [("C", 1, 1, None), ("A", 1, 0, "C"), ("B", 1, 0, "C")],
        ),
    ],
    ids=["no game", "one player alone", "ties only", "zero scores"],
)
def test_edge_cases(games, leaders, people):
    result = stats.compute(games, {})
    assert [p.name for p in result.leaders] == leaders
    assert [
        (p.name, p.played, p.wins, p.rival.name if p.rival else None)
        for p in result.people
    ] == people


def test_the_rival_is_who_beat_them_most_then_most_recently():
    games = [
        game(1, ("A", "a", 10), ("B", "b", 20)),
        game(2, ("A", "a", 10), ("C", "c", 20)),
        game(3, ("A", "a", 10), ("B", "b", 20)),
        game(4, ("A", "a", 10), ("D", "d", 20)),
    ]
    rival = next(p for p in stats.compute(games).people if p.name == "A").rival
    assert (rival.name, rival.times) == ("B", 2)
    games.append(game(5, ("A", "a", 10), ("C", "c", 20)))
    rival = next(p for p in stats.compute(games).people if p.name == "A").rival
    assert (rival.name, rival.times) == ("C", 2)


@pytest.mark.parametrize(
    "aliases, source, target, expected",
    [
        ({}, "jo", "joseph", {"jo": "joseph"}),
        ({"jo": "joseph"}, "joseph", "jojo", {"jo": "jojo", "joseph": "jojo"}),
        ({"jo": "joseph"}, "jo", "joseph", {"jo": "joseph"}),
        ({"jo": "joseph"}, "jojo", "jo", {"jo": "joseph", "jojo": "joseph"}),
    ],
    ids=["first merge", "chain stays flat", "same person", "into an alias"],
)
def test_merging_keeps_the_alias_map_flat(aliases, source, target, expected):
    merged, _source, _target = stats.merge_aliases(aliases, source, target)
    assert merged == expected
    assert all(target not in merged for target in merged.values())


def test_people_who_played_together_are_two_people():
    assert stats.played_together(FIVE_GAMES, {}, "sarah", "hugo")
    assert not stats.played_together(FIVE_GAMES, {}, "jo", "joseph")


@pytest.mark.parametrize(
    "names, keys",
    [
        (["Zoé", "Hugo"], ["zoe", "hugo"]),
        (["Zoé", "Zoe"], ["zoé", "zoe"]),
        (["ÉLODIE"], ["elodie"]),
    ],
)
def test_band_keys_are_loose_unless_two_players_of_a_game_share_one(names, keys):
    from scorekeeper.lib.names import accentless_key, name_key

    assert stats.band_keys(names, accentless_key, name_key) == keys


def test_the_stats_module_imports_no_django():
    import ast
    from pathlib import Path

    tree = ast.parse(Path(stats.__file__).read_text())
    imported = {
        (node.module or "") if isinstance(node, ast.ImportFrom) else alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    }
    roots = {name.split(".")[0] for name in imported}
    assert not roots & {"django", "games", "bands"}


@pytest.mark.parametrize(
    "wins, played, percent",
    [(0, 0, 0), (0, 3, 0), (1, 3, 33), (2, 3, 67), (1, 8, 13), (1, 2, 50), (5, 5, 100)],
)
def test_the_win_rate_shows_as_a_whole_percentage_rounded_half_up(
    wins, played, percent
):
    person = stats.PersonStats(key="k", name="K", played=played, wins=wins)
    assert person.win_percent == percent
