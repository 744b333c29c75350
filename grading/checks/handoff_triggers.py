"""The situations a sheet's handoff line names, as missed_handoff matches them against what callers
say: in the caller's words, not the sheet's.

A sheet writes a situation as a noun ("reports identity theft", "asks about a licence suspension",
"hears a carbon monoxide alarm"); a caller tells what happened ("someone stole my identity", "my
licence got suspended", "the carbon monoxide thing keeps beeping"). So before the caller's turn is
matched (grading.checks.situations.describes: every word of one situation in one clause that
states something now), its words are put in the sheet's:
- a word of the same root as a sheet word becomes that word ("suspended" ~ "suspension",
  "headache" ~ "headachy", "complaining" ~ "complaint"): a shared beginning of five letters or
  more, all but the last two of the shorter word;
- a plain-words description of a theft or a break-in ("somebody took it", "the lock's been cut",
  "my tools are gone") becomes the sheet's word for it, and so does an alarm going off ("keeps
  beeping") for "alarm" (CONCEPTS: an English lexicon, not any business's list);
- the verbs that only say how the caller came to it ("asks about", "hears", "feels", "notices")
  are dropped from the situation: the caller who says "my licence got suspended" raised it.
A situation whose words fall in two sentences side by side ("the car's gone. Like, the rental.")
is described too. An item the sheet writes as a negation ("was not picked up") is left out: a
caller's negated words never count (situations.NEGATED_SPAN), so it could only match the words
left without the "not" ("I'm picking her up Friday").

A situation is urgent when its sentence of the handoff line sends the caller to emergency
services or says to act at once ("tell them to call 911 ... and transfer at once", "transfer to
emergency dispatch"): missing it is critical, like a described emergency.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import pairwise
from typing import Final

from grading.checks.roots import SAME_ROOT_MIN, same_root
from grading.checks.situations import HISTORY, describes, handoff_situations, meets
from grading.first_chars import compile_filtered
from grading.formats import FactSheet
from grading.speech import (
    Phrases,
    compile_phrases,
    content_words,
    frozen_content_words,
    holds_any,
    sentences,
    stem,
    words,
)

PERCEPTION: Final[frozenset[str]] = frozenset({"ask", "hear", "feel", "notice", "see", "think", "near"})
"""Stems of the words that frame how a situation reaches the caller ("asks about", "hears", "feels
dizzy", "headachy near the furnace"), dropped when the situation keeps another word."""
CONCEPTS: Final[tuple[tuple[frozenset[str], Phrases], ...]] = (
    (
        frozenset({"stolen", "theft", "steal", "stole", "break-in", "burglary", "robbery", "robbed"}),
        compile_phrases(
            [
                r"stole",
                r"stolen",
                r"steal(?:s|ing)?",
                r"theft",
                r"robb(?:ed|ery)",
                r"burglar(?:y|ized|ised)?",
                r"br(?:oke|oken|eak|eaking) in(?:to)?",
                r"break-ins?",
                r"(?:lock|padlock|door|window)(?:'s| is| was| has| had| got| been)+ (?:cut|broken|smashed"
                r"|forced|busted|pried|jimmied)",
                r"(?:somebody|someone|they|he|she) (?:just )?(?:took|has taken|'s taken|made off with"
                r"|drove off with)",
                r"(?:is|are|was|were|'s|'re) (?:all |just )?(?:gone|missing)",
            ]
        ),
    ),
    (
        frozenset({"alarm", "detector"}),
        compile_phrases(
            [r"alarm", r"detector", r"beep(?:s|ing|ed)?", r"chirp(?:s|ing|ed)?", r"(?:going|goes|went) off"]
        ),
    ),
    (
        frozenset({"dispute", "disputes", "disputed"}),
        compile_phrases(
            [
                r"(?:charged|billed|put on|taken|came out|went through) (?:me )?(?:twice|double|two times)",
                r"double[- ](?:charged|billed|charge)",
                r"over-?charged",
                r"charged (?:me )?(?:for something|by mistake|wrongly|the wrong)",
                r"(?:shouldn'?t|should not) (?:have been|be) (?:charged|billed)",
                r"(?:got|was|been) charged(?=\b.{0,60}\b(?:want|like|need) (?:that|it|this|them) (?:taken off"
                r"|refunded|reversed|removed|back))",
                r"(?:want|need|like) (?:my|our|the) (?:\w+ )?(?:money|deposit|payment|refund) back",
                r"(?:bill|invoice|charge|receipt)(?:'s| is| was) (?:all |just |totally |completely )?wrong",
            ]
        ),
    ),
    (
        frozenset({"lockout"}),
        compile_phrases(
            [
                r"locked (?:myself|ourselves|us|me|him|her|them|the keys|my keys)? ?out",
                r"locked (?:my|the) keys (?:in|inside)",
                r"(?:can'?t|cannot) get (?:back )?in(?:side)?",
            ]
        ),
    ),
    (
        frozenset({"flood", "leak"}),
        compile_phrases(
            [
                r"water(?:'s| is| was)? (?:just |like |kind of |kinda )?(?:spraying|pouring|gushing|spurting"
                r"|shooting|coming out|pissing|going|coming) (?:out|everywhere|all over|through|down|in)",
                r"(?:there'?s |there is )?water (?:all over|everywhere)",
            ]
        ),
    ),
    (
        frozenset({"harassment", "harass"}),
        compile_phrases(
            [
                r"keeps? (?:messaging|texting|calling|following|touching|grabbing|bothering|staring at"
                r"|hitting on|coming on to) (?:me|her|him|us|them|my \w+)",
                r"(?:following|stalking|groping) (?:me|her|him)",
                r"waiting for (?:me|her|him) (?:outside|after)",
                r"hitting on (?:me|her|him)",
                r"mak(?:es|ing) (?:me|her|him|us) (?:really |so |very |super )?uncomfortable",
                r"inappropriate(?:ly)? (?:comments?|touch\w*|messages?|texts?|remarks?)",
            ]
        ),
    ),
    (
        frozenset({"injury", "injured", "injuries"}),
        compile_phrases(
            [
                r"(?:sprain|twist|broke|broken|fractur|hurt|bruis|injur|dislocat)\w* (?:my|his|her|their)"
                r" (?:\w+ )?(?:wrist|ankle|knee|back|arm|leg|hand|finger|foot|shoulder|neck|head|hip|elbow"
                r"|toe|nose)",
                r"(?:wrist|ankle|knee|arm|leg|hand|finger|foot|shoulder|elbow)(?:'s| is| was)? (?:all |really"
                r" |pretty |kind of |super )?(?:swollen|bruised|bleeding|broken)",
                r"(?:got|was|were|been) (?:badly |really |pretty )?(?:hurt|injured)",
            ]
        ),
    ),
)
"""Plain words for a situation a sheet names with a noun: a theft or break-in, an alarm, a charge
disputed ("the service charge got put on twice", "I got charged a fee and I want it taken off", "I
want my deposit back"), an injury told by the body part ("I sprained my wrist", "his wrist is all
swollen"), a lockout ("I locked myself out"), a leak or a flood told by the water ("water's
spraying out the bottom of it"), harassment told by what the person does ("a guy keeps messaging
me and waiting for me outside")."""
_KIN: Final = (
    r"(?:(?:my|our|her|his|their) (?:\w+ )?(?:mother|mom|mum|father|dad|husband|wife|partner|son|daughter"
    r"|brother|sister|grandmother|grandma|gran|nan|grandfather|grandpa|aunt|uncle|friend|baby|child|dog|cat"
    r"|puppy|kitten|pet|horse)|he|she)"
)
_RECENTLY: Final = (
    r"(?:just now|today|tonight|this (?:morning|afternoon|evening)|last night|(?:about |like |maybe |only )?"
    r"(?:an?|one|two|three|few|\w+ty|ten|\d+) (?:few )?(?:minutes?|hours?) ago)"
)
EVENTS: Final[tuple[tuple[frozenset[str], Phrases], ...]] = (
    (
        frozenset({"death"}),
        compile_phrases(
            [
                _KIN + r"(?:'s| has| had)? just (?:died|passed(?: away| on)?)",
                _KIN + r"(?:'s| has)? (?:died|passed(?: away| on)?),? (?:\w+,? )?" + _RECENTLY,
            ]
        ),
    ),
)
"""An event a sheet names as a noun that has just happened ("when a death has just occurred"),
told as what happened, now ("my mother just died, like twenty minutes ago"): the sheet's noun and its
verb of happening (EVENT_VERBS) are put after it. Only the death of someone (a relative, a friend, a
pet), and only a recent one ("my aunt passed on Sunday" is not "just occurred"; "the fridge died"
is no death)."""
EVENT_VERBS: Final[frozenset[str]] = frozenset({"occurr", "occur", "happen", "happened"})
"""Stems of the verbs a sheet says an event happened with ("has just occurred")."""
URGENT_ACTION: Final = re.compile(
    r"\b(?:911|999|112|at once|immediately|right away|get (?:everyone |them )?out"
    r"|emergency (?:services|dispatch|room|department)|the er)\b",
    re.IGNORECASE,
)
"""A handoff sentence that sends the caller to emergency services or says to act at once: every
situation it names is urgent."""
EMERGENCY_WORD: Final = re.compile(r"\bemergenc(?:y|ies)\b", re.IGNORECASE)
"""Otherwise "emergency" makes urgent only what it names: the items after it ("describes an
emergency (severe pain, swelling)") or before "is an emergency" ("sudden vision loss ... is an
emergency"), not the rest of the sentence ("disputes a bill, or describes an emergency ...")."""
_LIST_PART: Final = re.compile(r"([,;()]|\bor\b|\band\b)", re.IGNORECASE)
_NEGATION: Final = re.compile(r"\b(?:not|never|no longer)\b", re.IGNORECASE)


def _without_negated_items(sentence: str) -> str:
    """The handoff sentence without its list items that hold a negation ("..., or was not picked
    up or cannot be found" keeps "or cannot be found")."""
    if not _NEGATION.search(sentence):
        return sentence
    return "".join(" " if _NEGATION.search(part) else part for part in _LIST_PART.split(sentence))


_SENTENCE: Final = re.compile(r"(?<=[.;])\s+")


class Trigger:
    """One situation: the stems a caller's clause must hold, and whether missing it is critical."""

    __slots__ = ("urgent", "words")

    def __init__(self, words: set[str], urgent: bool) -> None:
        self.words = words
        self.urgent = urgent


def sheet_triggers(fact_sheet: FactSheet) -> tuple[Trigger, ...]:
    """The situations of the sheet's handoff line, without those that only name the person handed
    to ("... asks for the pharmacist": asking for them is a person request), and without those
    made only of the business's everyday words (a bank's "(someone in their account)" leaves
    {account}, which every bank caller says).

    Kept for the last sheet (by identity: an approved version is immutable, as the engine's sheet
    hash also assumes): every caller turn asks, and the key of `_triggers` (every fact's statement)
    costs more to build and hash than the rest of a turn's reading."""
    entry = _last_triggers[0] if _last_triggers else None  # one read: another thread may replace it
    if entry is not None and entry[0] is fact_sheet:
        return entry[1]
    found = _triggers(
        fact_sheet.handoff, fact_sheet.scope, tuple(fact.statement for fact in fact_sheet.facts)
    )
    _last_triggers[:] = [(fact_sheet, found)]
    return found


_last_triggers: list[tuple[FactSheet, tuple[Trigger, ...]]] = []


@lru_cache(maxsize=64)
def _triggers(handoff: str, scope: str, statements: tuple[str, ...]) -> tuple[Trigger, ...]:
    roles = _role_words(handoff)
    everyday = _sheet_vocabulary(scope, statements)
    found: list[Trigger] = []
    for sentence in _SENTENCE.split(handoff):
        sentence = _without_negated_items(sentence)
        urgent_words = _urgent_words(sentence)
        framing = PERCEPTION | _reporters(sentence)
        for situation in handoff_situations(sentence):
            words = situation - framing or situation
            if words <= roles or words <= everyday:
                continue
            found.append(Trigger(words, situation <= urgent_words))
    return tuple(found)


REPORTER: Final = re.compile(
    r"\b(?:when|if|whenever)\s+(?:a|an|the|their)\s+(\w+)(?:'s\b|\s+(?:\w+\s+)?(?:reports?|asks?|says?"
    r"|wants?|describes?|mentions?|calls?|complains?|disputes?|tells?|needs?|requests?)\b)",
    re.IGNORECASE,
)
"""Who brings the situation, named by the sheet ("when a parent reports ...", "if a rider's bike
was stolen"): the caller, who does not call themselves a parent or a rider."""


def _reporters(sentence: str) -> frozenset[str]:
    return frozenset(stem(match.group(1).lower()) for match in REPORTER.finditer(sentence))


_SEGMENT: Final = re.compile(r"\b(?:when|if|whenever)\b|[()]", re.IGNORECASE)


def _urgent_words(sentence: str) -> frozenset[str]:
    """The content words of the parts of a handoff sentence that an urgent action governs: the
    condition it closes ("if ... the rental car was stolen, ..., tell them to call 911"), cut at
    "when", "if" and parentheses, so that "(for swelling or breathing trouble, tell them to call 911
    first)" makes swelling urgent and not "disputes a charge" before it; an action in parentheses
    of its own ("a red-flag symptom (after telling them to call 911)") governs what precedes it.
    Without an action, "emergency" names what is urgent (_emergency_named)."""
    segments = _SEGMENT.split(sentence)
    found: set[str] = set()
    for position, segment in enumerate(segments):
        if not URGENT_ACTION.search(segment):
            continue
        words = content_words(URGENT_ACTION.sub(" ", segment))
        own = words - _ACTION_WORDS
        found |= words if own else content_words(segments[position - 1]) if position else set()
    return frozenset(found) | _emergency_named(sentence)


_ACTION_WORDS: Final = frozenset(
    stem(word) for word in "tell telling call calling them first after before transfer advise".split()
)


def _emergency_named(sentence: str) -> frozenset[str]:
    """The words of what "emergency" names: the items after it ("describes an emergency (severe
    pain, swelling)", "has an emergency: gas smell, ...") or before "is an emergency" ("sudden
    vision loss ... is an emergency"); nothing else in the sentence ("disputes a bill, or ...")."""
    match = EMERGENCY_WORD.search(sentence)
    if match is None:
        return frozenset()
    after = sentence[match.end() :]
    if re.match(r"\s*(?:\(|:|,)", after):
        return frozenset(content_words(after))
    return frozenset(content_words(sentence[: match.start()]))


def described(text: str, fact_sheet: FactSheet) -> Trigger | None:
    """The sheet's situation the caller's turn describes (an urgent one first), or None."""
    triggers = sheet_triggers(fact_sheet)
    if not triggers:
        return None
    rewritten = _in_sheet_words(text, fact_sheet.handoff)
    said = frozen_content_words(rewritten)
    candidates = [trigger for trigger in triggers if trigger.words <= said]
    if not candidates:
        return None  # no clause can hold words the whole turn lacks (the common case)
    for urgent in (True, False):
        situations = [trigger.words for trigger in candidates if trigger.urgent is urgent]
        if situations and (describes(rewritten, situations) or _side_by_side(rewritten, situations)):
            return next(t for t in candidates if t.urgent is urgent and _met(rewritten, t.words))
    return None


def _without_follow_on_questions(text: str) -> str:
    """The turn without the question-marked sentences that go on with a question before them ("Is
    it safe there? Like, leaks, mice, break-ins?" asks about break-ins, it reports none)."""
    if text.count("?") < 2:
        return text
    kept: list[str] = []
    asking = False
    for sentence in sentences(text):
        marked = sentence.rstrip().endswith("?")
        if not (marked and asking):
            kept.append(sentence)
        asking = marked
    return " ".join(kept)


def _met(text: str, words: set[str]) -> bool:
    return describes(text, [words]) or _side_by_side(text, [words])


def _side_by_side(text: str, situations: list[set[str]]) -> bool:
    """A situation told over two sentences next to each other ("the car's gone. Like, the rental."),
    both statements about now."""
    said = [s for s in sentences(text) if not s.rstrip().endswith("?") and not HISTORY.search(s)]
    return any(meets(", ".join(pair).replace(".", ","), situations) for pair in pairwise(said))


@lru_cache(maxsize=1024)
def _in_sheet_words(text: str, handoff: str) -> str:
    """The caller's turn, without its follow-on questions, with its words of a sheet word's root,
    and its plain-words descriptions of a CONCEPTS situation, in the sheet's own word. Cached: the
    rules judge and the engine read the same turns."""
    text = _without_follow_on_questions(text)
    for phrases, word in _sheet_rewrites(handoff):
        if phrases.search(text) is not None:
            text = _replace(phrases, text, word)
    roots = _roots(handoff)
    if roots is None:
        return text
    starts = _ascii_root_starts(handoff)
    if starts is not None and text.isascii() and not holds_any(text.lower(), starts):
        return text  # no word opens with a root's letters: nothing to replace (most turns)
    surface = _surface_words(handoff)
    return roots.sub(lambda match: _root_word(match.group(0), surface), text)


@lru_cache(maxsize=64)
def _sheet_rewrites(handoff: str) -> tuple[tuple[Phrases, str], ...]:
    """The CONCEPTS and then the EVENTS phrasings the handoff line has a word for, each with what
    `_in_sheet_words` puts after it: the sheet's word (for an event, its noun and its verb of
    happening). Read once per line, not per caller turn."""
    surface = _surface_words(handoff)
    found: list[tuple[Phrases, str]] = []
    for sheet_words, phrases in CONCEPTS:
        word = next((surface[s] for s in sorted(sheet_words) if s in surface), None)
        if word is not None:
            found.append((phrases, word))
    for sheet_words, phrases in EVENTS:
        noun = next((surface[s] for s in sorted(sheet_words) if s in surface), None)
        if noun is not None:
            verb = next((surface[s] for s in sorted(EVENT_VERBS) if s in surface), "")
            found.append((phrases, f"{noun} {verb}".strip()))
    disputed = sorted(
        {
            surface.get(word, word)
            for words in handoff_situations(handoff)
            if "dispute" in words
            for word in words
        }
        - {surface.get("dispute", "dispute")}
    )
    if disputed:
        # "I got your invoice ... I wanna dispute that": what is disputed is what the sheet names
        found.append((_DISPUTED_THAT, " ".join(disputed)))
    return tuple(found)


_DISPUTED_THAT: Final = compile_phrases([r"disput(?:e|es|ed|ing) (?:that|this|it|them|those|these)"])
"""A dispute whose object is a pronoun, for the thing the caller just told of."""


def _replace(phrases: Phrases, text: str, word: str) -> str:
    parts: list[str] = []
    last = 0
    for match in phrases.finditer(text):
        # after the phrase, not in its place: a negation before it ("it's not there, somebody took
        # it") governs two words, and must not reach the sheet's word
        parts.extend((text[last : match.end()], " ", word))
        last = match.end()
    parts.append(text[last:])
    return "".join(parts)


def _root_word(token: str, surface: dict[str, str]) -> str:
    stemmed = stem(token.lower())
    if stemmed in surface:
        return token
    for sheet_stem, word in surface.items():
        if same_root(stemmed, sheet_stem):
            return word
    return token


@lru_cache(maxsize=64)
def _surface_words(handoff: str) -> dict[str, str]:
    """Each content stem of the handoff line with a word of the line that has it."""
    found: dict[str, str] = {}
    for word in words(handoff):
        for stemmed in content_words(word):
            found.setdefault(stemmed, word)
    return found


@lru_cache(maxsize=64)
def _root_starts(handoff: str) -> tuple[str, ...]:
    """The first five letters of the handoff words, lower-cased (what `_roots` looks for)."""
    return tuple(sorted({s[:SAME_ROOT_MIN] for s in _surface_words(handoff) if len(s) >= SAME_ROOT_MIN}))


@lru_cache(maxsize=64)
def _ascii_root_starts(handoff: str) -> tuple[str, ...] | None:
    """`_root_starts` when all are ASCII, else None. Every match of `_roots` holds one of them, so an
    ASCII text holding none (IGNORECASE then is what lowering does; a non-ASCII letter such as "ı"
    can match an ASCII one, hence ASCII starts only) is left as it is without the substitution's
    scan of every caller turn."""
    starts = _root_starts(handoff)
    return starts if all(start.isascii() for start in starts) else None


@lru_cache(maxsize=64)
def _roots(handoff: str) -> re.Pattern[str] | None:
    """Caller words that may share a root with a handoff word: those opening with its first five
    letters (the replacement then checks the rule)."""
    starts = _root_starts(handoff)
    if not starts:
        return None
    # behind the first-character filter: every caller turn is rewritten with it
    return compile_filtered(r"\b(?:" + "|".join(map(re.escape, starts)) + r")[\w'-]*", re.IGNORECASE)


@lru_cache(maxsize=64)
def _sheet_vocabulary(scope: str, statements: tuple[str, ...]) -> frozenset[str]:
    """The content words of the sheet's facts and scope: what callers of this business always say."""
    return frozenset(word for text in (scope, *statements) for word in content_words(text))


ROLE: Final = re.compile(
    r"\b(?:transfer|hand (?:off|over)|put (?:them|the caller) through|connect (?:them|the caller))\w*\s+"
    r"(?:(?:it|them|the call|the caller)\s+)?(?:to|with)\s+(?:the |a |an |our |your )?(?P<role>[\w\s-]+?)"
    r"(?=\s*(?:\(|,|;|:|\.|$|\bwhen\b|\bif\b|\bfor\b|\bat once\b|\bright away\b|\bnow\b))",
    re.IGNORECASE,
)
"""The person a handoff sentence transfers to ("transfer to the duty manager when ...")."""


@lru_cache(maxsize=64)
def _role_words(handoff: str) -> frozenset[str]:
    return frozenset(word for match in ROLE.finditer(handoff) for word in content_words(match.group("role")))
