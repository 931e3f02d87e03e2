"""Printable sheets of the games scored by rounds (Skyjo, tarot…): rounds down,
players across, each player's points and running total, the totals at the
bottom; blank for the printables page, or filled with a game's rounds (its
keepsake, the free counter's too).

A blank sheet is one A4 page; a filled one takes as many pages as its rounds
need, the heads repeated on each.
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import cast

from django.utils import formats, timezone
from django.utils.translation import gettext as _

from games.kinds import rounds
from games.kinds.base import GameKind, RoundKind
from games.models import Game
from keepsakes.export import game_log
from keepsakes.pdf import FONT, INK, MARGIN, MUTED, PAGE, PEN, PT, SHADE, SheetPDF
from scorekeeper.lib.numbers import written
from scorekeeper.lib.translation import translated

# Portrait while the players fit; beyond, landscape.
PORTRAIT_PLAYERS = 5
MIN_ROW = 5.5
MAX_ROW = 10.0
NOTE_W = 38.0  # tarot: who took, which contract, made or not
NUMBER_W = 12.0


@dataclass
class SheetRow:
    """One round of the sheet: its number, the note of what was entered, and
    (points, total) per player; empty on a blank sheet."""

    number: str = ""
    note: str = ""
    cells: list[tuple[str, str]] = field(default_factory=list)


def _draw(
    kind: GameKind,
    names: Sequence[str],
    hints: Sequence[str],
    rows: list[SheetRow],
    totals: Sequence[str],
    *,
    title: str,
    subtitle: str,
    right: str,
    footer: Sequence[str],
    word: str,
) -> bytes:
    players = len(names)
    orientation = "portrait" if players <= PORTRAIT_PLAYERS else "landscape"
    page_w, page_h = PAGE[orientation]
    pdf = SheetPDF(orientation)
    pdf.set_title(title)
    # fpdf measures text on a page: the first one is there before anything.
    pdf.add_page()
    usable_w = page_w - 2 * MARGIN
    note_w = NOTE_W if isinstance(kind, RoundKind) and kind.sheet_notes else 0.0
    player_w = min((usable_w - NUMBER_W - note_w) / players, 46.0)
    table_w = NUMBER_W + note_w + player_w * players
    x0 = MARGIN + (usable_w - table_w) / 2
    title_h, name_h, sub_h = 19.0, 8.0, 5.0
    footer_size = 7.5
    line_h = footer_size * PT * 1.35
    pdf.set_font(FONT, "", footer_size)
    footer_h = (
        sum(
            len(
                cast(
                    list[str],
                    pdf.multi_cell(table_w, line_h, text, dry_run=True, output="LINES"),
                )
            )
            for text in footer
        )
        * line_h
        + 4
    )
    room = page_h - 2 * MARGIN - title_h - name_h - sub_h - footer_h
    # The totals row counts as one more row; a long game takes more pages.
    per_page = max(1, math.floor(room / MIN_ROW) - 1)
    pages = [rows[i : i + per_page] for i in range(0, len(rows), per_page)] or [[]]
    row_h = min(MAX_ROW, room / (min(len(rows), per_page) + 1)) if rows else MAX_ROW
    value_size = min(row_h / PT * 0.55, 12.0)

    for page_index, page_rows in enumerate(pages):
        if page_index:
            pdf.add_page()
        last = page_index == len(pages) - 1
        y = MARGIN
        pdf.put(x0, y, table_w * 0.7, 8, title, 16, bold=True)
        pdf.put(
            x0 + table_w * 0.7, y, table_w * 0.3, 8, right, 9, align="R", color=MUTED
        )
        y += 8
        pdf.put(x0, y, table_w, 5, subtitle, 8.5, color=MUTED)
        y = MARGIN + title_h

        # The heads: the round's word, what was taken, each player's name over
        # its two columns.
        pdf.set_draw_color(120, 113, 104)
        pdf.set_line_width(0.2)
        pdf.set_fill_color(*SHADE)
        pdf.rect(x0, y, table_w, name_h + sub_h, style="DF")
        pdf.put(x0, y, NUMBER_W, name_h + sub_h, word, 7.5, bold=True, color=MUTED)
        if note_w:
            pdf.put(
                x0 + NUMBER_W,
                y,
                note_w,
                name_h + sub_h,
                _("Preneur · contrat"),
                7.5,
                bold=True,
                color=MUTED,
            )
        half = player_w / 2
        for index in range(players):
            x = x0 + NUMBER_W + note_w + index * player_w
            pdf.rect(x, y, player_w, name_h)
            if names[index] and hints and hints[index]:
                # A team's name, its players under it.
                pdf.put(x, y, player_w, name_h - 2.6, names[index], 10, True, "C")
                pdf.put(
                    x,
                    y + name_h - 3.4,
                    player_w,
                    3.2,
                    hints[index],
                    6.5,
                    False,
                    "C",
                    MUTED,
                )
            elif names[index]:
                pdf.put(x, y, player_w, name_h, names[index], 10, True, "C")
            else:
                pdf.put(x, y, player_w, 3.2, hints[index], 6, color=MUTED)
            for sub, label in enumerate((_("points"), _("total"))):
                pdf.rect(x + sub * half, y + name_h, half, sub_h)
                pdf.put(
                    x + sub * half, y + name_h, half, sub_h, label, 7, False, "C", MUTED
                )
        y += name_h + sub_h

        for number, row in enumerate(page_rows):
            if number % 2:
                pdf.set_fill_color(248, 245, 238)
                pdf.rect(x0, y, table_w, row_h, style="F")
            pdf.set_draw_color(120, 113, 104)
            pdf.rect(x0, y, NUMBER_W, row_h)
            pdf.put(x0, y, NUMBER_W, row_h, row.number, value_size * 0.8, True, "C")
            if note_w:
                pdf.rect(x0 + NUMBER_W, y, note_w, row_h)
                pdf.put(x0 + NUMBER_W, y, note_w, row_h, row.note, 7.5, color=PEN)
            for index in range(players):
                x = x0 + NUMBER_W + note_w + index * player_w
                points, total = row.cells[index] if row.cells else ("", "")
                pdf.rect(x, y, half, row_h)
                pdf.rect(x + half, y, half, row_h)
                if points:
                    pdf.put(x, y, half, row_h, points, value_size, False, "C", PEN)
                if total:
                    pdf.put(x + half, y, half, row_h, total, value_size, True, "C", PEN)
            y += row_h
        if last:
            pdf.set_fill_color(*SHADE)
            pdf.rect(x0, y, table_w, row_h, style="DF")
            pdf.put(x0, y, NUMBER_W + note_w, row_h, _("Total"), 9, bold=True)
            for index in range(players):
                x = x0 + NUMBER_W + note_w + index * player_w
                pdf.rect(x, y, player_w, row_h)
                if totals and totals[index]:
                    pdf.put(
                        x, y, player_w, row_h, totals[index], value_size, True, "C", PEN
                    )
            y += row_h
        # The players' separators, on top of the cells.
        pdf.set_draw_color(*INK)
        pdf.set_line_width(0.5)
        top = MARGIN + title_h
        for index in range(players + 1):
            x = x0 + NUMBER_W + note_w + index * player_w
            pdf.line(x, top, x, y)
        pdf.rect(x0, top, table_w, y - top)
        pdf.set_line_width(0.2)

        if last:
            y += 3
            for index, text in enumerate(footer):
                # A filled sheet's ranking first, in ink.
                bold = index == 0 and bool(totals)
                pdf.set_font(FONT, "B" if bold else "", footer_size)
                pdf.set_text_color(*(INK if bold else MUTED))
                pdf.set_xy(x0, y)
                pdf.multi_cell(table_w, line_h, text, align="L")
                y = pdf.get_y()
    return bytes(pdf.output())


def blank_sheet_pdf(kind: GameKind, players: int) -> bytes:
    """A blank sheet of `kind` for `players` players (its `blank_sheet_rows`
    rows)."""
    rules = kind.build_rules(kind.default_preset, {})
    rows = [SheetRow(number=str(n)) for n in range(1, kind.blank_sheet_rows + 1)]
    return _draw(
        kind,
        [""] * players,
        [_("Joueur %(n)s") % {"n": n} for n in range(1, players + 1)],
        rows,
        [],
        title=_("Feuille de %(game)s") % {"game": translated(rules.label)},
        subtitle=_("%(count)s joueurs") % {"count": players},
        right=_("Date : …………………"),
        footer=kind.sheet_rules(rules.options),
        word=str(kind.words.round),
    )


def game_sheet_pdf(game: Game, state: rounds.RoundsGame | None = None) -> bytes:
    """A game of rounds' sheet filled with its rounds (the ones standing) and
    totals: its keepsake."""
    state = state if state is not None else game.state()  # type: ignore[assignment]
    # The plug-in chose this path: a kind scored by rounds.
    state = cast(rounds.RoundsGame, state)
    kind = game.game_kind
    assert isinstance(kind, RoundKind)
    # A column per player, or per team: as the kind has them.
    columns = kind.keepsake_columns(state)
    standing = [row for row in game_log(game, state) if not row.undone]
    rows = [
        SheetRow(
            number=str(row.round),
            note=row.text if kind.sheet_notes else "",
            cells=[
                (
                    kind.sheet_points(state.rounds[index], column.player, cell.points),
                    cell.total_text,
                )
                for column, cell in zip(columns, row.columns, strict=True)
            ],
        )
        for index, row in enumerate(standing)
    ]
    played = formats.date_format(timezone.localtime(game.created_at), "DATE_FORMAT")
    if state.finished:
        ranking = "   ".join(
            f"{standing.rank}. {standing.player.name} {written(standing.total)}"
            for standing in kind.result_state(state).ranking()
        )
        extra = _("Classement : %(ranking)s") % {"ranking": ranking}
    else:
        extra = _("Partie en cours : totaux provisoires.")
    return _draw(
        kind,
        [column.name for column in columns],
        [column.members for column in columns],
        rows,
        [written(state.totals[column.player.pk]) for column in columns],
        title=translated(game.label),
        subtitle=_("%(count)s joueurs") % {"count": len(state.players)},
        right=_("Partie du %(date)s") % {"date": played},
        footer=[extra, *kind.sheet_rules(game.options)],
        word=str(kind.words.round),
    )
