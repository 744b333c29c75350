"""The labeled corpus is well formed: every case decodes into the real Structs, every label points at
a turn that exists, was spoken by the agent and holds the quoted evidence, and the corpus is big and
varied enough to measure every tag. Precision and recall are printed by bench/validity.py, not asserted
here: this file guards the yardstick, not the thing it measures."""

from __future__ import annotations

import collections

import msgspec
import pytest
import yaml

from grading.formats import TAGS, FactSheet
from tests.corpus_format import BUSINESSES_DIR, CASES_DIR, Case, CaseFile, load_corpus

# Every failure is pinned to the agent turn where the agent went wrong (see tests/corpus/README.md):
# missed_handoff and ignored_question at the agent reply that should have transferred or answered,
# dead_end at the agent's last turn, repetitive at the repeat.
TAG_SPEAKER = dict.fromkeys(TAGS, "agent")


@pytest.fixture(scope="module")
def corpus() -> list[Case]:
    return load_corpus()


def test_every_file_decodes_strictly_into_the_canonical_structs() -> None:
    business_files = sorted(BUSINESSES_DIR.glob("*.yaml"))
    case_files = sorted(CASES_DIR.glob("*.yaml"))
    assert business_files
    assert case_files
    for path in business_files:
        msgspec.convert(yaml.safe_load(path.read_text(encoding="utf-8")), FactSheet)
    for path in case_files:
        msgspec.convert(yaml.safe_load(path.read_text(encoding="utf-8")), CaseFile)


def test_an_unknown_field_in_a_case_is_refused(corpus: list[Case]) -> None:
    raw = msgspec.to_builtins(
        CaseFile(fact_sheet="x", description="d", call=corpus[0].call, expect=corpus[0].expect)
    )
    raw["call"]["turns"][0]["speeker"] = "agent"
    with pytest.raises(msgspec.ValidationError, match="speeker"):
        msgspec.convert(raw, CaseFile)


def test_corpus_is_large_and_varied(corpus: list[Case]) -> None:
    assert len(corpus) >= 60
    per_business = collections.Counter(case.business for case in corpus)
    assert len(per_business) >= 3, per_business
    clean = [case for case in corpus if not case.expect.failures]
    assert len(clean) >= 15
    positives = collections.Counter(tag for case in corpus for tag in {f.tag for f in case.expect.failures})
    too_few = {tag: positives[tag] for tag in TAGS if positives[tag] < 3}
    assert not too_few, f"tags positive in fewer than 3 cases: {too_few}"


def test_ids_and_agents_are_consistent(corpus: list[Case]) -> None:
    ids = [case.call.external_id for case in corpus]
    assert len(ids) == len(set(ids))
    for case in corpus:
        assert case.call.external_id == case.id, case.id
        assert case.call.agent == case.fact_sheet.agent, case.id
        assert case.call.source == "api", case.id
        assert case.call.started_at < case.call.ended_at, case.id
        assert case.call.turns, case.id


def test_labels_point_at_agent_turns_that_hold_the_quote(corpus: list[Case]) -> None:
    problems: list[str] = []
    for case in corpus:
        turns = case.call.turns
        for failure in case.expect.failures:
            if not 1 <= failure.turn <= len(turns):
                problems.append(f"{case.id}: {failure.tag} turn {failure.turn} does not exist")
                continue
            turn = turns[failure.turn - 1]
            if turn.speaker != TAG_SPEAKER[failure.tag]:
                problems.append(f"{case.id}: {failure.tag} at turn {failure.turn} spoken by {turn.speaker}")
            if failure.quote.lower() not in turn.text.lower():
                problems.append(f"{case.id}: quote {failure.quote!r} not in turn {failure.turn}")
    assert not problems, "\n".join(problems)


def test_dead_end_is_pinned_to_the_last_agent_turn(corpus: list[Case]) -> None:
    for case in corpus:
        last_agent = max(i for i, t in enumerate(case.call.turns, 1) if t.speaker == "agent")
        for failure in case.expect.failures:
            if failure.tag == "dead_end":
                assert failure.turn == last_agent, case.id


def test_one_label_per_tag_and_turn(corpus: list[Case]) -> None:
    for case in corpus:
        keys = [(f.tag, f.turn) for f in case.expect.failures]
        assert len(keys) == len(set(keys)), case.id


def test_expected_verdict_follows_the_pass_rule(corpus: list[Case]) -> None:
    """Pass = goal met and no critical or major failure (decoy-v1); a label set that says otherwise
    is a labelling mistake."""
    for case in corpus:
        blocking = any(f.severity in ("critical", "major") for f in case.expect.failures)
        expected = "pass" if case.expect.goal_met and not blocking else "fail"
        assert case.expect.verdict == expected, case.id


def test_forbidden_phrases_in_agent_speech_are_labelled(corpus: list[Case]) -> None:
    for case in corpus:
        for number, turn in enumerate(case.call.turns, 1):
            if turn.speaker != "agent":
                continue
            for phrase in case.fact_sheet.forbidden_phrases:
                if phrase.lower() in turn.text.lower():
                    labelled = {(f.tag, f.turn) for f in case.expect.failures}
                    assert ("policy_breach", number) in labelled, f"{case.id} turn {number}: {phrase}"
