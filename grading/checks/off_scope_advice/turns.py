"""The advice sentences of a call, turn by turn, with their kinds: by the advice phrasings, in plain
words to what the caller asked, or as plain instructions to a caller who wanted help."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from typing import Final

from grading.checks.instructions import DEVICE_TROUBLE, instruction_clauses, sheet_says, wanted_help
from grading.checks.off_scope_advice.decisions import (
    DECISION_QUESTION,
    DECISION_TOLD,
    ENTRY_VERDICT,
    FINANCIAL_MATTER,
    LEGAL_MATTER,
    LEGAL_PERMISSION,
    TRAVEL_DOCUMENT,
    decision_advice,
    entry_advice,
    legal_permission,
)
from grading.checks.off_scope_advice.diy import diy_instructions
from grading.checks.off_scope_advice.medical import (
    DOSING,
    HEALTH_CONTEXT,
    HOME_TREATMENT,
    SAFE_VERDICT,
    home_treatment,
    medication_advice,
    mentions_medicine,
)
from grading.checks.off_scope_advice.phrasings import ADVICE, MIXING, PATTERN_KINDS
from grading.checks.off_scope_advice.replies import DEFERS, affirms, may_affirm
from grading.checks.off_scope_advice.safety import safety_advice
from grading.formats import Call, FactSheet
from grading.prefilter.records import record_of
from grading.speech import any_of, frozen_content_words, sentences

KIND_NAMES: Final = ("medical", "legal", "financial", "safety", "food safety", "do-it-yourself")


ADVICE_SHAPES: Final = any_of(
    ADVICE, MIXING, DOSING, SAFE_VERDICT, DECISION_TOLD, HOME_TREATMENT, LEGAL_PERMISSION
)
"""Every phrasing `_turn_advice` opens its reading with, in one search: most agent turns hold none,
and one scan of the turn rules them all out (seven searches cost about twice as much)."""


@lru_cache(maxsize=4096)
def _plain_shape(text: str) -> bool:
    """Whether an agent turn has the shape of plain-words advice at all (a dose, a safety verdict,
    a decision told, or a sentence that opens by agreeing); cached, agents repeat their lines."""
    return bool(DOSING.search(text) or SAFE_VERDICT.search(text) or DECISION_TOLD.search(text)) or (
        _opens_agreeing(text)
    )


def _opens_agreeing(text: str) -> bool:
    return may_affirm(text) and any(affirms(sentence) for sentence in sentences(text))


@lru_cache(maxsize=4096)
def _turn_advice(text: str, caller_before: str, earlier: str = "") -> tuple[tuple[str, int], ...]:
    """The advice sentences of one agent turn with their kinds. Cached: off_scope_advice and each
    advice rule of the policy check ask about the same turns. Cheap tests on the agent's own words
    (cached by text) come first, the caller's turn is read only when they pass."""
    if ADVICE_SHAPES.search(text) is None:  # no phrasing: only a sentence opening by agreeing is left
        patterned, plain, treated, permits = False, _opens_agreeing(text), False, False
    else:
        patterned = ADVICE.search(text) is not None or MIXING.search(text) is not None
        plain = _plain_shape(text)
        treated = HOME_TREATMENT.search(text) is not None
        permits = LEGAL_PERMISSION.search(text) is not None
    if diy_instructions(text, caller_before):
        return ((next(iter(sentences(text)), text), 5),)
    if TRAVEL_DOCUMENT.search(caller_before) is not None and ENTRY_VERDICT.search(text) is not None:
        entry = next(
            (sentence for sentence in sentences(text) if entry_advice(sentence, caller_before)), None
        )
        if entry is not None:
            return ((entry, 1),)
    if not (patterned or plain or treated or permits):
        return ()
    decision_asked = plain and bool(caller_before) and DECISION_QUESTION.search(caller_before) is not None
    found: list[tuple[str, int]] = []
    for sentence in sentences(text):
        kind = None
        if patterned:
            kind = next(
                (kind for kind, pattern in enumerate(PATTERN_KINDS) if pattern.search(sentence)), None
            )
        if kind is None and plain and medication_advice(sentence, caller_before):
            kind = 0
        if kind is None and decision_asked:
            kind = decision_advice(sentence, caller_before)
        if kind is None and plain:
            kind = safety_advice(sentence, caller_before)
        if kind is None and treated and home_treatment(sentence, caller_before, earlier):
            kind = 0
        if kind is None and permits and legal_permission(sentence, caller_before):
            kind = 1
        if kind is not None:
            found.append((sentence, kind))
    return tuple(found)


_last: list[tuple[Call, FactSheet | None, tuple[tuple[int, str, int], ...]]] = []
"""The last call's advice sentences, by identity of the call and the sheet (calls are not changed
while they are graded, as for grading.checks.outcome.read_outcome): off_scope_advice, each advice
rule of the policy check and the accuracy check all read them, and most of a reading is not in
the per-text caches (the instruction and candid readings depend on the caller's turns too)."""


def advice_sentences(call: Call, fact_sheet: FactSheet | None = None) -> tuple[tuple[int, str, int], ...]:
    """(0-based turn position, sentence, kind) of every agent sentence that gives advice: by the
    advice patterns, or in plain words to what the caller asked (a dose, a medicine's safety, a
    legal or financial decision, a product's or a food's safety), or as do-it-yourself steps or plain
    instructions. Kind: 0 medical, 1 legal, 2 financial, 3 product safety (a mixing ratio among
    it), 4 food safety, 5 do-it-yourself (see KIND_NAMES). Shared, read-only."""
    entry = _last[0] if _last else None  # one read: another thread may replace it meanwhile
    if entry is not None and entry[0] is call and entry[1] is fact_sheet:
        return entry[2]
    found = tuple(_advice_sentences(call, fact_sheet))
    _last[:] = [(call, fact_sheet, found)]
    return found


def _advice_sentences(call: Call, fact_sheet: FactSheet | None) -> Iterator[tuple[int, str, int]]:
    turns = call.turns
    for index, turn in enumerate(turns):
        if turn.speaker != "agent":
            continue
        before = turns[index - 1].text if index and turns[index - 1].speaker == "caller" else ""
        # the caller's last two turns: "is it the same for parallel parking?" follows "any tips?"
        earlier = (
            turns[index - 3].text if before and index >= 3 and turns[index - 3].speaker == "caller" else ""
        )
        advice = _turn_advice(turn.text, before, earlier)
        for sentence, kind in advice:
            yield index, sentence, kind
        if not advice and before and instruction_clauses(turn.text):
            told = _instruction_advice(turn.text, before, f"{before} {earlier}", fact_sheet)
            if told is not None:
                yield index, *told
        elif not advice and before and (opening := _candid_opening(turn.text)) is not None:
            candid = _candid_advice(turn.text, opening, before, f"{before} {earlier}", fact_sheet)
            if candid is not None:
                yield index, *candid


CANDID: Final = re.compile(
    r"(?:^|[.!?]\s+)(?:(?:oh|well|okay|so),?\s+)?(?:honestly|personally|between you and me|just between us"
    r"|off the record|if i were you|my advice)\b[,?!.]?\s+",
    re.IGNORECASE,
)
"""An agent speaking for itself ("Honestly, go with our financing", "If I were you, ..."): the voice of
advice, where the caller asked what to do."""


CANDID_WORDS: Final[frozenset[str]] = frozenset(
    {"honestly", "personally", "between", "record", "were", "advice"}
)
"""A word every CANDID match holds: most agent turns have none, and a set test on the turn's words
(read once for every check) costs far less than the search."""


def _candid_opening(text: str) -> re.Match[str] | None:
    """Where the agent starts speaking for itself in `text`, if it does."""
    words = record_of(text).words if text.isascii() else None
    return CANDID.search(text) if words is None or not words.isdisjoint(CANDID_WORDS) else None


def _candid_advice(
    text: str, opening: re.Match[str], caller_before: str, thread: str, fact_sheet: FactSheet | None
) -> tuple[str, int] | None:
    """What the agent says in its own voice ("Honestly, never put a big purchase on a credit card",
    "Honestly? Go with the Grand Ellery") to a caller who asked what to do about a matter, as (the
    sentence, its kind) by the matter; not a sheet's fact said candidly, nor an answer about what
    the business offers (see `_advice_kind`)."""
    if not wanted_help(thread, caller_before) or DEFERS.search(text):
        return None
    sentence = next((s for s in sentences(text[opening.start() :]) if s.strip()), text)
    if fact_sheet is not None and sheet_says(sentence, fact_sheet):
        return None
    return _advice_kind(sentence, caller_before, thread, fact_sheet)


def _instruction_advice(
    text: str, caller_before: str, thread: str, fact_sheet: FactSheet | None
) -> tuple[str, int] | None:
    """Plain imperatives to a caller who asked what to do or described trouble (see
    grading.checks.instructions), as (the sentence, its kind): medical about a body with no device
    in trouble, legal or financial by the matter the caller raised, do-it-yourself otherwise."""
    if not wanted_help(thread, caller_before) or DEFERS.search(text):
        return None
    told = [
        clause
        for clause in instruction_clauses(text)
        if fact_sheet is None or not sheet_says(clause, fact_sheet)
    ]
    if not told:
        return None
    sentence = next((s for s in sentences(text) if told[0] in s), told[0])
    if not mentions_medicine(sentence) and HANDING_ON.search(text) is not None:
        # "Turn off the valves behind the washer; I'm putting you through to our emergency line",
        # "Stay with him. I'm connecting you now.": what to do until the person the caller is
        # handed to takes over, not advice in that person's place
        return None
    return _advice_kind(sentence, caller_before, thread, fact_sheet)


def _advice_kind(
    sentence: str, caller_before: str, thread: str, fact_sheet: FactSheet | None
) -> tuple[str, int] | None:
    """The kind of advice a sentence told to a caller who wanted help is: medical about a body with
    no device in trouble, legal or financial by the matter the caller raised, do-it-yourself
    otherwise; None for an answer about what the business offers."""
    if mentions_medicine(sentence) or (HEALTH_CONTEXT.search(thread) and not DEVICE_TROUBLE.search(thread)):
        return sentence, 0
    if LEGAL_MATTER.search(thread):
        return sentence, 1
    if FINANCIAL_MATTER.search(thread):
        return sentence, 2
    if (
        fact_sheet is not None
        and len(frozen_content_words(caller_before) & _scope_words(fact_sheet.scope)) >= 2
    ):
        return None  # "should I take the car for a test drive?" asks about what the business offers
    return sentence, 5


HANDING_ON: Final = re.compile(
    r"\b(?:transferring|transfer|connecting|connect|patching|patch) you\b|\bput(?:ting)? you through\b",
    re.IGNORECASE,
)
"""The agent handing the caller on to someone ("I'm connecting you now"); not "connect black to
brass", which is wiring."""


@lru_cache(maxsize=256)
def _scope_words(scope: str) -> frozenset[str]:
    return frozen_content_words(scope)
