"""What the business says it has, offers, takes, is or is near, and how many: offers and their
lists, facilities, credentials, what it accepts, landmarks, price levels, counts and sizes."""

from __future__ import annotations

import re
from typing import Final

from grading.claims.numbers import TENS, UNITS
from grading.first_chars import compile_filtered

PRICE_LEVELS: Final[dict[str, str]] = {
    "cheap": "cheap",
    "cheaply": "cheap",
    "inexpensive": "cheap",
    "inexpensively": "cheap",
    "budget": "cheap",
    "low-cost": "cheap",
    "moderate": "moderate",
    "moderately": "moderate",
    "mid-range": "moderate",
    "midrange": "moderate",
    "mid-priced": "moderate",
    "expensive": "expensive",
    "expensively": "expensive",
    "pricey": "expensive",
    "upscale": "expensive",
    "high-end": "expensive",
    "costly": "expensive",
}
PRICE_LEVEL: Final = re.compile(r"\b(" + "|".join(re.escape(w) for w in PRICE_LEVELS) + r")\b")
OFFER: Final = re.compile(
    r"\b(?:we|they|it|he|she|dr\.? [a-z]+|the (?:office|clinic|shop|restaurant|hotel|practice))"
    r"(?:\s+(?:also\s+)?(?:offer|offers|provide|provides|have|has|feature|features|run|runs|host|hosts)"
    r"|'ve (?:also )?got)\s+"
    r"(?:a |an |the |some |our |their )?([a-z0-9][a-z0-9' -]{2,60}?)"
    r"(?=[,.;!?]|\s+(?:for|to|and|plus|with|so|if|on|at|every|which|that|where|when|from)\b|$)"
)
OFFER_ITEM: Final = compile_filtered(
    r"(?:\s+(?:on|for|in)\s+[a-z]+)?"
    r"(?:\s*,\s*(?:and\s+|plus\s+)?|\s+(?:and|plus|as well as)\s+|\s*,?\s*plus\s+)"
    r"(?:a |an |the |some |our )?"
    r"(?!(?:so|but|because|which|that|who|she|he|they|it|you|we|i|then|if|when|just|also|too|usually|"
    r"typically|normally|often|sometimes|about|around|roughly|only|\d)\b)"
    r"([a-z0-9][a-z0-9' -]{1,60}?)"
    r"(?=[,.;!?]|\s+(?:and|plus|as well as|for|to|with|so|if|on|at|in|every|which|that|where|when|from)\b|$)"
)
"""The next item of a list of things on offer ("free weights, cardio, a sauna on premium, plus a
pool and a kids' club"), a short qualifier of the item before it skipped ("on premium")."""
ACCEPTED: Final = re.compile(
    r"\b(?:we|they|the (?:office|clinic|shop|store|practice|pharmacy|hotel|salon|gym|club))\s+"
    r"(?:also\s+|do\s+|still\s+)?(?:take|takes|accept|accepts|carry|carries|sell|sells|stock|stocks|"
    r"cover|covers|serve|serves|service|services|deliver to|come out to|travel to)\s+"
    r"(?:a |an |the |some )?([a-z][a-z' -]{2,40}?)"
    r"(?=[,.;!?]|\s+(?:for|to|and|with|so|if|on|at|too|as|when|once|after|before|until|while)\b|$)"
)
"""What the business says it takes, sells or covers ("we take Medicaid", "we cover Dubuque County"):
a claim only where the sheet says it does not, or lists all it does ("... counties only"). What it
takes ends where a clause of when begins ("we take card when the job's done" takes no job)."""
LANDMARK: Final = re.compile(
    r"\b(?:next to|behind|across from|across the street from|opposite|beside|in front of|"
    r"around the corner from)\s+"
    r"(?:the |a |our )?([a-z][a-z -]{2,40}?)(?=[,.;!?]|\s+(?:and|on|in|at|so)\b|$)"
)
QUANTITY: Final = compile_filtered(r"(?<![\d.])\b(\d+)\s+([a-z][a-z-]+s)\b")


SIZE_SAID: Final = re.compile(r"\b(\d+) by (\d+(?=s?\b)|[a-z]+)s?\b")
"""A size said as two lengths ("ten by tens", "five by fifteen"), written "10x10" on a sheet."""


def sizes_as_written(text: str) -> str:
    """Sizes said as "N by M" written as the sheet writes them ("10 by tens" -> "10x10"), so a size
    offered ("we have ten by tens open") is a size, not the word "tens" the sheet never has."""
    if " by " not in text:
        return text

    def written(match: re.Match[str]) -> str:
        second = match.group(2)
        said = (second, second.removesuffix("s"), second.removesuffix("es"))
        number = (
            second
            if second.isdigit()
            else next((n for w in said for n in [UNITS.get(w, TENS.get(w))] if n), None)
        )
        return match.group(0) if number is None else f"{match.group(1)}x{number}"

    return SIZE_SAID.sub(written, text)


OUR_FACILITY: Final = re.compile(
    r"\b(?:use|visit|go to|head to|come to|pull up to|drive up to|drive through|stop by|swing by|park in)\s+"
    r"our\s+([a-z][a-z' -]{1,40}?)(?=[,.;!?]|\s+(?:on|in|at|to|for|and|so|which|that|where|when|from|by|"
    r"with|around|near|next|out|round|any|every|this|today|tomorrow|tonight|anytime|if|or|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun|week)(?:day|end)s?)\b|$)"
)
"""A part of the business the caller is sent to use ("just use our drive-through window"): an
amenity, invented where the sheet never names it."""
CREDENTIAL: Final = re.compile(
    r"\b(?:we'?re|we are|i'?m|i am|he'?s|he is|she'?s|she is|they'?re|they are|(?:dr\.?|doctor) [a-z]+ is|"
    r"our [a-z]+(?: [a-z]+)? (?:is|are))\s+(?:also\s+|fully\s+|all\s+)?"
    r"((?:(?!(?:licensed|certified|accredited|registered|bonded|insured|and|not|also|fully)\b)[a-z][a-z-]*\s+){1,3})?"
    r"(licensed|certified|accredited|board[- ]certified|registered|bonded|insured)\b"
    r"(?:\s+(?:in|by|with|as|for|through)\s+([a-z0-9][a-z0-9' -]{1,50}?))?(?=[,.;!?]|\s+(?:and|so|but)\b|$)"
)
"""A credential ("we're licensed in all fifty states", "we're Green Pro certified"): a claim when it
says by whom or where, and a bare "we're fully licensed" claims the credential itself (held against
the sheet's words for it)."""
LIFETIME_TERM: Final = r"(?:lifetime|life-time|lifelong|forever) (?:warranty|warrantee|guarantee)"
"""A warranty named as lasting for life ("a lifetime warranty"): what the extractor reads as a
warranty claim, and what the accuracy check looks for in earlier turns to know what it covers."""
NOT_COUNTED: Final[frozenset[str]] = frozenset(
    """am pm and or to of in on at for with the a an is are was were percent dollars dollar pounds pound
    minutes minute hours hour days day weeks week months month years year nights night times pence cents
    people persons guests adults children kids st nd rd th plus""".split()
)


SERVICE_VERBS: Final = ("do", "make", "repair", "fix", "sell", "carry", "rent", "install")
"""The verbs a business says it does a service with ("we do ...", "we repair ...")."""
DOES: Final = compile_filtered(
    rf"\bwe (?:also |can |can also |definitely |actually )?(?:{'|'.join(SERVICE_VERBS)})\s+"
    r"(?!(?:not|n't|that|this|it|those|these|them|so|too|accept|offer|have|take|a lot|lots|everything|all"
    r"|any|what|our best|yes|no|the|your|his|her|their|my)\b)"
    r"(?:a |an |some |custom )?([a-z][a-z' -]{2,50}?)"
    r"(?=[,.;!?]|\s+(?:too|as well|here|for|to|and|with|so|if|on|at|during|every|which|that|where|when"
    r"|from)\b|$)"
)
"""A service said to be done ("we do window tinting too", "we repair carbon frames here", "we do
custom neon signs"), not one job ("if we do the repair on the same visit"): a claim only where
the sheet says the business does not do it (see
grading.checks.accuracy.offers.denied_service); a service the sheet does not mention is left
alone, as "we do" is said of too many things to call each one invented."""
