"""What the app's pictures share (a game's result, a band's evening): their
size, the paper and ink they are drawn with, the fonts and fitting a text to a
width, and the PNG they are sent as. Pillow is imported when a picture is first
drawn: most processes never draw one."""

from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, cast

from django.conf import settings

if TYPE_CHECKING:
    from PIL import Image, ImageDraw, ImageFont

    Font = ImageFont.FreeTypeFont

# The size message apps show a link's picture at.
SIZE = (1200, 630)

PAPER = (246, 241, 231)
CARD = (255, 253, 248)
INK = (29, 27, 24)
MUTED = (91, 86, 80)
ACCENT = (179, 38, 30)
LINE = (217, 208, 193)
CONFETTI = [(179, 38, 30), (30, 107, 58), (26, 95, 180), (230, 160, 20), (150, 60, 160)]

FONT_DIRS = [
    Path("/usr/share/fonts/truetype/dejavu"),
    Path(settings.BASE_DIR) / "static" / "fonts",
]
FONT_FILES = {
    True: ("DejaVuSans-Bold.ttf", "DejaVuSansCondensed-Bold.ttf"),
    False: ("DejaVuSans.ttf", "DejaVuSansCondensed.ttf"),
}


def font_path(bold: bool) -> Path | None:
    """Debian's DejaVu (fonts-dejavu-core) first, else the condensed DejaVu the
    PDFs ship in static/fonts: both carry every accent of the players' names."""
    for directory in FONT_DIRS:
        for name in FONT_FILES[bold]:
            if (directory / name).is_file():
                return directory / name
    return None


@lru_cache(maxsize=64)
def font(bold: bool, size: int) -> Font:
    from PIL import ImageFont

    path = font_path(bold)
    if path is not None:
        return ImageFont.truetype(str(path), size)
    # Pillow's own font lacks some accents, but the picture is still drawn.
    # With FreeType (in Pillow's wheels), a size gives a FreeTypeFont too.
    return cast("Font", ImageFont.load_default(size))


def fit(
    draw: ImageDraw.ImageDraw,
    text: str,
    bold: bool,
    size: int,
    max_width: float,
    min_size: int = 24,
) -> tuple[Font, str]:
    """The largest font (down to min_size) that fits text in max_width, and the
    text itself, shortened with an ellipsis if even min_size is too wide."""
    while size > min_size and draw.textlength(text, font=font(bold, size)) > max_width:
        size -= 2
    chosen = font(bold, size)
    if draw.textlength(text, font=chosen) <= max_width:
        return chosen, text
    while text and draw.textlength(text + "…", font=chosen) > max_width:
        text = text[:-1]
    return chosen, text.rstrip() + "…"


# The card's inner edges, and the baseline of its header.
LEFT, RIGHT, HEADER = 110, SIZE[0] - 110, 118


def card(draw: ImageDraw.ImageDraw, info: str) -> None:
    """The card every picture is drawn on: its frame, the app's name at the top
    left and `info` (what is played, when) at the top right. Text is placed by
    its baseline ("ls"/"rs" anchors) so that names with and without accents line
    up."""
    width, height = SIZE
    draw.rounded_rectangle(
        (60, 44, width - 60, height - 44), radius=28, fill=CARD, outline=LINE, width=3
    )
    draw.text((LEFT, HEADER + 2), "⚄", font=font(True, 44), fill=ACCENT, anchor="ls")
    draw.text(
        (LEFT + 56, HEADER), "Scorekeeper", font=font(True, 34), fill=INK, anchor="ls"
    )
    chosen, info = fit(draw, info, False, 28, 520, 20)
    draw.text((RIGHT, HEADER), info, font=chosen, fill=MUTED, anchor="rs")


def png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


# (most lines, the font sizes tried for them, largest first)
Steps = tuple[tuple[int, range], ...]


def wrap(
    draw: ImageDraw.ImageDraw,
    text: str,
    bold: bool,
    max_width: float,
    steps: Steps,
) -> tuple[Font, list[str]]:
    """A title on as few lines as possible, as large as possible: for each
    (most lines, sizes) of `steps` in turn, the largest size that fits; else one
    line cut to fit. Words are split on plain spaces only: French puts a no-break
    space before "!" so that it never ends up alone on a line."""
    words = text.split(" ")
    for max_lines, sizes in steps:
        for size in sizes:
            chosen = font(bold, size)
            lines, line = [], ""
            for word in words:
                attempt = f"{line} {word}" if line else word
                if line and draw.textlength(attempt, font=chosen) > max_width:
                    lines.append(line)
                    line = word
                else:
                    line = attempt
            lines.append(line)
            if len(lines) <= max_lines and all(
                draw.textlength(item, font=chosen) <= max_width for item in lines
            ):
                return chosen, lines
    chosen, cut = fit(draw, text, bold, 36, max_width, 36)
    return chosen, [cut]
