"""What the business says it has, offers, takes or is licensed for, held against what the sheet names
and what it says the business does not have."""

from __future__ import annotations

import re
from typing import Final

from grading.checks.accuracy.clauses import phrases_of
from grading.checks.accuracy.relatedness import GENERIC, WEAK
from grading.checks.accuracy.verdict import topic_severity
from grading.claims.extract import Claim
from grading.claims.extract.things import SERVICE_VERBS
from grading.claims.facts import FactIndex, IndexedFact
from grading.formats import Severity, Tag
from grading.speech import content_words, frozen_content_words, stem, words


def denying_fact(claim: Claim, index: FactIndex) -> IndexedFact | None:
    """The fact that says the business has no such thing ("our free airport shuttle" against
    "there is no airport shuttle"): every meaningful word the claim names is one it denies."""
    offered = {word for word in claim.subject if not word[:1].isdigit()} - GENERIC - WEAK
    if not offered:
        return None
    head = _head(claim)
    for fact in index.facts:
        if fact.negated and (offered <= fact.negated or head in fact.negated):
            return fact
    return None


def denied_service(claim: Claim, index: FactIndex) -> IndexedFact | None:
    """The fact that says the business does not do the service a "we do ..." claim names ("we do
    window tinting too" against "We do not do window tinting."): every word of it denied, or its
    head and another of its words ("custom neon signs" against "We do not make illuminated or neon
    signs"; "yard signs" shares only the head, and the sheet makes yard signs)."""
    done = {word for word in claim.subject if not word[:1].isdigit()} - GENERIC - WEAK
    if not done or _stated_as_done(claim.span, index):
        return None  # "we repair doors" is what the sheet says, beside the doors it does not sell
    head = _head(claim)
    for fact in index.facts:
        if fact.negated and (
            done <= fact.negated or (head in fact.negated and (done - {head}) & fact.negated)
        ):
            return fact
    return None


LISTING_VERBS: Final = ("carry", "sell", "stock")
"""The verbs a sheet lists its goods with ("We carry Pronovias, Essense ..."): what a list of them
names is all there is; services ("we do ...") are not listed that way."""


def off_the_list(claim: Claim, index: FactIndex) -> IndexedFact | None:
    """The fact that lists what the business does with the claim's own verb ("We carry Pronovias,
    Essense of Australia and Justin Alexander.") where the claim names nothing of that list ("we
    carry Vera Wang"): a list the sheet gives in full, so another name on it is invented. Only a
    list of two or more (a comma or an "and"), and only with the same verb, one of LISTING_VERBS."""
    said = claim.span.split()
    verb = next((word for word in said[1:-1] if word in LISTING_VERBS), None)
    done = {word for word in claim.subject if not word[:1].isdigit()} - GENERIC - WEAK
    if verb is None or not done:
        return None
    listed = re.compile(rf"\bwe {re.escape(verb)}\b\s+([^.;]+?(?:,|\band\b)[^.;]+)")
    for fact in index.facts:
        match = listed.search(fact.text.casefold())
        if match is not None and not done & content_words(match.group(1)):
            return fact
    return None


def _stated_as_done(span: str, index: FactIndex) -> bool:
    """A fact says "we <verb> ... <thing>" with no "not" between ("We repair residential garage
    doors" for "we repair doors")."""
    said = span.split()
    verb = next((word for word in said[1:-1] if word in SERVICE_VERBS), None)
    if verb is None:
        return False
    thing = said[-1][:-1] if said[-1].endswith("s") else said[-1]
    stated = re.compile(rf"\bwe {re.escape(verb)}\b(?:(?!\bnot\b|n't\b)[^.;]){{0,40}}?\b{re.escape(thing)}")
    return any(stated.search(fact.text.casefold()) for fact in index.facts)


def _head(claim: Claim) -> str | None:
    """The thing a claim names, its last content word ("a twenty-five meter pool" -> pool), past
    the words that only say where or when ("parking out back" -> parking)."""
    named = set(claim.subject)
    return next(
        (stem(word) for word in reversed(words(claim.span)) if stem(word) in named and word not in NOT_HEAD),
        None,
    )


NOT_HEAD: Final[frozenset[str]] = frozenset(
    """back behind here there nearby too also available downstairs upstairs inside outside onsite on-site
    around today tonight now again first next door right free anywhere everywhere wherever whenever
    always""".split()
)
"""Words after a thing that say where, when or how it is, not what it is."""


def judge_offer(claim: Claim, index: FactIndex) -> tuple[Tag, Severity, IndexedFact | None] | None:
    """ "We also offer laughing gas": invented when nothing it names is in the sheet. What the
    business says it takes or sells ("we take Medicaid") is judged only against what the sheet
    says it does not (see `denying_fact`)."""
    if claim.value == "accept":
        outside = _outside_closed_list(claim, index)
        return None if outside is None else ("wrong_fact", topic_severity(outside), outside)
    head = _head(claim)
    if head in EVERY_BUSINESS_HAS or _small_talk(claim):
        return None
    offered = {word for word in claim.subject if not word[:1].isdigit()} - GENERIC
    if not offered:
        return None
    vocabulary = index.offer_vocabulary
    if offered & vocabulary and (head is None or head in vocabulary or head in GENERIC):
        # "we also have take-home whitening trays": the thing offered is the last word (trays);
        # sharing a modifier with the sheet (whitening) does not make it the sheet's
        return None
    return "invented_fact", "major", None


def judge_credential(claim: Claim, index: FactIndex) -> tuple[Tag, Severity, IndexedFact | None] | None:
    """ "We're licensed in all fifty states": invented unless the sheet names what the credential
    names (the body, the place, the scheme); a bare "we're fully bonded", unless the sheet speaks of
    that credential at all."""
    named = set(claim.subject) - WEAK
    tokens = set(index.sheet_text.split())
    if claim.subject == (claim.value,):
        # a bare credential ("we're fully licensed"): the sheet must speak of that credential
        stem_of = str(claim.value)[:5]
        return (
            None if any(token.startswith(stem_of) for token in tokens) else ("invented_fact", "major", None)
        )
    if not named or all(word in index.vocabulary or word in tokens for word in named):
        return None
    return "invented_fact", "major", None


NOT_A_THING: Final = re.compile(
    r"^(?:we'?ve (?:also )?got|we (?:also )?(?:have|offer|provide|run|host|feature)|"
    r"[a-z. ]+ (?:has|have|runs|hosts))?\s*(?:a |an |the |some |our )?"
    r"(?:you|your|yours|it|them|that|this|those|these|plenty|lots?|a lot|everything|anything|something|"
    r"nothing|someone|somebody|no|any|time|room for|space for|openings?|availability|few|couple|bunch|"
    r"number of|busy|full|great|good|nice|lovely|wonderful)\b"
)
"""What follows "we've got" / "we have" in small talk: the caller ("you covered", "your details"),
time or availability ("plenty of time", "openings Tuesday"), a quantity word or praise."""


def _small_talk(claim: Claim) -> bool:
    return NOT_A_THING.match(claim.span) is not None


EVERY_BUSINESS_HAS: Final[frozenset[str]] = frozenset(
    stem(word)
    for word in """office store shop branch location building entrance door counter desk reception lobby
    website site app portal page line number phone email system account form team staff manager
    technician nurse doctor pharmacist receptionist department list menu calendar schedule records
    file service question detail information info note name option choice idea problem issue chance
    moment minute people crew crews driver drivers""".split()
)
"""What any business has, so "visit our website" or "go to our front desk" claims no amenity; the
sheet's own words cover the rest."""
ONLY: Final = re.compile(r"\bonly\b")


def _outside_closed_list(claim: Claim, index: FactIndex) -> IndexedFact | None:
    """The fact that lists everything of a kind and says "only" ("We service Linn, Johnson and
    Benton counties in Iowa only") when the claim names one of that kind it does not list ("we cover
    Dubuque County")."""
    head = _head(claim)
    named = {word for word in claim.subject if word != head and not word[:1].isdigit()} - GENERIC - WEAK
    if head is None or not named:
        return None
    for fact in index.facts:
        if head in fact.words and ONLY.search(fact.text) and not named & fact.words:
            return fact
    return None


ASKED_SERVICE: Final = re.compile(
    r"\bdo (?:you|y'?all|ya)(?: guys| all| folks)?[\s,]+(?:(?:still|also|ever|even)\s+)?"
    rf"({'|'.join(SERVICE_VERBS)}|offer|have|provide|teach|host|run)[\s,]+(?:(?:like|um+|uh+|any|a|an|some)\b[\s,]+)*"
    r"([a-z][a-z' -]{2,40}?)\s*(?=[?.,!;]|\s+(?:or|and|too|as well|here|there|at all|anymore)\b|$)"
)
"""A caller asking whether the business does a service ("do you guys do raku firing?", "do you
do, like, concrete?"): the verb and the service, for an agent's bare "we do!" to claim."""
AFFIRMED: Final = re.compile(
    r"^\s*(?:(?:oh|um+|uh+|well|great question)[,!.]?\s+)*(?:(?:yes|yeah|yep|yup|sure|absolutely|of course"
    r"|definitely)[,!.]?\s+)?we (?:sure |certainly |definitely |absolutely |actually )?(?:do|can|offer "
    r"(?:that|it|those|them)|have (?:that|it|those|them))\s*(?:[!.,]|$)",
    re.IGNORECASE,
)
"""An agent's "We do!", "Yes, we do.", "Oh, we sure do," opening its reply: the caller's service
said to be done, in the caller's words."""


def affirmed_denied_service(sentence: str, caller_before: str, index: FactIndex) -> IndexedFact | None:
    """The fact that says the business does not do the service the caller asked about, when the
    agent's reply opens by saying it does ("Do you do raku firing?" "We do! Our raku firings are
    ..." against "The studio does not offer raku firing"): a wrong fact, told as surely as "we
    do raku firing" would be (see `denied_service`)."""
    if not AFFIRMED.match(sentence):
        return None
    asked = ASKED_SERVICE.search(caller_before.casefold())
    if asked is None:
        return None
    verb, service = asked.group(1), asked.group(2).strip()
    span = f"we {verb if verb in SERVICE_VERBS else 'do'} {service}"
    done = tuple(sorted(content_words(service)))
    return denied_service(Claim(kind="does", value="does", span=span, subject=done), index) if done else None


OFFER_FRAME: Final = re.compile(
    r"\b(?:we (?:can|could|'ll|will|do|have|offer|run|carry|provide|sell)|we'(?:ll|re happy to)|our"
    r"|you can (?:add|get|book|have|order)|i can (?:add|book|set|get|do))\b"
    r"|\b(?:is|are|runs?|costs?|starts? at)\s+(?:about\s+|around\s+|between\s+|from\s+|just\s+)?[$£€]?\d",
    re.IGNORECASE,
)
"""The agent offering or pricing a thing ("we can take care of that with paint correction", "our
bridesmaid dresses are about one eighty", "a transmission rebuild usually runs between ...")."""
_NEGATION: Final = re.compile(
    r"\b(?:no|not|never|nor|without|can'?t|cannot|don'?t|doesn'?t|won'?t|isn'?t|aren'?t)\b"
)


def offered_denied(spoken: str, index: FactIndex) -> IndexedFact | None:
    """The fact that says the business has or does no such thing, where the agent's sentence offers
    or prices it with no negation anywhere in it ("Yes, we can take care of that with paint
    correction" against "We do not offer paint correction or scratch removal"): two of the words the
    fact denies named in the sentence (one alone is often a word the business uses for what it
    does: "no Sunday visits" and "a first visit"). A sentence that says "no" or "not" anywhere is
    left to the claim readings (a denial restated is no offer)."""
    denied = frozen_content_words(spoken) & index.negated
    if len(denied) < 2 or len(denied - GENERIC - WEAK) < 2:
        return None  # most sentences name no two denied words (one set test on the cached words)
    if OFFER_FRAME.search(spoken) is None or _NEGATION.search(spoken.lower()) is not None:
        return None
    named = content_words(spoken) - GENERIC - WEAK
    for fact in index.facts:
        denied = fact.negated - GENERIC - WEAK
        shared = named & denied
        if len(shared) >= 2 and not _its_exception(fact, spoken, named):
            return fact
    return None


_EXCEPTION: Final = re.compile(
    r"\b(?:other than|except(?: for)?|besides|apart from)\b([^.;]*)", re.IGNORECASE
)


def _its_exception(fact: IndexedFact, spoken: str, named: set[str]) -> bool:
    """The sentence names what the denial excepts ("no marine mammals other than the two sea
    otters"), or says again a clause of the fact that denies nothing ("the only marine mammals are
    the two sea otters", by a two-word phrase of it)."""
    if any(named & content_words(match.group(1)) for match in _EXCEPTION.finditer(fact.text)):
        return True
    said = phrases_of(spoken)
    return any(
        not _NEGATION.search(clause.lower()) and not said.isdisjoint(phrases_of(clause))
        for clause in re.split(r"[;.]\s*", fact.fact.statement)
    )
