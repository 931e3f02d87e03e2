"""Which module imports which, read from the source: `bands` depends on `games`,
never the reverse; `keepsakes` reads `games` and neither `games` nor `bands`
imports it; and no project module reaches itself through its imports.

Every import counts, the ones inside functions too: an import moved into a
function still ties the two modules together, it only hides the loop."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("bands", "games", "keepsakes", "scorekeeper")

# Imports allowed to close a loop, each with its reason (none today): the last
# test fails when one of them is gone, so the list never outlives its reasons.
TOLERATED = set()


def project_modules():
    """{dotted name: path} of every module of the project's packages, migrations
    left out (Django loads them by name, not through imports)."""
    modules = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if "migrations" in parts:
                continue
            if parts[-1] == "__init__":
                parts = parts[:-1]
            modules[".".join(parts)] = path
    return modules


def imported_names(name, path, modules=()):
    """Every dotted name the module imports, at any depth of its code: for
    `from package import name`, the submodule when `name` is one of `modules`,
    else the package."""
    is_package = path.name == "__init__.py"
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = name.split(".")
                anchor = anchor[: len(anchor) - node.level + is_package]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                yield submodule if submodule in modules else base


def import_graph():
    """{module: set of project modules it imports}."""
    modules = project_modules()
    graph = {}
    for name, path in modules.items():
        graph[name] = {
            target
            for target in imported_names(name, path, modules)
            if target in modules and target != name
        }
    return graph


def find_cycle(graph):
    """One import loop as a list of modules (first == last), or None."""
    done, path = set(), []
    on_path = set()

    def visit(module):
        path.append(module)
        on_path.add(module)
        for target in sorted(graph[module]):
            if target in on_path:
                return [*path[path.index(target) :], target]
            if target not in done:
                cycle = visit(target)
                if cycle:
                    return cycle
        path.pop()
        on_path.discard(module)
        done.add(module)
        return None

    for module in sorted(graph):
        if module not in done:
            cycle = visit(module)
            if cycle:
                return cycle
    return None


def test_the_graph_sees_imports_inside_functions_and_relative_ones(tmp_path):
    source = tmp_path / "views.py"
    source.write_text(
        "from . import forms\n"
        "def view():\n"
        "    from bands.models import Band\n"
        "    import games.kinds.yams\n"
    )
    names = set(imported_names("games.views", source, {"games.forms"}))
    assert names == {"games.forms", "bands.models", "games.kinds.yams"}


def test_the_cycle_finder_finds_a_loop_through_three_modules():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def in_package(module, package):
    return module == package or module.startswith(f"{package}.")


def imports_of(importer, imported):
    """{module of `importer`: the modules of `imported` it imports}, where any."""
    graph = import_graph()
    assert graph, "no module found"
    offenders = {
        module: sorted(t for t in targets if in_package(t, imported))
        for module, targets in graph.items()
        if in_package(module, importer)
    }
    return {m: t for m, t in offenders.items() if t}


def test_games_never_imports_bands():
    assert imports_of("games", "bands") == {}


def test_games_never_imports_keepsakes():
    # What a game leaves behind reads the game; the game page only links to it.
    assert imports_of("games", "keepsakes") == {}


def test_bands_never_imports_keepsakes():
    # A band's CSV is band data, written by the band itself.
    assert imports_of("bands", "keepsakes") == {}


def test_the_guard_sees_what_keepsakes_imports_from_games():
    # The two guards above would pass on a graph that missed the app.
    assert "games.models" in imports_of("keepsakes", "games")["keepsakes.views"]


def test_no_project_module_imports_itself_through_others():
    graph = import_graph()
    for module, target in TOLERATED:
        graph[module].discard(target)
    assert find_cycle(graph) is None


def test_every_tolerated_import_is_still_there():
    graph = import_graph()
    assert {(m, t) for m, t in TOLERATED if t in graph[m]} == TOLERATED
