"""Rules against telling the caller that something is so ("Never tell a family that embalming is
required", "Do not tell a couple their date is held or reserved until the contract is signed"): an
agent sentence that says it of the rule's subject, plainly, with no condition and no negation. A
rule on what is allowed ("never tell a caller alcohol is allowed on a rental") is a rule against
agreeing to it, read by the agreement reading."""

from __future__ import annotations

import re
from typing import Final

from grading.checks.policy.agreement import agreed_about
from grading.checks.policy.deciders import NEGATION, breach, has_prefix
from grading.formats import Call, FactSheet, Failure, Rule
from grading.speech import STOPWORDS, sentences
from grading.speech import words as word_list

TELL_THAT_RULE: Final = re.compile(
    r"\btell (?:a |an |the |any |every )?[a-z]+ (?:that )?"
    r"(?!(?:what|how|whether|which|why|if|who|when|where|to)\b)"  # a verdict or an instruction, not a claim
    r"(?P<subject>(?:(?!\b(?:is|are|will)\b)[^.;,]){2,50}?) (?:is|are|will be) (?P<predicate>[a-z]+"
    r"(?: or [a-z]+)?)\b(?P<condition>[^.;]*)",
    re.IGNORECASE,
)
"""A rule against telling the caller a proposition: who is told, the subject, what it is said to be,
and the exception after it ("until the contract is signed and the retainer paid")."""
ALLOWED: Final = re.compile(r"^(?:allowed|permitted|fine|ok|okay|welcome)$", re.IGNORECASE)
SUBJECT_FILLER: Final[frozenset[str]] = frozenset(
    """their your his her its the a an any some our this that there""".split()
)
IRREGULAR: Final[dict[str, str]] = {"held": r"hold|held", "given": r"give|given", "kept": r"keep|kept"}
REQUIRED: Final = r"|mandatory|need(?:s|ed)? to|ha(?:ve|s) to|must"
"""What "X is required" is said as: "we have to embalm", "it needs to be embalmed"."""
CONDITIONED: Final = re.compile(
    r"\b(?:until|unless|once|only|after|as soon as|when|if|before|as long as|provided)\b", re.IGNORECASE
)
"""A sentence that says it under a condition ("it's held once the contract is signed") says what the
rule allows."""
NOT_SO: Final = re.compile(r"n'?t\b|\bnobody needs\b", re.IGNORECASE)
"""Negations NEGATION leaves out: "embalming isn't required", "it wasn't held"."""
NOT_THE_THING: Final = re.compile(r"\b(?:hold on|please hold|on hold|hold the line)\b", re.IGNORECASE)
PRONOUN: Final = re.compile(r"\b(?:it|it's|that|that's|this)\b", re.IGNORECASE)
CONDITION_NOUN: Final = re.compile(r"\b(?:the|a|their|your) ([a-z]{4,})", re.IGNORECASE)
EXCEPTION_FILLER: Final[frozenset[str]] = frozenset(
    """booking calendar system tool record records computer file account manager""".split()
)
"""Where an exception is checked ("unless the booking calendar confirms the deposit was taken"), not
what it is."""


def _predicate_pattern(predicate: str) -> re.Pattern[str]:
    forms: list[str] = []
    for word in re.split(r"\s+or\s+", predicate.lower()):
        forms.append(IRREGULAR.get(word, re.escape(word[:5]) + r"\w*"))
        if word.startswith("requir"):
            forms.append(REQUIRED.lstrip("|"))
    return re.compile(r"\b(?:" + "|".join(forms) + r")\b", re.IGNORECASE)


def told_as_so(call: Call, fact_sheet: FactSheet, rule: Rule) -> list[Failure] | bool:
    """Every agent sentence that says the rule's subject is what the rule forbids telling ("I'll hold
    the date for you until next week", "we'll need to embalm her"), the subject in the sentence or
    (for "it's held") in the caller's turn before it. A sentence that is a question, negated or
    conditioned ("it's only held once the contract is signed") is no breach. When the rule names an
    exception and a tool for it succeeded, or the caller spoke of it ("we signed the contract"), the
    call is left to the judge."""
    shape = TELL_THAT_RULE.search(rule.text)
    if shape is None:
        return False
    subject = tuple(
        word[:5]
        for word in word_list(shape.group("subject"))
        if len(word) >= 4 and word not in SUBJECT_FILLER and word not in STOPWORDS
    )
    if not subject:
        return False
    if ALLOWED.match(shape.group("predicate")):
        return agreed_about(call, fact_sheet, rule, set(word_list(shape.group("subject"))))
    predicate = _predicate_pattern(shape.group("predicate"))
    exception = tuple(
        noun[:5].lower()
        for noun in CONDITION_NOUN.findall(shape.group("condition"))
        if noun.lower() not in STOPWORDS and noun.lower() not in EXCEPTION_FILLER
    )
    broken: list[Failure] = []
    for position, turn in enumerate(call.turns):
        if exception and _exception_met(call, position, exception):
            return broken or False
        if turn.speaker != "agent":
            continue
        before = (
            call.turns[position - 1].text if position and call.turns[position - 1].speaker == "caller" else ""
        )
        for sentence in sentences(turn.text):
            said = predicate.search(sentence)
            if said is None or sentence.rstrip().endswith("?") or NOT_THE_THING.search(sentence):
                continue
            if NEGATION.search(sentence) or NOT_SO.search(sentence) or _conditioned(sentence, exception):
                continue
            if not (
                has_prefix(subject, sentence) or (PRONOUN.search(sentence) and has_prefix(subject, before))
            ):
                continue
            reason = f"the agent told the caller what rule {rule.id} forbids telling"
            broken.append(breach(position + 1, turn.text, rule, reason, said))
            break
    return broken or True


def _conditioned(sentence: str, exception: tuple[str, ...]) -> bool:
    """The sentence says it under a condition: the rule's own exception named ("it's only held once
    the contract is signed"; "until next week" is how long, not a condition), or, for a rule with no
    exception, any condition ("it's required if you want a public viewing")."""
    if exception:
        return has_prefix(exception, sentence)
    return CONDITIONED.search(sentence) is not None


def _exception_met(call: Call, position: int, exception: tuple[str, ...]) -> bool:
    """By this turn a tool named for the rule's exception succeeded ({'name': 'record_deposit'}), or
    the caller spoke of it: whether it holds is then more than words can tell."""
    turn = call.turns[position]
    if turn.speaker == "caller":
        # "we signed the contract", not "what's the retainer?" or "we can't sign the contract yet"
        text = turn.text
        return has_prefix(exception, text) and not text.rstrip().endswith("?") and not NEGATION.search(text)
    return any(
        tool.error is None and has_prefix(exception, tool.name.replace("_", " ")) for tool in turn.tool_calls
    )
