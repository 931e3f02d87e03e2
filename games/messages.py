"""Turns the rules engine's messages (French templates + params) into the
request's language."""

from django.utils.translation import gettext


def tr(message) -> str:
    """A rules `Message` (labels nested in it translated too), or a plain string
    marked with gettext_noop, in the active language."""
    if hasattr(message, "template") and hasattr(message, "format"):
        return message.format(gettext)
    return gettext(str(message))
