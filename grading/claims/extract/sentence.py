"""The extractor: every claim of one sentence, kind by kind in a fixed order, a span taken by one
kind not read again by another; cheap substring tests first, so most patterns never run."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from grading.claims.extract.claim import Claim, ClaimValue, span_taken
from grading.claims.extract.free import FREE, GRANTED, denied, free_subject, not_a_price
from grading.claims.extract.money import (
    GRAND,
    INTENSIFIED,
    MONEY,
    MONEY_PER_UNIT,
    MONEY_RANGE_START,
    MONEY_RATE,
    PER_MEASURE,
    PERCENT,
    is_weight,
    spoken_pair,
    with_spoken_readings,
)
from grading.claims.extract.places import (
    PHONE,
    PLACE_HINT,
    PLACE_NUMBER,
    POSTCODE_UK,
    POSTCODE_US,
    STREET_SUFFIXES,
    UNIT_HINT,
    UNIT_NUMBER,
    streets,
)
from grading.claims.extract.things import (
    ACCEPTED,
    CREDENTIAL,
    DOES,
    LANDMARK,
    LIFETIME_TERM,
    NOT_COUNTED,
    OFFER,
    OFFER_ITEM,
    OUR_FACILITY,
    PRICE_LEVEL,
    PRICE_LEVELS,
    QUANTITY,
    sizes_as_written,
)
from grading.claims.extract.times import (
    DATE,
    DAYPART,
    EVERY,
    ISO_DATE,
    MONTHS,
    TIME_BARE,
    TIME_CLOCK,
    TIME_CONTEXT,
    TIME_HOUR,
    TIME_WORD,
    UNIT_MINUTES,
    WRITTEN_TIME,
    clock,
    durations,
    evening,
)
from grading.claims.numbers import digits_for_speech
from grading.first_chars import compile_filtered
from grading.prefilter import compile_gated, literal_words
from grading.prefilter.records import record_of
from grading.speech import content_words, holds_any

_PRICE_WORDS: Final = (
    "cheap",
    "moderate",
    "expensiv",
    "pricey",
    "upscale",
    "high-end",
    "costly",
    "budget",
    "mid",
)
_FREE_HINTS: Final = (
    "free",
    "complimentary",
    "charge",
    "cost",
    "fee",
    "includ",
    "house",
    "waived",
    " 0",
    "nothing",
)
_OFFER_VERBS: Final = ("offer", "provide", "have", "has ", "feature", "run", "host", "'ve got", "ve also got")
_CREDENTIAL_WORDS: Final = ("licensed", "certified", "accredited", "registered", "bonded", "insured")
_ACCEPT_VERBS: Final = (
    "take",
    "accept",
    "carr",
    "sell",
    "stock",
    "cover",
    "serv",
    "deliver to",
    "come out to",
    "travel to",
)
_LANDMARK_HINTS: Final = ("next to", "behind", "across", "opposite", "beside", "front of", "corner")
"""Substrings, one of which each full pattern's match holds, that spare the full patterns on
sentences that cannot match them."""


MONEY_HINT: Final = ("$", "£", "€", "dollar", "buck", "pound", "quid", "euro", "usd", "gbp", "eur", "cent")
FIVE_DIGITS: Final = re.compile(r"\d{5}")
DAYPART_HINT: Final = ("morning", "afternoon", "evening", "night")
MONTH_HINT: Final = compile_filtered(r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)")
DURATION_HINT: Final = ("min", "hour", "hr", "day", "week", "month", "year", "fortnight")
"""Cheap substring tests that spare the full patterns on sentences that cannot match them."""
# The digit-led tests below are scanned by `re` with its first-character skip (a pattern opening
# with `\b`, a lookbehind or an optional part is entered at every position instead), so one costs
# a fraction of the full pattern it spares; each holds a part that every match of it must hold.
_ASCII_DIGIT: Final = re.compile(r"[0-9]")
_MONTHS_SHORT: Final = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")


def says_a_number(text: str) -> bool:
    """Whether `text` (numbers already read as digits, `digits_for_speech`) holds an ASCII digit or
    a clock word (noon, midday, midnight): what every value claim needs. A one-class pattern, which
    `re` scans with its first-character skip, and three substring tests, instead of an alternation
    entered at every candidate letter."""
    return _ASCII_DIGIT.search(text) is not None or "noon" in text or "midday" in text or "midnight" in text


LETTER_DIGIT: Final = re.compile(r"[a-z]\d")
"""What every POSTCODE_UK match holds (the outward code's area letter and district digit)."""
DIGIT_SPACE: Final = re.compile(r"\d\s+[a-z]")
"""What every QUANTITY match holds (the number, the space and the first letter of its noun)."""
STREET_HINT: Final = compile_gated(r"\b(?:" + "|".join(STREET_SUFFIXES) + r")\b")
CLOCK_DIGITS: Final = re.compile(r"\d[:.]\d\d")
"""What every TIME_CLOCK match holds ("9:30", "5.30")."""
HOUR_DIGIT: Final = re.compile(r"\d\s?[ap]")
"""What every TIME_HOUR match holds (the hour's last digit, then am or pm)."""
DIGIT_THEN_WORD: Final = re.compile(r"\d\s+[a-z]")
"""What every MONEY_RATE and MONEY_PER_UNIT match holds (the number, a space, "a", "per" or "for")."""
DIGIT_RUN: Final = re.compile(r"\d[\d\s().-]{5,}\d")
"""What every PHONE match holds (seven or more characters of digits and separators)."""
SPACE_DIGIT: Final = re.compile(r"\s\d")
"""What every TIME_BARE match holds (the space before the hour)."""
RANGE_DIGITS: Final = re.compile(r"\d\s*(?:and|to|or|-|–)\s*[$£€]?\d")
"""What every MONEY_RANGE_START match holds (two numbers joined)."""


SPOKEN_DATE: Final = re.compile(r"(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])")
"""Eight digits that read as a date, year first ("twenty twenty-six twelve fifteen", a tool's
argument read aloud): no phone number has that shape of eight."""


MIN_AGE: Final = re.compile(
    r"\b(?:from|over) (?:the )?age (?:of )?(\d{1,2})\b"
    r"|\b(?:minimum|min\.?) age (?:is |of )?(\d{1,2})\b"
    r"|\bages? (\d{1,2}) (?:and|or) (?:up|over|older|above)\b"
    r"|\baged (\d{1,2}) (?:and|or) (?:up|over|older|above)\b"
    r"|\bat least (\d{1,2})[\s-]+years?[\s-]+old\b"
    r"|\bmust be (\d{1,2})(?:[\s-]+years?(?:[\s-]+old)?)?(?: or older)?\b"
    r"(?!\s*(?:minutes|hours|days|inches|feet|lb))"
)
"""The youngest age a thing is open to ("children can fly from age six", "the minimum age is 8",
"ages 12 and up", "must be 18"): held against the sheet's own minimum ages."""


def extract(sentence: str) -> list[Claim]:
    """The claims in one sentence (of agent speech, a fact statement or a tool result)."""
    return list(cached_extract(sentence))


@lru_cache(maxsize=4096)
def cached_extract(sentence: str) -> tuple[Claim, ...]:
    return tuple(_extract_uncached(sentence))


def _extract_uncached(sentence: str) -> list[Claim]:
    text = digits_for_speech(sentence)
    if not says_a_number(text):
        # no [0-9]: an ASCII text has no `\d` for DIGIT_SPACE to find (a search spared)
        counted = not text.isascii() and DIGIT_SPACE.search(text) is not None
        if not holds_any(text, DURATION_HINT):
            return _extract_words(text, counted=counted)
        # lengths of time said in words alone ("about a fortnight", "an hour and a half")
        found: list[Claim] = []
        taken: list[tuple[int, int]] = []
        durations(text, found, taken)
        return found + _extract_words(text, taken, counted=counted)
    claims: list[Claim] = []
    spans: list[tuple[int, int]] = []

    def add(kind: str, value: ClaimValue, match: re.Match[str], subject: tuple[str, ...] = ()) -> None:
        claims.append(Claim(kind=kind, value=value, span=match.group(0).strip(), subject=subject))
        spans.append(match.span())

    for match in MONEY.finditer(text) if holds_any(text, MONEY_HINT) else ():
        amount = match.group(1) or match.group(3)
        value = float(amount)
        cents = match.group(2) or match.group(4)
        if cents:
            value += int(cents) / 100
        elif re.search(r"cents?$", match.group(0)) and not match.group(1):
            value /= 100
        unit = match.group(0)
        if "pound" in unit and is_weight(text, match):
            continue
        currency = (
            "gbp" if re.search(r"£|pound|quid|gbp", unit) else "eur" if re.search(r"€|euro", unit) else "usd"
        )
        claims.append(Claim(kind="money", value=round(value, 2), span=unit.strip(), currency=currency))
        spans.append(match.span())
    if (
        claims
        and ("and" in text or "to" in text or "or" in text or "-" in text)
        and RANGE_DIGITS.search(text)
    ):
        for match in MONEY_RANGE_START.finditer(text):
            if not span_taken(spans, *match.span(1)):
                range_currency = claims[-1].currency  # "$40 to 60": the range's currency
                claims.append(
                    Claim(
                        kind="money",
                        value=float(match.group(1)),
                        span=match.group(1),
                        currency=range_currency,
                    )
                )
                spans.append(match.span(1))
    rated = DIGIT_THEN_WORD.search(text) is not None
    for match in (
        MONEY_RATE.finditer(text) if rated and (" a" in text or " per " in text or " for " in text) else ()
    ):
        if not span_taken(spans, *match.span(1)) and float(match.group(1)) >= 10:
            add("money", float(match.group(1)), match)
    for match in MONEY_PER_UNIT.finditer(text) if rated and (" a" in text or " per " in text) else ():
        group = 1 if match.group(1) is not None else 2
        if not span_taken(spans, *match.span(group)):
            claims.append(Claim(kind="money", value=float(match.group(group)), span=match.group(0).strip()))
            spans.append(match.span())
    for match in PER_MEASURE.finditer(text) if rated else ():
        if span_taken(spans, *match.span()):
            continue
        if match.group(4) is not None:
            value = float(match.group(4))
        else:
            value = float(match.group(1) or 1) + int(match.group(2) or match.group(3)) / 100
        claims.append(Claim(kind="money", value=round(value, 2), span=match.group(0).strip()))
        spans.append(match.span())
    for match in GRAND.finditer(text) if "grand" in text else ():
        if not span_taken(spans, *match.span()):
            add("money", float(match.group(1)) * 1000, match)
    for match in PERCENT.finditer(text) if "%" in text or "percent" in text or " ap" in text else ():
        if match.group(1) == "100" and INTENSIFIED.match(text, match.end()):
            continue  # "100% safe", "a hundred percent sure": a way of speaking, no rate
        if not span_taken(spans, *match.span()):
            add("percent", float((match.group(1) or match.group(2)).replace(" ", ".")), match)
    for match in POSTCODE_UK.finditer(text) if LETTER_DIGIT.search(text) else ():
        if re.search(r"\d", match.group(0)) and re.search(r"[a-z]", match.group(1)):
            add("postcode", (match.group(1) + match.group(2)).replace(" ", ""), match)
    for match in POSTCODE_US.finditer(text) if FIVE_DIGITS.search(text) else ():
        if not span_taken(spans, *match.span(1)):
            claims.append(Claim(kind="postcode", value=match.group(1), span=match.group(1)))
            spans.append(match.span(1))
    iso_dates = [m.span() for m in ISO_DATE.finditer(text)] if "-" in text else []
    for match in PHONE.finditer(text) if DIGIT_RUN.search(text) else ():
        digits = re.sub(r"\D", "", match.group(0))
        if (
            len(digits) >= 7
            and not SPOKEN_DATE.fullmatch(digits)
            and not span_taken(spans, *match.span())
            and not span_taken(iso_dates, *match.span())
            and not re.search(r"\d[:.]\d{2}\b", match.group(0))
        ):
            add("phone", digits, match)
    if STREET_HINT.search(text):
        streets(text, add)
    for match in DAYPART.finditer(text) if holds_any(text, DAYPART_HINT) else ():
        meridiem = "am" if match.group(3) else "pm"
        add("time", clock(int(match.group(1)), int(match.group(2) or 0), meridiem), match)
    for match in TIME_CLOCK.finditer(text) if CLOCK_DIGITS.search(text) else ():
        if span_taken(spans, *match.span()):
            continue
        if (
            not match.group(3)
            and int(match.group(1)) <= 12
            and not WRITTEN_TIME.search(sentence)
            and not TIME_CONTEXT.search(text)
        ):
            continue
        candidates = clock(int(match.group(1)), int(match.group(2)), match.group(3) or evening(text, match))
        if candidates:
            add("time", candidates, match)
    for match in TIME_HOUR.finditer(text) if "m" in text and HOUR_DIGIT.search(text) else ():
        if not span_taken(spans, *match.span()):
            add("time", clock(int(match.group(1)), 0, match.group(2)), match)
    for match in TIME_WORD.finditer(text) if "noon" in text or "mid" in text else ():
        add("time", (0,) if match.group(1) == "midnight" else (720,), match)
    for match in TIME_BARE.finditer(text) if SPACE_DIGIT.search(text) else ():
        if not span_taken(spans, *match.span(1)) and 1 <= int(match.group(1)) <= 12:
            hour = clock(int(match.group(1)), 0, evening(text, match))
            claims.append(Claim(kind="time", value=hour, span=match.group(0)))
            spans.append(match.span())
    for match in UNIT_NUMBER.finditer(text) if holds_any(text, UNIT_HINT) else ():
        if not span_taken(spans, *match.span(1)):
            claims.append(Claim(kind="unit_number", value=match.group(1), span=match.group(0)))
            spans.append(match.span(1))
    for match in PLACE_NUMBER.finditer(text) if holds_any(text, PLACE_HINT) else ():
        if not span_taken(spans, *match.span(2)):
            claims.append(
                Claim(
                    kind="place_number", value=match.group(2), span=match.group(0), subject=(match.group(1),)
                )
            )
            spans.append(match.span(2))
    for match in DATE.finditer(text) if holds_any(text, _MONTHS_SHORT) and MONTH_HINT.search(text) else ():
        month = (match.group(1) or match.group(4))[:3]
        day = int(match.group(2) or match.group(3))
        if 1 <= day <= 31:
            add("date", f"{MONTHS.index(month) + 1:02d}-{day:02d}", match)
    for match in MIN_AGE.finditer(text) if "age" in text or " old" in text or "must be" in text else ():
        age = next(group for group in match.groups() if group is not None)
        if not span_taken(spans, *match.span()):
            add("age", int(age), match)
    for match in EVERY.finditer(text) if "every" in text else ():
        count = int(match.group(1) or 1)
        unit = match.group(2)
        minutes = 30 if unit == "half hour" else count * UNIT_MINUTES[unit]
        add("frequency", minutes, match)
    if holds_any(text, DURATION_HINT):
        durations(text, claims, spans)
    claims.extend(_extract_words(text, spans, streets_done=True, counted=rated))
    if claims:
        claims = [with_spoken_readings(c) if spoken_pair(sentence, c) else c for c in claims]
    return claims


WAIVE_GRANTED: Final = re.compile(
    r"\b(?:i'?ll|i will|i can|i'?m going to|i'?m gonna|let me|we'?ll|we will|we can)\s+"
    r"(?:just\s+|go ahead and\s+|happily\s+|definitely\s+)?waive\b"
)
"""A waiver the agent grants in the future tense ("I'll waive the deposit for you"), as "I've
waived the deposit" grants one (FREE's "waived"): a concession on the agent's own say."""
LIFETIME_WARRANTY: Final = re.compile(
    rf"\b{LIFETIME_TERM}\b|\b(?:warrantied|warranted|guaranteed|covered) for life\b"
)
"""A warranty said to last for life ("all our work comes with a lifetime warranty")."""
HALF_OFF: Final = re.compile(r"\bhalf(?=\s+off\b|[\s-]+price\b)")
"""A discount of half said in words ("students get half off", "half-price on Tuesdays"): 50%, as
"fifty percent off" would be; its span is "half", for the words after it to give its sense."""


UPFRONT: Final = ("deposit", "pay")
"""What "there's nothing due" is about: the payment taken when booking."""
UPFRONT_ENDINGS: Final = ("due", "to pay", "owing", "owed")


WHEN_WORD: Final = re.compile(
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?|jan\w*|feb\w*|mar\w*|apr\w*|may|june?|july?|aug\w*"
    r"|sep\w*|oct\w*|nov\w*|dec\w*|\d+(?:st|nd|rd|th)?|today|tomorrow|tonight|morn\w*|afternoon|evening"
)
"""A word that says when, not what: "she has Friday, December eleventh" offers a day, no thing."""


CALENDAR_NOUNS: Final[frozenset[str]] = frozenset(
    {"space", "slot", "spot", "open", "opening", "availability"}
)
"""What a calendar has ("we have drop-off space at ten", "tent sites open July third"), as
content_words gives them: room in the schedule, no item or service of its own."""


def _only_when(offered: tuple[str, ...]) -> bool:
    """The offer names only days, dates and times, or room in the schedule (a calendar's opening,
    not an item for sale)."""
    return all(WHEN_WORD.fullmatch(word) for word in offered) or not CALENDAR_NOUNS.isdisjoint(offered)


def _word_gate(pattern: re.Pattern[str]) -> frozenset[str]:
    """The words one of which every match of `pattern` holds whole (the prefilter's reading)."""
    words = literal_words(pattern.pattern, pattern.flags & ~re.UNICODE, lowered=False)
    assert words is not None, pattern.pattern
    return words


_PRICE_LEVEL_WORDS: Final = _word_gate(PRICE_LEVEL)
_OFFER_WORDS: Final = _word_gate(OFFER)
_ACCEPTED_WORDS: Final = _word_gate(ACCEPTED)
_LANDMARK_WORDS: Final = _word_gate(LANDMARK)
_CREDENTIALS: Final = frozenset({"licensed", "certified", "accredited", "registered", "bonded", "insured"})
"""CREDENTIAL's credential, a whole word: after whitespace (or "board-"), before `\\b`; the
prefilter cannot read the pattern (its negative lookahead), so it is written here."""


def _may(words: frozenset[str] | None, gate: frozenset[str]) -> bool:
    """Whether a text with `words` (its prefilter reading; None for a text that is not ASCII, whose
    lower-casing may differ from its casefold) may match a pattern whose matches hold one of `gate`:
    one set test, before the substring pre-tests that cost ~350 instructions a part."""
    return words is None or not words.isdisjoint(gate)


def _extract_words(
    text: str,
    spans: list[tuple[int, int]] | None = None,
    *,
    streets_done: bool = False,
    counted: bool,
) -> list[Claim]:
    """The claims that need no digits: streets, price levels, free things, offers, landmarks.
    `counted`: whether DIGIT_SPACE finds a number before a word in `text` (every match of QUANTITY
    holds one), as the caller found it: DIGIT_THEN_WORD, which _extract_uncached searches anyway,
    is the same pattern, and a text without a digit need not be searched."""
    claims: list[Claim] = []
    spans = [] if spans is None else spans

    def add(kind: str, value: ClaimValue, match: re.Match[str], subject: tuple[str, ...] = ()) -> None:
        claims.append(Claim(kind=kind, value=value, span=match.group(0).strip(), subject=subject))
        spans.append(match.span())

    if not streets_done and STREET_HINT.search(text):
        streets(text, add)
    words = record_of(text).words if text.isascii() else None
    for match in (
        PRICE_LEVEL.finditer(text)
        if _may(words, _PRICE_LEVEL_WORDS) and holds_any(text, _PRICE_WORDS)
        else ()
    ):
        add("price_level", PRICE_LEVELS[match.group(1)], match)
    for match in WAIVE_GRANTED.finditer(text) if "waive " in text else ():
        if not denied(text, match.start()) and not span_taken(spans, *match.span()):
            waived = tuple(sorted(content_words(" ".join(text[match.end() :].split()[:2]))))
            claims.append(Claim(kind="free", value="waived", span="waived", subject=waived))
            spans.append(match.span())
    for match in LIFETIME_WARRANTY.finditer(text) if "life" in text or "forever" in text else ():
        add("warranty", "lifetime", match)
    for match in HALF_OFF.finditer(text) if "half" in text else ():
        if not span_taken(spans, *match.span()):
            add("percent", 50.0, match)
    for match in FREE.finditer(text) if holds_any(text, _FREE_HINTS) else ():
        if not_a_price(text, match) or denied(text, match.start()):
            continue
        granted = match.group(0) == "waived" and GRANTED.search(
            text[max(0, match.start() - 20) : match.start()]
        )
        subject = UPFRONT if match.group(0).endswith(UPFRONT_ENDINGS) else free_subject(text, match)
        add("free", "waived" if granted else "free", match, subject)
    for match in OFFER.finditer(text) if _may(words, _OFFER_WORDS) and holds_any(text, _OFFER_VERBS) else ():
        offered = tuple(sorted(content_words(sizes_as_written(match.group(1)))))
        if offered and not _only_when(offered):
            add("offer", "offer", match, offered)
        item = OFFER_ITEM.match(text, match.end())
        while item is not None:
            offered = tuple(sorted(content_words(item.group(1))))
            if offered and not _only_when(offered):
                claims.append(Claim(kind="offer", value="offer", span=item.group(1).strip(), subject=offered))
                spans.append(item.span(1))
            item = OFFER_ITEM.match(text, item.end())
    for match in DOES.finditer(text) if "we " in text else ():
        done = tuple(sorted(content_words(match.group(1))))
        if done and not span_taken(spans, *match.span()):
            add("does", "does", match, done)
    for match in OUR_FACILITY.finditer(text) if "our " in text else ():
        named = tuple(sorted(content_words(match.group(1))))
        if named and not span_taken(spans, *match.span()):
            add("offer", "facility", match, named)
    for match in (
        CREDENTIAL.finditer(text) if _may(words, _CREDENTIALS) and holds_any(text, _CREDENTIAL_WORDS) else ()
    ):
        qualifier = content_words(f"{match.group(1) or ''} {match.group(3) or ''}")
        # a bare "we're fully licensed and insured" claims the credential itself
        add("credential", match.group(2), match, tuple(sorted(qualifier)) or (match.group(2),))
    for match in (
        ACCEPTED.finditer(text) if _may(words, _ACCEPTED_WORDS) and holds_any(text, _ACCEPT_VERBS) else ()
    ):
        accepted = tuple(sorted(content_words(match.group(1))))
        if accepted and not span_taken(spans, *match.span()):
            add("offer", "accept", match, accepted)
    for match in (
        LANDMARK.finditer(text) if _may(words, _LANDMARK_WORDS) and holds_any(text, _LANDMARK_HINTS) else ()
    ):
        place = tuple(sorted(content_words(match.group(1))))
        if place:
            add("landmark", " ".join(place), match, place)
    for match in QUANTITY.finditer(text) if counted else ():
        if span_taken(spans, *match.span()):
            continue
        noun = match.group(2)
        if noun in NOT_COUNTED or int(match.group(1)) < 2:
            continue
        add("quantity", int(match.group(1)), match, tuple(sorted(content_words(noun))))
    return claims
