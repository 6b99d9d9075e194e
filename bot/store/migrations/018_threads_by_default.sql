-- Issue 33: threads became the default (a server's challenges play in new threads unless its admin turns that off
-- with `/bgadmin threads off`). Rows stored before held 0 because off was the default then, not because an admin
-- chose it (a row is written by any server setting): they follow the new default. An admin who wants matches in
-- the channel says so with `/bgadmin threads off` (docs/operations.md).
UPDATE guild_settings SET threads = 1;
