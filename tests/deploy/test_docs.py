"""The README is a landing page (the pictures, the two commands, links) and the
rest is in docs/: every link between them leads somewhere, and the developer's
page places every module of the apps."""

import re

from tests.deploy.processes import ROOT

DOCS = ("playing", "production", "developing", "export", "benchmarks")
LINK = re.compile(r"\]\(([^)#\s]+)[^)]*\)|src=\"([^\"]+)\"")
PACKAGES = ("scorekeeper", "games", "keepsakes", "bands")


def test_the_readme_is_a_landing_page_with_its_pictures_commands_and_links():
    readme = (ROOT / "README.md").read_text()
    assert len(readme.splitlines()) <= 200
    assert "make run" in readme and "make test" in readme
    for picture in ("host-sheet", "watcher-phone", "result"):
        assert f'src="static/img/screenshots/{picture}.png"' in readme
    for page in DOCS:
        assert f"(docs/{page}.md)" in readme, page


def test_every_relative_link_of_the_readme_and_docs_leads_to_a_file():
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    assert len(pages) == len(DOCS) + 1
    broken = []
    for page in pages:
        for match in LINK.finditer(page.read_text()):
            target = match.group(1) or match.group(2)
            if re.match(r"[a-z]+:", target):
                continue
            if not (page.parent / target).exists():
                broken.append(f"{page.relative_to(ROOT)} → {target}")
    assert broken == []


def test_the_developers_page_places_every_module_of_the_apps():
    layout = (ROOT / "docs" / "developing.md").read_text()
    missing = [
        str(path.relative_to(ROOT))
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if "migrations" not in path.parts
        and path.name not in ("__init__.py", "apps.py")
        and path.name not in layout
    ]
    assert missing == []
