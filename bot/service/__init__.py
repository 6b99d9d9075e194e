"""The game service: the one door through which the cogs change anything. No Discord imports.

Plain ids (ints) in, plain data out. Every refusal is a `ServiceError` whose text is meant for the player;
nothing is changed when one is raised.

    service = GameService(db, *, dice=None, clock=time.time, on_match_finished=(), cache_size=4096)
    service.add_match_finished_hook(hook)   # hook: async (db inside the open transaction, MatchRecord) -> None

Challenges (expire after 10 minutes; `Challenge.status` is a ChallengeStatus):
    await service.challenge(*, guild_id, channel_id, challenger: PlayerRef, opponent: PlayerRef | None,
                            options: MatchOptions, in_thread=False, seed=None) -> Challenge
        seed: the challenger's seed for the dice (issue 18; None is ""); the challenge draws the server seed and
        shows its commitment (`Challenge.commitment`). A bad seed (empty, over 64 characters, control
        characters) is refused. in_thread None: the guild's setting (set_threads). Refused: challenging
        yourself; a channel with an active match (ChannelBusyError, with .match_id, .message_channel_id,
        .message_id of that match) unless in a thread; more than MAX_OPEN_CHALLENGES (3) open challenges, or a
        second open one to the same opponent (ChallengeLimitError, with .challenge_id, .guild_id,
        .message_channel_id, .message_id)
    await service.accept(challenge_id, user: PlayerRef, *, channel_id=None, open_channel=None, seed=None)
        -> MatchUpdate; seed: the acceptor's seed for the dice (None is ""), fixed now, after the commitment.
        open_channel: async (Challenge, acceptor PlayerRef) -> channel id, called for a thread challenge only
        after every check passed, once per challenge (a per-challenge lock): the front end opens the thread.
        channel_id forces where the match is played (default: that thread, else the challenge's channel).
        Creates the match (player 0 = challenger, 1 = accepter) and makes the opening roll; the update's events
        start with GameStarted, OpeningRolled, ... A late or second accept: AlreadyAcceptedError ("Bob accepted
        first.", with .acceptor_id, .acceptor_name, .match_id, .channel_id)
    await service.start_match_directly(*, guild_id, channel_id, players: (PlayerRef, PlayerRef), options,
                                       parent_channel_id=None, within=None, seeds=("", "")) -> MatchUpdate
        a match with no challenge (tournament pairings); within(connection, match_id) runs in the same
        write trip, and a ServiceError from it refuses the start with nothing stored
    await service.decline(challenge_id, user_id) -> Challenge     # the challenged member only
    await service.cancel(challenge_id, user_id) -> Challenge      # the challenger only
    await service.expire_challenges() -> list[Challenge]          # newly expired ones, to edit their messages
    await service.get_challenge(challenge_id) -> Challenge
    await service.set_challenge_message(challenge_id, channel_id, message_id) -> None   # kept on Challenge as
        .message_channel_id / .message_id, so the expiry task can update the message after a restart

Game actions. Each takes the acting user's id and the state version the user saw (from the button's
custom_id; None for typed commands), refuses strangers ("This game is between Alice and Bob"), the wrong
player ("It is Bob's turn"), finished matches and stale versions (StaleStateError: "This board changed ...",
with .match_id, the current .version, and .message_channel_id / .message_id of the current game message),
applies the engine action with its automatic consequences and stores log entries + snapshot + match row in
ONE transaction before returning MatchUpdate(record, events):
    roll, double, take, drop, beaver, accept_beaver, refuse_beaver, undo, confirm, accept_resignation,
    decline_resignation, abort, claim                         (match_id, user_id, *, version=None)
    step(match_id, user_id, start, die, *, version=None)      # one checker step; start 25 = bar (R9.2)
    play_text(match_id, user_id, text, *, version=None)       # "24/18 13/11", confirmed at once (R10.1)
    resign(match_id, user_id, kind: WinKind = SINGLE, *, version=None)
    claim refuses until the turn time limit has passed: "Bob still has 3 hours to act ..." (R9.5).

A deleted channel or thread:
    await service.abort_matches_in_channel(channel_id) -> list[MatchRecord]   # active matches there or in its
        threads end aborted (unrated, no user in the log); the ones ended now (none when called again)

Dice (issue 18): without `dice=`, every match rolls its own CommittedDice (bot.engine.dice) from the server seed
and both players' seeds, stored with the match. `MatchRecord.fairness` (FairnessInfo) holds the commitment and
the seeds, and the server seed only once the match is over (finished or aborted): nothing can show it earlier.

Queries:
    await service.match(match_id) -> MatchRecord               # NotFoundError / CorruptMatchError
    await service.player_logs(guild_id, user_id) -> list[(MatchLog, player index)]   # every match of theirs
        in the guild, for dice statistics (not cached)
    await service.match_in_channel(channel_id) -> MatchRecord | None   # the active one (a thread is a channel)
    await service.recent_matches_in_channel(channel_id, limit=25) -> list[MatchRecord]   # running or over, also
        in threads made from the channel: active first, then the most recently played (for /bg export)
    await service.active_matches(user_id) -> list[MatchRecord]  # most recently played first
    await service.due_reminders(now=None) -> list[MatchRecord]  # past half the turn limit; marked reminded
    await service.claimable(now=None) -> list[MatchRecord]      # past the limit: the opponent may claim
    await service.due_claim_offers(now=None) -> list[MatchRecord]  # claimable, offer not yet sent this turn;
                                                                  # marked offered (once per turn, across restarts)
    await service.set_message(match_id, channel_id, message_id) -> None   # the current game message
    await service.guild_settings(guild_id) -> GuildSettings     # turn_limit_seconds (default 24 h), default_length (5)
    await service.set_turn_limit(guild_id, seconds) -> GuildSettings   # 60 s .. 30 days
    await service.set_default_length(guild_id, length) -> GuildSettings
    await service.set_threads(guild_id, on) -> GuildSettings   # .threads: challenges play in new threads by default
    await service.player_prefs(user_id) -> PlayerPrefs          # auto_done (default False)
    await service.set_player_prefs(player: PlayerRef, *, auto_done=None) -> PlayerPrefs   # remembered per player;
        with auto_done, `step` confirms the turn in the same action once the play is complete (R9.2)

MatchRecord: id, guild_id, channel_id, parent_channel_id, players (PlayerRef, PlayerRef) in engine order,
match (the engine Match at this version: read it, never change it), version, status (MatchStatus ACTIVE /
FINISHED / ABORTED), created_at, last_action_at, finished_at, message_channel_id, message_id,
timer (TurnTimer: started_at, limit_seconds, reminded, reminder_due_at, claimable_at);
helpers player_index(user_id), to_act, winner, options, title.

The turn timer restarts when the match starts waiting for someone else or a new game begins; steps and undos
within one's own turn do not restart it. Consistency check: `python -m bot.service.check [DATABASE]`.

Match clocks and rematches (issue 20; presets and the arithmetic in bot.service.clocks):
    challenge(..., clock=ClockPreset.NONE)    # None: the guild's default (set_clock)
    MatchRecord.clock (MatchClock | None), .clock_left(player, now), .runs_out_at, .rematch_of
    await service.time_out_due() -> list[MatchUpdate]   # ends matches whose player to act ran out (a Timeout
        entry in the log, no user, rated like a claim); an action that comes too late stores the timeout instead
    await service.heartbeat() -> None; await service.resume_clocks() -> Resumed(downtime, paused records)
    await service.set_clock(guild_id, ClockPreset) -> GuildSettings
    await service.rematch(match_id, user_id) -> Rematch(started | waiting_for | existing)   # both players within
        10 minutes of the end; exactly one new match (a unique index on matches.rematch_of)
    service.now()                              # the service's clock
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
    PlayerPrefs,
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
    "PlayerPrefs",
    "PlayerRef",
    "ServiceError",
    "StaleStateError",
    "TurnTimer",
]
