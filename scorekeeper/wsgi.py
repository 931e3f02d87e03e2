"""WSGI entry point, for tools that want one. Every server the project runs is ASGI
(scorekeeper/serve.py): live sheets are streams, which WSGI cannot hold. Its pages
are answered by this same WSGI handler, in a pool of threads (scorekeeper/asgi.py)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
application = get_wsgi_application()
