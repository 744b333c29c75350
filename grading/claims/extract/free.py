"""Free things: "free", "included", "no charge", "waived" said of something, and what is free;
not "free" meaning available, "everyone included", or a denial."""

from __future__ import annotations

import re
from typing import Final

from grading.first_chars import compile_filtered
from grading.speech import content_words

FREE: Final = re.compile(
    r"(?<![\w-])(?:free(?: of charge)?(?!\s+(?:of|from)\b)(?!-)|complimentary|"
    r"no (?:extra |additional |[a-z]+ )?(?:charge|cost|fee)|at no (?:extra |additional )?(?:cost|charge)|"
    r"included|includes|on the house|waived|"
    r"(?:(?<=\bis )|(?<='s )|(?<='re )|(?<=\bare )|(?<=\bbe ))on us(?!\s+to\b)|"
    r"(?:is|are|be|comes to|down to|that'?s|it'?s)\s+"
    r"(?:0(?![.,:]\d)|nothing)"
    r"(?=\s*(?:[,.;!?]|$|dollars?\b|bucks\b|for\b|extra\b|at all\b|today\b|this time\b))|"
    r"costs? (?:you )?nothing|(?:pay|charge) (?:you )?nothing|"
    r"(?:there'?s|there is|you'?ve got|you have) nothing (?:due|to pay|owing|owed))\b"
)
ZERO_PRICE: Final = re.compile(
    r"\b(?:fee|price|cost|charge|deposit|total|bill|rate|fare|admission|it|that)\b"
)
""""The joining fee is zero", "that comes to nothing": a price of nothing, when what is zero is a
price (not "the wait is zero")."""


FREE_AS_AVAILABLE: Final = compile_filtered(
    r"(?:\b(?:i'?m|i am|we'?re|we are|you'?re|you are|he'?s|he is|she'?s|she is|who'?s|who is|anyone'?s|"
    r"anyone is|"
    r"someone'?s|someone is|chair'?s|chair is|(?:when|if|once|until|as soon as) (?:they|we|you|he|she|it)"
    r"(?:'re|'s| are| is| get| gets)?)\s+(?:\w+\s+)?$)"
    r"|\b(?:has|have|got|had|keep|kept)\s+(?:\S+\s+){0,3}?$"
)
"""What comes before "free" when it means not busy ("when they're free", "Ana has 5:30 free")."""
FREE_AT_A_TIME: Final = re.compile(
    r"\s+(?:at|from|between)\s+\d{1,2}(?::\d{2})?\b(?!\s*(?:hours?|days?|weeks?|minutes?|%|percent|dollars?|pounds?))"
)
""""Dana is free at 2:30": free at a clock time is someone's availability."""
PLACE_BEFORE: Final = re.compile(
    r"\b(?:space|spot|seat|table|slot|room|chair|lane|court|bay|bed|place|appointment|opening|pitch|"
    r"site|stall|booth|desk|cabin|berth|bench|station|machine|simulator)s?\s+(?:still\s+|left\s+)?$"
)
OPEN_AFTER: Final = re.compile(
    r"\s*(?:[,.;!?]|$|(?:at|on|in|by|then|that|this|today|tonight|tomorrow|now|right now|next|between|"
    r"from|for (?:you|the (?:\w+ )?(?:show|showing|screening|session|class|time))|if|so|and|but)\b)"
)
"""A place or a slot, then "free" that ends its clause or says when or where ("there's a
wheelchair space free", "two seats free at the nine o'clock", "a lane free in an hour"): it is not
taken. "A room free for members" says who pays nothing, a price claim."""
ONE_OF_THEM: Final = re.compile(
    r"(?:has|have|got|had|keep|kept)\s+(?:a|an|one|someone|somebody|anyone|anybody)\s"
)
"""What is had free is one of a kind ("got a technician", "have someone"): a person or a place
that can be free at a time; "have parking free on Sundays" has a thing, which is free of charge."""
FREE_WHEN: Final = re.compile(
    r"\s+(?:this (?:morning|afternoon|evening|week|weekend)|today|tonight|tomorrow|right now|now|later|"
    r"all day|any ?time|on (?:mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?))\b"
)
""""I've got a technician free this afternoon": what someone has free, followed by when, is
their time, not something at no charge ("delivery is free today" is a price: no one has it)."""
TIME_ISH: Final = re.compile(
    r"\d|slot|time|morning|afternoon|evening|hour|minute|day|week|chair|spot|space|room|table"
)
INCLUDED_ASIDE: Final = re.compile(
    r",\s*(?:your|his|her|their|my)\s+[a-z0-9'-]+(?:\s+[a-z0-9'-]+)?\s+included\s*(?:,|$)"
)
""""For most Windows laptops, your Inspiron included, a screen is ...": the caller's own thing
counted among those a statement covers, set off by commas; no part of a price."""
INCLUDED_PEOPLE: Final = re.compile(
    r"\b(?:everyone|everybody|anyone|family|families|friends|relatives|staff|me|you|us|them|him|her|"
    r"myself|yourself|ourselves|themselves)\s+included\b"
)
""""Everyone, family included": a way of saying "including", not something offered at no charge."""


NOT_BEFORE: Final = re.compile(
    r"\b(?:don'?t|do not|doesn'?t|does not|didn'?t|isn'?t|is not|aren'?t|are not|not|never|no longer|"
    r"won'?t|will not|can'?t|cannot)\b[^,;.!?]*$"
)
""""We don't do free consultations", "the exam isn't free": the clause denies that it is free, so
it is no free claim (of agent speech, nor of a fact)."""
NEGATED_LIST: Final = re.compile(
    r"\b(?:don'?t|do not|doesn'?t|does not|not|never|won'?t|will not|can'?t|cannot)\s+[a-z' ]{1,30}?"
    r"(?:,\s*[a-z'-]+(?:\s+[a-z'-]+){0,2})*,\s*(?:and\s+|or\s+)?$"
)
"""A denial whose verb governs a list ("never agree to discounts, waived fees or custom pricing"):
a free word that opens a later item of the list is denied with it, as in one clause."""


def denied(text: str, start: int) -> bool:
    """Whether the free word at `start` is under a denial: in its own clause (`NOT_BEFORE`), or
    opening an item of a list a denied verb governs (`NEGATED_LIST`)."""
    if NOT_BEFORE.search(text, 0, start) is not None:
        return True
    if "," not in text[:start]:
        return False
    clause_start = max(text.rfind(mark, 0, start) for mark in ";.!?") + 1
    return NEGATED_LIST.search(text, clause_start, start) is not None


GRANTED: Final = re.compile(
    r"\b(?:i'?ve|i have|i'?ll|i will|i can|i'?m|we'?ve|we'?ll|we can|let me)\s+(?:just\s+)?$"
)
""""I've waived the deposit": a concession the agent grants, not a fact about the price."""


def not_a_price(text: str, match: re.Match[str]) -> bool:
    """Whether a "free" / "included" is ordinary speech rather than a claim that something costs
    nothing: free meaning available, or "X included" meaning "including X"."""
    word = match.group(0)
    if word.startswith("free"):
        before = text[max(0, match.start() - 40) : match.start()]
        if word == "free" and FREE_AT_A_TIME.match(text, match.end()):
            return True
        if word == "free" and PLACE_BEFORE.search(before) and OPEN_AFTER.match(text, match.end()):
            return True
        found = FREE_AS_AVAILABLE.search(before)
        if found is None:
            return False
        owned = found.group(0).startswith(("has", "have", "got", "had", "keep", "kept"))
        return (
            not owned
            or TIME_ISH.search(found.group(0)) is not None
            or (
                word == "free"
                and ONE_OF_THEM.match(found.group(0)) is not None
                and FREE_WHEN.match(text, match.end()) is not None
            )
        )
    if word == "included":
        return (
            INCLUDED_PEOPLE.search(text, max(0, match.start() - 30), match.end()) is not None
            or INCLUDED_ASIDE.search(text, max(0, match.start() - 40), min(len(text), match.end() + 2))
            is not None
        )
    if word == "on the house":
        # "congratulations on the house": the caller's new home, not something given free
        return (
            re.search(r"(?:congratulations|congrats|luck|work|damage|offer)\s*$", text[: match.start()])
            is not None
        )
    if word.startswith(("is ", "are ", "be ", "comes ", "down ", "that", "it")):
        clause = re.split(r"[,.;!?]", text[max(0, match.start() - 40) : match.start()])[-1]
        # "the joining fee is zero"; "that's zero for the call-out": the charge for a thing
        return ZERO_PRICE.search(clause) is None and CHARGED_FOR.match(text, match.end()) is None
    return False


def free_subject(text: str, match: re.Match[str]) -> tuple[str, ...]:
    """What is said to be free: the words right after "free X" / "includes X", else the words just
    before ("admission is free", "breakfast is included") and after ("free to enter")."""
    after = [
        w
        for w in content_words(" ".join(text[match.end() :].split()[:2]))
        if w not in _FREE_WORDS and w not in _WHERE_WHEN
    ]
    if (
        after
        and match.group(0).startswith(("free", "complimentary", "includes"))
        and not re.match(r"\s*(?:to|of|for)\b", text[match.end() :])
        and not REASON_AFTER.match(text, match.end())
        and not JOINED_AFTER.match(text, match.end())
    ):
        return tuple(sorted(after))
    charged = (
        None
        if match.group(0).startswith(("free", "complimentary", "includ"))
        else CHARGED_FOR.match(text, match.end())
    )
    if charged is not None:
        # "no charge for the visit": what the charge is for is what is free
        named = content_words(charged.group(1)) - _FREE_WORDS - _WHERE_WHEN
        if named:
            return tuple(sorted(named))
    before = content_words(" ".join(re.split(r"[,.;!?]", text[: match.start()])[-1].split()[-6:]))
    if REASON_AFTER.match(text, match.end()) or JOINED_AFTER.match(text, match.end()):
        after = []
    return tuple(sorted((before | set(after)) - _FREE_WORDS))


REASON_AFTER: Final = re.compile(
    r"[\s,]*(?:(?:this|that) (?:time|once)[\s,]*)?(?:since|because|cause|'cause|once|unless|provided|seeing|"
    r"given)\b"
)
"""A reason or condition right after "free" ("your first class is free since you're new"; "no fee
this time, since it's more than a day away"): no thing is named after it, so the free thing is the
one said before (or none)."""
JOINED_AFTER: Final = re.compile(r"[\s,]*(?:and|but|or|plus)\s+(?!(?:a|an|the|your|its)\b)[a-z]+(?:s|ed)\b")
""""The consultation is free and takes about an hour": a second predicate of the thing said before,
joined after "free", names nothing that is free."""
FREE_THEN_NO_THING: Final = re.compile(
    r"\s*(?:to|of|for|and|or|on|with|while|in|at|if|when|until|till|between|within|inside|outside|"
    r"over|under|up|from|after|before|during|by|as|so|but|now|today|too|here|there|anyway|"
    r"since|because|cause|once|unless|provided|seeing|given)\b"
)
"""What follows "free" when no thing is named after it ("pickup is free wherever you are",
"delivery is free on orders over $2,500"): the free thing is said before."""
CHARGED_FOR: Final = re.compile(
    r"\s+(?:for|on)\s+(?:the|your|a|an|his|her|their)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)"
    r"(?=\s*(?:[,.;!?]|$|and\b|but\b|so\b|either\b|today\b|this\b|if\b|you\b))"
)
"""What a charge said to be none is for ("no charge for the visit", "no fee on your install")."""


_WHERE_WHEN: Final[frozenset[str]] = frozenset(
    """anywhere everywhere wherever whenever today tonight now too here there always again forever
    anyway""".split()
)
"""Words after "free" that say where or when, not what ("delivery's free anywhere we go")."""
_FREE_WORDS: Final[frozenset[str]] = frozenset(
    {
        "free",
        "charge",
        "cost",
        "fee",
        "price",
        "complimentary",
        "included",
        "include",
        "includ",
        "extra",
        "additional",
    }
)
