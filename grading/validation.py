"""Validation of fact sheets and calls beyond what types can say, and the diff between two fact sheets.

Every entry point (the API, webhooks, the CLI) reports the same errors with the same field paths
(`facts[3].topic`, `turns[0].text`), so a user can find the offending line whatever sent it. The
checks run on the decoded but untyped document (dicts and lists from JSON or YAML), so that *every*
problem is reported at once instead of the first one msgspec stops at; only a document free of
errors is converted into the canonical Struct.

Pure: no I/O. Limits (`max_turns`, `max_turn_chars`) come from the caller's settings.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import msgspec

from grading.formats import RULE_KINDS, TOPICS, Call, Fact, FactSheet, Rule

SPEAKERS = ("agent", "caller")


class FieldError(msgspec.Struct, kw_only=True, frozen=True):
    """One problem in a submitted document: where it is (`facts[3].topic`, empty for the whole
    document) and what is wrong, in words a person can act on."""

    field: str
    message: str


class InvalidDocumentError(Exception):
    """A document that cannot be accepted; carries every error found, each with its path."""

    def __init__(self, errors: list[FieldError]) -> None:
        super().__init__("; ".join(f"{e.field or '(document)'}: {e.message}" for e in errors))
        self.errors = errors


def _msgspec_path(error: msgspec.ValidationError) -> FieldError:
    """Turn msgspec's "... - at `$.turns[0].speaker`" into a FieldError with the same path style."""
    text = str(error)
    message, sep, where = text.rpartition(" - at `")
    if not sep:
        return FieldError(field="", message=text)
    path = where.rstrip("`").removeprefix("$").removeprefix(".")
    return FieldError(field=path, message=message)


# --- Fact sheets ----------------------------------------------------------------------------------


def _check_text(value: object, path: str, errors: list[FieldError], *, required: bool) -> None:
    if value is None and not required:
        return
    if not isinstance(value, str):
        errors.append(FieldError(field=path, message="must be a string"))
    elif required and not value.strip():
        errors.append(FieldError(field=path, message="must not be empty"))


def _check_items(
    items: object,
    name: str,
    kind_field: str,
    allowed: tuple[str, ...],
    text_field: str,
    errors: list[FieldError],
) -> None:
    """Check a list of facts or rules: each an object with a unique non-empty id, a known
    topic/kind and a non-empty statement/text, and no unknown fields."""
    if items is None:
        return
    if not isinstance(items, list):
        errors.append(FieldError(field=name, message="must be a list"))
        return
    seen: dict[str, int] = {}
    known_fields = {"id", kind_field, text_field}
    for index, item in enumerate(items):  # pyright: ignore[reportUnknownVariableType, reportUnknownArgumentType]
        path = f"{name}[{index}]"
        if not isinstance(item, dict):
            errors.append(FieldError(field=path, message="must be an object"))
            continue
        entry: dict[str, Any] = item  # pyright: ignore[reportUnknownVariableType]
        for key in sorted(set(entry) - known_fields, key=str):
            errors.append(FieldError(field=f"{path}.{key}", message="unknown field"))
        item_id = entry.get("id")
        if not isinstance(item_id, str) or not item_id.strip():
            errors.append(FieldError(field=f"{path}.id", message="must be a non-empty string"))
        elif item_id in seen:
            errors.append(
                FieldError(
                    field=f"{path}.id",
                    message=f"duplicate id {item_id!r} (first used at {name}[{seen[item_id]}])",
                )
            )
        else:
            seen[item_id] = index
        kind = entry.get(kind_field)
        if kind not in allowed:
            errors.append(
                FieldError(
                    field=f"{path}.{kind_field}",
                    message=f"unknown {kind_field} {kind!r}; expected one of {', '.join(allowed)}",
                )
            )
        _check_text(entry.get(text_field), f"{path}.{text_field}", errors, required=True)


def validate_fact_sheet(document: object, *, agent: str | None = None) -> FactSheet:
    """Check a decoded fact sheet and return it as a FactSheet, or raise InvalidDocumentError with
    every error found.

    `agent`, when given, is the agent named by the URL: a sheet that names another agent is an
    error (`agent`), and a sheet that names none takes it.
    """
    errors: list[FieldError] = []
    if not isinstance(document, dict):
        raise InvalidDocumentError([FieldError(field="", message="a fact sheet must be an object")])
    sheet: dict[str, Any] = dict(document)  # pyright: ignore[reportUnknownArgumentType]
    known = set(FactSheet.__struct_fields__)
    for key in sorted(set(sheet) - known, key=str):
        errors.append(FieldError(field=str(key), message="unknown field"))
    if agent is not None and sheet.get("agent") is None:
        sheet["agent"] = agent
    _check_text(sheet.get("agent"), "agent", errors, required=True)
    if agent is not None and isinstance(sheet.get("agent"), str) and sheet["agent"] != agent:
        errors.append(
            FieldError(field="agent", message=f"names agent {sheet['agent']!r} but was posted for {agent!r}")
        )
    for name in ("business", "scope", "handoff"):
        _check_text(sheet.get(name), name, errors, required=False)
    _check_items(sheet.get("facts"), "facts", "topic", TOPICS, "statement", errors)
    _check_items(sheet.get("rules"), "rules", "kind", RULE_KINDS, "text", errors)
    phrases = sheet.get("forbidden_phrases")
    if phrases is not None:
        if not isinstance(phrases, list):
            errors.append(FieldError(field="forbidden_phrases", message="must be a list of strings"))
        else:
            for index, phrase in enumerate(phrases):  # pyright: ignore[reportUnknownVariableType, reportUnknownArgumentType]
                _check_text(
                    phrase,  # pyright: ignore[reportUnknownArgumentType]
                    f"forbidden_phrases[{index}]",
                    errors,
                    required=True,
                )
    if errors:
        raise InvalidDocumentError(errors)
    try:
        return msgspec.convert(sheet, FactSheet)
    except msgspec.ValidationError as error:  # a type our checks did not foresee
        raise InvalidDocumentError([_msgspec_path(error)]) from error


# --- Calls ----------------------------------------------------------------------------------------


def _parse_time(value: object, path: str, errors: list[FieldError]) -> datetime | None:
    if isinstance(value, datetime):
        return value
    if not isinstance(value, str):
        errors.append(FieldError(field=path, message="must be an RFC 3339 timestamp"))
        return None
    try:
        parsed = msgspec.convert(value, datetime)
    except msgspec.ValidationError:
        errors.append(FieldError(field=path, message=f"{value!r} is not an RFC 3339 timestamp"))
        return None
    if parsed.tzinfo is None:
        errors.append(FieldError(field=path, message="must carry a time zone offset (e.g. Z)"))
        return None
    return parsed


def _check_turns(turns: object, max_turns: int, max_turn_chars: int, errors: list[FieldError]) -> None:
    if not isinstance(turns, list):
        errors.append(FieldError(field="turns", message="must be a list of turns"))
        return
    if not turns:
        errors.append(FieldError(field="turns", message="must not be empty: a call needs at least one turn"))
        return
    if len(turns) > max_turns:  # pyright: ignore[reportUnknownArgumentType]
        errors.append(
            FieldError(field="turns", message=f"has {len(turns)} turns; the limit is {max_turns}")  # pyright: ignore[reportUnknownArgumentType]
        )
    for index, raw in enumerate(turns):  # pyright: ignore[reportUnknownVariableType, reportUnknownArgumentType]
        path = f"turns[{index}]"
        if not isinstance(raw, dict):
            errors.append(FieldError(field=path, message="must be an object"))
            continue
        turn: dict[str, Any] = raw  # pyright: ignore[reportUnknownVariableType]
        speaker = turn.get("speaker")
        if speaker not in SPEAKERS:
            errors.append(
                FieldError(
                    field=f"{path}.speaker", message=f"unknown speaker {speaker!r}; expected agent or caller"
                )
            )
        text = turn.get("text")
        tool_calls: object = turn.get("tool_calls") or []
        if not isinstance(text, str):
            errors.append(FieldError(field=f"{path}.text", message="must be a string"))
        elif not text.strip() and not tool_calls:
            errors.append(FieldError(field=f"{path}.text", message="is empty and the turn has no tool calls"))
        elif len(text) > max_turn_chars:
            errors.append(
                FieldError(
                    field=f"{path}.text",
                    message=f"is {len(text)} characters long; the limit is {max_turn_chars}",
                )
            )


def validate_call(document: object, *, max_turns: int, max_turn_chars: int) -> Call:
    """Check a decoded canonical Call and return it, or raise InvalidDocumentError with every error.

    Errors found: not an object, empty turns, an unknown speaker, a turn with no text and no tool
    calls, a text over `max_turn_chars`, more than `max_turns` turns, unreadable timestamps, an end
    before the start; anything else the Struct rejects is reported with msgspec's path.
    """
    if not isinstance(document, dict):
        raise InvalidDocumentError([FieldError(field="", message="a call must be an object")])
    body: dict[str, Any] = document  # pyright: ignore[reportUnknownVariableType]
    errors: list[FieldError] = []
    for name in ("external_id", "agent"):
        _check_text(body.get(name), name, errors, required=True)
    started_at = _parse_time(body.get("started_at"), "started_at", errors)
    ended_at = _parse_time(body.get("ended_at"), "ended_at", errors)
    if started_at is not None and ended_at is not None and ended_at < started_at:
        errors.append(FieldError(field="ended_at", message=f"{ended_at.isoformat()} is before started_at"))
    _check_turns(body.get("turns"), max_turns, max_turn_chars, errors)
    if errors:
        raise InvalidDocumentError(errors)
    try:
        return msgspec.convert(body, Call)
    except msgspec.ValidationError as error:
        raise InvalidDocumentError([_msgspec_path(error)]) from error


def check_call(call: Call, *, max_turns: int, max_turn_chars: int) -> None:
    """The same checks for a Call already built by an adapter (webhooks): raise InvalidDocumentError."""
    validate_call(msgspec.to_builtins(call), max_turns=max_turns, max_turn_chars=max_turn_chars)


# --- Diff -----------------------------------------------------------------------------------------


class FactChange(msgspec.Struct, kw_only=True):
    id: str
    before: Fact
    after: Fact


class RuleChange(msgspec.Struct, kw_only=True):
    id: str
    before: Rule
    after: Rule


class FactsDiff(msgspec.Struct, kw_only=True):
    added: list[Fact] = msgspec.field(default_factory=list)
    removed: list[Fact] = msgspec.field(default_factory=list)
    changed: list[FactChange] = msgspec.field(default_factory=list)


class RulesDiff(msgspec.Struct, kw_only=True):
    added: list[Rule] = msgspec.field(default_factory=list)
    removed: list[Rule] = msgspec.field(default_factory=list)
    changed: list[RuleChange] = msgspec.field(default_factory=list)


class FactSheetDiff(msgspec.Struct, kw_only=True):
    """What changed from one version to another. Facts and rules are matched by id; `fields` names
    the other top-level fields (business, scope, handoff, forbidden_phrases) whose value changed."""

    facts: FactsDiff
    rules: RulesDiff
    fields: list[str] = msgspec.field(default_factory=list)


def diff_fact_sheets(before: FactSheet, after: FactSheet) -> FactSheetDiff:
    """Facts and rules added, removed and changed (same id, other content), in document order."""
    facts = FactsDiff()
    old_facts = {fact.id: fact for fact in before.facts}
    new_facts = {fact.id: fact for fact in after.facts}
    for fact in after.facts:
        if fact.id not in old_facts:
            facts.added.append(fact)
        elif old_facts[fact.id] != fact:
            facts.changed.append(FactChange(id=fact.id, before=old_facts[fact.id], after=fact))
    facts.removed = [fact for fact in before.facts if fact.id not in new_facts]

    rules = RulesDiff()
    old_rules = {rule.id: rule for rule in before.rules}
    new_rules = {rule.id: rule for rule in after.rules}
    for rule in after.rules:
        if rule.id not in old_rules:
            rules.added.append(rule)
        elif old_rules[rule.id] != rule:
            rules.changed.append(RuleChange(id=rule.id, before=old_rules[rule.id], after=rule))
    rules.removed = [rule for rule in before.rules if rule.id not in new_rules]

    fields = [
        name
        for name in ("agent", "business", "scope", "handoff", "forbidden_phrases")
        if getattr(before, name) != getattr(after, name)
    ]
    return FactSheetDiff(facts=facts, rules=rules, fields=fields)
