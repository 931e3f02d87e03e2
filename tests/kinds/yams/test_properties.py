"""Properties over every throw, and fuzzing of entries and scorecards."""

from itertools import combinations_with_replacement, permutations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.kinds.yams import PRESETS, InvalidEntry, Scored, build_variant
from games.kinds.yams.entries import typed_max
from games.kinds.yams.scorecard import REPEATED_YAMS

# Hypothesis keeps no example database: the suite leaves nothing in the tree.
fuzz = settings(
    database=None,
    deadline=None,
    max_examples=300,
    suppress_health_check=[HealthCheck.too_slow],
)

FIVE_DICE = ("classic", "yahtzee", "all_dice", "multi_yams")
SIX_DICE = ("six_dice", "six_dice_75")
COLUMNS = ("free", "down", "up", "dry")
KINDS = ("count", "face", "faces", "total", "made", "cross", "points")
FACES = (1, 2, 3, 4, 5, 6)


@st.composite
def variants(draw):
    preset = draw(st.sampled_from(FIVE_DICE + SIX_DICE))
    columns = draw(st.permutations(COLUMNS).flatmap(
        lambda kinds: st.integers(1, 4).map(lambda n: list(kinds[:n]))
    ))  # fmt: skip
    options = {
        "columns": columns,
        "saved_rolls": draw(st.booleans()),
        "typed_points": draw(st.booleans()),
    }
    if preset in FIVE_DICE:
        options["count_dice"] = draw(st.sampled_from(["matching", "all"]))
        options["strict_straights"] = draw(st.booleans())
    else:
        options["six_dice_bonus"] = draw(st.sampled_from(["84", "75"]))
    return build_variant(preset, options)


def all_variants():
    """Every preset with every option that changes the boxes."""
    for preset in FIVE_DICE:
        for count in ("matching", "all"):
            for strict in (False, True):
                yield build_variant(
                    preset, {"count_dice": count, "strict_straights": strict}
                )
    for preset in SIX_DICE:
        yield PRESETS[preset]


# --- what the host would enter, read off the dice --------------------------

# How many identical dice a sum box needs before it counts all the dice.
SUM_NEEDS = {"three_kind": 3, "four_kind": 4, "chance": 0}


def made(variant, box, dice):
    """Does the throw make this fixed-prize box? Written from RULES.md alone."""
    faces = set(dice)
    counts = sorted(dice.count(face) for face in faces)
    strict = variant.options.get("strict_straights", False)
    runs = [set(range(start, start + 4)) for start in (1, 2, 3)]
    if box == "full_house":
        return counts == [2, 3]
    if box in ("yams", "maxi_yatzy"):
        return len(faces) == 1
    if box == "full_straight":
        return faces == set(FACES)
    if variant.dice == 6:
        return faces >= {
            "small_straight": {1, 2, 3, 4, 5}, "large_straight": {2, 3, 4, 5, 6}
        }[box]  # fmt: skip
    if box == "small_straight":
        return faces == {1, 2, 3, 4, 5} if strict else any(run <= faces for run in runs)
    if strict:
        return faces == {2, 3, 4, 5, 6}
    return faces in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6})


def entry_from_dice(variant, box, dice):
    spec = variant.entry_spec(box)
    if spec.kind == "count":
        face = variant.box_keys.index(box) + 1
        return {"kind": "count", "value": dice.count(face)}
    if spec.kind == "face":
        size = {"pair": 2, "three_kind": 3, "four_kind": 4, "five_kind": 5}[box]
        faces = [face for face in FACES if dice.count(face) >= size]
        return {"kind": "face", "value": max(faces)} if faces else {"kind": "cross"}
    if spec.kind == "faces":
        sizes = {
            "two_pairs": (2, 2), "three_pairs": (2, 2, 2), "double_three_kind": (3, 3),
            "full_house": (3, 2), "tower": (4, 2),
        }[box]  # fmt: skip
        readings = [
            faces
            for faces in permutations(FACES, len(sizes))
            if all(dice.count(f) >= s for f, s in zip(faces, sizes, strict=True))
        ]
        if not readings:
            return {"kind": "cross"}
        best = max(
            readings,
            key=lambda faces: sum(f * s for f, s in zip(faces, sizes, strict=True)),
        )
        return {"kind": "faces", "values": list(best)}
    if spec.kind == "total":
        need = SUM_NEEDS[box]
        if max(dice.count(face) for face in FACES) >= need:
            return {"kind": "total", "value": sum(dice)}
        return {"kind": "cross"}
    return {"kind": "made"} if made(variant, box, dice) else {"kind": "cross"}


@pytest.mark.parametrize("variant", list(all_variants()), ids=lambda v: str(v.options))
def test_host_entries_agree_with_the_dice_on_every_throw(variant):
    for dice in combinations_with_replacement(FACES, variant.dice):
        for box in variant.box_keys:
            entry = entry_from_dice(variant, box, dice)
            assert variant.score(box, entry).points == variant.points(box, dice), (
                box,
                dice,
                entry,
            )


@fuzz
@given(variants(), st.data())
def test_host_entries_agree_with_the_dice(variant, data):
    dice = tuple(data.draw(st.lists(st.sampled_from(FACES), min_size=variant.dice,
                                    max_size=variant.dice)))  # fmt: skip
    box = data.draw(st.sampled_from(variant.box_keys))
    entry = entry_from_dice(variant, box, dice)
    points = variant.points(box, dice)
    assert variant.score(box, entry).points == points
    assert 0 <= points <= variant.box(box).max_points


# --- totals ------------------------------------------------------------------


@st.composite
def column_points(draw, variant):
    points = {}
    for box in variant.boxes:
        if draw(st.booleans()):
            continue
        if box.key == "yams" and variant.key == "multi_yams":
            points[box.key] = draw(st.lists(st.sampled_from([50, 100]), max_size=4))
        else:
            points[box.key] = draw(st.integers(0, box.max_points))
    return points


@fuzz
@given(variants().flatmap(lambda v: st.tuples(st.just(v), column_points(v))), st.data())
def test_totals_never_decrease_when_a_box_gains_points(case, data):
    variant, points = case
    extra = data.draw(st.integers(0, 12))
    before = variant.totals(points, extra_yams=extra)
    box = data.draw(st.sampled_from(variant.box_keys))
    gain = data.draw(st.integers(1, 40))
    grown = dict(points)
    current = grown.get(box, 0)
    grown[box] = [*current, gain] if isinstance(current, list) else current + gain
    after = variant.totals(grown, extra_yams=extra)
    assert after.total >= before.total + gain
    assert after.upper >= before.upper and after.lower >= before.lower
    assert after.bonus >= before.bonus
    assert after.total == after.upper + after.bonus + after.lower + after.yams_bonus


@fuzz
@given(variants(), st.lists(st.integers(0, 36), min_size=6, max_size=6))
def test_bonus_is_exactly_at_the_threshold(variant, values):
    points = dict(zip(variant.box_keys[:6], values, strict=True))
    totals = variant.totals(points)
    upper = sum(values)
    assert totals.upper == upper
    reached = upper >= variant.bonus_threshold
    assert totals.bonus == (variant.bonus_points if reached else 0)
    assert totals.upper_missing == max(0, variant.bonus_threshold - upper)


# --- fuzzing entries ---------------------------------------------------------

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 120)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=4),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.text(max_size=6), children, max_size=3)
    ),
    max_leaves=8,
)
small_ints = st.integers(-2, 40)
plausible_entries = st.fixed_dictionaries(
    {"kind": st.sampled_from(KINDS)},
    optional={
        "value": small_ints | json_values,
        "values": st.lists(st.integers(0, 7), max_size=4) | json_values,
        "extra_yams": st.booleans() | json_values,
        "rolls": st.integers(0, 9) | json_values,
    },
)
shaped_entries = st.fixed_dictionaries(
    {"kind": st.sampled_from(KINDS)},
    optional={
        "value": small_ints,
        "values": st.lists(st.sampled_from(FACES), min_size=1, max_size=3),
        "extra_yams": st.booleans(),
        "rolls": st.integers(1, 4),
    },
)
any_entries = (
    plausible_entries
    | json_values
    | st.dictionaries(
        st.sampled_from(["kind", "value", "values", "extra_yams", "rolls", "x"]),
        json_values,
    )
)


@fuzz
@given(variants(), st.data())
def test_every_refused_entry_is_an_invalid_entry(variant, data):
    box = data.draw(st.sampled_from(variant.box_keys) | json_values)
    entry = data.draw(any_entries)
    try:
        scored = variant.score(box, entry)
    except InvalidEntry as error:
        assert str(error) == str(error.message) and str(error)
    else:
        assert isinstance(scored, Scored)


@st.composite
def entries_for(draw, variant, box_key):
    """Mostly well-shaped entries for that box, with values around the limits."""
    spec = variant.entry_spec(box_key)
    kind = draw(st.sampled_from([spec.kind] * 6 + ["cross", "points"]))
    # A further Yams now and then, mostly written the way a Yams looks.
    extra = draw(st.integers(0, 4)) == 0
    entry = {"kind": kind, "extra_yams": True} if extra else {"kind": kind}
    if kind == "count" and extra:
        entry["value"] = draw(st.sampled_from([5, 5, 5, 4]))
    elif kind in ("count", "face"):
        entry["value"] = draw(st.integers(min(spec.choices) - 1, max(spec.choices) + 1))
    elif kind == "total" and extra:
        entry["value"] = draw(st.sampled_from([5, 10, 15, 20, 25, 30, 17]))
    elif kind == "total":
        entry["value"] = draw(st.integers(spec.min - 2, spec.max + 2))
    elif kind == "faces":
        entry["values"] = draw(
            st.lists(st.integers(0, 7), min_size=spec.n_faces, max_size=spec.n_faces)
            | st.permutations(FACES).map(lambda faces: list(faces[: spec.n_faces]))
        )
    elif kind == "points":
        box = variant.box(box_key)
        entry["value"] = draw(st.integers(-1, typed_max(box) + 1))
    if variant.saved_rolls and draw(st.booleans()):
        entry["rolls"] = draw(st.integers(1, 5))
    return entry


@fuzz
@given(variants(), st.data())
def test_no_accepted_entry_exceeds_the_box(variant, data):
    box = variant.box(data.draw(st.sampled_from(variant.box_keys)))
    entry = data.draw(entries_for(variant, box.key) | shaped_entries)
    try:
        scored = variant.score(box.key, entry)
    except InvalidEntry:
        return
    # House rules may type more than the dice make, within a bound of their own.
    highest = typed_max(box) if entry["kind"] == "points" else box.max_points
    assert 0 <= scored.points <= highest
    if entry["kind"] != "points":
        # Without typed points, only what some throw can score is ever written.
        assert scored.points == 0 or scored.points in box.values
    assert scored.yams_bonus in (0, 100)


@settings(fuzz, max_examples=30)
@given(variants(), st.data())
def test_sheets_refuse_only_with_invalid_entry_and_keep_their_invariants(variant, data):
    # The best card, house rules included (typed points may pass the dice).
    def most(box):
        if not variant.typed_points:
            return box.max_points
        slots = range(REPEATED_YAMS) if box.repeatable else range(1)
        return sum(typed_max(box, nth) for nth in slots)

    best = variant.totals({box.key: most(box) for box in variant.boxes}).total
    card = variant.new_scorecard()
    applied = []
    while not card.complete:
        column = data.draw(st.sampled_from([*variant.columns] * 5 + ["bogus"]))
        free = card.free_boxes(column) if column in variant.columns else ()
        # Mostly a box that is free now, sometimes any box (order, refills).
        box = data.draw(st.sampled_from([*free] * 4 + [*variant.box_keys]))
        junk = data.draw(st.integers(0, 9)) == 0
        entry = data.draw(plausible_entries if junk else entries_for(variant, box))
        try:
            scored = card.check(column, box, entry)
        except InvalidEntry as error:
            assert str(error)
            if box not in free or card.filled(column, box):
                continue
            # Keep the game going: a free box can always be crossed out.
            entry = {"kind": "cross"}
            scored = card.check(column, box, entry)
        before = card.totals()
        card = card.apply(column, box, entry)
        applied.append((column, box, entry))
        after = card.totals()
        assert after.total >= before.total + scored.points
        assert card.bank >= 0
        for totals in after.columns.values():
            assert totals.total - totals.yams_bonus <= best
        assert card.filled(column, box)
    assert all(card.free_boxes(column) == () for column in variant.columns)
    assert all(
        card.filled(column, box)
        for column in variant.columns
        for box in variant.box_keys
    )
    assert card == card.replay(variant, applied)
