"""arithmetic: amounts worked out from others (totals, sums, fractions, shares, a rate times a count,
a percentage taken off), which state nothing the call or the sheet does not; and amounts worked from
a percentage the sheet does not hold, which are judged through that percentage or the price they
were taken off.

Where each part lives: `derived` (whether an amount is worked out at all), `said` (what a turn says
that arithmetic works from), `totals` (multiples, lists and sums), `savings`, `sheet_amounts`
(arithmetic on the sheet's own numbers), `turn_amounts` (arithmetic on what the call said), `taken`
(a percentage the sheet does not hold), `lengths` (lengths and clock times worked out).
"""

from __future__ import annotations

from grading.checks.accuracy.arithmetic.derived import is_derived
from grading.checks.accuracy.arithmetic.lengths import billed_length, offset_time
from grading.checks.accuracy.arithmetic.said import COUNT
from grading.checks.accuracy.arithmetic.taken import percentage_taken
from grading.checks.accuracy.arithmetic.totals import is_total, listed_amount

__all__ = [
    "COUNT",
    "billed_length",
    "is_derived",
    "is_total",
    "listed_amount",
    "offset_time",
    "percentage_taken",
]
