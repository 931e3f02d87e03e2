"""The game kinds' words in the request's language: an engine cannot call gettext
(it imports no Django), so it hands French templates and their values over, and
every app puts them into words here."""

from django.utils.translation import gettext


def translated(message: object) -> str:
    """A rules `Message` (labels nested in it translated too), or a plain string
    marked with gettext_noop, in the active language."""
    if hasattr(message, "template") and hasattr(message, "format"):
        return message.format(gettext)
    return gettext(str(message))
