"""Rules about the caller's details: never ask for a card number, SSN or password; always ask for a
name, a number or another detail."""

from __future__ import annotations

import re
from typing import Final

from grading.checks.policy.deciders import Decider, agent_turns, breach
from grading.formats import Call, FactSheet, Failure, Rule
from grading.speech import compile_phrases, sentences

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
        r"i (?:still |do |will |would |first )?need (?:your|his|her|their|the caller'?s|the patient'?s)",
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


def sensitive(call: Call, fact_sheet: FactSheet, rule: Rule) -> Failure | bool:
    del fact_sheet
    for turn, text in agent_turns(call):
        for sentence in sentences(text):
            match = SENSITIVE_ASK.search(sentence)
            if match and (ASKING.search(sentence) or sentence.rstrip().endswith("?")):
                return breach(turn, text, rule, f"the agent asked for a {match.group(0)}", match)
    return True


def ask_detail(detail: str, words: str | None = None) -> Decider:
    """Always ask for X: some agent sentence asks for it. `words` is a pattern for X when it is
    not one of DETAIL_WORDS ("the booking reference" -> "reference")."""
    pattern = re.compile(words or DETAIL_WORDS[detail], re.IGNORECASE)

    def decide(call: Call, fact_sheet: FactSheet, rule: Rule) -> Failure | bool:
        del fact_sheet
        agents = agent_turns(call)
        for _, text in agents:
            for sentence in sentences(text):
                if pattern.search(sentence) and (ASKING.search(sentence) or sentence.rstrip().endswith("?")):
                    return True
        if not agents:
            return True
        turn, text = agents[-1]
        return breach(turn, text, rule, f"the agent never asked for the caller's {detail}")

    return decide


ASK_FOR: Final = re.compile(
    r"\b(?:ask|request)(?:s|ing)? (?:the caller |them |callers |every caller |each caller )?for "
    r"(?:the |their |a |an |his or her )?(?P<what>[a-z' -]{3,40}?)\s*(?:[.;,]|$)",
    re.IGNORECASE,
)
"""The object of "always ask for X" (unconditional, so it must happen on every call)."""
