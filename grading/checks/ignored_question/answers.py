"""Readings of a reply against one question: a sole ask, a repeated reply, a subject taken up, a
source named, a yes/no restated, a reply cut off, what the caller comes back for, a reply that only
closes, an offer to book in place of an answer."""

from __future__ import annotations

import re
from typing import Final

from grading.checks.follow_ups import brought_back, comes_back
from grading.checks.ignored_question.phrasings import (
    ACTION_REQUEST,
    APOLOGY,
    ASKED_TO_ACT,
    BRUSH_OFF,
    DETAIL_ASKED,
    FILLER_ONLY,
    NAMED_SOURCE,
    OFFER,
    REQUEST,
    SHORT_ANSWER,
    SOURCE_GIVEN,
    WHAT_ABOUT,
    YES_NO_ASKED,
    YES_NO_GIVEN,
)
from grading.checks.ignored_question.questions import type_shape
from grading.checks.ignored_question.terms import compared_words
from grading.checks.outcome import CLOSING
from grading.checks.repetitive import OVERLAP, overlap
from grading.checks.roots import shared_roots
from grading.first_chars import compile_filtered, first_chars
from grading.formats import Turn
from grading.speech import (
    sentences,
    strip_interjections,
    word_bag,
    words,
)


def sole_ask(asked: list[str], turn_text: str) -> bool:
    """The turn asks one thing: a single question and no other request beside it."""
    if len(asked) != 1:
        return False
    rest = turn_text.replace(asked[0], " ")
    return not REQUEST.search(rest)


def repeats_previous(turns: list[Turn], reply_index: int) -> bool:
    """The reply is the agent's previous reply again: whatever it says, it is not an answer to
    the new question."""
    earlier = next(
        (turns[i].text for i in range(reply_index - 1, -1, -1) if turns[i].speaker == "agent"), None
    )
    if earlier is None:
        return False
    reply = turns[reply_index].text
    earlier_size, reply_size = len(words(earlier)), len(words(reply))
    if min(earlier_size, reply_size) < OVERLAP * max(earlier_size, reply_size):
        return False  # overlap's own size test (its bags' totals are these sizes), before any bag is built
    return overlap(word_bag(earlier), word_bag(reply)) >= OVERLAP


def takes_up_subject(question: str, about: frozenset[str], reply: str) -> bool:
    """A "what about X?" answered by a reply that opens with X (or the pronoun the question used
    for X) as its subject."""
    if not WHAT_ABOUT.match(question):
        return False
    opening = words(reply[:40])
    return bool(opening) and opening[0] in about


def names_source(reply: str) -> bool:
    """The reply names someone who can tell, a way to reach them or a place to look."""
    return bool(SOURCE_GIVEN.search(reply) or NAMED_SOURCE.search(reply))


def restated_yes_no(question: str, follow_up: str, reply_sentences: list[str]) -> bool:
    """A yes/no question the caller asks again in other words, nothing added ("Does Dana work
    Mondays?" "Pelvic health is with Dana Whitlock. On Mondays the clinic is open seven to seven
    thirty." "Right, but is she in on Mondays?"), after a reply with no yes or no in it: the words
    it shared came from beside the question. Asking about something more ("but do you do
    appointments on Saturdays?") is a new question."""
    if not YES_NO_ASKED.match(question) or any(YES_NO_GIVEN.match(s) for s in reply_sentences):
        return False
    asked = compared_words(question)
    for sentence in sentences(follow_up):
        clause = strip_interjections(sentence.strip(" ?.!,")).strip(" ,")
        if not sentence.rstrip().endswith("?") or not YES_NO_ASKED.match(clause):
            continue
        again = compared_words(clause)
        if again and not again - shared_roots(again, asked) - _PRONOUN_STEMS:
            return True
    return False


_PRONOUN_STEMS: Final = frozenset({"she", "he", "they", "it", "her", "him", "them", "that"})


def cut_off(text: str) -> bool:
    """A reply that breaks off mid-word or mid-sentence ("Monday to Fri-", "we're open till—")."""
    return text.rstrip().endswith(("-", "—", "–"))


def back_for_what_was_missed(question: str, follow_up: str, reply: str) -> bool:
    """The caller comes back to a word of the question the reply did not hold ("the shuttle's
    free, or do I pay?" "our economy cars start at forty-two ninety-nine" "okay but the shuttle?"):
    a value of the kind asked, about something else, did not answer it."""
    if not follow_up or not comes_back(follow_up):
        return False
    return bool(brought_back(compared_words(question), compared_words(follow_up), compared_words(reply)))


def closes_only(sentence: str) -> bool:
    """A sentence that only closes, offers "anything else?", apologises or fills ("Okay. Is there
    anything else I can help you with today?"): it answers nothing."""
    first = sentence[:1]
    if first.isascii() and (first.isalnum() or first == "_") and first.lower() not in _CLOSING_OPENINGS:
        return False  # "Dana, we're at ...": no closing pattern can open with this word character
    return bool(
        BRUSH_OFF.match(sentence)
        or CLOSING.match(sentence)
        or APOLOGY.match(sentence)
        or FILLER_ONLY.match(sentence)
    )


def _closing_openings() -> frozenset[str]:
    """The letters (lower case) a match of closes_only's patterns can open with on ASCII text.

    BRUSH_OFF, CLOSING and APOLOGY are anchored and IGNORECASE, so a match opens with one of their
    first characters (`first_chars`, lower case), on ASCII text in either case. FILLER_ONLY opens
    with `\\W*` (nothing before a word character) and then one of its fillers: um, uh, oh, ah, hmm,
    mm, okay, ok, alright, all right, right, well, so. So a sentence opening with a word character
    that is none of these letters in either case is none of them."""
    found = set("uoahmrws")
    for pattern in (BRUSH_OFF, CLOSING, APOLOGY):
        chars = first_chars(pattern.pattern, pattern.flags)
        if chars is None or any(len(char) != 1 or not char.islower() for char in chars):
            raise ValueError(f"closes_only cannot tell what {pattern.pattern!r} opens with")
        found |= chars
    return frozenset(found)


_CLOSING_OPENINGS: Final = _closing_openings()


def passes_over(
    question: str, about: frozenset[str], borrowed: bool, shared: frozenset[str], reply_sentences: list[str]
) -> bool:
    """A yes/no question about what the business does or has ("do you do the flowers too?", "is the
    printer something you'd fix?", "do you haul away the clippings?") met by an offer to book in
    its place ("Would you like to book a meeting so we can go over everything?", "I can set up a
    free estimate for the hedges"), with no yes or no, no condition and no word of the question:
    the reply went on to selling. A reply with a statement of its own may answer in other words
    ("we have x-ray on site"), so it stays unjudged, and so does a question that asks for an action
    (an offer to book may be doing it) or points back ("is that okay?")."""
    if borrowed or shared or not about or not YES_NO_ASKED.match(question):
        return False
    if ACTION_REQUEST.match(question):
        return False
    said = [s for s in reply_sentences if not closes_only(s)]
    offered = False
    for sentence in said:
        if OFFER.match(sentence.strip()):
            offered = True
        elif not (sentence.rstrip().endswith("?") and DETAIL_ASKED.match(sentence)):
            return False  # a statement of its own may answer in other words ("we have x-ray on site")
    return offered


def short_answer(question: str, reply_sentences: list[str]) -> bool:
    """A yes/no question answered the short way, by its auxiliary ("Is this where I call if there's
    a problem?" "It is. What happened?"): the answer names nothing the question said, yet answers."""
    return bool(YES_NO_ASKED.match(question) and reply_sentences and SHORT_ANSWER.match(reply_sentences[0]))


def retried(question: str, turns: list[Turn], question_index: int, reply_turns: list[int]) -> bool:
    """A request put as a question ("Can you try again?") that the reply carries out by calling
    again a tool the agent had already called: the retry is doing what was asked, whatever its
    words then report (requests are not questions; a failed attempt is not an ignored one)."""
    if not ASKED_TO_ACT.match(question):
        return False
    before = {
        tool.name for turn in turns[:question_index] if turn.speaker == "agent" for tool in turn.tool_calls
    }
    return any(tool.name in before for i in reply_turns for tool in turns[i].tool_calls)


def asks_something_else(question: str, follow_up: str) -> bool:
    """The caller's next question asks for another kind of value than the question did ("what if
    eighty show up?" "we always make plenty" "okay. What's the price for sixty?"): a word the two
    share ("sixty") is the new question's, not a return, unless the turn opens as one ("but ...")."""
    if comes_back(follow_up):
        return False
    own = type_shape(question)
    later = [type_shape(s) for s in sentences(follow_up) if s.rstrip().endswith("?")]
    return bool(later) and all(shape is not None and shape is not own for shape in later)


LATER_RETURN: Final = compile_filtered(
    r"^(?:(?:okay|ok|k|um|uh|oh|yeah|right|alright|well|cool|great)[,.!]?\s+)*(?:oh,?\s+)?"
    r"(?:and|so|but|what about)\b(?!.*\bagain\b)(?:\W+\w+){1,6}\W*\?$",
    re.IGNORECASE,
)
"""A short question that opens as a return and says nothing new ("And the warranty thing?", "So,
clubs?", "Oh and the mattresses?"); "...again?" asks to hear an answer once more, not for one."""


def asked_again_later(
    about: frozenset[str], turns: list[Turn], question_index: int, reply_words: frozenset[str]
) -> bool:
    """The caller comes back later in the call ("Great. And the warranty thing?") with nothing but
    words of the question, which the reply right after it did not hold: the reply left the question
    out, however many turns the caller waited (often it answered another question of the same
    turn). An agent turn in between that held every word the caller comes back with may have
    answered it, so the caller's return proves nothing then."""
    for index in range(question_index + 1, len(turns)):
        turn = turns[index]
        if turn.speaker == "agent":
            continue
        for sentence in sentences(turn.text):
            if not LATER_RETURN.match(sentence.strip()):
                continue
            back = compared_words(sentence) - _PRONOUN_STEMS - _VAGUE
            if not back or shared_roots(about, back) != back:
                continue
            if shared_roots(reply_words, back):
                return False
            between = (compared_words(turns[i].text) for i in range(question_index + 1, index))
            return not any(
                turns[question_index + 1 + n].speaker == "agent" and shared_roots(words, back) == back
                for n, words in enumerate(between)
            )
    return False


_VAGUE: Final = frozenset({"thing", "stuff", "like", "one"})
"""Words a return carries without naming anything ("the warranty thing?", "like a half hour?")."""
