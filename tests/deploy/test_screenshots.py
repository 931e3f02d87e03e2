"""The README's pictures (static/img/screenshots/) are what scripts/screenshots.py
takes of today's pages: the script runs, and each picture it takes matches the
committed one within a tolerance (a font's hinting or a browser update may move a
few pixels; a page that changed moves many). After a change of the pages, run the
script again and commit its pictures."""

import subprocess
import sys

import pytest
from PIL import Image, ImageChops

from tests.deploy.processes import ROOT, clean_env

pytestmark = pytest.mark.browser

PICTURES = ("host-sheet.png", "watcher-phone.png", "result.png")
PICTURES_DIR = ROOT / "static" / "img" / "screenshots"
# A pixel differs when one of its channels moved by more than this (of 255)…
PIXEL_TOLERANCE = 48
# …and a picture matches when at most this share of its pixels differ.
SHARE_TOLERANCE = 0.02


def differing_share(taken, committed):
    with Image.open(taken) as a, Image.open(committed) as b:
        assert a.size == b.size, (taken.name, a.size, b.size)
        difference = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    channels = difference.split()
    moved = channels[0].point(lambda v: 255 if v > PIXEL_TOLERANCE else 0)
    for channel in channels[1:]:
        over = channel.point(lambda v: 255 if v > PIXEL_TOLERANCE else 0)
        moved = ImageChops.lighter(moved, over)
    width, height = moved.size
    return moved.histogram()[255] / (width * height)


def test_the_screenshot_script_takes_the_readme_pictures_again(tmp_path):
    result = subprocess.run(
        [sys.executable, "scripts/screenshots.py", "--out", str(tmp_path)],
        cwd=ROOT,
        env=clean_env(),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    readme = (ROOT / "README.md").read_text()
    for name in PICTURES:
        assert f"static/img/screenshots/{name}" in readme
        share = differing_share(
            tmp_path / name, ROOT / "static" / "img" / "screenshots" / name
        )
        assert share <= SHARE_TOLERANCE, (
            f"{name}: {share:.1%} of its pixels changed; if the page changed on "
            "purpose, run scripts/screenshots.py and commit static/img/screenshots/"
        )


def test_the_comparison_sees_a_changed_picture(tmp_path):
    committed = PICTURES_DIR / PICTURES[0]
    with Image.open(committed) as image:
        changed = image.convert("RGB")
    width, height = changed.size
    changed.paste((0, 0, 0), (0, 0, width, height // 5))
    changed.save(tmp_path / "changed.png")
    assert differing_share(committed, committed) == 0
    assert differing_share(tmp_path / "changed.png", committed) > SHARE_TOLERANCE
