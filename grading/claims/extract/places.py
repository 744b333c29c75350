"""Where and how to reach a business: phone numbers, postcodes, suites and streets with their house
numbers."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from grading.claims.extract.claim import ClaimValue
from grading.first_chars import compile_filtered

PHONE: Final = compile_filtered(r"(?<![\w.])\+?\(?\d(?:[\d\s()-]|\.(?!\s)){5,}\d(?![\w.]\d)")
"""Seven or more digits with separators; a full stop before a space ends the sentence, so the number
ends there ("5550941. 2016 ford focus" is the number and a year, not eleven digits)."""
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
UNIT_HINT: Final = ("suite", "unit", "ste", "apt", "apartment")
"""The suite or unit of an address ("Suite 210"), which an address read out can get wrong."""
PLACE_NUMBER: Final = re.compile(
    r"\b(door|gate|entrance|exit|bay|dock|platform|pier|terminal|berth|floor|lot)\s+(?:number\s+|#\s*)?"
    r"([a-z]?\d{1,3}[a-z]?)\b(?![:.]\d|\s*(?:%|percent|dollars?|minutes?|hours?|days?|am|pm|a\.m|p\.m)\b)"
)
PLACE_HINT: Final = (
    "door",
    "gate",
    "entrance",
    "exit",
    "bay",
    "dock",
    "platform",
    "pier",
    "terminal",
    "berth",
    "floor",
    "lot",
)
"""A numbered place where the caller is to go ("outside door six", "gate B12", "pier 3"): the
number of a named kind of place, which a direction can get wrong."""
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


STREET_LEAD: Final[frozenset[str]] = frozenset(
    """on at off along down up from to onto near by via past of take use follow is address""".split()
)
"""What puts a street named without a house number ("we're just off Mill Road", "on Birch Lane")."""


def streets(text: str, add: Callable[[str, ClaimValue, re.Match[str], tuple[str, ...]], None]) -> None:
    """Street names with their house numbers ("52 Mill Road", "twelve fifty Maple Grove Avenue"), or
    without one after a word that places them ("just off Mill Road")."""
    for match in STREET.finditer(text):
        name_words = match.group(2).split()
        led = [*text[max(0, match.start() - 12) : match.start()].split()[-1:]]
        while name_words and name_words[0] in STREET_STOP:
            led.append(name_words.pop(0))
        if not name_words or any(word in STREET_STOP for word in name_words):
            if not name_words:
                continue
            cut = name_words.index(next(w for w in name_words if w in STREET_STOP)) + 1
            led.extend(name_words[:cut])
            name_words = name_words[cut:]
            if not name_words:
                continue
        if not match.group(1) and STREET_LEAD.isdisjoint(led):
            continue  # "a clicking drive goes to the lab": no number, no "on" or "off", no street
        street = " ".join([*name_words[-2:], STREET_SUFFIXES[match.group(3)]])
        number = re.sub(r"[: ]", "", match.group(1) or "")
        add("street", street, match, (number,) if number else ())
