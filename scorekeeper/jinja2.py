"""The one template language of the project: Jinja2, through Django's own
`Jinja2` backend. docs/developing.md, "Templates", says why.

What Django's template language gave the pages, the environment gives under
names a Django developer knows:

- `url(name, **kwargs)` for `{% url %}`, `static(path)` for `{% static %}`
  (and `css_text(path, …)`, stylesheets' text for a page's `<style nonce>`),
  `{{ csrf_input }}` for `{% csrf_token %}` and `{{ csrf_token }}` (the `csrf`
  context processor, below, with `{{ htmx_form_csrf_input }}` for a form htmx
  sends), `htmx_script()` from django-htmx's own Jinja helpers;
- translations from Django's catalogues: `_("…")`, `gettext`, `pgettext`,
  `ngettext` and `{% trans %}…{% endtrans %}` blocks (with `count` for plurals).
  A translated literal is the project's own text, so it is printed as it is,
  not escaped, as `{% translate %}` printed it; the values put into it
  (`{% trans name=… %}`, `_("…%(name)s")|format(name=…)`) are escaped.
  makemessages reads the .jinja files through Jinja's own extractor
  (scorekeeper/management/commands/makemessages.py);
- Django's filters the pages use (`date`, `time`, `floatformat`, `capfirst`,
  `localize`, `default_if_none`), and the project's (`translated`, `written`,
  `die`). Jinja2 prints a number as Python writes it: a float or a date that a
  reader sees goes through `floatformat`, `localize` or `date`;
- an unknown name, or an attribute of one, prints nothing, as it did.

A partial is a block rendered by name: `render(request, "games/game.jinja#refresh")`
draws only the block `refresh` of that template, with the same context as the
page (`Jinja2.get_template`, below). A piece that another template includes with
values of its own is a macro, in a template of its own
(`{% from "games/share_widget.jinja" import share_widget %}`): importing from a
page would draw the page, and a block drawn alone sees only what it imports
itself.
"""

from collections.abc import Iterator
from typing import Any

import jinja2
from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.template import TemplateDoesNotExist, defaultfilters
from django.template.backends import jinja2 as django_jinja2
from django.template.defaultfilters import capfirst, floatformat
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.formats import localize
from django.utils.functional import SimpleLazyObject
from django.utils.html import format_html
from django.utils.timezone import (  # type: ignore[attr-defined]  # not in the stubs
    template_localtime,
)
from django_htmx.jinja import htmx_script
from markupsafe import Markup

from scorekeeper.lib.numbers import written
from scorekeeper.lib.translation import translated
from scorekeeper.staticfiles import css_text

DIE_FACES = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}


def url(name: str, **kwargs: object) -> str:
    return reverse(name, kwargs=kwargs)


def die(value: Any) -> str:
    """The die face character for 1..6 (decorative: always next to the digit)."""
    try:
        return DIE_FACES.get(int(value), "")
    except (TypeError, ValueError):
        return ""


# The catalogue's text is the project's own: printed as written, like Django's
# {% translate %}; `%` formatting of a Markup escapes the values put in.
def gettext(message: str) -> Markup:
    return Markup(translation.gettext(message))


def ngettext(singular: str, plural: str, number: int) -> Markup:
    return Markup(translation.ngettext(singular, plural, number))


def pgettext(context: str, message: str) -> Markup:
    return Markup(translation.pgettext(context, message))


def npgettext(context: str, singular: str, plural: str, number: int) -> Markup:
    return Markup(translation.npgettext(context, singular, plural, number))


# Django's template language shows a date in the current time zone before its
# filters format it; these filters do the same.
def date(value: object, arg: str | None = None) -> str:
    return defaultfilters.date(template_localtime(value), arg)


def time(value: object, arg: str | None = None) -> str:
    return defaultfilters.time(template_localtime(value), arg)


def default_if_none(value: object, default: object = "") -> object:
    return default if value is None else value


class Template(jinja2.Template):
    """A template whose drawing leaves nothing for the garbage collector.

    A macro that calls anything (a translation, another macro, a method) keeps
    the context it was defined in, and the context keeps the macro: a reference
    cycle, and with it every value the template was given (a sheet's table, the
    game's state) waits for a collection instead of being freed when the text
    is drawn. The sheet is drawn at every write; thousands of held streams make
    each collection slow for the whole process. Emptying the context once the
    text is drawn breaks the cycle (Jinja's `new_context` and
    `root_render_func`, as its own `render` uses them)."""

    def render(self, *args: Any, **kwargs: Any) -> str:
        context = self.new_context(dict(*args, **kwargs))
        try:
            return drawn(context, self.root_render_func(context))
        except Exception:
            # Jinja's own: the traceback shows the template's lines.
            self.environment.handle_exception()


def drawn(context: jinja2.runtime.Context, parts: Iterator[str]) -> str:
    """The text of `parts`, drawn in `context`, then the context emptied (see
    `Template`)."""
    try:
        return "".join(parts)
    finally:
        context.vars.clear()


def environment(**options: Any) -> jinja2.Environment:
    # Django's backend asks for its own kind of Undefined: ours prints nothing
    # for an unknown name or any attribute of one, as Django's templates did.
    options["undefined"] = jinja2.ChainableUndefined
    env = jinja2.Environment(extensions=["jinja2.ext.i18n"], **options)
    env.template_class = Template
    # Old-style callables: `_("%(name)s gagne")|format(name=…)` keeps the msgid
    # Django's {% blocktranslate %} gave it.
    # The i18n extension adds this method to the environment it is loaded in.
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext, ngettext, pgettext=pgettext, npgettext=npgettext, newstyle=False
    )
    env.globals.update(
        url=url,
        static=static,
        css_text=css_text,
        htmx_script=htmx_script,
        get_language_info=translation.get_language_info,
    )
    env.filters.update(
        translated=translated,
        written=written,
        die=die,
        date=date,
        time=time,
        floatformat=floatformat,
        capfirst=capfirst,
        localize=localize,
        default_if_none=default_if_none,
    )
    return env


def csrf(request: HttpRequest) -> dict[str, object]:
    """`csrf_token` and `csrf_input` masked once per render, as Django's template
    language masks them: the backend's own are masked anew at each use, and a
    host page has a form in every card (each mask is a few dozen random bytes).

    `htmx_form_csrf_input` is for a form that htmx sends on its submit (`hx-post`
    on the form itself): the field for a page without JavaScript, nothing in an
    htmx answer. htmx adds the page's token to every request it sends, as a
    header (base.jinja's `hx-headers`), and masking draws each random character
    with a system call that lets go of the interpreter's lock: in a busy process
    every one waits to take it back, and a write's answer would wait dozens of
    times for a field its form never sends."""
    token = SimpleLazyObject(lambda: get_token(request))
    hidden = '<input type="hidden" name="csrfmiddlewaretoken" value="{}">'
    field = SimpleLazyObject(lambda: format_html(hidden, token))
    return {
        "csrf_token": token,
        "csrf_input": field,
        "htmx_form_csrf_input": "" if getattr(request, "htmx", False) else field,
    }


class Block:
    """One block of a template, drawn alone with the template's whole context:
    what Django's `Template` wrapper needs of a Jinja2 template."""

    def __init__(self, template: jinja2.Template, block: str) -> None:
        self.template = template
        self.name = f"{template.name}#{block}"
        self.filename = template.filename
        self.render_block = template.blocks[block]

    def render(self, context: dict[str, Any]) -> str:
        block_context = self.template.new_context(context)
        return drawn(block_context, self.render_block(block_context))


class Jinja2(django_jinja2.Jinja2):
    """Django's Jinja2 backend, and `template.jinja#block` for one block."""

    def get_template(self, template_name: str) -> django_jinja2.Template:
        name, _, block = template_name.partition("#")
        template = super().get_template(name)
        if not block:
            return template
        try:
            part = Block(template.template, block)
        except KeyError as exc:
            raise TemplateDoesNotExist(template_name, backend=self) from exc
        # Django's wrapper asks only what `Block` has of a template.
        return django_jinja2.Template(part, self)  # type: ignore[arg-type]
