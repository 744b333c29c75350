"""The words of numbers and their values, and number words read as one or more cardinals ("nine
thirty" is 9 then 30, "ninety nine" is 99)."""

from __future__ import annotations

from typing import Final

UNITS: Final[dict[str, int]] = {
    "zero": 0,
    "oh": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
TENS: Final[dict[str, int]] = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fourty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
SCALES: Final[dict[str, int]] = {"hundred": 100, "thousand": 1000}


def cardinals(words: list[str]) -> list[int]:
    """Parse number words into one or more cardinals; a new number starts where English would not
    continue the previous one ("nine thirty" is 9 then 30; "ninety nine" is 99)."""
    numbers: list[int] = []
    total = 0
    current = 0
    last: str | None = None  # "unit", "teen", "tens", "scale"
    started = False

    def flush() -> None:
        nonlocal total, current, started
        if started:
            numbers.append(total + current)
        total = current = 0
        started = False

    for word in words:
        if word in SCALES:
            scale = SCALES[word]
            if scale == 100:
                current = (current or 1) * 100
            else:
                total += (current or 1) * scale
                current = 0
            last = "scale"
            started = True
            continue
        if word in TENS:
            if started and last in {"unit", "teen", "tens"}:
                flush()
            current += TENS[word]
            last = "tens"
            started = True
            continue
        value = UNITS[word]
        kind = "teen" if value >= 10 else "unit"
        if started and (last in {"unit", "teen"} or (last == "tens" and kind == "teen")):
            flush()
        current += value
        last = kind
        started = True
    flush()
    return numbers


ORDINALS: Final[dict[str, int]] = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "eleventh": 11,
    "twelfth": 12,
    "thirteenth": 13,
    "fourteenth": 14,
    "fifteenth": 15,
    "sixteenth": 16,
    "seventeenth": 17,
    "eighteenth": 18,
    "nineteenth": 19,
    "twentieth": 20,
    "thirtieth": 30,
}
