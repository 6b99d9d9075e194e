"""The game service: the one door through which the cogs change anything (no Discord imports).

(The full API reference is filled in as the service lands; see bot/service/game_service.py.)
"""

from bot.service.errors import CorruptMatchError, NotFoundError, ServiceError, StaleStateError

__all__ = ["CorruptMatchError", "NotFoundError", "ServiceError", "StaleStateError"]
