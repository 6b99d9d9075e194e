# The bot in a container: slim official Python, a non-root user, the data folder as a volume.
FROM python:3.11-slim

# COMPUTER_WORKERS: processes that think for the computer opponent (bgsage, installed from its manylinux
# wheel with the project); give the container one core per worker plus one for the bot.
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    DATABASE_PATH=/app/data/gammon.db \
    COMPUTER_WORKERS=1

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY cogs ./cogs
COPY render ./render
RUN pip install --no-cache-dir . \
    && python -m bot.i18n.compile \
    && useradd --create-home --uid 10001 gammon \
    && mkdir -p /app/data \
    && chown gammon:gammon /app/data

USER gammon
VOLUME ["/app/data"]
CMD ["python", "-m", "bot"]
