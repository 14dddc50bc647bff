"""Claims an item's own words make about its position, checked against the position (issue 38)."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

LESSON_DATA = Path(__file__).resolve().parents[2] / "shengji_kit" / "puzzles" / "lesson_data"

# "the kitty's 20 points", "The kitty holds 20 points", "the kitty (♦10 ♠K, 20 points)";
# "底牌20分", "底牌里有20分", "底牌（♦10 ♠K，20分）"
KITTY_POINTS = (
    re.compile(r"kitty(?:'s| holds| \([^)]*?,)\s*(\d+) points", re.IGNORECASE),
    re.compile(r"底牌(?:里有|（[^）]*?，)?(\d+)分"),
)


def _points(code: str) -> int:
    rank = code[1:]
    return {"5": 5, "10": 10, "K": 10}.get(rank, 0)


def _texts(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for inner in value.values():
            yield from _texts(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _texts(inner)


def _list(value: object) -> list[object]:
    return value if isinstance(value, list) else []


def _items() -> Iterator[tuple[str, dict[str, object]]]:
    for path in sorted(LESSON_DATA.glob("*.toml")):
        for item in tomllib.loads(path.read_text(encoding="utf-8")).get("puzzle", []):
            yield f"{path.name}:{item.get('id')}", item


def test_the_pattern_reads_the_ways_the_items_write_it() -> None:
    assert KITTY_POINTS[0].search("the kitty (♦10 ♠K, 20 points) goes").group(1) == "20"
    assert KITTY_POINTS[0].search("the kitty's 45 points are safe").group(1) == "45"
    assert KITTY_POINTS[1].search("底牌（♦10 ♠K，20分）").group(1) == "20"
    assert KITTY_POINTS[1].search("北家赢下最后一墩，底牌45分保住").group(1) == "45"


@pytest.mark.parametrize(("name", "item"), list(_items()), ids=lambda value: value if isinstance(value, str) else "")
def test_kitty_points_named_in_an_item_are_the_kittys(name: str, item: dict[str, object]) -> None:
    position = item.get("position")
    if not isinstance(position, dict) or not isinstance(position.get("kitty"), str):
        return
    kitty = sum(_points(code) for code in position["kitty"].split())
    texts = [text for key in ("hint", "explanation", "title") for text in _texts(item.get(key))]
    options = [option for key in ("option", "options") for option in _list(item.get(key)) if isinstance(option, dict)]
    texts += [text for option in options for text in _texts(option.get("why"))]
    for text in texts:
        for pattern in KITTY_POINTS:
            for match in pattern.finditer(text):
                assert int(match.group(1)) == kitty, f"{name}: {match.group(0)!r}, but its kitty holds {kitty}"


def _notebook_text(name: str) -> str:
    import json

    path = LESSON_DATA.parents[2] / "lessons" / name
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")


def test_lesson_9_names_its_hidden_hand_items() -> None:
    items = tomllib.loads((LESSON_DATA / "09_leading.toml").read_text(encoding="utf-8"))["puzzle"]
    hidden = [str(number) for number, item in enumerate(items, 1) if "sample" in item]
    prose = _notebook_text("09_leading.ipynb")
    named = re.search(r"items (\d+) and (\d+)\)", prose)
    assert named is not None and list(named.groups()) == hidden
    assert f"第{hidden[0]}题和第{hidden[1]}题" in prose


def test_no_text_says_only_an_opponent_blocks_a_throw() -> None:
    # under Super Tycoon, the default, any other player (the partner too) can block a throw
    texts = _notebook_text("09_leading.ipynb")
    texts += (LESSON_DATA.parents[1] / "words" / "texts" / "en" / "lesson_leading.toml").read_text(encoding="utf-8")
    assert not re.search(r"no opponent can beat a part|an opponent beats part", texts)


# 垫 (垫牌) is discarding when void, in the glossary; a card put "in", "onto" or "down" under a lead
# of its own suit is followed (跟, 跟出), or given (送分)
FOLLOWING_CALLED_DISCARD = re.compile(r"垫(?:进来|到[^，。；：]{0,12}上|下去|上去)")


def _chinese_texts() -> Iterator[tuple[str, str]]:
    package = LESSON_DATA.parents[1]
    paths = [*sorted(LESSON_DATA.rglob("*.toml")), *sorted((package / "words" / "texts" / "zh").glob("*.toml"))]
    for path in paths:
        yield path.name, path.read_text(encoding="utf-8")
    for path in sorted((package.parent / "lessons").glob("*.ipynb")):
        yield path.name, _notebook_text(path.name)


def test_the_discard_pattern_catches_following() -> None:
    for wrong in ("把♦10垫进来", "把K垫到对家的A上", "西家只好把 ♠A 和 ♠4 垫下去", "把♠10垫上去"):
        assert FOLLOWING_CALLED_DISCARD.search(wrong)
    assert not FOLLOWING_CALLED_DISCARD.search("跟不上花色时垫掉用不着的牌")


def test_no_text_calls_following_suit_a_discard() -> None:
    found = [f"{name}: {match.group(0)}" for name, text in _chinese_texts()
             for match in FOLLOWING_CALLED_DISCARD.finditer(text)]
    assert not found, found
