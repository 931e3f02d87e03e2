"""Django's makemessages, reading the Jinja2 templates (.jinja) as well as the
others: they call `_("…")` as Django templates may, and the template lexer that
makemessages applies to .html files finds those calls in them too."""

from django.core.management.commands import makemessages

DEFAULT_EXTENSIONS = ["html,txt,py,jinja"]


class Command(makemessages.Command):
    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.set_defaults(extensions=DEFAULT_EXTENSIONS)
