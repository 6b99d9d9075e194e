"""The Discord front end, put together once at start-up (bot.app loads this one extension): the board publisher and
the computer's seat are built here and handed to the cogs that need them, so that no cog looks another up.

The Play cog holds the /bg group and is added first; the Challenges, Computer, Records and Analysis cogs add their
commands to it (cogs.ui.wiring.add_bg_cog).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord.ext import commands

from bot.daily.ranker import Ranker
from bot.daily.service import DailyService
from cogs.admin import Admin
from cogs.analysis import Analysis
from cogs.board_keeper import BoardKeeper
from cogs.challenges import Challenges
from cogs.channels import Channels
from cogs.computer import Computer
from cogs.daily import Daily
from cogs.errors import Errors
from cogs.ladder import Ladder
from cogs.live import Live
from cogs.play import Play
from cogs.records import Records
from cogs.tournaments import Tournaments
from cogs.turn_timer import TurnTimer
from cogs.tutor import Tutor
from cogs.ui import live_board, web_links
from cogs.ui.publisher import GamePublisher
from cogs.ui.wiring import add_bg_cog

if TYPE_CHECKING:
    from bot.app import GammonBot

#: Every cog of the front end (tests and the catalogue builder load them without their timers).
COGS: tuple[type[commands.Cog], ...] = (
    Errors,
    Play,
    Challenges,
    Computer,
    Records,
    Analysis,
    Live,
    BoardKeeper,
    TurnTimer,
    Admin,
    Ladder,
    Channels,
    Tournaments,
    Daily,
    Tutor,
)


async def setup(bot: GammonBot) -> None:
    web_links.configure(bot.settings.web_links())
    live_board.configure(bot.settings.activity() is not None)
    publisher = GamePublisher(bot)
    computer = Computer(bot, publisher)
    analysis = Analysis(bot)
    await bot.add_cog(Errors(bot))
    await bot.add_cog(Play(bot, publisher, computer))
    await add_bg_cog(bot, Challenges(bot, publisher, computer))
    await add_bg_cog(bot, computer)
    await add_bg_cog(bot, Records(bot))
    await add_bg_cog(bot, analysis)
    await add_bg_cog(bot, Tutor(bot, publisher, computer))
    await add_bg_cog(bot, Live(bot))
    await bot.add_cog(BoardKeeper(bot, publisher, computer))
    await bot.add_cog(TurnTimer(bot, publisher))
    ranker = Ranker(bot.settings.computer_threads)
    daily = Daily(bot, DailyService.beside(bot.service, ranker), ranker)
    await bot.add_cog(Admin(bot, analysis, daily))
    await bot.add_cog(Ladder(bot, daily.service))
    await bot.add_cog(Channels(bot))
    await bot.add_cog(Tournaments(bot, publisher))
    await bot.add_cog(daily)
