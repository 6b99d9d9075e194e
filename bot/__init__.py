"""A backgammon bot for Discord: the rules engine, storage, the game service and the bot itself."""
