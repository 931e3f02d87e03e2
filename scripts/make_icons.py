"""Draws the app icons (a die showing five, the site's red on its paper colour) once;
the PNG files are committed. Run again only to change the drawing."""

import pathlib

from PIL import Image, ImageDraw

PAPER = (246, 241, 231, 255)
RED = (179, 38, 30, 255)
WHITE = (255, 253, 248, 255)
OUT = pathlib.Path(__file__).resolve().parent.parent / "static" / "img"


def die(size, content):
    """A die of `content` × size centred on paper; a maskable icon keeps its
    drawing in the middle 80 % that every launcher mask leaves visible."""
    final = size
    size *= 4  # drawn large, then scaled down: smooth edges
    image = Image.new("RGBA", (size, size), PAPER)
    draw = ImageDraw.Draw(image)
    side = size * content
    left = (size - side) / 2
    draw.rounded_rectangle(
        (left, left, left + side, left + side), radius=side * 0.2, fill=RED
    )
    pip = side * 0.09
    for fx, fy in [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)]:
        cx, cy = left + side * fx, left + side * fy
        draw.ellipse((cx - pip, cy - pip, cx + pip, cy + pip), fill=WHITE)
    image = image.resize((final, final), Image.Resampling.LANCZOS).convert("RGB")
    # Three colours and their blends: a small palette keeps the files light.
    return image.quantize(colors=32)


if __name__ == "__main__":
    die(192, 0.84).save(OUT / "icon-192.png", optimize=True)
    die(512, 0.84).save(OUT / "icon-512.png", optimize=True)
    die(512, 0.62).save(OUT / "icon-maskable-512.png", optimize=True)
    die(180, 0.84).save(OUT / "apple-touch-icon.png", optimize=True)
