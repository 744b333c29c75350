"""Converter from the MultiWOZ development set (../shared/data/multiwoz-dev, see its README) to our
canonical Call and FactSheet, with the case's labels kept beside them.

The files are not in our formats, so they are decoded tolerantly here and translated: the clerk is
the agent, the fact sheet is the venue facts (no rules), and the call gets fixed, synthetic times
because the dataset has none. Cases are grouped by dialogue so a perturbed variant can be judged
against its original (the data README: only the finding the perturbation added counts).

The directory is resolved relative to the repository as ../shared/data/multiwoz-dev; when it is
absent, `load_multiwoz` returns None and callers print a skip message.
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Literal

import msgspec

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from grading.formats import TOPICS, Call, Fact, FactSheet, Topic, Turn  # noqa: E402

DATA_DIR = REPO_ROOT.parent / "shared" / "data" / "multiwoz-dev"
AGENT = "multiwoz-towninfo"
Variant = Literal["original", "wrong_fact", "invented_fact"]
_START = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


class _RawFact(msgspec.Struct):
    id: str
    topic: str
    statement: str


class _RawFactSheet(msgspec.Struct):
    facts: list[_RawFact]


class _RawTurn(msgspec.Struct):
    index: int
    speaker: Literal["agent", "caller"]
    text: str


class _RawTranscript(msgspec.Struct):
    turns: list[_RawTurn]


class _RawSource(msgspec.Struct):
    record: str
    variant: Variant


class ExpectedTag(msgspec.Struct):
    tag: str
    turn: int
    severity: str


class _RawLabels(msgspec.Struct):
    expected_tags: list[ExpectedTag]
    notes: str = ""


class _RawCase(msgspec.Struct):
    id: str
    source: _RawSource
    fact_sheet: _RawFactSheet
    transcript: _RawTranscript
    labels: _RawLabels


class MultiwozCase(msgspec.Struct, kw_only=True):
    """One dataset file in our formats. `expected` is the label set; `notes` says what was changed."""

    id: str
    record: str
    variant: Variant
    call: Call
    fact_sheet: FactSheet
    expected: list[ExpectedTag]
    notes: str


_decoder = msgspec.json.Decoder(_RawCase)


def _topic(raw: str) -> Topic:
    for topic in TOPICS:
        if topic == raw:
            return topic
    return "other"


def convert(raw: _RawCase) -> MultiwozCase:
    turns = sorted(raw.transcript.turns, key=lambda turn: turn.index)
    if [turn.index for turn in turns] != list(range(1, len(turns) + 1)):
        raise ValueError(f"{raw.id}: turn indexes are not 1..n")
    fact_sheet = FactSheet(
        agent=AGENT,
        business="Cambridge TownInfo (MultiWOZ)",
        facts=[Fact(id=f.id, topic=_topic(f.topic), statement=f.statement) for f in raw.fact_sheet.facts],
        scope="Cambridge restaurants, hotels, attractions and trains",
    )
    call = Call(
        external_id=raw.id,
        source="api",
        agent=AGENT,
        started_at=_START,
        ended_at=_START + timedelta(seconds=15 * max(len(turns), 1)),
        end_reason="other",
        turns=[Turn(speaker=turn.speaker, text=turn.text) for turn in turns],
    )
    return MultiwozCase(
        id=raw.id,
        record=raw.source.record,
        variant=raw.source.variant,
        call=call,
        fact_sheet=fact_sheet,
        expected=raw.labels.expected_tags,
        notes=raw.labels.notes,
    )


def load_multiwoz(directory: Path = DATA_DIR) -> dict[str, dict[str, MultiwozCase]] | None:
    """Cases grouped by dialogue record, then by variant; None when the directory is absent."""
    if not directory.is_dir():
        return None
    grouped: dict[str, dict[str, MultiwozCase]] = {}
    for path in sorted(directory.glob("*.json")):
        case = convert(_decoder.decode(path.read_bytes()))
        grouped.setdefault(case.record, {})[case.variant] = case
    return grouped


if __name__ == "__main__":
    loaded = load_multiwoz()
    if loaded is None:
        print(f"multiwoz-dev not found at {DATA_DIR}; nothing to convert")
    else:
        variants = sum(len(v) for v in loaded.values())
        print(f"{len(loaded)} dialogues, {variants} cases converted from {DATA_DIR}")
