"""Guard: the capability links' prefixes are spelled once
(scorekeeper/lib/capabilities.py). Every URL that takes a token sits under one of
them, each of them serves token URLs, and no project module spells one by hand."""

import re
from pathlib import Path

from django.urls import URLPattern, URLResolver, get_resolver

from scorekeeper.lib.capabilities import CAPABILITY_PREFIXES, PUBLIC_RESULT_PREFIX

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("bands", "games", "keepsakes", "scorekeeper")
# A prefix written out in a string: "/h/", 'r/<', "w/{token}" and the like.
SPELLED = re.compile(r"""["'](/?[hwcbr])/(["'<{]|$)""")


def routes(patterns=None, prefix=""):
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            yield from routes(pattern.url_patterns, route)
        elif isinstance(pattern, URLPattern):
            yield route


def test_every_url_with_a_token_sits_under_a_capability_prefix():
    with_token = [f"/{r}" for r in routes() if re.search(r"<\w*token>", r)]
    assert len(with_token) > 20
    outside = [r for r in with_token if not r.startswith(CAPABILITY_PREFIXES)]
    assert outside == []
    # And each prefix serves token pages: none is left over from a removed app.
    for prefix in CAPABILITY_PREFIXES:
        assert any(r.startswith(prefix) for r in with_token), prefix
    assert PUBLIC_RESULT_PREFIX in CAPABILITY_PREFIXES


def test_no_project_module_spells_a_capability_prefix_by_hand():
    spelled = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            for number, line in enumerate(path.read_text().splitlines(), 1):
                if SPELLED.search(line.split("#")[0]):
                    spelled.append(f"{path.relative_to(ROOT)}:{number}: {line}")
    assert spelled == []


def test_the_guard_sees_a_prefix_spelled_by_hand():
    assert SPELLED.search('SHAREABLE = ("/r/",)')
    assert SPELLED.search('path("h/<host_token>/", views.host)')
    assert SPELLED.search('f"/w/{token}/"')
    assert not SPELLED.search('path(f"{HOST}/<host_token>/", views.host)')
    assert not SPELLED.search('"static/js/sw.js"')
