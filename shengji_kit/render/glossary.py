"""The glossary of game terms (``shengji_kit/glossary.toml``), typed: tooltips and links to the rules.

Each term has a stable ``id``, its word and a one-line explanation in every language, and the
section of the rules reference (``docs/rules.md``) that explains it in full. The glossary's
terminology list gives each idea its one Chinese word and the variants that are wrong; the rules
page shows it as a table and tests/words/test_terminology.py holds every Chinese text to it.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from types import MappingProxyType

from markupsafe import Markup

from ..words.catalogue import text

LANGUAGES = ("en", "zh")


class GlossaryError(ValueError):
    """The glossary file is malformed, or a term is asked for that it does not have."""


@dataclass(frozen=True)
class Term:
    """One glossary entry: ``word`` and ``explain`` map a language to text."""

    id: str
    section: str
    word: Mapping[str, str]
    explain: Mapping[str, str]

    def tooltip(self, lang: str) -> str:
        """``word: explanation`` in ``lang`` (English when the language is unknown)."""
        lang = lang if lang in LANGUAGES else "en"
        return f"{self.word[lang]}: {self.explain[lang]}"


def _texts(entry: Mapping[str, object], key: str, term_id: str) -> Mapping[str, str]:
    value = entry.get(key)
    if not isinstance(value, dict) or any(not isinstance(value.get(lang), str) for lang in LANGUAGES):
        raise GlossaryError(f"glossary term {term_id!r}: {key} needs a text in each of {LANGUAGES}")
    return MappingProxyType({lang: str(value[lang]) for lang in LANGUAGES})


@dataclass(frozen=True)
class Terminology:
    """One idea of the terminology list: its one zh ``word`` and the ``wrong`` variants (``#``: a number)."""

    id: str
    concept: Mapping[str, str]
    word: str
    wrong: tuple[str, ...]
    unless: tuple[str, ...] = ()


def _strings(entry: Mapping[str, object], key: str, term_id: str) -> tuple[str, ...]:
    value = entry.get(key, [])
    if not isinstance(value, list) or any(not isinstance(item, str) or not item for item in value):
        raise GlossaryError(f"terminology {term_id!r}: {key} must be a list of texts")
    return tuple(value)


def parse_terminology(source: str) -> dict[str, Terminology]:
    """The terminology list of a glossary TOML text, by id; raises ``GlossaryError`` for a malformed entry."""
    found: dict[str, Terminology] = {}
    for entry in tomllib.loads(source).get("terminology", []):
        term_id, word = entry.get("id"), entry.get("word")
        if not isinstance(term_id, str) or not isinstance(word, str) or not word:
            raise GlossaryError(f"every terminology entry needs an id and a word: {entry!r}")
        if term_id in found:
            raise GlossaryError(f"terminology {term_id!r} appears twice")
        wrong = _strings(entry, "wrong", term_id)
        if not wrong:
            raise GlossaryError(f"terminology {term_id!r} lists no wrong variant")
        found[term_id] = Terminology(
            term_id, _texts(entry, "concept", term_id), word, wrong, _strings(entry, "unless", term_id)
        )
    return found


def parse_glossary(source: str) -> dict[str, Term]:
    """The terms of a glossary TOML text, by id; raises ``GlossaryError`` for a malformed entry."""
    data = tomllib.loads(source)
    terms: dict[str, Term] = {}
    for entry in data.get("term", []):
        term_id, section = entry.get("id"), entry.get("section")
        if not isinstance(term_id, str) or not isinstance(section, str):
            raise GlossaryError(f"every glossary term needs an id and a section: {entry!r}")
        if term_id in terms:
            raise GlossaryError(f"glossary term {term_id!r} appears twice")
        terms[term_id] = Term(term_id, section, _texts(entry, "term", term_id), _texts(entry, "explain", term_id))
    return terms


@lru_cache(maxsize=1)
def glossary() -> Mapping[str, Term]:
    """The package's glossary (read once)."""
    source = resources.files("shengji_kit").joinpath("glossary.toml").read_text(encoding="utf-8")
    return MappingProxyType(parse_glossary(source))


@lru_cache(maxsize=1)
def terminology() -> Mapping[str, Terminology]:
    """The package glossary's terminology list (read once)."""
    source = resources.files("shengji_kit").joinpath("glossary.toml").read_text(encoding="utf-8")
    return MappingProxyType(parse_terminology(source))


def terminology_table(lang: str = "en") -> Markup:
    """The terminology list as a table: each idea, its one Chinese word, and the words not to use."""
    lang = lang if lang in LANGUAGES else "en"
    separator = text("term_list_separator", lang)
    rows = Markup("").join(
        Markup("<tr><td>{concept}</td><td lang=\"zh\">{word}</td><td lang=\"zh\">{wrong}</td></tr>").format(
            concept=entry.concept[lang], word=entry.word,
            wrong=Markup(separator).join(
                Markup("<code>{variant}</code>").format(variant=variant.replace("#", "2")) for variant in entry.wrong
            ),
        )
        for entry in terminology().values()
    )
    return Markup(
        '<section class="sk-terminology" data-role="terminology" id="terminology">'
        "<h2>{title}</h2><table><thead><tr><th>{concept}</th><th>{word}</th><th>{wrong}</th></tr></thead>"
        "<tbody>{rows}</tbody></table></section>"
    ).format(
        title=text("term_glossary_title", lang), concept=text("term_glossary_concept", lang),
        word=text("term_glossary_word", lang), wrong=text("term_glossary_wrong", lang), rows=rows,
    )


def term(term_id: str) -> Term:
    """The glossary term ``term_id``; raises ``GlossaryError`` when there is none."""
    found = glossary().get(term_id)
    if found is None:
        raise GlossaryError(f"no glossary term {term_id!r}")
    return found
