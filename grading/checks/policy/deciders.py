"""What deciding one rule means (a Decider: broken, followed or undecidable) and the readings deciders
share: the agent's turns, a breach, what a rule is about, a must-not pattern scoped to it, two readings
of one rule, word prefixes."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final, Protocol

from grading.formats import Call, FactSheet, Failure, Rule, Severity
from grading.speech import content_words, sentences, stem
from grading.speech import words as word_list

Decider = Callable[[Call, FactSheet, Rule], Failure | list[Failure] | bool | None]
"""Returns a Failure when the rule was broken (a list when each breaking turn counts: a forbidden
thing said again is broken again), True when it was followed, False when undecidable."""


def agent_turns(call: Call) -> list[tuple[int, str]]:
    return [(index + 1, turn.text) for index, turn in enumerate(call.turns) if turn.speaker == "agent"]


def breach(
    turn: int,
    text: str,
    rule: Rule,
    reason: str,
    needle: re.Match[str] | None = None,
    severity: Severity = "major",
) -> Failure:
    quote = text.strip()
    if needle is not None:
        quote = next((s for s in sentences(text) if needle.group(0).lower() in s.lower()), quote)
    return Failure(
        tag="policy_breach", severity=severity, turn=turn, quote=quote[:200], reason=reason, ref=rule.id
    )


RULE_VERBS: Final[frozenset[str]] = frozenset(
    """never always quote give discuss share mention state tell disclose provide promise guarantee
    diagnose diagnosis medical legal financial clinical advice price pricing cost fee rate phone
    over caller customer anyone someone anything instead say first must should""".split()
)


READINESS: Final[frozenset[str]] = frozenset({"finish", "ready", "complet", "completion"})
"""Words a caller and an agent use for the same thing as a rule's "finished" ("will it be ready?")."""


GENERAL_OBJECTS: Final[frozenset[str]] = frozenset({"result", "outcome", "anything", "everything"})
"""A rule about "a result" or "anything" is about everything it goes on to list and more ("Never
guarantee a result: not a visa, a green card or a date")."""


REMEDY: Final = re.compile(
    r"(?:;[^;]*?\b(?:go|goes|are sent|is sent|are handled|is handled|are referred|is referred)\s+(?:to|by)\b"
    r"|[;:.—–]\s*(?:and |instead,? )?(?=(?:say|offer|refer|point|take|book|suggest|direct|transfer|explain"
    r"|tell|ask|send|invite|recommend|route|pass|let)\b)).*$",
    re.IGNORECASE | re.DOTALL,
)
"""What a must-not rule asks for instead, after its prohibition: a clause that opens with what to do
("Never quote a price for Invisalign; say Dr. Solis sets it at the free consultation") or says who
handles it ("; fee disputes go to the studio manager"). A clause naming the rule's exceptions ("; only
the half-price first month exists") is part of what it forbids."""


def forbidding_part(text: str) -> str:
    """A must-not rule's prohibition without the remedy that follows it: the remedy's words (the
    consultation, the crew pricing on site) are what the agent should say, so talk of them is not
    talk of what the rule forbids."""
    return REMEDY.sub("", text)


def object_words(rule: Rule) -> set[str]:
    """What a rule is about beyond its verb ("a price for root canals, crowns or implants" ->
    root, canal, crown, implant); empty when it is about everything ("never quote prices", "never
    guarantee a result"). Only the prohibition counts, not the remedy after it."""
    text = forbidding_part(rule.text) if rule.kind == "must_not" else rule.text
    words = content_words(text) - RULE_VERBS - {stem(w) for w in RULE_VERBS}
    if words & GENERAL_OBJECTS:
        return set()
    return words | READINESS if words & READINESS else words


def _same_prefix(about: set[str], context: set[str]) -> bool:
    """A word of the talk that starts with a rule word's first five letters (or all four: "walk"
    and "walkers", "groom" and "groomers", "fixed" and "fixing"): the same subject in another form."""
    heads = tuple({word[:5] for word in about if len(word) >= 4})
    return any(word.startswith(heads) for word in context if len(word) >= 4)


EQUIVALENTS: Final[dict[str, re.Pattern[str]]] = {
    "repai": re.compile(r"\b(?:fix\w*|replac\w*|swap\w*|patch\w*|mend\w*)\b", re.IGNORECASE),
    "live": re.compile(
        r"\b(?:sleep\w*|crash\w*|stay\w* (?:over|overnight|the night)|move in)\b", re.IGNORECASE
    ),
    "alcoh": re.compile(
        r"\b(?:beers?|wine|liquor|booze|spirits|champagne|prosecco|vodka|whiske?y|rum|tequila|seltzers?"
        r"|alcoholic|drinking)\b",
        re.IGNORECASE,
    ),
    "total": re.compile(
        r"\b(?:all in|all-in|altogether|all together|in total|everything included|the whole (?:job|thing))\b",
        re.IGNORECASE,
    ),
}
"""Everyday words for a rule's subject: a repair is what a caller wants "fixed" or "swapped", a
total is the price "all in", alcohol is the beer or wine a caller asks to bring."""


def said_otherwise(about: set[str], text: str) -> bool:
    return any(word[:5] in EQUIVALENTS and EQUIVALENTS[word[:5]].search(text) for word in about)


class Searcher(Protocol):
    def search(self, text: str, /) -> re.Match[str] | None: ...


Keep = Callable[[Rule, str, re.Match[str]], bool]
"""Whether a pattern's match in a sentence really is what the rule forbids."""


def pattern_must_not(
    pattern: Searcher,
    what: str,
    *,
    scoped: bool = True,
    keep: Keep | None = None,
    own_part: Callable[[str, re.Match[str]], str] | None = None,
    near: bool = False,
    allowed: Callable[[Rule, str, FactSheet], bool] | None = None,
) -> Decider:
    """A must-not rule whose breach has a recognisable form. When the rule names what it is about,
    the offending turn (or the caller's turn before it) must be about that too, a word of it in any
    form; a match about
    something else leaves the rule undecided for a judge rather than guessed. Every agent turn that
    says the forbidden thing breaks the rule again. With `own_part`, only that part of the offending
    sentence (the clause a promise is about) stands for that sentence in the scope; the turn's other
    sentences still count ("you'll be back up before your call. The crew's fixing it"). With
    `near`, only the sentence and the one before it stand for the turn (`_near`). With `allowed`,
    a sentence the rule lets the fact sheet permit (`allowed(rule, sentence, fact_sheet)`) breaks
    nothing."""

    def decide(call: Call, fact_sheet: FactSheet, rule: Rule) -> list[Failure] | bool:
        about: set[str] = object_words(rule) if scoped else set()
        matched_elsewhere = False
        broken: list[Failure] = []
        for position, turn in enumerate(call.turns):
            if turn.speaker != "agent":
                continue
            spoken = sentences(turn.text)
            for index, sentence in enumerate(spoken):
                match = pattern.search(sentence)
                if match is None or (keep is not None and not keep(rule, sentence, match)):
                    continue
                if allowed is not None and allowed(rule, sentence, fact_sheet):
                    continue
                said = (
                    _near(spoken, index)
                    if near
                    else turn.text
                    if own_part is None
                    else turn.text.replace(sentence, own_part(sentence, match))
                )
                context = content_words(said)
                if position and call.turns[position - 1].speaker == "caller":
                    context |= content_words(call.turns[position - 1].text)
                if (
                    about
                    and not about & context
                    and not _same_prefix(about, context)
                    and not said_otherwise(
                        about, f"{call.turns[position - 1].text if position else ''} {said}"
                    )
                ):
                    matched_elsewhere = True
                    continue
                reason = f"the agent {what}, which rule {rule.id} forbids"
                broken.append(breach(position + 1, turn.text, rule, reason, match))
                break
        return broken or (False if matched_elsewhere else True)

    return decide


def _near(spoken: list[str], index: int) -> str:
    """A sentence and the one before it: what an amount is the price of is named there ("Invisalign?
    That runs about five thousand."), not in a later sentence about something else ("... the $40
    missed-appointment fee. Never quote a price for Invisalign" is no Invisalign price)."""
    return " ".join(spoken[max(index - 1, 0) : index + 1])


def either(first: Decider, second: Decider) -> Decider:
    """Two readings of one rule: the breaches either finds (one per turn), followed when both say
    so, undecided when either cannot tell and neither found a breach."""

    def decide(call: Call, fact_sheet: FactSheet, rule: Rule) -> list[Failure] | bool:
        results = [first(call, fact_sheet, rule), second(call, fact_sheet, rule)]
        broken: dict[int, Failure] = {}
        for result in results:
            found = [result] if isinstance(result, Failure) else result if isinstance(result, list) else []
            for failure in found:
                broken.setdefault(failure.turn, failure)
        if broken:
            return [broken[turn] for turn in sorted(broken)]
        return all(result is True for result in results)

    return decide


NEGATION: Final = re.compile(
    r"\b(?:can'?t|cannot|can not|won'?t|not|unable|don'?t|never|no way)\b", re.IGNORECASE
)


def prefixes(text: str) -> set[str]:
    """Five-letter prefixes of a text's words and of their hyphenated parts ("custom-order")."""
    return {part[:5] for word in word_list(text) for part in (word, *word.split("-"))}


def has_prefix(keys: tuple[str, ...], text: str) -> bool:
    return any(part.startswith(keys) for word in word_list(text) for part in (word, *word.split("-")))
