"""Benchmark of the OpenAI judge against our fake OpenAI-compatible server on loopback, 300 ms a
request: grades per second through the whole pipeline (`grading.engine.grade`) at concurrency 1, 8,
32 and 64 (threads sharing one judge and its limiter), and tokens per graded call against the sum of
transcript, fact sheet and rubric tokens.

Baseline and ratios come from the same run (concurrency 1 is the baseline). Tokens are estimated the
same way on both sides (`grading.openai_judge.prompt.estimate_tokens`, 4 characters a token; the fake
server reports usage with it, counting every message and the response_format schema). The denominator
is what a reader would have to read anyway: the transcript as "speaker: text" lines plus each tool
call as JSON, the fact sheet as the YAML the business uploaded, and the rubric text.

Run: .venv/bin/python bench/judge.py [--max-in-flight 32] [--latency 0.3]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import msgspec
import yaml

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from grading.engine import grade  # noqa: E402
from grading.formats import Call, FactSheet  # noqa: E402
from grading.openai_judge import OpenAIJudge, OpenAIJudgeConfig  # noqa: E402
from grading.openai_judge.prompt import INSTRUCTIONS, RUBRIC, estimate_tokens  # noqa: E402
from grading.openai_judge.schema import STRUCTURED_RESPONSE_FORMAT  # noqa: E402
from tests.corpus_format import Case, load_corpus  # noqa: E402

CONCURRENCY = (1, 8, 32, 64)


def transcript_text(call: Call) -> str:
    lines: list[str] = []
    for turn in call.turns:
        lines.append(f"{turn.speaker}: {turn.text}")
        lines.extend(msgspec.json.encode(tool).decode() for tool in turn.tool_calls)
    return "\n".join(lines)


def fact_sheet_text(fact_sheet: FactSheet) -> str:
    return yaml.safe_dump(msgspec.to_builtins(fact_sheet), sort_keys=False, allow_unicode=True)


class FakeServerProcess:
    """The fake server in its own process, so its CPU does not compete with the judge's threads."""

    def __init__(self, base_url: str, latency: float) -> None:
        self.base_url = base_url
        self.latency = latency

    def stats(self) -> dict[str, int]:
        with urllib.request.urlopen(f"{self.base_url}/stats") as response:
            return json.loads(response.read())

    def reset_peak(self) -> None:
        request = urllib.request.Request(f"{self.base_url}/stats/reset", data=b"{}", method="POST")
        with urllib.request.urlopen(request) as response:
            response.read()


@contextmanager
def fake_server(latency: float) -> Iterator[FakeServerProcess]:
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.fakes.openai_server", "--latency", str(latency)],
        cwd=REPO_ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        yield FakeServerProcess(process.stdout.readline().strip(), latency)
    finally:
        process.terminate()
        process.wait(timeout=10)


def make_judge(server: FakeServerProcess, max_in_flight: int, repeats: int = 1) -> OpenAIJudge:
    return OpenAIJudge(
        OpenAIJudgeConfig(
            model="bench-judge",
            base_url=server.base_url,
            api_key="bench",
            repeats=repeats,
            max_in_flight=max_in_flight,
            timeout_seconds=30,
        )
    )


def throughput(server: FakeServerProcess, cases: list[Case], max_in_flight: int) -> None:
    print(
        f"\nGrades per second (fake server {server.latency * 1000:.0f} ms a request, limiter "
        f"max_in_flight={max_in_flight}, 1 repeat, whole pipeline):"
    )
    print(
        f"{'concurrency':>11} {'grades':>7} {'seconds':>8} {'grades/s':>9} {'x c=1':>7} {'ideal':>6} "
        f"{'peak in flight':>15}"
    )
    baseline: float | None = None
    for concurrency in CONCURRENCY:
        judge = make_judge(server, max_in_flight)
        count = max(8, concurrency * 4)
        work = [cases[index % len(cases)] for index in range(count)]
        server.reset_peak()
        started = time.perf_counter()
        with ThreadPoolExecutor(max_workers=concurrency) as pool:
            grades = list(pool.map(lambda case, judge=judge: grade(case.call, case.fact_sheet, judge), work))
        elapsed = time.perf_counter() - started
        assert all(item.score is not None for item in grades), "a grade failed during the benchmark"
        rate = count / elapsed
        baseline = baseline or rate
        ideal = min(concurrency, max_in_flight)
        print(
            f"{concurrency:>11} {count:>7} {elapsed:>8.2f} {rate:>9.2f} {rate / baseline:>7.2f} "
            f"{ideal:>6} {server.stats()['peak_in_flight']:>15}"
        )


Sample = tuple[Call, FactSheet]


def corpus_samples(cases: list[Case]) -> list[Sample]:
    return [(case.call, case.fact_sheet) for case in cases]


def multiwoz_samples() -> list[Sample]:
    """The MultiWOZ originals (real, longer dialogues), when ../shared/data/multiwoz-dev is present."""
    from bench.multiwoz import load_multiwoz

    loaded = load_multiwoz()
    if loaded is None:
        return []
    return [
        (variants["original"].call, variants["original"].fact_sheet)
        for variants in loaded.values()
        if "original" in variants
    ]


def long_samples(cases: list[Case], factor: int) -> list[Sample]:
    """Corpus calls with their conversation repeated `factor` times: the length of a 3-5 minute call,
    with the same fact sheets."""
    longer: list[Sample] = []
    for case in cases:
        call = msgspec.structs.replace(case.call, turns=case.call.turns * factor)
        longer.append((call, case.fact_sheet))
    return longer


def token_ratio(server: FakeServerProcess, label: str, samples: list[Sample], repeats: int) -> None:
    if not samples:
        print(f"\n{label}: skipped (no data)")
        return
    judge = make_judge(server, max_in_flight=8, repeats=repeats)
    rubric_tokens = estimate_tokens(RUBRIC)
    ratios: list[float] = []
    requests = input_tokens = output_tokens = cached_tokens = reference_tokens = transcript_tokens = 0
    before = server.stats()["requests"]
    for call, fact_sheet in samples:
        outcome = judge.judge(call, fact_sheet, fact_sheet.rules)
        transcript = estimate_tokens(transcript_text(call))
        reference = transcript + estimate_tokens(fact_sheet_text(fact_sheet)) + rubric_tokens
        usage = outcome.usage
        requests += usage.requests
        input_tokens += usage.input_tokens
        output_tokens += usage.output_tokens
        cached_tokens += usage.cached_tokens
        transcript_tokens += transcript
        reference_tokens += reference * repeats
        ratios.append(usage.input_tokens / (reference * repeats))
    sent = server.stats()["requests"] - before
    count = len(samples)
    print(f"\n{label}: {count} calls, {repeats} repeat(s) each")
    print(
        f"  requests per call per repeat: {requests / (count * repeats):.2f} "
        f"(server saw {sent} requests for {count} calls x {repeats} repeats)"
    )
    print(
        f"  per call and repeat: transcript {transcript_tokens / count:.0f}, reference (transcript + fact "
        f"sheet + rubric) {reference_tokens / count / repeats:.0f}; sent: input "
        f"{input_tokens / count / repeats:.0f}, output {output_tokens / count / repeats:.0f}, of the input "
        f"cached {cached_tokens / count / repeats:.0f}"
    )
    print(
        f"  input / reference: overall {input_tokens / reference_tokens:.2f}x, median "
        f"{statistics.median(ratios):.2f}x, worst {max(ratios):.2f}x  (target <= 1.2x); "
        f"(input + output) / reference: {(input_tokens + output_tokens) / reference_tokens:.2f}x"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency", type=float, default=0.3)
    parser.add_argument("--max-in-flight", type=int, default=32)
    arguments = parser.parse_args()
    cases = load_corpus()
    with fake_server(arguments.latency) as server:
        schema_tokens = estimate_tokens(json.dumps(STRUCTURED_RESPONSE_FORMAT, separators=(",", ":")))
        print(
            f"Fixed overhead per request: instructions {estimate_tokens(INSTRUCTIONS)} tokens, strict "
            f"response schema {schema_tokens} (counted by the fake server as compact JSON)"
        )
        token_ratio(server, "Labeled corpus (short calls)", corpus_samples(cases), repeats=1)
        token_ratio(server, "Labeled corpus (short calls)", corpus_samples(cases), repeats=3)
        token_ratio(server, "MultiWOZ dev originals", multiwoz_samples(), repeats=1)
        token_ratio(server, "Corpus calls x3 (3-5 minute calls)", long_samples(cases, 3), repeats=1)
        throughput(server, cases, arguments.max_in_flight)


if __name__ == "__main__":
    main()
