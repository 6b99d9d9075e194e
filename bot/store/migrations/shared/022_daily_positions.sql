-- The server's daily position (bot.daily). A server's setting: where and at which hour (UTC) the position is
-- posted; off keeps the row, so that turning it on again remembers the channel and the hour.
CREATE TABLE daily_settings (
    guild_id   BIGINT PRIMARY KEY,
    channel_id BIGINT NOT NULL,
    hour       BIGINT NOT NULL CHECK (hour BETWEEN 0 AND 23),
    enabled    BIGINT NOT NULL CHECK (enabled IN (0, 1))
);

-- One post per server and day (days since 1970-01-01, UTC): stored before its message is sent, so that a day is
-- never posted twice; message_id NULL until the message is out (a start sends or adopts it), 0 when it could not
-- be sent. `source` says where the position comes from (a match's decision, or the shipped set); `puzzle` is its
-- JSON with the candidates and their equities (bot.daily.puzzle), so that the reveal needs no evaluation.
CREATE TABLE daily_posts (
    guild_id   BIGINT NOT NULL,
    day        BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    message_id BIGINT,
    source     TEXT NOT NULL,
    puzzle     TEXT NOT NULL,
    revealed   BIGINT NOT NULL DEFAULT 0 CHECK (revealed IN (0, 1)),
    posted_at  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, day)
);

-- Every pass of the posting task looks for posts not recorded sent: only those few are indexed.
CREATE INDEX daily_posts_unsent ON daily_posts (guild_id) WHERE message_id IS NULL;

-- Each member's answer to a post, changed until the reveal; `correct` is known when the answer is stored (the
-- candidates' equities are stored with the post).
CREATE TABLE daily_answers (
    guild_id    BIGINT NOT NULL,
    day         BIGINT NOT NULL,
    user_id     BIGINT NOT NULL,
    choice      BIGINT NOT NULL,
    correct     BIGINT NOT NULL CHECK (correct IN (0, 1)),
    answered_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, day, user_id)
);

CREATE INDEX daily_answers_member ON daily_answers (guild_id, user_id, day);
