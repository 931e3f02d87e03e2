"""The seating order on the create page: drawn at random, or moved by hand."""

import secrets

from scorekeeper.lib import numbers


def draw(names):
    """`names` in a random order (a new list), from the system's randomness."""
    drawn = list(names)
    secrets.SystemRandom().shuffle(drawn)
    return drawn


def move(names, order):
    """Applies "up:<i>" or "down:<i>" (a row button) to `names` in place; True
    when a row moved. Anything else is ignored: the form is shown again as is."""
    way, _sep, index = str(order).partition(":")
    if way not in ("up", "down") or not numbers.is_number(index):
        return False
    index = int(index)
    other = index - 1 if way == "up" else index + 1
    if not (0 <= index < len(names) and 0 <= other < len(names)):
        return False
    names[index], names[other] = names[other], names[index]
    return True
