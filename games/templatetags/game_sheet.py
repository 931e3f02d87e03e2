"""The score sheet as the game page draws it: rows of boxes and totals, one column
per player (and per sheet column), built from the replayed GameState."""

from dataclasses import dataclass, field

from django import template
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.messages import tr

register = template.Library()

DIE_FACES = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}
COLUMN_SYMBOLS = {"free": "L", "down": "↓", "up": "↑", "dry": "S"}


@register.filter
def die(value):
    """The die face character for 1..6 (decorative: always next to the digit)."""
    try:
        return DIE_FACES.get(int(value), "")
    except (TypeError, ValueError):
        return ""


@register.filter
def translated(message):
    """A rules engine string or Message, in the request's language."""
    return tr(message)


def access_url(access, name, **kwargs):
    """A write URL for the page's role: /h/<host>/… or /c/<pencil>/…"""
    return reverse(
        f"games:{access.url_prefix}{name}",
        kwargs={access.token_kwarg: access.token, **kwargs},
    )


@register.simple_tag(takes_context=True)
def game_url(context, name, **kwargs):
    return access_url(context["access"], name, **kwargs)


@dataclass
class Cell:
    text: str = ""
    state: str = "empty"  # empty, open, filled, crossed, total
    url: str = ""
    label: str = ""
    current: bool = False
    first: bool = False  # first column of a player (a thicker rule before it)
    small: str = ""  # "/63" after the upper total, "+100" Yams marks…
    tone: str = ""  # good / muted


@dataclass
class Row:
    key: str
    label: str
    title: str
    kind: str  # box, sum, total, grand, bank
    cells: list = field(default_factory=list)
    section: str = ""


@dataclass
class Head:
    sheet: object  # PlayerSheet
    span: int
    current: bool
    short: str
    total: int
    gap: int = 0  # points behind the leader
    totals: object = None  # rules.SheetTotals
    detail: list = field(default_factory=list)  # [(Row, [Cell])] of this player

    @property
    def name(self):
        return self.sheet.player.name

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
    def crowded(self):
        # Up to six narrow columns fit a 390 px phone; more scroll sideways, the
        # box labels staying put.
        return self.width > 6

    @property
    def multi(self):
        return self.span > 1


def short_name(name):
    """What fits in a narrow column header; the full name is one tap away."""
    return name if len(name) <= 6 else name[:5] + "…"


@register.simple_tag(takes_context=True)
def sheet_table(context):
    state, access = context["state"], context["access"]
    variant = state.game.variant
    columns = list(variant.columns)
    multi = len(columns) > 1
    current = state.current.player.pk if state.current else None
    can_write = access.can_write and not state.finished

    heads, subheads, per_sheet = [], [], []
    for sheet in state.sheets:
        is_current = sheet.player.pk == current
        totals = sheet.sheet.totals()
        heads.append(
            Head(
                sheet,
                len(columns),
                is_current,
                short_name(sheet.player.name),
                totals.total,
                totals=totals,
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
        for index, column in enumerate(columns):
            subheads.append(
                SubHead(
                    column,
                    COLUMN_SYMBOLS[column],
                    tr(variant.column_label(column)),
                    is_current,
                    index == 0,
                )
            )
        per_sheet.append((sheet, is_current, cells, totals, free))

    def box_cells(box):
        row = []
        for sheet, is_current, cells, _totals, free in per_sheet:
            for index, column in enumerate(columns):
                entries = cells.get((column, box.key), [])
                cell = Cell(current=is_current, first=index == 0)
                name = sheet.player.name
                if entries:
                    crossed = all(e.data.get("kind") == "cross" for e in entries)
                    points = sum(e.points for e in entries)
                    if crossed:
                        cell.text, cell.state = "—", "crossed"
                        cell.label = _("%(name)s, %(box)s : barré") % {
                            "name": name,
                            "box": tr(box.label),
                        }
                    else:
                        cell.text, cell.state = str(points), "filled"
                        cell.label = _("%(name)s, %(box)s : %(points)s") % {
                            "name": name,
                            "box": tr(box.label),
                            "points": points,
                        }
                    extras = sum(1 for e in entries if e.data.get("extra_yams"))
                    if extras:
                        cell.small = f"+{100 * extras}"
                    if len(entries) > 1:
                        cell.small = f"×{len(entries)}"
                if box.key in free[column]:
                    cell.url = access_url(
                        access,
                        "box",
                        player_id=sheet.player.pk,
                        column=column,
                        box=box.key,
                    )
                    if not entries:
                        cell.state = "open"
                        cell.label = _("%(name)s, %(box)s : remplir") % {
                            "name": name,
                            "box": tr(box.label),
                        }
                    else:
                        cell.label += " — " + _("ajouter un Yams")
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

    def upper(cell, t, sheet, column):
        cell.text = str(t.upper)
        if not t.bonus:
            cell.small = f"/{t.upper_target}"
        cell.label = _("%(name)s, total haut : %(upper)s / %(target)s") % {
            "name": sheet.player.name,
            "upper": t.upper,
            "target": t.upper_target,
        }

    def bonus(cell, t, sheet, column):
        name = sheet.player.name
        if t.bonus:
            cell.text, cell.tone = f"+{t.bonus}", "good"
            cell.label = _("%(name)s, bonus : %(bonus)s") % {
                "name": name,
                "bonus": t.bonus,
            }
        elif all(sheet.sheet.filled(column, b.key) for b in upper_boxes):
            cell.text, cell.tone = "0", "muted"
            cell.label = _("%(name)s, pas de bonus") % {"name": name}
        else:
            cell.text, cell.tone = f"−{t.upper_missing}", "muted"
            cell.label = _("%(name)s, bonus : il manque %(missing)s") % {
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

    upper_boxes = [b for b in variant.boxes if b.section == "upper"]
    lower_boxes = [b for b in variant.boxes if b.section == "lower"]
    rows = [
        Row(
            b.key,
            pgettext("abréviation", b.short),
            tr(b.label),
            "box",
            box_cells(b),
            "upper",
        )
        for b in upper_boxes
    ]
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
    rows += [
        Row(
            b.key,
            pgettext("abréviation", b.short),
            tr(b.label),
            "box",
            box_cells(b),
            "lower",
        )
        for b in lower_boxes
    ]
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
    span = len(columns)
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
    return Table(
        heads=heads,
        subheads=subheads if multi else [],
        rows=rows,
        width=len(heads) * span,
        span=span,
        current=by_player.get(current),
        ranking=[
            (rank, by_player[sheet.player.pk], ranks.count(rank) > 1)
            for rank, sheet in ranked
        ],
    )
