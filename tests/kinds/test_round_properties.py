"""Properties over many rounds: a tarot deal always adds up to 0, the Skyjo
finisher is doubled exactly when RULES.md says, totals are the sums of the
rounds, and an undo gives back the game as it was."""

import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.kinds import skyjo, tally, tarot
from tests.kinds.tables import seated

# Hypothesis keeps no example database: the suite leaves nothing in the tree.
fuzz = settings(
    database=None,
    deadline=None,
    max_examples=60,
    suppress_health_check=[HealthCheck.too_slow],
)

NAMES = ("Léa", "Tom", "Zoé", "Max", "Inès", "Hugo", "Jo", "Sarah", "Paul", "Anna")


@st.composite
def tarot_deals(draw, players):
    """A deal the rules accept at this table: a passed one now and then."""
    count = len(players)
    if draw(st.integers(0, 9)) == 0:
        return {"passed": True}
    taker = draw(st.sampled_from(players))
    entry = {
        "taker": taker.pk,
        "contract": draw(st.sampled_from(tarot.CONTRACTS)),
        "bouts": draw(st.integers(0, 3)),
        "points": draw(st.integers(0, 182)) / 2,
        "petit_au_bout": draw(st.sampled_from([None, "taker", "defence"])),
    }
    partner = None
    if count == 5:
        others = [p for p in players if p != taker]
        partner = draw(st.none() | st.sampled_from(others))
        entry["partner"] = partner.pk if partner else None
    taker_side = 2 if partner else 1
    sides = ["taker"] * taker_side + ["defence"] * (count - taker_side)
    # Each player shows one poignée at most.
    showing = draw(st.lists(st.integers(0, count - 1), max_size=3, unique=True))
    sizes = draw(st.lists(st.sampled_from(["simple", "double", "triple"]),
                          min_size=len(showing), max_size=len(showing)))  # fmt: skip
    trumps = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}[count]
    index = {"simple": 0, "double": 1, "triple": 2}
    # The poignées shown fit in the deck's 22 trumps, or none is shown.
    if sum(trumps[index[size]] for size in sizes) <= 22:
        entry["poignees"] = [
            {"size": size, "side": sides[seat]}
            for size, seat in zip(sizes, showing, strict=True)
        ]
    won = entry["points"] >= tarot.NEEDED[entry["bouts"]]
    chelem = draw(st.sampled_from([None, "taker" if won else "defence"]))
    entry["chelem"] = chelem
    entry["chelem_announced"] = draw(st.booleans())
    return entry


tables = st.integers(3, 5).map(lambda count: seated(*NAMES[:count]))


@fuzz
@given(st.data(), tables)
def test_a_tarot_deal_always_adds_up_to_zero(data, players):
    rules = tarot.build_rules(
        {
            "multipliers": data.draw(st.sampled_from(["1_2_4_6", "1_2_3_4"])),
            "poignees": data.draw(st.sampled_from(["20_30_40", "20_40_60"])),
        }
    )
    entry = data.draw(tarot_deals(players))
    round_ = rules.start(players).check(entry)
    assert sum(round_.points.values()) == 0
    deal = round_.detail
    if deal.passed:
        return
    defenders = [p for p in players if p.pk not in (deal.taker, deal.partner)]
    assert all(round_.points[p.pk] == -deal.value for p in defenders)
    assert deal.value == value_from_rules_md(rules, entry)


def value_from_rules_md(rules, entry):
    """V for the taker's side, worked out again from RULES.md's words."""
    multiplier = tarot.MULTIPLIERS[rules.multipliers][entry["contract"]]
    gap = entry["points"] - tarot.NEEDED[entry["bouts"]]
    sign = 1 if gap >= 0 else -1
    value = sign * (25 + math.ceil(abs(gap))) * multiplier
    value += {"taker": 10, "defence": -10, None: 0}[entry["petit_au_bout"]] * (
        multiplier
    )
    values = tarot.POIGNEE_VALUES[rules.poignees]
    value += sign * sum(values[p["size"]] for p in entry.get("poignees", []))
    announced, chelem = entry["chelem_announced"], entry["chelem"]
    if chelem == "taker":
        value += 400 if announced else 200
    else:
        value += (-200 if announced else 0) + (-200 if chelem == "defence" else 0)
    return value


@st.composite
def skyjo_rounds(draw, players):
    cards = draw(
        st.lists(
            st.integers(skyjo.LOWEST_CARDS, skyjo.HIGHEST_CARDS),
            min_size=len(players),
            max_size=len(players),
        )
    )
    finisher = draw(st.sampled_from(players))
    return {
        "cards": {str(p.pk): value for p, value in zip(players, cards, strict=True)},
        "finisher": finisher.pk,
    }


skyjo_tables = st.integers(2, 8).map(lambda count: seated(*NAMES[:count]))


@fuzz
@given(st.data(), skyjo_tables, st.booleans())
def test_the_skyjo_finisher_is_doubled_exactly_when_rules_md_says(
    data, players, double_on_tie
):
    entry = data.draw(skyjo_rounds(players))
    rules = skyjo.build_rules({"double_on_tie": double_on_tie})
    round_ = rules.start(players).check(entry)
    finisher = entry["finisher"]
    own = entry["cards"][str(finisher)]
    others = [v for pk, v in entry["cards"].items() if pk != str(finisher)]
    # Not strictly the lowest (a tie counts, unless the house says not), and
    # positive.
    not_lowest = min(others) <= own if double_on_tie else min(others) < own
    doubled = own > 0 and not_lowest
    assert round_.detail.doubled is doubled
    assert round_.points[finisher] == (2 * own if doubled else own)
    for player in players:
        if player.pk != finisher:
            assert round_.points[player.pk] == entry["cards"][str(player.pk)]


@st.composite
def tally_rounds(draw, players):
    given_to = draw(st.lists(st.sampled_from(players), min_size=1, unique=True))
    return {"points": {str(p.pk): draw(st.integers(-1000, 1000)) for p in given_to}}


@st.composite
def games_with_entries(draw):
    """Rules, players, and entries the game takes in order (a Skyjo game stops at
    its end: no round after it)."""
    kind = draw(st.sampled_from(["skyjo", "tarot", "tally"]))
    if kind == "skyjo":
        players = draw(skyjo_tables)
        rules, rounds = skyjo.build_rules(), skyjo_rounds(players)
    elif kind == "tarot":
        players = draw(tables)
        rules, rounds = tarot.build_rules(), tarot_deals(players)
    else:
        players = draw(st.integers(1, 10).map(lambda n: seated(*NAMES[:n])))
        rules, rounds = tally.build_rules(), tally_rounds(players)
    game = rules.start(players)
    entries = []
    for _ in range(draw(st.integers(0, 6))):
        if game.finished:
            break
        entry = draw(rounds)
        game = game.play(entry)
        entries.append(entry)
    return rules, players, entries


@fuzz
@given(games_with_entries())
def test_totals_are_the_sums_of_the_rounds(played):
    rules, players, entries = played
    game = rules.replay(players, entries)
    for count, totals in enumerate(game.running_totals, start=1):
        assert totals == {
            p.pk: sum(r.points[p.pk] for r in game.rounds[:count]) for p in players
        }
    assert game.totals == {
        p.pk: sum(r.points[p.pk] for r in game.rounds) for p in players
    }


@fuzz
@given(games_with_entries())
def test_undo_gives_back_the_game_as_it_was_before_the_round(played):
    rules, players, entries = played
    before = rules.start(players)
    for entry in entries:
        after = before.play(entry)
        assert after.undo() == before
        assert after.undo().totals == before.totals
        assert after.undo().dealer == before.dealer
        before = after


@fuzz
@given(games_with_entries())
def test_the_stored_entries_replay_to_the_same_game(played):
    rules, players, entries = played
    game = rules.replay(players, entries)
    assert rules.replay(players, game.entries) == game
