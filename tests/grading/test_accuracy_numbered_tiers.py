"""accuracy: a tier of the sheet's numbered series that the sheet does not have is invented, and so
is its price. "Our biggest plan is Cloud 8, seventy-nine a month" where the sheet sells Cloud 2 and
Cloud 4 is the price of a plan nobody offers, not a wrong price of Cloud 4 for sharing its name.
Tried on a web host; the hard negatives are a wrong price of a tier the sheet has and the right one."""

from __future__ import annotations

from grading.checks import accuracy
from grading.formats import Fact, FactSheet
from tests.grading.calls import call

HOST = FactSheet(
    agent="desk",
    business="Harborline Hosting",
    facts=[
        Fact(id="price-cloud-2", topic="price", statement="Cloud 2 (2 CPU cores) costs $20 a month."),
        Fact(id="price-cloud-4", topic="price", statement="Cloud 4 (4 CPU cores) costs $40 a month."),
        Fact(id="price-backup", topic="price", statement="Daily backups add $5 a month."),
    ],
    rules=[],
    scope="hosting plans, backups",
    handoff="Transfer to a person when asked.",
    forbidden_phrases=[],
)


def _tags(said: str) -> list[str]:
    lines = call(("c", "What's your biggest plan?"), ("a", said))
    return [f.tag for f in accuracy.check(lines, HOST)]


def test_a_tier_the_sheet_does_not_number_is_an_invented_price() -> None:
    assert _tags("Our biggest plan is Cloud 8, seventy-nine dollars a month.") == ["invented_fact"]
    assert _tags("Cloud eight is seventy-nine dollars a month.") == ["invented_fact"]


def test_a_tier_the_sheet_has_is_judged_on_its_price() -> None:
    assert _tags("Our biggest plan is Cloud 4, forty dollars a month.") == []
    assert _tags("Cloud four is fifty dollars a month.") == ["wrong_fact"]
