"""The score sheet as data: rows of boxes and totals, one column per player (and per
sheet column), built from the replayed GameState. templates/games/sheet.html draws
it; this module only decides what each cell says and where it leads."""

from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.messages import tr

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


def url_maker(access, name, **samples):
    """f(*values) -> access.url(name, **samples with those values), for one
    reverse() per sheet rather than one per link. The parameters end the URL
    (…/<player_id>/<column>/<box>/) and their values are the rules' identifiers
    (numbers, [a-z_] keys): nothing in them for reverse() to quote."""
    tail = "".join(f"{value}/" for value in samples.values())
    sample = access.url(name, **samples)
    if not sample.endswith("/" + tail):
        return lambda *values: access.url(
            name, **dict(zip(samples, values, strict=True))
        )
    prefix = sample[: -len(tail)]
    return lambda *values: prefix + "".join(f"{value}/" for value in values)


def sheet_table(state, access):
    """The Table of `state` as `access` sees it: links to open boxes (and to
    renaming) only for a role that may follow them."""
    variant = state.game.variant
    columns = list(variant.columns)
    span = len(columns)
    multi = span > 1
    current = state.current.player.pk if state.current else None
    can_write = access.can_write and not state.finished
    box_url = (
        url_maker(access, "box", player_id=0, column="column", box="box")
        if can_write
        else None
    )
    # The same few sentences for every cell: translated once per sheet.
    box_labels = {box.key: tr(box.label) for box in variant.boxes}
    crossed_label = _("%(name)s, %(box)s : barré")
    filled_label = _("%(name)s, %(box)s : %(points)s")
    open_label = _("%(name)s, %(box)s : remplir")
    add_yams = " — " + _("ajouter un Yams")
    column_labels = (
        {column: tr(variant.column_label(column)) for column in columns}
        if multi
        else {}
    )

    rename_url = url_maker(access, "rename", player_id=0) if access.can_rename else None
    heads, subheads, per_sheet = [], [], []
    crowded = len(state.sheets) * span > MAX_NARROW_COLUMNS
    short_labels = len(state.sheets) * span > MAX_FULL_LABEL_COLUMNS
    for sheet in state.sheets:
        is_current = sheet.player.pk == current
        totals = sheet.totals
        heads.append(
            Head(
                sheet,
                span,
                is_current,
                short_name(sheet.player.name, crowded),
                totals.total,
                totals=totals,
                rename_url=rename_url(sheet.player.pk) if rename_url else "",
            )
        )
        cells = {}
        for entry in sheet.entries:
            cells.setdefault((entry.column, entry.box), []).append(entry)
        free = {
            column: set(sheet.sheet.free_boxes(column))
            if is_current and can_write
            else set()
            for column in columns
        }
        if multi:
            for index, column in enumerate(columns):
                subheads.append(
                    SubHead(
                        column,
                        COLUMN_SYMBOLS[column],
                        column_labels[column],
                        is_current,
                        index == 0,
                    )
                )
        per_sheet.append((sheet, is_current, cells, totals, free))

    # With several columns, the column is part of a box's name: "Cleo, As" would
    # name the same control in each of them.
    in_column = _("%(box)s (%(column)s)")

    def box_cells(box):
        row = []
        for sheet, is_current, cells, _totals, free in per_sheet:
            name = sheet.player.name
            pk = sheet.player.pk
            for index, column in enumerate(columns):
                label = box_labels[box.key]
                if multi:
                    label = in_column % {"box": label, "column": column_labels[column]}
                entries = cells.get((column, box.key))
                cell = Cell(current=is_current, first=index == 0)
                if entries:
                    crossed = all(e.data.get("kind") == "cross" for e in entries)
                    points = sum(e.points for e in entries)
                    if crossed:
                        cell.text, cell.state = "—", "crossed"
                    else:
                        cell.text, cell.state = str(points), "filled"
                    extras = sum(1 for e in entries if e.data.get("extra_yams"))
                    if extras:
                        cell.small = f"+{100 * extras}"
                    if len(entries) > 1:
                        cell.small = f"×{len(entries)}"
                # Only a box that opens its dialog is read out (aria-label).
                if box.key in free[column]:
                    cell.url = box_url(pk, column, box.key)
                    words = {"name": name, "box": label}
                    if not entries:
                        cell.state = "open"
                        cell.label = open_label % words
                    elif crossed:
                        cell.label = crossed_label % words + add_yams
                    else:
                        words["points"] = points
                        cell.label = filled_label % words + add_yams
                row.append(cell)
        return row

    def sum_cells(build):
        row = []
        for sheet, is_current, _cells, totals, _free in per_sheet:
            for index, column in enumerate(columns):
                cell = Cell(current=is_current, first=index == 0, state="total")
                build(cell, totals[column], sheet, column)
                row.append(cell)
        return row

    upper_boxes = [b for b in variant.boxes if b.section == "upper"]
    lower_boxes = [b for b in variant.boxes if b.section == "lower"]
    upper_label = _("%(name)s, total haut : %(upper)s / %(target)s")
    bonus_label = _("%(name)s, bonus : %(bonus)s")
    no_bonus_label = _("%(name)s, pas de bonus")
    missing_label = _("%(name)s, bonus : il manque %(missing)s")
    # What is still missing, not a minus sign: "−60" read as a penalty.
    still = pgettext("bonus still missing", "encore")

    def upper(cell, t, sheet, column):
        cell.text = str(t.upper)
        if not t.bonus:
            cell.small = f"/{t.upper_target}"
        cell.label = upper_label % {
            "name": sheet.player.name,
            "upper": t.upper,
            "target": t.upper_target,
        }

    def bonus(cell, t, sheet, column):
        name = sheet.player.name
        if t.bonus:
            cell.text, cell.tone = f"+{t.bonus}", "good"
            cell.label = bonus_label % {
                "name": name,
                "bonus": t.bonus,
            }
        elif all(sheet.sheet.filled(column, b.key) for b in upper_boxes):
            cell.text, cell.tone = "0", "muted"
            cell.label = no_bonus_label % {"name": name}
        else:
            cell.text, cell.tone, cell.note = str(t.upper_missing), "muted", still
            cell.label = missing_label % {
                "name": name,
                "missing": t.upper_missing,
            }

    def lower(cell, t, sheet, column):
        cell.text = str(t.lower)

    def yams_bonus(cell, t, sheet, column):
        cell.text = f"+{t.yams_bonus}" if t.yams_bonus else "0"

    def total(cell, t, sheet, column):
        cell.text = str(t.total)
        cell.state = "total" if multi else "grand"

    def box_row(b, section):
        label = box_labels[b.key]
        short = pgettext("abréviation", b.short)
        if short == label or not (short_labels or len(label) > MAX_FULL_LABEL_CHARS):
            short = ""
        return Row(b.key, label, label, "box", box_cells(b), section, short)

    rows = [box_row(b, "upper") for b in upper_boxes]
    rows.append(
        Row(
            "upper",
            _("Haut"),
            _("Total de la section du haut"),
            "sum",
            sum_cells(upper),
        )
    )
    rows.append(
        Row(
            "bonus",
            _("Bonus"),
            _("Bonus de %(points)s dès %(threshold)s en haut")
            % {"points": variant.bonus_points, "threshold": variant.bonus_threshold},
            "sum",
            sum_cells(bonus),
        )
    )
    rows += [box_row(b, "lower") for b in lower_boxes]
    rows.append(
        Row("lower", _("Bas"), _("Total de la section du bas"), "sum", sum_cells(lower))
    )
    if variant.yams_rule == "bonus":
        rows.append(
            Row(
                "yams_bonus",
                _("Prime"),
                _("Prime Yams (+100 par Yams de plus)"),
                "sum",
                sum_cells(yams_bonus),
            )
        )
    rows.append(Row("total", _("Total"), _("Total"), "total", sum_cells(total)))
    if multi:
        rows.append(
            Row(
                "grand",
                _("Total"),
                _("Total de toutes les colonnes"),
                "grand",
                [
                    Cell(text=str(s.total), state="grand", current=c, first=True)
                    for s, c, *_rest in per_sheet
                ],
            )
        )
    if variant.saved_rolls:
        rows.append(
            Row(
                "bank",
                _("Réserve"),
                _("Lancers gardés en réserve"),
                "bank",
                [
                    Cell(text=str(s.sheet.bank), state="total", current=c, first=True)
                    for s, c, *_rest in per_sheet
                ],
            )
        )
    leader = max(head.total for head in heads)
    for index, head in enumerate(heads):
        head.gap = leader - head.total
        for row in rows:
            if row.kind in ("grand", "bank"):
                head.detail.append((row, row.cells[index : index + 1]))
            else:
                head.detail.append((row, row.cells[index * span : (index + 1) * span]))
    by_player = {head.sheet.player.pk: head for head in heads}
    ranked = state.ranking()
    ranks = [rank for rank, _sheet in ranked]
    table = Table(
        heads=heads,
        subheads=subheads,
        rows=rows,
        width=len(heads) * span,
        span=span,
        current=by_player.get(current),
        ranking=[
            (rank, by_player[sheet.player.pk], ranks.count(rank) > 1)
            for rank, sheet in ranked
        ],
    )
    return table
