#!/bin/sh
# Before (polling, cebecd1) / after (push) benchmarks, back to back: see
# bench/before_after.py (arguments are passed on, e.g. --db postgres, --smoke).
cd "$(dirname "$0")/.." || exit 1
PY="${BENCH_PYTHON:-.venv/bin/python}"
[ -x "$PY" ] || PY=/work/main/.venv/bin/python
exec "$PY" bench/before_after.py "$@"
