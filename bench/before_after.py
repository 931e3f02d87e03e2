"""Before/after, back to back: polling (commit cebecd1: gunicorn + the WSGI fast
poll) against push (bench/live.py: uvicorn, Server-Sent Events).

One command runs, one after the other, on the same database kind:

  1. before: commit cebecd1 checked out in a temporary git worktree under /tmp,
     its own bench/watchers.py (2,000 watchers polling every second, 50 hosts, a
     box every 5 s each: its defaults), served by gunicorn 27.0.1, which is no
     longer in the app's venv: it is installed once with `pip install --target`
     into /tmp/scorekeeper-bench-gunicorn-27.0.1 and put on PYTHONPATH through
     small wrapper scripts in the worktree's .venv/bin (the old common.py looks
     for .venv/bin/python and .venv/bin/gunicorn there);
  2. after: bench/live.py with 2,000 watchers (400 tables × 5);
  3. after: bench/live.py with 10,000 watchers (2,000 tables × 5);

then prints one table, side by side: staleness from the entry's save, errors,
server/client/machine CPU, server memory. The worktree is removed at the end.

    python bench/before_after.py                      # SQLite, full size
    python bench/before_after.py --db postgres
    python bench/before_after.py --smoke              # tiny sizes, to try it out

Loopback only, every run bounded (see watchers.py and live.py).
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import app_setup  # noqa: E402
import report  # noqa: E402

BEFORE = "cebecd1"
GUNICORN = "gunicorn==27.0.1"
GUNICORN_DIR = Path(tempfile.gettempdir()) / "scorekeeper-bench-gunicorn-27.0.1"


def sh(cmd, **kw):
    print("$", " ".join(map(str, cmd)), flush=True)
    return subprocess.run(cmd, check=True, **kw)


def gunicorn_path():
    """A directory holding gunicorn 27.0.1 for PYTHONPATH (installed once)."""
    if not (GUNICORN_DIR / "gunicorn" / "__init__.py").exists():
        sh(
            [
                app_setup.PYTHON,
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
                "--no-deps",
                "--target",
                str(GUNICORN_DIR),
                GUNICORN,
            ]
        )
    return str(GUNICORN_DIR)


def old_worktree(tmp):
    """cebecd1 in a throwaway worktree, with .venv/bin/{python,gunicorn} wrappers."""
    path = Path(tmp) / "before"
    git = ["git", "-C", str(app_setup.ROOT)]
    sh([*git, "worktree", "add", "--detach", str(path), BEFORE])
    bin_dir = path / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    extra = gunicorn_path()
    python = Path(app_setup.PYTHON)
    for name, run in (("python", ""), ("gunicorn", "-m gunicorn ")):
        wrapper = bin_dir / name
        wrapper.write_text(
            "#!/bin/sh\n"
            f'PYTHONPATH="{extra}${{PYTHONPATH:+:$PYTHONPATH}}" '
            f'exec "{python}" {run}"$@"\n'
        )
        wrapper.chmod(0o755)
    return path


def remove_worktree(path):
    subprocess.run(
        ["git", "-C", str(app_setup.ROOT), "worktree", "remove", "--force", str(path)],
        check=False,
    )
    subprocess.run(["git", "-C", str(app_setup.ROOT), "worktree", "prune"], check=False)


def run_before(path, args):
    cmd = [
        str(path / ".venv" / "bin" / "python"),
        "bench/watchers.py",
        "--db",
        args.db,
        "--watchers",
        str(args.before_watchers),
        "--hosts",
        str(args.before_hosts),
        "--duration",
        str(args.before_duration),
    ]
    print("$", " ".join(cmd), flush=True)
    out = subprocess.run(
        cmd, cwd=path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    ).stdout
    print(out, flush=True)
    return parse_before(out)


def _markdown_rows(text, first_header):
    """The rows of the Markdown table whose header starts with `first_header`."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and cells[0] == first_header:
            rows = []
            for row in lines[i + 2 :]:
                if not row.startswith("|"):
                    break
                rows.append(
                    dict(
                        zip(
                            cells,
                            [c.strip() for c in row.strip().strip("|").split("|")],
                            strict=False,
                        )
                    )
                )
            return rows
    return []


def _num(text):
    try:
        return float(str(text).replace(",", ""))
    except ValueError:
        return float("nan")


def parse_before(out):
    stale = {r["staleness from"]: r for r in _markdown_rows(out, "staleness from")}
    saved = stale.get("entry saved", {})
    load = (_markdown_rows(out, "polls/s") or [{}])[0]
    rss = re.match(r"(\d+)→(\d+)", load.get("RSS MiB start→end", ""))
    return {
        "label": "before: poll 1/s (cebecd1, gunicorn)",
        "watchers": None,
        "staleness_ms": {
            "samples": _num(saved.get("samples", "nan")),
            "p50": 1000 * _num(saved.get("p50 s", "nan")),
            "p95": 1000 * _num(saved.get("p95 s", "nan")),
            "p99": 1000 * _num(saved.get("p99 s", "nan")),
            "max": 1000 * _num(saved.get("max s", "nan")),
        },
        "errors": _num(load.get("errors", "nan")),
        "write_ms": {"p99": _num(load.get("write p99 ms", "nan"))},
        "polls_per_s": _num(load.get("polls/s", "nan")),
        "cpu_pct": {
            "server": _num(load.get("server CPU %", "nan")),
            "client": _num(load.get("client CPU %", "nan")),
            "machine": _num(load.get("machine CPU %", "nan")),
        },
        "rss_mib": {
            "start": _num(rss.group(1)) if rss else float("nan"),
            "end": _num(rss.group(2)) if rss else float("nan"),
        },
        "threads": {"end": float("nan")},
        "ok": "PASS" in out.splitlines()[-1] if out.strip() else False,
    }


def run_after(tables, args, tmp):
    out_json = Path(tmp) / f"live-{tables}.json"
    cmd = [
        sys.executable,
        str(app_setup.ROOT / "bench" / "live.py"),
        "--db",
        args.db,
        "--tables",
        str(tables),
        "--duration",
        str(args.duration),
        "--ramp",
        str(args.ramp),
        "--json",
        str(out_json),
    ]
    print("$", " ".join(cmd), flush=True)
    subprocess.run(cmd, check=False)
    if not out_json.exists():
        return None
    figures = json.loads(out_json.read_text())
    figures["label"] = f"after: SSE, {figures['watchers']:,} watchers"
    return figures


def _count(value):
    return int(value) if value == value else value  # nan stays nan


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--before-watchers", type=int, default=2000)
    parser.add_argument("--before-hosts", type=int, default=50)
    parser.add_argument("--before-duration", type=float, default=60.0)
    parser.add_argument(
        "--tables", type=int, nargs="+", default=[400, 2000], help="live.py runs"
    )
    parser.add_argument("--duration", type=float, default=120.0, help="live.py, s")
    parser.add_argument("--ramp", type=float, default=45.0, help="live.py, s")
    parser.add_argument("--smoke", action="store_true", help="tiny sizes")
    args = parser.parse_args()
    if args.smoke:
        args.before_watchers, args.before_hosts, args.before_duration = 100, 5, 15
        args.tables, args.duration, args.ramp = [10, 20], 20, 5

    tmp = tempfile.mkdtemp(prefix="scorekeeper-before-after-")
    results = []
    path = None
    try:
        path = old_worktree(tmp)
        before = run_before(path, args)
        before["watchers"] = args.before_watchers
        before["requests_per_watcher_min"] = (
            60 * before.pop("polls_per_s") / args.before_watchers
        )
        results.append(before)
        remove_worktree(path)
        path = None
        for tables in args.tables:
            figures = run_after(tables, args, tmp)
            if figures is not None:
                results.append(figures)
            else:
                print(f"live.py --tables {tables} gave no figures (see above)")
    finally:
        if path is not None:
            remove_worktree(path)
        shutil.rmtree(tmp, ignore_errors=True)

    def get(r, *keys):
        value = r
        for key in keys:
            value = value.get(key, float("nan")) if isinstance(value, dict) else value
        return value

    report.table(
        f"Before (polling) / after (push), on {args.db}, back to back; staleness from "
        "the entry's save (its created_at) to the watcher's receipt; CPU in % of one "
        f"core, {os.cpu_count()} cores",
        [
            "run",
            "watchers",
            "stale p50 ms",
            "p95 ms",
            "p99 ms",
            "errors",
            "write p99 ms",
            "req/watcher/min",
            "server CPU %",
            "client CPU %",
            "machine CPU %",
            "server RSS MiB",
            "server threads",
        ],
        [
            (
                r["label"],
                r["watchers"],
                get(r, "staleness_ms", "p50"),
                get(r, "staleness_ms", "p95"),
                get(r, "staleness_ms", "p99"),
                _count(r.get("errors", float("nan"))),
                get(r, "write_ms", "p99"),
                r.get("requests_per_watcher_min", float("nan")),
                get(r, "cpu_pct", "server"),
                get(r, "cpu_pct", "client"),
                get(r, "cpu_pct", "machine"),
                get(r, "rss_mib", "end"),
                get(r, "threads", "end"),
            )
            for r in results
        ],
    )
    print(
        "Load shapes differ, as specified: before = 50 hosts × 40 watchers polling "
        "1/s, a box every 5 s per host; after = tables of 1 host + 5 watchers "
        "holding streams, a box every 20 s per host (plus each host's own stream)."
    )


if __name__ == "__main__":
    main()
