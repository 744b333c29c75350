"""The test renderer against Go text/template and Sprig behaviour the chart depends on, so a chart
test that passes is not passing because the renderer is lenient."""

from __future__ import annotations

from typing import Any

import pytest

from tests.deploy.gotemplate import Renderer, RenderFailed, TemplateError, parse


def run(source: str, data: Any = None) -> str:
    nodes, defines = parse(source)
    return Renderer(defines).render(nodes, data, data)


def test_trim_markers_remove_whitespace_and_newlines_on_their_side_only() -> None:
    assert run("a  \n  {{- 1 }}  \n  b") == "a1  \n  b"
    assert run("a  {{ 1 -}}  \n  b") == "a  1b"


def test_nindent_and_to_yaml_produce_block_yaml_like_helm() -> None:
    source = "spec:\n  {{- toYaml .x | nindent 2 }}\n"
    assert run(source, {"x": {"b": [1], "a": "v"}}) == "spec:\n  a: v\n  b:\n  - 1\n"


def test_range_over_a_map_visits_keys_in_order_and_scopes_variables() -> None:
    source = "{{- range $k, $v := .m }}{{ $k }}={{ $v | quote }};{{- end }}"
    assert run(source, {"m": {"b": 2, "a": True}}) == 'a="true";b="2";'


def test_if_with_and_default_follow_go_truth() -> None:
    source = '{{ if .a }}A{{ else }}no-a{{ end }}|{{ with .b }}{{ . }}{{ end }}|{{ default "d" .c }}'
    assert run(source, {"a": {}, "b": "", "c": ""}) == "no-a||d"
    assert run(source, {"a": [1], "b": "x", "c": "given"}) == "A|x|given"


def test_include_renders_a_define_with_the_data_passed() -> None:
    source = '{{- define "n" -}}{{ .name }}-{{ $.name }}{{- end -}}{{ include "n" .inner }}'
    assert run(source, {"inner": {"name": "i"}}) == "i-i"


def test_required_and_fail_stop_the_render_like_helm() -> None:
    with pytest.raises(RenderFailed, match="need x"):
        run('{{ required "need x" .x }}', {"x": ""})
    with pytest.raises(RenderFailed, match="bad"):
        run('{{ if not (hasPrefix "s3://" .u) }}{{ fail "bad" }}{{ end }}', {"u": "file:///"})
    assert run('{{ required "need x" .x }}', {"x": "ok"}) == "ok"


@pytest.mark.parametrize(
    "source",
    ["{{ if .a }}x", "{{ end }}", '{{ tpl "x" . }}', "{{ else if .a }}", '{{ printf "%d" 1 }}'],
)
def test_constructs_outside_the_subset_are_refused(source: str) -> None:
    with pytest.raises(TemplateError):
        run(source, {"a": 1})
