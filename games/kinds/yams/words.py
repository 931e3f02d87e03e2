"""Yams in words, for what a game leaves behind (the log, the CSV, the JSON,
the result page): the kind's web side, on Django's gettext."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from ..result_words import ResultWords

UPPER_FACES = {
    "ones": 1,
    "twos": 2,
    "threes": 3,
    "fours": 4,
    "fives": 5,
    "sixes": 6,
}


def _and_join(values: list[object]) -> str:
    texts = [str(v) for v in values]
    if len(texts) < 2:
        return "".join(texts)
    return _("%(first)s et %(last)s") % {
        "first": ", ".join(texts[:-1]),
        "last": texts[-1],
    }


def describe_entry(box_key: str, data: object) -> str:
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


def crossed(data: object) -> bool:
    """A box crossed out, as the log marks it."""
    return isinstance(data, dict) and data.get("kind") == "cross"


RESULT = ResultWords(
    about_to_start=gettext_lazy("Partie de Yams sur le point de commencer"),
    solo_playing=gettext_lazy("%(name)s joue au Yams : %(total)s pour l'instant"),
    tied_leading=gettext_lazy("%(names)s mènent ex aequo au Yams avec %(total)s"),
    leading=gettext_lazy("%(name)s mène au Yams avec %(total)s"),
    solo_finished=gettext_lazy("%(name)s termine sa partie de Yams avec %(total)s"),
    tied_won=gettext_lazy("%(names)s gagnent ex aequo au Yams avec %(total)s"),
    won=gettext_lazy("%(name)s gagne au Yams avec %(total)s"),
    kicker_running=gettext_lazy("Partie de Yams"),
    kicker_finished=gettext_lazy("Résultat de la partie de Yams"),
    preview_running=gettext_lazy("Classement provisoire"),
    preview_finished=gettext_lazy("Résultat de la partie"),
    nothing_yet=gettext_lazy(
        "La partie va commencer : aucune case n'est encore remplie."
    ),
)
