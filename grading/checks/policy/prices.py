"""Rules against quoting a price or matching another offer: an amount the agent says (with a currency
or bare in a price frame) that is a price, not a weight or the range the rule asks for."""

from __future__ import annotations

import re
from typing import Final

from grading.checks.accuracy.relatedness import GENERIC_STEMS
from grading.checks.policy.deciders import NEGATION
from grading.claims.extract import extract
from grading.claims.facts import index_facts
from grading.claims.numbers import digits_for_speech
from grading.formats import FactSheet, Rule
from grading.speech import compile_phrases, content_words

MONEY_SPOKEN: Final = re.compile(
    r"[$£€]\s?\d|\b\d[\d,.]*\s?(?:dollars?|bucks|pounds|euros|usd|gbp)\b|"
    r"\b(?:hundred|thousand|ten|twenty|thirty|forty|fifty|sixty|seventy|eighty"
    r"|ninety)\s+(?:dollars|bucks|pounds|euros)\b",
    re.IGNORECASE,
)
WEIGHT_BEFORE: Final = re.compile(
    r"(?:over|under|more than|less than|up to|heavier than|lighter than|above|below)\s+[\w\s,-]{0,30}$",
    re.IGNORECASE,
)
WEIGHT_WORDS: Final = re.compile(r"\b(?:weigh\w*|heav(?:y|ier)|light(?:er)?|lbs?|tons?)\b", re.IGNORECASE)
PRICE_WORDS: Final = re.compile(
    r"\b(?:cost\w*|price\w*|charge\w*|fees?|pay|rates?|quotes?|runs?|total|deposit)\b|[$£€]", re.IGNORECASE
)
FIXED_ONLY: Final = re.compile(r"\b(?:fixed|exact|firm|flat|set|specific|single|final)\b", re.IGNORECASE)
"""A rule against one price in particular (a fixed, exact or final one): a range, a "from" or
"starting at" price is what such a rule leaves the agent to give."""
RANGE_OR_HEDGE: Final = re.compile(
    r"\b(?:between|from|starts? at|starting at|ranges?|depending|depends|varies|vary|up to|around|roughly"
    r"|about|estimate|at least|anywhere from)\b|\bto (?:[$£€]|\d|a hundred|\w+ hundred)",
    re.IGNORECASE,
)


def is_price(rule: Rule, sentence: str, match: re.Match[str]) -> bool:
    """A spoken amount that is a price the rule forbids: not a weight ("safes over three hundred
    pounds"), and, under a rule against a fixed, exact or final price, not the range or "from" price the
    rule itself asks for ("between one eighty and two sixty, the stylist confirms it")."""
    if "pound" in match.group(0).lower() and not PRICE_WORDS.search(sentence):
        if WEIGHT_WORDS.search(sentence) or WEIGHT_BEFORE.search(sentence[: match.start()]):
            return False
    return not (FIXED_ONLY.search(rule.text) and RANGE_OR_HEDGE.search(sentence))


def only_listed_prices(rule: Rule, sentence: str, fact_sheet: FactSheet) -> bool:
    """Under a rule against quoting the prices the sheet does not list ("never quote a price for any
    repair not listed here", "... any masonry repair other than waterproofing"), every amount of the
    sentence is a price the sheet states, for the thing the sentence names ("Masonry waterproofing
    is three hundred ten dollars per chimney" beside "Masonry waterproofing costs $310 per
    chimney."): saying it breaks nothing. A rule that forbids a price outright ("never quote a
    price for whitening") is broken by that price even when a fact lists it."""
    if not LISTED_EXCEPTION.search(rule.text):
        return False
    amounts = [claim for claim in extract(sentence) if claim.kind == "money"]
    if not amounts:
        return False
    said = content_words(sentence) - GENERIC_STEMS
    for amount in amounts:
        values = {amount.value, *amount.alternatives}
        if not any(
            fact_claim.kind == "money" and fact_claim.value in values and said & indexed.words
            for indexed in index_facts(fact_sheet).facts
            for fact_claim in indexed.claims
        ):
            return False
    return True


LISTED_EXCEPTION: Final = re.compile(
    r"\b(?:not (?:listed|on (?:the|this|our) (?:sheet|list|price list))|unlisted|other than|except)\b",
    re.IGNORECASE,
)
"""A rule that names the listed prices as the exception to what it forbids."""


class _PriceSaid:
    """A price said by the agent: an amount with a currency (MONEY_SPOKEN), or a bare amount in a
    price frame ("you're looking at about eleven thousand five hundred all in", "you'd be looking at
    about a hundred and twenty a visit", "twenty-nine hundred flat, all in", "a swap usually lands
    around one eighty", "comes to four eighty"); match positions are in the text with its
    numbers as digits."""

    def search(self, text: str, /) -> re.Match[str] | None:
        return MONEY_SPOKEN.search(text) or PRICE_FRAME.search(digits_for_speech(text))


PRICE_FRAME: Final = re.compile(
    r"\b(?:costs?|lands?(?: you)? (?:around|at|about)|comes? (?:out )?to"
    r"|(?:you'?re|you are|you'?d be|you would be|you'?ll be|you will be) looking at"
    r"|runs? (?:about|around|roughly|you)|sets? you back)\s+(?:about |around |roughly |like |just )?"
    r"(?:\d{1,2} \d{2}|\d{2,6}(?:\.\d{2})?)\b(?!\s*(?:am|pm|a\.m|p\.m|o'?clock|minutes?|hours?|days?|weeks?"
    r"|months?|years?|miles?|feet|foot|percent|%|people|guests|pounds|lbs))"
    r"|\b\d{2,6}(?:\.\d{2})?(?:,? (?:flat|even|total))?,? all[- ]in\b"
    r"|\b\d{3,6}(?:\.\d{2})? flat,? (?:all[- ]in|total|for the (?:whole|full|entire) (?:job|thing))\b",
    re.IGNORECASE,
)
PRICE_SAID: Final = _PriceSaid()
MATCHED: Final = compile_phrases(
    [
        r"(?:i|we)(?:'ll| will| can| could|'d| would)?(?: be happy to| gladly| happily| definitely)?"
        r" (?:match|beat) (?:that|it|this|them|those|theirs"
        r"|(?:their|the|that|this|his|her) (?:\w+ )?(?:price|rate|offer|quote|deal)s?)",
        r"(?:i'?ve|we'?ve|i have|we have) (?:matched|beaten|beat)",
        r"price[- ]match (?:it|that|you)",
    ]
)


def not_negated(rule: Rule, sentence: str, match: re.Match[str]) -> bool:
    del rule
    return not NEGATION.search(sentence[: match.start()][-30:])
