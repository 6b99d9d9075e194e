"""What `/bg settings` says: a player's own settings, remembered for all their matches.

auto_done: finish the turn as soon as the last checker of a play is moved, with no Done click. Undo is then
no longer possible after the last checker (the turn is over); before it, Undo works as usual.
"""

from __future__ import annotations

from bot.i18n import DEFAULT_LANGUAGE, N_, translate
from bot.service import PlayerPrefs


def describe(prefs: PlayerPrefs, changed: bool, language: str = DEFAULT_LANGUAGE) -> str:
    """The settings in words, with what they mean for the next turn, in the member's `language`."""
    if prefs.auto_done:
        state = N_(
            "**Auto-finish is on**: your turn ends as soon as your last checker is moved (no **Done**, and no "
            "**Undo** after the last checker)."
        )
    else:
        state = N_(
            "**Auto-finish is off**: after your last checker, press **Done** to end your turn (or **Undo**). Turn it "
            "on with `/bg settings auto_done: True`."
        )
    said = translate(language, state)
    return translate(language, N_("Saved. {settings}"), settings=said) if changed else said
