"""Amounts of money and percentages: with a currency, bare in a rate ("140 an hour"), in a range,
in thousands ("three grand"), said in two groups of words; pounds that are a weight are none."""

from __future__ import annotations

import re
from typing import Final

import msgspec

from grading.claims.extract.claim import Claim
from grading.claims.numbers import RATE_UNITS
from grading.first_chars import compile_filtered

CURRENCY_WORDS: Final = r"dollars?|bucks|pounds?|quid|euros?|usd|gbp|eur|cents?"
NOT_CENTS: Final = (
    r"\s*(?:[%:.,]\d|%|percent|per cent|minutes?|mins?|hours?|hrs?|days?|nights?|weeks?|months?|years?|"
    r"times?|people|persons?|guests?|kids|children|adults|students|seats?|miles?|km|feet|foot|ft|inches?|"
    r"pounds?|lbs?|kg|dollars?|bucks|euros?|quid|cents?|pence|off|percent|and a half|[ap]\.?m\b|o'?clock)"
)
"""What follows a number that is not the cents of the amount before it ("ten dollars 20 minutes",
"5 dollars 20 years ago", "20 dollars 15 percent off")."""
MONEY: Final = compile_filtered(
    rf"(?:[$£€]\s?(\d+(?:\.\d{{1,2}})?)(?:\s?(?:dollars?|pounds?)(?:\s+and\s+(\d{{1,2}})\s?(?:cents?|pence|p)\b)?)?)"
    rf"|(?:\b(\d+(?:\.\d{{1,2}})?)\s?(?:{CURRENCY_WORDS})\b"
    rf"(?:\s+(?:and\s+)?(\d{{1,2}})(?:\s?(?:cents?|pence|p)\b|(?<=\s\d\d)(?<!and\s\d\d)\b(?!{NOT_CENTS})))?)"
)
"""An amount: group 1 after a currency sign, with its cents in group 2 ("$160 dollars and 65 cents",
where the number reading put the sign before "one sixty dollars"); group 3 before a currency word,
with its cents in group 4 ("12 dollars 50 cents", or two digits with no unit as people say prices:
"four dollars fifty", "two pounds sixty a metre"; not after "and": "30 dollars and 15 for kids")."""
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
MONEY_RATE: Final = compile_filtered(
    r"\b(\d+(?:\.\d{1,2})?)\s+(?:(?:a|an|per)\s+(?:night|hour|month|week|year|day|person|adult|child|head|stay|"
    r"visit|guest|serving|slice|piece|dozen|class|session|lesson|room|ticket|seat)"
    r"|for (?:the|one|a|(?:mon|tues|wednes|thurs|fri|satur|sun)day|that) nights?)\b"
)
"""A price said without its currency ("a hundred and fifty-nine a night", "140 an hour", "one
thirty-nine for Tuesday night")."""
PER_MEASURE: Final = compile_filtered(
    r"(?:\b(\d{1,2}) (\d{2})|\ba dollar (\d{2})|\b(\d+(?:\.\d{1,2})?))\s+(?:a|an|per)\s+"
    r"(?:linear |square |cubic )?(?:foot|feet|pound|lb|watt|mile|gallon|yard|metre|meter|kilo|kg)\b"
)
"""A price per measure said without its currency, in one group or two ("forty-two a foot", "two
eighty-five a watt", "a dollar seventy-five per linear foot"): dollars and cents in groups 1 and 2
(or a dollar and cents in group 3), a whole amount in group 4."""
MONEY_PER_UNIT: Final = compile_filtered(
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


GRAND: Final = re.compile(r"\b(\d+(?:\.\d)?)\s?grand\b")
""""Three grand": thousands of the currency, said the way people say them."""


def spoken_pair(sentence: str, claim: Claim) -> bool:
    """Whether a money claim may have come from two groups of words ("two forty-nine" written $249,
    "thirty-three fifteen" $33.15 by `digits_for_speech`) rather than from digits in the transcript."""
    if claim.kind != "money" or not isinstance(claim.value, float):
        return False
    whole, cents = divmod(round(claim.value * 100), 100)
    if cents:
        return 1 <= whole <= 99 and cents >= 10 and f"{whole}.{cents:02d}" not in sentence
    return 110 <= whole <= 999 and whole % 100 >= 10 and str(whole) not in sentence


def with_spoken_readings(claim: Claim) -> Claim:
    """A money claim said as two groups of words, with its other reading as an alternative."""
    if not isinstance(claim.value, float):  # spoken_pair admits only these
        return claim
    whole, cents = divmod(round(claim.value * 100), 100)
    other = float(whole * 100 + cents) if cents else whole // 100 + (whole % 100) / 100
    return msgspec.structs.replace(claim, alternatives=(other,))


def is_weight(text: str, match: re.Match[str]) -> bool:
    """Whether "N pounds" is a weight: the sentence talks of weight, names dollars, or says "over /
    under N pounds" after a thing rather than a price ("safes over 300 pounds")."""
    if re.search(r"\$|dollar|bucks", text):
        return True
    return bool(
        WEIGHT_CONTEXT.search(text[max(0, match.start() - 30) : match.start()])
        or re.search(r"weigh|weight|heav|lbs\b|kilo", text)
    )
