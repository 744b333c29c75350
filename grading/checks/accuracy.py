"""accuracy: the agent's specific claims held against the fact sheet (wrong_fact, invented_fact).

For every agent sentence that states something (not a question, not hedged), each typed claim
(grading.claims) is checked in this order:
1. supported by the call itself: it repeats a value the caller said earlier (an echo, unless the
   agent affirms the caller's question "is it $90?" -> "yes, $90", which is a claim), or a value a
   tool returned or was successfully called with in this or an earlier turn (the agent's real
   capabilities are not hallucinations); a number the caller gave, read back in another shape
   (an address heard as a time), is an echo too;
2. amounts, percentages, durations and counts are judged first by what their own clause names
   ("a flat $60 travel fee", "the $150 deposit"): among the facts about that, any equal value or
   a range that holds it supports the claim (unless the fact prices by day and the day under
   discussion has another price), else the fact most about it is contradicted. A clause that
   names things no such fact is about cannot contradict one: an amount there is invented (unless
   the sheet has that value anywhere), a percentage or duration there is not a business claim.
   A clause that names nothing falls through to the sentence-level rules below;
3. supported by the fact sheet: a fact holds the same value. For values that identify themselves
   (phone, postcode, clock time, street, percent, date) any fact will do; for the rest (amounts,
   price levels, "free", quantities) the matching fact must be at least as related to the sentence
   as any fact that disagrees;
4. otherwise, contradicted: the fact of the same kind most related to the sentence (shared content
   words of the sentence and of the caller's turn before it, the fact's id words included) gives
   a wrong_fact with that fact as `ref`: critical when the fact's topic is price, hours or
   availability, else major;
5. otherwise invented_fact: nothing in the sheet speaks to it. Critical for price, discount,
   hours and availability claims (amounts, percentages, times, open days, price levels), major
   for the rest.
Open days are their own claim: "we're open Sunday" against the sheet's open and closed days (a
closure for part of a day, "closed for lunch 1 to 1:30", closes no day). Offering what a fact
says the business does not have ("there is no airport shuttle") is a wrong_fact. No comparison
can raise: a value of another shape simply differs.
One failure per tag per turn (the most severe); the quote is the sentence as spoken.
"""

from __future__ import annotations

import itertools
import re
from datetime import date, timedelta
from functools import lru_cache
from typing import Final, cast

import msgspec

from grading.checks.off_scope_advice import advice_sentences
from grading.claims.extract import (
    CLAUSE,
    CLOSED_WORDS,
    DAY_NAMES,
    FREE_THEN_NO_THING,
    NUMERIC_HINT,
    Claim,
    days_in,
    days_named,
    extract,
    partial_closure,
    sizes_as_written,
)
from grading.claims.facts import FactIndex, IndexedFact, index_facts
from grading.claims.numbers import TENS, UNITS, digits_for_speech
from grading.first_chars import compile_filtered
from grading.formats import Call, FactSheet, Failure, Severity, Tag, ToolCall
from grading.speech import HEDGE, content_words, frozen_content_words, sentences, stem, words

IDENTIFYING: Final[frozenset[str]] = frozenset(
    {"phone", "postcode", "time", "street", "percent", "date", "duration"}
)
CRITICAL_KINDS: Final[frozenset[str]] = frozenset(
    {"money", "percent", "time", "open_day", "price_level", "date"}
)
CRITICAL_TOPICS: Final[frozenset[str]] = frozenset({"price", "hours", "availability"})
COMPATIBLE: Final[dict[str, tuple[str, ...]]] = {"money": ("money", "free"), "free": ("free", "money")}
AFFIRM: Final = re.compile(
    r"^(?:yes|yeah|yep|yup|correct|that'?s (?:right|correct)|exactly|right|sure)\b", re.I
)
OPEN_CLAIM: Final = compile_filtered(r"\b(?:open|serve|serves|served|serving)\b(?!\s+(?:an?|the|your|up)\b)")
EVERY_DAY: Final = compile_filtered(r"\b(?:every day|daily|seven days a week|7 days a week|all week)\b")
WE_DO_DAYS: Final = compile_filtered(
    r"\b(?:we|they|i|our [a-z]+)\s+(?:also\s+|can\s+)?"
    r"(?:do|work|come out|go out|take bookings|see (?:people|patients|clients))\s+(?:on\s+)?"
    r"(?:mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|weekends?)\b"
)
""""Sure, we do Sundays": working a day is being open that day."""
EVERY_OPEN_DAY: Final = compile_filtered(
    r"\bevery day (?:that |when )?(?:we'?re|we are|they'?re|they are|it'?s|it is|the \w+ is|you'?re) open\b"
)
""""In the case every day we're open": every open day, not a claim of opening every day."""
LOCATION_CONTEXT: Final = compile_filtered(
    r"\b(?:we'?re|we are|located|our|address|find us|office|clinic|shop|store|restaurant|it'?s at|it is at|"
    r"it'?s on|is on|they'?re|they are|postcode|it'?s in)\b",
    re.IGNORECASE,
)
PRICEY_SUBJECT: Final = compile_filtered(
    r"fee|price|fare|ticket|admission|entr|discount|cost|rate|charge|deposit", re.I
)
NOT_INVENTED: Final[frozenset[str]] = frozenset({"duration", "frequency", "quantity", "date"})
"""Kinds that can contradict a fact but are too common in ordinary talk ("a couple of days",
"every six hours", "a 72-month loan", the date of a booking) to call invented on their own."""
SUBJECT_KINDS: Final[frozenset[str]] = frozenset({"money", "percent", "duration", "quantity", "frequency"})
"""Values that mean nothing without what they measure: the clause holding one says what it is about
("a flat $60 travel fee", "the $150 deposit"), and it is held against the facts about that thing."""
WEAK: Final[frozenset[str]] = frozenset(
    """before after plus extra per each only total about around every over under back first last take
    make come give fine sure also still just run go usually normally typically currently inside outside
    within""".split()
)
"""Words too common to say two things are about the same subject."""
PEOPLE: Final = re.compile(r"-old\b|under-|\b(?:kid|child|children|infant|baby|toddler|senior|student|pupp)")
"""Who something is free for, rather than what is free."""
PRICE_TALK: Final = compile_filtered(
    r"fee|price|fare|discount|cost|rate|charge|off\b|tax|deal|sav|pay|cheap|deposit"
)
RANGE_IN_FACT: Final = compile_filtered(
    r"[$£€]?(\d+(?:\.\d+)?)\s*(?:to|and|-|–)\s*[$£€]?(\d+(?:\.\d+)?)"
    r"|(?:starts? at|from|at least|minimum of)\s*[$£€]?(\d+(?:\.\d+)?)\b(?!\s*(?:to|-|–|and)\s*[$£€]?\d)"
)
DAY_HINT: Final = compile_filtered(
    r"day|\b(?:mon|tue|wed|thu|fri|sat|sun)\b|weekend|daily|all week", re.IGNORECASE
)
_RANK: Final[dict[str, int]] = {"minor": 0, "major": 1, "critical": 2}
TRAILING_QUESTION: Final = re.compile(
    r"[,;:-]\s*(?:and\s+)?(?:should|shall|would|do|does|can|could|will|is|are|may|did|anything|how|what|"
    r"which|want|need|is there)\b[^,;]*\?\s*$"
    r"|\s+(?:would you like|shall i|should i|do you want|can i|may i|would you prefer)\b[^,;.]*\?\s*$",
    re.IGNORECASE,
)
BOOKING_OUTCOME: Final = compile_filtered(
    r"reference|confirmation (?:number|code)|booking (?:was |is )?(?:successful|complete)|"
    r"(?:was|were|is|are) (?:successful|booked|reserved)|i(?:'ve| have)? (?:booked|reserved|got you)|"
    r"total (?:due|cost|fee|price|is)",
    re.IGNORECASE,
)
NEGATED_EXISTENCE: Final = compile_filtered(
    r"\b(?:there (?:are|is) (?:no|not)|no (?:trains?|rooms?|tables?|slots?)\b)", re.I
)
MULTIPLES: Final = range(2, 21)


def _same(kind: str, claimed: object, known: object) -> bool:
    """Whether two values of `kind` agree. Total: values of another shape (a fact's amount beside
    a time) simply differ, so a check can never crash the grade on a comparison."""
    if kind == "time":
        if not isinstance(claimed, tuple) or not isinstance(known, tuple):
            return False
        return bool(set(claimed) & set(known))  # pyright: ignore[reportUnknownArgumentType]
    if kind == "money":
        if not isinstance(claimed, float) or not isinstance(known, float):
            return False
        return abs(claimed - known) < 0.005
    if kind == "duration":
        if not isinstance(claimed, int) or not isinstance(known, int) or known <= 0:
            return False
        # "about four months" for 16 weeks, "two to three months" for 8 to 12 weeks: a month is no
        # whole number of weeks, so lengths said in another unit are equal within a tenth
        return claimed == known or abs(claimed - known) <= known / 10
    if kind == "phone":
        if not isinstance(claimed, str) or not isinstance(known, str):
            return False
        tail = min(len(claimed), len(known), 10)
        return tail >= 7 and claimed[-tail:] == known[-tail:]
    return claimed == known


def _key_values(claims: list[Claim]) -> dict[str, list[object]]:
    found: dict[str, list[object]] = {}
    for claim in claims:
        found.setdefault(claim.kind, []).append(claim.value)
    return found


def _seen(values: dict[str, list[object]], claim: Claim) -> bool:
    if claim.kind in {"free", "quantity", "price_level"}:
        return False
    return any(_same(claim.kind, claim.value, known) for known in values.get(claim.kind, ()))


GENERIC: Final[frozenset[str]] = frozenset(
    """hour day time week month year price number call open close closed service pm am minute dollar
    pound cost available availability appointment book booking fact topic statement other policy
    location contact monday tuesday wednesday thursday friday saturday sunday weekday weekend today
    tomorrow morning afternoon evening night slot opening arrive arriv leave leav depart departure
    arrival train start end within""".split()
)
"""Words that say what kind of fact something is, not which one: they do not make facts related."""
GENERIC_STEMS: Final[frozenset[str]] = frozenset(stem(word) for word in GENERIC)
"""GENERIC as content words stem them ("closed" -> "clos", "morning" -> "morn")."""
HOURS_CONTEXT: Final = compile_filtered(
    r"\b(?:open|opens|opening hours|close|closes|closing|closed|hours|until|till|serve|served|serving|"
    r"kitchen|last (?:seating|order|call)|we'?re (?:in|here))\b",
    re.IGNORECASE,
)
APPOINTMENT_CONTEXT: Final = compile_filtered(
    r"\b(?:i have|i'?ve got|we have|we'?ve got|there'?s|available|availability|opening|openings|slot|slots|"
    r"appointment|booked|book you|booking|reserved|reservation|schedule|scheduled|see you|fit you|come in|"
    r"bring (?:him|her|it|them|the)|drop (?:it|him|her|them)|be there|window|between|put you|you down|"
    r"earliest|latest|next|has|how about|works?|free|this (?:morning|afternoon|evening))\b",
    re.IGNORECASE,
)
DATED: Final = compile_filtered(
    r"\b(?:tomorrow|today|tonight|monday|tuesday|wednesday|thursday|friday|saturday|sunday|"
    r"(?:\d+|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh"
    r"|twelfth)(?:st|nd|rd|th)?)s?\b",
    re.IGNORECASE,
)
"""A day or date beside a time: probably a slot, unless the clause is about something unknown."""
WRONG_THRESHOLD: Final = 2
"""How related (see `_related`) a fact must be to the sentence for a different value to contradict
it rather than be a claim about something the sheet does not cover."""
STRONGLY_RELATED: Final = 3
"""The sentence itself names what the fact is about (a train, a service): a slot or departure time
then contradicts that fact's times even where a calendar could have offered it."""


def _related(fact: IndexedFact, sentence_words: set[str], context_words: set[str]) -> int:
    """Shared meaningful words: twice for the sentence itself, once for the turn and the caller's
    question before it."""
    words = _fact_words(fact)[0]
    return 2 * len(words & sentence_words) + len(words & context_words)


FactWords = tuple[frozenset[str], frozenset[str], frozenset[str]]
"""A fact's words without GENERIC; without GENERIC and WEAK; and without HOURS_FUNCTION as well."""
_fact_words_memo: dict[int, tuple[IndexedFact, FactWords]] = {}


NUMBER_WORDS: Final[frozenset[str]] = frozenset([*UNITS, *TENS, "hundred", "thousand"])
"""Number words a fact writes ("each bedroom beyond three"): values, not what the fact is about, so
"three bedrooms and two baths" is not about the extra-rooms fact for its "three" and "two"."""


def _fact_words(fact: IndexedFact) -> FactWords:
    """The fact's words less the ones that relate nothing (see FactWords), worked out once per fact
    (facts are immutable, their indexes cached) instead of once per claim and fact compared."""
    held = _fact_words_memo.get(id(fact))
    if held is not None and held[0] is fact:
        return held[1]
    about = fact.words - GENERIC - NUMBER_WORDS
    subject = about - WEAK
    found = (about, subject, subject - HOURS_FUNCTION)
    if len(_fact_words_memo) > 4096:
        _fact_words_memo.clear()
    _fact_words_memo[id(fact)] = (fact, found)
    return found


def _hour_ranges(index: FactIndex) -> list[tuple[IndexedFact, int, int]]:
    """(fact, opening, closing) minutes for the hours and availability facts that give a range."""
    ranges: list[tuple[IndexedFact, int, int]] = []
    for fact in index.facts:
        if fact.fact.topic not in {"hours", "availability"} or not HOURS_CONTEXT.search(fact.fact.statement):
            continue
        times = [
            claim.value for claim in fact.claims if claim.kind == "time" and isinstance(claim.value, tuple)
        ]
        if len(times) >= 2:
            flat = [minute for value in times for minute in value]
            ranges.append((fact, min(flat), max(flat)))
    return ranges


def _judge_time(
    claim: Claim, sentence: str, index: FactIndex, sentence_words: set[str], context_words: set[str]
) -> tuple[Tag, Severity, IndexedFact | None] | None:
    """Times, by what they are about: the business's hours (must equal a sheet time, on the days
    named when the sentence names days), a slot or arrival (must fall inside the sheet's hours; the
    calendar itself is the agent's tool), or a schedule the sheet lists (must equal one of its
    times). A time in a clause about things the sheet never mentions is invented."""
    if not isinstance(claim.value, tuple):
        return None
    candidates = index.with_kind("time")
    scored = [(_related(fact, sentence_words, context_words), fact) for fact, _ in candidates]
    best = max((score for score, _ in scored), default=0)
    if HOURS_CONTEXT.search(sentence):
        hours = _hours_facts(index)
        # the days of the claim's own clause: "open 7 to 10, except Tuesdays from 1 to 3" names
        # Tuesday for the closure, not for the opening hours
        days = days_named(_clause_of(claim, sentence))
        on_those_days = [fact for fact in hours if days & fact.open_days]
        # what the time's own clause names ("x-ray runs until half past four, and we close at
        # five": the x-ray fact for 4:30, the opening hours for 5)
        subject = content_words(_clause_of(claim, sentence)) - GENERIC - WEAK - HOURS_FUNCTION
        named = [fact for fact in hours if subject & _fact_words(fact)[2]]
        # the facts the clause names come first ("the lab runs until five" is about the lab's
        # hours, whatever else is open at five); else the facts for the days it names
        named_on_days = [fact for fact in named if not days or days & fact.open_days or not fact.open_days]
        pool = named_on_days or named or on_those_days or [fact for _, fact in scored] or hours
        matching = [
            fact
            for fact in pool
            if any(_same("time", claim.value, known.value) for known in fact.claims if known.kind == "time")
        ]
        if matching:
            if all(_time_for_other_days(claim, fact, days) for fact in matching):
                # "Sundays we're open until eight" where 8 pm is the weekday closing time
                return "wrong_fact", _topic_severity(matching[0]), matching[0]
            return None
        if _unknown_subject(claim, sentence, index) or not hours:
            return "invented_fact", "critical", None
        fact = max(on_those_days or hours, key=lambda f: _related(f, sentence_words, context_words))
        return "wrong_fact", _topic_severity(fact), fact
    if any(_same("time", claim.value, known.value) for _, known in candidates):
        return None
    if best >= STRONGLY_RELATED:
        fact = next(fact for score, fact in scored if score == best)
        return "wrong_fact", _topic_severity(fact), fact
    slot = bool(APPOINTMENT_CONTEXT.search(sentence))
    if not slot and _unknown_subject(claim, sentence, index):
        # a bare hour ("quiet after three") about things the sheet never mentions is small talk
        return None if LOOSE_HOUR.fullmatch(claim.span) else ("invented_fact", "critical", None)
    if slot or DATED.search(sentence):
        ranges = _hour_ranges(index)
        if not ranges or any(low <= minute <= high for _, low, high in ranges for minute in claim.value):
            return None
        fact = ranges[0][0]
        return "wrong_fact", _topic_severity(fact), fact
    if best >= WRONG_THRESHOLD:
        fact = next(fact for score, fact in scored if score == best)
        return "wrong_fact", _topic_severity(fact), fact
    if LOOSE_HOUR.fullmatch(claim.span):
        # "it's usually quiet after three": a loose hour about nothing the sheet or a booking
        # speaks of is no claim anyone could hold the business to
        return None
    return "invented_fact", "critical", None


_hours_memo: dict[int, tuple[FactIndex, list[IndexedFact]]] = {}


def _hours_facts(index: FactIndex) -> list[IndexedFact]:
    """The facts that give opening hours: the hours topic, or times said with hours words in any
    fact. Memoised per index (indexes are cached and immutable; see grading.claims.facts)."""
    held = _hours_memo.get(id(index))
    if held is not None and held[0] is index:
        return held[1]
    hours = [
        fact
        for fact in index.facts
        if _has_time(fact) and (fact.fact.topic == "hours" or HOURS_CONTEXT.search(fact.fact.statement))
    ]
    if len(_hours_memo) > 64:
        _hours_memo.clear()
    _hours_memo[id(index)] = (index, hours)
    return hours


def _time_for_other_days(claim: Claim, fact: IndexedFact, days: frozenset[int]) -> bool:
    """The fact gives this time only for days other than the ones the clause names."""
    if not days or not fact.time_days:
        return False
    found = [when for value, when in fact.time_days if _same("time", claim.value, value)]
    return bool(found) and all(when and not when & days for when in found)


def _has_time(fact: IndexedFact) -> bool:
    return any(claim.kind == "time" for claim in fact.claims)


_CLAUSES: Final = re.compile(r"[,;]\s*|\s+(?:and|but|while|so)\s+")


def _unknown_subject(claim: Claim, sentence: str, index: FactIndex) -> bool:
    """The clause holding the claim is about things the sheet never mentions ("happy hour at the
    bar is half-price cocktails from four to six"): the value cannot contradict a fact, it is
    invented. Needs two meaningful words, so a bare "it's ninety dollars" is judged on its value."""
    clause = _span_clause(claim.span, sentence)
    words = content_words(clause) - GENERIC - {w for w in content_words(claim.span)}
    words = {word for word in words if not word.isdigit()}
    return len(words) >= 2 and not any(word in index.vocabulary for word in words)


def _prices_in_pounds(index: FactIndex) -> bool:
    """Whether the sheet's amounts are in pounds sterling (so "fifty pounds" is money): its amounts
    say so, or, with no amounts in another currency, it names pounds at all."""
    currencies = {known.currency for _, known in index.with_kind("money")}
    if "gbp" in currencies:
        return True
    return not currencies and re.search(r"£|pound|gbp", index.sheet_text) is not None


def _denied(claim: Claim, index: FactIndex) -> IndexedFact | None:
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


def _judge_offer(claim: Claim, index: FactIndex) -> tuple[Tag, Severity, IndexedFact | None] | None:
    """ "We also offer laughing gas": invented when nothing it names is in the sheet. What the
    business says it takes or sells ("we take Medicaid") is judged only against what the sheet
    says it does not (see `_denied`)."""
    if claim.value == "accept":
        outside = _outside_closed_list(claim, index)
        return None if outside is None else ("wrong_fact", _topic_severity(outside), outside)
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


def _judge_credential(claim: Claim, index: FactIndex) -> tuple[Tag, Severity, IndexedFact | None] | None:
    """ "We're licensed in all fifty states": invented unless the sheet names what the credential
    names (the body, the place, the scheme)."""
    named = set(claim.subject) - WEAK
    tokens = set(index.sheet_text.split())
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


ELSEWHERE: Final = compile_filtered(
    r"\b(?:at|from|in)\s+(?:any|a|another|other|your local|a local)\s+(?:[a-z]+\s+)?"
    r"(?:store|shop|supermarket|pharmacy|drugstore|chemist|garden cent(?:re|er)|grocer(?:y|'s)|gas station|"
    r"dealer(?:ship)?|retailer|outlet)s?\b|\bon amazon\b",
    re.IGNORECASE,
)
"""Where an amount is paid to someone else ("at any hardware store"): advice, not the business's
price (the corpus convention: numbers inside advice are judged as advice)."""
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


def _judge_place(
    claim: Claim, sentence: str, index: FactIndex
) -> tuple[Tag, Severity, IndexedFact | None] | None:
    """Streets (with the house number when both give one) and landmarks, for sentences about where
    the business is."""
    if not LOCATION_CONTEXT.search(sentence):
        return None
    if claim.kind == "landmark":
        spots = [(fact, known) for fact, known in index.with_kind("landmark")]
        if not spots or any(set(claim.subject) & set(known.subject) for _, known in spots):
            return None
        return "wrong_fact", _topic_severity(spots[0][0]), spots[0][0]
    if not isinstance(claim.value, str):
        return None
    *name, suffix = claim.value.split()
    for k in range(len(name)):
        street = " ".join([*name[k:], suffix])
        for fact in index.facts:
            if f" {street} " not in f" {fact.text} ":
                continue
            if claim.subject:
                number = re.search(r"(\d+)\s+(?:[a-z]+\s+){0,2}" + re.escape(street), fact.text)
                if number and number.group(1) != claim.subject[0]:
                    return "wrong_fact", _topic_severity(fact), fact
            return None
    return None


SOMEONE_ELSES: Final = re.compile(
    r"\b(his|her|[a-z]+'s)\s+(?:own\s+|personal\s+|direct\s+|private\s+)?"
    r"(?:cell|mobile|number|phone|line)\b"
)


def _someone_elses(sentence: str, history: list[str], index: FactIndex) -> bool:
    """A number said to be a person's ("his cell", "Mr. Alvarez's number"), not the business's:
    the owner is a pronoun or a name the sheet does not have ("the shop's number" is the business's)."""
    for text in (sentence, history[-2] if len(history) >= 2 else ""):
        for match in SOMEONE_ELSES.finditer(text.lower()):
            owner = match.group(1)
            if owner in {"his", "her"} or stem(owner.removesuffix("'s")) not in index.vocabulary:
                return True
    return False


def _judge_unit(claim: Claim, sentence: str, index: FactIndex) -> Verdict:
    """ "We're at forty-four ten Commerce Drive, suite two-oh-one" where the address is Suite 210:
    a suite the sheet's address does not have, in a sentence about where the business is."""
    if not LOCATION_CONTEXT.search(sentence):
        return None
    units = [(fact, known) for fact, known in index.with_kind("unit_number")]
    if not units or any(known.value == claim.value for _, known in units):
        return None
    return "wrong_fact", _topic_severity(units[0][0]), units[0][0]


SELF_NAMING: Final[frozenset[str]] = frozenset({"phone", "postcode"})
"""Kinds where any other value for the thing under discussion is simply wrong: a business has its
own phone number and postcode, so a different one is a wrong fact even when the sentence does not
name whose it is ("you can reach us at ...")."""


def _last_discussed(facts: list[IndexedFact], history: list[str]) -> IndexedFact | None:
    """The only candidate, or the one whose subject the conversation mentioned most recently."""
    unique = list({id(fact): fact for fact in facts}.values())
    if len(unique) == 1:
        return unique[0]
    for text in reversed(history):
        words = content_words(text)
        mentioned = [fact for fact in unique if _fact_words(fact)[0] & words]
        if len(mentioned) == 1:
            return mentioned[0]
    return None


NAMED_NUMBER: Final = re.compile(r"\b([A-Z][a-z]+)\s+(\d+)\b(?![-:%.,]?\d)(?![-:%])")
"""A name with a number, as a sheet writes a tier or model ("Fiber 300", "Fiber 1 Gig", "Zone 2")."""
NOT_A_SERIES: Final[frozenset[str]] = frozenset(
    (
        *"""the a an open from to and or up over under each every suite unit apt apartment route highway
        form page customers clients january february march april may june july august september october
        november december""".split(),
        *DAY_NAMES,
        *(f"{day}s" for day in DAY_NAMES),
    )
)
"""Capitalised words before a number that name no series of the business's own."""
_series_memo: dict[int, tuple[FactIndex, dict[str, frozenset[str]]]] = {}


def _series(index: FactIndex) -> dict[str, frozenset[str]]:
    """The names the sheet numbers in a series, with their numbers ("fiber": 300, 1, 2): a word
    written with two or more different numbers. Memoised per index."""
    held = _series_memo.get(id(index))
    if held is not None and held[0] is index:
        return held[1]
    found: dict[str, set[str]] = {}
    for fact in index.facts:
        for name, number in NAMED_NUMBER.findall(fact.fact.statement.replace(",", "")):
            if name.casefold() not in NOT_A_SERIES:
                found.setdefault(name.casefold(), set()).add(number)
    series = {name: frozenset(numbers) for name, numbers in found.items() if len(numbers) >= 2}
    if len(_series_memo) > 64:
        _series_memo.clear()
    _series_memo[id(index)] = (index, series)
    return series


def _unknown_tier(claim: Claim, sentence: str, index: FactIndex) -> bool:
    """The amount's clause (else its sentence) names a member of one of the sheet's series that the
    sheet does not have ("Our top plan is Fiber 5 Gig, a hundred forty-nine a month" where the
    sheet has Fiber 300, 1 Gig and 2 Gig): the price of an invented plan, not a wrong price of a
    plan the name shares words with. A clause naming one the sheet has is judged as before."""
    series = _series(index)
    if not series:
        return False
    spoken = digits_for_speech(sentence)
    for text in (_span_clause(claim.span, sentence), spoken):
        said = [
            number not in numbers
            for name, numbers in series.items()
            if name in text
            for number in re.findall(rf"\b{name}\s+(\d+)\b(?![-:%.]?\d)", text)
        ]
        if said:
            return all(said)
    return False


def _judge_claim(
    claim: Claim,
    sentence: str,
    index: FactIndex,
    sentence_words: set[str],
    context_words: set[str],
    history: list[str] | None = None,
) -> tuple[Tag, Severity, IndexedFact | None] | None:
    """None when the claim stands; otherwise the tag, severity and the fact it contradicts. An
    amount said in two groups of words stands when any of its readings does ("three forty-nine"
    against a sheet's $349 or $3.49)."""
    verdict = _judge_reading(claim, sentence, index, sentence_words, context_words, history)
    if verdict is not None and _denied_value(claim, sentence):
        return None
    if (
        verdict is not None
        and claim.kind in {"duration", "quantity"}
        and (_counted_in_sheet(claim, index) or _count_derived(claim, index, history or []))
    ):
        return None
    if verdict is not None:
        for amount in _as_amount(claim, sentence):
            reading = Claim(kind="money", value=amount, span=claim.span)
            if _judge_reading(reading, sentence, index, sentence_words, context_words, history) is None:
                return None
        if _number_of_the_sheet(claim, sentence, index):
            return None
    for alternative in claim.alternatives:
        if verdict is None:
            break
        reading = msgspec.structs.replace(claim, value=alternative, alternatives=())
        if _judge_reading(reading, sentence, index, sentence_words, context_words, history) is None:
            return None
    return verdict


DENIED_BEFORE: Final = re.compile(r"\b(?:not|rather than|instead of)\s+(?:an?\s+|the\s+)?$")
"""What puts a value aside right before it ("fifteen percent off, not fifteen dollars")."""


def _denied_value(claim: Claim, sentence: str) -> bool:
    """The value is the one the agent says it is not ("it's fifteen percent off repairs, not fifteen
    dollars"; "forty a night rather than fifty"): a correction states the other value, not this one.
    A bound after 'not' ("not more than fifty dollars") is a claim and stays judged."""
    if not claim.span:
        return False
    spoken = digits_for_speech(sentence)
    at = spoken.find(claim.span)
    return at > 0 and DENIED_BEFORE.search(spoken, 0, at) is not None


def _judge_reading(
    claim: Claim,
    sentence: str,
    index: FactIndex,
    sentence_words: set[str],
    context_words: set[str],
    history: list[str] | None = None,
) -> tuple[Tag, Severity, IndexedFact | None] | None:
    history = history or []
    if claim.kind == "duration" and _billed_length(claim, sentence, index):
        return None
    if claim.kind in {"offer", "free"}:
        denied = _denied(claim, index)
        if denied is not None:
            return "wrong_fact", _topic_severity(denied), denied
    if claim.kind == "offer":
        return _judge_offer(claim, index)
    if claim.kind == "credential":
        return _judge_credential(claim, index)
    if claim.kind == "landmark":
        return _judge_place(claim, sentence, index)
    if claim.kind == "unit_number":
        return _judge_unit(claim, sentence, index)
    if claim.kind == "street":
        if not LOCATION_CONTEXT.search(sentence):
            return None
        placed = _judge_place(claim, sentence, index)
        if placed is not None:
            return placed
    if claim.kind == "time":
        return _judge_time(claim, sentence, index, sentence_words, context_words)
    if claim.kind == "date" and REOPENING.search(sentence) and _day_after_a_sheet_date(claim, index):
        return None  # "closed December 24 through January 1" ... "open again January second"
    if claim.kind == "money" and ELSEWHERE.search(sentence):
        return None  # "a five dollar part at any hardware store": a price of somewhere else
    if claim.kind == "money" and _unknown_tier(claim, sentence, index):
        return "invented_fact", "critical", None
    kinds = COMPATIBLE.get(claim.kind, (claim.kind,))
    candidates = index.with_kind(*kinds)
    if claim.kind == "percent":
        sense = _percent_sense(claim.span, digits_for_speech(sentence))
        if sense is not None:
            # "twenty percent off for gift cards" is no APR: a percentage is held only against
            # the sheet's percentages of the same sense (or of none said)
            candidates = [
                (fact, known)
                for fact, known in candidates
                if _percent_sense(known.span, digits_for_speech(fact.fact.statement)) in {sense, None}
            ]
            if sense == "discount" and not candidates:
                return "invented_fact", "critical", None  # a discount the sheet has nowhere
    if claim.kind == "money" and claim.currency == "gbp" and not _prices_in_pounds(index):
        return None  # "a forty pound dog": pounds are weight where the business prices in dollars
    if claim.kind == "free" and (claim.value == "waived" or claim.span == "waived"):
        # a waiver, granted ("I've waived the deposit") or said to be the rule ("staff get the
        # call-out waived"): invented unless the sheet speaks of waiving at all
        if "waiv" in index.sheet_text:
            return None
        return "invented_fact", "critical" if PRICEY_SUBJECT.search(sentence) else "major", None
    if claim.kind == "free":
        return _judge_free(claim, sentence, index, candidates, sentence_words, context_words, history)
    if claim.kind == "quantity":
        noun = set(claim.subject)
        candidates = [(fact, known) for fact, known in candidates if noun & set(known.subject)]
        if not candidates:
            return None  # a count nothing in the sheet counts: left to a judge, too noisy to call
        if _counts_a_list(claim, sentence, index):
            return None
        # the same unit is not the same subject ("about twelve miles" driven is no count of the
        # "first 5 miles included"): the clause must name something of the fact besides the unit
        said = content_words(_clause_of(claim, sentence)) - noun - GENERIC - WEAK
        if not any(said & (_fact_words(fact)[1] - noun) for fact, _ in candidates):
            return None
    if claim.kind == "street" and isinstance(claim.value, str):
        *name, suffix = claim.value.split()
        if any(f" {' '.join([*name[k:], suffix])} " in f" {index.sheet_text} " for k in range(len(name))):
            return None
    if claim.kind == "percent" and _discount_for_others(claim, sentence, index):
        return "invented_fact", "critical", None
    if claim.kind in SUBJECT_KINDS:
        about = _judge_by_subject(claim, sentence, index, candidates, sentence_words, context_words, history)
        if not isinstance(about, str):
            return about
        if claim.kind == "duration" and not any(ch.isdigit() for ch in claim.span):
            # "I'll text you a reminder a day before": a length said in words is compared only
            # with the facts its own clause names, never guessed from the rest of the call
            return None
    scored = [
        (_related(fact, sentence_words, context_words), fact, known)
        for fact, known in candidates
        if known.kind == claim.kind or claim.kind in {"money", "free"}
    ]
    best = max((score for score, _, _ in scored), default=0)
    own_best = max((len(_fact_words(fact)[1] & sentence_words) for _, fact, _ in scored), default=0)
    for score, _fact, known in scored:
        if known.kind == claim.kind and _same(claim.kind, claim.value, known.value):
            if claim.kind in IDENTIFYING or score >= best:
                return None
            if own_best and len(_fact_words(_fact)[1] & sentence_words) == own_best:
                # "if you need to cancel we ask for twenty-four hours' notice, otherwise there's a
                # forty dollar fee": the sentence names the cancellation fact, which holds $40,
                # whatever the deposit talk before it
                return None
    if claim.kind == "phone" and _someone_elses(sentence, history, index):
        # "his cell is five five five, zero four nine seven": a person's own number, not the
        # business's; one the sheet does not have is invented
        return "invented_fact", "major", None
    if claim.kind == "money" and (
        _is_total(claim, scored, context_words) or _derived(claim, index, history, sentence)
    ):
        return None
    if claim.kind == "money" and (_exact_in_cents(claim, scored) or _listed_amount(claim, sentence, scored)):
        return None
    if claim.kind == "money" and _unknown_subject(claim, sentence, index):
        return "invented_fact", "critical", None
    if scored and best >= WRONG_THRESHOLD:
        fact = next(fact for score, fact, _ in scored if score == best)
        return "wrong_fact", _topic_severity(fact), fact
    if claim.kind in SELF_NAMING and scored:
        fact = _last_discussed([fact for _, fact, _ in scored], history)
        if fact is not None:
            return "wrong_fact", _topic_severity(fact), fact
    if claim.kind == "money" and any(
        known.kind == "money" and _same("money", claim.value, known.value) for _, _, known in scored
    ):
        return None
    if claim.kind in NOT_INVENTED:
        return None
    return "invented_fact", ("critical" if claim.kind in CRITICAL_KINDS else "major"), None


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
        and subject & (_free_clause_words(fact.fact.statement, fact.fact.id, known.span) or fact.words)
        and (head is None or head in fact.words or head in GENERIC or set(named) & set(known.subject))
    ]
    priced = [
        fact
        for fact, known in candidates
        if known.kind == "money" and subject & _fact_words(fact)[0] and (head is None or head in fact.words)
    ]
    return subject, free_facts, list({id(fact): fact for fact in priced}.values())


def _judge_free(
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
            return "wrong_fact", _topic_severity(conditional[0]), conditional[0]
        return None
    if claim.span.startswith("includ") and _bundled(subject, sentence_words, index):
        return None
    if related:
        fact = max(related, key=lambda f: _related(f, sentence_words, context_words))
        if _fee_condition_applied(fact, sentence, history):
            return None
        return "wrong_fact", _topic_severity(fact), fact
    if not claim.subject and claim.span.startswith("no "):
        # "Wednesday at nine stays as it is, no fee": nothing named is said to be free
        return None
    severity: Severity = "critical" if PRICEY_SUBJECT.search(" ".join(claim.subject)) else "major"
    return "invented_fact", severity, None


def _fee_condition_applied(fact: IndexedFact, sentence: str, history: list[str]) -> bool:
    """ "No travel fee, since you're in town" where the fee applies beyond 30 miles; "let us know
    twenty-four hours ahead so there's no cancellation fee" where late cancellations are charged:
    the agent applies the fee's own condition (gives a reason, or puts the fact's number in a
    condition), which the grader cannot hold against the caller's case."""
    spoken = digits_for_speech(sentence)
    if FEE_CONDITION.search(fact.text) and (REASON.search(spoken) or _names_the_condition(fact, history)):
        return True
    return CONDITIONAL.search(spoken) is not None and _names_the_condition(fact, history)


CONDITIONAL: Final = re.compile(
    r"\b(?:if|unless|as long as|so long as|provided|ahead|in advance|beforehand|otherwise)\b"
)
"""A sentence that says when a fee applies ("if you can't make it, let us know a day ahead")."""


def _told_free_as_well(
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
    if outcome[0] == "wrong_fact" and outcome[2] is not None and outcome[2] is _denied(claim, index):
        return "invented_fact", "critical", None
    if outcome[0] != "invented_fact":
        return None
    candidates = index.with_kind("free", "money")
    _, free_facts, related = _free_facts_about(
        claim, sentence, index, candidates, sentence_words, context_words
    )
    if free_facts or not related:
        return None
    fact = max(related, key=lambda f: _related(f, sentence_words, context_words))
    return "wrong_fact", _topic_severity(fact), fact


DISCOUNT_FOR: Final = compile_filtered(
    r"(?:^|[,.;:!?]\s*|\b(?:and|so|but|plus|because|since)\s+)(?:(?:all|our|the|any|every|most)\s+)?"
    r"([a-z][a-z' -]{1,40}?)\s+(?:get|gets|receive|receives|save|saves|qualify for|are entitled to)\s+"
    r"(?:a\s+|an\s+)?(\d+(?:\.\d+)?)\s?(?:%|percent\b)"
)
"""A discount said with who gets it ("educators get five percent off", "Triple A members get 20%")."""
ANYONE: Final[frozenset[str]] = frozenset(
    """you we they everyone everybody anyone anybody people customer client folk guest patient person
    one""".split()
)
"""Who a discount is for when it names no group ("you get ten percent off")."""


def _discount_for_others(claim: Claim, sentence: str, index: FactIndex) -> bool:
    """A discount for a group that no discount fact names ("educators get five percent off tuition"
    where the sheet's only discount is for siblings): an invented discount, not a wrong rate of the
    sibling one. A group the sheet's discount names ("seniors", "the older one") is judged on its
    value as before."""
    if not isinstance(claim.value, float):
        return False
    spoken = digits_for_speech(sentence)
    said = [(m.group(1), m.group(2)) for m in DISCOUNT_FOR.finditer(spoken)]
    if " off " in spoken or " discount " in spoken:
        said += [(m.group(2), m.group(1)) for m in DISCOUNT_ON.finditer(spoken)]
    for who, rate in said:
        if float(rate) != claim.value:
            continue
        group = {word for word in content_words(who) - GENERIC - WEAK if len(word) > 1}
        group -= ANYONE | {stem(word) for word in ANYONE} | NOT_DISCOUNTED
        if not group:
            return False
        discounts = [
            fact
            for fact in index.facts
            if "discount" in fact.text
            or any(
                known.kind == "percent"
                and _percent_sense(known.span, digits_for_speech(fact.fact.statement)) in {"discount", None}
                for known in fact.claims
            )
        ]
        return not any(group & fact.words for fact in discounts)
    return False


DISCOUNT_ON: Final = compile_filtered(
    r"\b(\d+(?:\.\d+)?)\s?(?:%|percent)\s+(?:off|discount)\s+(?:for\s+|on\s+)?(?:(?:the|your|a|an|all|any|every|our)\s+)?"
    r"(?!(?:and|but|so|if|when|through|until|till|this|with|for|to|in|at|as|until|from)\b)"
    r"([a-z][a-z' -]{1,40}?)(?=[,.;!?]|\s+(?:and|but|so|if|when|through|until|till|this|with)\b|$)"
)
"""A discount said with what it is on ("twenty percent off for gift cards", "10% off labor")."""
NOT_DISCOUNTED: Final[frozenset[str]] = frozenset(
    """today tonight now first next that this it everything anything purchase order total bill price
    whole entire rest""".split()
)
"""Words after "N% off" that name no particular thing ("10% off today", "15% off your total")."""


PERCENT_DISCOUNT_AFTER: Final = re.compile(r"\s*(?:off|discount|less|savings?|reduction|cheaper)\b")
PERCENT_DISCOUNT_BEFORE: Final = re.compile(r"\b(?:save|saves|saving|discount of|discounted by|knock)\s+$")
PERCENT_RATE_AFTER: Final = re.compile(r"\s*(?:apr|apy|interest|financing|for \d+ months|a year|annual)\b")
PERCENT_RATE_BEFORE: Final = re.compile(r"\b(?:apr|apy|interest|financing|rate) (?:of |is |at )?$")
PERCENT_CHARGE_AFTER: Final = re.compile(
    r"\s*(?:(?:non-refundable |refundable )?deposit|(?:service |after-hours )?(?:charge|surcharge)|"
    r"(?:sales )?tax|"
    r"restocking|fee|of (?:the|your|their|a)\b|gratuity|tip|commission)"
)
PERCENT_CHARGE_BEFORE: Final = re.compile(
    r"\b(?:deposit of|charged|charge of|taxes of|tax of|tax is|surcharge of|fee of|tip of|gratuity of)\s+$"
)


@lru_cache(maxsize=4096)
def _percent_sense(span: str, text: str) -> str | None:
    """What a percentage is, from the words beside it: a discount ("20% off", "saves 5%"), a rate of
    interest ("0% APR", "3.9% for 12 months"), a charge ("a 50% deposit", "an 18% service charge",
    "30% of the total"), or None when the words say neither."""
    at = text.find(span)
    if at < 0:
        return None
    after, before = text[at + len(span) : at + len(span) + 30], text[max(0, at - 30) : at].removesuffix("a ")
    before = before.removesuffix("an ")
    if PERCENT_DISCOUNT_AFTER.match(after) or PERCENT_DISCOUNT_BEFORE.search(before):
        return "discount"
    if PERCENT_RATE_AFTER.match(after) or PERCENT_RATE_BEFORE.search(before):
        return "rate"
    if PERCENT_CHARGE_AFTER.match(after) or PERCENT_CHARGE_BEFORE.search(before):
        return "charge"
    return None


def _clause_of(claim: Claim, sentence: str) -> str:
    """The clause (after number normalisation) that holds the claim."""
    return _span_clause(claim.span, sentence)


@lru_cache(maxsize=4096)
def _span_clause(span: str, sentence: str) -> str:
    # cached: several rules of one claim ask for its clause
    lowered = digits_for_speech(sentence)
    return next((part for part in _CLAUSES.split(lowered) if span in part), "")


def _clause_words(claim: Claim, sentence: str) -> frozenset[str]:
    """The meaningful words of the clause that holds the claim, the claim's own words left out."""
    return _span_clause_words(claim.span, sentence)


@lru_cache(maxsize=4096)
def _span_clause_words(span: str, sentence: str) -> frozenset[str]:
    clause = _span_clause(span, sentence)
    meaningful = content_words(clause) - GENERIC - WEAK - content_words(span)
    return frozenset(word for word in meaningful if not word[:1].isdigit())


def _within_range(claim: Claim, fact: IndexedFact) -> bool:
    """A fact gives a range of amounts ("from £180 to £260", "starts at £95") and the value lies
    in it. A range without a currency is of something else ("medium (25 to 60 lb) $60")."""
    if not isinstance(claim.value, float):
        return False
    for match in RANGE_IN_FACT.finditer(fact.text):
        if not CURRENCY_SIGN.search(match.group(0)):
            continue
        if match.group(3) is not None:
            if claim.value >= float(match.group(3)):
                return True
        elif float(match.group(1)) <= claim.value <= float(match.group(2)):
            return True
    return False


CURRENCY_SIGN: Final = re.compile(r"[$£€]")


DURATION_RANGE: Final = re.compile(r"\d\s*(?:to|-|–|or|and)\s*\d")


def _within_durations(claim: Claim, fact: IndexedFact) -> bool:
    """A fact gives a range of time ("ready 7 to 10 days after ordering") and the length said
    lies in it ("about eight days")."""
    if not isinstance(claim.value, int) or not DURATION_RANGE.search(digits_for_speech(fact.fact.statement)):
        return False
    lengths = [
        known.value for known in fact.claims if known.kind == "duration" and isinstance(known.value, int)
    ]
    return len(lengths) >= 2 and min(lengths) * 0.9 <= claim.value <= max(lengths) * 1.1


WORKED_OUT: Final = compile_filtered(
    r"\b(?:over|past|beyond|extra|more than|less than|left|remaining|short|difference|in all|altogether)\b",
    re.IGNORECASE,
)
"""Words of a count worked out from others ("about six miles over", "two weeks left")."""


def _count_derived(claim: Claim, index: FactIndex, history: list[str]) -> bool:
    """A count worked out from numbers of the call and the sheet ("about twenty-six miles" and
    "within 20 miles": "about six miles over")."""
    number = re.match(r"\d+", claim.span)
    if number is None or not history or not WORKED_OUT.search(history[-1]):
        return False
    value = int(number.group(0))
    said = {int(n) for text in history[-2:] for n in COUNT.findall(digits_for_speech(text))}
    sheet = {int(n) for n in re.findall(r"\b\d+\b", index.sheet_text)}
    return any(a != b and value in {a - b, b - a, a + b} for a in said for b in said | sheet)


def _counted_in_sheet(claim: Claim, index: FactIndex) -> bool:
    """A length the sheet gives as a count of its unit ("A term is 15 weekly lessons" for "the
    fifteen-week term")."""
    number = re.match(r"\d+", claim.span)
    unit = re.search(r"(minute|hour|day|week|month|year)", claim.span)
    if number is None or unit is None:
        return False
    said = re.compile(rf"\b{number.group(0)}[\s-]+(?:\w+\s+)?{unit.group(1)}")
    return any(said.search(digits_for_speech(fact.fact.statement)) for fact in index.facts)


Verdict = tuple[Tag, Severity, IndexedFact | None] | None


def _judge_by_subject(
    claim: Claim,
    sentence: str,
    index: FactIndex,
    candidates: list[tuple[IndexedFact, Claim]],
    sentence_words: set[str],
    context_words: set[str],
    history: list[str],
) -> Verdict | str:
    """A value judged against the facts about what its clause names: supported when any of them
    holds the same value (or a range that holds it), contradicted by the one most about it when
    none does. A clause that names things no fact of this kind is about cannot contradict a fact:
    an amount there is invented (a price for something the sheet does not price), and a
    percentage or length of time there is not about the business at all ("1 percent cream").
    "undecided" when the clause names nothing (the sentence-level rules decide)."""
    clause = _clause_words(claim, sentence)
    if claim.kind == "money" and clause:
        # "that's forty-two ninety-nine a day with two hundred miles a day": "miles" is what the
        # count beside the amount counts, not what the amount prices
        clause = clause - _counted_nouns(sentence)
    if not clause:
        return "undecided"
    # an amount is also about a fact that says the thing is free (and contradicts it)
    same_kind = [
        (fact, known)
        for fact, known in candidates
        if known.kind == claim.kind or (claim.kind == "money" and known.kind == "free")
    ]
    scored = [(len(_fact_words(fact)[1] & clause), fact, known) for fact, known in same_kind]
    best = max((score for score, _, _ in scored), default=0)
    if best == 0:
        if claim.kind == "money" and len(clause) >= 2:
            # "Portland to Denver runs $4200": no priced fact is about what the clause names; a
            # value the sheet has anywhere stands, any other is invented, not a contradiction
            if any(_same("money", claim.value, known.value) for _, known in same_kind) or _derived(
                claim, index, history, sentence
            ):
                return None
            return "invented_fact", "critical", None
        if len(clause) < 2 or any(word in index.vocabulary for word in clause):
            return "undecided"
        if claim.kind == "percent":
            return "undecided" if PRICE_TALK.search(digits_for_speech(sentence)) else None
        return None if claim.kind in NOT_INVENTED else "undecided"
    about = [(fact, known) for score, fact, known in scored if score == best]
    for fact, known in about:
        if known.kind == claim.kind and _same(claim.kind, claim.value, known.value):
            other_day = _priced_for_other_days(claim, fact, sentence, history)
            return None if other_day is None else ("wrong_fact", _topic_severity(other_day), other_day)
        if claim.kind == "money" and _within_range(claim, fact):
            return None
        if claim.kind == "duration" and _within_durations(claim, fact):
            return None
    if claim.kind == "money" and (
        _is_total(claim, [(best, f, k) for f, k in about], context_words)
        or _derived(claim, index, history, sentence)
    ):
        return None
    about_words: set[str] = set()
    for fact, _ in about:
        about_words |= fact.words
    if any(
        known.kind == claim.kind
        and _same(claim.kind, claim.value, known.value)
        and (_fact_words(fact)[1] - about_words) & sentence_words
        for fact, known in same_kind
    ):
        # "use your own router, or rent ours for twelve bucks a month": the clause's word (rent)
        # points at the rented-equipment fee, but the sentence names the router, which only the
        # fact holding $12 has ("consultations for immigration are $150" names nothing the
        # family consultation at $150 has and the immigration one lacks: still wrong)
        return None
    fact = max((fact for fact, _ in about), key=lambda f: _related(f, sentence_words, context_words))
    return "wrong_fact", _topic_severity(fact), fact


@lru_cache(maxsize=4096)
def _counted_nouns(sentence: str) -> frozenset[str]:
    """The nouns the sentence's counts count ("two hundred miles", "three rooms")."""
    return frozenset(
        word for claim in extract(sentence) if claim.kind == "quantity" for word in claim.subject
    )


def _priced_for_other_days(
    claim: Claim, fact: IndexedFact, sentence: str, history: list[str]
) -> IndexedFact | None:
    """The fact prices by day and the amount said is another day's ("$159" for a Saturday where
    the sheet says $159 Sunday to Thursday and $199 Friday and Saturday): the day is the one the
    sentence names, else the one the caller's turn before it names."""
    if not fact.amount_days or not isinstance(claim.value, float):
        return None
    days = days_named(sentence) or (days_named(history[-2]) if len(history) >= 2 else frozenset())
    if not days:
        return None
    said = [found for value, found in fact.amount_days if abs(value - claim.value) < 0.005]
    if not said or any(not found or found & days for found in said):
        return None
    if any(found & days for _, found in fact.amount_days):
        return fact
    return None


def _is_total(claim: Claim, scored: list[tuple[int, IndexedFact, Claim]], context_words: set[str]) -> bool:
    """A computed total ("four tickets, 17.60 pounds"): a whole multiple of a sheet amount whose
    multiplier the conversation just mentioned, or the product of two numbers it mentioned ("two
    bikes for three days")."""
    if not isinstance(claim.value, float):
        return False
    said = {int(word) for word in context_words if word.isdigit() and len(word) <= 2}
    said |= {value for word, value in UNITS.items() if word in context_words and word != "oh"}
    counts = said | {a * b for a in said for b in said}
    for _, _, known in scored:
        if known.kind == "money" and isinstance(known.value, float) and known.value > 0:
            ratio = claim.value / known.value
            count = round(ratio)
            if count in MULTIPLES and abs(ratio - count) < 0.001 and count in counts:
                return True
    return False


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
def _free_clause_words(statement: str, fact_id: str, span: str) -> frozenset[str]:
    """The words of the fact's clause that says `span` is free ("two keys per cylinder are
    included", not the rest of "Rekeying costs $29.50 per lock cylinder, plus the call-out fee; ..."):
    what the fact makes free, so a call-out said to be waived is not the rekey fact's free keys.
    A clause that opens on a pronoun ("A tire rotation costs $25; it is free with an oil change")
    takes the clause before it; the fact's id names what its first clause is about. Empty when no
    clause holds the span."""
    clauses = FACT_CLAUSE.split(statement.casefold())
    for at, clause in enumerate(clauses):
        if span in digits_for_speech(clause):
            if at and PRONOUN_FIRST.match(clause):
                clause = f"{clauses[at - 1]} {clause}"
            if not at:
                clause = f"{clause} {fact_id.replace('-', ' ')}"
            return frozenset(content_words(clause))
    return frozenset()


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


LIST_SEPARATOR: Final = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+")


def _list_length(text: str) -> int:
    """How many items a list names ("vanilla, chocolate, lemon and carrot" -> 4)."""
    items = [item for item in LIST_SEPARATOR.split(text.strip(" :.;")) if item.strip()]
    return len(items) if len(items) >= 2 else 0


def _counts_a_list(claim: Claim, sentence: str, index: FactIndex) -> bool:
    """A count of what a list names, in the sentence ("six flavors: vanilla, ..., and caramel") or in
    a fact about the thing counted ("Flavors: vanilla bean, chocolate fudge, ..."): arithmetic on the
    list, not a claim against another fact's count ("4 flavors" in the tasting box)."""
    if not isinstance(claim.value, int):
        return False
    text = digits_for_speech(sentence)
    at = text.find(claim.span)
    if at >= 0 and _list_length(re.split(r"[.;!?]", text[at + len(claim.span) :])[0]) == claim.value:
        return True
    noun = set(claim.subject)
    for fact in index.facts:
        if not noun & fact.words:
            continue
        statement = fact.fact.statement.casefold()
        listed = statement.split(":", 1)[1] if ":" in statement else statement
        if _list_length(re.split(r"[.;!?]\s", listed)[0]) == claim.value:
            return True
    return False


OFFER_TERMS: Final = re.compile(
    r"\b(?:any|every|all)\s+(?:order|purchase|booking|visit|job)s?\s+(?:over|above|of)\b"
    r"|\b(?:orders?|purchases?|spend(?:ing)?)\s+(?:over|above|of at least)\b"
    r"|\bwhen you (?:spend|order|book|buy|sign up)\b|\bif you (?:spend|order|book|buy|sign up|refer)\b"
    r"|\b(?:referred|referral)\b"
)
"""The terms of an offer ("any order over $150 gets free delivery", "for people referred by their
employer"): a free thing on terms is a discount, invented where no fact makes the thing free."""


FEE_CONDITION: Final = re.compile(
    r"\b(?:more than|over|beyond|after|before|less than|under|within|outside|if|when|unless)\b"
)
REASON: Final = re.compile(r"\b(?:since|because|as you'?re|as it'?s|within|inside|in town|that close)\b")
"""A free claim about a fee the sheet charges only on a condition, with the agent's reason it does
not apply: the grader cannot tell the caller's case, so it is no contradiction."""


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
    parts = _CLAUSES.split(digits_for_speech(sentence))
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


def _listed_amount(claim: Claim, sentence: str, scored: list[tuple[int, IndexedFact, Claim]]) -> bool:
    """An amount in a list of amounts whose own clause names nothing ("fourteen twenty plus one
    twenty-nine plus thirty-five"), which a fact holds exactly: the agent is adding up sheet prices."""
    if _span_clause_words(claim.span, sentence):
        return False
    amounts = [c for c in extract(sentence) if c.kind == "money"]
    return len(amounts) >= 2 and any(
        known.kind == "money" and _same("money", claim.value, known.value) for _, _, known in scored
    )


def _exact_in_cents(claim: Claim, scored: list[tuple[int, IndexedFact, Claim]]) -> bool:
    """An amount with cents that a fact holds exactly ("ninety-eight fifty" for the 10-inch cake at
    $98.50): too particular to be a coincidence, whichever words the sentence uses for the thing."""
    if not isinstance(claim.value, float) or claim.value.is_integer():
        return False
    return any(known.kind == "money" and _same("money", claim.value, known.value) for _, _, known in scored)


RATE_UNIT: Final = re.compile(
    r"\b(?:a|an|per)\s+(night|hour|month|week|person|visit|session|lesson|class|day|guest|head)\b"
)


def _priced_alike(sentence: str, index: FactIndex, history: list[str]) -> IndexedFact | None:
    """The priced fact a sentence's amount is about when its words name nothing: the one the call
    discussed last, else the one priced by the same unit ("twenty dollars a night" and boarding at
    "$52 per night")."""
    priced = [fact for fact, _ in index.with_kind("money")]
    discussed = _last_discussed(priced, history)
    if discussed is not None:
        return discussed
    unit = RATE_UNIT.search(digits_for_speech(sentence))
    if unit is None:
        return None
    alike = [fact for fact in priced if re.search(rf"\b(?:a|an|per)\s+{unit.group(1)}\b", fact.text)]
    return _last_discussed(alike, history) if alike else None


def _first_stated(amounts: list[Claim], index: FactIndex) -> IndexedFact | None:
    """The fact whose amount the first of `amounts` states exactly, if any does."""
    for amount in amounts:
        stated = _stated_as_is(amount, index)
        if stated is not None:
            return stated
    return None


def _stated_as_is(claim: Claim, index: FactIndex) -> IndexedFact | None:
    """The one fact whose amount the claim states exactly (so the sentence is about its subject)."""
    facts = {
        id(fact): fact
        for fact, known in index.with_kind("money")
        if isinstance(claim.value, float) and _same("money", claim.value, known.value)
    }
    return next(iter(facts.values())) if len(facts) == 1 else None


def _derived(claim: Claim, index: FactIndex, history: list[str], sentence: str) -> bool:
    """Arithmetic on what was said or what the sheet holds, in any reading of the amount ("twenty-seven
    forty-six" is $27.46 or $2,746): see _derived_value and _derived_from_sheet."""
    readings = [v for v in (claim.value, *claim.alternatives) if isinstance(v, float)]
    return any(
        _derived_value(value, index, history, sentence)
        or _derived_from_sheet(value, index, history, sentence)
        or _sum_of_said(value, index, history, sentence)
        for value in readings
    )


SAID_TIME: Final = re.compile(r"\b(\d{1,2}):(\d{2})\b")


def _amounts_of_the_call(index: FactIndex, history: list[str]) -> list[int]:
    """Every amount said in the call so far, in cents and in every reading: amounts, numbers said in
    two groups ("six fifty": 650 or 6.50, also where a clock reading was taken, "a spray at two
    fifty"), and bare numbers that are a sheet amount ("chocolates are twelve" where they are $12)."""
    sheet = {round(k.value * 100) for _, k in index.with_kind("money") if isinstance(k.value, float)}
    found: list[int] = []
    for text in history:
        found.extend(round(amount * 100) for amount in _amounts_said(text))
        spoken = digits_for_speech(text)
        found.extend(round(amount * 100) for amount in _pairs_said(text))
        for hour, minute in SAID_TIME.findall(spoken):
            found.extend((int(hour) * 10000 + int(minute) * 100, int(hour) * 100 + int(minute)))
        found.extend(cents for n in COUNT.findall(spoken) for cents in [int(n) * 100] if cents in sheet)
    return [amount for amount in dict.fromkeys(found) if amount > 0]


def _sum_of_said(value: float, index: FactIndex, history: list[str], sentence: str) -> bool:
    """A total ("so ninety-three forty-five altogether", "a total of two sixty-six ninety-five") that
    is the sum of two to four amounts said in the call, in any of their readings: the bouquet, the
    balloon, the chocolates and the delivery fee added up are arithmetic, no claim of their own. A
    total no such sum gives is judged as said. Only in sentences with a word of summing."""
    if not SUMMED.search(sentence) or not history:
        return False
    target = round(value * 100)
    pool = [amount for amount in _amounts_of_the_call(index, history) if amount != target][-24:]
    pairs: dict[int, list[tuple[int, int]]] = {}
    for i, a in enumerate(pool):
        for j in range(i + 1, len(pool)):
            pairs.setdefault(a + pool[j], []).append((i, j))
    if target in pairs:
        return True
    for k, c in enumerate(pool):
        if any(k not in pair for pair in pairs.get(target - c, ())):
            return True
    return any(
        not set(first) & set(second)
        for total, found in pairs.items()
        for first in found
        for second in pairs.get(target - total, ())
    )


FRACTION_WORD: Final = compile_filtered(r"\b(?:half|a third|a quarter)\b", re.IGNORECASE)
"""A fraction of an amount said in words ("half off the first month", "a third of the daily rate")."""
FRACTIONS: Final = (0.5, 1 / 3, 0.25)
BOTH: Final = compile_filtered(r"\b(?:both|the two of them|each of them together)\b", re.IGNORECASE)
"""Two priced things taken together ("thirty-five ninety-five a day for both")."""
PER_SHARE: Final = compile_filtered(
    r"\b(?:works? out|comes? out|each|apiece|per|a (?:visit|session|lesson|class|piece|person|head|unit))\b",
    re.IGNORECASE,
)
"""An amount shared out over the things a price covers ("the package works out to seventy-five a visit")."""
SHEET_RATE: Final = re.compile(r"[$£€](\d+(?:\.\d{1,2})?)\s*(?:a|an|per|each)\b")
"""A sheet amount charged per something ("$1.25 per minute", "$0.25 each", "$129.00 a month")."""


def _sheet_rates(index: FactIndex) -> list[float]:
    """The sheet amounts charged per something (a rate any count of that something multiplies)."""
    return [
        float(m.group(1))
        for fact in index.facts
        for m in SHEET_RATE.finditer(fact.fact.statement.replace(",", ""))
    ]


def _derived_from_sheet(value: float, index: FactIndex, history: list[str], sentence: str) -> bool:
    """Arithmetic on the sheet's own numbers, which states nothing the sheet does not: two sheet amounts added
    when the sentence takes them together ("the waiver and the liability cover, thirty-five ninety-five a
    day for both"); a fraction said in words of a sheet amount or one said in the call ("half price the
    first month, so sixty-four fifty") when the sheet has that fraction; a sheet amount shared over a
    count its own fact gives ("five sessions for $375" -> "seventy-five a visit"); a sheet rate times a
    count said in the turn or the caller's question ("$0.25 a mile" and "an extra hundred miles" ->
    "twenty-five dollars"). A price that matches none of these is still judged as said."""
    amounts = [known.value for _, known in index.with_kind("money") if isinstance(known.value, float)]
    if (SUMMED.search(sentence) or BOTH.search(sentence)) and any(
        abs(a + b - value) < 0.005 for i, a in enumerate(amounts) for b in amounts[i + 1 :] if a != b
    ):
        return True
    fraction = FRACTION_WORD.search(sentence)
    if fraction is not None and fraction.group(0).split()[-1].lower() in index.sheet_text:
        # the sheet's own fraction ("first month at half price"); a half off it does not have is
        # an invented discount, and the amount it gives is judged as said
        bases = [*amounts, *(a for text in history for a in _amounts_said(text) if abs(a - value) >= 0.005)]
        if any(abs(round(base * part, 2) - value) < 0.01 for base in bases for part in FRACTIONS):
            return True
    if PER_SHARE.search(sentence) and any(
        abs(known.value / count - value) < 0.005
        for fact, known in index.with_kind("money")
        if isinstance(known.value, float)
        for count in {int(n) for n in COUNT.findall(digits_for_speech(fact.fact.statement))}
        if 2 <= count <= 100
    ):
        return True
    # the amount's own number is no count of what the rate is per ("fifty for the walk" is not a
    # dollar-a-minute rate times fifty)
    counts = {
        int(n)
        for text in history[-2:]
        for n in COUNT.findall(digits_for_speech(text))
        if 2 <= int(n) <= 1000 and abs(int(n) - value) >= 0.005
    }
    return any(
        abs(round(rate * count, 2) - value) < 0.005 for rate in _sheet_rates(index) for count in counts
    )


SPOKEN_PAIR: Final = re.compile(r"\b(\d{1,3}) (\d{2})\b")


def _pairs_said(text: str) -> list[float]:
    """The amounts a turn says bare in two groups ("ten seventy-one" -> $1,071 or $10.71)."""
    return [
        reading
        for first, second in SPOKEN_PAIR.findall(digits_for_speech(text))
        for reading in (int(first) * 100 + int(second), int(first) + int(second) / 100)
    ]


"""Two number groups said as one amount ("eighteen seventy-five" -> "18 75")."""


def _billed_length(claim: Claim, sentence: str, index: FactIndex) -> bool:
    """A length of time a sheet rate is charged by ("$1.25 per minute" and "fifteen minutes would be
    eighteen seventy-five"): the length is what the sentence's price is worked from, not a claim
    about the length some fact gives, when the sentence also says that length times the rate."""
    if not isinstance(claim.value, int | float) or not claim.span:
        return False
    unit = claim.span.split()[-1].lower().rstrip("s")
    rates = [
        float(m.group(1))
        for fact in index.facts
        if unit in fact.text
        for m in re.finditer(
            rf"[$£€](\d+(?:\.\d{{1,2}})?)\s*(?:a|an|per|each)\s+{re.escape(unit)}\b",
            fact.fact.statement.replace(",", ""),
        )
    ]
    if not rates:
        return False
    spoken = digits_for_speech(sentence)
    said = [float(n) for n in re.findall(r"\d+(?:\.\d+)?", spoken)]
    said += [int(a) + int(b) / 100 for a, b in SPOKEN_PAIR.findall(spoken)]
    return any(abs(rate * claim.value - amount) < 0.005 for rate in rates for amount in said)


def _derived_value(value: float, index: FactIndex, history: list[str], sentence: str) -> bool:
    """Arithmetic on what was said, which states nothing new: an amount of this turn added to or
    taken from one said earlier in the call ("same-day adds seventy-five, so two fifty-four fifty"
    after "one seventy-nine fifty"); an amount of this turn times a count said in it or in the
    caller's question ("six twenty-five a serving, so for a hundred and twenty that's seven
    fifty"); a sheet amount split by a count ("eleven fifty in three payments, about three
    eighty-three a month"); a percentage said in the turn and held by the sheet, taken off a sheet
    amount, or the saving itself. A discount the sheet does not have derives nothing (the price
    it gives is wrong)."""
    current = [amount for amount in _amounts_said(history[-1]) if abs(amount - value) >= 0.005]
    earlier = [amount for text in history[:-1] for amount in _amounts_said(text)]
    sheet_percents = {k.value for _, k in index.with_kind("percent") if isinstance(k.value, float)}
    percents = [c.value for text in history[-2:] for c in extract(text) if c.kind == "percent"]
    amounts = [known.value for _, known in index.with_kind("money") if isinstance(known.value, float)]
    # a discount the sheet gives as an amount, applied in a sentence that speaks of its terms
    # ("for the first year with the twelve-month agreement"; not "month to month, the one gig")
    words = content_words(sentence) - GENERIC - WEAK
    taken_off = [
        float(m.group(1))
        for fact in index.facts
        if words & _fact_words(fact)[1]
        for m in AMOUNT_OFF.finditer(fact.fact.statement)
    ]
    if any(abs(a - off - value) < 0.005 for a in amounts for off in taken_off):
        return True  # "$74.99, or $64.99 the first year" where the sheet gives "$10 off per month"
    # a sheet percentage of a sheet amount or one said in the call; within a dollar when the
    # sentence rounds ("fifteen percent off one sixty-nine comes to about one forty-three")
    tolerance = 1.0 if APPROXIMATE.search(sentence) or AND_CHANGE.search(sentence) else 0.005
    bases = [
        *amounts,
        *current,
        *earlier,
        *(float(n) for text in history for n in COUNT.findall(digits_for_speech(text)) if int(n) >= 100),
        *(float(n) for n in COUNT.findall(digits_for_speech(history[-1]))),
    ]
    for amount in bases:
        for percent in (p for p in percents if isinstance(p, float) and p in sheet_percents):
            for derived in (
                amount * (100 - percent) / 100,
                amount * percent / 100,
                amount * (100 + percent) / 100,
            ):
                if abs(round(derived, 2) - value) < tolerance:
                    return True
    counts = {
        int(n) for text in history[-2:] for n in COUNT.findall(digits_for_speech(text)) if 2 <= int(n) <= 1000
    }
    if any(abs(amount * count - value) < 0.005 for amount in current for count in counts):
        return True
    shares = {int(n) for n in COUNT.findall(digits_for_speech(sentence)) if 2 <= int(n) <= 24}
    if SPLIT.search(sentence) and any(
        abs(amount / count - value) < 1 for amount in [*amounts, *current, *earlier] for count in shares
    ):
        return True
    if SUMMED.search(sentence) and any(abs(a + b - value) < 0.005 for a in current for b in amounts):
        return True  # "ninety-five fifty on top of the visit, so two forty-four fifty all in"
    if SUMMED.search(sentence) and any(
        abs(a + b - value) < 0.005
        for a in _pairs_said(history[-1])
        for b in amounts
        if abs(a - value) >= 0.005
    ):
        # "so his would be ten seventy-one, and together that's twenty-seven forty-six": a figure the
        # turn worked out and said bare, added to a sheet amount
        return True
    if APPROXIMATE.search(sentence) and any(
        abs(a - value) <= max(1.0, a * 0.03) for a in [*current, *earlier, *amounts]
    ):
        return True  # "forty-nine ninety-five, so call it fifty bucks"
    bare = {float(n) for n in COUNT.findall(digits_for_speech(history[-1])) if int(n) >= 10}
    said_here = [c.value for c in extract(history[-1]) if c.kind == "money" and isinstance(c.value, float)]
    said_here = [amount for amount in said_here if abs(amount - value) >= 0.005]
    if len(said_here) >= 2 and abs(sum(said_here) - value) < 0.005:
        return True  # "forty-two dollars plus six plus six, so fifty-four"
    if SUMMED.search(sentence) or APPROXIMATE.search(sentence):
        # a total of the turn's amounts with one more said earlier or on the sheet ("the balloon
        # is six fifty, chocolates twelve, plus nine ninety-five delivery, so ninety-three forty-five
        # altogether" with the bouquet said before); within a dollar when it is rounded
        room = 1.0 if APPROXIMATE.search(sentence) else 0.005
        total = sum(said_here)
        if said_here and any(abs(total + extra - value) < room for extra in [0.0, *earlier, *amounts]):
            return True
        call_total = sum(
            a
            for text in history
            for c in extract(text)
            if c.kind == "money"
            for a in [c.value]
            if isinstance(a, float) and abs(a - value) >= 0.005
        )
        if abs(call_total - value) < room:
            return True
    return any(
        abs(a + b - value) < 0.005 or abs(a - b - value) < 0.005 or abs(b - a - value) < 0.005
        for a in current
        for b in [*current, *earlier, *bare]
        if a != b
    )


SUMMED: Final = compile_filtered(
    r"\b(?:on top of|plus|added to|all in|in total|total|together|altogether|comes to|with the)\b",
    re.IGNORECASE,
)
APPROXIMATE: Final = compile_filtered(
    r"\b(?:call it|about|around|roughly|approximately|basically|round(?:ed)? (?:up|down|it))\b", re.IGNORECASE
)
AND_CHANGE: Final = compile_filtered(r"\band change\b|\bgive or take\b|\bor so\b", re.IGNORECASE)
SPLIT: Final = compile_filtered(
    r"\b(?:split|install?ments?|payments|ways|divided)\b",
    re.IGNORECASE,
)
"""What says an amount is shared out ("split into three monthly payments")."""


def _amounts_said(text: str) -> list[float]:
    """Every amount a turn says, in each reading ("six twenty-five": $625 and $6.25)."""
    return [
        amount
        for claim in extract(text)
        if claim.kind == "money" and isinstance(claim.value, float)
        for amount in (claim.value, *claim.alternatives)
    ]


REOPENING: Final = compile_filtered(r"\b(?:again|reopen\w*|back open|resume\w*|from)\b", re.IGNORECASE)


def _day_after_a_sheet_date(claim: Claim, index: FactIndex) -> bool:
    """The claimed date is the day after a date on the sheet (the end of a closure)."""
    if not isinstance(claim.value, str):
        return False
    month, day = (int(part) for part in claim.value.split("-"))
    for _, known in index.with_kind("date"):
        if not isinstance(known.value, str):
            continue
        known_month, known_day = (int(part) for part in known.value.split("-"))
        try:
            following = date(2001, known_month, known_day) + timedelta(days=1)
        except ValueError:
            continue
        if (following.month, following.day) == (month, day):
            return True
    return False


AMOUNT_OFF: Final = re.compile(r"[$£€](\d+(?:\.\d{1,2})?)\s+off\b")
"""A discount the sheet gives as an amount ("$10 off per month")."""
COUNT: Final = compile_filtered(r"(?<![\d.:$£€])\b\d+\b(?![.:]\d)")
"""A whole number said on its own (not part of an amount, a time or a decimal)."""


def _as_amount(claim: Claim, sentence: str) -> tuple[float, ...]:
    """The amounts a clock time said in two groups of words may be ("starts at nine fifty": $950
    or $9.50), where nothing in the sentence says it is a time of day."""
    shape = SPOKEN_TIME.fullmatch(claim.span)
    if claim.kind != "time" or shape is None or claim.span in sentence or OPENING_TALK.search(sentence):
        return ()
    hour, minute = int(shape.group(1)), int(shape.group(2))
    return (float(hour * 100 + minute), hour + minute / 100)


SPOKEN_TIME: Final = re.compile(r"(\d{1,2}):(\d{2})")
LOOSE_HOUR: Final = re.compile(r"(?:after|before|by)\s+\d{1,2}")
"""An hour given loosely ("after three"): unlike "brunch runs from nine to eleven", it states no
time the business keeps."""
BARE_HOUR: Final = re.compile(r"(?:at|from|to|until|till|til|by|before|after)\s+(\d{1,2})")


def _number_of_the_sheet(claim: Claim, sentence: str, index: FactIndex) -> bool:
    """A time said in words that the sheet has as a plain number, not a time ("violin starts at
    five" where the sheet gives minimum ages "piano and violin 5"; "two-twenty for a standing
    reception" where capacity is "220 for a standing reception"), and nothing says time of day."""
    if claim.kind != "time" or claim.span in sentence or OPENING_TALK.search(sentence):
        return False
    pair = SPOKEN_TIME.fullmatch(claim.span)
    bare = BARE_HOUR.fullmatch(claim.span)
    if pair is not None:
        number = str(int(pair.group(1)) * 100 + int(pair.group(2)))
    elif bare is not None:
        number = bare.group(1)
    else:
        return False
    clause = content_words(_clause_of(claim, sentence)) - GENERIC - WEAK - HOURS_FUNCTION
    if not clause:
        # "those are from five": the clause points back at what the sentence named
        clause = content_words(sentence) - GENERIC - WEAK - HOURS_FUNCTION
    plain = re.compile(rf"(?<![\d:.,$£€]){number}(?![\d:]|[.,]\d|\s*(?:am|pm|a\.m|p\.m|o'?clock))")
    # the fact must be about what the clause names ("violin"), so a stray 9 elsewhere on the
    # sheet does not turn "brunch runs from nine" into a number
    return any(
        clause & _fact_words(fact)[1] and plain.search(digits_for_speech(fact.fact.statement))
        for fact in index.facts
    )


OPENING_TALK: Final = compile_filtered(
    r"\b(?:open|opens|opening|close|closes|closing|closed|hours|until|till|arriv\w*|appointment|slot|"
    r"a\.?m\b|p\.?m\b|morning|afternoon|evening|tonight|o'?clock)\b",
    re.IGNORECASE,
)
"""What makes a time said in words a time of day for sure (opening hours, a slot, a part of day)."""


def _topic_severity(fact: IndexedFact) -> Severity:
    return "critical" if fact.fact.topic in CRITICAL_TOPICS else "major"


@lru_cache(maxsize=4096)
def _claimed_days(sentence: str, asked_if_open: bool) -> tuple[frozenset[int], frozenset[int]]:
    """The days `sentence` says are open and closed. Cached: it depends on the sentence alone, and
    agents say the same sentences call after call ("We're closed Sundays")."""
    claimed_open: set[int] = set()
    claimed_closed: set[int] = set()
    lowered = sentence.casefold()
    if not DAYS_SAID.search(lowered):
        return frozenset(), frozenset()  # most sentences: no clause below can name a day
    for clause in CLAUSE.split(lowered):
        days = days_in(clause)
        if EVERY_DAY.search(clause) and not EVERY_OPEN_DAY.search(clause):
            days |= set(range(7))
        if not days:
            continue
        if CLOSED_WORDS.search(clause):
            if not partial_closure(clause):
                claimed_closed |= days
        elif OPEN_CLAIM.search(clause) or WE_DO_DAYS.search(clause) or asked_if_open:
            # "Are you open Sunday?" "Yep, Sundays ten to four." says open without the word
            claimed_open |= days
    return frozenset(claimed_open), frozenset(claimed_closed)


DAYS_SAID: Final = re.compile("mon|tue|wed|thu|fri|sat|sun|week|day|daily")
"""What a clause naming days holds: a day's name (`days_in` looks for the same letters) or one of
EVERY_DAY's words. One scan of the sentence spares the clause-by-clause reading of the rest."""


def _open_day_claims(
    sentence: str, index: FactIndex, asked_if_open: bool = False
) -> tuple[Tag, Severity, IndexedFact | None] | None:
    """ "We're open Sunday" / "closed on Saturdays", clause by clause, against the sheet's days."""
    claimed_open, claimed_closed = _claimed_days(sentence, asked_if_open)
    if not claimed_open and not claimed_closed:
        return None
    key = (id(index), sentence, asked_if_open)
    held = _open_day_memo.get(key)
    if held is not None and held[0] is index:
        return held[1]
    found = _judge_open_days(sentence, index, asked_if_open)
    if len(_open_day_memo) > 4096:
        _open_day_memo.clear()
    _open_day_memo[key] = (index, found)
    return found


_open_day_memo: dict[tuple[int, str, bool], tuple[FactIndex, Verdict]] = {}
"""Open-day verdicts by sheet index and sentence: the verdict depends on nothing else, and agents
say their days in the same words call after call ("We're open Monday to Friday, closed weekends")."""


def _judge_open_days(sentence: str, index: FactIndex, asked_if_open: bool) -> Verdict:
    """`_open_day_claims` for a sentence that claims open or closed days."""
    claimed_open, claimed_closed = _claimed_days(sentence, asked_if_open)
    clauses = [clause for clause in CLAUSE.split(sentence) if clause and clause.strip()]
    dated = [clause for clause in clauses if days_named(clause) or EVERY_DAY.search(clause.lower())]
    if len(dated) >= 2:
        # "Saturday the lobby's open nine till noon, and the drive-up is closed on Saturdays":
        # each clause against the facts about what it names
        for clause in dated:
            found = _open_day_claims(clause, index, asked_if_open)
            if found is not None:
                return found
        return None
    if CALENDAR_DATE.search(digits_for_speech(sentence)):
        # "Saturday, October ninth is open; the tenth is a Sunday and it's open too": a date on
        # the calendar is free or booked, which says nothing of the weekly opening days
        return None
    hours_facts = [fact for fact in index.facts if fact.open_days or fact.closed_days]
    words = content_words(sentence) - GENERIC - GENERIC_STEMS - WEAK - HOURS_FUNCTION - DAY_SPAN_WORDS
    about = [fact for fact in hours_facts if words & fact.words]
    named_nothing = not about
    if not about:
        # "we're closed Sunday and Monday" names nothing: the opening hours, not the walk-in days
        about = [fact for fact in hours_facts if fact.fact.topic == "hours"]
    if about:
        # "we serve lunch every day": the lunch fact's days, not the union of every opening
        opened = frozenset(day for fact in about for day in fact.open_days)
        closed = frozenset(day for fact in about for day in fact.closed_days)
        index = msgspec.structs.replace(index, open_days=opened, closed_days=closed - opened)
        hours_facts = about
    if not hours_facts:
        return ("invented_fact", "critical", None) if claimed_open else None
    for day in sorted(claimed_closed):
        if named_nothing and any(day in fact.closed_days for fact in hours_facts):
            # "We're closed Sundays." where the office is closed on Sunday and lessons run: a
            # sentence that names neither is true of one of them
            continue
        wrong = next((fact for fact in hours_facts if day in fact.open_days), None)
        if wrong is not None:
            return "wrong_fact", _topic_severity(wrong), wrong
    for day in sorted(claimed_open):
        if named_nothing and any(day in fact.open_days for fact in hours_facts):
            continue
        wrong = next((fact for fact in hours_facts if day in fact.closed_days), None)
        if wrong is None and index.open_days and day not in index.open_days:
            wrong = next((fact for fact in hours_facts if fact.open_days), hours_facts[0])
        if wrong is not None:
            return "wrong_fact", _topic_severity(wrong), wrong
    return None


DAY_SPAN_WORDS: Final[frozenset[str]] = frozenset(
    """through thru till until to from between and one two three four five six seven eight nine ten
    eleven twelve""".split()
)
"""The words of a span of days or hours ("Monday through Friday", "at seven"): they name no fact."""
HOURS_FUNCTION: Final[frozenset[str]] = frozenset(
    "until till til from there here open opens close closes stay run runs available night".split()
)
"""Words every hours sentence has: they do not say which hours ("we're there until five")."""
WORDED_DURATION: Final = compile_filtered(
    r"\b(?:an?|a couple of|couple of|half an?)\s+(?:minute|hour|day|week|fortnight|month|year)s?\b"
)
"""A length of time a caller says in words ("I paid like a week late"), which the agent may echo."""
CALENDAR_DATE: Final = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\b"
    r"|\bthe \d{1,2}(?:st|nd|rd|th)\b"
)
ASKED_PRICE: Final = compile_filtered(
    r"how much|\bcosts?\b|\bprices?\b|\bcharge\b|\bfees?\b|\brates?\b"
    r"|\bwhat(?:'s| is| are| would| does| do)\b[^?.]{1,40}\b"
    r"(?:for (?:the|a|an|one) (?:week|day|night|month|hour|year)|run|go for|set me back)\b"
)
"""A price question, also without a price word ("what's an SUV for the week?", "what does a tune-up run?")."""
BARE_PRICE: Final = re.compile(
    r"\b(?:is|are|for|at|runs?|costs?|be|it'?s|that'?s)\s+(?:a\s+|just\s+|only\s+|about\s+|around\s+)?"
    r"(\d{1,2})(:| )(\d{2})(?=\s*(?:[,.;!?]|$|each|per|plus|and|but|for|all in|total|flat))"
    r"|(?:\b(?:is|are|for|runs?|costs?|looking at)|'s)\s+(?:a\s+|just\s+|only\s+|about\s+|around\s+)?"
    r"(\d{2,5}(?:\.\d{2})?)"
    r"(?=\s*(?:[,.;!?]|$|each|plus|and|but|all in|total|flat|on top|extra|up front|upfront))"
    r"|(?:^|,\s*|\bso\s+)(?:a\s+|just\s+|only\s+|about\s+|around\s+)?(\d{2,5}(?:\.\d{2})?)"
    r"(?=\s+for (?:the|a|an|your|each) [a-z])"
)
"""An amount said bare after the caller asked a price ("how much is whitening?" "It's three fifty,
and the trays are a hundred ninety-nine."): the number in the price slot of the answer; a pair is
read as a clock time ("three fifty") or left as two numbers ("two eighty-five")."""


RATE_NAMED: Final = compile_filtered(r"\b(?:rate|price|fee|charge)\b", re.IGNORECASE)
"""A sentence that itself names a price ("weekends it's the emergency rate, so a hundred and a quarter
for the call-out"): its bare amount answers as a price does."""


def _bare_prices(sentence: str, claims: list[Claim]) -> list[Claim]:
    """The bare amounts of an answer to a price question, as money claims without a currency; a
    pair read as a clock time ("three fifty") is the price 350."""
    found: list[Claim] = []
    taken = {claim.span for claim in claims if claim.kind != "time"}
    for match in BARE_PRICE.finditer(digits_for_speech(sentence)):
        if match.group(1) is not None:
            value = float(match.group(1) + match.group(3))
            span = f"{match.group(1)}{match.group(2)}{match.group(3)}"
        else:
            amount = match.group(4) or match.group(5)
            value, span = float(amount), amount
        if span not in taken:
            # said bare and in two groups ("it's three fifty"): $350 or $3.50
            readings = (value / 100,) if match.group(1) is not None else ()
            found.append(Claim(kind="money", value=value, span=span, alternatives=readings))
    return found


OFFERED: Final = re.compile(r"(?:we|they|it|he|she|dr|the)\b")
"""The span of an offer claim starts with who offers it ("we also have ...")."""
MONEY_SPAN: Final = re.compile(r"\d")
"""A verdict's span with a number in it (an amount, not "included")."""
CALLER_NUMBER: Final = re.compile(r"\d+(?::\d{2})?")


APPLIED: Final = compile_filtered(
    r"\b(?:got you (?:down )?(?:at|for)|put you (?:down )?(?:at|for)|charge you|set you (?:up )?at|"
    r"override|i'?ll (?:do|give you|make it)|i can do)\b",
    re.IGNORECASE,
)
"""An amount the caller named that the agent applies ("I've got you at twenty dollars a night"):
the price the caller is told, a claim even though the caller said it first."""
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


def _someone_else_pays(claim: Claim, sentence: str, index: FactIndex) -> bool:
    """The amount or percentage is what someone other than the business pays or covers ("State
    Farm usually pays out around eighty percent on a hail claim", "your plan typically covers
    sixty dollars a visit"): a claim about the caller's insurer, lender or card, which the
    labelling convention judges as advice or a rule broken, not as the business's fact."""
    clause = _span_clause(claim.span, sentence)
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


def _callers_number(claim: Claim, sentence: str, previous_caller: str) -> bool:
    return claim.kind == "phone" and bool(
        CALLERS_OWN_SAID.search(sentence) or CALLERS_OWN_ASKED.search(previous_caller)
    )


def _read_back(claim: Claim, caller_numbers: set[str]) -> bool:
    """A number the caller gave, read back in another shape ("three ten Southeast Clay" heard as
    an address, read back as "three ten to five twenty"): the caller's own detail, not a claim."""
    if claim.kind not in {"time", "street", "quantity"}:
        return False
    digits = "".join(ch for ch in claim.span if ch.isdigit())
    return len(digits) >= 3 and digits in caller_numbers


ISO_DATE: Final = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?")
_MONTH_NAMES: Final = (
    "january february march april may june july august september october november december".split()
)


def _tool_dates(tools: list[ToolCall], flat: FlatMemo, *, results_only: bool = False) -> frozenset[date]:
    """The calendar dates successful tool calls returned (and, unless `results_only`, were called
    with), read from ISO dates anywhere in them."""
    found: set[date] = set()
    for tool in tools:
        if tool.error is not None:
            continue
        texts = [_flat(tool.result, flat)]
        if not results_only:
            texts.append(_flat(tool.arguments, flat, amounts=False))
        for match in ISO_DATE.finditer(" ".join(texts)):
            try:
                found.add(date(int(match.group(1)), int(match.group(2)), int(match.group(3))))
            except ValueError:
                continue
    return frozenset(found)


TOOL_DATED: Final = compile_filtered(
    r"\b(?:ready|pick(?:ed)?[ -]?up|deliver\w*|arriv\w*|book\w*|schedul\w*|see you|confirm\w*|set for|"
    r"reserv\w*|appointment|ship\w*|due|come in|expect)\b",
    re.IGNORECASE,
)
"""What a tool's date is the date of: a refill ready, a booking, a delivery."""
DAY_OF_MONTH: Final = re.compile(r"\bthe (\d{1,2})(?:st|nd|rd|th)\b")
WEEKDAY_NAMED: Final = re.compile(r"\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b")


def _tool_date_conflict(sentence: str, tool_dates: frozenset[date], today: date) -> str | None:
    """Why a sentence that gives the day of what a tool just returned ("Refill placed, it'll be
    ready Friday" after the tool said 2026-11-17) contradicts it, or None. Only days said as single
    days, in a sentence about the thing the tool dated (ready, booked, delivered...), and not in
    talk of opening hours; the day stands when any date a tool gave or was asked for matches."""
    lowered = digits_for_speech(sentence)
    if not TOOL_DATED.search(lowered) or HOURS_CONTEXT.search(lowered) or CLOSED_WORDS.search(lowered):
        return None
    said: list[tuple[str, bool]] = []
    for match in WEEKDAY_NAMED.finditer(lowered):
        weekday = DAY_NAMES[match.group(1)[:3]]
        said.append((match.group(1), any(day.weekday() == weekday for day in tool_dates)))
    dates = [claim for claim in extract(sentence) if claim.kind == "date" and isinstance(claim.value, str)]
    for claim in dates:
        month, day = (int(part) for part in str(claim.value).split("-"))
        said.append((claim.span, any((d.month, d.day) == (month, day) for d in tool_dates)))
    if not dates:
        for match in DAY_OF_MONTH.finditer(lowered):
            said.append((match.group(0), any(d.day == int(match.group(1)) for d in tool_dates)))
    for word, offset in (("today", 0), ("tomorrow", 1)):
        if re.search(rf"\b{word}\b", lowered):
            said.append((word, today + timedelta(days=offset) in tool_dates))
    if not said or any(matched for _, matched in said):
        return None
    returned = ", ".join(f"{d.isoformat()} ({d.strftime('%A')})" for d in sorted(tool_dates))
    return f'"{said[0][0]}" contradicts what the tool returned: {returned}'


@lru_cache(maxsize=4096)
def _stated(spoken: str) -> tuple[str, tuple[Claim, ...], bool]:
    """What an agent sentence states: the sentence without a trailing question or hedged clauses,
    its claims, and whether it has a number but no amount (an answer to a price question prices
    it). Cached: it depends on the sentence alone, and agents repeat their sentences."""
    sentence = TRAILING_QUESTION.sub("", spoken) if spoken.rstrip().endswith("?") else spoken
    if HEDGE.search(sentence):
        sentence = _unhedged(sentence)
    claims = tuple(extract(sentence))
    price_slot = not any(claim.kind == "money" for claim in claims) and bool(
        NUMERIC_HINT.search(digits_for_speech(sentence))
    )
    return sentence, claims, price_slot


@lru_cache(maxsize=1024)
def _priced_claims(sentence: str) -> tuple[Claim, ...]:
    """The claims of a sentence that answers a price question: "it's three fifty" is the price,
    not the clock time the words also read as."""
    claims = extract(sentence)
    bare = _bare_prices(sentence, claims)
    read_as_price = {price.span for price in bare}
    return (*(c for c in claims if not (c.kind == "time" and c.span in read_as_price)), *bare)


@lru_cache(maxsize=4096)
def _names_a_day(sentence: str) -> bool:
    return DAY_HINT.search(sentence) is not None


@lru_cache(maxsize=4096)
def _not_a_statement(sentence: str) -> bool:
    """Nothing to hold against the sheet: empty, a question, or "there are no trains"."""
    return not sentence or sentence.rstrip().endswith("?") or NEGATED_EXISTENCE.search(sentence) is not None


@lru_cache(maxsize=4096)
def _reports_booking(sentence: str) -> bool:
    return BOOKING_OUTCOME.search(sentence) is not None


HEDGED_CLAUSES: Final = re.compile(r"\s*[,;]\s*|\s+(?:but|so|and then)\s+")


@lru_cache(maxsize=4096)
def _unhedged(sentence: str) -> str:
    """The clauses of a sentence that no hedge covers: "Saturdays we go till four, so I could
    probably fit you in around two" still says Saturdays till four. A hedge that stands alone
    ("It's ninety dollars, I think") covers the whole sentence: then nothing is left."""
    clauses = HEDGED_CLAUSES.split(sentence)
    kept: list[str] = []
    for clause in clauses:
        if not HEDGE.search(clause):
            kept.append(clause)
        elif not content_words(HEDGE_WORDS.sub(" ", clause.lower())) - WEAK:
            return ""
    return ", ".join(kept)


HEDGE_WORDS: Final = compile_filtered(HEDGE.pattern)
"""The hedge phrases themselves, to tell a clause that is only a hedge ("I think") from one that
hedges something of its own."""


def _tool_values(call: Call, upto: int, flat: FlatMemo) -> dict[str, list[object]]:
    texts: list[str] = []
    for turn in call.turns[: upto + 1]:
        for tool in turn.tool_calls:
            if tool.error is None:
                texts.append(_flat(tool.result, flat))
                texts.append(_flat(tool.arguments, flat, amounts=False))
    return _key_values(extract(" ".join(texts))) if texts else {}


FlatMemo = dict[tuple[int, bool], tuple[object, str]]
"""Tool results and arguments already flattened in this call (by identity): every tool turn reads
all the tool calls before it again."""


def _flat(value: object, memo: FlatMemo, *, amounts: bool = True) -> str:
    held = memo.get((id(value), amounts))
    if held is not None and held[0] is value:
        return held[1]
    text = _flatten(value, amounts=amounts)
    memo[(id(value), amounts)] = (value, text)
    return text


def _flatten(value: object, *, amounts: bool = True) -> str:
    """Tool arguments and results as plain text, keys included, for the claim extractor. With
    `amounts`, a number under a money key reads as an amount ({"fee": 30.0} -> "fee $30.0"): a
    result the tool returned, not an argument the agent passed (a "price_override": 0 is no
    evidence that the price is zero)."""
    if isinstance(value, dict):
        items = cast("dict[object, object]", value)
        return " ".join(
            f"{key} ${item}"
            if amounts
            and isinstance(item, int | float)
            and not isinstance(item, bool)
            and PRICE_KEY.search(str(key))
            else f"{key} {_flatten(item, amounts=amounts)}"
            for key, item in items.items()
        )
    if isinstance(value, list | tuple):
        # "; " between items: two slots side by side ("17:30 2026-11-12 ...") are not one phone number
        return "; ".join(_flatten(item, amounts=amounts) for item in cast("list[object]", value))
    if value is None:
        return ""
    text = str(value)
    return ISO_DATE.sub(_spoken_date, text) if len(text) >= 10 and "-" in text else text


PRICE_KEY: Final = compile_filtered(
    r"fee|price|cost|total|amount|rate|charge|deposit|balance|fare", re.IGNORECASE
)
"""A tool result's field that holds money ({"fee": 30.0}): its number is an amount."""


def _spoken_date(match: re.Match[str]) -> str:
    """An ISO date (and time) as speech would give it, "2026-11-11T10:00" -> "2026-11-11 november
    11th at 10:00", so the agent's "November eleventh after ten" meets the tool's value."""
    month = int(match.group(2))
    if not 1 <= month <= 12:
        return match.group(0)
    said = f"{match.group(0)[:10]} {_MONTH_NAMES[month - 1]} {int(match.group(3))}th"
    if match.group(4):
        said += f" at {match.group(4)}:{match.group(5)}"
    return said


NUMBERED_WORD: Final = re.compile(r"\b\d+-[a-z]+\b")


@lru_cache(maxsize=4096)
def _numbered_words(text: str) -> frozenset[str]:
    """Words a number said in words is part of ("a sixty-minute lesson"), as a sheet writes them
    ("60-minute"), so they relate the text to the fact that has them."""
    if "-" not in text or NUMBERED_HINT.search(text) is None:
        return frozenset()
    return frozenset(content_words(" ".join(NUMBERED_WORD.findall(digits_for_speech(text)))))


NUMBERED_HINT: Final = re.compile(
    r"(?:ty|teen|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d)-[a-z]", re.I
)
"""What a number said as part of a word has ("sixty-minute", "two-hour", "3-day")."""


SIZE_WRITTEN: Final = re.compile(r"\b\d+x\d+\b")


@lru_cache(maxsize=4096)
def _sizes_said(text: str) -> frozenset[str]:
    """The sizes a text says as two lengths ("ten by tens", "a five by ten"), as a sheet writes
    them ("10x10", "5x10"), so that they relate the text to the fact about that size."""
    if " by " not in text.casefold():
        return frozenset()
    return frozenset(SIZE_WRITTEN.findall(sizes_as_written(digits_for_speech(text))))


BUSINESS_VOICE: Final = compile_filtered(r"\b(?:we|we'?re|we'?ve|we'?ll|we'?d|our|ours|us)\b", re.IGNORECASE)
"""A sentence that speaks of the business ("we", "our", "us")."""


def _advice_by_turn(call: Call, fact_sheet: FactSheet) -> dict[int, frozenset[str]]:
    """The sentences grading.checks.off_scope_advice reads as advice, by turn position."""
    found: dict[int, set[str]] = {}
    for position, sentence, _ in advice_sentences(call, fact_sheet):
        found.setdefault(position, set()).add(sentence.strip())
    return {position: frozenset(said) for position, said in found.items()}


def _numbers_of_advice(spoken: str, sentence: str, advice: frozenset[str] | None) -> bool:
    """The sentence's numbers belong to advice the turn gives: the advice sentence itself, or another
    sentence of that turn that does not speak of the business ("Just give him thirty days' notice in
    writing first" after telling a caller what they may legally do with a unit's contents). The
    labelling convention judges numbers inside advice as advice (off_scope_advice, policy_breach)."""
    if not advice:
        return False
    return spoken.strip() in advice or sentence.strip() in advice or BUSINESS_VOICE.search(sentence) is None


def check(call: Call, fact_sheet: FactSheet) -> list[Failure]:
    index = index_facts(fact_sheet)
    failures: list[Failure] = []
    caller_values: dict[str, list[object]] = {}
    previous_caller = ""
    previous_caller_values: dict[str, list[object]] = {}
    history: list[str] = []
    tool_values: dict[str, list[object]] = {}
    tool_dates: frozenset[date] = frozenset()
    flat: FlatMemo = {}
    caller_numbers: set[str] = set()
    advice: dict[int, frozenset[str]] | None = None  # the advice check's sentences, on first need
    for position, turn in enumerate(call.turns):
        history.append(turn.text)
        if turn.speaker == "caller":
            # Only values can be echoed (see _seen), and values need digits once spoken numbers are read.
            spoken_digits = digits_for_speech(turn.text)
            numeric = NUMERIC_HINT.search(spoken_digits) is not None
            valued = numeric or WORDED_DURATION.search(spoken_digits) is not None
            found = _key_values(extract(turn.text)) if valued else {}
            for kind, values in found.items():
                caller_values.setdefault(kind, []).extend(values)
            if numeric or not spoken_digits.isascii():
                # CALLER_NUMBER's \d needs a digit: NUMERIC_HINT finds an ASCII one; others are not ASCII
                caller_numbers.update(
                    number.replace(":", "") for number in CALLER_NUMBER.findall(spoken_digits)
                )
            previous_caller, previous_caller_values = turn.text, found
            continue
        fresh_dates: frozenset[date] = frozenset()
        if turn.tool_calls:
            tool_values = _tool_values(call, position, flat)
            fresh_dates = _tool_dates(turn.tool_calls, flat, results_only=True)
            if fresh_dates:
                tool_dates = _tool_dates(
                    [tool for earlier in call.turns[: position + 1] for tool in earlier.tool_calls], flat
                )
        asked_price: bool | None = None  # whether the caller's turn asked a price, on first need
        worst: dict[Tag, tuple[Severity, Failure]] = {}
        context_words: set[str] | None = None  # built on the first sentence that needs it
        for at, spoken in enumerate(sentences(turn.text)):
            sentence, claims, price_slot = _stated(spoken)
            if price_slot:
                if asked_price is None:
                    asked_price = ASKED_PRICE.search(previous_caller.lower()) is not None
                if asked_price or (
                    RATE_NAMED.search(sentence) is not None and not any(c.kind == "time" for c in claims)
                ):
                    claims = _priced_claims(sentence)
            if not claims and not fresh_dates and not _names_a_day(sentence):
                continue
            if _not_a_statement(sentence):
                continue
            sentence_words = content_words(sentence) | _sizes_said(sentence) | _numbered_words(sentence)
            if len(sentence_words - GENERIC) <= 2:
                # elliptical ("Yes, $90.", "It's ninety."): the caller's turn says what it is about
                sentence_words |= frozen_content_words(previous_caller)
            if not at and "?" in previous_caller:
                # "what's a ten by ten?" "A hundred twenty-nine a month, ...": the size asked about
                # is what the answer prices, as the sheet writes it (10x10)
                sentence_words |= _sizes_said(previous_caller)
            if context_words is None:
                # a union of the cached read-only word sets: no copy of each turn's set first
                context_words = set(frozen_content_words(previous_caller)).union(
                    frozen_content_words(turn.text),
                    *(
                        frozen_content_words(earlier.text)
                        for earlier in call.turns[max(0, position - 3) : position]
                    ),
                )
            booking = _reports_booking(sentence)
            verdicts: list[tuple[Tag, Severity, IndexedFact | None, str]] = []
            affirming = bool(AFFIRM.match(sentence.strip())) and "?" in previous_caller
            asked_if_open = affirming and bool(OPEN_CLAIM.search(previous_caller.lower()))
            open_day = _open_day_claims(sentence, index, asked_if_open)
            if open_day is not None:
                verdicts.append((*open_day, "the open days"))
            supported_amounts: list[Claim] = []  # amounts that stood, for the price-told rule below
            for claim in claims:
                echoed = _seen(caller_values, claim) or _read_back(claim, caller_numbers)
                # a price the caller dictated that the agent applies is the price the caller is told
                applied = echoed and claim.kind == "money" and APPLIED.search(sentence) is not None
                if booking and claim.kind in {"money", "quantity"} and not applied:
                    continue
                if _callers_number(claim, sentence, previous_caller):
                    continue
                if echoed and not (affirming and _seen(previous_caller_values, claim)) and not applied:
                    continue
                if _seen(tool_values, claim):
                    continue
                if claim.kind in {"percent", "money"} and _someone_else_pays(claim, sentence, index):
                    continue
                outcome: Verdict = _judge_claim(
                    claim, sentence, index, sentence_words, context_words, history
                )
                if applied and outcome is not None and outcome[0] == "invented_fact":
                    # the caller's own rate for what the call is about contradicts that price
                    priced = _priced_alike(sentence, index, history)
                    if priced is not None:
                        outcome = ("wrong_fact", _topic_severity(priced), priced)
                if outcome is None and claim.kind == "money":
                    supported_amounts.append(claim)
                if outcome is not None:
                    tag, severity, fact = outcome
                    verdicts.append((tag, severity, fact, claim.span))
                    also = _told_free_as_well(claim, outcome, sentence, index, sentence_words, context_words)
                    if also is not None:
                        verdicts.append((*also, claim.span))
            invented_amount = any(
                tag == "invented_fact" and fact is None and MONEY_SPAN.search(span)
                for tag, _, fact, span in verdicts
            )
            priced_here = _first_stated(supported_amounts, index) if invented_amount else None
            if priced_here is not None:
                # "forty off one seventy-nine fifty, that's one-oh-seven seventy": an amount whose
                # clause names nothing is the price told for what the sentence priced, so it
                # contradicts that fact ("... and deep cleanings are $250" names its own thing)
                verdicts = [
                    ("wrong_fact", _topic_severity(priced_here), priced_here, span)
                    if tag == "invented_fact"
                    and fact is None
                    and MONEY_SPAN.search(span)
                    and not _span_clause_words(span, sentence)
                    else (tag, severity, fact, span)
                    for tag, severity, fact, span in verdicts
                ]
            if any(tag == "invented_fact" and MONEY_SPAN.search(span) for tag, _, _, span in verdicts):
                # "$4200, and that includes packing": what an invented price includes is part of
                # the invented offer, not a second claim against the sheet
                verdicts = [v for v in verdicts if not v[3].startswith("includ")]
            if any(tag == "invented_fact" and span == "waived" for tag, _, _, span in verdicts):
                # "I've waived the deposit, no charge": the waiver is the claim; "no charge" restates it
                verdicts = [v for v in verdicts if v[0] != "wrong_fact" or MONEY_SPAN.search(v[3])]
            if any(
                tag == "invented_fact"
                and (
                    OFFERED.match(span)
                    or (span == "free" and OFFER_TERMS.search(digits_for_speech(sentence)))
                )
                for tag, _, _, span in verdicts
            ):
                # "we also have take-home trays for 199": the amount is the invented thing's price;
                # "any order over a hundred gets free delivery": the amount is the invented offer's terms
                verdicts = [v for v in verdicts if not (v[0] == "wrong_fact" and MONEY_SPAN.search(v[3]))]
            if any(MONEY_SPAN.search(span) for *_, span in verdicts):
                if advice is None:
                    advice = _advice_by_turn(call, fact_sheet)
                if _numbers_of_advice(spoken, sentence, advice.get(position)):
                    # "ice it twenty minutes after you run", "just give him thirty days' notice":
                    # numbers inside advice are judged as advice, not as the business's facts
                    verdicts = [v for v in verdicts if not MONEY_SPAN.search(v[3])]
            if fresh_dates:
                conflict = _tool_date_conflict(sentence, tool_dates, call.started_at.date())
                if conflict is not None:
                    worst["wrong_fact"] = (
                        "critical",
                        Failure(
                            tag="wrong_fact",
                            severity="critical",
                            turn=position + 1,
                            quote=spoken.strip()[:200],
                            reason=conflict,
                        ),
                    )
            for tag, severity, fact, span in verdicts:
                if fact is not None:
                    reason = f'"{span}" contradicts fact {fact.fact.id}: "{fact.fact.statement}"'
                else:
                    reason = f'"{span}" is a specific claim the fact sheet does not support'
                failure = Failure(
                    tag=tag,
                    severity=severity,
                    turn=position + 1,
                    quote=spoken.strip()[:200],
                    reason=reason,
                    ref=fact.fact.id if fact is not None else None,
                )
                if tag not in worst or _RANK[severity] > _RANK[worst[tag][0]]:
                    worst[tag] = (severity, failure)
        failures.extend(failure for _, failure in worst.values())
    return failures
