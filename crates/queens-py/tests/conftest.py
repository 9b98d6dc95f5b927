"""Shared helpers: an independent, deliberately plain n-queens solver to check against."""

from __future__ import annotations

import itertools
from typing import Iterator

# OEIS A000170 and A002562, n = 0 to 12.
A000170 = [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712]
A002562 = [1, 1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787]


def attacks(columns) -> bool:
    """Whether any two queens of the column array attack each other."""
    return any(
        a == b or abs(a - b) == j - i
        for (i, a), (j, b) in itertools.combinations(enumerate(columns), 2)
    )


def brute_force(n: int) -> Iterator[tuple[int, ...]]:
    """Every solution, in lexicographic order, by trying every permutation."""
    for p in itertools.permutations(range(n)):
        if not attacks(p):
            yield p
