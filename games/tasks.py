"""Tasks run by the django-q2 cluster: tiny functions calling model methods."""

from games.models import Game


def purge_expired_games():
    return Game.objects.purge_expired()
