"""What the call achieved, read from its evidence: successful action tool calls, a transfer, the
agent confirming a booking or a callback, contact details captured, and how the caller left.

Shared by dead_end (a call that ends with nothing achieved) and the rules judge (goal_met and the
customer's goal), so both read the same evidence the same way.
"""

from __future__ import annotations

import re
from typing import Final, cast

import msgspec

from grading.first_chars import compile_filtered
from grading.formats import Call
from grading.speech import REFUSAL, any_of, compile_phrases, content_words, sentences

ACTION_TOOL: Final = compile_filtered(
    r"book|schedul|reserv|appoint|cancel|reschedul|transfer|handoff|callback|call_back|message|ticket|"
    r"order|create|submit|send|lead|capture|contact|register|confirm|update|forward|escalat|dispatch|checkin"
    r"|check_in|hold|waitlist",
    re.I,
)
NEXT_STEP: Final = compile_phrases(
    [
        r"(?:you'?re|you are|you'?ve been|i'?ve|i have|we'?ve|we have|it'?s|that'?s|all) (?:all )?"
        r"(?:booked|scheduled|confirmed|reserved|set|registered)",
        r"(?:is|are) (?:now )?(?:booked|confirmed|scheduled|reserved)",
        r"booking (?:is )?(?:was )?(?:successful|confirmed|complete)",
        r"(?:reservation|confirmation|reference|cancellation|booking|ticket|case|order|claim|job)"
        r" (?:number|code|id) (?:is|will be)",
        r"(?:have|get|ask) (?:someone|somebody|him|her|them|a (?:person|manager|dentist|doctor|technician"
        r"|team member)|the (?:office|manager|team|doctor|dentist)) (?:call|contact|reach|get back to) you",
        r"(?:just |please )?call us (?:back|if|when|and|any ?time)",
        r"(?:call|ring|text|email) you back",
        r"(?:will|'ll|can|is going to|are going to) (?:call|text|email|contact|ring) you",
        r"(?:will|'ll) (?:reach out|get back) to you",
        r"i can (?:note|pass|send|leave|put in|flag|add)",
        r"(?:will|'ll|can|is going to|are going to) (?:call|text|email|contact|ring) you",
        r"(?:will|'ll) (?:reach out|get back) to you",
        r"i can (?:note|pass|send|leave|put in|flag|add)",
        r"callback",
        r"call back",
        r"get back to you",
        r"(?:i'?ve|i have) (?:taken|noted|passed|sent|left|put)",
        r"(?:i'?ve|i have) got (?:it|that|this|all that|everything|your [\w ]{1,20}?)"
        r" (?:down|noted|written down|on file)",
        r"(?:i'?ll|i will) (?:pass|send|forward|note|leave|put in)",
        r"(?:transfer|transferring|connect|connecting|put you through|putting you through)",
        r"(?:you can|feel free to|please) (?:call|visit|email|text|come|stop|drop|go|book|reach"
        r"|contact|check)",
        r"(?:you'?re|you are) (?:always |more than )?(?:welcome|free) to (?:come|stop|drop|pop|swing|visit"
        r"|call|look|check|browse|bring|book|try)",
        r"(?:stop|drop|pop|swing) (?:in|by)",
        r"(?:give|call) (?:us|them) a call",
        r"(?:call|dial) 9-?1-?1",
        r"emergency (?:room|services)",
        r"(?:here is|here'?s) (?:the|our|their) (?:number|address|link)",
        r"(?:staff|team|desk|office|manager|reception|stylist|crew|coordinator|technician|nurse|doctor"
        r"|vet|dentist)s? (?:can|will|could|would be able to) (?:tell|help|answer|let you know|sort)",
        r"(?:ask|check with) (?:the|our|your) (?:\w+ )?(?:staff|team|desk|office|manager|reception"
        r"|stylist|crew|coordinator|technician|server|waiter)",
    ]
)
CALLER_SATISFIED: Final = compile_phrases(
    [
        r"that'?s (?:all|everything|it|perfect|great|helpful|what i needed)",
        r"(?:perfect|great|awesome|wonderful|excellent|brilliant|lovely|sounds good|got it|that works|"
        r"that helps|very helpful|appreciate it)",
        r"thank(?:s| you)",
        r"(?:see|talk to) you",
        r"bye",
    ]
)
GOING_ELSEWHERE: Final = compile_phrases(
    [
        r"(?:i'?ll|i will|gonna|i'?m going to) (?:just )?(?:call|go|try|look|shop|ask|check)"
        r" (?:somewhere|someone|elsewhere|another|around)",
    ]
)
"""The caller leaving to get it elsewhere ("I'll call someone else"): giving up, however politely
they thank the agent for it."""
CALLER_GAVE_UP: Final = compile_phrases(
    [
        r"never ?mind",
        r"unbelievable(?:\W+(?:bye|forget|whatever|never|fine)|\W*$)",
        r"forget it",
        r"(?:this|that) (?:is|was) (?:useless|pointless|ridiculous|a waste)",
        r"(?:i'?ll|i will|gonna) (?:just )?(?:call|go|try|look|shop|ask|check) (?:somewhere|someone|elsewhere"
        r"|another|around)",
        r"(?:i'?ll|i will|gonna) (?:just )?(?:call|contact|go to|talk to|take it up with) (?:my|the) (?:bank"
        r"|card company|credit card(?: company)?|lawyer|attorney|better business bureau|bbb)",
        r"you'?re not (?:helping|helpful)",
        r"not helpful",
        r"waste of (?:my )?time",
        r"i give up",
        r"(?:so|then) (?:what|how) (?:am i supposed|do i|can i)",
    ]
)
CALLER_PLAN: Final = compile_phrases(
    [
        r"i'?ll (?:call|ring|phone) (?:you |us )?back",
        r"i'?ll (?:call|ring|phone) (?:you |us )?(?:again|later|tomorrow|next week|on \w+day|\w+day)",
        r"i'?ll (?:come|stop|drop|swing|pop) (?:in|by|over)",
        r"i'?ll (?:book|order|do it|set it up|sign up)(?: \w+){0,2} (?:online|later|then|tomorrow|next week)",
        r"(?:call|ring) (?:you |us )?back (?:to|and) (?:book|set|order|schedule)",
    ]
)
"""The caller names their own next step ("never mind, I'll call back Friday and set it up"): a
change of plan, not giving up."""
_ELSEWHERE: Final = r"(?:try|call|look|go|find|figure|get|ask|check|wait|deal)"
"""The verbs of a plan that leaves without what was asked (try later, call someone, look elsewhere,
figure it out), not of one that takes it ("I guess I'll just come then")."""
RESIGNED: Final = compile_phrases(
    [
        r"i guess,? (?:i'?ll|i will|we'?ll|i have to|i need to) (?:just )?" + _ELSEWHERE,
        r"(?:i'?ll|i will) (?:just )?" + _ELSEWHERE + r"[^.?!]{0,40}?,? i guess",
        r"forget (?:it|about it|tomorrow|today|tonight|\w+day)",
    ]
)
"""A caller resigned to what they were left with: a plan of their own said with "I guess" ("I
guess I'll try calling back some other time", "I'll call a tow truck, I guess"), or the thing on
offer dropped ("forget tomorrow", "forget it, I'll just come in"). A plan made after being let
down is giving up, not a next step the business gave; "Great, I'll just walk in then" and "I
guess I'll just come then" (taking the appointment) are no such plan."""


def gives_up(text: str) -> bool:
    """Whether a caller turn gives up on the request: "never mind", "forget it", a resigned plan of
    their own; not a plan of their own said plainly ("never mind, I'll call back Friday and set it
    up")."""
    if RESIGNED.search(text):
        return True
    return bool(CALLER_GAVE_UP.search(text)) and not CALLER_PLAN.search(text)


PLEASED: Final = compile_phrases(
    [
        r"thank(?:s| you)",
        r"perfect",
        r"(?:that'?s|very) helpful",
        r"appreciate it",
        r"sounds good",
        r"that works",
        r"that'?s (?:all|everything|it) (?:i|we) (?:need|needed|wanted)",
        r"(?:i'?m|we'?re) all set",
    ]
)
"""A caller pleased with what they heard, or done with what they came for ("That's all I need.",
"I'm all set"); "great" alone is left out, it is as often sarcastic."""
CLOSING: Final = compile_filtered(
    r"^(?:(?:okay|ok|alright|all right|sure|great|perfect|no problem|of course|sounds good|no worries|thanks"
    r"|thank you|i understand|i see|sorry about that|i'?m sorry(?: about that| to hear that)?|yeah)"
    r"[,.!]?\s*)*"
    r"(?:(?:bye(?: now| bye)?|goodbye|have a (?:good|great|nice|lovely|wonderful)"
    r" (?:one|day|night|evening|afternoon|weekend)"
    r"|thanks? (?:you )?(?:so much |very much )?for calling(?: [\w&'-]+){0,4}|take care"
    r"|you'?re welcome"
    r"|(?:is there )?anything else(?: i can (?:help|do|assist)(?: you)?(?: with)?)?(?: for you)?(?: today)?)"
    r"[,.!?]?\s*)+$",
    re.IGNORECASE,
)
"""An agent turn that only closes or offers "anything else?": it resolves nothing."""
UNRESOLVED_ENDINGS: Final = frozenset(
    {"error", "silence_timeout", "max_duration", "no_answer", "busy", "voicemail"}
)


class Outcome(msgspec.Struct, kw_only=True, frozen=True):
    """The call's resolution evidence. `next_step_turn` is the 1-based turn of the first concrete
    next step (booking confirmed, callback, handoff, where to go), if any."""

    action_done: bool
    next_step_turn: int | None
    inability_turn: int | None
    caller_satisfied: bool
    caller_gave_up_turn: int | None
    transferred: bool
    last_next_step_turn: int | None = None
    """The 1-based turn of the last next step, read when the caller gave up (else None): a caller who
    gives up after it ("I can note it on the booking." ... "Forget it, I'm calling 911.") was not
    served by it."""
    first_inability_turn: int | None = None
    """The 1-based turn of the agent's first "can't" (`inability_turn` is its last): where a caller
    who could not be helped was first owed a callback."""
    answered_no: bool = False
    """The agent's last "no" answered a yes/no question of the caller ("can you beat that rate?" "no,
    we can't") and the caller asked nothing further: an answered question is a resolution, even
    when the answer is no."""


def _is_action(name: str) -> bool:
    return bool(ACTION_TOOL.search(name)) and not re.search(
        r"check|search|find|lookup|get_|list|query", name, re.I
    )


_last: list[tuple[Call, Outcome]] = []


def read_outcome(call: Call) -> Outcome:
    """The call's resolution evidence; several checks ask for it, so the last call's answer is
    kept (by identity: calls are not changed while they are graded)."""
    entry = _last[0] if _last else None  # one read: another thread may replace it meanwhile
    if entry is not None and entry[0] is call:
        return entry[1]
    outcome = _read_outcome(call)
    _last[:] = [(call, outcome)]
    return outcome


def _read_outcome(call: Call) -> Outcome:
    action_done = False
    next_step_turn: int | None = None
    inability_turn: int | None = None
    first_inability_turn: int | None = None
    caller_gave_up_turn: int | None = None
    last_next_step_turn: int | None = None
    for index, turn in enumerate(call.turns):
        for tool in turn.tool_calls:
            if tool.error is None and _is_action(tool.name) and not _result_failed(tool.result):
                action_done = True
                last_next_step_turn = index + 1
                if next_step_turn is None:
                    next_step_turn = index + 1
        if turn.speaker == "agent":
            if next_step_turn is None and _offers_next_step(turn.text):
                next_step_turn = index + 1
            if (
                REFUSED_OR_UNABLE.search(turn.text)
                and not _says_more(turn.text)
                and _unable_unrecited(turn.text)
            ):
                inability_turn = index + 1
                first_inability_turn = first_inability_turn or inability_turn
        elif gives_up(turn.text) and not _answered_before(call, index):
            if GOING_ELSEWHERE.search(turn.text) or not (
                PLEASED.search(turn.text) and "anyway" not in turn.text.lower()
            ):  # "never mind, test complete. Thanks." closes; "thanks anyway" and "I'll call
                # someone else. Thank you." do not
                caller_gave_up_turn = index + 1
    if caller_gave_up_turn is not None and next_step_turn is not None:
        # read only for a caller who gave up (dead_end asks whether the call went past the steps)
        spoken = next(
            (
                index + 1
                for index in range(len(call.turns) - 1, next_step_turn - 2, -1)
                if call.turns[index].speaker == "agent" and _offers_next_step(call.turns[index].text)
            ),
            None,
        )
        last_next_step_turn = max(last_next_step_turn or 0, spoken or 0) or None
    caller_turns = [turn for turn in call.turns if turn.speaker == "caller"]
    last_caller = caller_turns[-1].text if caller_turns else ""
    satisfied = bool(CALLER_SATISFIED.search(last_caller)) and not CALLER_GAVE_UP.search(last_caller)
    return Outcome(
        answered_no=_answered_no(call),
        action_done=action_done,
        next_step_turn=next_step_turn,
        inability_turn=inability_turn,
        first_inability_turn=first_inability_turn,
        caller_satisfied=satisfied,
        caller_gave_up_turn=caller_gave_up_turn,
        last_next_step_turn=last_next_step_turn,
        transferred=call.end_reason == "transferred",
    )


INABILITY: Final = compile_phrases(
    [
        r"i don'?t (?:have|know)",
        r"i do not (?:have|know)",
        r"(?:we|they) don'?t (?:really |actually |currently )?(?:have|offer|do|take|accept|provide)",
        r"(?:that'?s|it'?s) not (?:available|possible)",
        r"(?:won'?t|will not|wouldn'?t|isn'?t|is not) (?:be )?possible",
        r"no (?:availability|openings|slots|appointments)",
        r"(?:nothing|no one|nobody) (?:is )?available",
        r"(?:fully|all) booked",
        r"i'?m not sure",
        r"not (?:able|possible) to",
        r"there (?:is|are) no",
        r"there'?s no",
        r"(?:we|they) (?:don'?t|do not) (?:serve|service|cover|go to|deliver to)",
        r"(?:isn'?t|is not|aren'?t|are not|not) (?:working|responding|available|in service|loading)",
        r"(?:system|computer|calendar|website) (?:is |was )?(?:down|offline)",
        r"(?:couldn'?t|could not|can'?t|cannot) (?:find|locate|access|pull up)",
        r"try (?:calling )?(?:us )?(?:again|back) later",
        r"(?:handles?|takes? care of|deals? with|is in charge of) "
        r"(?:those|that|these|all (?:of )?(?:those|that))",
        r"(?:call|calling) (?:us )?(?:again|back) later",
        r"(?:isn'?t|is not|aren'?t|are not|that'?s not) something (?:i|we) (?:have|can|do|handle|know"
        r"|deal with)",
        r"(?:i'?m not|i am not) (?:seeing|finding) any",
    ]
)

REFUSED_OR_UNABLE: Final = any_of(REFUSAL, INABILITY)
"""REFUSAL or INABILITY, in one search: every agent turn is read for either (few hold one)."""
RECITED: Final = re.compile(
    r"\b(?:my instructions|instructions (?:are|say)|i'?m (?:told|instructed|supposed) to|my rules"
    r"|i (?:was|am|have been|'ve been) (?:told|instructed) to)\b",
    re.IGNORECASE,
)
"""A sentence reciting the agent's own instructions ("My instructions are: ... offer a callback when
I can't help"): what it names (a callback, "I can't help") it neither offers nor says of this call."""


def unrecited(text: str) -> list[str]:
    """The sentences of an agent turn that speak for this call: not those reciting its instructions."""
    if RECITED.search(text) is None:
        return [text]
    return [said for said in sentences(text) if RECITED.search(said) is None]


def _unable_unrecited(text: str) -> bool:
    """The turn's refusal or inability is said of this call, not recited from its instructions."""
    return RECITED.search(text) is None or any(REFUSED_OR_UNABLE.search(said) for said in unrecited(text))


YES_NO_QUESTION: Final = re.compile(
    r"^(?:(?:so|and|but|okay|ok|well|hey|hi|um|uh|oh),?\s+)*(?:can|could|do|does|is|are|will|would|have|has"
    r"|any|did)\b[^?]*\?|\b(?:can|could|will|would|do) you\b[^.?!]*\?",
    re.IGNORECASE,
)


PERSON_ASKED: Final = compile_phrases(
    [r"(?:speak|talk) (?:to|with)", r"(?:transfer|connect|put) me", r"(?:manager|supervisor|human|person)"]
)
"""A request for a person is owed a handoff, not a "no" (missed_handoff's business)."""
ANGRY: Final = compile_phrases(
    [r"forget it", r"unbelievable", r"useless", r"ridiculous", r"seriously", r"waste of", r"pointless"]
)
"""A caller leaving angry did not take the "no" as an answer."""
NEGATIVE: Final = compile_phrases(
    [
        r"no",
        r"not",
        r"don'?t",
        r"doesn'?t",
        r"can'?t",
        r"cannot",
        r"won'?t",
        r"isn'?t",
        r"aren'?t",
        r"unfortunately",
    ]
)


DIRECT_NO: Final = re.compile(
    r"^\W*(?:(?:i'?m )?afraid not|unfortunately not|sadly not|sorry,? (?:but )?no"
    r"|no,? (?:sorry,? )?(?:we|you|they|it|there|that|those|these)\b(?!.*\bhelp with\b))",
    re.IGNORECASE,
)
"""A reply that opens by answering the yes/no question with its "no" ("Can the kids bring pizza?"
"I'm afraid not: there's no outside food or drink"), naming what was asked or not; "no, I can't
help with that" is a brush-off, not an answer."""


def _answered_no(call: Call) -> bool:
    """Whether the caller's last question was a yes/no question that the agent's next reply answered
    with a "no" naming what was asked or opening on it (a specific "no", not a generic brush-off like
    "I can't help with that"), and the caller did not then leave angry or resigned ("I guess I'll try calling
    back some other time": the no did not settle what they called for). A later question left
    hanging ("so what do I do?") is the last question and is not a yes/no one, so the call stays
    unresolved."""
    asked = next(
        (
            i
            for i in range(len(call.turns) - 1, -1, -1)
            if call.turns[i].speaker == "caller" and "?" in call.turns[i].text
        ),
        None,
    )
    if asked is None or PERSON_ASKED.search(call.turns[asked].text):
        return False
    question = call.turns[asked].text
    if not any(YES_NO_QUESTION.search(sentence) for sentence in sentences(question)):
        return False
    reply = next((t for t in call.turns[asked + 1 :] if t.speaker == "agent"), None)
    if reply is None or not NEGATIVE.search(re.sub(r"(?i)\boh,? no\b", " ", reply.text)):
        return False
    if not content_words(reply.text) & content_words(question) and not DIRECT_NO.match(reply.text):
        return False
    return not any(
        t.speaker == "caller" and (ANGRY.search(t.text) or RESIGNED.search(t.text))
        for t in call.turns[asked + 1 :]
    )


def _answered_before(call: Call, leaving: int) -> bool:
    """The agent's reply just before the caller leaves was a "no" about what the caller had asked
    ("the dog?" "I'm afraid a fifty-pound lab can't stay"): a caller who then goes elsewhere heard
    an answer they did not like, and did not give up on an unanswered request. A reply that only
    echoes the caller ("Monday?" "would you like the Monday slot?") is no such answer, nor a yes
    with a "don't" in another sentence ("you should be okay to drive it to the exit. Add water,
    but don't open the cap"): the "no" and what was asked are in one sentence."""
    reply = next((i for i in range(leaving - 1, -1, -1) if call.turns[i].speaker == "agent"), None)
    if reply is None:
        return False
    asked = next((i for i in range(reply - 1, -1, -1) if call.turns[i].speaker == "caller"), None)
    if asked is None:
        return False
    if _said_before(call, reply):
        return False  # the agent saying its earlier line again answers nothing new
    asked_words = content_words(call.turns[asked].text)
    return any(
        (NEGATIVE.search(sentence) or REFUSAL.search(sentence)) and content_words(sentence) & asked_words
        for sentence in sentences(call.turns[reply].text)
    )


def _said_before(call: Call, reply: int) -> bool:
    """Whether the agent's turn at index `reply` is one of its earlier turns said again (the same
    words, case and punctuation aside)."""
    said = _plain(call.turns[reply].text)
    return any(turn.speaker == "agent" and _plain(turn.text) == said for turn in call.turns[:reply])


def _plain(text: str) -> str:
    return " ".join(re.findall(r"[\w']+", text.casefold()))


def _says_more(text: str) -> bool:
    """Besides what it cannot do, the reply says something of substance: "I can't hold them, sorry.
    Custom cupcakes need forty-eight hours" answers; "I'm not sure about that one." does not. A
    sentence of substance is a statement of three content words or more that is itself no refusal."""
    for sentence in sentences(text):
        if sentence.rstrip().endswith("?") or REFUSED_OR_UNABLE.search(sentence) or CLOSING.match(sentence):
            continue
        if len(content_words(sentence)) >= 3:
            return True
    return False


def _offers_next_step(text: str) -> bool:
    """A next step in a sentence that is not itself a refusal ("I can't do that, but I'll have the
    office call you back" offers one; "I can't transfer you" does not).

    A clause's match is a match in the whole turn (NEXT_STEP has no anchors, and its word
    boundaries read the same at a cut between clauses), so a turn without one offers none: most
    turns stop at that one search instead of splitting into clauses."""
    if NEXT_STEP.search(text) is None:
        return False
    for sentence in sentences(text):
        for clause in re.split(r",?\s*\bbut\b", sentence):
            if NEXT_STEP.search(clause) and not REFUSAL.search(clause):
                return True
    return False


def _result_failed(result: object) -> bool:
    """A tool result that itself reports failure ({"ok": false}, {"status": "failed"}, {"error": …})."""
    if isinstance(result, dict):
        result = cast("dict[str, object]", result)
        if result.get("ok") is False or result.get("success") is False:
            return True
        status = str(result.get("status", "")).casefold()
        if status in {"failed", "error", "unavailable", "rejected", "declined"}:
            return True
        return bool(result.get("error"))
    return False
