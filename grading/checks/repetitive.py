"""repetitive: the agent gives the same reply again (seed 000's loop detection).

Two agent replies "are the same" when their word overlap is at least 90% of the longer one; a
one-word reply ("Yes.") counts, which a bigram check would miss; so does a reply said in full
inside a slightly longer earlier one ("Thanks Carla. Please unplug your router..." then "Please
unplug your router..."), and a one-sentence reply of five words or more that an earlier reply
said word for word among other sentences ("Is there anything else I can help you with today?"
closing two answers, then alone). A reply of three words or more is compared with every earlier
agent reply, a shorter one with the reply right before it ("Sure."
twice in a call is not a loop, "Sorry?" "Sorry?" is). Every repeat is a failure at the repeat, as
the labelling convention pins it (turns 5 and 7 of a reply said at 3, 5 and 7), minor (a blemish:
tone, not trust); the reason says how many copies so far, and the rules judge scores a loop of
three or more lower on tone.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from typing import Final

from grading.formats import Call, FactSheet, Failure
from grading.speech import sentences, word_bag, words

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
    # the earlier replies (size, text, distinct words), ordered by size: a pair of sizes too far
    # apart is never the same reply (see _same_reply), so only a band of sizes is compared
    sizes: list[int] = []
    by_size: list[_Reply] = []
    previous: list[_Reply] = []  # the reply right before
    failures: list[Failure] = []
    said: list[tuple[frozenset[str], str]] = []  # the earlier replies' distinct words and texts
    for index, turn in enumerate(call.turns):
        if turn.speaker != "agent":
            continue
        tokens = words(turn.text)
        if not tokens:
            continue
        size = len(tokens)  # the word_bag's total
        if size >= 3:  # a longer reply repeats any earlier one of a size close enough to its own
            # from exactly _same_reply's lower bound; one size more than the upper one (a float margin)
            band = slice(bisect_left(sizes, CONTAINED * size), bisect_right(sizes, size / CONTAINED + 1))
            earlier = by_size[band]
        else:  # a short reply ("Sure.") only repeats the reply right before it
            earlier = previous
        keys = frozenset(tokens)
        reply = (size, keys, turn.text)
        # _same_reply's first two tests inline (most pairs stop at one of them): the shorter reply
        # within CONTAINED of the longer, and its distinct words (up to one in ten missing) in it
        copies = 1
        for before in earlier:
            before_size, before_keys, _ = before
            if size <= before_size:
                if size < CONTAINED * before_size or ((1 - OVERLAP) * size < 1 and not keys <= before_keys):
                    continue
            elif before_size < CONTAINED * size or (
                (1 - OVERLAP) * before_size < 1 and not before_keys <= keys
            ):
                continue
            copies += _same_reply(reply, before)
        if copies == 1 and size >= SAID_BEFORE_MIN:
            copies += _said_inside_before(turn.text, keys, said)
        if copies > 1:
            failures.append(_failure(call, index, copies))
        said.append((keys, turn.text))
        position = bisect_right(sizes, size)
        sizes.insert(position, size)
        by_size.insert(position, reply)
        previous = [reply]
    return failures


_Reply = tuple[int, frozenset[str], str]
"""A reply as the pairs read it: its size in words, its distinct words and its text. Its word_bag
is built only for the few pairs that come to counting words (a Counter per reply cost more than
all the pair tests of a call)."""


SAID_BEFORE_MIN: Final = 5
"""A one-sentence reply of this many words or more that an earlier reply said, inside more, is
said again ("Is there anything else I can help you with today?" closing turns 5 and 7, then alone
at 9, after the caller had said no)."""


def _said_inside_before(text: str, keys: frozenset[str], said: list[tuple[frozenset[str], str]]) -> int:
    """1 when the reply is a single sentence that an earlier reply held word for word, else 0. Only
    an earlier reply holding all of its words is split into sentences (few are)."""
    holding = [earlier for earlier_keys, earlier in said if keys <= earlier_keys]
    if not holding:
        return 0  # the common case: no earlier reply has all its words
    own = sentences(text)
    if len(own) != 1:
        return 0
    sentence = words(own[0])
    return int(any(words(part) == sentence for earlier in holding for part in sentences(earlier)))


CONTAINED: Final = 0.8
"""A reply that says all of an earlier one with a few words more ("Thanks Carla. Please unplug your
router..." then "Please unplug your router...") repeats it when the shorter is this share of the
longer, and eight words or more."""


def _same_reply(reply: _Reply, before: _Reply) -> bool:
    """>= 90% of the longer reply shared, or the shorter one (eight words or more, at least 80% of the
    longer) said in full inside the longer one. Either needs 90% of the shorter reply's words in the
    longer one, so a shorter reply with more than a tenth of its distinct words missing is ruled out
    first, by one set difference."""
    size, keys, text = reply
    before_size, before_keys, before_text = before
    short_size, long_size = (size, before_size) if size <= before_size else (before_size, size)
    if short_size < CONTAINED * long_size:
        return False  # sizes too far apart for either test (most pairs stop here)
    short_keys, long_keys = (keys, before_keys) if size <= before_size else (before_keys, keys)
    allowed_missing = (1 - OVERLAP) * short_size
    if not short_keys <= long_keys and (allowed_missing < 1 or len(short_keys - long_keys) > allowed_missing):
        return False  # (up to ten words, one missing word is too many: a subset test, no new set)
    bag, before_bag = word_bag(text), word_bag(before_text)
    if OVERLAP * size <= before_size <= size / OVERLAP and overlap(bag, before_bag) >= OVERLAP:
        return True
    if short_size < 8 or short_size < CONTAINED * long_size:
        return False
    shorter, longer = (bag, before_bag) if size <= before_size else (before_bag, bag)
    shared = sum(min(count, longer[word]) for word, count in shorter.items() if word in longer)
    return shared >= OVERLAP * short_size


def _failure(call: Call, index: int, copies: int) -> Failure:
    return Failure(
        tag="repetitive",
        severity="minor",
        turn=index + 1,
        quote=call.turns[index].text.strip()[:200],
        reason=f"the agent gave the same reply {copies} times",
    )
