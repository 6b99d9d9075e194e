"""Provably fair dice, after the match: the check of an exported `.mat` file against its seeds
(`python -m bot.fairness FILE.mat`, bot.fairness.check) and the dice statistics of `/stats dice`
(bot.fairness.stats). The roll formula itself is bot.engine.dice.committed_roll."""
