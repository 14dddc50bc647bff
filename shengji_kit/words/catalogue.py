"""The message catalogue: every text a learner reads, loaded once from per-language data files.

Texts live in ``shengji_kit/words/texts/<lang>/<domain>.toml``, one flat table ``code = "template"``
per file; a code is unique across all files of a language and exists in every language.
``text(code, lang, **params)`` is the one way to render a text. Unknown languages, unknown codes
and missing parameters raise ``MessageError`` (a ``ValueError``); extra parameters are ignored.

A placeholder is ``{name}`` or ``{name:kind}``; the kind says how the typed value is written:

==================  ==================================  ==============================
kind                value                               en / zh
==================  ==================================  ==============================
(none)              str, int, or anything with          as is / as is
                    ``render(lang) -> str`` (a Message)
``cards``           a Card or a sequence of cards       ``♥3♥3 ♠A BJ`` (a pair is one word,
                                                        a space between everything else)
``cards_spaced``    a Card or a sequence of cards       ``♠A ♥3``
``stronger_first``  a sequence of cards                 ``♠A > ♠K``
``equal``           a sequence of cards                 ``♠2 = ♥2``
``seat``            a seat 0–3, or None                 ``East`` / ``东家`` (``seat_1``)
``seat_plain``      a seat 0–3, or None                 ``South``, never ``South (you)``
``suit``            a suit letter S H C D, or T         ``spades`` / ``黑桃`` (``suit_S``)
``suit_sign``       a suit letter S H C D, or T         ``♠`` / ``黑桃`` (``suit_sign_S``)
``suits``           a sequence of suit letters          ``spades and hearts``
``rank``            a rank 2–10, J, Q, K, A             ``queen`` / ``Q`` (``rank_Q``)
``team``            a team 0 or 1                       ``team_0`` / ``team_1``
``phase``           a round phase name                  ``phase_<name>``
``trump``           a ``Trump``                         ``level 2, spades trump``
``outcome``         an ``Outcome``                      ``defenders go up 1``
``plural:one|many`` an int                              ``card`` when 1, else ``cards``
``rules``           a preset name, or a ``Rules``       ``Super Tycoon`` / ``超级大亨`` (``term_rules_<name>``;
                                                        else a house file's title, else its name)
``numeral``         an int (a lesson's number)          ``8`` / ``八`` (``term_numeral_<n>``)
==================  ==================================  ==============================

Typed values write themselves: a card, a trump or an outcome has ``words(kind, lang)``
(the ``Worded`` protocol), so the catalogue knows nothing of cards or trumps and sits on the
ground floor, below the engine that uses it. The words behind ``seat``, ``suit``, ``team``… are
catalogue codes too, so a translator edits them in the same files. English plurals:
``{count} {count:plural:card|cards}``; Chinese needs none. Reading these package data files
once, at import, is the engine's only file access. For translators: docs/messages.md.
"""

from __future__ import annotations

import re
import string
import tomllib
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Protocol, runtime_checkable

LANGUAGES: tuple[str, ...] = ("en", "zh")


def languages_from(lang: str) -> tuple[str, ...]:
    """``lang`` first, then every other language: a notice shown before the learner chose one says it in all."""
    return (lang, *(other for other in LANGUAGES if other != lang))


PLURAL = "plural"
CARD_KINDS: dict[str, str] = {"cards": "", "cards_spaced": " ", "stronger_first": " > ", "equal": " = "}
LOOKUP_KINDS = frozenset({"seat", "seat_plain", "suit", "suit_sign", "rank", "team", "phase"})
SEAT_KINDS = frozenset({"seat", "seat_plain"})
TERM_KINDS = {"rules": "term_rules", "numeral": "term_numeral"}
"""Kinds whose words are catalogue codes ``<prefix>_<value>``; a value without a code is written as is."""
KINDS = frozenset({"", "suits", "trump", "outcome", PLURAL}) | CARD_KINDS.keys() | LOOKUP_KINDS | TERM_KINDS.keys()


class MessageError(ValueError):
    """A catalogue problem: unknown language or code, a missing parameter, or a bad data file."""


@runtime_checkable
class Localized(Protocol):
    """A parameter value that writes itself in a language (a nested message, a bilingual text)."""

    def render(self, lang: str) -> str: ...


@runtime_checkable
class Worded(Protocol):
    """A value that writes itself for a placeholder kind: a card (``card``), a ``trump``, an ``outcome``."""

    def words(self, kind: str, lang: str) -> str | None:
        """This value written for ``kind`` in ``lang``; None when it is no value of that kind."""
        ...


@dataclass(frozen=True)
class Field:
    """One placeholder of a template: its parameter ``name``, ``kind`` and kind argument."""

    name: str
    kind: str = ""
    argument: str = ""


Parts = tuple[tuple[str, Field | None], ...]


class Template:
    """A template: literal texts alternating with fields (``None`` after the last text).

    Built with ``parts`` (parsed) or with ``where`` and ``code`` only: then the source is parsed
    on first use, so importing the catalogue does not parse the hundreds of texts a page never shows.
    """

    __slots__ = ("_parts", "code", "source", "where")

    def __init__(self, source: str, parts: Parts | None = None, where: str = "", code: str = "") -> None:
        self.source = source
        self._parts = parts
        self.where = where
        self.code = code

    @property
    def parts(self) -> Parts:
        if self._parts is None:
            self._parts = _parse(self.source, self.where, self.code).parts
        return self._parts

    @property
    def fields(self) -> tuple[Field, ...]:
        return tuple(field for _, field in self.parts if field is not None)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Template) and (self.source, self.parts) == (other.source, other.parts)

    def __hash__(self) -> int:
        return hash(self.source)

    def __repr__(self) -> str:
        return f"Template({self.source!r})"


def text(code: str, lang: str, /, **params: object) -> str:
    """The text ``code`` in ``lang`` with ``params`` written in that language (see the table above)."""
    template = _template(code, lang)
    out: list[str] = []
    for literal, field in template.parts:
        out.append(literal)
        if field is None:
            continue
        if field.name not in params:
            given = ", ".join(sorted(params)) or "none"
            raise MessageError(f"message {code!r} ({lang}) needs parameter {field.name!r}; given: {given}")
        out.append(_write(field, params[field.name], lang, code))
    return "".join(out)


_SEAT_FRAME: ContextVar[tuple[int, int]] = ContextVar("seat_frame", default=(0, 0))
"""How seat numbers are named: (turn, you). A seat ``s`` is the table's seat ``(s + turn) % 4``, and seat ``you``
is the learner's. (0, 0), the play app's: the learner is South, "South (you)"."""


@contextmanager
def _seat_frame(turn: int, you: int) -> Iterator[None]:
    token = _SEAT_FRAME.set((turn % 4, you % 4))
    try:
        yield
    finally:
        _SEAT_FRAME.reset(token)


def seats_turned(mine: int) -> AbstractContextManager[None]:
    """Name seats for a learner who sits at the table's seat ``mine`` but is drawn at the bottom (seat 0).

    A shared table's page turns the view so the learner's own seat is seat 0, as the play app draws it;
    inside this block every seat name is the table's own again: seat 0 is "East (you)" for a learner in
    East, seat 1 "North", and so on, so the page agrees with the lobby and the teacher's dashboard.
    """
    return _seat_frame(mine, 0)


def seats_of(mine: int) -> AbstractContextManager[None]:
    """Name the table's own seat numbers (a record's, a review's) for the learner at seat ``mine``: "East (you)"."""
    return _seat_frame(0, mine)


def seat_name(seat: int | None, lang: str) -> str:
    """South (you) / East / North / West for seats 0..3; nobody for None."""
    return _lookup("seat", seat, lang, "seat_name")


def seat_plain_name(seat: int | None, lang: str) -> str:
    """South / East / North / West for seats 0..3, never "(you)"; nobody for None."""
    return _lookup("seat_plain", seat, lang, "seat_plain_name")


def suit_name(suit: str, lang: str) -> str:
    """``spades`` / ``黑桃``; ``trumps`` / ``主牌`` for ``T``."""
    return _lookup("suit", suit, lang, "suit_name")


def templates(lang: str) -> Mapping[str, Template]:
    """Every template of ``lang`` by code (for tests and tools)."""
    _known_language(lang)
    return _CATALOGUE[lang]


def _template(code: str, lang: str) -> Template:
    template = _known_language(lang).get(code)
    if template is None:
        raise MessageError(f"unknown message code {code!r}")
    return template


def _known_language(lang: str) -> dict[str, Template]:
    table = _CATALOGUE.get(lang)
    if table is None:
        raise MessageError(f"unknown language {lang!r}; known languages: {', '.join(LANGUAGES)}")
    return table


def _write(field: Field, value: object, lang: str, code: str) -> str:
    kind = field.kind
    where = f"message {code!r} ({lang}), parameter {field.name!r}"
    if kind == "":
        return value.render(lang) if isinstance(value, Localized) else str(value)
    if kind == "cards":
        return combinations_text(_cards(value, where), lang)
    if kind in CARD_KINDS:
        return CARD_KINDS[kind].join(card_words(card, lang) for card in _cards(value, where))
    if kind in LOOKUP_KINDS:
        return _lookup(kind, value, lang, code)
    if kind in TERM_KINDS:
        key = f"{TERM_KINDS[kind]}_{value}"
        if key in _known_language(lang):
            return text(key, lang)
        own = value.words(kind, lang) if isinstance(value, Worded) else None
        return str(value) if own is None else own
    if kind == "suits":
        if isinstance(value, str) or not isinstance(value, Iterable):
            raise MessageError(f"{where}: expects a sequence of suit letters, not {value!r}")
        return text("suits_and", lang).join(_lookup("suit", suit, lang, code) for suit in value)
    if kind == PLURAL:
        if not isinstance(value, int) or isinstance(value, bool):
            raise MessageError(f"{where}: a plural needs a number, not {value!r}")
        one, _, many = field.argument.partition("|")
        return one if value == 1 else many
    assert kind in ("trump", "outcome")
    written = value.words(kind, lang) if isinstance(value, Worded) else None
    if written is None:
        raise MessageError(f"{where}: expects {'a Trump' if kind == 'trump' else 'an Outcome'}, not {value!r}")
    return written


def card_words(card: object, lang: str) -> str:
    """One card as a learner reads it in ``lang``: its face (``♠A``), a joker by name (``Big Joker`` /
    ``大王``); a value that is no ``Worded`` card is written as ``str`` gives it."""
    written = card.words("card", lang) if isinstance(card, Worded) else None
    return str(card) if written is None else written


def combinations_text(cards: Sequence[Hashable], lang: str = "en") -> str:
    """Cards as a learner reads them: the copies of a card (a pair) as one word, spaces between.

    ``BJ BJ LJ ♠2 ♠2`` is written ``Big Joker×2 Little Joker ♠2♠2`` (``大王大王 小王 ♠2♠2``); the order
    is kept, copies join the first. A joker's copies are written with ``card_copies`` (its name has a
    space in English).
    """
    groups: dict[Hashable, int] = {}
    for card in cards:
        groups[card] = groups.get(card, 0) + 1
    said = []
    for card, count in groups.items():
        word = card_words(card, lang)
        if count > 1 and word != str(card):
            said.append(text("card_copies", lang, card=word, count=count))
        else:
            said.append(word * count)
    return " ".join(said)


def _is_card(value: object) -> bool:
    return isinstance(value, Worded) and value.words("card", "en") is not None


def _cards(value: object, where: str) -> list[Hashable]:
    if _is_card(value):
        return [value]
    if isinstance(value, Sequence) and not isinstance(value, str) and all(_is_card(c) for c in value):
        return list(value)
    raise MessageError(f"{where}: expects a card or a sequence of cards, not {value!r}")


def _lookup(kind: str, value: object, lang: str, code: str) -> str:
    turn, you = _SEAT_FRAME.get()
    if (turn or you) and kind in SEAT_KINDS and isinstance(value, int) and not isinstance(value, bool):
        plain = text(f"seat_plain_{(value + turn) % 4}", lang)
        return text("you_at_seat", lang, name=plain) if kind == "seat" and value % 4 == you else plain
    key = "none" if value is None else f"{value % 4}" if kind in SEAT_KINDS and isinstance(value, int) else value
    template = _known_language(lang).get(f"{kind}_{key}")
    if template is None or isinstance(value, bool) or not isinstance(value, int | str | None):
        raise MessageError(f"message {code!r} ({lang}): {value!r} is not a {kind}")
    return text(f"{kind}_{key}", lang)


# --- loading ------------------------------------------------------------------------------

_KEY_LINE = re.compile(r"^\s*([A-Za-z0-9_-]+)\s*=")


def load_catalogue(root: Traversable, lazy: bool = False) -> dict[str, dict[str, Template]]:
    """Read ``root/<lang>/*.toml`` for every language; errors name the file and the code.

    ``lazy`` leaves each template to be parsed on first use (its errors are raised then).
    """
    catalogue: dict[str, dict[str, Template]] = {}
    for lang in LANGUAGES:
        table: dict[str, Template] = {}
        origin: dict[str, str] = {}
        files = sorted((f for f in root.joinpath(lang).iterdir() if f.name.endswith(".toml")), key=lambda f: f.name)
        for file in files:
            where = f"catalogue/{lang}/{file.name}"
            for code, source in _read_file(file, where).items():
                if code in table:
                    raise MessageError(f"{where}: code {code!r} is already defined in {origin[code]}")
                table[code] = Template(source, None, where, code) if lazy else _parse(source, where, code)
                origin[code] = where
        catalogue[lang] = table
    return catalogue


def _read_file(file: Traversable, where: str) -> dict[str, str]:
    content = file.read_text(encoding="utf-8")
    seen: set[str] = set()
    for line in content.splitlines():
        match = _KEY_LINE.match(line)
        if match:
            if match[1] in seen:
                raise MessageError(f"{where}: code {match[1]!r} is defined twice")
            seen.add(match[1])
    try:
        data = tomllib.loads(content)
    except tomllib.TOMLDecodeError as error:
        raise MessageError(f"{where}: not valid TOML{_near_code(content, str(error))}: {error}") from None
    for code, value in data.items():
        if not isinstance(value, str):
            raise MessageError(f"{where}: code {code!r} must be a text, not {type(value).__name__}")
    return data


def _near_code(content: str, error: str) -> str:
    """`` near code 'x'`` for the line a TOML error points at (or the last code before it)."""
    found = re.search(r"line (\d+)", error)
    if found is None:
        return ""
    for line in reversed(content.splitlines()[: int(found[1])]):
        match = _KEY_LINE.match(line)
        if match:
            return f" near code {match[1]!r}"
    return ""


def _parse(source: str, where: str, code: str) -> Template:
    parts: list[tuple[str, Field | None]] = []
    try:
        parsed = list(string.Formatter().parse(source))
    except ValueError as error:
        raise MessageError(f"{where}: code {code!r}: bad braces ({error}); write {{{{ for a brace") from None
    for literal, name, spec, conversion in parsed:
        if name is None:
            parts.append((literal, None))
            continue
        kind, _, argument = (spec or "").partition(":")
        if not name.isidentifier() or conversion or kind not in KINDS:
            raise MessageError(f"{where}: code {code!r}: bad placeholder {{{name}:{spec}}}")
        if (kind == PLURAL) != bool(argument) or (kind == PLURAL and "|" not in argument):
            raise MessageError(f"{where}: code {code!r}: write a plural as {{{name}:plural:one|many}}")
        parts.append((literal, Field(name, kind, argument)))
    return Template(source, tuple(parts))


_CATALOGUE: dict[str, dict[str, Template]] = load_catalogue(resources.files("shengji_kit.words") / "texts", lazy=True)
