"""Values that are someone else's, not the business's facts: a price paid at another store, a
person's own phone number, the caller's own number, what an insurer or lender pays, numbers in advice."""

from __future__ import annotations

import re
from typing import Final

from grading.checks.accuracy.clauses import span_clause
from grading.checks.off_scope_advice import advice_sentences
from grading.claims.extract import Claim
from grading.claims.facts import FactIndex
from grading.first_chars import compile_filtered
from grading.formats import Call, FactSheet
from grading.speech import content_words, stem

ELSEWHERE: Final = compile_filtered(
    r"\b(?:at|from|in)\s+(?:any|a|another|other|your local|a local)\s+(?:[a-z]+\s+){0,2}"
    r"(?:store|shop|supermarket|pharmacy|drugstore|chemist|garden cent(?:re|er)|grocer(?:y|'s)|gas station|"
    r"dealer(?:ship)?|retailer|outlet)s?\b|\bon amazon\b",
    re.IGNORECASE,
)
"""Where an amount is paid to someone else ("at any hardware store"): advice, not the business's
price (the corpus convention: numbers inside advice are judged as advice). The kind of store may
take two words ("at any auto parts store")."""


SOMEONE_ELSES: Final = re.compile(
    r"\b(his|her|[a-z]+'s)\s+(?:own\s+|personal\s+|direct\s+|private\s+)?"
    r"(?:cell|mobile|number|phone|line)\b"
)


def someone_elses(sentence: str, history: list[str], index: FactIndex) -> bool:
    """A number said to be a person's ("his cell", "Mr. Alvarez's number"), not the business's:
    the owner is a pronoun or a name the sheet does not have ("the shop's number" is the business's)."""
    for text in (sentence, history[-2] if len(history) >= 2 else ""):
        for match in SOMEONE_ELSES.finditer(text.lower()):
            owner = match.group(1)
            if owner in {"his", "her"} or stem(owner.removesuffix("'s")) not in index.vocabulary:
                return True
    return False


OTHER_LINE: Final = re.compile(
    r"\b(?:call|contact|ring|phone|reach|try|text)\s+(?:the\s+)?"
    r"((?:[A-Z][\w&'.-]*\s+){0,4}[A-Z][\w&'.-]*)(?:\s+(?:line|hotline|helpline))?"
    r"(?:\s+(?:right now|right away|now|directly|immediately|straight away))?\s+(?:at|on)\s+"
    r"(?=[\d(+]|(?:one|two|three|four|five|six|seven|eight|nine|zero|oh)\b)"
)
"""A line of another organisation the agent sends the caller to ("Please call Poison Control at
one eight hundred ..."): a capitalised name right before the number."""


def another_organisations(sentence: str, index: FactIndex) -> bool:
    """The phone number is another organisation's, named before it with a name the sheet does not
    have ("call Poison Control at one eight hundred, two two two, twelve twenty-two"): a referral,
    which says nothing of the business's own number. A name of the sheet ("call Hollis and Vane
    at") keeps the number the business's."""
    for match in OTHER_LINE.finditer(sentence):
        named = content_words(match.group(1).casefold())
        if named and not named & index.vocabulary:
            return True
    return False


CALLERS_OWN_SAID: Final = compile_filtered(
    r"\b(?:on file|on record|on your (?:account|file|profile)|"
    r"your (?:number|phone|cell|mobile|callback|contact)|"
    r"you gave|you(?:'ve)? (?:just )?(?:said|told)|we have you|i have you|i'?ve got you|reach you|call you|"
    r"text you|ring you|number for you)\b",
    re.IGNORECASE,
)
CALLERS_OWN_ASKED: Final = compile_filtered(
    r"\b(?:my (?:number|phone|cell|mobile|home|work|callback)|reach me|call me|text me|ring me|i'?m at|"
    r"me at)\b",
    re.IGNORECASE,
)
"""A phone number framed as the caller's own, by the agent ("the one on file", "we'll call you at")
or by the caller ("you've got my number, it's ..."): reading it back confirms the caller's detail,
it says nothing about the business, even when the agent answers "yes" to the caller's question."""


PAYER: Final = (
    r"(?:(?:your|their|his|her|the|most|many|some|a lot of)\s+)?(?!our\b|my\b)(?:[a-z]+\s+)?"
    r"(?:insurance(?: company| companies| plans?| providers?)?|insurers?|carriers?|"
    r"(?:health|dental|vision|medical) (?:plans?|insurance)|lenders?|banks?|employers?|landlords?|"
    r"card issuers?|credit card companies|hmos?|ppos?)"
)
PAYS: Final = r"(?:usually\s+|typically\s+|normally\s+|generally\s+|often\s+|will\s+|would\s+|should\s+)?" + (
    r"(?:pays?(?:\s+out)?|covers?|reimburses?|picks? up|kicks? in)\b"
)
PAYER_PAYS: Final = compile_filtered(rf"\b{PAYER}\s+{PAYS}")
"""Someone else paying ("your insurance usually covers about eighty percent", "most plans
reimburse sixty dollars")."""
OURS_BEFORE: Final = re.compile(r"\b(?:our|my|we)\s+(?:[a-z-]+\s+)?$")
"""The business's own insurance or plan ("our liability insurance covers up to $2,000")."""
NAME_PAYS: Final = re.compile(rf"\b((?:[A-Z][\w&'.-]*\s+)*[A-Z][\w&'.-]*)\s+{PAYS}")
"""A named company paying ("State Farm usually pays out ...", "Amex picks up the rest")."""


def someone_else_pays(claim: Claim, sentence: str, index: FactIndex) -> bool:
    """The amount or percentage is what someone other than the business pays or covers ("State
    Farm usually pays out around eighty percent on a hail claim", "your plan typically covers
    sixty dollars a visit"): a claim about the caller's insurer, lender or card, which the
    labelling convention judges as advice or a rule broken, not as the business's fact."""
    clause = span_clause(claim.span, sentence)
    if not clause or not re.search(r"pay|cover|reimburs|pick|kick", clause):
        return False
    found = PAYER_PAYS.search(clause)
    if (
        found is not None
        and found.start() < clause.find(claim.span)
        and OURS_BEFORE.search(clause, 0, found.start()) is None
    ):
        return True
    for match in NAME_PAYS.finditer(sentence):
        name = match.group(1).casefold()
        named = content_words(name)
        if name in clause and named and not named & index.vocabulary:
            return clause.find(name) < clause.find(claim.span)
    return False


THEM_SUBJECT: Final = re.compile(
    r"^\s*(?:and\s+|but\s+|so\s+)?(?:(?:most|many|some|all|a lot|lots|plenty|a few) of (?:them|those)|"
    r"they|those places|those stores|those shops|these places)\b"
)
"""A sentence whose subject is other people's places ("Most of them take it for free")."""


def said_of_places_elsewhere(sentence: str, before: str) -> bool:
    """ "... drop it at any auto parts store. Most of them take it for free.": a sentence about
    "them", right after the agent named another store or shop, speaks of those places, not of
    the business (no "we", "our", "us" in it), so what it says is free is not the business's."""
    return (
        THEM_SUBJECT.search(sentence.lower()) is not None
        and BUSINESS_VOICE.search(sentence) is None
        and ELSEWHERE.search(before) is not None
    )


def callers_number(claim: Claim, sentence: str, previous_caller: str) -> bool:
    return claim.kind == "phone" and bool(
        CALLERS_OWN_SAID.search(sentence) or CALLERS_OWN_ASKED.search(previous_caller)
    )


BUSINESS_VOICE: Final = compile_filtered(r"\b(?:we|we'?re|we'?ve|we'?ll|we'?d|our|ours|us)\b", re.IGNORECASE)
"""A sentence that speaks of the business ("we", "our", "us")."""


def advice_by_turn(call: Call, fact_sheet: FactSheet) -> dict[int, frozenset[str]]:
    """The sentences grading.checks.off_scope_advice reads as advice, by turn position."""
    found: dict[int, set[str]] = {}
    for position, sentence, _ in advice_sentences(call, fact_sheet):
        found.setdefault(position, set()).add(sentence.strip())
    return {position: frozenset(said) for position, said in found.items()}


def numbers_of_advice(spoken: str, sentence: str, advice: frozenset[str] | None) -> bool:
    """The sentence's numbers belong to advice the turn gives: the advice sentence itself, or another
    sentence of that turn that does not speak of the business ("Just give him thirty days' notice in
    writing first" after telling a caller what they may legally do with a unit's contents). The
    labelling convention judges numbers inside advice as advice (off_scope_advice, policy_breach)."""
    if not advice:
        return False
    return spoken.strip() in advice or sentence.strip() in advice or BUSINESS_VOICE.search(sentence) is None
