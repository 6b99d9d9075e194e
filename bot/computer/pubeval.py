"""Tesauro's pubeval (the published contact and race weights), summed as bgsage's compiled part sums it: bgsage's
2-ply cube analysis ranks a roll's plays with it before its net when there are more than 16
(bot.computer.two_ply)."""

from __future__ import annotations

import math

import numpy as np

# fmt: off
_CONTACT = np.array((
    0.25696, -0.66937, -1.66135, -2.02487, -2.53398, -0.16092, -1.11725, -1.06654, -0.9283, -1.99558,
    -1.10388, -0.80802, 0.09856, -0.62086, -1.27999, -0.5922, -0.73667, 0.89032, -0.38933, -1.59847,
    -1.50197, -0.60966, 1.56166, -0.47389, -1.8039, -0.83425, -0.97741, -1.41371, 0.245, 0.1097,
    -1.36476, -1.05572, 1.1542, 0.11069, -0.38319, -0.74816, -0.59244, 0.81116, -0.39511, 0.11424,
    -0.73169, -0.56074, 1.09792, 0.15977, 0.13786, -1.18435, -0.43363, 1.06169, -0.21329, 0.04798,
    -0.94373, -0.22982, 1.22737, -0.13099, -0.06295, -0.75882, -0.13658, 1.78389, 0.30416, 0.36797,
    -0.69851, 0.13003, 1.2307, 0.40868, -0.21081, -0.64073, 0.31061, 1.59554, 0.65718, 0.25429,
    -0.80789, 0.0824, 1.78964, 0.54304, 0.41174, -1.06161, 0.07851, 2.01451, 0.49786, 0.91936,
    -0.9075, 0.05941, 1.8312, 0.58722, 1.28777, -0.83711, -0.33248, 2.64983, 0.52698, 0.82132,
    -0.58897, -1.18223, 3.35809, 0.62017, 0.57353, -0.07276, -0.36214, 4.37655, 0.45481, 0.21746,
    0.10504, -0.61977, 3.54001, 0.04612, -0.18108, 0.63211, -0.87046, 2.47673, -0.48016, -1.27157,
    0.86505, -1.11342, 1.24612, -0.82385, -2.77082, 1.23606, -1.59529, 0.10438, -1.30206, -4.1152,
    5.62596, -2.758,
))

_RACE = np.array((
    0.0, -0.1716, 0.2701, 0.29906, -0.08471, 0.0, -1.40375, -1.05121, 0.07217, -0.01351,
    0.0, -1.29506, -2.16183, 0.13246, -1.03508, 0.0, -2.29847, -2.34631, 0.17253, 0.08302,
    0.0, -1.27266, -2.87401, -0.07456, -0.3424, 0.0, -1.3464, -2.46556, -0.13022, -0.01591,
    0.0, 0.27448, 0.60015, 0.48302, 0.25236, 0.0, 0.39521, 0.68178, 0.05281, 0.09266,
    0.0, 0.24855, -0.06844, -0.37646, 0.05685, 0.0, 0.17405, 0.0043, 0.74427, 0.00576,
    0.0, 0.12392, 0.31202, -0.91035, -0.1627, 0.0, 0.01418, -0.10839, -0.02781, -0.88035,
    0.0, 1.07274, 2.00366, 1.16242, 0.2252, 0.0, 0.85631, 1.06349, 1.49549, 0.18966,
    0.0, 0.37183, -0.50352, -0.14818, 0.12039, 0.0, 0.13681, 0.13978, 1.11245, -0.12707,
    0.0, -0.22082, 0.20178, -0.06285, -0.52728, 0.0, -0.13597, -0.19412, -0.09308, -1.26062,
    0.0, 3.05454, 5.16874, 1.5068, 5.35, 0.0, 2.19605, 3.8539, 0.88296, 2.30052,
    0.0, 0.92321, 1.08744, -0.11696, -0.7856, 0.0, -0.09795, -0.8305, -1.09167, -4.94251,
    0.0, -1.00316, -3.66465, -2.56906, -9.67677, 0.0, -2.77982, -7.26713, -3.40177, -12.3225,
    0.0, 3.4204,
))
# fmt: on


def _two_product(a: float, b: float) -> tuple[float, float]:
    """a * b as the sum of two doubles, exactly (Dekker)."""
    product = a * b
    split = 134217729.0  # 2 ** 27 + 1
    a_high = a * split - (a * split - a)
    b_high = b * split - (b * split - b)
    a_low, b_low = a - a_high, b - b_high
    return product, ((a_high * b_high - product) + a_high * b_low + a_low * b_high) + a_low * b_low


def _fma(a: float, b: float, c: float) -> float:
    """a * b + c rounded once, as a fused multiply-add."""
    if b == 0.0:
        return c
    return math.fsum((*_two_product(float(a), float(b)), c))


def pubeval(boards: list[list[int]], race: bool) -> list[float]:
    """bgbot's PubEval::evaluate for the plays of one roll (none of which ends the game), summed in its
    vectorised order: four lanes over the first 120 inputs, the lanes paired, the last two inputs added with a
    fused multiply-add each."""
    rows = np.array(boards)
    points = rows[:, 24:0:-1]  # its point i is our 24 - i
    inputs = np.zeros((len(boards), 122))
    inputs[:, 0:120:5] = points == -1
    inputs[:, 1:120:5] = points == 1
    inputs[:, 2:120:5] = points >= 2
    inputs[:, 3:120:5] = points == 3
    inputs[:, 4:120:5] = np.where(points >= 4, (points - 3) / 2.0, 0.0)
    inputs[:, 120] = rows[:, 0] / 2.0
    inputs[:, 121] = (15 - rows[:, 25] - np.where(rows[:, 1:25] > 0, rows[:, 1:25], 0).sum(axis=1)) / 15.0
    weights = _RACE if race else _CONTACT
    products = inputs * weights
    lanes = np.zeros((len(boards), 4))
    for start in range(0, 120, 4):
        lanes = lanes + products[:, start : start + 4]
    return [
        _fma(weights[121], inputs[row, 121], second) + _fma(weights[120], inputs[row, 120], first)
        for row, (first, second) in enumerate(
            zip((lanes[:, 0] + lanes[:, 2]).tolist(), (lanes[:, 1] + lanes[:, 3]).tolist(), strict=True)
        )
    ]
