"""The typed glossary loader: every term in both languages, tooltips, malformed files refused."""

from __future__ import annotations

import pytest

from shengji_kit.render.glossary import GlossaryError, glossary, parse_glossary, term


def test_every_term_has_words_and_explanations_in_both_languages() -> None:
    terms = glossary()
    assert {"pass", "deal_on", "base_stake", "kitty_multiplier", "throw"} <= set(terms)
    for entry in terms.values():
        assert entry.section.startswith("s")
        for lang in ("en", "zh"):
            assert entry.word[lang] and entry.explain[lang]


def test_tooltip_is_word_and_explanation() -> None:
    assert term("base_stake").tooltip("en").startswith("base stake: ")
    assert term("deal_on").tooltip("zh").startswith("继续发牌")
    assert term("pass").tooltip("fr") == term("pass").tooltip("en")


def test_unknown_term_and_malformed_entries_are_refused() -> None:
    with pytest.raises(GlossaryError):
        term("no_such_term")
    with pytest.raises(GlossaryError, match="needs a text"):
        parse_glossary('[[term]]\nid = "x"\nsection = "s1"\nterm = { en = "x" }\nexplain = { en = "y", zh = "z" }\n')
    with pytest.raises(GlossaryError, match="twice"):
        entry = '[[term]]\nid = "x"\nsection = "s1"\nterm = { en = "x", zh = "x" }\nexplain = { en = "y", zh = "z" }\n'
        parse_glossary(entry + entry)
    assert issubclass(GlossaryError, ValueError)
