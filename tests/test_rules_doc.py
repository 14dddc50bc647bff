"""The learner's rule reference (docs/rules.md, docs/rules.zh.md) and the glossary that points into it.

The code cites rule sections as "§N": each must exist, with the same anchor, in both languages.
"""

from __future__ import annotations

import re
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = {"en": ROOT / "docs" / "rules.md", "zh": ROOT / "docs" / "rules.zh.md"}
PACKAGE = ROOT / "shengji_kit"

ANCHOR = re.compile(r'<a id="([^"]+)"></a>')
SECTION = re.compile(r'<a id="s(\d+)"></a>\s*\n\s*## (\d+)\. ', re.M)
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")

GLOSSARY_IDS = {
    "trump", "plain_suit", "level", "level_card", "main_level_card", "side_level_card", "pair",
    "tractor", "throw", "follow", "ruff", "discard", "point_cards", "attackers", "defenders",
    "dealer", "kitty", "burying", "kitty_multiplier", "declare", "overturn", "lock", "redeal",
    "pass", "deal_on", "base_stake", "no_trump",
}  # fmt: skip


def read(lang: str) -> str:
    return DOCS[lang].read_text(encoding="utf-8")


def anchors(text: str) -> set[str]:
    return set(ANCHOR.findall(text))


def numbered_sections(text: str) -> set[int]:
    """Section numbers whose heading "## N." sits right under the anchor sN."""
    found = set()
    for anchor, heading in SECTION.findall(text):
        assert anchor == heading, f"anchor s{anchor} stands above section {heading}"
        found.add(int(heading))
    return found


def cited_sections() -> set[int]:
    """Every §N cited anywhere in the package's source and data files."""
    cited: set[int] = set()
    for path in PACKAGE.rglob("*"):
        if path.suffix in {".py", ".toml", ".js", ".css", ".html"} and path.is_file():
            cited.update(int(n) for n in re.findall(r"§\s?(\d+)", path.read_text(encoding="utf-8")))
    return cited


def test_both_languages_exist_and_link_each_other() -> None:
    head_en = "\n".join(read("en").splitlines()[:5])
    head_zh = "\n".join(read("zh").splitlines()[:5])
    assert "(rules.zh.md)" in head_en
    assert "(rules.md)" in head_zh


def test_same_anchors_in_both_languages() -> None:
    assert anchors(read("en")) == anchors(read("zh"))
    assert numbered_sections(read("en")) == numbered_sections(read("zh")) == set(range(1, 12))


def test_every_cited_section_exists_in_both() -> None:
    cited = cited_sections()
    assert cited, "the package cites rule sections"
    for lang in DOCS:
        missing = cited - numbered_sections(read(lang))
        assert not missing, f"{DOCS[lang].name} lacks the cited sections {sorted(missing)}"


@pytest.mark.parametrize("lang", sorted(DOCS))
def test_relative_links_resolve(lang: str) -> None:
    doc = DOCS[lang]
    for target in LINK.findall(read(lang)):
        if re.match(r"[a-z]+:", target):
            continue
        path_part, _, fragment = target.partition("#")
        linked = (doc.parent / path_part).resolve() if path_part else doc
        assert linked.is_file(), f"{doc.name}: broken link {target}"
        assert ROOT in linked.parents, f"{doc.name}: {target} leaves the repository"
        targets = anchors(linked.read_text(encoding="utf-8")) if linked.suffix == ".md" else set()
        if fragment and targets:  # only files with explicit anchors; GitHub makes the others
            assert fragment in targets, f"{doc.name}: broken anchor {target}"


def test_readme_points_to_both_references() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/rules.md)" in readme and "(docs/rules.zh.md)" in readme


def load_glossary() -> list[dict[str, Any]]:
    """The glossary as installed with the package (it is package data, read like the puzzle bank)."""
    text = resources.files("shengji_kit").joinpath("glossary.toml").read_text(encoding="utf-8")
    terms = tomllib.loads(text)["term"]
    assert isinstance(terms, list)
    return terms


def test_glossary_entries_are_complete_in_both_languages() -> None:
    terms = load_glossary()
    ids = [term["id"] for term in terms]
    assert len(ids) == len(set(ids)), "glossary ids are unique"
    assert set(ids) >= GLOSSARY_IDS, f"missing terms: {sorted(GLOSSARY_IDS - set(ids))}"
    for term in terms:
        assert set(term) == {"id", "section", "term", "explain"}, term["id"]
        assert re.fullmatch(r"[a-z_]+", term["id"])
        for field in ("term", "explain"):
            assert set(term[field]) == {"en", "zh"}, (term["id"], field)
            assert all(isinstance(v, str) and v.strip() for v in term[field].values())
        assert "\n" not in term["explain"]["en"] + term["explain"]["zh"], "one line each"
        assert re.search(r"[\u4e00-\u9fff]", term["term"]["zh"] + term["explain"]["zh"]), term["id"]


def test_glossary_sections_exist_in_both_references() -> None:
    for term in load_glossary():
        for lang in DOCS:
            assert term["section"] in anchors(read(lang)), (term["id"], lang)
