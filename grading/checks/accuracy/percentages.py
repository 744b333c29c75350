"""Percentages: what a percentage is from the words beside it (a discount, a rate of interest, a
charge), and a discount said for a group no discount fact names."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from grading.checks.accuracy.relatedness import GENERIC, WEAK
from grading.claims.extract import Claim
from grading.claims.facts import FactIndex
from grading.claims.numbers import digits_for_speech
from grading.first_chars import compile_filtered
from grading.speech import content_words, stem

DISCOUNT_FOR: Final = compile_filtered(
    r"(?:^|[,.;:!?]\s*|\b(?:and|so|but|plus|because|since)\s+)(?:(?:all|our|the|any|every|most)\s+)?"
    r"([a-z][a-z' -]{1,40}?)\s+(?:get|gets|receive|receives|save|saves|qualify for|are entitled to)\s+"
    r"(?:a\s+|an\s+)?(\d+(?:\.\d+)?)\s?(?:%|percent\b)"
)
"""A discount said with who gets it ("educators get five percent off", "Triple A members get 20%")."""
ANYONE: Final[frozenset[str]] = frozenset(
    """you we they everyone everybody anyone anybody people customer client folk guest patient person
    one""".split()
)
"""Who a discount is for when it names no group ("you get ten percent off")."""


def discount_for_others(claim: Claim, sentence: str, index: FactIndex) -> bool:
    """A discount for a group that no discount fact names ("educators get five percent off tuition"
    where the sheet's only discount is for siblings): an invented discount, not a wrong rate of the
    sibling one. A group the sheet's discount names ("seniors", "the older one") is judged on its
    value as before."""
    if not isinstance(claim.value, float):
        return False
    spoken = digits_for_speech(sentence)
    said = [(m.group(1), m.group(2)) for m in DISCOUNT_FOR.finditer(spoken)]
    if " off " in spoken or " discount " in spoken:
        said += [(m.group(2), m.group(1)) for m in DISCOUNT_ON.finditer(spoken)]
    for who, rate in said:
        if float(rate) != claim.value:
            continue
        group = {word for word in content_words(who) - GENERIC - WEAK if len(word) > 1}
        group -= ANYONE | {stem(word) for word in ANYONE} | NOT_DISCOUNTED
        if not group:
            return False
        discounts = [
            fact
            for fact in index.facts
            if "discount" in fact.text
            or any(
                known.kind == "percent"
                and percent_sense(known.span, digits_for_speech(fact.fact.statement)) in {"discount", None}
                for known in fact.claims
            )
        ]
        return not any(group & fact.words for fact in discounts)
    return False


DISCOUNT_ON: Final = compile_filtered(
    r"\b(\d+(?:\.\d+)?)\s?(?:%|percent)\s+(?:off|discount)\s+(?:for\s+|on\s+)?(?:(?:the|your|a|an|all|any|every|our)\s+)?"
    r"(?!(?:and|but|so|if|when|through|until|till|this|with|for|to|in|at|as|until|from)\b)"
    r"([a-z][a-z' -]{1,40}?)(?=[,.;!?]|\s+(?:and|but|so|if|when|through|until|till|this|with)\b|$)"
)
"""A discount said with what it is on ("twenty percent off for gift cards", "10% off labor")."""
NOT_DISCOUNTED: Final[frozenset[str]] = frozenset(
    """today tonight now first next that this it everything anything purchase order total bill price
    whole entire rest""".split()
)
"""Words after "N% off" that name no particular thing ("10% off today", "15% off your total")."""


PERCENT_DISCOUNT_AFTER: Final = re.compile(
    r"\s*(?:off|discount|less|savings?|reduction|cheaper|-?\s*price)\b"
)
"""What follows a discount ("20% off", "half price")."""
PERCENT_DISCOUNT_BEFORE: Final = re.compile(r"\b(?:save|saves|saving|discount of|discounted by|knock)\s+$")
PERCENT_RATE_AFTER: Final = re.compile(r"\s*(?:apr|apy|interest|financing|for \d+ months|a year|annual)\b")
PERCENT_RATE_BEFORE: Final = re.compile(r"\b(?:apr|apy|interest|financing|rate) (?:of |is |at )?$")
PERCENT_CHARGE_AFTER: Final = re.compile(
    r"\s*(?:(?:non-refundable |refundable )?deposit|(?:service |after-hours )?(?:charge|surcharge)|"
    r"(?:sales )?tax|"
    r"restocking|fee|of (?:the|your|their|a)\b|gratuity|tip|commission)"
)
PERCENT_CHARGE_BEFORE: Final = re.compile(
    r"\b(?:deposit of|charged|charge of|taxes of|tax of|tax is|surcharge of|fee of|tip of|gratuity of)\s+$"
)


@lru_cache(maxsize=4096)
def percent_sense(span: str, text: str) -> str | None:
    """What a percentage is, from the words beside it: a discount ("20% off", "saves 5%"), a rate of
    interest ("0% APR", "3.9% for 12 months"), a charge ("a 50% deposit", "an 18% service charge",
    "30% of the total"), or None when the words say neither."""
    at = text.find(span)
    if at < 0:
        return None
    after, before = text[at + len(span) : at + len(span) + 30], text[max(0, at - 30) : at].removesuffix("a ")
    before = before.removesuffix("an ")
    if PERCENT_DISCOUNT_AFTER.match(after) or PERCENT_DISCOUNT_BEFORE.search(before):
        return "discount"
    if PERCENT_RATE_AFTER.match(after) or PERCENT_RATE_BEFORE.search(before):
        return "rate"
    if PERCENT_CHARGE_AFTER.match(after) or PERCENT_CHARGE_BEFORE.search(before):
        return "charge"
    return None
