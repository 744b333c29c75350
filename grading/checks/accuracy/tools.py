"""What the agent's tools returned or were called with: their values and dates as text the claim
extractor reads, and a day the agent says against a date a tool returned."""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Final, cast

from grading.checks.accuracy.hours import HOURS_CONTEXT
from grading.checks.accuracy.values import key_values
from grading.claims.extract import CLOSED_WORDS, DAY_NAMES, ISO_DATE, MONTH_NAMES, Claim, extract
from grading.claims.numbers import digits_for_speech
from grading.first_chars import compile_filtered
from grading.formats import Call, ToolCall
from grading.speech import stem


def tool_call_dates(tools: list[ToolCall], flat: FlatMemo, *, results_only: bool = False) -> frozenset[date]:
    """The calendar dates successful tool calls returned (and, unless `results_only`, were called
    with), read from ISO dates anywhere in them."""
    found: set[date] = set()
    for tool in tools:
        if tool.error is not None:
            continue
        texts = [_flat(tool.result, flat)]
        if not results_only:
            texts.append(_flat(tool.arguments, flat, amounts=False))
        for match in ISO_DATE.finditer(" ".join(texts)):
            try:
                found.add(date(int(match.group(1)), int(match.group(2)), int(match.group(3))))
            except ValueError:
                continue
    return frozenset(found)


TOOL_DATED: Final = compile_filtered(
    r"\b(?:ready|pick(?:ed)?[ -]?up|deliver\w*|arriv\w*|book\w*|schedul\w*|see you|confirm\w*|set for|"
    r"reserv\w*|appointment|ship\w*|due|come in|expect)\b",
    re.IGNORECASE,
)
"""What a tool's date is the date of: a refill ready, a booking, a delivery."""
DAY_OF_MONTH: Final = re.compile(r"\bthe (\d{1,2})(?:st|nd|rd|th)\b")
WEEKDAY_NAMED: Final = re.compile(r"\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b")


def tool_date_conflict(sentence: str, tool_dates: frozenset[date], today: date) -> str | None:
    """Why a sentence that gives the day of what a tool just returned ("Refill placed, it'll be
    ready Friday" after the tool said 2026-11-17) contradicts it, or None. Only days said as single
    days, in a sentence about the thing the tool dated (ready, booked, delivered...), and not in
    talk of opening hours; the day stands when any date a tool gave or was asked for matches."""
    lowered = digits_for_speech(sentence)
    if not TOOL_DATED.search(lowered) or HOURS_CONTEXT.search(lowered) or CLOSED_WORDS.search(lowered):
        return None
    said: list[tuple[str, bool]] = []
    for match in WEEKDAY_NAMED.finditer(lowered):
        weekday = DAY_NAMES[match.group(1)[:3]]
        said.append((match.group(1), any(day.weekday() == weekday for day in tool_dates)))
    dates = [claim for claim in extract(sentence) if claim.kind == "date" and isinstance(claim.value, str)]
    for claim in dates:
        month, day = (int(part) for part in str(claim.value).split("-"))
        said.append((claim.span, any((d.month, d.day) == (month, day) for d in tool_dates)))
    if not dates:
        for match in DAY_OF_MONTH.finditer(lowered):
            said.append((match.group(0), any(d.day == int(match.group(1)) for d in tool_dates)))
    for word, offset in (("today", 0), ("tomorrow", 1)):
        if re.search(rf"\b{word}\b", lowered):
            said.append((word, today + timedelta(days=offset) in tool_dates))
    if not said or any(matched for _, matched in said):
        return None
    returned = ", ".join(f"{d.isoformat()} ({d.strftime('%A')})" for d in sorted(tool_dates))
    return f'"{said[0][0]}" contradicts what the tool returned: {returned}'


def tool_call_values(call: Call, upto: int, flat: FlatMemo) -> dict[str, list[object]]:
    texts: list[str] = []
    for turn in call.turns[: upto + 1]:
        for tool in turn.tool_calls:
            if tool.error is None:
                texts.append(_flat(tool.result, flat))
                texts.append(_flat(tool.arguments, flat, amounts=False))
    return key_values(extract(" ".join(texts))) if texts else {}


FlatMemo = dict[tuple[int, bool], tuple[object, str]]
"""Tool results and arguments already flattened in this call (by identity): every tool turn reads
all the tool calls before it again."""


def _flat(value: object, memo: FlatMemo, *, amounts: bool = True) -> str:
    held = memo.get((id(value), amounts))
    if held is not None and held[0] is value:
        return held[1]
    text = _flatten(value, amounts=amounts)
    memo[(id(value), amounts)] = (value, text)
    return text


def _flatten(value: object, *, amounts: bool = True) -> str:
    """Tool arguments and results as plain text, keys included, for the claim extractor. With
    `amounts`, a number under a money key reads as an amount ({"fee": 30.0} -> "fee $30.0"): a
    result the tool returned, not an argument the agent passed (a "price_override": 0 is no
    evidence that the price is zero)."""
    if isinstance(value, dict):
        items = cast("dict[object, object]", value)
        return " ".join(
            f"{key} ${item}"
            if amounts
            and isinstance(item, int | float)
            and not isinstance(item, bool)
            and PRICE_KEY.search(str(key))
            else f"{key} {_flatten(item, amounts=amounts)}"
            for key, item in items.items()
        )
    if isinstance(value, list | tuple):
        # "; " between items: two slots side by side ("17:30 2026-11-12 ...") are not one phone number
        return "; ".join(_flatten(item, amounts=amounts) for item in cast("list[object]", value))
    if value is None:
        return ""
    text = str(value)
    return ISO_DATE.sub(_spoken_date, text) if len(text) >= 10 and "-" in text else text


PRICE_KEY: Final = compile_filtered(
    r"fee|price|cost|total|amount|rate|charge|deposit|balance|fare", re.IGNORECASE
)
"""A tool result's field that holds money ({"fee": 30.0}): its number is an amount."""


def _spoken_date(match: re.Match[str]) -> str:
    """An ISO date (and time) as speech would give it, "2026-11-11T10:00" -> "2026-11-11 november
    11th at 10:00", so the agent's "November eleventh after ten" meets the tool's value."""
    month = int(match.group(2))
    if not 1 <= month <= 12:
        return match.group(0)
    said = f"{match.group(0)[:10]} {MONTH_NAMES[month - 1]} {int(match.group(3))}th"
    if match.group(4):
        said += f" at {match.group(4)}:{match.group(5)}"
    return said


def tool_measures(call: Call, upto: int) -> list[tuple[frozenset[str], float]]:
    """The numbers successful tool calls up to turn `upto` returned under a key ({"miles": 6.1}),
    with the stems of the key's words: what the tool measured."""
    found: list[tuple[frozenset[str], float]] = []

    def walk(value: object, key: str) -> None:
        if isinstance(value, dict):
            for name, item in cast("dict[object, object]", value).items():
                walk(item, str(name))
        elif isinstance(value, list | tuple):
            for item in cast("list[object]", value):
                walk(item, key)
        elif isinstance(value, int | float) and not isinstance(value, bool) and key:
            found.append((frozenset(stem(word) for word in re.split(r"[_\W]+", key.lower()) if word), value))

    for turn in call.turns[: upto + 1]:
        for tool in turn.tool_calls:
            if tool.error is None:
                walk(tool.result, "")
    return found


def measured_by_tool(claim: Claim, measures: list[tuple[frozenset[str], float]]) -> bool:
    """A count the agent gives of what a tool measured, rounded as speech rounds it ("about six
    miles" where the delivery quote returned 6.1 miles): the tool's evidence, not a claim against the
    sheet's numbers."""
    if claim.kind != "quantity" or not isinstance(claim.value, int | float) or isinstance(claim.value, bool):
        return False
    return any(set(claim.subject) & keys and abs(value - claim.value) < 1 for keys, value in measures)
