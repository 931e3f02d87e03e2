"""Player names: trimmed, 1 to 24 characters, any script or emoji, nothing invisible.

A name is either refused with a French message or kept exactly as typed (trimmed,
runs of spaces made one): it is never silently rewritten into something else.
Escaping is the templates' job; this module keeps out what escaping cannot make
harmless: invisible characters (two "Hugo" that look alike), bidi overrides that
reorder the rest of the line, control characters, stacked marks that spill over
the neighbouring rows, and text too long for a score sheet.
"""

import unicodedata
from collections.abc import Iterable
from typing import NoReturn

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

MAX_NAME_LENGTH = 24
# Longer input is refused before any Unicode work, whatever it holds.
_MAX_RAW_LENGTH = 1000

# Control (Cc), format (Cf: zero-width, bidi overrides), surrogates, private use,
# unassigned, and line/paragraph separators: invisible or layout-breaking.
_FORBIDDEN_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
# Emoji sequences need the zero-width joiner and variation selectors to render.
_ZWJ = "\u200d"
_VARIATION_SELECTORS = {"\ufe0e", "\ufe0f"}
_ALLOWED_FORMAT = {_ZWJ, *_VARIATION_SELECTORS}
# Printable on paper but blank on screen: a name made of them looks empty.
_BLANK_LOOKING = {
    "\u034f",  # combining grapheme joiner
    "\u115f",  # hangul choseong filler
    "\u1160",  # hangul jungseong filler
    "\u17b4",  # khmer vowel inherent aq
    "\u17b5",  # khmer vowel inherent aa
    "\u2800",  # braille pattern blank
    "\u3164",  # hangul filler
    "\uffa0",  # halfwidth hangul filler
}
# Thai and Vietnamese stack two marks, keycaps use two; "Zalgo" text uses dozens.
_MAX_STACKED_MARKS = 3


def _refuse(message: str, code: str) -> NoReturn:
    raise ValidationError(message, code=code)


def _is_mark(char: str) -> bool:
    return unicodedata.category(char) in {"Mn", "Me"}


def _joins_emoji(name: str, index: int) -> bool:
    """A joiner or variation selector is only allowed inside an emoji sequence:
    after a letter or a space it would make an invisible twin of a name."""
    char = name[index]
    previous = name[index - 1] if index else ""
    if not previous or unicodedata.category(previous)[0] in {"L", "Z"}:
        return False
    if char in _VARIATION_SELECTORS:
        return previous not in _ALLOWED_FORMAT
    following = name[index + 1] if index + 1 < len(name) else ""
    return (
        previous != _ZWJ and bool(following) and unicodedata.category(following) == "So"
    )


def has_invisible(text: str) -> bool:
    """Whether `text` holds a character that escaping cannot make harmless: control,
    zero-width, bidi override, blank-looking (emoji joiners inside an emoji are
    fine). For other user text shown next to names, such as a band's name."""
    for index, char in enumerate(text):
        if char in _ALLOWED_FORMAT:
            if not _joins_emoji(text, index):
                return True
        elif (
            unicodedata.category(char) in _FORBIDDEN_CATEGORIES
            or char in _BLANK_LOOKING
        ):
            return True
    return False


def clean_name(raw: object) -> str:
    """Returns the name as stored, or raises ValidationError with a French message."""
    return _cleaned(
        raw,
        MAX_NAME_LENGTH,
        too_long=_("Le prénom doit faire au plus %(max)d caractères.")
        % {"max": MAX_NAME_LENGTH},
        invisible=_("Le prénom contient un caractère invisible ou de contrôle."),
        empty=_("Le prénom ne peut pas être vide."),
        mark=_("Le prénom ne peut pas commencer par un accent ou un signe seul."),
        stacked=_("Le prénom empile trop d'accents ou de signes."),
    )


def name_taken(name: str) -> ValidationError:
    """The refusal of a name another player of the game already has."""
    return ValidationError(
        _("Deux joueurs s'appellent « %(name)s ».") % {"name": name}, code="taken"
    )


def clean_names(raw_names: Iterable[object]) -> tuple[list[str], dict[int, str]]:
    """The players' names in seating order, blank rows skipped, and the refusal
    of each row that has one, by its index: a name `clean_name` refuses, or one
    an earlier row already has (case- and space-insensitively)."""
    names, seen, refused = [], set(), {}
    for index, raw in enumerate(raw_names):
        if raw is None or not str(raw).strip():
            continue
        try:
            name = clean_name(raw)
        except ValidationError as exc:
            refused[index] = exc.messages[0]
            continue
        if name_key(name) in seen:
            refused[index] = name_taken(name).messages[0]
            continue
        seen.add(name_key(name))
        names.append(name)
    return names, refused


def clean_band_name(raw: object, max_length: int) -> str:
    """A band's name, cleaned exactly like a player's (only longer and with its
    own messages), or ValidationError."""
    return _cleaned(
        raw,
        max_length,
        too_long=_("Le nom de la bande doit faire au plus %(max)d caractères.")
        % {"max": max_length},
        invisible=_(
            "Le nom de la bande contient un caractère invisible ou de contrôle."
        ),
        empty=_("Le nom de la bande ne peut pas être vide."),
        mark=_("Le nom de la bande ne peut pas commencer par un accent ou un signe."),
        stacked=_("Le nom de la bande empile trop d'accents ou de signes."),
    )


def _cleaned(raw: object, max_length: int, **say: str) -> str:
    text = str(raw or "")
    if len(text) > _MAX_RAW_LENGTH:
        _refuse(say["too_long"], "too_long")
    name = unicodedata.normalize("NFC", text).strip()
    # Checked on the whole input, whatever its length, before spaces are merged:
    # a tab or a line break inside a name is refused, not turned into a space.
    if has_invisible(name):
        _refuse(say["invisible"], "invisible")
    name = " ".join(name.split())
    if not name:
        _refuse(say["empty"], "empty")
    if len(name) > max_length:
        _refuse(say["too_long"], "too_long")
    if _is_mark(name[0]):
        _refuse(say["mark"], "mark")
    stacked = 0
    for char in name:
        stacked = stacked + 1 if _is_mark(char) else 0
        if stacked > _MAX_STACKED_MARKS:
            _refuse(say["stacked"], "stacked")
    return name


def name_key(name: str) -> str:
    """Comparison key: two names are the same person whatever their case."""
    return unicodedata.normalize("NFC", name).casefold()


def accentless_key(name: str) -> str:
    """Looser key for a band's history: "Zoé" and "zoe" are one person."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))
