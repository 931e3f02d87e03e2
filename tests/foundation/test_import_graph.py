"""Apps depend one way: `games` may use `bands` (a game belongs to a band),
`keepsakes` may use both, `bands` uses neither and `games` never uses
`keepsakes`; `scorekeeper.lib` uses no app at all. And no project module reaches
itself through its imports.

A dependency is more than an import: a foreign key to another app's model and a
migration depending on another app's migration tie the two apps together as
surely, so all three are checked against the same rule.

Every import counts, the ones inside functions too: an import moved into a
function still ties the two modules together, it only hides the loop."""

import ast
import importlib
import pkgutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("bands", "games", "keepsakes", "scorekeeper")
LIB = "scorekeeper.lib"

# Which app may depend on which; an app missing from another's set may not.
MAY_USE = {
    "games": {"bands"},
    "bands": set(),
    "keepsakes": {"games", "bands"},
}

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


def app_of(module):
    """The app a dotted module name (or app label) belongs to, or None."""
    app = module.split(".")[0]
    return app if app in MAY_USE else None


def refused(dependencies):
    """The (app, app it uses, where) among `dependencies` the one-way rule
    refuses; what is not between two apps is not this rule's business."""
    return sorted(
        (user, used, where)
        for user, used, where in dependencies
        if user in MAY_USE
        and used in MAY_USE
        and user != used
        and used not in MAY_USE[user]
    )


def import_dependencies():
    """(app, app, module → module) for every import of a project module."""
    for module, targets in import_graph().items():
        for target in targets:
            yield app_of(module), app_of(target), f"{module} imports {target}"


def foreign_key_dependencies():
    """(app, app, field) for every relation a model declares (foreign keys,
    one-to-one and many-to-many fields), read from the app registry."""
    from django.apps import apps

    for model in apps.get_models():
        for field in model._meta.get_fields():
            if field.is_relation and not field.auto_created and field.related_model:
                yield (
                    model._meta.app_label,
                    field.related_model._meta.app_label,
                    f"{model._meta.label}.{field.name}",
                )


def migration_dependencies():
    """(app, app, migration) for every dependency of a project app's migrations:
    its `dependencies`, and its `run_before` (which makes the other app's
    migration depend on this one)."""
    from django.apps import apps

    for config in apps.get_app_configs():
        if config.label not in MAY_USE:
            continue
        try:
            package = importlib.import_module(f"{config.name}.migrations")
        except ModuleNotFoundError:
            continue
        for info in pkgutil.iter_modules(package.__path__):
            module = importlib.import_module(f"{package.__name__}.{info.name}")
            migration = module.Migration
            where = f"{config.label}.{info.name}"
            for label, _name in migration.dependencies:
                yield config.label, label, where
            for label, _name in getattr(migration, "run_before", []):
                yield label, config.label, f"{where} (run_before)"


def test_the_rule_refuses_only_the_wrong_way_between_two_apps():
    dependencies = [
        ("games", "bands", "a game belongs to a band"),
        ("keepsakes", "games", "a result page reads a game"),
        ("bands", "games", "wrong"),
        ("bands", "keepsakes", "wrong too"),
        ("games", "keepsakes", "and this"),
        ("bands", "bands", "within an app"),
        ("bands", "django_q", "outside the project's apps"),
    ]
    assert refused(dependencies) == [
        ("bands", "games", "wrong"),
        ("bands", "keepsakes", "wrong too"),
        ("games", "keepsakes", "and this"),
    ]


def test_apps_import_each_other_one_way():
    graph = import_graph()
    assert graph, "no module found"
    assert refused(import_dependencies()) == []


def test_the_helpers_every_app_uses_import_no_app():
    graph = import_graph()
    lib = {m: t for m, t in graph.items() if m == LIB or m.startswith(LIB + ".")}
    assert lib, "no module found in scorekeeper.lib"
    offenders = {
        module: sorted(t for t in targets if not t.startswith(LIB))
        for module, targets in lib.items()
    }
    assert {m: t for m, t in offenders.items() if t} == {}


def test_foreign_keys_point_one_way_between_apps():
    dependencies = list(foreign_key_dependencies())
    assert ("games", "bands", "games.Game.band") in dependencies
    assert refused(dependencies) == []


def test_migrations_depend_one_way_between_apps():
    dependencies = list(migration_dependencies())
    assert ("games", "bands", "games.0001_initial") in dependencies
    assert refused(dependencies) == []


def test_no_project_module_imports_itself_through_others():
    graph = import_graph()
    for module, target in TOLERATED:
        graph[module].discard(target)
    assert find_cycle(graph) is None


def test_every_tolerated_import_is_still_there():
    graph = import_graph()
    assert {(m, t) for m, t in TOLERATED if t in graph[m]} == TOLERATED


def test_the_guard_sees_what_keepsakes_imports_from_games():
    # The one-way checks would pass on a graph that missed an app.
    assert "games.models" in import_graph()["keepsakes.views"]
