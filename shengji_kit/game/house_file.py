"""Reading a house-rules file a teacher wrote (``[rules]``, docs/house-rules.md) into ``Rules``, without a traceback.

The engine reads the table (``rules_from_table``); this module adds the file: its name and the line of
the bad field in every error, and ``load_rules``, which takes whatever a caller or a data file may name
as rules (a ``Rules``, a preset name, an inline table, or the path of a ``.toml`` file).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path

from ..engine.errors import RuleError
from ..engine.rules import PRESET_NAMES, Rules, resolve_rules, rules_from_table
from ..words import Message
from .input_checks import InputError, decode, parse_toml

RulesSource = Rules | str | os.PathLike[str] | Mapping[str, object] | None
"""What may name rules: a ``Rules``, a preset name, a ``[rules]`` table, a ``.toml`` path, or None (the default)."""


class HouseRulesError(RuleError):
    """A house-rules file that cannot be used; ``reason`` is the field's own error, ``switch`` and ``line`` where."""

    def __init__(
        self, code: str, params: dict[str, object], switch: str | None = None, line: int | None = None
    ) -> None:
        super().__init__(code, params)
        self.switch = switch
        self.line = line

    @property
    def reason(self) -> Message:
        return Message(self.code, self.params, "error")


def rules_name(path: Path) -> str:
    """The name a house file's rules go by: its file name without ``.toml``; never a preset's own name."""
    stem = path.stem
    return f"{stem}_house" if stem in PRESET_NAMES else stem


def read_rules_text(source: str, file: str = "house.toml", name: str | None = None) -> Rules:
    """The rules of a house file's text; raises ``HouseRulesError`` naming ``file``, the field and its line."""
    try:
        data = parse_toml(source)
    except InputError as error:
        raise HouseRulesError("house_file_unreadable", {"file": file, "reason": error.reason}, None, error.line) \
            from None
    table = data.get("rules")
    if table is None:
        raise HouseRulesError("house_file_no_table", {"file": file})
    try:
        return rules_from_table(table, name or rules_name(Path(file)))
    except RuleError as error:
        switch = str(error.params.get("switch", "rules"))
        line = _line_of(source, switch)
        reason = Message(error.code, error.params, "error")
        params: dict[str, object] = {"file": file, "switch": switch, "reason": reason}
        if line is None:
            raise HouseRulesError("house_file_field_no_line", params, switch) from None
        raise HouseRulesError("house_file_field", {**params, "line": line}, switch, line) from None


def read_rules_file(path: str | os.PathLike[str]) -> Rules:
    """The rules of the house file at ``path``; a missing or bad file is a ``HouseRulesError`` naming it."""
    target = Path(path)
    shown = target.name
    try:
        data = target.read_bytes()
    except FileNotFoundError:
        raise HouseRulesError("house_file_missing", {"file": shown}) from None
    except OSError as error:
        raise HouseRulesError("house_file_unreadable", {"file": shown, "reason": error.strerror or str(error)}) \
            from None
    try:
        source = decode(data)
    except InputError as error:
        raise HouseRulesError("house_file_unreadable", {"file": shown, "reason": error.reason}) from None
    return read_rules_text(source, shown, rules_name(target))


def looks_like_file(value: object) -> bool:
    """Whether ``value`` names a house file rather than a preset (a path, or text ending in ``.toml``)."""
    return isinstance(value, os.PathLike) or (isinstance(value, str) and value.strip().lower().endswith(".toml"))


def load_rules(source: RulesSource, base: str | os.PathLike[str] | None = None) -> Rules:
    """The rules ``source`` names; a relative ``.toml`` path is read from the folder ``base`` (else the working one)."""
    if isinstance(source, str | os.PathLike) and looks_like_file(source):
        path = Path(os.fspath(source).strip())
        if base is not None and not path.is_absolute():
            path = Path(base) / path
        return read_rules_file(path)
    if isinstance(source, Mapping):
        try:
            return rules_from_table(source)
        except RuleError as error:
            switch = str(error.params.get("switch", "rules"))
            params = {"file": "rules", "switch": switch, "reason": Message(error.code, error.params, "error")}
            raise HouseRulesError("house_file_field_no_line", params, switch) from None
    return resolve_rules(source)  # type: ignore[arg-type]


def _line_of(source: str, key: str) -> int | None:
    """The line where ``key = …`` is written (1-based), when it is written once on a line of its own."""
    found = [
        number for number, line in enumerate(source.splitlines(), 1)
        if re.match(rf"\s*\"?{re.escape(key)}\"?\s*=", line)
    ]
    return found[0] if len(found) == 1 else None
