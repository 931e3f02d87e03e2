"""Player names: trimmed, 1 to 24 characters, any script or emoji, nothing invisible."""

import unicodedata

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

MAX_NAME_LENGTH = 24

# Control (Cc), format (Cf: zero-width, bidi overrides), surrogates, private use,
# unassigned, and line/paragraph separators: invisible or layout-breaking.
_FORBIDDEN_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
# Emoji sequences need the zero-width joiner and variation selectors to render.
_ALLOWED_FORMAT = {"\u200d", "\ufe0e", "\ufe0f"}


def clean_name(raw) -> str:
    """Returns the name as stored, or raises ValidationError with a French message."""
    name = unicodedata.normalize("NFC", str(raw or "")).strip()
    name = " ".join(name.split())
    if not name:
        raise ValidationError(_("Le prénom ne peut pas être vide."), code="empty")
    if len(name) > MAX_NAME_LENGTH:
        raise ValidationError(
            _("Le prénom doit faire au plus %(max)d caractères.")
            % {"max": MAX_NAME_LENGTH},
            code="too_long",
        )
    for char in name:
        if char in _ALLOWED_FORMAT:
            continue
        if unicodedata.category(char) in _FORBIDDEN_CATEGORIES:
            raise ValidationError(
                _("Le prénom contient un caractère invisible ou de contrôle."),
                code="invisible",
            )
    if all(
        c in _ALLOWED_FORMAT or unicodedata.category(c).startswith("Z") for c in name
    ):
        raise ValidationError(_("Le prénom ne peut pas être vide."), code="empty")
    return name


def name_key(name: str) -> str:
    """Comparison key: two names are the same person whatever their case."""
    return unicodedata.normalize("NFC", name).casefold()


def accentless_key(name: str) -> str:
    """Looser key for a band's history: "Zoé" and "zoe" are one person."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))
