"""What a request makes, freed as soon as it is answered.

Three helpers of Django's and django-htmx's refer back to the object that holds
them: a form's bound fields to their form, the message storage and django-htmx's
details to their request. Each pair is a reference cycle, which reference
counting cannot free: every request, and every form it validates, then waits for
the garbage collector, about a hundred objects a score entry. In a process that
holds thousands of streams, each collection of the young objects takes tens of
milliseconds and stops every thread meanwhile, the streams' loop and the writes
with it: the fewer cycles, the rarer those stops.

Each helper here is the framework's own, holding its owner weakly: the owner
lives as long as anything uses it (the view, its template, the middleware) and
is freed with its last reference. Each goes in through the framework's own door:
the form renderer's `bound_field_class` (FORM_RENDERER), MESSAGE_STORAGE, and
the project's `HtmxMiddleware` (scorekeeper/middleware.py).
"""

import weakref
from typing import Any, overload

from django.contrib.messages.storage import cookie
from django.forms import BaseForm, boundfield, renderers
from django.http import HttpRequest
from django_htmx import middleware as htmx


class HeldWeakly[Owner]:
    """An attribute holding its value weakly. Read once the value is gone (it
    never is while its holder is in use), it says so rather than giving None."""

    def __set_name__(self, holder: type, name: str) -> None:
        self.name = name
        self.slot = f"_{name}_held_weakly"

    @overload
    def __get__(self, instance: None, holder: type) -> "HeldWeakly[Owner]": ...

    @overload
    def __get__(self, instance: object, holder: type) -> Owner: ...

    def __get__(self, instance: object | None, holder: type) -> Any:
        if instance is None:
            return self
        value = instance.__dict__[self.slot]()
        if value is None:
            raise ReferenceError(
                f"the {self.name} of this {type(instance).__name__} is gone"
            )
        return value

    def __set__(self, instance: object, value: Owner) -> None:
        instance.__dict__[self.slot] = weakref.ref(value)


class BoundField(boundfield.BoundField):
    """A form's field as its template and its validation see it."""

    form = HeldWeakly[BaseForm]()


class FormRenderer(renderers.DjangoTemplates):
    """Django's form renderer, whose forms' fields hold their form weakly."""

    bound_field_class = BoundField


class CookieStorage(cookie.CookieStorage):
    """Django's flash messages in a signed cookie."""

    request = HeldWeakly[HttpRequest]()


class HtmxDetails(htmx.HtmxDetails):
    """django-htmx's `request.htmx`: what htmx says of the request."""

    request = HeldWeakly[HttpRequest]()
