"""Reading files a person may have edited (puzzle and lesson TOML, round records in JSON) without a traceback.

A UTF-8 byte-order mark is dropped; UTF-16 text, an empty file, a TOML syntax error (with its line),
nesting deeper than ``MAX_DEPTH`` and a number too long for Python become one ``InputError`` that
explains itself in both languages (codes ``input_*``, catalogue ``input_checks.toml``).
"""

from __future__ import annotations

import json
import re
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from ..engine.errors import RuleError
from ..words import Message

MAX_DEPTH = 32
"""Lists and tables nested deeper than this are refused (the kit's own files nest 4 deep)."""
UTF8_BOM = "\ufeff"
UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
_AT = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")
_AT_END = re.compile(r"\s*\(at end of document\)\s*$")


T = TypeVar("T")

class InputError(RuleError):
    """A file's content that cannot be read as data; ``reason`` says why in any language, ``line`` where."""

    def __init__(self, code: str, params: dict[str, object] | None = None, line: int | None = None) -> None:
        super().__init__(code, params)
        self.line = line

    @property
    def reason(self) -> Message:
        return Message(self.code, self.params, "error")


def digit_limit() -> int:
    """The most digits Python turns into a number (``sys.get_int_max_str_digits``; 0 means none)."""
    return sys.get_int_max_str_digits() or 4300


def decode(data: bytes) -> str:
    """The text of a file's bytes: UTF-8, its byte-order mark dropped; UTF-16 or bad bytes refused."""
    if data.startswith(UTF16_BOMS):
        raise InputError("input_utf16")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InputError("input_not_utf8", {"position": error.start}) from None
    return text.removeprefix(UTF8_BOM)


def read_text(path: str | Path) -> str:
    """A file's text (see ``decode``); ``OSError`` when it cannot be opened."""
    return decode(Path(path).read_bytes())


def too_deep(value: object, most: int = MAX_DEPTH) -> bool:
    """Whether ``value`` nests lists or tables more than ``most`` deep (counted without recursion)."""
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: list[object] = list(item.values())
        elif isinstance(item, list):
            children = list(item)
        else:
            continue
        if depth >= most:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def hostile_input(error: Exception) -> InputError | None:
    """The InputError for Python's own limits: a RecursionError, or a number with too many digits."""
    if isinstance(error, RecursionError):
        return InputError("input_too_deep", {"most": MAX_DEPTH})
    if isinstance(error, ValueError) and "limit" in str(error) and "digits" in str(error):
        return InputError("input_number_too_long", {"most": digit_limit()})
    return None


def parse_toml(text: str) -> dict[str, Any]:
    """A TOML document as a dict; every way it can fail is an ``InputError`` (syntax errors with their line)."""
    text = text.removeprefix(UTF8_BOM)
    if not text.strip():
        raise InputError("input_empty")
    try:
        return _within_limits(tomllib.loads, text)
    except tomllib.TOMLDecodeError as error:
        detail = str(error)
        at = _AT.search(detail)
        if at:
            line, column = int(at.group(1)), int(at.group(2))
            raise InputError(
                "input_toml_syntax", {"line": line, "column": column, "detail": detail[: at.start()]}, line
            ) from None
        end = _AT_END.search(detail)
        line = text.count("\n") + 1
        raise InputError("input_toml_cut", {"line": line, "detail": detail[: end.start()] if end else detail}, line) \
            from None


def parse_json(text: str) -> Any:
    """A JSON document; deep nesting and over-long numbers are an ``InputError``, a syntax error a
    ``json.JSONDecodeError`` as usual (the caller words it)."""
    return _within_limits(json.loads, text.removeprefix(UTF8_BOM))


def _within_limits(load: Callable[[str], T], text: str) -> T:
    """``load(text)`` with Python's own limits (a RecursionError, an over-long number) and nesting deeper
    than ``MAX_DEPTH`` as an ``InputError``; the parser's own syntax errors pass on unchanged."""
    try:
        data = load(text)
    except (RecursionError, ValueError) as error:
        hostile = hostile_input(error)
        if hostile is None:
            raise
        raise hostile from None
    if too_deep(data):
        raise InputError("input_too_deep", {"most": MAX_DEPTH})
    return data


def read_toml(path: str | Path) -> dict[str, Any]:
    """A TOML file as a dict (``read_text`` then ``parse_toml``); ``OSError`` when it cannot be opened."""
    return parse_toml(read_text(path))
