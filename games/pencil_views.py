"""Passing the pencil: the host hands a scoring link to another phone, and takes
it back.

One writer at a time: while the pencil is out, the host's scoring is refused and
the pencil's goes through; once it is taken back the pencil link answers 410. The
pencil only scores: renaming, links and the band stay with the host.
"""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.access import get_access_or_404
from games.forms import PencilForm
from games.views import render_page


@require_POST
def pass_pencil(request, host_token):
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
def take_pencil(request, host_token):
    """Revokes the pencil link at once: the host scores again."""
    access = get_access_or_404(request, "host", host_token)
    if access.game.take_back_pencil():
        messages.success(request, _("Vous avez repris le crayon : à vous de noter."))
    return redirect(access.page_url)
