"""The score sheet as one role sees it: the Table (rows of boxes and totals, one
column per player and per sheet column, what each cell says, what a screen reader
reads of it and where it leads) built from the replayed GameState by
`TableBuilder`, drawn by templates/games/sheet.jinja, and rendered once per
version, role and language (`sheet_html`)."""

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, cast

from django.core.cache import caches
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, ngettext, pgettext
from django.utils.translation import gettext as _

from games.kinds import rounds
from games.kinds.base import RoundKind
from games.kinds.state import Prospect, State
from games.kinds.yams import (
    BonusOutlook,
    Box,
    EntryLike,
    GameState,
    ScorecardTotals,
    Seat,
    Totals,
    Variant,
)
from games.race import race_of
from scorekeeper.lib import numbers
from scorekeeper.lib.translation import translated

if TYPE_CHECKING:
    from games.access import Access

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
    def classes(self) -> str:
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

    @property
    def parts(self) -> "CellParts":
        """What the sheet's template writes of it, in one tuple: the loop of
        templates/games/sheet.jinja unpacks it instead of looking up each
        attribute of every cell."""
        return (
            self.classes,
            self.url,
            self.label,
            self.text,
            self.small,
            self.state == "crossed",
            self.note,
            self.tone == "muted" and bool(self.label),
        )


# (classes, url, label, text, small, crossed, note, muted): `Cell.parts`.
CellParts = tuple[str, str, str, str, str, bool, str, bool]


@dataclass
class Row:
    key: str
    label: str  # the box's full name, or the sum's word
    title: str
    kind: str  # box, sum, total, grand, bank
    cells: list[Cell] = field(default_factory=list)
    section: str = ""
    # What the label column shows instead of the label where it has no room for
    # it ("Brel."); the label is still what a screen reader says. Empty: the label.
    short: str = ""

    @property
    def classes(self) -> str:
        """Its class attribute: its kind, its key and its section."""
        classes = f"row-{self.kind} row-{self.key}"
        return f"{classes} section-{self.section}" if self.section else classes

    @property
    def parts(self) -> list[CellParts]:
        """Its cells as the sheet's template writes them (`Cell.parts`)."""
        return [cell.parts for cell in self.cells]

    @property
    def whole_player(self) -> bool:
        """One cell per player across all of their columns."""
        return self.kind in ("grand", "bank")


@dataclass(slots=True)
class Prospects:
    """What is still possible for a player, in words, as the name's popover, the
    host's rename dialog and the big screen's standings say it: the best total
    still reachable, one line per column for its bonus, then the race against
    the leader (alone at the table, or before anyone scores, none); a game of
    rounds says its kind's lines (`prospects_of`). Each line is (text, its class
    attribute: "prospect", with "is-good" or "is-muted")."""

    lines: list[tuple[str, str]]


class ProspectWords:
    """Puts the seats' `Outlook` (games.kinds.yams) into words, for one variant
    in one language. The fixed words are translated once: `prospect_words` keeps
    one per variant and language, for every table and every render."""

    def __init__(self, variant: Variant) -> None:
        self.multi = len(variant.columns) > 1
        self.columns = {c: translated(variant.column_label(c)) for c in variant.columns}
        self.upper = {
            box.key: translated(box.label)
            for box in variant.boxes
            if box.section == "upper"
        }
        self.words = {
            "and": _("et"),
            "complete": _("Feuille complète"),
            "won": _("Bonus : acquis"),
            "lost": _("Bonus : hors d'atteinte"),
            "in_column": _("%(bonus)s (colonne %(column)s)"),
            "lead": _("En tête"),
            "tied": _("En tête, à égalité"),
            "can_pass": _("Peut encore passer devant %(leader)s"),
            "can_tie": _("Au mieux à égalité avec %(leader)s"),
            "cannot": _("Ne peut plus passer devant %(leader)s"),
        }

    def of(self, state: GameState, seat: Seat) -> Prospects:
        """One player's Prospects."""
        return self.table(state)[seat.player.pk]

    def table(self, state: GameState) -> dict[int, Prospects]:
        """Every player's Prospects, by player pk: the leaders are found once."""
        leading = state.leading_total
        leaders = state.leaders()
        names = self.names([seat.player.name for seat in leaders])
        # Alone at the table, or nobody has scored yet: there is no race to tell.
        race = len(state.seats) > 1 and leading > 0
        lead = self.words["tied" if len(leaders) > 1 else "lead"]
        prospects = {}
        for seat in state.seats:
            lines = self.lines(seat)
            if race:
                lines.append(self.race(seat, leading, names, lead))
            prospects[seat.player.pk] = Prospects(lines)
        return prospects

    def lines(self, seat: Seat) -> list[tuple[str, str]]:
        outlook = seat.outlook
        if outlook.complete:
            best = self.words["complete"]
        else:
            best = ngettext(
                "Au mieux %(best)s point", "Au mieux %(best)s points", outlook.best
            ) % {"best": outlook.best}
        lines = [(best, "prospect")]
        for column in outlook.bonuses:
            text, classes = self.bonus(column)
            if self.multi:
                text = self.words["in_column"] % {
                    "bonus": text,
                    "column": self.columns[column.column],
                }
            lines.append((text, classes))
        return lines

    def bonus(self, column: BonusOutlook) -> tuple[str, str]:
        if column.won:
            return self.words["won"], "prospect is-good"
        if not column.reachable:
            return self.words["lost"], "prospect is-muted"
        words: dict[str, object] = {"needed": column.needed}
        if len(column.boxes) == len(self.upper):
            text = ngettext(
                "Bonus : il faut %(needed)s point dans le haut",
                "Bonus : il faut %(needed)s points dans le haut",
                column.needed,
            )
            return text % words, "prospect"
        words["boxes"] = self.names([self.upper[key] for key in column.boxes])
        if column.needs_everything:
            text = ngettext(
                "Bonus : il faut le maximum, %(needed)s point en %(boxes)s",
                "Bonus : il faut le maximum, %(needed)s points en %(boxes)s",
                column.needed,
            )
        else:
            text = ngettext(
                "Bonus : il faut %(needed)s point en %(boxes)s",
                "Bonus : il faut %(needed)s points en %(boxes)s",
                column.needed,
            )
        return text % words, "prospect"

    def race(self, seat: Seat, leading: int, names: str, lead: str) -> tuple[str, str]:
        if seat.total == leading:
            return lead, "prospect is-good"
        leader = {"leader": names}
        if seat.outlook.can_pass(leading):
            return self.words["can_pass"] % leader, "prospect"
        if seat.outlook.best == leading:
            return self.words["can_tie"] % leader, "prospect is-muted"
        return self.words["cannot"] % leader, "prospect is-muted"

    def names(self, names: list[str]) -> str:
        """A list in words: "Cinq et Six", "As, Deux et Six"."""
        if len(names) < 2:
            return "".join(names)
        return f"{', '.join(names[:-1])} {self.words['and']} {names[-1]}"


def prospects_of(prospect: Prospect) -> Prospects:
    """A player's `Prospect` (the State interface's) in words: its lines muted
    once the player can no longer win."""
    classes = "prospect is-muted" if prospect.can_win is False else "prospect"
    return Prospects([(translated(line), classes) for line in prospect.lines])


@lru_cache(maxsize=64)
def prospect_words(variant: Variant, language: str | None) -> ProspectWords:
    """The ProspectWords of a variant in a language (the active one: `language`
    only keys the cache)."""
    return ProspectWords(variant)


def player_prospects(state: GameState, player_pk: int) -> list[tuple[str, str]]:
    """One player's Prospects as lines, in the page's language (the Yams
    plug-in's `player_prospects`: the host's rename dialog)."""
    words = prospect_words(state.game.variant, get_language())
    return words.table(state)[player_pk].lines


class TableWords:
    """The fixed words of a variant's table in one language: the boxes' and
    columns' names, the rows' labels and what a screen reader says of a cell.
    `table_words` keeps one per variant and language, for every table and every
    render, as `prospect_words` does for the prospects."""

    def __init__(self, variant: Variant) -> None:
        self.boxes = {box.key: translated(box.label) for box in variant.boxes}
        # What the label column shows where the full name has no room.
        self.shorts = {
            box.key: pgettext("abréviation", box.short) for box in variant.boxes
        }
        self.columns = {c: translated(variant.column_label(c)) for c in variant.columns}
        self.says = {
            "crossed": _("%(name)s, %(box)s : barré"),
            "filled": _("%(name)s, %(box)s : %(points)s"),
            "open": _("%(name)s, %(box)s : remplir"),
            "add_yams": " — " + _("ajouter un Yams"),
            # With several columns, the column is part of a box's name: "Cleo,
            # As" would name the same control in each of them.
            "in_column": _("%(box)s (%(column)s)"),
            "upper": _("%(name)s, total haut : %(upper)s / %(target)s"),
            "bonus": _("%(name)s, bonus : %(bonus)s"),
            "no_bonus": _("%(name)s, pas de bonus"),
            "missing": _("%(name)s, bonus : il manque %(missing)s"),
            # What is still missing, not a minus sign: "−60" read as a penalty.
            "still": pgettext("bonus still missing", "encore"),
        }
        bonus_title = _("Bonus de %(points)s dès %(threshold)s en haut") % {
            "points": variant.bonus_points,
            "threshold": variant.bonus_threshold,
        }
        # Each row of totals: (its label, its title).
        self.rows = {
            "upper": (_("Haut"), _("Total de la section du haut")),
            "bonus": (_("Bonus"), bonus_title),
            "lower": (_("Bas"), _("Total de la section du bas")),
            "yams_bonus": (_("Prime"), _("Prime Yams (+100 par Yams de plus)")),
            "total": (_("Total"), _("Total")),
            "grand": (_("Total"), _("Total de toutes les colonnes")),
            "bank": (_("Réserve"), _("Lancers gardés en réserve")),
        }
        self.leader_mark = pgettext("leader", "1er")


@lru_cache(maxsize=64)
def table_words(variant: Variant, language: str | None) -> TableWords:
    """The TableWords of a variant in a language (the active one: `language`
    only keys the cache)."""
    return TableWords(variant)


@dataclass
class Head:
    seat: Seat
    span: int
    current: bool
    short: str
    total: int
    gap: int = 0  # points behind the leader
    totals: ScorecardTotals | None = None
    rename_url: str = ""  # the host's link to correct the name
    prospects: Prospects | None = None  # what is still possible
    # (row, its cells) of this player, once the game is over (the podium's)
    detail: list[tuple[Row, list[Cell]]] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.seat.player.name

    @property
    def pk(self) -> int:
        return self.seat.player.pk

    @property
    def first_column(self) -> Totals:
        assert self.totals is not None  # a Yams head has its totals
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
    heads: list[Head]
    subheads: list[SubHead]  # only under multi-column rules
    rows: list[Row]
    width: int  # number of value columns
    span: int  # value columns per player
    current: Head | None = None
    # (rank, head, tied)
    ranking: list[tuple[int, Head, bool]] = field(default_factory=list)
    # What the leader's column head says where the others say how far behind.
    leader_mark: str = ""

    @property
    def started(self) -> bool:
        return any(head.seat.entries for head in self.heads)

    @property
    def names(self) -> list[str]:
        return [head.name for head in self.heads]

    @property
    def several(self) -> bool:
        return len(self.heads) > 1

    @property
    def crowded(self) -> bool:
        # More than fit a phone scroll sideways, the box labels staying put.
        return self.width > MAX_NARROW_COLUMNS

    @property
    def short_labels(self) -> bool:
        return self.width > MAX_FULL_LABEL_COLUMNS

    @property
    def multi(self) -> bool:
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


def short_name(name: str, crowded: bool = False) -> str:
    """What a column head shows; the full name is one tap away. Columns of a
    fixed width end the name with "…" where it overflows, in whatever font the
    phone has; a table wide enough to scroll sizes its columns by their content:
    there the name is cut at 6 characters."""
    return name if not crowded or len(name) <= 6 else name[:5].rstrip() + "…"


def sheet_html(
    access: "Access", state: "State | None" = None, keep: bool = True
) -> str:
    """The #sheet of `access`'s role at its game's version, in the active language:
    rendered on the first ask, then the same text for every page and stream of the
    game in that role (nothing in it is per request).

    Kept in the local cache: the forty phones of a table that follow a new entry
    cost one rendering per process, not forty. `state`, the game's replayed sheets
    if the caller has them, is only read on a miss. `keep`: False for a write's
    answer, whose page then shows that version and asks no more; the text is kept
    for the pages and polls that ask for it, not held twice for every game
    followed."""
    game = access.game
    key = _sheet_key(access)
    kept = caches["local"].get(key)
    if kept is not None and kept[0] == game.version:
        return mark_safe(kept[1].decode())
    html = draw_sheet(access, state or game.state())
    if not keep:
        _forget_older(key, kept, game.version)
        return html
    # Kept as UTF-8: a true minus sign or a dash anywhere in the sheet makes
    # Python hold every character of its text in two bytes, and thousands of
    # games in play each keep a sheet per role. Decoding it again costs
    # microseconds; the memory is held for as long as the game is followed.
    caches["local"].set(key, (game.version, html.encode()))
    return html


def sheet_utf8(access: "Access") -> bytes:
    """`sheet_html`'s text as UTF-8, what a stream sends: the text a page kept for
    this version, or drawn anew and not kept (the streams keep their own event
    of it). No copy of the text is made as a safe string: each is as large as
    the sheet, at two bytes a character, and on every write they leave the
    process's heap with holes it does not give back."""
    game = access.game
    key = _sheet_key(access)
    kept = caches["local"].get(key)
    if kept is not None and kept[0] == game.version:
        return cast(bytes, kept[1])
    _forget_older(key, kept, game.version)
    return _sheet_text(access, game.state()).encode()


def _sheet_key(access: "Access") -> str:
    # The watch token, not the primary key: a test (or a restored) database may
    # give a new game the primary key of an old one, never its token. One host
    # link and one pencil link per version: the role names the token. Only the
    # newest version is kept: an older one is never asked for again.
    return f"sheet:{access.game.watch_token}:{access.role}:{get_language()}"


def _forget_older(key: str, kept: tuple[int, bytes] | None, version: int) -> None:
    """An older version's text, never asked for again: not held until it
    expires."""
    if kept is not None and kept[0] < version:
        caches["local"].delete(key)


def draw_sheet(access: "Access", state: "State") -> SafeString:
    """The #sheet drawn anew, for a page to embed as it is."""
    # Django's Jinja2 backend returns a plain str; its template escaped every
    # value (autoescape), so the pages that embed it may take it as it is.
    return mark_safe(_sheet_text(access, state))


def _sheet_text(access: "Access", state: "State") -> str:
    """The #sheet drawn anew: its Table, then templates/games/sheet.jinja (Jinja2,
    compiled to Python: the sheet is drawn on every write); a game of rounds
    draws its RoundsTable with templates/games/rounds_sheet.jinja: the kind's
    plug-in names its builder and its template."""
    context = {"access": access, "role": access.role, "game": access.game}
    if access.is_host:
        context["host_token"] = access.token
    # Each player's colour and mark, kept by the band from game to game.
    faces = access.game.faces(state)
    context["faces"] = faces
    # The score race, any kind's (games/race.py).
    context["race"] = race_of(
        access.game.game_kind.result_state(state), access.game.game_kind, faces=faces
    )
    kind = access.game.game_kind
    context.update(state=state, table=kind.sheet_builder_class(state, access).table())
    return render_to_string(kind.sheet_template, context)


@dataclass
class PlayerColumns:
    """One player's part of the table while it is built."""

    seat: Seat
    current: bool
    entries: dict[tuple[str, str], list[EntryLike]]  # (column, box key) -> entries
    free: dict[str, set[str]]  # column -> the box keys this page may open now


class TableBuilder:
    """Builds a Table row by row: what each cell says, what a screen reader reads
    of it and where it leads: links to open boxes (and to renaming) only for a
    role that may follow them. The same few sentences serve every cell of every
    table: they are translated once per variant and language (`TableWords`)."""

    def __init__(self, state: GameState, access: "Access") -> None:
        self.state = state
        self.variant = variant = state.game.variant
        self.columns = list(variant.columns)
        self.span = len(self.columns)
        self.multi = self.span > 1
        self.current = state.current.player.pk if state.current else None
        self.can_write = access.can_write and not state.finished
        self.box_url = (
            access.url_maker("box", player_id=0, column="column", box="box")
            if self.can_write
            else None
        )
        self.rename_url = (
            access.url_maker("rename", player_id=0) if access.can_rename else None
        )
        self.words = table_words(variant, get_language())
        self.upper_boxes = [b for b in variant.boxes if b.section == "upper"]
        self.lower_boxes = [b for b in variant.boxes if b.section == "lower"]
        self.players = [self.player_columns(seat) for seat in state.seats]
        self.short_labels = len(self.players) * self.span > MAX_FULL_LABEL_COLUMNS
        self.prospects = prospect_words(variant, get_language()).table(state)

    def player_columns(self, seat: Seat) -> PlayerColumns:
        current = seat.player.pk == self.current
        entries: dict[tuple[str, str], list[EntryLike]] = {}
        for entry in seat.entries:
            entries.setdefault((entry.column, entry.box), []).append(entry)
        opens = current and self.can_write
        free = {
            column: set(seat.scorecard.free_boxes(column)) if opens else set()
            for column in self.columns
        }
        return PlayerColumns(seat, current, entries, free)

    def table(self) -> Table:
        heads, rows = self.heads(), self.rows()
        leader = max(head.total for head in heads)
        span = self.span
        # Each player's own sheet is only shown on the end screen (its podium).
        finished = self.state.finished
        for index, head in enumerate(heads):
            head.gap = leader - head.total
            for row in rows if finished else ():
                if row.whole_player:
                    head.detail.append((row, row.cells[index : index + 1]))
                else:
                    cells = row.cells[index * span : (index + 1) * span]
                    head.detail.append((row, cells))
        by_player = {head.pk: head for head in heads}
        ranked = self.state.ranking()
        ranks = [standing.rank for standing in ranked]
        return Table(
            heads=heads,
            subheads=self.subheads(),
            rows=rows,
            width=len(heads) * span,
            span=span,
            current=by_player.get(self.current) if self.current is not None else None,
            ranking=[
                (s.rank, by_player[s.player.pk], ranks.count(s.rank) > 1)
                for s in ranked
            ],
            leader_mark=self.words.leader_mark,
        )

    def heads(self) -> list[Head]:
        crowded = len(self.players) * self.span > MAX_NARROW_COLUMNS
        return [
            Head(
                player.seat,
                self.span,
                player.current,
                short_name(player.seat.player.name, crowded),
                player.seat.totals.total,
                totals=player.seat.totals,
                rename_url=self.rename_url(player.seat.player.pk)
                if self.rename_url
                else "",
                prospects=self.prospects[player.seat.player.pk],
            )
            for player in self.players
        ]

    def subheads(self) -> list[SubHead]:
        if not self.multi:
            return []
        return [
            SubHead(
                column,
                COLUMN_SYMBOLS[column],
                self.words.columns[column],
                player.current,
                index == 0,
            )
            for player in self.players
            for index, column in enumerate(self.columns)
        ]

    # --- rows --------------------------------------------------------------------

    def rows(self) -> list[Row]:
        variant = self.variant
        rows = [self.box_row(box) for box in self.upper_boxes]
        rows.append(self.sum_row("upper", self.upper))
        rows.append(self.sum_row("bonus", self.bonus))
        rows += [self.box_row(box) for box in self.lower_boxes]
        rows.append(self.sum_row("lower", self.lower))
        if variant.yams_rule == "bonus":
            rows.append(self.sum_row("yams_bonus", self.yams_bonus))
        rows.append(self.sum_row("total", self.total, kind="total"))
        if self.multi:
            cells = self.player_cells("grand", lambda player: player.seat.total)
            rows.append(Row("grand", *self.words.rows["grand"], "grand", cells))
        if variant.saved_rolls:
            cells = self.player_cells(
                "total", lambda player: player.seat.scorecard.bank
            )
            rows.append(Row("bank", *self.words.rows["bank"], "bank", cells))
        return rows

    def box_row(self, box: Box) -> Row:
        cells = [
            self.box_cell(player, index, column, box)
            for player in self.players
            for index, column in enumerate(self.columns)
        ]
        label = self.words.boxes[box.key]
        short = self.words.shorts[box.key]
        if short == label or not (
            self.short_labels or len(label) > MAX_FULL_LABEL_CHARS
        ):
            short = ""
        return Row(box.key, label, label, "box", cells, box.section, short)

    def box_cell(
        self, player: PlayerColumns, index: int, column: str, box: Box
    ) -> Cell:
        entries = player.entries.get((column, box.key))
        cell = Cell(current=player.current, first=index == 0)
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
        if self.box_url and box.key in player.free[column]:
            cell.url = self.box_url(player.seat.player.pk, column, box.key)
            says = self.words.says
            label = self.words.boxes[box.key]
            if self.multi:
                label = says["in_column"] % {
                    "box": label,
                    "column": self.words.columns[column],
                }
            words: dict[str, object] = {"name": player.seat.player.name, "box": label}
            if not entries:
                cell.state = "open"
                cell.label = says["open"] % words
            elif crossed:
                cell.label = says["crossed"] % words + says["add_yams"]
            else:
                words["points"] = points
                cell.label = says["filled"] % words + says["add_yams"]
        return cell

    def sum_row(
        self,
        key: str,
        fill: Callable[[Cell, Totals, PlayerColumns, str], None],
        kind: str = "sum",
    ) -> Row:
        """A row of totals: `fill(cell, the column's totals, player, column)` writes
        what each cell says; its label and title are the words' of `key`."""
        cells = []
        for player in self.players:
            for index, column in enumerate(self.columns):
                cell = Cell(current=player.current, first=index == 0, state="total")
                fill(cell, player.seat.totals[column], player, column)
                cells.append(cell)
        return Row(key, *self.words.rows[key], kind, cells)

    def player_cells(
        self, state: str, value: Callable[[PlayerColumns], int]
    ) -> list[Cell]:
        """One cell per player, across all of their columns."""
        return [
            Cell(
                text=str(value(player)), state=state, current=player.current, first=True
            )
            for player in self.players
        ]

    # --- what a total cell says ----------------------------------------------------

    def upper(self, cell: Cell, t: Totals, player: PlayerColumns, column: str) -> None:
        cell.text = str(t.upper)
        if not t.bonus:
            cell.small = f"/{t.upper_target}"
        cell.label = self.words.says["upper"] % {
            "name": player.seat.player.name,
            "upper": t.upper,
            "target": t.upper_target,
        }

    def bonus(self, cell: Cell, t: Totals, player: PlayerColumns, column: str) -> None:
        name = player.seat.player.name
        if t.bonus:
            cell.text, cell.tone = f"+{t.bonus}", "good"
            cell.label = self.words.says["bonus"] % {"name": name, "bonus": t.bonus}
        elif all(player.seat.scorecard.filled(column, b.key) for b in self.upper_boxes):
            cell.text, cell.tone = "0", "muted"
            cell.label = self.words.says["no_bonus"] % {"name": name}
        else:
            cell.text, cell.tone = str(t.upper_missing), "muted"
            cell.note = self.words.says["still"]
            cell.label = self.words.says["missing"] % {
                "name": name,
                "missing": t.upper_missing,
            }

    def lower(self, cell: Cell, t: Totals, player: PlayerColumns, column: str) -> None:
        cell.text = str(t.lower)

    def yams_bonus(
        self, cell: Cell, t: Totals, player: PlayerColumns, column: str
    ) -> None:
        cell.text = f"+{t.yams_bonus}" if t.yams_bonus else "0"

    def total(self, cell: Cell, t: Totals, player: PlayerColumns, column: str) -> None:
        cell.text = str(t.total)
        cell.state = "total" if self.multi else "grand"


# --- the sheet of a game of rounds ---------------------------------------------


@dataclass(slots=True)
class RoundHead:
    """A player's column head: the name, the running total, the gap to the
    best."""

    pk: int
    name: str
    short: str
    total: int
    gap: int  # points from the best total (behind it, whichever way wins)
    current: bool = False  # deals the next round (tarot)
    rename_url: str = ""
    # What is still possible for the player (the watchers' popover, the big
    # screen's standings), as for Yams.
    prospects: Prospects | None = None


@dataclass(slots=True)
class RoundCell:
    points: str  # what the round gave the player, signed where it can be negative
    total: int  # the running total after the round
    # ×2 (doubled at Skyjo), beside the points; a word ("preneur", "partenaire"
    # at tarot) on its own line under them.
    mark: str = ""
    label: str = ""  # what a screen reader says of the cell


@dataclass(slots=True)
class RoundRow:
    number: int
    note: str  # the round in words, a line of its own: "Garde de Léa, faite de 8"
    cells: list[RoundCell]


@dataclass
class RoundsTable:
    heads: list[RoundHead]
    rows: list[RoundRow]
    # (rank, head, tied) best first
    ranking: list[tuple[int, RoundHead, bool]]
    number: int  # the round to come
    dealer: str  # who deals it ("" for a kind without a dealer)
    round_word: str  # "Manche" or "Donne"
    lower_wins: bool
    leader_mark: str
    can_write: bool
    new_round_url: str = ""
    end_url: str = ""
    reopen_url: str = ""
    last: str = ""  # the last round in words: "Donne 3 · Garde de Léa, faite de 8"

    @property
    def crowded(self) -> bool:
        """More than six players: the table scrolls sideways, the round numbers
        stay put."""
        return len(self.heads) > 6

    @property
    def winners(self) -> list[RoundHead]:
        return [head for rank, head, _tied in self.ranking if rank == 1]


class RoundsTableBuilder:
    """The RoundsTable of a game of rounds as `access`'s role sees it: rounds
    down, players across, the totals in the heads."""

    def __init__(self, state: rounds.RoundsGame, access: "Access") -> None:
        self.state = state
        self.access = access
        self.kind = cast(RoundKind, access.game.game_kind)

    def table(self) -> RoundsTable:
        state, access = self.state, self.access
        totals = state.totals
        best = (min if state.rules.lower_wins else max)(totals.values())
        dealer = state.dealer
        heads = [
            RoundHead(
                pk=player.pk,
                name=player.name,
                short=short_name(player.name, len(state.players) > 6),
                total=totals[player.pk],
                gap=abs(totals[player.pk] - best),
                current=dealer is not None and dealer.pk == player.pk,
                rename_url=(
                    access.url("rename", player_id=player.pk)
                    if access.can_rename
                    else ""
                ),
            )
            for player in state.players
        ]
        by_pk = {head.pk: head for head in heads}
        for pk, prospect in state.prospects().items():
            by_pk[pk].prospects = prospects_of(prospect)
        ranking = state.ranking()
        ranks = [standing.rank for standing in ranking]
        writes = access.can_write
        table = RoundsTable(
            heads=heads,
            rows=[self.row(n, r, t) for n, r, t in self.played()],
            ranking=[
                (s.rank, by_pk[s.player.pk], ranks.count(s.rank) > 1) for s in ranking
            ],
            number=state.number,
            dealer=dealer.name if dealer is not None else "",
            round_word=str(self.kind.words.round),
            lower_wins=state.rules.lower_wins,
            leader_mark=pgettext("leader", "1er"),
            can_write=writes,
        )
        if state.rounds:
            table.last = self.kind.round_summary(
                state, len(state.rounds), state.rounds[-1]
            )
        if writes:
            if not state.finished:
                table.new_round_url = access.url("new_round")
                if state.rounds:
                    table.end_url = access.url("end")
            elif access.game.ended_by_host:
                table.reopen_url = access.url("reopen")
        return table

    def played(self) -> Iterator[tuple[int, rounds.ScoredRound, dict[int, int]]]:
        """(number, round, totals after it) of every round, the newest last."""
        return zip(
            range(1, len(self.state.rounds) + 1),
            self.state.rounds,
            self.state.running_totals,
            strict=True,
        )

    def row(
        self, number: int, round_: rounds.ScoredRound, totals: dict[int, int]
    ) -> RoundRow:
        note, marks = self.kind.round_notes(self.state, round_)
        cells = []
        signed_points = self.kind.signed_points
        for player in self.state.players:
            points = round_.points[player.pk]
            text = rounds.signed(points) if signed_points else numbers.written(points)
            mark, words = marks.get(player.pk, ("", ""))
            label = _("%(name)s : %(points)s, total %(total)s") % {
                "name": player.name,
                "points": text,
                "total": numbers.written(totals[player.pk]),
            }
            if words:
                label = f"{label} ({words})"
            cells.append(RoundCell(text, totals[player.pk], mark, label))
        return RoundRow(number, note, cells)
