"""Chinese terminology: every zh text of the kit uses the glossary's one word per idea (issue 20).

The glossary's terminology list (shengji_kit/glossary.toml, ``[[terminology]]``) names each idea's
word and its wrong variants; these tests read every zh catalogue entry, every zh or untagged markdown
cell of lessons/ and notebooks/, every zh text of the TOML data (lesson exercises, the puzzle bank,
the lesson list, the glossary) and docs/rules.zh.md, and fail on a wrong variant.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from shengji_kit.apps.rules_page import rules_html
from shengji_kit.puzzles.loader import read_puzzle
from shengji_kit.render.glossary import GlossaryError, Terminology, parse_terminology, terminology
from shengji_kit.render.lesson_panels.tractor_finder import TractorFinder
from shengji_kit.words import text
from shengji_kit.words.catalogue import templates

ROOT = Path(__file__).resolve().parents[2]
CJK = re.compile(r"[\u3400-\u9fff]")
SEGMENTS = re.compile("\n| · |\\||[\u3002\uff01\uff1f\uff1b]")  # a line, a table cell, a Chinese sentence
CODE = re.compile(r"```.*?```|`[^`\n]*`", re.S)
CODE_LIKE = re.compile(r"\w+\([\x20-\x7e]*?\)|\[[\x20-\x7e]*?\]")
"""Python or JSON written out in a message (``Trump(level="2", suit="S")``, ``["SA", "H10"]``): not Chinese text."""
NUMBER = r"\s*(?:\d+|\{[^{}]*\})\s*"


def variant_pattern(variant: str) -> re.Pattern[str]:
    """A wrong variant as a pattern: ``#`` stands for a number or a {placeholder}."""
    return re.compile(NUMBER.join(re.escape(part) for part in variant.split("#")))


def is_chinese(segment: str) -> bool:
    """A segment written in Chinese (an English sentence with one Chinese word in it is not)."""
    cjk = len(CJK.findall(segment))
    return cjk > 0 and cjk * 4 >= len(re.findall(r"[A-Za-z]", segment))


def wrong_words(source: str, entries: list[Terminology] | None = None) -> list[tuple[str, str, str]]:
    """(idea, wrong variant, the segment) for every wrong variant in a Chinese text."""
    found = []
    source = re.sub(r"\{\w+:numeral\}", "二", CODE_LIKE.sub(" ", source))  # a numeral is written 二, 八
    for segment in SEGMENTS.split(source):
        chinese = is_chinese(segment)
        for entry in entries if entries is not None else terminology().values():
            if any(allowed in segment for allowed in entry.unless):
                continue
            for variant in entry.wrong:
                if CJK.search(variant) is None and not chinese:
                    continue  # "classic" or ", " is wrong only inside Chinese text
                if variant_pattern(variant).search(segment):
                    found.append((entry.id, variant, segment.strip()))
    return found


def zh_values(data: object, where: str) -> Iterator[tuple[str, str]]:
    """(where, text) for every string under a ``zh`` key of parsed TOML, however deep."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "zh" and isinstance(value, str):
                yield where, value
            elif key != "terminology":  # the list of wrong words names them on purpose
                yield from zh_values(value, f"{where}.{key}" if isinstance(value, dict) else where)
    elif isinstance(data, list):
        for i, item in enumerate(data):
            label = item.get("id", i) if isinstance(item, dict) else i
            yield from zh_values(item, f"{where}[{label}]")


def toml_files() -> list[Path]:
    package = ROOT / "shengji_kit"
    puzzles = package / "puzzles"
    return sorted([package / "glossary.toml", puzzles / "lesson_list.toml", *(puzzles / "lesson_data").glob("*.toml"),
                   *(puzzles / "data").glob("*.toml"), *(ROOT / "lessons").glob("*.toml")])


def markdown_cells() -> Iterator[tuple[str, str]]:
    """(notebook#cell, source) of every markdown cell tagged lang-zh or not tagged with a language."""
    for path in sorted([*(ROOT / "lessons").glob("*.ipynb"), *(ROOT / "notebooks").glob("*.ipynb")]):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        for i, cell in enumerate(cells):
            tags = cell.get("metadata", {}).get("tags", [])
            if cell["cell_type"] == "markdown" and "lang-en" not in tags:
                yield f"{path.relative_to(ROOT)}#{i}", CODE.sub(" ", "".join(cell["source"]))


def report(found: list[tuple[str, tuple[str, str, str]]]) -> str:
    return "\n".join(f"{where}: {variant!r} ({idea}) in {segment!r}" for where, (idea, variant, segment) in found)


def test_zh_catalogue_entries_use_the_one_word() -> None:
    found = [(code, hit) for code, template in templates("zh").items() for hit in wrong_words(template.source)]
    assert not found, report(found)


def test_zh_texts_of_the_lesson_data_and_the_puzzle_bank_use_the_one_word() -> None:
    files = toml_files()
    assert len(files) >= 16
    found = []
    for path in files:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for where, source in zh_values(data, path.name):
            found += [(where, hit) for hit in wrong_words(source)]
    assert not found, report(found)


def test_the_chinese_rules_reference_uses_the_one_word() -> None:
    source = CODE.sub(" ", (ROOT / "docs" / "rules.zh.md").read_text(encoding="utf-8"))
    found = [("docs/rules.zh.md", hit) for hit in wrong_words(source)]
    assert not found, report(found)


@pytest.mark.parametrize("slug", ["07_declaring", "08_chances"])
def test_lessons_7_and_8_use_the_one_word(slug: str) -> None:
    found = [(where, hit) for where, source in markdown_cells() if slug in where for hit in wrong_words(source)]
    assert not found, report(found)


def test_every_lesson_and_notebook_markdown_cell_uses_the_one_word() -> None:
    """Lessons 1–6 and notebooks/ are split by other helpers; this fails on any wrong word they keep."""
    cells = list(markdown_cells())
    assert len(cells) >= 40
    found = [(where, hit) for where, source in cells for hit in wrong_words(source)]
    assert not found, report(found)


def test_the_checker_finds_wrong_words_and_spares_right_ones() -> None:
    """Each kind of wrong variant is caught; 翻倍 next to ×2, English text and the right words are not."""
    hits = {variant for _, variant, _ in wrong_words(
        "按 super_tycoon 规则，大富翁；最后一轮由攻方首发，第 {number} 课；第{trick}轮；拖拉机有 ♠K♠K, ♥Q♥Q；底分翻倍"
    )}
    assert hits == {"super_tycoon", "大富翁", "最后一轮", "攻方", "第#课", "第#轮", ", ", "翻倍"}
    assert wrong_words("单张扣底，底分乘以2，也就是翻倍。第二课：庄家盖底，捡分方扣底，最后一墩。") == []
    assert wrong_words("Under super_tycoon, lead ♠K, then ♥Q. · 按超级大亨规则出。") == []


def test_the_terminology_list_is_complete_and_its_words_are_not_wrong() -> None:
    """Every idea of issue 20 is listed; no idea's own word is one of the wrong variants of any idea."""
    entries = terminology()
    assert {"super_tycoon", "burying", "capturing_kitty", "attackers", "trick", "blocker", "kitty_multiplier",
            "best_play", "lesson_number", "list_separator"} <= set(entries)
    assert entries["burying"].word == "盖底" and entries["capturing_kitty"].word == "扣底"
    assert entries["blocker"].word == "管牌的人" and entries["defenders"].word == "主打方"
    for entry in entries.values():
        assert wrong_words(entry.word) == [] and wrong_words(entry.concept["zh"]) == [], entry.id


def test_a_malformed_terminology_entry_is_refused() -> None:
    with pytest.raises(GlossaryError, match="no wrong variant"):
        parse_terminology('[[terminology]]\nid = "x"\nword = "墩"\nwrong = []\nconcept = { en = "a", zh = "b" }\n')
    with pytest.raises(GlossaryError, match="appears twice"):
        entry = '[[terminology]]\nid = "x"\nword = "墩"\nwrong = ["轮"]\nconcept = { en = "a", zh = "b" }\n'
        parse_terminology(entry + entry)


def test_the_rules_page_ends_with_the_terminology_table() -> None:
    page = str(rules_html("zh"))
    table = page[page.index('data-role="terminology"'):]
    for entry in terminology().values():
        assert entry.word in table and entry.concept["zh"] in table
    assert "<code>大富翁</code>" in table and "术语" in table
    assert "Terms: one word per idea" in str(rules_html("en"))


def test_rule_set_names_and_lesson_numbers_are_words_in_chinese() -> None:
    """pos_rules, l5/l6 texts and the next-lesson link name the presets and numbers in Chinese."""
    assert text("pos_rules", "zh", rules="super_tycoon") == "规则：超级大亨。"
    assert text("pos_rules", "en", rules="classic") == "Rules: Classic."
    penalty = text("l5_table_penalty", "zh", rules="super_tycoon", penalty="0.5")
    assert penalty == "按超级大亨规则，甩牌失败你方付 0.5 个底金。"
    assert text("l6_climb_working", "zh", rules="classic", start="8", steps=3, end="10").startswith("按经典规则")
    assert text("ex_lesson_link", "zh", number=8, title="记牌与概率") == "第八课：记牌与概率"
    assert text("ex_lesson_link", "en", number=8, title="Counting") == "Lesson 8: Counting"
    assert text("pos_rules", "zh", rules="house") == "规则：house。"  # a rule set without a name is written as is


def test_listed_tractors_are_separated_by_the_chinese_comma() -> None:
    """Tractors listed in zh text (the lesson-2 finder, the tractors question) are joined with 、, not ', '."""
    finder = TractorFinder("S3 S3 S4 S4 H7 H7 H8 H8 C9", level="2", suit="C")
    assert "♠4♠4♠3♠3、♥8♥8♥7♥7" in finder.render("zh")
    assert "♠4♠4♠3♠3, ♥8♥8♥7♥7" in finder.render("en")
    fields = {
        "id": "t", "kind": "tractors", "difficulty": 1, "answer": ["S4 S4 S3 S3", "H8 H8 H7 H7"],
        "title": {"en": "t", "zh": "题"}, "hint": {"en": "h", "zh": "提示"}, "explanation": {"en": "e", "zh": "解释"},
        "position": {"rules": "super_tycoon", "level": "2", "trump": "C", "hands": {"0": "S3 S3 S4 S4 H7 H7 H8 H8 C9"}},
    }
    grade = read_puzzle(fields, "t", "t.toml").question.grade([])
    said = " ".join(line.render("zh") for line in (*grade.lines, *grade.reveal))
    assert "♠4♠4 ♠3♠3、♥8♥8 ♥7♥7" in said and ", " not in said


PLAYER_AS_IT = re.compile(r"给它(?:送)?分|给了它|送给它|它的牌是看不见|它首发|它跟牌|它毙")
"""它 standing for a player (a seat, the partner, an opponent): a player is 他/对方/the seat's name."""


def test_no_zh_text_calls_a_player_it() -> None:
    """Issue 38 item 17: 它 is for a card or a thing, never for a player ("不给它分", "它的牌是看不见的")."""
    sources = [(code, template.source) for code, template in templates("zh").items()]
    for path in toml_files():
        sources += list(zh_values(tomllib.loads(path.read_text(encoding="utf-8")), path.name))
    sources += list(markdown_cells())
    found = [(where, hit.group()) for where, source in sources for hit in PLAYER_AS_IT.finditer(source)]
    assert not found, found
    assert PLAYER_AS_IT.search("你不去争这一墩，这手牌不给它分。")
