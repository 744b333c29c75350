"""Parts of numbers said in words: a decimal with "point", a hundred and a quarter, six and a quarter
a gallon, two and a half hours."""

from __future__ import annotations

import re
from typing import Final

POINT: Final = re.compile(r"\b(\d+) point ((?:\d )*\d)\b(?![:.]\d)")
"""A decimal said in words ("three point nine percent", "zero point four five"): the digits after
"point" are read one by one."""
HUNDRED_AND_A_PART: Final = re.compile(
    r"\b(\d+)00 and a (quarter|half)\b(?! (?:of|an?|past|to|hours?|days?)\b)"
)
"""A round hundred and a part of the next one ("a hundred and a quarter" is 125, "two hundred and a
half" 250): the way people round a price, not a hundred and a fraction."""


def hundred_and_a_part(match: re.Match[str]) -> str:
    return str(int(match.group(1)) * 100 + (25 if match.group(2) == "quarter" else 50))


RATE_UNITS: Final = (
    "night|hour|month|week|year|day|person|adult|child|head|stay|visit|guest|serving|slice|piece|dozen|"
    "class|session|lesson|room|ticket|seat|gallon|litre|liter|pound|lb|kilo|kg|ounce|oz|mile|kilometer|"
    "kilometre|km|foot|square foot|sq ft|yard|meter|metre|inch|bag|load|box|item|unit|window|cylinder|page|"
    "minute|tank|cord|ton|bundle|pair|dog|cat|pet|car|vehicle|bike"
)
"""What a price is charged per ("six and a quarter a gallon", "at 4.25 per pound"): after a number,
"a"/"per" and one of these make the number a rate, not a clock time or a count."""
AND_A_PART_PER_UNIT: Final = re.compile(rf"\b(\d+) and a (quarter|half)\b(?= (?:an?|per) (?:{RATE_UNITS})\b)")
"""A price said with a fraction of the unit ("fuel at six and a quarter a gallon" is $6.25, "twelve and
a half an hour" $12.50): the number and its part, before what the price is per."""


def and_a_part(match: re.Match[str]) -> str:
    return f"{match.group(1)}.{25 if match.group(2) == 'quarter' else 50}"


AND_A_HALF: Final = re.compile(
    r"\b(\d+) and a half\b(?= (?:%|percent|per cent|hours?|days?|weeks?|months?|years?|miles?|times|stars?))"
)
"""Four and a half percent, two and a half hours: a half added to the number."""


def decimal(match: re.Match[str]) -> str:
    return f"{match.group(1)}.{match.group(2).replace(' ', '')}"
