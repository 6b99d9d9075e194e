"""A backgammon table seen through the stand-in: start a match, follow the current game message, click on it.

The bot edits the game's board in place (the turn passing included); it posts a new board when a game ends (the
old one becomes the game's final board) or when the player to act has been away (the old one is deleted).
`Table.click` waits for whichever happened and keeps `current` pointing at the message with the live controls.
A challenge plays in a new thread unless it says `thread=False` (issue 33).
Every acknowledgement is checked against Discord's 3 seconds.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from tests.support.discord_standin import (
    Channel,
    DiscordStandin,
    Message,
    Reply,
    ScenarioUser,
    wait_for_edit,
    wait_until,
)

ACK_LIMIT = 3.0
THINKING = "thinking\u2026"  # the last line of a board while the computer chooses its play (issue 33)
MENTION = re.compile(r"<@!?(\d+)>")


def acknowledged_in_time(reply: Reply) -> Reply:
    assert reply.acknowledged, f"{reply.interaction.name} was not acknowledged: {reply.rejections}"
    assert reply.latency is not None and reply.latency < ACK_LIMIT, f"acknowledged after {reply.latency} s"
    return reply


def is_challenge_of(message: Message, challenger: ScenarioUser) -> bool:
    """A challenge message of `challenger` (open or to someone), its buttons still live."""
    return f"<@{challenger.id}>" in message.content and "Withdraw" in labels(message)


async def posted_challenge(standin: DiscordStandin, reply: Reply, challenger: ScenarioUser) -> Message:
    """The challenge a `/bg challenge` posts in its channel once it is stored (the command's own answer). Reads the
    channel's messages up to it (`wait_for_message`): posts of an earlier match there (its automatic analysis, issue
    17) may come first and are passed over."""
    acknowledged_in_time(reply)
    channel = standin.channels[reply.interaction.channel_id]
    try:
        while not is_challenge_of(message := await standin.wait_for_message(channel, timeout=10), challenger):
            pass
    except TimeoutError:
        said = [m.content for m in channel.messages if m.ephemeral and m.visible_to == challenger.id][-1:]
        raise AssertionError(f"no challenge posted; the challenger was told {said}") from None
    return message


async def challenged(standin: DiscordStandin, name: str) -> tuple[ScenarioUser, Message]:
    """A challenge posted in a new channel of its own (`name`), and the member it is to (in that channel too)."""
    channel = standin.add_channel(name)
    challenger, opponent = standin.add_user(f"{name}-a"), standin.add_user(f"{name}-b")
    challenger.channel = opponent.channel = channel
    return opponent, await posted_challenge(
        standin, await challenger.slash("bg challenge", opponent=opponent), challenger
    )


def threads_of(standin: DiscordStandin, channel: Channel) -> list[Channel]:
    """The threads opened in `channel`: a bot shared by a module's scenarios opens theirs in their own channels."""
    return [thread for thread in standin.threads if thread.parent_id == channel.id]


async def new_thread(standin: DiscordStandin, channel: Channel, before: set[int]) -> Channel:
    """The one thread opened in `channel` that is not among the threads `before` (waited for)."""

    def opened() -> list[Channel]:
        return [thread for thread in threads_of(standin, channel) if thread.id not in before]

    await standin.eventually(opened, timeout=15, what=f"a new thread in #{channel.name}")
    (thread,) = opened()
    return thread


def own_guild(standin: DiscordStandin, *users: ScenarioUser) -> Channel:
    """A guild of its own, whose "general" channel becomes the users' channel: for a scenario that changes a
    server's setting (the turn limit) on a bot shared with others, whose matches it would reach. The bot's commands
    must be global (`GLOBAL_COMMANDS` in its env), as in production: otherwise only its development guild has them."""
    channel = standin.general_of(standin.add_guild(f"guild of {users[0].name}"))
    for user in users:
        user.channel = channel
    return channel


def addressed(message: Message) -> int | None:
    """Whose turn the board asks for: the id mentioned on its last line, None while the computer thinks and once the
    match is over."""
    lines = message.content.splitlines()
    found = MENTION.match(lines[-1]) if lines else None
    return None if found is None or not message.buttons else int(found.group(1))


def is_game_result(message: Message) -> bool:
    """The final board of a game after which the match goes on (the next game follows in a new message)."""
    ended = " wins game " in message.content
    return (
        ended
        and not message.buttons
        and "wins the match" not in message.content
        and "money game" not in (message.content)
    )


def is_move_list(message: Message) -> bool:
    """The move list a finished match leaves (issue 33), as a file when it is long: no board."""
    return message.content.startswith("**Moves of match")


def is_analysis_post(message: Message) -> bool:
    """An earlier match's automatic analysis (issue 17): pictures, but no board; told by its button's custom id."""
    return any((button.custom_id or "").startswith("an:") for button in message.buttons)


def shows_a_board(message: Message) -> bool:
    """A message with a board picture: pictures that are not an earlier match's analysis."""
    return bool(message.attachments) and not is_analysis_post(message)


#: Beside every board's controls (issue 33): a private question or answer, or the opponent's Claim once the turn
#: limit ran out (R9.5); never a move of the player to act: left out of `labels`, so that drivers pick moves only.
EXTRA_LABELS = ("Resign", "Moves", "Claim win")


def labels(message: Message, *, extras: bool = False) -> list[str]:
    """The enabled buttons' labels; Resign, Moves and Claim win only with `extras`, so that drivers pick moves only."""
    return [
        button.label or ""
        for button in message.buttons
        if not button.disabled and (extras or button.label not in EXTRA_LABELS)
    ]


@dataclass
class Table:
    standin: DiscordStandin
    channel: Channel
    players: tuple[ScenarioUser, ScenarioUser]
    current: Message | None = None
    boards: list[Message] = field(default_factory=list)
    others: list[Message] = field(default_factory=list)  # non-board messages seen (a rematch's question ...)
    move_lists: list[Message] = field(default_factory=list)  # what a finished match leaves besides its boards

    @property
    def game(self) -> Message:
        assert self.current is not None, "no game message yet"
        return self.current

    async def next_board(self, timeout: float = 15.0) -> Message:
        """The next new message with a board picture in this channel (others are kept in `others`; an earlier
        match's analysis, posted with pictures between two boards, is passed over)."""
        while True:
            message = await self.standin.wait_for_message(self.channel, timeout=timeout)
            if is_move_list(message):
                self.move_lists.append(message)
            elif is_analysis_post(message):
                continue
            elif message.attachments:
                self.current = message
                self.boards.append(message)
                return message
            else:
                self.others.append(message)

    async def next_other(self, timeout: float = 15.0) -> Message:
        """The next new message without a board (a rematch's question), boards passing by are followed (and a
        finished match's move list is kept in `move_lists`)."""
        if self.others:
            return self.others.pop(0)
        while True:
            message = await self.standin.wait_for_message(self.channel, timeout=timeout)
            if is_move_list(message):
                self.move_lists.append(message)
            elif is_analysis_post(message):
                continue  # an earlier match's analysis: neither a board nor what is waited for here
            elif not message.attachments:
                return message
            self.current = message
            self.boards.append(message)

    def to_act(self) -> ScenarioUser | None:
        """The player the current message addresses (its last line starts with their mention)."""
        lines = self.game.content.splitlines()
        found = MENTION.match(lines[-1]) if lines else None
        if found is None or not self.game.buttons:
            return None
        user_id = int(found.group(1))
        return next(player for player in self.players if player.id == user_id)

    async def acting(self, timeout: float = 15.0) -> ScenarioUser:
        """The player the current board asks to act, once it asks someone: a board being replaced (posted anew
        because the player to act had been away, the old one deleted) is followed to its successor."""
        while True:
            player = None if self.game.deleted else self.to_act()
            if player is not None:
                return player
            message, version = self.game, self.game.version
            if not message.deleted:
                await wait_for_edit(message, version, timeout=timeout)
            await self.after_edit(message, timeout)

    def other(self, user: ScenarioUser) -> ScenarioUser:
        return self.players[1] if user is self.players[0] else self.players[0]

    async def click(
        self, user: ScenarioUser, label: str | None = None, *, custom_id: str | None = None, timeout: float = 15.0
    ) -> Message:
        """Click on the current game message and wait until the bot has shown the result."""
        message = self.game
        version = message.version
        acknowledged_in_time(await user.click(message, label, custom_id=custom_id))
        await wait_for_edit(message, version, timeout=timeout)
        return await self.after_edit(message, timeout)

    async def updated(self, version: int, timeout: float = 15.0) -> Message:
        """The board to follow once a command (`/bg resign`, `/bg move`, a timer) changed the match: the current
        board, edited past `version` (read before the command), or the board that replaced it (issue 33)."""
        message = self.game
        await wait_for_edit(message, version, timeout=timeout)
        return await self.after_edit(message, timeout)

    async def until_addressed(self, user_id: int, timeout: float = 60.0) -> Message:
        """Follow the boards (edited in place, or replaced) until the current one asks `user_id` to act: the
        computer's turns and the other player's pass by."""
        while True:
            message = self.game
            version = message.version
            if not message.deleted and addressed(message) == user_id:
                return message
            await wait_for_edit(message, version, timeout=timeout)
            await self.after_edit(message, timeout)

    async def after_edit(self, message: Message, timeout: float = 15.0) -> Message:
        """The board to follow once `message` was edited (issue 33): itself while it has controls (the game goes
        on there, the turn passing included), else the next board (a game ended and its board became the game's
        final board, or the board was deleted and posted anew to notify a player who had been away)."""
        if not message.deleted and not message.buttons and message.content.endswith(THINKING):
            await wait_until(message, lambda m: m.deleted or not m.content.endswith(THINKING), timeout)
        if not message.deleted and (message.buttons or message.selects):
            return message
        if not message.deleted and "Rematch" in labels(message):
            return message
        board = await self.next_board(timeout)
        if is_game_result(board):  # a final board posted as a message of its own (none was left to edit)
            board = await self.next_board(timeout)
        return board

    async def refused(
        self,
        user: ScenarioUser,
        label: str | None = None,
        *,
        custom_id: str | None = None,
        message: Message | None = None,
    ) -> str:
        """Click and expect a private refusal and no change to the message; returns the refusal's text."""
        target = message or self.game
        before = (target.version, target.content, [b.custom_id for b in target.buttons])
        reply = acknowledged_in_time(await user.click(target, label, custom_id=custom_id))
        answer = await reply.private_answer(timeout=10)
        assert answer.ephemeral and answer.visible_to == user.id, answer
        assert (target.version, target.content, [b.custom_id for b in target.buttons]) == before
        return answer.content


async def start_match(
    standin: DiscordStandin, challenger: ScenarioUser, opponent: ScenarioUser, **options: object
) -> Table:
    """Challenge, accept, and return the table at its first board (the opening roll is made at once)."""
    challenge = await posted_challenge(
        standin, await challenger.slash("bg challenge", opponent=opponent, **options), challenger
    )
    lobby = standin.channels[challenge.channel_id]
    threads_before = {thread.id for thread in threads_of(standin, lobby)}
    seen = len(lobby.messages)
    acknowledged_in_time(await opponent.click(challenge, "Accept"))
    channel = lobby
    if options.get("thread") is not False:  # a new thread on the challenge, unless the bot may not open one

        def started() -> bool:
            return bool({t.id for t in threads_of(standin, lobby)} - threads_before) or any(
                shows_a_board(m) for m in lobby.messages[seen:]
            )

        await standin.eventually(
            started,
            timeout=10,
            what="a new thread or a board",
        )
        channel = next((t for t in threads_of(standin, lobby) if t.id not in threads_before), lobby)
    table = Table(standin, channel, (challenger, opponent))
    await table.next_board()
    return table


async def finish_turn(table: Table, rng: random.Random) -> None:
    """Enter some legal play for the player moving now by clicks (points and dice at random), then Done."""
    player = table.to_act()
    assert player is not None
    for _ in range(60):
        if table.to_act() is not player:
            return
        shown = labels(table.game)
        if "Done" in shown:
            await table.click(player, "Done")
            return
        moves = [label for label in shown if label not in ("Undo", "Back")]
        assert moves, f"nothing to move with: {shown}"
        await table.click(player, rng.choice(moves))
    raise AssertionError("the turn did not end")


async def until_may_double(table: Table, user: ScenarioUser, rng: random.Random) -> None:
    """Play turns (rolling, never doubling) until `user` is offered Roll and Double."""
    for _ in range(40):
        player = table.to_act()
        assert player is not None, "the game ended first"
        shown = labels(table.game)
        if player is user and "Double" in shown:
            return
        if "Roll" in shown:
            await table.click(player, "Roll")
        else:
            await finish_turn(table, rng)
    raise AssertionError(f"{user.name} never got the cube")


def plays_offered(message: Message) -> list[str]:
    """The whole plays in the message's select menu (the option values: plays in notation), if it has one."""
    return [value for menu in message.selects for _, value in menu.options]


def whole_play_buttons(message: Message) -> list[str]:
    """The labels of the message's green whole-play buttons (each plays its play and ends the turn)."""
    return [
        button.label or ""
        for button in message.buttons
        if button.custom_id and ":play:" in button.custom_id and not button.disabled
    ]


async def offer_resignation(table: Table, player: ScenarioUser, **options: object) -> Message:
    """`/bg resign` where the match is played; returns the board that shows the offer (the board edited in place,
    or a new one when the player asked had been away)."""
    version = table.game.version
    acknowledged_in_time(await player.slash("bg resign", in_channel=table.channel, **options))
    return await table.updated(version)


async def choose_play(table: Table, user: ScenarioUser, play: str, *, timeout: float = 15.0) -> Message:
    """Choose a whole play in the current game message's select menus (the one that holds it) and wait until the
    bot has shown the result (as `Table.click` does for buttons)."""
    message = table.game
    version = message.version
    menu = next(menu for menu in message.selects if play in [value for _, value in menu.options])
    acknowledged_in_time(await user.select(message, play, custom_id=menu.custom_id))
    await wait_for_edit(message, version, timeout=timeout)
    return await table.after_edit(message, timeout)
