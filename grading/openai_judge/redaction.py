"""Redaction of caller data before a transcript leaves the process: email addresses, card numbers
(only digit runs that pass the Luhn check, so order numbers and prices stay) and phone numbers.

Placeholders are stable within one call ([EMAIL_1] is the same address in every turn, so the judge can
still see the agent read it back correctly). The fact sheet's own facts are never redacted: a phone
number or email the approved fact sheet contains (the business's line, its booking address) is the
business's, not the caller's, and the judge needs it to check the agent. Decisions: phone numbers are
recognised in digit form only (10 to 15 digits, or 7 to 9 written like 555-0123; ISO dates and bare
7-9 digit order numbers are not phones);
numbers spoken as words ("five five five") are not recognised, as a speech-to-text transcript almost
always writes them as digits.
"""

from __future__ import annotations

import re

from grading.formats import FactSheet
from grading.openai_judge.sanitised import Substitution

EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
CARD = re.compile(r"(?<![\d-])\d(?:[ -]?\d){12,18}(?![\d])")
DIGIT_RUN = re.compile(r"(?<!\d)\d+(?:[ -]\d+)*")
DIGIT_GROUP = re.compile(r"\d+")
PHONE = re.compile(r"(?<![\w+])(?:\+\s?)?\(?\d[\d ().-]{5,}\d(?![\w])")
ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
LOCAL_PHONE_TAIL = re.compile(r"\d{3}[ .-]\d{4}$")


def luhn_valid(digits: str) -> bool:
    total = 0
    for index, char in enumerate(reversed(digits)):
        value = int(char)
        if index % 2 == 1:
            value *= 2
            if value > 9:
                value -= 9
        total += value
    return total % 10 == 0


def _card_spans(text: str) -> list[tuple[int, int, str]]:
    """Luhn-valid card numbers: within each run of digit groups ("4111 1111 1111 1111", maybe glued
    to a phone number before it), the longest window of whole groups holding 13-19 digits that passes
    Luhn. Scanning windows, not one greedy match, keeps a card found after a number that is not one."""
    spans: list[tuple[int, int, str]] = []
    for run in DIGIT_RUN.finditer(text):
        groups = [
            (match.start() + run.start(), match.end() + run.start())
            for match in DIGIT_GROUP.finditer(run.group())
        ]
        first = 0
        while first < len(groups):
            for last in range(len(groups) - 1, first - 1, -1):
                digits = "".join(text[start:end] for start, end in groups[first : last + 1])
                if 13 <= len(digits) <= 19 and luhn_valid(digits):
                    spans.append((groups[first][0], groups[last][1], digits))
                    first = last
                    break
            first += 1
    return spans


def _digits(text: str) -> str:
    return "".join(char for char in text if char.isdigit())


def _phone_key(digits: str) -> str:
    """Compare phones on their last ten digits, so "+1 555 010 0100" and "(555) 010-0100" match."""
    return digits[-10:]


class Redactor:
    """Finds caller data and hands out stable placeholders for one call. Not thread-safe: one per call."""

    def __init__(self, fact_sheet: FactSheet) -> None:
        sheet_text = "\n".join(
            [fact_sheet.business, fact_sheet.scope, fact_sheet.handoff]
            + [fact.statement for fact in fact_sheet.facts]
            + [rule.text for rule in fact_sheet.rules]
            + fact_sheet.forbidden_phrases
        )
        self._business_emails = {match.lower() for match in EMAIL.findall(sheet_text)}
        self._business_numbers = {
            _phone_key(_digits(match.group())) for match in PHONE.finditer(sheet_text)
        } | {_digits(match.group()) for match in CARD.finditer(sheet_text)}
        self._placeholders: dict[tuple[str, str], str] = {}
        self._counts: dict[str, int] = {}

    def _placeholder(self, kind: str, key: str) -> str:
        existing = self._placeholders.get((kind, key))
        if existing is not None:
            return existing
        self._counts[kind] = self._counts.get(kind, 0) + 1
        placeholder = f"[{kind}_{self._counts[kind]}]"
        self._placeholders[(kind, key)] = placeholder
        return placeholder

    def find(self, text: str) -> list[Substitution]:
        """Substitutions for the caller data in `text`, in order, not overlapping."""
        found: list[Substitution] = []

        def free(start: int, end: int) -> bool:
            return all(end <= taken.start or start >= taken.end for taken in found)

        for start, end, digits in _card_spans(text):
            if digits not in self._business_numbers:
                found.append(
                    Substitution(
                        start=start, end=end, replacement=self._placeholder("CARD", digits), kind="redaction"
                    )
                )
        for match in EMAIL.finditer(text):
            address = match.group().lower()
            if address not in self._business_emails and free(match.start(), match.end()):
                found.append(self._substitution(match, "EMAIL", address))
        for match in PHONE.finditer(text):
            candidate = match.group().rstrip(").- ")
            digits = _digits(candidate)
            if not 7 <= len(digits) <= 15 or ISO_DATE.fullmatch(candidate.strip("( ")):
                continue
            if len(digits) < 10 and not LOCAL_PHONE_TAIL.search(candidate):
                continue  # a bare 7-9 digit run is an order or account number, not a phone
            if _phone_key(digits) in self._business_numbers:
                continue
            end = match.start() + len(candidate)
            if free(match.start(), end):
                found.append(
                    Substitution(
                        start=match.start(),
                        end=end,
                        replacement=self._placeholder("PHONE", _phone_key(digits)),
                        kind="redaction",
                    )
                )
        return sorted(found, key=lambda substitution: substitution.start)

    def _substitution(self, match: re.Match[str], kind: str, key: str) -> Substitution:
        return Substitution(
            start=match.start(), end=match.end(), replacement=self._placeholder(kind, key), kind="redaction"
        )
