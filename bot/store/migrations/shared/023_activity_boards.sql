-- Matches acted on from the live board (the web server, another process than the bot's): each row asks the bot
-- to make the match's channel board show its stored version. The bot deletes the row once it has queued that.
CREATE TABLE activity_boards (
    match_id BIGINT PRIMARY KEY,
    guild_id BIGINT NOT NULL,
    version INTEGER NOT NULL
);
