"""Scoring a game: a box's dialog and its preview, recording, undoing, renaming.

Each write view cleans its form and calls one verb of the game (`Game.record`,
`Game.undo`, `Game.rename`), which makes every check once, under its lock; a
refusal (`ScoreRefused`) is shown with the fresh sheet (`refused`). A plain POST
redirects with a flash message; an htmx request gets the fragment it swaps.
"""

from django.contrib import messages
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.http import Http404, HttpResponseForbidden
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import (
    require_http_methods,
    require_POST,
    require_safe,
)
from django_htmx.http import reswap, retarget, trigger_client_event

from games.access import TEMPLATE, PencilGone, writer_view
from games.dialogs import EntryDialog, Preview, RenameDialog, UndoDialog
from games.errors import PencilOut, ScoreRefused
from games.forms import ConfirmForm, EntryForm, RenameForm
from games.kinds import yams
from games.messages import tr
from games.views import render_page

CLOSE_DIALOG = "sk-close-dialog"


def refused(request, access, refusal, state=None):
    """A move that cannot be made (not this player's turn, game over, stale
    page…): say why and show the fresh sheet (the verbs that refuse leave the
    game as their lock found it)."""
    if refusal.code == "pencil_gone":
        # Taken back while this request was on its way: the same 410 page as the
        # pencil link's next request gets (htmx reloads onto it).
        request.capability_refused = True
        raise PencilGone()
    if request.htmx:
        state = state or access.game.state()
        context = {"state": state, "notice": refusal.message}
        response = render(request, f"{TEMPLATE}#refresh", access.context(**context))
        retarget(response, "#sheet")
        reswap(response, "outerHTML")
        return trigger_client_event(response, CLOSE_DIALOG)
    messages.warning(request, refusal.message)
    return redirect(access.page_url)


def refreshed(request, access, notice=None, done=None):
    """The answer to a write done: the fresh sheet, with what happened."""
    context = access.context(state=access.game.state(), notice=notice, done=done)
    response = render(request, f"{TEMPLATE}#refresh", context)
    return trigger_client_event(response, CLOSE_DIALOG)


def show_dialog(request, access, state, dialog, status=200):
    if request.htmx:
        context = access.context(state=state, dialog=dialog)
        response = render(request, dialog.template, context)
        retarget(response, "#dialog-body")
        return reswap(response, "outerHTML")
    return render_page(request, access, state=state, dialog=dialog, status=status)


def entry_form(access, state, player_id, column, box, data=None, *, check=True):
    """(PlayerSheet, EntryForm) of a box this page may fill now (`check`), or of
    any box of the game: ScoreRefused if not, Http404 if the game has no such."""
    if check and not access.can_write:
        raise PencilOut(access.game.pencil_label)
    find = state.open_box if check else state.box_of
    try:
        sheet, spec, box_obj = find(player_id, column, box)
    except yams.MoveRefused as refusal:
        if refusal.code == "box":
            raise Http404 from refusal
        raise ScoreRefused.of_move(refusal) from refusal
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


def entry_dialog(access, sheet, form, preview=None, show_errors=True):
    column, box = form.column, form.box.key
    urls = {"player_id": sheet.player.pk, "column": column, "box": box}
    return EntryDialog(
        sheet=sheet,
        form=form,
        column=column,
        column_label=tr(form.variant.column_label(column)),
        multi=len(form.variant.columns) > 1,
        record_url=access.url("record", **urls),
        preview_url=access.url("preview", **urls),
        preview=preview,
        show_errors=show_errors,
    )


@require_safe
@writer_view
def box(request, access, player_id, column, box):
    state = access.game.state()
    try:
        sheet, form = entry_form(access, state, player_id, column, box)
    except ScoreRefused as refusal:
        return refused(request, access, refusal, state)
    dialog = entry_dialog(access, sheet, form)
    dialog.offline_previews = Preview.for_each(
        state, player_id, column, box, form.value_entries()
    )
    return show_dialog(request, access, state, dialog)


@require_http_methods(["GET", "POST"])
@writer_view
def preview(request, access, player_id, column, box):
    data = request.POST if request.method == "POST" else request.GET
    state = access.game.state()
    try:
        sheet, form = entry_form(access, state, player_id, column, box, data)
    except ScoreRefused as refusal:
        return refused(request, access, refusal, state)
    result = None
    if form.is_valid():
        try:
            result = Preview.build(state, player_id, column, box, form.entry)
        except ScoreRefused as refusal:
            form.add_error(None, refusal.message)
    # Half-way through a choice (one face of two picked) is no mistake yet: the
    # live preview keeps quiet until the choice is complete.
    show_errors = not (request.htmx and form.has_error(NON_FIELD_ERRORS, "missing"))
    dialog = entry_dialog(access, sheet, form, result, show_errors)
    if request.htmx:
        return render(request, f"{TEMPLATE}#preview", access.context(dialog=dialog))
    return render_page(request, access, state=state, dialog=dialog)


@require_POST
@writer_view
def record(request, access, player_id, column, box):
    game = access.game
    state = game.state()
    try:
        # Any box of the game: whether it may be written now is the game's to
        # say, under its lock, once it knows this is no retry of a write done.
        sheet, form = entry_form(
            access, state, player_id, column, box, request.POST, check=False
        )
        if form.is_valid():
            entry = game.record(
                player_id,
                column,
                box,
                form.entry,
                request_key=form.cleaned_data["request_key"],
                seen_version=form.cleaned_data["seen_version"],
                by=access.writer,
            )
        else:
            # Shown again as the dialog opens, or refused as it would be.
            entry_form(access, state, player_id, column, box)
    except ScoreRefused as refusal:
        if refusal.code != "invalid":
            return refused(request, access, refusal)
        # What the dice allow there: said in the dialog, like a form error.
        form.add_error(None, refusal.message)
    if not form.is_valid():
        dialog = entry_dialog(access, sheet, form)
        return show_dialog(request, access, state, dialog, status=422)
    if request.htmx:
        return refreshed(request, access, done=game.state().summary(entry))
    return redirect(f"{access.page_url}?done={entry.seq}")


@require_http_methods(["GET", "POST"])
@writer_view
def undo(request, access):
    """GET asks for confirmation (what would be undone); POST undoes."""
    game = access.game
    if request.method == "GET":
        if not access.can_write:
            return refused(request, access, PencilOut(game.pencil_label))
        state = game.state()
        last = state.last_entry()
        if last is None:
            return refused(request, access, ScoreRefused(_("Rien à annuler.")), state)
        form = ConfirmForm(initial={"seen_version": game.version})
        dialog = UndoDialog(form=form, **state.summary(last))
        return show_dialog(request, access, state, dialog)
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
    if undone is None:
        notice = _("Rien à annuler.")
    else:
        summary = game.state().summary(undone)
        notice = _("Annulé : %(name)s, %(box)s (%(points)s).") % {
            "name": summary["player"].name,
            "box": tr(summary["box"].label),
            "points": undone.points,
        }
    if request.htmx:
        return refreshed(request, access, notice)
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
        return show_dialog(request, access, state, RenameDialog(sheet, form))
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
                return refreshed(request, access, notice)
            messages.success(request, notice)
            return redirect(access.page_url)
    return show_dialog(request, access, state, RenameDialog(sheet, form), status=422)
