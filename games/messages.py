"""Turns the rules engine's messages (French templates + params) into the
request's language."""

from django.utils.translation import gettext


def tr(message) -> str:
    """A rules `Message`, or a plain string marked with gettext_noop, translated."""
    template = getattr(message, "template", message)
    params = getattr(message, "params", None)
    text = gettext(str(template))
    return text % params if params else text
