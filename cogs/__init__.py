"""discord.py cogs: thin adapters from interactions to the game service and from its events to messages."""
