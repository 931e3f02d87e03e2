# Scorekeeper: `make run` serves the table's phones on this machine's network
# (web + task cluster, SQLite), `make test` runs the whole test suite. Both set
# everything up first; `make test-fast` skips the browser tests (a quick loop).
# See README.md and docs/.
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip install --quiet --disable-pip-version-check
PYTEST_ARGS ?=
# Locks: runtime (requirements.txt) and development (requirements-dev.txt, which
# includes the runtime), both with PyPI's hashes, valid from Python 3.12 on any OS.
LOCK := $(VENV)/bin/uv pip compile --quiet --universal --python-version 3.12 \
	--generate-hashes --custom-compile-command "make lock"

.PHONY: run dev test test-fast setup setup-dev venv venv-dev messages migrate lint \
	check-translations check-deploy lock bench test-tools clean \
	prod-setup prod-static prod-migrate prod-schedules prod-check prod-web prod-worker

# Game night: DEBUG off, listens on every address (BIND=127.0.0.1:8000 keeps it on
# this machine), prints the phones' address and its QR code; Ctrl-C stops it.
# scripts/gamenight.py migrates, collects the static files and applies the
# schedules (manage.py setup_schedules) before starting the task cluster.
run: setup
	$(PY) scripts/gamenight.py

# Development: localhost, DEBUG, autoreload (Procfile.dev through honcho).
dev: venv-dev messages migrate
	$(PY) manage.py setup_schedules
	$(VENV)/bin/honcho start -f Procfile.dev

test: venv-dev messages test-tools
	mkdir -p var
	$(PY) -m pytest $(PYTEST_ARGS)

# Everything but the browser tests (marker `browser`): the quick loop while
# working. CI runs `make test`, browsers and all.
test-fast: venv-dev messages test-tools
	mkdir -p var
	$(PY) -m pytest -m "not browser" $(PYTEST_ARGS)

setup: venv messages migrate

# The virtualenv, made once with a Python >= 3.12 (scripts/find-python).
$(VENV)/.created: scripts/find-python
	@PYTHON=$$(scripts/find-python) || exit 1; \
	if [ ! -x $(PY) ] || ! $(PY) -c 'import sys; sys.exit(sys.version_info < (3, 12))'; then \
		rm -rf $(VENV); echo "Creating $(VENV) with $$PYTHON"; "$$PYTHON" -m venv $(VENV); \
	fi
	$(PIP) --upgrade pip
	touch $@

# Runtime only for `make run`; the development lock (runtime + tools) for the rest.
venv: $(VENV)/.runtime
venv-dev: $(VENV)/.dev

$(VENV)/.runtime: requirements.txt $(VENV)/.created
	$(PIP) --require-hashes -r requirements.txt
	touch $@

$(VENV)/.dev: requirements-dev.txt $(VENV)/.created
	$(PIP) --require-hashes -r requirements-dev.txt
	touch $@ $(VENV)/.runtime

# Regenerates both locks from requirements.in and requirements-dev.in (PyPI only).
lock: venv-dev
	$(LOCK) requirements.in -o requirements.txt
	$(LOCK) requirements-dev.in -o requirements-dev.txt

messages: venv
	$(PY) scripts/compilemessages.py

migrate: venv
	mkdir -p var
	$(PY) manage.py migrate --noinput

lint: venv-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

# makemessages on a copy: fails on a string the English catalogue lacks.
check-translations: venv-dev test-tools
	$(PY) scripts/check-translations.py

# Django's deployment checks with production settings (a throwaway key).
check-deploy: venv
	DEBUG=0 SECRET_KEY="$$($(PY) -c 'import secrets; print(secrets.token_urlsafe(50))')" \
	ALLOWED_HOSTS=yams.example.org CSRF_TRUSTED_ORIGINS=https://yams.example.org \
	SECURE_PROXY_SSL_HEADER=1 TRUSTED_PROXY_COUNT=1 $(PY) manage.py check --deploy --fail-level WARNING

test-tools:
	@scripts/ensure-test-tools

bench: venv-dev messages
	$(PY) bench/rules_engine.py
	$(PY) bench/throughput.py --db sqlite --duration 5

# Production (see docs/production.md): every setting comes from the
# environment: DEBUG=0 SECRET_KEY ALLOWED_HOSTS DATABASE_URL [REDIS_URL] ...
# Installs the runtime lock only. Each app server: prod-static (ServeStatic serves
# its own copy), then prod-web. Once per deploy: prod-migrate and prod-schedules;
# one machine runs prod-worker. prod-setup does all three set-up steps.
prod-setup: prod-static prod-migrate prod-schedules

prod-static: venv messages
	STATIC_MANIFEST=1 $(PY) manage.py collectstatic --noinput

prod-migrate: venv
	$(PY) manage.py migrate --noinput

prod-schedules: venv
	$(PY) manage.py setup_schedules

prod-check: venv
	$(PY) manage.py check --deploy --fail-level WARNING

prod-web: venv
	PYTHON=$(PY) scripts/entrypoint web

prod-worker: venv
	$(PY) manage.py setup_schedules
	PYTHON=$(PY) scripts/entrypoint worker

clean:
	rm -rf $(VENV) staticfiles var
