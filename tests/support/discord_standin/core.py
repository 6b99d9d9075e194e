"""What every part of the stand-in reads: the bot's identity, the address the stand-in serves, its clock, and the
record of the Discord rules the bot broke."""

from __future__ import annotations

import asyncio
import base64
import secrets
import time
from typing import Any

from .live_boards import LiveBoards
from .model import Message, User, Violation, snowflake


def fake_token(bot_id: int) -> str:
    """A token with a real bot token's shape: base64 of the bot id, a timestamp part, an HMAC part."""
    first = base64.urlsafe_b64encode(str(bot_id).encode()).decode().rstrip("=")
    return f"{first}.GhIjKl.{secrets.token_urlsafe(28)[:38]}"


class StandinCore:
    """The bot's identity, the stand-in's address and clock, and the rules broken so far (`violations`)."""

    def _init_core(self, bot_name: str) -> None:
        self.bot_user = User(snowflake(), bot_name, bot=True)
        self.application_id = self.bot_user.id
        self.token = fake_token(self.bot_user.id)
        self.owner = User(snowflake(), "owner")
        self.violations: list[Violation] = []
        #: The bot's messages with live game controls, per match; a second one is the violation "one live board".
        self.live_boards = LiveBoards()
        self.clock_offset = 0.0
        self.port = 0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway-resume/"

    def now(self) -> float:
        """The stand-in's clock (monotonic seconds), which tests may move forward with `advance_clock`."""
        return time.monotonic() + self.clock_offset

    def advance_clock(self, seconds: float) -> None:
        """Pretend `seconds` passed, e.g. to expire interaction tokens (15 minutes) without waiting."""
        self.clock_offset += seconds

    def violate(self, rule: str, detail: str, request: str = "") -> None:
        """Record a broken Discord rule; the `standin` fixture fails the test if any are left at the end."""
        self.violations.append(Violation(rule, detail, request))

    def board_changed(self, message: Message) -> None:
        """A message of the bot was created, edited or deleted: a match must never show live controls on two."""
        if message.author is not self.bot_user:
            return
        for moment in self.live_boards.changed(message):
            self.violate(
                "one live board", f"match {moment.match_id} has live controls on messages {moment.message_ids}"
            )

    def take_violations(self) -> list[Violation]:
        """Return and forget the violations so far (for tests that break rules on purpose)."""
        taken, self.violations = self.violations, []
        return taken

    async def eventually(self, condition: Any, timeout: float = 5.0, what: str = "condition") -> None:
        """Poll `condition()` every 20 ms until it is true; TimeoutError naming `what` otherwise."""
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise TimeoutError(f"{what} did not happen within {timeout} s")
            await asyncio.sleep(0.02)
