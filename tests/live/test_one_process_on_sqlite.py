"""On SQLite the live sheet's news stays in the process that wrote (games/live/
fanout.py): several server processes are an error of `manage.py check`, and the
server refuses to start with them. PostgreSQL takes as many as asked."""

import pytest
from django.core import checks
from django.db import connection

from scorekeeper import serve

sqlite_only = pytest.mark.skipif("connection.vendor != 'sqlite'", reason="SQLite")


def serve_errors():
    return [error.id for error in checks.run_checks(tags=["serve"])]


@sqlite_only
def test_several_processes_on_sqlite_are_an_error_that_names_postgresql(monkeypatch):
    monkeypatch.setenv("WEB_CONCURRENCY", "2")
    (error,) = checks.run_checks(tags=["serve"])
    assert error.id == "scorekeeper.E001"
    assert error.is_serious()
    assert "PostgreSQL" in error.hint


def test_one_process_passes_and_postgresql_takes_several(monkeypatch):
    monkeypatch.setenv("WEB_CONCURRENCY", "1")
    assert serve_errors() == []
    if connection.vendor == "postgresql":
        monkeypatch.setenv("WEB_CONCURRENCY", "4")
        assert serve_errors() == []


@sqlite_only
def test_the_server_refuses_to_start_several_processes_on_sqlite(monkeypatch):
    monkeypatch.setenv("WEB_CONCURRENCY", "2")
    started = []
    monkeypatch.setattr(serve.uvicorn, "run", lambda **options: started.append(1))
    with pytest.raises(SystemExit) as refused:
        serve.main()
    assert "scorekeeper.E001" in str(refused.value.code)
    assert started == []
