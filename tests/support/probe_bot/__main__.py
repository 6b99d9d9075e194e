"""A small test-only discord.py bot, run as `python -m tests.support.probe_bot`, to exercise the stand-in.

It uses every interaction shape the game cogs will use (slash commands with options, a subcommand group,
autocomplete, buttons and a select as restart-safe DynamicItems, an edit with a PNG attachment and its removal,
a deferred response, followups, a thread) and, through `/probe break`, deliberately breaks each Discord limit.
Raw payloads go through discord.py's own webhook adapter where discord.py would refuse to build them.

Environment: DISCORD_TOKEN, DEV_GUILD_ID (as the real bot), PROBE_BAD_COMMANDS=1 to also try to sync invalid
command definitions, PROBE_MEMBERS_INTENT=1 to ask for the privileged Server Members intent.
"""

from __future__ import annotations

import asyncio
import io
import logging
import os
import re
import signal
import sys
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from discord.webhook.async_ import async_context, interaction_response_params
from PIL import Image

log = logging.getLogger("probe")

FRUITS = [
    "apple", "apricot", "avocado", "banana", "blackberry", "blueberry", "cherry", "coconut", "cranberry", "date",
    "fig", "grape", "grapefruit", "guava", "kiwi", "lemon", "lime", "lychee", "mango", "melon", "nectarine",
    "orange", "papaya", "peach", "pear", "pineapple", "plum", "pomegranate", "quince", "raspberry", "strawberry",
]  # fmt: skip


def png_bytes(width: int = 64, height: int = 48) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (30, 110, 60)).save(buffer, format="PNG")
    return buffer.getvalue()


def board_view() -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ProbeButton("draw"))
    view.add_item(ProbeButton("clear"))
    view.add_item(ProbePick())
    return view


class ProbeButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"probe:(?P<action>draw|clear)"):
    """Draw puts a PNG on the message (type 7 with a multipart upload); Clear removes every attachment."""

    def __init__(self, action: str) -> None:
        super().__init__(discord.ui.Button(label=action.title(), custom_id=f"probe:{action}", row=0))
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ProbeButton:
        return cls(match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        if self.action == "draw":
            file = discord.File(io.BytesIO(png_bytes()), filename="board.png")
            await interaction.response.edit_message(content="drawn", attachments=[file])
        else:
            await interaction.response.edit_message(content="cleared", attachments=[])


class ProbePick(discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]], template=r"probe:pick"):
    """A select alone in its row; choosing edits the message to name the choice."""

    def __init__(self) -> None:
        options = [discord.SelectOption(label=f"Option {n}", value=f"v{n}") for n in range(1, 4)]
        super().__init__(discord.ui.Select(custom_id="probe:pick", options=options, max_values=2, row=1))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ProbePick:
        return cls()

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content=f"picked {','.join(self.item.values)}")


async def raw_response(interaction: discord.Interaction, kind: int, data: dict[str, Any]) -> None:
    """Send a callback body as given, bypassing discord.py's own checks (to break limits on purpose)."""
    params = interaction_response_params(kind, data)
    try:
        await async_context.get().create_interaction_response(
            interaction.id, interaction.token, session=interaction._session, params=params
        )
    except discord.HTTPException as error:
        log.info("raw response refused: %s %s", error.status, error.text)


def button(custom_id: str, label: str = "x") -> dict[str, Any]:
    return {"type": 2, "style": 1, "custom_id": custom_id, "label": label}


def row(*children: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(children)}


def select(options: int) -> dict[str, Any]:
    return {"type": 3, "custom_id": "s", "options": [{"label": f"o{n}", "value": f"v{n}"} for n in range(options)]}


BROKEN: dict[str, dict[str, Any]] = {
    "content": {"content": "x" * 2001},
    "rows": {"content": "rows", "components": [row(button(f"r{n}")) for n in range(6)]},
    "buttons": {"content": "buttons", "components": [row(*(button(f"b{n}") for n in range(6)))]},
    "select_row": {"content": "shared", "components": [row(select(3), button("b"))]},
    "select_options": {"content": "options", "components": [row(select(26))]},
    "custom_id": {"content": "long id", "components": [row(button("c" * 101))]},
    "duplicate_id": {"content": "twins", "components": [row(button("same"), button("same"))]},
    "label": {"content": "label", "components": [row(button("l", label="y" * 81))]},
    "embed": {"embeds": [{"title": "t" * 257}]},
    "embed_total": {"embeds": [{"description": "d" * 4000}, {"description": "e" * 2001}]},
}


class ProbeBot(commands.Bot):
    def __init__(self) -> None:
        intents = discord.Intents.default()
        intents.members = os.environ.get("PROBE_MEMBERS_INTENT") == "1"
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(ProbeButton, ProbePick)
        self.tree.add_command(probe)
        guild = discord.Object(id=int(os.environ["DEV_GUILD_ID"]))
        self.tree.copy_global_to(guild=guild)
        await self.tree.sync(guild=guild)
        if os.environ.get("PROBE_BAD_COMMANDS") == "1":
            bad = [{"name": "Bad Name", "description": "d" * 101, "type": 1}]
            try:
                await self.http.bulk_upsert_guild_commands(self.application_id or 0, guild.id, bad)
            except discord.HTTPException as error:
                log.info("bad command sync refused: %s", error.status)


probe = app_commands.Group(name="probe", description="Stand-in probes")
deep = app_commands.Group(name="deep", description="A subcommand group", parent=probe)


@probe.command(description="Repeat a text")
@app_commands.describe(text="What to say", times="How often", who="Whom to greet", loud="Shout it")
async def echo(
    interaction: discord.Interaction,
    text: str,
    times: app_commands.Range[int, 1, 3],
    who: discord.Member | None = None,
    loud: bool = False,
) -> None:
    said = " ".join([text.upper() if loud else text] * times)
    greeting = f"{who.display_name}: " if who else ""
    await interaction.response.send_message(f"{greeting}{said}", ephemeral=not loud)
    if who is not None and loud:  # ping `who` only, though the author is mentioned too
        only_who = discord.AllowedMentions(users=[who])
        await interaction.followup.send(f"{who.mention}, {interaction.user.mention} says hi", allowed_mentions=only_who)


@deep.command(description="A subcommand inside a group")
async def nested(interaction: discord.Interaction, value: int) -> None:
    await interaction.response.send_message(f"nested {value}")


@probe.command(description="Pick a fruit, with autocomplete")
async def fruit(interaction: discord.Interaction, name: str) -> None:
    await interaction.response.send_message(f"You picked {name}")


@fruit.autocomplete("name")
async def fruit_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    matches = [f for f in FRUITS if current.lower() in f]
    limit = 26 if current == "!many" else 25
    if current == "!many":
        matches = FRUITS
    return [app_commands.Choice(name=f.title(), value=f) for f in matches[:limit]]


@probe.command(description="A message with buttons and a select")
async def board(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("board", view=board_view())


@probe.command(description="Defer, then edit the original response with a PNG")
async def slow(interaction: discord.Interaction) -> None:
    await interaction.response.defer(thinking=True)
    await asyncio.sleep(0.3)
    file = discord.File(io.BytesIO(png_bytes(32, 32)), filename="slow.png")
    await interaction.edit_original_response(content="done", attachments=[file])


@probe.command(description="An ephemeral answer and two followups")
async def followup(interaction: discord.Interaction, delay: float = 0.0) -> None:
    await interaction.response.send_message("first", ephemeral=True)
    await asyncio.sleep(delay)
    try:
        await interaction.followup.send("second")
        await interaction.followup.send("secret", ephemeral=True)
    except discord.HTTPException as error:
        log.info("followup refused: %s %s", error.status, error.text)


@probe.command(description="Open a thread from the response and post in it")
async def thread(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("opening a thread")
    message = await interaction.original_response()
    created = await message.create_thread(name=f"probe for {interaction.user.display_name}")
    await created.add_user(interaction.user)
    await created.send("inside the thread", view=board_view())


@probe.command(description="Open a public thread in the channel (no starter message)")
async def room(interaction: discord.Interaction, name: str) -> None:
    assert isinstance(interaction.channel, discord.TextChannel)
    created = await interaction.channel.create_thread(name=name, type=discord.ChannelType.public_thread)
    await created.send(f"welcome to {name}")
    await interaction.response.send_message(f"opened {created.mention}", ephemeral=True)


@probe.command(description="Open a public thread and delete it again")
async def tidy(interaction: discord.Interaction) -> None:
    assert isinstance(interaction.channel, discord.TextChannel)
    await interaction.response.defer(ephemeral=True, thinking=True)
    created = await interaction.channel.create_thread(name="short-lived", type=discord.ChannelType.public_thread)
    await created.delete()
    try:
        await created.send("into the void")
    except discord.NotFound:
        await interaction.followup.send("deleted", ephemeral=True)


@probe.command(description="Post a channel message with an embed, then edit it")
async def post(interaction: discord.Interaction) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    assert isinstance(interaction.channel, discord.TextChannel)
    embed = discord.Embed(title="Scores", description="alice 3, bob 1").add_field(name="Match", value="3 points")
    sent = await interaction.channel.send("posted", embed=embed, file=discord.File(io.BytesIO(png_bytes()), "a.png"))
    await sent.edit(content="edited", attachments=[])
    await interaction.followup.send(f"posted {sent.id}", ephemeral=True)


@probe.command(description="Look a member up through the REST API (the gateway sends no member list)")
async def member(interaction: discord.Interaction, who: discord.User) -> None:
    assert interaction.guild is not None
    cached = interaction.guild.get_member(who.id) is not None
    fetched = await interaction.guild.fetch_member(who.id)
    await interaction.response.send_message(f"{fetched.name} cached={cached}")


@probe.command(name="break", description="Break one Discord rule on purpose")
@app_commands.choices(
    what=[app_commands.Choice(name=n, value=n) for n in [*BROKEN, "attachment", "late", "double", "none"]]
)
async def breaks(interaction: discord.Interaction, what: str) -> None:
    if what in BROKEN:
        await raw_response(interaction, 4, BROKEN[what])
    elif what == "attachment":
        file = discord.File(io.BytesIO(b"\0" * (10 * 1024 * 1024 + 1)), filename="huge.bin")
        try:
            await interaction.response.send_message("huge", file=file)
        except discord.HTTPException as error:
            log.info("upload refused: %s", error.status)
    elif what == "late":
        await asyncio.sleep(3.3)
        try:
            await interaction.response.send_message("too late")
        except discord.HTTPException as error:
            log.info("late response refused: %s", error.status)
    elif what == "double":
        await interaction.response.send_message("once")
        await raw_response(interaction, 4, {"content": "twice"})


def main() -> int:
    discord.utils.setup_logging(level=logging.INFO, root=True)
    bot = ProbeBot()

    async def run() -> None:
        async with bot:
            loop = asyncio.get_running_loop()
            loop.add_signal_handler(signal.SIGTERM, lambda: asyncio.create_task(bot.close()))
            await bot.start(os.environ["DISCORD_TOKEN"])

    asyncio.run(run())
    log.info("Probe stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
