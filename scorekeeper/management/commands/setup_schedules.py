from django.core.management.base import BaseCommand
from django.db import transaction
from django_q.models import Schedule

from scorekeeper.schedules import SCHEDULES


class Command(BaseCommand):
    help = (
        "Creates or updates the scheduled tasks declared in scorekeeper/schedules.py."
    )

    def handle(self, *args: object, **options: object) -> None:
        names = []
        with transaction.atomic():
            for spec in SCHEDULES:
                spec = dict(spec)
                name = spec.pop("name")
                names.append(name)
                spec.setdefault("repeats", -1)
                Schedule.objects.update_or_create(name=name, defaults=spec)
            stale, _ = Schedule.objects.exclude(name__in=names).delete()
        self.stdout.write(f"{len(names)} schedule(s) set, {stale} stale removed.")
