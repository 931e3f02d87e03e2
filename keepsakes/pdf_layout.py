"""What a printable score sheet holds and where it goes, before anything is drawn.

The rows top to bottom with their labels and rules, the rules that go in the
footer, each player's filled cells (a `Seat`), and the geometry: `measure` sizes
the label column, the cells, the rows and the fonts so that any preset × columns ×
players fits one A4 page. `games.pdf` then draws it with fpdf2.
"""

from dataclasses import dataclass, field

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.messages import tr

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


def orientation_for(seats, columns):
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


def sheet_rows(variant):
    """The rows of the sheet, top to bottom, with their French labels and rules."""
    upper = [b for b in variant.boxes if b.section == "upper"]
    lower = [b for b in variant.boxes if b.section == "lower"]
    rows = [Row("box", b.key, tr(b.label), tr(b.rule)) for b in upper]
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
    rows += [Row("box", b.key, tr(b.label), tr(b.rule)) for b in lower]
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


def footer_lines(variant):
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


def options_line(variant):
    parts = []
    if len(variant.columns) > 1:
        parts.append(
            _("Colonnes : %(columns)s")
            % {
                "columns": ", ".join(
                    tr(variant.column_label(c)) for c in variant.columns
                )
            }
        )
    elif variant.columns[0] != "free":
        parts.append(
            _("Colonne %(column)s")
            % {"column": tr(variant.column_label(variant.columns[0]))}
        )
    if variant.strict_straights:
        parts.append(_("suites strictes"))
    if variant.saved_rolls:
        parts.append(_("lancers gardés"))
    if variant.typed_points:
        parts.append(_("points tapés"))
    return " · ".join(parts)


@dataclass
class Seat:
    """One player's part of the sheet; empty on a blank sheet."""

    name: str = ""
    hint: str = ""
    cells: dict = field(default_factory=dict)  # (column, box) → (text, crossed)
    totals: object = None  # rules.SheetTotals, or None on a blank sheet
    started: set = field(default_factory=set)  # columns holding an entry
    bank: int | None = None

    def value(self, column, row):
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


def seat_of(player_sheet, variant):
    """A filled Seat from a rules.PlayerSheet."""
    cells, started = {}, set()
    turns = {}
    for turn in player_sheet.sheet.turns:
        turns.setdefault((turn.column, turn.box), []).append(turn)
        started.add(turn.column)
    for (column, box), cell in turns.items():
        if len(cell) == 1 and cell[0].kind == "cross":
            cells[column, box] = ("—", True)
        else:
            cells[column, box] = ("+".join(str(t.scored.points) for t in cell), False)
    return Seat(
        name=player_sheet.player.name,
        cells=cells,
        totals=player_sheet.sheet.totals(),
        started=started,
        bank=player_sheet.sheet.bank if variant.saved_rolls else None,
    )


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


def measure(pdf, variant, rows, seats, footer, orientation):
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

    def footer_height(width):
        pdf.set_font(FONT, "", footer_size)
        lines = sum(
            len(pdf.multi_cell(width, line_h, text, dry_run=True, output="LINES"))
            for text in footer
        )
        return lines * line_h + 3

    def row_height(footer_h):
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

    def label_width(two_lines, label_size, rule_size):
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

    def fit_labels(two_lines):
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

    def legibility(two_lines):
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


def short_column(column):
    return {
        "down": _("Desc. ↓"),
        "up": _("Mont. ↑"),
        "free": _("Libre"),
        "dry": _("Sèche"),
    }[column]
