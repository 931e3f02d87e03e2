"""The server runs with few malloc arenas (scorekeeper/serve.py): set as it starts,
inherited by its worker processes, an operator's own value kept."""

from pathlib import Path

from scorekeeper import serve


def environment_of(pid: int) -> dict[str, str]:
    """The environment a running process was started with."""
    text = Path(f"/proc/{pid}/environ").read_bytes().decode()
    return dict(item.split("=", 1) for item in text.split("\0") if "=" in item)


def test_the_server_and_each_of_its_workers_run_with_two_malloc_arenas(two_servers):
    server, _other = two_servers
    assert "MALLOC_ARENA_MAX" not in server.env
    pids = server.pids()
    assert len(pids) >= 3  # the supervisor and its two workers
    for pid in pids:
        assert environment_of(pid)["MALLOC_ARENA_MAX"] == "2"


def test_an_operators_own_arena_limit_is_kept(lone_server):
    server = lone_server(workers=1, MALLOC_ARENA_MAX="4")
    assert environment_of(server.process.pid)["MALLOC_ARENA_MAX"] == "4"


def test_the_limit_is_added_only_to_an_environment_without_one():
    assert serve.with_malloc_arenas({"PATH": "/bin"}) == {
        "PATH": "/bin",
        "MALLOC_ARENA_MAX": "2",
    }
    assert serve.with_malloc_arenas({"MALLOC_ARENA_MAX": "8"}) is None
