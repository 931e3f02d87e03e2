"""Small helpers of the game pages' templates: die faces, translated rules text,
the write URLs of the page's role. The sheet itself is data (games/sheet.py) drawn
by templates/games/sheet.jinja."""

from django import template

from scorekeeper.lib.translation import translated

register = template.Library()

DIE_FACES = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}


@register.filter
def die(value: object) -> str:
    """The die face character for 1..6 (decorative: always next to the digit)."""
    try:
        return DIE_FACES.get(int(value), "")
    except (TypeError, ValueError):
        return ""


# A rules engine string or Message, in the request's language.
register.filter("translated", translated)


@register.simple_tag(takes_context=True)
def game_url(context: template.Context, name: str, **kwargs: object) -> str:
    """A write URL for the page's role: /h/<host>/… or /c/<pencil>/…"""
    return context["access"].url(name, **kwargs)
