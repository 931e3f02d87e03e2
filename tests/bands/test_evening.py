"""The evening (bands.stats): its games grouped by the gaps between them, and its
ranking by players beaten; pure functions, table-driven, and a property."""

import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bands import stats
from bands.stats import HistoryGame, HistoryScore
from tests.bands.helpers import SKYJO, TAROT, YAMS

EIGHT_PM = datetime.datetime(2026, 3, 14, 20, 0, tzinfo=datetime.UTC)


def at(hours: float) -> datetime.datetime:
    """A moment `hours` after 20:00 on the evening of the tests."""
    return EIGHT_PM + datetime.timedelta(hours=hours)


def played(game_id, began, ended, *ranking, kind=YAMS):
    """A finished game from `began` to `ended` (hours after 20:00); `ranking`:
    (name, rank) best first, the key the name in lower case."""
    scores = tuple(
        HistoryScore(
            key=name.casefold(),
            name=name,
            seat=seat,
            score=100 - 10 * rank,
            rank=rank,
            won=rank == 1,
        )
        for seat, (name, rank) in enumerate(ranking)
    )
    return HistoryGame(
        game_id=game_id,
        played_at=at(ended),
        kind=kind,
        label="",
        scores=scores,
        started_at=None if began is None else at(began),
    )


def ranks(*pairs):
    return tuple(
        HistoryScore(key=key, name=key, seat=seat, score=0, rank=rank, won=rank == 1)
        for seat, (key, rank) in enumerate(pairs)
    )


@pytest.mark.parametrize(
    "ranking, points",
    [
        # Everyone beats whoever finished below them.
        ([("a", 1), ("b", 2), ("c", 3), ("d", 4)], {"a": 3, "b": 2, "c": 1, "d": 0}),
        # A three-way tie among four: each of the three beats the last one only.
        ([("a", 1), ("b", 1), ("c", 1), ("d", 4)], {"a": 1, "b": 1, "c": 1, "d": 0}),
        # Two share the first place: each beats the two below, not each other.
        ([("a", 1), ("b", 1), ("c", 3), ("d", 4)], {"a": 2, "b": 2, "c": 1, "d": 0}),
        # Everyone tied: nobody beats anybody.
        ([("a", 1), ("b", 1)], {"a": 0, "b": 0}),
        # Alone at the table: nobody to beat.
        ([("a", 1)], {"a": 0}),
    ],
)
def test_a_game_gives_one_point_per_player_beaten(ranking, points):
    assert stats.game_points(ranks(*ranking)) == points


@given(st.lists(st.integers(min_value=1, max_value=6), min_size=1, max_size=10))
def test_the_points_of_a_game_sum_to_the_pairs_where_one_beat_the_other(rank_list):
    scores = ranks(*((f"p{seat}", rank) for seat, rank in enumerate(rank_list)))
    beaten_pairs = sum(1 for a in rank_list for b in rank_list if a < b)
    points = stats.game_points(scores)
    assert sum(points.values()) == beaten_pairs
    assert all(value >= 0 for value in points.values())


@pytest.mark.parametrize(
    "games, expected",
    [
        # (began, ended) in hours after 20:00, in the order they began.
        ([], []),
        ([(0, 1)], [[1]]),
        # Less than six hours between the end of one and the start of the next.
        ([(0, 1), (1.5, 2.5), (7, 8)], [[1, 2, 3]]),
        # Exactly six hours: a new evening.
        ([(0, 1), (7, 8)], [[1], [2]]),
        # Yesterday, then tonight.
        ([(-24, -23), (0, 1), (1, 2)], [[1], [2, 3]]),
        # Overlapping games: the later end counts (game 2 ends at 5).
        ([(0, 1), (0.5, 5), (10.5, 11)], [[1, 2, 3]]),
        # A start unknown (older results): the game's end stands for it.
        ([(0, 1), (None, 6.9)], [[1, 2]]),
        ([(0, 1), (None, 7)], [[1], [2]]),
    ],
)
def test_an_evening_is_a_run_of_games_each_begun_within_six_hours(games, expected):
    rows = [
        played(number, began, ended, ("Léa", 1))
        for number, (began, ended) in enumerate(games, start=1)
    ]
    found = stats.evenings(reversed(rows))
    assert [[g.game_id for g in evening] for evening in found] == expected


@pytest.mark.parametrize(
    "now, expected",
    [
        (0.5, [1, 2]),  # during a game: the evening so far
        (7.9, [1, 2]),  # less than six hours after the last game ended
        (8, None),  # six hours after: the evening is over
        (30, None),  # the next day
    ],
)
def test_tonight_is_the_latest_evening_while_a_game_could_still_join_it(now, expected):
    rows = [
        played(0, -26, -25, ("Léa", 1)),  # the day before
        played(1, 0, 1, ("Léa", 1)),
        played(2, 1, 2, ("Léa", 1)),
    ]
    evening = stats.tonight(rows, at(now))
    found = None if evening is None else [g.game.game_id for g in evening.games]
    assert found == expected


THREE_KINDS = [
    # Yams: Léa, Hugo, Zoé, Sam in that order.
    played(1, 0, 1, ("Léa", 1), ("Hugo", 2), ("Zoé", 3), ("Sam", 4)),
    # Tarot: Hugo first, Léa and Zoé tied behind him, Sam last.
    played(2, 1.2, 2, ("Hugo", 1), ("Léa", 2), ("Zoé", 2), ("Sam", 4), kind=TAROT),
    # Skyjo without Sam: Zoé wins.
    played(3, 2.5, 3, ("Zoé", 1), ("Hugo", 2), ("Léa", 3), kind=SKYJO),
]


@pytest.mark.parametrize(
    "name, rank, points, played_games, wins",
    [
        # 3 + 1 + 0, 2 + 3 + 1, 1 + 1 + 2, 0 + 0 (not at the Skyjo).
        ("Léa", 2, 4, 3, 1),
        ("Hugo", 1, 6, 3, 1),
        ("Zoé", 2, 4, 3, 1),
        ("Sam", 4, 0, 2, 0),
    ],
)
def test_the_evening_ranking_adds_the_points_of_games_of_every_kind(
    name, rank, points, played_games, wins
):
    evening = stats.evening_of(THREE_KINDS)
    place = next(p for p in evening.ranking if p.name == name)
    assert (place.rank, place.points, place.played, place.wins) == (
        rank,
        points,
        played_games,
        wins,
    )


def test_the_evening_ranking_is_best_first_and_ties_stay_ties():
    evening = stats.evening_of(THREE_KINDS)
    assert [(p.name, p.rank) for p in evening.ranking] == [
        ("Hugo", 1),
        ("Léa", 2),
        ("Zoé", 2),
        ("Sam", 4),
    ]
    assert [p.name for p in evening.leaders] == ["Hugo"]


def test_two_people_level_on_points_both_lead_the_evening():
    evening = stats.evening_of(
        [
            played(1, 0, 1, ("Léa", 1), ("Hugo", 2)),
            played(2, 1, 2, ("Hugo", 1), ("Léa", 2)),
        ]
    )
    assert [(p.name, p.rank, p.points) for p in evening.leaders] == [
        ("Hugo", 1, 1),
        ("Léa", 1, 1),
    ]


def test_nobody_leads_an_evening_of_ties_only():
    evening = stats.evening_of([played(1, 0, 1, ("Léa", 1), ("Hugo", 1))])
    assert evening.leaders == []
    assert [p.rank for p in evening.ranking] == [1, 1]


def test_the_evening_goes_by_the_band_s_names_when_given():
    evening = stats.evening_of(THREE_KINDS, {"zoé": "Zoé B."})
    assert "Zoé B." in [p.name for p in evening.ranking]


@given(
    st.lists(
        st.lists(st.integers(min_value=1, max_value=5), min_size=1, max_size=6),
        min_size=1,
        max_size=6,
    )
)
def test_the_evening_s_points_sum_to_the_pairs_beaten_in_its_games(tables):
    games = [
        HistoryGame(
            game_id=number,
            played_at=at(number),
            kind=YAMS,
            label="",
            scores=ranks(*((f"p{seat}", rank) for seat, rank in enumerate(table))),
        )
        for number, table in enumerate(tables)
    ]
    evening = stats.evening_of(games)
    pairs = sum(1 for t in tables for a in t for b in t if a < b)
    assert sum(place.points for place in evening.ranking) == pairs
    ranking_points = [place.points for place in evening.ranking]
    assert ranking_points == sorted(ranking_points, reverse=True)
