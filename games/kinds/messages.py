"""The messages of every kind: one `Message`, one `RuleError` and one
`InvalidEntry` for Yams and the round-based kinds alike, so that the web layer
catches and translates a refusal the same way whatever the game.

They were written for Yams and stay in yams/messages.py; this module is where
the other kinds take them from.
"""

from .yams.messages import InvalidEntry, Message, RuleError, gettext_noop, pgettext

__all__ = ["InvalidEntry", "Message", "RuleError", "gettext_noop", "pgettext"]
