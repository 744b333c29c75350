"""The words that say what a question asks for (yes or no, a source, a detail, a way forward) and
what a reply does with it (clarifies, declines, brushes off, apologises, only fills, pitches, qualifies,
offers)."""

from __future__ import annotations

import re
from typing import Final

from grading.first_chars import compile_filtered
from grading.prefilter import compile_gated
from grading.speech import (
    compile_phrases,
)

CLARIFY: Final = compile_phrases(
    [
        r"(?:could|can|would) you (?:repeat|say that|clarify|spell)",
        r"did you (?:say|mean)",
        r"do you mean",
        r"what do you mean",
        r"sorry,? what",
        r"sorry,? i didn'?t",
        r"pardon",
        r"i didn'?t (?:catch|get|hear|understand)",
        r"let me (?:check|look|see|find|pull|bring up|double-check)",
        r"(?:pull|bring|look) (?:that|it|this|them|those) up",
        r"i'?ll (?:check|look into|find out)",
        r"one (?:moment|second|sec)",
        r"(?:transfer|connect|put you through)",
    ]
)


BRUSH_OFF: Final = compile_filtered(
    r"^(?:(?:okay|ok|alright|sure|well|so)[,.!]?\s*)*(?:is there )?anything else(?: i can (?:help|do|assist)"
    r"(?: you)?(?: with)?)?(?: for you)?(?: today)?\W*$",
    re.IGNORECASE,
)
"""A reply that only closes ("Is there anything else I can do for you?") answers nothing."""
APOLOGY: Final = compile_filtered(
    r"^(?:oh,? |ah,? )?(?:i'?m |i am )?(?:so |really )?sorry(?: about that| to hear that| for the"
    r" (?:trouble|hassle"
    r"|wait))?[.!]?$|^i (?:understand|see)[.!]?$",
    re.IGNORECASE,
)
"""A sentence that only apologises or sympathises."""
DECLINED: Final = compile_phrases(
    [
        r"(?:we|i) (?:can'?t|cannot|won'?t|wouldn'?t|couldn'?t) (?:really )?(?:share|give|tell|say|disclose"
        r"|release|discuss|provide|hand out|pass on|confirm)",
        r"(?:we|i) (?:don'?t|do not|never) (?:share|give out|disclose|release|discuss|hand out|pass on"
        r"|confirm)",
        r"(?:we'?re|we are) not (?:able|allowed|permitted|authori[sz]ed) to",
        r"(?:i|we) (?:wouldn'?t|won'?t) be able to",
        r"(?:that'?s|that is|it'?s|those are|that information is|that info is|(?:is|are)) (?:kept )?"
        r"(?:private|confidential)",
        r"for (?:privacy|security|confidentiality|safety) reasons",
        r"not something (?:we|i) (?:share|give out|can|discuss)",
        # the thing asked for is not on record ("I don't see a press rate on my side")
        r"i (?:don'?t|do not|can'?t|cannot) (?:see|find) (?:a|an|any|that|anything)\b[^.?!]{0,40}?"
        r"\b(?:on my (?:side|end|screen)|on file|in (?:the|our|my) (?:system|records?|notes))",
    ]
)
"""A refusal with its reason, in the words front desks use for what they may not tell ("we can't
share staff schedules", "customer invoices are confidential", "for privacy reasons we don't give
that out"): it answers what it refuses, like REFUSAL's "I can't"."""
REQUEST: Final = compile_filtered(
    r"\b(?:i'?d like|i would like|i want|i wanna|i need|i'?m (?:calling|looking|trying|hoping) to"
    r"|i was hoping|can you|could you|would you|will you|can i|could i|may i)\b",
    re.IGNORECASE,
)
"""A request in the caller's turn: what a refusal is most likely refusing."""
ACTION_REQUEST: Final = compile_filtered(
    r"^(?:can|could|would|will) you (?:please |just )?(?:book|reserve|schedule|get|put|make|set|order|send"
    r"|arrange|add|change|move|cancel|hold|open|unlock|fix|come|deliver|pick|take|do)\b"
    r"|^(?:can|could|may) (?:i|we) (?:book|reserve|schedule|get|have|make|order|change|move|cancel)\b",
    re.IGNORECASE,
)
"""A question that asks the agent to do something, rather than to tell something."""
YES_NO_ASKED: Final = compile_filtered(
    r"^(?:do|does|did|is|are|can|could|will|would|have|has)\b", re.IGNORECASE
)
YES_NO_GIVEN: Final = compile_filtered(
    r"^\W*(?:(?:i'?m |i am |so |oh,? )?sorry,?\s+|oh,?\s+|well,?\s+)?"
    r"(?:yes|yeah|yep|yup|sure|absolutely|of course|definitely|certainly|no|nope|not|we do|we don'?t"
    r"|we can|we can'?t|unfortunately|sadly|afraid not)\b",
    re.IGNORECASE,
)
"""A yes/no question answered by a reply that opens with yes or no (after an apology: "I'm sorry,
no, ...") and names what was asked ("can you come Sunday?" "sure, we do Sundays")."""
QUALIFIED: Final = compile_filtered(
    r"^\W*(?:only|just|not unless|unless|not if|as long as|so long as)\b"
    r"(?!\s+(?:a|one) (?:moment|second|sec)\b)",
    re.IGNORECASE,
)
"""A yes/no question answered with its condition ("is there a fee to cancel?" "only within a day
of the booking"; "unless it's a holiday"): a yes or no, however few of the question's words it
repeats."""
WHAT_ABOUT: Final = compile_filtered(r"^(?:and |okay,? |so )?(?:what|how) about\b", re.IGNORECASE)
"""An elliptic follow-up ("what about my brother, he's twenty-three?"): it asks the earlier question
of a new subject, so a reply whose subject is that one ("he could rent, ...") answers it."""
SOURCE_ASKED: Final = compile_gated(
    r"\bwho (?:would|could|can|do|should|might|will)(?: i| we)? (?:know|ask|tell|talk|speak|call|help|answer)"
    r"|^who (?:can|could|would|does|do|should)$"
    r"|\b(?:someone|somebody|anyone|anybody|a person)(?: there)? (?:who|that)"
    r"(?:'d| would| could| can| might)? (?:know|tell|help|answer)|\bwho'?d know\b"
    r"|\bwhere (?:would|could|can|do|should) (?:i|we) (?:find (?:that |this |it )?out|ask|check)",
    re.IGNORECASE,
)
"""A question for a source: who would know, where to find out."""
SHORT_SOURCE: Final = compile_filtered(r"^who (?:can|could|would|does|do|should)$", re.IGNORECASE)
SOURCE_GIVEN: Final = compile_filtered(
    r"\b(?:call|email|e-mail|text|ask|contact|check with|speak (?:to|with)|talk (?:to|with)|transfer"
    r"|connect you|put you through|call you back|callback|get back to you|reach out|website|online|@)"
    r"|\b(?:technician|manager|office|team|attorney|lawyer|staff|desk|advisor|paralegal|coordinator|someone"
    r"|somebody|they|he|she) (?:can|could|will|would|should) (?:know|tell|help|answer|let you know|explain)",
    re.IGNORECASE,
)
"""What answers a source question: a person or role who can tell, a way to reach one, a place to look."""
PITCH: Final = compile_phrases(
    [
        r"before you (?:go|leave|cancel|decide|hang up)",
        r"(?:could|would|will|can) save you",
        r"have you (?:considered|thought about) (?:upgrading|switching|our|the|a)",
        r"(?:why not|how about|you should) (?:upgrade|upgrading|switch|switching)",
        r"(?:upgrade|switch) (?:you )?to (?:our|the)",
    ]
)
"""A sales pitch ("Before you go, did you know Fiber 300 is just forty-nine ninety-nine a month?
That could save you a lot."): in place of an answer it answers nothing it does not name, even
with a value of the kind asked."""
NAMED_SOURCE: Final = re.compile(
    r"\b(?:would|'d|could|will|should|might|can) (?:know|tell you|be able to (?:tell|help|answer))\b"
    r"|\b(?:(?!(?:It|That|This|There|The|We|They|He|She|You|Our|Your|Their|Its|What|When|Which|Where|Who"
    r"|How|Yes|No|Sorry|Sure|Okay|So|And|But)\b)[A-Z][a-z]+|manager|owner|office|team|staff|desk|fitter"
    r"|technician|tech|coordinator|supervisor|director|specialist)(?:'s|,)? (?:\w+ ){0,2}?(?:knows|handles"
    r"|manages|runs|looks after|deals with|takes care of|is in charge of|is the one|'s the one)\b",
)
"""A source named by what they know or do, in the caller's case as spoken: "Our service manager,
Dana, would know", "Sam's in tomorrow, he'd know", "our fitter, Sam, knows all the models"."""
DETAIL_ASKED: Final = compile_filtered(
    r"^\W*(?:(?:sure|okay|ok|great|and|so)[,!.]?\s+)?(?:what|which|where|how (?:many|big|far|long|much)"
    r"|is it|are they|is that|for how many)\b",
    re.IGNORECASE,
)
"""A question back for a detail the answer depends on (where, which, how many)."""
DEICTIC: Final = re.compile(r"\b(?:that|it|this|those|these|them)\b", re.IGNORECASE)
WAY_FORWARD_ASKED: Final = compile_filtered(
    r"\b(?:what (?:do|should|can|could) (?:i|we) do|what are (?:my|our) options|how (?:do|can|could) (?:i|we)"
    r" (?:do|fix|sort|get))\b",
    re.IGNORECASE,
)
WAY_FORWARD_GIVEN: Final = compile_phrases(
    [
        r"without (?:the|a|an|your)",
        r"unless",
        r"only (?:if|with|once)",
        r"you(?:'d| would|'ll| will)? (?:need|have) to",
        r"you need",
        r"once you",
        r"(?:please|just) (?:bring|call|come|email|send|visit|check)",
    ]
)
"""A requirement or an instruction answers "what do I do?" even when it repeats an earlier reply
("without the confirmation number I can't change anything": find the number)."""


FILLER_ONLY: Final = re.compile(
    r"^\W*(?:(?:um+|uh+|oh|ah|hmm+|mm+|okay|ok|alright|all right|right|well|so)\b[,.!]?\s*)+$", re.IGNORECASE
)
"""A sentence of fillers alone ("Okay."), without a yes or a no: it takes nothing up."""


OFFER: Final = re.compile(
    r"^(?:\([^)]{1,40}\)\s*)?(?:(?:okay|ok|sure|so|well|alright|great)[,.!]?\s+)*(?:"
    r"would you like (?:me )?to (?:book|schedule|set up|reserve|come in|make an? (?:appointment|booking))"
    r"|(?:shall|should|can|could) i (?:book|schedule|set up|reserve|put you down)"
    r"|i can (?:help you )?(?:book|schedule|set up|reserve|get you (?:booked|in)|put you down)"
    r"|(?:do|would) you want (?:me )?to (?:book|schedule|set up))\b",
    re.IGNORECASE,
)
"""A sentence that opens with an offer to book ("(pause) I can set up a free estimate ..."), in place
of an answer; "I'm the virtual assistant, but I can book you in" answers before it offers."""


SHORT_ANSWER: Final = compile_filtered(
    r"^\W*(?:(?:yes|yeah|yep|no|nope)[,.!]?\s+)?(?:it|that|this|we|they|he|she|you|i|there)\s+"
    r"(?:is|are|was|were|am|do|does|did|can|could|will|would|have|has)(?:n'?t|\s+not)?"
    r"(?:\s*[.!]?$|,\s+(?:as long as|so long as|provided|if|unless|but|just|only)\b)",
    re.IGNORECASE,
)
"""The short answer English gives a yes/no question, a pronoun and the question's auxiliary ("Is
this where I call?" "It is."; "Do you deliver?" "We do."), alone or with its condition ("can I
bring my phone?" "You can, as long as it has a wrist strap"): a yes or a no without the word."""
ASKED_TO_ACT: Final = compile_filtered(r"^(?:can|could|would|will) you\b", re.IGNORECASE)
"""A question that asks the agent to do something ("Can you try again?")."""


UNKNOWING_ONLY: Final = re.compile(
    r"^(?:(?:hmm+|um+|uh+|oh|well|sorry|honestly|i'?m sorry)[,.!]?\s+)*"
    r"(?:i (?:honestly |really |just |truly )?(?:don'?t|do not) (?:know"
    r"|have (?:that |any |the )?(?:information|info|details?)(?: (?:about|on) (?:that|this|it))?)"
    r"|i'?m (?:honestly |really |just )?not (?:sure|certain)"
    r"|i'?m not able to help (?:you )?with that|i (?:can'?t|cannot) help (?:you )?with that"
    r"|that'?s not (?:really )?something i can help (?:you )?with)"
    r"(?: (?:on this line|right now|here|offhand|off the top of my head))?[,.!]?"
    r"(?:\s+(?:sorry|i'?m sorry)(?: about that)?[.!]?)?\s*$",
    re.IGNORECASE,
)
"""A sentence that only says the agent does not know or cannot help with it ("Hmm, I honestly don't
know.", "I'm not able to help with that on this line."): a reply of such sentences (and questions
back or closings) takes the question up and answers that
it cannot be answered, which leaves the call a dead end or a rule unfollowed, not the question
ignored. "I'm not able to change payment dates" names something else and is not such a reply."""


UNKNOWING_OF: Final = re.compile(
    r"^(?:(?:hmm+|um+|uh+|oh|well|sorry|honestly|i'?m sorry)[,.!]?\s+)*"
    r"(?:i'?m (?:honestly |really |just )?not (?:sure|certain)|i (?:honestly |really )?(?:don'?t|do not) know"
    r"|i couldn'?t (?:say|tell you)) (when|whether|if|what|how|where|which|who|why)\b",
    re.IGNORECASE,
)
"""An agent saying it does not know the thing asked, by a question word ("I'm not sure when ...")."""
ASKED_WH: Final = re.compile(r"\b(when|what|how|where|which|who|why)\b", re.IGNORECASE)
"""The question word of a question, for UNKNOWING_OF to name."""
