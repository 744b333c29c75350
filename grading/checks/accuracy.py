"""accuracy: placeholder until the claim extractor lands."""

from __future__ import annotations

from grading.formats import Call, FactSheet, Failure


def check(call: Call, fact_sheet: FactSheet) -> list[Failure]:
    del call, fact_sheet
    return []
