"""What a claim is: a kind, a value comparable across texts, the span it was read from and what
it is about; and the spans a sentence's claims have taken."""

from __future__ import annotations

import msgspec

ClaimValue = float | str | int | tuple[int, ...]


class Claim(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One specific claim. `value` is comparable across texts for the same `kind`; `span` is the
    claim as it reads after number normalisation; `subject` holds the content words of what the
    claim is about (the thing that is free, the noun counted).

    Not tracked by the garbage collector (`gc=False`): every field is an immutable value, so a
    claim can take part in no reference cycle, and a grade makes thousands of them (the cycle
    collector walked each one; untracked, rules grading is 2-4% faster, grades byte-identical)."""

    kind: str
    value: ClaimValue
    span: str
    subject: tuple[str, ...] = ()
    currency: str | None = None
    alternatives: tuple[float, ...] = ()
    """Other values an amount may have been said as: "thirty-three fifteen" is $33.15 or $3,315,
    "three forty-nine" $349 or $3.49. The claim stands when any reading does."""


def span_taken(spans: list[tuple[int, int]], start: int, end: int) -> bool:
    return any(start < e and s < end for s, e in spans)
