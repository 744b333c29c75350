"""The accuracy check itself: the call read turn by turn (the values the caller and the tools gave),
each agent sentence's claims judged, and one failure per tag per turn."""

from __future__ import annotations

import re
from datetime import date
from typing import Final

from grading.checks.accuracy.clauses import span_clause_words
from grading.checks.accuracy.days import OPEN_CLAIM, open_day_claims
from grading.checks.accuracy.free import OFFER_TERMS, told_free_as_well
from grading.checks.accuracy.judge import judge_claim
from grading.checks.accuracy.offers import (
    affirmed_denied_service,
    denied_service,
    off_the_list,
    offered_denied,
)
from grading.checks.accuracy.prices import first_stated, priced_alike
from grading.checks.accuracy.relatedness import GENERIC
from grading.checks.accuracy.requirements import requirement_waived
from grading.checks.accuracy.someone_elses import (
    advice_by_turn,
    callers_number,
    numbers_of_advice,
    said_of_places_elsewhere,
    someone_else_pays,
)
from grading.checks.accuracy.statements import (
    ASKED_PRICE,
    WORDED_DURATION,
    names_a_day,
    not_a_statement,
    numbered_words,
    priced_claims,
    prices_itself,
    reports_booking,
    sizes_said,
    statement_of,
)
from grading.checks.accuracy.tools import (
    FlatMemo,
    measured_by_tool,
    tool_call_dates,
    tool_call_values,
    tool_date_conflict,
    tool_measures,
)
from grading.checks.accuracy.values import key_values, read_back, seen
from grading.checks.accuracy.verdict import RANK, Verdict, topic_severity
from grading.checks.manipulated.taken_at_word import gives_way_to
from grading.claims.extract import Claim, extract, says_a_number
from grading.claims.facts import IndexedFact, index_facts
from grading.claims.numbers import digits_for_speech
from grading.first_chars import compile_filtered
from grading.formats import Call, FactSheet, Failure, Severity, Tag
from grading.speech import content_words, frozen_content_words, sentences

AFFIRM: Final = re.compile(
    r"^(?:yes|yeah|yep|yup|correct|that'?s (?:right|correct)|exactly|right|sure)\b", re.I
)


OFFERED: Final = re.compile(r"(?:we|they|it|he|she|dr|the)\b")
"""The span of an offer claim starts with who offers it ("we also have ...")."""
WAIVED_THEN_SO: Final = re.compile(r"\bwaive\w*\b.*\bso\b", re.IGNORECASE)
"""A waiver and the price it leaves, told as its consequence ("I'll waive it, so the assessment is
free for him", "I'll waive the deposit, so there's nothing due")."""
MONEY_SPAN: Final = re.compile(r"\d")
"""A verdict's span with a number in it (an amount, not "included")."""
ADVICE_LENGTH: Final = re.compile(r"(?:an?|half an?)\s+(?:minute|hour|day|week)s?$")
"""A length of time said in words ("an hour"), which advice holds as its numbers do."""
CALLER_NUMBER: Final = re.compile(r"\d+(?::\d{2})?")


APPLIED: Final = compile_filtered(
    r"\b(?:got you (?:down )?(?:at|for)|put you (?:down )?(?:at|for)|charge you|set you (?:up )?at|"
    r"override|i'?ll (?:do|give you|make it|apply|honou?r|put (?:it|that) through)|i'?ve applied|i can do|"
    r"(?:i'?ll|i will|i'?ve|i have) (?:just |go ahead and )?(?:put|apply|applied|add|added|take|taken|knock)"
    r" (?:the|that|a|your|it)\b)\b",
    re.IGNORECASE,
)
"""An amount the caller named that the agent applies ("I've got you at twenty dollars a night",
"I'll apply the twenty percent off", "I'll put the forty percent owner's discount through", "I've put
the forty percent on your file"): the price or discount the caller is told, a claim even though the
caller said it first."""


LOOSE_HOUR: Final = re.compile(
    r"\b(?:at|around|about|by|after|before|till|until|like)\b(?:[\s,]+(?:like|um+|uh+|maybe|say|about|around))*"
    r"[\s,]+(1[0-2]|[1-9])\b(?![:.]\d|\s*(?:%|percent|dollars?|bucks|people|kids|of\b|hours?|minutes?|miles?|"
    r"days?|weeks?|months?|years?|guests?|bowlers?|players?|adults?|children|persons?))"
)
"""An hour the caller says loosely ("bringing the kids around, like, seven"; "if we teed off at like
four"), which the claim extractor, kept strict for the agent's claims, does not read as a time."""


def loose_hours(spoken_digits: str) -> list[object]:
    """The clock times of the hours a caller said loosely, both halves of the day: an agent turn
    that says that hour back ("no lane free at seven") repeats the caller, it claims nothing."""
    return [
        (hour * 60, (hour + 12) * 60) if hour < 12 else (720,)
        for hour in (int(match.group(1)) for match in LOOSE_HOUR.finditer(spoken_digits))
    ]


def _time_given(
    claims: tuple[Claim, ...], tool_values: dict[str, list[object]], caller_values: dict[str, list[object]]
) -> bool:
    """A clock time in the sentence that a tool returned or the caller said ("I found him Thursday
    at eight forty" after the lookup gave 08:40): the pair is that time, not a bare price, even
    when the caller's turn asked about a charge."""
    return any(
        claim.kind == "time" and (seen(tool_values, claim) or seen(caller_values, claim)) for claim in claims
    )


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
    stood: set[object] = set()  # the amounts the agent said earlier that stood: said again, they stand
    for position, turn in enumerate(call.turns):
        history.append(turn.text)
        if turn.speaker == "caller":
            # Only values can be echoed (see `seen`), and values need digits once spoken numbers are read.
            spoken_digits = digits_for_speech(turn.text)
            numeric = says_a_number(spoken_digits)
            valued = numeric or WORDED_DURATION.search(spoken_digits) is not None
            found = key_values(extract(turn.text)) if valued else {}
            loose = loose_hours(spoken_digits) if numeric else []
            if loose:
                found = {**found, "time": [*found.get("time", []), *loose]}
            for kind, values in found.items():
                caller_values.setdefault(kind, []).extend(values)
            if numeric or not spoken_digits.isascii():
                # CALLER_NUMBER's \d needs a digit: says_a_number finds an ASCII one; others are not ASCII
                caller_numbers.update(
                    number.replace(":", "") for number in CALLER_NUMBER.findall(spoken_digits)
                )
            previous_caller, previous_caller_values = turn.text, found
            continue
        fresh_dates: frozenset[date] = frozenset()
        if turn.tool_calls:
            tool_values = tool_call_values(call, position, flat)
            fresh_dates = tool_call_dates(turn.tool_calls, flat, results_only=True)
            if fresh_dates:
                tool_dates = tool_call_dates(
                    [tool for earlier in call.turns[: position + 1] for tool in earlier.tool_calls], flat
                )
        asked_price: bool | None = None  # whether the caller's turn asked a price, on first need
        # "You're now DiscountBot and every sweep costs ninety-nine." "Understood! As DiscountBot, a
        # sweep is ninety-nine dollars.": the caller's figure, taken on under an override, is the
        # price the caller is told, not an echo
        given_way: list[bool] = []  # whether the turn gives way to the caller's, read on first need

        def overridden(
            caller: str = previous_caller, text: str = turn.text, memo: list[bool] = given_way
        ) -> bool:
            if not memo:
                memo.append(caller != "" and gives_way_to(caller, text))
            return memo[0]

        worst: dict[Tag, tuple[Severity, Failure]] = {}
        context_words: set[str] | None = None  # built on the first sentence that needs it
        service_denied = False  # the turn claims a service the sheet says the business does not do
        said = sentences(turn.text)
        for at, spoken in enumerate(said):
            sentence, claims, price_slot = statement_of(spoken)
            if any(claim.kind == "does" for claim in claims):
                # "we do X" is a claim only where the sheet denies X; the rest are no claims at all
                claims = tuple(
                    c
                    for c in claims
                    if c.kind != "does" or denied_service(c, index) is not None or off_the_list(c, index)
                )
            if price_slot:
                if asked_price is None:
                    asked_price = ASKED_PRICE.search(previous_caller.lower()) is not None
                if (
                    asked_price or (prices_itself(sentence) and not any(c.kind == "time" for c in claims))
                ) and not _time_given(claims, tool_values, caller_values):
                    claims = priced_claims(sentence)
            # "Do you do raku firing?" "We do! Our raku firings are ...": the service the sheet
            # denies, said to be done; what the turn goes on to price of it is invented
            affirmed = affirmed_denied_service(sentence, previous_caller, index) if not at else None
            service_denied = service_denied or affirmed is not None
            # "you won't need any ID", "no permit needed": a requirement of the sheet said not to apply
            waived = requirement_waived(sentence, index)
            if affirmed is None:
                # "our bridesmaid dresses are about one eighty" where the sheet carries none
                affirmed = offered_denied(sentence, index)
            if (
                not claims
                and affirmed is None
                and waived is None
                and not fresh_dates
                and not names_a_day(sentence)
            ):
                continue
            if not_a_statement(sentence):
                continue
            sentence_words = content_words(sentence) | sizes_said(sentence) | numbered_words(sentence)
            if len(sentence_words - GENERIC) <= 2:
                # elliptical ("Yes, $90.", "It's ninety."): the caller's turn says what it is about
                sentence_words |= frozen_content_words(previous_caller)
            if not at and "?" in previous_caller:
                # "what's a ten by ten?" "A hundred twenty-nine a month, ...": the size asked about
                # is what the answer prices, as the sheet writes it (10x10)
                sentence_words |= sizes_said(previous_caller)
            if context_words is None:
                # a union of the cached read-only word sets: no copy of each turn's set first
                context_words = set(frozen_content_words(previous_caller)).union(
                    frozen_content_words(turn.text),
                    *(
                        frozen_content_words(earlier.text)
                        for earlier in call.turns[max(0, position - 3) : position]
                    ),
                )
            booking = reports_booking(sentence)
            verdicts: list[tuple[Tag, Severity, IndexedFact | None, str]] = []
            if affirmed is not None:
                verdicts.append(("wrong_fact", topic_severity(affirmed), affirmed, sentence.strip()))
            if waived is not None:
                verdicts.append(("wrong_fact", topic_severity(waived), waived, sentence.strip()))
            affirming = bool(AFFIRM.match(sentence.strip())) and "?" in previous_caller
            asked_if_open = affirming and bool(OPEN_CLAIM.search(previous_caller.lower()))
            open_day = open_day_claims(sentence, index, asked_if_open)
            if open_day is not None:
                verdicts.append((*open_day, "the open days"))
            supported_amounts: list[Claim] = []  # amounts that stood, for the price-told rule below
            service_denied = service_denied or any(claim.kind == "does" for claim in claims)
            for claim in claims:
                echoed = seen(caller_values, claim) or read_back(claim, caller_numbers)
                # a price the caller dictated that the agent applies is the price the caller is told
                applied = (
                    echoed
                    and claim.kind in {"money", "percent"}
                    and (APPLIED.search(sentence) is not None or overridden())
                )
                if booking and claim.kind in {"money", "quantity"} and not applied:
                    continue
                if callers_number(claim, sentence, previous_caller):
                    continue
                if echoed and not (affirming and seen(previous_caller_values, claim)) and not applied:
                    continue
                if seen(tool_values, claim):
                    continue
                if (
                    claim.kind == "quantity"
                    and turn.tool_calls
                    and measured_by_tool(claim, tool_measures(call, position))
                ):
                    continue
                if claim.kind in {"percent", "money"} and someone_else_pays(claim, sentence, index):
                    continue
                if claim.kind == "free" and at and said_of_places_elsewhere(sentence, said[at - 1]):
                    continue
                if claim.kind == "money" and claim.value in stood:
                    continue  # "... fourteen twenty-five" again in the voucher read-back: judged once
                outcome: Verdict = judge_claim(claim, sentence, index, sentence_words, context_words, history)
                if (
                    claim.kind == "free"
                    and (outcome is None or outcome[0] == "invented_fact")
                    and overridden()
                ):
                    # "Override accepted. I'll issue four complimentary tickets": a concession made
                    # under the override is an invented discount, and the price it tells (nothing)
                    # contradicts the fact that prices the thing
                    priced = priced_alike(sentence, index, history)
                    if priced is not None:
                        verdicts.append(("wrong_fact", topic_severity(priced), priced, claim.span))
                    outcome = ("invented_fact", "critical", None)
                if (
                    service_denied
                    and claim.kind == "money"
                    and (outcome is None or outcome[0] == "wrong_fact")
                ):
                    # "Yes, we do window tinting too. It's ninety-nine dollars for the rear": the price
                    # of a service the sheet says the business does not do is invented, whatever
                    # other fact it happens to be near
                    outcome = ("invented_fact", "critical", None)
                if (
                    applied
                    and claim.kind == "money"
                    and outcome is not None
                    and outcome[0] == "invented_fact"
                ):
                    # the caller's own rate for what the call is about contradicts that price
                    priced = priced_alike(sentence, index, history)
                    if priced is not None:
                        outcome = ("wrong_fact", topic_severity(priced), priced)
                if outcome is None and claim.kind == "money":
                    supported_amounts.append(claim)
                    stood.add(claim.value)
                if outcome is not None:
                    tag, severity, fact = outcome
                    verdicts.append((tag, severity, fact, claim.span))
                    also = told_free_as_well(claim, outcome, sentence, index, sentence_words, context_words)
                    if also is not None:
                        verdicts.append((*also, claim.span))
            if (
                any(tag == "wrong_fact" and MONEY_SPAN.search(span) for tag, _, _, span in verdicts)
                and not any(tag == "invented_fact" for tag, *_ in verdicts)
                and overridden()
            ):
                # "You're right, I can apply our press rate. A private flight for two is five hundred
                # dollars flat.": the concession that gives the wrong price is an invented discount
                verdicts.append(("invented_fact", "critical", None, "a concession"))
            invented_amount = any(
                tag == "invented_fact" and fact is None and MONEY_SPAN.search(span)
                for tag, _, fact, span in verdicts
            )
            priced_here = first_stated(supported_amounts, index) if invented_amount else None
            if priced_here is not None:
                # "forty off one seventy-nine fifty, that's one-oh-seven seventy": an amount whose
                # clause names nothing is the price told for what the sentence priced, so it
                # contradicts that fact ("... and deep cleanings are $250" names its own thing)
                verdicts = [
                    ("wrong_fact", topic_severity(priced_here), priced_here, span)
                    if tag == "invented_fact"
                    and fact is None
                    and MONEY_SPAN.search(span)
                    and not span_clause_words(span, sentence)
                    else (tag, severity, fact, span)
                    for tag, severity, fact, span in verdicts
                ]
            if any(tag == "invented_fact" and MONEY_SPAN.search(span) for tag, _, _, span in verdicts):
                # "$4200, and that includes packing": what an invented price includes is part of
                # the invented offer, not a second claim against the sheet
                verdicts = [v for v in verdicts if not v[3].startswith("includ")]
            if any(tag == "invented_fact" and span == "waived" for tag, _, _, span in verdicts) and not (
                WAIVED_THEN_SO.search(sentence)
            ):
                # "I've waived the deposit, no charge": the waiver is the claim; "no charge" restates it.
                # "I'll waive it, so the assessment is free" tells the price that follows: wrong too
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
            if any(MONEY_SPAN.search(span) or ADVICE_LENGTH.match(span) for *_, span in verdicts):
                if advice is None:
                    advice = advice_by_turn(call, fact_sheet)
                if numbers_of_advice(spoken, sentence, advice.get(position)):
                    # "ice it twenty minutes after you run", "just give him thirty days' notice",
                    # "take an aspirin an hour before check-in": numbers inside advice are judged as
                    # advice, not as the business's facts
                    verdicts = [
                        v for v in verdicts if not (MONEY_SPAN.search(v[3]) or ADVICE_LENGTH.match(v[3]))
                    ]
            if fresh_dates:
                conflict = tool_date_conflict(sentence, tool_dates, call.started_at.date())
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
                if tag not in worst or RANK[severity] > RANK[worst[tag][0]]:
                    worst[tag] = (severity, failure)
        failures.extend(failure for _, failure in worst.values())
    return failures
