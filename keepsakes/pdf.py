"""Printable score sheets: one A4 page drawn with fpdf2, blank or filled.

A sheet is a score pad: the boxes down the left with what each needs and is worth
(the engine's rule line), one cell per player and column, the bonus and total
lines, and the rules that do not fit a box at the bottom. The same drawing serves
the blank sheets ("Feuilles à imprimer") and a game's keepsake, filled with its
entries and totals as the engine replays them.

What the sheet holds is set out first (its rows, its footer, each player's `SeatCells`),
then measured (`measure`), then drawn: any preset × columns × players fits one
page, portrait while the cells stay wide enough to write in, else landscape, and
the fonts shrink (never below a readable floor) before anything is cut.
"""

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import cast

from django.conf import settings
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from fpdf import FPDF

from games.kinds import yams
from games.kinds.yams import GameState, ScorecardTotals, Variant
from games.models import Game
from scorekeeper.lib.translation import translated

FONT = "DejaVu"
FONT_DIR = settings.BASE_DIR / "static" / "fonts"
FONT_FILES = {
    "": "DejaVuSansCondensed.ttf",
    "B": "DejaVuSansCondensed-Bold.ttf",
}
PAGE = {"portrait": (210.0, 297.0), "landscape": (297.0, 210.0)}
MARGIN = 10.0
LAYOUTS = {"1": 1, "4": 4}
# A cell narrower than this is hard to write three digits in by hand.
WRITABLE_CELL = 12.0
# Portrait keeps rows tall; it is chosen while this many cells fit a row.
PORTRAIT_CELLS = 8
MAX_CELL = 40.0
MAX_ROW = 13.0

PT = 25.4 / 72  # one point in millimetres


INK = (33, 30, 27)
MUTED = (105, 99, 92)
RULE_LINE = (120, 113, 104)
FAINT = (196, 189, 178)
SHADE = (236, 231, 220)
TINT = (248, 245, 238)
PEN = (28, 58, 140)  # what the host "wrote": a ballpoint blue

# fontTools logs every font subset at INFO: one screenful per PDF.
logging.getLogger("fontTools").setLevel(logging.WARNING)


def orientation_for(seats: int, columns: int) -> str:
    """ "portrait" or "landscape" for that many players × columns per player."""
    return "portrait" if seats * columns <= PORTRAIT_CELLS else "landscape"


# --- what goes on the sheet -----------------------------------------------------


@dataclass(frozen=True)
class Row:
    kind: str  # "box", "sum", "total" (per column) or "player" (per player)
    key: str
    label: str
    rule: str = ""
    section_end: bool = False


def sheet_rows(variant: Variant) -> list[Row]:
    """The rows of the sheet, top to bottom, with their French labels and rules."""
    upper = [b for b in variant.boxes if b.section == "upper"]
    lower = [b for b in variant.boxes if b.section == "lower"]
    rows = [Row("box", b.key, translated(b.label), translated(b.rule)) for b in upper]
    rows += [
        Row("sum", "upper", _("Sous-total haut")),
        Row(
            "sum",
            "bonus",
            _("Bonus"),
            _("%(points)s points si le sous-total atteint %(threshold)s")
            % {"points": variant.bonus_points, "threshold": variant.bonus_threshold},
        ),
        Row("total", "upper_total", _("Total haut"), section_end=True),
    ]
    rows += [Row("box", b.key, translated(b.label), translated(b.rule)) for b in lower]
    rows.append(Row("sum", "lower", _("Total bas")))
    if variant.yams_rule == "bonus":
        rows.append(
            Row(
                "sum",
                "yams_bonus",
                _("Prime Yams"),
                _("+100 par Yams de plus, si la case Yams vaut 50"),
            )
        )
    several = len(variant.columns) > 1
    rows.append(
        Row("total", "total", _("Total de la colonne") if several else _("Total"))
    )
    if several:
        rows.append(Row("player", "player_total", _("Total du joueur")))
    if variant.saved_rolls:
        rows.append(
            Row(
                "player",
                "bank",
                _("Lancers gardés"),
                _("à reporter d'un tour à l'autre"),
            )
        )
    return rows


def footer_lines(variant: Variant) -> list[str]:
    """The rules a box cannot hold, one sentence each."""
    lines = [
        _(
            "Bonus : si le sous-total du haut atteint %(threshold)s, il rapporte "
            "%(points)s points%(per_column)s."
        )
        % {
            "threshold": variant.bonus_threshold,
            "points": variant.bonus_points,
            "per_column": _(", dans chaque colonne")
            if len(variant.columns) > 1
            else "",
        }
    ]
    if variant.yams_rule == "bonus":
        lines.append(
            _(
                "Prime Yams : chaque Yams de plus rapporte 100 si la case Yams "
                "vaut 50 ; il s'inscrit aussi dans une autre case (joker : full 25, "
                "petite suite 30, grande suite 40)."
            )
        )
    order = {
        "down": _("descendante : de haut en bas"),
        "up": _("montante : de bas en haut"),
        "free": _("libre : dans n'importe quel ordre"),
        "dry": _("sèche : seulement ce qui est fait au premier lancer"),
    }
    if len(variant.columns) > 1 or variant.columns[0] != "free":
        lines.append(
            _("Colonnes — %(rules)s.")
            % {
                "rules": pgettext("list separator", " ; ").join(
                    order[c] for c in variant.columns
                )
            }
        )
    if variant.saved_rolls:
        lines.append(
            _(
                "Lancers gardés : les lancers non utilisés d'un tour sont mis de côté "
                "et peuvent servir aux tours suivants."
            )
        )
    if variant.typed_points:
        lines.append(
            _("Règle maison : les points d'une case peuvent être écrits directement.")
        )
    lines.append(
        _(
            "Trois lancers au plus par tour, puis une case libre à remplir ; une "
            "combinaison ratée se barre (0). Le plus grand total gagne."
        )
    )
    return lines


def options_line(variant: Variant) -> str:
    parts = []
    if len(variant.columns) > 1:
        parts.append(
            _("Colonnes : %(columns)s")
            % {
                "columns": ", ".join(
                    translated(variant.column_label(c)) for c in variant.columns
                )
            }
        )
    elif variant.columns[0] != "free":
        parts.append(
            _("Colonne %(column)s")
            % {"column": translated(variant.column_label(variant.columns[0]))}
        )
    if variant.strict_straights:
        parts.append(_("suites strictes"))
    if variant.saved_rolls:
        parts.append(_("lancers gardés"))
    if variant.typed_points:
        parts.append(_("points tapés"))
    return " · ".join(parts)


@dataclass
class SeatCells:
    """One player's part of the sheet; empty on a blank sheet."""

    name: str = ""
    hint: str = ""
    # (column, box) → (text, crossed)
    cells: dict[tuple[str, str], tuple[str, bool]] = field(default_factory=dict)
    totals: ScorecardTotals | None = None  # None on a blank sheet
    started: set[str] = field(default_factory=set)  # columns holding an entry
    bank: int | None = None

    def value(self, column: str | None, row: Row) -> str:
        if self.totals is None:
            return ""
        if row.kind == "player":
            if row.key == "bank":
                return "" if self.bank is None else str(self.bank)
            return str(self.totals.total) if self.started else ""
        if column not in self.started:
            return ""
        t = self.totals.columns[column]
        return str(
            {
                "upper": t.upper,
                "bonus": t.bonus,
                "upper_total": t.upper + t.bonus,
                "lower": t.lower,
                "yams_bonus": t.yams_bonus,
                "total": t.total,
            }[row.key]
        )


def seat_of(seat: yams.Seat, variant: Variant) -> SeatCells:
    """The filled cells of the engine's `Seat`."""
    cells, started = {}, set()
    turns: dict[tuple[str, str], list[yams.Turn]] = {}
    for turn in seat.scorecard.turns:
        turns.setdefault((turn.column, turn.box), []).append(turn)
        started.add(turn.column)
    for (column, box), cell in turns.items():
        if len(cell) == 1 and cell[0].kind == "cross":
            cells[column, box] = ("—", True)
        else:
            cells[column, box] = ("+".join(str(t.points) for t in cell), False)
    return SeatCells(
        name=seat.player.name,
        cells=cells,
        totals=seat.scorecard.totals(),
        started=started,
        bank=seat.scorecard.bank if variant.saved_rolls else None,
    )


# --- the page, and how big everything on it is ------------------------------------


class SheetPDF(FPDF):
    def __init__(self, orientation: str) -> None:
        super().__init__(orientation=orientation, unit="mm", format="A4")
        self.set_margins(MARGIN, MARGIN, MARGIN)
        self.set_auto_page_break(False)
        self.c_margin = 1.0
        for style, name in FONT_FILES.items():
            self.add_font(FONT, style, FONT_DIR / name)
        self.set_creator("Scorekeeper")

    def width_of(self, text: str, size: float, bold: bool = False) -> float:
        self.set_font(FONT, "B" if bold else "", size)
        return self.get_string_width(text)

    def fitted(
        self,
        text: str,
        width: float,
        size: float,
        bold: bool = False,
        floor: float = 4.5,
    ) -> tuple[str, float]:
        """The largest size ≤ `size` (down to `floor`) at which `text` fits, and the
        text, ellipsed if even the floor is too wide."""
        while size > floor and self.width_of(text, size, bold) > width:
            size -= 0.25
        if self.width_of(text, size, bold) <= width:
            return text, size
        while text and self.width_of(text + "…", size, bold) > width:
            text = text[:-1]
        return (text + "…" if text else ""), size

    def put(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        text: str,
        size: float,
        bold: bool = False,
        align: str = "L",
        color: tuple[int, int, int] = INK,
        fit: bool = True,
    ) -> None:
        if fit:
            text, size = self.fitted(text, w - 2 * self.c_margin, size, bold)
        self.set_font(FONT, "B" if bold else "", size)
        self.set_text_color(*color)
        self.set_xy(x, y)
        self.cell(w, h, text, align=align)


@dataclass
class Geometry:
    orientation: str
    x0: float
    label_w: float
    cell_w: float
    label_size: float
    rule_size: float
    two_lines: bool
    value_size: float
    row_h: float
    name_h: float
    kind_h: float
    title_h: float
    footer_size: float


def measure(
    pdf: SheetPDF,
    variant: Variant,
    rows: list[Row],
    seats: int,
    footer: list[str],
    orientation: str,
) -> Geometry:
    """Sizes everything so the page holds the whole sheet, fonts as large as fit."""
    page_w, page_h = PAGE[orientation]
    usable_w = page_w - 2 * MARGIN
    columns = len(variant.columns)
    cells = seats * columns
    landscape = orientation == "landscape"
    title_h = 19.0
    name_h = 7.0 if landscape else 8.0
    kind_h = 5.0 if columns > 1 else 0.0
    footer_size = 7.0 if landscape else 7.5
    line_h = footer_size * PT * 1.35

    def footer_height(width: float) -> float:
        pdf.set_font(FONT, "", footer_size)
        lines = sum(
            len(
                cast(
                    list[str],
                    pdf.multi_cell(width, line_h, text, dry_run=True, output="LINES"),
                )
            )
            for text in footer
        )
        return lines * line_h + 3

    def row_height(footer_h: float) -> float:
        room_h = page_h - 2 * MARGIN - title_h - footer_h - name_h - kind_h
        return min(room_h / len(rows), MAX_ROW)

    # A footer measured narrower than any table is taller than the real one, so
    # the rows only grow once the table's width is known.
    row_h = row_height(footer_height(usable_w * 0.5))
    # The rule lines size the label column: the largest font at which they fit
    # while the cells keep a comfortable width (writable at the very least).
    target_cell = max(WRITABLE_CELL, min(MAX_CELL, usable_w * 0.42 / cells))
    # With many players the cells cannot all be writable: the labels keep a share.
    room = max(usable_w - cells * target_cell, usable_w * 0.28)

    def label_width(two_lines: bool, label_size: float, rule_size: float) -> float:
        if two_lines:
            widest = max(
                max(
                    pdf.width_of(r.label, label_size, bold=True),
                    pdf.width_of(r.rule, rule_size),
                )
                for r in rows
            )
        else:
            widest = max(
                pdf.width_of(r.label, label_size, bold=True)
                + (pdf.width_of(r.rule, rule_size) + 2 if r.rule else 0)
                for r in rows
            )
        return widest + 3

    def fit_labels(two_lines: bool) -> tuple[float, float]:
        """(label size, rule size) for the label and its rule on two lines in a
        row, or side by side on one."""
        if two_lines:
            both = (row_h - 0.6) / (PT * 1.2)  # the two font sizes together
            label_size = min(9.0 if landscape else 11.0, both * 0.56)
            rule_size = min(label_size - 1.5, both - label_size)
        else:
            label_size = min(9.0, row_h / PT * 0.6)
            rule_size = label_size - 0.5
        while rule_size > 5.0 and label_width(two_lines, label_size, rule_size) > room:
            rule_size -= 0.25
        # Past the rules' floor the labels give way too, so the rules stay whole.
        while (
            label_size > rule_size + 1
            and label_width(two_lines, label_size, rule_size) > room
        ):
            label_size -= 0.25
        return label_size, rule_size

    def legibility(two_lines: bool) -> float:
        label_size, rule_size = fit_labels(two_lines)
        return rule_size + label_size / 2

    # Whichever way reads better, the rule's size counting twice the label's.
    two_lines = legibility(True) >= legibility(False)
    label_size, rule_size = fit_labels(two_lines)
    label_w = label_width(two_lines, label_size, rule_size)
    label_w = max(min(label_w, usable_w * 0.6), 40.0)
    cell_w = min((usable_w - label_w) / cells, MAX_CELL)
    table_w = label_w + cell_w * cells
    row_h = row_height(footer_height(table_w))
    return Geometry(
        orientation=orientation,
        x0=MARGIN + (usable_w - table_w) / 2,
        label_w=label_w,
        cell_w=cell_w,
        label_size=label_size,
        rule_size=rule_size,
        two_lines=two_lines,
        value_size=min(row_h / PT * 0.6, 14.0),
        row_h=row_h,
        name_h=name_h,
        kind_h=kind_h,
        title_h=title_h,
        footer_size=footer_size,
    )


TINY_COLUMN = {"down": "↓", "up": "↑", "free": "L", "dry": "S"}


def short_column(column: str) -> str:
    return {
        "down": _("Desc. ↓"),
        "up": _("Mont. ↑"),
        "free": _("Libre"),
        "dry": _("Sèche"),
    }[column]


# --- drawing -------------------------------------------------------------------------


def draw_sheet(
    variant: Variant,
    seats: list[SeatCells],
    *,
    title: str,
    subtitle: str,
    right: str,
    footer_extra: Sequence[str] = (),
) -> bytes:
    """The PDF (bytes) of one page for `seats` (list of SeatCells)."""
    rows = sheet_rows(variant)
    footer = [*footer_extra, *footer_lines(variant)]
    columns = list(variant.columns)
    orientation = orientation_for(len(seats), len(columns))
    pdf = SheetPDF(orientation)
    pdf.add_page()
    g = measure(
        pdf, variant, rows, seats=len(seats), footer=footer, orientation=orientation
    )
    pdf.set_title(title)
    table_w = g.label_w + g.cell_w * len(seats) * len(columns)
    x0 = g.x0

    # Title block.
    y = MARGIN
    pdf.put(x0, y, table_w * 0.7, 8, title, 16, bold=True)
    pdf.put(x0 + table_w * 0.7, y, table_w * 0.3, 8, right, 9, align="R", color=MUTED)
    y += 8
    pdf.put(x0, y, table_w, 5, subtitle, 8.5, color=MUTED)
    y += 5
    options = options_line(variant)
    if options:
        pdf.put(x0, y, table_w, 4.5, options, 8.5, color=INK)
    y = MARGIN + g.title_h

    # Player names, then column kinds.
    pdf.set_draw_color(*RULE_LINE)
    pdf.set_line_width(0.2)
    span = g.cell_w * len(columns)
    for index, seat in enumerate(seats):
        x = x0 + g.label_w + index * span
        pdf.set_fill_color(*SHADE)
        pdf.rect(x, y, span, g.name_h, style="DF")
        if seat.name:
            pdf.put(x, y, span, g.name_h, seat.name, 10, bold=True, align="C")
        else:
            pdf.put(x, y, span, 3.2, seat.hint, 6, color=MUTED)
    pdf.put(x0, y, g.label_w, g.name_h, _("Case"), 8, bold=True, color=MUTED)
    y += g.name_h
    if g.kind_h:
        for index in range(len(seats)):
            for c, column in enumerate(columns):
                x = x0 + g.label_w + (index * len(columns) + c) * g.cell_w
                pdf.rect(x, y, g.cell_w, g.kind_h)
                label = short_column(column)
                text, size = pdf.fitted(label, g.cell_w - 2, 7, floor=5.5)
                if text != label:
                    text, size = TINY_COLUMN[column], 7
                pdf.put(x, y, g.cell_w, g.kind_h, text, size, align="C", color=MUTED)
        y += g.kind_h

    top = y
    for number, row in enumerate(rows):
        shaded = row.kind != "box"
        pdf.set_fill_color(*(SHADE if shaded else TINT))
        if shaded or number % 2:
            pdf.rect(x0, y, table_w, g.row_h, style="F")
        bold = True
        if row.rule and g.two_lines:
            label_h = g.label_size * PT * 1.2
            rule_h = g.rule_size * PT * 1.2
            pad = (g.row_h - label_h - rule_h) / 2
            pdf.put(x0, y + pad, g.label_w, label_h, row.label, g.label_size, bold=bold)
            pdf.put(
                x0,
                y + pad + label_h,
                g.label_w,
                rule_h,
                row.rule,
                g.rule_size,
                color=MUTED,
            )
        elif row.rule:
            label_w = pdf.width_of(row.label, g.label_size, bold) + 2 * pdf.c_margin
            pdf.put(x0, y, label_w, g.row_h, row.label, g.label_size, bold=bold)
            pdf.put(
                x0 + label_w,
                y,
                g.label_w - label_w,
                g.row_h,
                row.rule,
                g.rule_size,
                color=MUTED,
            )
        else:
            pdf.put(x0, y, g.label_w, g.row_h, row.label, g.label_size, bold=bold)
        for index, seat in enumerate(seats):
            base = x0 + g.label_w + index * span
            if row.kind == "player":
                pdf.set_draw_color(*RULE_LINE)
                pdf.rect(base, y, span, g.row_h)
                text = seat.value(None, row)
                if text:
                    pdf.put(base, y, span, g.row_h, text, g.value_size, True, "C", PEN)
                continue
            for c, column in enumerate(columns):
                x = base + c * g.cell_w
                pdf.set_draw_color(*RULE_LINE)
                pdf.rect(x, y, g.cell_w, g.row_h)
                if row.kind == "box":
                    text, crossed = seat.cells.get((column, row.key), ("", False))
                    if crossed:
                        pdf.set_draw_color(*FAINT)
                        pdf.line(x + 1, y + g.row_h - 1, x + g.cell_w - 1, y + 1)
                    color = MUTED if crossed else PEN
                    if text:
                        pdf.put(
                            x,
                            y,
                            g.cell_w,
                            g.row_h,
                            text,
                            g.value_size,
                            False,
                            "C",
                            color,
                        )
                else:
                    text = seat.value(column, row)
                    if text:
                        pdf.put(
                            x, y, g.cell_w, g.row_h, text, g.value_size, True, "C", PEN
                        )
        y += g.row_h
        if row.section_end or row.key == "total":
            pdf.set_draw_color(*INK)
            pdf.set_line_width(0.5)
            pdf.line(x0, y, x0 + table_w, y)
            pdf.set_line_width(0.2)

    # Seat separators and the frame, drawn last so they sit on top of the cells.
    pdf.set_draw_color(*INK)
    pdf.set_line_width(0.5)
    names_top = top - g.name_h - g.kind_h
    for index in range(len(seats) + 1):
        x = x0 + g.label_w + index * span
        pdf.line(x, names_top, x, y)
    pdf.rect(x0, top, table_w, y - top)
    pdf.set_line_width(0.2)

    # Footer.
    y += 2.5
    pdf.set_font(FONT, "", g.footer_size)
    pdf.set_text_color(*INK)
    line_h = g.footer_size * PT * 1.35
    for index, text in enumerate(footer):
        bold = index < len(footer_extra)
        pdf.set_font(FONT, "B" if bold else "", g.footer_size)
        pdf.set_text_color(*(INK if bold else MUTED))
        pdf.set_xy(x0, y)
        pdf.multi_cell(table_w, line_h, text, align="L")
        y = pdf.get_y()
    return bytes(pdf.output())


# --- the two kinds of sheet ---------------------------------------------------------


def blank_sheet_pdf(variant: Variant, layout: str) -> bytes:
    """A blank sheet of `variant` for one ("1") or four ("4") players."""
    seats_n = LAYOUTS[layout]
    seats = [
        SeatCells(hint=_("Joueur %(n)s") % {"n": n} if seats_n > 1 else _("Nom"))
        for n in range(1, seats_n + 1)
    ]
    return draw_sheet(
        variant,
        seats,
        title=_("Feuille de Yams — %(variant)s")
        % {"variant": translated(variant.label)},
        subtitle=translated(variant.description),
        right=_("Date : …………………"),
    )


def game_sheet_pdf(game: Game, state: GameState | None = None) -> bytes:
    """The same sheet filled with a game's entries and totals (a keepsake)."""
    # A Yams game's state: the plug-in sends only those here.
    state = state or cast(GameState, game.state())
    variant = game.variant
    seats = [seat_of(seat, variant) for seat in state.seats]
    played = formats.date_format(timezone.localtime(game.created_at), "DATE_FORMAT")
    if state.finished:
        ranking = "   ".join(
            f"{s.rank}. {s.player.name} {s.total}" for s in state.ranking()
        )
        extra = [_("Classement : %(ranking)s") % {"ranking": ranking}]
    else:
        extra = [_("Partie en cours : totaux provisoires.")]
    return draw_sheet(
        variant,
        seats,
        title=_("Yams — %(variant)s") % {"variant": translated(variant.label)},
        subtitle=translated(variant.description),
        right=_("Partie du %(date)s") % {"date": played},
        footer_extra=extra,
    )
