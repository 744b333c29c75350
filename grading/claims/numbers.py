"""Spoken numbers to digits, so that claims are compared as values, not as words.

Speech recognition writes numbers every way a person says them: "ninety dollars", "one hundred and
twenty", "nine thirty", "half past nine", "five five five, zero one four two". `digits_for_speech`
rewrites a lower-cased sentence so those read "90 dollars", "120", "9:30", "9:30", "5550142";
everything else is left as it was. Thousands separators are dropped ("$1,200" -> "$1200").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Final

from grading.first_chars import compile_filtered

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

_WORD_ALTERNATION: Final = "|".join(sorted([*UNITS, *TENS, *SCALES], key=len, reverse=True))
_RUN: Final = compile_filtered(
    rf"\b(?:a\s+)?(?:{_WORD_ALTERNATION})(?:(?:[\s,-]+(?:and\s+)?|\s+and\s+)(?:{_WORD_ALTERNATION}))*\b"
)
_ANY_NUMBER_WORD: Final = compile_filtered(
    r"zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|teen|twenty|thirty|forty|fourty|fifty|"
    r"sixty|seventy|eighty|ninety|hundred|thousand"
)
"""A loose test (it also finds "someone"): the exact rewrite runs only when it passes."""
_THOUSANDS: Final = compile_filtered(r"(?<=\d),(?=\d{3}\b)")
_HALF_PAST: Final = compile_filtered(r"\b(half|quarter) (past|after|to|till) (\d{1,2})\b")
_RESTART: Final = re.compile(
    r"(\d{3,})\s*(?:\.\.\.+|…|--?)\s*(?:(?:uh|um|er|sorry|i mean|no)\b[,.]?\s*)*(\d{2,})"
)
_O_CLOCK: Final = re.compile(r"\b(\d{1,2}) ?o'? ?clock\b")


def _cardinals(words: list[str]) -> list[int]:
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


def _rewrite(match: re.Match[str], cued: bool | None = None) -> str:
    """One run of number words as digits; `cued` carries the time cue of the run a piece was cut
    from ("between ten and eleven fifteen": the piece "eleven fifteen" is still after "between")."""
    raw = match.group(0)
    words = [w for w in re.split(r"[\s,-]+", raw) if w and w not in {"and", "a"}]
    if raw.startswith("a ") and words and words[0] in SCALES:
        words = ["one", *words]
    if not words:
        return raw
    if len(words) == 1 and words[0] == "oh":
        return raw
    if _TWO_NUMBERS.search(raw):
        # "between a hundred and eighty and two hundred and sixty": an "and" that does not follow
        # hundred or thousand joins two complete numbers, it does not continue the first
        return "".join(
            piece if _SEPARATOR.fullmatch(piece) else _RUN.sub(_piece_rewriter(match, cued), piece)
            for piece in _SEPARATOR.split(raw)
        )
    # "nine oh five" -> 9:05
    if (
        len(words) == 3
        and words[1] == "oh"
        and words[0] in UNITS
        and words[2] in UNITS
        and UNITS[words[2]] <= 9
    ):
        if _numbered(match):
            return f"{UNITS[words[0]]}0{UNITS[words[2]]}"
        if not (cued if cued is not None else _clock_cue(match)):
            # "it's two oh nine": no word of time around it, so an amount as likely as a time
            return f"{UNITS[words[0]]} 0{UNITS[words[2]]}"
        return f"{UNITS[words[0]]}:0{UNITS[words[2]]}"
    if (
        len(words) >= 4
        and words[1] == "oh"
        and all(w in UNITS and 1 <= UNITS[w] <= 9 for w in (words[0], words[2]))
        and words[3] not in UNITS
    ):
        # "one-oh-seven seventy": hundreds said with "oh", then cents ($107.70)
        cents = _cardinals(words[3:])
        if len(cents) == 1 and 10 <= cents[0] <= 99 and not _CLOCK_AFTER.match(match.string, match.end()):
            return f"{_currency_after(match)}{UNITS[words[0]]}0{UNITS[words[2]]}.{cents[0]:02d}"
    singles = [w for w in words if w in UNITS and UNITS[w] <= 9]
    if len(words) >= 3 and len(singles) == len(words):
        return "".join(str(UNITS[w]) for w in words)
    if "oh" in words:
        return raw
    numbers = _cardinals(words)
    joined = re.search(r",|\band\b", raw) is not None
    if len(numbers) == 2 and 1 <= numbers[0] <= 99 and 10 <= numbers[1] <= 99 and not joined:
        if _priced(match) or _range_of_amounts(match):
            # an amount read in two groups: "two forty-nine per axle" is most often $249,
            # "thirty-three fifteen a month" $33.15 (no hundreds reading starts at thirty-three);
            # the claim extractor keeps the other reading beside it (see Claim.alternatives)
            if numbers[0] <= 9:
                return f"{_currency_after(match)}{numbers[0]}{numbers[1]:02d}"
            return f"{_currency_after(match)}{numbers[0]}.{numbers[1]:02d}"
        if (
            numbers[0] >= 25
            and not _numbered(match)
            and not _NOT_AN_AMOUNT_AFTER.match(match.string, match.end())
        ):
            # "the ten-inch is eighty-eight fifty": no clock, year or hundreds reading starts above
            # twenty-four, so two groups said together are dollars and cents
            return f"{_currency_after(match)}{numbers[0]}.{numbers[1]:02d}"
        if numbers[0] <= 12 and numbers[1] <= 59:
            if _numbered(match):
                # "room four twelve", "four forty Northwest Elm": a room or house number
                return f"{numbers[0]}{numbers[1]:02d}"
            if not (cued if cued is not None else _clock_cue(match)):
                # "about one forty-three": nothing around it says time of day; left as two
                # numbers (an answer to a price question reads them as an amount)
                return f"{numbers[0]} {numbers[1]:02d}"
            return f"{numbers[0]}:{numbers[1]:02d}"
    if (
        len(numbers) == 2
        and numbers[0] >= 100
        and 10 <= numbers[1] <= 99
        and not _JOINED_NUMBERS.search(raw)
        and not _numbered(match)
    ):
        # "a hundred twenty-four ninety-nine": a scale word then a two-digit group is dollars and cents
        return f"{_currency_after(match)}{numbers[0]}.{numbers[1]:02d}"
    if (
        len(numbers) == 3
        and 1 <= numbers[0] <= 99
        and all(10 <= n <= 99 for n in numbers[1:])
        and not joined
        and not _numbered(match)
    ):
        # "one seventy-nine fifty", "thirteen seventy-nine ninety-five": hundreds, then cents
        # ($179.50, $1,379.95); five or six digits are no phone number
        return f"{_currency_after(match)}{numbers[0] * 100 + numbers[1]}.{numbers[2]:02d}"
    if len(numbers) >= 3 and all(n <= 99 for n in numbers) and not re.search(r"\band\b|,", raw):
        # digit groups read out: "two seventeen five five five ..." -> a digit string
        return "".join(str(n) for n in numbers)
    if len(numbers) >= 2 and joined:
        read_out = _phone_in_groups(raw)
        if read_out is not None:
            return read_out
        # "between eight and ten", "nine, ten or eleven": keep the words that separate them
        pieces = _SEPARATOR.split(raw)
        if len(pieces) > 1:
            return "".join(
                piece if _SEPARATOR.fullmatch(piece) else _RUN.sub(_piece_rewriter(match, cued), piece)
                for piece in pieces
            )
    return " ".join(str(n) for n in numbers)


def _phone_in_groups(raw: str) -> str | None:
    """A phone number read in comma-separated groups whose last group is said as two pairs ("five
    five five, eight one two, thirty thirty" -> 5558123030): digit groups of three or more digits
    said one by one, then the line number as pairs of tens, is one digit string, not a price."""
    groups = [group for group in re.split(r"\s*,\s*", raw.strip()) if group]
    if len(groups) < 3:
        return None
    digits: list[str] = []
    for at, group in enumerate(groups[:-1]):
        toll_free = _TOLL_FREE.fullmatch(group) if not at else None
        if toll_free is not None:
            # "one eight hundred, two two two, twelve twenty-two": the toll-free prefix 1-800
            digits.append(("1" if toll_free.group(1) else "") + str(UNITS[toll_free.group(2)]) + "00")
            continue
        said = [w for w in re.split(r"[\s-]+", group) if w]
        if len(said) < 3 or not all(w in UNITS and UNITS[w] <= 9 for w in said):
            return None
        digits.append("".join(str(UNITS[w]) for w in said))
    said = [w for w in re.split(r"[\s-]+", groups[-1]) if w and w != "and"]
    if (
        digits
        and digits[0].endswith("00")
        and len(said) == 4
        and all(w in UNITS and UNITS[w] <= 9 for w in said)
    ):
        return "".join(digits) + "".join(str(UNITS[w]) for w in said)  # "..., one two two two"
    last = _cardinals(said)
    if not 1 <= len(last) <= 2 or not all(10 <= n <= 99 for n in last):
        return None
    return "".join(digits) + "".join(f"{n:02d}" for n in last)


_TOLL_FREE: Final = re.compile(r"(one\s+)?(eight|nine)\s+hundred")
"""The toll-free (800) or premium (900) prefix said as a number ("one eight hundred")."""


_NOT_AN_AMOUNT_AFTER: Final = re.compile(
    r"\s*(?:%|percent|per ?cent|degrees?|miles?|km|kilomet|feet|foot|inch|meters?|metres?|pounds? of|lbs?|kg|"
    r"minutes?|hours?|days?|weeks?|months?|years?|people|guests|times|percent)\b|[-\w]"
)
"""What makes a pair of numbers a measure or a count rather than an amount."""
_CLOCK_AFTER: Final = re.compile(r"\s*(?:a\.?m\b|p\.?m\b|o'?clock|in the (?:morning|afternoon|evening))")
_JOINED_NUMBERS: Final = re.compile(r",|(?<!hundred)(?<!thousand)\s+and\b")
_SEPARATOR: Final = compile_filtered(r"((?<!hundred)(?<!thousand)(?:\s*,\s*|\s+and\s+))")
_TWO_NUMBERS: Final = compile_filtered(r"(?<!hundred)(?<!thousand)\s+and\s+")

_NUMBER_BEFORE: Final = compile_filtered(
    r"(?:(?:seats|holds|fits|sleeps|accommodates|capacity(?: is)?|max(?:imum)?(?: is)?)"
    r"(?: up to| about| around)?|"
    r"room|suite|unit|number|no\.?|apartment|apt|flat|gate|platform|flight|extension|ext\.?|#|code|pin|"
    r"reference|ref|confirmation|ticket|account|invoice|order|policy|case|claim|model|serial|part|table|seat|"
    r"row|route|exit|bus|lot|locker|kennel|bay|box)(?:\s+(?:is|was|it'?s))?:?\s*$"
)
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


def _piece_rewriter(parent: re.Match[str], cued: bool | None) -> Callable[[re.Match[str]], str]:
    """The rewrite for the pieces of a joined run, with the parent run's time cue."""
    cue = cued if cued is not None else _clock_cue(parent)
    return lambda match: _rewrite(match, cue)


def _clock_cue(match: re.Match[str]) -> bool:
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


def _numbered(match: re.Match[str]) -> bool:
    """Whether a pair of numbers is a room, unit or house number ("room four twelve", "four forty
    Northwest Elm", "twelve fifty Maple Grove Avenue") rather than a clock time."""
    text = match.string
    return bool(
        _NUMBER_BEFORE.search(text[max(0, match.start() - 12) : match.start()])
        or _PLACE_AFTER.match(text, match.end())
    )


_CURRENCY_AFTER: Final = re.compile(r"\s*(?:(pounds?|quid)|(euros?))\b")


def _currency_after(match: re.Match[str]) -> str:
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
    r"plus(?: the| a| an)?|adds?(?: another| an extra| an)?|\$)\s*(?:(?:about|around|roughly|just|only)\s*)?$"
)


def _priced(match: re.Match[str]) -> bool:
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


def _range_of_amounts(match: re.Match[str]) -> bool:
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
    numbers = _cardinals(parts)
    if len(numbers) == 2:
        # "from one seventy-five to three fifty": a start no clock has (minutes over 59)
        return numbers[0] > 24 or numbers[1] > 59
    return len(numbers) == 1 and numbers[0] > 24


def _half_past(match: re.Match[str]) -> str:
    minutes = 30 if match.group(1) == "half" else 15
    hour = int(match.group(3))
    if match.group(2) in {"to", "till"}:
        hour = (hour - 1) or 12
        minutes = 60 - minutes
    return f"{hour}:{minutes:02d}"


def _restart(match: re.Match[str]) -> str:
    """A number broken off and restarted ("555 018... uh, 0183"): the restart replaces the
    overlapping tail, so the digits read as the speaker finally meant them."""
    first, second = match.group(1), match.group(2)
    if len(first) + len(second) < 7:
        return match.group(0)
    for overlap in range(min(len(first), len(second)), 0, -1):
        if first.endswith(second[:overlap]):
            return first[: len(first) - overlap] + second
    return first + second


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
_ORDINAL_DATE: Final = compile_filtered(
    r"\b((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(?:the\s+)?|the\s+)"
    r"(?:(twenty|thirty)[\s-]?)?(" + "|".join(ORDINALS) + r")\b"
)
"""A spoken day of the month ("November twenty-eighth", "Saturday the fourteenth"): only after a
month or "the", so "first time" stays words."""
_ORDINAL_ADJECTIVE: Final = re.compile(
    r"\s+(?!(?:of|at|in|on|for|is|was|works?|and|or|to|through|thru|till|until|then|would|will|could|"
    r"okay|ok|please|if|when|so|since|because|between|from|by|around|after|before|instead|"
    r"morning|afternoon|evening|night)\b)[a-z0-9]"
)
""""The first two hours", "the second floor", "the third visit": after "the", an ordinal followed
by the thing it ranks is an adjective, not a day of the month ("on the first at ten" is a day)."""
_HALF_HOUR_UK: Final = re.compile(
    r"\bhalf (\d{1,2})\b(?![:.]\d)"
    r"(?!\s*(?:%|percent|dollars?|pounds?|quid|bucks|off|price|more|of|dozen|times?|\w+s\b))"
)
"""British "half five" is 5:30 (not "half one more time", "half two hours")."""


def _ordinal(match: re.Match[str]) -> str:
    day = ORDINALS[match.group(3)] + (TENS[match.group(2)] if match.group(2) else 0)
    if day > 31:
        return match.group(0)
    if match.group(1) == "the " and _ORDINAL_ADJECTIVE.match(match.string, match.end()):
        return match.group(0)
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(day % 10 if day // 10 != 1 else 0, "th")
    return f"{match.group(1)}{day}{suffix}"


@lru_cache(maxsize=4096)
def digits_for_speech(text: str) -> str:
    """The lower-cased `text` with spoken numbers written as digits (see the module docstring)."""
    text = text.casefold()
    if not _NUMBERISH.search(text):
        return text  # nothing below can fire without a digit, a number word or an ordinal
    if "," in text:
        text = _THOUSANDS.sub("", text)
    if "th" in text or "first" in text or "second" in text:
        text = _ORDINAL_DATE.sub(_ordinal, text)
    if _ANY_NUMBER_WORD.search(text):
        text = _RUN.sub(_rewrite, text)
    if "..." in text or "…" in text or "-" in text:
        text = _RESTART.sub(_restart, text)
    if "clock" in text:
        text = _O_CLOCK.sub(r"\1:00", text)
    if "past" in text or "after" in text or " to " in text or "till" in text:
        text = _HALF_PAST.sub(_half_past, text)
    if "quarter" in text or "half" in text:
        text = _HUNDRED_AND_A_PART.sub(_hundred_and_a_part, text)
        if " a " in text or " an " in text or " per " in text:
            text = _AND_A_PART_PER_UNIT.sub(_and_a_part, text)
    if "half" in text:
        text = _AND_A_HALF.sub(r"\1.5", text)
        text = _HALF_HOUR_UK.sub(r"\1:30", text)
    if " point " in text:
        text = _POINT.sub(_decimal, text)
    return text


_NUMBERISH: Final = compile_filtered(
    r"\d|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|teen|twenty|thirty|forty|"
    r"fourty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|"
    r"first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|teenth|twentieth|"
    r"thirtieth"
)
"""What every rewrite of `digits_for_speech` needs in the text: a digit (thousands, restarts, "o'clock",
"half past", "point", "and a half"), a number word (`_RUN`, whose words `_ANY_NUMBER_WORD` loosely
finds) or an ordinal (`_ORDINAL_DATE`; "thirteenth" to "nineteenth" hold "teenth"). Most sentences
have none, and one search spares them the rest."""
_POINT: Final = re.compile(r"\b(\d+) point ((?:\d )*\d)\b(?![:.]\d)")
"""A decimal said in words ("three point nine percent", "zero point four five"): the digits after
"point" are read one by one."""
_HUNDRED_AND_A_PART: Final = re.compile(
    r"\b(\d+)00 and a (quarter|half)\b(?! (?:of|an?|past|to|hours?|days?)\b)"
)
"""A round hundred and a part of the next one ("a hundred and a quarter" is 125, "two hundred and a
half" 250): the way people round a price, not a hundred and a fraction."""


def _hundred_and_a_part(match: re.Match[str]) -> str:
    return str(int(match.group(1)) * 100 + (25 if match.group(2) == "quarter" else 50))


RATE_UNITS: Final = (
    "night|hour|month|week|year|day|person|adult|child|head|stay|visit|guest|serving|slice|piece|dozen|"
    "class|session|lesson|room|ticket|seat|gallon|litre|liter|pound|lb|kilo|kg|ounce|oz|mile|kilometer|"
    "kilometre|km|foot|square foot|sq ft|yard|meter|metre|inch|bag|load|box|item|unit|window|cylinder|page|"
    "minute|tank|cord|ton|bundle|pair|dog|cat|pet|car|vehicle|bike"
)
"""What a price is charged per ("six and a quarter a gallon", "at 4.25 per pound"): after a number,
"a"/"per" and one of these make the number a rate, not a clock time or a count."""
_AND_A_PART_PER_UNIT: Final = re.compile(
    rf"\b(\d+) and a (quarter|half)\b(?= (?:an?|per) (?:{RATE_UNITS})\b)"
)
"""A price said with a fraction of the unit ("fuel at six and a quarter a gallon" is $6.25, "twelve and
a half an hour" $12.50): the number and its part, before what the price is per."""


def _and_a_part(match: re.Match[str]) -> str:
    return f"{match.group(1)}.{25 if match.group(2) == 'quarter' else 50}"


_AND_A_HALF: Final = re.compile(
    r"\b(\d+) and a half\b(?= (?:%|percent|per cent|hours?|days?|weeks?|months?|years?|miles?|times|stars?))"
)
"""Four and a half percent, two and a half hours: a half added to the number."""


def _decimal(match: re.Match[str]) -> str:
    return f"{match.group(1)}.{match.group(2).replace(' ', '')}"
