"""The held-out corpus (tests/corpus_holdout/) is well formed by the same rules as tests/corpus/.

The per-case assertions are the ones of tests/test_corpus_wellformed.py, imported and collected here
so they run against this module's `corpus` fixture (pytest resolves a fixture from the module that
collects the test): one set of conventions, two corpora. Only the file-level decode and the size
floor are restated, because the held-out set is smaller (>= 40 cases, >= 12 clean) and must cover
businesses the tuning corpus does not, or it would not be held out."""

from __future__ import annotations

import collections

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

HOLDOUT_DIR = CORPUS_DIR.parent / "corpus_holdout"


@pytest.fixture(scope="module")
def corpus() -> list[Case]:
    return load_corpus(HOLDOUT_DIR)


def test_every_holdout_file_decodes_strictly_into_the_canonical_structs() -> None:
    business_files = sorted((HOLDOUT_DIR / "businesses").glob("*.yaml"))
    case_files = sorted((HOLDOUT_DIR / "cases").glob("*.yaml"))
    assert business_files
    assert case_files
    for path in business_files:
        msgspec.convert(yaml.safe_load(path.read_text(encoding="utf-8")), FactSheet)
    for path in case_files:
        msgspec.convert(yaml.safe_load(path.read_text(encoding="utf-8")), CaseFile)


def test_holdout_is_large_varied_and_disjoint_from_the_tuning_corpus(corpus: list[Case]) -> None:
    assert len(corpus) >= 40
    per_business = collections.Counter(case.business for case in corpus)
    assert len(per_business) >= 3, per_business
    tuning = load_businesses(CORPUS_DIR / "businesses")
    assert not set(per_business) & set(tuning), "a held-out business is also in tests/corpus/"
    tuning_agents = {sheet.agent for sheet in tuning.values()}
    assert not {case.fact_sheet.agent for case in corpus} & tuning_agents
    clean = [case for case in corpus if not case.expect.failures]
    assert len(clean) >= 12
    positives = collections.Counter(tag for case in corpus for tag in {f.tag for f in case.expect.failures})
    too_few = {tag: positives[tag] for tag in TAGS if positives[tag] < 3}
    assert not too_few, f"tags positive in fewer than 3 cases: {too_few}"
