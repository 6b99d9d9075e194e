-- Tournaments (issue 21): single elimination, seeded by the guild's rating. The bracket itself is computed
-- (bot/tournaments/bracket.py) from the seeds in tournament_entries and the decided slots in tournament_matches.

CREATE TABLE tournaments (
    id                 INTEGER PRIMARY KEY,
    guild_id           INTEGER NOT NULL,
    channel_id         INTEGER NOT NULL,                  -- where it was created: sign-up, bracket, match threads
    name               TEXT    NOT NULL,
    name_key           TEXT    NOT NULL,                  -- the name case-folded, for "a name already in use"
    length             INTEGER NOT NULL CHECK (length BETWEEN 1 AND 25),
    size               INTEGER NOT NULL CHECK (size BETWEEN 4 AND 64),  -- most players admitted
    starts_at          REAL,                              -- NULL: started by hand (/tournament start)
    organiser_id       INTEGER NOT NULL REFERENCES players (user_id),
    status             TEXT    NOT NULL CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
    created_at         REAL    NOT NULL,
    started_at         REAL,
    finished_at        REAL,
    champion_id        INTEGER REFERENCES players (user_id),
    note               TEXT,                              -- why it was cancelled
    message_channel_id INTEGER,                           -- the sign-up message, edited into the live bracket
    message_id         INTEGER,
    changes            INTEGER NOT NULL DEFAULT 0,        -- counts every change the message must show
    shown_changes      INTEGER NOT NULL DEFAULT -1,       -- the `changes` the message shows
    announced          INTEGER NOT NULL DEFAULT 0 CHECK (announced IN (0, 1))  -- the end was announced
) STRICT;

-- A name belongs to one tournament at a time while it is open or running in a guild.
CREATE UNIQUE INDEX tournaments_live_name ON tournaments (guild_id, name_key) WHERE status IN ('signup', 'running');
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, created_at);

CREATE TABLE tournament_entries (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    user_id       INTEGER NOT NULL REFERENCES players (user_id),
    joined_at     REAL    NOT NULL,
    seed          INTEGER CHECK (seed >= 1),              -- 1 = top seed; set at the start
    rating        REAL,                                   -- the guild rating at the start (NULL: unrated)
    PRIMARY KEY (tournament_id, user_id),
    UNIQUE (tournament_id, seed)
) STRICT, WITHOUT ROWID;

-- One row per bracket slot that has a thread, a match or a result. The primary key makes the match of a slot
-- start exactly once (a second start finds the slot taken), and a match belongs to one slot at most.
CREATE TABLE tournament_matches (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL CHECK (round >= 1),
    slot          INTEGER NOT NULL CHECK (slot >= 0),
    thread_id     INTEGER,                                -- the thread the match is played in
    match_id      INTEGER UNIQUE REFERENCES matches (id),
    winner_id     INTEGER REFERENCES players (user_id),
    decided_by    TEXT    CHECK (decided_by IN ('match', 'award')),
    reason        TEXT,                                   -- an award's reason, shown with the bracket
    decided_at    REAL,
    PRIMARY KEY (tournament_id, round, slot),
    CHECK ((winner_id IS NULL) = (decided_by IS NULL))
) STRICT;

-- The role whose members may organise tournaments, besides members with Manage Server.
CREATE TABLE tournament_settings (
    guild_id          INTEGER PRIMARY KEY,
    organiser_role_id INTEGER
) STRICT;
