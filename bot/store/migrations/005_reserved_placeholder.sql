-- Placeholder on the computer branch only, so that 007_computer.sql applies (numbers must be gapless).
-- Another branch adds the real migration 005: delete this file when merging.
SELECT 1;
