"""What the caller's next turn says about the agent's reply to their question: that it was not
heard ("are you even listening?", "I'm asking if you're open late"), that it is being asked again
("okay, but the loaner?"), corrected ("right, no, it's at the other store") or given up on
("unbelievable, forget it"). ignored_question reads it: the caller is the best judge of whether a
reply answered them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from grading.checks.outcome import CALLER_GAVE_UP
from grading.checks.roots import shared_roots
from grading.first_chars import compile_filtered
from grading.prefilter import compile_gated
from grading.speech import sentences

REASKED: Final = compile_filtered(
    r"^(?:(?:okay|ok|um|uh|yeah|sure|right|alright|well|so)[,.!]?\s+)*(?:but|and|what about|how about|so)\b"
    r"|you didn'?t (?:answer|say|tell)|my question was|i (?:just )?asked|didn'?t answer",
    re.IGNORECASE,
)
"""A turn that opens as a return to the question ("but...", "so...", "what about..."), or says
it was not answered."""
CORRECTION: Final = compile_filtered(
    r"^(?:(?:okay|ok|um|uh|yeah|right|well|sorry)[,.!]?\s+)*no[,.!]\s|^(?:i mean|i meant|not that)\b",
    re.IGNORECASE,
)
"""The caller's next turn opens by correcting the agent ("Right, no, they're at the other store"):
the reply answered something else."""
NOT_HEARD: Final = compile_gated(
    r"\b(?:are|were) you (?:even |actually |really )?(?:listening|hearing me)\b"
    r"|\b(?:did|do) you (?:even |actually )?(?:hear|listen to) (?:me|what i)\b"
    r"|\bthat(?:'s| is| was) not what i (?:asked|said|meant)\b"
    r"|\byou(?:'re| are) not (?:listening|answering|hearing)\b"
    r"|\byou (?:didn'?t|did not|haven'?t|have not) (?:answer|hear|listen)"
    r"|\bi(?:'m| am| was) (?:just )?asking (?:you )?(?:if|whether|about|how|what|when|where|why|which)\b"
    r"|\bi just asked (?:you )?(?:if|whether|about|how|what|when|where|why|which)\b"
    r"|\bi asked (?:you )?(?:if|whether|how|what|when|where|why|which)\b"
    r"|\bmy question (?:was|is)\b|\banswer (?:my|the) question\b",
    re.IGNORECASE,
)
"""The caller says the reply missed them ("Are you even listening?", "I'm asking if you're open
late. Like after five."): whatever words the reply shared with the question, it did not answer it."""


def reasked(
    about: frozenset[str],
    follow_up: str,
    reply_words: frozenset[str],
    words_of: Callable[[str], frozenset[str]],
    *,
    opener_needed: bool = False,
) -> bool:
    """The caller's next turn comes back to the question, whose words are `about` ("okay, but the
    loaner?", "no, like, a kids menu?", "right, no, it's at the other store"), or gives up on it
    ("unbelievable, forget it"). With `opener_needed` a turn that merely ends in "?" is not enough:
    it must open as a return or a correction. `words_of` reads a text's words the way the
    question's were read."""
    follow_words = words_of(follow_up)
    if CALLER_GAVE_UP.search(follow_up) or re.search(
        r"\b(?:unbelievable|seriously|hello)\W*$", follow_up, re.I
    ):
        # giving up on an unheard question, not on the answer heard ("Monday?? forget it"), nor
        # after a reply that took the question up ("the dog?" "dogs under forty pounds only")
        return not follow_words & reply_words and not about & reply_words
    back = shared_roots(follow_words, about)  # "so the financing?" comes back to "finance"
    if not back:
        return False  # both ways of coming back need a word of the question
    if returns_to(follow_up):
        return True
    # a bare follow-up question comes back only to what the reply left out: "what area is it in?"
    # "the west area." "what's the postcode and area?" asks for more, not again
    if opener_needed or not follow_up.rstrip().endswith("?") or MOVES_ON.search(follow_up.strip()):
        return False
    # and only by asking it: "I'll do tomorrow morning. Can you put me down for nine?" asks for a
    # booking, it does not ask "what about tomorrow?" again
    asked_again = words_of(" ".join(s for s in sentences(follow_up) if s.rstrip().endswith("?")))
    return bool(about & asked_again - reply_words)


MOVES_ON: Final = compile_filtered(
    r"^(?:(?:okay|ok|um|uh|oh|ah|yeah|right|well)[,.!]?\s+)*(?:oh,? )?(?:good|great|perfect|lovely"
    r"|awesome|wonderful|nice|cool|excellent|got it|gotcha|that'?s (?:good|great|perfect|fine))[,.!]+\s+"
    r"(?!but\b|no\b)"
    r"|^(?:\W*\w+){0,4}?\W+(?:also|one more (?:thing|question)|another (?:thing|question)"
    r"|while i(?:'ve| have)? got you|while i have you)\b",
    re.IGNORECASE,
)
"""A next turn that takes the answer and moves on: it opens by welcoming it ("Oh good. How many can
the chapel hold?") or announces a new question ("Okay. Um, also, can I bring his snacks in?"). A
word it shares with the question is then the new question's, not a return ("can people watch
online?" ... "how many people does it hold?")."""


ELLIPTIC_RETURN: Final = compile_filtered(
    r"^(?:(?:okay|ok|um|uh|yeah|right|well)[,.!]?\s+)*(?:but|so|what about|how about)\b(?:\W+\w+){1,4}\W*\?$",
    re.IGNORECASE,
)
"""A short question of a few words that opens as a return ("So the financing?", "But the
loaner?"); a longer one after "and" or "so" is as often a new question ("And do you have
parking?")."""


def returns_to(follow_up: str) -> bool:
    """The turn opens as a return or a correction, or a sentence of it after the caller's answer to
    the agent is a short return ("9 Quarry Road. So the financing?")."""
    text = follow_up.strip()
    if REASKED.search(text) or CORRECTION.search(text):
        return True
    return any(ELLIPTIC_RETURN.match(sentence) for sentence in sentences(text)[1:])


STRONG_RETURN: Final = compile_filtered(
    r"^(?:(?:okay|ok|um|uh|yeah|sure|right|alright|well)[,.!]?\s+)*but\b", re.IGNORECASE
)
SHORT_RETURN: Final = compile_filtered(
    r"^(?:(?:okay|ok|um|uh|yeah|right|well)[,.!]?\s+)*(?:but|so)\b(?:\W+\w+){1,4}\W*\?$", re.IGNORECASE
)
"""A turn that opens as a return and nothing else ("okay, but the shuttle?", "9 Quarry Road. So
the financing?"): "and ..." as often opens the next question ("And does that include life
jackets for the two kayaks?"), and "what about / how about ..." asks the question again of
something new ("How about for two dogs?")."""


def comes_back(follow_up: str) -> bool:
    """The turn opens by coming back ("okay, but the shuttle?"), corrects the reply, or holds a
    short return after answering the agent ("9 Quarry Road. So the financing?")."""
    text = follow_up.strip()
    if STRONG_RETURN.search(text) or CORRECTION.search(text):
        return True
    return any(SHORT_RETURN.match(sentence) for sentence in sentences(text))


def brought_back(
    question_words: frozenset[str], follow_words: frozenset[str], reply_words: frozenset[str]
) -> frozenset[str]:
    """The question's own words that the caller comes back with and the reply did not hold ("the
    shuttle's free, or do I pay?" "economy cars start at ..." "okay but the shuttle?")."""
    return shared_roots(follow_words, question_words) - shared_roots(reply_words, question_words)
