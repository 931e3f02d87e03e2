"""Django's makemessages, reading the Jinja2 templates (.jinja) too.

Django hands a template to xgettext as the Python its own template lexer makes of
it, which knows Django's tags, not Jinja2's. A .jinja file is read by Jinja2's
extractor instead (`Environment.extract_translations`: `_()`, `gettext`,
`ngettext`, `pgettext` and `{% trans %}` blocks), and xgettext gets one call per
string, on the line the template has it, so that the catalogue points at it."""

import json

from django.core.management.base import CommandParser
from django.core.management.commands import makemessages
from django.template import engines

DEFAULT_EXTENSIONS = ["py,jinja"]


def python_calls(source: str) -> str:
    """The translatable strings of a Jinja2 template as Python calls, each on
    the line of the template where it stands."""
    lines = [""] * (source.count("\n") + 1)
    env = engines["jinja2"].env  # type: ignore[attr-defined]  # the Jinja2 backend's
    for lineno, function, message in env.extract_translations(source):
        strings = message if isinstance(message, tuple) else (message,)
        if strings[0] is None:
            continue  # `_(a_variable)`: nothing to translate here
        # The characters as they are: repr() would write a no-break space as an
        # escape, which xgettext drops. A plural's count is any number.
        args = ", ".join(
            json.dumps(s, ensure_ascii=False) if isinstance(s, str) else "1"
            for s in strings
        )
        name = "gettext" if function == "_" else function
        lines[lineno - 1] += f"{name}({args}); "
    return "\n".join(lines)


class BuildFile(makemessages.BuildFile):
    def preprocess(self) -> None:
        if not self.path.endswith(".jinja"):
            return super().preprocess()
        with open(self.path, encoding="utf-8") as source:
            calls = python_calls(source.read())
        with open(self.work_path, "w", encoding="utf-8") as out:
            out.write(calls)


class Command(makemessages.Command):
    build_file_class = BuildFile

    def add_arguments(self, parser: CommandParser) -> None:
        super().add_arguments(parser)
        parser.set_defaults(extensions=DEFAULT_EXTENSIONS)
