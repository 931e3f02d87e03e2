"""What each dialog of the game page shows. A view picks one of these; its
`template` is the partial of templates/games/game.html that draws it (in the page's
<dialog>, or alone for htmx)."""

from dataclasses import dataclass, field
from typing import ClassVar


@dataclass
class EntryDialog:
    """Filling a box: the choices of the rules, the calculation before Valider."""

    template: ClassVar[str] = "games/game.html#entry_dialog"

    sheet: object  # the PlayerSheet of the box's player
    form: object  # EntryForm
    column: str
    column_label: str
    multi: bool  # several columns: the title names the column
    record_url: str
    preview_url: str
    preview: object = None  # models.Preview of the values chosen so far
    show_errors: bool = True
    # [(value, Preview)]: each button's calculation, for static/js/outbox.js.
    offline_previews: list = field(default_factory=list)

    @property
    def box(self):
        return self.form.box


@dataclass
class UndoDialog:
    """Taking back the last entry: what it was, yes or no."""

    template: ClassVar[str] = "games/game.html#undo_dialog"

    entry: object
    player: object
    box: object
    form: object  # ConfirmForm


@dataclass
class RenameDialog:
    """Correcting a player's name (the host only)."""

    template: ClassVar[str] = "games/game.html#rename_dialog"

    sheet: object
    form: object  # RenameForm
