"""A play-through for reviewing what players see: the real bot against the Discord stand-in plays a short match
with a double and a take, then writes every message the bot posted (each version of it: content, embeds,
buttons with their styles, select options) to a text file and every board picture to a PNG.

    .venv/bin/python scripts/playthrough.py [OUTPUT_DIR]      # default: a new folder under /tmp

Like the e2e tests (tests/e2e), the bot runs as `python -m bot` with seeded dice, so the same match is played
every time; the moves are chosen at random (seeded) among the buttons offered.
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.e2e.conftest import seeded_env  # noqa: E402
from tests.e2e.table import finish_turn, labels, start_match, until_may_double  # noqa: E402
from tests.support.discord_standin import BotProcess, Message, running_standin  # noqa: E402

STYLES = {1: "blue", 2: "grey", 3: "green", 4: "red", 5: "link"}
MATCH_LENGTH = 3


def describe_version(number: int, version: object, images: list[str]) -> list[str]:
    lines = [f"  -- version {number}"]
    content = getattr(version, "content", "")
    for line in (content or "(no text)").splitlines():
        lines.append(f"     | {line}")
    for embed in getattr(version, "embeds", []):
        lines.append(f"     embed: {embed.get('title', '')} / {embed.get('description', '')}")
        for field in embed.get("fields", []):
            lines.append(f"       {field.get('name')}: {field.get('value')}")
    buttons = getattr(version, "buttons", [])
    if buttons:
        shown = [f"[{b.label} ({STYLES.get(b.style, b.style)}{', disabled' if b.disabled else ''})]" for b in buttons]
        lines.append("     buttons: " + " ".join(shown))
    for select in getattr(version, "selects", []):
        lines.append(f"     select {select.placeholder!r}: " + ", ".join(label for label, _ in select.options))
    if images:
        lines.append("     picture: " + ", ".join(images))
    return lines


def write_review(messages: list[Message], out: Path) -> Path:
    text: list[str] = []
    picture = 0
    seen_pictures: dict[bytes, str] = {}
    for index, message in enumerate(messages, 1):
        who = "private" if message.ephemeral else "public"
        text.append(f"=== message {index} ({who}, {len(message.history)} version(s))")
        for number, version in enumerate(message.history, 1):
            names = []
            for attachment in version.attachments:
                if not attachment.is_png:
                    continue
                if attachment.data not in seen_pictures:
                    picture += 1
                    name = f"board_{picture:03d}.png"
                    (out / name).write_bytes(attachment.data)
                    seen_pictures[attachment.data] = name
                names.append(seen_pictures[attachment.data])
            text.extend(describe_version(number, version, names))
        text.append("")
    path = out / "messages.txt"
    path.write_text("\n".join(text), encoding="utf-8")
    return path


async def play(out: Path) -> Path:
    rng = random.Random(7)
    async with running_standin(heartbeat_interval_ms=1000) as standin:
        process = BotProcess(standin, out / "bot", env=seeded_env())
        await process.start()
        await process.wait_ready()
        try:
            alice, bob = standin.add_user("Alice"), standin.add_user("Bob")
            table = await start_match(standin, alice, bob, length=MATCH_LENGTH)
            first = table.to_act()
            assert first is not None
            await until_may_double(table, table.other(first), rng)
            await table.click(table.other(first), "Double")
            await table.click(first, "Take")
            # a look at what a spectator and the players can ask for meanwhile
            await (await alice.slash("bg board")).settled()
            await (await bob.slash("bg matches")).settled()
            for _ in range(400):
                player = table.to_act()
                if player is None:
                    break
                shown = labels(table.game)
                if "Roll" in shown:
                    await table.click(player, "Roll")
                elif "Take" in shown:
                    await table.click(player, "Take")
                else:
                    await finish_turn(table, rng)
            messages = [m for m in standin.messages.values() if m.author is standin.bot_user or m.interaction]
            messages = sorted({m.id: m for m in messages}.values(), key=lambda m: m.id)
            violations = standin.take_violations()
            if violations:
                print("Discord rule violations:", *violations, sep="\n  ")
            return write_review(messages, out)
        finally:
            if process.running:
                await process.terminate()


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="playthrough-"))
    out.mkdir(parents=True, exist_ok=True)
    path = asyncio.run(play(out))
    print(f"messages: {path}\npictures: {out}/board_*.png")


if __name__ == "__main__":
    main()
