"""Rules about words the agent must or must not say: a quoted phrase, the sheet's forbidden phrases,
a disclosure in the first replies (recorded, an AI), the greeting with the business's name."""

from __future__ import annotations

import re
from typing import Final

from grading.checks.policy.deciders import Decider, agent_turns, breach
from grading.evidence import normalise
from grading.formats import Call, FactSheet, Failure, Rule
from grading.speech import Pattern, sentences

QUOTED: Final = re.compile(r"[\"“‘']([^\"”’']{3,80})[\"”’']")
CONDITION: Final = re.compile(r"\b(?:when|if|unless|before|after|once|whenever|only)\b", re.IGNORECASE)


def quoted(call: Call, fact_sheet: FactSheet, rule: Rule) -> Failure | bool:
    del fact_sheet
    phrases = [normalise(p) for p in QUOTED.findall(rule.text)]
    agents = agent_turns(call)
    if rule.kind == "must_not":
        for turn, text in agents:
            spoken = normalise(text)
            for phrase in phrases:
                if phrase and phrase in spoken:
                    return breach(
                        turn, text, rule, f'the agent said "{phrase}", which rule {rule.id} forbids'
                    )
        return True
    if any(phrase in normalise(text) for _, text in agents for phrase in phrases):
        return True
    if not agents:
        return True
    turn, text = agents[-1] if not CONDITION.search(rule.text) else agents[0]
    return breach(turn, text, rule, f"the agent never said what rule {rule.id} requires")


def said_early(pattern: Pattern, what: str) -> Decider:
    def decide(call: Call, fact_sheet: FactSheet, rule: Rule) -> Failure | bool:
        del fact_sheet
        agents = agent_turns(call)[:2]
        if not agents or any(pattern.search(text) for _, text in agents):
            return True
        turn, text = agents[0]
        return breach(turn, text, rule, f"the agent did not {what} at the start of the call")

    return decide


def greets_with_name(call: Call, fact_sheet: FactSheet, rule: Rule) -> Failure | bool:
    agents = agent_turns(call)
    name_words = set(normalise(fact_sheet.business).split()) - {"the", "and", "of", "inc", "llc", "ltd"}
    if not agents or not name_words:
        return False
    turn, text = agents[0]
    spoken = set(normalise(text).split())
    if len(name_words & spoken) * 2 >= len(name_words):
        return True
    return breach(turn, text, rule, f"the agent's greeting did not name {fact_sheet.business}")


def forbidden_spoken(call: Call, fact_sheet: FactSheet) -> list[Failure]:
    """Forbidden phrases in agent speech: each a critical policy_breach, the verdict's hard gate."""
    phrases = [(phrase, normalise(phrase)) for phrase in fact_sheet.forbidden_phrases if normalise(phrase)]
    failures: list[Failure] = []
    if not phrases:
        return failures
    agents = agent_turns(call)
    phrases = _may_be_spoken(phrases, agents)
    if not phrases:
        return failures
    for turn, text in agents:
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


def _may_be_spoken(phrases: list[tuple[str, str]], agents: list[tuple[int, str]]) -> list[tuple[str, str]]:
    """The phrases whose every word occurs somewhere in the agent's speech, case-folded: most
    calls say none, and one scan of the folded turns spares normalising every turn.

    Implied by the match, so no phrase is dropped that a turn says: a needle word (normalised, so
    free of spaces) found in a turn's normal form is a run of that turn's characters lower-cased
    (ASCII) or case-folded (the rest), which are the same for ASCII, with nothing changed but
    other characters turned to spaces; case folding maps each character on its own, so the folded
    turns joined by newlines (no word holds one) hold the word where one turn does."""
    spoken = "\n".join(text for _, text in agents).casefold()
    return [(phrase, needle) for phrase, needle in phrases if all(word in spoken for word in needle.split())]
