"""bands.stats records: pure functions over history rows, table-driven, and a few
properties that hold for any history (hypothesis)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bands import stats
from bands.stats import GameRow, ScoreRow
from tests.bands.helpers import YAMS


def game(game_id, *scores, kind=YAMS, label="Classique"):
    """scores: (key, score) or (key, score, yams) in seating order; the name is the
    key capitalised, ranks (with ties) computed, played_at is the game's id."""
    rows = []
    for seat, (key, score, *yams) in enumerate(scores):
        rank = 1 + sum(1 for _k, other, *_y in scores if other > score)
        rows.append(
            ScoreRow(key.capitalize(), key, seat, score, rank, rank == 1, *yams)
        )
    return GameRow(game_id, game_id, kind, label, tuple(rows))


def records_of(games, pair=None, aliases=None):
    (records,) = stats.compute(games, aliases or {}, pair).records
    return records


# Sarah wins 1, 2, 4 (a tie with Hugo), 5; Hugo 3 and 4, then misses 5.
GAMES = [
    game(1, ("sarah", 180, 1), ("hugo", 150, 0), ("zoe", 120, 0)),
    game(2, ("sarah", 210, 2), ("hugo", 200, 1), ("zoe", 90, 0)),
    game(3, ("hugo", 260, 3), ("sarah", 140, 0), ("zoe", 140, 1)),
    game(4, ("hugo", 190, 0), ("sarah", 190, 1)),
    game(5, ("sarah", 230, 0), ("zoe", 160, 2)),
]


def test_the_best_game_is_who_scored_most_once_and_when():
    best = records_of(GAMES).best_game
    assert (best.name, best.score, best.played_at, best.label) == (
        "Hugo",
        260,
        3,
        "Classique",
    )


@pytest.mark.parametrize(
    "games, expected",
    [
        ([], None),
        ([game(1, ("a", 10), ("b", 20))], None),
        ([game(1, ("a", 10), ("b", 20)), game(2, ("a", 30), ("b", 20))], None),
        # Sarah's 1-2 comes before Hugo's 3-4 and her own 4-5.
        (GAMES, ("sarah", 2, 1, 2, False)),
        (
            [game(1, ("a", 10), ("b", 10)), game(2, ("a", 10), ("b", 5))],
            ("a", 2, 1, 2, True),
        ),
        # Hugo reaches 2 first (games 1-2); Sarah's later 2 does not take it.
        (
            [
                game(1, ("hugo", 5), ("sarah", 1)),
                game(2, ("hugo", 5), ("sarah", 1)),
                game(3, ("sarah", 5), ("hugo", 1)),
                game(4, ("sarah", 5), ("hugo", 1)),
            ],
            ("hugo", 2, 1, 2, False),
        ),
        # A game she missed does not break her streak.
        (
            [
                game(1, ("lea", 9), ("tom", 1)),
                game(2, ("tom", 9), ("max", 1)),
                game(3, ("lea", 9), ("max", 1)),
            ],
            ("lea", 2, 1, 3, True),
        ),
    ],
    ids=[
        "no game",
        "one win",
        "no two in a row",
        "the first of equal streaks",
        "a tie counts as a win",
        "first to reach it",
        "a missed game",
    ],
)
def test_the_longest_winning_streak(games, expected, shortest=2):
    streak = records_of(games).streak if games else None
    if expected is None:
        assert streak is None or streak.length < shortest
        return
    key, length, started, ended, ongoing = expected
    assert (streak.key, streak.length, streak.started, streak.ended) == (
        key,
        length,
        started,
        ended,
    )
    assert streak.ongoing is ongoing


def test_one_win_is_no_streak_to_show():
    assert records_of([game(1, ("a", 10), ("b", 20))]).streak is None


@pytest.mark.parametrize(
    "games, in_a_game, in_total, counted, uncounted",
    [
        (GAMES, ("hugo", 3, 3), (["Hugo", "Sarah"], 4), 5, 0),
        # Older rows (no Yams) count for nothing either way, and are told apart.
        (
            [game(1, ("a", 10), ("b", 20)), game(2, ("a", 10, 1), ("b", 20, 1))],
            ("b", 1, 2),  # the best placed first, in one game
            (["A", "B"], 1),
            1,
            1,
        ),
        ([game(1, ("a", 10, 0), ("b", 20, 0))], None, ([], 0), 1, 0),
        ([game(1, ("a", 10), ("b", 20))], None, ([], 0), 0, 1),
        # Equal in one game: the first one keeps the record.
        (
            [game(1, ("a", 10, 2), ("b", 20, 0)), game(2, ("a", 10, 0), ("b", 20, 2))],
            ("a", 2, 1),
            (["A", "B"], 2),
            2,
            0,
        ),
    ],
    ids=["five games", "older rows", "no yams", "only older rows", "first wins"],
)
def test_most_yams(games, in_a_game, in_total, counted, uncounted):
    records = records_of(games)
    most = records.yams_in_a_game
    if in_a_game is None:
        assert most is None
    else:
        assert (most.key, most.yams, most.played_at) == in_a_game
    names, yams = in_total
    assert [r.name for r in records.yams_in_total] == names
    assert all(r.yams == yams for r in records.yams_in_total)
    assert (records.yams_counted_games, records.yams_uncounted_games) == (
        counted,
        uncounted,
    )


@pytest.mark.parametrize(
    "pair, expected",
    [
        (("sarah", "hugo"), ("sarah", "hugo", 2, 1, 1)),
        (("hugo", "sarah"), ("hugo", "sarah", 1, 2, 1)),
        (("sarah", "zoe"), ("sarah", "zoe", 3, 0, 1)),
        (("zoe", "hugo"), ("zoe", "hugo", 0, 3, 0)),
        # Not two people of these games: the first two of the band.
        (("sarah", "sarah"), ("sarah", "hugo", 2, 1, 1)),
        (("sarah", "nobody"), ("sarah", "hugo", 2, 1, 1)),
        (None, ("sarah", "hugo", 2, 1, 1)),
    ],
)
def test_head_to_head(pair, expected):
    duel = records_of(GAMES, pair).head_to_head
    assert (duel.key_a, duel.key_b, duel.wins_a, duel.wins_b, duel.ties) == expected


def test_head_to_head_follows_merged_names():
    games = [game(1, ("jo", 30), ("sarah", 10)), game(2, ("joseph", 30), ("sarah", 10))]
    duel = records_of(games, ("joseph", "sarah"), {"jo": "joseph"}).head_to_head
    assert (duel.name_a, duel.wins_a, duel.wins_b) == ("Joseph", 2, 0)


def test_a_band_of_one_has_no_head_to_head():
    assert records_of([game(1, ("lea", 12))]).head_to_head is None


@pytest.mark.parametrize(
    "scores, average, recent_average, direction",
    [
        ([100], 100.0, None, None),
        ([100, 120, 140], 120.0, None, None),
        ([100, 100, 200, 200], 150.0, 200.0, "up"),
        ([200, 200, 100, 100], 150.0, 100.0, "down"),
        ([100, 102, 98, 101], 100.25, 99.5, "flat"),
        # The latest five against all the earlier ones.
        ([10] * 10 + [50] * 5, 70 / 3, 50.0, "up"),
    ],
    ids=["one game", "too few", "up", "down", "within 5 %", "latest five"],
)
def test_each_players_average_and_trend(scores, average, recent_average, direction):
    trend = stats.trend("a", "A", scores)
    assert trend.average == pytest.approx(average)
    assert trend.recent_average == (
        None if recent_average is None else pytest.approx(recent_average)
    )
    assert trend.direction == direction


def test_the_trends_are_in_the_band_order_and_share_one_scale():
    trends = records_of(GAMES).trends
    assert [t.name for t in trends] == ["Sarah", "Hugo", "Zoe"]
    assert trends[0].charted == (180, 210, 140, 190, 230)
    hugo = trends[1].chart
    # The highest score of anyone is at the top, the lowest at the bottom.
    assert hugo.points.split()[2].endswith(f",{stats.CHART_PAD:g}")
    zoe = trends[2].chart
    assert zoe.points.split()[1].endswith(f",{stats.CHART_HEIGHT - stats.CHART_PAD:g}")


@pytest.mark.parametrize(
    "values, points, last",
    [
        ([50], "60,18", (60, 18)),
        ([0, 100], "4,32 116,4", (116, 4)),
        ([7, 7, 7], "4,18 60,18 116,18", (116, 18)),
    ],
)
def test_the_chart_points(values, points, last):
    low, high = min(values), max(values)
    chart = stats.chart(values, sum(values) / len(values), low, high)
    assert chart.points == points
    assert (chart.last_x, chart.last_y) == last


def test_the_chart_draws_the_latest_games_only():
    trend = stats.trend("a", "A", list(range(100)))
    assert trend.charted == tuple(range(100 - stats.CHART_GAMES, 100))


def test_records_come_per_kind_of_game():
    other = stats.ResultKind("other", "Autre")
    games = [*GAMES, game(6, ("sarah", 3), ("hugo", 9), kind=other, label="")]
    kinds = stats.compute(games, {}, None).records
    assert [(r.kind, r.name, r.games) for r in kinds] == [
        ("other", "Autre", 1),
        ("yams", "Yams", 5),
    ]
    assert kinds[0].best_game.score == 9
    assert kinds[1].best_game.score == 260


# --- properties ------------------------------------------------------------------

KEYS = ["a", "b", "c", "d"]


@st.composite
def histories(draw):
    """Games of two to four of four people, scores from a small range (ties
    happen), Yams counted or not."""
    games = []
    for game_id in range(draw(st.integers(0, 12))):
        keys = draw(
            st.lists(st.sampled_from(KEYS), min_size=1, max_size=4, unique=True)
        )
        scores = [draw(st.integers(0, 5)) for _ in keys]
        counted = draw(st.booleans())
        yams = [draw(st.integers(0, 4)) if counted else None for _ in keys]
        games.append(game(game_id, *zip(keys, scores, yams, strict=True)))
    return games


quick = settings(max_examples=150, deadline=None)


@quick
@given(histories(), st.sampled_from(KEYS), st.sampled_from(KEYS))
def test_head_to_head_adds_up_to_the_games_played_together(games, a, b):
    if a == b:
        return
    history = stats.history(games)
    duel = stats.head_to_head(history, a, b, {})
    together = sum(1 for g in history if {a, b} <= {s.key for s in g.scores})
    assert duel.wins_a + duel.wins_b + duel.ties == duel.together == together
    mirror = stats.head_to_head(history, b, a, {})
    assert (mirror.wins_a, mirror.wins_b, mirror.ties) == (
        duel.wins_b,
        duel.wins_a,
        duel.ties,
    )


@quick
@given(histories())
def test_a_streak_never_exceeds_the_games_played_nor_the_wins(games):
    result = stats.compute(games)
    people = {p.key: p for p in result.people}
    for key, (length, first, last) in stats.longest_streaks(result.history).items():
        assert 1 <= length <= people[key].wins <= people[key].played
        assert last - first + 1 >= length
    for records in result.records:
        if records.streak:
            assert records.streak.length >= 2
            assert records.streak.started <= records.streak.ended


@quick
@given(histories())
def test_the_records_agree_with_the_rows(games):
    result = stats.compute(games)
    for records in result.records:
        if records.best_game:
            assert records.best_game.score == max(
                s.score for g in games for s in g.scores
            )
        counted = [g for g in games if all(s.yams is not None for s in g.scores)]
        assert records.yams_counted_games == len(counted)
        total = sum(r.yams for r in records.yams_in_total)
        assert total <= sum(s.yams for g in counted for s in g.scores)
        for trend in records.trends:
            for x, y in (p.split(",") for p in trend.chart.points.split()):
                assert 0 <= float(x) <= stats.CHART_WIDTH
                assert 0 <= float(y) <= stats.CHART_HEIGHT
