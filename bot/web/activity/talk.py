"""One page's conversation over its socket: a hello with its session first (anything else, or a session that is
forged or ran out, ends it), then watching a match and acting in it. Every message counts against the address's
rate limit, as a page's request does; a refusal is a private answer to that page, and changes nothing."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from aiohttp import WSCloseCode, web

from bot.i18n import N_, language_of, translate
from bot.service import GameService, MatchRecord, NotFoundError, ServiceError
from bot.store import activity as activity_store
from bot.web.activity import sessions
from bot.web.activity.live import Live, Viewer
from bot.web.activity.play import command_of
from bot.web.activity.state import labels
from bot.web.limits import RateLimit

#: The page's own words, beside its buttons' labels, by key.
WORDS = {
    "connecting": N_("Connecting…"),
    "watching": N_("You are watching this match."),
    "choose": N_("No match is played in this channel. Your matches:"),
    "none": N_("No match is played in this channel, and you play none."),
    "signin": N_("Signing in with Discord…"),
    "pips": N_("pips"),
    "confirm_resign": N_("Resign this game?"),
}
OTHER_MATCH = N_("This live board shows another match.")
TOO_MANY = N_("Too many requests: wait a minute.")
SIGN_IN_AGAIN = N_("Your sign-in ended: open the live board again.")


class Talk:
    """What every conversation shares: the live boards, the service, the secret and the rate limit."""

    def __init__(
        self,
        live: Live,
        games: GameService,
        secret: str,
        limit: RateLimit,
        address: Callable[[web.Request], str],
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.live = live
        self.games = games
        self.secret = secret
        self.limit = limit
        self.address = address
        self.clock = clock
        self.sockets: set[web.WebSocketResponse] = set()

    def conversation(self, socket: web.WebSocketResponse, address: str) -> Conversation:
        self.sockets.add(socket)
        return Conversation(self, socket, address)

    async def close_all(self, app: web.Application) -> None:
        """At shutdown: every page is told the server is going away (it connects again by itself), so that a stop
        does not wait for the sockets."""
        for socket in list(self.sockets):
            await socket.close(code=WSCloseCode.GOING_AWAY)


class Conversation:
    def __init__(self, talk: Talk, socket: web.WebSocketResponse, address: str) -> None:
        self.talk = talk
        self.socket = socket
        self.address = address
        self.viewer: Viewer | None = None
        self.channel_id: int | None = None  # where Discord opened the Activity, as the page says

    def close(self) -> None:
        self.talk.sockets.discard(self.socket)
        if self.viewer is not None:
            self.talk.live.leave(self.viewer)

    async def _say(self, message: dict[str, Any]) -> None:
        if self.viewer is not None:
            await self.talk.live.send(self.viewer, message)
        elif not self.socket.closed:
            await self.socket.send_json(message)

    async def refuse(self, text: str, **params: Any) -> None:
        language = self.viewer.language if self.viewer is not None else "en"
        await self._say({"type": "refused", "message": translate(language, text, **params)})

    async def receive(self, data: dict[str, Any]) -> bool:
        """Handle one message; False ends the conversation."""
        if not self.talk.limit.allow(self.address):
            await self.refuse(TOO_MANY)
            return True
        kind = data.get("type")
        if self.viewer is None:
            return kind == "hello" and await self.hello(data)
        if kind == "watch":
            await self.watch(data.get("match"))
        elif kind == "act":
            await self.act(data)
        return True

    async def hello(self, data: dict[str, Any]) -> bool:
        session = data.get("session")
        user_id = sessions.verify(self.talk.secret, session, self.talk.clock()) if isinstance(session, str) else None
        language = language_of(data.get("language") if isinstance(data.get("language"), str) else None)
        if user_id is None:
            await self._say({"type": "signin", "message": translate(language, SIGN_IN_AGAIN)})
            return False
        self.viewer = Viewer(self.socket, user_id, language, self.address)
        words = {key: translate(language, text) for key, text in WORDS.items()}
        await self._say({"type": "welcome", "user": str(user_id), "labels": labels(language), "words": words})
        channel = data.get("channel")
        record = None
        if isinstance(channel, str) and channel.isdigit() and len(channel) <= 20:
            self.channel_id = int(channel)
            record = await self.talk.games.match_in_channel(self.channel_id)
        if record is not None:
            await self._show(record)
            return True
        mine = await self.talk.games.active_matches(user_id)
        listed = [{"id": one.id, "names": [player.name for player in one.players]} for one in mine[:25]]
        await self._say({"type": "matches", "matches": listed})
        return True

    async def _show(self, record: MatchRecord) -> None:
        assert self.viewer is not None
        self.talk.live.watch(self.viewer, record.id)
        await self.talk.live.show(self.viewer, record)

    async def watch(self, match_id: Any) -> None:
        """Watch a match the member plays, or the one of the channel the Activity was opened in; any other is
        answered as an unknown one, so that matches cannot be looked through by number."""
        if not isinstance(match_id, int) or isinstance(match_id, bool) or not 0 < match_id < 2**63:
            return
        assert self.viewer is not None
        try:
            record = await self.talk.games.match(match_id)
            if record.player_index(self.viewer.user_id) is None and record.channel_id != self.channel_id:
                raise NotFoundError(N_("There is no match #{match}."), match=match_id)
            await self._show(record)
        except NotFoundError as error:
            await self._say({"type": "refused", "message": error.render(self._language())})

    def _language(self) -> str:
        return self.viewer.language if self.viewer is not None else "en"

    async def act(self, data: dict[str, Any]) -> None:
        """The page's action, for the match it watches, at the version it showed: through the service's checks."""
        assert self.viewer is not None
        command, version = command_of(data), data.get("version")
        if data.get("match") != self.viewer.match_id or self.viewer.match_id is None:
            await self.refuse(OTHER_MATCH)
            return
        if command is None or not isinstance(version, int) or isinstance(version, bool):
            return  # no control of the page sends it
        match_id = self.viewer.match_id
        guild_id = (await self.talk.games.match(match_id)).guild_id
        # The channel board is asked to follow in the action's own transaction (the action at `version` stores
        # `version + 1`): a stop right after the commit cannot leave the channel board behind.
        try:
            update = await self.talk.games.act(
                match_id,
                self.viewer.user_id,
                command,
                version=version,
                also=lambda c: activity_store.mark_acted(c, match_id, guild_id, version + 1),
            )
        except ServiceError as error:
            await self._say({"type": "refused", "message": error.render(self._language())})
            await self.talk.live.show(self.viewer, await self.talk.games.match(match_id))
            return
        await self.talk.live.changed(update.record)
