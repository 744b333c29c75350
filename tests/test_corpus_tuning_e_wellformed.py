# pyright: reportUnusedImport=false
"""The tuning-E corpus (tests/corpus_tuning_e/) is well formed by the same rules as tests/corpus/.

The per-case assertions are the ones of tests/test_corpus_wellformed.py, imported and collected here
against this module's `corpus` fixture, as tests/test_corpus_tuning_a_wellformed.py does. Only the
file-level decode and the size floor are restated: >= 45 cases, >= 16 clean, every tag positive in
>= 3 cases, and no business (by file name, agent or business name) shared with any other
tests/corpus*/ directory that exists when this runs, so the set adds businesses nobody has seen."""

from __future__ import annotations

import collections
from pathlib import Path

import msgspec
import pytest
import yaml

from grading.formats import TAGS, FactSheet
from tests.corpus_format import CORPUS_DIR, Case, CaseFile, load_businesses, load_corpus
from tests.test_corpus_wellformed import (  # noqa: F401  (collected here, against the fixture below)
    test_an_unknown_field_in_a_case_is_refused,
    test_dead_end_is_pinned_to_the_last_agent_turn,
    test_expected_verdict_follows_the_pass_rule,
    test_forbidden_phrases_in_agent_speech_are_labelled,
    test_ids_and_agents_are_consistent,
    test_labels_point_at_agent_turns_that_hold_the_quote,
    test_one_label_per_tag_and_turn,
)

TUNING_E_DIR = CORPUS_DIR.parent / "corpus_tuning_e"


def other_corpora() -> list[Path]:
    """Every sibling corpus with fact sheets, found at run time, so labellers writing in parallel
    are checked against whatever has landed by then."""
    return sorted(
        path
        for path in CORPUS_DIR.parent.glob("corpus*")
        if path.is_dir() and path != TUNING_E_DIR and (path / "businesses").is_dir()
    )


@pytest.fixture(scope="module")
def corpus() -> list[Case]:
    return load_corpus(TUNING_E_DIR)


def test_every_tuning_e_file_decodes_strictly_into_the_canonical_structs() -> None:
    business_files = sorted((TUNING_E_DIR / "businesses").glob("*.yaml"))
    case_files = sorted((TUNING_E_DIR / "cases").glob("*.yaml"))
    assert business_files
    assert case_files
    for path in business_files:
        msgspec.convert(yaml.safe_load(path.read_text(encoding="utf-8")), FactSheet)
    for path in case_files:
        msgspec.convert(yaml.safe_load(path.read_text(encoding="utf-8")), CaseFile)


def test_every_case_file_is_named_for_its_business(corpus: list[Case]) -> None:
    for case in corpus:
        assert case.id.startswith(f"{case.business}-"), case.id


def test_every_case_has_between_4_and_22_turns(corpus: list[Case]) -> None:
    for case in corpus:
        assert 4 <= len(case.call.turns) <= 22, case.id


def test_tuning_e_corpus_is_large_varied_and_disjoint_from_the_other_corpora(corpus: list[Case]) -> None:
    assert len(corpus) >= 45
    per_business = collections.Counter(case.business for case in corpus)
    assert len(per_business) >= 3, per_business
    own_sheets = {case.fact_sheet.business for case in corpus}
    own_agents = {case.fact_sheet.agent for case in corpus}
    others_seen = other_corpora()
    assert CORPUS_DIR in others_seen
    for directory in others_seen:
        others = load_businesses(directory / "businesses")
        assert not set(per_business) & set(others), f"a tuning-E business file is also in {directory}"
        assert not own_agents & {sheet.agent for sheet in others.values()}, directory
        assert not own_sheets & {sheet.business for sheet in others.values()}, directory
    clean = [case for case in corpus if not case.expect.failures]
    assert len(clean) >= 16
    positives = collections.Counter(tag for case in corpus for tag in {f.tag for f in case.expect.failures})
    too_few = {tag: positives[tag] for tag in TAGS if positives[tag] < 3}
    assert not too_few, f"tags positive in fewer than 3 cases: {too_few}"
