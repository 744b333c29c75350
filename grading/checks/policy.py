"""policy: the fact sheet's must and must-not rules that a checker can decide, and forbidden phrases.

A rule is decidable when its text has a shape we recognise:
- a quoted phrase ("Always say 'thank you for calling'", "Never say 'no problem'"): its presence
  in agent speech;
- never quote/give/discuss prices: an amount of money spoken by the agent;
- never diagnose / give medical advice: the advice patterns of off_scope_advice;
- never guarantee / promise: the promise patterns of overpromise;
- never ask for card numbers, social security numbers or passwords: the agent asking for one;
- offer a callback when the caller cannot be helped: an inability reply with no callback offered;
- always ask for / collect the caller's name, phone number, email or date of birth (without a
  condition we cannot evaluate): the agent asking for it;
- always say the call is recorded, or that the caller is speaking with an AI: said in the first
  two agent replies;
- always greet with the business's name: the name in the first agent reply.
Everything else goes to `unchecked_rules` for a judge that reads the whole call; the rules judge
leaves them undecided rather than guess. A forbidden phrase spoken by the agent is a critical
policy_breach and a hard gate on the verdict.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

import msgspec

from grading.checks.missed_handoff import handed_off
from grading.checks.off_scope_advice import (
    DIAGNOSIS,
    FINANCIAL_ADVICE,
    FINANCIAL_MORE,
    LEGAL_ADVICE,
    LEGAL_MORE,
    MEDICAL_ADVICE,
)
from grading.checks.outcome import read_outcome
from grading.checks.overpromise import PROMISE
from grading.checks.situations import alternatives, meets
from grading.claims.numbers import digits_for_speech
from grading.evidence import normalise
from grading.formats import Call, FactSheet, Failure, Rule
from grading.speech import Pattern, any_of, compile_phrases, content_words, sentences, stem

QUOTED: Final = re.compile(r"[\"“‘']([^\"”’']{3,80})[\"”’']")
CONDITION: Final = re.compile(r"\b(?:when|if|unless|before|after|once|whenever|only)\b", re.IGNORECASE)
MONEY_SPOKEN: Final = re.compile(
    r"[$£€]\s?\d|\b\d[\d,.]*\s?(?:dollars?|bucks|pounds|euros|usd|gbp)\b|"
    r"\b(?:hundred|thousand|ten|twenty|thirty|forty|fifty|sixty|seventy|eighty"
    r"|ninety)\s+(?:dollars|bucks|pounds|euros)\b",
    re.IGNORECASE,
)
CALLBACK: Final = compile_phrases(
    [
        r"call(?:ing)? you back",
        r"(?:will|'ll|can) (?:call|text|contact|ring) you",
        r"callback",
        r"call back",
        r"(?:have|get) (?:someone|somebody|\w+) (?:call|contact|reach)",
        r"reach out to you",
        r"get back to you",
        r"return your call",
    ]
)
SENSITIVE_ASK: Final = compile_phrases(
    [
        r"(?:credit |debit )?card (?:number|details|info)",
        r"(?:social security|ssn|social insurance) (?:number)?",
        r"password",
        r"pin (?:number|code)",
        r"cvv|security code",
        r"bank (?:account|details)",
    ]
)
ASKING: Final = compile_phrases(
    [
        r"(?:can|could|may) i (?:get|have|take|grab)",
        r"what(?:'s| is) your",
        r"(?:please|could you|can you) "
        r"(?:give|tell|read|provide|confirm|spell)",
        r"i(?:'ll| will)? need your",
        r"(?:and )?your .{0,20}\?",
    ]
)
DETAIL_WORDS: Final[dict[str, str]] = {
    "name": r"name",
    "phone": r"(?:phone|number|callback number|contact number|best number)",
    "number": r"(?:phone|number)",
    "email": r"e-?mail",
    "birth": r"(?:date of birth|birth ?date|birthday|dob)",
    "insurance": r"insurance",
    "address": r"address",
}


class RuleOutcome(msgspec.Struct, kw_only=True, frozen=True):
    """What the policy check made of the sheet's rules for one call."""

    failures: list[Failure]
    unchecked: list[str]
    forbidden_spoken: bool


Decider = Callable[[Call, FactSheet, Rule], Failure | bool | None]
"""Returns a Failure when the rule was broken, True when it was followed, False when undecidable."""


def _agent_turns(call: Call) -> list[tuple[int, str]]:
    return [(index + 1, turn.text) for index, turn in enumerate(call.turns) if turn.speaker == "agent"]


def _breach(turn: int, text: str, rule: Rule, reason: str, needle: re.Match[str] | None = None) -> Failure:
    quote = text.strip()
    if needle is not None:
        quote = next((s for s in sentences(text) if needle.group(0).lower() in s.lower()), quote)
    return Failure(
        tag="policy_breach", severity="major", turn=turn, quote=quote[:200], reason=reason, ref=rule.id
    )


def _quoted(call: Call, fact_sheet: FactSheet, rule: Rule) -> Failure | bool:
    del fact_sheet
    phrases = [normalise(p) for p in QUOTED.findall(rule.text)]
    agents = _agent_turns(call)
    if rule.kind == "must_not":
        for turn, text in agents:
            spoken = normalise(text)
            for phrase in phrases:
                if phrase and phrase in spoken:
                    return _breach(
                        turn, text, rule, f'the agent said "{phrase}", which rule {rule.id} forbids'
                    )
        return True
    if any(phrase in normalise(text) for _, text in agents for phrase in phrases):
        return True
    if not agents:
        return True
    turn, text = agents[-1] if not CONDITION.search(rule.text) else agents[0]
    return _breach(turn, text, rule, f"the agent never said what rule {rule.id} requires")


RULE_VERBS: Final[frozenset[str]] = frozenset(
    """never always quote give discuss share mention state tell disclose provide promise guarantee
    diagnose diagnosis medical legal financial clinical advice price pricing cost fee rate phone
    over caller customer anyone someone anything instead say first must should""".split()
)


def _object_words(rule: Rule) -> set[str]:
    """What a rule is about beyond its verb ("a price for root canals, crowns or implants" ->
    root, canal, crown, implant); empty when it is about everything ("never quote prices")."""
    return content_words(rule.text) - RULE_VERBS - {stem(w) for w in RULE_VERBS}


def _pattern_must_not(pattern: Pattern, what: str, *, scoped: bool = True) -> Decider:
    """A must-not rule whose breach has a recognisable form. When the rule names what it is about,
    the offending sentence (or the caller's turn before it) must be about that too; a match about
    something else leaves the rule undecided for a judge rather than guessed."""

    def decide(call: Call, fact_sheet: FactSheet, rule: Rule) -> Failure | bool:
        del fact_sheet
        about: set[str] = _object_words(rule) if scoped else set()
        matched_elsewhere = False
        for position, turn in enumerate(call.turns):
            if turn.speaker != "agent":
                continue
            for sentence in sentences(turn.text):
                match = pattern.search(sentence)
                if match is None:
                    continue
                context = content_words(sentence)
                if position and call.turns[position - 1].speaker == "caller":
                    context |= content_words(call.turns[position - 1].text)
                if about and not about & context:
                    matched_elsewhere = True
                    continue
                return _breach(
                    position + 1, turn.text, rule, f"the agent {what}, which rule {rule.id} forbids", match
                )
        return False if matched_elsewhere else True

    return decide


CONDITIONAL_TRANSFER: Final = re.compile(
    r"\b(?:if|when|whenever)\b(?P<condition>[^,;:(]+(?:\([^)]*\))?)[,;:](?P<action>.*\b(?:transfer|hand ?off"
    r"|put (?:them|the caller) "
    r"through|connect)\w*\b.*)",
    re.IGNORECASE,
)


def _transfer_when(call: Call, fact_sheet: FactSheet, rule: Rule) -> Failure | bool:
    """ "If the caller smells gas, ... transfer to dispatch": when a caller turn meets the condition,
    the call must be handed off."""
    del fact_sheet
    shape = CONDITIONAL_TRANSFER.search(rule.text)
    if shape is None:
        return False
    situations = alternatives(shape.group("condition"))
    if not situations:
        return False
    for position, turn in enumerate(call.turns):
        if turn.speaker != "caller" or not meets(turn.text, situations):
            continue
        if handed_off(call, position):
            return True
        reply = next(
            (i for i in range(position + 1, len(call.turns)) if call.turns[i].speaker == "agent"), None
        )
        if reply is None:
            return True
        return _breach(
            reply + 1,
            call.turns[reply].text,
            rule,
            f"the caller's situation met rule {rule.id} and no transfer followed",
        )
    return True


def _sensitive(call: Call, fact_sheet: FactSheet, rule: Rule) -> Failure | bool:
    del fact_sheet
    for turn, text in _agent_turns(call):
        for sentence in sentences(text):
            match = SENSITIVE_ASK.search(sentence)
            if match and (ASKING.search(sentence) or sentence.rstrip().endswith("?")):
                return _breach(turn, text, rule, f"the agent asked for a {match.group(0)}", match)
    return True


def _callback(call: Call, fact_sheet: FactSheet, rule: Rule) -> Failure | bool:
    del fact_sheet
    outcome = read_outcome(call)
    if outcome.inability_turn is None or outcome.action_done or outcome.transferred:
        return True
    if any(CALLBACK.search(text) for _, text in _agent_turns(call)):
        return True
    text = call.turns[outcome.inability_turn - 1].text
    return _breach(
        outcome.inability_turn, text, rule, "the agent could not help and never offered a callback"
    )


def _ask_detail(detail: str) -> Decider:
    pattern = re.compile(DETAIL_WORDS[detail], re.IGNORECASE)

    def decide(call: Call, fact_sheet: FactSheet, rule: Rule) -> Failure | bool:
        del fact_sheet
        agents = _agent_turns(call)
        for _, text in agents:
            for sentence in sentences(text):
                if pattern.search(sentence) and (ASKING.search(sentence) or sentence.rstrip().endswith("?")):
                    return True
        if not agents:
            return True
        turn, text = agents[-1]
        return _breach(turn, text, rule, f"the agent never asked for the caller's {detail}")

    return decide


def _said_early(pattern: Pattern, what: str) -> Decider:
    def decide(call: Call, fact_sheet: FactSheet, rule: Rule) -> Failure | bool:
        del fact_sheet
        agents = _agent_turns(call)[:2]
        if not agents or any(pattern.search(text) for _, text in agents):
            return True
        turn, text = agents[0]
        return _breach(turn, text, rule, f"the agent did not {what} at the start of the call")

    return decide


def _greets_with_name(call: Call, fact_sheet: FactSheet, rule: Rule) -> Failure | bool:
    agents = _agent_turns(call)
    name_words = set(normalise(fact_sheet.business).split()) - {"the", "and", "of", "inc", "llc", "ltd"}
    if not agents or not name_words:
        return False
    turn, text = agents[0]
    spoken = set(normalise(text).split())
    if len(name_words & spoken) * 2 >= len(name_words):
        return True
    return _breach(turn, text, rule, f"the agent's greeting did not name {fact_sheet.business}")


DIY: Final = compile_phrases(
    [
        r"(?:you can|you could|you should|just|easy to) (?:probably |easily )?"
        r"(?:fix|repair|replace|unclog|do|swap)"
        r" (?:that|it|this|the \w+)(?: \w+)? yourself",
        r"(?:fix|repair|do) (?:it|that|this) yourself",
        r"here'?s how (?:to|you)",
        r"step (?:one|1)",
    ]
)
"""Do-it-yourself repair instructions, as an agent gives them on the phone."""
PARTY_LIMIT: Final = re.compile(
    r"(?:more than|over|above|exceeding)\s+(\d+)\s+(?:people|guests|persons|diners)|"
    r"(?:parties|party|groups?) (?:of|over|above) (\d+)",
    re.IGNORECASE,
)
PARTY_SIZE: Final = re.compile(
    r"\b(\d+)\s+(?:people|guests|persons|of us|diners|adults)\b|\b(?:party|table|group) (?:of|for) (\d+)\b|"
    r"\bfor (\d+)\b(?= (?:on|at|tonight|tomorrow|this|next))|^(\d+)\s+(?:for|on)\b",
    re.IGNORECASE,
)


def _party_limit(call: Call, fact_sheet: FactSheet, rule: Rule) -> Failure | bool:
    """ "Never take a reservation for more than 12 people": a booking confirmed for a bigger party."""
    del fact_sheet
    shape = PARTY_LIMIT.search(digits_for_speech(rule.text))
    if shape is None:
        return False
    limit = int(shape.group(1) or shape.group(2))
    largest = 0
    for position, turn in enumerate(call.turns):
        for match in PARTY_SIZE.finditer(digits_for_speech(turn.text)):
            largest = max(largest, int(next(g for g in match.groups() if g)))
        if turn.speaker == "agent" and largest > limit and BOOKED.search(turn.text):
            return _breach(
                position + 1, turn.text, rule, f"the agent booked a party of {largest}, over {limit}"
            )
    return True


BOOKED: Final = re.compile(
    r"i'?ve booked|you'?re (?:all )?(?:booked|set)|(?:is|are) (?:booked|confirmed|reserved)|"
    r"booked (?:that|it|you)",
    re.IGNORECASE,
)


RULE_SHAPES: Final[tuple[tuple[str, Pattern, Decider], ...]] = (
    (
        "must_not",
        re.compile(
            r"\b(?:quote|give|discuss|share|mention|state|tell|disclose|provide)\b.{0,40}"
            r"\b(?:price|prices|pricing|cost|costs|fees?|rates?)\b",
            re.I,
        ),
        _pattern_must_not(MONEY_SPOKEN, "quoted a price"),
    ),
    (
        "must_not",
        re.compile(
            r"diagnos|medical|medication|medicine|\bdoses?\b|dosage|home treatment|home remed|clinical", re.I
        ),
        _pattern_must_not(MEDICAL_ADVICE, "gave medical advice", scoped=False),
    ),
    (
        "must_not",
        re.compile(r"diagnos", re.I),
        _pattern_must_not(DIAGNOSIS, "diagnosed the problem", scoped=False),
    ),
    (
        "must_not",
        re.compile(r"legal advice", re.I),
        _pattern_must_not(
            any_of(LEGAL_ADVICE, LEGAL_MORE),
            "gave legal advice",
            scoped=False,
        ),
    ),
    (
        "must_not",
        re.compile(r"financial advice|investment advice", re.I),
        _pattern_must_not(
            any_of(FINANCIAL_ADVICE, FINANCIAL_MORE),
            "gave financial advice",
            scoped=False,
        ),
    ),
    (
        "must_not",
        re.compile(r"nothing to worry|not (?:serious|a concern)", re.I),
        _pattern_must_not(
            re.compile(r"nothing to worry about|(?:not|nothing) serious|no need to worry", re.I),
            "dismissed a symptom",
            scoped=False,
        ),
    ),
    (
        "must_not",
        re.compile(r"\b(?:guarantee|promise)", re.I),
        _pattern_must_not(PROMISE, "made a guarantee"),
    ),
    ("must_not", re.compile(r"card|social security|ssn|password|bank", re.I), _sensitive),
    ("must_not", PARTY_LIMIT, _party_limit),
    (
        "must_not",
        re.compile(r"do[- ]it[- ]yourself|\bdiy\b|(?:repair|fix) instructions|how to (?:fix|repair)", re.I),
        _pattern_must_not(DIY, "gave do-it-yourself repair instructions", scoped=False),
    ),
    ("must", re.compile(r"offer(?:s|ing)? (?:a |to )?call ?back", re.I), _callback),
    ("must", CONDITIONAL_TRANSFER, _transfer_when),
    (
        "must",
        re.compile(r"\brecord", re.I),
        _said_early(re.compile(r"record", re.I), "say the call is recorded"),
    ),
    (
        "must",
        re.compile(r"\b(?:ai|virtual assistant|automated|artificial|bot)\b", re.I),
        _said_early(
            re.compile(r"\b(?:ai|a\.i\.|virtual|automated|artificial|bot|digital assistant)\b", re.I),
            "say it is an AI",
        ),
    ),
    (
        "must",
        re.compile(
            r"\b(?:greet|answer|introduce|open)\b.{0,40}\b(?:business|practice|clinic|company|name)", re.I
        ),
        _greets_with_name,
    ),
)


def _decider(rule: Rule) -> Decider | None:
    if QUOTED.search(rule.text) and re.search(r"\b(?:say|said|saying|use|phrase|words?)\b", rule.text, re.I):
        return _quoted
    for kind, shape, decide in RULE_SHAPES:
        if kind == rule.kind and shape.search(rule.text):
            return decide
    if rule.kind == "must":
        ask = re.search(
            r"\b(?:ask|collect|get|take|confirm|verify|capture|record)\b.{0,30}\b(name|phone"
            r"|number|email|birth)",
            rule.text,
            re.I,
        )
        if ask and not CONDITION.search(rule.text):
            return _ask_detail(ask.group(1).casefold())
    return None


def forbidden_spoken(call: Call, fact_sheet: FactSheet) -> list[Failure]:
    """Forbidden phrases in agent speech: each a critical policy_breach, the verdict's hard gate."""
    phrases = [(phrase, normalise(phrase)) for phrase in fact_sheet.forbidden_phrases if normalise(phrase)]
    failures: list[Failure] = []
    if not phrases:
        return failures
    for turn, text in _agent_turns(call):
        spoken = f" {normalise(text)} "
        for phrase, needle in phrases:
            if f" {needle} " in spoken:
                quote = next((s for s in sentences(text) if needle in f" {normalise(s)} "), text)
                failures.append(
                    Failure(
                        tag="policy_breach",
                        severity="critical",
                        turn=turn,
                        quote=quote.strip()[:200],
                        reason=f'the agent said the forbidden phrase "{phrase}"',
                        ref="forbidden_phrases",
                    )
                )
    return failures


def check_rules(call: Call, fact_sheet: FactSheet) -> RuleOutcome:
    failures = forbidden_spoken(call, fact_sheet)
    forbidden = bool(failures)
    unchecked: list[str] = []
    for rule in fact_sheet.rules:
        decide = _decider(rule)
        result = decide(call, fact_sheet, rule) if decide else False
        if result is False:
            unchecked.append(rule.id)
        elif isinstance(result, Failure):
            failures.append(result)
    return RuleOutcome(failures=failures, unchecked=unchecked, forbidden_spoken=forbidden)


def check(call: Call, fact_sheet: FactSheet) -> list[Failure]:
    return check_rules(call, fact_sheet).failures
