import pytest
from django.core.management import call_command
from django_q.models import Schedule

from scorekeeper.schedules import SCHEDULES


@pytest.mark.django_db
def test_setup_schedules_is_idempotent_and_removes_stale_ones():
    Schedule.objects.create(name="old-task", func="games.tasks.gone")
    call_command("setup_schedules")
    call_command("setup_schedules")
    names = sorted(Schedule.objects.values_list("name", flat=True))
    assert names == sorted(spec["name"] for spec in SCHEDULES)
    for spec in SCHEDULES:
        schedule = Schedule.objects.get(name=spec["name"])
        assert schedule.func == spec["func"]
        assert schedule.repeats == -1
