"""The game pages: create, host (and pencil) pages that write, the watch page.

Every write URL exists under /h/<host_token>/ and /c/<pencil_token>/: the views take
either token and `_writer_or_404` turns it into an `Access`. A plain POST redirects
with a flash message; an htmx request gets the fragment it swaps.

One writer at a time: while the pencil is out (`pass_pencil`), the host's scoring
views refuse and the pencil's work; once it is taken back (`take_pencil`) the
pencil link answers 410. The pencil only scores: renaming, links and the band stay
with the host. Every write carries an idempotency key (`request_key`).
"""

import collections
import functools
import secrets
import threading
from dataclasses import dataclass

from django.contrib import messages
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.http import Http404, HttpResponse, HttpResponseForbidden
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import (
    require_http_methods,
    require_POST,
    require_safe,
)

from games import numbers, ratelimit, tokens
from games.capabilities import SCOPE, PencilGone, get_game_or_404
from games.dialogs import EntryDialog, RenameDialog, UndoDialog
from games.follow import remember_watch_link
from games.forms import (
    ConfirmForm,
    EntryForm,
    NewGameForm,
    PencilForm,
    RenameForm,
    new_request_key,
    request_key_of,
)
from games.messages import tr
from games.models import (
    AlreadyUndone,
    Game,
    GamesWithBand,
    PencilOut,
    Preview,
    ScoreRefused,
    StaleVersion,
    is_stale,
)
from games.share_views import pencil_link
from games.sheet import sheet_table

TEMPLATE = "games/game.html"


@dataclass
class Access:
    """Who is looking at a game, and how their links are spelt."""

    role: str  # host, pencil or watch
    game: Game
    token: str = ""

    @property
    def can_write(self):
        """Whether this page scores now (record, undo): one writer at a time, so
        the host does not while the pencil is out."""
        if self.role == "host":
            return not self.game.pencil_out
        return self.role == "pencil"

    @property
    def can_rename(self):
        # Correcting a name is the host's, pencil or not; the pencil only scores.
        return self.role == "host"

    @property
    def writer(self):
        """Who writes, as `Game.record(by=…)` checks it under the lock."""
        return self.role if self.role in ("host", "pencil") else None

    @property
    def is_host(self):
        return self.role == "host"

    @property
    def url_prefix(self):
        return "pencil_" if self.role == "pencil" else ""

    @property
    def token_kwarg(self):
        return f"{self.role}_token"

    @property
    def page_url(self):
        if self.role == "watch":
            return reverse("games:watch", kwargs={"watch_token": self.game.watch_token})
        return reverse(f"games:{self.role}", kwargs={self.token_kwarg: self.token})

    def url(self, name, **kwargs):
        return reverse(
            f"games:{self.url_prefix}{name}",
            kwargs={self.token_kwarg: self.token, **kwargs},
        )

    def live_url(self, what):
        """The stream (`events`) or the fallback poll (`sheet`) of this page."""
        token = self.game.watch_token if self.role == "watch" else self.token
        return reverse(f"games:{self.role}_{what}", kwargs={self.token_kwarg: token})

    @property
    def events_url(self):
        return self.live_url("events")

    @property
    def poll_url(self):
        return self.live_url("sheet")


def _games():
    return GamesWithBand()


def _writer_or_404(request, host_token=None, pencil_token=None):
    """The Access of a host or pencil link (404 / 410 raised for a bad token)."""
    if host_token is not None:
        game = get_game_or_404(request, "host", host_token, _games())
        return Access("host", game, host_token)
    game = get_game_or_404(request, "pencil", pencil_token, _games())
    return Access("pencil", game, pencil_token)


def writer_view(view):
    """Lets one view serve /h/<host_token>/… and /c/<pencil_token>/…"""

    @functools.wraps(view)
    def wrapped(request, *args, host_token=None, pencil_token=None, **kwargs):
        access = _writer_or_404(request, host_token, pencil_token)
        return view(request, access, *args, **kwargs)

    return wrapped


# --- create ----------------------------------------------------------------------


# HEAD too: link previews of the site's address ask with HEAD first (only a POST
# creates, so HEAD is as harmless as GET here; not so in undo and rename, whose
# "not GET" branch writes).
@require_http_methods(["GET", "HEAD", "POST"])
def home(request):
    form = NewGameForm(request.POST if request.method == "POST" else None)
    if request.method == "POST":
        if form.is_row_edit:
            form = form.row_edit()
        elif form.is_valid():
            game, host_token = form.create()
            return redirect("games:host", host_token=host_token)
        else:
            return render(request, "games/home.html", {"form": form}, status=422)
    return render(request, "games/home.html", {"form": form})


# --- pages -----------------------------------------------------------------------


def _context(access, **extra):
    """What every rendering of the game page (whole or fragment) needs."""
    context = {"access": access, "role": access.role, "game": access.game}
    if access.is_host:
        # The end screen links to the host's own pages (next game of the band).
        context["host_token"] = access.token
    if access.can_write:
        # The idempotency key of the undo forms: a retried undo takes back one.
        context["undo_key"] = new_request_key()
    if "state" in extra:
        # Called by the template only where it shows the sheet (a callable in
        # the context is called when the template reads it).
        context["sheet_html"] = functools.partial(sheet_html, access, extra["state"])
    return {**context, **extra}


def _page(request, access, *, state=None, dialog=None, status=200, pencil_form=None):
    state = state or access.game.state()
    context = _context(
        access, state=state, dialog=dialog, done=_done_entry(request, state)
    )
    if access.is_host:
        context.update(_pencil_context(request, access, pencil_form))
    # ?tv (or ?tv=1): the same page sized for a tablet or a TV in the middle of the
    # table; only the body class changes, so the sheet polled in stays the same.
    context["tv"] = request.GET.get("tv", "0") != "0"
    if access.is_host:
        context["watch_url"] = request.build_absolute_uri(
            reverse("games:watch", kwargs={"watch_token": access.game.watch_token})
        )
    return render(request, TEMPLATE, context, status=status)


def _done_entry(request, state):
    """The entry just recorded (?done=<seq>), for the short "Annuler" offer."""
    seq = numbers.optional_int(request.GET.get("done"))
    last = state.last_entry()
    if last is not None and seq == last.seq:
        return {
            "entry": last,
            "player": state.player_of(last),
            "box": _box(state, last),
        }
    return None


def _box(state, entry):
    return state.game.variant.box(entry.box)


def _fragment(request, access, name, context, status=200, headers=None):
    response = render(
        request, f"{TEMPLATE}#{name}", _context(access, **context), status=status
    )
    for key, value in (headers or {}).items():
        response[key] = value
    return response


def sheet_context(access, state):
    """What templates/games/sheet.html needs, and nothing per request: every page
    of the game in this role can be sent the same rendering."""
    context = {"access": access, "role": access.role, "game": access.game}
    if access.is_host:
        context["host_token"] = access.token
    return {**context, "state": state, "table": sheet_table(state, access)}


def sheet_html(access, state=None):
    """The #sheet of `access`'s role at its game's version, in the active language.

    Rendered once per (game, version, role, language) in this process: the page,
    its poll and its stream (games/streams.py) all take it from here. `state`, the
    game's replayed sheets if the caller has them, is only read on a miss."""
    game = access.game
    return _rendered_once(
        (game.watch_token, get_language(), "sheet", access.role, access.token),
        (game.version,),
        lambda: render_to_string(
            "games/sheet.html", sheet_context(access, state or game.state())
        ),
    )


def sheet_fragment(request, access, state=None):
    """The #sheet fragment alone (for a page that refreshes itself)."""
    return HttpResponse(sheet_html(access, state))


# --- the watch page: rendered once per version ------------------------------------
#
# Every watcher of a game gets the same page for a given version of the game (every
# write bumps it): each process renders the watch page, and the #sheet of each role
# (`sheet_html`), once per version and language, and hands the same text to the
# next asker, so the forty phones of a table that poll in a new entry cost one
# rendering, not forty (bench/watchers.py). Process memory is safe here, unlike
# for the version itself: a text is only served for the version it was rendered
# for, so no process can serve a stale sheet. Only the latest version of each game
# is kept: an older one is never asked for again (its watchers get the new one),
# and keeping them all made the workers grow by 100 MiB in the soak run before the
# cap stopped them.
# Keys hold the watch token, not the primary key: tests (and a restored database)
# may give a new game the primary key of an old one, never its token.
# Only the CSRF token differs from one watcher to the next; it goes in last.


class _LatestRenderings:
    """(watch token, language, what…) -> the text of its latest version, at most
    `limit` of them (the least recently rendered go first)."""

    def __init__(self, limit):
        self.limit = limit
        self.slots = collections.OrderedDict()
        self.lock = threading.Lock()

    def get(self, slot, version):
        found = self.slots.get(slot)
        return found[1] if found is not None and found[0] == version else None

    def put(self, slot, version, text):
        with self.lock:
            found = self.slots.get(slot)
            # A slow render of an older version must not evict the newer one.
            if found is None or found[0][0] <= version[0]:
                self.slots[slot] = (version, text)
                self.slots.move_to_end(slot)
            while len(self.slots) > self.limit:
                self.slots.popitem(last=False)

    def clear(self):
        with self.lock:
            self.slots.clear()


# A game in play keeps a few: its watch page, its watch, host (or pencil) sheets.
_RENDERED = _LatestRenderings(limit=512)
_CSRF_SLOT = f"csrf-slot-{secrets.token_hex(16)}"


def _rendered_once(slot, version, render_it):
    """`render_it()`'s text for `version` (a tuple, game version first) of `slot`."""
    text = _RENDERED.get(slot, version)
    if text is None:
        text = render_it()
        _RENDERED.put(slot, version, text)
    return text


def _watch_page(request, game):
    access = Access("watch", game)
    if len(messages.get_messages(request)):
        # A flash message is for this phone only (and rare here): render as usual.
        return _page(request, access)

    def render_page():
        context = _context(access, state=game.state(), dialog=None, done=None)
        context["tv"] = request.GET.get("tv", "0") != "0"
        context["csrf_token"] = _CSRF_SLOT
        return render_to_string(TEMPLATE, context, request)

    # The band's name is in the footer and may change without a new game version;
    # the full path is in the language form's "next".
    page = _rendered_once(
        (game.watch_token, get_language(), request.get_full_path()),
        (game.version, game.band.name),
        render_page,
    )
    return HttpResponse(page.replace(_CSRF_SLOT, get_token(request)))


@require_safe
@writer_view
def host(request, access):
    return _page(request, access)


@require_safe
@writer_view
def pencil(request, access):
    response = _page(request, access)
    # Once the pencil is taken back its link says so (410) and knows no game any
    # more; this phone remembers, under the pencil's own path, where to follow it.
    remember_watch_link(response, access)
    return response


@require_safe
def watch(request, watch_token):
    game = get_game_or_404(request, "watch", watch_token, _games())
    return _watch_page(request, game)


# --- live: the fallback poll ------------------------------------------------------
#
# Open pages follow their game through a stream (games/streams.py). Where none can
# be held (a buffering proxy, no EventSource, the development server), the page
# asks GET …/feuille/?v=<version it shows> every few seconds instead: 204 and no
# body when the game has not moved, the fresh #sheet fragment when it has.


def _version_of(kind, token):
    """The version of the game `token` opens; None if it opens none."""
    if kind == "watch":
        games = Game.objects.filter(watch_token=token)
        return games.values_list("version", flat=True).first()
    games = Game.objects.only("version", f"{kind}_digest")
    game = getattr(games, f"by_{kind}_token")(token)
    return game.version if game is not None else None


def _poll(request, kind, token):
    if ratelimit.too_many_misses(request, SCOPE):
        get_game_or_404(request, kind, token)  # raises the 429
    version = _version_of(kind, token) if tokens.is_well_formed(token) else None
    if version is None:
        # The proper answer and a counted miss: 404, or 410 for a pencil taken
        # back (its page then reloads on the "crayon repris" page: HX-Refresh).
        get_game_or_404(request, kind, token)
    if request.GET.get("v", "") == str(version):
        return HttpResponse(status=204)
    game = get_game_or_404(request, kind, token, _games())
    return sheet_fragment(request, Access(kind, game, "" if kind == "watch" else token))


@require_safe
def watch_sheet(request, watch_token):
    return _poll(request, "watch", watch_token)


@require_safe
def host_sheet(request, host_token):
    return _poll(request, "host", host_token)


@require_safe
def pencil_sheet(request, pencil_token):
    return _poll(request, "pencil", pencil_token)


# --- entering a box --------------------------------------------------------------


def _entry_form(state, player_id, column, box, data=None):
    sheet, spec, box_obj = state.open_box(player_id, column, box)
    form = EntryForm(
        data,
        spec=spec,
        box=box_obj,
        column=column,
        variant=state.game.variant,
        bank=sheet.sheet.bank,
        sheet=sheet.sheet,
        initial={"seen_version": state.game.version},
    )
    return sheet, form


def _refused(request, access, refusal, state=None):
    """A move that cannot be made here (not this player's turn, game over, stale
    page…): say why and show the fresh sheet."""
    if refusal.code == "pencil_gone":
        # Taken back while this request was on its way: the same 410 page as the
        # pencil link's next request gets (htmx reloads onto it).
        request.capability_refused = True
        raise PencilGone()
    if state is None:
        # Refused by the model under its lock: the sheet has moved since the
        # view read the game.
        access.game.refresh_from_db()
    if request.htmx:
        state = state or access.game.state()
        return _fragment(
            request,
            access,
            "refresh",
            {"state": state, "notice": refusal.message},
            headers={
                "HX-Retarget": "#sheet",
                "HX-Reswap": "outerHTML",
                "HX-Trigger": "sk-close-dialog",
            },
        )
    messages.warning(request, refusal.message)
    return redirect(access.page_url)


def _dialog(request, access, state, dialog, status=200):
    """The page with `dialog` open, or for htmx its own partial alone."""
    if request.htmx:
        response = render(
            request,
            dialog.template,
            _context(access, state=state, dialog=dialog),
        )
        response["HX-Retarget"] = "#dialog-body"
        response["HX-Reswap"] = "outerHTML"
        return response
    return _page(request, access, state=state, dialog=dialog, status=status)


def _entry_dialog(
    sheet, form, column, box, preview=None, access=None, show_errors=True
):
    return EntryDialog(
        sheet=sheet,
        form=form,
        column=column,
        column_label=tr(form.variant.column_label(column)),
        multi=len(form.variant.columns) > 1,
        record_url=access.url(
            "record", player_id=sheet.player.pk, column=column, box=box
        ),
        preview_url=access.url(
            "preview", player_id=sheet.player.pk, column=column, box=box
        ),
        preview=preview,
        show_errors=show_errors,
    )


@require_safe
@writer_view
def box(request, access, player_id, column, box):
    if not access.can_write:
        return _refused(request, access, PencilOut(access.game.pencil_label))
    state = access.game.state()
    try:
        sheet, form = _entry_form(state, player_id, column, box)
    except ScoreRefused as refusal:
        if refusal.code == "box":
            raise Http404 from refusal
        return _refused(request, access, refusal, state)
    dialog = _entry_dialog(sheet, form, column, box, access=access)
    dialog.offline_previews = Preview.for_each(
        state, player_id, column, box, form.value_entries()
    )
    return _dialog(request, access, state, dialog)


@require_http_methods(["GET", "POST"])
@writer_view
def preview(request, access, player_id, column, box):
    if not access.can_write:
        return _refused(request, access, PencilOut(access.game.pencil_label))
    state = access.game.state()
    data = request.POST if request.method == "POST" else request.GET
    try:
        sheet, form = _entry_form(state, player_id, column, box, data)
    except ScoreRefused as refusal:
        if refusal.code == "box":
            raise Http404 from refusal
        return _refused(request, access, refusal, state)
    result = None
    if form.is_valid():
        try:
            result = Preview.build(state, player_id, column, box, form.entry)
        except ScoreRefused as refusal:
            form.add_error(None, refusal.message)
    # Half-way through a choice (one face of two picked) is no mistake yet: the
    # live preview keeps quiet until the choice is complete.
    show_errors = not (request.htmx and form.has_error(NON_FIELD_ERRORS, "missing"))
    dialog = _entry_dialog(
        sheet, form, column, box, preview=result, access=access, show_errors=show_errors
    )
    if request.htmx:
        return _fragment(request, access, "preview", {"dialog": dialog})
    return _page(request, access, state=state, dialog=dialog)


def _recorded(request, access, entry, state=None):
    """The answer to a recorded entry: the fresh sheet and the "Annuler" offer.
    `state`: the sheets with the entry on them, when the caller has them."""
    if request.htmx:
        if state is None:
            state = access.game.state()
        done = {
            "entry": entry,
            "player": state.player_of(entry),
            "box": _box(state, entry),
        }
        return _fragment(
            request,
            access,
            "refresh",
            {"state": state, "done": done},
            headers={"HX-Trigger": "sk-close-dialog"},
        )
    return redirect(f"{access.page_url}?done={entry.seq}")


def _retried(request, access, already, state=None):
    """The answer to a request already made with this idempotency key (`already`,
    its entry), or None if there is none.

    A second tap on Valider, or a retry after a lost answer, gets the answer of
    the first one: recorded, not "it is Hugo's turn now"; and if that entry was
    undone since, it says so and records nothing. `state`: the sheets as read
    with `already`, if at hand."""
    if already is None:
        return None
    if already.undone:
        return _refused(request, access, AlreadyUndone(), state)
    return _recorded(request, access, already, state)


@require_POST
@writer_view
def record(request, access, player_id, column, box):
    game = access.game
    key = request_key_of(request.POST)
    # Read once, here, and handed to the model: the form is checked, the entry
    # replayed and the sheet answered from this reading (see Game.read).
    reading = game.read(request_key=key)
    answer = _retried(request, access, reading.done, reading.state)
    if answer is not None:
        return answer
    if not access.can_write:
        return _refused(request, access, PencilOut(game.pencil_label))
    # A garbled version is stale too: a clear message, not a 500 nor a 422 with
    # an error on a hidden field.
    if is_stale(request.POST.get("seen_version") or None, game.version):
        return _refused(request, access, StaleVersion())
    state = reading.state
    try:
        sheet, form = _entry_form(state, player_id, column, box, request.POST)
    except ScoreRefused as refusal:
        if refusal.code == "box":
            raise Http404 from refusal
        # Its twin (same key) may have been recorded since this request read the
        # game: then that is the answer, not "the box is taken".
        answer = _retried(request, access, game.entry_for_request(key))
        if answer is not None:
            return answer
        return _refused(request, access, refusal, state)
    if not form.is_valid():
        dialog = _entry_dialog(sheet, form, column, box, access=access)
        return _dialog(request, access, state, dialog, status=422)
    try:
        entry, after = game.record_move(
            player_id,
            column,
            box,
            form.entry,
            request_key=form.cleaned_data.get("request_key") or "",
            seen_version=form.cleaned_data.get("seen_version"),
            by=access.writer,
            reading=reading,
        )
    except ScoreRefused as refusal:
        if refusal.code != "invalid":
            return _refused(request, access, refusal)
        form.add_error(None, refusal.message)
        dialog = _entry_dialog(sheet, form, column, box, access=access)
        return _dialog(request, access, state, dialog, status=422)
    return _recorded(request, access, entry, after)


# --- undo and rename ---------------------------------------------------------------


@require_http_methods(["GET", "POST"])
@writer_view
def undo(request, access):
    """GET asks for confirmation (what would be undone); POST undoes."""
    game = access.game
    if not access.can_write:
        return _refused(request, access, PencilOut(game.pencil_label))
    if request.method == "GET":
        state = game.state()
        last = state.last_entry()
        if last is None:
            return _refused(request, access, ScoreRefused(_("Rien à annuler.")), state)
        dialog = UndoDialog(
            entry=last,
            player=state.player_of(last),
            box=_box(state, last),
            form=ConfirmForm(initial={"seen_version": game.version}),
        )
        return _dialog(request, access, state, dialog)
    form = ConfirmForm(request.POST)
    if not form.is_valid():
        # A garbled confirmation is no licence to undo without the stale check.
        return _refused(request, access, StaleVersion())
    key = request_key_of(request.POST)
    try:
        undone, state = game.undo_move(
            seen_version=form.cleaned_data.get("seen_version"),
            request_key=key,
            by=access.writer,
            reading=game.read(undo_key=key),
        )
    except ScoreRefused as refusal:
        return _refused(request, access, refusal)
    if undone is None:
        notice = _("Rien à annuler.")
    else:
        notice = _("Annulé : %(name)s, %(box)s (%(points)s).") % {
            "name": state.player_of(undone).name,
            "box": tr(_box(state, undone).label),
            "points": undone.points,
        }
    if request.htmx:
        return _fragment(
            request,
            access,
            "refresh",
            {"state": state, "notice": notice},
            headers={"HX-Trigger": "sk-close-dialog"},
        )
    messages.success(request, notice)
    return redirect(access.page_url)


@require_http_methods(["GET", "POST"])
@writer_view
def rename(request, access, player_id):
    if not access.can_rename:
        # The pencil scores; correcting names stays with the host.
        return HttpResponseForbidden(
            _("Seul l'hôte de la partie peut corriger un prénom."),
            content_type="text/plain; charset=utf-8",
        )
    game = access.game
    state = game.state()
    sheet = state.sheet_of(player_id)
    if sheet is None:
        raise Http404
    if request.method == "GET":
        form = RenameForm(initial={"name": sheet.player.name})
        return _dialog(request, access, state, RenameDialog(sheet, form))
    form = RenameForm(request.POST)
    if form.is_valid():
        old = sheet.player.name
        try:
            new = game.rename(player_id, form.cleaned_data["name"])
        except ValidationError as exc:
            form.add_error("name", exc.messages[0])
        else:
            notice = _("%(old)s s'appelle maintenant %(new)s.") % {
                "old": old,
                "new": new,
            }
            if request.htmx:
                return _fragment(
                    request,
                    access,
                    "refresh",
                    {"state": game.state(), "notice": notice},
                    headers={"HX-Trigger": "sk-close-dialog"},
                )
            messages.success(request, notice)
            return redirect(access.page_url)
    return _dialog(request, access, state, RenameDialog(sheet, form), status=422)


# --- passing the pencil ------------------------------------------------------------


def _pencil_context(request, access, form=None):
    """The host page's pencil card: the form to pass it, or the link it was passed
    with (derived again from the host token: only its hash is stored)."""
    game = access.game
    token = game.current_pencil_token(access.token)
    return {
        "pencil_form": form or PencilForm(),
        "pencil_link": (
            pencil_link(request, game, access.token, token) if token else None
        ),
    }


def _host_access(request, host_token):
    return Access(
        "host", get_game_or_404(request, "host", host_token, _games()), host_token
    )


@require_POST
def pass_pencil(request, host_token):
    """Hands out a new pencil link (revoking any other) and shows it to the host."""
    access = _host_access(request, host_token)
    form = PencilForm(request.POST)
    if form.is_valid():
        try:
            access.game.pass_pencil(host_token, form.cleaned_data["label"])
        except ValidationError as exc:
            form.add_error("label", exc.messages[0])
    if form.errors:
        return _page(request, access, pencil_form=form, status=422)
    if access.game.pencil_label:
        notice = _("Le crayon est passé à %(name)s : envoyez-lui le lien.") % {
            "name": access.game.pencil_label
        }
    else:
        notice = _("Le crayon est passé : envoyez le lien à qui va noter.")
    messages.success(request, notice)
    return redirect(f"{access.page_url}#pencil")


@require_POST
def take_pencil(request, host_token):
    """Revokes the pencil link at once: the host scores again."""
    access = _host_access(request, host_token)
    if access.game.take_back_pencil():
        messages.success(request, _("Vous avez repris le crayon : à vous de noter."))
    return redirect(access.page_url)
