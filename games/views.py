"""The game pages: create, the host, pencil and watch pages, scoring (a box's
dialog and its preview, recording, undoing, renaming), passing the pencil, and
the fallback poll of the live sheet; inviting the table (the share page, QR
codes); the band's pages the host's link opens (the band's host tools, the next
game with the same band).

Each write view cleans its form once and calls one verb of the game
(`Game.record`, `Game.undo`, `Game.rename`, `Game.pass_pencil`,
`Game.take_back_pencil`), which makes every check once, under its lock; a refusal
(`ScoreRefused`) is shown with the fresh sheet (`refused`). A plain POST
redirects with a flash message; an htmx request gets the fragment it swaps.
"""

import functools
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from django.contrib import messages
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.http import (
    Http404,
    HttpResponse,
    HttpResponseForbidden,
    JsonResponse,
    QueryDict,
)
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import (
    require_http_methods,
    require_POST,
    require_safe,
)
from django_htmx.http import reswap, retarget, trigger_client_event

from bands.models import Band
from bands.views import render_band
from games.access import (
    TEMPLATE,
    Access,
    PencilGone,
    get_access_or_404,
    get_game_or_404,
    remember_watch_link,
    writer_view,
)
from games.dialogs import (
    BoxPreview,
    EndDialog,
    EntryDialog,
    RenameDialog,
    RoundDialog,
    RoundPreview,
    RoundUndoDialog,
    SeatingCard,
    UndoDialog,
)
from games.forms import (
    ConfirmForm,
    NewGameForm,
    PencilForm,
    RenameForm,
    ReseatForm,
    RoundForm,
    TimerForm,
    new_request_key,
    undo_key,
)
from games.invite import (
    host_path,
    invite_words,
    pencil_link,
    pencil_path,
    qr_svg,
    watch_link,
    watch_path,
)
from games.kinds import rounds, yams
from games.kinds.base import RoundKind
from games.kinds.yams.game_state import Summary
from games.models import (
    Entry,
    Game,
    InvalidEntry,
    PencilOut,
    PencilTakenBack,
    Refusal,
    Round,
    ScoreRefused,
    SeatingRefused,
    State,
)
from games.sheet import sheet_html
from scorekeeper.lib import numbers
from scorekeeper.lib.http import HtmxHttpRequest
from scorekeeper.lib.translation import translated

if TYPE_CHECKING:
    from games.kinds.yams.forms import EntryForm

# --- create ----------------------------------------------------------------------


# HEAD too: link previews of the site's address ask with HEAD first (only a POST
# creates, so HEAD is as harmless as GET here; not so in undo and rename, whose
# "not GET" branch writes).
@require_http_methods(["GET", "HEAD", "POST"])
def home(request: HtmxHttpRequest) -> HttpResponse:
    form = NewGameForm(request.POST if request.method == "POST" else None)
    if request.method == "POST":
        if form.is_row_edit:
            form = form.row_edit()
        elif form.is_valid():
            game, host_token = form.create()
            return redirect("games:host", host_token=host_token)
        else:
            return render(request, "games/home.jinja", {"form": form}, status=422)
    return render(request, "games/home.jinja", {"form": form})


# --- pages -----------------------------------------------------------------------


def page_context(
    access: Access, *, keep_sheet: bool = True, **extra: object
) -> dict[str, object]:
    """What every rendering of the game page (whole or partial) needs;
    `keep_sheet`: whether the sheet's text is kept for the next ask
    (`sheet_html`)."""
    context = {"access": access, "role": access.role, "game": access.game}
    if access.is_host:
        # The end screen links to the host's own pages (next game of the band).
        context["host_token"] = access.token
    if access.can_write:
        context["undo_key"] = undo_key(access.game.version)
    if "state" in extra:
        # Called by the template only where it shows the sheet (a callable in
        # the context is called when the template reads it).
        state = cast(State, extra["state"])
        context["sheet_html"] = functools.partial(
            sheet_html, access, state, keep=keep_sheet
        )
        context["players"] = players_of(state)
        if access.is_host:
            context["seating"] = SeatingCard.of(access.game.game_kind, state)
    return {**context, **extra}


def players_of(state: State) -> list[object]:
    """The players in seating order."""
    return list(state.players)


Dialog = (
    EntryDialog | UndoDialog | RenameDialog | RoundDialog | RoundUndoDialog | EndDialog
)


def render_page(
    request: HtmxHttpRequest,
    access: Access,
    *,
    state: State | None = None,
    dialog: Dialog | None = None,
    status: int = 200,
    pencil_form: PencilForm | None = None,
) -> HttpResponse:
    state = state or access.game.state()
    context = page_context(
        access, state=state, dialog=dialog, done=done_entry(request, access.game, state)
    )
    round_done = done_round(request, access.game, state)
    if round_done is not None:
        context["round_done"] = round_done
        context["notice"] = access.game.game_kind.words.recorded % {
            "number": round_done
        }
    if access.is_host:
        context.update(pencil_context(request, access, pencil_form))
        context["watch_url"] = request.build_absolute_uri(
            reverse("games:watch", kwargs={"watch_token": access.game.watch_token})
        )
    # ?tv (or ?tv=1): the same page sized for a tablet or a TV in the middle of the
    # table; only the body class changes, so the sheet polled in stays the same.
    context["tv"] = request.GET.get("tv", "0") != "0"
    return render(request, TEMPLATE, context, status=status)


def pencil_context(
    request: HtmxHttpRequest, access: Access, form: PencilForm | None = None
) -> dict[str, object]:
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


def done_entry(request: HtmxHttpRequest, game: Game, state: State) -> Summary | None:
    """The box just recorded (?done=<seq>), for the short "Annuler" offer."""
    seq = numbers.optional_int(request.GET.get("done"))
    # A page opened without ?done (a watch page, most host pages) reads no entry.
    if seq is None or not game.game_kind.entered_by_boxes:
        return None
    state = cast(yams.GameState, state)
    last = state.last_entry()
    if last is not None and seq == last.seq:
        return state.summary(last)
    return None


def done_round(request: HtmxHttpRequest, game: Game, state: State) -> int | None:
    """The round just recorded (?round=<number>), for the notice's "Annuler"."""
    if game.game_kind.entered_by_boxes or state.finished:
        return None
    number = numbers.optional_int(request.GET.get("round"))
    if number is not None and number == len(cast(rounds.RoundsGame, state).rounds):
        return number
    return None


def sheet_fragment(
    request: HtmxHttpRequest, access: Access, state: yams.GameState | None = None
) -> HttpResponse:
    """The #sheet fragment alone (for a page that refreshes itself)."""
    return HttpResponse(sheet_html(access, state))


@require_safe
@writer_view
def host(request: HtmxHttpRequest, access: Access) -> HttpResponse:
    return render_page(request, access)


@require_safe
@writer_view
def pencil(request: HtmxHttpRequest, access: Access) -> HttpResponse:
    response = render_page(request, access)
    # Once the pencil is taken back its link says so (410) and knows no game any
    # more; this phone remembers, under the pencil's own path, where to follow it.
    remember_watch_link(response, access)
    return response


@require_safe
def watch(request: HtmxHttpRequest, watch_token: str) -> HttpResponse:
    # The page around the sheet is rendered for each request (its CSRF token, a
    # flash message); the sheet itself once per version (`sheet_html`).
    game = get_game_or_404(request, "watch", watch_token, Game.objects.with_band())
    return render_page(request, Access("watch", game))


# --- live: the fallback poll ------------------------------------------------------
#
# Open pages follow their game through a stream (games/live/streams.py). Where none can
# be held (a buffering proxy, no EventSource, the development server), the page
# asks GET …/sheet/?v=<version it shows> every few seconds instead: 204 and no
# body when the game has not moved, the fresh #sheet fragment when it has.


def _poll(request: HtmxHttpRequest, role: str, token: str) -> HttpResponse:
    """204 when the game is still at the page's version (`?v=`), else the fresh
    #sheet. The unchanged answer, by far the most frequent, reads the version
    alone; a bad link gets what the pages get (404, 410, 429) and counts a miss."""
    digest = "watch_token" if role == "watch" else f"{role}_digest"
    game = get_game_or_404(request, role, token, Game.objects.only("version", digest))
    if request.GET.get("v", "") == str(game.version):
        return HttpResponse(status=204)
    return sheet_fragment(request, get_access_or_404(request, role, token))


@require_safe
def watch_sheet(request: HtmxHttpRequest, watch_token: str) -> HttpResponse:
    return _poll(request, "watch", watch_token)


@require_safe
def host_sheet(request: HtmxHttpRequest, host_token: str) -> HttpResponse:
    return _poll(request, "host", host_token)


@require_safe
def pencil_sheet(request: HtmxHttpRequest, pencil_token: str) -> HttpResponse:
    return _poll(request, "pencil", pencil_token)


# --- scoring ---------------------------------------------------------------------

CLOSE_DIALOG = "sk-close-dialog"


def refused(
    request: HtmxHttpRequest,
    access: Access,
    refusal: ScoreRefused,
    state: State | None = None,
) -> HttpResponse:
    """A move that cannot be made (not this player's turn, game over, stale
    page…): say why and show the fresh sheet (the verbs that refuse leave the
    game as their lock found it)."""
    if isinstance(refusal, PencilTakenBack):
        # Taken back while this request was on its way: the same 410 page as the
        # pencil link's next request gets (htmx reloads onto it).
        request.capability_refused = True
        raise PencilGone()
    if request.htmx:
        context = page_context(
            access, state=state or access.game.state(), notice=refusal.message
        )
        response = render(request, f"{TEMPLATE}#refresh", context)
        retarget(response, "#sheet")
        reswap(response, "outerHTML")
        return trigger_client_event(response, CLOSE_DIALOG)
    messages.warning(request, refusal.message)
    return redirect(access.page_url)


def refreshed(
    request: HtmxHttpRequest,
    access: Access,
    notice: str | None = None,
    done: Summary | None = None,
    round_done: int | None = None,
) -> HttpResponse:
    """The answer to a write done: the fresh sheet, with what happened."""
    # The writer's page now shows this version: its stream only tells it of the
    # next one, and its poll finds nothing new. The sheet's text is not kept for
    # an ask that does not come.
    context = page_context(
        access,
        keep_sheet=False,
        state=access.game.state(),
        notice=notice,
        done=done,
        round_done=round_done,
    )
    response = render(request, f"{TEMPLATE}#refresh", context)
    return trigger_client_event(response, CLOSE_DIALOG)


def show_dialog(
    request: HtmxHttpRequest,
    access: Access,
    state: State,
    dialog: Dialog,
    status: int = 200,
) -> HttpResponse:
    if request.htmx:
        context = page_context(access, state=state, dialog=dialog)
        response = render(request, f"{TEMPLATE}#{dialog.block}", context)
        retarget(response, "#dialog-body")
        return reswap(response, "outerHTML")
    return render_page(request, access, state=state, dialog=dialog, status=status)


def check_open(
    access: Access, state: yams.GameState, player_id: int, column: str, box: str
) -> tuple[yams.Seat, yams.EntrySpec, yams.Box]:
    """(Seat, EntrySpec, Box) of a box this page may fill now: ScoreRefused
    if not (the pencil is out, not this player's turn…), Http404 if the game has
    no such box."""
    if not access.can_write:
        raise PencilOut(access.game.pencil_label)
    return find_box(state.open_box, player_id, column, box)


def find_box(
    find: Callable[[int, str, str], tuple[yams.Seat, yams.EntrySpec, yams.Box]],
    player_id: int,
    column: str,
    box: str,
) -> tuple[yams.Seat, yams.EntrySpec, yams.Box]:
    try:
        return find(player_id, column, box)
    except yams.MoveRefused as refusal:
        refused = ScoreRefused.of_move(refusal)
        if refused.code is Refusal.BOX:
            raise Http404 from refusal
        raise refused from refusal


def box_state(access: Access) -> yams.GameState:
    """The state of a game entered box by box: the box views serve no other."""
    return cast(yams.GameState, access.game.state())


def entry_form(
    access: Access,
    state: yams.GameState,
    player_id: int,
    column: str,
    box: str,
    data: QueryDict | None = None,
    *,
    check: bool = True,
) -> "tuple[yams.Seat, EntryForm]":
    """(Seat, EntryForm) of a box this page may fill now (`check`), or of
    any box of the game: ScoreRefused if not, Http404 if the game has no such."""
    if not access.game.game_kind.entered_by_boxes:
        raise Http404  # a game entered round by round has no boxes
    if check:
        seat, spec, box_obj = check_open(access, state, player_id, column, box)
    else:
        seat, spec, box_obj = find_box(state.box_of, player_id, column, box)
    form = access.game.game_kind.entry_form_class(
        data,
        spec=spec,
        box=box_obj,
        column=column,
        variant=state.game.variant,
        bank=seat.scorecard.bank,
        scorecard=seat.scorecard,
        initial={"seen_version": access.game.version},
    )
    return seat, form


def entry_dialog(
    access: Access,
    seat: yams.Seat,
    form: "EntryForm",
    preview: BoxPreview | None = None,
    show_errors: bool = True,
) -> EntryDialog:
    column, box = form.column, form.box.key
    urls = {"player_id": seat.player.pk, "column": column, "box": box}
    return EntryDialog(
        seat=seat,
        form=form,
        column=column,
        column_label=translated(form.variant.column_label(column)),
        multi=len(form.variant.columns) > 1,
        record_url=access.url("record", **urls),
        preview_url=access.url("preview", **urls),
        preview=preview,
        show_errors=show_errors,
    )


@require_safe
@writer_view
def box(
    request: HtmxHttpRequest, access: Access, player_id: int, column: str, box: str
) -> HttpResponse:
    state = box_state(access)
    try:
        seat, form = entry_form(access, state, player_id, column, box)
    except ScoreRefused as refusal:
        return refused(request, access, refusal, state)
    dialog = entry_dialog(access, seat, form)
    dialog.offline_previews = BoxPreview.for_each(
        state, player_id, column, box, form.value_entries()
    )
    return show_dialog(request, access, state, dialog)


@require_http_methods(["GET", "POST"])
@writer_view
def preview(
    request: HtmxHttpRequest, access: Access, player_id: int, column: str, box: str
) -> HttpResponse:
    data = request.POST if request.method == "POST" else request.GET
    state = box_state(access)
    try:
        seat, form = entry_form(access, state, player_id, column, box, data)
    except ScoreRefused as refusal:
        return refused(request, access, refusal, state)
    result = None
    if form.is_valid():
        assert form.entry is not None  # a valid form has read its entry
        try:
            result = BoxPreview.of_move(state, player_id, column, box, form.entry)
        except yams.MoveRefused as refusal:
            form.add_error(None, translated(refusal.message))
    # Half-way through a choice (one face of two picked) is no mistake yet: the
    # live preview keeps quiet until the choice is complete.
    show_errors = not (request.htmx and form.has_error(NON_FIELD_ERRORS, "missing"))
    dialog = entry_dialog(access, seat, form, result, show_errors)
    if request.htmx:
        return render(
            request, f"{TEMPLATE}#preview", page_context(access, dialog=dialog)
        )
    return render_page(request, access, state=state, dialog=dialog)


@require_POST
@writer_view
def record(
    request: HtmxHttpRequest, access: Access, player_id: int, column: str, box: str
) -> HttpResponse:
    game = access.game
    state = box_state(access)
    try:
        # Any box of the game: whether it may be written now is the game's to
        # say, under its lock, once it knows this is no retry of a write done.
        seat, form = entry_form(
            access, state, player_id, column, box, request.POST, check=False
        )
        if form.is_valid():
            assert form.entry is not None  # a valid form has read its entry
            entry = game.record(
                player_id,
                column,
                box,
                form.entry,
                request_key=form.cleaned_data["request_key"],
                seen_version=form.cleaned_data["seen_version"],
                by=access.writer,
            )
            if request.htmx:
                return refreshed(request, access, done=box_state(access).summary(entry))
            return redirect(f"{access.page_url}?done={entry.seq}")
        # Shown again as the dialog opens: only for a box this page may fill now.
        check_open(access, state, player_id, column, box)
    except InvalidEntry as refusal:
        # What the dice allow there: said in the dialog, like a form error.
        form.add_error(None, refusal.message)
    except ScoreRefused as refusal:
        return refused(request, access, refusal)
    dialog = entry_dialog(access, seat, form)
    return show_dialog(request, access, state, dialog, status=422)


# --- a game of rounds: the next round, ending the game ------------------------------


def open_rounds(access: Access) -> rounds.RoundsGame:
    """The state of a game of rounds this page may write to now: Http404 for a
    game entered box by box, ScoreRefused while the pencil is out."""
    if access.game.game_kind.entered_by_boxes:
        raise Http404
    if not access.can_write:
        raise PencilOut(access.game.pencil_label)
    return cast(rounds.RoundsGame, access.game.state())


def round_form(
    access: Access, state: rounds.RoundsGame, data: QueryDict | None = None
) -> RoundForm:
    form_class = access.game.game_kind.entry_form_class
    initial = {"seen_version": access.game.version, "request_key": new_request_key()}
    return form_class(
        data, players=state.players, state=state, rules=state.rules, initial=initial
    )


def round_dialog(
    access: Access,
    state: rounds.RoundsGame,
    form: RoundForm,
    preview: RoundPreview | None = None,
    show_missing: bool = True,
) -> RoundDialog:
    return RoundDialog(
        game_kind=access.game.game_kind,
        form=form,
        number=state.number,
        dealer=state.dealer,
        record_url=access.url("record_round"),
        preview_url=access.url("preview_round"),
        preview=preview,
        show_missing=show_missing,
    )


@require_safe
@writer_view
def new_round(request: HtmxHttpRequest, access: Access) -> HttpResponse:
    try:
        state = open_rounds(access)
        if state.finished:
            raise ScoreRefused(_("La partie est terminée."), Refusal.FINISHED)
    except ScoreRefused as refusal:
        return refused(request, access, refusal)
    dialog = round_dialog(access, state, round_form(access, state))
    return show_dialog(request, access, state, dialog)


@require_http_methods(["GET", "POST"])
@writer_view
def preview_round(request: HtmxHttpRequest, access: Access) -> HttpResponse:
    data = request.POST if request.method == "POST" else request.GET
    try:
        state = open_rounds(access)
    except ScoreRefused as refusal:
        return refused(request, access, refusal)
    form = round_form(access, state, data)
    result = None
    if form.is_valid():
        try:
            result = RoundPreview.of(access.game.game_kind, state, form.entry)
        except (rounds.InvalidRound, rounds.RoundRefused) as refusal:
            form.add_error(None, translated(refusal.message))
    # While the host is still typing (htmx), a part not filled in yet is no
    # mistake: the live preview says only what is wrong in what was typed.
    dialog = round_dialog(access, state, form, result, show_missing=not request.htmx)
    if request.htmx:
        return render(
            request, f"{TEMPLATE}#round_preview", page_context(access, dialog=dialog)
        )
    return render_page(request, access, state=state, dialog=dialog)


@require_POST
@writer_view
def record_round(request: HtmxHttpRequest, access: Access) -> HttpResponse:
    game = access.game
    try:
        state = open_rounds(access)
        form = round_form(access, state, request.POST)
        if form.is_valid():
            game.record_round(
                form.entry,
                request_key=form.cleaned_data["request_key"],
                seen_version=form.cleaned_data["seen_version"],
                by=access.writer,
            )
            after = game.state()
            number = len(cast(rounds.RoundsGame, after).rounds)
            notice = game.game_kind.words.recorded % {"number": number}
            if after.finished:
                notice = _("Partie terminée.")
            if request.htmx:
                done = None if after.finished else number
                return refreshed(request, access, notice, round_done=done)
            if after.finished:
                messages.success(request, notice)
                return redirect(access.page_url)
            # Without JS the page itself carries the notice and its "Annuler".
            return redirect(f"{access.page_url}?round={number}")
    except InvalidEntry as refusal:
        form.add_error(None, refusal.message)
    except ScoreRefused as refusal:
        return refused(request, access, refusal)
    dialog = round_dialog(access, state, form)
    return show_dialog(request, access, state, dialog, status=422)


@require_http_methods(["GET", "POST"])
@writer_view
def end(request: HtmxHttpRequest, access: Access) -> HttpResponse:
    """GET asks for confirmation (the ranking it would leave); POST ends."""
    return end_or_reopen(request, access, reopen=False)


@require_http_methods(["GET", "POST"])
@writer_view
def reopen(request: HtmxHttpRequest, access: Access) -> HttpResponse:
    """GET asks for confirmation; POST takes back the end of the game."""
    return end_or_reopen(request, access, reopen=True)


def end_or_reopen(
    request: HtmxHttpRequest, access: Access, reopen: bool
) -> HttpResponse:
    game = access.game
    try:
        state = open_rounds(access)
        if request.method == "GET":
            form = ConfirmForm(initial={"seen_version": game.version})
            ended = state if reopen else state.close()
            # Ranked as the result page ranks it (a game in teams: the teams).
            standings = access.game.game_kind.result_state(ended).ranking()
            dialog = EndDialog(standings=standings, form=form, reopen=reopen)
            return show_dialog(request, access, state, dialog)
        form = ConfirmForm(request.POST)
        form.is_valid()  # Its fields never refuse: a garbled version is stale.
        verb = game.reopen if reopen else game.end
        changed = verb(seen_version=form.cleaned_data["seen_version"], by=access.writer)
    except ScoreRefused as refusal:
        return refused(request, access, refusal)
    if reopen:
        notice = _("La partie continue.") if changed else None
    else:
        notice = _("Partie terminée.") if changed else _("La partie était déjà finie.")
    if request.htmx:
        return refreshed(request, access, notice)
    if notice:
        messages.success(request, notice)
    return redirect(access.page_url)


@require_http_methods(["GET", "POST"])
@writer_view
def undo(request: HtmxHttpRequest, access: Access) -> HttpResponse:
    """GET asks for confirmation (what would be undone); POST undoes."""
    game = access.game
    if request.method == "GET":
        return undo_dialog(request, access)
    form = ConfirmForm(request.POST)
    form.is_valid()  # Its fields never refuse: a garbled version is stale.
    try:
        undone = game.undo(
            seen_version=form.cleaned_data["seen_version"],
            request_key=form.cleaned_data["request_key"],
            by=access.writer,
        )
    except ScoreRefused as refusal:
        return refused(request, access, refusal)
    notice = undone_words(game, undone)
    if request.htmx:
        return refreshed(request, access, notice)
    messages.success(request, notice)
    return redirect(access.page_url)


def undo_dialog(request: HtmxHttpRequest, access: Access) -> HttpResponse:
    """The undo's confirmation: the last box, or the last round and what it
    gave each player."""
    game = access.game
    if not access.can_write:
        return refused(request, access, PencilOut(game.pencil_label))
    state = game.state()
    form = ConfirmForm(initial={"seen_version": game.version})
    dialog: UndoDialog | RoundUndoDialog | None = None
    if not game.game_kind.entered_by_boxes:
        state = cast(rounds.RoundsGame, state)
        if state.rounds:
            last = state.rounds[-1]
            dialog = RoundUndoDialog(
                number=len(state.rounds),
                points=[
                    (p.name, rounds.signed(last.points[p.pk])) for p in state.players
                ],
                form=form,
                summary=cast(RoundKind, game.game_kind).undo_summary(state, last),
            )
    elif (entry := game.game_kind.last_written(game, state)) is not None:
        state = cast(yams.GameState, state)
        dialog = UndoDialog(form=form, **state.summary(entry))
    if dialog is None:
        return refused(request, access, ScoreRefused(_("Rien à annuler.")), state)
    return show_dialog(request, access, state, dialog)


def undone_words(game: Game, undone: Entry | Round | None) -> str:
    """What the notice says of an undo: the box or the round taken back."""
    if undone is None:
        return _("Rien à annuler.")
    state = game.state()
    if not game.game_kind.entered_by_boxes:
        # The round taken back came after those still on the sheet.
        number = len(cast(rounds.RoundsGame, state).rounds) + 1
        return game.game_kind.words.undone % {"number": number}
    summary = cast(yams.GameState, state).summary(cast(Entry, undone))
    player = summary["player"]
    return _("Annulé : %(name)s, %(box)s (%(points)s).") % {
        "name": player.name if player is not None else "",
        "box": translated(summary["box"].label),
        "points": undone.points,
    }


@require_http_methods(["GET", "POST"])
@writer_view
def rename(request: HtmxHttpRequest, access: Access, player_id: int) -> HttpResponse:
    if not access.can_rename:
        # The pencil scores; correcting names stays with the host.
        return HttpResponseForbidden(
            _("Seul l'hôte de la partie peut corriger un prénom."),
            content_type="text/plain; charset=utf-8",
        )
    game = access.game
    state = game.state()
    seat = RenameDialog.seat_of(state, player_id)
    if seat is None:
        raise Http404
    if request.method == "GET":
        form = RenameForm(initial={"name": seat.player.name})
        return show_dialog(
            request, access, state, RenameDialog.of(game.game_kind, state, seat, form)
        )
    form = RenameForm(request.POST)
    if form.is_valid():
        old = seat.player.name
        try:
            new = game.rename(player_id, form.cleaned_data["name"], by=access.writer)
        except ValidationError as exc:
            form.add_error("name", exc.messages[0])
        else:
            notice = _("%(old)s s'appelle maintenant %(new)s.") % {
                "old": old,
                "new": new,
            }
            if request.htmx:
                return refreshed(request, access, notice)
            messages.success(request, notice)
            return redirect(access.page_url)
    return show_dialog(
        request,
        access,
        state,
        RenameDialog.of(game.game_kind, state, seat, form),
        status=422,
    )


# --- passing the pencil ------------------------------------------------------------
#
# One writer at a time: while the pencil is out, the host's scoring is refused and
# the pencil's goes through; once it is taken back the pencil link answers 410. The
# pencil only scores: renaming, links and the band stay with the host.


@require_safe
@never_cache
def clock(request: HtmxHttpRequest) -> JsonResponse:
    """The server's time (ms since the epoch): every phone counts the timer down
    from the same clock, whatever its own says."""
    return JsonResponse({"now": round(time.time() * 1000)})


@require_POST
@writer_view
def timer(request: HtmxHttpRequest, access: Access) -> HttpResponse:
    """The turn timer: pause or resume (host and pencil), a new length or off."""
    form = TimerForm(request.POST)
    if not form.is_valid():
        refusal = ScoreRefused(
            " ".join(str(m) for ms in form.errors.values() for m in ms)
        )
        return refused(request, access, refusal)
    game, action = access.game, form.cleaned_data["action"]
    try:
        if action in (TimerForm.SET, TimerForm.OFF) and not access.is_host:
            raise ScoreRefused(_("Seul l'hôte règle le minuteur."), Refusal.HOST_ONLY)
        if action == TimerForm.PAUSE:
            game.pause_timer(by=access.writer)
        elif action == TimerForm.RESUME:
            game.resume_timer(by=access.writer)
        else:
            seconds = form.cleaned_data["seconds"] if action == TimerForm.SET else None
            game.set_timer(seconds, by=access.writer)
    except ScoreRefused as refusal:
        return refused(request, access, refusal)
    if request.htmx:
        return refreshed(request, access)
    return redirect(access.page_url)


@require_POST
def pass_pencil(request: HtmxHttpRequest, host_token: str) -> HttpResponse:
    """Hands out a new pencil link (revoking any other) and shows it to the host."""
    access = get_access_or_404(request, "host", host_token)
    form = PencilForm(request.POST)
    if form.is_valid():
        try:
            access.game.pass_pencil(host_token, form.cleaned_data["label"])
        except ValidationError as exc:
            form.add_error("label", exc.messages[0])
    if form.errors:
        return render_page(request, access, pencil_form=form, status=422)
    if access.game.pencil_label:
        notice = _("Le crayon est passé à %(name)s : envoyez-lui le lien.") % {
            "name": access.game.pencil_label
        }
    else:
        notice = _("Le crayon est passé : envoyez le lien à qui va noter.")
    messages.success(request, notice)
    return redirect(f"{access.page_url}#pencil")


@require_POST
def take_pencil(request: HtmxHttpRequest, host_token: str) -> HttpResponse:
    """Revokes the pencil link at once: the host scores again."""
    access = get_access_or_404(request, "host", host_token)
    if access.game.take_back_pencil():
        messages.success(request, _("Vous avez repris le crayon : à vous de noter."))
    return redirect(access.page_url)


# --- the seating, before anything is entered ---------------------------------------


@require_POST
def reseat(request: HtmxHttpRequest, host_token: str) -> HttpResponse:
    """Seats the players in a new order (the host's, pencil out or not: like a
    name, the seating is the host's to set, not the score's)."""
    access = get_access_or_404(request, "host", host_token)
    form = ReseatForm(request.POST)
    try:
        if not form.is_valid():
            raise SeatingRefused(
                _("Ces places ne sont pas celles des joueurs de la partie.")
            )
        seated = access.game.reseat(form.cleaned_data["order"], by=access.writer)
    except ScoreRefused as refusal:
        return refused(request, access, refusal)
    notice = _("Nouvelles places : %(order)s.") % {
        "order": ", ".join(
            f"{seat}. {player.name}" for seat, player in enumerate(seated, start=1)
        )
    }
    if request.htmx:
        return refreshed(request, access, notice)
    messages.success(request, notice)
    return redirect(f"{access.page_url}#seating")


# --- the band, from the host's link ----------------------------------------------
# Pages of the band that the game's host token opens: games looks the token up,
# the band's verbs do the work, and `bands.views.render_band` draws the page.


@require_http_methods(["GET", "POST"])
def host_band(request: HtmxHttpRequest, host_token: str) -> HttpResponse:
    """The band's page with the host's tools: rename the band, merge two names."""
    game = get_game_or_404(request, "host", host_token, Game.objects.with_band())
    if request.method == "POST":
        try:
            _band_action(request, game.band)
        except ValidationError as exc:
            for message in exc.messages:
                messages.error(request, message)
        return redirect("games:host_band", host_token=host_token)
    host_game_url = reverse("games:host", kwargs={"host_token": host_token})
    return render_band(request, game.band, host_game_url=host_game_url)


def _band_action(request: HtmxHttpRequest, band: Band) -> None:
    action = request.POST.get("action")
    if action == "rename":
        name = band.rename(request.POST.get("name", ""))
        messages.success(
            request, _("La bande s'appelle maintenant « %(name)s ».") % {"name": name}
        )
    elif action == "merge":
        band.merge(request.POST.get("source", ""), request.POST.get("target", ""))
        show_new_faces(band)
        messages.success(request, _("Les deux noms ne font plus qu'un."))
    elif action == "face":
        person = band.change_face(
            request.POST.get("person", ""),
            request.POST.get("colour", ""),
            request.POST.get("mark", ""),
        )
        show_new_faces(band)
        messages.success(
            request, _("%(name)s garde ses couleurs.") % {"name": person.name}
        )
    else:
        raise ValidationError(_("Action inconnue."))


def show_new_faces(band: Band) -> None:
    """Every open sheet of the band shows its people's new faces without a
    reload: a new version of each game."""
    for game in band.games.all():
        game.redraw()


@require_http_methods(["GET", "POST"])
def next_game(request: HtmxHttpRequest, host_token: str) -> HttpResponse:
    """The "Nouvelle partie avec la même bande" page: the create form, prefilled
    with the same players (the first seat moved on by one), the same game and its
    options (for Yams, its preset)."""
    game = get_game_or_404(request, "host", host_token, Game.objects.with_band())
    status = 200
    if request.method == "POST":
        form = NewGameForm(request.POST)
        if form.is_row_edit:
            form = form.row_edit()
        elif form.is_valid():
            _new_game, new_host_token = form.create(band=game.band)
            return redirect("games:host", host_token=new_host_token)
        else:
            status = 422
    else:
        names = [player.name for player in game.players.all()]
        form = NewGameForm(
            initial={
                "names": names[1:] + names[:1],
                "kind": game.kind,
                "preset": game.preset,
                "options": game.options,
            }
        )
    context = {
        "form": form,
        "action_url": request.path,
        "band": game.band,
        "back_url": reverse("games:host", kwargs={"host_token": host_token}),
    }
    return render(request, "games/home.jinja", context, status=status)


# --- inviting the table -----------------------------------------------------------
#
# The host's "Inviter la table" page and the QR codes of the watch and pencil links
# (games/invite.py). Every token goes through games.access: the same 404 for a
# malformed or an unknown link, and misses counted towards the rate limit.


def _svg(data: str | bytes, cache_control: str) -> HttpResponse:
    response = HttpResponse(data, content_type="image/svg+xml")
    response["Cache-Control"] = cache_control
    return response


@never_cache
@require_safe
def share_page(request: HtmxHttpRequest, host_token: str) -> HttpResponse:
    game = get_game_or_404(request, "host", host_token)
    pencil_token = game.current_pencil_token(host_token)
    context = {
        "game": game,
        "host_url": host_path(host_token),
        "watch": watch_link(request, game),
        "pencil": (
            pencil_link(request, game, host_token, pencil_token)
            if pencil_token
            else None
        ),
    }
    return render(request, "games/share.jinja", context)


@require_safe
def watch_qr(request: HtmxHttpRequest, watch_token: str) -> HttpResponse:
    game = get_game_or_404(request, "watch", watch_token)
    url = request.build_absolute_uri(watch_path(game))
    # The watch link of a game never changes: browsers may keep its code.
    title = invite_words(game, "watch")["title"]
    return _svg(qr_svg(url, title), "private, max-age=86400")


@require_safe
def pencil_qr(request: HtmxHttpRequest, host_token: str) -> HttpResponse:
    game = get_game_or_404(request, "host", host_token)
    pencil_token = game.current_pencil_token(host_token)
    if pencil_token is None:
        raise Http404
    url = request.build_absolute_uri(pencil_path(pencil_token))
    # Same address for every pencil link the host hands out: never keep an old one.
    title = invite_words(game, "pencil")["title"]
    return _svg(qr_svg(url, title), "no-store")
