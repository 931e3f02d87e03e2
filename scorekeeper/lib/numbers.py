"""Numbers read from a request, parsed in this one place.

`str.isdigit()` says yes to "²" and `int()` to "٣" or "３"; `int()` refuses more than
4,300 digits. A number from a request is ASCII digits, at most `MAX_DIGITS` of them
(a leading minus where the caller allows it); anything else is a 400 (`BadNumber`)
or, in a form, a field error.

    seq = numbers.optional_int(request.GET.get("done"))   # None, an int, or 400
    if numbers.is_number(value, signed=True): ...
"""

import re
from typing import TypeGuard

from django.core.exceptions import BadRequest

# Enough for any score, version or sequence number; far below int()'s limit.
MAX_DIGITS = 9
_UNSIGNED = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")
_SIGNED = re.compile(rf"-?[0-9]{{1,{MAX_DIGITS}}}")


class BadNumber(BadRequest):
    """A request carried something that should be a number and is not (400)."""


def is_number(text: object, *, signed: bool = False) -> TypeGuard[str]:
    pattern = _SIGNED if signed else _UNSIGNED
    return isinstance(text, str) and pattern.fullmatch(text) is not None


def parse_int(text: object, *, signed: bool = False) -> int:
    """The int `text` spells, or BadNumber."""
    if not is_number(text, signed=signed):
        raise BadNumber("not a number")
    return int(text)


def optional_int(text: object, *, signed: bool = False) -> int | None:
    """None for a missing or empty value, else `parse_int`."""
    if text is None or text == "":
        return None
    return parse_int(text, signed=signed)


def written(number: int) -> str:
    """A score as the sheet writes it: a true minus sign (−12), not a hyphen,
    so that a negative total reads like the signed points beside it."""
    return f"\u2212{-number}" if number < 0 else str(number)
