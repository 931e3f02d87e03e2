"""The stylesheets and scripts production serves are ours without their comments:
smaller, the same rules and the same code (scorekeeper/staticfiles.py)."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles.storage import ManifestStaticFilesStorage
from django.core.files.storage import FileSystemStorage

from scorekeeper import staticfiles
from scorekeeper.staticfiles import (
    LeanCompressedManifestStaticFilesStorage,
    is_ours,
    lean_css,
    lean_js,
)

ROOT = Path(settings.BASE_DIR)
OUR_SCRIPTS = sorted(ROOT.glob("static/js/*.js")) + sorted(ROOT.glob("*/static/*/*.js"))


def test_a_stylesheet_keeps_its_rules_and_loses_its_comments():
    css = """/* The sheet.
   Two lines of why. */
.a { color: red; } /* beside a rule */
  .b::after { content: "▾"; }

"""
    assert lean_css(css) == '.a { color: red; }\n.b::after { content: "▾"; }\n'


def test_a_script_loses_its_comment_lines_and_indentation_but_keeps_its_lines():
    js = """// Why this file.
(function () {
  "use strict";
  // Why this line.
  var url = "http://example.org/a"; // kept: a comment after code stays
  return url
})();
"""
    assert lean_js(js) == (
        '(function () {\n"use strict";\n'
        'var url = "http://example.org/a"; // kept: a comment after code stays\n'
        "return url\n})();\n"
    )


def test_only_the_projects_own_files_are_made_lean():
    import django_htmx

    assert is_ours(FileSystemStorage(location=ROOT / "static"))
    assert is_ours(FileSystemStorage(location=ROOT / "bands" / "static"))
    package = Path(django_htmx.__file__).parent / "static"
    assert not is_ours(FileSystemStorage(location=package))


@pytest.mark.skipif(not shutil.which("node"), reason="needs node to parse JavaScript")
@pytest.mark.parametrize("path", OUR_SCRIPTS, ids=lambda p: p.name)
def test_every_script_of_ours_still_parses_once_lean(path, tmp_path):
    lean = tmp_path / path.name
    lean.write_text(lean_js(path.read_text()))
    check = subprocess.run(
        ["node", "--check", str(lean)], capture_output=True, text=True, timeout=30
    )
    assert check.returncode == 0, check.stderr
    assert len(lean.read_text()) < len(path.read_text())


def test_a_stylesheet_put_in_a_page_is_its_lean_text(monkeypatch, tmp_path):
    source = tmp_path / "x.css"
    source.write_text("/* why */\n  .a { color: red; }\n")
    monkeypatch.setattr(staticfiles.finders, "find", lambda name: str(source))
    assert str(staticfiles.css_text("css/x.css")) == ".a { color: red; }\n"


def test_stylesheets_put_in_a_page_follow_one_another(monkeypatch, tmp_path):
    for name, rule in (("x", ".a { color: red; }"), ("y", ".b { color: blue; }")):
        (tmp_path / f"{name}.css").write_text(f"/* {name} */\n{rule}\n")
    monkeypatch.setattr(
        staticfiles.finders, "find", lambda name: str(tmp_path / Path(name).name)
    )
    text = staticfiles.css_text("css/x.css", "css/y.css")
    assert str(text) == ".a { color: red; }\n.b { color: blue; }\n"


def test_a_stylesheet_that_could_end_its_style_element_is_not_put_in_a_page(
    monkeypatch, tmp_path
):
    source = tmp_path / "x.css"
    source.write_text('.a::after { content: "</style><b>"; }\n')
    monkeypatch.setattr(staticfiles.finders, "find", lambda name: str(source))
    with pytest.raises(ValueError):
        staticfiles.css_text("css/x.css")


def test_a_stylesheet_with_a_relative_url_is_not_put_in_a_page(monkeypatch, tmp_path):
    source = tmp_path / "x.css"
    source.write_text('.a { background: url("img/x.png"); }\n')
    monkeypatch.setattr(staticfiles.finders, "find", lambda name: str(source))
    with pytest.raises(ValueError):
        staticfiles.css_text("css/x.css")


def test_a_collected_files_url_is_the_manifests(tmp_path, settings):
    settings.DEBUG = False
    (tmp_path / "staticfiles.json").write_text(
        json.dumps(
            {"version": "1.1", "hash": "h", "paths": {"css/a b.css": "css/a b.1f.css"}}
        )
    )
    ours = LeanCompressedManifestStaticFilesStorage(
        location=tmp_path, base_url="/static/"
    )
    django = ManifestStaticFilesStorage(location=tmp_path, base_url="/static/")
    for name in ("css/a b.css", "css/a b.css#top", "img/"):
        assert ours.url(name) == django.url(name)
    settings.DEBUG = True
    assert ours.url("css/a b.css") == django.url("css/a b.css") == "/static/css/a b.css"
