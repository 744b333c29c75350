"""Spoken numbers to digits, so that claims are compared as values, not as words.

Speech recognition writes numbers every way a person says them: "ninety dollars", "one hundred and
twenty", "nine thirty", "half past nine", "five five five, zero one four two". `digits_for_speech`
rewrites a lower-cased sentence so those read "90 dollars", "120", "9:30", "9:30", "5550142";
everything else is left as it was. Thousands separators are dropped ("$1,200" -> "$1200").

Where each part lives: `sentence` (`digits_for_speech`, the rewrites in order), `words` (number
words, ordinals, cardinals), `runs` (a run of number words as digits), `cues` (what the words around
a pair of numbers say it is), `fractions` (points, quarters and halves).
"""

from __future__ import annotations

from grading.claims.numbers.fractions import RATE_UNITS
from grading.claims.numbers.sentence import digits_for_speech
from grading.claims.numbers.words import TENS, UNITS

__all__ = ["RATE_UNITS", "TENS", "UNITS", "digits_for_speech"]
