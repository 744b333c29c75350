"""Times of day, dates, frequencies and lengths of time, as minutes or month-day values that compare
across texts ("5:29" with "17:29", "a fortnight" with "2 weeks")."""

from __future__ import annotations

import re
from typing import Final

from grading.claims.extract.claim import Claim, span_taken
from grading.first_chars import compile_filtered
from grading.prefilter import compile_gated

TIME_CLOCK: Final = re.compile(r"\b(\d{1,2})[:.](\d{2})(?:\s?(a\.?m\.?|p\.?m\.?)(?![a-z]))?(?![\d%])")
TIME_CONTEXT: Final = compile_filtered(
    r"\b(?:at|until|till|til|from|by|before|after|around|between|to|o'?clock|sharp|morning|afternoon|"
    r"evening|night|tonight|today|tomorrow|noon|midnight|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|"
    r"weekdays?|weekends?|open|opens|close|closes|closing|arriv\w*|depart\w*|leav\w*|slots?|"
    r"appointments?|book\w*|times?|hours?|earliest|latest|start\w*|ends?|pick\w*|drop\w*|"
    r"see you|works?|available|free|instead|or)\b"
)
"""Words that make "9:30" (said "nine thirty", no am/pm) a time of day: "kennel two twelve" or
"the seven twenty-seven model" has none, so there it is a number, not a time."""
WRITTEN_TIME: Final = re.compile(r"\d[:.]\d\d")
"""A time written with digits (a fact, a tool result) is a time wherever it stands."""
TIME_HOUR: Final = re.compile(r"\b(\d{1,2})\s?(a\.?m\.?|p\.?m\.?)(?![a-z])")
DAYPART: Final = re.compile(
    r"\b(\d{1,2})(?::(\d{2}))?\s+(?:in the (morning)|in the (afternoon|evening)|at (night))\b"
)
TIME_WORD: Final = re.compile(r"\b(noon|midday|midnight)\b")
TIME_BARE: Final = compile_gated(
    r"\b(?:at|until|till|til|by|from|before|after|to)\s+(\d{1,2})\b(?!:)"
    r"(?=\s*(?:$|[,.;!?]|o'?clock|sharp|on\b|tomorrow|today|tonight|this\b|next\b|in the\b|with\b|for\b|"
    r"or\b|and\b|then\b|works?\b|is\b|instead\b|okay\b|ok\b|at night|in the|every\b))"
)
DATE: Final = re.compile(
    r"\b(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|"
    r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?\b"
    r"|\b(\d{1,2})(?:st|nd|rd|th)\s+of\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b"
)
_DURATION_UNIT: Final = (
    r"(?:(?:business|working|calendar|school)\s+)?"
    r"(minutes?|mins?|hours?|hrs?|days?|weeks?|fortnights?|months?|years?)"
)
DURATION: Final = compile_filtered(
    r"\b(\d+(?:\.\d+)?|an?|half an?|a couple(?: of)?|a pair of)\s?(?:-\s?)?" + _DURATION_UNIT + r"\b"
    r"(\s+and\s+a\s+half\b)?(?![\s-]+old\b)(?!\s+(?:out|away|from now|left|to go)\b)"
)
"""A length of time, said in figures or words ("2 business days", "a fortnight", "a couple of
weeks", "an hour and a half"); "a four-year-old" is an age, not a duration."""
DURATION_RANGE_START: Final = compile_filtered(
    r"\b(?:(\d+(?:\.\d+)?)\s*(?:to|-|–|or)|between\s+(\d+(?:\.\d+)?)\s+and)\s*(?:\d+(?:\.\d+)?|more|fewer|less)"
    r"\s?(?:-\s?)?" + _DURATION_UNIT + r"\b"
)
"""The first end of a range of time takes the unit of the second ("7 to 10 days", "3 or 4 hours")."""
DURATION_RANGE_END: Final = re.compile(
    r"\s*(?:to|or|-|–)\s*(\d+(?:\.\d+)?)\b(?!\s*(?:[%:]|\.\d|percent|[ap]\.?m\b|dollars?|bucks|pounds?|"
    r"minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|business|working))"
)
"""The second end of a range said after a length of time takes its unit ("a day or two")."""
RATE_BEFORE: Final = compile_filtered(
    r"(?:\d|dollars?|bucks|pounds?|quid|euros?|cents?|pence|once|twice|times|fee|price|charge|off|"
    r"minutes|hours|days|weeks|nights|months|\d\s+[a-z]+s|(?:once|twice|times) (?:in|per|each))\s*$"
)
"""What comes before "a month" / "an hour" when it is the unit of a rate ("$95 a month", "140 an
hour", "twice a day", "three times in a year"), not a length of time."""
EVERY: Final = re.compile(r"\bevery\s+(?:(\d+)\s+)?(minute|hour|day|week|month|half hour)s?\b")

UNIT_MINUTES: Final[dict[str, int]] = {
    "min": 1,
    "minute": 1,
    "hr": 60,
    "hour": 60,
    "day": 1440,
    "week": 10080,
    "fortnight": 20160,
    "month": 43200,
    "year": 525600,
}
ISO_DATE: Final = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2}))?")
"""A date written the way systems write it, with its time when it has one ("2026-11-16T19:00" in a
tool's result, "2026-11-16t19:00" read out from one after lowering): a date, and no phone number."""
MONTH_NAMES: Final = (
    "january february march april may june july august september october november december".split()
)
MONTHS: Final = tuple(name[:3] for name in MONTH_NAMES)
"""The months as DATE reads them, by their first three letters ("sept", "september" -> "sep")."""


def clock(hour: int, minute: int, meridiem: str | None) -> tuple[int, ...]:
    """Minutes after midnight; without am/pm a 1-12 hour is either half of the day."""
    if not 0 <= hour <= 24 or not 0 <= minute <= 59:
        return ()
    if meridiem:
        pm = meridiem.startswith("p")
        hour = hour % 12 + (12 if pm else 0)
        return (hour * 60 + minute,)
    if 1 <= hour <= 12:
        return tuple(sorted({(hour % 12) * 60 + minute, (hour % 12 + 12) * 60 + minute}))
    return (hour * 60 + minute,)


EVENING: Final = re.compile(r"\s*(?:tonight|this evening)\b")


def evening(text: str, match: re.Match[str]) -> str | None:
    """ "At nine tonight" is 9 pm: the word after a bare hour settles the half of the day."""
    return "pm" if EVENING.match(text, match.end()) else None


def durations(text: str, claims: list[Claim], spans: list[tuple[int, int]]) -> None:
    """Lengths of time, with the ends of a range that name their unit only once ("7 to 10 days",
    "a day or two")."""
    for match in DURATION.finditer(text):
        if span_taken(spans, *match.span()):
            continue
        amount = match.group(1)
        if amount in {"a", "an"} and RATE_BEFORE.search(text[max(0, match.start() - 12) : match.start()]):
            continue
        count = (
            0.5
            if amount.startswith("half")
            else 2.0
            if amount.startswith(("a couple", "a pair"))
            else 1.0
            if amount in {"a", "an"}
            else float(amount)
        )
        if match.group(3):
            count += 0.5
        unit = match.group(2).rstrip("s")
        minutes = UNIT_MINUTES[unit]
        claims.append(Claim(kind="duration", value=int(count * minutes), span=match.group(0).strip()))
        spans.append(match.span())
        end = DURATION_RANGE_END.match(text, match.end())
        if end is not None and not span_taken(spans, *end.span(1)):
            claims.append(Claim(kind="duration", value=int(float(end.group(1)) * minutes), span=end.group(1)))
            spans.append(end.span(1))
    for match in (
        DURATION_RANGE_START.finditer(text)
        if "to" in text or "or" in text or "-" in text or "–" in text or "between" in text
        else ()
    ):
        group = 1 if match.group(1) is not None else 2
        if span_taken(spans, *match.span(group)):
            continue
        minutes = UNIT_MINUTES[match.group(3).rstrip("s")]
        claims.append(
            Claim(kind="duration", value=int(float(match.group(group)) * minutes), span=match.group(group))
        )
        spans.append(match.span(group))
