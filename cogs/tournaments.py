"""`/tournament`: sign-up with Join / Leave buttons, the live bracket, a thread per match, the champion.

Thin over bot.tournaments.TournamentService. A background runner (cogs.ui.tournament_runner) keeps Discord in step
with what is stored. Public posts are in the server's language, answers to a member in theirs.
"""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import N_, translate
from bot.tournaments import Pairing, Tournament, TournamentStatus
from bot.tournaments.records import DEFAULT_LENGTH
from cogs.ui.errors import UserFacingError, reply_privately
from cogs.ui.languages import member_language
from cogs.ui.names import TOURNAMENTS_COG
from cogs.ui.options import Length, describe_match_options, player_ref
from cogs.ui.publisher import GamePublisher
from cogs.ui.response_message import response_message
from cogs.ui.tournament_messages import (
    FILENAME,
    TournamentAction,
    TournamentButton,
    parse_start,
    signup_view,
    users_only,
)
from cogs.ui.tournament_runner import TournamentRunner
from cogs.ui.tournament_text import (
    NO_TOURNAMENTS,
    awarded_text,
    cancelled_reply,
    joined_text,
    left_text,
    list_line,
    organisers_text,
    signup_text,
    started_reply,
    status_text,
)

if TYPE_CHECKING:
    from bot.app import GammonBot

MAX_CHOICES = 25
LIVE = (TournamentStatus.SIGNUP, TournamentStatus.RUNNING)


class Tournaments(
    commands.GroupCog,
    name=TOURNAMENTS_COG,
    group_name="tournament",
    group_description="Single-elimination tournaments: sign-up, bracket and champion.",
):
    def __init__(self, bot: GammonBot, publisher: GamePublisher) -> None:
        self.bot = bot
        self.service = bot.tournaments
        self.publisher = publisher
        self.runner = TournamentRunner(bot, bot.tournaments, publisher)
        self._running: asyncio.Task[None] | None = None
        super().__init__()

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(TournamentButton)
        self._running = asyncio.create_task(self.runner.run(), name="tournament runner")

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(TournamentButton)
        if self._running is not None:
            self._running.cancel()

    # --- commands ---------------------------------------------------------------------------------------------

    @app_commands.command(name="create")
    @app_commands.guild_only()
    @describe_match_options(
        "length",
        name="The tournament's name, unique among this server's open tournaments.",
        size="The most players admitted, 4 to 64 (default 16).",
        starts="When it starts: a delay like 2h, a UTC time like 2026-12-01 18:00, or a Discord timestamp.",
    )
    async def create(
        self,
        interaction: discord.Interaction[Any],
        name: str,
        length: Length = DEFAULT_LENGTH,
        size: app_commands.Range[int, 4, 64] = 16,
        starts: str | None = None,
    ) -> None:
        """Open a tournament for sign-up (Manage Server, or the server's organiser role)."""
        if not isinstance(interaction.channel, discord.TextChannel):
            raise UserFacingError(N_("Create a tournament in a text channel: its matches are played in threads there."))
        starts_at = None if starts is None else parse_start(starts, discord.utils.utcnow().timestamp())
        tournament = await self.service.create(
            guild_id=interaction.guild_id or 0,
            channel_id=interaction.channel.id,
            organiser=player_ref(interaction.user),
            may_organise=await self.may_organise(interaction),
            name=name,
            length=length,
            size=size,
            starts_at=starts_at,
        )
        language = await self.runner.language(tournament.guild_id)
        view = signup_view(tournament, language)
        assert view is not None
        answered = await interaction.response.send_message(
            signup_text(tournament, language), view=view, allowed_mentions=discord.AllowedMentions.none()
        )
        message = await response_message(interaction, answered)
        await self.service.set_message(tournament.id, message.channel.id, message.id)
        await self.service.mark_shown(tournament)

    @app_commands.command(name="join")
    @app_commands.guild_only()
    @app_commands.describe(name="Which tournament (empty: the one open here).")
    async def join(self, interaction: discord.Interaction[Any], name: str | None = None) -> None:
        """Sign up for a tournament (the Join button does the same)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tournament = await self.resolve(interaction, name)
        tournament = await self.service.join(tournament.id, player_ref(interaction.user))
        await interaction.followup.send(joined_text(tournament, member_language(interaction)), ephemeral=True)
        await self.runner.refresh(tournament)

    @app_commands.command(name="leave")
    @app_commands.guild_only()
    @app_commands.describe(name="Which tournament (empty: the one open here).")
    async def leave(self, interaction: discord.Interaction[Any], name: str | None = None) -> None:
        """Take your name off a tournament's list before it starts."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tournament = await self.resolve(interaction, name)
        tournament = await self.service.leave(tournament.id, interaction.user.id)
        await interaction.followup.send(left_text(tournament, member_language(interaction)), ephemeral=True)
        await self.runner.refresh(tournament)

    @app_commands.command(name="start")
    @app_commands.guild_only()
    @app_commands.describe(name="Which tournament (empty: the one open here).")
    async def start(self, interaction: discord.Interaction[Any], name: str | None = None) -> None:
        """Close the sign-up, seed the players by rating and start the first round (organisers)."""
        # Answered only once started (one quick write): a refusal is then a private answer, not a public one.
        tournament = await self.resolve(interaction, name)
        tournament = await self.service.start(
            tournament.id, interaction.user.id, may_organise=await self.may_organise(interaction)
        )
        await interaction.response.send_message(
            started_reply(tournament, await self.runner.language(tournament.guild_id)),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @app_commands.command(name="bracket")
    @app_commands.guild_only()
    @app_commands.describe(name="Which tournament (empty: the latest here).")
    async def bracket(self, interaction: discord.Interaction[Any], name: str | None = None) -> None:
        """Show a tournament's bracket: names, scores, who advances and the round in play."""
        tournament = await self.resolve(interaction, name, latest=True)  # before answering: refusals stay private
        await interaction.response.defer(thinking=True)
        language = await self.runner.language(tournament.guild_id)
        if tournament.bracket is None:
            text = signup_text(tournament, language)
            await interaction.followup.send(text, allowed_mentions=discord.AllowedMentions.none())
            return
        png = await self.runner.picture(tournament, language)
        await interaction.followup.send(
            status_text(tournament, language),
            file=discord.File(io.BytesIO(png), FILENAME),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @app_commands.command(name="list")
    @app_commands.guild_only()
    async def list_tournaments(self, interaction: discord.Interaction[Any]) -> None:
        """This server's open and running tournaments, then the latest finished ones."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tournaments = await self.service.recent(interaction.guild_id or 0)
        language = member_language(interaction)
        if not tournaments:
            await interaction.followup.send(translate(language, NO_TOURNAMENTS), ephemeral=True)
            return
        lines = [list_line(tournament, language) for tournament in tournaments]
        await interaction.followup.send("\n".join(lines), ephemeral=True)

    @app_commands.command(name="cancel")
    @app_commands.guild_only()
    @app_commands.describe(name="Which tournament (empty: the one open here).", reason="Why it is cancelled.")
    async def cancel(
        self, interaction: discord.Interaction[Any], name: str | None = None, reason: str | None = None
    ) -> None:
        """Cancel a tournament (organisers). Matches being played go on as ordinary matches."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tournament = await self.resolve(interaction, name)
        tournament = await self.service.cancel(
            tournament.id, interaction.user.id, may_organise=await self.may_organise(interaction), reason=reason
        )
        await interaction.followup.send(cancelled_reply(tournament, member_language(interaction)), ephemeral=True)

    @app_commands.command(name="award")
    @app_commands.guild_only()
    @app_commands.describe(
        winner="Who is awarded their current match.",
        reason="Why; shown with the bracket.",
        name="Which tournament (empty: the one running here).",
    )
    async def award(
        self, interaction: discord.Interaction[Any], winner: discord.Member, reason: str, name: str | None = None
    ) -> None:
        """Decide a match for a player (organisers), e.g. a no-show; a match being played is stopped."""
        tournament = await self.resolve(interaction, name)
        tournament, update = await self.service.award(
            tournament.id, interaction.user.id, winner.id, reason, may_organise=await self.may_organise(interaction)
        )
        await interaction.response.send_message(
            awarded_text(tournament, winner.id, reason, await self.runner.language(tournament.guild_id)),
            allowed_mentions=users_only(winner.id),
        )
        if update is not None:  # the stopped (aborted) match's board says so; the keeper leaves aborted ones alone
            await self.publisher.publish(update)

    @app_commands.command(name="role")
    @app_commands.guild_only()
    @app_commands.checks.has_permissions(manage_guild=True)
    @app_commands.describe(role="Members with this role may organise tournaments (empty: Manage Server only).")
    async def role(self, interaction: discord.Interaction[Any], role: discord.Role | None = None) -> None:
        """Choose the role whose members may create and run tournaments (Manage Server)."""
        await self.service.set_organiser_role(interaction.guild_id or 0, None if role is None else role.id)
        text = organisers_text(None if role is None else role.mention, member_language(interaction))
        await interaction.response.send_message(text, ephemeral=True)

    @join.autocomplete("name")
    @leave.autocomplete("name")
    @start.autocomplete("name")
    @bracket.autocomplete("name")
    @cancel.autocomplete("name")
    @award.autocomplete("name")
    async def name_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        wanted = current.casefold().strip()
        names = [t.name for t in await self.service.recent(interaction.guild_id or 0)]
        matching = [name for name in dict.fromkeys(names) if wanted in name.casefold()]
        return [app_commands.Choice(name=name, value=name) for name in matching[:MAX_CHOICES]]

    # --- buttons ----------------------------------------------------------------------------------------------

    async def on_tournament_control(
        self, interaction: discord.Interaction[Any], tournament_id: int, action: TournamentAction
    ) -> None:
        await interaction.response.defer()
        if action is TournamentAction.JOIN:
            tournament = await self.service.join(tournament_id, player_ref(interaction.user))
            answer = joined_text(tournament, member_language(interaction))
        else:
            tournament = await self.service.leave(tournament_id, interaction.user.id)
            answer = left_text(tournament, member_language(interaction))
        language = await self.runner.language(tournament.guild_id)
        await interaction.edit_original_response(
            content=signup_text(tournament, language),
            view=signup_view(tournament, language),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        if interaction.message is not None and interaction.message.id == tournament.message_id:
            await self.service.mark_shown(tournament)
        await reply_privately(interaction, answer)

    # --- helpers ----------------------------------------------------------------------------------------------

    async def may_organise(self, interaction: discord.Interaction[Any]) -> bool:
        """Manage Server, or the organiser role the server chose (`/tournament role`)."""
        member = interaction.user
        if not isinstance(member, discord.Member):
            return False
        if member.guild_permissions.manage_guild:
            return True
        role_id = await self.service.organiser_role(member.guild.id)
        return role_id is not None and any(role.id == role_id for role in member.roles)

    async def resolve(
        self, interaction: discord.Interaction[Any], name: str | None, *, latest: bool = False
    ) -> Tournament:
        """The named tournament; without a name, the only open or running one here (or the latest one)."""
        guild_id = interaction.guild_id or 0
        if name:
            return await self.service.by_name(guild_id, name)
        recent = await self.service.recent(guild_id)
        live = [t for t in recent if t.status in LIVE]
        if len(live) == 1:
            return live[0]
        if len(live) > 1:
            raise UserFacingError(N_("There are several tournaments here: say which one with `name`."))
        if latest and recent:
            return recent[0]
        raise UserFacingError(
            N_("There is no open or running tournament here. An organiser starts one with `/tournament create`.")
        )

    async def open_pairing(self, pairing: Pairing) -> None:
        """Start a pairing's match now (the runner does it for every pairing it finds)."""
        await self.runner.open_pairing(pairing)
