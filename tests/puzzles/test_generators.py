"""Every kind deals fresh items: 40 seeded items a kind in `make test` (200 in `make test-all`, marker
``exhaustive``), each read and verified like a written item and all different; the same seed and wishes give
the same item; wishes are kept; bad wishes are refused by name."""

from __future__ import annotations

import pytest

from shengji_kit.engine.cards import RANKS, SUITS
from shengji_kit.engine.rules import PRESET_NAMES
from shengji_kit.puzzles.check import verify_puzzle
from shengji_kit.puzzles.generated import generate_puzzle, generate_raw
from shengji_kit.puzzles.kinds import KINDS
from shengji_kit.puzzles.kinds._deal import DealSpec, DealSpecError, content

COUNT = 200
QUICK_COUNT = 40
"""Items a kind in `make test`: enough that a generator which breaks for one level, suit, preset or leader in
five fails (every kind draws those from its seed); the full COUNT runs in `make test-all`."""
BRAND_NEW = ("best_play", "card_memory", "kitty_endgame")
"""Kinds tested elsewhere: card_memory in test_card_memory.py; best_play and kitty_endgame deal per lesson idea,
tested in test_strategy_generators.py."""
SMALL_SPACES = {"climb": 0.55, "is_trump": 0.95}
"""Kinds with few different questions (climb: 13 levels × 0–6 steps × 2 presets = 182; is_trump: 54 cards ×
13 levels × 5 trump suits), where 200 seeded draws repeat some: the share of them that must differ."""
DEALING = sorted(name for name in KINDS if name not in BRAND_NEW)
FEWER = {"chance": 50}
"""Kinds checked on fewer items to keep the file fast: each chance item runs the sampler (20,000 deals an
event), about 0.13 s an item."""
QUICK_FEWER = {"chance": 15}
"""The same kinds' counts in `make test`."""


def deals_verified_distinct_items(kind: str, count: int) -> None:
    """``count`` seeded items of ``kind``: each verified, with both languages' explanation, and (nearly) all
    different."""
    seen: set[str] = set()
    for seed in range(count):
        puzzle = generate_puzzle(kind, seed)
        assert puzzle.kind == kind
        assert verify_puzzle(puzzle) == [], (seed, verify_puzzle(puzzle))
        assert puzzle.explanation.en and puzzle.explanation.zh
        seen.add(content(generate_raw(kind, seed)))
    assert len(seen) >= count * SMALL_SPACES.get(kind, 1.0)


@pytest.mark.parametrize("kind", DEALING)
def test_every_kind_deals_40_verified_distinct_items(kind: str) -> None:
    deals_verified_distinct_items(kind, QUICK_FEWER.get(kind, QUICK_COUNT))


@pytest.mark.exhaustive
@pytest.mark.parametrize("kind", DEALING)
def test_every_kind_deals_200_verified_distinct_items(kind: str) -> None:
    deals_verified_distinct_items(kind, FEWER.get(kind, COUNT))


@pytest.mark.parametrize("kind", DEALING)
def test_the_same_seed_deals_the_same_item(kind: str) -> None:
    spec = DealSpec(difficulty=3, level="10", suit="H", leader=2)
    assert generate_raw(kind, 7, spec) == generate_raw(kind, 7, spec)
    assert generate_raw(kind, 7) == generate_raw(kind, 7)


@pytest.mark.parametrize("kind", DEALING)
@pytest.mark.parametrize("wish", [
    DealSpec(difficulty=1, preset="classic", level="A", suit="none", leader=3),
    DealSpec(difficulty=5, preset="super_tycoon", level="2", suit="D", leader=0),
])
def test_the_wishes_are_kept(kind: str, wish: DealSpec) -> None:
    for seed in range(2 if kind in FEWER else 5):
        puzzle = generate_puzzle(kind, seed, wish)
        assert verify_puzzle(puzzle) == []
        assert puzzle.difficulty == wish.difficulty
        assert puzzle.table.rules.name == wish.preset
        assert puzzle.table.trump.level == wish.level
        if kind != "declare":  # a declaring hand's trump is what stands on the table (none before)
            assert (puzzle.table.trump.suit or "none") == wish.suit
        if puzzle.table.leader is not None:
            assert puzzle.table.leader == wish.leader


def test_levels_suits_and_leaders_all_come_up() -> None:
    tables = [generate_puzzle("legal_follow", seed).table for seed in range(COUNT)]
    assert {table.trump.level for table in tables} == set(RANKS)
    assert {table.trump.suit for table in tables} == {*SUITS, None}
    assert {table.leader for table in tables} == {0, 1, 2, 3}
    assert {table.rules.name for table in tables} == set(PRESET_NAMES)


def test_guessable_kinds_give_both_answers() -> None:
    stands = {generate_raw("throw", seed)["stands"] for seed in range(60)}
    tractor = {generate_raw("is_tractor", seed)["answer"] for seed in range(60)}
    assert stands == {True, False}
    assert tractor == {True, False}


@pytest.mark.parametrize(("wish", "word"), [
    ({"difficulty": 6}, "difficulty"),
    ({"difficulty": 0}, "difficulty"),
    ({"preset": "tycoon"}, "preset"),
    ({"level": "1"}, "level"),
    ({"suit": "X"}, "trump suit"),
    ({"leader": 4}, "seat"),
])
def test_bad_wishes_are_refused_by_name(wish: dict[str, object], word: str) -> None:
    with pytest.raises(DealSpecError) as raised:
        DealSpec(**wish)  # type: ignore[arg-type]
    assert isinstance(raised.value, ValueError)
    assert word in str(raised.value)
    assert raised.value.line.render("zh") != raised.value.line.render("en")


def test_an_unknown_kind_is_refused_by_name() -> None:
    with pytest.raises(DealSpecError, match="no_such_kind"):
        generate_raw("no_such_kind", 1)
