"""ignored_question: a caller question that the agent's next reply does not address.

A question is a clause that opens like one ("what", "how much", "do you", "can I", after fillers),
so statements that happen to end in "?" ("I think I smell gas?") are not questions; a request for
a person is missed_handoff's business. Each question in a turn is checked on its own ("how much is
a cleaning, and are you open Saturday?").

What counts as addressed depends on what was asked, because recognising an answer in free speech
is only reliable when the question has a type:
- a typed question (an amount, a time or day, a place, a number, a duration) is addressed when
  the reply (every agent turn up to the next caller turn) holds that kind of answer, shares a
  meaningful word with the question, refuses, asks to clarify or hands off;
- any question, typed or not, counts as ignored when the caller has to ask it again ("okay, but
  the loaner?", "what about the fee?", "you didn't answer my question") and the reply in between
  shared nothing specific with it.
An untyped question that the caller lets go is not flagged: a reply to "is that bad?" cannot be
judged by words alone, and a false alarm costs more than a missed blemish. The failure is pinned
to the agent's reply that skipped the question, quoting its first sentence.
"""

from __future__ import annotations

import re
from typing import Final

from grading.checks.missed_handoff import PERSON_REQUEST
from grading.checks.outcome import CALLER_GAVE_UP
from grading.checks.repetitive import OVERLAP, overlap
from grading.claims.numbers import digits_for_speech
from grading.first_chars import compile_filtered
from grading.formats import Call, FactSheet, Failure, Turn
from grading.speech import INTERJECTION, REFUSAL, compile_phrases, content_words, sentences, word_bag

QUESTION_START: Final = compile_filtered(
    r"^(?:what|what's|whats|when|where|where's|which|who|how|why|do|does|did|is|are|can|could|would|will|"
    r"should|may|have|has|any|is there|are there)\b",
    re.IGNORECASE,
)
SPLIT_QUESTIONS: Final = compile_filtered(
    r"\?+|[.!;]\s+|,?\s+(?:and|also|plus|oh and)\s+(?=(?:what|when|where|which|how|do|does|is|are"
    r"|can|could|will)\b)",
    re.IGNORECASE,
)
CLARIFY: Final = compile_phrases(
    [
        r"(?:could|can|would) you (?:repeat|say that|clarify|spell)",
        r"did you (?:say|mean)",
        r"do you mean",
        r"what do you mean",
        r"sorry,? (?:i|what)",
        r"i didn'?t (?:catch|get|hear|understand)",
        r"let me (?:check|look|see|find)",
        r"one (?:moment|second|sec)",
        r"(?:transfer|connect|put you through)",
    ]
)
QUESTION_TYPES: Final[tuple[tuple[re.Pattern[str], re.Pattern[str]], ...]] = (
    (
        re.compile(r"how much|\bcost|\bprice|\bcharge|\bfees?\b|\bexpensive|\bpay\b|\brates?\b", re.I),
        re.compile(
            r"[$£€]|\d\s*(?:dollars?|bucks|pounds?|euros?|%|percent)|\bfree\b|no charge|\bcosts?\b|\bprice|"
            r"\bfees?\b|\bcovered\b|depends|varies"
            r"|\d\s*(?:an?|per|each)\s+(?:hour|hr|night|month|week|day|person|session|visit|room|head|mover|guest)s?\b",
            re.I,
        ),
    ),
    (
        re.compile(r"\bwhen\b|what time|\bhours\b|\bopen\b|\bclose\b|how late|how early|what days?", re.I),
        re.compile(
            r"\b\d{1,2}(?::\d{2})?\s*(?:a\.?m|p\.?m)|\b\d{1,2}:\d{2}|\b(?:from|at|until|till|by) \d|"
            r"o'?clock|noon|"
            r"midnight|morning|afternoon|evening|tonight|today|tomorrow|monday|tuesday|wednesday|thursday|friday|"
            r"saturday|sunday|weekend|weekday|\bopen|\bclose|hours|week",
            re.I,
        ),
    ),
    (
        re.compile(r"\bwhere\b|\baddress\b|\blocated\b|\blocation\b|directions", re.I),
        re.compile(
            r"\d|street|\bst\b|road|\brd\b|avenue|\bave\b|lane|located|downtown|next to|\bnear|across|behind|"
            r"corner|floor|suite|address|we'?re at|we are at|\bin\s+[A-Z]",
            re.I,
        ),
    ),
    (re.compile(r"\bnumber\b|\bphone\b", re.I), re.compile(r"\d|number", re.I)),
    (re.compile(r"how long", re.I), re.compile(r"\d|minute|hour|day|week|month|long|quick|short", re.I)),
    (re.compile(r"how many", re.I), re.compile(r"\d|several|few|\bno\b|none|one|two|three|four|five", re.I)),
)
BRUSH_OFF: Final = re.compile(
    r"^(?:(?:okay|ok|alright|sure|well|so)[,.!]?\s*)*(?:is there )?anything else(?: i can (?:help|do|assist)"
    r"(?: you)?(?: with)?)?(?: for you)?(?: today)?\W*$",
    re.IGNORECASE,
)
"""A reply that only closes ("Is there anything else I can do for you?") answers nothing."""
REASKED: Final = compile_filtered(
    r"^(?:(?:okay|ok|um|uh|yeah|sure|right|alright|well|so)[,.!]?\s+)*(?:but|and|what about|how about|so)\b"
    r"|you didn'?t (?:answer|say|tell)|my question was|i (?:just )?asked|didn'?t answer",
    re.IGNORECASE,
)


def questions(text: str) -> list[str]:
    """The questions a caller turn asks, each a short clause; empty when it asks none."""
    found: list[str] = []
    for part in SPLIT_QUESTIONS.split(text):
        clause = INTERJECTION.sub("", part.strip(" ,.;!-")).strip(" ,")
        if len(clause.split()) >= 3 and QUESTION_START.match(clause) and not PERSON_REQUEST.search(clause):
            found.append(clause)
    return found


def _type_shape(question: str) -> re.Pattern[str] | None:
    for asks, shape in QUESTION_TYPES:
        if asks.search(question):
            return shape
    return None


def _reasked(question: str, follow_up: str) -> bool:
    """The caller's next turn comes back to the question ("okay, but the loaner?", "no, like, a
    kids menu?") or gives up on it ("unbelievable, forget it")."""
    if CALLER_GAVE_UP.search(follow_up) or re.search(
        r"\b(?:unbelievable|seriously|hello)\W*$", follow_up, re.I
    ):
        return True
    if not (REASKED.search(follow_up.strip()) or follow_up.rstrip().endswith("?")):
        return False
    return bool(content_words(question) & content_words(follow_up))


def _repeats_previous(turns: list[Turn], reply_index: int) -> bool:
    """The reply is the agent's previous reply again: whatever it says, it is not an answer to
    the new question."""
    earlier = next((t.text for t in reversed(turns[:reply_index]) if t.speaker == "agent"), None)
    if earlier is None:
        return False
    return overlap(word_bag(earlier), word_bag(turns[reply_index].text)) >= OVERLAP


def check(call: Call, fact_sheet: FactSheet) -> list[Failure]:
    del fact_sheet
    failures: list[Failure] = []
    turns = call.turns
    pending = ""
    for index, turn in enumerate(turns):
        if turn.speaker != "caller":
            continue
        asked = questions(turn.text)
        if not asked and pending and turn.text.rstrip().endswith("?"):
            # "No, like, a kids menu?": the ignored question, asked again without a question word
            if content_words(pending) & content_words(turn.text):
                asked = [pending]
        if not asked:
            continue
        reply_turns: list[int] = []
        follow_up = ""
        for later in range(index + 1, len(turns)):
            if turns[later].speaker == "caller":
                follow_up = turns[later].text
                break
            reply_turns.append(later)
        if not reply_turns:
            continue
        reply = digits_for_speech(" ".join(turns[i].text for i in reply_turns))
        repeated = _repeats_previous(turns, reply_turns[0])
        if (REFUSAL.search(reply) or CLARIFY.search(reply)) and not repeated:
            continue
        reply_words = content_words(reply)
        for question in asked:
            shared = content_words(question) & reply_words
            shape = _type_shape(question)
            brushed_off = all(BRUSH_OFF.match(s) for s in sentences(reply)) if reply.strip() else False
            answered_in_kind = shape is not None and bool(shape.search(reply))
            if brushed_off or (repeated and not shared):
                ignored = True
            elif answered_in_kind:
                ignored = False
            elif _reasked(question, follow_up) and len(shared) <= 1:
                ignored = True
            elif shape is not None:
                ignored = not shared
            else:
                ignored = False
            if not ignored:
                pending = ""
                continue
            pending = question
            first = reply_turns[0]
            failures.append(
                Failure(
                    tag="ignored_question",
                    severity="minor",
                    turn=first + 1,
                    quote=sentences(turns[first].text)[0][:200] if turns[first].text.strip() else "",
                    reason=f'the caller asked "{question}" in turn {index + 1}; the reply did not address it',
                )
            )
            break
    return failures
