# Placeholders until the bands issue lands: they answer 404 rather than pretend.
from django.http import Http404


def band(request, band_token):
    raise Http404


def host_band(request, host_token):
    raise Http404


def next_game(request, host_token):
    raise Http404
