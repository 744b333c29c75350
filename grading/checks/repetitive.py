"""repetitive: the agent gives the same reply again (seed 000's loop detection).

Two agent replies "are the same" when their word overlap is at least 90% of the longer one; a
one-word reply ("Yes.") counts, which a bigram check would miss. A reply is compared with the
agent's previous reply and, for replies of three words or more, with the one before that (an
A-B-A loop). One failure per run of repeats, at the first repeat, minor (a blemish: tone, not trust); the
reason says how many copies, and the rules judge scores a loop of three or more lower on tone.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from grading.formats import Call, FactSheet, Failure
from grading.speech import word_bag

OVERLAP: Final = 0.9


def overlap(first: Counter[str], second: Counter[str]) -> float:
    """Shared words (with multiplicity) over the length of the longer reply."""
    first_size, second_size = sum(first.values()), sum(second.values())  # Counter.total(), one call less
    longest = max(first_size, second_size)
    if longest == 0 or min(first_size, second_size) < OVERLAP * longest:
        return 0.0  # the shorter reply cannot cover 90% of the longer one
    # the same sum as `first & second` (every count is positive) without building a Counter
    shared = sum(min(count, second[word]) for word, count in first.items() if word in second)
    return shared / longest


def check(call: Call, fact_sheet: FactSheet) -> list[Failure]:
    del fact_sheet
    replies: list[tuple[int, Counter[str]]] = []
    for index, turn in enumerate(call.turns):
        if turn.speaker == "agent":
            bag = word_bag(turn.text)
            if bag:
                replies.append((index, bag))
    failures: list[Failure] = []
    first_repeat: int | None = None
    copies = 1
    for position in range(1, len(replies)):
        index, bag = replies[position]
        candidates = [replies[position - 1][1]]
        if position >= 2 and sum(bag.values()) >= 3:
            candidates.append(replies[position - 2][1])
        if any(overlap(bag, earlier) >= OVERLAP for earlier in candidates):
            if first_repeat is None:
                first_repeat, copies = index, 2
            else:
                copies += 1
            continue
        if first_repeat is not None:
            failures.append(_failure(call, first_repeat, copies))
            first_repeat = None
    if first_repeat is not None:
        failures.append(_failure(call, first_repeat, copies))
    return failures


def _failure(call: Call, index: int, copies: int) -> Failure:
    return Failure(
        tag="repetitive",
        severity="minor",
        turn=index + 1,
        quote=call.turns[index].text.strip()[:200],
        reason=f"the agent gave the same reply {copies} times in a row",
    )
