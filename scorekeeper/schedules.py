"""Every scheduled task, declared once. `manage.py setup_schedules` applies this list
before the cluster starts: created or updated by name, stale ones removed."""

from django_q.models import Schedule

SCHEDULES = [
    {
        "name": "purge-expired-games",
        "func": "games.tasks.purge_expired_games",
        "schedule_type": Schedule.HOURLY,
    },
    {
        "name": "purge-expired-bands",
        "func": "bands.tasks.purge_expired_bands",
        "schedule_type": Schedule.DAILY,
    },
]
