"""What the words around a pair of numbers say it is: a time of day, a room or house number, a price
(and its currency), or the end of a range of amounts."""

from __future__ import annotations

import re
from typing import Final

from grading.claims.numbers.words import SCALES, TENS, UNITS, cardinals
from grading.first_chars import compile_filtered

_NUMBER_BEFORE: Final = compile_filtered(
    r"(?:(?:seats|holds|fits|sleeps|accommodates|capacity(?: is)?|max(?:imum)?(?: is)?)"
    r"(?: up to| about| around)?|"
    r"room|suite|unit|number|no\.?|apartment|apt|flat|gate|platform|flight|extension|ext\.?|#|code|pin|"
    r"reference|ref|confirmation|ticket|account|invoice|order|policy|case|claim|model|serial|part|table|seat|"
    r"row|route|exit|bus|lot|locker|kennel|bay|box)(?:\s+(?:is|was|it'?s))?:?"
    r"(?:(?:(?<=is)|(?<=as)|(?<='s)|(?<=:))\s+(?!a\b|i\b)[a-z]{1,2})?\s*$"
)
"""What names a number before it ("room four twelve", "ticket number is T ninety-nine twenty-one":
the letters of a code may come first, after "is" or a colon; "flight at six fifteen" is a time)."""
_PLACE_AFTER: Final = re.compile(
    r"\s+(?:(?:north|south|east|west)(?:east|west)?|[ns][ew])\b"
    r"|\s+(?:[a-z][a-z'-]+\s+){1,3}?(?:street|st|road|rd|avenue|ave|lane|ln|boulevard|blvd|drive|way|"
    r"place|court|terrace|parade|crescent|highway|square|close|grove|parkway|pkwy|circle|trail|pike|turnpike)\b"
)


_CLOCK_BEFORE: Final = compile_filtered(
    r"\b(?:at|by|until|till|til|from|around|after|before|between|open|opens|close|closes|closing|"
    r"appointment|appointments|slot|slots|time|start|starts|begin|begins|arrive|arrives|pick|drop|ready|book|"
    r"booked|schedule|scheduled|see you|how about|have|got|(?:mon|tues|wednes|thurs|fri|satur|sun)day|today|"
    r"tomorrow|tonight|morning|afternoon|evening|noon|leaves|departs|runs|class|session|lesson|pickup)\b"
)
_CLOCK_AFTER_CUE: Final = re.compile(
    r"\s*(?:a\.?m\b|p\.?m\b|o'?clock|in the (?:morning|afternoon|evening)|tonight|today|tomorrow|sharp|"
    r"works?\b|is (?:fine|good|open|free|available)|or\b|on (?:mon|tues|wednes|thurs|fri|satur|sun)day|"
    r"(?:this|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday) )"
)


def clock_cue(match: re.Match[str]) -> bool:
    """Whether words around a pair of numbers say it is a time of day ("at nine thirty", "nine
    thirty on Monday", "open till five thirty"); without them, "about one forty-three" is no time."""
    text = match.string
    before = text[max(0, match.start() - 30) : match.start()]
    return bool(
        _CLOCK_BEFORE.search(before)
        or _JUST_BEFORE.search(before)
        or _CLOCK_AFTER_CUE.match(text, match.end())
    )


_JUST_BEFORE: Final = re.compile(r"\b(?:or|and|to)\s*$")
""""two or two thirty", "ten and ten thirty", "nine to five thirty": a time just after another time's
"or"/"and"/"to"; a "to" further back ("if you went to a full week it's four nineteen") is no cue."""


def numbered(match: re.Match[str]) -> bool:
    """Whether a pair of numbers is a room, unit or house number ("room four twelve", "four forty
    Northwest Elm", "twelve fifty Maple Grove Avenue") rather than a clock time."""
    text = match.string
    return bool(
        _NUMBER_BEFORE.search(text[max(0, match.start() - 16) : match.start()])
        or _PLACE_AFTER.match(text, match.end())
    )


_CURRENCY_AFTER: Final = re.compile(r"\s*(?:(pounds?|quid)|(euros?))\b")


def currency_after(match: re.Match[str]) -> str:
    """The symbol of the currency said after an amount ("forty-two fifty pounds" is £42.50)."""
    after = _CURRENCY_AFTER.match(match.string, match.end())
    if after is None:
        return "$"
    return "£" if after.group(1) else "€"


_PRICE_AFTER: Final = re.compile(
    r"\s*(?:dollars?|bucks|pounds?|quid|euros?|per\b|each\b|plus\b|minimum\b|deposit\b|flat\b|"
    r"an? (?:night|month|week|year|day|hour|visit|person|head|guest|serving|slice|piece|dozen|class|session|"
    r"item|lesson|room|ticket|seat|pair|bag|box|load|unit)\b"
    r"|for (?:the|one|a|(?:mon|tues|wednes|thurs|fri|satur|sun)day|that) nights?\b)"
)
_PRICE_BEFORE: Final = compile_filtered(
    r"(?:costs?|priced at|price is|fee is|charge is|pay|owe|runs?|that'?ll be|comes? to|total is|"
    r"plus(?: the| a| an)?|adds?(?: another| an extra| an)?|\$|"
    r"(?:orders?|purchases?|spend(?:ing)?|spent)(?: is| are| of)? (?:over|above|under|below|at least))"
    r"\s*(?:(?:about|around|roughly|just|only)\s*)?$"
)
"""Words before an amount that make it a price; an order, purchase or spend threshold is an amount
("orders over nine ninety-nine" is $999, not nine and ninety-nine)."""


def priced(match: re.Match[str]) -> bool:
    """Whether a pair of numbers is said as a price rather than a clock time."""
    text = match.string
    return bool(
        _PRICE_AFTER.match(text, match.end())
        or _PRICE_BEFORE.search(text[max(0, match.start() - 20) : match.start()])
    )


_RANGE_START: Final = re.compile(
    r"\b(?:from|between)\s+[$£€]?\s?([a-z0-9][a-z0-9 -]*?)\s*(dollars?|bucks|pounds?|quid|euros?)?"
    r"\s+(?:(?:up|all the way|right)\s+)?(?:to|and|through|thru|till|until)\s+$"
)


def range_of_amounts(match: re.Match[str]) -> bool:
    """Whether a pair of numbers ends a range that starts with an amount rather than an hour
    ("from seventy-nine up to three forty-nine", "between $80 and one twenty"): a start with a
    currency, or one no clock has (above 24), makes the range one of amounts."""
    text = match.string
    start = _RANGE_START.search(text[max(0, match.start() - 50) : match.start()])
    if start is None:
        return False
    if start.group(2) or "$" in start.group(0) or "£" in start.group(0) or "€" in start.group(0):
        return True
    value = start.group(1).strip()
    if value.isdigit():
        return int(value) > 24
    parts = [word for word in re.split(r"[\s-]+", value) if word and word != "and"]
    if not parts or not all(word in UNITS or word in TENS or word in SCALES for word in parts):
        return False
    numbers = cardinals(parts)
    if len(numbers) == 2:
        # "from one seventy-five to three fifty": a start no clock has (minutes over 59)
        return numbers[0] > 24 or numbers[1] > 59
    return len(numbers) == 1 and numbers[0] > 24
