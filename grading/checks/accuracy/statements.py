"""What an agent sentence states: without its trailing question and hedged clauses, its claims (the
price slot of an answer to a price question included), and the words that relate it to facts."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from grading.checks.accuracy.relatedness import WEAK
from grading.claims.extract import Claim, extract, says_a_number, sizes_as_written
from grading.claims.numbers import digits_for_speech
from grading.first_chars import compile_filtered
from grading.prefilter import compile_gated
from grading.speech import HEDGE, content_words, holds_any

DAY_HINT: Final = compile_filtered(
    r"day|\b(?:mon|tue|wed|thu|fri|sat|sun)\b|weekend|daily|all week", re.IGNORECASE
)
TRAILING_QUESTION: Final = re.compile(
    r"[,;:-]\s*(?:and\s+)?(?:should|shall|would|do|does|can|could|will|is|are|may|did|anything|how|what|"
    r"which|want|need|is there)\b[^,;]*\?\s*$"
    r"|\s+(?:would you like|shall i|should i|do you want|can i|may i|would you prefer)\b[^,;.]*\?\s*$",
    re.IGNORECASE,
)
BOOKING_OUTCOME: Final = compile_filtered(
    r"reference|confirmation (?:number|code)|booking (?:was |is )?(?:successful|complete)|"
    r"(?:was|were|is|are) (?:successful|booked|reserved)|i(?:'ve| have)? (?:booked|reserved|got you)|"
    r"total (?:due|cost|fee|price|is)",
    re.IGNORECASE,
)
NEGATED_EXISTENCE: Final = compile_gated(
    r"\b(?:there (?:are|is) (?:no|not)|no (?:trains?|rooms?|tables?|slots?)\b)", re.I
)
WORDED_DURATION: Final = compile_gated(
    r"\b(?:an?|a couple of|couple of|half an?)\s+(?:minute|hour|day|week|fortnight|month|year)s?\b"
)
"""A length of time a caller says in words ("I paid like a week late"), which the agent may echo.
Gated on its unit words: every caller turn without a digit is searched with it, and its words are
read already (`digits_for_speech` reads them)."""
ASKED_PRICE: Final = compile_filtered(
    r"how much|\bcosts?\b|\bprices?\b|\bcharge\b|\bfees?\b|\brates?\b"
    r"|\bwhat(?:'s| is| are| would| does| do)\b[^?.]{1,40}\b"
    r"(?:for (?:the|a|an|one) (?:week|day|night|month|hour|year)|run|go for|set me back)\b"
)
"""A price question, also without a price word ("what's an SUV for the week?", "what does a tune-up run?")."""
BARE_PRICE: Final = re.compile(
    r"\b(?:is|are|for|at|runs?|costs?|be|it'?s|that'?s)\s+(?:a\s+|just\s+|only\s+|about\s+|around\s+)?"
    r"(\d{1,2})(:| )(\d{2})(?=\s*(?:[,.;!?]|$|each|per|plus|and|but|for|all in|total|flat))"
    r"|(?:\b(?:is|are|for|runs?|costs?|looking at)|'s)\s+(?:a\s+|just\s+|only\s+|about\s+|around\s+)?"
    r"(\d{2,5}(?:\.\d{2})?)"
    r"(?=\s*(?:[,.;!?]|$|each|plus|and|but|all in|total|flat|on top|extra|up front|upfront))"
    r"|(?:^|,\s*|\bso\s+)(?:a\s+|just\s+|only\s+|about\s+|around\s+)?(\d{2,5}(?:\.\d{2})?)"
    r"(?=\s+for (?:the|a|an|your|each) [a-z])"
    r"|\bflat\s+(?:rate of\s+)?(\d{2,5}(?:\.\d{2})?)\b(?![:.]\d)"
)
"""An amount said bare after the caller asked a price ("how much is whitening?" "It's three fifty,
and the trays are a hundred ninety-nine."): the number in the price slot of the answer; a pair is
read as a clock time ("three fifty") or left as two numbers ("two eighty-five"); any number after
"flat" ("a flat two twenty-five for a standard deck")."""


RATE_NAMED: Final = compile_gated(
    r"\b(?:rate|price|fee|charge|flat|all in|installed|plus tax)\b", re.IGNORECASE
)
"""A sentence that itself names a price ("weekends it's the emergency rate, so a hundred and a quarter
for the call-out"), or says it in the words only a price takes ("a flat two twenty-five for a
standard deck", "eight ninety-nine for a charger, installed"): its bare amount answers as a price
does."""


NO_CLOCK_PAIR: Final = re.compile(
    r"\b(?:is|are|it'?s|that'?s|for|at|runs?|costs?)\s+(?:a\s+|just\s+|only\s+|about\s+|around\s+)?"
    r"\d{1,2} [6-9]\d\s+(?:for|each|per|a|an)\b"
)
"""A pair no clock reads ("it's eight ninety-nine for a charger": no hour has 99 minutes) in the
slot of a price: the amount of what it is for, whatever the caller asked."""


def prices_itself(sentence: str) -> bool:
    """The sentence says its bare amount as a price: it names a price (RATE_NAMED) or says a pair no
    clock reads in the slot of one (NO_CLOCK_PAIR)."""
    return (
        RATE_NAMED.search(sentence) is not None
        or NO_CLOCK_PAIR.search(digits_for_speech(sentence)) is not None
    )


def _bare_prices(sentence: str, claims: list[Claim]) -> list[Claim]:
    """The bare amounts of an answer to a price question, as money claims without a currency; a
    pair read as a clock time ("three fifty") is the price 350."""
    found: list[Claim] = []
    taken = {claim.span for claim in claims if claim.kind != "time"}
    for match in BARE_PRICE.finditer(digits_for_speech(sentence)):
        if match.group(1) is not None:
            value = float(match.group(1) + match.group(3))
            span = f"{match.group(1)}{match.group(2)}{match.group(3)}"
        else:
            amount = match.group(4) or match.group(5) or match.group(6)
            value, span = float(amount), amount
        if span not in taken:
            # said bare and in two groups ("it's three fifty"): $350 or $3.50
            readings = (value / 100,) if match.group(1) is not None else ()
            if match.group(6) is not None and len(span) >= 3 and "." not in span:
                readings = (value / 100,)  # "a flat one forty-nine fifty" read as one run: $149.50
            found.append(Claim(kind="money", value=value, span=span, alternatives=readings))
    return found


@lru_cache(maxsize=4096)
def statement_of(spoken: str) -> tuple[str, tuple[Claim, ...], bool]:
    """What an agent sentence states: the sentence without a trailing question or hedged clauses,
    its claims, and whether it has a number but no amount (an answer to a price question prices
    it). Cached: it depends on the sentence alone, and agents repeat their sentences."""
    sentence = TRAILING_QUESTION.sub("", spoken) if spoken.rstrip().endswith("?") else spoken
    if HEDGE.search(sentence):
        sentence = _unhedged(sentence)
    claims = tuple(extract(sentence))
    price_slot = not any(claim.kind == "money" for claim in claims) and says_a_number(
        digits_for_speech(sentence)
    )
    return sentence, claims, price_slot


@lru_cache(maxsize=1024)
def priced_claims(sentence: str) -> tuple[Claim, ...]:
    """The claims of a sentence that answers a price question: "it's three fifty" is the price,
    not the clock time the words also read as."""
    claims = extract(sentence)
    bare = _bare_prices(sentence, claims)
    read_as_price = {price.span for price in bare}
    return (*(c for c in claims if not (c.kind == "time" and c.span in read_as_price)), *bare)


@lru_cache(maxsize=4096)
def names_a_day(sentence: str) -> bool:
    return DAY_HINT.search(sentence) is not None


@lru_cache(maxsize=4096)
def not_a_statement(sentence: str) -> bool:
    """Nothing to hold against the sheet: empty, a question, or "there are no trains"."""
    return not sentence or sentence.rstrip().endswith("?") or NEGATED_EXISTENCE.search(sentence) is not None


@lru_cache(maxsize=4096)
def reports_booking(sentence: str) -> bool:
    if sentence.isascii() and not holds_any(sentence.lower(), BOOKING_PARTS):
        return False  # on ASCII text IGNORECASE is lower-casing: no part, no match
    return BOOKING_OUTCOME.search(sentence) is not None


BOOKING_PARTS: Final = (
    "reference",
    "confirmation ",
    "booking ",
    "successful",
    "booked",
    "reserved",
    "got you",
    "total ",
)
"""One of which every BOOKING_OUTCOME match holds, lower-cased: substring tests that spare most
sentences the alternation, which `re` enters at every position."""


HEDGED_CLAUSES: Final = compile_filtered(r"\s*[,;]\s*|\s+(?:but|so|and then)\s+")


@lru_cache(maxsize=4096)
def _unhedged(sentence: str) -> str:
    """The clauses of a sentence that no hedge covers: "Saturdays we go till four, so I could
    probably fit you in around two" still says Saturdays till four. A hedge that stands alone
    ("It's ninety dollars, I think") covers the whole sentence: then nothing is left."""
    clauses = HEDGED_CLAUSES.split(sentence)
    kept: list[str] = []
    for clause in clauses:
        if not HEDGE.search(clause):
            kept.append(clause)
        elif not content_words(HEDGE_WORDS.sub(" ", clause.lower())) - WEAK:
            return ""
    return ", ".join(kept)


HEDGE_WORDS: Final = compile_filtered(HEDGE.pattern)
"""The hedge phrases themselves, to tell a clause that is only a hedge ("I think") from one that
hedges something of its own."""


NUMBERED_WORD: Final = re.compile(r"\b\d+-[a-z]+\b")


@lru_cache(maxsize=4096)
def numbered_words(text: str) -> frozenset[str]:
    """Words a number said in words is part of ("a sixty-minute lesson"), as a sheet writes them
    ("60-minute"), so they relate the text to the fact that has them."""
    if "-" not in text or NUMBERED_HINT.search(text) is None:
        return frozenset()
    return frozenset(content_words(" ".join(NUMBERED_WORD.findall(digits_for_speech(text)))))


NUMBERED_HINT: Final = compile_filtered(
    r"(?:ty|teen|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d)-[a-z]", re.I
)
"""What a number said as part of a word has ("sixty-minute", "two-hour", "3-day")."""


SIZE_WRITTEN: Final = re.compile(r"\b\d+x\d+\b")


@lru_cache(maxsize=4096)
def sizes_said(text: str) -> frozenset[str]:
    """The sizes a text says as two lengths ("ten by tens", "a five by ten"), as a sheet writes
    them ("10x10", "5x10"), so that they relate the text to the fact about that size."""
    if " by " not in text.casefold():
        return frozenset()
    return frozenset(SIZE_WRITTEN.findall(sizes_as_written(digits_for_speech(text))))
