"""Printable sheets of the games scored by rounds (Skyjo, tarot): rounds down,
players across, each player's points and running total, the totals at the
bottom; blank for the printables page, or filled with a game's rounds (its
keepsake, the free counter's too).

A blank sheet is one A4 page; a filled one takes as many pages as its rounds
need, the heads repeated on each.
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils import formats, timezone
from django.utils.translation import gettext as _

from games.kinds import rounds
from games.models import Game, Kind
from keepsakes.pdf import FONT, INK, MARGIN, MUTED, PAGE, PEN, PT, SHADE, SheetPDF
from keepsakes.round_log import round_log, round_word
from scorekeeper.lib.numbers import written
from scorekeeper.lib.translation import translated

# The kinds with a blank sheet, and the players it is drawn for.
BLANK_KINDS = {Kind.SKYJO: range(2, 9), Kind.TAROT: range(3, 6)}
BLANK_ROUNDS = {Kind.SKYJO: 16, Kind.TAROT: 24}
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


def rules_lines(kind: str, options: dict[str, object]) -> list[str]:
    """What a player needs to read to fill the sheet, one sentence each."""
    if kind == Kind.SKYJO:
        limit = options.get("limit", 100)
        return [
            _(
                "Chaque manche : le total des cartes de chacun. Celui qui a fini la "
                "manche est doublé si son total n'est pas strictement le plus petit "
                "et qu'il est positif."
            ),
            _(
                "La partie s'arrête à la fin de la manche où un total atteint "
                "%(limit)s ; le plus petit total gagne."
            )
            % {"limit": limit},
        ]
    if kind == Kind.TAROT:
        return [
            _(
                "Il faut 56 points sans bout, 51 avec 1, 41 avec 2, 36 avec 3. "
                "Donne : (25 + écart) × contrat (Prise 1, Garde 2, Garde sans 4, "
                "Garde contre 6), petit au bout 10 × contrat, poignée 20/30/40, "
                "chelem 200 ou 400."
            ),
            _(
                "Partage : à 3, preneur 2 × la donne ; à 4, 3 × ; à 5, preneur 2 ×, "
                "partenaire 1 × ; chaque défenseur paie la donne. La somme d'une "
                "donne fait 0 ; le plus grand total gagne."
            ),
        ]
    return [_("Le plus grand total gagne.")]


def _draw(
    kind: str,
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
    note_w = NOTE_W if kind == Kind.TAROT else 0.0
    player_w = min((usable_w - NUMBER_W - note_w) / players, 46.0)
    table_w = NUMBER_W + note_w + player_w * players
    x0 = MARGIN + (usable_w - table_w) / 2
    title_h, name_h, sub_h = 19.0, 8.0, 5.0
    footer_size = 7.5
    line_h = footer_size * PT * 1.35
    pdf.set_font(FONT, "", footer_size)
    footer_h = (
        sum(
            len(pdf.multi_cell(table_w, line_h, text, dry_run=True, output="LINES"))
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
            if names[index]:
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


def blank_sheet_pdf(kind: str, players: int) -> bytes:
    """A blank sheet of Skyjo or tarot for `players` players."""
    rules = Game.rules_of(kind, "", {})
    word = _("Donne") if kind == Kind.TAROT else _("Manche")
    rows = [SheetRow(number=str(n)) for n in range(1, BLANK_ROUNDS[kind] + 1)]
    return _draw(
        kind,
        [""] * players,
        [_("Joueur %(n)s") % {"n": n} for n in range(1, players + 1)],
        rows,
        [],
        title=_("Feuille de %(game)s") % {"game": translated(rules.label)},
        subtitle=_("%(count)s joueurs") % {"count": players},
        right=_("Date : …………………"),
        footer=rules_lines(kind, rules.options),
        word=word,
    )


def game_sheet_pdf(game: Game, state: rounds.RoundsGame | None = None) -> bytes:
    """A game of rounds' sheet filled with its rounds (the ones standing) and
    totals: its keepsake."""
    state = state if state is not None else game.state()
    standing = [row for row in round_log(game, state) if not row.undone]
    rows = [
        SheetRow(
            number=str(row.number),
            note=row.text if game.kind == Kind.TAROT else "",
            cells=[
                (
                    _points(game, state, index, player, cell.points),
                    written(cell.total),
                )
                for player, cell in zip(state.players, row.cells, strict=True)
            ],
        )
        for index, row in enumerate(standing)
    ]
    played = formats.date_format(timezone.localtime(game.created_at), "DATE_FORMAT")
    if state.finished:
        ranking = "   ".join(
            f"{standing.rank}. {standing.player.name} {written(standing.total)}"
            for standing in state.ranking()
        )
        extra = _("Classement : %(ranking)s") % {"ranking": ranking}
    else:
        extra = _("Partie en cours : totaux provisoires.")
    return _draw(
        game.kind,
        [player.name for player in state.players],
        [],
        rows,
        [written(state.totals[player.pk]) for player in state.players],
        title=translated(game.label),
        subtitle=_("%(count)s joueurs") % {"count": len(state.players)},
        right=_("Partie du %(date)s") % {"date": played},
        footer=[extra, *rules_lines(game.kind, game.options)],
        word=round_word(game),
    )


def _points(game, state, index, player, points):
    """A player's points in the `index`-th round standing: a Skyjo finisher
    doubled shows the cards and the doubling ("3×2=6")."""
    if game.kind != Kind.SKYJO:
        return rounds.signed(points)
    detail = state.rounds[index].detail
    if detail.doubled and detail.finisher == player.pk:
        cards = written(detail.cards[player.pk])
        return f"{cards}×2={written(points)}"
    return written(points)
