"""Tasks run by the django-q2 cluster: tiny functions calling model methods."""

from bands.models import Band


def purge_expired_bands():
    return Band.objects.purge_expired()
