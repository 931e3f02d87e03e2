"""A served SQLite database keeps its write-ahead log and shared-memory index
while the server runs, so that a full disk still lets every read answer."""

import sqlite3

from scorekeeper.asgi import hold


def a_wal_database(path):
    made = sqlite3.connect(path)
    made.execute("PRAGMA journal_mode=WAL")
    made.execute("CREATE TABLE game (id INTEGER PRIMARY KEY, version INTEGER)")
    made.execute("INSERT INTO game (version) VALUES (1)")
    made.commit()
    made.close()


def a_request(path):
    connection = sqlite3.connect(path)
    version = connection.execute("SELECT version FROM game").fetchone()[0]
    connection.close()
    return version


def test_without_a_holder_the_last_connection_removes_the_files(tmp_path):
    path = tmp_path / "db.sqlite3"
    a_wal_database(path)
    a_request(path)
    assert not (tmp_path / "db.sqlite3-shm").exists()


def test_a_held_database_keeps_its_files_after_each_request(tmp_path):
    path = tmp_path / "db.sqlite3"
    a_wal_database(path)
    keeper = hold(path)
    try:
        assert a_request(path) == 1
        assert (tmp_path / "db.sqlite3-shm").exists()
        assert (tmp_path / "db.sqlite3-wal").exists()
    finally:
        keeper.close()


def test_the_holder_keeps_no_transaction_open_so_checkpoints_complete(tmp_path):
    path = tmp_path / "db.sqlite3"
    a_wal_database(path)
    keeper = hold(path)
    try:
        writer = sqlite3.connect(path)
        writer.execute("UPDATE game SET version = 2")
        writer.commit()
        busy, _, _ = writer.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        writer.close()
    finally:
        keeper.close()
    assert busy == 0


def test_no_database_is_created_where_there_is_none(tmp_path):
    assert hold(tmp_path / "missing.sqlite3") is None
    assert not (tmp_path / "missing.sqlite3").exists()
