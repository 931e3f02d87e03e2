import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
django_application = get_wsgi_application()

# Imported once Django is set up: it reads the settings and the URLconf.
from scorekeeper.fastpoll import FastPoll  # noqa: E402

# The unchanged watch poll is answered before Django (see scorekeeper/fastpoll.py).
application = FastPoll(django_application)
