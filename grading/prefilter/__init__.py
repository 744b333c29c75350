"""Literal prefilters for the checks' regular expressions: from a pattern's syntax tree, the words
at least one of which every match must contain, so that a text holding none of them is never
searched, and a text holding some is searched only for the alternatives those words can start.

This is the idea of RE2's prefilter and of Russ Cox's trigram index, with whole words for
trigrams (a set of a text's words is cheaper to build in Python than a set of its trigrams, and
far more selective). Python's `re` tries a phrase alternation at every position of a text, and
most of the ~1,200 searches a 40-turn call gets find nothing. Here a text's words are read once
(`record_of`, shared by every pattern within a grade); a gate intersects them with its own words,
which says which of its alternatives the text may match.

The reading is conservative by construction, so a gate never rejects a text its pattern matches.
A word counts only where every match must hold it whole: a run of literal word characters with a
non-word character, `\\b`, `(?!\\w)`, `(?<!\\w)`, `^` or `$` on both sides, in a sequence's
literals, each branch's, a repeat's with a minimum of one, or a positive lookaround's (it must
find it in the text). A text's words are its maximal runs of `\\w`, the characters `\\b` is
defined by, so such a word is one of them. Anything else (wide classes, `.`, backreferences,
scoped flags, constructs not known) is "no constraint", and an alternative with no word is always
searched. Words are read on the lower-cased text:

- a pattern searched on lower-cased text (speech.Phrases) is read with its literals as written;
- any other pattern only on ASCII text (other text gets the full pattern), case-sensitive ones
  with lower-case literals only (an upper-case letter is "no constraint"), IGNORECASE ones with
  ASCII literals lower-cased.

tests/grading/test_prefilter.py checks the reading against the plain regex with hypothesis.

Where each part lives: `gates` (`compile_gated`, GatedPattern, AlternativesGate and the top-level
alternatives), `reading` (`literal_words`: the syntax-tree reading), `records` (a text's lower-cased
words, read once), `commonness` (how common a word is).
"""

from __future__ import annotations

from grading.prefilter.gates import AlternativesGate, GatedPattern, compile_gated, top_level_alternatives
from grading.prefilter.reading import literal_words

__all__ = ["AlternativesGate", "GatedPattern", "compile_gated", "literal_words", "top_level_alternatives"]
