"""The score sheet as the game page draws it: rows of boxes and totals, one column
per player (and per sheet column), built from the replayed GameState."""

from dataclasses import dataclass, field
from html import escape

from django import template
from django.conf import settings
from django.urls import reverse
from django.utils.formats import localize
from django.utils.safestring import mark_safe
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


@dataclass(slots=True)
class Cell:
    text: str = ""
    state: str = "empty"  # empty, open, filled, crossed, total
    url: str = ""
    label: str = ""
    current: bool = False
    first: bool = False  # first column of a player (a thicker rule before it)
    small: str = ""  # "/63" after the upper total, "+100" Yams marks…
    tone: str = ""  # good / muted
    note: str = ""  # a word over the figure ("encore" before the bonus is reached)


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
    detail_html: str = ""  # its <tr>s of the end screen (see `markup` below)

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
    # The repeated parts of the sheet as markup, escaped and marked safe (see
    # `markup` below): <col>s, player <th>s, column <th>s, <tr>s, standings <li>s.
    cols_html: str = ""
    heads_html: str = ""
    subheads_html: str = ""
    rows_html: str = ""
    standings_html: str = ""

    @property
    def started(self):
        return any(head.sheet.entries for head in self.heads)

    @property
    def names(self):
        return [head.name for head in self.heads]

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


def url_maker(access, name, **samples):
    """f(*values) -> access_url(access, name, **samples with those values), for one
    reverse() per sheet rather than one per link. The parameters end the URL
    (…/<player_id>/<column>/<box>/) and their values are the rules' identifiers
    (numbers, [a-z_] keys): nothing in them for reverse() to quote."""
    tail = "".join(f"{value}/" for value in samples.values())
    sample = access_url(access, name, **samples)
    if not sample.endswith("/" + tail):
        return lambda *values: access_url(
            access, name, **dict(zip(samples, values, strict=True))
        )
    prefix = sample[: -len(tail)]
    return lambda *values: prefix + "".join(f"{value}/" for value in values)


@register.simple_tag(takes_context=True)
def sheet_table(context):
    state, access = context["state"], context["access"]
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

    heads, subheads, per_sheet = [], [], []
    for sheet in state.sheets:
        is_current = sheet.player.pk == current
        totals = sheet.totals
        heads.append(
            Head(
                sheet,
                span,
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
        short = pgettext("abréviation", b.short)
        return Row(b.key, short, box_labels[b.key], "box", box_cells(b), section)

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
    markup(table, access, state.finished)
    return table


# --- the markup ------------------------------------------------------------------
#
# The cells of the sheet, its column heads and standings are written here as
# strings, not by the template: they are ~150 cells drawn again on every score entry
# and on every version pushed to the watchers, and Django's template engine spends
# some fifteen nodes a cell on them, the largest CPU cost of the live pages
# (bench/README.md); built here they cost a tenth of that. The template keeps
# the page's structure around them. Escaping is by hand, the way the template does
# it: every text a player or a catalogue supplies goes through `escape` (what {{ }}
# does: django.utils.html.escape is this one), numbers through `number` ({{ }}
# localizes them), and a {% blocktranslate %} sentence escapes the values put in it,
# not itself. tests/games/test_sheet_markup.py and tests/pencil/
# test_hostile_names.py hold that in place.


def markup(table, access, finished):
    """Fills the *_html fields of the table (and of its heads once finished)."""
    crossed = escape(_("barré"))
    rename_url = url_maker(access, "rename", player_id=0) if access.can_rename else None
    words = {
        "rename": escape(_("Renommer")),
        "pts": _("%(total)s pts"),
        "behind": _("%(gap)s derrière"),
        "total": escape(_("Total")),
        "first": escape(pgettext("leader", "1er")),
    }
    several = len(table.heads) > 1
    table.cols_html = mark_safe("".join(col_html(head) for head in table.heads))
    table.heads_html = mark_safe(
        "".join(head_html(head, rename_url, several, words) for head in table.heads)
    )
    table.subheads_html = mark_safe(
        "".join(subhead_html(sub) for sub in table.subheads)
    )
    table.rows_html = mark_safe(
        "\n".join(row_html(row, table.span, crossed) for row in table.rows)
    )
    table.standings_html = mark_safe(
        "\n".join(standing_html(rank, head) for rank, head, _tied in table.ranking)
    )
    if finished:
        for head in table.heads:
            head.detail_html = mark_safe(
                "\n".join(
                    detail_row_html(row, cells, crossed) for row, cells in head.detail
                )
            )


def number(value):
    """An int as {{ }} prints it: localized, which only changes it with
    USE_THOUSAND_SEPARATOR."""
    return localize(value) if settings.USE_THOUSAND_SEPARATOR else str(value)


def col_html(head):
    current = " is-current" if head.current else ""
    return f'<col span="{head.span}" class="col-player{current}">'


def head_html(head, rename_url, several, words):
    """A player's <th>: the name (a rename link for the host, else a popover with
    the total), the total and the gap to the leader."""
    name, short, pk = escape(head.name), escape(head.short), head.sheet.player.pk
    current = " is-current" if head.current else ""
    if rename_url:
        url = escape(rename_url(pk))
        who = (
            f'<a class="player-name" href="{url}" hx-get="{url}"'
            f' hx-target="#dialog-body" hx-swap="outerHTML" title="{name}">'
            f'<span class="visually-hidden">{words["rename"]} </span>{short}</a>'
        )
    else:
        pop = words["pts"] % {"total": number(head.total)}
        if head.gap:
            pop += " · " + words["behind"] % {"gap": number(head.gap)}
        who = (
            f'<button type="button" class="player-name" popovertarget="player-{pk}"'
            f' title="{name}">{short}</button> <span popover id="player-{pk}"'
            f' class="player-pop">{name} · {pop}</span>'
        )
    if head.gap:
        gap = f"−{number(head.gap)}"
    elif several and head.total:
        gap = words["first"]
    else:
        gap = "&nbsp;"
    return (
        f'<th scope="col" colspan="{head.span}" class="player{current}">{who}'
        f' <span class="player-total" title="{words["total"]}">'
        f"{number(head.total)}</span>"
        f' <span class="player-gap">{gap}</span></th>'
    )


def subhead_html(sub):
    current = " is-current" if sub.current else ""
    first = " is-first" if sub.first else ""
    label = escape(sub.label)
    return (
        f'<th scope="col" class="sub{current}{first}" title="{label}">'
        f'<span aria-hidden="true">{escape(sub.symbol)}</span>'
        f'<span class="visually-hidden">{label}</span></th>'
    )


def row_html(row, span, crossed):
    section = f" section-{row.section}" if row.section else ""
    colspan = f' colspan="{span}"' if row.kind in ("grand", "bank") else ""
    cells = "".join(cell_html(cell, colspan, crossed) for cell in row.cells)
    return (
        f'<tr class="row-{row.kind} row-{row.key}{section}">'
        f'<th scope="row" title="{escape(row.title)}">{escape(row.label)}</th>'
        f"{cells}</tr>"
    )


def cell_html(cell, colspan, crossed):
    """One <td>; `colspan` is "" or its attribute, `crossed` the escaped hidden
    word read out for a crossed box."""
    classes = "cell cell-" + cell.state
    if cell.current:
        classes += " is-current"
    if cell.first:
        classes += " is-first"
    if cell.tone:
        classes += " tone-" + cell.tone
    # A cell's text and small print are numbers and signs written by sheet_table,
    # never a player's words: nothing to escape.
    small = f"<small>{cell.small}</small>" if cell.small else ""
    if cell.url:
        url = escape(cell.url)
        if cell.text:
            mark = f'<span class="num">{cell.text}</span>'
        else:
            mark = '<span class="tap-mark" aria-hidden="true">+</span>'
        body = (
            f'<a class="tap" href="{url}" hx-get="{url}" hx-target="#dialog-body"'
            f' hx-swap="outerHTML" aria-label="{escape(cell.label)}">{mark}{small}</a>'
        )
    elif cell.state == "crossed":
        body = (
            f'<s aria-hidden="true">—</s><span class="visually-hidden">{crossed}</span>'
        )
    else:
        body = f'<span class="num">{cell.text}</span>{small}'
        if cell.note:
            body = f'<small class="note">{escape(cell.note)}</small>{body}'
        if cell.tone == "muted" and cell.label:
            # The label says the same in a sentence: read once.
            body = (
                f'<span aria-hidden="true">{body}</span>'
                f'<span class="visually-hidden">{escape(cell.label)}</span>'
            )
    return f'<td class="{classes}"{colspan}>{body}</td>'


def standing_html(rank, head):
    """A line of the big screen's standings."""
    current = ' class="is-current"' if head.current else ""
    gap = f"−{number(head.gap)}" if head.gap else ""
    return (
        f'<li{current}><span class="rank">{number(rank)}</span>'
        f'<span class="standing-name">{escape(head.name)}</span>'
        f'<span class="standing-total">{number(head.total)}</span>'
        f'<span class="standing-gap">{gap}</span></li>'
    )


def detail_row_html(row, cells, crossed):
    """A row of one player's sheet on the end screen."""
    tds = "".join(
        f'<td class="cell-{cell.state}"><s>—</s><span class="visually-hidden">'
        f"{crossed}</span></td>"
        if cell.state == "crossed"
        else f'<td class="cell-{cell.state}">{cell.text}</td>'
        for cell in cells
    )
    return (
        f'<tr class="row-{row.kind}"><th scope="row">{escape(row.title)}</th>{tds}</tr>'
    )
