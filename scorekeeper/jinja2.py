"""The Jinja2 environment of the templates that are drawn on the hot path (the
score sheet: once per game version, role and language, for every page, poll,
stream and write answer). The pages around them stay in Django's template
language; README.md, "Templates", says which is which and why.

What the Django templates have, the sheet's templates get here under the same
names: `url()` for `{% url %}`, `_()`/`gettext()` for `{% translate %}` (Django's
catalogues: makemessages reads `_("…")` in .jinja files as it does in .html),
`translated` for the game_sheet filter of that name. Autoescape is on (Django's
backend turns it on)."""

from django.urls import reverse
from django.utils import translation
from jinja2 import Environment

from scorekeeper.lib.numbers import written
from scorekeeper.lib.translation import translated


def url(name: str, **kwargs: object) -> str:
    return reverse(name, kwargs=kwargs)


def environment(**options: object) -> Environment:
    env = Environment(extensions=["jinja2.ext.i18n"], **options)
    # Old-style callables: `_("%(name)s gagne")|format(name=…)` keeps the msgid
    # Django's {% blocktranslate %} gave it, and the result is escaped on output
    # like every other value.
    env.install_gettext_callables(
        translation.gettext,
        translation.ngettext,
        pgettext=translation.pgettext,
        npgettext=translation.npgettext,
        newstyle=False,
    )
    env.globals["url"] = url
    env.filters["translated"] = translated
    env.filters["written"] = written
    return env
