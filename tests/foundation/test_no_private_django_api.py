"""No private Django API: the project neither imports a `_`-prefixed name from
Django (or asgiref, its async layer) nor reaches for one on a Django object.
Private names change between releases without notice or deprecation.

The project's code is read with `ast`, never run. A use is:
- `from django… import _x`, or a `_`-prefixed module in a `django…` import path;
- `x._y` where `x` comes from a Django import (`connection._y`, `models.Model._y`);
- `x._y` on any object when Django's own source defines `_y` (a method, or an
  attribute it sets) and the project does not: `queryset._raw_delete()`,
  `instance._state`, without knowing the object's type;
- a method `_y` in a subclass of a Django class that has `_y` (an override);
- `getattr(x, "_y")` and its kin, with such a name.
"""

import ast
import functools
import importlib
from pathlib import Path

import asgiref
import django

ROOT = Path(__file__).resolve().parents[2]
SCANNED = [
    "scorekeeper",
    "games",
    "keepsakes",
    "bands",
    "scripts",
    "bench",
    "tests",
    "manage.py",
]
LIBRARIES = ("django", "asgiref")

# `_`-prefixed names that Django documents as public API, allowed anywhere.
ALLOWED = {
    "_meta": "the Model _meta API, documented as public",
    "_default_manager": "documented on Model: the first manager defined",
    "_base_manager": "documented on Model: the manager for related objects, "
    "blind to a default manager's filters",
}
# Model._state is documented for reading its `adding` and `db` only.
STATE_READS = {"adding", "db"}

# Uses still to be removed, (file, name): none.
PENDING = set()

ACCESSORS = {"getattr", "setattr", "hasattr", "delattr"}


def is_private(name):
    return name.startswith("_") and not name.startswith("__") and name != "_"


def defined_names(tree, owners=("self", "cls")):
    """The `_`-prefixed names a module defines: its functions and methods, module
    and class attributes, and attributes it sets on `owners` (None: on anything)."""
    names = set()
    for scope in [tree, *(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef))]:
        for node in scope.body:
            if isinstance(node, ast.Assign):
                names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                names.add(node.target.id)
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            owner = node.value
            if owners is None or isinstance(owner, ast.Name) and owner.id in owners:
                names.add(node.attr)
    return {name for name in names if is_private(name)}


@functools.cache
def library_private_names():
    """Every `_`-prefixed name Django's and asgiref's own source defines."""
    names = set()
    for package in (django, asgiref):
        for path in Path(package.__file__).parent.rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            names |= defined_names(tree, owners=None)
    return frozenset(names)


def project_files():
    for entry in SCANNED:
        path = ROOT / entry
        files = [path] if path.is_file() else sorted(path.rglob("*.py"))
        for file in files:
            if "migrations" not in file.parts and "__pycache__" not in file.parts:
                yield file


@functools.cache
def project_trees():
    return {
        file.relative_to(ROOT).as_posix(): ast.parse(file.read_text(encoding="utf-8"))
        for file in project_files()
    }


@functools.cache
def project_private_names():
    """The project's own `_`-prefixed names: on these, `x._y` is not Django's."""
    names = set()
    for tree in project_trees().values():
        names |= defined_names(tree)
    return frozenset(names)


def dotted(node):
    """The dotted path of a chain of names ("a.b.c"), else None."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return ".".join([node.id, *reversed(parts)])


def chain_root(node):
    while isinstance(node, ast.Attribute | ast.Call | ast.Subscript):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else None


def from_library(module):
    return module is not None and module.split(".")[0] in LIBRARIES


def resolve(path):
    """The object a dotted path names, importing its module; None if it cannot."""
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for part in parts[cut:]:
            obj = getattr(obj, part, None)
        return obj
    return None


class Scanner:
    """The private uses in one module's tree, as (line, name, what)."""

    def __init__(self, tree, library_names):
        self.tree = tree
        self.library_names = library_names
        self.imported = {}  # local name -> dotted path in Django or asgiref
        self.classes = {}
        self.hits = []

    def scan(self):
        for node in ast.walk(self.tree):
            for child in ast.iter_child_nodes(node):
                child.parent = node
            if isinstance(node, ast.ClassDef):
                self.classes[node.name] = node
            elif isinstance(node, ast.Import | ast.ImportFrom):
                self.check_import(node)
        for node in ast.walk(self.tree):
            if isinstance(node, ast.ClassDef):
                self.check_overrides(node)
            elif isinstance(node, ast.Attribute) and is_private(node.attr):
                self.check_attribute(node)
            elif isinstance(node, ast.Call):
                self.check_accessor(node)
        return self.hits

    def hit(self, node, name, what):
        self.hits.append((node.lineno, name, what))

    def check_import(self, node):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if from_library(alias.name):
                    self.check_module_path(node, alias.name)
                    root = alias.name.split(".")[0]
                    self.imported[alias.asname or root] = (
                        alias.name if alias.asname else root
                    )
            return
        if node.level or not from_library(node.module):
            return
        self.check_module_path(node, node.module)
        for alias in node.names:
            if is_private(alias.name):
                self.hit(node, alias.name, f"imported from {node.module}")
            self.imported[alias.asname or alias.name] = f"{node.module}.{alias.name}"

    def check_module_path(self, node, module):
        for part in module.split("."):
            if is_private(part):
                self.hit(node, part, f"private module in {module}")

    def library_bases(self, classdef, seen=()):
        """The Django or asgiref classes `classdef` derives from, through the
        classes of the same module."""
        bases = []
        for base in classdef.bases:
            path = dotted(base)
            if path is None:
                continue
            head, _dot, rest = path.partition(".")
            if head in self.imported:
                found = resolve(".".join(filter(None, [self.imported[head], rest])))
                if isinstance(found, type):
                    bases.append(found)
            elif path in self.classes and path not in seen:
                bases += self.library_bases(self.classes[path], (*seen, path))
        return bases

    def check_overrides(self, classdef):
        bases = self.library_bases(classdef)
        for node in classdef.body:
            if (
                isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
                and is_private(node.name)
                and any(hasattr(base, node.name) for base in bases)
            ):
                self.hit(node, node.name, "overrides a Django private method")

    def check_attribute(self, node):
        name = node.attr
        if name in ALLOWED:
            return
        parent = getattr(node, "parent", None)
        if (
            name == "_state"
            and isinstance(node.ctx, ast.Load)
            and isinstance(parent, ast.Attribute)
            and parent.attr in STATE_READS
            and isinstance(parent.ctx, ast.Load)
        ):
            return
        root = chain_root(node.value)
        if root in self.imported:
            self.hit(node, name, f"on {self.imported[root]}")
        elif name in self.library_names:
            self.hit(node, name, "a name of Django's internals")

    def check_accessor(self, node):
        if not (isinstance(node.func, ast.Name) and node.func.id in ACCESSORS):
            return
        if len(node.args) < 2 or not isinstance(node.args[1], ast.Constant):
            return
        name = node.args[1].value
        if name in self.library_names and name not in ALLOWED:
            self.hit(node, name, f"through {node.func.id}()")


def private_uses(tree):
    library_names = library_private_names() - project_private_names()
    return Scanner(tree, library_names).scan()


def project_private_uses():
    uses = []
    for path, tree in project_trees().items():
        uses += [(path, *use) for use in private_uses(tree)]
    return uses


def test_the_project_uses_no_private_django_api():
    uses = [
        f"{path}:{line}: {name} ({what})"
        for path, line, name, what in project_private_uses()
        if (path, name) not in PENDING
    ]
    assert uses == []


def test_every_pending_use_is_still_there():
    # Once a rewrite removes one, its entry goes too, so that none can come back.
    found = {(path, name) for path, _line, name, _what in project_private_uses()}
    assert PENDING - found == set()


PRIVATE_SAMPLE = """
from django.db import connection
from django.db.backends.sqlite3 import base
from django.utils.functional import _lazy_proxy_unpickle
import django.utils._os


class Wrapper(base.DatabaseWrapper):
    def _commit(self):
        return super()._commit()


def purge(queryset, instance):
    queryset._raw_delete(connection.alias)
    connection._nodb_cursor()
    instance._state.db = "replica"
    return getattr(queryset, "_result_cache")
"""

PUBLIC_SAMPLE = """
from django.db import models
from django.utils.translation import gettext as _


class Sheet:
    def _column(self):
        return self._column_cache


def describe(game, instance):
    field = game._meta.get_field("name")
    return _(field.verbose_name), instance._state.adding, Sheet()._column()
"""


def names_flagged(source):
    return sorted((line, name) for line, name, _what in private_uses(ast.parse(source)))


def test_the_check_finds_private_uses():
    lines = PRIVATE_SAMPLE.splitlines()

    def line_of(text):
        return next(n for n, line in enumerate(lines, 1) if text in line)

    assert names_flagged(PRIVATE_SAMPLE) == [
        (line_of("import _lazy"), "_lazy_proxy_unpickle"),
        (line_of("utils._os"), "_os"),
        (line_of("def _commit"), "_commit"),
        (line_of("super()._commit"), "_commit"),
        (line_of("_raw_delete"), "_raw_delete"),
        (line_of("_nodb_cursor"), "_nodb_cursor"),
        (line_of("_state.db"), "_state"),
        (line_of("_result_cache"), "_result_cache"),
    ]


def test_the_check_leaves_documented_and_own_names_alone():
    assert names_flagged(PUBLIC_SAMPLE) == []
