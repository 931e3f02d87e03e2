"""A band's faces: each person of a band keeps a colour of a fixed palette and
an optional mark (one emoji, or one or two initials) from one game to the next.

The palette is Okabe and Ito's, told apart with the common colour blindnesses;
each colour has its own text colour for the mark, and a variant for dark mode
where the light one would not read on a dark page. A colour is never shown
alone: the person's name or mark is always beside it.
"""

import unicodedata
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop


@dataclass(frozen=True)
class Colour:
    name: str  # French, a translatable source string
    light: str  # the dot on a light page
    dark: str  # the dot on a dark page


PALETTE: tuple[Colour, ...] = (
    Colour(gettext_noop("bleu"), "#0072b2", "#3d9be0"),
    Colour(gettext_noop("orange"), "#e69f00", "#e69f00"),
    Colour(gettext_noop("bleu ciel"), "#56b4e9", "#56b4e9"),
    Colour(gettext_noop("vert"), "#009e73", "#19b386"),
    Colour(gettext_noop("jaune"), "#f0e442", "#f0e442"),
    Colour(gettext_noop("vermillon"), "#d55e00", "#e8772a"),
    Colour(gettext_noop("rose"), "#cc79a7", "#d890b8"),
    Colour(gettext_noop("gris"), "#4d4d4d", "#c4c4c4"),
)

MAX_MARK_LENGTH = 16  # code points: an emoji sequence of a family is long

_ZWJ = "\u200d"
_MODIFIERS = "\ufe0f\u20e3"  # emoji presentation, keycap
_SKIN_TONES = range(0x1F3FB, 0x1F400)
_TAGS = range(0xE0020, 0xE0080)
_REGIONAL = range(0x1F1E6, 0x1F200)


@dataclass(frozen=True)
class Face:
    """How a person shows: a colour (an index into PALETTE) and a mark."""

    name: str
    colour: int
    mark: str

    @property
    def css(self) -> str:
        return f"face-{self.colour}"

    @property
    def colour_name(self) -> str:
        return _(PALETTE[self.colour].name)

    @property
    def sign(self) -> str:
        """What the dot shows: the mark, else the name's first letter."""
        return self.mark or self.name[:1].upper()


def _is_pictograph(char: str) -> bool:
    return unicodedata.category(char) == "So" or ord(char) in _REGIONAL


def _is_emoji(mark: str) -> bool:
    """One emoji as one grapheme: a pictograph with its modifiers (skin tone,
    variation selector, tags), pictographs joined by zero-width joiners, or a
    flag (two regional indicators)."""
    chars = list(mark)
    if not chars or not _is_pictograph(chars[0]):
        return False
    if all(ord(c) in _REGIONAL for c in chars):
        return len(chars) == 2
    previous = chars[0]
    for char in chars[1:]:
        code = ord(char)
        if char == _ZWJ:
            if previous == _ZWJ:
                return False
        elif char in _MODIFIERS or code in _SKIN_TONES or code in _TAGS:
            pass
        elif _is_pictograph(char) and ord(char) not in _REGIONAL:
            if previous != _ZWJ:
                return False  # two emoji side by side
        else:
            return False
        previous = char
    return previous != _ZWJ


def clean_mark(raw: object) -> str:
    """The mark as kept: "" for none, one emoji, or one or two letters (in
    capitals). ValidationError for anything else."""
    mark = unicodedata.normalize("NFC", str(raw or "").strip())
    if not mark:
        return ""
    if len(mark) <= 2 and all(c.isalpha() for c in mark):
        return mark.upper()
    if len(mark) <= MAX_MARK_LENGTH and _is_emoji(mark):
        return mark
    raise ValidationError(
        _("Une marque est un seul emoji ou une ou deux lettres (comme « SD »)."),
        code="mark",
    )


def clean_colour(raw: object) -> int:
    try:
        colour = int(str(raw))
    except ValueError:
        colour = -1
    if not 0 <= colour < len(PALETTE):
        raise ValidationError(_("Choisissez une couleur de la liste."), code="colour")
    return colour


def next_colour(used: list[int]) -> int:
    """The first colour nobody of the band has yet; past eight people, the
    least worn one."""
    counts = [used.count(index) for index in range(len(PALETTE))]
    return counts.index(min(counts))
