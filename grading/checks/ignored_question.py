"""ignored_question: a caller question that the agent's next reply does not address.

A question is a clause that opens like one ("what", "how much", "do you", "can I", after fillers),
so statements that happen to end in "?" ("I think I smell gas?") are not questions; a request for
a person, or for help to be fetched ("can you call someone?"), is missed_handoff's business, however
it is asked. Each question in a turn is checked on its own ("how much is a cleaning, and are you
open Saturday?").

What counts as addressed depends on what was asked, because recognising an answer in free speech
is only reliable when the question has a type:
- a typed question (an amount, a time or day, a place, a number, a duration) is addressed when
  the reply (every agent turn up to the next caller turn) holds that kind of answer, shares a
  meaningful word with the question, refuses, asks to clarify or hands off;
- any question, typed or not, counts as ignored when the caller has to ask it again ("okay, but
  the loaner?", "what about the fee?", "you didn't answer my question") and the reply in between
  shared nothing specific with it.
An untyped question that the caller lets go is not flagged: a reply to "is that bad?" cannot be
judged by words alone, and a false alarm costs more than a missed blemish. A reply that only signs
off or apologises ("Sorry about that. Have a good one.") answers nothing, so against it any caller
sentence marked with "?" is a question ("So there's nothing you can do?"), and its closing words
("anything else?") are never words it shares with the question. The failure is pinned
to the agent's reply that skipped the question, quoting its first sentence.

A refusal answers what it refuses: the one thing the turn asked, or the question it shares words
with; "I can't place orders by phone" leaves "are you open Saturday?" in the same turn unanswered.
A question that points back ("I want my prescriptions moved here, how does that work?") is about
what it points to, and a reply on another topic is caught when the caller corrects it ("right,
no, ..."). A bare follow-up question counts as asking again only about what the reply left out
("what area is it in?" "the west." "and the postcode and area?" asks for more). Without a question
mark a clause is a question only when it opens unmistakably like one ("any day next week." is not).

Answers that carry no keyword still answer: a bare amount a price question ("one twenty-nine
fifty"), a yes or no that names what was asked ("sure, we do Saturdays"), a date a "how long". A
question for a source ("is there someone who'd know?") is ignored by a reply that names no person,
no way to reach one and nothing the question said ("we're open till five"). Words are compared
with spoken numbers as digits and without the 's ("delivery's" meets "delivery").
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from grading.checks.follow_ups import CORRECTION, NOT_HEARD, brought_back, comes_back, reasked
from grading.checks.missed_handoff import PERSON_REQUEST
from grading.checks.outcome import CALLER_PLAN, CALLER_SATISFIED, CLOSING
from grading.checks.repetitive import OVERLAP, overlap
from grading.checks.roots import shared_roots
from grading.claims.numbers import digits_for_speech
from grading.first_chars import compile_filtered
from grading.formats import Call, FactSheet, Failure, Turn
from grading.prefilter import compile_gated
from grading.speech import (
    INTERJECTION,
    REFUSAL,
    compile_phrases,
    frozen_content_words,
    sentences,
    stem,
    word_bag,
    words,
)

QUESTION_START: Final = compile_filtered(
    r"^(?:what|what's|whats|when|where|where's|which|who|how|why|do|does|did|is|are|can|could|would|will|"
    r"should|may|have (?:you|we|i|they)|has (?:it|he|she|the|anyone|anybody)|any|is there|are there)\b",
    re.IGNORECASE,
)
SPLIT_QUESTIONS: Final = compile_filtered(
    r"(\?+|[.!;]\s+|,?\s+(?:and|also|plus|oh and)\s+(?=(?:what|when|where|which|how|do|does|is|are"
    r"|can|could|will)\b)|,\s+(?=(?:what|when|where|which|how|who|why)\b|(?:can|could|do|does|is|are|will"
    r"|would) (?:you|i|we|it|there|that|they)\b))",
    re.IGNORECASE,
)
"""Where one question ends and the next begins: a question mark, a full stop, "and"/"also" before
a question word, or a comma before one ("I want my prescriptions moved here, how does that work")."""
UNMARKED_QUESTION: Final = compile_filtered(
    r"^(?:what|what's|whats|when|where|where's|which|who|how|why)\b|^(?:do|does|did|is|are|can|could|would"
    r"|will|should|may|have|has) (?:you|i|we|it|there|they|that|this|he|she)\b",
    re.IGNORECASE,
)
"""Without a question mark (speech recognition drops them) a clause is a question only when it opens
like one unmistakably: "any time next week." is a preference, "do you have parking" a question."""
ALTERNATIVE: Final = compile_filtered(
    r",?\s+or (?:do|does|did|is|are|am|can|could|will|would|should|have|has) (?:i|you|we|it|they|there"
    r"|that|he|she)\b|,?\s+or (?:not|no)$",
    re.IGNORECASE,
)
"""A marked clause that offers its alternative ("the shuttle's free, or do I pay?", "it's
included, or not?") asks, however it opens."""
CLARIFY: Final = compile_phrases(
    [
        r"(?:could|can|would) you (?:repeat|say that|clarify|spell)",
        r"did you (?:say|mean)",
        r"do you mean",
        r"what do you mean",
        r"sorry,? what",
        r"sorry,? i didn'?t",
        r"pardon",
        r"i didn'?t (?:catch|get|hear|understand)",
        r"let me (?:check|look|see|find|pull|bring up|double-check)",
        r"(?:pull|bring|look) (?:that|it|this|them|those) up",
        r"i'?ll (?:check|look into|find out)",
        r"one (?:moment|second|sec)",
        r"(?:transfer|connect|put you through)",
    ]
)
QUESTION_TYPES: Final[tuple[tuple[re.Pattern[str], re.Pattern[str]], ...]] = (
    (
        re.compile(
            r"how much|\bcost|\bprice|\bcharge|\bfees?\b|\bexpensive|\bpay\b|\brates?\b|\bpaying\b"
            r"|\binterest\b|\bapy\b|\byield",
            re.I,
        ),
        compile_filtered(
            r"[$£€]|\d\s*(?:dollars?|bucks|pounds?|euros?|%|percent|gbp|usd|eur)|\bfree\b|no charge"
            r"|\d(?:[\d.,]*\d)?(?=\s*(?:$|[.,;!?]|cents?\b|per\b|each\b|for\b|plus\b|flat\b|total\b"
            r"|minimum\b|min\b|all in\b|and up\b|or so\b|upwards\b|to start\b"
            r"|up ?front\b|a (?:month|week|year|night|session|visit|person|head|hour|day|serving|slice"
            r"|dozen|piece)\b))"
            r"|\bcosts?\b"
            r"|\bprice|\bfees?\b|\bcovered\b|depends|varies"
            r"|\b(?:card|cash|checks?|cheques?|invoice|financ\w*|venmo|paypal|apple pay|percent|apy|visa"
            r"|mastercard|amex|american express|debit|credit|google pay|interac|e-?transfer|zelle)\b|%"
            r"|\d\s*(?:an?|per|each)\s+(?:hour|hr|night|month|week|day|person|session|visit|room|head|mover|guest)s?\b",
            re.I,
        ),
    ),
    (
        re.compile(
            r"\bwhen\b|what time|\btime\b|\bhours\b|how late|how early|what days?"
            r"|\b(?:are|is|you'?re|it'?s) (?:you |it |they |the \w+ )?(?:still |even )?(?:open|closed?)\b"
            r"|\b(?:open|close)(?:d)? (?:on|at|till|until|late|early|today|tonight|tomorrow|this|next"
            r"|weekends?|\w+days?)\b",
            re.I,
        ),
        compile_filtered(
            r"\b\d{1,2}(?::\d{2})?\s*(?:a\.?m|p\.?m)|\b\d{1,2}:\d{2}|\b(?:from|at|until|till|by) \d|"
            r"o'?clock|noon|"
            r"midnight|morning|afternoon|evening|tonight|today|tomorrow|monday|tuesday|wednesday|thursday|friday|"
            r"minutes?|january|february|march|april|\bmay\b|june|july|august|september|october|november"
            r"|december|\d(?:st|nd|rd|th)\b|"
            r"saturday|sunday|weekend|weekday|\bopen|\bclose|hours|week",
            re.I,
        ),
    ),
    (
        re.compile(r"\bwhere\b|\baddress\b|\blocated\b|\blocation\b|directions|what area", re.I),
        compile_filtered(
            r"\b\d{1,5}\s+(?!to\b|and\b|or\b|till\b|until\b|a\.?m\b|p\.?m\b|o'?clock|minutes?|hours?|days?|weeks?)[a-z]"
            r"|street|\bst\b|road|\brd\b|avenue|\bave\b|lane|located|downtown|next to|\bnear|across|behind|"
            r"corner|floor|suite|address|we'?re at|we are at|\bin\s+[A-Z]|\barea\b"
            r"|\b(?:hall|cent(?:re|er)|church|school|building|park|library|mall|plaza|square|station|campus"
            r"|venue|hotel|ballroom|studio|clinic|hospital|arena|theat(?:re|er)|gym|store|shop)\b"
            r"|\b(?:north|south|east|west)|cent(?:re|er)\b",
            re.I,
        ),
    ),
    (
        re.compile(r"\bnumber\b|\bphone\b", re.I),
        re.compile(
            r"\d|number|area code"
            r"|\b(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)"
            r"(?:[ ,-]+(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)\b){2}",
            re.I,
        ),
    ),
    (
        re.compile(r"how long", re.I),
        re.compile(
            r"\d|minute|hour|day|week|month|year|long|quick|short|\btime\b|spring|summer|autumn|\bfall\b|winter"
            r"|monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight",
            re.I,
        ),
    ),
    (re.compile(r"how many", re.I), re.compile(r"\d|several|few|\bno\b|none|one|two|three|four|five", re.I)),
)
BRUSH_OFF: Final = compile_filtered(
    r"^(?:(?:okay|ok|alright|sure|well|so)[,.!]?\s*)*(?:is there )?anything else(?: i can (?:help|do|assist)"
    r"(?: you)?(?: with)?)?(?: for you)?(?: today)?\W*$",
    re.IGNORECASE,
)
"""A reply that only closes ("Is there anything else I can do for you?") answers nothing."""
APOLOGY: Final = compile_filtered(
    r"^(?:oh,? |ah,? )?(?:i'?m |i am )?(?:so |really )?sorry(?: about that| to hear that| for the"
    r" (?:trouble|hassle"
    r"|wait))?[.!]?$|^i (?:understand|see)[.!]?$",
    re.IGNORECASE,
)
"""A sentence that only apologises or sympathises."""
DECLINED: Final = compile_phrases(
    [
        r"(?:we|i) (?:can'?t|cannot|won'?t|wouldn'?t|couldn'?t) (?:really )?(?:share|give|tell|say|disclose"
        r"|release|discuss|provide|hand out|pass on|confirm)",
        r"(?:we|i) (?:don'?t|do not|never) (?:share|give out|disclose|release|discuss|hand out|pass on"
        r"|confirm)",
        r"(?:we'?re|we are) not (?:able|allowed|permitted|authori[sz]ed) to",
        r"(?:i|we) (?:wouldn'?t|won'?t) be able to",
        r"(?:that'?s|that is|it'?s|those are|that information is|that info is|(?:is|are)) (?:kept )?"
        r"(?:private|confidential)",
        r"for (?:privacy|security|confidentiality|safety) reasons",
        r"not something (?:we|i) (?:share|give out|can|discuss)",
    ]
)
"""A refusal with its reason, in the words front desks use for what they may not tell ("we can't
share staff schedules", "customer invoices are confidential", "for privacy reasons we don't give
that out"): it answers what it refuses, like REFUSAL's "I can't"."""
REQUEST: Final = compile_filtered(
    r"\b(?:i'?d like|i would like|i want|i wanna|i need|i'?m (?:calling|looking|trying|hoping) to"
    r"|i was hoping|can you|could you|would you|will you|can i|could i|may i)\b",
    re.IGNORECASE,
)
"""A request in the caller's turn: what a refusal is most likely refusing."""
ACTION_REQUEST: Final = compile_filtered(
    r"^(?:can|could|would|will) you (?:please |just )?(?:book|reserve|schedule|get|put|make|set|order|send"
    r"|arrange|add|change|move|cancel|hold|open|unlock|fix|come|deliver|pick|take|do)\b"
    r"|^(?:can|could|may) (?:i|we) (?:book|reserve|schedule|get|have|make|order|change|move|cancel)\b",
    re.IGNORECASE,
)
"""A question that asks the agent to do something, rather than to tell something."""
YES_NO_ASKED: Final = compile_filtered(
    r"^(?:do|does|did|is|are|can|could|will|would|have|has)\b", re.IGNORECASE
)
YES_NO_GIVEN: Final = compile_filtered(
    r"^\W*(?:(?:i'?m |i am |so |oh,? )?sorry,?\s+|oh,?\s+|well,?\s+)?"
    r"(?:yes|yeah|yep|yup|sure|absolutely|of course|definitely|certainly|no|nope|not|we do|we don'?t"
    r"|we can|we can'?t|unfortunately|sadly|afraid not)\b",
    re.IGNORECASE,
)
"""A yes/no question answered by a reply that opens with yes or no (after an apology: "I'm sorry,
no, ...") and names what was asked ("can you come Sunday?" "sure, we do Sundays")."""
QUALIFIED: Final = compile_filtered(
    r"^\W*(?:only|just|not unless|unless|not if|as long as|so long as)\b"
    r"(?!\s+(?:a|one) (?:moment|second|sec)\b)",
    re.IGNORECASE,
)
"""A yes/no question answered with its condition ("is there a fee to cancel?" "only within a day
of the booking"; "unless it's a holiday"): a yes or no, however few of the question's words it
repeats."""
WHAT_ABOUT: Final = compile_filtered(r"^(?:and |okay,? |so )?(?:what|how) about\b", re.IGNORECASE)
"""An elliptic follow-up ("what about my brother, he's twenty-three?"): it asks the earlier question
of a new subject, so a reply whose subject is that one ("he could rent, ...") answers it."""
SOURCE_ASKED: Final = compile_gated(
    r"\bwho (?:would|could|can|do|should|might|will)(?: i| we)? (?:know|ask|tell|talk|speak|call|help|answer)"
    r"|^who (?:can|could|would|does|do|should)$"
    r"|\b(?:someone|somebody|anyone|anybody|a person)(?: there)? (?:who|that)"
    r"(?:'d| would| could| can| might)? (?:know|tell|help|answer)|\bwho'?d know\b"
    r"|\bwhere (?:would|could|can|do|should) (?:i|we) (?:find (?:that |this |it )?out|ask|check)",
    re.IGNORECASE,
)
"""A question for a source: who would know, where to find out."""
SHORT_SOURCE: Final = compile_filtered(r"^who (?:can|could|would|does|do|should)$", re.IGNORECASE)
SOURCE_GIVEN: Final = compile_filtered(
    r"\b(?:call|email|e-mail|text|ask|contact|check with|speak (?:to|with)|talk (?:to|with)|transfer"
    r"|connect you|put you through|call you back|callback|get back to you|reach out|website|online|@)"
    r"|\b(?:technician|manager|office|team|attorney|lawyer|staff|desk|advisor|paralegal|coordinator|someone"
    r"|somebody|they|he|she) (?:can|could|will|would|should) (?:know|tell|help|answer|let you know|explain)",
    re.IGNORECASE,
)
"""What answers a source question: a person or role who can tell, a way to reach one, a place to look."""
PITCH: Final = compile_phrases(
    [
        r"before you (?:go|leave|cancel|decide|hang up)",
        r"(?:could|would|will|can) save you",
        r"have you (?:considered|thought about) (?:upgrading|switching|our|the|a)",
        r"(?:why not|how about|you should) (?:upgrade|upgrading|switch|switching)",
        r"(?:upgrade|switch) (?:you )?to (?:our|the)",
    ]
)
"""A sales pitch ("Before you go, did you know Fiber 300 is just forty-nine ninety-nine a month?
That could save you a lot."): in place of an answer it answers nothing it does not name, even
with a value of the kind asked."""
NAMED_SOURCE: Final = re.compile(
    r"\b(?:would|'d|could|will|should|might|can) (?:know|tell you|be able to (?:tell|help|answer))\b"
    r"|\b(?:(?!(?:It|That|This|There|The|We|They|He|She|You|Our|Your|Their|Its|What|When|Which|Where|Who"
    r"|How|Yes|No|Sorry|Sure|Okay|So|And|But)\b)[A-Z][a-z]+|manager|owner|office|team|staff|desk|fitter"
    r"|technician|tech|coordinator|supervisor|director|specialist)(?:'s|,)? (?:\w+ ){0,2}?(?:knows|handles"
    r"|manages|runs|looks after|deals with|takes care of|is in charge of|is the one|'s the one)\b",
)
"""A source named by what they know or do, in the caller's case as spoken: "Our service manager,
Dana, would know", "Sam's in tomorrow, he'd know", "our fitter, Sam, knows all the models"."""
DETAIL_ASKED: Final = compile_filtered(
    r"^\W*(?:(?:sure|okay|ok|great|and|so)[,!.]?\s+)?(?:what|which|where|how (?:many|big|far|long|much)"
    r"|is it|are they|is that|for how many)\b",
    re.IGNORECASE,
)
"""A question back for a detail the answer depends on (where, which, how many)."""
DEICTIC: Final = re.compile(r"\b(?:that|it|this|those|these|them)\b", re.IGNORECASE)
WAY_FORWARD_ASKED: Final = compile_filtered(
    r"\b(?:what (?:do|should|can|could) (?:i|we) do|what are (?:my|our) options|how (?:do|can|could) (?:i|we)"
    r" (?:do|fix|sort|get))\b",
    re.IGNORECASE,
)
WAY_FORWARD_GIVEN: Final = compile_phrases(
    [
        r"without (?:the|a|an|your)",
        r"unless",
        r"only (?:if|with|once)",
        r"you(?:'d| would|'ll| will)? (?:need|have) to",
        r"you need",
        r"once you",
        r"(?:please|just) (?:bring|call|come|email|send|visit|check)",
    ]
)
"""A requirement or an instruction answers "what do I do?" even when it repeats an earlier reply
("without the confirmation number I can't change anything": find the number)."""


FETCH_PERSON: Final = compile_phrases(
    [
        r"(?:call|page|radio) (?:someone|somebody|anyone|anybody|for help|help|security|staff|an ambulance"
        r"|the (?:police|paramedics|manager))",
        r"(?:get|send) (?:help|security|an ambulance|the (?:police|paramedics))",
        r"(?:get|send) (?:someone|somebody) (?:here|over here|now|right now)",
    ]
)
"""Asking the agent to fetch help ("Can you call someone? He's not moving."): like a request for a
person, it is missed_handoff's business, not a question the next reply answers with words."""


def _fetches_person(clause: str) -> bool:
    return bool(PERSON_REQUEST.search(clause) or FETCH_PERSON.search(clause))


def questions(text: str) -> list[str]:
    """The questions a caller turn asks, each a short clause; empty when it asks none. (A fresh
    list: the reading itself is cached, since the rules judge and dead_end ask about the same turns.)"""
    return list(_questions(text))


@lru_cache(maxsize=1024)
def _questions(text: str) -> tuple[str, ...]:
    found: list[str] = []
    pieces: list[str] = SPLIT_QUESTIONS.split(text)  # clause, separator, clause, ..., clause
    for position in range(0, len(pieces), 2):
        part = pieces[position]
        spaces = part.count(" ")
        if spaces < 1 or (spaces < 2 and "who" not in part.lower()):
            continue  # fewer than three words, or two that cannot be "who can?"
        marked = position + 1 < len(pieces) and "?" in pieces[position + 1]
        after_comma = position > 0 and pieces[position - 1].strip() == ","  # ", when he's groomed"
        clause = INTERJECTION.sub("", part.strip(" ,.;!-")).strip(" ,")
        short_source = marked and bool(SHORT_SOURCE.match(clause))  # "So... who can?"
        if (len(clause.split()) < 3 and not short_source) or not (
            QUESTION_START.match(clause) or (marked and ALTERNATIVE.search(clause))
        ):
            continue
        if _fetches_person(clause):
            continue
        # a clause after a comma without a question mark is subordinate ("..., when he's groomed")
        if marked or (UNMARKED_QUESTION.match(clause) and not after_comma):
            found.append(clause)
    return tuple(found)


SHAPE_ORDER: Final = (*QUESTION_TYPES[4:], *QUESTION_TYPES[:4])
"""QUESTION_TYPES read "how long" and "how many" first: "how long do I have to pay it back?" asks
for a duration ("sixty days"), though "pay" would make it a price question."""


@lru_cache(maxsize=1024)
def _type_shape(question: str) -> re.Pattern[str] | None:
    for asks, shape in SHAPE_ORDER:
        if asks.search(question):
            return shape
    return None


@lru_cache(maxsize=1024)
def _words(text: str) -> frozenset[str]:
    """Content words with spoken numbers as digits on both sides ("eighteen miles" meets "18
    miles") and the possessive or contracted 's dropped ("delivery's" meets "delivery"). Cached:
    a caller turn is read as a question's context and again as the next question's follow-up."""
    return _digit_words(digits_for_speech(text) if _SPOKEN_NUMBER.search(text) else text)


_SPOKEN_NUMBER: Final = compile_filtered(
    r"\d|\b(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|(?:thir|four|fif|six"
    r"|seven|eigh|nine)teen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|half"
    r"|quarter|first|second|third|fourth|(?:fif|six|seven|eigh|nin|ten|eleven|twelf|twentie|thirtie)th)\b",
    re.IGNORECASE,
)
"""What digits_for_speech could rewrite; a text without any is only lower-cased (the common case)."""


def _digit_words(text: str) -> frozenset[str]:
    """`_words` of a text whose numbers are already digits."""
    return frozenset(stem(word.rstrip("'")) for word in frozen_content_words(text))


def _about(question: str, turn_text: str) -> tuple[frozenset[str], bool]:
    """The words a question is about, and whether they were borrowed from the rest of the turn: a
    question that points back ("I want to move my prescriptions here, how does that work?") is about
    what it points to."""
    words = _words(question)
    if len(words) <= 1 and DEICTIC.search(question):
        return words | _words(turn_text), True
    return words, False


def _sole_ask(asked: list[str], turn_text: str) -> bool:
    """The turn asks one thing: a single question and no other request beside it."""
    if len(asked) != 1:
        return False
    rest = turn_text.replace(asked[0], " ")
    return not REQUEST.search(rest)


def _repeats_previous(turns: list[Turn], reply_index: int) -> bool:
    """The reply is the agent's previous reply again: whatever it says, it is not an answer to
    the new question."""
    earlier = next(
        (turns[i].text for i in range(reply_index - 1, -1, -1) if turns[i].speaker == "agent"), None
    )
    if earlier is None:
        return False
    return overlap(word_bag(earlier), word_bag(turns[reply_index].text)) >= OVERLAP


def _takes_up_subject(question: str, about: frozenset[str], reply: str) -> bool:
    """A "what about X?" answered by a reply that opens with X (or the pronoun the question used
    for X) as its subject."""
    if not WHAT_ABOUT.match(question):
        return False
    opening = words(reply[:40])
    return bool(opening) and opening[0] in about


def _names_source(reply: str) -> bool:
    """The reply names someone who can tell, a way to reach them or a place to look."""
    return bool(SOURCE_GIVEN.search(reply) or NAMED_SOURCE.search(reply))


def _restated_yes_no(question: str, follow_up: str, reply_sentences: list[str]) -> bool:
    """A yes/no question the caller asks again in other words, nothing added ("Does Dana work
    Mondays?" "Pelvic health is with Dana Whitlock. On Mondays the clinic is open seven to seven
    thirty." "Right, but is she in on Mondays?"), after a reply with no yes or no in it: the words
    it shared came from beside the question. Asking about something more ("but do you do
    appointments on Saturdays?") is a new question."""
    if not YES_NO_ASKED.match(question) or any(YES_NO_GIVEN.match(s) for s in reply_sentences):
        return False
    asked = _words(question)
    for sentence in sentences(follow_up):
        clause = INTERJECTION.sub("", sentence.strip(" ?.!,")).strip(" ,")
        if not sentence.rstrip().endswith("?") or not YES_NO_ASKED.match(clause):
            continue
        again = _words(clause)
        if again and not again - shared_roots(again, asked) - _PRONOUN_STEMS:
            return True
    return False


_PRONOUN_STEMS: Final = frozenset({"she", "he", "they", "it", "her", "him", "them", "that"})


def _cut_off(text: str) -> bool:
    """A reply that breaks off mid-word or mid-sentence ("Monday to Fri-", "we're open till—")."""
    return text.rstrip().endswith(("-", "—", "–"))


def _back_for_what_was_missed(question: str, follow_up: str, reply: str) -> bool:
    """The caller comes back to a word of the question the reply did not hold ("the shuttle's
    free, or do I pay?" "our economy cars start at forty-two ninety-nine" "okay but the shuttle?"):
    a value of the kind asked, about something else, did not answer it."""
    if not follow_up or not comes_back(follow_up):
        return False
    return bool(brought_back(_words(question), _words(follow_up), _words(reply)))


FILLER_ONLY: Final = re.compile(
    r"^\W*(?:(?:um+|uh+|oh|ah|hmm+|mm+|okay|ok|alright|all right|right|well|so)\b[,.!]?\s*)+$", re.IGNORECASE
)
"""A sentence of fillers alone ("Okay."), without a yes or a no: it takes nothing up."""


def _closes_only(sentence: str) -> bool:
    """A sentence that only closes, offers "anything else?", apologises or fills ("Okay. Is there
    anything else I can help you with today?"): it answers nothing."""
    return bool(
        BRUSH_OFF.match(sentence)
        or CLOSING.match(sentence)
        or APOLOGY.match(sentence)
        or FILLER_ONLY.match(sentence)
    )


def _marked_clauses(text: str) -> list[str]:
    """The caller's sentences that end in a question mark without opening like a question ("So
    there's nothing you guys can do?", "Not even a spare?"), three words or more, and not the
    caller's own thanks or plan ("I'll call back tomorrow?"). Such a sentence is only counted
    against a reply that answers nothing at all (only closes or apologises): against any other
    reply, uptalk ("I think I smell gas?") cannot be told from a question by its words."""
    found: list[str] = []
    for sentence in sentences(text):
        if not sentence.rstrip().endswith("?"):
            continue
        clause = INTERJECTION.sub("", sentence.strip(" ?.!,-")).strip(" ,")
        if (
            len(clause.split()) < 3
            or CALLER_SATISFIED.search(clause)
            or CALLER_PLAN.search(clause)
            or _fetches_person(clause)
        ):
            continue
        found.append(clause)
    return found


OFFER: Final = re.compile(
    r"^(?:\([^)]{1,40}\)\s*)?(?:(?:okay|ok|sure|so|well|alright|great)[,.!]?\s+)*(?:"
    r"would you like (?:me )?to (?:book|schedule|set up|reserve|come in|make an? (?:appointment|booking))"
    r"|(?:shall|should|can|could) i (?:book|schedule|set up|reserve|put you down)"
    r"|i can (?:help you )?(?:book|schedule|set up|reserve|get you (?:booked|in)|put you down)"
    r"|(?:do|would) you want (?:me )?to (?:book|schedule|set up))\b",
    re.IGNORECASE,
)
"""A sentence that opens with an offer to book ("(pause) I can set up a free estimate ..."), in place
of an answer; "I'm the virtual assistant, but I can book you in" answers before it offers."""


def _passes_over(
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
    said = [s for s in reply_sentences if not _closes_only(s)]
    offered = False
    for sentence in said:
        if OFFER.match(sentence.strip()):
            offered = True
        elif not (sentence.rstrip().endswith("?") and DETAIL_ASKED.match(sentence)):
            return False  # a statement of its own may answer in other words ("we have x-ray on site")
    return offered


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
        for later in range(index + 1, len(turns)):
            if turns[later].speaker == "caller":
                follow_up = turns[later].text
                break
            reply_turns.append(later)
        if not reply_turns or _cut_off(turns[reply_turns[-1]].text):
            continue  # "So our hours are Monday to Fri-": the caller cut in, nothing to judge
        spoken_reply = " ".join(turns[i].text for i in reply_turns)
        # "Sorry about that. Have a good one." answers nothing (such a reply is short: longer ones
        # are not read sentence by sentence)
        spoken_sentences = sentences(spoken_reply) if len(spoken_reply) < 160 else []
        brushed_off = bool(spoken_sentences) and all(_closes_only(s) for s in spoken_sentences)
        if not asked and brushed_off:
            asked = _marked_clauses(turn.text)  # "So there's nothing you can do?" "Have a good one."
        if not asked:
            continue
        reply = digits_for_speech(spoken_reply)
        repeated = _repeats_previous(turns, reply_turns[0])
        if CLARIFY.search(spoken_reply) and not repeated:
            continue  # "let me check" acknowledges everything the turn asked
        refused = bool(REFUSAL.search(reply) or DECLINED.search(reply)) and not repeated
        sole = refused and _sole_ask(asked, turn.text)
        reply_words: frozenset[str] | None = None  # read when a question needs it
        reply_sentences = sentences(reply)
        asks_back = any(s.rstrip().endswith("?") for s in reply_sentences)
        # "Are you even listening?", "I'm asking if you're open late": the caller says it was missed
        not_heard = bool(follow_up) and NOT_HEARD.search(follow_up) is not None
        pitched = PITCH.search(spoken_reply) is not None
        for question in asked:
            shape = _type_shape(question)
            answered_in_kind = (
                shape is not None
                and bool(shape.search(reply))
                and not not_heard
                and not pitched
                and not _back_for_what_was_missed(question, follow_up, reply)
            )
            if answered_in_kind and not (brushed_off or repeated or SOURCE_ASKED.search(question)):
                pending = ""  # the common case, settled before reading words (the branches below agree)
                continue
            if reply_words is None:
                # a closing sentence says nothing about the question ("anything else?" meets no
                # "...someone else")
                reply_words = _digit_words(" ".join(s for s in reply_sentences if not _closes_only(s)))
            about, borrowed = _about(question, turn.text)
            shared = shared_roots(reply_words, about)  # "freezing" meets "freeze"
            source_missing = bool(SOURCE_ASKED.search(question) and not _names_source(spoken_reply))
            if refused and not source_missing and (sole or _words(question) & reply_words):
                # a refusal answers what it refuses: the one thing asked, or the question it names
                pending = ""
                continue
            asked_back = [s for s in reply_sentences if INTERJECTION.sub("", s).strip(" ,.!")]
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
            no_source = bool(SOURCE_ASKED.search(question) and not _names_source(spoken_reply) and not shared)
            if brushed_off or no_source or not_heard or (pitched and not shared):
                # "is there someone who'd know?" "we're open till six": no person, no way to find out
                ignored = True
            elif yes_or_no or _takes_up_subject(question, about, reply):
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
            elif reasked(about, follow_up, reply_words, _words, opener_needed=borrowed) and (
                len(shared) <= 1
                or (borrowed and CORRECTION.search(follow_up.strip()))
                or (borrowed and brought_back(_words(question), _words(follow_up), reply_words))
                or _restated_yes_no(question, follow_up, reply_sentences)
            ):
                # a reply that picks up words of the turn ("guitar lessons are on Tuesdays") can still
                # answer the wrong thing: the caller's "no, I mean..." says so
                ignored = True
            elif shape is not None:
                ignored = not shared
            elif again:
                # a question asked again is owed a reply about it: its words, or a value of some
                # kind ("parking?" "the Canal Street garage, first two hours are free")
                ignored = not shared and not any(kind.search(reply) for _, kind in QUESTION_TYPES)
            else:
                ignored = not refused and _passes_over(question, about, borrowed, shared, reply_sentences)
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
