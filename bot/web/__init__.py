"""The web pages: a page for every finished match (the boards step by step, the analysis beside them, the
dice proof checked in the browser, the .mat file), and, where a server's admin turned it on, the server's ladder,
recent matches, tournaments and players. Read-only, over the bot's own database; no Discord connection.

    python -m bot.web                  # serves on WEB_HOST:WEB_PORT; needs WEB_BASE_URL and WEB_SECRET
    bot.web.signing.match_url(...)     # the signed link the bot puts on its buttons
"""
