"""instruction_leak: the agent reads out its own instructions, rules, tool names or schemas, or
reads markup aloud.

On a phone call the caller hears every character the agent emits, so "**Price:** $120" (or its
spoken form, "asterisk asterisk Price"), a bullet list, "[link]" or
"https://api.example.com/v1/slots?id=3" are spoken garbage, a cousin of reading the system prompt
aloud (seed 004). Evidence is the first offending fragment of each turn. Plain
web addresses a caller can type ("brightsmile.com") and a single hyphen or number are not markup.

Reading the instructions out need not say "my instructions": an agent that refers to its rules by
number ("per rule two, I need to mention ...") or says two of the sheet's rules (or its handoff
line) back nearly word for word in one turn ("I was told: never give advice about ...; do not
promise a spot ...") is reading them out.

Severity follows the rubric's table: instructions, rules, tool names and schemas (JSON or a data
structure read out as words) are major; markup and stage directions ("*smiles*", "[pause]",
"(warmly)") are minor.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from grading.formats import Call, FactSheet, Failure, Severity
from grading.speech import any_of, compile_phrases, content_words, frozen_content_words

INSTRUCTIONS: Final = compile_phrases(
    [
        r"my (?:system )?(?:prompt|instructions|guidelines|programming|directives|configuration)",
        r"system prompt",
        r"(?:i was|i am|i'?m|i have been|i'?ve been) (?:instructed|programmed|told|configured"
        r"|prompted) (?:to|not to|that)",
        r"my rules (?:say|are|state)",
        r"according to my (?:rules|instructions|prompt|guidelines|training)",
        r"(?:the|my) instructions (?:say|tell|are)",
        r"as an ai(?: language model)?",
        r"i am an ai (?:language model|assistant) (?:instructed|trained|designed)",
        r"(?:tool|function) (?:call|name|schema)",
        r"json schema",
        r"fact ?sheet",
        r"knowledge base",
        r"underscore(?!(?: \w+){0,4} (?:at|dot) )",  # not an address read back ("jo underscore li at")
        r"(?:function|tool) call(?:ed|ing)?",
        r"calling (?:the )?\w+ (?:tool|function|api)",
        r"(?:you are|you'?re) a (?:helpful|friendly) (?:assistant|receptionist|agent) (?:for|that|who)",
        r"(?:i was|i'?ve been|i have been) (?:told|instructed|asked)\s*:",
        r"(?:per|under|according to|as per|following|by) (?:my |our |the )?rule (?:number |no\.? )?"
        r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)",
        r"rule (?:number )?(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten) (?:says|is|states|in my)",
    ]
)
SPOKEN_MARKUP: Final = compile_phrases(
    [
        r"asterisks? asterisks?",
        r"star star",
        r"(?:^|[.!?:,] )asterisks?",
        r"(?<!the )(?<!our )(?<!a )(?<!use )(?<!with )hashtag",
        r"bullet ?points?",
        r"bullet(?=[,:])",
        r"bracket\b[^.!?]{1,40}\bbracket",
        r"back ?ticks?",
        r"(?:open|close|closing|opening|left|right) (?:square )?(?:bracket|paren|parenthesis)",
        r"backslash n",
        r"new ?line character",
        r"pound sign pound sign",
        r"(?:dash|hyphen) (?:dash|hyphen)",
    ]
)
"""Markup that a text-to-speech front end turned into words ("asterisk asterisk Office hours"):
the same leak as the characters, heard as words."""
SPOKEN_SCHEMA: Final = compile_phrases(
    [
        r"(?:open|close|closing|opening|left|right) (?:curly )?braces?",
        r"curly braces?",
        r"\w+ colon (?:open )?(?:brace|bracket|quote)",
    ]
)
"""A data structure read out as words ("order colon open brace item colon cupcakes"): a schema,
which the rubric ranks with instructions (major), not with markup."""
SCHEMA: Final = re.compile(r"\"[a-z_]+\"\s*:|\{\s*\"?[a-z_]+\"?\s*:", re.IGNORECASE)
"""A tool result or payload read aloud as JSON ("{"status": "confirmed", ...}")."""
STAGE_DIRECTION: Final = re.compile(
    r"\((?:[a-z]+ly|[a-z]+ing|laughs|smiles|sighs|pauses|chuckles|nods|whispers|beat|pause|clears throat)"
    r"(?:,? [a-z-]+){0,3}\)"
    r"|^\s*\([a-z-]+(?:,? [a-z-]+){0,4}\)|(?<=[.!?])\s*\([a-z-]+(?:,? [a-z-]+){0,4}\)(?:\s*$|\s+(?=[A-Z]))",
)
"""A parenthesised stage direction ("(warmly)", "(laughs)", "(smiling)"), or any short lower-case
parenthesis that opens the turn or follows its last sentence ("(warm tone) Northgate...",
"(checks portal status) Yes...", "(warm, upbeat tone)", "(warm sign-off)"), or sits between two
sentences ("this is Milo. (warm tone) How can I help?"): the voice speaks it. An aside inside a
sentence ("court three (the one by the car park)") is speech."""
MARKUP: Final = re.compile(
    r"\*\*[^*\n]+\*\*"  # bold
    r"|(?<![\w*])\*[^*\s][^*\n]{0,80}\*(?![\w*])"  # *emphasis*
    r"|(?:^|\n)\s*(?:[-*•]\s+|#{1,6}\s+|\d+\.\s+\S)"  # bullets, headings, numbered lists
    r"|`[^`]+`"  # code
    r"|\[[^\]\n]+\]\([^)\s]+\)"  # markdown link
    r"|\[[A-Za-z_ ]{2,40}\]"  # [placeholder]
    r"|\{\{?[^{}\n]{1,60}\}?\}"  # {placeholder} or JSON
    r"|<\/?[a-z][^>\n]{0,40}>"  # HTML/SSML tags
    r"|\"[a-z_]+\"\s*:"  # "key":
    r"|https?://\S+"  # URLs spoken as code
    r"|\b\w+/[\w/]+\?\w+="  # paths with queries
    r"|#{2,}|\|\s*\w+\s*\|",  # tables
    re.IGNORECASE,
)
CODE_IDENTIFIER: Final = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b|\b[a-z]+[A-Z][a-zA-Z]+\(\)?")
MARKUP_CHARS: Final = re.compile(r"[*\n`\[{<\"/#|]")
LIST_START: Final = re.compile(r"\s*[-•\d]")
CAMEL_CASE: Final = re.compile(r"[A-Z](?<=[a-z][A-Z])")
"""Necessary conditions of MARKUP (one of its characters, or a list marker opening the turn) and
of CODE_IDENTIFIER (an underscore or a camelCase join): plain speech has none of them, and these
scan far faster than the full patterns, which every agent turn would otherwise pay for. The join
(`[a-z][A-Z]`) is found at its capital and looked behind from there: a pattern opening with a
class is scanned for it by `re` itself, and a turn has few capitals but mostly lower case."""


LEAK_PHRASES: Final = any_of(INSTRUCTIONS, SPOKEN_SCHEMA, SPOKEN_MARKUP)
"""The check's three phrasings in one search: an agent turn holding none of them (almost every turn)
is not searched for each."""


def _tool_names(call: Call) -> set[str]:
    return {tool.name.casefold() for turn in call.turns for tool in turn.tool_calls if len(tool.name) > 3}


RECITED: Final = 0.7
"""The share of a rule's words a turn must hold for the rule to count as said back."""


@lru_cache(maxsize=64)
def _rule_words(texts: tuple[str, ...]) -> tuple[frozenset[str], ...]:
    """Each rule's main clause (up to its first ';' or '.') as content words, for rules of three
    words or more: "Never give advice about a child's symptoms, medicine, injuries or allergies"."""
    found: list[frozenset[str]] = []
    for text in texts:
        words = frozenset(content_words(re.split(r"[;.]", text, maxsplit=1)[0]))
        if len(words) >= 3:
            found.append(words)
    return tuple(found)


def _recites_rules(text: str, rules: tuple[frozenset[str], ...]) -> bool:
    """Two or more of the sheet's rules (or its handoff line) said back nearly word for word in one
    turn: the agent reading out its instructions, whatever it calls them ("I was told: never give
    advice about a child's symptoms ...; do not promise a spot ..."). One rule in the agent's own
    words ("I can't give advice about symptoms") is an agent following it."""
    said = frozen_content_words(text)
    recited = 0
    for words in rules:
        if len(words & said) >= RECITED * len(words):
            recited += 1
            if recited >= 2:
                return True
    return False


REFUSED_BEFORE: Final = re.compile(
    r"\b(?:can'?t|cannot|won'?t|will not|not able to|unable to|not allowed to|don'?t|do not|never)\s+"
    r"(?:\w+\s+){0,2}?(?:share|read|give|tell|reveal|disclose|recite|repeat|go over|go into|discuss)\b"
    r"(?:(?!\bbut\b)[^.!?:;])*$",
    re.IGNORECASE,
)
"""A refusal in the clause before ("I can't read out my setup or my instructions"): naming what
the agent will not say is no reading of it. A "but" ends the refusal ("I can't share much, but my
instructions say ...")."""


def _said_not_refused(text: str) -> re.Match[str] | None:
    """The first instructions phrase that is not the object of a refusal in its own clause."""
    for match in INSTRUCTIONS.finditer(text):
        if REFUSED_BEFORE.search(text, 0, match.start()) is None:
            return match
    return None


def check(call: Call, fact_sheet: FactSheet) -> list[Failure]:
    tools = _tool_names(call)
    rules = _rule_words((*(rule.text for rule in fact_sheet.rules), fact_sheet.handoff))
    failures: list[Failure] = []
    for index, turn in enumerate(call.turns):
        if turn.speaker != "agent":
            continue
        text = turn.text
        phrased = LEAK_PHRASES.search(text) is not None
        match = _said_not_refused(text) if phrased else None
        reason = "the agent read out its own instructions"
        severity: Severity = "major"
        if match is None and len(rules) >= 2 and _recites_rules(text, rules):
            match = re.match(r".{0,60}\S*", text)  # the opening of the recital
            reason = "the agent read out the sheet's rules"
        if match is None:
            match = (SCHEMA.search(text) if "{" in text or '"' in text else None) or (
                SPOKEN_SCHEMA.search(text) if phrased else None
            )
            reason = "the agent read a data structure aloud"
        if match is None:
            maybe_markup = MARKUP_CHARS.search(text) or LIST_START.match(text)
            match = (MARKUP.search(text) if maybe_markup else None) or (
                SPOKEN_MARKUP.search(text) if phrased else None
            )
            if match is None and "(" in text:
                match = STAGE_DIRECTION.search(text)
            reason = "the agent read markup or a stage direction aloud"
            severity = "minor"
        if match is None:
            # tool and schema names are the agent's internals, ranked with its instructions (major)
            severity = "major"
            maybe_code = "_" in text or CAMEL_CASE.search(text)
            match = CODE_IDENTIFIER.search(text) if maybe_code else None
            reason = "the agent read a code identifier aloud"
        if match is None and tools:
            lowered = text.casefold()
            for name in tools:
                position = lowered.find(name)
                if position >= 0:
                    match = re.compile(re.escape(text[position : position + len(name)])).search(text)
                    reason = f"the agent named its tool {name!r}"
                    break
        if match is None:
            continue
        failures.append(
            Failure(
                tag="instruction_leak",
                severity=severity,
                turn=index + 1,
                quote=_around(text, match.start(), match.end()),
                reason=reason,
            )
        )
    return failures


def _around(text: str, start: int, end: int) -> str:
    """The match with a little context, cut at word boundaries, as it stands in the turn."""
    left = max(0, start - 30)
    right = min(len(text), end + 30)
    while left > 0 and not text[left - 1].isspace():
        left -= 1
    while right < len(text) and not text[right].isspace():
        right += 1
    return text[left:right].strip()
