"""dead_end: the call ends with the caller's request unresolved and no next step.

Resolved means any of: a successful action tool call (booking, message, callback), a transfer, or
the agent giving a concrete next step (a confirmed booking, a callback, where to call or go, an
invitation to come in). A dead end is then one of: the agent said it could not help, in its last
two replies or earlier when every later reply only closes ("Is there anything else?", "Okay,
bye!"); the caller gave up ("never mind", "forget it") after a reply that did not answer them,
unless they name their own next step ("never mind, I'll call back Friday"), also when a next step
was offered earlier in the call and the call went past it before they gave up (a step they turn
down in their very next turn was still offered); or the call broke off
(error, silence, time limit) with the caller not satisfied. The failure is pinned to the agent's
last reply: the call ends there, and that is where a next step was owed. A clear "no" to a yes/no
question the caller then leaves alone ("can you beat that rate?" "no, we can't match rates") is an
answer, not a dead end. A caller thanking the agent politely does not resolve a request the agent
said it could not handle.
"""

from __future__ import annotations

import re
from typing import Final

from grading.checks.ignored_question import REQUEST, questions
from grading.checks.missed_handoff import INSISTS
from grading.checks.missed_handoff.emergencies import is_emergency
from grading.checks.missed_handoff.handoffs import call_transferred, says_handoff
from grading.checks.outcome import (
    CALLER_GAVE_UP,
    CLOSING,
    INABILITY,
    PLEASED,
    UNRESOLVED_ENDINGS,
    read_outcome,
)
from grading.formats import Call, FactSheet, Failure
from grading.speech import REFUSAL


def check(call: Call, fact_sheet: FactSheet) -> list[Failure]:
    del fact_sheet
    outcome = read_outcome(call)
    # a next step the caller turned down in the very next turn was still offered; one the call
    # went past before the caller gave up served nothing
    gave_up_after_the_steps = outcome.caller_gave_up_turn is not None and outcome.caller_gave_up_turn > (
        (outcome.last_next_step_turn or 0) + 1
    )
    if outcome.transferred:
        return []
    agent = agent_turns(call)
    if not agent:
        return []
    if _emergency_left(call, outcome.caller_gave_up_turn, outcome.caller_satisfied):
        # "Forget it, I'll drive the cart up there myself." "Okay. I hope he's alright.": an
        # emergency never routed is not resolved by a booking, an address or "call 911"
        turn, why = agent[-1], "the caller described an emergency that was never routed to help"
        return [
            Failure(tag="dead_end", severity="major", turn=turn, quote=call.turns[turn - 1].text, reason=why)
        ]
    if (
        outcome.action_done
        or (outcome.next_step_turn is not None and not gave_up_after_the_steps)
        or outcome.answered_no
    ):
        return []
    final_stretch = agent[-2:]
    closed_after = [turn for turn in agent if turn > (outcome.inability_turn or len(call.turns))]
    only_closings_after = (
        bool(closed_after)
        and all(CLOSING.match(call.turns[turn - 1].text.strip()) for turn in closed_after)
        and not any(
            turn.speaker == "caller" and PLEASED.search(turn.text)
            for turn in call.turns[outcome.inability_turn or 0 :]
        )
    )  # an earlier "could not help" counts only when nothing after it helped or pleased the caller
    if outcome.inability_turn in final_stretch or only_closings_after:
        turn, why = (
            agent[-1],
            f"the agent could not help (turn {outcome.inability_turn}) and offered no next step",
        )
    elif _closed_on_a_request(call, agent[-1]):
        turn, why = agent[-1], "the agent closed the call on a request it had not met"
    elif outcome.caller_gave_up_turn is not None and outcome.caller_gave_up_turn >= agent[-1] - 2:
        turn, why = agent[-1], "the caller gave up without a next step"
    elif (
        call.end_reason in UNRESOLVED_ENDINGS
        and not outcome.caller_satisfied
        and not finished_before_silence(call, agent)
    ):
        turn, why = agent[-1], f"the call ended ({call.end_reason}) with the request unresolved"
    else:
        return []
    assert turn is not None
    return [
        Failure(
            tag="dead_end",
            severity="major",
            turn=turn,
            quote=call.turns[turn - 1].text.strip()[:200],
            reason=why,
        )
    ]


def _emergency_left(call: Call, gave_up_turn: int | None, satisfied: bool) -> bool:
    """A caller described an emergency, no agent turn hands it on (a transfer said or made), and the
    caller gave up ("forget it", "never mind", even with a step of their own after it) without
    being pleased."""
    callers = [turn.text for turn in call.turns if turn.speaker == "caller"]
    left = gave_up_turn is not None or bool(callers and CALLER_GAVE_UP.search(callers[-1]))
    if satisfied or not left:
        return False
    if not any(turn.speaker == "caller" and is_emergency(turn.text) for turn in call.turns):
        return False
    return not call_transferred(call) and not any(
        turn.speaker == "agent" and says_handoff(turn.text) for turn in call.turns
    )


def agent_turns(call: Call) -> list[int]:
    """The 1-based turn numbers of the agent's turns."""
    return [index + 1 for index, turn in enumerate(call.turns) if turn.speaker == "agent"]


HOLD: Final = re.compile(
    r"\b(?:let me (?:check|look|see|find|ask)|one (?:moment|second|sec)|hold on|bear with me"
    r"|just a (?:moment|sec))",
    re.IGNORECASE,
)
STILL_THERE: Final = re.compile(
    r"\b(?:are you still there|still there|hello|can you hear me)\b", re.IGNORECASE
)


def finished_before_silence(call: Call, agent_turns: list[int]) -> bool:
    """The agent had wrapped up ("Sounds good. Anything else?"), or had just answered the caller's
    question ("What time do you close?" "Six today."), before the line went quiet: the caller
    leaving then is not a request left unresolved. Prompts into the silence ("Are you still
    there?") are not the agent's last word; a hold ("let me check, one second") or a "can't" is no
    answer."""
    spoken = [turn for turn in agent_turns if not STILL_THERE.search(call.turns[turn - 1].text)]
    if not spoken:
        return False
    last = call.turns[spoken[-1] - 1].text.strip()
    if CLOSING.match(last):
        return True
    asked = next((i for i in range(spoken[-1] - 2, -1, -1) if call.turns[i].speaker == "caller"), None)
    if asked is None or "?" not in call.turns[asked].text or last.endswith("?"):
        return False
    return not (HOLD.search(last) or REFUSAL.search(last) or INABILITY.search(last))


def _closed_on_a_request(call: Call, last_agent: int) -> bool:
    """The agent's last reply only closes ("I understand. Is there anything else I can help with?")
    right after the caller asked for something ("I need a person. Please.", "do you know anybody
    who does?"): the request is left there."""
    if not CLOSING.match(call.turns[last_agent - 1].text.strip()):
        return False
    asked = next((i for i in range(last_agent - 2, -1, -1) if call.turns[i].speaker == "caller"), None)
    if asked is None:
        return False
    text = call.turns[asked].text
    if PLEASED.search(text):
        return False
    return bool(questions(text) or REQUEST.search(text) or INSISTS.search(text))
