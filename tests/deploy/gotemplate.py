"""A small renderer for the subset of Helm's Go templates that helm/callgrade uses, for tests only.

There is no helm binary here, so tests/deploy renders the chart with this instead and checks the
resulting manifests (indentation, names, selectors, probes, hooks). It follows Go's text/template
rules for what the chart uses — `{{-`/`-}}` trimming, pipelines, `if`/`else`/`range`/`with`/`define`,
variables, `$` — and the Helm/Sprig functions listed in FUNCTIONS. Anything else raises
`TemplateError` rather than rendering something Helm would not: a construct outside the subset
fails the test instead of passing it silently. It is not Helm, and says so in docs/deploy.md:
`helm lint` and `helm template` are still the checks to run where helm exists.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import yaml


class TemplateError(Exception):
    """The template is outside the supported subset, or malformed."""


class RenderFailed(Exception):
    """The chart itself refused to render (`required` or `fail`), as `helm install` would."""


ACTION = re.compile(r"\{\{(-\s)?(.*?)(\s-)?\}\}", re.DOTALL)
TOKEN = re.compile(
    r"""\s*(?:
        (?P<string>"(?:[^"\\]|\\.)*")
      | (?P<number>-?\d+(?:\.\d+)?)
      | (?P<declare>:=)
      | (?P<pipe>\|)
      | (?P<lparen>\()
      | (?P<rparen>\))
      | (?P<comma>,)
      | (?P<var>\$[A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)
      | (?P<field>(?:\.[A-Za-z_][A-Za-z0-9_]*)+|\.)
      | (?P<ident>[A-Za-z_][A-Za-z0-9_]*)
    )""",
    re.VERBOSE,
)


# --- parsing ----------------------------------------------------------------------------------------


def _lex(source: str) -> list[tuple[str, str]]:
    """Text and action pieces, with Go's trim markers applied to the neighbouring text."""
    pieces: list[tuple[str, str]] = []
    position = 0
    trim_next = False
    for match in ACTION.finditer(source):
        text = source[position : match.start()]
        if trim_next:
            text = text.lstrip()
        if match.group(1):
            text = text.rstrip()
        pieces.append(("text", text))
        body = match.group(2).strip()
        if not (body.startswith("/*") and body.endswith("*/")):
            pieces.append(("action", body))
        trim_next = bool(match.group(3))
        position = match.end()
    tail = source[position:]
    pieces.append(("text", tail.lstrip() if trim_next else tail))
    return [p for p in pieces if p != ("text", "")]


def _tokens(expression: str) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    position = 0
    expression = expression.rstrip()
    while position < len(expression):
        match = TOKEN.match(expression, position)
        if match is None or match.end() == position:
            raise TemplateError(f"cannot read {expression[position:]!r} in {{{{ {expression} }}}}")
        kind = match.lastgroup
        assert kind is not None
        found.append((kind, match.group(kind)))
        position = match.end()
    return found


Node = tuple[Any, ...]


def parse(source: str) -> tuple[list[Node], dict[str, list[Node]]]:
    """The node list of `source` and the templates it defines."""
    defines: dict[str, list[Node]] = {}
    pieces = _lex(source)
    nodes, stop = _parse_block(pieces, 0, defines)
    if stop < len(pieces):
        raise TemplateError(f"unexpected {{{{ {pieces[stop][1]} }}}}")
    return nodes, defines


def _parse_block(
    pieces: list[tuple[str, str]], index: int, defines: dict[str, list[Node]]
) -> tuple[list[Node], int]:
    """Nodes up to (not including) an `end` or `else` action; returns the index of that action."""
    nodes: list[Node] = []
    while index < len(pieces):
        kind, body = pieces[index]
        if kind == "text":
            nodes.append(("text", body))
            index += 1
            continue
        keyword = body.split(None, 1)[0] if body else ""
        rest = body[len(keyword) :].strip()
        if keyword in {"end", "else"}:
            if keyword == "else" and rest:
                raise TemplateError(f"`else {rest}` is outside the supported subset")
            return nodes, index
        if keyword in {"if", "with", "range"}:
            then, index = _parse_block(pieces, index + 1, defines)
            otherwise: list[Node] = []
            if index < len(pieces) and pieces[index][1] == "else":
                otherwise, index = _parse_block(pieces, index + 1, defines)
            if index >= len(pieces) or pieces[index][1] != "end":
                raise TemplateError(f"{{{{ {body} }}}} has no end")
            nodes.append((keyword, _tokens(rest), then, otherwise))
            index += 1
            continue
        if keyword == "define":
            name = json.loads(rest)
            inner, index = _parse_block(pieces, index + 1, defines)
            if index >= len(pieces) or pieces[index][1] != "end":
                raise TemplateError(f"define {name} has no end")
            defines[name] = inner
            index += 1
            continue
        if keyword in {"block", "template", "break", "continue"}:
            raise TemplateError(f"`{keyword}` is outside the supported subset")
        nodes.append(("action", _tokens(body)))
        index += 1
    return nodes, index


# --- evaluation -------------------------------------------------------------------------------------


def go_string(value: Any) -> str:
    """How Go prints a value into the output (Helm prints a missing value as nothing)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, str | int | float):
        return str(value)
    raise TemplateError(f"printing a {type(value).__name__} is outside the supported subset")


def truthy(value: Any) -> bool:
    return value not in (None, False, 0, "") and not (isinstance(value, Mapping | list) and not value)


def _indent(width: int, text: str) -> str:
    pad = " " * width
    return pad + text.replace("\n", "\n" + pad)


def _to_yaml(value: Any) -> str:
    return (
        yaml.safe_dump(value, default_flow_style=False, sort_keys=True)
        .removesuffix("\n")
        .removesuffix("\n...")
    )


def _quote(*values: Any) -> str:
    return " ".join(json.dumps(go_string(v)) for v in values if v is not None)


def _required(message: str, value: Any) -> Any:
    if value is None or value == "":
        raise RenderFailed(message)
    return value


def _fail(message: str) -> Any:
    raise RenderFailed(message)


def _printf(form: str, *args: Any) -> str:
    if re.search(r"%[^s%]", form):
        raise TemplateError(f"printf {form!r}: only %s is supported")
    return form % tuple(go_string(a) for a in args)


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "toYaml": _to_yaml,
    "toJson": lambda v: json.dumps(v, separators=(",", ":"), sort_keys=True),
    "nindent": lambda width, text: "\n" + _indent(width, text),
    "indent": _indent,
    "quote": _quote,
    "toString": go_string,
    "default": lambda fallback, value=None: value if truthy(value) else fallback,
    "trunc": lambda length, text: text[:length],
    "trimSuffix": lambda suffix, text: text.removesuffix(suffix),
    "replace": lambda old, new, text: text.replace(old, new),
    "contains": lambda needle, text: needle in text,
    "hasPrefix": lambda prefix, text: text.startswith(prefix),
    "printf": _printf,
    "required": _required,
    "fail": _fail,
    "sha256sum": lambda text: hashlib.sha256(text.encode()).hexdigest(),
    "not": lambda value: not truthy(value),
}


class Renderer:
    def __init__(self, defines: dict[str, list[Node]]) -> None:
        self.defines = defines

    def render(self, nodes: list[Node], dot: Any, root: Any) -> str:
        return "".join(self._run(nodes, dot, [{"$": root}]))

    def _run(self, nodes: list[Node], dot: Any, scopes: list[dict[str, Any]]) -> list[str]:
        out: list[str] = []
        for node in nodes:
            kind = node[0]
            if kind == "text":
                out.append(node[1])
            elif kind == "action":
                tokens: list[tuple[str, str]] = node[1]
                if len(tokens) > 2 and tokens[0][0] == "var" and tokens[1][0] == "declare":
                    scopes[-1][tokens[0][1]] = self._pipeline(tokens[2:], dot, scopes)
                else:
                    out.append(go_string(self._pipeline(tokens, dot, scopes)))
            elif kind == "if":
                branch = node[2] if truthy(self._pipeline(node[1], dot, scopes)) else node[3]
                out += self._run(branch, dot, [*scopes, {}])
            elif kind == "with":
                value = self._pipeline(node[1], dot, scopes)
                if truthy(value):
                    out += self._run(node[2], value, [*scopes, {}])
                else:
                    out += self._run(node[3], dot, [*scopes, {}])
            elif kind == "range":
                out += self._range(node, dot, scopes)
        return out

    def _range(self, node: Node, dot: Any, scopes: list[dict[str, Any]]) -> list[str]:
        tokens: list[tuple[str, str]] = node[1]
        names: list[str] = []
        if any(kind == "declare" for kind, _ in tokens):
            at = next(i for i, (kind, _) in enumerate(tokens) if kind == "declare")
            names = [text for kind, text in tokens[:at] if kind == "var"]
            tokens = tokens[at + 1 :]
        value = self._pipeline(tokens, dot, scopes)
        if isinstance(value, Mapping):
            items = [(k, value[k]) for k in sorted(value)]
        elif isinstance(value, list):
            items = list(enumerate(value))
        elif value is None:
            items = []
        else:
            raise TemplateError(f"range over a {type(value).__name__}")
        if not items:
            return self._run(node[3], dot, [*scopes, {}])
        out: list[str] = []
        for key, item in items:
            scope: dict[str, Any] = {}
            if len(names) == 1:
                scope[names[0]] = item
            elif len(names) == 2:
                scope[names[0]], scope[names[1]] = key, item
            out += self._run(node[2], item, [*scopes, scope])
        return out

    def _pipeline(self, tokens: list[tuple[str, str]], dot: Any, scopes: list[dict[str, Any]]) -> Any:
        commands: list[list[tuple[str, str]]] = [[]]
        depth = 0
        for token in tokens:
            if token[0] == "pipe" and depth == 0:
                commands.append([])
                continue
            depth += {"lparen": 1, "rparen": -1}.get(token[0], 0)
            commands[-1].append(token)
        result: Any = None
        for position, command in enumerate(commands):
            args = self._arguments(command, dot, scopes)
            if position > 0:
                args.append(("value", result))
            result = self._call(args)
        return result

    def _arguments(
        self, tokens: list[tuple[str, str]], dot: Any, scopes: list[dict[str, Any]]
    ) -> list[tuple[str, Any]]:
        args: list[tuple[str, Any]] = []
        index = 0
        while index < len(tokens):
            kind, text = tokens[index]
            if kind == "lparen":
                depth, end = 1, index + 1
                while depth:
                    depth += {"lparen": 1, "rparen": -1}.get(tokens[end][0], 0)
                    end += 1
                args.append(("value", self._pipeline(tokens[index + 1 : end - 1], dot, scopes)))
                index = end
                continue
            if kind == "string":
                args.append(("value", json.loads(text)))
            elif kind == "number":
                args.append(("value", float(text) if "." in text else int(text)))
            elif kind == "field":
                args.append(("value", _walk(dot, text)))
            elif kind == "var":
                name, _, path = text.partition(".")
                args.append(("value", _walk(_lookup_var(scopes, name), "." + path if path else ".")))
            elif kind == "ident" and text in {"true", "false", "nil"}:
                args.append(("value", {"true": True, "false": False, "nil": None}[text]))
            elif kind == "ident":
                args.append(("function", text))
            else:
                raise TemplateError(f"unexpected {text!r}")
            index += 1
        return args

    def _call(self, args: list[tuple[str, Any]]) -> Any:
        if not args:
            raise TemplateError("empty command")
        kind, head = args[0]
        values = [value for _, value in args[1:]]
        if kind == "value":
            if values:
                raise TemplateError("a value cannot take arguments")
            return head
        if head == "include":
            name, data = values
            if name not in self.defines:
                raise TemplateError(f'no template "{name}"')
            return self.render(self.defines[name], data, data)
        if head not in FUNCTIONS:
            raise TemplateError(f"function {head!r} is outside the supported subset")
        return FUNCTIONS[head](*values)


def _lookup_var(scopes: list[dict[str, Any]], name: str) -> Any:
    for scope in reversed(scopes):
        if name in scope:
            return scope[name]
    raise TemplateError(f"undefined variable {name}")


def _walk(value: Any, path: str) -> Any:
    for part in path.strip(".").split(".") if path != "." else []:
        if not isinstance(value, Mapping):
            raise TemplateError(f"cannot read .{part} of a {type(value).__name__}")
        value = value.get(part)
    return value


# --- the chart --------------------------------------------------------------------------------------


def merge(base: Mapping[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """Helm's values merge: maps merge key by key, anything else replaces."""
    merged = dict(base)
    for key, value in override.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), Mapping):
            merged[key] = merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def render_chart(
    chart: Path, overrides: Mapping[str, Any], release: str = "callgrade", namespace: str = "callgrade"
) -> dict[str, str]:
    """Rendered text of each template (file name → text), like `helm template` with these values."""
    meta = yaml.safe_load((chart / "Chart.yaml").read_text())
    values = merge(yaml.safe_load((chart / "values.yaml").read_text()), overrides)
    top = {
        "Values": values,
        "Chart": {"Name": meta["name"], "Version": meta["version"], "AppVersion": meta["appVersion"]},
        "Release": {"Name": release, "Namespace": namespace, "Service": "Helm"},
    }
    templates = sorted((chart / "templates").iterdir())
    defines: dict[str, list[Node]] = {}
    parsed: dict[str, list[Node]] = {}
    for path in templates:
        nodes, found = parse(path.read_text())
        defines |= found
        if not path.name.startswith("_"):
            parsed[path.name] = nodes
    renderer = Renderer(defines)
    return {name: renderer.render(nodes, top, top) for name, nodes in parsed.items()}


def manifests(rendered: Mapping[str, str]) -> list[dict[str, Any]]:
    """The Kubernetes objects in the rendered YAML templates (NOTES.txt is not a manifest)."""
    objects: list[dict[str, Any]] = []
    for name, text in rendered.items():
        if not name.endswith(".yaml"):
            continue
        for document in yaml.safe_load_all(text):
            if document is not None:
                objects.append(document)
    return objects
