-- Number 021 is another branch's migration; this placeholder keeps the numbers gapless until both are merged
-- (then that branch's file replaces it).
SELECT 1;
