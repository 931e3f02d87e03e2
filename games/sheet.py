"""The score sheet as data: rows of boxes and totals, one column per player (and per
sheet column). games/sheet_table.py builds it from the replayed GameState;
templates/games/sheet.html draws it."""

from dataclasses import dataclass, field

COLUMN_SYMBOLS = {"free": "L", "down": "↓", "up": "↑", "dry": "S"}


@dataclass(slots=True)
class Cell:
    text: str = ""
    state: str = "empty"  # empty, open, filled, crossed, total, grand
    url: str = ""  # an open box: its dialog
    label: str = ""  # what a screen reader says of it
    current: bool = False
    first: bool = False  # first column of a player (a thicker rule before it)
    small: str = ""  # "/63" after the upper total, "+100" Yams marks…
    tone: str = ""  # good / muted
    note: str = ""  # a word over the figure ("encore" before the bonus is reached)

    @property
    def classes(self):
        """Its class attribute, one word per trait the stylesheet draws (one
        lookup for the template instead of four tests a cell)."""
        classes = "cell cell-" + self.state
        if self.current:
            classes += " is-current"
        if self.first:
            classes += " is-first"
        if self.tone:
            classes += " tone-" + self.tone
        return classes


@dataclass
class Row:
    key: str
    label: str  # the box's full name, or the sum's word
    title: str
    kind: str  # box, sum, total, grand, bank
    cells: list = field(default_factory=list)
    section: str = ""
    # What the label column shows instead of the label where it has no room for
    # it ("Brel."); the label is still what a screen reader says. Empty: the label.
    short: str = ""

    @property
    def whole_player(self):
        """One cell per player across all of their columns."""
        return self.kind in ("grand", "bank")


@dataclass
class Head:
    sheet: object  # PlayerSheet
    span: int
    current: bool
    short: str
    total: int
    gap: int = 0  # points behind the leader
    totals: object = None  # rules.SheetTotals
    rename_url: str = ""  # the host's link to correct the name
    detail: list = field(default_factory=list)  # [(Row, [Cell])] of this player

    @property
    def name(self):
        return self.sheet.player.name

    @property
    def pk(self):
        return self.sheet.player.pk

    @property
    def first_column(self):
        return self.totals.columns[next(iter(self.totals.columns))]


@dataclass
class SubHead:
    column: str
    symbol: str
    label: str
    current: bool
    first: bool


@dataclass
class Table:
    heads: list
    subheads: list  # only under multi-column rules
    rows: list
    width: int  # number of value columns
    span: int  # value columns per player
    current: Head | None = None
    ranking: list = field(default_factory=list)  # [(rank, Head, tied)]

    @property
    def started(self):
        return any(head.sheet.entries for head in self.heads)

    @property
    def names(self):
        return [head.name for head in self.heads]

    @property
    def several(self):
        return len(self.heads) > 1

    @property
    def crowded(self):
        # More than fit a phone scroll sideways, the box labels staying put.
        return self.width > MAX_NARROW_COLUMNS

    @property
    def short_labels(self):
        return self.width > MAX_FULL_LABEL_COLUMNS

    @property
    def multi(self):
        return self.span > 1


# Up to six narrow columns fit a 390 px phone; more scroll sideways.
MAX_NARROW_COLUMNS = 6
# Up to three value columns leave a 390 px phone a label column wide enough for
# the boxes' full names ("Petite suite", "Cinq identiques", on two lines at most);
# more show their short names. The big screen has room for the full names up to
# MAX_NARROW_COLUMNS (tv.css).
MAX_FULL_LABEL_COLUMNS = 3
# A longer full name would need a third line even there ("Two three-of-a-kinds"):
# its short name stands in (the big screen still shows it whole).
MAX_FULL_LABEL_CHARS = 16


def short_name(name, crowded=False):
    """What a column head shows; the full name is one tap away. Columns of a
    fixed width end the name with "…" where it overflows, in whatever font the
    phone has; a table wide enough to scroll sizes its columns by their content:
    there the name is cut at 6 characters."""
    return name if not crowded or len(name) <= 6 else name[:5].rstrip() + "…"
