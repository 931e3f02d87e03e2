"""The path of one score entry through the project's code: which functions, in
which files, a newcomer follows from the URL to the rendered answer.

One htmx score entry (the host posts "three 1s" in the first box, as the dialog
does) is traced with `sys.setprofile`. A project function is on the path when it
is on the stack while the request reads or writes the database, enters the rules
engine (games/kinds/yams/) or renders a template: the work the request does, without
the small helpers it calls on the way (properties, formatting). The rules
engine's own functions are counted apart: it is one stage, read on its own.

    python bench/call_path.py                 # this checkout
    python bench/call_path.py --root /tmp/old # another checkout (same venv)

Nothing is served: Django's test client calls the app in this process, on a
throwaway SQLite database under /tmp.
"""

import argparse
import collections
import os
import re
import sys
import tempfile
from pathlib import Path


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", default=str(Path(__file__).resolve().parent.parent))
    parser.add_argument("--all", action="store_true", help="list every function")
    args = parser.parse_args()
    root = str(Path(args.root).resolve()) + "/"
    tmp = tempfile.mkdtemp(prefix="scorekeeper-path-")
    os.chdir(root)
    sys.path.insert(0, root)
    os.environ["DJANGO_SETTINGS_MODULE"] = "scorekeeper.settings"
    os.environ["DATABASE_URL"] = f"sqlite:///{tmp}/db.sqlite3"
    os.environ.setdefault("SECRET_KEY", "call-path-" + "x" * 40)
    os.environ.setdefault("DEBUG", "1")
    path, called, status = traced_score_entry(root)
    report(path, called, status, show_all=args.all)


def traced_score_entry(root):
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import setup_test_environment
    from django.urls import reverse

    from games.models import Game

    setup_test_environment()
    call_command("migrate", verbosity=0)
    game, token = Game.objects.create_game(["Sarah", "Hugo"])
    sarah = game.players.get(name="Sarah")
    kwargs = {"host_token": token, "player_id": sarah.pk, "column": "free"}
    client = Client()
    dialog = client.get(reverse("games:box", kwargs={**kwargs, "box": "ones"}))
    key = re.search(r'name="request_key" value="([^"]+)"', dialog.content.decode())
    game.refresh_from_db()
    data = {"request_key": key.group(1), "seen_version": game.version, "value": "3"}
    url = reverse("games:record", kwargs={**kwargs, "box": "ones"})
    client.post(url, data, HTTP_HX_REQUEST="true")  # warm: imports, templates
    game.refresh_from_db()
    hugo = game.players.get(name="Hugo")
    kwargs["player_id"] = hugo.pk
    dialog = client.get(reverse("games:box", kwargs={**kwargs, "box": "ones"}))
    key = re.search(r'name="request_key" value="([^"]+)"', dialog.content.decode())
    data = {"request_key": key.group(1), "seen_version": game.version, "value": "2"}
    url = reverse("games:record", kwargs={**kwargs, "box": "ones"})

    def ours(filename):
        return (
            filename.startswith(root)
            and "/.venv/" not in filename
            and filename != __file__
        )

    path = collections.OrderedDict()
    called = collections.OrderedDict()  # every project function, helpers too

    def on_path(frame):
        chain = []
        while frame is not None:
            code = frame.f_code
            if ours(code.co_filename):
                chain.append((code.co_filename[len(root) :], code.co_qualname))
            frame = frame.f_back
        for place in reversed(chain):
            path.setdefault(place, None)

    def profile(frame, event, arg):
        if event != "call":
            return
        code = frame.f_code
        filename, name = code.co_filename, code.co_name
        if ours(filename):
            called.setdefault((filename[len(root) :], code.co_qualname), None)
        caller = frame.f_back.f_code.co_filename if frame.f_back else ""
        rules_entered = (
            ours(filename)
            and "/games/kinds/yams/" in filename
            and "/games/kinds/yams/" not in caller
        )
        query = filename.endswith("django/db/backends/utils.py") and name in (
            "execute",
            "executemany",
        )
        rendering = (
            filename.endswith("django/template/loader.py")
            and name in ("render_to_string", "get_template")
        ) or (filename.endswith("django/shortcuts.py") and name == "render")
        if rules_entered or query or rendering:
            on_path(frame)

    sys.setprofile(profile)
    try:
        response = client.post(url, data, HTTP_HX_REQUEST="true")
    finally:
        sys.setprofile(None)
    return path, called, response.status_code


# The stages of a request as a newcomer reads them, file by file.
STAGES = {
    "URL and view": ("games/urls", "games/access", "games/views"),
    "form": ("games/forms",),
    "model verb": ("games/models",),
    "rules engine": ("games/kinds/",),
    "template": ("games/sheet",),
    "middleware": ("scorekeeper/",),
}


def stage(filename):
    for name, prefixes in STAGES.items():
        if any(filename.startswith(p) or p in filename for p in prefixes):
            return name
    return "other"


def report(path, called, status, show_all=False):
    print(f"one htmx score entry: HTTP {status}")
    print("functions on the path (at a query, the rules engine or a template):")
    total_functions, total_files = 0, set()
    for name in [*STAGES, "other"]:
        places = [place for place in path if stage(place[0]) == name]
        if not places:
            continue
        files = list(dict.fromkeys(filename for filename, _ in places))
        print(f"\n  {name}: {len(places)} functions in {len(files)} files")
        if name not in ("rules engine", "middleware"):
            total_functions += len(places)
            total_files.update(files)
        if name in ("rules engine", "middleware") and not show_all:
            print("    " + ", ".join(files))
            continue
        for filename in files:
            functions = [n for f, n in places if f == filename]
            print(f"    {filename}: {', '.join(functions)}")
    print(
        f"\nthe project's own path, rules engine and middleware apart: "
        f"{total_functions} functions in {len(total_files)} files"
    )
    helpers = [place for place in called if stage(place[0]) != "rules engine"]
    files = {filename for filename, _ in helpers}
    print(
        f"every project function called, helpers included (rules engine apart): "
        f"{len(helpers)} in {len(files)} files"
    )
    # The apps' own modules, the game kind's engine and the site's wiring
    # (scorekeeper/, its shared helpers included) apart.
    # The templates (compiled to Python by Jinja2) are counted apart.
    apps = sorted(f for f in files if f.endswith(".py") and "scorekeeper/" not in f)
    templates = sorted(f for f in files if f.startswith("templates/"))
    print(f"app modules that run code: {len(apps)}: {', '.join(apps)}")
    print(f"templates drawn: {len(templates)}: {', '.join(templates)}")


if __name__ == "__main__":
    main()
