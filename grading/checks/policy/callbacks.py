"""The rule to offer a callback when the caller cannot be helped: an inability reply with no callback
(or the rule's other offer) made."""

from __future__ import annotations

import re
from typing import Final

from grading.checks.outcome import read_outcome, unrecited
from grading.checks.policy.deciders import agent_turns, breach, has_prefix
from grading.formats import Call, FactSheet, Failure, Rule
from grading.speech import compile_phrases, sentences
from grading.speech import words as word_list

CALLBACK: Final = compile_phrases(
    [
        r"call(?:ing)? you back",
        r"(?:will|'ll|can) (?:call|text|contact|ring) you",
        r"callback",
        r"call back",
        r"(?:have|get) (?:someone|somebody|\w+) (?:call|contact|reach)",
        r"reach out to you",
        r"get back to you",
        r"return your call",
        r"(?:want|like|need) (?:the |our |a )?(?:office|team|someone|somebody|\w+)? ?to "
        r"(?:call|ring|phone|contact) you",
    ]
)


def callback(call: Call, fact_sheet: FactSheet, rule: Rule) -> Failure | bool:
    """An agent that could not help and never offered a callback. A caller who leaves satisfied
    ("oh perfect, I'll swing by") after the agent went on helping was helped after all, whatever
    the agent could not do on the way. With no "can't" said, no breach is read: a caller who gave up
    unhelped was once held owed a callback at the agent's goodbye, but labellers pin the breach at
    the first "can't" or not at all (the tuning pool agreed with the goodbye 7 times in 16, the
    unread sets 0 times in 5; removed 2026-12-04). The call is left at a dead end, which its own
    check reads."""
    outcome = read_outcome(call)
    if outcome.action_done or outcome.transferred:
        return True
    offered = _offer_words(rule)
    if any(
        CALLBACK.search(said) or _offered(offered, said)
        for _, text in agent_turns(call)
        for said in unrecited(text)
    ):
        return True  # a callback offered; one named in a recital of the agent's instructions is none
    if outcome.inability_turn is None:
        return True
    helped_after = any(turn > outcome.inability_turn for turn, _ in agent_turns(call))
    if helped_after and outcome.caller_satisfied and outcome.caller_gave_up_turn is None:
        return True
    # the first "can't" is where the callback was first owed (labellers pin the breach there 9 to 3)
    turn = outcome.first_inability_turn or outcome.inability_turn
    return breach(
        turn, call.turns[turn - 1].text, rule, "the agent could not help and never offered a callback"
    )


OFFERING: Final = compile_phrases(
    [
        r"would you like|do you want|want me to|shall i|should i|how about|happy to",
        r"(?:i|we) can (?:book|set|arrange|schedule|have|get|put)",
        r"can i (?:book|set|arrange|schedule|have|get)",
        r"let me (?:book|set|arrange|schedule|get)",
    ]
)


def _offered(offered: tuple[str, ...], text: str) -> bool:
    """The rule's other offer ("a tour or a call with the events manager") made in a sentence that
    offers it ("would you like to come by for a tour?"), not its words said in passing ("questions
    about your event")."""
    return bool(offered) and any(
        OFFERING.search(sentence) and has_prefix(offered, sentence) for sentence in sentences(text)
    )


OFFER_FILLER: Final[frozenset[str]] = frozenset(
    """offer offers offering call callback back from with that this caller callers customer them when
    whenever unless cannot can't help helped able now today either""".split()
)


def _offer_words(rule: Rule) -> tuple[str, ...]:
    """What else the rule counts as the offer ("Offer a tour or a call with the events manager when
    a caller can't be helped now" -> tour, event, manag), as word prefixes."""
    shape = re.search(r"\boffer\w*\b(?P<what>.{0,80}?)\b(?:when|if|whenever|to callers?)\b", rule.text, re.I)
    if shape is None:
        return ()
    return tuple(
        {
            w[:5]
            for w in word_list(shape.group("what"))
            if len(w) >= 4 and w.isalpha() and w not in OFFER_FILLER
        }
    )
