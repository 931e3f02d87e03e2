"""Tasks run by the django-q2 cluster: tiny functions calling model methods."""

from django.utils import timezone

from bands.models import Band
from games.models import Game


def purge_expired() -> dict[str, int]:
    """Expired games, then expired bands, at one moment: a band is kept while it
    holds a game, so a band whose last game goes now goes in the same run, and no
    schedule has to run before another."""
    now = timezone.now()
    games = Game.objects.purge_expired(now)
    bands = Band.objects.purge_expired(now)
    return {"games": games, "bands": bands}
