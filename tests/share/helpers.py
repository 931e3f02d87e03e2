"""Reading the QR codes of the share page."""

import io
import re

from PIL import Image, ImageDraw


def rasterize_segno_svg(svg, pixels_per_module=4):
    """Draws an SVG made by segno (as the QR views serve it) into a Pillow image.

    segno writes the dark modules as horizontal strokes of one path
    ("M x y.5 h n m dx dy ...", stroke width 1, inside a `scale()` group) on a light
    square: reading that path back gives exactly what a browser draws, without
    an SVG library. Anything else in the path fails the test loudly.
    """
    text = svg.decode() if isinstance(svg, bytes) else svg
    size = re.search(r'<svg[^>]*\bviewBox="0 0 ([\d.]+) ([\d.]+)"', text) or re.search(
        r'<svg[^>]*\bwidth="([\d.]+)" height="([\d.]+)"', text
    )
    zoom = re.search(r'transform="scale\(([\d.]+)\)"', text)
    factor = float(zoom.group(1)) if zoom else 1.0
    modules = (float(size.group(1)) / factor, float(size.group(2)) / factor)
    light = re.search(r'<path fill="(#[0-9a-fA-F]+)" d="M0 0h', text)
    assert light is not None and light.group(1).lower() in ("#fff", "#ffffff")
    path = re.search(r'<path stroke="#000" d="([^"]+)"', text)
    assert path is not None, "no dark path in the SVG"
    px = pixels_per_module
    image = Image.new("L", (round(modules[0] * px), round(modules[1] * px)), 255)
    draw = ImageDraw.Draw(image)
    x = y = 0.0
    for command, args in re.findall(r"([A-Za-z])([^A-Za-z]*)", path.group(1)):
        numbers = [float(n) for n in re.findall(r"-?[\d.]+", args)]
        if command == "M":
            x, y = numbers
        elif command == "m":
            x, y = x + numbers[0], y + numbers[1]
        elif command == "h":
            end = x + numbers[0]
            # A stroke of width 1 centred on y: the row of modules from y-.5 to y+.5.
            draw.rectangle(
                (
                    round(x * px),
                    round((y - 0.5) * px),
                    round(end * px) - 1,
                    round((y + 0.5) * px) - 1,
                ),
                fill=0,
            )
            x = end
        else:
            raise AssertionError(f"unexpected path command {command!r}")
    return image


def png_bytes(image):
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
