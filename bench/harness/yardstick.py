"""The yardstick: the smallest Django project there is, served as the app is.

One `def` view answering a short text, no middleware, no database, no template,
under uvicorn with the app's own server options (scorekeeper/serve.py). The
benchmarks start it beside the app in the same run and give each server CPU
figure as a multiple of it: a saving in the framework then shows as a smaller
multiple instead of vanishing in a ratio to the app's own bare view, which the
same saving makes cheaper too.

    BIND=127.0.0.1:8001 .venv/bin/python bench/harness/yardstick.py
"""

import os
import sys
from pathlib import Path

import django
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.urls import path

ROOT = Path(__file__).resolve().parents[2]


def hello(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok\n", content_type="text/plain")


urlpatterns = [path("", hello), path("healthz", hello)]

settings.configure(
    DEBUG=False,
    SECRET_KEY="yardstick-only-" + "k" * 50,
    ALLOWED_HOSTS=["127.0.0.1"],
    ROOT_URLCONF=__name__,
    MIDDLEWARE=[],
    INSTALLED_APPS=[],
    DATABASES={},
    USE_I18N=False,
)
django.setup(set_prefix=False)

from django.core.asgi import get_asgi_application  # noqa: E402

application = get_asgi_application()


def main() -> None:
    # The app's own server options, so that only the project differs.
    sys.path.insert(0, str(ROOT))
    import uvicorn

    from scorekeeper import serve

    options = serve.options(os.environ)
    options.update(app=application, factory=False, workers=1, lifespan="off")
    uvicorn.run(**options)


if __name__ == "__main__":
    main()
