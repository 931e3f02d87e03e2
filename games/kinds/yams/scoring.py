"""What a throw is worth in each kind of box.

Every scorer takes `counts` (counts[face] = how many dice show that face, index 0
unused) and `total` (the sum of the dice), and returns the points, 0 when the throw
does not qualify. Scorers are bound to their parameters with functools.partial in
the box tables.
"""

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from itertools import combinations_with_replacement

FACES = (1, 2, 3, 4, 5, 6)
FACES_DOWN = (6, 5, 4, 3, 2, 1)

# What a box makes of a throw: (counts, total) -> points, once the box tables have
# bound its parameters.
Scorer = Callable[[Sequence[int], int], int]


def counts_of(dice: Iterable[int]) -> list[int]:
    counts = [0] * 7
    for face in dice:
        counts[face] += 1
    return counts


@cache
def throws(dice: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every distinct throw of `dice` dice as (counts, total): order never matters."""
    return tuple(
        (tuple(counts_of(throw)), sum(throw))
        for throw in combinations_with_replacement(FACES, dice)
    )


def upper(face: int, counts: Sequence[int], total: int) -> int:
    return counts[face] * face


def of_a_kind(size: int, counts: Sequence[int], total: int) -> int:
    """`size` identical dice, counting only those dice (best face)."""
    for face in FACES_DOWN:
        if counts[face] >= size:
            return size * face
    return 0


def of_a_kind_all_dice(size: int, counts: Sequence[int], total: int) -> int:
    """At least `size` identical dice, counting all the dice."""
    return total if max(counts) >= size else 0


def pairs(how_many: int, counts: Sequence[int], total: int) -> int:
    """`how_many` pairs of different faces, counting those pairs (best faces)."""
    faces = [face for face in FACES_DOWN if counts[face] >= 2]
    if len(faces) < how_many:
        return 0
    return 2 * sum(faces[:how_many])


def two_groups(big: int, small: int, counts: Sequence[int], total: int) -> int:
    """A group of `big` and another of `small` identical dice, different faces."""
    best = 0
    for a in FACES:
        if counts[a] < big:
            continue
        for b in FACES:
            if b != a and counts[b] >= small:
                best = max(best, big * a + small * b)
    return best


def five_dice_full(points: int, counts: Sequence[int], total: int) -> int:
    # Exactly three of one face and two of another: five identical dice are not a
    # full (002 says so for all_dice; (choice) for the other five-dice presets).
    return points if sorted(counts)[-2:] == [2, 3] else 0


def run(length: int, points: int, counts: Sequence[int], total: int) -> int:
    """`length` consecutive faces among the dice, duplicates allowed."""
    streak = 0
    for face in FACES:
        streak = streak + 1 if counts[face] else 0
        if streak >= length:
            return points
    return 0


def exact_faces(
    faces: Iterable[int], points: int, counts: Sequence[int], total: int
) -> int:
    """Every one of `faces` shows on some die (a named straight)."""
    return points if all(counts[face] for face in faces) else 0


def identical(size: int, points: int, counts: Sequence[int], total: int) -> int:
    """`size` identical dice for a fixed prize (Yams, Maxi Yatzy)."""
    return points if max(counts) >= size else 0


def chance(counts: Sequence[int], total: int) -> int:
    return total
