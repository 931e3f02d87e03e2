"""Inviting the table to a running game: its links, the ways to send them, and
their QR codes.

Part of the game page (the host hands out the watch and pencil links from it), so
it lives in games; the result's share texts are in `keepsakes.result`.

Everything here is computed server-side: the QR code is an SVG made by segno (no JS
library in the page).
"""

import io
from dataclasses import dataclass
from urllib.parse import quote

import segno
from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext as _

from games.models import Game
from scorekeeper.lib.translation import translated

# Margin of four modules (the quiet zone the QR standard asks for) and level M: a
# phone camera reads it from across a table, even on a scratched screen.
QR_BORDER = 4
QR_ERROR = "m"
QR_SCALE = 10


# --- links -------------------------------------------------------------------


def watch_path(game: Game) -> str:
    return reverse("games:watch", kwargs={"watch_token": game.watch_token})


def pencil_path(pencil_token: str) -> str:
    return reverse("games:pencil", kwargs={"pencil_token": pencil_token})


def host_path(host_token: str) -> str:
    return reverse("games:host", kwargs={"host_token": host_token})


@dataclass(frozen=True)
class ShareLink:
    """One link and the ways to send it, as the share widget shows them."""

    key: str  # unique in the page: ids of the widget's elements
    heading: str
    help: str
    url: str
    lead: str  # the message without the link (the Web Share API adds the link)
    title: str
    copy_detail: str = ""  # tells a screen reader which link the button copies
    qr_url: str = ""
    qr_alt: str = ""
    # A picture of it (the result's PNG): shared as a file where the phone can,
    # downloaded elsewhere; `image_name` is the file's name.
    image_url: str = ""
    image_name: str = ""

    @property
    def message(self) -> str:
        # The typography of the colon differs between French and English.
        return _("%(text)s : %(url)s") % {"text": self.lead, "url": self.url}

    @property
    def whatsapp_url(self) -> str:
        return "https://wa.me/?text=" + quote(self.message, safe="")

    @property
    def sms_url(self) -> str:
        # "sms:?&body=" is the form both iOS and Android open with the body filled.
        return "sms:?&body=" + quote(self.message, safe="")


def invite_words(game: Game, link: str) -> dict[str, str]:
    """The message and title a link is shared with, naming the game played
    where its plug-in says so (the free counter plays any game: it names
    none, unless a preset says which)."""
    kind = game.game_kind
    # A kind that names no game (the counter) still names the preset played.
    named = kind.label if kind.invitation_names_game else game.preset and game.label
    if not named:
        if link == "watch":
            return {
                "lead": _("Suivez notre partie en direct"),
                "title": _("Notre partie"),
            }
        return {
            "lead": _("Tiens le crayon de notre partie"),
            "title": _("Le crayon de notre partie"),
        }
    name = {"game": translated(named)}
    if link == "watch":
        return {
            "lead": _("Suivez notre partie de %(game)s en direct") % name,
            "title": _("Notre partie de %(game)s") % name,
        }
    return {
        "lead": _("Tiens le crayon de notre partie de %(game)s") % name,
        "title": _("Le crayon de notre partie de %(game)s") % name,
    }


def watch_link(request: HttpRequest, game: Game) -> ShareLink:
    """The watch link as the share widget shows it (share page)."""
    return ShareLink(
        key="watch",
        heading=_("Le lien pour suivre la partie"),
        help=_(
            "Chacun suit la feuille en direct sur son téléphone, sans pouvoir rien "
            "y modifier."
        ),
        url=request.build_absolute_uri(watch_path(game)),
        **invite_words(game, "watch"),
        qr_url=reverse("games:watch_qr", kwargs={"watch_token": game.watch_token}),
        qr_alt=_("QR code du lien pour suivre la partie"),
    )


def pencil_link(
    request: HttpRequest, game: Game, host_token: str, pencil_token: str
) -> ShareLink:
    """The pencil link as the share widget shows it (share page and host page)."""
    if game.pencil_label:
        heading = _("Passer le crayon à %(name)s") % {"name": game.pencil_label}
    else:
        heading = _("Passer le crayon")
    return ShareLink(
        key="pencil",
        heading=heading,
        help=_(
            "Ce lien permet de remplir la feuille : ne le donnez qu'à la personne "
            "qui tient le crayon."
        ),
        url=request.build_absolute_uri(pencil_path(pencil_token)),
        **invite_words(game, "pencil"),
        copy_detail=_("du crayon"),
        qr_url=reverse("games:pencil_qr", kwargs={"host_token": host_token}),
        qr_alt=_("QR code du lien du crayon"),
    )


# --- QR codes ----------------------------------------------------------------


def qr_code(url: str) -> segno.QRCode:
    return segno.make(url, error=QR_ERROR, boost_error=False)


def qr_svg(url: str, title: str = "") -> bytes:
    """The QR code of `url` as a standalone SVG document (bytes).

    Dark modules on an explicit white square, whatever the page's theme: cameras
    need the contrast, and a dark-mode page must not invert the code.
    """
    qr = qr_code(url)
    out = io.BytesIO()
    qr.save(
        out,
        kind="svg",
        scale=QR_SCALE,
        border=QR_BORDER,
        dark="#000",
        light="#fff",
        title=title or None,
        svgclass="qr",
        lineclass=None,
    )
    # segno gives a width and a height but no viewBox, without which a browser
    # clips the drawing instead of scaling it to the size the page asks for.
    width, height = qr.symbol_size(scale=QR_SCALE, border=QR_BORDER)
    return out.getvalue().replace(
        b'class="qr"', b'class="qr" viewBox="0 0 %d %d"' % (width, height), 1
    )
