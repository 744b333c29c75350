"""The labelled sets written by independent labellers (tests/corpus_tuning_*/ and
tests/corpus_unseen_*/) are well formed by the same rules as tests/corpus/.

One module for all of them, each set a parameter of the `corpus` fixture: the per-case assertions
are the ones of tests/test_corpus_wellformed.py, imported and collected here against that fixture.
Restated per set: the strict decode of every file, case files named for their business, the size
floor each labeller committed to (cases, clean cases, every tag positive in >= 3 cases), and no
business (by file name, agent or business name) shared with any other tests/corpus*/ set found when
the test runs, so every set stays new material for the others."""

# pyright: reportUnusedImport=false
from __future__ import annotations

import collections
from dataclasses import dataclass
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


@dataclass(frozen=True)
class LabelledSet:
    """A set and the floor its labeller committed to."""

    name: str
    min_cases: int
    min_clean: int
    turns: tuple[int, int] | None = None

    @property
    def directory(self) -> Path:
        return CORPUS_DIR.parent / self.name


SETS = (
    LabelledSet("corpus_tuning_a", 40, 14),
    LabelledSet("corpus_tuning_v", 33, 12),
    LabelledSet("corpus_tuning_b", 40, 14),
    LabelledSet("corpus_tuning_u", 45, 16),
    LabelledSet("corpus_tuning_c", 45, 16),
    LabelledSet("corpus_tuning_w", 33, 12),
    LabelledSet("corpus_tuning_d", 45, 16),
    LabelledSet("corpus_tuning_e", 45, 16, turns=(4, 22)),
    LabelledSet("corpus_tuning_x", 33, 12),
    LabelledSet("corpus_tuning_f", 45, 16),
    LabelledSet("corpus_tuning_h", 45, 16),
    LabelledSet("corpus_tuning_i", 45, 16),
    LabelledSet("corpus_tuning_t", 45, 16),
    LabelledSet("corpus_tuning_g", 45, 16),
    LabelledSet("corpus_tuning_m", 45, 16),
    LabelledSet("corpus_tuning_n", 45, 16),
    LabelledSet("corpus_tuning_o", 45, 16),
    LabelledSet("corpus_tuning_s", 45, 16),
    LabelledSet("corpus_tuning_j", 45, 16),
    LabelledSet("corpus_tuning_k", 45, 16),
    LabelledSet("corpus_tuning_l", 45, 16),
    LabelledSet("corpus_tuning_q", 45, 16),
    LabelledSet("corpus_tuning_r", 45, 16),
    LabelledSet("corpus_tuning_p", 45, 16),
    LabelledSet("corpus_tuning_z", 33, 12),
    LabelledSet("corpus_tuning_y", 33, 12),
    LabelledSet("corpus_tuning_aa", 33, 12),
    LabelledSet("corpus_tuning_ab", 33, 12),
    LabelledSet("corpus_unseen_ac", 33, 12),
    LabelledSet("corpus_unseen_ad", 33, 12),
    LabelledSet("corpus_unseen_ae", 33, 12),
    LabelledSet("corpus_unseen_af", 33, 12),
    LabelledSet("corpus_unseen_ag", 33, 12),
    LabelledSet("corpus_unseen_ah", 33, 12),
    LabelledSet("corpus_unseen_ai", 33, 12),
)
MIN_POSITIVE_CASES_PER_TAG = 3


@pytest.fixture(scope="module", params=SETS, ids=[labelled.name for labelled in SETS])
def labelled(request: pytest.FixtureRequest) -> LabelledSet:
    return request.param


@pytest.fixture(scope="module")
def corpus(labelled: LabelledSet) -> list[Case]:
    return load_corpus(labelled.directory)


def test_every_labelled_set_on_disk_is_listed_here() -> None:
    on_disk = {path.name for path in CORPUS_DIR.parent.glob("corpus_tuning_*")}
    on_disk |= {path.name for path in CORPUS_DIR.parent.glob("corpus_unseen_*")}
    assert on_disk == {labelled.name for labelled in SETS}


def test_every_file_decodes_strictly_into_the_canonical_structs(labelled: LabelledSet) -> None:
    business_files = sorted((labelled.directory / "businesses").glob("*.yaml"))
    case_files = sorted((labelled.directory / "cases").glob("*.yaml"))
    assert business_files
    assert case_files
    for path in business_files:
        msgspec.convert(yaml.safe_load(path.read_text(encoding="utf-8")), FactSheet)
    for path in case_files:
        msgspec.convert(yaml.safe_load(path.read_text(encoding="utf-8")), CaseFile)


def test_every_case_file_is_named_for_its_business(corpus: list[Case]) -> None:
    for case in corpus:
        assert case.id.startswith(f"{case.business}-"), case.id


@pytest.mark.parametrize(
    "with_range", [labelled for labelled in SETS if labelled.turns], ids=lambda labelled: labelled.name
)
def test_calls_stay_within_the_sets_turn_range(with_range: LabelledSet) -> None:
    assert with_range.turns is not None
    low, high = with_range.turns
    for case in load_corpus(with_range.directory):
        assert low <= len(case.call.turns) <= high, case.id


def test_the_set_shares_no_business_with_any_other_corpus(labelled: LabelledSet, corpus: list[Case]) -> None:
    others_found = sorted(
        path.parent
        for path in CORPUS_DIR.parent.glob("corpus*/businesses")
        if path.is_dir() and path.parent != labelled.directory
    )
    assert CORPUS_DIR in others_found
    files = {case.business for case in corpus}
    agents = {case.fact_sheet.agent for case in corpus}
    names = {case.fact_sheet.business for case in corpus}
    for directory in others_found:
        others = load_businesses(directory / "businesses")
        assert not files & set(others), f"a {labelled.name} business file is also in {directory}"
        assert not agents & {sheet.agent for sheet in others.values()}, directory
        assert not names & {sheet.business for sheet in others.values()}, directory


def test_the_set_is_as_large_and_varied_as_its_labeller_committed(
    labelled: LabelledSet, corpus: list[Case]
) -> None:
    assert len(corpus) >= labelled.min_cases
    per_business = collections.Counter(case.business for case in corpus)
    assert len(per_business) >= 3, per_business
    clean = [case for case in corpus if not case.expect.failures]
    assert len(clean) >= labelled.min_clean
    positives = collections.Counter(tag for case in corpus for tag in {f.tag for f in case.expect.failures})
    too_few = {tag: positives[tag] for tag in TAGS if positives[tag] < MIN_POSITIVE_CASES_PER_TAG}
    assert not too_few, f"tags positive in fewer than {MIN_POSITIVE_CASES_PER_TAG} cases: {too_few}"
