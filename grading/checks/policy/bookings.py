"""Rules about bookings being made: a party over the limit, the day and time read back, and what must
be told when a booking, an order or a deposit is made."""

from __future__ import annotations

import re
from typing import Final

from grading.checks.policy.changes import ASK_BEFORE, CHANGE_ACTION, CHANGE_TOOL, ask_before
from grading.checks.policy.deciders import breach, has_prefix, prefixes
from grading.claims.numbers import digits_for_speech
from grading.formats import Call, FactSheet, Failure, Rule
from grading.speech import compile_phrases, content_words, sentences
from grading.speech import words as word_list

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


def party_limit(call: Call, fact_sheet: FactSheet, rule: Rule) -> Failure | bool:
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
            return breach(
                position + 1, turn.text, rule, f"the agent booked a party of {largest}, over {limit}"
            )
    return True


BOOKED: Final = re.compile(
    # "field trips are booked through the education office" says how, not that it is done
    r"i'?ve booked|you'?re (?:all )?(?:booked|set)|(?:is|are) (?:booked|confirmed|reserved)"
    r"(?! (?:through|via|online|by phone|directly|only))|"
    r"booked (?:that|it|you)",
    re.IGNORECASE,
)


EVENT_RULE: Final = re.compile(
    r"\b(?:when(?:ever)?|before|while)\b[^.;]{0,60}?\b(?:book|order|deposit|reserv|enrol)", re.IGNORECASE
)
"""A must rule tied to the moment a booking, an order or a deposit is made: "Tell the caller about
the cancellation fee when booking", "Offer travel insurance whenever a deposit is taken"."""
EVENT_TRIGGER: Final = re.compile(r"\b(?:when(?:ever)?|before|while)\b", re.IGNORECASE)
EVENT_NOUN: Final = re.compile(r"\b(?:book|order|deposit|reserv|enrol)\w*", re.IGNORECASE)
TELL_VERB: Final = re.compile(
    r"^\s*(?:always |please )?(?P<verb>tell|mention|state|say|offer|explain|inform|remind|disclose"
    r"|let (?:the |every |each )?\w+ know)\b",
    re.IGNORECASE,
)
EVENT_FILLER: Final[frozenset[str]] = frozenset(
    """tell mention state say offer explain inform remind disclose ask let know caller callers customer
    customers client clients guest guests patient patients owner owners them they their about policy
    policies terms term rule rules take taking fee fees charge charges notice hour hours less more than
    with must reach before after every each any all extra that this is are will need needs always whether
    there what our we you your also and for the of it its on in at to a an""".split()
)
"""Words of a 'tell X when booking' rule that are not X's key (the verb, the listener, "policy")."""
EVENT_TOOL_SKIP: Final = re.compile(
    r"check|avail|look|search|find|quote|get|list|status|price", re.IGNORECASE
)
BOOKING_TOOL: Final = re.compile(r"book|reserv|appoint|schedul|order|enrol|regist|place", re.IGNORECASE)
FOLLOW_UP_TOOL: Final = re.compile(r"call_?back|message|escalat|transfer|(?:^|_)notes?(?:_|$)", re.IGNORECASE)
"""A tool that arranges someone getting back to the caller ("schedule_callback"), which books nothing."""
DEPOSIT_TOOL: Final = re.compile(r"deposit|payment|charge|\bpay|_pay", re.IGNORECASE)
BOOKING_ASKED: Final = re.compile(
    r"\b(?:book\w*|order\w*|reserv\w*|appointment|schedule|sign (?:me |him |her |us )?up|enrol\w*"
    r"|get (?:me|him|her|us) in|come in|do (?:that|it|the)|i'?ll take)",
    re.IGNORECASE,
)
"""A caller asking for a booking or an order, which the agent's "you're all set" can then complete."""
PLACED_SAID: Final = compile_phrases(
    [
        r"(?:i'?ve|i have|we'?ve|we have) (?:just )?placed",
        r"order(?:'s| is| has been) (?:in|placed|confirmed)",
    ]
)
DEPOSIT_SAID: Final = compile_phrases(
    [
        r"deposit(?:'s| is| has been| was) (?:in|taken|through|received|processed|paid|charged)",
        r"(?:charged|took|taken|put through|processed) (?:\w+ ){0,4}deposit",
    ]
)


def _event_parts(text: str) -> tuple[str, str, str] | None:
    """The thing to tell or ask, the event it belongs to and the word that ties them, from one
    sentence of the rule: "When booking a visit, tell the caller about the cancellation fee" ->
    ("tell the caller about the cancellation fee", "booking a visit", "When"); None when the rule
    has no such sentence."""
    for sentence in sentences(text):
        trigger = EVENT_TRIGGER.search(sentence)
        if trigger is None:
            continue
        head, tail = sentence[: trigger.start()], sentence[trigger.end() :]
        if head.strip(" ,"):
            tell, event = head, tail
        elif "," in tail:
            event, tell = tail.split(",", 1)
        else:
            continue
        if EVENT_NOUN.search(event) and not CHANGE_ACTION.search(event) and TELL_VERB.match(tell):
            return tell, event, trigger.group(0)
    return None


def _event_keys(tell: str, event: str, business: str) -> tuple[str, ...]:
    """What must be said, as word prefixes: the tell clause's own words, not the listener, the verb,
    the event's words ("a custom-order deposit" is not what "custom orders are final sale" tells)
    or the business's name ("Compass Rose Travel" is not "travel insurance")."""
    skip = prefixes(f"{event} {business}")
    keys: list[str] = []
    for word in word_list(tell):
        for part in word.split("-"):
            if part in EVENT_FILLER or len(part) < 4 or not part.isalpha() or part[:5] in skip:
                continue
            keys.append(part[:5])
    return tuple(dict.fromkeys(keys))


def _event_turn(call: Call, deposit: bool) -> int | None:
    """The agent turn (0-based) where the booking, order or deposit was made: a tool for it that
    succeeded, or the agent saying it is done."""
    tool = DEPOSIT_TOOL if deposit else BOOKING_TOOL
    said = DEPOSIT_SAID if deposit else None
    for position, turn in enumerate(call.turns):
        if turn.speaker != "agent":
            continue
        if any(
            tool.search(t.name)
            and t.error is None
            and not EVENT_TOOL_SKIP.search(t.name)
            and not CHANGE_TOOL.search(t.name)
            and not FOLLOW_UP_TOOL.search(t.name)
            for t in turn.tool_calls
        ):
            return position
        if said is not None and said.search(turn.text):
            return position
        if (
            not deposit
            and (BOOKED.search(turn.text) or PLACED_SAID.search(turn.text))
            and any(
                earlier.speaker == "caller" and BOOKING_ASKED.search(earlier.text)
                for earlier in call.turns[:position]
            )
        ):
            return position  # "you're all set" after an address update is not a booking
    return None


EVENT_GENERIC: Final[frozenset[str]] = frozenset(
    """visit visits session sessions appointment appointments assessment assessments job jobs service
    services order orders booking bookings any every take taking taken place placing placed make making
    confirm confirming you your the a an is are was when whenever before while""".split()
)
"""Words of the event clause that say nothing about which bookings the rule covers ("booking a visit")."""
EVENT_UNDECIDABLE: Final = re.compile(r"\b(?:first|new|initial|returning|repeat)\b", re.IGNORECASE)
"""A rule for a caller's first visit only: whether this is one cannot be read from the words."""


def _covered(event: str, spoken: set[str]) -> bool:
    """Whether the booking is one the rule covers: each alternative of the event ("booking colour
    or balayage", "a custom-frame deposit") names its kind, and one alternative's words all came up
    (an alternative naming no kind, "a session", covers every booking). A short word that carries
    meaning names a kind too: "a tee time" is not any booking of a time."""
    for alternative in re.split(r"\bor\b|,", event):
        meaningful = content_words(alternative)
        kind = {
            part[:5]
            for word in word_list(alternative)
            for part in word.split("-")
            if part not in EVENT_GENERIC
            and (len(part) >= 4 or (len(part) == 3 and part in meaningful))
            and part.isalpha()
            and not EVENT_NOUN.match(part)
        }
        if kind <= spoken:
            return True
    return False


def _said_in_sheet_words(keys: tuple[str, ...], fact_sheet: FactSheet, said: str, skip: set[str]) -> bool:
    """The thing said in the sheet's own other words: three words of a fact about it ("we swap in
    one of equal or greater value in the same colours" for the substitutions policy)."""
    spoken = {w[:5] for w in content_words(said)}
    for fact in fact_sheet.facts:
        # the fact about it names it in its statement or in its id ("cancellation": "Free
        # rescheduling up to 48 hours before; no refunds or changes within 48 hours.")
        if not has_prefix(keys, f"{fact.id} {fact.statement}"):
            continue
        own = {w[:5] for w in content_words(fact.statement) if len(w) >= 4 and w.isalpha()} - skip
        if len(own & spoken) >= 3:
            return True
    return False


BOOKED_KIND_KEY: Final = re.compile(r"type|service|kind|category|plan|purpose|reason", re.IGNORECASE)
"""A booking tool's argument that says what kind of thing was booked ({'job_type': 'estimate'})."""
AMOUNT: Final = re.compile(r"\$\d+(?:\.\d\d)?")


def _kind_booked_is_other(event: str, call: Call, made: int) -> bool:
    """The booking tool says what kind of thing it booked, and it is none of the kinds the rule
    covers: "before booking any repair visit" does not cover {'job_type': 'estimate'} or a plan
    enrolment ({'plan': 'comfort_club'}), however often "repair" came up in the talk."""
    values = [
        str(value)
        for tool in call.turns[made].tool_calls
        for key, value in tool.arguments.items()
        if BOOKED_KIND_KEY.search(key) and isinstance(value, str)
    ]
    if not values:
        return False
    return not _covered(event, prefixes(" ".join(values).replace("_", " ")))


def _amount_said(tell: str, call: Call, made: int) -> bool:
    """The rule names the amount to tell ("the $89.95 diagnostic fee") and an agent said that amount,
    in digits or words ("visit fee's eighty-nine ninety-five"), by the booking."""
    amounts = AMOUNT.findall(tell)
    if not amounts:
        return False
    spoken = " ".join(
        digits_for_speech(turn.text) for turn in call.turns[: made + 1] if turn.speaker == "agent"
    )
    return any(amount in spoken or amount.removesuffix(".00") in spoken for amount in amounts)


def _told_waived(tell: str, keys: tuple[str, ...], call: Call, made: int) -> bool:
    """The rule names an amount to tell ("State the $35 trip charge") and every agent sentence that
    named the charge said there was none of it ("I'll book it with no trip charge"): the caller was
    told the charge is waived, not what it is."""
    if not AMOUNT.search(tell):
        return False
    none_of = re.compile(
        r"\b(?:no|waiv\w*|without|skip\w*)\s+(?:the\s+|any\s+|a\s+|your\s+)?(?:"
        + "|".join(re.escape(key) for key in keys)
        + ")",
        re.IGNORECASE,
    )
    naming = [
        sentence
        for turn in call.turns[: made + 1]
        if turn.speaker == "agent"
        for sentence in sentences(turn.text)
        if has_prefix(keys, sentence)
    ]
    return bool(naming) and all(none_of.search(sentence) for sentence in naming)


def _confirmed_after(call: Call, made: int) -> int:
    """The agent's next reply when the turn that made the booking did not say it was booked and
    that reply does ("Booking it now." then "You're all set: Sunday at three thirty"); else the
    turn that made it."""
    if BOOKED.search(call.turns[made].text):
        return made
    following = next(
        (
            position
            for position in range(made + 1, len(call.turns))
            if call.turns[position].speaker == "agent"
        ),
        None,
    )
    if following is not None and BOOKED.search(call.turns[following].text):
        return following
    return made


def told_at_event(call: Call, fact_sheet: FactSheet, rule: Rule) -> Failure | list[Failure] | bool | None:
    """ "Tell the caller about the cancellation fee when booking", "offer insurance whenever a
    deposit is taken": when the booking, order or deposit is made (a tool for it succeeded, or the
    agent said so), the thing must have come up in the call by then, that turn included: its key
    words, or three words of the sheet's fact about it. Broken at the turn that made it. A rule
    naming which bookings it covers ("when booking colour or balayage", "a custom-order deposit")
    applies when those words came up (or are in the tool's arguments); a rule for first visits only
    is left to the judge. A rule of another shape goes to the ask-before reading."""
    parts = _event_parts(rule.text)
    if parts is None:
        return ask_before(call, fact_sheet, rule) if ASK_BEFORE.search(rule.text) else False
    tell, event, trigger = parts
    if EVENT_UNDECIDABLE.search(event):
        return False
    keys = _event_keys(tell, event, fact_sheet.business)
    if not keys:
        return False
    made = _event_turn(call, deposit=bool(re.search(r"deposit", event, re.IGNORECASE)))
    if made is None:
        return True
    said = " ".join(turn.text for turn in call.turns[: made + 1])
    tools = " ".join(f"{t.name} {t.arguments}" for t in call.turns[made].tool_calls)
    if not _covered(event, prefixes(f"{said} {tools}")) or _kind_booked_is_other(event, call, made):
        return True
    # "when booking", not "before booking": the reply that tells the caller it is booked is part of
    # making the booking ("Booking it now." then "You're all set ... free rescheduling up to 48 hours")
    reach = made if trigger.lower() == "before" else _confirmed_after(call, made)
    said = " ".join(turn.text for turn in call.turns[: reach + 1])
    waived = _told_waived(tell, keys, call, reach)
    if _amount_said(tell, call, reach) or (has_prefix(keys, said) and not waived):
        return True
    skip = prefixes(f"{event} {fact_sheet.business}")
    agent_said = " ".join(turn.text for turn in call.turns[: reach + 1] if turn.speaker == "agent")
    if not waived and _said_in_sheet_words(keys, fact_sheet, agent_said, skip):
        return True
    text = call.turns[made].text
    reason = f"the booking was made without what rule {rule.id} requires being said first"
    return breach(made + 1, text, rule, reason)


READ_BACK: Final = re.compile(
    r"\b(?:confirm|read|repeat)\w*\b(?P<what>.{0,60}?)\bback\b|\bread ?back\b(?P<after>.{0,60})",
    re.IGNORECASE,
)
DAY_SPOKEN: Final = compile_phrases(
    [
        r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?",
        r"today|tomorrow|tonight|this evening|this afternoon|this morning",
        r"january|february|march|april|may|june|july|august|september|october|november|december",
        r"\d{1,2}(?:st|nd|rd|th)",
        r"(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|[a-z]+teenth"
        r"|twentieth|thirtieth|thirty-first"
        r"|twenty-(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth))",
    ]
)
TIME_SPOKEN: Final = compile_phrases(
    [
        r"\d{1,2}(?::\d\d)?",
        r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|midday|half \w+",
        r"o'?clock|morning|afternoon|evening",
    ]
)
BOOK_TOOL: Final = re.compile(r"book|reserv|appoint|schedul", re.IGNORECASE)


def read_back(call: Call, fact_sheet: FactSheet, rule: Rule) -> Failure | bool:
    """ "Always read the day and time back before ending a booking": when the agent completes a
    booking (a booking tool call that succeeded, not one that looks a booking up, or the agent
    saying it is booked), some agent turn up to and including that one repeats the day (and the
    time, when the rule names it). A rule about reading back something else (a name, an address)
    is left to the judge."""
    del fact_sheet
    shape = READ_BACK.search(rule.text)
    if shape is None:
        return False
    what = rule.text.lower()
    if not re.search(r"\b(?:date|dates|day|days|time|times|appointment|booking|reservation)\b", what):
        return False
    needs_day = bool(re.search(r"\b(?:date|dates|day|days)\b", what)) or not re.search(r"\btimes?\b", what)
    needs_time = bool(re.search(r"\btimes?\b", what))
    booking = next(
        (
            position
            for position, turn in enumerate(call.turns)
            if turn.speaker == "agent"
            and (
                BOOKED.search(turn.text)
                or any(
                    BOOK_TOOL.search(tool.name)
                    and tool.error is None
                    and not EVENT_TOOL_SKIP.search(tool.name)
                    and not CHANGE_TOOL.search(tool.name)
                    and not FOLLOW_UP_TOOL.search(tool.name)
                    for tool in turn.tool_calls
                )
            )
        ),
        None,
    )
    if booking is None:
        return True
    spoken = [turn.text for turn in call.turns[: booking + 1] if turn.speaker == "agent"]
    said_day = not needs_day or any(DAY_SPOKEN.search(text) for text in spoken)
    said_time = not needs_time or any(TIME_SPOKEN.search(text) for text in spoken)
    if said_day and said_time:
        return True
    missing = "day" if not said_day else "time"
    reason = f"the agent completed the booking without reading the {missing} back"
    return breach(booking + 1, call.turns[booking].text, rule, reason)
