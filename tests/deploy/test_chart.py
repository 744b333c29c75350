"""The deployment files against the code they deploy: the Helm chart, the Dockerfile and docs/deploy.md.

There is no helm binary and no Docker engine here. The chart is rendered with tests/deploy/gotemplate.py
(the Go-template subset the chart uses) and the manifests are checked as Kubernetes would read them:
every command parses with the real `callgrade` argument parser, every environment name is a setting of
service/settings.py and the rendered configuration loads, the probes and the scrape path answer on a
real running API, selectors, ports and names line up, every pod is locked down with a writable /tmp,
and the migration Job runs as a hook after the Secret and ConfigMap it reads. Static checks cover what
a render with one set of values cannot: every `.Values` reference exists, blocks balance, every
`include` is defined. The image itself is checked only as text (base, user, copies, install, CMD).
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import yaml

from service.cli import build_parser
from service.settings import Settings, env_name, load_settings
from tests.conftest import LiveServer
from tests.deploy.gotemplate import RenderFailed, manifests, merge, render_chart

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
COMMENT = re.compile(r"\{\{-?\s*/\*.*?\*/\s*-?\}\}", re.DOTALL)
BLOCK_OPEN = re.compile(r"\{\{-?\s*(?:if|range|with|define|block)\b")
BLOCK_END = re.compile(r"\{\{-?\s*end\s*-?\}\}")


def values() -> dict[str, Any]:
    loaded = yaml.safe_load((CHART / "values.yaml").read_text())
    assert isinstance(loaded, dict)
    return loaded


def lookup(tree: Any, dotted: str) -> tuple[bool, Any]:
    """(found, value) for a `.a.b.c` path in values."""
    node = tree
    for part in dotted.strip(".").split("."):
        if not isinstance(node, dict) or part not in node:
            return False, None
        node = node[part]
    return True, node


def documented_install_values() -> dict[str, Any]:
    """The values of docs/deploy.md's first `helm install` example, as nested values."""
    text = DEPLOY_DOC.read_text().replace("\\\n", " ")
    install = next(line for line in text.splitlines() if line.startswith("helm install"))
    tree: dict[str, Any] = {}
    for dotted, value in re.findall(r"--set ([\w.]+)=(\S+)", install):
        *parents, leaf = dotted.split(".")
        node = tree
        for part in parents:
            node = node.setdefault(part, {})
        node[leaf] = value
    return tree


def render(overrides: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """The chart's objects for the documented install, with `overrides` on top."""
    return manifests(render_chart(CHART, merge(documented_install_values(), overrides or {})))


def find(objects: list[dict[str, Any]], kind: str, name: str | None = None) -> dict[str, Any]:
    matches = [o for o in objects if o["kind"] == kind and name in (None, o["metadata"]["name"])]
    assert len(matches) == 1, f"expected one {kind} {name or ''}, found {len(matches)}"
    return matches[0]


def pod_specs(objects: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Workload name → its pod spec."""
    return {
        o["metadata"]["name"]: o["spec"]["template"]["spec"]
        for o in objects
        if o["kind"] in {"Deployment", "Job"}
    }


def chart_commands() -> list[tuple[str, list[str]]]:
    """(workload, argv) of every container the chart runs."""
    return [
        (name, [*container["command"], *container.get("args", [])])
        for name, spec in pod_specs(render()).items()
        for container in spec["containers"]
    ]


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
    """`callgrade ...` command lines in docs/deploy.md's shell blocks and in the chart's NOTES.txt
    (run directly or through `kubectl exec ... --` / `docker run ... image`)."""
    text = DEPLOY_DOC.read_text()
    blocks = re.findall(r"```(?:sh|bash|console)\n(.*?)```", text, re.DOTALL)
    blocks.append((TEMPLATES / "NOTES.txt").read_text())
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
    stages = [rest for kind, rest in rows if kind == "FROM"]
    assert stages[-1] == "python:3.11-slim", "the image that runs is the slim one"
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
    # COPY --from=<stage> copies between stages, not from the build context
    sources = [src for parts in copy_lines if not parts[0].startswith("--from=") for src in parts[:-1]]
    # pyproject.toml names README.md as the readme; the build fails without it; setup.py compiles grading.
    for required in ["pyproject.toml", "setup.py", "README.md", "migrations", "grading", "ingest", "service"]:
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


def test_the_built_wheel_carries_every_migration(tmp_path: Path) -> None:
    """The image installs the project's wheel (built in its first stage); the runner reads its SQL
    from the installed `migrations` package, so the wheel must carry every migration file (a wheel
    without them would leave `callgrade migrate` with nothing to apply)."""
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("callgrade-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        shipped = {name for name in archive.namelist() if name.startswith("migrations/")}
    expected = {f"migrations/{path.name}" for path in (ROOT / "migrations").glob("0*.sql")}
    assert expected
    assert expected <= shipped
    installs = [rest for kind, rest in dockerfile_instructions() if kind == "RUN" and "pip install" in rest]
    assert installs
    assert all(" -e " not in f" {rest} " for rest in installs), "the image installs the wheel"
    builds = [rest for kind, rest in dockerfile_instructions() if kind == "RUN" and "pip wheel" in rest]
    assert any("CALLGRADE_COMPILE=1" in rest for rest in builds), "the image's wheel has the compiled engine"


def test_deploy_doc_commands_are_real_commands() -> None:
    commands = doc_commands()
    assert {argv[1] for argv in commands} >= {"migrate", "tenant", "key"}
    problems = [why for argv in commands if (why := parses_as_callgrade(argv))]
    assert problems == []


# --- settings ---------------------------------------------------------------------------------------


BUILD_NAMES = frozenset({"CALLGRADE_COMPILE"})
"""Names the build reads (setup.py), not the service: real, but not settings."""


def env_names_in(text: str) -> set[str]:
    return set(ENV_TOKEN.findall(text))


@pytest.mark.parametrize(
    "path",
    [CHART / "values.yaml", DOCKERFILE, DEPLOY_DOC, *sorted(TEMPLATES.iterdir())],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_every_environment_name_is_a_real_setting(path: Path) -> None:
    """Including names in comments: a commented value is one an operator will uncomment."""
    unknown = env_names_in(path.read_text()) - SETTINGS_NAMES - AWS_NAMES - BUILD_NAMES
    assert unknown == set(), f"not settings of service/settings.py: {sorted(unknown)}"
    assert all(f'"{name}"' in (ROOT / "setup.py").read_text() for name in BUILD_NAMES)


def test_rendered_settings_load_and_every_name_is_a_setting() -> None:
    """What every container gets (ConfigMap, Secret, env) is a valid configuration of real names."""
    objects = render()
    config = find(objects, "ConfigMap")["data"]
    secret = find(objects, "Secret")["stringData"]
    assert {"CALLGRADE_DATABASE_URL", "CALLGRADE_BROKER_URL", "CALLGRADE_BLOB_URL"} <= set(secret)
    for name, spec in pod_specs(objects).items():
        for container in spec["containers"]:
            env = {e["name"]: e["value"] for e in container.get("env", [])}
            environ = {**config, **secret, **env}
            unknown = set(environ) - SETTINGS_NAMES - AWS_NAMES
            assert unknown == set(), f"{name}: not settings: {sorted(unknown)}"
            settings = load_settings(environ)
            assert settings.database_url == secret["CALLGRADE_DATABASE_URL"]
            assert settings.broker_url is not None
            assert settings.blob_url is not None
            assert settings.blob_url.startswith("s3://")
    worker = pod_specs(objects)["callgrade-worker"]["containers"][0]
    assert {"name": "CALLGRADE_WORKER_THREADS", "value": str(values()["worker"]["threads"])} in worker["env"]


def test_every_container_reads_the_rendered_config_and_secret() -> None:
    objects = render()
    config_name = find(objects, "ConfigMap")["metadata"]["name"]
    secret_name = find(objects, "Secret")["metadata"]["name"]
    for name, spec in pod_specs(objects).items():
        for container in spec["containers"]:
            sources = container["envFrom"]
            assert {"configMapRef": {"name": config_name}} in sources, name
            assert {"secretRef": {"name": secret_name}} in sources, name


def test_secret_leaves_out_empty_values_so_boto3_can_use_the_pods_role() -> None:
    secret = find(render(), "Secret")["stringData"]
    assert values()["secretEnv"]["AWS_ACCESS_KEY_ID"] == ""
    assert "AWS_ACCESS_KEY_ID" not in secret
    assert "OPENAI_API_KEY" not in secret
    with_keys = find(
        render({"secretEnv": {"AWS_ACCESS_KEY_ID": "AKIA", "AWS_SECRET_ACCESS_KEY": "s"}}), "Secret"
    )
    assert with_keys["stringData"]["AWS_ACCESS_KEY_ID"] == "AKIA"


@pytest.mark.parametrize("missing", ["CALLGRADE_DATABASE_URL", "CALLGRADE_BROKER_URL", "CALLGRADE_BLOB_URL"])
def test_install_without_a_connection_url_fails_naming_it(missing: str) -> None:
    with pytest.raises(RenderFailed, match=f"secretEnv.{missing} is required"):
        render({"secretEnv": {missing: ""}})


def test_install_with_file_blobs_fails() -> None:
    with pytest.raises(RenderFailed, match="must be an s3:// URL"):
        render({"secretEnv": {"CALLGRADE_BLOB_URL": "file:///data/blobs"}})


def test_existing_secret_replaces_the_charts_secret() -> None:
    overrides = {
        "existingSecret": "callgrade-prod",
        "secretEnv": {name: "" for name in values()["secretEnv"]},
    }
    objects = manifests(render_chart(CHART, overrides))
    assert [o for o in objects if o["kind"] == "Secret"] == []
    for name, spec in pod_specs(objects).items():
        assert {"secretRef": {"name": "callgrade-prod"}} in spec["containers"][0]["envFrom"], name


# --- objects and probes -----------------------------------------------------------------------------


def test_documented_install_renders_the_api_the_workers_and_the_migration() -> None:
    objects = render()
    kinds = sorted((o["kind"], o["metadata"]["name"]) for o in objects)
    assert kinds == [
        ("ConfigMap", "callgrade-config"),
        ("Deployment", "callgrade-api"),
        ("Deployment", "callgrade-worker"),
        ("Job", "callgrade-migrate"),
        ("Secret", "callgrade-env"),
        ("Service", "callgrade"),
        ("ServiceAccount", "callgrade"),
    ], "docs/deploy.md names these objects (callgrade-api, callgrade-migrate, ...)"
    app_version = yaml.safe_load((CHART / "Chart.yaml").read_text())["appVersion"]
    image = f"{documented_install_values()['image']['repository']}:{app_version}"
    for spec in pod_specs(objects).values():
        assert [c["image"] for c in spec["containers"]] == [image]


def test_service_selects_the_api_pods_only_and_targets_their_port() -> None:
    objects = render()
    service = find(objects, "Service")
    api = find(objects, "Deployment", "callgrade-api")
    worker = find(objects, "Deployment", "callgrade-worker")
    selector = service["spec"]["selector"].items()
    assert selector <= api["spec"]["template"]["metadata"]["labels"].items()
    assert not selector <= worker["spec"]["template"]["metadata"]["labels"].items()
    for deployment in (api, worker):
        assert (
            deployment["spec"]["selector"]["matchLabels"].items()
            <= deployment["spec"]["template"]["metadata"]["labels"].items()
        )
    assert api["spec"]["selector"] != worker["spec"]["selector"]
    ports = {p["name"]: p["containerPort"] for p in api["spec"]["template"]["spec"]["containers"][0]["ports"]}
    assert [p["targetPort"] for p in service["spec"]["ports"]] == ["http"]
    assert ports == {"http": values()["api"]["port"]}


def api_pod(objects: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return find(objects or render(), "Deployment", "callgrade-api")["spec"]["template"]


def probe_paths() -> dict[str, str]:
    container = api_pod()["spec"]["containers"][0]
    probes = {kind: container[kind] for kind in ("startupProbe", "livenessProbe", "readinessProbe")}
    assert all(p["httpGet"]["port"] == "http" for p in probes.values())
    return {kind: probe["httpGet"]["path"] for kind, probe in probes.items()}


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
    annotations = api_pod()["metadata"]["annotations"]
    assert annotations["prometheus.io/scrape"] == "true"
    assert annotations["prometheus.io/port"] == str(values()["api"]["port"])
    for path in [*paths.values(), annotations["prometheus.io/path"]]:
        assert "get" in schema.get(path, {}), f"{path} is not a GET route of the API"
    without = api_pod(render({"metrics": {"prometheusAnnotations": False}}))["metadata"]["annotations"]
    assert not [key for key in without if key.startswith("prometheus.io/")]


def test_probes_answer_on_a_running_api(
    settings: Settings, start_live_server: Callable[..., LiveServer]
) -> None:
    server = start_live_server(settings, with_worker=False)
    for probe, path in probe_paths().items():
        response = httpx.get(f"{server.url}{path}")
        assert response.status_code == 200, f"{probe} {path}: {response.status_code} {response.text}"
        if path == "/readyz":
            assert response.json()["checks"] == {"database": "ok", "schema": "ok", "broker": "ok"}
    metrics = httpx.get(f"{server.url}{api_pod()['metadata']['annotations']['prometheus.io/path']}")
    assert metrics.status_code == 200
    assert metrics.headers["content-type"].startswith("text/plain")
    assert "callgrade_http_requests_total" in metrics.text


def test_worker_pods_are_scraped_where_the_worker_serves_its_metrics() -> None:
    """`callgrade worker` serves /metrics on CALLGRADE_HOST:CALLGRADE_WORKER_METRICS_PORT; the pod's
    annotation, its named port and its settings must agree, and the path must answer."""
    from prometheus_client import CollectorRegistry

    from service.metrics import Metrics, serve_metrics

    objects = render()
    pod = find(objects, "Deployment", "callgrade-worker")["spec"]["template"]
    container = pod["spec"]["containers"][0]
    environ = {
        **find(objects, "ConfigMap")["data"],
        **find(objects, "Secret")["stringData"],
        **{e["name"]: e["value"] for e in container["env"]},
    }
    settings = load_settings(environ)
    assert settings.host == "0.0.0.0", "metrics on the pod's loopback cannot be scraped"
    annotations = pod["metadata"]["annotations"]
    ports = {p["name"]: p["containerPort"] for p in container["ports"]}
    assert annotations["prometheus.io/scrape"] == "true"
    assert int(annotations["prometheus.io/port"]) == ports["metrics"] == settings.worker_metrics_port
    port, stop = serve_metrics(Metrics(CollectorRegistry()), "127.0.0.1", 0)
    try:
        response = httpx.get(f"http://127.0.0.1:{port}{annotations['prometheus.io/path']}")
    finally:
        stop()
    assert response.status_code == 200
    assert "callgrade_grading_jobs_total" in response.text


def test_ingress_exposes_the_api_and_webhooks_but_not_ops_routes() -> None:
    objects = render({"ingress": {"enabled": True, "hosts": ["callgrade.example.com"]}})
    ingress = find(objects, "Ingress")
    service = find(objects, "Service")
    (rule,) = ingress["spec"]["rules"]
    assert rule["host"] == "callgrade.example.com"
    paths = rule["http"]["paths"]
    assert [p["path"] for p in paths] == ["/v1", "/schema"]
    for path in paths:
        assert path["backend"]["service"] == {"name": service["metadata"]["name"], "port": {"name": "http"}}
    assert not [o for o in render() if o["kind"] == "Ingress"], "off by default"


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


def test_every_pod_runs_non_root_read_only_with_a_writable_tmp() -> None:
    specs = pod_specs(render())
    assert set(specs) == {"callgrade-api", "callgrade-worker", "callgrade-migrate"}
    uid = int(
        next(rest for kind, rest in reversed(dockerfile_instructions()) if kind == "USER").split(":")[0]
    )
    for name, spec in specs.items():
        assert spec["securityContext"]["runAsNonRoot"] is True, name
        assert spec["securityContext"]["runAsUser"] == uid, name
        tmp_volumes = {v["name"] for v in spec["volumes"] if "emptyDir" in v}
        for container in spec["containers"]:
            security = container["securityContext"]
            assert security["readOnlyRootFilesystem"] is True, name
            assert security["allowPrivilegeEscalation"] is False, name
            assert security["capabilities"]["drop"] == ["ALL"], name
            mounts = {m["mountPath"]: m["name"] for m in container["volumeMounts"]}
            assert mounts.get("/tmp") in tmp_volumes, f"{name}: /tmp is not an emptyDir"
            assert container["resources"]["requests"], name
            assert container["resources"]["limits"]["memory"], name


def hook(obj: dict[str, Any]) -> tuple[set[str], int]:
    annotations = obj["metadata"].get("annotations", {})
    assert "helm.sh/hook" in annotations, f"{obj['kind']} is not a Helm hook"
    return set(annotations["helm.sh/hook"].split(",")), int(annotations["helm.sh/hook-weight"])


def test_migration_job_is_a_pre_install_and_pre_upgrade_hook_after_its_config() -> None:
    objects = render()
    job = find(objects, "Job")
    events, job_weight = hook(job)
    assert events == {"pre-install", "pre-upgrade"}
    assert job["spec"]["template"]["spec"]["restartPolicy"] == "Never"
    # The Job reads the Secret and ConfigMap; on a first install they must exist before it runs.
    for kind in ("Secret", "ConfigMap"):
        dep_events, dep_weight = hook(find(objects, kind))
        assert events <= dep_events, kind
        assert dep_weight < job_weight, f"the {kind} must be created before the migration Job"
    # The chart's ServiceAccount is an ordinary resource, created after pre-install hooks.
    assert "serviceAccountName" not in job["spec"]["template"]["spec"]
    assert not [o for o in render({"migrations": {"enabled": False}}) if o["kind"] == "Job"]
