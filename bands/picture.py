"""The evening's ranking as a picture: a 1200×630 PNG drawn with Pillow.

Drawn the way a game's result is (keepsakes.preview: the same paper, card,
fonts, confetti and ranking column, from scorekeeper.lib.pictures), so the two
look alike in the group's chat. Cached per content:
the evening changes only when one of its games ends, or a name is merged.
"""

from __future__ import annotations

import datetime
import hashlib
import random
from typing import TYPE_CHECKING

from django.core.cache import caches
from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from bands.models import Band
from bands.stats import Evening, EveningPlace
from scorekeeper.lib import pictures
from scorekeeper.lib.pictures import ACCENT, CONFETTI, INK, LINE, MUTED, PAPER

if TYPE_CHECKING:
    from PIL import ImageDraw


PICTURE_SIZE = pictures.SIZE
PICTURE_CACHE_SECONDS = 60 * 60 * 6


def points_text(points: int) -> str:
    return ngettext("%(count)d point", "%(count)d points", points) % {"count": points}


def names_list(names: list[str]) -> str:
    """ "Léa", "Léa et Hugo", "Léa, Hugo et Zoé"."""
    if len(names) < 2:
        return "".join(names)
    return _("%(names)s et %(last)s") % {
        "names": ", ".join(names[:-1]),
        "last": names[-1],
    }


def title(evening: Evening | None) -> str:
    """Who leads the evening, in the words of the page."""
    if evening is None:
        return _("Pas encore de partie ce soir")
    leaders = [place.name for place in evening.leaders]
    if not leaders:
        return _("Personne ne mène encore la soirée")
    if len(leaders) == 1:
        return _("%(name)s mène la soirée") % {"name": leaders[0]}
    return _("%(names)s, ex aequo") % {"names": names_list(leaders)}


def kicker(band: Band, evening: Evening | None) -> str:
    count = len(evening.games) if evening else 0
    return ngettext(
        "La soirée de %(band)s, %(count)d partie",
        "La soirée de %(band)s, %(count)d parties",
        count,
    ) % {"band": band.name, "count": count}


def evening_png(band: Band, evening: Evening | None) -> bytes:
    """The picture of `evening` (bytes), drawn once per content and language;
    None: the evening still to come, as the page says it."""
    rows = [(p.rank, p.name, p.points) for p in evening.ranking] if evening else []
    day = evening_day(evening)
    count = len(evening.games) if evening else 0
    facts = repr((band.pk, band.name, day, rows, count))
    digest = hashlib.sha256(facts.encode()).hexdigest()[:32]
    key = f"evening-picture:{digest}:{translation.get_language()}"
    data = caches["local"].get(key)
    if data is None:
        data = draw_evening(band, evening)
        caches["local"].set(key, data, PICTURE_CACHE_SECONDS)
    return data


def evening_day(evening: Evening | None) -> datetime.date:
    moment = evening.began if evening else timezone.now()
    return timezone.localtime(moment).date()


# The title: one line, else two, else three, as large as each allows.
TITLE_STEPS = (
    (1, range(76, 55, -4)),
    (2, range(64, 43, -4)),
    (3, range(52, 35, -4)),
)


def _confetti(draw: ImageDraw.ImageDraw, seed: int) -> None:
    rng = random.Random(seed)
    width, height = PICTURE_SIZE
    for _piece in range(70):
        # Along the edges only, so the text stays on calm paper.
        x = rng.choice([rng.randint(0, 120), rng.randint(width - 140, width)])
        y = rng.randint(0, height)
        if rng.random() < 0.5:
            x, y = (
                rng.randint(0, width),
                rng.choice([rng.randint(0, 34), rng.randint(height - 34, height)]),
            )
        w, h = rng.randint(8, 18), rng.randint(4, 9)
        draw.rectangle((x, y, x + w, y + h), fill=rng.choice(CONFETTI))


def draw_evening(band: Band, evening: Evening | None) -> bytes:
    from PIL import Image, ImageDraw

    width, height = PICTURE_SIZE
    image = Image.new("RGB", PICTURE_SIZE, PAPER)
    draw = ImageDraw.Draw(image)
    _confetti(draw, band.pk)
    pictures.card(draw, formats.date_format(evening_day(evening), "DATE_FORMAT"))
    left, right = pictures.LEFT, pictures.RIGHT

    rows = evening.ranking if evening else []
    column = 540 if len(rows) > 1 else right - left
    font, small = pictures.fit(draw, kicker(band, evening), False, 30, column, 20)
    draw.text((left, 212), small, font=font, fill=MUTED, anchor="ls")
    font, lines = pictures.wrap(draw, title(evening), True, column, TITLE_STEPS)
    size = font.size
    baseline = 212 + 18 + round(size * 0.95)
    for index, line in enumerate(lines):
        if index:
            baseline += round(size * 1.18)
        draw.text((left, baseline), line, font=font, fill=INK, anchor="ls")
    if evening and evening.leaders:
        score = points_text(evening.leaders[0].points)
        font, score = pictures.fit(
            draw, score, True, 88 if len(lines) == 1 else 64, column
        )
        baseline += round(font.size * 1.1) + 8
        draw.text((left, baseline), score, font=font, fill=ACCENT, anchor="ls")
    rule = _("Un point par joueur battu dans chaque partie")
    font, rule = pictures.fit(draw, rule, False, 24, column, 18)
    draw.text((left, height - 84), rule, font=font, fill=MUTED, anchor="ls")
    if len(rows) > 1:
        _draw_ranking(draw, rows, x0=left + column + 50, x1=right, top=172)
    return pictures.png(image)


def _draw_ranking(
    draw: ImageDraw.ImageDraw, rows: list[EveningPlace], x0: int, x1: int, top: int
) -> None:
    # Up to eight players in rows; beyond, the last line says how many more.
    shown = rows if len(rows) <= 8 else rows[:7]
    step, size = (66, 38) if len(shown) <= 5 else (46, 30)
    bold = pictures.font(True, size)
    name_left = x0 + round(size * 1.6)
    totals = [str(row.points) for row in shown]
    widest = max(draw.textlength(total, font=bold) for total in totals)
    room = x1 - widest - 20 - name_left
    names_size = size
    while names_size > 22 and any(
        draw.textlength(row.name, font=pictures.font(row.won, names_size)) > room
        for row in shown
    ):
        names_size -= 2
    for index, (row, total) in enumerate(zip(shown, totals, strict=True)):
        baseline = top + size + index * step
        if index:
            line = baseline - size - (step - size) // 2
            draw.line((x0, line, x1, line), fill=LINE, width=2)
        colour = ACCENT if row.won else INK
        draw.text((x0, baseline), f"{row.rank}.", font=bold, fill=colour, anchor="ls")
        draw.text((x1, baseline), total, font=bold, fill=colour, anchor="rs")
        font, name = pictures.fit(draw, row.name, row.won, names_size, room, names_size)
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
