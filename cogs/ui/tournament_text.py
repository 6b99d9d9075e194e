"""What tournament messages say, in the reader's language.

Public posts (the sign-up list, the status beside the bracket, the champion, a pairing's announcement, the start, an
award, thread names) are in the server's language; answers to one member (joined, left, the list) in theirs. Times
are Discord timestamps, which each reader's client shows in their own language and time zone. Names are escaped
(they show as typed); an organiser's reason is their own words, shown as written.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import DEFAULT_LANGUAGE, N_, Message, pgettext, translate
from bot.tournaments import Tournament, TournamentStatus
from bot.tournaments.bracket import round_name
from bot.tournaments.records import DecidedBy, Pairing
from cogs.ui.event_text import clip, escape_name, escape_text, mention
from cogs.ui.fairness_text import proof_line
from cogs.ui.game_messages import message_link

#: The longest name Discord gives a thread.
MAX_THREAD_NAME = 100
#: /tournament list: a tournament's state in a word or two.
_STATES = {
    TournamentStatus.SIGNUP: pgettext("tournament", "open for sign-up"),
    TournamentStatus.RUNNING: pgettext("tournament", "running"),
    TournamentStatus.FINISHED: pgettext("tournament", "finished"),
    TournamentStatus.CANCELLED: pgettext("tournament", "cancelled"),
}


def state_word(status: TournamentStatus, language: str = DEFAULT_LANGUAGE) -> str:
    return translate(language, _STATES[status], context="tournament")


def title(tournament: Tournament) -> str:
    """The tournament's name in bold, shown as the organiser typed it (markdown and mentions escaped)."""
    return bold_name(tournament.name)


def bold_name(name: str) -> str:
    return f"**{escape_text(name)}**"


def said(message: Message, language: str) -> str:
    """A message of the service (a reason it gave) in `language`, the names in it shown as typed."""
    params = {key: escape_text(value) if isinstance(value, str) else value for key, value in message.params.items()}
    return translate(language, message.template, **params)


def starts_text(tournament: Tournament, language: str = DEFAULT_LANGUAGE) -> str:
    if tournament.starts_at is None:
        return translate(language, N_("It starts when the organiser runs `/tournament start`."))
    moment = int(tournament.starts_at)
    return translate(
        language, N_("It starts {when} ({countdown})."), when=f"<t:{moment}:F>", countdown=f"<t:{moment}:R>"
    )


def header(tournament: Tournament, language: str = DEFAULT_LANGUAGE) -> str:
    return translate(
        language,
        N_("{tournament}: a single-elimination tournament of {length}-point matches, organised by {organiser}."),
        tournament=title(tournament),
        length=tournament.length,
        organiser=mention(tournament.organiser_id),
    )


def signup_text(tournament: Tournament, language: str = DEFAULT_LANGUAGE) -> str:
    """The sign-up post: what the tournament is, when it starts, the buttons, who signed up."""
    names = ", ".join(escape_name(entrant.name) for entrant in tournament.entrants)
    press = translate(language, N_("Press **Join** to play, **Leave** to take your name off."))
    signed_up = translate(
        language,
        N_("Signed up ({count}/{size}): {names}"),
        count=len(tournament.entrants),
        size=tournament.size,
        names=names or translate(language, N_("nobody yet")),
    )
    return clip("\n".join([header(tournament, language), f"{starts_text(tournament, language)} {press}", signed_up]))


def status_text(tournament: Tournament, language: str = DEFAULT_LANGUAGE) -> str:
    """The text beside the bracket picture, for a tournament past its sign-up."""
    lines = [header(tournament, language)]
    bracket = tournament.bracket
    if tournament.status is TournamentStatus.CANCELLED:
        lines.append(cancelled_line(tournament, language))
    elif tournament.status is TournamentStatus.FINISHED and tournament.champion_id is not None:
        lines.append(translate(language, N_("Champion: {champion}!"), champion=mention(tournament.champion_id)))
    elif bracket is not None and bracket.round_in_play is not None:
        lines.append(
            translate(
                language,
                N_("{count} players; {round} in play. Each match is played in its own thread."),
                count=len(tournament.entrants),
                round=round_name(bracket.round_in_play, bracket.round_count).render(language),
            )
        )
    for slot in tournament.slots:
        if slot.decided_by is DecidedBy.AWARD and slot.winner_id is not None:
            awarded = N_("Awarded to {player}: {reason}")
            lines.append(translate(language, awarded, player=mention(slot.winner_id), reason=slot.reason or ""))
    return clip("\n".join(lines))


def cancelled_line(tournament: Tournament, language: str = DEFAULT_LANGUAGE) -> str:
    """Why it was cancelled, under the tournament's header: the organiser's words, who, or the service's reason."""
    cancellation = tournament.cancellation
    if cancellation.reason:
        return translate(language, N_("Cancelled: {reason}."), reason=cancellation.reason)
    if cancellation.by is not None:
        return translate(language, N_("Cancelled by {organiser}."), organiser=mention(cancellation.by))
    if cancellation.why is not None:
        return translate(language, N_("Cancelled. {reason}"), reason=said(cancellation.why, language))
    return translate(language, N_("Cancelled by the organiser."))


def champion_text(tournament: Tournament, language: str = DEFAULT_LANGUAGE) -> str:
    """The post at the end: the champion, or why the tournament was cancelled."""
    cancellation = tournament.cancellation
    named: dict[str, Any] = {"tournament": title(tournament)}
    if tournament.status is not TournamentStatus.CANCELLED:
        text = N_("{champion} wins {tournament}! Congratulations, and thanks to all {count} players.")
        champion = mention(tournament.champion_id or 0)
        return "\N{TROPHY} " + translate(language, text, champion=champion, count=len(tournament.entrants), **named)
    if cancellation.reason:
        return translate(language, N_("{tournament} was cancelled: {reason}."), reason=cancellation.reason, **named)
    if cancellation.by is not None:
        text, by = N_("{tournament} was cancelled by {organiser}."), mention(cancellation.by)
        return translate(language, text, organiser=by, **named)
    if cancellation.why is not None:
        text, why = N_("{tournament} was cancelled. {reason}"), said(cancellation.why, language)
        return translate(language, text, reason=why, **named)
    return translate(language, N_("{tournament} was cancelled by the organiser."), **named)


def started_text(pairing: Pairing, commitment: str, language: str = DEFAULT_LANGUAGE) -> str:
    """The pairing's announcement in its thread, posted before the opening roll: its id is a seed of the dice, so
    it shows the commitment, in one short line: the rest is behind `/bg fairness`."""
    first, second = pairing.players
    text = translate(
        language,
        N_("{tournament}, {round}: {first} vs {second}, a {length}-point match. Good luck!"),
        tournament=bold_name(pairing.tournament_name),
        round=pairing.round_name.render(language),
        first=mention(first),
        second=mention(second),
        length=pairing.length,
    )
    return f"{text}\n{proof_line(commitment, language)}"


def thread_name(pairing: Pairing, language: str = DEFAULT_LANGUAGE) -> str:
    """A thread's name shows no markdown: the names as they are, cut to Discord's limit."""
    name = translate(
        language,
        N_("{tournament} {round}: {first} vs {second}"),
        tournament=pairing.tournament_name,
        round=pairing.round_name.render(language),
        first=pairing.names[0],
        second=pairing.names[1],
    )
    return name[:MAX_THREAD_NAME]


def joined_text(tournament: Tournament, language: str = DEFAULT_LANGUAGE) -> str:
    return translate(
        language,
        N_(
            "You are signed up for {tournament} ({count}/{size}). Your matches will be played in threads of this "
            "channel; you will be mentioned there."
        ),
        tournament=title(tournament),
        count=len(tournament.entrants),
        size=tournament.size,
    )


def left_text(tournament: Tournament, language: str = DEFAULT_LANGUAGE) -> str:
    return translate(language, N_("You left {tournament}."), tournament=title(tournament))


def list_line(tournament: Tournament, language: str = DEFAULT_LANGUAGE) -> str:
    """One line of /tournament list: its state, players, match length and a link to its message."""
    if tournament.status is TournamentStatus.FINISHED and tournament.champion_id is not None:
        state = translate(language, N_("won by {champion}"), champion=mention(tournament.champion_id))
    else:
        state = state_word(tournament.status, language)
    line = translate(
        language,
        N_("{tournament}: {state}, {count}/{size} players, {length}-point matches."),
        tournament=title(tournament),
        state=state,
        count=len(tournament.entrants),
        size=tournament.size,
        length=tournament.length,
    )
    if tournament.message_id is None:
        return line
    channel_id = tournament.message_channel_id or tournament.channel_id
    return f"{line} {message_link(tournament.guild_id, channel_id, tournament.message_id)}"


def started_reply(tournament: Tournament, language: str = DEFAULT_LANGUAGE) -> str:
    """The public answer to /tournament start."""
    return translate(
        language,
        N_(
            "{tournament} has started with {count} players: every match is played in its own thread, and the "
            "bracket follows the results."
        ),
        tournament=title(tournament),
        count=len(tournament.entrants),
    )


def awarded_text(tournament: Tournament, winner_id: int, reason: str, language: str = DEFAULT_LANGUAGE) -> str:
    """The public answer to /tournament award; the organiser's reason shown as typed, on one line."""
    return translate(
        language,
        N_("{player} is awarded their match in {tournament}: {reason}"),
        player=mention(winner_id),
        tournament=title(tournament),
        reason=escape_text(" ".join(reason.split())),
    )


def cancelled_reply(tournament: Tournament, language: str = DEFAULT_LANGUAGE) -> str:
    return translate(language, N_("{tournament} is cancelled."), tournament=title(tournament))


def organisers_text(role_mention: str | None, language: str = DEFAULT_LANGUAGE) -> str:
    """The answer to /tournament role: who may organise now."""
    if role_mention is None:
        return translate(language, N_("Only members with Manage Server may organise tournaments now."))
    return translate(language, N_("Members with {role} may now organise tournaments."), role=role_mention)


#: The answer to /tournament list on a server without tournaments.
NO_TOURNAMENTS = N_("There are no tournaments here yet. An organiser starts one with `/tournament create`.")
