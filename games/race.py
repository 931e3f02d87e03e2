"""The score race drawn: every player's running total round by round as a line
chart. `race_of` works out the geometry (scales, one polyline per player, axis
ticks, where the leader's label goes) and the sentence a screen reader says, as
numbers and strings only; templates/games/race.jinja draws it as SVG, inside the
sheet (so it is pushed with every write) and on the result page (`draw_race`).

Any kind's game is drawn from the `State` interface (its running totals, players,
which way it is won, whether it is over), its plug-in giving the words of the
sentence and the game's length where it is known. Where the lowest total wins
(Skyjo) the totals' axis runs downwards, 0 at the top: the leader is the top
line, as everywhere else. Totals below zero (tarot, a counter) are drawn under a
zero line.

The chart is part of the sheet, drawn on every write: everything here is a few
arithmetic operations a point, the points formatted once."""

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import pairwise
from typing import cast

from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from bands.faces import Face
from games.kinds.base import GameKind, RoundWords
from games.kinds.state import State, leading_since
from scorekeeper.lib.numbers import written

# The players' colours: static/css/sheet.css's --p1 … --p10, the column heads'
# too; seats beyond take them round again.
COLOURS = 10

# The drawing's own units (its viewBox); the page scales it to its width. At 360
# wide it shows at about its own size on a 390 px phone: a unit is a pixel there.
WIDTH = 360
HEIGHT = 190
LEFT = 34  # the totals' figures
RIGHT = 12
TOP = 26  # the leader's label, above the highest line
BOTTOM = 22  # the rounds' figures
# The leader's label: names cut at so many characters, each about so wide.
LABEL_CHARS = 16
LABEL_EM = 7

# Steps between the totals' grid lines: the first that needs at most 4 lines
# (a counter's totals may run to millions).
Y_STEPS = tuple(
    base * 10**power // 10 for power in range(1, 10) for base in (10, 20, 25, 50)
)
# Steps between the rounds' figures: the first that needs at most 7.
X_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500)


@dataclass(slots=True)
class Tick:
    at: int  # x or y in the drawing's units
    label: str


@dataclass(slots=True)
class Line:
    colour: str  # "p1" … the class that gives its colour
    name: str
    total: int
    points: str  # the polyline's points attribute
    end_x: int
    end_y: int
    leader: bool
    face: Face | None = None  # the colour and mark the band keeps for the player


@dataclass(slots=True)
class Label:
    text: str
    colour: str
    x: int
    y: int
    anchor: str  # the SVG text-anchor: "end", or "start" near the left edge


@dataclass(slots=True)
class Race:
    width: int
    height: int
    left: int
    right: int  # x of the plot's right edge
    top: int
    bottom: int  # y of the plot's bottom edge
    grid: str  # the path of the totals' grid lines
    x_ticks: list[Tick]
    y_ticks: list[Tick]
    lines: list[Line]  # in seating order, as the legend lists them
    strokes: list[Line]  # in drawing order: the leader's last, on top
    label: Label
    now_x: int | None  # the round under way, while the game goes on
    summary: str  # what the chart says, in one sentence
    finished: bool
    open: bool  # drawn unfolded (the end screen, the result page)
    # The zero line's y, where totals go below it (else None: 0 is an edge).
    zero_y: int | None = None
    lower_wins: bool = False  # the axis runs downwards: the best on top


def nice_step(span: int, steps: tuple[int, ...], most: int) -> int:
    for step in steps:
        if span / step <= most:
            return step
    return steps[-1]


def short(name: str) -> str:
    return name if len(name) <= LABEL_CHARS else name[: LABEL_CHARS - 1].rstrip() + "…"


def race_lines(state: State) -> list[tuple[int, ...]]:
    """Each player's total at the start (0) and after each round, in seating
    order."""
    running = state.running_totals
    return [(0, *(totals[player.pk] for totals in running)) for player in state.players]


def race_of(
    state: State,
    kind: GameKind,
    unfolded: bool | None = None,
    faces: Mapping[str, Face] | None = None,
) -> Race | None:
    """The race of `state`'s game (of that kind), or None before the first
    round (nothing to draw). `unfolded`: drawn open; by default once the game
    is over. `faces`: the band's colour for each name it knows (the others take
    their seat's colour)."""
    faces = faces or {}
    players = state.players
    lines = race_lines(state)
    rounds = len(lines[0]) - 1 if lines else 0
    if rounds == 0:
        return None
    finished = state.finished
    lower_wins = state.lower_wins
    # The whole game's width from the first round on, where the kind knows it:
    # the lines run towards the finish as the game goes. Further Yams may add
    # turns beyond the boxes; a game ended early ends where it stopped.
    known = kind.race_length(state)
    length = rounds if known is None or (finished and rounds < known) else known
    length = max(rounds, length)
    highest = max(max(line) for line in lines)
    lowest = min(min(line) for line in lines)
    y_step = y_grid_step(lowest, highest)
    y_min = lowest // y_step * y_step if lowest < 0 else 0
    y_max = max(y_min + y_step, -(-highest // y_step) * y_step)

    right, bottom = WIDTH - RIGHT, HEIGHT - BOTTOM
    x_scale = (right - LEFT) / length
    y_scale = (bottom - TOP) / (y_max - y_min)
    xs = [round(LEFT + x_scale * point) for point in range(rounds + 1)]

    def y_of(points: int) -> int:
        # Where the lowest wins, the lowest total is drawn highest.
        if lower_wins:
            return round(TOP + y_scale * (points - y_min))
        return round(bottom - y_scale * (points - y_min))

    totals = [line[-1] for line in lines]
    best = min(totals) if lower_wins else max(totals)
    leaders = [index for index, points in enumerate(totals) if points == best]
    drawn = []
    drawn_ys = []
    for index, (player, line) in enumerate(zip(players, lines, strict=True)):
        ys = [y_of(points) for points in line]
        drawn_ys.append(ys)
        face = faces.get(player.name)
        drawn.append(
            Line(
                colour=face.css if face else f"p{index % COLOURS + 1}",
                face=face,
                name=player.name,
                total=line[-1],
                points=" ".join(f"{x},{y}" for x, y in zip(xs, ys, strict=True)),
                end_x=xs[-1],
                end_y=ys[-1],
                leader=index in leaders,
            )
        )
    # The leader's last point is the highest of the last round's: the label
    # goes above it. Its end on the point where there is room for it on the
    # left, else its start: right of the point, nothing is drawn.
    first = drawn[leaders[0]]
    text = " = ".join(short(drawn[i].name) for i in leaders) + f" · {written(best)}"
    room = first.end_x - LEFT >= len(text) * LABEL_EM
    y = first.end_y
    if room:
        # Above every line under it too: a Yams line only climbs, so nothing
        # is drawn there, but a line that falls back (a Skyjo total drawn
        # downwards, a tarot total) may run under the label.
        y = min(y, highest_y(xs, drawn_ys, first.end_x - len(text) * LABEL_EM))
    label = Label(
        text=text,
        colour=first.colour,
        x=first.end_x,
        y=max(y, TOP) - 9,
        anchor="end" if room else "start",
    )
    # Counted back from the last round: the finish always has its figure.
    x_step = nice_step(length, X_STEPS, 7)
    x_ticks = [
        Tick(round(LEFT + x_scale * point), str(point))
        for point in range(length, 0, -x_step)
    ][::-1]
    y_ticks = [
        Tick(y_of(points), written(points))
        for points in range(y_min, y_max + 1, y_step)
    ]
    words = kind.race_words()
    return Race(
        width=WIDTH,
        height=HEIGHT,
        left=LEFT,
        right=right,
        top=TOP,
        bottom=bottom,
        grid="".join(f"M{LEFT} {tick.at}H{right}" for tick in y_ticks),
        x_ticks=x_ticks,
        y_ticks=y_ticks,
        lines=drawn,
        strokes=[line for line in drawn if not line.leader]
        + [line for line in drawn if line.leader],
        label=label,
        now_x=None
        if finished or rounds >= length or not kind.race_marks_now
        else xs[-1],
        summary=summary(drawn, leaders, lines, finished, lower_wins, words),
        finished=finished,
        open=finished if unfolded is None else unfolded,
        zero_y=y_of(0) if y_min < 0 else None,
        lower_wins=lower_wins,
    )


def highest_y(xs: list[int], lines: list[list[int]], left: float) -> int:
    """The highest point (the least y) any line reaches right of `left`."""
    highest = HEIGHT
    for ys in lines:
        for (x0, y0), (x1, y1) in pairwise(zip(xs, ys, strict=True)):
            if x1 < left:
                continue
            if x0 < left:
                # Where the segment crosses `left`.
                y0 = round(y0 + (y1 - y0) * (left - x0) / (x1 - x0))
            highest = min(highest, y0, y1)
    return highest


def y_grid_step(lowest: int, highest: int) -> int:
    """The first step that draws the totals, from below 0 where they go there,
    with at most 4 spaces between grid lines."""
    top, floor = max(highest, 1), min(lowest, 0)
    for step in Y_STEPS:
        if -(-top // step) - floor // step <= 4:
            return step
    return Y_STEPS[-1]


def summary(
    drawn: list[Line],
    leaders: list[int],
    lines: list[tuple[int, ...]],
    over: bool,
    lower_wins: bool,
    words: RoundWords,
) -> str:
    """The race in one sentence: who leads and since when, and how far behind
    the runner-up is ("Sarah mène depuis le tour 9 ; Hugo est à 32 points");
    where the lowest total wins, the sentence says so."""
    best = drawn[leaders[0]].total
    if len(drawn) == 1:
        if over:
            alone = ngettext(
                "%(name)s finit avec %(total)s point",
                "%(name)s finit avec %(total)s points",
                best,
            )
        else:
            # A lazy ngettext: `%` picks the plural by the total.
            alone = cast(str, words.race_alone)
        facts = {"name": drawn[0].name, "total": best, "round": len(lines[0]) - 1}
        return alone % facts + "."
    if len(leaders) > 1:
        level = {
            "names": get_text_list([drawn[i].name for i in leaders], _("et")),
            "total": best,
        }
        if over:
            head = _("%(names)s finissent ex aequo, %(total)s points") % level
        else:
            head = _("%(names)s sont à égalité en tête, %(total)s points") % level
    else:
        # Where the lowest wins, the leader is "ahead" with fewer points.
        sign = -1 if lower_wins else 1
        since = {
            "name": drawn[leaders[0]].name,
            "round": leading_since(
                [[sign * p for p in line] for line in lines], leaders[0]
            ),
        }
        if over:
            head = (words.race_wins_lowest if lower_wins else words.race_wins) % since
        else:
            head = (words.race_leads_lowest if lower_wins else words.race_leads) % since
    # The runner-up only: the column heads say how far behind everyone is, and a
    # sentence read on every write must stay short.
    behind = [line for line in drawn if line.total != best]
    if not behind:
        return head + "."
    second = (min if lower_wins else max)(line.total for line in behind)
    names = [line.name for line in behind if line.total == second]
    gap = abs(best - second)
    if len(names) > 1:
        gap_words = {"names": get_text_list(names, _("et")), "gap": gap}
        if over:
            tail = ngettext(
                "%(names)s finissent %(gap)s point derrière",
                "%(names)s finissent %(gap)s points derrière",
                gap,
            )
        else:
            tail = ngettext(
                "%(names)s sont à %(gap)s point", "%(names)s sont à %(gap)s points", gap
            )
    else:
        gap_words = {"name": names[0], "gap": gap}
        # The kind's words (a team's name takes the plural); a lazy ngettext:
        # `%` picks the plural by the gap.
        tail = cast(str, words.race_behind_over if over else words.race_behind)
    joint = pgettext("between the parts of a sentence", " ; ")
    return head + joint + tail % gap_words + "."


def draw_race(
    state: State,
    kind: GameKind,
    unfolded: bool | None = None,
    faces: Mapping[str, Face] | None = None,
) -> SafeString:
    """The race as the sheet draws it (templates/games/race.jinja), for a page
    that shows it without the sheet (the result page); empty before the first
    round."""
    race = race_of(state, kind, unfolded, faces)
    if race is None:
        return mark_safe("")
    # Jinja2 escaped every value (autoescape): the page may take it as it is.
    return mark_safe(render_to_string("games/race.jinja", {"race": race}))
