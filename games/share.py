"""What sharing a game needs: its links, their QR codes, and the result's texts.

Everything here is computed server-side: the QR code is an SVG made by segno (no JS
library in the page). The result's preview image, drawn from the texts here, is in
`games.preview_image`.
"""

import io
from dataclasses import dataclass
from urllib.parse import quote

import segno
from django.urls import reverse
from django.utils import formats, timezone
from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

# Margin of four modules (the quiet zone the QR standard asks for) and level M: a
# phone camera reads it from across a table, even on a scratched screen.
QR_BORDER = 4
QR_ERROR = "m"
QR_SCALE = 10


# --- links -------------------------------------------------------------------


def watch_path(game):
    return reverse("games:watch", kwargs={"watch_token": game.watch_token})


def pencil_path(pencil_token):
    return reverse("games:pencil", kwargs={"pencil_token": pencil_token})


def host_path(host_token):
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

    @property
    def message(self):
        # The typography of the colon differs between French and English.
        return _("%(text)s : %(url)s") % {"text": self.lead, "url": self.url}

    @property
    def whatsapp_url(self):
        return "https://wa.me/?text=" + quote(self.message, safe="")

    @property
    def sms_url(self):
        # "sms:?&body=" is the form both iOS and Android open with the body filled.
        return "sms:?&body=" + quote(self.message, safe="")


# --- QR codes ----------------------------------------------------------------


def qr_code(url):
    return segno.make(url, error=QR_ERROR, boost_error=False)


def qr_svg(url, title=""):
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


# --- results -----------------------------------------------------------------


@dataclass(frozen=True)
class RankRow:
    rank: int
    name: str
    total: int
    tied: bool


def ranking_rows(state):
    ranking = state.ranking()
    counts = {}
    for rank, _sheet in ranking:
        counts[rank] = counts.get(rank, 0) + 1
    return [
        RankRow(
            rank=rank, name=sheet.player.name, total=sheet.total, tied=counts[rank] > 1
        )
        for rank, sheet in ranking
    ]


def names_list(names):
    return get_text_list(list(names), _("et"))


def points_text(total):
    return ngettext("%(total)d point", "%(total)d points", total) % {"total": total}


def headline(state):
    """The one sentence a message preview shows: who won, and with how much."""
    winners = state.winners()
    total = winners[0].total if winners else 0
    names = names_list(s.player.name for s in winners)
    if not state.finished:
        if not any(s.turns for s in state.sheets):
            return _("Partie de Yams sur le point de commencer")
        if len(state.sheets) == 1:
            return _("%(name)s joue au Yams : %(total)s pour l'instant") % {
                "name": names,
                "total": points_text(total),
            }
        if len(winners) > 1:
            return _("%(names)s mènent ex aequo au Yams avec %(total)s") % {
                "names": names,
                "total": points_text(total),
            }
        return _("%(name)s mène au Yams avec %(total)s") % {
            "name": names,
            "total": points_text(total),
        }
    if len(state.sheets) == 1:
        return _("%(name)s termine sa partie de Yams avec %(total)s") % {
            "name": names,
            "total": points_text(total),
        }
    if len(winners) > 1:
        return _("%(names)s gagnent ex aequo au Yams avec %(total)s") % {
            "names": names,
            "total": points_text(total),
        }
    return _("%(name)s gagne au Yams avec %(total)s") % {
        "name": names,
        "total": points_text(total),
    }


def result_title(state):
    """The big line of the result page and of its preview image.

    The space before "!" is a no-break space (French typography): the "!" never
    starts a line of its own.
    """
    if not state.finished:
        return _("Partie en cours")
    winners = state.winners()
    names = names_list(s.player.name for s in winners)
    if len(state.sheets) == 1:
        return _("Bravo %(name)s !") % {"name": names}
    if len(winners) > 1:
        return _("%(names)s, ex aequo !") % {"names": names}
    return _("%(name)s gagne !") % {"name": names}


def ranking_text(rows):
    """The ranking on one line, for og:description and the share texts."""
    parts = []
    for row in rows:
        if row.tied:
            parts.append(
                _("%(rank)d. %(name)s %(total)s (ex aequo)")
                % {"rank": row.rank, "name": row.name, "total": points_text(row.total)}
            )
        else:
            parts.append(
                _("%(rank)d. %(name)s %(total)s")
                % {"rank": row.rank, "name": row.name, "total": points_text(row.total)}
            )
    return " · ".join(parts)


def variant_label(game):
    return str(game.get_preset_display())


def game_date(game):
    """The day the game ended, or started while it is still being played."""
    return timezone.localtime(game.finished_at or game.created_at)


def description(game, state, rows):
    date = formats.date_format(game_date(game), "DATE_FORMAT")
    detail = _("%(variant)s, %(date)s") % {"variant": variant_label(game), "date": date}
    if any(s.turns for s in state.sheets):
        players = ranking_text(rows)
    else:
        # Everyone at 0 "ex aequo" says nothing: just who plays.
        players = ", ".join(s.player.name for s in state.sheets)
    return f"{players} — {detail}"
