"""accuracy: what a must rule tells the agent to say of the business is the sheet's to say. "When
booking the Blackout Maze, warn that it has fog machines and flashing lights" makes "it has fog
machines and flashing lights" a sentence the sheet backs; it had been an invented amenity on a call
that followed the rule. Tried on a laser-tag arena; the hard negative is an amenity no fact or rule
names. Only must rules count: a must_not rule says what the agent must not do."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet, Rule
from tests.grading.calls import call

ARENA = FactSheet(
    agent="desk",
    business="Photon Blast Laser Tag",
    facts=[
        Fact(id="arenas", topic="service", statement="Two arenas: the Blackout Maze and the Neon Yard."),
        Fact(id="price-game", topic="price", statement="A 20-minute game is $12 per player."),
    ],
    rules=[
        Rule(
            id="maze-warning",
            kind="must",
            text="When booking the Blackout Maze, warn that it has fog machines and flashing lights.",
        ),
        Rule(id="no-vests", kind="must_not", text="Never let players take home the vests or smoke cannons."),
    ],
    scope="laser tag games, parties, bookings",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _tags(said: str) -> list[str]:
    lines = call(("c", "Can we book the Blackout Maze for Saturday?"), ("a", said))
    return sorted(f.tag for f in accuracy.check(lines, ARENA))


def test_what_a_must_rule_says_to_warn_of() -> None:
    assert _tags("Before I book it: it has fog machines and flashing lights.") == []


def test_an_amenity_no_fact_or_rule_names() -> None:
    assert _tags("Before I book it: it has a climbing wall and a snack bar.") == ["invented_fact"]
