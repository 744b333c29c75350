"""Free things: a claim that something costs nothing (free, included, waived, no fee) held against the
facts that make it free, on their conditions, and the facts that price it."""

from __future__ import annotations

import itertools
import re
from functools import lru_cache
from typing import Final

from grading.checks.accuracy.clauses import CLAUSES
from grading.checks.accuracy.offers import NOT_HEAD, denying_fact
from grading.checks.accuracy.prices import PRICEY_SUBJECT
from grading.checks.accuracy.relatedness import GENERIC, WEAK, fact_words, relatedness
from grading.checks.accuracy.verdict import Verdict, topic_severity
from grading.claims.extract import FREE_THEN_NO_THING, Claim
from grading.claims.facts import FactIndex, IndexedFact, with_roots
from grading.claims.numbers import digits_for_speech
from grading.first_chars import compile_filtered
from grading.formats import Severity
from grading.speech import content_words, stem, words

PEOPLE: Final = re.compile(r"-old\b|under-|\b(?:kid|child|children|infant|baby|toddler|senior|student|pupp)")
"""Who something is free for, rather than what is free."""


def _free_facts_about(
    claim: Claim,
    sentence: str,
    index: FactIndex,
    candidates: list[tuple[IndexedFact, Claim]],
    sentence_words: set[str],
    context_words: set[str],
) -> tuple[set[str], list[IndexedFact], list[IndexedFact]]:
    """What a free claim is about, the facts that make that thing free and the facts that price it
    ("delivery is free": the free-delivery fact, the delivery-fee fact)."""
    subject = set(claim.subject) - GENERIC
    if not subject:
        subject = sentence_words - GENERIC
    if not subject & index.vocabulary and PEOPLE.search(sentence.lower()):
        # "your four-year-old eats free": who goes free, not what; the conversation says what
        subject = (subject | sentence_words | context_words) - GENERIC - WEAK
    named = _free_thing(claim, sentence)
    head = named[-1] if named else None
    free_facts = [
        fact
        for fact, known in candidates
        if known.kind == "free"
        and subject
        & (_free_clause_words(fact.fact.statement, fact.fact.id, known.span, known.subject) or fact.words)
        and (head is None or head in fact.words or head in GENERIC or set(named) & set(known.subject))
    ]
    priced = [
        fact
        for fact, known in candidates
        if known.kind == "money" and subject & fact_words(fact)[0] and (head is None or head in fact.words)
    ]
    return subject, free_facts, list({id(fact): fact for fact in priced}.values())


AGE_SAID: Final = re.compile(
    r"\b(\d+)(?:\.(\d))?(\s+and\s+a\s+half)?[\s-]+(?:years?|yrs?)[\s-]+old\b|\baged?\s+(\d+)\b"
)
"""An age said of someone ("your three and a half year old", "a 4-year-old", "aged 3")."""
FREE_UNDER: Final = re.compile(
    r"\b(?:under|below|younger than)\s+(?:the age of\s+|age\s+)?(\d+)(?:\s+(?:years?|yrs?)(?:\s+old)?)?"
    r"(?:\s+[a-z]+){0,3}?\s+(?:are|is|go|get in|ride|fly|eat|stay|enter)?\s*(?:free|at no charge)\b"
)
"""A fact making the young free ("children under 5 are free", "under 3s go free")."""


def free_by_age(sentence: str, index: FactIndex) -> bool:
    """The sentence makes free someone of an age the sheet's "under N are free" covers ("your three
    and a half year old is free" where children under 5 are free)."""
    spoken = digits_for_speech(sentence)
    ages = [
        int(m.group(1)) + (0.5 if m.group(2) or m.group(3) else 0.0) if m.group(1) else int(m.group(4))
        for m in AGE_SAID.finditer(spoken)
    ]
    if not ages:
        return False
    limits = [int(m.group(1)) for m in FREE_UNDER.finditer(index.sheet_text)]
    return any(age < limit for age in ages for limit in limits)


def judge_free(
    claim: Claim,
    sentence: str,
    index: FactIndex,
    candidates: list[tuple[IndexedFact, Claim]],
    sentence_words: set[str],
    context_words: set[str],
    history: list[str],
) -> Verdict:
    """Something said to cost nothing: supported by a fact that makes it free (on the fact's
    condition), invented as an offer of its own (a promotion, terms no fact has), contradicted by
    a fact that prices it."""
    if free_by_age(sentence, index):
        return None
    subject, free_facts, related = _free_facts_about(
        claim, sentence, index, candidates, sentence_words, context_words
    )
    if PROMOTION.search(sentence) and not any(PROMOTION.search(fact.text) for fact in free_facts):
        # "this month delivery is free": a promotion the sheet does not run is invented, even
        # where the sheet makes the thing free on a condition
        return "invented_fact", "critical", None
    if not free_facts and OFFER_TERMS.search(digits_for_speech(sentence)):
        # "any order over a hundred and fifty gets free delivery": an offer with terms of its
        # own that no fact makes is an invented discount
        return "invented_fact", "critical", None
    if free_facts:
        conditional = [fact for fact in free_facts if _free_on_condition(fact)]
        if len(conditional) == len(free_facts) and (
            (
                UNCONDITIONAL.search(_free_clause(claim, sentence))
                and not any(_condition_restated(fact, _free_clause(claim, sentence)) for fact in conditional)
            )
            or _other_threshold(sentence, conditional)
            or (EVERYWHERE.search(sentence) and any(PLACE_CONDITION.search(f.text) for f in conditional))
        ):
            # "free on every order" where the sheet says free for orders over $35; "free wherever
            # you are" where it is free within the city limits
            return "wrong_fact", topic_severity(conditional[0]), conditional[0]
        return None
    if claim.span.startswith("includ") and _bundled(subject, sentence_words, index):
        return None
    if related:
        fact = max(related, key=lambda f: relatedness(f, sentence_words, context_words))
        if _fee_condition_applied(fact, sentence, history, claim.span):
            return None
        return "wrong_fact", topic_severity(fact), fact
    if not claim.subject and claim.span.startswith("no "):
        # "Wednesday at nine stays as it is, no fee": nothing named is said to be free
        return None
    severity: Severity = "critical" if PRICEY_SUBJECT.search(" ".join(claim.subject)) else "major"
    return "invented_fact", severity, None


def _fee_condition_applied(fact: IndexedFact, sentence: str, history: list[str], span: str) -> bool:
    """ "No travel fee, since you're in town" where the fee applies beyond 30 miles; "let us know
    twenty-four hours ahead so there's no cancellation fee" where late cancellations are charged:
    the agent applies the fee's own condition (gives a reason, or puts the fact's number in a
    condition), which the grader cannot hold against the caller's case."""
    spoken = digits_for_speech(sentence)
    at = spoken.find(span)
    reason = REASON.search(spoken) or (at > 0 and REASON_BEFORE.search(spoken, 0, at))
    if FEE_CONDITION.search(fact.text) and (reason or _names_the_condition(fact, history)):
        return True
    return CONDITIONAL.search(spoken) is not None and _names_the_condition(fact, history)


CONDITIONAL: Final = re.compile(
    r"\b(?:if|unless|as long as|so long as|provided|ahead|in advance|beforehand|otherwise)\b"
)
"""A sentence that says when a fee applies ("if you can't make it, let us know a day ahead")."""


def told_free_as_well(
    claim: Claim,
    outcome: Verdict,
    sentence: str,
    index: FactIndex,
    sentence_words: set[str],
    context_words: set[str],
) -> Verdict:
    """The second failure of a free offer with terms of its own (a promotion, "for people referred
    by their employer"), which is both an invented discount and a price the caller is told: the
    fact that prices the thing (or says there is no such free thing) is contradicted as well. Where
    a fact makes the thing free on a condition, the offer is only invented."""
    if claim.kind != "free" or outcome is None:
        return None
    spoken = digits_for_speech(sentence)
    if not (PROMOTION.search(sentence) or OFFER_TERMS.search(spoken)):
        return None
    if outcome[0] == "wrong_fact" and outcome[2] is not None and outcome[2] is denying_fact(claim, index):
        return "invented_fact", "critical", None
    if outcome[0] != "invented_fact":
        return None
    candidates = index.with_kind("free", "money")
    _, free_facts, related = _free_facts_about(
        claim, sentence, index, candidates, sentence_words, context_words
    )
    if free_facts or not related:
        return None
    fact = max(related, key=lambda f: relatedness(f, sentence_words, context_words))
    return "wrong_fact", topic_severity(fact), fact


PROMOTION: Final = compile_filtered(
    r"\b(?:this (?:month|week|weekend|season|summer|winter|spring|fall|autumn|year)|today only|"
    r"for a limited time|limited[- ]time|promotion|promo|special offer|running a special|"
    r"until the end of (?:the )?(?:month|week|year)|through the end of (?:the )?(?:month|week|year))\b",
    re.IGNORECASE,
)
"""A time-limited offer: a claim of its own, invented unless the sheet has it."""
UNCONDITIONAL: Final = compile_filtered(
    r"\b(?:every|any|all|always|no minimum|regardless|no matter|whatever)\b",
    re.IGNORECASE,
)
EVERYWHERE: Final = compile_filtered(r"\b(?:wherever|anywhere|everywhere|no matter where)\b", re.IGNORECASE)
"""Free in any place: against a fact that makes the thing free only in some place."""
PLACE_CONDITION: Final = re.compile(r"\b(?:within|inside|outside|beyond|limits|miles?|zone|area)\b")
"""A condition of place ("free within the city limits", "within 15 miles")."""
FREE_CONDITION: Final = re.compile(
    r"\bfree\b[^;.]*?\b(?:over|above|under|below|for orders|with (?:a|an|any|every|the)|when|if|after|"
    r"before|members?|only|up to|within|inside)\b"
    r"|\b(?:over|above|under|below|with (?:a|an|any|every|the)|first \d+|members?|within|inside)\b[^;.]*?"
    r"\bfree\b"
)


FREE_THING: Final = re.compile(
    r"\b(?:free|complimentary|includes?)\s+(?:an?\s+|the\s+)?([a-z][a-z'-]*)(?:\s+([a-z][a-z'-]*))?"
)


FACT_CLAUSE: Final = re.compile(r";\s*|\.\s+")


@lru_cache(maxsize=1024)
def _free_clause_words(
    statement: str, fact_id: str, span: str, subject: tuple[str, ...] = ()
) -> frozenset[str]:
    """The words of the fact's clause that says `span` is free ("two keys per cylinder are
    included", not the rest of "Rekeying costs $29.50 per lock cylinder, plus the call-out fee; ..."):
    what the fact makes free, so a call-out said to be waived is not the rekey fact's free keys.
    A clause that opens on a pronoun ("A tire rotation costs $25; it is free with an oil change")
    takes the clause before it; the fact's id names what its first clause is about. Where several
    clauses hold the span ("vans wait 45 minutes at no charge; shuttle passengers are moved to the
    next shuttle at no charge"), the one that shares most with `subject`, what the fact's own free
    claim is about: each free claim of the fact has its own clause. Empty when no clause holds it."""
    clauses = FACT_CLAUSE.split(statement.casefold())
    said: list[frozenset[str]] = []
    for at, clause in enumerate(clauses):
        if span in digits_for_speech(clause):
            if at and PRONOUN_FIRST.match(clause):
                clause = f"{clauses[at - 1]} {clause}"
            if not at:
                clause = f"{clause} {fact_id.replace('-', ' ')}"
            said.append(with_roots(content_words(clause)))
    if len(said) > 1 and subject:
        return max(said, key=lambda words: len(words.intersection(subject)))
    return said[0] if said else frozenset()


PRONOUN_FIRST: Final = re.compile(r"\s*(?:it|they|this|that|these|those|both|each)\b")


def _free_thing(claim: Claim, sentence: str) -> list[str]:
    """What a "free X Y" says is free, in order, its head last ("a free car wash" -> car, wash): a
    fact about loaner cars is not about a car wash. Empty when the free thing is said before
    ("delivery is free")."""
    if not claim.span.startswith(("free", "complimentary", "includ")):
        return []
    match = FREE_THING.search(digits_for_speech(sentence))
    if match is None or FREE_THEN_NO_THING.match(" " + match.group(1)):
        return []
    first, second = match.group(1), match.group(2)
    if first in NOT_HEAD:
        return []
    named = [first] if not second or not content_words(second) or second in NOT_HEAD else [first, second]
    return [stem(word) for word in named if content_words(word) and stem(word) not in _NOT_THINGS]


_NOT_THINGS: Final = frozenset({"free", "charge", "price", "extra", "additional"})


OFFER_TERMS: Final = re.compile(
    r"\b(?:any|every|all)\s+(?:order|purchase|booking|visit|job)s?\s+(?:over|above|of)\b"
    r"|\b(?:orders?|purchases?|spend(?:ing)?)\s+(?:over|above|of at least)\b"
    r"|\bwhen you (?:spend|order|book|buy|sign up)\b|\bif you (?:spend|order|book|buy|sign up|refer)\b"
    r"|\b(?:referred|referral)\b"
)
"""The terms of an offer ("any order over $150 gets free delivery", "for people referred by their
employer"): a free thing on terms is a discount, invented where no fact makes the thing free."""


FEE_CONDITION: Final = re.compile(
    r"\b(?:more than|over|beyond|after|before|less than|under|within|outside|if|when|unless|notice)\b"
)
REASON: Final = re.compile(r"\b(?:since|because|as you'?re|as it'?s|within|inside|in town|that close)\b")
REASON_BEFORE: Final = re.compile(r"(?<=[\w,] )(?<!said )(?<!say )(?:then|so)\b")
"""A free claim about a fee the sheet charges only on a condition (a notice period is one: "24
hours' notice to change; a missed appointment costs $40"), with the agent's reason it does not
apply: the grader cannot tell the caller's case, so it is no contradiction. REASON_BEFORE: "then"
and "so" give a reason inside a sentence, before what is free ("Calder County, so no trip charge",
"great, then there's no trip charge"); not at its start ("So no charge for the visit" after a
waiver), in "if he said so", nor after it ("there's no fee, so don't worry")."""


def _names_the_condition(fact: IndexedFact, history: list[str]) -> bool:
    """The agent's turn names a number of the fee's condition ("a late fee only applies when a
    payment is more than ten days late ... so a week late, no fee"): it is applying it."""
    if not history:
        return False
    numbers = set(re.findall(r"\b\d+\b", fact.text))
    return bool(numbers & set(re.findall(r"\b\d+\b", digits_for_speech(history[-1]))))


THRESHOLD: Final = re.compile(r"\b(?:over|above|at least|more than|spend(?:ing)?)\s+[$£€]?(\d+(?:\.\d+)?)")


def _other_threshold(sentence: str, facts: list[IndexedFact]) -> bool:
    """The sentence gives the free thing a threshold none of the facts has ("spend over two
    thousand" where delivery is free over $2,500)."""
    said = {float(m.group(1)) for m in THRESHOLD.finditer(digits_for_speech(sentence))}
    if not said:
        return False
    known = {
        float(n)
        for fact in facts
        for n in re.findall(r"\d+(?:\.\d+)?", digits_for_speech(fact.fact.statement))
    }
    return not said & known


def _free_on_condition(fact: IndexedFact) -> bool:
    """The fact makes something free only on a condition ("free for orders over $35", "free for
    puppies under 4 months")."""
    return FREE_CONDITION.search(fact.fact.statement.casefold()) is not None


def _free_clause(claim: Claim, sentence: str) -> str:
    """The clause that says the thing is free, with the clauses after it that only widen it ("free,
    any size, any day"): "Life jackets are provided for free, and there has to be one on board for
    every person" says nothing unconditional of the free jackets."""
    parts = CLAUSES.split(digits_for_speech(sentence))
    at = next((i for i, part in enumerate(parts) if claim.span in part), None)
    if at is None:
        return sentence
    kept = [parts[at]]
    kept.extend(part for part in itertools.takewhile(lambda p: WIDENING.match(p), parts[at + 1 :]))
    return " ".join(kept)


CONDITION_PHRASE: Final = re.compile(
    r"\b(?:over|above|under|below|for orders|with (?:a|an|any|every|the)|when|if|after|before|members?|"
    r"up to|within|inside|first \d+)\b.*?(?=[;.,]\s|[;.,]?$|\s+(?:and|but|or)\s)"
)
"""The condition of a fact's free thing ("with every rental", "for orders over $35")."""


def _condition_restated(fact: IndexedFact, clause: str) -> bool:
    """The agent's free clause says the fact's own condition ("Helmets come free with every rental"
    where the sheet has them "included free with every rental"): its "every" is the sheet's. Every
    word and number of the condition must be said ("free on every order" is not "over $35")."""
    said = content_words(clause) | {stem(word) for word in words(clause)}
    for match in CONDITION_PHRASE.finditer(digits_for_speech(fact.fact.statement)):
        condition = content_words(match.group(0).replace("$", "")) - GENERIC - WEAK
        if condition and condition <= said:
            return True
    return False


WIDENING: Final = re.compile(
    r"\s*(?:(?:on|for|with|at|in|to)\s+)?(?:every|any|all|always|no matter|regardless|whatever)\b"
)
"""A clause that only widens the one before it ("free everywhere, on every order", "free, any size")."""


def _bundled(subject: set[str], sentence_words: set[str], index: FactIndex) -> bool:
    """ "Premium is fifty-nine a month and includes all classes": a fact says what the thing the
    sentence names comes with ("Premium membership (all classes and the sauna) is $59"), and what
    the agent says it includes is among it."""
    including = sentence_words - subject - GENERIC - WEAK
    scored = [(len(including & (fact.words - fact.contents)), fact) for fact in index.facts]
    best = max((score for score, _ in scored), default=0)
    # the fact most about the includer decides: "standard includes the sauna" is about standard
    return best > 0 and any(score == best and subject <= fact.contents for score, fact in scored)
