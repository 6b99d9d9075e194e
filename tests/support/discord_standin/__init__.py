"""A protocol-level Discord stand-in: the real bot process talks to it over HTTP and the gateway websocket.

The stand-in (aiohttp on 127.0.0.1, a free port) speaks Discord API v10 for one bot in one guild (or several, over
shards): REST
(current user, application info, command sync, interaction callbacks, followups, original-response edits with
multipart uploads, channel messages, threads, members) and the gateway (hello, identify, ready, guild create,
heartbeat/ack, RECONNECT + RESUME with replay, zlib-stream). It enforces Discord's limits the way Discord does:
a broken rule gets Discord's error response AND is recorded in `standin.violations`, and the `standin` fixture
fails the test at teardown if any are left (call `standin.take_violations()` in tests that break rules on
purpose). Rules: acknowledgement within 3 s, once; tokens valid 15 minutes; <= 5 action rows, <= 5 buttons a
row, a select alone in its row with 1-25 options; custom_id 1-100 and unique in the message; labels <= 80;
select option labels 1-100, placeholders <= 150; content <= 2000; embed limits; <= 25 autocomplete choices;
command and option names lower-case 1-32 matching Discord's regex, descriptions 1-100, choice names 1-100, each
also in every name_localizations / description_localizations (locales Discord knows, sibling names unique per
locale); forms: title and text input labels 1-45; attachments <= 10 MiB; no privileged intents; REST needs the bot
token; unknown endpoints are violations.
Discord's rate limits answer 429 as Discord's do, without a violation: at most 5 new messages a channel in 5 s
(`channel_limited`), and at most 50 requests with the bot's token in any second, whatever the route or the
process (`global_limited`; interactions' callbacks and follow-ups are not counted).

Fixtures (tests/conftest.py):
    standin                      DiscordStandin, started; fails the test at teardown on violations
    launch_bot(module="bot", *, wait_ready=True, **env) -> BotProcess   (async factory; env adds/overrides vars)
    gammon_bot                   BotProcess running `python -m bot`, ready (identified, guild received)
  One bot for a whole module (a bot start costs 1-2 s), each test with its own fresh default channel:
    pytestmark = pytest.mark.asyncio(loop_scope="module")
    bot = shared_bot("bot", **env)            # from .pytest_plugin; a module-scoped fixture named `bot`
    @pytest_asyncio.fixture(loop_scope="module")
    async def standin(shared_standin): return shared_standin   # rules checked per test, rate limits reset
    (a test that kills the shared bot gets it restarted before the next test; counters are module-wide)

Scenario API (all async calls wait for the bot's acknowledgement, up to 3.5 s):
    alice = standin.add_user("alice")          # ScenarioUser; add_user(name, bot=True) for a bot account;
        # add_user(name, locale="de") for a client in another language (the interactions' `locale`)
    games = standin.add_channel("games"); alice.channel = games   (default standin.default_channel; threads too)
    standin.delete_channel(games)     # as a moderator would: gone with its threads; CHANNEL_/THREAD_DELETE sent
    reply = await alice.slash("bg challenge", opponent=bob, length=3)     # subcommands/groups by words;
        # options by name: ScenarioUser/User for user options, Channel for channel options, str/int/float/bool.
        # Unknown command/option, a bad choice or out-of-range value raises ScenarioError (like the client).
        # in_channel=channel runs it elsewhere.
    choices = await alice.autocomplete("bg move", "notation", "8/5", game="12")  # -> [{"name", "value"}, ...]
    reply = await bob.click(message, "Accept")  or  click(message, custom_id="bg:accept:12")
        # seen=message.history[0]: click a button as an older version showed it (a stale client)
    reply = await bob.select(message, "value1", custom_id=None, labels=False)
    reply.acknowledged / .type (4 msg, 5 deferred, 6 deferred update, 7 update, 8 choices, 9 modal)
    reply.latency (s) / .message (response message, or the clicked one for 6/7) / .ephemeral / .content
    reply.followups / await reply.next_followup(timeout) / await reply.settled(timeout)  (deferred -> final)
    await reply.private_answer(timeout)   # the private answer: the response itself (type 4), else a followup
    reply.rejections -> callbacks the stand-in refused (limits, too late), each also a violation
    message = await standin.wait_for_message(channel, timeout=5.0, include_ephemeral=False)
        # each message returned once, oldest first: the bot's next message in that channel
    message.content / .embeds (dicts) / .components (raw) / .buttons [Button(label, custom_id, style,
        disabled, emoji, url)] / .selects [Select(custom_id, options=((label, value), ...), ...)] /
        .attachments [Attachment(filename, data: bytes, is_png, size=(w, h))] / .ephemeral / .visible_to /
        .history [Snapshot per create/edit] / .version / .deleted / .interaction / .author
        .pinged -> user ids notified (mentions in the content allowed by allowed_mentions; set when posted)
    await wait_for_edit(message, after_version=message.version, timeout=5.0)
    await wait_until(message, lambda m: "won" in m.content, timeout=5.0)
    alice.visible_messages(channel)   standin.threads   standin.channels   standin.messages   standin.deleted_channels
    standin.latencies() -> [(kind, name, seconds)]   standin.latency_report() -> str
        (the pytest run ends with a latency table over all tests; GAMMON_STANDIN_LATENCY_JSON=path also saves it)
    await standin.eventually(lambda: ..., timeout=5.0, what="...")   # poll a condition (20 ms)
    standin.bot_user / .guild / .general / .token / .commands[guild_id] / .requests [(method, path)]
    standin.privileged_intents = 1 << 1   # enable Server Members before the bot starts (off, as in the README)
    standin.advance_clock(seconds)      # e.g. 16 * 60 to expire interaction tokens
    standin.rate_limit("/messages", count=1, retry_after=0.2)   # next matching REST call answers 429
    standin.rate_limit(count=None, every=3); standin.stop_rate_limits()   # 429 on every 3rd call, until stopped
    hold = standin.hold("POST", "/messages"); await hold.wait_reached(); await bot.kill(); hold.release(carry_out=False)
        # the bot's next matching request waits at the stand-in: kill the bot at that exact moment
    standin.fail("POST", "/messages", status=503)   # next one answers 503; seconds=30 with status=502: an outage
    standin.fail("POST", "/messages", status=403, code=50013, seconds=...)  # a permission taken away
    standin.stop_faults()
    await standin.request_reconnect(); await standin.wait_until_ready()   # opcode 7, bot must RESUME
    bot = await launch_bot(); await bot.kill(); await bot.start(); await bot.wait_ready()
    await bot.restart()  (SIGKILL + start + wait_ready, same database)   code = await bot.terminate()  (SIGTERM)
    bot.log() -> the process's output so far (also shown under a failed test)
    standin.take_violations() -> [Violation(rule, detail, request)]
  Shards (issue 19): one guild by default; more, on chosen shards, for sharded bots:
    g = standin.add_guild("name", shard=(1, 2))   # an id Discord's formula routes to shard 1 of 2 (same members)
    standin.add_channel("games", g); standin.general_of(g); standin.guilds
    IDENTIFY may carry shard [id, count]; each session gets only its shards' guilds' events (none: [0, 1]);
    an invalid shard is closed with 4010, a shard holding more than standin.max_guilds_per_shard guilds with 4011.
    IDENTIFY rate limit: one per standin.identify_interval seconds (Discord's 5 s) per bucket, shard_id %
    standin.max_concurrency (1, as GET /gateway/bot says); a faster one gets opcode 9 (d: false) and is listed in
    standin.refused_identifies; standin.identify_times has the accepted ones. DiscordStandin(identify_interval=1)
    shortens the wait.
    standin.recommended_shards (GET /gateway/bot); standin.current[shard_id] -> the live GatewaySession
    launch_bot(SHARD_COUNT="2", SHARD_IDS="1", DATABASE_PATH=shared, DEV_GUILD_ID="")  # one process per shard range
    await standin.wait_until_ready(shards=[0, 1]); await standin.request_reconnect(shard_id=1)

The bot process is started as `python -m bot` in its own directory with DATABASE_PATH, a well-formed fake
DISCORD_TOKEN and DEV_GUILD_ID; `site/sitecustomize.py` (on PYTHONPATH, active only when
GAMMON_DISCORD_STANDIN_URL is set) points discord.py's REST base and gateway URL at the stand-in.
GUILD_CREATE lists only the bot's own member, as Discord does without the Server Members intent. Events are
queued in order on the bot's session (add_channel sends CHANNEL_CREATE first). While the bot is down
(killed, not yet restarted) interactions reach nobody: they end unacknowledged, as on Discord, and are recorded
as violations (take them if the test meant it).
"""

from __future__ import annotations

from .components import Button, Select
from .launcher import BotProcess
from .model import Attachment, Channel, Message, User, Violation
from .scenario import Reply, ScenarioError, ScenarioUser, wait_for_edit, wait_until
from .server import DiscordStandin, running_standin

__all__ = [
    "Attachment",
    "BotProcess",
    "Button",
    "Channel",
    "DiscordStandin",
    "Message",
    "Reply",
    "ScenarioError",
    "ScenarioUser",
    "Select",
    "User",
    "Violation",
    "running_standin",
    "wait_for_edit",
    "wait_until",
]
