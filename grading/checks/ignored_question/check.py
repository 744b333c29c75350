"""The ignored_question check: each caller question against the agent's next reply, by its type."""

from __future__ import annotations

import re
from typing import Final

from grading.checks.follow_ups import CORRECTION, NOT_HEARD, brought_back, reasked
from grading.checks.ignored_question.answers import (
    asked_again_later,
    asks_something_else,
    back_for_what_was_missed,
    closes_only,
    cut_off,
    names_source,
    passes_over,
    repeats_previous,
    restated_yes_no,
    retried,
    short_answer,
    sole_ask,
    takes_up_subject,
)
from grading.checks.ignored_question.phrasings import (
    ACTION_REQUEST,
    ASKED_WH,
    CLARIFY,
    DECLINED,
    DETAIL_ASKED,
    PITCH,
    QUALIFIED,
    SOURCE_ASKED,
    UNKNOWING_OF,
    UNKNOWING_ONLY,
    WAY_FORWARD_ASKED,
    WAY_FORWARD_GIVEN,
    YES_NO_ASKED,
    YES_NO_GIVEN,
)
from grading.checks.ignored_question.questions import (
    QUESTION_TYPES,
    holds_answer,
    marked_clauses,
    questions,
    type_shape,
)
from grading.checks.ignored_question.terms import compared_words, digit_words, question_words
from grading.checks.roots import shared_roots
from grading.claims.numbers import digits_for_speech
from grading.first_chars import compile_filtered
from grading.formats import Call, FactSheet, Failure
from grading.speech import (
    REFUSAL,
    frozen_content_words,
    sentences,
    strip_interjections,
)

ASKED_AGAIN: Final = compile_filtered(
    r"\b(?:what (?:\w+ )?was that|say (?:that|it) again|repeat (?:that|it)|come again|one more time"
    r"|didn'?t (?:catch|get|hear) (?:that|it|the \w+))\b",
    re.IGNORECASE,
)
"""A caller asking to hear again what was said ("Wait, sorry, what time was that?", "could you
repeat that?")."""


WHEN_ASKED: Final = compile_filtered(
    r"\b(?:now|tonight|today|tomorrow|this (?:morning|afternoon|evening|week|weekend)|evenings?|weekends?"
    r"|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?)\b",
    re.IGNORECASE,
)
"""A yes/no question about a time ("Can't somebody come out now?", "Is there nobody tonight?", "Do you
do evenings then?")."""
WHEN_TOLD: Final = compile_filtered(
    r"\b(?:earliest|soonest|next (?:opening|available|slot|appointment)|first (?:opening|available))\b"
    r"|\b(?:i|we|he|she|they|\w+) (?:have|has|'ve got|can do)\b.{0,30}"
    r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b",
    re.IGNORECASE,
)
"""A reply that tells when it can be: the earliest time ("Monday at ten is the earliest", "Tuesday
really is the soonest"), or a slot offered ("Elliot has Monday, November thirtieth at eleven").
Opening hours are no such answer: "On Mondays the clinic is open seven to seven" does not say
whether Dana works Mondays."""


def _when_told(question: str, reply: str) -> bool:
    """A yes/no question about a time answered by when it can be: the earliest time, or the days
    and times there are."""
    return (
        YES_NO_ASKED.match(question) is not None
        and WHEN_ASKED.search(question) is not None
        and (WHEN_TOLD.search(reply) is not None)
    )


def check(call: Call, fact_sheet: FactSheet) -> list[Failure]:
    del fact_sheet
    failures: list[Failure] = []
    turns = call.turns
    pending: str = ""
    for index, turn in enumerate(turns):
        if turn.speaker != "caller":
            continue
        asked: list[str] = questions(turn.text)
        again = False
        if not asked and pending and "?" in turn.text:
            # "No, like, a kids menu?", "So the financing?": the ignored question, asked again
            # without a question word
            if shared_roots(frozen_content_words(turn.text), frozen_content_words(pending)):
                asked, again = [pending], True
        if not asked and "?" not in turn.text:
            continue
        reply_turns: list[int] = []
        follow_up = ""
        for following in range(index + 1, len(turns)):
            if turns[following].speaker == "caller":
                follow_up = turns[following].text
                break
            reply_turns.append(following)
        if not reply_turns or cut_off(turns[reply_turns[-1]].text):
            continue  # "So our hours are Monday to Fri-": the caller cut in, nothing to judge
        spoken_reply = " ".join(turns[i].text for i in reply_turns)
        # "Sorry about that. Have a good one." answers nothing (such a reply is short: longer ones
        # are not read sentence by sentence)
        spoken_sentences = sentences(spoken_reply) if len(spoken_reply) < 160 else []
        brushed_off = bool(spoken_sentences) and all(closes_only(s) for s in spoken_sentences)
        if not asked and brushed_off:
            asked = marked_clauses(turn.text)  # "So there's nothing you can do?" "Have a good one."
        if not asked:
            continue
        reply = digits_for_speech(spoken_reply)
        # "Sorry, what time was that?": a caller asking to hear it again is answered by a repeat
        repeated = repeats_previous(turns, reply_turns[0]) and not ASKED_AGAIN.search(turn.text)
        if CLARIFY.search(spoken_reply) and not repeated:
            continue  # "let me check" acknowledges everything the turn asked
        if _unknowing_only(spoken_reply):
            continue  # "Hmm, I honestly don't know." takes up what was asked
        # read with reply_words, for the first question its answer in kind does not settle
        refused = sole = asks_back = False
        reply_sentences: list[str] = []
        reply_words: frozenset[str] | None = None  # read when a question needs it
        # "Are you even listening?", "I'm asking if you're open late": the caller says it was missed
        not_heard = bool(follow_up) and NOT_HEARD.search(follow_up) is not None
        pitched = PITCH.search(spoken_reply) is not None
        for question in asked:
            if not repeated and _unknowing_of(question, spoken_reply):
                pending = ""  # "when do I seal it?" "I'm not sure when a new driveway gets sealed"
                continue
            shape = type_shape(question)
            about, borrowed = question_words(question, turn.text)
            # "What time is he coming, and is there a warranty?" ... "And the warranty thing?": the
            # reply took up the other question and left this one out
            later = len(asked) > 1 and asked_again_later(about, turns, index, compared_words(spoken_reply))
            answered_in_kind = (
                shape is not None
                and holds_answer(shape, reply)
                and not not_heard
                and not pitched
                and not back_for_what_was_missed(question, follow_up, reply)
            )
            source_asked = SOURCE_ASKED.search(question) is not None  # "is there someone who'd know?"
            if answered_in_kind and not (later or brushed_off or repeated or source_asked):
                pending = ""  # the common case, settled before reading words (the branches below agree)
                continue
            if reply_words is None:
                refused = bool(REFUSAL.search(reply) or DECLINED.search(reply)) and not repeated
                sole = refused and sole_ask(asked, turn.text)
                reply_sentences = sentences(reply)
                asks_back = any(s.rstrip().endswith("?") for s in reply_sentences)
                # a closing sentence says nothing about the question ("anything else?" meets no
                # "...someone else")
                reply_words = digit_words(" ".join(s for s in reply_sentences if not closes_only(s)))
            shared = shared_roots(reply_words, about)  # "freezing" meets "freeze"
            source_missing = source_asked and not names_source(spoken_reply)
            if refused and not source_missing and (sole or compared_words(question) & reply_words):
                # a refusal answers what it refuses: the one thing asked, or the question it names
                pending = ""
                continue
            asked_back = [s for s in reply_sentences if strip_interjections(s).strip(" ,.!")]
            needs_detail = bool(
                shape is QUESTION_TYPES[0][1]
                and asked_back
                and all(s.rstrip().endswith("?") for s in asked_back)
                and DETAIL_ASKED.match(asked_back[0])
            )  # "how much is delivery?" "(oh no, okay.) what ZIP code is it going to?": the quote needs it
            way_forward = bool(WAY_FORWARD_ASKED.search(question) and WAY_FORWARD_GIVEN.search(reply))
            yes_or_no = bool(
                YES_NO_ASKED.match(question)
                and (
                    (YES_NO_GIVEN.match(reply) and (shared or ACTION_REQUEST.match(question)))
                    or QUALIFIED.match(reply)
                )
            )  # "can you just open it?" "sure, we'll get you in"
            no_source = source_missing and not shared
            if later or brushed_off or no_source or not_heard or (pitched and not shared):
                # "is there someone who'd know?" "we're open till six": no person, no way to find out
                ignored = True
            elif (
                yes_or_no
                or _when_told(question, reply)
                or takes_up_subject(question, about, reply)
                or short_answer(question, reply_sentences)
                or retried(question, turns, index, reply_turns)
            ):
                ignored = False
            elif (
                way_forward or needs_detail or (ACTION_REQUEST.match(question) and asks_back and not repeated)
            ):
                # "can you book it?" "how many people?": asking what the booking needs is doing it
                ignored = False
            elif repeated and not shared:
                ignored = True
            elif answered_in_kind:
                ignored = False
            elif (
                reasked(about, follow_up, reply_words, compared_words, opener_needed=borrowed)
                and not asks_something_else(question, follow_up)
            ) and (
                len(shared) <= 1
                or (borrowed and CORRECTION.search(follow_up.strip()))
                or (
                    borrowed
                    and brought_back(compared_words(question), compared_words(follow_up), reply_words)
                )
                or restated_yes_no(question, follow_up, reply_sentences)
            ):
                # a reply that picks up words of the turn ("guitar lessons are on Tuesdays") can still
                # answer the wrong thing: the caller's "no, I mean..." says so
                ignored = True
            elif shape is not None:
                ignored = not shared
            elif again:
                # a question asked again is owed a reply about it: its words, or a value of some
                # kind ("parking?" "the Canal Street garage, first two hours are free")
                ignored = not shared and not any(holds_answer(kind, reply) for _, kind in QUESTION_TYPES)
            else:
                ignored = not refused and passes_over(question, about, borrowed, shared, reply_sentences)
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


def _unknowing_of(question: str, reply: str) -> bool:
    """The reply opens by saying the agent does not know the very thing asked, by the question's
    own word ("when do I get it sealed?" "I'm not sure when a new driveway should be sealed";
    "is it safe?" "I'm not sure whether it is"): it takes the question up, whatever follows (a
    callback offered, a reason not to guess)."""
    said = UNKNOWING_OF.match(reply.strip())
    if said is None:
        return False
    wh = ASKED_WH.search(question)
    if said.group(1).lower() in {"whether", "if"}:
        return wh is None
    return wh is not None and wh.group(1).lower() == said.group(1).lower()


def _unknowing_only(reply: str) -> bool:
    """The reply opens by saying the agent does not know or cannot help with it, and says nothing
    else but that, questions back ("Maybe?", "Is there a wash I can book for you?") and closings."""
    said = sentences(reply)
    return (
        bool(said)
        and UNKNOWING_ONLY.match(said[0].strip()) is not None
        and all(
            UNKNOWING_ONLY.match(s.strip()) or s.rstrip().endswith("?") or closes_only(s) for s in said[1:]
        )
    )
