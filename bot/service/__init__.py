"""The game service: the one door through which the cogs change anything; no Discord imports.

    service = GameService(db, *, dice=None, clock=time.time, on_match_finished=(), cache_size=4096)
    await service.act(match_id, user_id, Ask(Roll), version=seen)   # every match action: bot.service.commands
    service.challenges (create, accept, decline, cancel, expire, ...)   service.timers (reminders, claims, clocks)
    service.settings (guild settings, player prefs)   service.computer (its seats)   service.boards (shown boards)
    service.match(id), .match_in_channel, .active_matches, .start_match_directly, .rematch, ...   # queries, starts

Plain ids in, plain data out (bot.service.records); every refusal is a ServiceError meant for the player, with
nothing changed. Consistency check: `python -m bot.service.check [DATABASE]`.
"""

from bot.service import commands
from bot.service.boards import BoardChange
from bot.service.context import MatchFinishedHook
from bot.service.errors import ChannelBusyError, CorruptMatchError, NotFoundError, ServiceError, StaleStateError
from bot.service.game_service import GameService
from bot.service.records import (
    Challenge,
    ChallengeStatus,
    GuildSettings,
    MatchRecord,
    MatchStatus,
    MatchUpdate,
    PlayerPrefs,
    PlayerRef,
    Rematch,
    TurnTimer,
)

__all__ = [
    "BoardChange",
    "Challenge",
    "ChallengeStatus",
    "ChannelBusyError",
    "CorruptMatchError",
    "GameService",
    "GuildSettings",
    "MatchFinishedHook",
    "MatchRecord",
    "MatchStatus",
    "MatchUpdate",
    "NotFoundError",
    "PlayerPrefs",
    "PlayerRef",
    "Rematch",
    "ServiceError",
    "StaleStateError",
    "TurnTimer",
    "commands",
]
