"""The bracket picture's data, built from the stored tournament in the server's language (render.bracket draws it).

The renderer knows no catalogue: its own words are marked here with the same English as `render.bracket.
BracketWords`' defaults and filled from the catalogue (`bracket_words`); the subtitle, round names and notes are
written here.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from bot.i18n import DEFAULT_LANGUAGE, N_, translate
from bot.tournaments import Tournament, TournamentStatus
from bot.tournaments.bracket import Bracket, Slot, round_name
from bot.tournaments.records import DecidedBy, MatchState
from cogs.ui.tournament_text import state_word
from render.bracket import Box, BracketPicture, BracketWords, Side

#: The English of each field of render.bracket.BracketWords, marked for the catalogue (a test checks they match).
WORDS: dict[str, str] = {
    "bye": N_("bye"),
    "to_be_decided": N_("to be decided"),
    "champion": N_("Champion"),
    "player": N_("Player"),
    "tournament": N_("Tournament"),
}


@cache
def bracket_words(language: str = DEFAULT_LANGUAGE) -> BracketWords:
    """The picture's own words in `language` (the English defaults where the catalogue lacks one)."""
    return BracketWords(**{field: translate(language, english) for field, english in WORDS.items()})


def picture_of(
    tournament: Tournament, states: Mapping[tuple[int, int], MatchState], language: str = DEFAULT_LANGUAGE
) -> BracketPicture:
    """The bracket's picture data: names, seeds, scores, who advanced, the matches in play."""
    words = bracket_words(language)
    bracket = tournament.bracket
    if bracket is None:
        return BracketPicture(tournament.name, translate(language, N_("Sign-up")), (), (), words=words)
    rounds = tuple(
        tuple(_box(tournament, bracket, slot, states.get(slot.key), language) for slot in slots)
        for slots in bracket.rounds
    )
    in_play = bracket.round_in_play
    if tournament.status is TournamentStatus.CANCELLED:
        state_line = state_word(TournamentStatus.CANCELLED, language)
    elif in_play is None:
        state_line = state_word(TournamentStatus.FINISHED, language)
    else:
        state_line = translate(
            language, N_("{round} in play"), round=round_name(in_play, bracket.round_count).render(language)
        )
    subtitle = translate(
        language,
        N_("{length}-point matches \N{MIDDLE DOT} {count} players \N{MIDDLE DOT} {state}"),
        length=tournament.length,
        count=len(tournament.entrants),
        state=state_line,
    )
    champion = None if bracket.champion is None else tournament.names.get(bracket.champion)
    return BracketPicture(
        tournament.name,
        subtitle,
        tuple(round_name(number, bracket.round_count).render(language) for number in range(1, bracket.round_count + 1)),
        rounds,
        None if tournament.status is TournamentStatus.CANCELLED else in_play,
        champion,
        words,
    )


def _box(tournament: Tournament, bracket: Bracket, slot: Slot, state: MatchState | None, language: str) -> Box:
    """One match: each side's name, seed and score, the winner, whether it is being played and its note."""
    names = tournament.names
    sides = []
    for index, player in enumerate(slot.players):
        score = None if state is None or player is None else state.scores.get(player)
        seed = None if player is None else bracket.seed_of(player)
        name = None if player is None else names.get(player, "?")
        sides.append(Side(name, seed, score, bye=slot.absent[index]))
    winner = None if slot.winner is None or slot.bye else slot.players.index(slot.winner)
    stored = tournament.slot_record(*slot.key)
    note = ""
    if stored is not None and stored.decided_by is DecidedBy.AWARD:
        note = translate(language, N_("awarded: {reason}"), reason=stored.reason or "")
    elif state is not None and state.status == "aborted" and slot.winner is None:
        note = translate(language, N_("stopped: awaiting the organiser"))
    live = state is not None and state.status == "active" and slot.winner is None
    return Box((sides[0], sides[1]), winner, live, note, hidden=slot.empty)
