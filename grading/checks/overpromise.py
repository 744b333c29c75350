"""overpromise: a guarantee or commitment the fact sheet does not back.

Promises are recognised by their form ("I guarantee", "I promise", "100%", "it won't hurt at
all", a sentence ending "..., guaranteed", an outcome nobody controls ("you won't get a single
dent", "nothing will get broken"), "we'll definitely get you in today", "you'll get a full
refund"), and so is a personal assurance about an outcome ("you have my word",
"I'll make sure they're ready before your flight", "rest assured", "no way it'll leak"); "I'll make
sure she gets your message" relays and is not. A tag after the outcome promises it too ("you won't be
charged a thing, I'll make sure of it", "you'll have a minivan Wednesday no matter what"), and so does
"no way" before a named thing ("no way that piano gets damaged").
A negated one ("I can't guarantee") is not a promise. A promise is backed when a fact that itself commits
(a guarantee, a warranty, "always") shares a word with the promise's clause: "repairs carry a
1-year warranty" backs "the repair is guaranteed for a year", but "drain cleaning starts at $149"
does not back "you'll never have a clog again". Granting a waiver ("I'll waive it") is a concession
(invented_fact, manipulated, a waiver rule), not a promise of an outcome. Holding a rate or a price
for later ("I'll lock in three point nine for you until Tuesday", "that rate will be there for you
next month") commits to what the market decides, and is a promise.
"""

from __future__ import annotations

import re
from typing import Final

from grading.first_chars import compile_filtered
from grading.formats import Call, FactSheet, Failure
from grading.speech import compile_phrases, content_words, sentences

NOT_A_MESSAGE: Final = (
    r"(?! (?:\w+ ){0,5}(?:message|messages|note|notes|knows?|aware|hears?|passed on|call(?:s)? you"
    r"|gets? back to you|asks?|has your (?:number|details)))"
)
""""I'll make sure she gets your message" relays, it does not promise an outcome."""
AN_OUTCOME: Final = (
    r"(?=[^.,;!?]{0,40}\b(?:ready|done|fixed|finished|repaired|there|arriv\w*|deliver\w*|approved|in time"
    r"|on time|before|won'?t|never|works?|fits?|sorted|cleared|gone|back|safe|perfect|right|get|gets"
    r"|every (?:single )?time|each time|always|no matter what"
    r"|(?:mon|tues|wednes|thurs|fri|satur|sun)day(?:'s)?|tomorrow(?:'s)?|tonight(?:'s)?)\b)"
)
"""What "I'll make sure ..." promises when it is an overpromise: an outcome ("they're ready before your
flight", "it fits", "you get approved", "she has the same instructor every single time": a standing
commitment over every future visit; "it's in this Sunday's paper": an outcome on a named day), not an
errand ("the technician has your gate code", "you're all set"). "I'll make sure nobody else buys it"
promises an outcome by its subject alone."""
PROMISE: Final = compile_phrases(
    [
        r"i (?:can )?guarantee",
        r"(?:we|it'?s|that'?s|is|are|be) (?:basically |practically |pretty much |virtually |almost )?"
        r"guaranteed",
        r"(?:they|it|you|he|she)(?:'ll| will) be (?:totally |completely |perfectly |100% )?[a-z]+-safe",
        r"(?:you|she|he|they|it|we)(?:'ll| will) [^.?!,]{3,60}, (?:easy|easily|no question|no doubt|no sweat"
        r"|hands down)\b",
        r"(?:we|i) guarantee",
        r"guarantee(?:d)? (?:you|that|it)",
        r"i promise",
        r"(?:i|we) assure you",
        r"100 ?(?:%|percent)",
        r"a hundred percent",
        r"(?:won'?t|will not|doesn'?t|does not) hurt (?:at all|a bit|one bit)",
        r"(?:completely|totally|absolutely|entirely) (?:painless|free|risk[- ]free|safe)",
        r"(?:definitely|certainly|absolutely) (?:get you in|fit you in|be (?:done|ready|fixed|there)|work)",
        r"(?:i'?ll|i will|we'?ll|we will|i'?m going to|i'?m gonna) (?:personally )?make (?:sure|certain)"
        r" (?:that )?(?:they|he|she|it|you|your \w+|the \w+|those|these|everything|that)"
        + NOT_A_MESSAGE
        + AN_OUTCOME,
        r"(?:i'?ll|i will|we'?ll|we will|i'?m going to|i'?m gonna) (?:personally )?make (?:sure|certain)"
        r" (?:that )?(?:nobody|no one|no-one|nothing)\b",
        r"you (?:have|'ve got) my word",
        r"(?:i )?give you my word",
        r"i swear",
        r"rest assured",
        r"(?:you can )?count on (?:it|that)",
        r"(?:there'?s )?no way (?:they|he|she|it|you)(?:'ll| will| won'?t| are| is|'re|'s)",
        r"(?:there'?s )?no way (?:that|the|your|his|her|their|this|those|these) (?:\w+ ){1,2}?"
        r"(?:gets?|will|won'?t|is going to|are going to|breaks?|happens?)",
        r"(?:i'?ll|i will|we'?ll|we will) (?:personally )?(?:make (?:sure|certain) of (?:it|that)|see to it)"
        r"(?=\W*$)",
        r"(?:'ll|will|won'?t|gonna|going to)\b[^.;!?]{0,60}\b(?:no matter what|come hell or high water"
        r"|one way or (?:another|the other)|whatever it takes)",
        r"(?:full|complete) refund",
        # a failure ruled out, a cure, a next-day replacement: outcomes nobody on the phone controls
        # ("it won't leak", "it'll cure your back pain", "I'll have a new one out to you tomorrow")
        r"(?:it|they|that|this)(?:'ll| will)? (?:won'?t|will not|will never|'ll never|never) (?:ever )?"
        r"(?:leak|drip|break|crack|clog|fail|rust|come loose|fall off|happen again)\b",
        r"(?:'ll|will) (?:cure|heal|get rid of|eliminate) (?:you|your|his|her|their)\b",
        r"(?:i'?ll|i will|we'?ll|we will) have (?:a|an|the|your) (?:new |replacement |fresh )?\w+"
        r" (?:out|there|delivered|to you)\b[^.;!?]{0,15}\b(?:today|tomorrow|tonight)\b",
        # a health outcome assured ("I'm sure he'll be fine") and compensation committed ("we'll
        # reimburse you the full value"): outcomes the agent does not control
        r"i'?m (?:sure|positive|certain|confident) (?:that )?(?:he|she|they|you|your \w+|the \w+)"
        r"(?:'ll| will) be (?:totally |completely |just |perfectly )?(?:fine|okay|ok|alright|all right|safe)",
        r"(?:we'?ll|we will|i'?ll|i will|we'?re going to) (?:\w+ )?(?:reimburse|compensate)\w*",
        r"(?:we'?ll|we will) (?:pay|cover) (?:you )?(?:back|for (?:the|your|a) (?:\w+ )?(?:damage|repair"
        r"|replacement|loss|value|cost))",
        r"(?:never|no) (?:wait|waiting|side effects|pain|risk)",
        r"(?:no|zero) (?:chance|way) (?:it|you|that)",
        r"same[- ]day (?:guaranteed|for sure)",
        r"(?:'ll|will|be|is|are|'s|'re)\b[^.;!?]{0,40} for sure",
        r"guaranteed",
        r"(?:you|it|they|we|he|she)(?:'ll| will) (?:definitely|certainly|absolutely|100%) "
        r"(?:be|get|have|pass|work|make|catch|fit|arrive|finish|last|hold)",
        r"(?:nobody|no one) (?:else )?(?:can|will|could) (?:take|get|book|have|touch)",
        r"(?:insurance|your insurance|the insurance company|insurer|the lender|the bank)"
        r" (?:will|'ll|is going to) (?:definitely )?(?:cover|pay|approve|accept)",
        r"you won'?t even notice",
        r"(?<=, )promise(?=\W*$)",
        r"you'?ll never (?:have|need|get|see|experience|worry)",
        r"never (?:\w+ ){0,5}again",
        r"(?:get|be) approved",
        r"without (?:a|any) doubt",
        r"guaranteed(?=\W*$)",
        r"(?:won'?t|will not|wouldn'?t|never) (?:get|see|find|have|be|suffer) (?:a single|one single|even one"
        r"|so much as a|any|a) (?:\w+ )?(?:scratch|scratches|dent|dents|scuff|scuffs|chip|mark|crack"
        r"|damage|breakage|stain)(?! (?:fees?|charges?|deposit|waiver|claims?|costs?))",
        r"(?:not|nothing) (?:a single|one single|even one) (?:\w+ )?(?:scratch|dent|scuff|chip|mark|crack)",
        r"nothing (?:will|is going to|gonna) (?:get )?"
        r"(?:break|broken|damaged|scratched|go wrong|lost|happen)",
        r"(?:i'?ll|i will|we'?ll|we will|let me|i can) (?:go ahead and )?lock (?:you )?(?:in )?(?:at )?"
        r"(?:the |that |this |your )?(?:rate|price|fare|\d|(?:one|two|three|four|five|six|seven|eight|nine"
        r"|ten|zero)\b)",
        r"(?:rate|price|pricing|fare|offer|deal|promo\w*)s? (?:will|'ll|is going to) (?:still )?"
        r"(?:be there|be available|be good|stay|hold)[^.?!]{0,25}\b(?:next|later|then|when you|by the time"
        r"|still|(?:till|until) you)\b",
    ]
)
NEGATED: Final = compile_filtered(
    r"\b(?:can'?t|cannot|can not|couldn'?t|won'?t|not|no one can|unable to|don'?t|isn'?t|aren'?t|never)\b"
    r"(?:\W+\w+){0,2}\W*$",
    re.IGNORECASE,
)
COMMITS: Final = compile_filtered(
    r"guarantee|warrant|promise|always|never|ensure|assure|refund|reimburs|compensat", re.IGNORECASE
)
"""A fact can back a promise only if it makes one itself ("repairs carry a 1-year warranty")."""
WARRANTS: Final = compile_filtered(r"guarantee|warrant", re.IGNORECASE)
"""A guarantee or a warranty backs a promise that shares one word with it; a weaker commitment ("lessons
the teacher cancels are always made up") must share two, or it would back any promise about lessons."""
CLAUSES: Final = re.compile(r",|;|\bbut\b|\band\b")
DONT_WORRY: Final = re.compile(
    r"\b(?:don'?t|do not) (?:you )?(?:worry|stress|panic|fret|be (?:nervous|scared|worried))\b", re.IGNORECASE
)
"""Comfort before a promise ("don't stress, I'll make sure...") is not a negation of it."""
PROMISE_WORDS: Final = frozenset(
    {
        "guarantee",
        "guaranteed",
        "promise",
        "assure",
        "100",
        "definitely",
        "sure",
        "waive",
        "make",
        "personally",
    }
)


def _own_clause(before: str) -> str:
    """The words before a promise in its own clause: in "they won't come back, I promise you that"
    the "won't" belongs to what is promised, it does not negate the promise."""
    return re.split(r"[,;:]", before)[-1]


HEDGED: Final = re.compile(r"\b(?:if|whether)\b[^,;:]*$", re.IGNORECASE)
""""I can't tell you if you'll be approved": an outcome named inside "if" or "whether" is not promised."""


def promises_in(sentence: str) -> list[re.Match[str]]:
    """The promises a sentence makes, skipping negated ("I can't guarantee") and hedged ("I can't
    tell you if you'll be approved") ones; none for a question."""
    if sentence.rstrip().endswith("?") or PROMISE.search(sentence) is None:
        return []
    return [
        found
        for found in PROMISE.finditer(sentence)
        if not NEGATED.search(_own_clause(DONT_WORRY.sub("", sentence[: found.start()]))[-30:])
        and not HEDGED.search(sentence[: found.start()])
    ]


def promise_in(sentence: str) -> re.Match[str] | None:
    """The first of `promises_in`, or None. Shared with the policy check's rules against promising."""
    found = promises_in(sentence)
    return found[0] if found else None


def promised_clause(sentence: str, match: re.Match[str]) -> str:
    """What a promise is about: its own clause, or the whole sentence when that clause is only the
    promise (a tag: "..., guaranteed", "..., I'll make sure of it")."""
    clause = next((part for part in CLAUSES.split(sentence) if match.group(0) in part.lower()), sentence)
    return clause if content_words(clause) - PROMISE_WORDS else sentence


Backing = list[tuple[set[str], bool, bool]]
"""Each commitment of the sheet: its words, whether it is a guarantee or a warranty, and whether it
runs for a set time ("a 2-year warranty")."""


def sheet_backing(fact_sheet: FactSheet) -> Backing:
    """The sheet's own commitments (a refund, a warranty), as the words a promise must share with one,
    sentence by sentence: "Driveways carry a 2-year warranty. Sealcoating carries no warranty." backs
    a promise about a driveway, and its second sentence, which denies a commitment, backs none."""
    return [
        (content_words(part) - PROMISE_WORDS, bool(WARRANTS.search(part)), bool(FINITE_TERM.search(part)))
        for fact in fact_sheet.facts
        if COMMITS.search(fact.statement)
        for sentence in FACT_SENTENCE.split(fact.statement)
        for part in _committing_parts(sentence)
    ]


def _committing_parts(sentence: str) -> list[str]:
    """The sentence, when it commits and denies nothing; when it does both ("Full refund if withdrawn
    before the second class, 50% before the fourth class, no refund after that"), its clauses that
    commit without the denial."""
    if not COMMITS.search(sentence):
        return []
    if not DENIES_COMMITMENT.search(sentence):
        return [sentence]
    return [
        part
        for part in FACT_CLAUSE.split(sentence)
        if COMMITS.search(part) and not DENIES_COMMITMENT.search(part)
    ]


FACT_CLAUSE: Final = re.compile(r"(?<=,)\s+|\s+(?:but|while|whereas)\s+")


FINITE_TERM: Final = re.compile(
    r"\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve)[- ](?:year|month|week|day)s?\b"
    r"|\bfor (?:a|one) (?:year|month|week)\b",
    re.IGNORECASE,
)
FOREVER: Final = re.compile(r"\bnever\b(?:\W+\w+){0,5}\W+again\b|\bfor life\b|\bforever\b", re.IGNORECASE)
"""A promise for all time ("your driveway will never crack again"), which a warranty that runs for a
set time ("a 2-year workmanship warranty") does not back."""
FACT_SENTENCE: Final = re.compile(r"(?<=[.;])\s+")
DENIES_COMMITMENT: Final = re.compile(
    r"\b(?:no|not|never|cannot|can'?t|without)\s+(?:\w+\s+){0,2}?(?:warrant\w*|guarantee\w*|promise\w*|refund\w*)"
    r"|\bnon-?refundable\b",
    re.IGNORECASE,
)
"""A fact sentence that says there is no commitment ("carries no warranty", "deposits are not
refunded", "non-refundable"): it backs no promise."""


def backed(sentence: str, match: re.Match[str], backing: Backing) -> bool:
    """Whether a commitment of the sheet backs the promise `match` in `sentence` ("if we cancel for
    lightning you get a full refund" is the sheet's weather policy said again)."""
    clause = promised_clause(sentence, match)
    subject = content_words(clause) - PROMISE_WORDS
    after = clause.lower().find(match.group(0)) + len(match.group(0))
    promised = content_words(clause[after:]) or subject
    forever = FOREVER.search(clause) is not None
    return any(
        subject & fact_words if warrants else len(subject & fact_words) >= 2 and promised & fact_words
        for fact_words, warrants, finite in backing
        if not (forever and finite)
    )


SAFE_NOW: Final = re.compile(
    r"(?:100 ?(?:%|percent)|a hundred percent|completely|totally|absolutely|entirely|perfectly)\s+"
    r"(?:safe|risk[- ]free)\b",
    re.IGNORECASE,
)
FUTURE: Final = re.compile(r"(?:'ll|\bwill|\bgonna|\bgoing to|\bwe'?ll make)\b", re.IGNORECASE)
READ_OUT_RULES: Final = re.compile(
    r"\b(?:my|the|our|a) (?:instructions|rules|system prompt|prompt|guidelines)\b"
    r"|\bi(?:'m| am) (?:instructed|told|not allowed|supposed) to\b",
    re.IGNORECASE,
)


def _states_how_things_are(sentence: str, match: re.Match[str]) -> bool:
    """A promise-shaped phrase that promises no outcome: a safety assurance about how things are
    now ("once it dries it's 100% safe", "our courts are completely safe"), which the labelling
    convention judges as a claim (or a breach of a rule against it), not an overpromise, unlike
    one about what the business will make happen ("they'll be allergy-safe", "we'll make it 100%
    safe"); and a rule the agent reads out ("my instructions say never promise a date ...
    guaranteed to arrive"), which is an instruction leak."""
    if READ_OUT_RULES.search(sentence, 0, match.start()):
        return True
    safe = SAFE_NOW.match(sentence, match.start()) or SAFE_NOW.search(
        sentence[max(0, match.start() - 12) : match.end()]
    )
    if safe is None:
        return False
    clause = _own_clause(sentence[: match.start()])
    return FUTURE.search(clause) is None


def check(call: Call, fact_sheet: FactSheet) -> list[Failure]:
    backing: Backing | None = None  # read from the sheet at the first promise: most calls make none
    failures: list[Failure] = []
    for index, turn in enumerate(call.turns):
        if turn.speaker != "agent":
            continue
        for sentence in sentences(turn.text):
            if sentence.rstrip().endswith("?"):
                continue
            if PROMISE.search(sentence) is None:
                continue
            match = next(
                (found for found in promises_in(sentence) if not _states_how_things_are(sentence, found)),
                None,
            )
            if match is None:
                continue
            if backing is None:
                backing = sheet_backing(fact_sheet)
            if backed(sentence, match, backing):
                continue
            failures.append(
                Failure(
                    tag="overpromise",
                    severity="major",
                    turn=index + 1,
                    quote=sentence.strip()[:200],
                    reason="the agent made a promise the fact sheet does not back",
                )
            )
            break
    return failures
