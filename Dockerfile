# The bot in a container: slim official Python, a non-root user, the data folder as a volume. The same image runs
# the web pages (`python -m bot.web`, compose.yaml).
# The live board's script bundle (docs/activity.md): Discord's Embedded App SDK at the lock file's version, bundled
# as `python3 tasks.py setup` does; only the bundle goes into the image.
FROM node:20-slim AS activity
WORKDIR /build
COPY package.json package-lock.json ./
COPY bot/web/activity/sdk_entry.js ./bot/web/activity/
RUN npm ci --no-audit --no-fund --loglevel=error && npm run --silent bundle

FROM python:3.11-slim

# COMPUTER_WORKERS: processes that think for the computer opponent (bgsage, installed from its manylinux
# wheel); give the container one core per worker plus one for the bot.
# PYTHONPATH: the code runs from /app, its one copy in the image (the project itself is not installed).
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PYTHONPATH=/app \
    DATABASE_PATH=/app/data/gammon.db \
    COMPUTER_WORKERS=1

WORKDIR /app
# The versions of the lock file (the bot's dependencies and its postgres extra; `python3 tasks.py lock` writes it),
# installed before the code is copied, so that a change of the code alone reuses this layer.
COPY requirements.txt ./
RUN pip install --no-cache-dir --no-deps -r requirements.txt && pip check
COPY bot ./bot
COPY cogs ./cogs
COPY render ./render
COPY --from=activity /build/bot/web/static/discordsdk.js ./bot/web/static/
RUN python -m bot.i18n.compile \
    && python -m bot.store.migrations.sqlite_translations \
    && useradd --create-home --uid 10001 gammon \
    && mkdir -p /app/data \
    && chown gammon:gammon /app/data

USER gammon
VOLUME ["/app/data"]
# Healthy while the bot records its heartbeat in the database (every 2 s): up, connected, not hung (bot/health.py).
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 CMD ["python", "-m", "bot.health"]
CMD ["python", "-m", "bot"]
