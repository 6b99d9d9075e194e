"""The parts the cogs show in Discord: views and custom ids, menus, message text, board pictures. No Cog here."""
