"""Every markdown cell of lessons/ and notebooks/ holds one language, tagged, in en → zh twins (issue 20).

The Voila template shows only the chosen language's cells (tags ``lang-en`` / ``lang-zh``), so a cell
in the wrong language, an untagged cell or a missing twin is prose a learner never sees, or sees twice.
English cells may name Chinese terms only inside backticks, parentheses or quotes (``level (级)``,
the “打一局” app), besides the language button's label ``中文`` and the taught words 正主 and 副主;
Chinese cells are mostly Chinese (card codes, addresses and other code in backticks aside).
No cell keeps a bilingual `` · `` line.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted([*(ROOT / "lessons").glob("*.ipynb"), *(ROOT / "notebooks").glob("*.ipynb")])
LANG_TAGS = {"lang-en": "en", "lang-zh": "zh"}
CJK = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")
LATIN = re.compile(r"[A-Za-z]")
# Where an English cell may hold Chinese: code and card text, a gloss in parentheses, a quoted name.
ENGLISH_ALLOWS = re.compile(r"`[^`]*`|\([^()]*\)|（[^（）]*）|“[^”]*”|\"[^\"]*\"")
# The language button's label, as the learner sees it, and the two trump words the lessons teach by name.
ENGLISH_ALLOWED_WORDS = ("中文", "正主", "副主")
# What a Chinese cell may hold in Latin letters without counting against it: code, link targets, tags.
CHINESE_SKIPS = re.compile(r"`[^`]*`|\]\([^)]*\)|<[^>]*>|https?://\S+")


def markdown_cells(path: Path) -> list[dict[str, Any]]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [cell for cell in cells if cell["cell_type"] == "markdown"]


def source(cell: dict[str, Any]) -> str:
    raw = cell["source"]
    return "".join(raw) if isinstance(raw, list) else str(raw)


def language(cell: dict[str, Any]) -> str | None:
    """The cell's language from its tags, or None when it has none or both."""
    found = {LANG_TAGS[tag] for tag in cell.get("metadata", {}).get("tags", []) if tag in LANG_TAGS}
    return found.pop() if len(found) == 1 else None


def headings(text: str) -> list[int]:
    """The levels of the cell's headings, in order (``## 1. Pairs`` is 2)."""
    return [len(line) - len(line.lstrip("#")) for line in text.splitlines() if re.match(r"#+ ", line)]


def language_problems(text: str, lang: str) -> list[str]:
    """Why a cell's text is not all in ``lang`` ([] when it is)."""
    problems = []
    if " · " in text:
        problems.append("a bilingual ' · ' line")
    if lang == "en":
        rest = ENGLISH_ALLOWS.sub("", text)
        for word in ENGLISH_ALLOWED_WORDS:
            rest = rest.replace(word, "")
        stray = CJK.findall(rest)
        if stray:
            problems.append(f"Chinese in the English cell: {''.join(stray)[:40]!r}")
    else:
        rest = CHINESE_SKIPS.sub("", text)
        chinese, latin = len(CJK.findall(rest)), len(LATIN.findall(rest))
        if chinese == 0 or latin > chinese:
            problems.append(f"not mostly Chinese ({chinese} Chinese characters, {latin} Latin letters)")
    return problems


def notebook_problems(path: Path) -> list[str]:
    """Every way the notebook's prose breaks the convention, one line each ([] when it follows it)."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    problems: list[str] = []
    first = next((cell for cell in cells if cell["cell_type"] == "markdown"), None)
    if first is None or cells[0] is not first or language(first) != "en" or not source(first).startswith("# "):
        problems.append("the notebook does not open with its English '# ' title cell")
    for index, cell in enumerate(cells):
        if cell["cell_type"] != "markdown":
            continue
        where = f"cell {index} ({source(cell).strip().splitlines()[0][:50] if source(cell).strip() else 'empty'!r})"
        lang = language(cell)
        if lang is None:
            problems.append(f"{where}: tagged neither lang-en nor lang-zh (or both)")
            continue
        problems.extend(f"{where}: {problem}" for problem in language_problems(source(cell), lang))
        following = cells[index + 1] if index + 1 < len(cells) else None
        before = cells[index - 1] if index > 0 else None
        if lang == "en":
            if following is None or following["cell_type"] != "markdown" or language(following) != "zh":
                problems.append(f"{where}: not followed by its lang-zh twin")
                continue
            if headings(source(cell)) != headings(source(following)):
                problems.append(f"{where}: its zh twin has other headings ({headings(source(following))})")
            tags, twin_tags = set(cell["metadata"]["tags"]), set(following["metadata"]["tags"])
            if ("lab-only" in tags) != ("lab-only" in twin_tags):
                problems.append(f"{where}: lab-only in one language only")
        elif before is None or before["cell_type"] != "markdown" or language(before) != "en":
            problems.append(f"{where}: a lang-zh cell that does not follow its lang-en twin")
    return problems


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[f"{p.parent.name}/{p.name}" for p in NOTEBOOKS])
def test_every_markdown_cell_holds_one_tagged_language_in_twins(path: Path) -> None:
    problems = notebook_problems(path)
    assert not problems, f"{path.relative_to(ROOT)}:\n" + "\n".join(problems)


def test_the_check_finds_each_kind_of_fault() -> None:
    """The checks themselves: a bilingual line, stray Chinese, English in a zh cell, and what is allowed."""
    assert language_problems("Trumps · 主牌", "en") and language_problems("Click 出牌 now", "en")
    assert language_problems("Click the Play button to play.", "zh")
    assert not language_problems("The **level** (级) and `♠K ♠K`; the “打一局” app; the 中文 button.", "en")
    assert not language_problems("## 1. 对子\n两张一样的牌（`♠K ♠K`）叫对子，见 [规则](rules.ipynb#s2)。", "zh")
    assert headings("# A\ntext\n## B") == [1, 2]


def test_there_are_notebooks_to_check() -> None:
    assert {p.parent.name for p in NOTEBOOKS} == {"lessons", "notebooks"} and len(NOTEBOOKS) >= 13
