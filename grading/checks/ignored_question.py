"""ignored_question: a caller question that the agent's next reply does not address.

A caller turn may hold several questions ("how much is a cleaning and are you open Saturday?");
each is checked. A request for a person is missed_handoff's business, not counted here.
A question is addressed when the agent's reply (all agent turns up to the next
caller turn) shares a content word with it, gives the kind of answer it asks for (an amount for
"how much", a time or day for "when", a place for "where", a yes or no for a yes/no question that
the reply then backs with any specific), asks to clarify, or says it cannot answer (that is a
resolution problem, not an ignored question). Tag questions ("right?") and greetings ("hello?")
are not questions. The failure is pinned to the agent's reply that skipped the question.
"""

from __future__ import annotations

import re
from typing import Final

from grading.checks.missed_handoff import PERSON_REQUEST
from grading.formats import Call, FactSheet, Failure
from grading.speech import INTERJECTION, REFUSAL, compile_phrases, content_words

QUESTION_START: Final = re.compile(
    r"^(?:(?:so|and|but|also|oh|um|uh|okay|ok|well|hi|hello|yeah|and uh|sorry)[, ]+)*"
    r"(?:what|when|where|which|who|how|why|do|does|did|is|are|can|could|would|will|should|may|"
    r"have|has|any)\b",
    re.IGNORECASE,
)
SPLIT_QUESTIONS: Final = re.compile(
    r"\?+|\s+(?:and|also|plus)\s+(?=(?:what|when|where|which|how|do|does|is|are|can|could|will)\b)",
    re.IGNORECASE,
)
NOT_A_QUESTION: Final = compile_phrases(
    [
        r"right",
        r"okay",
        r"ok",
        r"you know",
        r"hello",
        r"are you there",
        r"can you hear me",
        r"sorry",
        r"what",
        r"huh",
        r"pardon",
        r"really",
        r"is that (?:right|correct|so)",
    ]
)
CLARIFY: Final = compile_phrases(
    [
        r"(?:could|can|would) you (?:repeat|say that|clarify|spell)",
        r"did you (?:say|mean)",
        r"do you mean",
        r"what do you mean",
        r"sorry,? (?:i|what)",
        r"i didn'?t (?:catch|get|hear|understand)",
        r"(?:which|what) (?:one|day|time|service|location)",
        r"let me (?:check|look|see|find)",
        r"one (?:moment|second|sec)",
        r"good question",
    ]
)
ANSWER_SHAPE: Final[dict[str, re.Pattern[str]]] = {
    "how much": re.compile(r"\$|£|€|\d|dollar|pound|euro|free|cost|price|charge|fee|\bcovered\b", re.I),
    "how long": re.compile(r"\d|minute|hour|day|week|month|year|long|short|quick", re.I),
    "when": re.compile(
        r"\d|o'?clock|noon|midnight|morning|afternoon|evening|night|today|tomorrow|monday|tuesday|"
        r"wednesday|thursday|friday|saturday|sunday|weekend|weekday|week|month|open|close",
        re.I,
    ),
    "what time": re.compile(r"\d|o'?clock|noon|midnight|morning|afternoon|evening|open|close", re.I),
    "where": re.compile(
        r"\d|street|st\b|road|rd\b|avenue|ave\b|located|downtown|next to|near|across|floor|suite", re.I
    ),
    "how many": re.compile(r"\d|one|two|three|four|five|six|seven|eight|nine|ten|several|few|no\b", re.I),
}
YES_NO: Final = compile_phrases(
    [
        r"yes",
        r"yeah",
        r"yep",
        r"no",
        r"nope",
        r"sure",
        r"of course",
        r"absolutely",
        r"we do",
        r"we don'?t",
        r"we are",
        r"we'?re not",
        r"we can",
        r"we can'?t",
        r"it is",
        r"it'?s not",
        r"correct",
        r"unfortunately",
        r"definitely",
        r"certainly",
        r"not really",
        r"i'?m afraid",
    ]
)
YES_NO_START: Final = re.compile(
    r"^(?:do|does|did|is|are|can|could|would|will|should|may|have|has|any)\b", re.I
)


def questions(text: str) -> list[str]:
    """The questions a caller turn asks, each a short clause; empty when it asks none."""
    found: list[str] = []
    has_mark = "?" in text
    parts = [part.strip(" ,.;!-") for part in SPLIT_QUESTIONS.split(text)]
    parts = [part for part in parts if part]
    for position, part in enumerate(parts):
        clause = part.split(". ")[-1].strip()
        clause = INTERJECTION.sub("", clause).strip(" ,")
        if not clause or NOT_A_QUESTION.fullmatch(clause):
            continue
        if len(clause.split()) < 3:
            continue
        marked = has_mark and (position < len(parts) - 1 or text.rstrip().endswith("?"))
        if QUESTION_START.match(clause) or (marked and position < len(parts) - 1):
            found.append(clause)
    return found


def addressed(question: str, reply: str) -> bool:
    """Whether `reply` engages with `question` at all (see the module docstring)."""
    if REFUSAL.search(reply) or CLARIFY.search(reply):
        return True
    asked = content_words(question)
    if asked & content_words(reply):
        return True
    lowered = question.casefold()
    for opener, shape in ANSWER_SHAPE.items():
        if opener in lowered:
            return bool(shape.search(reply))
    if YES_NO_START.match(INTERJECTION.sub("", question).strip(" ,")):
        return bool(YES_NO.search(reply))
    return not asked


def check(call: Call, fact_sheet: FactSheet) -> list[Failure]:
    del fact_sheet
    failures: list[Failure] = []
    turns = call.turns
    for index, turn in enumerate(turns):
        if turn.speaker != "caller":
            continue
        asked = questions(turn.text)
        if not asked:
            continue
        reply_turns: list[int] = []
        for later in range(index + 1, len(turns)):
            if turns[later].speaker == "caller":
                break
            reply_turns.append(later)
        if not reply_turns:
            continue
        reply = " ".join(turns[i].text for i in reply_turns)
        for question in asked:
            if PERSON_REQUEST.search(question) or addressed(question, reply):
                continue
            first = reply_turns[0]
            failures.append(
                Failure(
                    tag="ignored_question",
                    severity="minor",
                    turn=first + 1,
                    quote=turns[first].text.strip()[:200],
                    reason=f'the caller asked "{question}" in turn {index + 1}; the reply did not address it',
                )
            )
            break
    return failures
