# callgrade: one image for the API (`callgrade serve`), the workers (`callgrade worker`) and the
# migration job (`callgrade migrate`). See docs/deploy.md.
#
#   docker build -t callgrade:0.1.0 .
#   docker run --rm -p 8000:8000 -e CALLGRADE_DATABASE_URL=postgresql://... callgrade:0.1.0

# Stage 1: the wheel, with the grading engine compiled to C by mypyc (setup.py: a quarter fewer CPU
# instructions per grade, the same grades; .ci/run proves both). It needs a C compiler, which the
# image that runs the wheel does not carry. The same Python (3.11, Debian) in both stages.
FROM python:3.11 AS build
WORKDIR /src
COPY pyproject.toml setup.py README.md ./
COPY grading ./grading
COPY ingest ./ingest
COPY service ./service
COPY explorer ./explorer
COPY migrations ./migrations
RUN pip install --no-cache-dir "setuptools>=70.1" "mypy>=1.16" \
    && CALLGRADE_COMPILE=1 pip wheel --no-cache-dir --no-build-isolation --no-deps --wheel-dir /wheels .

# Stage 2: what runs.
FROM python:3.11-slim

# PYTHONDONTWRITEBYTECODE: the chart runs with a read-only root file system; the bytecode is
# compiled below, at build time, instead.
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    CALLGRADE_HOST=0.0.0.0 \
    CALLGRADE_PORT=8000 \
    CALLGRADE_DATA_DIR=/data

# A fixed non-root uid, so Kubernetes' runAsNonRoot can check it (the chart uses the same number).
RUN groupadd --system --gid 10001 callgrade \
    && useradd --system --uid 10001 --gid callgrade --home-dir /home/callgrade --create-home \
        --shell /usr/sbin/nologin callgrade \
    && mkdir /data && chown callgrade:callgrade /data

# The wheel of stage 1: the SQL migrations are package data of the `migrations` package, so the
# installed code carries its schema (tests/deploy checks the wheel). Bytecode is compiled at install time.
COPY --from=build /wheels /wheels
RUN pip install --compile /wheels/callgrade-*.whl && rm -rf /wheels

USER 10001:10001
EXPOSE 8000
# Production sets CALLGRADE_DATABASE_URL, CALLGRADE_BROKER_URL and CALLGRADE_BLOB_URL (helm/callgrade).
# Unset, the settings fall back to an embedded PostgreSQL and file blobs under /data: a trial only.
CMD ["callgrade", "serve", "--host", "0.0.0.0", "--port", "8000"]
