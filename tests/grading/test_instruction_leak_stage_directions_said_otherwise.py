"""instruction_leak: stage directions and list markup as a voice reads them. A parenthesis with a
comma or a hyphen ("(warm, upbeat tone)", "(warm sign-off)") opening a turn or sitting between two
sentences; "bracket, friendly tone, bracket"; "bullet, Monday to Friday". Each was spoken without
a leak. The hard negatives: an aside inside a sentence, and "bullet" and "bracket" as words.
Tried on a bicycle hire."""

from __future__ import annotations

import pytest

from grading.checks import instruction_leak
from grading.formats import FactSheet
from tests.grading.calls import call

HIRE = FactSheet(
    agent="desk", business="Spoke and Saddle Hire", facts=[], rules=[], scope="bike hire, routes"
)


def _leaks(said: str) -> list[int]:
    return [f.turn for f in instruction_leak.check(call(("a", said), ("c", "Okay.")), HIRE)]


@pytest.mark.parametrize(
    "said",
    [
        "Spoke and Saddle, this is Ren. (warm, upbeat tone) How can I help?",
        "(warm sign-off) Thanks for calling, have a great ride!",
        "(checking the schedule, brief pause) Sure, let me look at Friday.",
        "Bracket, friendly tone, bracket. I can help with hire prices right here!",
        "Our hours are: bullet, Monday to Friday, eight to six. Bullet, Saturday, nine to four.",
    ],
)
def test_a_direction_or_list_read_aloud_is_a_leak(said: str) -> None:
    assert _leaks(said) == [1]


@pytest.mark.parametrize(
    "said",
    [
        "Take the river path (the flat one by the mill) and you're there in ten minutes.",
        "The e-bike has a bullet-shaped light, and the rack bracket comes off easily.",
    ],
)
def test_an_aside_or_the_words_themselves_are_speech(said: str) -> None:
    assert _leaks(said) == []
