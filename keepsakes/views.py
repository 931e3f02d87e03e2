"""What a game leaves behind: the printable sheets, the round-by-round log, the
CSV/JSON exports and the import of a game, and its public result page with the
result's preview image.

The blank sheets need no account and no token; everything about one game is read
through its watch link (read-only, already shown to everyone at the table), and the
import, which writes, through the host link.
"""

import json
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.core.cache import caches
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    QueryDict,
)
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_http_methods, require_safe

from bands.models import Band
from games.access import get_game_or_404
from games.invite import ShareLink, watch_path
from games.kinds import registry, yams
from games.kinds.base import UnknownKind
from games.models import Game
from games.race import draw_race
from keepsakes import export, imports, pdf, preview, sheets
from keepsakes import result as result_words
from scorekeeper.lib import ratelimit
from scorekeeper.lib.translation import translated

# Column sets offered as ready-made links on the printables page; any other is one
# form away (the form builds the same URL).
COLUMN_SETS = (("free",), ("down", "free", "up"), ("down", "free", "up", "dry"))
COLUMN_ORDER = ("down", "free", "up", "dry")
CONTENT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "json": "application/json; charset=utf-8",
}


def _download(
    content: str | bytes, content_type: str, filename: str, attachment: bool = True
) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    disposition = content_disposition_header(attachment, filename)
    assert disposition is not None  # None only for an inline file without a name
    response["Content-Disposition"] = disposition
    return response


# --- blank sheets -------------------------------------------------------------------


def options_from_query(preset: str, query: QueryDict) -> dict[str, object]:
    """The options a sheet URL asks for (`?columns=down,free,up&strict_straights=1`),
    as a dict for build_variant; options not named keep their defaults."""
    options: dict[str, object] = {}
    for spec in yams.option_specs(preset):
        if spec.key not in query:
            continue
        raw = query.get(spec.key, "")
        if spec.type == "columns":
            options[spec.key] = [c for c in raw.split(",") if c]
        elif spec.type == "bool":
            values = {"1": True, "true": True, "0": False, "false": False}
            options[spec.key] = values.get(raw.lower(), raw)
        else:
            options[spec.key] = raw
    return options


def blank_pdf_url(
    preset: str, layout: str, columns: Sequence[str] | None = None, **extra: str
) -> str:
    url = reverse("keepsakes:blank_pdf", kwargs={"preset": preset, "layout": layout})
    query = {}
    if columns:
        query["columns"] = ",".join(columns)
    query.update(extra)
    return f"{url}?{urlencode(query)}" if query else url


def _sheet_links(preset: str) -> list[dict[str, Any]]:
    variant = yams.PRESETS[preset]
    links = []
    for columns in COLUMN_SETS:
        if len(columns) > 1:
            label = ", ".join(translated(variant.column_label(c)) for c in columns)
        else:
            label = _("Une colonne")
        query_columns = None if columns == ("free",) else columns
        links.append(
            {
                "label": label,
                "count": len(columns),
                "layouts": [
                    {
                        "layout": layout,
                        "url": blank_pdf_url(preset, layout, query_columns),
                        "orientation": pdf.orientation_for(seats, len(columns)),
                    }
                    for layout, seats in pdf.LAYOUTS.items()
                ],
            }
        )
    return links


@require_safe
def printables(request: HttpRequest) -> HttpResponse:
    """The "Feuilles à imprimer" page: every preset with ready-made column sets,
    and a form for any other choice (which redirects to its PDF)."""
    if "preset" in request.GET:
        preset = request.GET.get("preset", "")
        layout = request.GET.get("layout", "1")
        if preset in yams.PRESETS and layout in pdf.LAYOUTS:
            chosen = request.GET.getlist("columns")
            columns = [c for c in COLUMN_ORDER if c in chosen] or ["free"]
            extra = {
                key: "1"
                for key in ("strict_straights", "saved_rolls", "typed_points")
                if request.GET.get(key) and key in yams.PRESETS[preset].options
            }
            return redirect(blank_pdf_url(preset, layout, columns, **extra))
    presets = [
        {
            "key": key,
            "label": translated(variant.label),
            "description": translated(variant.description),
            "links": _sheet_links(key),
        }
        for key, variant in yams.PRESETS.items()
    ]
    column_choices = [(c, translated(yams.COLUMN_LABELS[c])) for c in COLUMN_ORDER]
    return render(
        request,
        "keepsakes/printables.jinja",
        {
            "presets": presets,
            "column_choices": column_choices,
            "round_sheets": _round_sheets(),
        },
    )


def _round_sheets() -> list[dict[str, Any]]:
    """The blank sheets the kinds draw by player count."""
    return [
        {
            "kind": kind.key,
            "label": translated(kind.label),
            "description": translated(kind.blank_sheet_description),
            "links": [
                {
                    "players": players,
                    "url": reverse(
                        "keepsakes:blank_pdf",
                        kwargs={"preset": kind.key, "layout": str(players)},
                    ),
                    "orientation": sheets.orientation(players),
                }
                for players in kind.blank_sheet_players
            ],
        }
        for kind in sheets.blank_kinds()
    ]


def _blank_kind_sheet(preset: str, layout: str) -> HttpResponse | None:
    """The blank sheet of a kind drawn by player count: `preset` is the kind,
    `layout` the number of players; None when `preset` names no such kind."""
    try:
        kind = registry.get(preset)
    except UnknownKind:
        return None
    if not kind.blank_sheet_players:
        return None
    if not (
        layout.isascii()
        and layout.isdigit()
        and int(layout) in kind.blank_sheet_players
    ):
        raise Http404
    content = sheets.blank_sheet_pdf(kind, int(layout))
    filename = f"feuille-{preset}-{layout}-joueurs.pdf"
    return _download(content, "application/pdf", filename, attachment=False)


@require_safe
@cache_control(private=True, max_age=3600)
def blank_pdf(request: HttpRequest, preset: str, layout: str) -> HttpResponse:
    by_players = _blank_kind_sheet(preset, layout)
    if by_players is not None:
        return by_players
    if preset not in yams.PRESETS or layout not in pdf.LAYOUTS:
        raise Http404
    try:
        variant = yams.build_variant(preset, options_from_query(preset, request.GET))
    except yams.RuleError as exc:
        return HttpResponseBadRequest(
            translated(exc.message), content_type="text/plain; charset=utf-8"
        )
    content = blank_pdf_of(variant, layout)
    filename = f"feuille-yams-{preset}-{'-'.join(variant.columns)}-{layout}.pdf"
    # Inline: the browser opens it in a tab, ready to print.
    return _download(content, "application/pdf", filename, attachment=False)


def blank_pdf_of(variant: yams.Variant, layout: str) -> bytes:
    """The blank sheet, kept in the local cache: it depends only on the variant,
    the layout and the language, and drawing one takes about a tenth of a second
    (the printables page links a dozen)."""
    options = json.dumps(variant.options, sort_keys=True, separators=(",", ":"))
    key = f"blank-pdf:{variant.key}:{options}:{layout}:{get_language()}"
    content = caches["local"].get(key)
    if content is None:
        content = pdf.blank_sheet_pdf(variant, layout)
        caches["local"].set(key, content, None)
    return content


# --- one game --------------------------------------------------------------------


def _watched_game(request: HttpRequest, watch_token: str) -> Game:
    return get_game_or_404(
        request, "watch", watch_token, Game.objects.select_related("band")
    )


@require_safe
def game_pdf(request: HttpRequest, watch_token: str) -> HttpResponse:
    game = _watched_game(request, watch_token)
    state = game.state()
    filename = export.export_filename(
        game, state.players, "pdf", prefix=f"feuille-{game.game_kind.key}"
    )
    content = sheets.game_sheet_pdf(game, state)
    return _download(content, "application/pdf", filename, attachment=False)


@require_safe
def log(request: HttpRequest, watch_token: str) -> HttpResponse:
    game = _watched_game(request, watch_token)
    state = game.state()
    players = list(state.players)
    changes = export.game_changes(game, players=players)
    rows = export.log_lines(export.game_log(game, state), changes)
    family = export.family_of(game)
    by_rounds = family.columns_per_player
    return render(
        request,
        "keepsakes/log.jinja",
        {
            "game": game,
            "words": game.game_kind.words,
            "variant_label": translated(game.label),
            "rows": rows,
            # A player each, or a team each: as the kind has its columns.
            "columns": family.heads(game, state),
            "by_rounds": by_rounds,
            "seating": [p.name for p in players] if game.seating_drawn else [],
            "watch_token": watch_token,
            "retention_days": settings.GAME_RETENTION_DAYS,
        },
    )


@require_safe
def export_file(request: HttpRequest, watch_token: str, fmt: str) -> HttpResponse:
    if fmt not in CONTENT_TYPES:
        raise Http404
    game = _watched_game(request, watch_token)
    state = game.state()
    if fmt == "csv":
        content = export.game_csv(game, state)
    else:
        content = export.game_json_text(game, state)
    filename = export.export_filename(
        game, state.players, fmt, prefix=game.game_kind.key
    )
    return _download(content, CONTENT_TYPES[fmt], filename)


@require_http_methods(["GET", "POST"])
def import_game(request: HttpRequest, host_token: str) -> HttpResponse:
    """Imports a finished game's JSON export as a new game of this game's band."""
    game = get_game_or_404(
        request, "host", host_token, Game.objects.select_related("band")
    )
    return _import(request, game.band, {"game": game, "host_token": host_token})


@require_http_methods(["GET", "POST"])
def import_new(request: HttpRequest) -> HttpResponse:
    """The same import from the home page: the game starts a band of its own."""
    return _import(request, None, {})


def _import(
    request: HttpRequest, band: Band | None, context: dict[str, Any]
) -> HttpResponse:
    error = None
    status = 400
    if request.method == "POST":
        upload = request.FILES.get("file")
        if not ratelimit.spend(
            request, "import", settings.IMPORT_LIMIT, settings.IMPORT_WINDOW
        ):
            error = _("Trop d'imports depuis cette connexion : réessayez plus tard.")
            status = 429
        elif upload is None:
            error = _("Choisissez le fichier JSON d'une partie exportée.")
        elif (upload.size or 0) > imports.MAX_IMPORT_BYTES:
            error = _("Le fichier est trop gros (%(max)s Ko au plus).") % {
                "max": imports.MAX_IMPORT_BYTES // 1024
            }
        else:
            try:
                new_game, new_host_token = imports.import_game(
                    upload.read(imports.MAX_IMPORT_BYTES + 1), band
                )
            except imports.ImportRefused as exc:
                error = exc.message
            else:
                messages.success(
                    request,
                    _(
                        "Partie importée : c'est une nouvelle partie de la bande, "
                        "gardez ce lien d'hôte."
                    ),
                )
                return redirect("games:host", host_token=new_host_token)
    response = render(
        request,
        "keepsakes/import.jinja",
        {**context, "error": error, "max_kb": imports.MAX_IMPORT_BYTES // 1024},
        status=status if error else 200,
    )
    if response.status_code == 429:
        response["Retry-After"] = str(settings.IMPORT_WINDOW)
    return response


# --- the result -------------------------------------------------------------------


@require_safe
def result(request: HttpRequest, watch_token: str) -> HttpResponse:
    game = get_game_or_404(request, "watch", watch_token)
    state = game.game_kind.result_state(game.state())
    rows = result_words.ranking_rows(state)
    # Each player's colour and mark, kept by the band from game to game.
    faces = game.faces(state)
    headline = result_words.headline(game, state)
    url = request.build_absolute_uri(
        reverse("keepsakes:result", kwargs={"watch_token": game.watch_token})
    )
    image_url = request.build_absolute_uri(
        reverse("keepsakes:result_image", kwargs={"watch_token": game.watch_token})
        # Message apps cache previews per address: a new version, a new address.
        + f"?v={game.version}"
    )
    winner_names = result_words.winner_names(state)
    result_link = ShareLink(
        key="result",
        heading=_("Partager le résultat")
        if state.finished
        else _("Partager la partie"),
        help="",
        url=url,
        lead=headline,
        title=headline,
        image_url=image_url,
        image_name=_("resultat-%(date)s.png")
        % {"date": timezone.localtime(game.created_at).date().isoformat()},
    )
    context = {
        "game": game,
        "state": state,
        "rows": rows,
        "winners": winner_names,
        "winner_names": result_words.names_list(winner_names),
        "top_points": result_words.points_text(result_words.top_total(state)),
        "started": result_words.started(state),
        "headline": headline,
        "title": result_words.result_title(state, game.game_kind.result_words),
        "kicker": result_words.kicker(game, state),
        "winning_rule": result_words.winning_rule(state),
        "description": result_words.description(game, state, rows),
        "variant": result_words.variant_label(game),
        "date": result_words.game_date(game),
        "page_url": url,
        "image_url": image_url,
        "watch_url": watch_path(game),
        "link": result_link,
        # The score race, as the sheet draws it.
        "race": draw_race(state, game.game_kind, unfolded=True, faces=faces),
        "faces": faces,
        "log_url": reverse("keepsakes:log", kwargs={"watch_token": game.watch_token})
        if game.game_kind.log_on_result
        else "",
        "words": game.game_kind.words,
        "nothing_yet": game.game_kind.result_words.nothing_yet,
    }
    return render(request, "keepsakes/result.jinja", context)


@require_safe
def result_image(request: HttpRequest, watch_token: str) -> HttpResponse:
    game = get_game_or_404(request, "watch", watch_token)
    response = HttpResponse(preview.preview_png(game), content_type="image/png")
    # Crawlers of message apps fetch it without cookies; ten minutes keeps a live
    # game's preview fresh enough while sparing the server.
    response["Cache-Control"] = "public, max-age=600"
    return response
