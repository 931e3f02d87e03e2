"""The question "which kind of game is this?" is answered in one place: each
kind's own package (games/kinds/<key>/, templates/kinds/<key>/) and the registry
that lists them. Everywhere else the code asks the kind's plug-in or the `State`
interface, so that adding a kind never means editing the views, the sheet, the
keepsakes or the bands. And the engines stay pure Python."""

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

from games.kinds import registry

ROOT = Path(__file__).resolve().parents[2]
APPS = ("bands", "games", "keepsakes", "scorekeeper")
KINDS_DIR = ROOT / "games" / "kinds"
KEYS = set(registry.KINDS)

# The classes of the kinds' engines: a check against one of them outside the
# kinds is a branch on the kind.
KIND_CLASSES = {
    "GameState",
    "RoundsGame",
    "RoundRules",
    "Variant",
    "SkyjoRules",
    "TarotRules",
    "TallyRules",
}


def app_modules():
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" in path.parts or path.is_relative_to(KINDS_DIR):
                continue
            yield path


def kind_branches(path: Path) -> list[str]:
    """Where a module names a kind's key or checks a kind's class."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and node.value in KEYS:
            found.append(f"{node.lineno}: {node.value!r}")
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("isinstance", "issubclass")
            and len(node.args) == 2
        ):
            names = {
                n.attr if isinstance(n, ast.Attribute) else getattr(n, "id", "")
                for n in ast.walk(node.args[1])
            }
            if names & KIND_CLASSES:
                found.append(f"{node.lineno}: isinstance on {names & KIND_CLASSES}")
        if isinstance(node, ast.Attribute) and node.attr == "is_yams":
            found.append(f"{node.lineno}: is_yams")
    return sorted(found, key=lambda where: int(where.split(":")[0]))


@pytest.mark.parametrize(
    "path", list(app_modules()), ids=lambda p: str(p.relative_to(ROOT))
)
def test_no_module_outside_the_kinds_asks_which_kind_it_is(path):
    assert kind_branches(path) == []


def templates_outside_the_kinds():
    for path in sorted((ROOT / "templates").rglob("*.jinja")):
        if (ROOT / "templates" / "kinds") in path.parents:
            continue
        yield path


KEY_PATTERN = "|".join(sorted(KEYS))
QUOTED_KEY = re.compile(rf"""["']({KEY_PATTERN})["']|\bis_yams\b""")


@pytest.mark.parametrize(
    "path", list(templates_outside_the_kinds()), ids=lambda p: p.name
)
def test_no_template_outside_the_kinds_asks_which_kind_it_is(path):
    text = path.read_text(encoding="utf-8")
    assert [m.group(0) for m in QUOTED_KEY.finditer(text)] == []


def test_the_guard_sees_a_key_a_class_check_and_is_yams(tmp_path):
    module = tmp_path / "branchy.py"
    module.write_text(
        "def f(game, state):\n"
        "    if game.kind == 'tarot':\n"
        "        return isinstance(state, rounds.RoundsGame)\n"
        "    return game.is_yams\n"
    )
    assert kind_branches(module) == [
        "2: 'tarot'",
        "3: isinstance on {'RoundsGame'}",
        "4: is_yams",
    ]
    assert QUOTED_KEY.search('{% if game.kind == "skyjo" %}')


def test_the_engines_and_the_state_interface_import_no_django():
    packages = ", ".join(f"games.kinds.{key}" for key in sorted(KEYS))
    code = (
        f"import sys, games.kinds.state, games.kinds.rounds, {packages}; "
        "assert 'django' not in sys.modules, 'django'"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
