"""A requirement of the sheet said not to apply: the sheet asks for a thing ("Every signer must show
photo ID", "Pontoons take a $300 deposit", "We pull permits for every EV charger", "No tripods
anywhere in the galleries") and the agent tells the caller it is not needed or is allowed ("you
won't need any ID", "no permit needed", "we'll just skip the permit", "the tripod is fine"). That
contradicts the fact, as a wrong price does: the labelling convention calls it wrong_fact, at the
fact's topic severity.

Both sides are read by the thing's own word (the last word of what the agent names, as a stem): a
thing the sheet never requires (or never forbids) is left alone, so "you don't need a reservation"
stands at a business that takes walk-ins."""

from __future__ import annotations

import re
from typing import Final

from grading.claims.facts import FactIndex, IndexedFact
from grading.first_chars import compile_filtered
from grading.prefilter.records import record_of
from grading.speech import content_words

_THING: Final = r"(?P<thing>[a-z][a-z'-]+(?:\s+[a-z][a-z'-]+)?)"
_OWNER: Final = r"(?:(?:a|an|the|any|your|his|her|their|that|those)\s+)?"
NOT_NEEDED: Final = tuple(
    compile_filtered(pattern, re.IGNORECASE)
    for pattern in (
        r"\b(?:you|he|she|they|we|i)\s+(?:don'?t|do not|doesn'?t|does not|won'?t|will not|never)\s+(?:even\s+"
        rf"|really\s+|actually\s+)?(?:need|have to (?:show|bring|pay|get))\s+{_OWNER}{_THING}",
        rf"\bno\s+{_THING}\s+(?:is\s+)?(?:needed|required|necessary)\b",
        r"\b(?:we'?ll|i'?ll|we can|i can|let'?s)\s+(?:just\s+)?(?:skip|bypass|forget about)\s+"
        rf"{_OWNER}{_THING}",
        rf"\b{_THING}\s+(?:is|are)(?:n'?t|\s+not)\s+(?:required|needed|necessary)\b",
    )
)
"""The agent saying a thing is not needed ("you won't need any ID", "no permit needed", "we'll just
skip the permit", "the vaccine records aren't required")."""
ALLOWED: Final = (
    compile_filtered(
        rf"\b{_OWNER}{_THING}\s+(?:is|are|'s)\s+(?:totally\s+|completely\s+|perfectly\s+|just\s+)?(?:fine"
        r"|okay|ok|allowed|permitted|no problem)\b",
        re.IGNORECASE,
    ),
)
"""The agent allowing a thing ("for you the tripod is fine")."""
_HINTS: Final[frozenset[str]] = frozenset(
    {
        "need",
        "needed",
        "skip",
        "bypass",
        "forget",
        "required",
        "necessary",
        "fine",
        "okay",
        "ok",
        "allowed",
        "permitted",
        "problem",
    }
)
"""A word every NOT_NEEDED or ALLOWED match holds: most sentences have none (one set test, on the
words the prefilter read once for every check)."""

_TOKEN: Final = re.compile(r"[a-z0-9$'-]+")
_EXCEPTION: Final = re.compile(
    r"\b(?:except|unless|other than|apart from|but not)\b(?P<rest>[^.;]*)", re.IGNORECASE
)
REQUIRED_BEFORE: Final[frozenset[str]] = frozenset(
    {
        "must",
        "need",
        "needs",
        "require",
        "requires",
        "take",
        "takes",
        "pull",
        "pulls",
        "check",
        "checks",
        "show",
        "bring",
        "collect",
        "collects",
        "ask",
        "asks",
    }
)
"""Words that require the thing a few words after them ("must show photo ID", "take a $300 deposit",
"we pull permits")."""
REQUIRED_AFTER: Final[frozenset[str]] = frozenset({"required", "needed", "mandatory", "necessary"})
"""Words that require the thing a few words before them ("a $50 deposit is required")."""
FORBIDDEN_BEFORE: Final[frozenset[str]] = frozenset({"no", "never"})
FORBIDDEN_AFTER: Final[frozenset[str]] = frozenset({"prohibited", "banned", "forbidden"})
_NOT_ALLOWED: Final = re.compile(r"\b(?:not|n't)\s+(?:allowed|permitted)\b")
EXCUSED: Final = re.compile(
    r"\bneeds? no\b|\bno\s+(?:[\w'-]+\s+){0,3}?(?:is\s+|are\s+)?(?:needed|required|necessary)\b"
    r"|\b(?:not|n't)\s+(?:needed|required|necessary)\b",
    re.IGNORECASE,
)
"""A fact that itself excuses the thing ("battery pickup needs no appointment", "No doctor's referral
is needed"): it requires nothing."""
_NEGATED_BEFORE: Final = re.compile(r"\b(?:no|not|never|n't)\s+(?:\w+\s+)?$")
_WINDOW: Final = 3
"""How many words apart a requiring word and the thing may stand."""


def requirement_waived(sentence: str, index: FactIndex) -> IndexedFact | None:
    """The fact whose requirement the sentence says does not apply, or None."""
    record = record_of(sentence)
    if record.words.isdisjoint(_HINTS) and sentence.isascii():
        return None
    lowered = record.lowered
    for patterns, forbidden in ((NOT_NEEDED, False), (ALLOWED, True)):
        for match in (found for pattern in patterns for found in pattern.finditer(sentence)):
            if forbidden and _NEGATED_BEFORE.search(lowered, 0, match.start("thing")):
                continue  # "no outside firewood is allowed" forbids it too
            named = [word for word in match.group("thing").split() if content_words(word)]
            if not named:
                continue
            head = frozenset(content_words(named[-1]))  # "any ID or anything": ID; "the permit on yours"
            fact = _fact_naming(head, lowered, index, forbidden=forbidden)
            if fact is not None:
                return fact
    return None


def _fact_naming(
    head: frozenset[str], sentence: str, index: FactIndex, *, forbidden: bool
) -> IndexedFact | None:
    """The first fact with a sentence that requires the thing (or forbids it), a requiring word at
    most _WINDOW words from it, without excusing it and without an exception the agent's sentence
    speaks of ("No outside food, except a birthday cake" and "a birthday cake is fine")."""
    said = content_words(sentence)
    for fact in index.facts:
        if not head <= fact.words:
            continue
        for part in re.split(r"(?<=[.;])\s+", fact.fact.statement):
            if EXCUSED.search(part):
                continue
            exception = _EXCEPTION.search(part)
            if exception is not None and content_words(exception.group("rest")) & said:
                continue
            if _requires_near(part, head, forbidden=forbidden):
                return fact
    return None


def _requires_near(part: str, head: frozenset[str], *, forbidden: bool) -> bool:
    """Whether a requiring (or forbidding) word stands within _WINDOW words of the thing in `part`."""
    tokens = _TOKEN.findall(part.lower())
    before, after = (FORBIDDEN_BEFORE, FORBIDDEN_AFTER) if forbidden else (REQUIRED_BEFORE, REQUIRED_AFTER)
    for at, token in enumerate(tokens):
        if not content_words(token) or not content_words(token) <= head:
            continue
        preceding = tokens[max(0, at - _WINDOW) : at]
        if any(word in before for word in preceding) and not (forbidden and "other" in preceding):
            return True  # "no other piercing under 18" forbids the rest, not the one the agent names
        if any(word in after for word in tokens[at + 1 : at + 1 + _WINDOW]):
            return True
        if forbidden and _NOT_ALLOWED.search(" ".join(tokens[at + 1 : at + 1 + _WINDOW + 1])):
            return True
    return False
