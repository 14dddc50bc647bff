"""The glossary of game terms (``shengji_kit/glossary.toml``), typed: tooltips and links to the rules.

Each term has a stable ``id``, its word and a one-line explanation in every language, and the
section of the rules reference (``docs/rules.md``) that explains it in full.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from types import MappingProxyType

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


def term(term_id: str) -> Term:
    """The glossary term ``term_id``; raises ``GlossaryError`` when there is none."""
    found = glossary().get(term_id)
    if found is None:
        raise GlossaryError(f"no glossary term {term_id!r}")
    return found
