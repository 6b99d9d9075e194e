"""What a player can do: run slash commands, ask for autocomplete, click buttons, choose select options.

Each action builds the INTERACTION_CREATE Discord's client would send (options typed from the synced command
schema, resolved users, the clicked message) and waits for the bot's acknowledgement, returning a `Reply`.
Using a command, option, button or select that does not exist raises `ScenarioError` (the test is wrong, not
the bot); a bot that answers badly shows up as a recorded violation instead.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import limits
from .model import Channel, Guild, Interaction, Message, Snapshot, User

if TYPE_CHECKING:
    from .server import DiscordStandin

SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = range(1, 11)


class ScenarioError(AssertionError):
    """The scenario asked for something a player could not do (unknown command, option or button)."""


@dataclass
class Reply:
    """The bot's answer to one interaction."""

    interaction: Interaction
    _seen_followups: int = field(default=0, init=False, repr=False)
    _response_read: bool = field(default=False, init=False, repr=False)

    @property
    def acknowledged(self) -> bool:
        return self.interaction.acknowledged_at is not None

    @property
    def rejections(self) -> list[str]:
        """Callbacks the stand-in refused for this interaction (each also recorded as a violation)."""
        return self.interaction.rejections

    @property
    def type(self) -> int | None:
        """The callback type: 4 message, 5 deferred message, 6 deferred update, 7 update, 8 choices, 9 modal."""
        return self.interaction.response_type

    @property
    def latency(self) -> float | None:
        return self.interaction.latency

    @property
    def message(self) -> Message | None:
        """The response message (new for 4/5, the clicked message for 6/7)."""
        return self.interaction.original

    @property
    def followups(self) -> list[Message]:
        return self.interaction.followups

    @property
    def ephemeral(self) -> bool:
        return self.message is not None and self.message.ephemeral

    @property
    def content(self) -> str:
        return self.message.content if self.message else ""

    @property
    def choices(self) -> list[dict[str, Any]]:
        return self.interaction.choices or []

    async def settled(self, timeout: float = 5.0) -> Message:
        """The response message once it is no longer a deferred "thinking" placeholder."""
        message = self.message
        if message is None:
            raise ScenarioError(f"{self.interaction.name!r} has no response message (callback type {self.type})")
        await wait_until(message, lambda m: not m.loading, timeout)
        return message

    async def private_answer(self, timeout: float = 5.0) -> Message:
        """The next private message answering the interaction: its own response the first time when it was one (a
        press refused at once, callback type 4), else its next followup (after a deferral)."""
        message = self.message
        if not self._response_read and self.type == 4 and message is not None and message.ephemeral:
            self._response_read = True
            return message
        return await self.next_followup(timeout)

    async def next_followup(self, timeout: float = 5.0) -> Message:
        """Wait for the next followup message (counting those already seen through this method)."""
        seen = self._seen_followups
        deadline = asyncio.get_running_loop().time() + timeout
        while len(self.followups) <= seen:
            if asyncio.get_running_loop().time() > deadline:
                raise TimeoutError(f"no followup to {self.interaction.name!r} within {timeout} s")
            await asyncio.sleep(0.02)
        self._seen_followups = seen + 1
        return self.followups[seen]


async def wait_until(message: Message, predicate: Any, timeout: float = 5.0) -> Message:
    """Wait until `predicate(message)` holds after some edit (returns at once if it already holds)."""

    async def wait() -> Message:
        async with message.changed():
            while not predicate(message):
                await message.changed().wait()
        return message

    return await asyncio.wait_for(wait(), timeout)


async def wait_for_edit(message: Message, after_version: int, timeout: float = 5.0) -> Message:
    """Wait until the message has been edited past `after_version` (compare `message.version`)."""
    return await wait_until(message, lambda m: m.version > after_version or m.deleted, timeout)


class ScenarioUser:
    """A guild member acting in a scenario. `channel` is where their commands run (standin.default_channel)."""

    def __init__(self, standin: DiscordStandin, user: User) -> None:
        self.standin = standin
        self.user = user
        self.channel: Channel = standin.default_channel

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def name(self) -> str:
        return self.user.name

    @property
    def mention(self) -> str:
        return f"<@{self.user.id}>"

    def __repr__(self) -> str:
        return f"ScenarioUser({self.user.name!r}, id={self.user.id})"

    def _check_can_act(self) -> None:
        if self.user.bot:
            raise ScenarioError(f"{self.name} is a bot account: Discord does not let bots use commands or components")

    # --- slash commands ------------------------------------------------------------------------------------

    async def slash(self, command: str, /, *, in_channel: Channel | None = None, **options: Any) -> Reply:
        """Run `/command` ("bg challenge" for a subcommand) with options given by name; wait for the ack."""
        self._check_can_act()
        channel = in_channel or self.channel
        data, _ = self._command_data(command, options, focused=None, channel=channel)
        return await self._interact(2, data, channel, f"/{command}")

    async def autocomplete(
        self, command: str, option: str, typed: str, /, *, in_channel: Channel | None = None, **options: Any
    ) -> list[dict[str, Any]]:
        """Type `typed` into `option` of `/command` (other options already filled); returns the choices."""
        self._check_can_act()
        channel = in_channel or self.channel
        data, _ = self._command_data(command, options | {option: typed}, focused=option, channel=channel)
        reply = await self._interact(4, data, channel, f"/{command} {option}")
        return reply.choices

    def _command_data(
        self, command: str, given: dict[str, Any], focused: str | None, channel: Channel | None = None
    ) -> tuple[dict[str, Any], Any]:
        words = command.split()
        guild = self.standin.guilds[(channel or self.channel).guild_id]
        commands = self.standin.commands.get(guild.id, []) + self.standin.commands.get(None, [])
        top = next((c for c in commands if c["name"] == words[0] and c.get("type", 1) == 1), None)
        if top is None:
            known = sorted(c["name"] for c in commands)
            raise ScenarioError(f"no slash command /{words[0]} is synced (synced: {known})")
        schema: dict[str, Any] = top
        path: list[dict[str, Any]] = []
        for word in words[1:]:
            sub = next((o for o in schema.get("options") or [] if o["name"] == word and o["type"] in (1, 2)), None)
            if sub is None:
                raise ScenarioError(f"/{command}: {word!r} is not a subcommand of {schema['name']!r}")
            path.append(sub)
            schema = sub
        if any(o["type"] in (1, 2) for o in schema.get("options") or []):
            raise ScenarioError(f"/{command} needs a subcommand")
        leaf_options, resolved = self._options(command, schema.get("options") or [], given, focused, guild)
        nested: list[dict[str, Any]] = leaf_options
        for sub in reversed(path):
            nested = [{"name": sub["name"], "type": sub["type"], "options": nested}]
        data: dict[str, Any] = {
            "id": top["id"],
            "name": top["name"],
            "type": 1,
            "guild_id": str(guild.id),
            "options": nested,
        }
        if resolved:
            data["resolved"] = resolved
        return data, schema

    def _options(
        self, command: str, schema: list[dict[str, Any]], given: dict[str, Any], focused: str | None, guild: Guild
    ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        by_name = {o["name"]: o for o in schema}
        unknown = set(given) - set(by_name)
        if unknown:
            raise ScenarioError(f"/{command} has no option {sorted(unknown)} (options: {sorted(by_name)})")
        options: list[dict[str, Any]] = []
        resolved: dict[str, dict[str, Any]] = {}
        for spec in schema:
            name = spec["name"]
            if name not in given:
                if spec.get("required") and focused is None:
                    raise ScenarioError(f"/{command}: the option {name!r} is required")
                continue
            value = given[name]
            entry: dict[str, Any] = {"name": name, "type": spec["type"]}
            if name == focused:
                entry.update(value=str(value), focused=True)  # while typing, every value is the raw text
            else:
                entry["value"] = self._option_value(command, spec, value, resolved, guild)
            options.append(entry)
        return options, resolved

    def _option_value(
        self, command: str, spec: dict[str, Any], value: Any, resolved: dict[str, Any], guild: Guild
    ) -> Any:
        kind = spec["type"]
        if kind in (USER, MENTIONABLE) and isinstance(value, ScenarioUser | User):
            user = value.user if isinstance(value, ScenarioUser) else value
            resolved.setdefault("users", {})[str(user.id)] = user.payload()
            if user.id in guild.member_ids:
                member = user.member_payload(guild.joined_at) | {"permissions": "0"}
                member.pop("user")
                resolved.setdefault("members", {})[str(user.id)] = member
            return str(user.id)
        if kind == CHANNEL and isinstance(value, Channel):
            resolved.setdefault("channels", {})[str(value.id)] = {
                "id": str(value.id),
                "name": value.name,
                "type": value.type,
                "permissions": "0",
            }
            return str(value.id)
        python_types: dict[int, type | tuple[type, ...]] = {
            STRING: str,
            INTEGER: int,
            BOOLEAN: bool,
            NUMBER: (int, float),
        }
        expected = python_types.get(kind)
        if expected is None or not isinstance(value, expected) or (kind == INTEGER and isinstance(value, bool)):
            raise ScenarioError(f"/{command}: {value!r} is not a valid value for {spec['name']!r} (type {kind})")
        choices = spec.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            raise ScenarioError(f"/{command}: {value!r} is not one of the choices of {spec['name']!r}")
        low, high = spec.get("min_value"), spec.get("max_value")
        if (low is not None and value < low) or (high is not None and value > high):
            raise ScenarioError(f"/{command}: {value!r} is outside {low}..{high} for {spec['name']!r}")
        return value

    # --- components ----------------------------------------------------------------------------------------

    async def click(
        self,
        message: Message,
        label: str | None = None,
        *,
        custom_id: str | None = None,
        seen: Snapshot | None = None,
    ) -> Reply:
        """Click the button with this label (or custom_id) on `message`, as it looks now, or as it looked in
        `seen` (one of `message.history`): a player whose client still shows an older version (a stale button)."""
        self._check_can_act()
        self._check_can_see(message)
        shown = (seen or message).buttons
        buttons = [
            b for b in shown if (custom_id is None or b.custom_id == custom_id) and (label is None or b.label == label)
        ]
        if not buttons:
            names = [(b.label, b.custom_id) for b in shown]
            raise ScenarioError(f"no button label={label!r} custom_id={custom_id!r} on the message (buttons: {names})")
        button = buttons[0]
        if button.disabled:
            raise ScenarioError(f"the button {button.label or button.custom_id!r} is disabled")
        if button.custom_id is None:
            raise ScenarioError("link buttons open a URL; they send no interaction")
        data = {"custom_id": button.custom_id, "component_type": limits.BUTTON}
        channel = self._channel_of(message)
        return await self._interact(3, data, channel, button.custom_id, message)

    async def select(
        self,
        message: Message,
        *values: str,
        custom_id: str | None = None,
        labels: bool = False,
        seen: Snapshot | None = None,
    ) -> Reply:
        """Choose options (by value, or by label with `labels=True`) in a select of `message` (or of the older
        version `seen`, as for `click`)."""
        self._check_can_act()
        self._check_can_see(message)
        selects = [s for s in (seen or message).selects if custom_id is None or s.custom_id == custom_id]
        if not selects:
            raise ScenarioError(f"no select custom_id={custom_id!r} on the message")
        menu = selects[0]
        lookup = {label: value for label, value in menu.options} if labels else {v: v for _, v in menu.options}
        missing = [v for v in values if v not in lookup]
        if missing or menu.disabled:
            raise ScenarioError(f"cannot choose {missing or values} in {menu.custom_id!r} (options {menu.options})")
        if not menu.min_values <= len(values) <= menu.max_values:
            raise ScenarioError(f"choose between {menu.min_values} and {menu.max_values} options")
        data = {
            "custom_id": menu.custom_id,
            "component_type": limits.STRING_SELECT,
            "values": [lookup[v] for v in values],
        }
        channel = self._channel_of(message)
        return await self._interact(3, data, channel, menu.custom_id, message)

    async def submit(self, opened: Reply, **values: str) -> Reply:
        """Fill in and send the form (modal) the bot opened in answer to `opened` (callback type 9): each text
        input by its custom_id or its label, as keyword arguments (`submit(reply, seed="lucky")` or, for a label
        with spaces, `submit(reply, **{"Your seed": "x"})`). Inputs not named are sent empty. Like Discord, the
        submission is an interaction of type 5 that carries the message whose button opened the form."""
        self._check_can_act()
        form = opened.interaction.modal
        if form is None:
            raise ScenarioError(f"{opened.interaction.name!r} opened no form (callback type {opened.type})")
        rows = []
        used = set()
        for row in form.get("components") or []:
            inputs = row.get("components") if row.get("type") == 1 else [row.get("component") or row]
            answered = []
            for item in inputs or []:
                if item.get("type") != 4:  # text inputs only
                    continue
                key = next((k for k in (item.get("custom_id"), item.get("label")) if k in values), None)
                used.add(key)
                answered.append({"type": 4, "custom_id": item["custom_id"], "value": values.get(key or "", "")})
            if answered:
                rows.append({"type": 1, "components": answered})
        unknown = set(values) - used
        if unknown:
            raise ScenarioError(f"the form has no input {sorted(unknown)} (form: {form})")
        data = {"custom_id": form["custom_id"], "components": rows}
        message = opened.interaction.message
        channel = self.standin.channels[opened.interaction.channel_id]
        return await self._interact(5, data, channel, form["custom_id"], message)

    def _channel_of(self, message: Message) -> Channel:
        channel = self.standin.channels.get(message.channel_id)
        if channel is None:
            raise ScenarioError("the message's channel or thread was deleted")
        return channel

    def _check_can_see(self, message: Message) -> None:
        if message.visible_to is not None and message.visible_to != self.user.id:
            raise ScenarioError(f"{self.name} cannot see that ephemeral message")
        if message.deleted:
            raise ScenarioError("the message was deleted")

    async def _interact(
        self, kind: int, data: dict[str, Any], channel: Channel, name: str, message: Message | None = None
    ) -> Reply:
        interaction = await self.standin.dispatch_interaction(self.user, kind, data, channel, name, message)
        reply = Reply(interaction)
        # Waits for the acknowledgement or a refused callback. No acknowledgement in time is recorded as a
        # violation by the stand-in; reply.acknowledged is then False and reply.rejections may say why.
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(interaction._answered.wait(), limits.ACK_DEADLINE_SECONDS + 0.5)
        return reply

    def visible_messages(self, channel: Channel | None = None) -> list[Message]:
        """Messages in the channel this user can see (their own ephemeral ones included), oldest first."""
        channel = channel or self.channel
        return [m for m in channel.messages if not m.deleted and m.visible_to in (None, self.user.id)]
