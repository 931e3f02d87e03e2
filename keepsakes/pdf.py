"""Printable score sheets: one A4 page drawn with fpdf2, blank or filled.

A sheet is a score pad: the boxes down the left with what each needs and is worth
(the engine's rule line), one cell per player and column, the bonus and total
lines, and the rules that do not fit a box at the bottom. The same drawing serves
the blank sheets ("Feuilles à imprimer") and a game's keepsake, filled with its
entries and totals as the engine replays them.

Everything is measured before it is drawn (`games.pdf_layout`), so any preset ×
columns × players fits one page: portrait while the cells stay wide enough to
write in, else landscape, and the fonts shrink (never below a readable floor)
before anything is cut.
"""

import logging

from django.utils import formats, timezone
from django.utils.translation import gettext as _
from fpdf import FPDF

from games.messages import tr
from keepsakes.pdf_layout import (
    FONT,
    FONT_DIR,
    FONT_FILES,
    LAYOUTS,
    MARGIN,
    PT,
    TINY_COLUMN,
    Seat,
    footer_lines,
    measure,
    options_line,
    orientation_for,
    seat_of,
    sheet_rows,
    short_column,
)

INK = (33, 30, 27)
MUTED = (105, 99, 92)
RULE_LINE = (120, 113, 104)
FAINT = (196, 189, 178)
SHADE = (236, 231, 220)
TINT = (248, 245, 238)
PEN = (28, 58, 140)  # what the host "wrote": a ballpoint blue

# fontTools logs every font subset at INFO: one screenful per PDF.
logging.getLogger("fontTools").setLevel(logging.WARNING)


# --- drawing -------------------------------------------------------------------------


class SheetPDF(FPDF):
    def __init__(self, orientation):
        super().__init__(orientation=orientation, unit="mm", format="A4")
        self.set_margins(MARGIN, MARGIN, MARGIN)
        self.set_auto_page_break(False)
        self.c_margin = 1.0
        for style, name in FONT_FILES.items():
            self.add_font(FONT, style, FONT_DIR / name)
        self.set_creator("Scorekeeper")

    def width_of(self, text, size, bold=False):
        self.set_font(FONT, "B" if bold else "", size)
        return self.get_string_width(text)

    def fitted(self, text, width, size, bold=False, floor=4.5):
        """The largest size ≤ `size` (down to `floor`) at which `text` fits, and the
        text, ellipsed if even the floor is too wide."""
        while size > floor and self.width_of(text, size, bold) > width:
            size -= 0.25
        if self.width_of(text, size, bold) <= width:
            return text, size
        while text and self.width_of(text + "…", size, bold) > width:
            text = text[:-1]
        return (text + "…" if text else ""), size

    def put(self, x, y, w, h, text, size, bold=False, align="L", color=INK, fit=True):
        if fit:
            text, size = self.fitted(text, w - 2 * self.c_margin, size, bold)
        self.set_font(FONT, "B" if bold else "", size)
        self.set_text_color(*color)
        self.set_xy(x, y)
        self.cell(w, h, text, align=align)


def draw_sheet(variant, seats, *, title, subtitle, right, footer_extra=()):
    """The PDF (bytes) of one page for `seats` (list of Seat)."""
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


def blank_sheet_pdf(variant, layout):
    """A blank sheet of `variant` for one ("1") or four ("4") players."""
    seats_n = LAYOUTS[layout]
    seats = [
        Seat(hint=_("Joueur %(n)s") % {"n": n} if seats_n > 1 else _("Nom"))
        for n in range(1, seats_n + 1)
    ]
    return draw_sheet(
        variant,
        seats,
        title=_("Feuille de Yams — %(variant)s") % {"variant": tr(variant.label)},
        subtitle=tr(variant.description),
        right=_("Date : …………………"),
    )


def game_sheet_pdf(game, state=None):
    """The same sheet filled with a game's entries and totals (a keepsake)."""
    state = state or game.state()
    variant = game.variant
    seats = [seat_of(sheet, variant) for sheet in state.sheets]
    played = formats.date_format(timezone.localtime(game.created_at), "DATE_FORMAT")
    if state.finished:
        ranking = "   ".join(
            f"{rank}. {sheet.player.name} {sheet.total}"
            for rank, sheet in state.ranking()
        )
        extra = [_("Classement : %(ranking)s") % {"ranking": ranking}]
    else:
        extra = [_("Partie en cours : totaux provisoires.")]
    return draw_sheet(
        variant,
        seats,
        title=_("Yams — %(variant)s") % {"variant": tr(variant.label)},
        subtitle=tr(variant.description),
        right=_("Partie du %(date)s") % {"date": played},
        footer_extra=extra,
    )
