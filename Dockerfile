# syntax=docker/dockerfile:1
# Scorekeeper's production image: the runtime lock only (no test tools), static
# files collected at build, run as a non-root user. See compose.yaml and docs/production.md.

# Build stage: a virtualenv with the locked runtime dependencies.
FROM python:3.13-slim AS build
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_CACHE_DIR=1
RUN python -m venv /opt/venv
COPY requirements.txt /tmp/requirements.txt
RUN /opt/venv/bin/pip install --require-hashes --no-deps -r /tmp/requirements.txt

# Final stage: the virtualenv, the sources, the compiled catalogues, the static files.
FROM python:3.13-slim
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    DJANGO_SETTINGS_MODULE=scorekeeper.settings \
    DEBUG=0 \
    BIND=0.0.0.0:8000 \
    STATIC_MANIFEST=1
RUN groupadd --system --gid 10001 scorekeeper \
    && useradd --system --uid 10001 --gid scorekeeper --home-dir /app \
       --shell /usr/sbin/nologin scorekeeper
COPY --from=build /opt/venv /opt/venv
WORKDIR /app
COPY . /app
# A throwaway key: collectstatic needs one, the running app never sees it.
RUN python scripts/compilemessages.py \
    && SECRET_KEY=collectstatic-only-not-a-secret \
       python manage.py collectstatic --noinput -v 0 \
    && mkdir -p /app/var \
    && chown scorekeeper:scorekeeper /app/var
USER scorekeeper
# var/ holds the generated secret key when SECRET_KEY is not given (compose.yaml
# mounts a volume there).
VOLUME ["/app/var"]
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
    CMD ["scripts/entrypoint", "healthcheck"]
ENTRYPOINT ["scripts/entrypoint"]
CMD ["web"]
