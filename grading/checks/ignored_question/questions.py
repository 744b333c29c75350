"""The questions a caller turn asks, each a short clause, a request for a person or for help left to
missed_handoff; the type of answer each asks for; and the sentences a caller marks with "?"."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from grading.checks.ignored_question.phrasings import SHORT_SOURCE
from grading.checks.missed_handoff import PERSON_REQUEST
from grading.checks.outcome import CALLER_PLAN, CALLER_SATISFIED
from grading.first_chars import compile_filtered
from grading.prefilter.records import record_of
from grading.speech import (
    compile_phrases,
    holds_any,
    sentences,
    strip_interjections,
)

QUESTION_START: Final = compile_filtered(
    r"^(?:what|what's|whats|when|where|where's|which|who|how|why|do|does|did|is|are|can|could|would|will|"
    r"should|may|have (?:you|we|i|they)|has (?:it|he|she|the|anyone|anybody)|any|is there|are there)\b",
    re.IGNORECASE,
)
_AND_QUESTION: Final = (
    r"(?:and|also|plus|oh and)\s+(?=(?:what|when|where|which|how|do|does|is|are|can|could|will)\b)"
)
_COMMA_QUESTION: Final = (
    r"(?=(?:what|when|where|which|how|who|why)\b"
    r"|(?:can|could|do|does|is|are|will|would) (?:you|i|we|it|there|that|they)\b)"
)
_AT_PUNCTUATION: Final = (
    r"(?<=\?)\?*|(?<=[.!;])\s+|(?<=,)\s+" + _AND_QUESTION + r"|(?<=,)\s+" + _COMMA_QUESTION
)
SPLIT_QUESTIONS: Final = re.compile(
    r"([?.!;,\s](?:" + _AT_PUNCTUATION + r"|(?<=\s)\s*" + _AND_QUESTION + "))", re.IGNORECASE
)
r"""Where one question ends and the next begins: a question mark, a full stop, "and"/"also" before
a question word, or a comma before one ("I want my prescriptions moved here, how does that work").

Written as its separators' first character, then what follows it by which character that was:
`\?+|[.!;]\s+|,?\s+and\s+(?=...)|,\s+(?=...)` in the form `[?.!;,\s](?:(?<=\?)\?*|...)`, the same
matches tried in the same order (`,?\s+` is a comma then spaces, or a space then maybe more). A
pattern that opens with a character class is searched by `re`'s own scan for that class; behind a
lookahead filter it was entered at every character of every caller turn."""
_SPLIT_AT_PUNCTUATION: Final = re.compile(r"([?.!;,](?:" + _AT_PUNCTUATION + "))", re.IGNORECASE)
"""SPLIT_QUESTIONS without its one separator that opens with whitespace (" and what..."), for an
ASCII turn holding no "and", "also" or "plus": its splits are the same, and `re` stops only at the
few punctuation marks instead of at every space."""


def _split_questions(text: str) -> list[str]:
    """`SPLIT_QUESTIONS.split(text)`: clause, separator, clause, ..., clause."""
    if text.isascii() and not holds_any(text.lower(), ("and", "also", "plus")):
        return _SPLIT_AT_PUNCTUATION.split(text)
    return SPLIT_QUESTIONS.split(text)


UNMARKED_QUESTION: Final = compile_filtered(
    r"^(?:what|what's|whats|when|where|where's|which|who|how|why)\b|^(?:do|does|did|is|are|can|could|would"
    r"|will|should|may|have|has) (?:you|i|we|it|there|they|that|this|he|she)\b",
    re.IGNORECASE,
)
"""Without a question mark (speech recognition drops them) a clause is a question only when it opens
like one unmistakably: "any time next week." is a preference, "do you have parking" a question."""
ALTERNATIVE: Final = compile_filtered(
    r",?\s+or (?:do|does|did|is|are|am|can|could|will|would|should|have|has) (?:i|you|we|it|they|there"
    r"|that|he|she)\b|,?\s+or (?:not|no)$",
    re.IGNORECASE,
)
"""A marked clause that offers its alternative ("the shuttle's free, or do I pay?", "it's
included, or not?") asks, however it opens."""


_ASKING_WORDS: Final = frozenset(
    "what whats when where which who how why do does did is are can could would will should may have has any"
    " or".split()
)
"""Words one of which every question holds whole, on the lower-cased ASCII turn: a clause is a
question only when QUESTION_START matches it or ALTERNATIVE finds something in it. QUESTION_START
opens the clause with one of the first words here, followed by `\\b`, a space or an apostrophe
("what's" holds "what"); every ALTERNATIVE match holds `\\s+or ` ("or"). A clause's first word is
one of the turn's (maximal runs of `\\w`): a clause is cut where a separator (punctuation or
whitespace) begins or ends, stripped of punctuation and of whole leading interjections, so it
opens after a non-word character. So an ASCII turn whose words hold none of these asks nothing
(on other text IGNORECASE also matches "ſ" to "s", which lower-casing does not do)."""


_PRICE_ANSWER: Final = (
    r"[$£€]|\d\s*(?:dollars?|bucks|pounds?|euros?|%|percent|gbp|usd|eur)|\bfree\b|no charge"
    r"|\d(?:[\d.,]*\d)?(?=\s*(?:$|[.,;!?]|cents?\b|per\b|each\b|for\b|plus\b|flat\b|total\b"
    r"|minimum\b|min\b|all in\b|and up\b|or so\b|upwards\b|to start\b"
    r"|up ?front\b|a (?:month|week|year|night|session|visit|person|head|hour|day|serving|slice"
    r"|dozen|piece)\b))"
    r"|\bcosts?\b"
    r"|\bprice|\bfees?\b|\bcovered\b|depends|varies"
    r"|\b(?:card|cash|checks?|cheques?|invoice|financ\w*|venmo|paypal|apple pay|percent|apy|visa"
    r"|mastercard|amex|american express|debit|credit|google pay|interac|e-?transfer|zelle)\b|%"
    r"|\d\s*(?:an?|per|each)\s+(?:hour|hr|night|month|week|day|person|session|visit|room|head|mover|guest)s?\b"
)
_TIME_ANSWER: Final = (
    r"\b\d{1,2}(?::\d{2})?\s*(?:a\.?m|p\.?m)|\b\d{1,2}:\d{2}|\b(?:from|at|until|till|by) \d|"
    r"o'?clock|noon|"
    r"midnight|morning|afternoon|evening|tonight|today|tomorrow|monday|tuesday|wednesday|thursday|friday|"
    r"minutes?|january|february|march|april|\bmay\b|june|july|august|september|october|november"
    r"|december|\d(?:st|nd|rd|th)\b|"
    r"saturday|sunday|weekend|weekday|\bopen|\bclose|hours|week"
)
_PLACE_ANSWER: Final = (
    r"\b\d{1,5}\s+(?!to\b|and\b|or\b|till\b|until\b|a\.?m\b|p\.?m\b|o'?clock|minutes?|hours?|days?|weeks?)[a-z]"
    r"|street|\bst\b|road|\brd\b|avenue|\bave\b|lane|located|downtown|next to|\bnear|across|behind|"
    r"corner|floor|suite|address|we'?re at|we are at|\bin\s+[A-Z]|\barea\b"
    r"|\b(?:hall|cent(?:re|er)|church|school|building|park|library|mall|plaza|square|station|campus"
    r"|venue|hotel|ballroom|studio|clinic|hospital|arena|theat(?:re|er)|gym|store|shop)\b"
    r"|\b(?:north|south|east|west)|cent(?:re|er)\b"
    r"|\be-?mail|@|\bdot (?:com|org|net|example)\b|\b(?:send|mail|drop) (?:it|them|that|those) (?:to|off)\b"
)
"""Where a place is said, or where to send something ("Where do I send it?" "You can email it to
quotes at ridgeline dot example")."""
_NUMBER_ANSWER: Final = (
    r"\d|number|area code"
    r"|\b(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)"
    r"(?:[ ,-]+(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)\b){2}"
)
_DURATION_ANSWER: Final = (
    r"\d|minute|hour|day|week|month|year|long|quick|short|\btime\b|spring|summer|autumn|\bfall\b|winter"
    r"|monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight"
)
_COUNT_ANSWER: Final = r"\d|several|few|\bno\b|none|one|two|three|four|five"

QUESTION_TYPES: Final[tuple[tuple[re.Pattern[str], re.Pattern[str]], ...]] = (
    (
        re.compile(
            r"how much|\bcost|\bprice|\bcharge|\bfees?\b|\bexpensive|\bpay\b|\brates?\b|\bpaying\b"
            r"|\binterest\b|\bapy\b|\byield",
            re.I,
        ),
        compile_filtered(_PRICE_ANSWER, re.I),
    ),
    (
        re.compile(
            r"\bwhen\b|what time|\btime\b|\bhours\b|how late|how early|what days?"
            r"|\b(?:are|is|you'?re|it'?s) (?:you |it |they |the \w+ )?(?:still |even )?(?:open|closed?)\b"
            r"|\b(?:open|close)(?:d)? (?:on|at|till|until|late|early|today|tonight|tomorrow|this|next"
            r"|weekends?|\w+days?)\b",
            re.I,
        ),
        compile_filtered(_TIME_ANSWER, re.I),
    ),
    (
        re.compile(r"\bwhere\b|\baddress\b|\blocated\b|\blocation\b|directions|what area", re.I),
        compile_filtered(_PLACE_ANSWER, re.I),
    ),
    (re.compile(r"\bnumber\b|\bphone\b", re.I), re.compile(_NUMBER_ANSWER, re.I)),
    (re.compile(r"how long", re.I), re.compile(_DURATION_ANSWER, re.I)),
    (re.compile(r"how many", re.I), re.compile(_COUNT_ANSWER, re.I)),
)


def _for_lowered_text(source: str) -> str:
    """`source` (its letters in lower case but in `[A-Z]`) for text with no upper-case letter: with
    `[A-Z]` written `[a-z]`, the pattern compiled without IGNORECASE matches such ASCII text
    where the IGNORECASE one does. (On ASCII text IGNORECASE only lets a letter meet its other
    case, and the text has none; `\\b`, `\\d`, `\\s` and `\\w` do not depend on it.)"""
    lowered = source.replace("[A-Z]", "[a-z]")
    if any(char.isupper() for char in re.sub(r"\\.", "", lowered)):
        raise ValueError(f"an upper-case letter in {source!r}: it needs its lower case in the twin")
    return lowered


_ON_LOWERED_TEXT: Final[dict[re.Pattern[str], re.Pattern[str]]] = {
    kind: compile_filtered(_for_lowered_text(source))
    for (_, kind), source in zip(
        QUESTION_TYPES,
        (_PRICE_ANSWER, _TIME_ANSWER, _PLACE_ANSWER, _NUMBER_ANSWER, _DURATION_ANSWER, _COUNT_ANSWER),
        strict=True,
    )
}
"""Each answer kind of QUESTION_TYPES compiled for lower-case ASCII text (a reply as
digits_for_speech gives it), without IGNORECASE: `re` then compares letters as they are, two to
four times faster than lower-casing both sides at every position."""


def holds_answer(kind: re.Pattern[str], reply: str) -> bool:
    """Whether `kind` (an answer kind of QUESTION_TYPES) finds an answer in `reply`: on a reply
    with no upper-case letter, by its case-sensitive twin (the same matches, see
    `_for_lowered_text`)."""
    if reply.isascii() and reply.islower():
        return _ON_LOWERED_TEXT[kind].search(reply) is not None
    return kind.search(reply) is not None


FETCH_PERSON: Final = compile_phrases(
    [
        r"(?:call|page|radio) (?:someone|somebody|anyone|anybody|for help|help|security|staff|an ambulance"
        r"|the (?:police|paramedics|manager))",
        r"(?:get|send) (?:help|security|an ambulance|the (?:police|paramedics))",
        r"(?:get|send) (?:someone|somebody) (?:here|over here|now|right now)",
    ]
)
"""Asking the agent to fetch help ("Can you call someone? He's not moving."): like a request for a
person, it is missed_handoff's business, not a question the next reply answers with words."""


def _fetches_person(clause: str) -> bool:
    return bool(PERSON_REQUEST.search(clause) or FETCH_PERSON.search(clause))


def questions(text: str) -> list[str]:
    """The questions a caller turn asks, each a short clause; empty when it asks none. (A fresh
    list: the reading itself is cached, since the rules judge and dead_end ask about the same turns.)"""
    return list(_questions(text))


@lru_cache(maxsize=1024)
def _questions(text: str) -> tuple[str, ...]:
    if text.isascii() and record_of(text).words.isdisjoint(_ASKING_WORDS):
        return ()  # "Sure, take your time.": no word a question needs
    found: list[str] = []
    pieces = _split_questions(text)  # clause, separator, clause, ..., clause
    for position in range(0, len(pieces), 2):
        part = pieces[position]
        spaces = part.count(" ")
        if spaces < 1 or (spaces < 2 and "who" not in part.lower()):
            continue  # fewer than three words, or two that cannot be "who can?"
        marked = position + 1 < len(pieces) and "?" in pieces[position + 1]
        # a clause after a comma without a question mark is subordinate ("..., when he's groomed")
        if not marked and position > 0 and pieces[position - 1].strip() == ",":
            continue
        clause = strip_interjections(part.strip(" ,.;!-")).strip(" ,")
        if not marked and not UNMARKED_QUESTION.match(clause):
            continue  # an unmarked clause is a question only when it opens like one unmistakably
        short_source = marked and bool(SHORT_SOURCE.match(clause))  # "So... who can?"
        if (len(clause.split()) < 3 and not short_source) or not (
            QUESTION_START.match(clause) or (marked and ALTERNATIVE.search(clause))
        ):
            continue
        if _fetches_person(clause):
            continue
        found.append(clause)  # marked, or unmarked, opening like a question and not after a comma
    return tuple(found)


SHAPE_ORDER: Final = (*QUESTION_TYPES[4:], *QUESTION_TYPES[:4])
"""QUESTION_TYPES read "how long" and "how many" first: "how long do I have to pay it back?" asks
for a duration ("sixty days"), though "pay" would make it a price question."""


@lru_cache(maxsize=1024)
def type_shape(question: str) -> re.Pattern[str] | None:
    for asks, shape in SHAPE_ORDER:
        if asks.search(question):
            return shape
    return None


def marked_clauses(text: str) -> list[str]:
    """The caller's sentences that end in a question mark without opening like a question ("So
    there's nothing you guys can do?", "Not even a spare?"), three words or more, and not the
    caller's own thanks or plan ("I'll call back tomorrow?"). Such a sentence is only counted
    against a reply that answers nothing at all (only closes or apologises): against any other
    reply, uptalk ("I think I smell gas?") cannot be told from a question by its words."""
    found: list[str] = []
    for sentence in sentences(text):
        if not sentence.rstrip().endswith("?"):
            continue
        clause = strip_interjections(sentence.strip(" ?.!,-")).strip(" ,")
        if (
            len(clause.split()) < 3
            or CALLER_SATISFIED.search(clause)
            or CALLER_PLAN.search(clause)
            or _fetches_person(clause)
        ):
            continue
        found.append(clause)
    return found
