"""A run of number words as digits: a time, an amount in two groups, a room or house number, a phone
number read out, or numbers joined by "and" and commas, told apart by the cues around the run."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from grading.claims.numbers.cues import clock_cue, currency_after, numbered, priced, range_of_amounts
from grading.claims.numbers.words import SCALES, TENS, UNITS, cardinals
from grading.first_chars import compile_filtered

RUN_WORDS: Final = frozenset({*UNITS, *TENS, *SCALES})
"""The number words `RUN` reads; the last word of every RUN match is one of them, whole."""
_WORD_ALTERNATION: Final = "|".join(sorted([*UNITS, *TENS, *SCALES], key=len, reverse=True))
RUN: Final = compile_filtered(
    rf"\b(?:a\s+)?(?:{_WORD_ALTERNATION})(?:(?:[\s,-]+(?:and\s+)?|\s+and\s+)(?:{_WORD_ALTERNATION}))*\b"
)
ANY_NUMBER_WORD: Final = compile_filtered(
    r"zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|teen|twenty|thirty|forty|fourty|fifty|"
    r"sixty|seventy|eighty|ninety|hundred|thousand"
)
"""A loose test (it also finds "someone"): the exact rewrite runs only when it passes."""


def rewrite(match: re.Match[str], cued: bool | None = None) -> str:
    """One run of number words as digits; `cued` carries the time cue of the run a piece was cut
    from ("between ten and eleven fifteen": the piece "eleven fifteen" is still after "between")."""
    raw = match.group(0)
    tokens = _TOKEN_SEPARATORS.split(raw)
    said_and = "and" in tokens  # the run's "and" is a whole token: `\band\b` in it
    words = [w for w in tokens if w and w not in {"and", "a"}]
    if raw.startswith("a ") and words and words[0] in SCALES:
        words = ["one", *words]
    if not words:
        return raw
    if len(words) == 1 and words[0] == "oh":
        return raw
    if _is_a_split(raw, words):
        return raw
    if "," in raw:
        phone_end = _phone_groups_end(raw)
        if phone_end is not None:
            return _phone_then_the_rest(match, phone_end, cued)
    if said_and and _TWO_NUMBERS.search(raw):
        # "between a hundred and eighty and two hundred and sixty": an "and" that does not follow
        # hundred or thousand joins two complete numbers, it does not continue the first
        return "".join(
            piece if _SEPARATOR.fullmatch(piece) else RUN.sub(_piece_rewriter(match, cued), piece)
            for piece in _SEPARATOR.split(raw)
        )
    # "nine oh five" -> 9:05
    if (
        len(words) == 3
        and words[1] == "oh"
        and words[0] in UNITS
        and words[2] in UNITS
        and UNITS[words[2]] <= 9
    ):
        if numbered(match):
            return f"{UNITS[words[0]]}0{UNITS[words[2]]}"
        if not (cued if cued is not None else clock_cue(match)):
            # "it's two oh nine": no word of time around it, so an amount as likely as a time
            return f"{UNITS[words[0]]} 0{UNITS[words[2]]}"
        return f"{UNITS[words[0]]}:0{UNITS[words[2]]}"
    if (
        len(words) >= 4
        and words[1] == "oh"
        and all(w in UNITS and 1 <= UNITS[w] <= 9 for w in (words[0], words[2]))
        and words[3] not in UNITS
    ):
        # "one-oh-seven seventy": hundreds said with "oh", then cents ($107.70)
        cents = cardinals(words[3:])
        if len(cents) == 1 and 10 <= cents[0] <= 99 and not _CLOCK_AFTER.match(match.string, match.end()):
            return f"{currency_after(match)}{UNITS[words[0]]}0{UNITS[words[2]]}.{cents[0]:02d}"
    singles = [w for w in words if w in UNITS and UNITS[w] <= 9]
    if len(words) >= 3 and len(singles) == len(words):
        return "".join(str(UNITS[w]) for w in words)
    if "oh" in words:
        return raw
    numbers = cardinals(words)
    joined = said_and or "," in raw
    if len(numbers) == 2 and 1 <= numbers[0] <= 99 and 10 <= numbers[1] <= 99 and not joined:
        if priced(match) or range_of_amounts(match):
            # an amount read in two groups: "two forty-nine per axle" is most often $249,
            # "thirty-three fifteen a month" $33.15 (no hundreds reading starts at thirty-three);
            # the claim extractor keeps the other reading beside it (see Claim.alternatives)
            if numbers[0] <= 9:
                return f"{currency_after(match)}{numbers[0]}{numbers[1]:02d}"
            return f"{currency_after(match)}{numbers[0]}.{numbers[1]:02d}"
        if (
            numbers[0] >= 25
            and not numbered(match)
            and not _NOT_AN_AMOUNT_AFTER.match(match.string, match.end())
        ):
            # "the ten-inch is eighty-eight fifty": no clock, year or hundreds reading starts above
            # twenty-four, so two groups said together are dollars and cents
            return f"{currency_after(match)}{numbers[0]}.{numbers[1]:02d}"
        if numbers[0] <= 12 and numbers[1] <= 59:
            if numbered(match):
                # "room four twelve", "four forty Northwest Elm": a room or house number
                return f"{numbers[0]}{numbers[1]:02d}"
            if not (cued if cued is not None else clock_cue(match)):
                # "about one forty-three": nothing around it says time of day; left as two
                # numbers (an answer to a price question reads them as an amount)
                return f"{numbers[0]} {numbers[1]:02d}"
            return f"{numbers[0]}:{numbers[1]:02d}"
    if (
        len(numbers) == 2
        and numbers[0] >= 100
        and 10 <= numbers[1] <= 99
        and not _JOINED_NUMBERS.search(raw)
        and not numbered(match)
    ):
        # "a hundred twenty-four ninety-nine": a scale word then a two-digit group is dollars and cents
        return f"{currency_after(match)}{numbers[0]}.{numbers[1]:02d}"
    if (
        len(numbers) == 3
        and 1 <= numbers[0] <= 99
        and all(10 <= n <= 99 for n in numbers[1:])
        and not joined
        and not numbered(match)
    ):
        # "one seventy-nine fifty", "thirteen seventy-nine ninety-five": hundreds, then cents
        # ($179.50, $1,379.95); five or six digits are no phone number
        return f"{currency_after(match)}{numbers[0] * 100 + numbers[1]}.{numbers[2]:02d}"
    if len(numbers) >= 3 and all(n <= 99 for n in numbers) and not joined:
        # digit groups read out: "two seventeen five five five ..." -> a digit string
        return "".join(str(n) for n in numbers)
    if len(numbers) >= 2 and joined:
        read_out = _phone_in_groups(raw)
        if read_out is not None:
            return read_out
        # "between eight and ten", "nine, ten or eleven": keep the words that separate them
        pieces = _SEPARATOR.split(raw)
        if len(pieces) > 1:
            return "".join(
                piece if _SEPARATOR.fullmatch(piece) else RUN.sub(_piece_rewriter(match, cued), piece)
                for piece in pieces
            )
    return " ".join(str(n) for n in numbers)


def _phone_groups_end(raw: str) -> int | None:
    """Where a phone number read digit by digit in comma-separated groups (three then four digits,
    or three, three then four) ends, in a run that goes on after another comma with a number of
    its own: "five five five, zero one six six, nine Quarry Road" is the number 5550166 and the
    house number 9, not eight digits. None when the run is no such number followed by more, or when
    the next group is itself three or more digits said one by one (one longer number then: "oh two
    oh, seven nine four six, oh one two three"). The next group may start with "and" ("..., zero
    five zero three, and three Orchard Hill")."""
    if raw.count(",") < 2:
        return None  # a number in two or three groups and one more group after it: two commas at least
    lengths: list[int] = []
    phone_end = 0
    for group in _GROUP.finditer(raw):
        said = [word for word in _WORD_SEPARATORS.split(group.group(0)) if word]
        singles = bool(said) and all(word in UNITS and UNITS[word] <= 9 for word in said)
        if lengths in ([3, 4], [3, 3, 4]):
            return None if singles and len(said) >= 3 else phone_end
        if not singles:
            return None
        lengths.append(len(said))
        phone_end = group.end()
    return None


def _phone_then_the_rest(match: re.Match[str], phone_end: int, cued: bool | None) -> str:
    """The phone number's digits as one string, then the rest of the run read on its own, in the
    whole text (a house number's cue, the street after it, is still there to read)."""
    digits = "".join(str(UNITS[word]) for word in _TOKEN_SEPARATORS.split(match.group(0)[:phone_end]) if word)
    pieces = [digits]
    position = match.start() + phone_end
    for piece in RUN.finditer(match.string, position, match.end()):
        pieces.append(match.string[position : piece.start()])
        pieces.append(rewrite(piece, cued))
        position = piece.end()
    pieces.append(match.string[position : match.end()])
    return "".join(pieces)


_GROUP: Final = re.compile(r"[^,]+")


def _phone_in_groups(raw: str) -> str | None:
    """A phone number read in comma-separated groups whose last group is said as two pairs ("five
    five five, eight one two, thirty thirty" -> 5558123030): digit groups of three or more digits
    said one by one, then the line number as pairs of tens, is one digit string, not a price."""
    groups = [group for group in _GROUP_SEPARATORS.split(raw.strip()) if group]
    if len(groups) < 3:
        return None
    digits: list[str] = []
    for at, group in enumerate(groups[:-1]):
        toll_free = _TOLL_FREE.fullmatch(group) if not at else None
        if toll_free is not None:
            # "one eight hundred, two two two, twelve twenty-two": the toll-free prefix 1-800
            digits.append(("1" if toll_free.group(1) else "") + str(UNITS[toll_free.group(2)]) + "00")
            continue
        said = [w for w in _WORD_SEPARATORS.split(group) if w]
        if len(said) < 3 or not all(w in UNITS and UNITS[w] <= 9 for w in said):
            return None
        digits.append("".join(str(UNITS[w]) for w in said))
    said = [w for w in _WORD_SEPARATORS.split(groups[-1]) if w and w != "and"]
    if (
        digits
        and digits[0].endswith("00")
        and len(said) == 4
        and all(w in UNITS and UNITS[w] <= 9 for w in said)
    ):
        return "".join(digits) + "".join(str(UNITS[w]) for w in said)  # "..., one two two two"
    last = cardinals(said)
    if not 1 <= len(last) <= 2 or not all(10 <= n <= 99 for n in last):
        return None
    return "".join(digits) + "".join(f"{n:02d}" for n in last)


_TOKEN_SEPARATORS: Final = re.compile(r"[\s,-]+")


def _is_a_split(raw: str, words: list[str]) -> bool:
    """ "Fifty-fifty", "sixty-forty": two tens joined by a hyphen that make a hundred are shares of
    a whole (who pays what part, the odds), not an amount in two groups ($50.50) or two numbers."""
    return (
        len(words) == 2
        and "-" in raw
        and " " not in raw.strip()
        and all(word in TENS for word in words)
        and TENS[words[0]] + TENS[words[1]] == 100
    )


"""What parts a run's words ("a hundred, and twenty-five"): a run holds only its words and these,
so a token is a whole word and "and" is a token wherever `\\band\\b` would find it."""
_GROUP_SEPARATORS: Final = re.compile(r"\s*,\s*")
_WORD_SEPARATORS: Final = re.compile(r"[\s-]+")
_TOLL_FREE: Final = re.compile(r"(one\s+)?(eight|nine)\s+hundred")
"""The toll-free (800) or premium (900) prefix said as a number ("one eight hundred")."""


_NOT_AN_AMOUNT_AFTER: Final = re.compile(
    r"\s*(?:%|percent|per ?cent|degrees?|miles?|km|kilomet|feet|foot|inch|meters?|metres?|pounds? of|lbs?|kg|"
    r"minutes?|hours?|days?|weeks?|months?|years?|people|guests|times|percent)\b|[-\w]"
)
"""What makes a pair of numbers a measure or a count rather than an amount."""
_CLOCK_AFTER: Final = re.compile(r"\s*(?:a\.?m\b|p\.?m\b|o'?clock|in the (?:morning|afternoon|evening))")
_JOINED_NUMBERS: Final = re.compile(r",|(?<!hundred)(?<!thousand)\s+and\b")
_SEPARATOR: Final = compile_filtered(r"((?<!hundred)(?<!thousand)(?:\s*,\s*|\s+and\s+))")
_TWO_NUMBERS: Final = compile_filtered(r"(?<!hundred)(?<!thousand)\s+and\s+")


def _piece_rewriter(parent: re.Match[str], cued: bool | None) -> Callable[[re.Match[str]], str]:
    """The rewrite for the pieces of a joined run, with the parent run's time cue."""
    cue = cued if cued is not None else clock_cue(parent)
    return lambda match: rewrite(match, cue)
