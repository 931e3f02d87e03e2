"""The refusals of a write: what the game will not record, and why, in words for the
person holding the phone."""

from django.utils.translation import gettext as _

from games.messages import tr


class ScoreRefused(Exception):
    """A write the game refuses; `message` is for the person holding the phone."""

    def __init__(self, message, code="refused"):
        super().__init__(message)
        self.message = str(message)
        self.code = code

    @classmethod
    def of_move(cls, refusal):
        """The rules engine's refusal of a move (`rules.MoveRefused`), in the
        request's language, with its code."""
        return cls(tr(refusal.message), refusal.code)


class StaleVersion(ScoreRefused):
    def __init__(self):
        super().__init__(
            _("La feuille a changé entre-temps : vérifiez-la et recommencez."), "stale"
        )


class PencilOut(ScoreRefused):
    """The host tried to score while someone else holds the pencil."""

    def __init__(self, label=""):
        if label:
            message = _(
                "Le crayon est chez %(name)s : reprenez-le pour noter vous-même."
            ) % {"name": label}
        else:
            message = _("Le crayon est passé : reprenez-le pour noter vous-même.")
        super().__init__(message, "pencil_out")


class PencilTakenBack(ScoreRefused):
    """A write through a pencil link that was taken back (or passed again) while
    the request was on its way."""

    def __init__(self):
        super().__init__(_("Le crayon a été repris."), "pencil_gone")


class AlreadyUndone(ScoreRefused):
    """A retried request whose entry was recorded, then undone, in between."""

    def __init__(self):
        super().__init__(
            _(
                "Cette saisie a déjà été enregistrée puis annulée : "
                "elle n'est pas notée une seconde fois."
            ),
            "undone",
        )
