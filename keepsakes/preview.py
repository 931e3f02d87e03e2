"""The preview image of a game's result: a 1200×630 PNG drawn with Pillow.

A message app that only reads Open Graph tags still shows who won: the image
carries the result's title, score and ranking, in the words `keepsakes.result`
writes for the result page. It is cached per game version, so it is drawn once per
write.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from django.core.cache import caches
from django.utils import formats, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.models import Game, State

if TYPE_CHECKING:
    from PIL import ImageDraw

    from keepsakes.result import RankRow

from keepsakes.result import (
    game_date,
    points_text,
    preview_kicker,
    ranking_rows,
    result_title,
    started,
    top_total,
    variant_label,
)
from scorekeeper.lib import pictures
from scorekeeper.lib.pictures import ACCENT, CONFETTI, INK, LINE, MUTED, PAPER

PREVIEW_SIZE = pictures.SIZE
PREVIEW_CACHE_SECONDS = 60 * 60 * 24


def preview_cache_key(game: Game) -> str:
    language = translation.get_language()
    return f"result-preview:{game.watch_token}:{game.version}:{language}"


def preview_png(game: Game, state: State | None = None) -> bytes:
    """The 1200×630 preview image of a game's result (bytes), cached per version.

    Every write bumps `game.version`, so a cached image is never stale; the state
    is only replayed when the image has to be drawn.
    """
    key = preview_cache_key(game)
    # Drawn once per version in each process: message apps ask for it again
    # and again when the result is shared.
    data = caches["local"].get(key)
    if data is None:
        state = state if state is not None else game.state()
        data = draw_preview(game, game.game_kind.result_state(state))
        caches["local"].set(key, data, PREVIEW_CACHE_SECONDS)
    return data


def _confetti(draw: ImageDraw.ImageDraw, seed: int, finished: bool) -> None:
    rng = random.Random(seed)
    width, height = PREVIEW_SIZE
    count = 70 if finished else 18
    for _piece in range(count):
        # Along the edges only, so the text stays on calm paper.
        x = rng.choice([rng.randint(0, 120), rng.randint(width - 140, width)])
        y = rng.randint(0, height)
        if rng.random() < 0.5:
            x, y = (
                rng.randint(0, width),
                rng.choice([rng.randint(0, 34), rng.randint(height - 34, height)]),
            )
        w, h = rng.randint(8, 18), rng.randint(4, 9)
        angle = rng.random()
        points = (
            [
                (x, y),
                (x + w, y + h * angle),
                (x + w - h, y + h + h * angle),
                (x - h, y + h),
            ]
            if angle > 0.5
            else [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        )
        draw.polygon(points, fill=rng.choice(CONFETTI))


# The title: one line from 84 px down to 60, else two, else three
# ("Marie-Christine, Jean-Baptiste et Léa, ex aequo !").
TITLE_STEPS = (
    (1, range(84, 59, -4)),
    (2, range(72, 47, -4)),
    (3, range(56, 35, -4)),
)


def draw_preview(game: Game, state: State) -> bytes:
    from PIL import Image, ImageDraw

    width, height = PREVIEW_SIZE
    image = Image.new("RGB", PREVIEW_SIZE, PAPER)
    draw = ImageDraw.Draw(image)
    _confetti(draw, game.pk, state.finished)
    date = formats.date_format(game_date(game), "DATE_FORMAT")
    info = _("%(variant)s, %(date)s") % {"variant": variant_label(game), "date": date}
    pictures.card(draw, info)
    left, right = pictures.LEFT, pictures.RIGHT

    rows = ranking_rows(state)
    column = 540 if len(rows) > 1 else right - left
    small = preview_kicker(game, state)
    font, small = pictures.fit(draw, small, False, 30, column, 20)
    draw.text((left, 212), small, font=font, fill=MUTED, anchor="ls")

    title = result_title(state, game.game_kind.result_words)
    font, lines = pictures.wrap(draw, title, True, column, TITLE_STEPS)
    size = font.size
    baseline = 212 + 18 + round(size * 0.95)
    for index, line in enumerate(lines):
        if index:
            baseline += round(size * 1.18)
        draw.text((left, baseline), line, font=font, fill=INK, anchor="ls")
    total = top_total(state)
    if state.finished:
        score = points_text(total)
    elif started(state):
        score = _("En tête : %(total)s") % {"total": points_text(total)}
    else:
        score = ""
    if score:
        largest = (96 if len(lines) == 1 else 72) if state.finished else 60
        font, score = pictures.fit(draw, score, True, largest, column, 40)
        baseline += round(font.size * 1.1) + 8
        draw.text((left, baseline), score, font=font, fill=ACCENT, anchor="ls")

    if len(rows) > 1:
        _draw_ranking(
            draw,
            rows,
            x0=left + column + 50,
            x1=right,
            top=172,
            highlight=started(state),
        )
    return pictures.png(image)


def _draw_ranking(
    draw: ImageDraw.ImageDraw,
    rows: Sequence[RankRow],
    x0: int,
    x1: int,
    top: int,
    highlight: bool = True,
) -> None:
    # Up to ten players: all of them fit in smaller rows; beyond eight the last
    # line says how many more there are.
    shown = rows if len(rows) <= 8 else rows[:7]
    if len(shown) <= 5:
        step, size = 66, 38
    else:
        step, size = 46, 30
    bold = pictures.font(True, size)
    name_left = x0 + round(size * 1.6)
    widest_points = max(draw.textlength(row.total_text, font=bold) for row in shown)
    room = x1 - widest_points - 20 - name_left
    # One size for every name (a long name is shortened, not shrunk alone).
    names_size = size
    while names_size > 22 and any(
        draw.textlength(row.name, font=pictures.font(row.rank == 1, names_size)) > room
        for row in shown
    ):
        names_size -= 2
    for index, row in enumerate(shown):
        baseline = top + size + index * step
        if index:
            rule = baseline - size - (step - size) // 2
            draw.line((x0, rule, x1, rule), fill=LINE, width=2)
        colour = ACCENT if row.rank == 1 and highlight else INK
        draw.text((x0, baseline), f"{row.rank}.", font=bold, fill=colour, anchor="ls")
        points = row.total_text
        draw.text((x1, baseline), points, font=bold, fill=colour, anchor="rs")
        font, name = pictures.fit(
            draw, row.name, row.rank == 1, names_size, room, names_size
        )
        draw.text((name_left, baseline), name, font=font, fill=colour, anchor="ls")
    if len(rows) > len(shown):
        more = len(rows) - len(shown)
        text = ngettext("et %(count)d autre", "et %(count)d autres", more) % {
            "count": more
        }
        draw.text(
            (x0, top + len(shown) * step + 26),
            text,
            font=pictures.font(False, 26),
            fill=MUTED,
            anchor="ls",
        )
