"""The game service: the one door through which the cogs change anything (no Discord imports).

See bot/service/game_service.py for the calls; the API summary is completed below as it settles.
"""

from bot.service.errors import ChannelBusyError, CorruptMatchError, NotFoundError, ServiceError, StaleStateError
from bot.service.game_service import GameService, MatchFinishedHook
from bot.service.records import (
    Challenge,
    ChallengeStatus,
    GuildSettings,
    MatchRecord,
    MatchStatus,
    MatchUpdate,
    PlayerRef,
    TurnTimer,
)

__all__ = [
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
    "PlayerRef",
    "ServiceError",
    "StaleStateError",
    "TurnTimer",
]
