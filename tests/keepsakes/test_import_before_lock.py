"""An import of a game of rounds checks the whole file and plays it again in
memory before it opens its one write transaction, which then inserts what the
replay made in a few queries, however many rounds: the write lock is held for
the inserts only, and a bad file never takes it. Counted, not timed."""

import contextlib
import copy
import json

import pytest
from django.db import connection

from bands.models import Band, BandGame
from games.kinds.rounds import RoundsGame
from games.models import Game, Player, Round
from keepsakes import imports
from keepsakes.export import game_json
from keepsakes.imports import ImportRefused, import_game
from tests.keepsakes.round_games import skyjo_game, tally_game, tarot_game

MAKERS = {"tarot": tarot_game, "skyjo": skyjo_game, "tally": tally_game}


def tally_file(times):
    """The export of a free count of 2 × `times` rounds: the two rounds of
    `tally_game` (Sarah +5 −0, Hugo −3 +10) played `times` times over."""
    game, _host = tally_game()
    game.refresh_from_db()
    data = game_json(game)
    writes = []
    for n, write in enumerate(data["writes"] * times, start=1):
        write = copy.deepcopy(write)
        write["seq"] = write["round"] = n
        writes.append(write)
    data["writes"] = writes
    for line in data["totals"]:
        line["total"] *= times
    return data, game.band


def encode(data):
    return json.dumps(data, ensure_ascii=False).encode()


class Witness:
    """What an import does, in order: each round the rules score ("play"), the
    import's own transaction opening and closing, each SQL statement."""

    def __init__(self, monkeypatch):
        self.events = []
        self.statements = []
        check = RoundsGame.check
        witness = self

        def counted_check(game, entry):
            witness.events.append("play")
            return check(game, entry)

        monkeypatch.setattr(RoundsGame, "check", counted_check)
        real = imports.write_transaction

        @contextlib.contextmanager
        def counted_transaction():
            witness.events.append("begin")
            with real():
                yield
            witness.events.append("commit")

        monkeypatch.setattr(imports, "write_transaction", counted_transaction)

    def sql(self, execute, sql, params, many, context):
        self.events.append("sql")
        self.statements.append(sql)
        return execute(sql, params, many, context)

    def run(self, raw, band):
        with connection.execute_wrapper(self.sql):
            return import_game(raw, band)

    def inside(self):
        """The events between the transaction's opening and its close."""
        begin, commit = self.events.index("begin"), self.events.index("commit")
        return self.events[begin + 1 : commit]


def counts():
    return (
        Band.objects.count(),
        Game.objects.count(),
        Player.objects.count(),
        Round.objects.count(),
        BandGame.objects.count(),
    )


@pytest.mark.django_db
def test_every_round_is_played_before_the_one_write_transaction_opens(monkeypatch):
    data, band = tally_file(50)
    witness = Witness(monkeypatch)
    new_game, _token = witness.run(encode(data), band)
    events = witness.events
    assert events.count("begin") == events.count("commit") == 1
    # Nothing is read or written before the transaction, every round is played
    # before it, none inside it, and nothing is done after it.
    before = events[: events.index("begin")]
    assert before == ["play"] * 100
    assert "play" not in witness.inside()
    assert events[-1] == "commit"
    assert new_game.rounds.count() == 100


@pytest.mark.django_db
def test_an_import_writes_a_game_of_1000_rounds_in_as_many_queries_as_one_of_2(
    monkeypatch,
):
    # Each the first import of its game, into its band.
    small, small_band = tally_file(2)
    big, big_band = tally_file(500)
    witness = Witness(monkeypatch)
    witness.run(encode(small), small_band)
    few = witness.inside()
    witness.events.clear()
    new_game, _token = witness.run(encode(big), big_band)
    assert witness.inside() == few, witness.statements
    # The game, its players, its rounds in one insert, its end, the band's
    # history, its people's faces: a handful of statements.
    assert len(few) < 40
    state = new_game.state()
    assert new_game.rounds.count() == 1000
    assert sorted(state.totals.values()) == [2500, 3500]


@pytest.mark.django_db
def test_a_file_whose_last_round_is_wrong_changes_nothing_and_takes_no_lock(
    monkeypatch,
):
    data, band = tally_file(50)
    data["writes"][-1]["points"][1] += 1
    before = counts()
    witness = Witness(monkeypatch)
    with pytest.raises(ImportRefused) as refused:
        witness.run(encode(data), band)
    assert "manche n° 100" in refused.value.message
    # Every round but the last was played, then the file was refused: no
    # statement reached the database.
    assert witness.events == ["play"] * 100
    assert counts() == before


@pytest.mark.django_db
def test_a_file_whose_last_round_the_rules_refuse_changes_nothing(monkeypatch):
    data, band = tally_file(50)
    data["writes"][-1]["entry"] = {"points": {"7": 3}}
    before = counts()
    witness = Witness(monkeypatch)
    with pytest.raises(ImportRefused) as refused:
        witness.run(encode(data), band)
    assert "Manche n° 100 refusée" in refused.value.message
    assert "sql" not in witness.events
    assert counts() == before


@pytest.mark.django_db
@pytest.mark.parametrize("kind", sorted(MAKERS))
def test_an_imported_game_holds_the_rounds_the_game_played_held(kind):
    game, _host = MAKERS[kind]()
    game.refresh_from_db()
    data = game_json(game)
    new_game, _token = import_game(encode(data), game.band)
    new_game.refresh_from_db()
    again = game_json(new_game)
    moment = ("created_at", "exported_at", "finished_at")
    for key in set(data) - set(moment):
        if key != "writes":
            assert again[key] == data[key], key
    for old, new in zip(data["writes"], again["writes"], strict=True):
        assert {k: v for k, v in new.items() if k not in moment} == {
            k: v for k, v in old.items() if k not in moment
        }
    standing = game.rounds.filter(undone_at=None)
    assert [r.created_at for r in new_game.rounds.all()] == [
        r.created_at for r in standing
    ]
    assert new_game.version == game.version
    assert new_game.ended_by_host == game.ended_by_host
    assert new_game.state().finished
