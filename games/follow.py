"""The watch link a pencil phone keeps for after the pencil is taken back.

The 410 page of a revoked pencil link cannot tell which game it was (only the
current pencil token's hash is kept). The pencil page therefore leaves a cookie
on the phone, scoped to the pencil link's own path, holding the game's watch
token: read-only, and something that phone could already see. The 410 page
offers the watch link when that cookie is there.
"""

from django.conf import settings
from django.urls import reverse

from scorekeeper.lib import tokens

COOKIE = "sk_follow"


def remember_watch_link(response, access):
    response.set_cookie(
        COOKIE,
        access.game.watch_token,
        max_age=settings.GAME_RETENTION_DAYS * 24 * 3600,
        path=access.page_url,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )


def remembered_watch_url(request):
    """The watch page's URL this phone was told to follow, or None."""
    token = request.COOKIES.get(COOKIE, "")
    if not tokens.is_well_formed(token):
        return None
    return reverse("games:watch", kwargs={"watch_token": token})
