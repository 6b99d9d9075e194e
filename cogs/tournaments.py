"""`/tournament`: sign-up with Join / Leave buttons, the live bracket, a thread per match, the champion (issue 21).

Thin over bot.tournaments.TournamentService. A background runner keeps Discord in step with what is stored, so that
it picks up where it was after a restart: it starts scheduled tournaments, opens a thread for every match whose two
players are known and starts the match there (each exactly once: the service ties the match to its bracket slot),
edits the sign-up message into the live bracket as results come in, and announces the champion. It wakes as soon
as the service reports a change (a result stored by the match-finished hook), else every few seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.tournaments import Pairing, Tournament, TournamentStatus
from bot.tournaments.records import DEFAULT_LENGTH
from cogs.ui.errors import UserFacingError, reply_privately
from cogs.ui.event_text import escape_text
from cogs.ui.names import TOURNAMENTS_COG
from cogs.ui.options import Length, describe_match_options, player_ref
from cogs.ui.publisher import GamePublisher
from cogs.ui.tournament_messages import (
    FILENAME,
    Announcement,
    TournamentAction,
    TournamentButton,
    champion_text,
    joined_text,
    list_line,
    message_edit,
    parse_start,
    picture_of,
    shows_bracket,
    signup_text,
    signup_view,
    status_text,
    thread_name,
    title,
    users_only,
)
from cogs.ui.wiring import publisher_of
from render.bracket import bracket_image

if TYPE_CHECKING:
    from bot.app import GammonBot

log = logging.getLogger(__name__)

#: How often the runner looks when nothing wakes it.
INTERVAL_SECONDS = 5.0
MAX_CHOICES = 25
LIVE = (TournamentStatus.SIGNUP, TournamentStatus.RUNNING)


class Tournaments(
    commands.GroupCog,
    name=TOURNAMENTS_COG,
    group_name="tournament",
    group_description="Single-elimination tournaments: sign-up, bracket and champion.",
):
    def __init__(self, bot: GammonBot) -> None:
        self.bot = bot
        self.service = bot.tournaments
        self._runner: asyncio.Task[None] | None = None
        super().__init__()

    @property
    def publisher(self) -> GamePublisher:
        return publisher_of(self.bot)  # cogs.play is loaded first

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(TournamentButton)
        self._runner = asyncio.create_task(self.run(), name="tournament runner")

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(TournamentButton)
        if self._runner is not None:
            self._runner.cancel()

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
            raise UserFacingError("Create a tournament in a text channel: its matches are played in threads there.")
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
        view = signup_view(tournament)
        assert view is not None
        await interaction.response.send_message(
            signup_text(tournament), view=view, allowed_mentions=discord.AllowedMentions.none()
        )
        message = await interaction.original_response()
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
        await interaction.followup.send(joined_text(tournament), ephemeral=True)
        await self.refresh(tournament)

    @app_commands.command(name="leave")
    @app_commands.guild_only()
    @app_commands.describe(name="Which tournament (empty: the one open here).")
    async def leave(self, interaction: discord.Interaction[Any], name: str | None = None) -> None:
        """Take your name off a tournament's list before it starts."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tournament = await self.resolve(interaction, name)
        tournament = await self.service.leave(tournament.id, interaction.user.id)
        await interaction.followup.send(f"You left {title(tournament)}.", ephemeral=True)
        await self.refresh(tournament)

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
            f"{title(tournament)} has started with {len(tournament.entrants)} players: every match is played in "
            "its own thread, and the bracket follows the results.",
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @app_commands.command(name="bracket")
    @app_commands.guild_only()
    @app_commands.describe(name="Which tournament (empty: the latest here).")
    async def bracket(self, interaction: discord.Interaction[Any], name: str | None = None) -> None:
        """Show a tournament's bracket: names, scores, who advances and the round in play."""
        tournament = await self.resolve(interaction, name, latest=True)  # before answering: refusals stay private
        await interaction.response.defer(thinking=True)
        if tournament.bracket is None:
            await interaction.followup.send(signup_text(tournament), allowed_mentions=discord.AllowedMentions.none())
            return
        png = await self.picture(tournament)
        await interaction.followup.send(
            status_text(tournament),
            file=discord.File(io.BytesIO(png), FILENAME),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @app_commands.command(name="list")
    @app_commands.guild_only()
    async def list_tournaments(self, interaction: discord.Interaction[Any]) -> None:
        """This server's open and running tournaments, then the latest finished ones."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tournaments = await self.service.recent(interaction.guild_id or 0)
        if not tournaments:
            await interaction.followup.send(
                "There are no tournaments here yet. An organiser starts one with `/tournament create`.", ephemeral=True
            )
            return
        await interaction.followup.send("\n".join(list_line(tournament) for tournament in tournaments), ephemeral=True)

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
        await interaction.followup.send(f"{title(tournament)} is cancelled.", ephemeral=True)

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
            f"{winner.mention} is awarded their match in {title(tournament)}: {escape_text(' '.join(reason.split()))}",
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
        text = (
            f"Members with {role.mention} may now organise tournaments."
            if role is not None
            else "Only members with Manage Server may organise tournaments now."
        )
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
            answer = joined_text(tournament)
        else:
            tournament = await self.service.leave(tournament_id, interaction.user.id)
            answer = f"You left {title(tournament)}."
        await interaction.edit_original_response(
            content=signup_text(tournament),
            view=signup_view(tournament),
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
            raise UserFacingError("There are several tournaments here: say which one with `name`.")
        if latest and recent:
            return recent[0]
        raise UserFacingError(
            "There is no open or running tournament here. An organiser starts one with `/tournament create`."
        )

    async def picture(self, tournament: Tournament) -> bytes:
        states = await self.service.match_states(tournament.id)
        return await asyncio.to_thread(bracket_image, picture_of(tournament, states))

    # --- the runner -------------------------------------------------------------------------------------------

    async def run(self) -> None:
        await self.bot.wait_until_ready()
        while True:
            self.service.changed.clear()
            try:
                await self.run_once()
            except Exception:
                log.exception("The tournament runner failed; it goes on")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.service.changed.wait(), INTERVAL_SECONDS)

    async def run_once(self) -> None:
        shards = self.bot.shard_set  # a sharded process runs only its guilds' tournaments (issue 19)
        for tournament_id in await self.service.due_to_start():
            if shards.serves_all or shards.serves((await self.service.tournament(tournament_id)).guild_id):
                await self.service.start_when_due(tournament_id)
        for pairing in [p for p in await self.service.pairings() if shards.serves(p.guild_id)]:
            try:
                await self.open_pairing(pairing)
            except discord.HTTPException:
                log.warning(
                    "Could not start the match of %s round %s slot %s yet",
                    pairing.tournament_name,
                    pairing.round,
                    pairing.slot,
                    exc_info=True,
                )
        for tournament in [t for t in await self.service.to_show() if shards.serves(t.guild_id)]:
            try:
                await self.refresh(tournament)
            except discord.HTTPException:
                log.warning("Could not show tournament %s", tournament.id, exc_info=True)

    async def open_pairing(self, pairing: Pairing) -> None:
        """Open the pairing's thread (once: its id is stored first), start the match there after an announcement
        that mentions both players and shows the dice's commitment (its id seeds the dice), show the first board."""
        thread_id = pairing.thread_id
        if thread_id is None:
            parent = self.bot.get_channel(pairing.channel_id) or await self.bot.fetch_channel(pairing.channel_id)
            if not isinstance(parent, discord.TextChannel):
                log.error("Tournament %s: channel %s cannot hold threads", pairing.tournament_id, pairing.channel_id)
                return
            thread = await parent.create_thread(
                name=thread_name(pairing), type=discord.ChannelType.public_thread, auto_archive_duration=1440
            )
            thread_id = await self.service.set_thread(pairing, thread.id)
            if thread_id != thread.id:  # another start got there first
                with contextlib.suppress(discord.HTTPException):
                    await thread.delete()
        announcement = Announcement(self.bot.get_partial_messageable(thread_id, guild_id=pairing.guild_id), pairing)
        update = None
        try:
            update = await self.service.start_pairing(pairing, thread_id, announcement)
        finally:
            if update is None:  # not started: the announcement goes
                await announcement.withdraw()
        if update is not None:
            with self.publisher.acting(update.record.id):  # stored, not yet shown: the board keeper leaves it alone
                await self.publisher.publish(update)

    async def refresh(self, tournament: Tournament) -> None:
        """Bring the tournament's message up to date, and announce its end once."""
        if tournament.message_id is not None and not tournament.shown:
            channel = self.bot.get_partial_messageable(
                tournament.message_channel_id or tournament.channel_id, guild_id=tournament.guild_id
            )
            message = channel.get_partial_message(tournament.message_id)
            try:
                png = await self.picture(tournament) if shows_bracket(tournament) else None
                await message.edit(**message_edit(tournament, png))
            except discord.NotFound:
                log.info("The message of tournament %s is gone", tournament.id)
            await self.service.mark_shown(tournament)
        if tournament.status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED) and not tournament.announced:
            channel = self.bot.get_partial_messageable(tournament.channel_id, guild_id=tournament.guild_id)
            mentions = users_only(tournament.champion_id) if tournament.champion_id else discord.AllowedMentions.none()
            await channel.send(champion_text(tournament), allowed_mentions=mentions)
            await self.service.mark_announced(tournament.id)


async def setup(bot: GammonBot) -> None:
    await bot.add_cog(Tournaments(bot))
