"""Whether an amount is worked out from others, in any of its readings: the arithmetic on the call's
amounts, on the sheet's, their sums and the savings between them, asked together."""

from __future__ import annotations

from grading.checks.accuracy.arithmetic.counted import count_times_price
from grading.checks.accuracy.arithmetic.savings import is_saving, saving
from grading.checks.accuracy.arithmetic.sheet_amounts import derived_from_sheet
from grading.checks.accuracy.arithmetic.totals import sum_of_said
from grading.checks.accuracy.arithmetic.turn_amounts import derived_value
from grading.claims.extract import Claim
from grading.claims.facts import FactIndex


def is_derived(claim: Claim, index: FactIndex, history: list[str], sentence: str) -> bool:
    """Arithmetic on what was said or what the sheet holds, in any reading of the amount ("twenty-seven
    forty-six" is $27.46 or $2,746): see derived_value and derived_from_sheet, and a count times the
    price of one (count_times_price)."""
    readings = [v for v in (claim.value, *claim.alternatives) if isinstance(v, float)]
    return any(
        derived_value(value, index, history, sentence)
        or derived_from_sheet(value, index, history, sentence)
        or sum_of_said(value, index, history, sentence)
        or count_times_price(value, index, sentence)
        or (is_saving(claim, sentence) and saving(value, index, history))
        for value in readings
    )
