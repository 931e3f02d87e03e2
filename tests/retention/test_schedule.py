"""The purges run for real: setup_schedules, then django-q2's own scheduler, pusher,
worker and monitor (what `qcluster` runs in its processes), here in one process."""

import datetime
import re
from multiprocessing import Event, Value

import pytest
from django.conf import settings
from django.core.management import call_command
from django.utils import timezone
from django_q.brokers import get_broker
from django_q.conf import Conf
from django_q.models import OrmQ, Schedule, Success
from django_q.monitor import monitor
from django_q.pusher import pusher
from django_q.queues import Queue
from django_q.scheduler import scheduler
from django_q.worker import worker

from bands.models import Band
from games.models import Game
from scorekeeper.schedules import SCHEDULES
from tests.factories import make_game, play_finished


def run_cluster_once(broker):
    """One turn of the cluster: due schedules become tasks, a worker runs them and
    the monitor saves their results."""
    scheduler(broker=broker)
    task_queue = Queue()
    stop = Event()
    stop.set()
    while broker.queue_size():  # the pusher takes Conf.BULK tasks per turn
        pusher(task_queue, stop, broker=broker)
    task_queue.put("STOP")
    result_queue = Queue()
    worker(task_queue, result_queue, Value("f", -1))
    result_queue.put("STOP")
    monitor(result_queue, broker=broker)


def test_catch_up_is_off_and_the_broker_is_the_orm_by_default():
    assert settings.Q_CLUSTER["catch_up"] is False
    assert Conf.CATCH_UP is False
    if not settings.Q_CLUSTER.get("redis"):
        assert settings.Q_CLUSTER["orm"] == "default"
        assert Conf.ORM == "default"


@pytest.mark.django_db(transaction=True)
def test_the_scheduled_purges_delete_the_expired_game_and_band():
    long_ago = timezone.now() - datetime.timedelta(days=400)
    expired, _ = play_finished(["Sarah", "Hugo"], [40, 30])
    Game.objects.filter(pk=expired.pk).update(last_activity_at=long_ago)
    Band.objects.filter(pk=expired.band_id).update(last_game_at=long_ago)
    alive, _ = make_game(["Léa"])

    call_command("setup_schedules")
    # Due a week ago: with catch_up off, each schedule runs once, not once per
    # missed hour or day.
    Schedule.objects.update(next_run=timezone.now() - datetime.timedelta(days=7))
    broker = get_broker()
    run_cluster_once(broker)

    assert not Game.objects.filter(pk=expired.pk).exists()
    assert not Band.objects.filter(pk=expired.band_id).exists()
    assert Game.objects.filter(pk=alive.pk).exists()
    done = Success.objects.all()
    assert sorted(task.group for task in done) == sorted(s["name"] for s in SCHEDULES)
    assert sorted(task.func for task in done) == sorted(s["func"] for s in SCHEDULES)
    assert OrmQ.objects.count() == 0
    for schedule in Schedule.objects.all():
        assert schedule.next_run > timezone.now()
        assert schedule.success() is True

    # Nothing is due any more: another turn runs no task.
    run_cluster_once(broker)
    assert Success.objects.count() == len(SCHEDULES)


def test_the_schedules_are_applied_before_the_cluster_starts():
    """`make run` (the README's run command), `make dev` and a production target
    apply the schedules; `run` and `dev` do it before starting the cluster."""
    from pathlib import Path

    makefile = (Path(settings.BASE_DIR) / "Makefile").read_text()
    recipes = dict(
        re.findall(r"^([a-z-]+):[^\n]*\n((?:\t[^\n]*\n)+)", makefile, flags=re.M)
    )
    # `make run` hands over to the game-night runner, which sets up then serves.
    assert "scripts/gamenight.py" in recipes["run"]
    runner = (Path(settings.BASE_DIR) / "scripts" / "gamenight.py").read_text()
    set_up = runner[runner.index("def set_up(") :]
    set_up = set_up[: set_up.index("\ndef ")]
    assert '"setup_schedules"' in set_up
    assert runner.index("set_up(env)") < runner.index("return serve(env)")
    dev = recipes["dev"]
    assert dev.index("manage.py setup_schedules") < dev.index("honcho start")
    assert any(
        "manage.py setup_schedules" in recipe
        for name, recipe in recipes.items()
        if name.startswith("prod")
    )
    readme = (Path(settings.BASE_DIR) / "README.md").read_text()
    assert "make run" in readme and "setup_schedules" in readme
