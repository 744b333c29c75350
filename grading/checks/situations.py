"""Situations a fact sheet names in its own words ("if a pet may have eaten something toxic
(chocolate, grapes, xylitol)", "transfer ... when the caller disputes a bill or has an emergency:
gas smell, burst pipe"), and whether a caller's turn describes one.

A situation is read as alternatives, each a set of content words: the clause itself and every
example in its list or parentheses. A caller's clause meets an alternative when it holds all of
its words, and words under a negation ("not, like, flooding") do not count. Requiring every word is
what keeps "move the gas line" from meeting "smells gas".
"""

from __future__ import annotations

import re
from typing import Final

from grading.prefilter import compile_gated
from grading.speech import content_words, frozen_content_words, stem

GENERIC_ACTORS: Final[frozenset[str]] = frozenset(
    {
        "caller",
        "customer",
        "owner",
        "patient",
        "pet",
        "someone",
        "something",
        "may",
        "have",
        "their",
        "is",
        "one",
    }
)
NEGATION: Final = re.compile(r"\b(?:not|no|isn'?t|wasn'?t|aren'?t|don'?t|doesn'?t|never)\b", re.IGNORECASE)
_ACTOR: Final = re.compile(
    r"\b(?:someone|somebody|anyone|caller|customer|client|patient|guest|person|people|they|their|he|she)\b",
    re.IGNORECASE,
)
_LIST: Final = re.compile(r",|;|:|\bor\b|\band\b|\(|\)|\.")
_PERSON: Final = re.compile(
    r"\b(?:asks? for|wants?|requests?) (?:a |an |the )?(?:person|one|human|manager)", re.I
)


def alternatives(text: str, *, keep_vague: bool = True) -> list[set[str]]:
    """The word sets that describe the situation(s) in `text`; requests for a person are left to
    the person-request patterns. Without `keep_vague`, an item that loses its actor and keeps one
    word ("someone in their account" -> {account}) is dropped: it no longer says what happened."""
    found: list[set[str]] = []
    parts = _LIST.split(text)
    shared: set[str] = set()  # the words a bare item of the list shares with the item before it
    for at, part in enumerate(parts):
        if _PERSON.search(part):
            continue
        words = content_words(part) - GENERIC_ACTORS
        if not words:
            continue
        if _BARE_ITEM.fullmatch(part) and found:
            words |= shared  # "disputes a deposit or bill": disputes a bill
        else:
            lead = _LEAD.match(part)
            shared = set() if lead is None else content_words(_shared_words(lead.group(1))) - GENERIC_ACTORS
        following = next((later for later in parts[at + 1 :] if later.strip()), "")
        modifier = _MODIFIER.fullmatch(part)
        if modifier is not None and len(following.split()) >= 2:
            words |= content_words(following.split()[-1])  # "an electrical or burning smell"
        if not keep_vague and len(words) == 1 and _ACTOR.search(part):
            continue
        found.append(words)
    return found


_DETERMINER: Final = r"(?:a|an|the|any|their|his|her|my|your|our|its)"
_LEAD: Final = re.compile(rf"\s*((?:[a-z'-]+\s+)+){_DETERMINER}\s+[a-z'-]+\s*$", re.IGNORECASE)
"""The words before an item's last noun and its determiner ("disputes a deposit", "sparking at the
pump", "needs an urgent bedside signing at a hospital"): what the bare items after it in the list
share ("... or bill", "..., control box or well house", "... or hospice today")."""
_PLACED: Final = re.compile(r"([a-z'-]+)\s+(?:at|in|on|inside|near|from|by)\s*$", re.IGNORECASE)


def _shared_words(lead: str) -> str:
    """What a bare item takes of the item before it: all its words before the last noun ("disputes"
    of "disputes a deposit"), but of a place ("needs an urgent bedside signing at a hospital, or
    hospice") only the word the place is of ("signing"): the item names another place for it."""
    placed = _PLACED.search(lead)
    return placed.group(1) if placed is not None else lead


_BARE_ITEM: Final = re.compile(
    r"\s*(?:(?![a-z]+ing\b)[a-z'-]+|(?![a-z'-]*[^s]s\b|[a-z]+ing\b)[a-z'-]+\s+[a-z'-]+)\s*", re.IGNORECASE
)
"""An item of one or two words with no determiner and no verb of its own ("bill", "control box";
not "reports harassment", whose first word is a verb as a handoff line writes it, in -s, nor
"sparking"): a noun that continues the item before it."""
_MODIFIER: Final = re.compile(rf"\s*{_DETERMINER}\s+[a-z'-]+(?:al|ic|ous|ing|ful|ive)\s*", re.IGNORECASE)
"""An item that is only a determiner and a describing word ("an electrical" in "an electrical or
burning smell"): it describes the noun the next item ends with."""


def handoff_situations(handoff: str) -> list[set[str]]:
    """The situations a sheet's handoff line names, read sentence by sentence: what follows "when"
    or "if" ("... when the caller disputes a charge or reports an injury"), what comes before "is
    an emergency" ("sudden vision loss or an eye injury is an emergency"), what follows "for"
    after the transfer ("transfer to the events manager for the private room"). The action that
    follows the situation ("..., tell them to call 911 and transfer") is not part of it, and the
    verbs that only frame it ("reports", "describes", "makes", "wants") are dropped: a caller says
    "he's bleeding", not "I report bleeding". Alternatives with a number are left out, because
    "parties over 12" is a comparison that word matching cannot judge."""
    found: list[set[str]] = []
    for sentence in _HANDOFF_SENTENCE.split(handoff):
        for span in _situation_spans(sentence):
            situation = _ACTION.split(span, maxsplit=1)[0]
            # a qualifier in the list ("(at our place or on the caller's end)") is no situation
            situation = _QUALIFIER.sub(" ", situation)
            for words in alternatives(situation, keep_vague=False):
                words -= FRAMING_VERBS
                if words and not any(word[0].isdigit() for word in words):
                    found.append(words)
    return found


def vague_handoff_nouns(handoff: str) -> frozenset[str]:
    """The nouns of the handoff items that are an actor and a place ("someone in their account"):
    too vague as a word alone, they are matched as a phrase (see missed_handoff)."""
    nouns: set[str] = set()
    for sentence in _HANDOFF_SENTENCE.split(handoff):
        for span in _situation_spans(sentence):
            for part in _LIST.split(_ACTION.split(span, maxsplit=1)[0]):
                words = content_words(part) - GENERIC_ACTORS
                if len(words) == 1 and _ACTOR.search(part) and _PLACE_PREPOSITION.search(part):
                    nouns |= {word for word in re.findall(r"[a-z]+", part.lower()) if stem(word) in words}
    return frozenset(nouns)


_PLACE_PREPOSITION: Final = re.compile(r"\b(?:in|into|inside|on|using|through)\b", re.IGNORECASE)


def _situation_spans(sentence: str) -> list[str]:
    after_condition = _CONDITION.split(sentence, maxsplit=1)
    if len(after_condition) == 2:
        return [after_condition[1]]
    emergency = _IS_EMERGENCY.search(sentence)
    if emergency is not None:
        return [sentence[: emergency.start()]]
    purpose = _TRANSFER_FOR.search(sentence)
    return [purpose.group("situation")] if purpose is not None else []


def describes(text: str, situations: list[set[str]]) -> bool:
    """`meets`, but only in clauses that state something happening now: "my couch was damaged"
    describes damage; "do you cover damage?" asks about it, and "I had a knee injury years ago" is
    history, and neither describes a situation to hand off."""
    turn_words = frozen_content_words(text)
    if not any(words <= turn_words for words in situations):
        return False  # no clause can hold words the whole turn lacks (and this is the common case)
    statements = [
        clause
        for clause in _STATEMENT_SPLIT.split(text)
        if not _ASKS.match(clause.strip()) and not HISTORY.search(clause)
    ]
    return bool(statements) and meets(". ".join(statements), situations)


def meets(text: str, situations: list[set[str]]) -> bool:
    """Whether some clause of `text` holds every word of one situation (see the module docstring)."""
    if not _NEGATION_WORD.search(text.lower()):
        # Without a negation every clause's words are words of the whole turn (no word spans a
        # stop), so a situation the whole turn lacks is in no clause: skip the clause by clause pass.
        # (A lower-case pattern on lowered text: twice as fast as NEGATED_SPAN's IGNORECASE.)
        turn_words = frozen_content_words(text)
        if not any(words <= turn_words for words in situations):
            return False
    for sentence in _CLAUSE_END.split(text):
        said = content_words(NEGATED_SPAN.sub(" ", sentence))
        if any(words <= said for words in situations):
            return True
    return False


_CLAUSE_END: Final = re.compile(r"[.;!?]")
FRAMING_VERBS: Final[frozenset[str]] = frozenset(
    {"describe", "report", "mention", "make", "want", "say", "tell"}
)
"""Stems of the verbs a handoff line frames a situation with ("reports an injury", "makes a
complaint", "wants to cancel")."""
_HANDOFF_SENTENCE: Final = re.compile(r"[.;]\s+|[.;]$")
_CONDITION: Final = re.compile(r"\b(?:when|if|whenever)\b", re.IGNORECASE)
_IS_EMERGENCY: Final = re.compile(
    r"\b(?:is|are|count as|counts as)\s+(?:an?\s+)?(?:emergenc(?:y|ies)|urgent)\b", re.IGNORECASE
)
_TRANSFER_FOR: Final = re.compile(
    r"\b(?:transfer|hand|put|connect)\w*\b[^,]*?\bfor\b(?P<situation>.+)", re.IGNORECASE
)
_ACTION: Final = re.compile(
    r"(?:[,:;(]|\band\b|\bthen\b)\s*(?:(?:and|then)\s+)?(?:tell|transfer|connect|send|advise|direct|refer"
    r"|offer|put|hand|escalate|give|say|get)\b",
    re.IGNORECASE,
)
_QUALIFIER: Final = re.compile(
    r"(?:(?<=[(,])|\bor\b)\s*(?:at|on|in|during|from|by|inside|outside)\b[^,;()]*", re.IGNORECASE
)
"""A list item that only says where or when ("at our place", "on the caller's end")."""
"""Where the situation ends and the instruction begins ("..., tell them to call 911 and transfer")."""
_STATEMENT_SPLIT: Final = re.compile(r"(?<=[?.!;])\s+|,\s+(?:and|but|so)\s+")
_ASKS: Final = re.compile(
    r"^(?:(?:so|and|but|um|uh|oh|okay|ok|well|hi|hey|also|just),?\s+)*(?:do|does|did|can|could|would|will|is|are"
    r"|what|how|when|where|which|who|why|should|may|any)\b[^.!]*\?\s*$",
    re.IGNORECASE,
)
"""A clause that opens like a question and ends with a question mark."""
_PAST: Final = (
    r"years ago",
    r"months ago",
    r"weeks ago",
    r"days ago",
    r"last week",
    r"last year",
    r"last month",
    r"a while ago",
    r"used to",
    r"back in (?:\d{4}|the day)",
    r"when i was (?:a kid|younger|little)",
    r"as a (?:kid|child|teenager)",
    r"an old",
    r"my old",
)
HISTORY: Final = compile_gated("|".join(rf"\b(?:{phrase})\b" for phrase in _PAST), re.IGNORECASE)
"""A clause about the past ("an old shoulder injury", "a few years ago"): not a situation now.
Each phrase its own top-level alternative (`\b(?:a|b)\b` as `\b(?:a)\b|\b(?:b)\b`: the same
matches, tried in the same order) behind the literal prefilter: every caller turn and clause is
asked, and almost none holds one of the phrases' words ("ago", "used", "old"...)."""
_PRESENT_SPLIT: Final = re.compile(r"[.;!?,]\s*|\s+(?:and|but)\s+", re.IGNORECASE)


def present_tense(text: str) -> str:
    """`text` without its clauses about the past ("my dad had a heart attack last year, is the pool
    step-free?" keeps only "is the pool step-free?"); the text itself when it has none."""
    if not HISTORY.search(text):
        return text
    return ". ".join(clause for clause in _PRESENT_SPLIT.split(text) if clause and not HISTORY.search(clause))


_NEGATION_WORD: Final = re.compile(r"\b(?:not|no|isn'?t|wasn'?t|aren'?t|don'?t|doesn'?t|never)\b")
"""NEGATED_SPAN's first part, in lower case: a turn without it holds no negated span."""
NEGATED_SPAN: Final = re.compile(
    r"\b(?:not|no|isn'?t|wasn'?t|aren'?t|don'?t|doesn'?t|never)\b(?:[\s,]+(?:like|really|even|a|an|the)\b)*"
    r"(?:[\s,]+[\w'-]+){1,2}",
    re.IGNORECASE,
)
"""A negation and the word or two it governs ("not, like, flooding"): removed before matching."""
