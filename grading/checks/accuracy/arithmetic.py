"""Amounts worked out from others (totals, sums, fractions, shares, a rate times a count, a
percentage taken off), which state nothing the call or the sheet does not; and amounts worked from
a percentage the sheet does not hold, which are judged through that percentage or the price they
were taken off."""

from __future__ import annotations

import re
from typing import Final

from grading.checks.accuracy.clauses import span_clause_words
from grading.checks.accuracy.relatedness import GENERIC, WEAK, fact_words
from grading.checks.accuracy.values import same
from grading.claims.extract import Claim, extract
from grading.claims.facts import FactIndex, IndexedFact
from grading.claims.numbers import UNITS, digits_for_speech
from grading.first_chars import compile_filtered
from grading.speech import content_words, sentences

MULTIPLES: Final = range(2, 21)


def is_total(claim: Claim, scored: list[tuple[int, IndexedFact, Claim]], context_words: set[str]) -> bool:
    """A computed total ("four tickets, 17.60 pounds"): a whole multiple of a sheet amount whose
    multiplier the conversation just mentioned, or the product of two numbers it mentioned ("two
    bikes for three days")."""
    if not isinstance(claim.value, float):
        return False
    said = {int(word) for word in context_words if word.isdigit() and len(word) <= 2}
    said |= {value for word, value in UNITS.items() if word in context_words and word != "oh"}
    counts = said | {a * b for a in said for b in said}
    for _, _, known in scored:
        if known.kind == "money" and isinstance(known.value, float) and known.value > 0:
            ratio = claim.value / known.value
            count = round(ratio)
            if count in MULTIPLES and abs(ratio - count) < 0.001 and count in counts:
                return True
    return False


def listed_amount(claim: Claim, sentence: str, scored: list[tuple[int, IndexedFact, Claim]]) -> bool:
    """An amount in a list of amounts whose own clause names nothing ("fourteen twenty plus one
    twenty-nine plus thirty-five"), which a fact holds exactly: the agent is adding up sheet prices."""
    if span_clause_words(claim.span, sentence):
        return False
    amounts = [c for c in extract(sentence) if c.kind == "money"]
    return len(amounts) >= 2 and any(
        known.kind == "money" and same("money", claim.value, known.value) for _, _, known in scored
    )


def is_derived(claim: Claim, index: FactIndex, history: list[str], sentence: str) -> bool:
    """Arithmetic on what was said or what the sheet holds, in any reading of the amount ("twenty-seven
    forty-six" is $27.46 or $2,746): see _derived_value and _derived_from_sheet."""
    readings = [v for v in (claim.value, *claim.alternatives) if isinstance(v, float)]
    return any(
        _derived_value(value, index, history, sentence)
        or _derived_from_sheet(value, index, history, sentence)
        or _sum_of_said(value, index, history, sentence)
        or (_is_saving(claim, sentence) and _saving(value, index, history))
        for value in readings
    )


def percentage_taken(
    claim: Claim, index: FactIndex, history: list[str], sentence: str
) -> tuple[IndexedFact | None, Claim, str] | None:
    """An amount worked from a percentage said in this turn or the caller's before it that the sheet
    does not hold ("I'll do fifty percent off. That makes it nineteen a person" where the sheet says
    $38; "ten percent of the loan, so on two hundred you'd pay twenty"). Taken off a sheet amount, it
    is the price told for that fact's thing: the fact is returned, and the amount contradicts it.
    The share itself (the saving, the credit, the charge) states nothing its percentage does not:
    the fact is None, and the amount is judged as the percentage is. Returns the percentage and the
    sentence that says it as well; None when no such arithmetic gives the amount."""
    if not isinstance(claim.value, float) or not history:
        return None
    sheet_percents = {k.value for _, k in index.with_kind("percent") if isinstance(k.value, float)}
    said = [
        (percent.value, percent, spoken)
        for text in history[-2:]
        for spoken in sentences(text)
        for percent in extract(spoken)
        if percent.kind == "percent"
        and isinstance(percent.value, float)
        and 0 < percent.value < 100
        and percent.value not in sheet_percents
    ]
    if not said:
        return None
    value = claim.value
    tolerance = 1.0 if APPROXIMATE.search(sentence) else 0.005
    priced = [
        (fact, known.value) for fact, known in index.with_kind("money") if isinstance(known.value, float)
    ]
    if not _is_saving(claim, sentence):
        for rate, percent, spoken in said:
            for fact, amount in priced:
                if abs(round(amount * (100 - rate) / 100, 2) - value) < tolerance:
                    return fact, percent, spoken
    bases = [amount for _, amount in priced] + [
        amount for text in history for amount in _amounts_said(text) if abs(amount - value) >= 0.005
    ]
    for rate, percent, spoken in said:
        if any(abs(round(base * rate / 100, 2) - value) < tolerance for base in bases):
            return None, percent, spoken
    return None


SAVED_BEFORE: Final = re.compile(
    r"\b(?:sav(?:e|es|ed|ing)|savings?(?: of)?|difference(?: of| is)?|knocks? off)\s+"
    r"(?:(?:you|of|is|about|around|roughly|over|almost|nearly|a good)\s+)*$"
)
SAVED_AFTER: Final = re.compile(r"\s*(?:cheaper|less\b|in savings|saved)")
"""What makes an amount the saving itself: said right after "saves you" ("so the package saves
you fifteen dollars") or right before "cheaper" / "less" ("that's twenty-six cheaper")."""


def _is_saving(claim: Claim, sentence: str) -> bool:
    if not claim.span:
        return False
    spoken = digits_for_speech(sentence).lower()
    at = spoken.find(claim.span.lower())
    if at < 0:
        return False
    return bool(SAVED_BEFORE.search(spoken, 0, at)) or bool(SAVED_AFTER.match(spoken, at + len(claim.span)))


def _saving(value: float, index: FactIndex, history: list[str]) -> bool:
    """A saving ("five single applications at sixty-five would be three twenty-five, so the season
    program saves you twenty-six dollars"; "a single lesson is eighty-five, so the package saves you
    fifteen") that is the difference of two amounts said in the call or on the sheet, either of
    them possibly a multiple of one by a count said in the last two turns or in the sheet's own
    facts ("three private lessons for $240"). A saving no such difference gives is judged as said.
    Only for the amount a word of saving names (see _is_saving)."""
    if not history:
        return False
    target = round(value * 100)
    sheet = [round(k.value * 100) for _, k in index.with_kind("money") if isinstance(k.value, float)]
    pool = {amount for amount in [*_amounts_of_the_call(index, history), *sheet] if amount != target}
    counts = {
        int(n)
        for text in [*history[-2:], *(fact.fact.statement for fact in index.facts)]
        for n in COUNT.findall(digits_for_speech(text))
        if 2 <= int(n) <= 12
    }
    amounts = pool | {amount * count for amount in pool for count in counts}
    return any(amount - target in amounts for amount in amounts if amount > target)


SAID_TIME: Final = re.compile(r"\b(\d{1,2}):(\d{2})\b")


def _amounts_of_the_call(index: FactIndex, history: list[str]) -> list[int]:
    """Every amount said in the call so far, in cents and in every reading: amounts, numbers said in
    two groups ("six fifty": 650 or 6.50, also where a clock reading was taken, "a spray at two
    fifty"), and bare numbers that are a sheet amount ("chocolates are twelve" where they are $12)."""
    sheet = {round(k.value * 100) for _, k in index.with_kind("money") if isinstance(k.value, float)}
    found: list[int] = []
    for text in history:
        found.extend(round(amount * 100) for amount in _amounts_said(text))
        spoken = digits_for_speech(text)
        found.extend(round(amount * 100) for amount in _pairs_said(text))
        for hour, minute in SAID_TIME.findall(spoken):
            found.extend((int(hour) * 10000 + int(minute) * 100, int(hour) * 100 + int(minute)))
        found.extend(cents for n in COUNT.findall(spoken) for cents in [int(n) * 100] if cents in sheet)
    return [amount for amount in dict.fromkeys(found) if amount > 0]


def _sum_of_said(value: float, index: FactIndex, history: list[str], sentence: str) -> bool:
    """A total ("so ninety-three forty-five altogether", "a total of two sixty-six ninety-five") that
    is the sum of two to four amounts said in the call, in any of their readings: the bouquet, the
    balloon, the chocolates and the delivery fee added up are arithmetic, no claim of their own. A
    total no such sum gives is judged as said. Only in sentences with a word of summing ("which
    brings you to ..." included) or a list of amounts concluded by "so" ("thirty-eight for the
    comforter, eighteen fifty for the suit, and ten for same-day, so sixty-six fifty"); there the
    whole numbers said bare in the last four turns ("so that order comes to thirty-six") count as
    amounts too, and so do counts said in the sentence times sheet amounts ("two adults and three
    kids at regular prices comes to a hundred forty-four seventy-five")."""
    spoken = digits_for_speech(sentence)
    if (
        not (SUMMED.search(sentence) or BRINGS_TO.search(spoken) or LIST_THEN_SO.search(spoken))
        or not history
    ):
        return False
    target = round(value * 100)
    if _counted_sum(target, index, spoken):
        return True
    bare = [
        int(n) * 100 for text in history[-4:] for n in COUNT.findall(digits_for_speech(text)) if int(n) >= 10
    ]
    said = [*_amounts_of_the_call(index, history), *bare]
    pool = [amount for amount in dict.fromkeys(said) if amount != target][-32:]
    pairs: dict[int, list[tuple[int, int]]] = {}
    for i, a in enumerate(pool):
        for j in range(i + 1, len(pool)):
            pairs.setdefault(a + pool[j], []).append((i, j))
    if target in pairs:
        return True
    for k, c in enumerate(pool):
        if any(k not in pair for pair in pairs.get(target - c, ())):
            return True
    return any(
        not set(first) & set(second)
        for total, found in pairs.items()
        for first in found
        for second in pairs.get(target - total, ())
    )


BRINGS_TO: Final = re.compile(
    r"\b(?:brings?|bringing|adds? up)\s+(?:you|it|that|us|the (?:total|order|bill))?\s*(?:up\s+)?to\b"
)
"""A running total said ("which brings you to fifty dollars and seventy-five cents")."""
LIST_THEN_SO: Final = re.compile(
    r"\d[^.;!?]*,[^.;!?]*\d[^.;!?]*,\s*so\s+(?:that'?s\s+|it'?s\s+)?[$£€]?\d[\d.]*"
    r"(?:\s*(?:dollars?|bucks|pounds?|even|total|all in))?\s*[.!]?\s*$"
)
"""Amounts listed and concluded ("38 for the comforter, 18 50 for the suit, and 10 for same-day, so
$66.50")."""
COUNTED: Final = re.compile(r"\b(\d{1,2})\s+[a-z]")


def _counted_sum(target: int, index: FactIndex, spoken: str) -> bool:
    """Two or three counts said in the sentence, each times a sheet amount, add up to the total
    ("2 adults and 3 kids ... comes to $144.75" with adults at $34.95 and children at $24.95)."""
    counts = [int(n) for n in COUNTED.findall(spoken) if 1 <= int(n) <= 20][:3]
    if len(counts) < 2:
        return False
    sheet = sorted({round(k.value * 100) for _, k in index.with_kind("money") if isinstance(k.value, float)})
    totals = {0}
    for count in counts:
        totals = {
            total + count * amount for total in totals for amount in sheet if total + count * amount <= target
        }
    return target in totals


FRACTION_WORD: Final = compile_filtered(r"\b(?:half|a third|a quarter)\b", re.IGNORECASE)
"""A fraction of an amount said in words ("half off the first month", "a third of the daily rate")."""
FRACTIONS: Final = (0.5, 1 / 3, 0.25)
FRACTION_PERCENTS: Final[dict[str, tuple[float, ...]]] = {
    "half": (50.0,),
    "third": (33.0, 33.3, 33.33),
    "quarter": (25.0,),
}
"""The percentages a sheet writes a fraction as ("a 50% deposit" is the half said on the phone)."""
BOTH: Final = compile_filtered(r"\b(?:both|the two of them|each of them together)\b", re.IGNORECASE)
"""Two priced things taken together ("thirty-five ninety-five a day for both")."""
PER_SHARE: Final = compile_filtered(
    r"\b(?:works? out|comes? out|each|apiece|per|a (?:visit|session|lesson|class|piece|person|head|unit))\b",
    re.IGNORECASE,
)
"""An amount shared out over the things a price covers ("the package works out to seventy-five a visit")."""
SHEET_RATE: Final = re.compile(r"[$£€](\d+(?:\.\d{1,2})?)\s*(?:a|an|per|each)\b")
"""A sheet amount charged per something ("$1.25 per minute", "$0.25 each", "$129.00 a month")."""


def _sheet_rates(index: FactIndex) -> list[float]:
    """The sheet amounts charged per something (a rate any count of that something multiplies)."""
    return [
        float(m.group(1))
        for fact in index.facts
        for m in SHEET_RATE.finditer(fact.fact.statement.replace(",", ""))
    ]


def _derived_from_sheet(value: float, index: FactIndex, history: list[str], sentence: str) -> bool:
    """Arithmetic on the sheet's own numbers, which states nothing the sheet does not: two sheet amounts added
    when the sentence takes them together ("the waiver and the liability cover, thirty-five ninety-five a
    day for both"); a fraction said in words of a sheet amount or one said in the call ("half price the
    first month, so sixty-four fifty") when the sheet has that fraction; a sheet amount shared over a
    count its own fact gives ("five sessions for $375" -> "seventy-five a visit"); a sheet rate times a
    count said in the turn or the caller's question ("$0.25 a mile" and "an extra hundred miles" ->
    "twenty-five dollars"). A price that matches none of these is still judged as said."""
    amounts = [known.value for _, known in index.with_kind("money") if isinstance(known.value, float)]
    if (SUMMED.search(sentence) or BOTH.search(sentence)) and any(
        abs(a + b - value) < 0.005 for i, a in enumerate(amounts) for b in amounts[i + 1 :] if a != b
    ):
        return True
    fraction = FRACTION_WORD.search(sentence)
    if fraction is not None and _sheet_fraction(fraction.group(0).split()[-1].lower(), index):
        # the sheet's own fraction ("first month at half price", "a 50% deposit" said as "half is
        # due at signing"); a half off it does not have is an invented discount, and the amount it
        # gives is judged as said
        bases = [*amounts, *(a for text in history for a in _amounts_said(text) if abs(a - value) >= 0.005)]
        if any(abs(round(base * part, 2) - value) < 0.01 for base in bases for part in FRACTIONS):
            return True
    if PER_SHARE.search(sentence) and any(
        abs(known.value / count - value) < 0.005
        for fact, known in index.with_kind("money")
        if isinstance(known.value, float)
        for count in {int(n) for n in COUNT.findall(digits_for_speech(fact.fact.statement))}
        if 2 <= count <= 100
    ):
        return True
    # the amount's own number is no count of what the rate is per ("fifty for the walk" is not a
    # dollar-a-minute rate times fifty)
    counts = {
        int(n)
        for text in history[-2:]
        for n in COUNT.findall(digits_for_speech(text))
        if 2 <= int(n) <= 1000 and abs(int(n) - value) >= 0.005
    }
    return any(
        abs(round(rate * count, 2) - value) < 0.005 for rate in _sheet_rates(index) for count in counts
    )


def _sheet_fraction(word: str, index: FactIndex) -> bool:
    """The sheet has this fraction, in words or as its percentage."""
    if word in index.sheet_text:
        return True
    return any(known.value in FRACTION_PERCENTS[word] for _, known in index.with_kind("percent"))


SPOKEN_PAIR: Final = re.compile(r"\b(\d{1,3}) (\d{2})\b")
"""Two number groups said as one amount ("eighteen seventy-five" -> "18 75")."""


def _pairs_said(text: str) -> list[float]:
    """The amounts a turn says bare in two groups ("ten seventy-one" -> $1,071 or $10.71)."""
    return [
        reading
        for first, second in SPOKEN_PAIR.findall(digits_for_speech(text))
        for reading in (int(first) * 100 + int(second), int(first) + int(second) / 100)
    ]


def billed_length(claim: Claim, sentence: str, index: FactIndex) -> bool:
    """A length of time a sheet rate is charged by ("$1.25 per minute" and "fifteen minutes would be
    eighteen seventy-five"): the length is what the sentence's price is worked from, not a claim
    about the length some fact gives, when the sentence also says that length times the rate."""
    if not isinstance(claim.value, int | float) or not claim.span:
        return False
    unit = claim.span.split()[-1].lower().rstrip("s")
    rates = [
        float(m.group(1))
        for fact in index.facts
        if unit in fact.text
        for m in re.finditer(
            rf"[$£€](\d+(?:\.\d{{1,2}})?)\s*(?:a|an|per|each)\s+{re.escape(unit)}\b",
            fact.fact.statement.replace(",", ""),
        )
    ]
    if not rates:
        return False
    spoken = digits_for_speech(sentence)
    length = claim.value / UNIT_MINUTES.get(unit, 1)  # durations are held in minutes
    at = spoken.find(claim.span)
    rate_after = RATE_AFTER.match(spoken, at + len(claim.span)) if at >= 0 else None
    if rate_after is not None and float(rate_after.group(1)) in rates:
        return True  # "add two hours at three hundred each": the sheet's rate, said on the length
    said = [float(n) for n in re.findall(r"\d+(?:\.\d+)?", spoken)]
    said += [int(a) + int(b) / 100 for a, b in SPOKEN_PAIR.findall(spoken)]
    return any(abs(rate * length - amount) < 0.005 for rate in rates for amount in said)


UNIT_MINUTES: Final[dict[str, int]] = {"minute": 1, "hour": 60, "day": 1440, "night": 1440, "week": 10080}
"""Minutes in a unit a rate is charged by, to hold "2 hours" (120 minutes) against "$300 per hour"."""
RATE_AFTER: Final = re.compile(
    r"\s+(?:at|for)\s+[$£€]?(\d+(?:\.\d{1,2})?)(?:\s*(?:dollars?|bucks|pounds?))?\s*"
    r"(?:each|apiece|an?\s+[a-z]+|per\s+[a-z]+)\b"
)
"""A rate said right after a length ("two hours at three hundred each", "at 300 an hour")."""


def _derived_value(value: float, index: FactIndex, history: list[str], sentence: str) -> bool:
    """Arithmetic on what was said, which states nothing new: an amount of this turn added to or
    taken from one said earlier in the call ("same-day adds seventy-five, so two fifty-four fifty"
    after "one seventy-nine fifty"); an amount of this turn times a count said in it or in the
    caller's question ("six twenty-five a serving, so for a hundred and twenty that's seven
    fifty"); a sheet amount split by a count ("eleven fifty in three payments, about three
    eighty-three a month"); a percentage said in the turn and held by the sheet, taken off a sheet
    amount, or the saving itself. A discount the sheet does not have derives nothing (the price
    it gives is wrong)."""
    current = [amount for amount in _amounts_said(history[-1]) if abs(amount - value) >= 0.005]
    earlier = [amount for text in history[:-1] for amount in _amounts_said(text)]
    sheet_percents = {k.value for _, k in index.with_kind("percent") if isinstance(k.value, float)}
    percents = [c.value for text in history[-2:] for c in extract(text) if c.kind == "percent"]
    amounts = [known.value for _, known in index.with_kind("money") if isinstance(known.value, float)]
    # a discount the sheet gives as an amount, applied in a sentence that speaks of its terms
    # ("for the first year with the twelve-month agreement"; not "month to month, the one gig")
    words = content_words(sentence) - GENERIC - WEAK
    taken_off = [
        float(m.group(1))
        for fact in index.facts
        if words & fact_words(fact)[1]
        for m in AMOUNT_OFF.finditer(fact.fact.statement)
    ]
    if any(abs(a - off - value) < 0.005 for a in amounts for off in taken_off):
        return True  # "$74.99, or $64.99 the first year" where the sheet gives "$10 off per month"
    # a sheet percentage of a sheet amount or one said in the call; within a dollar when the
    # sentence rounds ("fifteen percent off one sixty-nine comes to about one forty-three")
    tolerance = 1.0 if APPROXIMATE.search(sentence) or AND_CHANGE.search(sentence) else 0.005
    bases = [
        *amounts,
        *current,
        *earlier,
        *(float(n) for text in history for n in COUNT.findall(digits_for_speech(text)) if int(n) >= 100),
        *(float(n) for n in COUNT.findall(digits_for_speech(history[-1]))),
    ]
    for amount in bases:
        for percent in (p for p in percents if isinstance(p, float) and p in sheet_percents):
            for derived in (
                amount * (100 - percent) / 100,
                amount * percent / 100,
                amount * (100 + percent) / 100,
            ):
                if abs(round(derived, 2) - value) < tolerance:
                    return True
    counts = {
        int(n) for text in history[-2:] for n in COUNT.findall(digits_for_speech(text)) if 2 <= int(n) <= 1000
    }
    if any(abs(amount * count - value) < 0.005 for amount in current for count in counts):
        return True
    shares = {int(n) for n in COUNT.findall(digits_for_speech(sentence)) if 2 <= int(n) <= 24}
    if SPLIT.search(sentence) and any(
        abs(amount / count - value) < 1 for amount in [*amounts, *current, *earlier] for count in shares
    ):
        return True
    if SUMMED.search(sentence) and any(abs(a + b - value) < 0.005 for a in current for b in amounts):
        return True  # "ninety-five fifty on top of the visit, so two forty-four fifty all in"
    if SUMMED.search(sentence) and any(
        abs(a + b - value) < 0.005
        for a in _pairs_said(history[-1])
        for b in amounts
        if abs(a - value) >= 0.005
    ):
        # "so his would be ten seventy-one, and together that's twenty-seven forty-six": a figure the
        # turn worked out and said bare, added to a sheet amount
        return True
    if APPROXIMATE.search(sentence) and any(
        abs(a - value) <= max(1.0, a * 0.03) for a in [*current, *earlier, *amounts]
    ):
        return True  # "forty-nine ninety-five, so call it fifty bucks"
    bare = {float(n) for n in COUNT.findall(digits_for_speech(history[-1])) if int(n) >= 10}
    said_here = [c.value for c in extract(history[-1]) if c.kind == "money" and isinstance(c.value, float)]
    said_here = [amount for amount in said_here if abs(amount - value) >= 0.005]
    if len(said_here) >= 2 and abs(sum(said_here) - value) < 0.005:
        return True  # "forty-two dollars plus six plus six, so fifty-four"
    if SUMMED.search(sentence) or APPROXIMATE.search(sentence):
        # a total of the turn's amounts with one more said earlier or on the sheet ("the balloon
        # is six fifty, chocolates twelve, plus nine ninety-five delivery, so ninety-three forty-five
        # altogether" with the bouquet said before); within a dollar when it is rounded
        room = 1.0 if APPROXIMATE.search(sentence) else 0.005
        total = sum(said_here)
        if said_here and any(abs(total + extra - value) < room for extra in [0.0, *earlier, *amounts]):
            return True
        call_total = sum(
            a
            for text in history
            for c in extract(text)
            if c.kind == "money"
            for a in [c.value]
            if isinstance(a, float) and abs(a - value) >= 0.005
        )
        if abs(call_total - value) < room:
            return True
    return any(
        abs(a + b - value) < 0.005 or abs(a - b - value) < 0.005 or abs(b - a - value) < 0.005
        for a in current
        for b in [*current, *earlier, *bare]
        if a != b
    )


SUMMED: Final = compile_filtered(
    r"\b(?:on top of|plus|added to|all in|in total|total|together|altogether|comes to|with the)\b",
    re.IGNORECASE,
)
APPROXIMATE: Final = compile_filtered(
    r"\b(?:call it|about|around|roughly|approximately|basically|round(?:ed)? (?:up|down|it))\b", re.IGNORECASE
)
AND_CHANGE: Final = compile_filtered(r"\band change\b|\bgive or take\b|\bor so\b", re.IGNORECASE)
SPLIT: Final = compile_filtered(
    r"\b(?:split|install?ments?|payments|ways|divided)\b",
    re.IGNORECASE,
)
"""What says an amount is shared out ("split into three monthly payments")."""


def _amounts_said(text: str) -> list[float]:
    """Every amount a turn says, in each reading ("six twenty-five": $625 and $6.25)."""
    return [
        amount
        for claim in extract(text)
        if claim.kind == "money" and isinstance(claim.value, float)
        for amount in (claim.value, *claim.alternatives)
    ]


AMOUNT_OFF: Final = re.compile(r"[$£€](\d+(?:\.\d{1,2})?)\s+off\b")
"""A discount the sheet gives as an amount ("$10 off per month")."""
COUNT: Final = compile_filtered(r"(?<![\d.:$£€])\b\d+\b(?![.:]\d)")
"""A whole number said on its own (not part of an amount, a time or a decimal)."""


OFFSET_CUE: Final = compile_filtered(
    r"\b(?:early|earlier|before|ahead|prior|beforehand|after|later)\b", re.IGNORECASE
)


def offset_time(claim: Claim, sentence: str, history: list[str]) -> bool:
    """A clock time worked from another: a time said earlier in the call moved by a length this
    sentence says ("Booking the Vault, Saturday at seven thirty" ... "please get here fifteen minutes
    early, at seven fifteen"): the arithmetic of an arrival or a pickup, no time of its own. Only
    in a sentence that says early / before / after / later and a length of up to three hours."""
    if claim.kind != "time" or not isinstance(claim.value, tuple) or not OFFSET_CUE.search(sentence):
        return False
    lengths = [
        c.value
        for c in extract(sentence)
        if c.kind == "duration" and isinstance(c.value, int | float) and 0 < c.value <= 180
    ]
    if not lengths:
        return False
    said = {
        minute
        for text in history[:-1]
        for c in extract(text)
        if c.kind == "time" and isinstance(c.value, tuple)
        for minute in c.value
    }
    return any(
        minute + length in said or minute - length in said for minute in claim.value for length in lengths
    )
