"""The deployment files against the code they deploy: the Helm chart, the Dockerfile and docs/deploy.md.

There is no helm binary and no Docker engine here, so nothing is rendered or built. What these tests
pin instead is drift between the deploy files and the code: every command they run parses with the
real `callgrade` argument parser, every setting they set is a real environment name of
service/settings.py (and the defaults load), the probes and the scrape path answer on a real running
API, every `.Values` reference in a template exists in values.yaml, template blocks are balanced and
every `include` names a `define`, and the security settings agree with the image's user.
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import yaml

from service.cli import build_parser
from service.settings import Settings, env_name, load_settings
from tests.conftest import LiveServer

ROOT = Path(__file__).resolve().parents[2]
CHART = ROOT / "helm" / "callgrade"
TEMPLATES = CHART / "templates"
DOCKERFILE = ROOT / "Dockerfile"
DOCKERIGNORE = ROOT / ".dockerignore"
DEPLOY_DOC = ROOT / "docs" / "deploy.md"

# Read by boto3 (S3 credentials and region), not by our settings.
AWS_NAMES = frozenset(
    {"AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_REGION", "AWS_DEFAULT_REGION"}
)
SETTINGS_NAMES = frozenset(env_name(field) for field in Settings.__struct_fields__)
ENV_TOKEN = re.compile(r"\b((?:CALLGRADE|OPENAI|AWS)_[A-Z0-9_]+)\b")
VALUES_REF = re.compile(r"\$?\.Values((?:\.[A-Za-z_][A-Za-z0-9_]*)+)")
VALUES_SUBST = re.compile(r"\{\{-?\s*\.Values((?:\.[A-Za-z_][A-Za-z0-9_]*)+)\s*-?\}\}")
COMMENT = re.compile(r"\{\{-?\s*/\*.*?\*/\s*-?\}\}", re.DOTALL)
BLOCK_OPEN = re.compile(r"\{\{-?\s*(?:if|range|with|define|block)\b")
BLOCK_END = re.compile(r"\{\{-?\s*end\s*-?\}\}")
COMMAND_LINE = re.compile(r"^\s*(command|args):\s*(\[.*\])\s*$", re.MULTILINE)
WORKLOAD_KINDS = ("kind: Deployment", "kind: Job")


def values() -> dict[str, Any]:
    loaded = yaml.safe_load((CHART / "values.yaml").read_text())
    assert isinstance(loaded, dict)
    return loaded


def templates() -> Iterator[Path]:
    yield from sorted(p for p in TEMPLATES.iterdir() if p.suffix in {".yaml", ".tpl", ".txt"})


def workload_templates() -> list[Path]:
    return [p for p in templates() if any(kind in p.read_text() for kind in WORKLOAD_KINDS)]


def lookup(tree: Any, dotted: str) -> tuple[bool, Any]:
    """(found, value) for a `.a.b.c` path in values."""
    node = tree
    for part in dotted.strip(".").split("."):
        if not isinstance(node, dict) or part not in node:
            return False, None
        node = node[part]
    return True, node


def substitute_values(text: str, tree: dict[str, Any]) -> str:
    def value_of(match: re.Match[str]) -> str:
        found, value = lookup(tree, match.group(1))
        assert found, f"{match.group(0)} is not in values.yaml"
        return str(value)

    return VALUES_SUBST.sub(value_of, text)


def chart_commands() -> list[tuple[str, list[str]]]:
    """(template name, argv) of every container in the chart's workloads, with values filled in."""
    found: list[tuple[str, list[str]]] = []
    tree = values()
    for path in workload_templates():
        lines = [(m.group(1), m.group(2)) for m in COMMAND_LINE.finditer(path.read_text())]
        commands = [
            yaml.safe_load(substitute_values(text, tree)) for kind, text in lines if kind == "command"
        ]
        args = [yaml.safe_load(substitute_values(text, tree)) for kind, text in lines if kind == "args"]
        assert commands, f"{path.name}: a container without an explicit command"
        assert len(commands) == len(args), f"{path.name}: every command line needs its args line"
        found += [(path.name, [*c, *a]) for c, a in zip(commands, args, strict=True)]
    return found


def parses_as_callgrade(argv: list[str]) -> str | None:
    """None when `argv` is a valid `callgrade` command line, else why not."""
    if not argv or argv[0] != "callgrade":
        return f"{argv} does not run callgrade"
    try:
        build_parser().parse_args(argv[1:])
    except SystemExit as exc:
        return f"`{shlex.join(argv)}` is rejected by callgrade's parser (exit {exc.code})"
    return None


def dockerfile_instructions() -> list[tuple[str, str]]:
    text = DOCKERFILE.read_text().replace("\\\n", " ")
    rows: list[tuple[str, str]] = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            instruction, _, rest = stripped.partition(" ")
            rows.append((instruction.upper(), rest.strip()))
    return rows


def doc_commands() -> list[list[str]]:
    """`callgrade ...` command lines in docs/deploy.md's shell blocks (run directly or through
    `kubectl exec ... --` / `docker run ... image`)."""
    text = DEPLOY_DOC.read_text()
    blocks = re.findall(r"```(?:sh|bash|console)\n(.*?)```", text, re.DOTALL)
    commands: list[list[str]] = []
    for block in blocks:
        for line in block.replace("\\\n", " ").splitlines():
            line = line.split(" #", 1)[0].strip()
            match = re.search(r"(?:^|-- |^\$ |\S:\S+ )(callgrade (?:[a-z].*))$", line)
            if match:
                commands.append(shlex.split(match.group(1)))
    return commands


# --- commands ---------------------------------------------------------------------------------------


def test_chart_runs_the_api_the_worker_and_the_migration_with_real_commands() -> None:
    commands = chart_commands()
    problems = [f"{name}: {why}" for name, argv in commands if (why := parses_as_callgrade(argv))]
    assert problems == []
    assert sorted(argv[1] for _, argv in commands) == ["migrate", "serve", "worker"]
    serve = next(argv for _, argv in commands if argv[1] == "serve")
    args = build_parser().parse_args(serve[1:])
    assert args.host == "0.0.0.0", "the API must listen beyond the pod's loopback"
    assert args.port == values()["api"]["port"]


def test_dockerfile_cmd_is_a_real_command_and_runs_as_the_charts_user() -> None:
    rows = dockerfile_instructions()
    assert rows[0] == ("FROM", "python:3.11-slim")
    assert not [rest for kind, rest in rows if kind == "ENTRYPOINT"], "the chart's command must replace CMD"
    cmd = json.loads(next(rest for kind, rest in reversed(rows) if kind == "CMD"))
    assert parses_as_callgrade(cmd) is None
    assert cmd[1] == "serve"
    user = next(rest for kind, rest in reversed(rows) if kind == "USER")
    uid, _, gid = user.partition(":")
    security = values()["podSecurityContext"]
    assert security["runAsNonRoot"] is True
    assert (security["runAsUser"], security["runAsGroup"]) == (int(uid), int(gid))


def test_dockerfile_copies_what_the_install_needs_and_the_context_holds_only_that() -> None:
    copy_lines = [rest.split() for kind, rest in dockerfile_instructions() if kind == "COPY"]
    sources = [src for parts in copy_lines for src in parts[:-1]]
    # pyproject.toml names README.md as the readme; the build fails without it.
    for required in ["pyproject.toml", "README.md", "migrations", "grading", "ingest", "service"]:
        assert required in sources, f"the Dockerfile does not copy {required}"
    ignore = [line.strip() for line in DOCKERIGNORE.read_text().splitlines()]
    ignore = [line for line in ignore if line and not line.startswith("#")]
    assert ignore[0] == "*", ".dockerignore is an allow-list"
    allowed = {line[1:].rstrip("/") for line in ignore if line.startswith("!")}
    assert set(sources) <= allowed, "a COPY source is excluded from the build context"
    assert not allowed & {".venv", ".callgrade", ".git", "tests"}
    for source in sources:
        assert (ROOT / source).exists(), f"the Dockerfile copies {source}, which is not in the repository"
    assert list((ROOT / "migrations").glob("0*.sql")), "the image would have no migrations to apply"


def test_image_installs_the_code_where_it_finds_its_migrations() -> None:
    """`service.migrate` reads migrations/ next to the packages, and the wheel does not carry that
    directory: after a plain `pip install .` the runner finds no files, `callgrade migrate` says the
    schema is current and applies nothing. So the image installs in place, from /app, while that holds."""
    from service.migrate import MIGRATIONS_DIR

    rows = dockerfile_instructions()
    if MIGRATIONS_DIR.parent == ROOT:
        assert ("WORKDIR", "/app") in rows
        assert ("COPY", "migrations ./migrations") in rows
        assert any(kind == "RUN" and "pip install -e ." in rest for kind, rest in rows)


def test_deploy_doc_commands_are_real_commands() -> None:
    commands = doc_commands()
    assert {argv[1] for argv in commands} >= {"migrate", "tenant", "key"}
    problems = [why for argv in commands if (why := parses_as_callgrade(argv))]
    assert problems == []


# --- settings ---------------------------------------------------------------------------------------


def env_names_in(text: str) -> set[str]:
    return set(ENV_TOKEN.findall(text))


@pytest.mark.parametrize(
    "path",
    [CHART / "values.yaml", DOCKERFILE, DEPLOY_DOC, *sorted(TEMPLATES.iterdir())],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_every_environment_name_is_a_real_setting(path: Path) -> None:
    """Including names in comments: a commented value is one an operator will uncomment."""
    unknown = env_names_in(path.read_text()) - SETTINGS_NAMES - AWS_NAMES
    assert unknown == set(), f"not settings of service/settings.py: {sorted(unknown)}"


def test_chart_default_config_and_worker_threads_load_as_settings() -> None:
    tree = values()
    environ = {name: str(value) for name, value in tree["config"].items()}
    environ["CALLGRADE_WORKER_THREADS"] = str(tree["worker"]["threads"])
    settings = load_settings(environ)
    assert settings.worker_threads == tree["worker"]["threads"]
    assert set(tree["config"]) | {"CALLGRADE_WORKER_THREADS"} <= SETTINGS_NAMES | AWS_NAMES


def test_secret_holds_the_connection_settings_the_services_need() -> None:
    secret_env = values()["secretEnv"]
    for name in ["CALLGRADE_DATABASE_URL", "CALLGRADE_BROKER_URL", "CALLGRADE_BLOB_URL", "OPENAI_API_KEY"]:
        assert name in SETTINGS_NAMES
        assert name in secret_env
    assert {"AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"} <= set(secret_env)
    validate = (TEMPLATES / "_helpers.tpl").read_text()
    for name in ["CALLGRADE_DATABASE_URL", "CALLGRADE_BROKER_URL", "CALLGRADE_BLOB_URL"]:
        assert f'required "secretEnv.{name}' in validate, f"the chart does not insist on {name}"


def test_documented_install_values_are_a_valid_configuration() -> None:
    """The `--set secretEnv.X=...` values of the doc's helm example, with the chart's config, load."""
    text = DEPLOY_DOC.read_text()
    documented = dict(re.findall(r"--set(?:-string)? (?:secretEnv|config)\.([A-Z0-9_]+)=(\S+)", text))
    assert {"CALLGRADE_DATABASE_URL", "CALLGRADE_BROKER_URL", "CALLGRADE_BLOB_URL"} <= set(documented)
    environ = {name: str(value) for name, value in values()["config"].items()}
    environ |= {name: value.strip("'\"") for name, value in documented.items()}
    settings = load_settings(environ)
    assert settings.broker_url is not None
    assert settings.blob_url is not None
    assert settings.blob_url.startswith("s3://")


# --- probes -----------------------------------------------------------------------------------------


def api_template() -> str:
    return (TEMPLATES / "api-deployment.yaml").read_text()


def probe_paths() -> dict[str, str]:
    text = api_template()
    found = dict(re.findall(r"(\w+Probe):\s*\n\s*httpGet:\s*\n\s*path:\s*(\S+)", text))
    assert set(found) == {"startupProbe", "livenessProbe", "readinessProbe"}
    return found


def test_probes_and_scrape_path_are_routes_the_api_serves() -> None:
    from service.app import create_app
    from service.blobs import FileBlobStore

    app = create_app(
        Settings(), database_url="postgresql://nobody@127.0.0.1:9/none", blob_store=FileBlobStore(ROOT)
    )
    schema = app.openapi_schema.to_schema()["paths"]
    paths = probe_paths()
    assert paths["readinessProbe"] == "/readyz"
    assert paths["livenessProbe"] == "/healthz"
    scrape = re.search(r"prometheus\.io/path:\s*(\S+)", api_template())
    assert scrape is not None
    for path in [*paths.values(), scrape.group(1)]:
        assert "get" in schema.get(path, {}), f"{path} is not a GET route of the API"
    port = re.search(r"prometheus\.io/port:\s*\{\{\s*\.Values\.api\.port", api_template())
    assert port is not None, "the scrape port must be the container port"
    assert re.search(r"containerPort:\s*\{\{\s*\.Values\.api\.port\s*\}\}", api_template())


def test_probes_answer_on_a_running_api(
    settings: Settings, start_live_server: Callable[..., LiveServer]
) -> None:
    server = start_live_server(settings, with_worker=False)
    for probe, path in probe_paths().items():
        response = httpx.get(f"{server.url}{path}")
        assert response.status_code == 200, f"{probe} {path}: {response.status_code} {response.text}"
        if path == "/readyz":
            assert response.json()["checks"] == {"database": "ok", "schema": "ok", "broker": "ok"}
    metrics = httpx.get(f"{server.url}/metrics")
    assert metrics.status_code == 200
    assert metrics.headers["content-type"].startswith("text/plain")
    assert "callgrade_" in metrics.text


# --- chart structure --------------------------------------------------------------------------------


def test_chart_yaml_names_the_app_version_of_the_code() -> None:
    chart = yaml.safe_load((CHART / "Chart.yaml").read_text())
    assert chart["apiVersion"] == "v2"
    assert chart["name"] == "callgrade"
    assert chart["type"] == "application"
    assert re.fullmatch(r"\d+\.\d+\.\d+", chart["version"])
    from service.app import VERSION

    project = (ROOT / "pyproject.toml").read_text()
    assert f'version = "{chart["appVersion"]}"' in project
    assert chart["appVersion"] == VERSION


def test_values_have_the_keys_the_templates_and_docs_rely_on() -> None:
    tree = values()
    for dotted in [
        "image.repository",
        "image.tag",
        "existingSecret",
        "api.replicas",
        "api.port",
        "api.resources.requests",
        "worker.replicas",
        "worker.threads",
        "worker.resources.requests",
        "migrations.enabled",
        "securityContext.readOnlyRootFilesystem",
        "tmpVolume.sizeLimit",
    ]:
        assert lookup(tree, dotted)[0], f"values.yaml has no {dotted}"
    assert tree["securityContext"]["readOnlyRootFilesystem"] is True
    assert tree["securityContext"]["allowPrivilegeEscalation"] is False
    assert "explorer" not in tree, "the explorer is not built; its block stays commented out"
    assert "# explorer:" in (CHART / "values.yaml").read_text()


@pytest.mark.parametrize("path", sorted(TEMPLATES.iterdir()), ids=lambda p: p.name)
def test_template_values_references_exist(path: Path) -> None:
    tree = values()
    missing = sorted({ref for ref in VALUES_REF.findall(path.read_text()) if not lookup(tree, ref)[0]})
    assert missing == [], f"{path.name} reads values that values.yaml does not define"


@pytest.mark.parametrize("path", sorted(TEMPLATES.iterdir()), ids=lambda p: p.name)
def test_template_blocks_are_balanced_and_includes_are_defined(path: Path) -> None:
    text = COMMENT.sub("", path.read_text())
    assert len(BLOCK_OPEN.findall(text)) == len(BLOCK_END.findall(text)), "if/range/with/define vs end"
    assert text.count("{{") == text.count("}}")
    helpers = (TEMPLATES / "_helpers.tpl").read_text()
    defined = set(re.findall(r'\{\{-?\s*define\s+"([^"]+)"', helpers))
    included = set(re.findall(r'include\s+"([^"]+)"', text))
    assert included <= defined, f"undefined templates: {sorted(included - defined)}"


def test_every_workload_is_locked_down_with_a_writable_tmp() -> None:
    workloads = workload_templates()
    assert {p.name for p in workloads} == {
        "api-deployment.yaml",
        "worker-deployment.yaml",
        "migrate-job.yaml",
    }
    for path in workloads:
        text = path.read_text()
        assert "toYaml .Values.podSecurityContext" in text, path.name
        assert "toYaml .Values.securityContext" in text, path.name
        assert 'include "callgrade.tmpVolumeMount"' in text, path.name
        assert 'include "callgrade.tmpVolume"' in text, path.name
        assert "resources:" in text, path.name
    helpers = (TEMPLATES / "_helpers.tpl").read_text()
    assert re.search(r"mountPath:\s*/tmp\b", helpers)
    assert "emptyDir:" in helpers


def hook(path: Path) -> tuple[set[str], int]:
    text = path.read_text()
    events = re.search(r'"helm\.sh/hook":\s*(\S+)', text)
    weight = re.search(r'"helm\.sh/hook-weight":\s*"(-?\d+)"', text)
    assert events is not None, f"{path.name} is not a Helm hook"
    assert weight is not None, f"{path.name} has no hook weight"
    return set(events.group(1).split(",")), int(weight.group(1))


def test_migration_job_is_a_pre_install_and_pre_upgrade_hook_after_its_config() -> None:
    events, job_weight = hook(TEMPLATES / "migrate-job.yaml")
    assert events == {"pre-install", "pre-upgrade"}
    job = (TEMPLATES / "migrate-job.yaml").read_text()
    assert 'include "callgrade.envFrom"' in job
    # The Job reads the Secret and ConfigMap; on a first install they must exist before it runs.
    for dependency in ["secret.yaml", "configmap.yaml"]:
        dep_events, dep_weight = hook(TEMPLATES / dependency)
        assert events <= dep_events, dependency
        assert dep_weight < job_weight, f"{dependency} must be created before the migration Job"
    assert "serviceAccountName" not in job, "the chart's service account does not exist yet at pre-install"
