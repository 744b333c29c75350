"""Claimed values by kind: when two values of a kind agree, which values a speaker has already
said (an echo), and how each kind is judged (identifying, critical, never invented...)."""

from __future__ import annotations

from typing import Final

from grading.claims.extract import Claim

IDENTIFYING: Final[frozenset[str]] = frozenset(
    {"phone", "postcode", "time", "street", "percent", "date", "duration"}
)
CRITICAL_KINDS: Final[frozenset[str]] = frozenset(
    {"money", "percent", "time", "open_day", "price_level", "date"}
)
COMPATIBLE: Final[dict[str, tuple[str, ...]]] = {"money": ("money", "free"), "free": ("free", "money")}
NOT_INVENTED: Final[frozenset[str]] = frozenset({"duration", "frequency", "quantity", "date"})
"""Kinds that can contradict a fact but are too common in ordinary talk ("a couple of days",
"every six hours", "a 72-month loan", the date of a booking) to call invented on their own."""
SUBJECT_KINDS: Final[frozenset[str]] = frozenset({"money", "percent", "duration", "quantity", "frequency"})
"""Values that mean nothing without what they measure: the clause holding one says what it is about
("a flat $60 travel fee", "the $150 deposit"), and it is held against the facts about that thing."""


def same(kind: str, claimed: object, known: object) -> bool:
    """Whether two values of `kind` agree. Total: values of another shape (a fact's amount beside
    a time) simply differ, so a check can never crash the grade on a comparison."""
    if kind == "time":
        if not isinstance(claimed, tuple) or not isinstance(known, tuple):
            return False
        return bool(set(claimed) & set(known))  # pyright: ignore[reportUnknownArgumentType]
    if kind == "money":
        if not isinstance(claimed, float) or not isinstance(known, float):
            return False
        return abs(claimed - known) < 0.005
    if kind == "duration":
        if not isinstance(claimed, int) or not isinstance(known, int) or known <= 0:
            return False
        # "about four months" for 16 weeks, "two to three months" for 8 to 12 weeks: a month is no
        # whole number of weeks, so lengths said in another unit are equal within a tenth
        return claimed == known or abs(claimed - known) <= known / 10
    if kind == "phone":
        if not isinstance(claimed, str) or not isinstance(known, str):
            return False
        tail = min(len(claimed), len(known), 10)
        return tail >= 7 and claimed[-tail:] == known[-tail:]
    return claimed == known


def key_values(claims: list[Claim]) -> dict[str, list[object]]:
    found: dict[str, list[object]] = {}
    for claim in claims:
        found.setdefault(claim.kind, []).append(claim.value)
    return found


def seen(values: dict[str, list[object]], claim: Claim) -> bool:
    if claim.kind in {"free", "quantity", "price_level"}:
        return False
    return any(same(claim.kind, claim.value, known) for known in values.get(claim.kind, ()))


SELF_NAMING: Final[frozenset[str]] = frozenset({"phone", "postcode"})
"""Kinds where any other value for the thing under discussion is simply wrong: a business has its
own phone number and postcode, so a different one is a wrong fact even when the sentence does not
name whose it is ("you can reach us at ...")."""


def read_back(claim: Claim, caller_numbers: set[str]) -> bool:
    """A number the caller gave, read back in another shape ("three ten Southeast Clay" heard as
    an address, read back as "three ten to five twenty"): the caller's own detail, not a claim.
    A phone number counts as read back when the caller said its exchange and its line number, even
    in broken pieces ("five five five, zero one, uh, six six. Zero one six six." read back as
    555-0166): callers restate their numbers, and the read-back confirms the one they meant."""
    digits = "".join(ch for ch in claim.span if ch.isdigit())
    if claim.kind == "phone":
        return (
            len(digits) >= 7
            and any(number.startswith(digits[:3]) for number in caller_numbers)
            and any(len(number) >= 4 and number.endswith(digits[-4:]) for number in caller_numbers)
        )
    if claim.kind not in {"time", "street", "quantity"}:
        return False
    return len(digits) >= 3 and digits in caller_numbers
