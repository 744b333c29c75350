"""missed_handoff: the caller asked for a person, or described an emergency, and was not handed off.

A handoff is evidenced by the call ending `transferred`, a successful tool call whose name says
transfer/handoff/forward/escalate, or the agent saying it is connecting the caller. For an
emergency, sending the caller to emergency services (911, 999, 112, the ER) also counts. A request
the caller withdraws ("no, never mind") or negates ("I don't need a person") is not counted, nor
is asking whether the agent is a person.

What triggers it: a request for a person (in general words, or by the role the sheet hands off
to: "can I talk to the pharmacist?"); an emergency, named ("overdose") or, as callers mostly do,
described in plain words ("a guy just fell and hit his head", "she took her pills twice and is
breathing funny"); or a situation the sheet's handoff line names, stated by the caller (not asked
about; grading.checks.handoff_triggers reads those situations in the caller's words, and says
which the sheet makes urgent). The failure is pinned to the agent's first reply to the first
trigger (the labelling convention: one label per call, even when the caller asks again); an
emergency left unhandled is critical, and so is a situation the sheet's line makes urgent ("tell
them to call 911 ... and transfer at once"). A call handed off in the end still missed the
handoff when the caller had to ask for a person again first ("I can help with most questions!"
... "I really just want a person").
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from grading.checks.handoff_triggers import ROLE, described
from grading.checks.situations import present_tense, vague_handoff_nouns
from grading.first_chars import compile_filtered
from grading.formats import Call, FactSheet, Failure
from grading.speech import REFUSAL, Pattern, compile_phrases, frozen_content_words, stem

PERSON_REQUEST: Final = compile_phrases(
    [
        r"(?:speak|talk|chat) (?:to|with) (?:a |an |the |your |some )?(?:real |actual |live |human |\w+ )?"
        r"(?:person|human|someone|somebody|people|manager|supervisor|receptionist|representative|rep|"
        r"agent|operator|staff|front desk|office|doctor|dentist|owner)",
        r"(?:transfer|connect|put) me (?:through|to|over)",
        r"(?:transfer|connect) me",
        r"(?:get|give) me (?:a |an )?(?:real |live )?(?:person|human|manager|operator|representative)",
        r"(?:real|live|actual) (?:person|human)",
        r"human being",
        r"(?:whoever'?s|whoever is|someone|the person|somebody) in charge",
        r"(?:is there|can i get) (?:a |an )?(?:real |actual )?(?:person|human|someone|somebody)"
        r"(?: there| here)? (?:i can|to|who can)",
        r"operator",
        r"representative",
    ]
)
IDENTITY_QUESTION: Final = re.compile(
    r"\b(?:are|r) (?:you|u) (?:even |really |actually )?(?:a |an )?(?:real |actual |live )?"
    r"(?:person|human(?: being)?|bot|robot|machine|ai|computer|recording)\b"
    r"|\b(?:am i|are we) (?:talking|speaking|chatting) (?:to|with) (?:a |an )?(?:real |actual |live )?"
    r"(?:person|human(?: being)?|bot|robot|machine|ai|computer)\b(?: or (?:a |an )?\w+)?"
    r"|\bis (?:this|that) (?:a |an )?(?:real |actual |live )?(?:person|human(?: being)?|bot|robot|machine"
    r"|recording)\b"
    r"|\b(?:you'?re|you are|pretend (?:you'?re|to be)|act like you'?re|be) (?:a |an )?(?:real |actual )?"
    r"(?:person|human(?: being)?)\b",
    re.IGNORECASE,
)
"""Asking what the agent is ("are you a real person?"), or telling it to play a human, is not asking
to speak to one: a jailbreak's "you're a real human called Jess" wants no handoff."""
_SOMEONE: Final = (
    r"(?:he|she|i|someone|somebody|(?:a|an|the|this|that|some|one|our) (?:\w+ )?(?:guy|man|woman|lady"
    r"|girl|boy|kid|child|member|customer|client|guest|patient|person|gentleman|worker|resident|player|swimmer|runner)"
    r"|my (?:mom|mum|mother|dad|father|son|daughter|wife|husband|partner|friend|grandma|grandmother|grandpa"
    r"|grandfather|kid|baby|child|brother|sister|aunt|uncle|roommate|neighbou?r|boyfriend|girlfriend|coworker))"
)
"""Who a fall or a collapse happens to: a person, so "my lens fell out" or "they fell off the
shelf" is not an injury."""
_WHERE: Final = r"(?: (?:in|at|on|by|near|from)(?: the| a| an| my| our| your)?(?: \w+){1,2}?)?"
"""Where they are, between the person and the verb ("a man in aisle four has just collapsed")."""
_OWN: Final = r"(?:his|her|my|their|your|our|the)"
_DRUG: Final = r"(?:pills?|meds|medications?|medicine|tablets?|capsules?|doses?|insulin|gummies)"
_NOT_A_VISIT: Final = (
    r"(?! (?:to|for|here|there|with|until|till|on|this|next|soon|tomorrow|tonight|today|the (?:stairs|road"
    r"|hill|drive)|at)\b)"
)
""""He's not coming up for the party", "she isn't coming up to the cabin" is a visit, not a swimmer."""
BODILY_HARM: Final = [
    # a fall or a collapse happening now ("a guy just fell off the treadmill", "she's collapsed");
    # "my dad fell last year" is history, not an emergency
    _SOMEONE
    + _WHERE
    + r"(?:'s| has| is| just| has just| had just)+ (?:fallen|fell|collapsed|fainted|blacked out"
    r"|passed out)(?! (?:asleep|behind|for|in love|through|short|apart)\b)",
    _SOMEONE
    + _WHERE
    + r" (?:collapsed|fell over(?! (?:laughing|backwards|myself|himself|herself))|fell down|fainted"
    r"|passed out"
    r"|blacked out)",
    r"(?:fell|fallen|slipped|tripped)(?: \w+){0,4} and (?:can'?t (?:get up|move)|won'?t (?:get up|wake up"
    r"|move)|is bleeding|isn'?t (?:moving|breathing|responding))",
    r"(?:hit|banged|bumped|cracked|smacked|struck) " + _OWN + r" head",
    r"head injury",
    r"(?<!\bthe )(?<!\bthat )(?<!\bhis )(?<!\bher )concussion",  # "is it the concussion still?" looks back
    # breathing
    r"(?:can'?t|cannot|can not|couldn'?t) (?:really )?(?:breathe|catch " + _OWN + r" breath)",
    r"(?:trouble|difficulty|problems?|struggling|a hard time|hard time) (?:breathing|to breathe|catching)",
    r"hard to breathe",
    r"breathing (?:really |very |kind of |kinda |so |all )?(?:weird|weirdly|funny|strange|strangely|oddly"
    r"|badly|shallow)",
    r"(?:is|'s|are|'re|am|'m) (?:really |very |so |kind of |kinda |a bit |a little )?short of breath",
    r"gasping for (?:air|breath)",
    r"(?:is|'s|are|was) choking",
    r"(?:isn'?t|is not|wasn'?t|stopped) breathing",
    # too much of a medicine
    r"overdos(?:e|ed|ing)",
    r"(?:took|taken|swallowed) (?:way )?too (?:many|much)(?: of)?(?: " + _OWN + r")?(?: \w+)? " + _DRUG,
    r"(?:took|taken|swallowed) (?:way )?too (?:many|much)(?=\s*(?:[.,;!?]|$|and\b))",
    r"(?:took|taken|swallowed|ate|got into) (?:a |an |the )?(?:whole|entire|full|half (?:a|the)) "
    r"(?:bottle|pack|packet|box|jar|sheet)",
    r"(?:took|taken|had) (?:a )?double (?:dose|the dose|doses)",
    r"(?:took|taken|had) (?:(?:his|her|my|their|the) )?(?:\w+ ){0,3}"
    + _DRUG
    + r" twice(?! (?:a|per|each|daily|weekly|every)\b)",
    # unresponsive, allergic, cardiac
    _SOMEONE + r"(?:'s| is| was| went)? (?:completely |totally )?unresponsive",
    r"(?:won'?t|will not|can'?t|cannot) wake (?:him|her|them)",
    r"(?:he|she) (?:won'?t|will not|isn'?t|is not) wak(?:e|ing) up",
    r"anaphyla\w*",
    r"(?:throat|tongue|lips?|face|mouth|eyes?) (?:is |are |'s |keeps |got |looks? )?(?:\w+ ){0,2}"
    r"(?:swelling|swollen|closing|puffy|puffing|puffed)",
    # violence against the caller, now ("he pushed me last night and I'm scared to be home")
    r"(?:he|she|my (?:husband|wife|partner|boyfriend|girlfriend|ex|father|mother|son|daughter|brother"
    r"|sister|roommate))(?:\W+(?:he|she))?\W+(?:just |has |had )?(?:pushed|hit|punched|slapped|kicked|beat"
    r"|choked|strangled|attacked|assaulted|threatened|hurt) me\b(?! with)",
    r"(?:scared|afraid|terrified) (?:to (?:go|be) (?:back )?home|for my (?:life|safety)"
    r"|he'?ll (?:hurt|kill))",
    r"threaten(?:ed|ing|s) to (?:kill|hurt) (?:me|us|him|her|them|my|our|the kids|himself|herself)",
    r"(?:i'?m|i am|we'?re|we are) (?:in danger|not safe)",
    r"(?:breaking out|broke out|covered) in hives",
    r"(?:pain|pains|tightness|pressure) in " + _OWN + r" chest",
    r"chest (?:hurts|is hurting|pains?|feels tight|tightness)",
    r"chest(?:'s| is| was| has| been| went| got| feels| felt| keeps| getting| gone)+"
    r"(?: all| really| very| so| kind of| kinda| a bit| a little| super)?"
    r" (?:tight|tighter|tightening|heavy|crushing|squeezing)",
    r"(?:left|right) (?:arm|side)(?:'s| is| was| went| has| keeps| been| gone| going| getting)*"
    r"(?: all| kind of| kinda| a bit| a little| really| sort of)? (?:tingl(?:y|ing|es)|numb)",
    r"(?:tight|heavy|crushing|squeezing)(?: \w+){0,2} (?:in|on|across) " + _OWN + r" chest",
    # stroke signs
    r"(?:face|mouth|smile)(?: \w+){0,3} droop\w*",
    r"(?:talking|speaking|speech|words)(?: is| are| 's)? (?:all |kind of |kinda |really )?(?:slurred|slurry"
    r"|garbled)",
    r"slurr(?:ed|ing) (?:his |her |my |their )?(?:speech|words)",
    r"(?:can'?t|cannot) (?:lift|move|feel) (?:his|her|my|their) (?:(?:left|right) )?(?:arms?|legs?|face"
    r"|side)",
    # locked in, trapped, hazards
    r"(?:kid|child|baby|toddler|son|daughter|infant|dog|puppy|grandma|grandpa|mom|dad)(?:'s| is| has been)?"
    r" (?:locked|trapped|stuck) in(?:side)? (?:the |a |his |her |my |our |their )?(?:car|vehicle|house|room"
    r"|bathroom|elevator|lift|closet|freezer|van|truck|attic|basement|shed|garage)",
    r"(?:is not|isn'?t|'s not|not really) (?:really )?getting up",
    r"(?:wires?|cables?|power lines?)(?: \w+){0,2} (?:is |are |'s )?(?:down|sparking|arcing)",
    r"sparking",
    r"live wires?",
    r"(?:water|rain|leak\w*|dripping|pouring|running)(?: \w+){0,6} (?:electrics|electrical|wiring|outlets?"
    r"|sockets?|fuse ?box|light fittings?|breakers?|panel)",
    # under water and not surfacing ("she fell off and she's not coming up", "he went under")
    _SOMEONE
    + r"(?:'s| is| was| has)?(?: still)? (?:not|never) (?:coming|came) (?:back )?up\b"
    + _NOT_A_VISIT,
    _SOMEONE
    + r" (?:isn'?t|wasn'?t|hasn'?t|didn'?t)(?: still)? (?:coming|came) (?:back )?up\b"
    + _NOT_A_VISIT,
    _SOMEONE + r"(?:'s| has| just| has just)* (?:went|gone|slipped) under\b(?! (?:the (?:knife|radar|covers)"
    r"|anesthe\w*|general)\b)",
    r"(?:is|'s|are|'re|was|were|started|keeps) drowning"
    r"(?! in\b(?! the (?:water|pool|lake|river|deep end|sea|ocean|pond|bath|tub)\b))",
    r"drowned",
    r"face ?down in the (?:water|pool|lake|river|tub|bath|pond|sea)",
    r"panting (?:really |very |so )?(?:hard|heavily)",
    r"blood everywhere",
    r"losing (?:a lot of )?blood",
    r"convuls\w*",
]
"""Emergencies described in plain words rather than named ("he fell and hit his head", "she took
her pills twice and is breathing weird"): callers describe what they see, they rarely say
"emergency" or "overdose"."""
HARM_WORDS: Final[frozenset[str]] = frozenset(
    """fell fallen slipped tripped collapsed fainted blacked passed head concussion breathe breath
    breathing catching gasping choking overdose overdosed overdosing took taken swallowed bottle pack packet
    box jar sheet double twice unresponsive wake waking anaphylaxis anaphylactic swelling swollen closing
    puffy puffing puffed hives chest blood convulsing convulsion convulsions convulsed convulses convulsive
    pushed hit punched slapped kicked beat choked strangled attacked assaulted threatened threatening
    threatens hurt scared afraid terrified danger safe droop drooping droopy drooped droops slurred slurry
    slurring garbled arm arms leg legs side locked trapped stuck getting wire wires cable cables power
    sparking arcing electrics electrical wiring outlet outlets socket sockets fuse fusebox breaker breakers
    fittings fitting panel panting coming came went gone slipped drowning drowned face""".split()
)
"""A word every BODILY_HARM description holds: a turn with none of them skips those patterns, which
start with common words ("he", "my", "took") and are slow to rule out one by one."""
HARM_STEMS: Final[frozenset[str]] = frozenset(stem(word) for word in HARM_WORDS)
"""HARM_WORDS as content-word stems (none of them is a stopword: a test holds it)."""
DESCRIBED_EMERGENCY: Final = compile_phrases(BODILY_HARM)
EMERGENCY: Final = compile_phrases(
    [
        r"emergency",
        r"(?:severe|extreme|terrible|unbearable|excruciating) pain",
        r"(?:bleeding|won'?t stop bleeding)",
        r"can'?t breathe",
        r"chest pain",
        r"(?:face|jaw|cheek) (?:is )?(?:all )?swollen",
        r"swelling (?:up|in my)",
        r"knocked out",
        r"unconscious",
        r"passed out",
        r"overdose",
        r"heart attack",
        r"(?:having|had|has had|suffered|signs of|symptoms of) (?:a |another )?stroke",
        r"stroke symptoms",
        r"(?:is|'s) on fire",
        r"gas leak",
        r"burst pipe",
        r"seizure",
        r"allergic reaction",
        r"smell(?:s|ing)? (?:of |like )?gas",
        r"gas smell",
        r"(?:brakes?|steering) (?:\w+ )?(?:failed|gone|went out|(?:don'?t|doesn'?t|won'?t) work|gave out)",
        r"(?:ate|eaten|swallowed|got into|chewed) (?:a |some |the |half a |a whole )?(?:bag of "
        r"|bar of |box of |bottle of )?"
        r"(?:grapes|raisins|chocolate|xylitol|poison|rat poison|antifreeze|medication|pills"
        r"|ibuprofen|tylenol|onions)",
        r"hit by a car",
        r"not breathing",
        r"(?:smoke|sparks) (?:coming|from)",
        r"sewage",
        r"flooding",
    ]
)
NEGATED: Final = re.compile(
    r"\b(?:don'?t|do not|no need to|not|never|without)\b(?:\W+\w+){0,3}\W*$", re.IGNORECASE
)
WITHDRAWN: Final = compile_phrases(
    [
        r"no,? (?:that'?s|it'?s) (?:fine|ok|okay)",
        r"i don'?t need (?:to (?:talk|speak)|(?:a|an|the) (?:\w+ )?(?:person|human|manager|supervisor"
        r"|transfer|representative|someone)|anyone|anybody|someone|somebody)",
        r"actually,? (?:that'?s|you'?ve)",
    ]
)
HANDOFF_SAID: Final = compile_phrases(
    [
        r"(?:transfer|transferring|connect|connecting|put you through|putting you through|patch you)",
        r"(?:one|a) moment while i",
        r"hold (?:on|the line) while",
        r"let me get (?:someone|a person|the manager|the doctor)",
    ]
)
EMERGENCY_REFERRAL: Final = compile_phrases(
    [
        r"9-?1-?1",
        r"nine one one",
        r"999",
        r"112",
        r"emergency (?:room|services|department)",
        r"\ber\b",
        r"a&e",
    ]
)
ASKED_FOR_PERSON: Final = "asked for a person"
"""How a failure's reason says the trigger was a request for a person (the rules judge reads it:
such a caller's goal is not met without a person or what they came for)."""
HANDOFF_TOOL: Final = compile_filtered(r"transfer|handoff|hand_off|forward|escalat|connect|human|agent", re.I)


def _handed_off(call: Call) -> bool:
    if call.end_reason == "transferred":
        return True
    return any(
        HANDOFF_TOOL.search(tool.name) and tool.error is None
        for turn in call.turns
        for tool in turn.tool_calls
    )


def handed_off(call: Call, after: int) -> bool:
    """Whether the call was handed off, or the agent said it was doing so within three replies of
    turn index `after` (0-based)."""
    if _handed_off(call):
        return True
    replies = [t for t in call.turns[after + 1 :] if t.speaker == "agent"][:3]
    return any(HANDOFF_SAID.search(t.text) and not REFUSAL.search(t.text) for t in replies)


_ROLE_HEAD: Final = re.compile(r"([a-z]{4,})(?:\s+(?:on|at|in)\s+[a-z\s]+)?\s*$")
"""A role's head noun: the last word, or the one before "on duty" ("the duty manager", "the
optometrist on duty")."""


@lru_cache(maxsize=64)
def _role_request(handoff: str) -> re.Pattern[str] | None:
    """A request for the person the sheet hands off to, by the name the sheet gives them ("can I
    talk to the pharmacist?", "get me the duty manager"): the generic person-request patterns
    only know the common titles. Only the role's head noun counts ("advisor", not "service")."""
    roles: set[str] = set()
    for match in ROLE.finditer(handoff):
        for phrase in re.split(r"\b(?:or|and)\b", match.group("role").lower()):
            head = _ROLE_HEAD.search(phrase.strip())
            if head is not None and head.group(1) not in {"person", "someone", "human"}:
                roles.add(head.group(1))
    if not roles:
        return None
    role = "(?:" + "|".join(sorted(roles)) + ")s?"
    return re.compile(
        r"\b(?:(?:speak|talk|chat)\s+(?:to|with)|(?:get|give|put)\s+me(?:\s+(?:through|over))?(?:\s+to)?"
        r"|(?:can|could|may)\s+i\s+(?:have|get))\s+(?:(?:the|a|an|your|my)\s+)?(?:\w+\s+){0,2}"
        + role
        + r"\b",
        re.IGNORECASE,
    )


@lru_cache(maxsize=64)
def _vague_situation(handoff: str) -> re.Pattern[str] | None:
    """The sheet's actor-and-place items ("someone in their account") as a phrase a caller says
    ("someone is in my account right now"), since the noun alone is everyday talk."""
    nouns = vague_handoff_nouns(handoff)
    if not nouns:
        return None
    return re.compile(
        r"\b(?:someone|somebody|some ?one|a stranger|they|he|she)\b(?:\W+\w+){0,3}?\W+(?:in|into|inside|on"
        r"|using|through)\W+(?:\w+\W+){0,2}?(?:" + "|".join(sorted(nouns)) + r")s?\b",
        re.IGNORECASE,
    )


def _asks(pattern: Pattern, text: str) -> bool:
    if pattern.search(text) is None:
        return False
    for match in pattern.finditer(text):
        if not NEGATED.search(text[: match.start()][-40:]):
            return True
    return False


INSISTS: Final = compile_phrases(
    [
        r"(?:just|really|only) (?:want|need) (?:a |an |to (?:talk|speak) (?:to|with) (?:a |an |the )?)?"
        r"(?:real |actual |live )?(?:person|human|someone|somebody|manager)",
        r"i (?:want|need|asked for) (?:a |an )(?:real |actual |live )?(?:person|human)",
    ]
)
"""The caller asking again for a person ("I really just want a person. Please.")."""


def _emergency(text: str) -> bool:
    """An emergency named ("overdose", "gas leak") or described in plain words (BODILY_HARM), now:
    "my dad had a heart attack last year" is history."""
    text = present_tense(text)
    if _asks(EMERGENCY, text):
        return True
    tokens = frozen_content_words(text)  # shared with the other checks; stems, so HARM_STEMS
    if HARM_STEMS.isdisjoint(tokens) and HARM_STEMS.isdisjoint(
        stem(part) for token in tokens if "-" in token for part in token.split("-")
    ):
        return False
    return _asks(DESCRIBED_EMERGENCY, text)


NAMED_PERSON: Final = compile_filtered(
    r"\b(?:[Ss]peak|[Tt]alk|[Cc]hat) (?:to|with) (?!(?:Spanish|English|French|Google|Siri|Alexa)\b)"
    r"[A-Z][a-z]+\b"
    r"|\b(?:[Ii]s|[Cc]an I get|[Pp]ut me through to|[Gg]et me) (?!(?:It|That|This|There|He|She|I)\b)"
    r"[A-Z][a-z]+ (?:there|available|around)\b"
)
"""A request for someone by name ("Can I speak with Linda please?"): read on the spoken case."""
_MAY_NAME_PERSON: Final = compile_filtered(r"[Ss]peak|[Tt]alk|[Cc]hat|there|available|around")
"""A word NAMED_PERSON needs, in the case it needs it: most turns have none and skip its slower
search. (Case-sensitive like NAMED_PERSON: with IGNORECASE this filter cost more than the search.)"""


CONSULTING: Final = re.compile(
    r"\b(?:let me|lemme|i'?ll|i will|i (?:need|have|got|want) to|i gotta|i should|i'?d better|we'?ll"
    r"|we (?:need|have|got) to|we gotta|gonna)\s+(?:first\s+)?(?:talk|speak|check|chat)"
    r"(?:\s+(?:it|this|that|things)\s+over)?\s+(?:to|with)\s+(?:[\w'-]+\s+){0,2}?[\w'-]+"
    r"(?=\s+first\b|\s+before\b|,?\s+and\s+(?:then\s+)?(?:i'?ll\s+|we'?ll\s+|i\s+|we\s+)?(?:call|get|come|ring"
    r"|phone|circle)\s+(?:you\s+|you guys\s+|y'?all\s+)?back\b|\W+(?:i'?ll|we'?ll|i will|we will)\s+(?:call"
    r"|ring|phone|get)\s+(?:you\s+)?back\b)",
    re.IGNORECASE,
)
"""The caller taking the question to someone of their own before deciding ("let me talk to Sam
first. I'll call back.", "I'll check with my landlord and call you back"): talking to a person,
but not one the agent can put them through to."""


def _wants_person(text: str, role_request: re.Pattern[str] | None) -> bool:
    if not _person_asked(text, role_request):
        return False
    return CONSULTING.search(text) is None or _person_asked(CONSULTING.sub(" ", text), role_request)


def _person_asked(text: str, role_request: re.Pattern[str] | None) -> bool:
    return (
        (_asks(PERSON_REQUEST, text) and _asks(PERSON_REQUEST, IDENTITY_QUESTION.sub(" ", text)))
        or (role_request is not None and _asks(role_request, text))
        or (_MAY_NAME_PERSON.search(text) is not None and NAMED_PERSON.search(text) is not None)
    )


def _handoff_turn(call: Call, after: int) -> int | None:
    """The first agent turn after turn index `after` that hands off, by its words or its tool."""
    for index in range(after + 1, len(call.turns)):
        turn = call.turns[index]
        if turn.speaker != "agent":
            continue
        if HANDOFF_SAID.search(turn.text) and not REFUSAL.search(turn.text):
            return index
        if any(HANDOFF_TOOL.search(tool.name) and tool.error is None for tool in turn.tool_calls):
            return index
    return None


def _late_transfer(call: Call, role_request: re.Pattern[str] | None) -> list[Failure]:
    """A call that was handed off in the end, but only after the caller had to ask again: the
    agent's first reply to the request for a person, or to the emergency, is the miss (the
    labelling convention pins it there, one label per call). For an emergency, sending the caller
    to 911 in that first reply is not a miss; the caller "asking again" is a person request, an
    insistence or any question ("can you just get someone here now?"), not a plain answer to a
    triage question."""
    turns = call.turns
    asked = next(
        (
            i
            for i, t in enumerate(turns)
            if t.speaker == "caller" and (_wants_person(t.text, role_request) or _emergency(t.text))
        ),
        None,
    )
    if asked is None:
        return []
    emergency = _emergency(turns[asked].text)
    handoff = _handoff_turn(call, asked)
    first_reply = next((i for i in range(asked + 1, len(turns)) if turns[i].speaker == "agent"), None)
    if handoff is None or first_reply is None or handoff == first_reply:
        return []
    if emergency and EMERGENCY_REFERRAL.search(turns[first_reply].text):
        return []
    asked_again = any(
        turns[i].speaker == "caller"
        and (
            _wants_person(turns[i].text, role_request)
            or INSISTS.search(turns[i].text)
            or (emergency and "?" in turns[i].text)
        )
        for i in range(first_reply + 1, handoff)
    )
    if not asked_again:
        return []
    what = "described an emergency" if emergency else ASKED_FOR_PERSON
    return [
        Failure(
            tag="missed_handoff",
            severity="critical" if emergency else "major",
            turn=first_reply + 1,
            quote=turns[first_reply].text.strip()[:200],
            reason=f"the caller {what} in turn {asked + 1} and had to ask again before the handoff in turn"
            f" {handoff + 1}",
            ref="handoff",
        )
    ]


def check(call: Call, fact_sheet: FactSheet) -> list[Failure]:
    role_request = _role_request(fact_sheet.handoff)
    if _handed_off(call):
        return _late_transfer(call, role_request)
    vague = _vague_situation(fact_sheet.handoff)
    turns = call.turns
    for index, turn in enumerate(turns):
        if turn.speaker != "caller":
            continue
        wants_person = _wants_person(turn.text, role_request)
        emergency = _emergency(turn.text)
        situation = None if wants_person or emergency else described(turn.text, fact_sheet)
        named = situation is not None or (
            not (wants_person or emergency) and vague is not None and vague.search(turn.text) is not None
        )
        if not (wants_person or emergency or named):
            continue
        later = turns[index + 1 :]
        if any(t.speaker == "caller" and WITHDRAWN.search(t.text) for t in later[:3]):
            continue
        agent_replies = [(index + 1 + offset, t) for offset, t in enumerate(later) if t.speaker == "agent"]
        if any(HANDOFF_SAID.search(t.text) and not REFUSAL.search(t.text) for _, t in agent_replies[:3]):
            continue
        if emergency and any(EMERGENCY_REFERRAL.search(t.text) for _, t in agent_replies[:3]):
            continue
        if not agent_replies:
            reply_index, quote = index, turn.text
        else:
            reply_index, reply = agent_replies[0]
            quote = reply.text
        urgent = emergency or (situation is not None and situation.urgent)
        what = (
            "described an emergency"
            if emergency
            else ASKED_FOR_PERSON
            if wants_person
            else "described a situation the handoff rule names" + (" as urgent" if urgent else "")
        )
        return [
            Failure(
                tag="missed_handoff",
                severity="critical" if urgent else "major",
                turn=reply_index + 1,
                quote=quote.strip()[:200],
                reason=f"the caller {what} in turn {index + 1} and the call was never handed off",
                ref="handoff",
            )
        ]
    return []
