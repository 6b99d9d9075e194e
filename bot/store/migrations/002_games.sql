-- Players, guild settings, challenges, matches, each match's append-only action log and its current snapshot.
-- Times are Unix seconds (REAL). Discord ids are INTEGER (snowflakes fit in 64 bits).

-- Every Discord user who took part in a challenge or match, with the display name last seen (members who
-- leave still show by this name in history and leaderboards).
CREATE TABLE players (
    user_id    INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL,
    updated_at REAL    NOT NULL
) STRICT;

-- Per-guild settings; a guild without a row uses the defaults in bot/service/records.py.
CREATE TABLE guild_settings (
    guild_id           INTEGER PRIMARY KEY,
    turn_limit_seconds INTEGER NOT NULL CHECK (turn_limit_seconds BETWEEN 60 AND 2592000),
    default_length     INTEGER NOT NULL CHECK (default_length BETWEEN 0 AND 25)
) STRICT;

-- The matches: one row per match, live or finished (finished ones are kept for history, stats and export).
-- player0 / player1 are the engine's player indices 0 / 1 (player0 is the challenger).
CREATE TABLE matches (
    id                INTEGER PRIMARY KEY,
    guild_id          INTEGER NOT NULL,
    channel_id        INTEGER NOT NULL,                 -- where it is played (a thread is a channel of its own)
    parent_channel_id INTEGER,                          -- the channel the challenge was made in, for thread matches
    player0_id        INTEGER NOT NULL REFERENCES players (user_id),
    player1_id        INTEGER NOT NULL REFERENCES players (user_id),
    length            INTEGER NOT NULL CHECK (length BETWEEN 0 AND 25),  -- 0 = money game (R8.2)
    options           TEXT    NOT NULL,                 -- the engine's match options as JSON
    log_header        TEXT    NOT NULL,                 -- the engine's match log without its actions: names,
                                                        -- options and the opening dice (JSON, engine format)
    status            TEXT    NOT NULL CHECK (status IN ('active', 'finished', 'aborted')),
    created_at        REAL    NOT NULL,
    last_action_at    REAL    NOT NULL,
    finished_at       REAL,
    winner            INTEGER CHECK (winner IN (0, 1)), -- engine index of the match winner (NULL while playing / aborted)
    score0            INTEGER NOT NULL DEFAULT 0,
    score1            INTEGER NOT NULL DEFAULT 0,
    result_kind       TEXT,                             -- how the deciding game ended: single, gammon, ..., claimed
    message_channel_id INTEGER,                         -- the current game message, for links and "out of date"
    message_id        INTEGER,
    turn_started_at   REAL    NOT NULL,                 -- when the player now to act was first asked (R9.5 timer)
    reminded          INTEGER NOT NULL DEFAULT 0 CHECK (reminded IN (0, 1)),  -- half-time reminder sent for this turn
    CHECK (player0_id <> player1_id)
) STRICT;

-- One active match per channel; a second one is refused by the service, and by this index if two processes race.
CREATE UNIQUE INDEX matches_one_active_per_channel ON matches (channel_id) WHERE status = 'active';
CREATE INDEX matches_active_player0 ON matches (player0_id) WHERE status = 'active';
CREATE INDEX matches_active_player1 ON matches (player1_id) WHERE status = 'active';
CREATE INDEX matches_active_turn ON matches (turn_started_at) WHERE status = 'active';
CREATE INDEX matches_finished_by_guild ON matches (guild_id, finished_at) WHERE status = 'finished';
CREATE INDEX matches_player0 ON matches (player0_id, finished_at);
CREATE INDEX matches_player1 ON matches (player1_id, finished_at);

-- Challenges: made in a channel, to one member or open to anyone (opponent_id NULL), expiring after a while.
CREATE TABLE challenges (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    challenger_id INTEGER NOT NULL REFERENCES players (user_id),
    opponent_id   INTEGER REFERENCES players (user_id),
    options       TEXT    NOT NULL,                     -- the engine's match options as JSON
    in_thread     INTEGER NOT NULL CHECK (in_thread IN (0, 1)),
    created_at    REAL    NOT NULL,
    expires_at    REAL    NOT NULL,
    status        TEXT    NOT NULL CHECK (status IN ('open', 'accepted', 'declined', 'cancelled', 'expired')),
    match_id      INTEGER REFERENCES matches (id),
    CHECK (challenger_id IS NOT opponent_id)
) STRICT;

CREATE INDEX challenges_open_by_expiry ON challenges (expires_at) WHERE status = 'open';

-- The append-only log: entry seq of a match is the engine's log entry (actor, action, dice) as JSON.
-- Replaying the entries in seq order over the match's options rebuilds the match exactly.
CREATE TABLE match_actions (
    match_id   INTEGER NOT NULL REFERENCES matches (id),
    seq        INTEGER NOT NULL CHECK (seq >= 1),
    entry      TEXT    NOT NULL,
    user_id    INTEGER,                                 -- the Discord user whose request produced it
    created_at REAL    NOT NULL,
    PRIMARY KEY (match_id, seq)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER match_actions_no_update BEFORE UPDATE ON match_actions
BEGIN
    SELECT RAISE(ABORT, 'match_actions is append-only');
END;

CREATE TRIGGER match_actions_no_delete BEFORE DELETE ON match_actions
BEGIN
    SELECT RAISE(ABORT, 'match_actions is append-only');
END;

-- The current state of each match, so that loading a match needs no replay. `version` counts the
-- acknowledged service calls (the number a button carries); `log_length` is the number of log entries it
-- reflects. Writers update it only WHERE version = the version they loaded (optimistic check).
CREATE TABLE match_snapshots (
    match_id   INTEGER PRIMARY KEY REFERENCES matches (id),
    version    INTEGER NOT NULL CHECK (version >= 0),
    log_length INTEGER NOT NULL CHECK (log_length >= 0),
    state      TEXT    NOT NULL
) STRICT;
