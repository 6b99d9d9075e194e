"""What one load run measured (`LoadResult`), and its summary: the figures bench/load_bench.py writes and
compares, percentiles in milliseconds."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bench.load.config import LoadConfig
from bench.load.process_stats import ProcessStats
from bench.load.quantiles import quantile
from bench.load.timeline import Click

ACK_LIMIT = 3.0  # Discord's deadline for the first answer to an interaction


@dataclass
class LoadResult:
    config: LoadConfig
    acks: list[float] = field(default_factory=list)  # seconds, every acknowledged interaction
    acks_by_kind: dict[str, list[float]] = field(default_factory=dict)  # the same by what was clicked or typed
    unacknowledged: int = 0
    boards: list[float] = field(default_factory=list)  # seconds, dispatch of a click to its final message
    pictures: list[float] = field(default_factory=list)  # the same for the clicks that drew a new board picture
    wall_seconds: float = 0.0
    interactions: int = 0
    finished_matches: int = 0
    matches_started: int = 0
    errors: list[str] = field(default_factory=list)
    bot_errors: list[str] = field(default_factory=list)  # ERROR records of the bot's own log (bench/load/bot_log.py)
    violations: list[str] = field(default_factory=list)
    global_limited: int = 0  # the bots' requests past Discord's global limit, answered 429 by the stand-in
    before: ProcessStats | None = None
    after: ProcessStats | None = None
    database_growth_bytes: int = 0
    harness_cpu_seconds: float = 0.0  # this process: the stand-in and the players
    peak_pss_bytes: int = 0  # sampled twice a second
    pss_at_peak: list[int] = field(default_factory=list)  # each process's PSS in the sample of that peak, largest first
    reference_ms: float = 0.0  # the machine's speed just before the run (reference_workload_ms)
    human_boards: list[float] = field(default_factory=list)  # boards and pictures of the human tables alone
    human_pictures: list[float] = field(default_factory=list)
    computer_channels: set[int] = field(default_factory=set)
    computer_boards: list[float] = field(default_factory=list)  # a click at a computer table to its board
    computer_turns: list[float] = field(default_factory=list)  # a board asking the computer to its turn's board
    computer_matches_started: int = 0
    computer_matches_finished: int = 0
    tutor_notes: list[float] = field(default_factory=list)  # a click at a computer table to the tutor's note
    hints: list[float] = field(default_factory=list)  # `/bg hint` to its answer
    peak_pss_by_process: dict[int, int] = field(default_factory=dict)  # each bot process's peak, sampled
    computer_worker_pids: list[int] = field(default_factory=list)  # as the bot logged them
    acks_by_table: dict[str, list[float]] = field(default_factory=dict)  # "human" / "computer" tables
    peak_pss_by_bot: list[int] = field(default_factory=list)  # each bot process with its descendants, sampled
    other_messages: int = 0  # messages skipped while starting a match (the analyses of finished matches)
    analyses_posted: int = 0  # analyses the bot posted in the tables' channels during the run
    harness_loop_lag: list[float] = field(default_factory=list)  # this process's event loop: a 10 ms ticker's lateness
    # each click at a human table with its board's time split at the stand-in's receipt: the bot's part (dispatch
    # to the stand-in storing the board) and the players' part (stored to the clicking player seeing it); joined to
    # the bot's timelines with --trace
    human_clicks: list[Click] = field(default_factory=list)
    board_breakdown: dict[str, Any] = field(default_factory=dict)  # bench/load/timeline.py, with --trace
    ack_breakdown: dict[str, Any] = field(default_factory=dict)  # the same for the human tables' acknowledgements
    harness_gc: dict[str, dict[str, Any]] = field(default_factory=dict)  # this process's collections' pauses
    api_calls: dict[str, int] = field(default_factory=dict)  # the bots' Discord REST calls during the run, by kind
    # once every human table has its first board (all seated: the start's burst of challenges and accepts is
    # over), seconds after the run's start, and the acknowledgements and boards asked for from then on
    seated_at: list[float] = field(default_factory=list)  # monotonic time of each table's first board
    all_seated_s: float | None = None
    acks_seated: list[float] = field(default_factory=list)
    boards_seated: list[float] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        """Every figure of the run, in the order the results files list them."""
        assert self.before is not None and self.after is not None
        return {
            **self._what_ran(),
            **self._latencies(),
            **self._bot_costs(),
            **self._harness_and_board_parts(),
            **self._outcome(),
            **self.computer_summary(),
        }

    def _what_ran(self) -> dict[str, Any]:
        low, high = self.config.think
        think = "saturation" if high == 0 else f"{low:g}-{high:g} s"
        return {
            "matches": self.config.matches,
            "think": think,
            "arrival_seconds": round(self.config.arrival_seconds, 1),
            "seconds_of_play": self.config.seconds,
            "wall_seconds": round(self.wall_seconds, 1),
            "reference_ms": round(self.reference_ms, 1),
            "interactions": self.interactions,
        }

    def _latencies(self) -> dict[str, Any]:
        """Acknowledgements and boards: all of them, and from when every table was seated."""
        late = sum(1 for seconds in self.acks if seconds > ACK_LIMIT) + self.unacknowledged
        return {
            "ack_ms": percentiles(self.acks),
            "board_ms": percentiles(self.boards),
            "all_seated_s": None if self.all_seated_s is None else round(self.all_seated_s, 1),
            "ack_ms_seated": percentiles(self.acks_seated),
            "board_ms_seated": percentiles(self.boards_seated),
            "acks_past_3s_or_missing": late,
            "ack_ms_by_kind": {
                kind: {"count": len(acks), **percentiles(acks)} for kind, acks in sorted(self.acks_by_kind.items())
            },
            "picture_ms": percentiles(self.pictures),
            "board_updates": len(self.pictures),
            "board_updates_per_second": round(len(self.pictures) / self.wall_seconds, 1),
        }

    def _bot_costs(self) -> dict[str, Any]:
        """The bot processes' memory, CPU and Discord REST calls."""
        assert self.before is not None and self.after is not None
        cpu = self.after.cpu_seconds - self.before.cpu_seconds
        main_cpu = self.after.main_cpu_seconds - self.before.main_cpu_seconds
        return {
            "bot_processes": self.after.processes,
            "bot_peak_pss_mb": round(self.peak_pss_bytes / 2**20, 1),
            "pss_at_peak_mb": [round(pss / 2**20, 1) for pss in self.pss_at_peak],
            "bot_peak_rss_mb": round(self.after.peak_rss_bytes / 2**20, 1),
            "bot_rss_at_end_mb": round(self.after.rss_bytes / 2**20, 1),
            "bot_cpu_seconds": round(cpu, 2),
            "bot_cpu_ms_per_action": round(1000 * cpu / max(1, self.interactions), 2),
            "bot_cpu_utilisation": round(cpu / self.wall_seconds, 2),  # 1.0 = one core busy all the time
            # the bot processes alone, without their drawing (and computer, analysis) processes: the event loop's
            # share, which one process cannot spread over more than about one core
            "bot_main_cpu_ms_per_action": round(1000 * main_cpu / max(1, self.interactions), 2),
            "bot_main_cpu_utilisation": round(main_cpu / self.wall_seconds, 2),
            "api_calls_per_action": round(sum(self.api_calls.values()) / max(1, self.interactions), 2),
            "api_calls_by_kind": self.api_calls,
        }

    def _harness_and_board_parts(self) -> dict[str, Any]:
        """This process's own load, and where the human tables' board time went."""
        return {
            "harness_cpu_utilisation": round(self.harness_cpu_seconds / self.wall_seconds, 2),
            "harness_loop_lag_ms": percentiles(self.harness_loop_lag),
            "harness_gc_pauses": self.harness_gc,
            # the human tables' boards (every table, without computer matches) split at the stand-in's receipt
            "human_board_stored_ms": percentiles([click.stored - click.started for click in self.human_clicks]),
            "human_board_delivered_ms": percentiles([click.seen - click.stored for click in self.human_clicks]),
            "human_board_breakdown": self.board_breakdown,
            "human_ack_breakdown": self.ack_breakdown,
        }

    def _outcome(self) -> dict[str, Any]:
        """Matches finished, the database, the bot processes, and what went wrong."""
        return {
            "finished_matches": self.finished_matches,
            "database_bytes_per_finished_match": (
                round(self.database_growth_bytes / self.finished_matches)
                if self.finished_matches and not self.config.database_url and self.config.processes == 1
                else None
            ),
            "database": "postgresql" if self.config.database_url else "sqlite",
            "bot_process_count": self.config.processes,
            "automatic_analysis": self.config.analysis,
            "analyses_posted": self.analyses_posted,
            "analysis_messages_seen": self.other_messages,
            "peak_pss_mb_per_bot_process": [round(peak / 2**20, 1) for peak in self.peak_pss_by_bot],
            "errors": len(self.errors),
            "first_errors": self.errors[:5],
            "violations": len(self.violations),
            "global_limited": self.global_limited,
            "first_violations": self.violations[:5],
            "bot_errors_logged": len(self.bot_errors),
            "first_bot_errors": [error[:2000] for error in self.bot_errors[:3]],
        }

    def computer_summary(self) -> dict[str, Any]:
        """The human tables on their own and the computer tables, when the run had computer matches."""
        if not self.config.computer_matches:
            return {}
        human_acks = self.acks_by_table.get("human", [])
        peaks = sorted(self.peak_pss_by_process.values(), reverse=True)
        workers = [self.peak_pss_by_process.get(pid, 0) for pid in self.computer_worker_pids]
        return {
            "computer_matches": self.config.computer_matches,
            "computer_level": self.config.computer_level,
            "computer_match_length": self.config.computer_match_length,
            "human_ack_ms": percentiles(human_acks),
            "human_acks_past_3s": sum(1 for seconds in human_acks if seconds > ACK_LIMIT),
            "human_board_ms": percentiles(self.human_boards),
            "human_picture_ms": percentiles(self.human_pictures),
            "computer_table_ack_ms": percentiles(self.acks_by_table.get("computer", [])),
            "computer_table_board_ms": percentiles(self.computer_boards),
            "computer_turn_ms": percentiles(self.computer_turns),
            "computer_turns": len(self.computer_turns),
            "computer_matches_started": self.computer_matches_started,
            "computer_matches_finished": self.computer_matches_finished,
            "bot_process_peak_pss_mb": [round(peak / 2**20, 1) for peak in peaks],
            "computer_worker_peak_pss_mb": [round(peak / 2**20, 1) for peak in workers],
            "computer_tutor": self.config.computer_tutor,
            "tutor_note_ms": percentiles(self.tutor_notes),
            "tutor_notes": len(self.tutor_notes),
            "hint_ms": percentiles(self.hints),
            "hints": len(self.hints),
        }


def percentiles(values: list[float]) -> dict[str, float | None]:
    ordered = sorted(values)

    def at(fraction: float) -> float | None:
        if not ordered:
            return None
        return round(1000 * quantile(ordered, fraction), 1)

    return {"p50": at(0.50), "p95": at(0.95), "p99": at(0.99), "max": at(1.0)}
