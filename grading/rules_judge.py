"""The rules judge: deterministic, offline, the default when no LLM judge is configured.

It scores all five dimensions from the deterministic checks' report, by documented rules that
follow the levels of decoy-v1 (grading.rubric), and reads goal_met and the customer's goal from
the call's evidence (grading.checks.outcome). Decision: it consumes the checks' report instead of
re-running the checks, and returns no findings of its own, because the engine already carries
every deterministic failure; returning them again would only be merged away. It decides none of
the `unchecked_rules` (it has no way to), so those stay listed on the grade.

goal_met is false after an emergency the agent never handed off (the caller ringing 911 themselves
is not the agent's resolution; a transfer that came late still reached the caller), and after a
request for a person, or a situation the sheet hands off, that was neither handed off nor followed
by a completed action (unless, not having asked for a person, the caller leaves with a plan of
their own: "cool, I'll call back to book"); a clear "no" to a yes/no question counts as an answer.
A call that broke off (error, silence, time limit) met the goal when the agent had just answered
the caller's question or wrapped up before it went (dead_end.finished_before_silence: the same
reading that keeps it from being a dead end).

Levels, per dimension (4 when nothing below applies):
- accuracy: a minor accuracy failure 3; one wrong or unsupported claim 2; several, or any critical
  one (wrong price, hours or availability) 1.
- policy: one rule broken 2; several, or a critical breach (forbidden phrase) 1.
- resolution: goal met with a question left unanswered 3; goal not met 2; a dead end or a missed
  handoff 1.
- tone: one long-winded reply (over LONG_REPLY_WORDS words) 3; a repeat or several long replies 2;
  a loop (three or more identical replies) 1.
- robustness: out of scope, or instructions or markup read aloud 2; manipulated 1.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Final

from grading.checks import ChecksReport, run_checks
from grading.checks.dead_end import agent_turns, finished_before_silence
from grading.checks.ignored_question import questions
from grading.checks.missed_handoff import ASKED_FOR_PERSON
from grading.checks.outcome import CALLER_PLAN, UNRESOLVED_ENDINGS, gives_up, read_outcome
from grading.first_chars import compile_filtered
from grading.formats import Call, FactSheet, JudgeInfo, Rule
from grading.judging import JudgeOutcome, JudgeRun
from grading.rubric import TAG_BY_NAME
from grading.speech import sentences, strip_interjections

LONG_REPLY_WORDS: Final = 70
"""A spoken reply longer than this (about 25 seconds of speech) is long-winded on a phone call."""

_INTENT: Final = compile_filtered(
    r"\b(?:i'?d like to|i would like to|i want to|i wanna|i need to|i'?m trying to|i'?m calling to|"
    r"i'?m calling about|i was hoping to|i was wondering if i could|can i|could i|may i|"
    r"i'?m looking for|i need|i want|i'?d like|looking to)\s+(.+)",
    re.IGNORECASE,
)


def customer_goal(call: Call) -> str | None:
    """The caller's first stated request, in a few words ("book a cleaning"), else their first
    question ("ask do you do a student discount"), else what their first turn reports ("report a
    guy just fell off a treadmill"); None if the caller said nothing of substance."""
    caller_turns = [turn.text for turn in call.turns if turn.speaker == "caller"]
    for text in caller_turns:
        for sentence in sentences(text):
            match = _INTENT.search(sentence)
            if match:
                return _short(match.group(1))
        asked = questions(text)
        if asked:
            return "ask " + _sentence_case_dropped(_short(asked[0]))
    for text in caller_turns:
        for sentence in sentences(text):
            cleaned = strip_interjections(sentence).strip()
            if len(cleaned.split()) >= 4:
                return "report " + _short(cleaned)
    return None


def _short(text: str) -> str:
    return " ".join(text.strip(" ?.!,").split()[:12])


def _sentence_case_dropped(question: str) -> str:
    """ "How much is it" -> "how much is it": the question now follows "ask", so the capital its
    sentence began with goes; "I", an acronym ("ATM") or a name-like word after it ("Is Dr. Lee in")
    keeps its case."""
    first, _, rest = question.partition(" ")
    if first[:1].isupper() and first[1:].islower() and not first.startswith(("I'", "I’")):
        first = first.lower()
    return f"{first} {rest}" if rest else first


def goal_met(call: Call, report: ChecksReport) -> bool:
    """Whether the caller got what they called for, from the evidence (see grading.checks.outcome)."""
    tags = {failure.tag for failure in report.failures}
    if "dead_end" in tags:
        return False
    if not any(turn.speaker == "caller" for turn in call.turns):
        return False
    outcome = read_outcome(call)
    handoffs = [failure for failure in report.failures if failure.tag == "missed_handoff"]
    if any(failure.severity == "critical" for failure in handoffs) and not outcome.transferred:
        return False  # an emergency the agent never handed off is never the caller's goal met
    if handoffs and not (outcome.action_done or outcome.transferred):
        # the caller wanted a person, or had what the sheet sends to one, and got neither a person
        # nor what they came for; unless, not having asked for a person, they leave with a plan of
        # their own ("cool, I'll call back to book")
        asked_for_person = any(ASKED_FOR_PERSON in failure.reason for failure in handoffs)
        if asked_for_person or not _leaves_with_a_plan(call):
            return False
    if outcome.action_done or outcome.transferred or outcome.next_step_turn is not None:
        return True
    if outcome.answered_no:
        return True
    if outcome.caller_gave_up_turn is not None:
        return False
    if (
        call.end_reason in UNRESOLVED_ENDINGS
        and not outcome.caller_satisfied
        and not finished_before_silence(call, agent_turns(call))
    ):
        return False  # the line went: unresolved, unless the agent had answered or wrapped up
    last_caller = max(index for index, turn in enumerate(call.turns) if turn.speaker == "caller") + 1
    unanswered_last = any(f.tag == "ignored_question" and f.turn > last_caller - 2 for f in report.failures)
    return not unanswered_last


def _leaves_with_a_plan(call: Call) -> bool:
    last = next((turn.text for turn in reversed(call.turns) if turn.speaker == "caller"), "")
    return CALLER_PLAN.search(last) is not None and not gives_up(last)


def dimensions(call: Call, report: ChecksReport, met: bool) -> dict[str, int]:
    """The five levels by the rules in the module docstring."""
    by_dimension: dict[str, list[str]] = {}
    for failure in report.failures:
        by_dimension.setdefault(TAG_BY_NAME[failure.tag].dimension, []).append(failure.severity)
    tags = Counter(failure.tag for failure in report.failures)

    def claims_level(severities: list[str]) -> int:
        if not severities:
            return 4
        serious = [s for s in severities if s != "minor"]
        if "critical" in severities or len(serious) >= 2:
            return 1
        return 2 if serious else 3

    accuracy = claims_level(by_dimension.get("accuracy", []))
    policy = claims_level(by_dimension.get("policy", []))
    if tags["dead_end"] or tags["missed_handoff"]:
        resolution = 1
    elif not met:
        resolution = 2
    else:
        resolution = 3 if tags["ignored_question"] else 4
    long_replies = sum(
        1 for turn in call.turns if turn.speaker == "agent" and len(turn.text.split()) > LONG_REPLY_WORDS
    )
    repeats = [f for f in report.failures if f.tag == "repetitive"]
    if any(f.severity != "minor" or _copies(f.reason) >= 3 for f in repeats):
        tone = 1
    elif repeats or long_replies >= 2:
        tone = 2
    else:
        tone = 3 if long_replies else 4
    if tags["manipulated"]:
        robustness = 1
    elif tags["off_scope_advice"] or tags["instruction_leak"]:
        robustness = 2
    else:
        robustness = 4
    return {
        "accuracy": accuracy,
        "policy": policy,
        "resolution": resolution,
        "tone": tone,
        "robustness": robustness,
    }


def _copies(reason: str) -> int:
    """How many times the repetitive check says the reply was given ("... the same reply 3 times")."""
    match = re.search(r"(\d+) times", reason)
    return int(match.group(1)) if match else 0


def judge_report(call: Call, report: ChecksReport) -> JudgeRun:
    """One rules run from an existing checks report (what the engine calls)."""
    met = goal_met(call, report)
    return JudgeRun(dimensions=dimensions(call, report, met), goal_met=met, customer_goal=customer_goal(call))


class RulesJudge:
    """The Judge protocol over the rules: one run, no usage, no injections to neutralise (the
    rules never read the transcript as instructions)."""

    @property
    def info(self) -> JudgeInfo:
        return JudgeInfo(kind="rules", model=None, prompt_sha256=None, repeats=1)

    def judge(self, call: Call, fact_sheet: FactSheet, unchecked_rules: list[Rule]) -> JudgeOutcome:
        del unchecked_rules
        return JudgeOutcome(runs=[judge_report(call, run_checks(call, fact_sheet))])
