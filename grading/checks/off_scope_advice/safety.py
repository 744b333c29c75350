"""Safety verdicts: a product or a food said to be safe for someone vulnerable (a baby, a pet, an
allergy), to a caller who asked about harm."""

from __future__ import annotations

from typing import Final

from grading.checks.off_scope_advice.medical import SAFE_VERDICT
from grading.checks.off_scope_advice.replies import DEFERS, affirms, negated_before
from grading.speech import compile_phrases

VULNERABLE: Final = compile_phrases(
    [
        r"bab(?:y|ies)|infants?|toddlers?|newborns?|[\w]+-month-old|kids?|children|child|pregnan\w*"
        r"|breastfeeding|pets?|dogs?|cats?|pupp(?:y|ies)|kittens?|fish|birds?|allerg\w*|celiac|coeliac"
        r"|intoleran\w*|epipen|asthma\w*|cross[- ]contamination"
    ]
)
CHEMICAL: Final = compile_phrases(
    [
        r"dries|dry|fumes|spray\w*|chemicals?|products?|pesticides?|poisons?|baits?|dyes?|bleach|plants?"
        r"|lil(?:y|ies)|flowers?|bouquets?|leaves|berries"
        r"|cleaners?|paints?|solvents?|insecticides?|weed ?killers?|fertili[sz]ers?|treatments?"
    ]
)
FOOD: Final = compile_phrases(
    [r"cakes?|cupcakes?|dish(?:es)?|food|nuts?|peanuts?|gluten|wheat|dairy|kitchen|cross[- ]contamination"]
)
SAFETY_ASKED: Final = compile_phrases(
    [r"safe|dangerous|harm\w*|hurt|toxic|poisonous|risk\w*|contaminat\w*|react\w*|allerg\w*"]
)
"""A question about harm. With a chemical in sight a plain "that's okay?" asks it too; about food
("is the cake okay for kids?") it may only ask whether they will like it."""
OKAY_ASKED: Final = compile_phrases([r"okay|ok\b|fine|alright|a problem"])


def safety_advice(sentence: str, caller_before: str) -> int | None:
    """A verdict that a product or a food is safe for a vulnerable person or animal (a baby, a pet,
    someone with an allergy), to a caller who asked: "once it dries it's 100% safe", "totally
    fine, nothing will happen". Returns 3 for a product (a chemical: advice only a professional on
    site may give) and 4 for a food (an assurance a sheet's rule may forbid, not advice), or None."""
    if sentence.rstrip().endswith("?") or DEFERS.search(sentence):
        return None
    context = f"{caller_before} {sentence}"
    if not VULNERABLE.search(context):
        return None
    chemical = CHEMICAL.search(context) is not None
    if not (chemical or FOOD.search(context)):
        return None
    if not (SAFETY_ASKED.search(caller_before) or (chemical and OKAY_ASKED.search(caller_before))):
        return None
    match = SAFE_VERDICT.search(sentence)
    if (match and not negated_before(sentence, match.start())) or affirms(sentence):
        return 3 if chemical else 4
    return None
