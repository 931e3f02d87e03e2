"""Settings for Scorekeeper, driven by environment variables.

Defaults give a working local app on SQLite; production sets DEBUG=0, SECRET_KEY,
ALLOWED_HOSTS and usually DATABASE_URL (see docs/production.md).
"""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if value is None:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


DEBUG = env_bool("DEBUG", True)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY and os.environ.get("SECRET_KEY_FILE"):
    from scorekeeper import secret_key

    SECRET_KEY = secret_key.read_or_create(BASE_DIR / os.environ["SECRET_KEY_FILE"])
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    # Only ever used on a developer's machine: production refuses to start without one.
    SECRET_KEY = (
        "dev-only-insecure-key-scorekeeper-0123456789-abcdefghijklmnopqrstuvwxyz"
    )

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.contenttypes",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "django_q",
    "scorekeeper",
    "games",
    "keepsakes",
    "bands",
]

MIDDLEWARE = [
    # Static files never reach it: scorekeeper/asgi.py answers them on the event
    # loop. First, so it also sees responses made by the other middlewares.
    "scorekeeper.middleware.CapabilityHeadersMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Before anything reads the body (CSRF reads the form): a cut body is a 400.
    "scorekeeper.middleware.CompleteBodyMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "scorekeeper.middleware.HtmxMiddleware",
    # A database away or a full disk answers 503 with Retry-After, not 500.
    "scorekeeper.middleware.UnavailableMiddleware",
    # Last and sync-only: the chain runs in one mode (see its docstring).
    "scorekeeper.middleware.CapabilityRefusalMiddleware",
]

ROOT_URLCONF = "scorekeeper.urls"
WSGI_APPLICATION = "scorekeeper.wsgi.application"
ASGI_APPLICATION = "scorekeeper.asgi.application"

TEMPLATES = [
    # Every template is Jinja2 (docs/developing.md, "Templates"): one per page, its
    # htmx fragments as blocks rendered by name (scorekeeper/jinja2.py).
    {
        "BACKEND": "scorekeeper.jinja2.Jinja2",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": False,
        "OPTIONS": {
            "environment": "scorekeeper.jinja2.environment",
            "keep_trailing_newline": True,
            "context_processors": [
                "scorekeeper.jinja2.csrf",
                "django.template.context_processors.i18n",
                # `csp_nonce`, for a page's own <style nonce> (SECURE_CSP).
                "django.template.context_processors.csp",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# Database: SQLite by default, set up for a web app the way Django's SQLite notes
# describe. WAL: readers never wait for the writer. IMMEDIATE transactions take the
# write lock at BEGIN, so a second writer waits on the busy timeout (`timeout`, in
# seconds) instead of failing with "database is locked" when its read turns into a
# write; the writers of one process queue in Python first (scorekeeper/lib/writes.py).
# synchronous=NORMAL is safe under WAL. Django turns foreign keys on itself.
# SQLite serves one machine's tables; load beyond that belongs on PostgreSQL.
SQLITE_OPTIONS = {
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
}
# Pages are served by Django's WSGI handler in a fixed pool of SERVER_THREADS
# threads per process (scorekeeper/asgi.py), so each thread keeps its connection
# as under any threaded WSGI server: opened once, checked before it is reused
# (CONN_HEALTH_CHECKS), not once per request. On PostgreSQL the threads share
# psycopg's pool instead (Django refuses persistent connections with a pool).
# 8 by default: a write waiting for SQLite's lock leaves seven threads to readers,
# and each thread finds a connection in PostgreSQL's pool (DB_POOL_MAX).
SERVER_THREADS = int(os.environ.get("SERVER_THREADS", "8"))
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=None,
        conn_health_checks=True,
    )
}
# A database that is away must cost a request seconds, not tens of them: the
# request then answers 503 with Retry-After (scorekeeper/middleware.py) and the
# phone sends the entry again. libpq's connect_timeout bounds a connection to a
# host that does not answer (2 s is its shortest useful value); the pool's
# `timeout` bounds the wait for a connection; its `reconnect_timeout` bounds each
# series of reconnection attempts, so that once it gives up the next request
# starts a fresh attempt at once instead of waiting out a back-off grown during
# the outage: the site serves again within a second or two of the database.
DB_TIMEOUT = float(os.environ.get("DB_TIMEOUT", "2"))
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault(
        "connect_timeout", max(2, round(DB_TIMEOUT))
    )
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env_bool(
    "DB_POOL", True
):
    from scorekeeper.lib.pooled import check_lent_connection

    # Room for every thread of a server process that may read at once: the
    # pages' SERVER_THREADS, the event loop's default executor that renders a new
    # version for the streams (asyncio sizes it min(32, cores + 4)), asgiref's
    # one sync thread that opens them. Fewer, and the renderings queue for a
    # connection behind the pages: the watchers' sheets fall seconds behind.
    STREAM_THREADS = min(32, (os.cpu_count() or 1) + 4) + 1
    DB_POOL_MAX = int(
        os.environ.get("DB_POOL_MAX", str(SERVER_THREADS + STREAM_THREADS))
    )
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["OPTIONS"]["pool"] = {
        # Made at start (scorekeeper/asgi.py): the first requests find them ready.
        "min_size": min(4, DB_POOL_MAX),
        "max_size": DB_POOL_MAX,
        "timeout": DB_TIMEOUT,
        "reconnect_timeout": DB_TIMEOUT,
        # A restarted database costs one failed check, not an error page; a
        # connection whose socket is quiet is lent without a round trip.
        "check": check_lent_connection,
    }
# The Retry-After of a 503 (database away, disk full): the phone waits that long
# before it sends the entry again.
UNAVAILABLE_RETRY_AFTER = int(os.environ.get("UNAVAILABLE_RETRY_AFTER", "5"))
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"].setdefault("OPTIONS", {}).update(SQLITE_OPTIONS)
    # SQLITE_TEST_NAME lets two suites run side by side without sharing a file.
    test_db = os.environ.get("SQLITE_TEST_NAME", str(BASE_DIR / "var" / "test.sqlite3"))
    DATABASES["default"]["TEST"] = {"NAME": test_db}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Live sheets (games/live/fanout.py, games/live/streams.py): in-process on SQLite,
# which therefore takes one server process (scorekeeper/checks.py), NOTIFY on
# PostgreSQL, for several.
# Streams one client address may hold in each server process: a family's phones,
# or a café's table behind one address, but not one client holding thousands.
LIVE_STREAMS_PER_ADDRESS = int(os.environ.get("LIVE_STREAMS_PER_ADDRESS", "100"))
# A comment line this often keeps proxies and phone networks from closing a quiet
# stream (nginx's default read timeout is 60 s).
LIVE_HEARTBEAT_SECONDS = float(os.environ.get("LIVE_HEARTBEAT_SECONDS", "20"))
# The reconnection delay each stream gives its client, drawn in this range (ms).
LIVE_RETRY_MS = (2000, 8000)
# A stream whose client has not taken its bytes for this long (seconds) is
# closed: a phone gone to sleep behind a dead network, or a client that never
# reads, must not hold the server's memory and socket buffers.
LIVE_SEND_TIMEOUT = float(os.environ.get("LIVE_SEND_TIMEOUT", "30"))
# Where the PostgreSQL listener connects, if not DATABASE_URL: LISTEN needs a
# session of its own, so never a pooler in transaction mode (PgBouncer).
LIVE_LISTEN_URL = os.environ.get("LIVE_LISTEN_URL", "")

REDIS_URL = os.environ.get("REDIS_URL", "")
# Redis, when set, is the cache (rate limits) and the task broker; never the live
# sheet's news. Several sites (or test runs) may share one without mixing keys.
CACHE_KEY_PREFIX = os.environ.get("CACHE_KEY_PREFIX", "")
# Two caches, one mechanism (Django's cache framework):
# - "shared": what every server process must agree on, the rate-limit counts
#   (Redis when REDIS_URL is set; else this process's memory, right for one server);
# - "local": what is replayed or rendered per game version in this process (a
#   game's sheets, the sheet fragment per role and language, the preview image):
#   a value is keyed by the version it was made for, so no process serves a
#   stale one, and a version is rendered once per process whatever the number of
#   phones that follow it.
# "default" is the shared one, for whatever asks Django's default cache.
# Redis is optional: when it is away or hung, the shared cache uses this
# process's memory instead (scorekeeper/lib/cache.py), after a wait of
# REDIS_TIMEOUT at most, and leaves Redis alone for REDIS_RETRY_SECONDS.
REDIS_TIMEOUT = float(os.environ.get("REDIS_TIMEOUT", "0.25"))
REDIS_RETRY_SECONDS = float(os.environ.get("REDIS_RETRY_SECONDS", "5"))
if REDIS_URL:
    SHARED_CACHE = {
        "BACKEND": "scorekeeper.lib.cache.FallbackRedisCache",
        "LOCATION": REDIS_URL,
        "OPTIONS": {
            "socket_connect_timeout": REDIS_TIMEOUT,
            "socket_timeout": REDIS_TIMEOUT,
        },
        "KEY_PREFIX": CACHE_KEY_PREFIX,
    }
else:
    SHARED_CACHE = {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "shared",
    }
CACHES = {
    "default": SHARED_CACHE,
    "shared": SHARED_CACHE,
    # Objects kept as they are, not pickled (scorekeeper/lib/cache.py).
    "local": {
        "BACKEND": "scorekeeper.lib.cache.ProcessMemoryCache",
        # A version is asked for within seconds of its write, and never again
        # once the next one is made: a few minutes is plenty, and the entry
        # limit bounds the memory of a busy process. A game being followed
        # keeps about six values (its sheets, its fragment per role and
        # language, its stream events): room for thousands of tables at once.
        # Too few, and a game's values are dropped before its next write,
        # which then replays the game and draws its sheets again.
        "TIMEOUT": 300,
        "OPTIONS": {"MAX_ENTRIES": 30000},
    },
}

# No accounts: flash messages live in a signed cookie, not in a session.
MESSAGE_STORAGE = "scorekeeper.lib.acyclic.CookieStorage"
# Forms whose fields hold their form weakly (scorekeeper/lib/acyclic.py).
FORM_RENDERER = "scorekeeper.lib.acyclic.FormRenderer"

# Languages: French first (the rules and the players are French), English too.
LANGUAGE_CODE = "fr"
LANGUAGES = [("fr", _("Français")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/Paris")
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            # ServeStatic's, our CSS and JS without their comments.
            "scorekeeper.staticfiles.LeanCompressedManifestStaticFilesStorage"
            if env_bool("STATIC_MANIFEST", not DEBUG)
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}

# Security headers. Capability links live in URLs: no Referer may carry one to
# another site. "same-origin" rather than "no-referrer" because under "no-referrer"
# browsers send "Origin: null" with a plain form POST and no Referer at all, and
# Django's CSRF check then refuses the site's own forms (over HTTPS it requires a
# Referer). Same-origin keeps the guarantee that matters: the pages load nothing
# from another origin (tests/security/test_headers.py), and the outbound links
# (wa.me, sms:) get no Referer. scorekeeper/middleware.py sends the same on
# capability links.
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# No script reads a cookie: the CSRF token reaches htmx through `hx-headers` in
# base.html, and the language is chosen by a plain form.
CSRF_COOKIE_HTTPONLY = True
# A refused token gets the app's 403 page, saying what to do, not Django's own.
CSRF_FAILURE_VIEW = "scorekeeper.views.csrf_failure"
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"
# No inline script, no eval, no inline style but a page's own <style nonce>: htmx
# is told not to inject its indicator style and not to evaluate code (hx-on and
# trigger filters are not used).
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    # The nonce: the watch page's own styles in its head (templates/games/game.jinja).
    "style-src": [CSP.SELF, CSP.NONCE],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "font-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    # Load balancers probe the app servers over plain HTTP: no redirect for them.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    if env_bool("SECURE_PROXY_SSL_HEADER", False):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    # LAN mode (`make run`, a container tried on localhost): plain HTTP on a
    # local network, where an HTTPS redirect, HSTS or secure-only cookies would
    # leave the phones with no page or no CSRF cookie.
    if env_bool("PLAIN_HTTP", False):
        SECURE_SSL_REDIRECT = False
        SECURE_HSTS_SECONDS = 0
        SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = LANGUAGE_COOKIE_SECURE = False

# Rate limiting of capability-link misses (scorekeeper/lib/ratelimit.py). Behind N
# reverse proxies, the client address is the one the outermost trusted proxy saw.
TRUSTED_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT", "0"))
CAPABILITY_MISS_LIMIT = int(os.environ.get("CAPABILITY_MISS_LIMIT", "30"))
CAPABILITY_MISS_WINDOW = int(os.environ.get("CAPABILITY_MISS_WINDOW", "600"))
# Imports per client and window (seconds): each one replays a whole game.
IMPORT_LIMIT = int(os.environ.get("IMPORT_LIMIT", "10"))
IMPORT_WINDOW = int(os.environ.get("IMPORT_WINDOW", "600"))

# django-q2: the ORM broker by default (nothing else to run); Redis when REDIS_URL
# is set. `retry` must exceed `timeout` or a slow task would run twice.
Q_CLUSTER = {
    "name": "scorekeeper",
    "workers": int(os.environ.get("Q_WORKERS", "2")),
    "timeout": 120,
    "retry": 300,
    "max_attempts": 3,
    "catch_up": False,
    "save_limit": 250,
    "queue_limit": 50,
    "label": "Tâches",
}
if REDIS_URL and env_bool("Q_REDIS", True):
    Q_CLUSTER["redis"] = REDIS_URL
else:
    Q_CLUSTER["orm"] = "default"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}
    },
    # Request lines and error messages carry capability tokens in their paths:
    # redacted on the way out, and on the loggers that write paths so every other
    # handler gets redacted records too (scorekeeper/logging.py).
    "filters": {"redact_tokens": {"()": "scorekeeper.logging.RedactTokensFilter"}},
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": "plain",
            "filters": ["redact_tokens"],
        }
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {
        # A logger without handlers would fall back to logging.lastResort, which
        # bypasses the filter: request lines go to the (redacting) console.
        "django.server": {
            "handlers": ["console"],
            "level": "ERROR",
            "propagate": False,
            "filters": ["redact_tokens"],
        },
        "django.request": {"level": "ERROR", "filters": ["redact_tokens"]},
        "django.security.csrf": {"filters": ["redact_tokens"]},
    },
}

# Retention, shown in the interface and applied by the scheduled purge.
GAME_RETENTION_DAYS = 30
BAND_RETENTION_DAYS = 183
