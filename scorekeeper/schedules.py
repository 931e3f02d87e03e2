"""Every scheduled task, declared once. `manage.py setup_schedules` applies this list
before the cluster starts: created or updated by name, stale ones removed."""

from django_q.models import Schedule

SCHEDULES = [
    {
        # Games, then the bands left without one (games.tasks.purge_expired).
        "name": "purge-expired",
        "func": "games.tasks.purge_expired",
        "schedule_type": Schedule.HOURLY,
    },
]
