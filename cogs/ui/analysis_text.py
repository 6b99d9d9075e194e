"""Match analysis in words: the public message (each player's figures, the costliest decisions and the
captions of their pictures) in the server's language, and the private, paged list of every decision behind the
**All decisions** button in the member's. The list's buttons go to the Analysis cog (cogs/analysis.py,
found by name)."""

from __future__ import annotations

import re
from typing import Any, Protocol, runtime_checkable

import discord
from discord.ext import commands

from bot.analysis import MatchAnalysis, grade
from bot.analysis.figures import BLUNDER, DOUBTFUL, ERROR, GRADE, PlayerFigures
from bot.analysis.result import DecisionResult
from bot.i18n import DEFAULT_LANGUAGE, N_, pgettext, translate
from cogs.ui.errors import UserFacingError, report_error
from cogs.ui.event_text import escape_name
from cogs.ui.names import ANALYSIS_COG
from cogs.ui.number_text import number, signed

#: Decisions per page of the private list (each line is under 120 characters: a page stays far below 4096).
PAGE_SIZE = 20
#: The costliest decisions shown as pictures, per player (two players: 6 files, Discord allows 10).
PICTURES = 3
NOT_AVAILABLE = N_("Match analysis is not available on this server (its engine, bgsage, is not installed).")
ALL_DECISIONS = N_("All decisions")
PREVIOUS = N_("Previous")
NEXT = N_("Next")
#: The catalogue context of the analysis levels' names (bot.analysis.evaluate.LEVELS), written out in each
#: `pgettext` (the extractor reads only the literal text).
LEVEL = "analysis level"
_LEVELS = (
    pgettext("analysis level", "standard"),
    pgettext("analysis level", "thorough"),
    pgettext("analysis level", "quick"),
)
#: `an:<match>:<page>`, with `:p` / `:n` on the Previous / Next buttons so that a message's ids stay distinct.
LIST_TEMPLATE = re.compile(r"an:(?P<match>[0-9]{1,20}):(?P<page>[0-9]{1,4})(?::(?P<tag>[pn]))?")


def figures_text(figures: PlayerFigures, language: str = DEFAULT_LANGUAGE) -> str:
    """A player's field of the public message: every number with its unit or a word. Luck and costs
    are in points of equity: what a game is worth on average, with the cube at 1."""
    if not figures.luck:
        verdict = N_("average dice")
    else:
        verdict = N_("better dice than average") if figures.luck > 0 else N_("worse dice than average")
    lines = [
        f"**{figures.summary(language)}**",
        N_("Checker play PR {checker} over {plays} plays · cube PR {cube} over {decisions} decisions"),
        N_("Doubtful {doubtful} · errors {errors} · blunders {blunders}"),
        N_("Luck {luck} points over {rolls} rolls ({verdict})"),
    ]
    return "\n".join(
        translate(
            language,
            line,
            checker=number(language, figures.checker_rate, 1),
            plays=figures.checker_decisions,
            cube=number(language, figures.cube_rate, 1),
            decisions=figures.cube_decisions,
            doubtful=figures.doubtful,
            errors=figures.errors,
            blunders=figures.blunders,
            luck=signed(language, figures.luck, 2),
            rolls=figures.rolls,
            verdict=translate(language, verdict),
        )
        for line in lines
    )


def decision_line(analysis: MatchAnalysis, index: int, *, named: bool = True, language: str = DEFAULT_LANGUAGE) -> str:
    """`G1 Ann 31: 6/3 6/5 → best 8/5 6/5, cost 0.418 points **blunder**` (without `G1 Ann` when not `named`)."""
    d = analysis.decisions[index]
    name = escape_name(analysis.names[d.player])
    who = translate(language, N_("G{game} {name}"), game=d.game, name=name) if named else ""
    roll = f"{d.dice[0]}{d.dice[1]}" if d.kind == "checker" else ""
    head = " ".join(part for part in (who, roll) if part)
    chosen = translate(language, d.chosen)  # a cube decision's words; a play stays as it is
    if d.loss == 0:
        what = chosen
    else:
        what = translate(
            language,
            N_("{chosen} → best {best}, cost {cost} points"),
            chosen=chosen,
            best=translate(language, d.best),
            cost=number(language, d.loss, 3),
        )
    mark = grade(d.loss)
    return (f"{head}: " if head else "") + what + (f" **{translate(language, mark, context=GRADE)}**" if mark else "")


def captions(decision: DecisionResult, names: tuple[str, str], language: str = DEFAULT_LANGUAGE) -> tuple[str, ...]:
    """The captions over a decision's pictures (render.analysis), in `language`: the play made and the best play,
    or for a cube decision the choice made and the best one."""
    cost = number(language, decision.loss, 3)
    name = names[decision.player]  # drawn, not sent as Markdown: no escaping
    chosen, best = translate(language, decision.chosen), translate(language, decision.best)
    if decision.kind == "checker":
        roll = f"{decision.dice[0]}{decision.dice[1]}"
        return (
            translate(
                language, N_("{name} played {roll}: {chosen} (-{cost})"), name=name, roll=roll, chosen=chosen, cost=cost
            ),
            translate(language, N_("Best: {best}"), best=best),
        )
    return (
        translate(
            language, N_("{name}: {chosen} (-{cost}); best: {best}"), name=name, chosen=chosen, cost=cost, best=best
        ),
    )


def heading(match_id: int, analysis: MatchAnalysis, language: str = DEFAULT_LANGUAGE) -> str:
    """The public message's first line."""
    first, second = (escape_name(name) for name in analysis.names)
    if analysis.length:
        template = N_("**Analysis of match #{match}**: {first} vs {second}, {length}-point match")
    else:
        template = N_("**Analysis of match #{match}**: {first} vs {second}, money game")
    return translate(language, template, match=match_id, first=first, second=second, length=analysis.length)


def costliest_line(analysis: MatchAnalysis, worst: list[DecisionResult], language: str = DEFAULT_LANGUAGE) -> str:
    listed = "; ".join(decision_line(analysis, d.index, named=False, language=language) for d in worst)
    return translate(language, N_("Costliest: {decisions}"), decisions=listed)


def analysed_by(analysis: MatchAnalysis, language: str = DEFAULT_LANGUAGE) -> str:
    """The public message's last line: how it was analysed and what PR means."""
    return translate(
        language,
        N_(
            "-# Analysed by bgsage ({level}). PR: what a player's decisions cost on average; lower is better. "
            "More: `/bg help topic: analysis`."
        ),
        level=translate(language, analysis.level, context=LEVEL),
    )


def listed(analysis: MatchAnalysis) -> list[int]:
    """The decisions of the private list: every counted one (forced plays and clear no doubles left out)."""
    return [d.index for d in analysis.decisions if d.counted]


def page_embed(
    analysis: MatchAnalysis, match_id: int, page: int, language: str = DEFAULT_LANGUAGE
) -> tuple[discord.Embed, int]:
    indexes = listed(analysis)
    pages = max(1, -(-len(indexes) // PAGE_SIZE))
    page = min(max(page, 0), pages - 1)
    lines = [decision_line(analysis, i, language=language) for i in indexes[page * PAGE_SIZE : (page + 1) * PAGE_SIZE]]
    embed = discord.Embed(
        title=translate(
            language,
            N_("Match #{match}: every decision (page {page} of {pages})"),
            match=match_id,
            page=page + 1,
            pages=pages,
        ),
        description="\n".join(lines) or translate(language, N_("No decision to rate.")),
        colour=discord.Colour.dark_green(),
    )
    embed.set_footer(
        text=translate(
            language,
            N_(
                "Costs in points of equity (a game's worth with the cube at 1). Doubtful from {doubtful} points, "
                "error from {error}, blunder from {blunder}. Forced plays and clear no doubles are not listed."
            ),
            doubtful=number(language, DOUBTFUL, 3),
            error=number(language, ERROR, 3),
            blunder=number(language, BLUNDER, 3),
        )
    )
    return embed, pages


@runtime_checkable
class AnalysisPages(Protocol):
    """The Analysis cog (cogs/analysis.py), as the list's buttons and /bgadmin analysis find it by name."""

    async def show_page(self, interaction: discord.Interaction[Any], match_id: int, page: int) -> None: ...

    async def auto_length(self, guild_id: int, length: int | None) -> int: ...


class ListButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=LIST_TEMPLATE):
    """**All decisions** under the public message, and the page buttons of the private list."""

    def __init__(
        self, match_id: int, page: int, label: str = ALL_DECISIONS, disabled: bool = False, tag: str = ""
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"an:{match_id}:{page}" + (f":{tag}" if tag else ""),
                disabled=disabled,
            )
        )
        self.match_id = match_id
        self.page = page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ListButton:
        return cls(
            int(match["match"]),
            int(match["page"]),
            getattr(item, "label", None) or ALL_DECISIONS,
            tag=match["tag"] or "",
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        client = interaction.client
        cog = client.get_cog(ANALYSIS_COG) if isinstance(client, commands.bot.BotBase) else None  # auto-sharded too
        try:
            if not isinstance(cog, AnalysisPages):
                raise UserFacingError(N_("The bot is still starting; try again in a moment."))
            await cog.show_page(interaction, self.match_id, self.page)
        except Exception as error:
            await report_error(interaction, error)


def all_decisions_button(match_id: int, language: str = DEFAULT_LANGUAGE) -> ListButton:
    """**All decisions** under the public message, in the server's `language`."""
    return ListButton(match_id, 0, translate(language, ALL_DECISIONS))


def page_view(match_id: int, page: int, pages: int, language: str = DEFAULT_LANGUAGE) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    previous, following = translate(language, PREVIOUS), translate(language, NEXT)
    view.add_item(ListButton(match_id, max(page - 1, 0), previous, disabled=page <= 0, tag="p"))
    view.add_item(ListButton(match_id, min(page + 1, pages - 1), following, disabled=page >= pages - 1, tag="n"))
    return view
