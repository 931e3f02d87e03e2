"""An entry in words: what a host would say of a stored entry ("3 × 4", "face 5",
"barré").

The log page, the CSV and the JSON export all take their words from here
(through `games.export.game_log`), so they always agree.
"""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

UPPER_FACES = {
    "ones": 1,
    "twos": 2,
    "threes": 3,
    "fours": 4,
    "fives": 5,
    "sixes": 6,
}


def _and_join(values):
    values = [str(v) for v in values]
    if len(values) < 2:
        return "".join(values)
    return _("%(first)s et %(last)s") % {
        "first": ", ".join(values[:-1]),
        "last": values[-1],
    }


def describe_entry(box_key, data):
    """What was entered, in French words: "3 × 4", "face 5", "faces 6 et 2",
    "total 23", "réussi", "barré", "17 points tapés" (+ prime Yams, lancers)."""
    if not isinstance(data, dict):
        return "?"
    kind = data.get("kind")
    value = data.get("value")
    if kind == "count":
        face = UPPER_FACES.get(box_key)
        text = f"{value} × {face}" if face else str(value)
    elif kind == "face":
        text = _("face %(face)s") % {"face": value}
    elif kind == "faces":
        text = _("faces %(faces)s") % {"faces": _and_join(data.get("values") or [])}
    elif kind == "total":
        text = _("total %(total)s") % {"total": value}
    elif kind == "made":
        text = _("réussi")
    elif kind == "cross":
        text = _("barré")
    elif kind == "points":
        text = _("%(points)s points tapés") % {"points": value}
    else:
        text = "?"
    if data.get("extra_yams") is True:
        text += _(" + prime Yams")
    rolls = data.get("rolls")
    if isinstance(rolls, int) and not isinstance(rolls, bool):
        text += ngettext(" (%(n)s lancer)", " (%(n)s lancers)", rolls) % {"n": rolls}
    return text
