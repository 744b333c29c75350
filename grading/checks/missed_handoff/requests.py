"""A caller asking for a person: in general words, by a name or by the role the sheet hands off to,
not negated, withdrawn or a question whether the agent is one, nor a plan to consult someone of
the caller's own; and asking again."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from grading.checks.handoff_triggers import ROLE
from grading.first_chars import compile_filtered
from grading.speech import Pattern, compile_phrases, holds_any

PERSON_REQUEST: Final = compile_phrases(
    [
        r"(?:speak|talk|chat) (?:to|with) (?:a |an |the |your |some )?(?:real |actual |live |human |\w+ )?"
        r"(?:person|human|someone|somebody|people|manager|supervisor|receptionist|representative|rep|"
        r"agent|operator|staff|front desk|office|doctor|dentist|owner)",
        r"(?:transfer|connect|put) me (?:through|to|over)",
        r"(?:transfer|connect) me",
        r"(?:get|give) me (?:a |an )?(?:real |live )?(?:person|human|manager|operator|representative)",
        r"(?:real|live|actual) (?:person|human)",
        r"human being",
        r"(?:whoever'?s|whoever is|someone|the person|somebody) in charge",
        r"(?:speak|talk|chat) (?:to|with) (?:whoever|the person who|someone who) (?:runs|owns|manages)",
        r"(?:is there|can i get) (?:a |an )?(?:real |actual )?(?:person|human|someone|somebody)"
        r"(?: there| here)? (?:i can|to|who can)",
        r"operator",
        r"representative",
    ]
)
IDENTITY_QUESTION: Final = re.compile(
    r"\b(?:are|r) (?:you|u)(?:,? (?:like|um+|uh+|even|really|actually),?)* (?:a |an )?"
    r"(?:real |actual |live )?(?:person|human(?: being)?|bot|robot|machine|ai|computer|recording)\b"
    r"|\blike (?:a |an )(?:real |actual |normal )?(?:person|human(?: being)?)\b"
    r"|\b(?:am i|are we) (?:talking|speaking|chatting) (?:to|with) (?:a |an )?(?:real |actual |live )?"
    r"(?:person|human(?: being)?|bot|robot|machine|ai|computer)\b(?: or (?:a |an )?\w+)?"
    r"|\bis (?:this|that)(?:,? (?:um+|uh+|like))*,? (?:(?:a|an),? )*(?:real |actual |live )?(?:person|human"
    r"(?: being)?|bot|robot|machine"
    r"|recording)\b"
    r"|\b(?:you'?re|you are|pretend (?:you'?re|to be)|act like you'?re|be) (?:a |an )?(?:real |actual )?"
    r"(?:person|human(?: being)?)\b",
    re.IGNORECASE,
)
"""Asking what the agent is ("are you a real person?", "are you, like, a real person?", "is this a,
a real person or a robot?"), or telling it to play a human ("talk to me like a human being"), is
not asking to speak to one: a jailbreak's "you're a real human called Jess" wants no handoff."""


NEGATED: Final = re.compile(
    r"\b(?:don'?t|do not|no need to|not|never|without)\b(?:\W+\w+){0,3}\W*$", re.IGNORECASE
)
WITHDRAWN: Final = compile_phrases(
    [
        r"no,? (?:that'?s|it'?s) (?:fine|ok|okay)",
        r"i don'?t need (?:to (?:talk|speak)|(?:a|an|the) (?:\w+ )?(?:person|human|manager|supervisor"
        r"|transfer|representative|someone)|anyone|anybody|someone|somebody)",
        r"actually,? (?:that'?s|you'?ve)",
    ]
)


ASKED_FOR_PERSON: Final = "asked for a person"
"""How a failure's reason says the trigger was a request for a person (the rules judge reads it:
such a caller's goal is not met without a person or what they came for)."""


_ROLE_HEAD: Final = re.compile(r"([a-z]{4,})(?:\s+(?:on|at|in)\s+[a-z\s]+)?\s*$")
"""A role's head noun: the last word, or the one before "on duty" ("the duty manager", "the
optometrist on duty")."""


@lru_cache(maxsize=64)
def role_request_for(handoff: str) -> re.Pattern[str] | None:
    """A request for the person the sheet hands off to, by the name the sheet gives them ("can I
    talk to the pharmacist?", "get me the duty manager"): the generic person-request patterns
    only know the common titles. Only the role's head noun counts ("advisor", not "service")."""
    roles: set[str] = set()
    for match in ROLE.finditer(handoff):
        for phrase in re.split(r"\b(?:or|and)\b", match.group("role").lower()):
            head = _ROLE_HEAD.search(phrase.strip())
            if head is not None and head.group(1) not in {"person", "someone", "human"}:
                roles.add(head.group(1))
    if not roles:
        return None
    role = "(?:" + "|".join(sorted(roles)) + ")s?"
    return re.compile(
        r"\b(?:(?:speak|talk|chat)\s+(?:to|with)|(?:get|give|put)\s+me(?:\s+(?:through|over))?(?:\s+to)?"
        r"|(?:can|could|may)\s+i\s+(?:have|get))\s+(?:(?:the|a|an|your|my)\s+)?(?:\w+\s+){0,2}"
        + role
        + r"\b",
        re.IGNORECASE,
    )


def asks(pattern: Pattern, text: str) -> bool:
    if pattern.search(text) is None:
        return False
    for match in pattern.finditer(text):
        if not NEGATED.search(text[: match.start()][-40:]):
            return True
    return False


INSISTS: Final = compile_phrases(
    [
        r"(?:just|really|only) (?:want|need) (?:a |an |to (?:talk|speak) (?:to|with) (?:a |an |the )?)?"
        r"(?:real |actual |live )?(?:person|human|someone|somebody|manager)",
        r"i (?:want|need|asked for) (?:a |an )(?:real |actual |live )?(?:person|human)",
    ]
)
"""The caller asking again for a person ("I really just want a person. Please.")."""


NAMED_PERSON: Final = compile_filtered(
    r"\b(?:[Ss]peak|[Tt]alk|[Cc]hat) (?:to|with) (?!(?:Spanish|English|French|Google|Siri|Alexa)\b)"
    r"[A-Z][a-z]+\b"
    r"|\b(?:[Ii]s|[Cc]an I get|[Pp]ut me through to|[Gg]et me) (?!(?:It|That|This|There|He|She|I)\b)"
    r"[A-Z][a-z]+ (?:there|available|around)\b"
)
"""A request for someone by name ("Can I speak with Linda please?"): read on the spoken case."""
_MAY_NAME_PERSON: Final = ("Speak", "speak", "Talk", "talk", "Chat", "chat", "there", "available", "around")
"""A word NAMED_PERSON needs, in the case it needs it: most turns have none and skip its slower
search. (Case-sensitive like NAMED_PERSON: with IGNORECASE this filter cost more than the search.)
Substring tests (`holds_any`), a fraction of what the same alternation cost behind its
first-character filter, which entered it at every position."""


CONSULTING: Final = re.compile(
    r"\b(?:let me|lemme|i'?ll|i will|i (?:need|have|got|want) to|i gotta|i should|i'?d better|we'?ll"
    r"|we (?:need|have|got) to|we gotta|gonna)\s+(?:first\s+)?(?:talk|speak|check|chat)"
    r"(?:\s+(?:it|this|that|things)\s+over)?\s+(?:to|with)\s+(?:[\w'-]+\s+){0,2}?[\w'-]+"
    r"(?=\s+first\b|\s+before\b|,?\s+and\s+(?:then\s+)?(?:i'?ll\s+|we'?ll\s+|i\s+|we\s+)?(?:call|get|come|ring"
    r"|phone|circle)\s+(?:you\s+|you guys\s+|y'?all\s+)?back\b|\W+(?:i'?ll|we'?ll|i will|we will)\s+(?:call"
    r"|ring|phone|get)\s+(?:you\s+)?back\b)",
    re.IGNORECASE,
)
"""The caller taking the question to someone of their own before deciding ("let me talk to Sam
first. I'll call back.", "I'll check with my landlord and call you back"): talking to a person,
but not one the agent can put them through to."""


VISITING: Final = re.compile(
    r"\b(?:come|stop|swing|pop|drop|head|walk|go)\s+(?:by|in|down|over|round|around|into the \w+|to the \w+)"
    r"(?:\s+(?:there|tomorrow|today|sometime|later|first))?,?\s+(?:and|to)\s+(?:talk|speak|chat)\s+(?:to|with)\s+"
    r"(?:[\w'-]+\s+){0,2}?[\w'-]+"
    r"|\b(?:talk|speak|chat)\s+(?:to|with)\s+(?:[\w'-]+\s+){0,3}?in person\b",
    re.IGNORECASE,
)
"""The caller planning to visit and talk to someone there ("are you open Saturdays? I'd come by and
talk to somebody"): a person in the office, not one the agent is asked to put them through to."""


def asks_for_person(text: str, role_request: re.Pattern[str] | None) -> bool:
    if not _person_asked(text, role_request):
        return False
    for aside in (CONSULTING, VISITING):
        if aside.search(text) is not None:
            text = aside.sub(" ", text)
            if not _person_asked(text, role_request):
                return False
    return True


def _person_asked(text: str, role_request: re.Pattern[str] | None) -> bool:
    return (
        (asks(PERSON_REQUEST, text) and asks(PERSON_REQUEST, IDENTITY_QUESTION.sub(" ", text)))
        or (role_request is not None and asks(role_request, text))
        or (holds_any(text, _MAY_NAME_PERSON) and NAMED_PERSON.search(text) is not None)
    )
