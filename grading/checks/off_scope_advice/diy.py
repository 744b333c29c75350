"""Do-it-yourself instructions: steps given to a caller who asked how to fix something themselves."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from grading.speech import compile_phrases

DIY_ASKED: Final = compile_phrases(
    [
        r"how (?:do|can|would|should) i",
        r"(?:is there|any) (?:a |like a )?(?:trick|tips?|hack|way to)",
        r"(?:fix|do|patch|clean|open|unlock|repair) it myself|myself|diy",
        r"what (?:do|should) i (?:use|put|mix)",
        r"(?:anything|something) (?:i|we) (?:can|could) (?:try|do)|what (?:can|could) i (?:try|use)",
        r"what works|can i just (?:hit|spray|use|put|pour|try)",
    ]
)
DIY_STEP: Final = re.compile(
    r"(?:^|[,.;!]\s*|\band (?:then )?|\bthen )(?:just |first,? |now )?(?:grab|get|take|mix|slide|scrape|climb"
    r"|apply|spray|pour|dab|unscrew|jiggle|wiggle|push|pry|use|stick|insert|twist|cut|tape|seal|wipe|rinse|soak"
    r"|scrub|fill|remove|pull|lay|let it sit|blot|shut off|turn off|flip|reset|hold|give|hit|tap|whack"
    r"|clean|swap|unplug|replace)\b",
    re.IGNORECASE,
)


def diy_instructions(text: str, caller_before: str) -> bool:
    """Step-by-step do-it-yourself instructions ("grab a stiff card, slide it in the gap...", "mix
    one part bleach to four parts water, dab it on...", "grab a new power supply online and swap it
    yourself"), to a caller who asked how to do it or did it before themselves."""
    # the caller's question first (two searches of a short turn), the agent's steps only then
    return bool(DIY_ASKED.search(caller_before) and DIY_PROBLEM.search(caller_before)) and (
        _diy_steps(text) >= 2
    )


@lru_cache(maxsize=4096)
def _diy_steps(text: str) -> int:
    # cached by the agent's words, which repeat; read before the caller's turn, which does not
    return len(DIY_STEP.findall(text))


DIY_PROBLEM: Final = compile_phrases(
    [
        r"fix\w*|repair\w*|patch\w*|clean\w*|get (?:it|this|that|them) (?:out|off|open)|stains?|spill\w*"
        r"|leak\w*|stuck|broken|locked|jammed|clogged|blocked|tricks?|myself|diy|unlock|gaps?|cracks?|mix\w*"
        r"|spray\w*|mold|mould|mildew|won'?t (?:start|crank|turn over|open|close|drain|flush|lock|latch)"
        r"|(?:isn'?t|not|stopped) working"
    ]
)
"""A problem the caller would fix themselves: what makes "how do I..." a do-it-yourself question and
not a question about directions, returns or paying."""
