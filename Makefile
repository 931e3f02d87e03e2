# Scorekeeper: `make run` serves the app (web + task cluster) on SQLite,
# `make test` runs the whole test suite. Both set everything up first.
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
PYTEST_ARGS ?=

.PHONY: run test setup venv messages migrate lint bench chromium clean \
	prod-setup prod-static prod-migrate prod-schedules prod-check prod-web prod-worker

run: setup
	$(PY) manage.py setup_schedules
	@echo "Scorekeeper on http://127.0.0.1:8000 (Ctrl-C stops the web server and the task cluster)"
	$(VENV)/bin/honcho start -f Procfile

test: venv messages chromium
	mkdir -p var
	$(PY) -m pytest $(PYTEST_ARGS)

setup: venv messages migrate

venv: $(VENV)/.installed

$(VENV)/.installed: requirements.txt scripts/find-python
	@PYTHON=$$(scripts/find-python) || exit 1; \
	if [ ! -x $(PY) ] || ! $(PY) -c 'import sys; sys.exit(sys.version_info < (3, 12))'; then \
		rm -rf $(VENV); echo "Creating $(VENV) with $$PYTHON"; "$$PYTHON" -m venv $(VENV); \
	fi
	$(PY) -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

messages: venv
	$(PY) scripts/compilemessages.py

migrate: venv
	mkdir -p var
	$(PY) manage.py migrate --noinput

lint: venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check . || true

chromium:
	@scripts/ensure-chromium

bench: venv messages
	$(PY) bench/bench_rules.py
	$(PY) bench/throughput.py --db sqlite --duration 5

# Production (see README "Running in production"): every setting comes from the
# environment: DEBUG=0 SECRET_KEY ALLOWED_HOSTS DATABASE_URL [REDIS_URL] ...
# Each app server: prod-static (WhiteNoise serves its own copy), then prod-web.
# Once per deploy: prod-migrate and prod-schedules; one machine runs prod-worker.
# prod-setup does all three set-up steps (a single-machine deploy).
prod-setup: prod-static prod-migrate prod-schedules

prod-static: venv messages
	STATIC_MANIFEST=1 $(PY) manage.py collectstatic --noinput

prod-migrate: venv
	$(PY) manage.py migrate --noinput

prod-schedules: venv
	$(PY) manage.py setup_schedules

prod-check: venv
	$(PY) manage.py check --deploy --fail-level WARNING

prod-web:
	$(PY) -m scorekeeper.serve

prod-worker:
	$(PY) manage.py setup_schedules
	exec $(PY) manage.py qcluster

clean:
	rm -rf $(VENV) staticfiles var
