"""Typed claims out of one sentence: the specific values a caller could act on.

A claim is a kind and a normalised value, so that "$120", "120 dollars" and "one hundred twenty
dollars" are the same claim, "5:29" matches a fact's "05:29" or "17:29", and "(217) 555-0142"
matches "217.555.0142". Kinds: money, free (something offered at no charge), percent, time,
open_day (a day the business is or is not open), date, duration, phone, postcode, street,
price_level (cheap / moderate / expensive), quantity (a number of some thing).

Extraction is by precompiled patterns over the sentence after `digits_for_speech`; spans taken by
one kind are not read again by another (a phone number is not also a quantity).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Final

import msgspec

from grading.claims.numbers import RATE_UNITS, TENS, UNITS, digits_for_speech
from grading.first_chars import compile_filtered
from grading.prefilter import compile_gated
from grading.speech import content_words

ClaimValue = float | str | int | tuple[int, ...]


class Claim(msgspec.Struct, frozen=True, kw_only=True):
    """One specific claim. `value` is comparable across texts for the same `kind`; `span` is the
    claim as it reads after number normalisation; `subject` holds the content words of what the
    claim is about (the thing that is free, the noun counted)."""

    kind: str
    value: ClaimValue
    span: str
    subject: tuple[str, ...] = ()
    currency: str | None = None
    alternatives: tuple[float, ...] = ()
    """Other values an amount may have been said as: "thirty-three fifteen" is $33.15 or $3,315,
    "three forty-nine" $349 or $3.49. The claim stands when any reading does."""


CURRENCY_WORDS: Final = r"dollars?|bucks|pounds?|quid|euros?|usd|gbp|eur|cents?"
MONEY: Final = compile_filtered(
    rf"(?:[$£€]\s?(\d+(?:\.\d{{1,2}})?)(?:\s?(?:dollars?|pounds?))?)"
    rf"|(?:\b(\d+(?:\.\d{{1,2}})?)\s?(?:{CURRENCY_WORDS})\b(?:\s+(?:and\s+)?(\d{{1,2}})\s?(?:cents?|pence|p)\b)?)"
)
PERCENT: Final = re.compile(
    r"\b(\d+(?:\.\d+)?)\s?(?:%|percent\b|per cent\b)"
    r"|(?<![\d.])\b(\d+(?:\.\d+)?|\d{1,2} \d{2})(?=\s(?:apy|apr)\b)"
)
"""A percentage; a rate said before APY or APR is one without the word ("four point one five APY",
"twenty-four ninety-nine APR" in two groups: 24.99)."""
INTENSIFIED: Final = re.compile(
    r"\s+(?!(?:off|of|refund\w*|back|deposit|discount|upfront|up front|payment|prepaid|covered|"
    r"reimburs\w*|financ\w*|down)\b)[a-z]"
)
"""What follows "100%" when it intensifies a word ("100% safe") rather than gives a rate."""
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
DAY_NAMES: Final[dict[str, int]] = {
    "monday": 0,
    "mon": 0,
    "tuesday": 1,
    "tue": 1,
    "tues": 1,
    "wednesday": 2,
    "wed": 2,
    "thursday": 3,
    "thu": 3,
    "thur": 3,
    "thurs": 3,
    "friday": 4,
    "fri": 4,
    "saturday": 5,
    "sat": 5,
    "sunday": 6,
    "sun": 6,
}
_DAY: Final = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?"
_DAY_SHORT: Final = r"(?:mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)"
DAY_RANGE: Final = compile_filtered(
    rf"\b({_DAY}|{_DAY_SHORT})\.?\s*(?:to|through|thru|till|until|-|–|and)\s*({_DAY}|{_DAY_SHORT})\b"
)
DAY_SINGLE: Final = re.compile(rf"\b({_DAY}|weekends?|weekdays?|weeknights?)\b")
DAY_NAME_HINT: Final = re.compile("mon|tue|wed|thu|fri|sat|sun|week")
"""What every DAY_RANGE and DAY_SINGLE match contains: a plain alternation of literals, which `re`
scans for far faster than the full patterns, and most clauses name no day at all."""
OPEN_WORDS: Final = re.compile(
    r"\b(?:open|opens|opening hours|hours are|we'?re in|available|see patients|work)\b"
)
CLOSED_WORDS: Final = re.compile(r"\b(?:closed|close on|not open|aren'?t open|don'?t open|no hours|shut)\b")
DATE: Final = re.compile(
    r"\b(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|"
    r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?\b"
    r"|\b(\d{1,2})(?:st|nd|rd|th)\s+of\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b"
)
_DURATION_UNIT: Final = (
    r"(?:(?:business|working|calendar|school)\s+)?"
    r"(minutes?|mins?|hours?|hrs?|days?|weeks?|fortnights?|months?|years?)"
)
DURATION: Final = re.compile(
    r"\b(\d+(?:\.\d+)?|an?|half an?|a couple(?: of)?|a pair of)\s?(?:-\s?)?" + _DURATION_UNIT + r"\b"
    r"(\s+and\s+a\s+half\b)?(?![\s-]+old\b)(?!\s+(?:out|away|from now|left|to go)\b)"
)
"""A length of time, said in figures or words ("2 business days", "a fortnight", "a couple of
weeks", "an hour and a half"); "a four-year-old" is an age, not a duration."""
DURATION_RANGE_START: Final = re.compile(
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
    r"minutes|hours|days|weeks|nights|months|\d\s+[a-z]+s)\s*$"
)
"""What comes before "a month" / "an hour" when it is the unit of a rate ("$95 a month", "140 an
hour", "twice a day"), not a length of time."""
MONEY_RATE: Final = re.compile(
    r"\b(\d+(?:\.\d{1,2})?)\s+(?:(?:a|an|per)\s+(?:night|hour|month|week|year|day|person|adult|child|head|stay|"
    r"visit|guest|serving|slice|piece|dozen|class|session|lesson|room|ticket|seat)"
    r"|for (?:the|one|a|(?:mon|tues|wednes|thurs|fri|satur|sun)day|that) nights?)\b"
)
"""A price said without its currency ("a hundred and fifty-nine a night", "140 an hour", "one
thirty-nine for Tuesday night")."""
MONEY_PER_UNIT: Final = re.compile(
    rf"(?:\bat\s+(\d+(?:\.\d{{1,2}})?)|(?<![\d.:])\b(\d+\.\d{{2}}))\s+(?:a|an|per)\s+(?:{RATE_UNITS})s?\b"
)
"""A price per unit said without its currency, of any size: after "at" ("fuel at 6.25 a gallon", "at
4 a pound") or with cents ("it's 3.49 a gallon"). Neither is a clock time ("at 6 a.m." has no space
after the a), which a bare "at 6" or a written "6.25" would otherwise be read as."""
MONEY_RANGE_START: Final = re.compile(
    r"\b(\d+(?:\.\d{1,2})?)\s*(?:and|to|or|-|–)\s*[$£€]?\d+(?:\.\d{1,2})?\s?(?:[$£€]|"
    + "dollars?|bucks|pounds?|quid|euros?)"
)
"""The first end of a spoken range takes the currency of the second ("between 180 and 260 pounds")."""
WEIGHT_CONTEXT: Final = compile_filtered(
    r"(?:weigh|weight|heavy|heavier|lighter|lbs|kilo|\bkg\b|\bstone\b)"
    r"|(?<!cost)(?<!costs)(?<!spend)(?<!pay)(?<!worth)(?<!order)(?<!orders)(?<!spent)"
    r"\s(?:over|under|than|up to)\s*$"
)
"""Pounds of weight, not money: "safes over 300 pounds", "a dog under 40 pounds"."""
ISO_DATE: Final = re.compile(r"\b\d{4}-\d{2}-\d{2}(?:t\d{2}:\d{2}(?::\d{2})?)?\b")
"""A date written the way systems write it ("2026-11-16t19:00" read out from a tool): no phone number."""
PHONE: Final = compile_filtered(r"(?<![\w.])\+?\(?\d[\d\s().-]{5,}\d(?![\w.]\d)")
POSTCODE_UK: Final = re.compile(r"\b([a-z]{1,2}\d[a-z\d]?)\s?(\d[a-z]{2})\b")
_STATES: Final = (
    "ak|az|ar|ca|ct|fl|ga|ia|ks|ky|md|mn|ms|mo|mt|ne|nv|nh|nj|nm|ny|nc|nd|ri|sc|sd|tn|tx|ut|vt|va|wa|wv|wi|wy"
    "|dc"
)
POSTCODE_US: Final = compile_filtered(
    rf"(?:,\s*[a-z]{{2}}\s+|\b(?:{_STATES})\s+|\bzip(?: code)?(?: is)?\s+)"
    r"(\d{5})(?:-\d{4})?\b(?![\s.-]?\d)"
)
"""Five digits after a state or "zip"; not the first group of a longer number ("is 01273 555 0142"),
nor a round number after a two-letter word ("about six thousand on twenty thousand"): a state that
is also an English word (in, or, me, ok...) counts only after a comma ("Indianapolis, IN 46204")."""
UNIT_NUMBER: Final = re.compile(r"\b(?:suite|unit|ste\.?|apt\.?|apartment)\s*#?\s*(\d{1,5}[a-z]?)\b")
UNIT_HINT: Final = re.compile(r"suite|unit|ste|apt|apartment")
"""The suite or unit of an address ("Suite 210"), which an address read out can get wrong."""
STREET_SUFFIXES: Final[dict[str, str]] = {
    "street": "street",
    "road": "road",
    "rd": "road",
    "avenue": "avenue",
    "ave": "avenue",
    "lane": "lane",
    "ln": "lane",
    "boulevard": "boulevard",
    "blvd": "boulevard",
    "drive": "drive",
    "square": "square",
    "court": "court",
    "terrace": "terrace",
    "parade": "parade",
    "crescent": "crescent",
    "highway": "highway",
    "parkway": "parkway",
    "pkwy": "parkway",
    "circle": "circle",
    "trail": "trail",
}
STREET: Final = re.compile(
    r"\b(?:(\d+(?:[: ]\d{2})?[a-z]?)\s+)?((?:[a-z][a-z'-]+\s+){1,3}?)("
    + "|".join(STREET_SUFFIXES)
    + r")\b\.?"
)
STREET_STOP: Final[frozenset[str]] = frozenset(
    """the a an on at in of to from and or is are we you our your this that its it's located found
    right just down up across off near by street road way next corner end side other same main
    parking car free any address town city between leaves leave arrives arrive station great nice
    lovely beautiful little big old new located""".split()
)
PRICE_LEVELS: Final[dict[str, str]] = {
    "cheap": "cheap",
    "cheaply": "cheap",
    "inexpensive": "cheap",
    "inexpensively": "cheap",
    "budget": "cheap",
    "low-cost": "cheap",
    "moderate": "moderate",
    "moderately": "moderate",
    "mid-range": "moderate",
    "midrange": "moderate",
    "mid-priced": "moderate",
    "expensive": "expensive",
    "expensively": "expensive",
    "pricey": "expensive",
    "upscale": "expensive",
    "high-end": "expensive",
    "costly": "expensive",
}
PRICE_LEVEL: Final = re.compile(r"\b(" + "|".join(re.escape(w) for w in PRICE_LEVELS) + r")\b")
FREE: Final = re.compile(
    r"(?<![\w-])(?:free(?: of charge)?(?!\s+(?:of|from)\b)(?!-)|complimentary|"
    r"no (?:extra |additional |[a-z]+ )?(?:charge|cost|fee)|at no (?:extra |additional )?(?:cost|charge)|"
    r"included|includes|on the house|waived|"
    r"(?:(?<=\bis )|(?<='s )|(?<='re )|(?<=\bare )|(?<=\bbe ))on us(?!\s+to\b)|"
    r"(?:is|are|be|comes to|down to|that'?s|it'?s)\s+"
    r"(?:0(?![.,:]\d)|nothing)"
    r"(?=\s*(?:[,.;!?]|$|dollars?\b|bucks\b|for\b|extra\b|at all\b|today\b|this time\b))|"
    r"costs? (?:you )?nothing|(?:pay|charge) (?:you )?nothing)\b"
)
ZERO_PRICE: Final = re.compile(
    r"\b(?:fee|price|cost|charge|deposit|total|bill|rate|fare|admission|it|that)\b"
)
""""The joining fee is zero", "that comes to nothing": a price of nothing, when what is zero is a
price (not "the wait is zero")."""
OFFER: Final = re.compile(
    r"\b(?:we|they|it|he|she|dr\.? [a-z]+|the (?:office|clinic|shop|restaurant|hotel|practice))"
    r"(?:\s+(?:also\s+)?(?:offer|offers|provide|provides|have|has|feature|features|run|runs|host|hosts)"
    r"|'ve (?:also )?got)\s+"
    r"(?:a |an |the |some |our |their )?([a-z0-9][a-z0-9' -]{2,60}?)"
    r"(?=[,.;!?]|\s+(?:for|to|and|plus|with|so|if|on|at|every|which|that|where|when|from)\b|$)"
)
OFFER_ITEM: Final = compile_filtered(
    r"(?:\s+(?:on|for|in)\s+[a-z]+)?"
    r"(?:\s*,\s*(?:and\s+|plus\s+)?|\s+(?:and|plus|as well as)\s+|\s*,?\s*plus\s+)"
    r"(?:a |an |the |some |our )?"
    r"(?!(?:so|but|because|which|that|who|she|he|they|it|you|we|i|then|if|when|just|also|too|usually|"
    r"typically|normally|often|sometimes|about|around|roughly|only|\d)\b)"
    r"([a-z0-9][a-z0-9' -]{1,60}?)"
    r"(?=[,.;!?]|\s+(?:and|plus|as well as|for|to|with|so|if|on|at|in|every|which|that|where|when|from)\b|$)"
)
"""The next item of a list of things on offer ("free weights, cardio, a sauna on premium, plus a
pool and a kids' club"), a short qualifier of the item before it skipped ("on premium")."""
ACCEPTED: Final = re.compile(
    r"\b(?:we|they|the (?:office|clinic|shop|store|practice|pharmacy|hotel|salon|gym|club))\s+"
    r"(?:also\s+|do\s+|still\s+)?(?:take|takes|accept|accepts|carry|carries|sell|sells|stock|stocks|"
    r"cover|covers|serve|serves|service|services|deliver to|come out to|travel to)\s+"
    r"(?:a |an |the |some )?([a-z][a-z' -]{2,40}?)(?=[,.;!?]|\s+(?:for|to|and|with|so|if|on|at|too|as)\b|$)"
)
"""What the business says it takes, sells or covers ("we take Medicaid", "we cover Dubuque County"):
a claim only where the sheet says it does not, or lists all it does ("... counties only")."""
LANDMARK: Final = re.compile(
    r"\b(?:next to|behind|across from|across the street from|opposite|beside|in front of|"
    r"around the corner from)\s+"
    r"(?:the |a |our )?([a-z][a-z -]{2,40}?)(?=[,.;!?]|\s+(?:and|on|in|at|so)\b|$)"
)
QUANTITY: Final = compile_filtered(r"(?<![\d.])\b(\d+)\s+([a-z][a-z-]+s)\b")
EVERY: Final = re.compile(r"\bevery\s+(?:(\d+)\s+)?(minute|hour|day|week|month|half hour)s?\b")

_UNIT_MINUTES: Final[dict[str, int]] = {
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
_MONTHS: Final = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")


def _clock(hour: int, minute: int, meridiem: str | None) -> tuple[int, ...]:
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


def _evening(text: str, match: re.Match[str]) -> str | None:
    """ "At nine tonight" is 9 pm: the word after a bare hour settles the half of the day."""
    return "pm" if EVENING.match(text, match.end()) else None


SIZE_SAID: Final = re.compile(r"\b(\d+) by (\d+(?=s?\b)|[a-z]+)s?\b")
"""A size said as two lengths ("ten by tens", "five by fifteen"), written "10x10" on a sheet."""


def sizes_as_written(text: str) -> str:
    """Sizes said as "N by M" written as the sheet writes them ("10 by tens" -> "10x10"), so a size
    offered ("we have ten by tens open") is a size, not the word "tens" the sheet never has."""
    if " by " not in text:
        return text

    def written(match: re.Match[str]) -> str:
        second = match.group(2)
        said = (second, second.removesuffix("s"), second.removesuffix("es"))
        number = (
            second
            if second.isdigit()
            else next((n for w in said for n in [UNITS.get(w, TENS.get(w))] if n), None)
        )
        return match.group(0) if number is None else f"{match.group(1)}x{number}"

    return SIZE_SAID.sub(written, text)


def _streets(text: str, add: Callable[[str, ClaimValue, re.Match[str], tuple[str, ...]], None]) -> None:
    """Street names with their house numbers ("52 Mill Road", "twelve fifty Maple Grove Avenue")."""
    for match in STREET.finditer(text):
        name_words = match.group(2).split()
        while name_words and name_words[0] in STREET_STOP:
            name_words.pop(0)
        if not name_words or any(word in STREET_STOP for word in name_words):
            if not name_words:
                continue
            name_words = name_words[name_words.index(next(w for w in name_words if w in STREET_STOP)) + 1 :]
            if not name_words:
                continue
        street = " ".join([*name_words[-2:], STREET_SUFFIXES[match.group(3)]])
        number = re.sub(r"[: ]", "", match.group(1) or "")
        add("street", street, match, (number,) if number else ())


_PRICE_WORDS: Final = re.compile("cheap|moderate|expensiv|pricey|upscale|high-end|costly|budget|mid")
_FREE_HINTS: Final = re.compile("free|complimentary|charge|cost|fee|includ|house|waived| 0|nothing")
OUR_FACILITY: Final = re.compile(
    r"\b(?:use|visit|go to|head to|come to|pull up to|drive up to|drive through|stop by|swing by|park in)\s+"
    r"our\s+([a-z][a-z' -]{1,40}?)(?=[,.;!?]|\s+(?:on|in|at|to|for|and|so|which|that|where|when|from|by|"
    r"with|around|near|next|out|round|any|every|this|today|tomorrow|tonight|anytime|if|or|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun|week)(?:day|end)s?)\b|$)"
)
"""A part of the business the caller is sent to use ("just use our drive-through window"): an
amenity, invented where the sheet never names it."""
CREDENTIAL: Final = re.compile(
    r"\b(?:we'?re|we are|i'?m|i am|he'?s|he is|she'?s|she is|they'?re|they are|(?:dr\.?|doctor) [a-z]+ is|"
    r"our [a-z]+(?: [a-z]+)? (?:is|are))\s+(?:also\s+|fully\s+|all\s+)?"
    r"((?:(?!(?:licensed|certified|accredited|registered|bonded|insured|and|not|also|fully)\b)[a-z][a-z-]*\s+){1,3})?"
    r"(licensed|certified|accredited|board[- ]certified|registered|bonded|insured)\b"
    r"(?:\s+(?:in|by|with|as|for|through)\s+([a-z0-9][a-z0-9' -]{1,50}?))?(?=[,.;!?]|\s+(?:and|so|but)\b|$)"
)
"""A credential ("we're licensed in all fifty states", "we're Green Pro certified"): a claim when it
says by whom or where; a bare "licensed and insured" is left alone."""
_OFFER_VERBS: Final = re.compile("offer|provide|have|has |feature|run|host|'ve got|ve also got")
_CREDENTIAL_WORDS: Final = re.compile("licensed|certified|accredited|registered|bonded|insured")
_ACCEPT_VERBS: Final = re.compile("take|accept|carr|sell|stock|cover|serv|deliver to|come out to|travel to")
_LANDMARK_HINTS: Final = re.compile("next to|behind|across|opposite|beside|front of|corner")
"""Plain substring patterns (no word boundaries, so `re` scans fast) that spare the full patterns
on sentences that cannot match them."""


def _has_any(text: str, hint: re.Pattern[str]) -> bool:
    return hint.search(text) is not None


def _taken(spans: list[tuple[int, int]], start: int, end: int) -> bool:
    return any(start < e and s < end for s, e in spans)


def open_and_closed_days(text: str) -> tuple[set[int], set[int]]:
    """The days a text says are open and the days it says are closed, clause by clause
    ("Open Saturday 9 am to 1 pm; closed Sunday" -> {Saturday}, {Sunday})."""
    opened: set[int] = set()
    closed: set[int] = set()
    for clause in CLAUSE.split(text.casefold()):
        days = days_in(clause)
        if not days and EVERY_DAY_OPEN.search(clause) and OPEN_WORDS.search(clause):
            # "Open every day 9 am to 5 pm": every day of the week, which a seasonal late opening
            # ("until 8 pm on Fridays") in another fact does not narrow
            days = set(range(7))
        if CLOSED_WORDS.search(clause):
            if not partial_closure(clause):
                closed |= days
            else:
                # "Open Tuesday to Friday 10 to 7, with the desk closed for lunch 1 to 1:30": a
                # day closed for part of it is a day open
                opened |= days
        else:
            opened |= days
    return opened, closed


EVERY_DAY_OPEN: Final = re.compile(r"\b(?:every day|daily|seven days a week|7 days a week|all week)\b")
"""A clause of hours that opens on every day of the week without naming one."""


NEGATED: Final = re.compile(
    r"\b(?:there (?:is|are) no|we have no|has no|have no|no longer (?:offer|have|do)s?|"
    r"(?:does|do|did) not (?:do|offer|have|provide|run|take|accept|sell|move|carry|allow)|"
    r"(?:doesn'?t|don'?t) (?:do|offer|have|provide|run|take|accept|sell|move|carry|allow))\s+"
    r"([a-z][a-z', -]{2,80}?)(?=[;.]|\s+(?:but|so|because|since|over|under)\b|$)"
)


AMOUNT_BOUNDARY: Final = re.compile(r"[;.](?:\s|$)|,\s*(?:and|but)\b")


def days_of_amounts(text: str) -> tuple[tuple[float, frozenset[int]], ...]:
    """Each amount of a fact with the days it applies to ("$159 per night Sunday to Thursday and
    $199 on Friday and Saturday nights"): the days said after it, up to the next amount or clause
    end; else the days said before it in its clause ("on weekends it's $199")."""
    lowered = text.casefold()
    found = [(m.start(), m.end(), float(m.group(1) or m.group(2))) for m in MONEY.finditer(lowered)]
    result: list[tuple[float, frozenset[int]]] = []
    for i, (start, end, value) in enumerate(found):
        after = lowered[end : found[i + 1][0] if i + 1 < len(found) else len(lowered)]
        after = AMOUNT_BOUNDARY.split(after, maxsplit=1)[0]
        days = days_in(after)
        if not days:
            before = lowered[found[i - 1][1] if i else 0 : start]
            days = days_in(AMOUNT_BOUNDARY.split(before)[-1])
        result.append((value, frozenset(days)))
    return tuple(result)


TIME_SEGMENT: Final = re.compile(
    r"[;,.](?:\s|$)|\s+and\s+(?=(?:on\s+)?\d|(?:on\s+)?[a-z]+days?\b|weekends?\b)"
)


def days_of_times(text: str) -> tuple[tuple[tuple[int, ...], frozenset[int]], ...]:
    """Each time of an hours fact with the days it applies to ("Monday to Friday 10 am to 8 pm,
    Sunday 11 am to 5 pm"): segment by segment, a segment's own days, else the days of the segment
    before it (a lunch break inside the weekday hours); empty where the fact names no days."""
    result: list[tuple[tuple[int, ...], frozenset[int]]] = []
    carried: frozenset[int] = frozenset()
    timed = True  # whether the segment before gave times; days in a row ("Saturday and Sunday") add up
    for segment in TIME_SEGMENT.split(text.casefold()):
        own = frozenset(days_in(segment))
        days = (own if timed else carried | own) or carried
        carried = days
        times = [c.value for c in _extract(segment) if c.kind == "time" and isinstance(c.value, tuple)]
        timed = bool(times) or not own
        result.extend((value, days) for value in times)
    return tuple(result)


NO_THING: Final = re.compile(r"(?:^|[;.:]\s*)no\s+([a-z][a-z'-]+(?:\s+[a-z][a-z'-]+){0,2}?)\s*(?=[;.]|$)")
"""A clause that is only "no X" ("Eye exams are by appointment only; no walk-ins."): X is denied,
unless it is something not needed ("no appointment needed")."""


def negated_things(text: str) -> frozenset[str]:
    """The content words of what a fact says the business does not have or do ("There is no
    airport shuttle", "We do not move pianos or pool tables", "...; no walk-ins")."""
    found: set[str] = set()
    lowered = text.casefold()
    for match in NEGATED.finditer(lowered):
        found |= content_words(match.group(1))
    for match in NO_THING.finditer(lowered):
        if not re.search(r"\b(?:needed|required|necessary|minimum|charge|fee|cost)$", match.group(1)):
            found |= content_words(match.group(1))
    return frozenset(found)


PARTIAL_CLOSURE: Final = compile_filtered(r"\d|\bnoon\b|\bfor (?:lunch|cleaning|a break|maintenance)\b")


def partial_closure(clause: str) -> bool:
    """ "Closed for lunch 1 to 1:30", "except Tuesdays 1 to 3 pm when it is closed": a closure
    for part of the day, so the days it names are not closed days."""
    return PARTIAL_CLOSURE.search(digits_for_speech(clause)) is not None


CLAUSE: Final = compile_filtered(r"[;.]\s+|[;.]$|,?\s*\bbut\b|,\s*and\b|,\s*(?=closed)")


def days_in(text: str) -> set[int]:
    """Every weekday a text names, ranges expanded ("Monday to Friday", "Mon-Fri", "weekdays"). A
    fresh set the caller may change."""
    return set(days_named(text))


@lru_cache(maxsize=4096)
def days_named(text: str) -> frozenset[int]:
    """`days_in` shared and read-only: cached, since the checks ask it of the same clauses and
    sentences over and over (every claim of a sentence about hours asks it of its clause)."""
    found: set[int] = set()
    lowered = text.casefold()
    if not DAY_NAME_HINT.search(lowered):
        return frozenset()
    for match in DAY_RANGE.finditer(lowered):
        first = DAY_NAMES[match.group(1).rstrip("s")[:3] if match.group(1)[:3] != "thu" else "thu"]
        last = DAY_NAMES[match.group(2).rstrip("s")[:3] if match.group(2)[:3] != "thu" else "thu"]
        day = first
        while True:
            found.add(day)
            if day == last:
                break
            day = (day + 1) % 7
    for match in DAY_SINGLE.finditer(lowered):
        word = match.group(1)
        if word.startswith("weekend"):
            found |= {5, 6}
        elif word.startswith("weekday"):
            found |= {0, 1, 2, 3, 4}
        elif word.startswith("weeknight"):
            found |= {6, 0, 1, 2, 3}  # the nights before a working day
        else:
            found.add(DAY_NAMES[word.rstrip("s")[:3] if not word.startswith("thu") else "thu"])
    return frozenset(found)


GRAND: Final = re.compile(r"\b(\d+(?:\.\d)?)\s?grand\b")
""""Three grand": thousands of the currency, said the way people say them."""
MONEY_HINT: Final = re.compile(r"[$£€]|dollar|buck|pound|quid|euro|usd|gbp|eur|cent")
FIVE_DIGITS: Final = re.compile(r"\d{5}")
DAYPART_HINT: Final = re.compile(r"morning|afternoon|evening|night")
MONTH_HINT: Final = re.compile(r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)")
DURATION_HINT: Final = re.compile(r"min|hour|hr|day|week|month|year|fortnight")
"""Cheap substring tests that spare the full patterns on sentences that cannot match them."""
NUMERIC_HINT: Final = compile_filtered(r"[0-9]|noon|midday|midnight")
LETTER_DIGIT: Final = re.compile(r"[a-z]\d")
"""What every POSTCODE_UK match holds (the outward code's area letter and district digit)."""
DIGIT_SPACE: Final = re.compile(r"\d\s")
"""What every QUANTITY match holds (the number and the space before its noun)."""
STREET_HINT: Final = compile_gated(r"\b(?:" + "|".join(STREET_SUFFIXES) + r")\b")


def extract(sentence: str) -> list[Claim]:
    """The claims in one sentence (of agent speech, a fact statement or a tool result)."""
    return list(_extract(sentence))


@lru_cache(maxsize=4096)
def _extract(sentence: str) -> tuple[Claim, ...]:
    return tuple(_extract_uncached(sentence))


def _extract_uncached(sentence: str) -> list[Claim]:
    text = digits_for_speech(sentence)
    if not NUMERIC_HINT.search(text):
        if not DURATION_HINT.search(text):
            return _extract_words(text)
        # lengths of time said in words alone ("about a fortnight", "an hour and a half")
        found: list[Claim] = []
        taken: list[tuple[int, int]] = []
        _durations(text, found, taken)
        return found + _extract_words(text, taken)
    claims: list[Claim] = []
    spans: list[tuple[int, int]] = []

    def add(kind: str, value: ClaimValue, match: re.Match[str], subject: tuple[str, ...] = ()) -> None:
        claims.append(Claim(kind=kind, value=value, span=match.group(0).strip(), subject=subject))
        spans.append(match.span())

    for match in MONEY.finditer(text) if MONEY_HINT.search(text) else ():
        amount = match.group(1) or match.group(2)
        value = float(amount)
        if match.group(3):
            value += int(match.group(3)) / 100
        elif re.search(r"cents?$", match.group(0)) and not match.group(1):
            value /= 100
        unit = match.group(0)
        if "pound" in unit and _weight(text, match):
            continue
        currency = (
            "gbp" if re.search(r"£|pound|quid|gbp", unit) else "eur" if re.search(r"€|euro", unit) else "usd"
        )
        claims.append(Claim(kind="money", value=round(value, 2), span=unit.strip(), currency=currency))
        spans.append(match.span())
    if claims and ("and" in text or "to" in text or "or" in text or "-" in text):
        for match in MONEY_RANGE_START.finditer(text):
            if not _taken(spans, *match.span(1)):
                currency = claims[-1].currency
                claims.append(
                    Claim(kind="money", value=float(match.group(1)), span=match.group(1), currency=currency)
                )
                spans.append(match.span(1))
    for match in MONEY_RATE.finditer(text) if " a" in text or " per " in text or " for " in text else ():
        if not _taken(spans, *match.span(1)) and float(match.group(1)) >= 10:
            add("money", float(match.group(1)), match)
    for match in MONEY_PER_UNIT.finditer(text) if " a" in text or " per " in text else ():
        group = 1 if match.group(1) is not None else 2
        if not _taken(spans, *match.span(group)):
            claims.append(Claim(kind="money", value=float(match.group(group)), span=match.group(0).strip()))
            spans.append(match.span())
    for match in GRAND.finditer(text) if "grand" in text else ():
        if not _taken(spans, *match.span()):
            add("money", float(match.group(1)) * 1000, match)
    for match in PERCENT.finditer(text) if "%" in text or "percent" in text or " ap" in text else ():
        if match.group(1) == "100" and INTENSIFIED.match(text, match.end()):
            continue  # "100% safe", "a hundred percent sure": a way of speaking, no rate
        if not _taken(spans, *match.span()):
            add("percent", float((match.group(1) or match.group(2)).replace(" ", ".")), match)
    for match in POSTCODE_UK.finditer(text) if LETTER_DIGIT.search(text) else ():
        if re.search(r"\d", match.group(0)) and re.search(r"[a-z]", match.group(1)):
            add("postcode", (match.group(1) + match.group(2)).replace(" ", ""), match)
    for match in POSTCODE_US.finditer(text) if FIVE_DIGITS.search(text) else ():
        if not _taken(spans, *match.span(1)):
            claims.append(Claim(kind="postcode", value=match.group(1), span=match.group(1)))
            spans.append(match.span(1))
    iso_dates = [m.span() for m in ISO_DATE.finditer(text)] if "-" in text else []
    for match in PHONE.finditer(text):
        digits = re.sub(r"\D", "", match.group(0))
        if (
            len(digits) >= 7
            and not _taken(spans, *match.span())
            and not _taken(iso_dates, *match.span())
            and not re.search(r"\d[:.]\d{2}\b", match.group(0))
        ):
            add("phone", digits, match)
    if STREET_HINT.search(text):
        _streets(text, add)
    for match in DAYPART.finditer(text) if DAYPART_HINT.search(text) else ():
        meridiem = "am" if match.group(3) else "pm"
        add("time", _clock(int(match.group(1)), int(match.group(2) or 0), meridiem), match)
    for match in TIME_CLOCK.finditer(text) if ":" in text or "." in text else ():
        if _taken(spans, *match.span()):
            continue
        if (
            not match.group(3)
            and int(match.group(1)) <= 12
            and not WRITTEN_TIME.search(sentence)
            and not TIME_CONTEXT.search(text)
        ):
            continue
        candidates = _clock(int(match.group(1)), int(match.group(2)), match.group(3) or _evening(text, match))
        if candidates:
            add("time", candidates, match)
    for match in TIME_HOUR.finditer(text) if "m" in text else ():
        if not _taken(spans, *match.span()):
            add("time", _clock(int(match.group(1)), 0, match.group(2)), match)
    for match in TIME_WORD.finditer(text) if "noon" in text or "mid" in text else ():
        add("time", (0,) if match.group(1) == "midnight" else (720,), match)
    for match in TIME_BARE.finditer(text):
        if not _taken(spans, *match.span(1)) and 1 <= int(match.group(1)) <= 12:
            hour = _clock(int(match.group(1)), 0, _evening(text, match))
            claims.append(Claim(kind="time", value=hour, span=match.group(0)))
            spans.append(match.span())
    for match in UNIT_NUMBER.finditer(text) if UNIT_HINT.search(text) else ():
        if not _taken(spans, *match.span(1)):
            claims.append(Claim(kind="unit_number", value=match.group(1), span=match.group(0)))
            spans.append(match.span(1))
    for match in DATE.finditer(text) if MONTH_HINT.search(text) else ():
        month = (match.group(1) or match.group(4))[:3]
        day = int(match.group(2) or match.group(3))
        if 1 <= day <= 31:
            add("date", f"{_MONTHS.index(month) + 1:02d}-{day:02d}", match)
    for match in EVERY.finditer(text) if "every" in text else ():
        count = int(match.group(1) or 1)
        unit = match.group(2)
        minutes = 30 if unit == "half hour" else count * _UNIT_MINUTES[unit]
        add("frequency", minutes, match)
    if DURATION_HINT.search(text):
        _durations(text, claims, spans)
    claims.extend(_extract_words(text, spans, streets_done=True))
    if claims:
        claims = [_with_spoken_readings(c) if _spoken_pair(sentence, c) else c for c in claims]
    return claims


def _durations(text: str, claims: list[Claim], spans: list[tuple[int, int]]) -> None:
    """Lengths of time, with the ends of a range that name their unit only once ("7 to 10 days",
    "a day or two")."""
    for match in DURATION.finditer(text):
        if _taken(spans, *match.span()):
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
        minutes = _UNIT_MINUTES[unit]
        claims.append(Claim(kind="duration", value=int(count * minutes), span=match.group(0).strip()))
        spans.append(match.span())
        end = DURATION_RANGE_END.match(text, match.end())
        if end is not None and not _taken(spans, *end.span(1)):
            claims.append(Claim(kind="duration", value=int(float(end.group(1)) * minutes), span=end.group(1)))
            spans.append(end.span(1))
    for match in (
        DURATION_RANGE_START.finditer(text)
        if "to" in text or "or" in text or "-" in text or "–" in text or "between" in text
        else ()
    ):
        group = 1 if match.group(1) is not None else 2
        if _taken(spans, *match.span(group)):
            continue
        minutes = _UNIT_MINUTES[match.group(3).rstrip("s")]
        claims.append(
            Claim(kind="duration", value=int(float(match.group(group)) * minutes), span=match.group(group))
        )
        spans.append(match.span(group))


def _spoken_pair(sentence: str, claim: Claim) -> bool:
    """Whether a money claim may have come from two groups of words ("two forty-nine" written $249,
    "thirty-three fifteen" $33.15 by `digits_for_speech`) rather than from digits in the transcript."""
    if claim.kind != "money" or not isinstance(claim.value, float):
        return False
    whole, cents = divmod(round(claim.value * 100), 100)
    if cents:
        return 1 <= whole <= 99 and cents >= 10 and f"{whole}.{cents:02d}" not in sentence
    return 110 <= whole <= 999 and whole % 100 >= 10 and str(whole) not in sentence


def _with_spoken_readings(claim: Claim) -> Claim:
    """A money claim said as two groups of words, with its other reading as an alternative."""
    whole, cents = divmod(round(float(claim.value) * 100), 100)  # pyright: ignore[reportArgumentType]
    other = float(whole * 100 + cents) if cents else whole // 100 + (whole % 100) / 100
    return msgspec.structs.replace(claim, alternatives=(other,))


def _extract_words(
    text: str, spans: list[tuple[int, int]] | None = None, *, streets_done: bool = False
) -> list[Claim]:
    """The claims that need no digits: streets, price levels, free things, offers, landmarks."""
    claims: list[Claim] = []
    spans = [] if spans is None else spans

    def add(kind: str, value: ClaimValue, match: re.Match[str], subject: tuple[str, ...] = ()) -> None:
        claims.append(Claim(kind=kind, value=value, span=match.group(0).strip(), subject=subject))
        spans.append(match.span())

    if not streets_done and STREET_HINT.search(text):
        _streets(text, add)
    for match in PRICE_LEVEL.finditer(text) if _has_any(text, _PRICE_WORDS) else ():
        add("price_level", PRICE_LEVELS[match.group(1)], match)
    for match in FREE.finditer(text) if _has_any(text, _FREE_HINTS) else ():
        if _not_a_price(text, match) or NOT_BEFORE.search(text, 0, match.start()) is not None:
            continue
        granted = match.group(0) == "waived" and GRANTED.search(
            text[max(0, match.start() - 20) : match.start()]
        )
        add("free", "waived" if granted else "free", match, _free_subject(text, match))
    for match in OFFER.finditer(text) if _has_any(text, _OFFER_VERBS) else ():
        offered = tuple(sorted(content_words(sizes_as_written(match.group(1)))))
        if offered:
            add("offer", "offer", match, offered)
        item = OFFER_ITEM.match(text, match.end())
        while item is not None:
            offered = tuple(sorted(content_words(item.group(1))))
            if offered:
                claims.append(Claim(kind="offer", value="offer", span=item.group(1).strip(), subject=offered))
                spans.append(item.span(1))
            item = OFFER_ITEM.match(text, item.end())
    for match in OUR_FACILITY.finditer(text) if "our " in text else ():
        named = tuple(sorted(content_words(match.group(1))))
        if named and not _taken(spans, *match.span()):
            add("offer", "facility", match, named)
    for match in CREDENTIAL.finditer(text) if _has_any(text, _CREDENTIAL_WORDS) else ():
        qualifier = content_words(f"{match.group(1) or ''} {match.group(3) or ''}")
        if qualifier:
            add("credential", match.group(2), match, tuple(sorted(qualifier)))
    for match in ACCEPTED.finditer(text) if _has_any(text, _ACCEPT_VERBS) else ():
        accepted = tuple(sorted(content_words(match.group(1))))
        if accepted and not _taken(spans, *match.span()):
            add("offer", "accept", match, accepted)
    for match in LANDMARK.finditer(text) if _has_any(text, _LANDMARK_HINTS) else ():
        place = tuple(sorted(content_words(match.group(1))))
        if place:
            add("landmark", " ".join(place), match, place)
    for match in QUANTITY.finditer(text) if DIGIT_SPACE.search(text) else ():
        if _taken(spans, *match.span()):
            continue
        noun = match.group(2)
        if noun in _NOT_COUNTED or int(match.group(1)) < 2:
            continue
        add("quantity", int(match.group(1)), match, tuple(sorted(content_words(noun))))
    return claims


FREE_AS_AVAILABLE: Final = compile_filtered(
    r"(?:\b(?:i'?m|i am|we'?re|we are|you'?re|you are|he'?s|he is|she'?s|she is|who'?s|who is|anyone'?s|"
    r"anyone is|"
    r"someone'?s|someone is|chair'?s|chair is|(?:when|if|once|until|as soon as) (?:they|we|you|he|she|it)"
    r"(?:'re|'s| are| is| get| gets)?)\s+(?:\w+\s+)?$)"
    r"|\b(?:has|have|got|had|keep|kept)\s+(?:\S+\s+){0,3}?$"
)
"""What comes before "free" when it means not busy ("when they're free", "Ana has 5:30 free")."""
FREE_AT_A_TIME: Final = re.compile(
    r"\s+(?:at|from|between)\s+\d{1,2}(?::\d{2})?\b(?!\s*(?:hours?|days?|weeks?|minutes?|%|percent|dollars?|pounds?))"
)
""""Dana is free at 2:30": free at a clock time is someone's availability."""
TIME_ISH: Final = re.compile(
    r"\d|slot|time|morning|afternoon|evening|hour|minute|day|week|chair|spot|space|room|table"
)
INCLUDED_PEOPLE: Final = re.compile(
    r"\b(?:everyone|everybody|anyone|family|families|friends|relatives|staff|me|you|us|them|him|her|"
    r"myself|yourself|ourselves|themselves)\s+included\b"
)
""""Everyone, family included": a way of saying "including", not something offered at no charge."""


NOT_BEFORE: Final = re.compile(
    r"\b(?:don'?t|do not|doesn'?t|does not|didn'?t|isn'?t|is not|aren'?t|are not|not|never|no longer|"
    r"won'?t|will not|can'?t|cannot)\b[^,;.!?]*$"
)
""""We don't do free consultations", "the exam isn't free": the clause denies that it is free, so
it is no free claim (of agent speech, nor of a fact)."""


GRANTED: Final = re.compile(
    r"\b(?:i'?ve|i have|i'?ll|i will|i can|i'?m|we'?ve|we'?ll|we can|let me)\s+(?:just\s+)?$"
)
""""I've waived the deposit": a concession the agent grants, not a fact about the price."""


def _not_a_price(text: str, match: re.Match[str]) -> bool:
    """Whether a "free" / "included" is ordinary speech rather than a claim that something costs
    nothing: free meaning available, or "X included" meaning "including X"."""
    word = match.group(0)
    if word.startswith("free"):
        before = text[max(0, match.start() - 40) : match.start()]
        if word == "free" and FREE_AT_A_TIME.match(text, match.end()):
            return True
        found = FREE_AS_AVAILABLE.search(before)
        if found is None:
            return False
        owned = found.group(0).startswith(("has", "have", "got", "had", "keep", "kept"))
        return not owned or TIME_ISH.search(found.group(0)) is not None
    if word == "included":
        return INCLUDED_PEOPLE.search(text, max(0, match.start() - 30), match.end()) is not None
    if word == "on the house":
        # "congratulations on the house": the caller's new home, not something given free
        return (
            re.search(r"(?:congratulations|congrats|luck|work|damage|offer)\s*$", text[: match.start()])
            is not None
        )
    if word.startswith(("is ", "are ", "be ", "comes ", "down ", "that", "it")):
        clause = re.split(r"[,.;!?]", text[max(0, match.start() - 40) : match.start()])[-1]
        # "the joining fee is zero"; "that's zero for the call-out": the charge for a thing
        return ZERO_PRICE.search(clause) is None and CHARGED_FOR.match(text, match.end()) is None
    return False


def _weight(text: str, match: re.Match[str]) -> bool:
    """Whether "N pounds" is a weight: the sentence talks of weight, names dollars, or says "over /
    under N pounds" after a thing rather than a price ("safes over 300 pounds")."""
    if re.search(r"\$|dollar|bucks", text):
        return True
    return bool(
        WEIGHT_CONTEXT.search(text[max(0, match.start() - 30) : match.start()])
        or re.search(r"weigh|weight|heav|lbs\b|kilo", text)
    )


def _free_subject(text: str, match: re.Match[str]) -> tuple[str, ...]:
    """What is said to be free: the words right after "free X" / "includes X", else the words just
    before ("admission is free", "breakfast is included") and after ("free to enter")."""
    after = [
        w
        for w in content_words(" ".join(text[match.end() :].split()[:2]))
        if w not in _FREE_WORDS and w not in _WHERE_WHEN
    ]
    if (
        after
        and match.group(0).startswith(("free", "complimentary", "includes"))
        and not re.match(r"\s*(?:to|of|for)\b", text[match.end() :])
    ):
        return tuple(sorted(after))
    charged = (
        None
        if match.group(0).startswith(("free", "complimentary", "includ"))
        else CHARGED_FOR.match(text, match.end())
    )
    if charged is not None:
        # "no charge for the visit": what the charge is for is what is free
        named = content_words(charged.group(1)) - _FREE_WORDS - _WHERE_WHEN
        if named:
            return tuple(sorted(named))
    before = content_words(" ".join(re.split(r"[,.;!?]", text[: match.start()])[-1].split()[-6:]))
    return tuple(sorted((before | set(after)) - _FREE_WORDS))


FREE_THEN_NO_THING: Final = re.compile(
    r"\s*(?:to|of|for|and|or|on|with|while|in|at|if|when|until|till|between|within|inside|outside|"
    r"over|under|up|from|after|before|during|by|as|so|but|now|today|too|here|there|anyway)\b"
)
"""What follows "free" when no thing is named after it ("pickup is free wherever you are",
"delivery is free on orders over $2,500"): the free thing is said before."""
CHARGED_FOR: Final = re.compile(
    r"\s+(?:for|on)\s+(?:the|your|a|an|his|her|their)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)"
    r"(?=\s*(?:[,.;!?]|$|and\b|but\b|so\b|either\b|today\b|this\b|if\b|you\b))"
)
"""What a charge said to be none is for ("no charge for the visit", "no fee on your install")."""


_WHERE_WHEN: Final[frozenset[str]] = frozenset(
    """anywhere everywhere wherever whenever today tonight now too here there always again forever
    anyway""".split()
)
"""Words after "free" that say where or when, not what ("delivery's free anywhere we go")."""
_FREE_WORDS: Final[frozenset[str]] = frozenset(
    {
        "free",
        "charge",
        "cost",
        "fee",
        "price",
        "complimentary",
        "included",
        "include",
        "includ",
        "extra",
        "additional",
    }
)
_NOT_COUNTED: Final[frozenset[str]] = frozenset(
    """am pm and or to of in on at for with the a an is are was were percent dollars dollar pounds pound
    minutes minute hours hour days day weeks week months month years year nights night times pence cents
    people persons guests adults children kids st nd rd th plus""".split()
)
