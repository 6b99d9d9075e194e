"""Match records for other programs: the .mat text GNU Backgammon and other programs import."""

from bot.records.mat import MatExport, export_mat, match_to_mat

__all__ = ["MatExport", "export_mat", "match_to_mat"]
