"""The strategy generators (issue 37, "endless proven positions"): per lesson idea, seeded ``best_play`` and
``kitty_endgame`` items, each verified by the solver like a written item, its answer the unique best of ALL
legal plays by at least 10 points, every wrong option with its computed cost and a ``why`` in both
languages, and all different up to a permutation of the plain suits. 40 items an idea in `make test`,
200 under the marker ``exhaustive``."""

from __future__ import annotations

import itertools
import json
import time
from typing import Any

import pytest

from shengji_kit.engine.cards import SUITS
from shengji_kit.puzzles.check import verify_puzzle
from shengji_kit.puzzles.check_generated import idea_problems, margin_problems, strategy_ideas
from shengji_kit.puzzles.generated import generate_puzzle, generate_raw
from shengji_kit.puzzles.kinds._deal import DealSpec, DealSpecError
from shengji_kit.words import Message

COUNT = 200
QUICK_COUNT = 40
IDEAS = [(kind, idea) for kind, ideas in strategy_ideas().items() for idea in ideas]
TITLE = {"best_play": "gen_bp_title_{}", "kitty_endgame": "gen_ke_title_{}"}


def _remap(code: str, swap: dict[str, str]) -> str:
    return swap.get(code[0], code[0]) + code[1:] if code[0] in SUITS else code


def _cards(text: str, swap: dict[str, str]) -> str:
    return " ".join(sorted(_remap(code, swap) for code in text.split()))


def up_to_suits(raw: dict[str, Any]) -> str:
    """The item's position and plays with its plain suits renamed in the way that writes it first: two items
    that differ only by which plain suit is which give the same text."""
    position = raw["position"]
    plain = [suit for suit in SUITS if suit != position["trump"]]
    written = []
    for order in itertools.permutations(plain):
        swap = dict(zip(plain, order, strict=True))
        shown = {key: value for key, value in position.items() if key not in ("hands", "trick", "kitty")}
        shown["hands"] = {seat: _cards(cards, swap) for seat, cards in position["hands"].items()}
        shown["trick"] = {seat: _cards(cards, swap) for seat, cards in position.get("trick", {}).items()}
        shown["kitty"] = _cards(position.get("kitty", ""), swap)
        written.append(json.dumps([shown, _cards(raw["answer"], swap)], sort_keys=True))
    return min(written)


def deals_proven_distinct_items(kind: str, idea: str, count: int) -> None:
    """``count`` seeded items of one idea: each verified, its margin proven over every legal play, each wrong
    option costed and explained in both languages, titled with the idea, all different up to suits."""
    seen: set[str] = set()
    title = Message(TITLE[kind].format(idea)).render("en")
    started = time.perf_counter()
    for seed in range(count):
        spec = DealSpec(idea=idea)
        puzzle = generate_puzzle(kind, seed, spec)
        assert puzzle.kind == kind and puzzle.title("en") == title
        assert verify_puzzle(puzzle) == [], (idea, seed, verify_puzzle(puzzle))
        assert margin_problems(puzzle) == [], (idea, seed, margin_problems(puzzle))
        assert idea_problems(kind, idea, puzzle) == [], (idea, seed, idea_problems(kind, idea, puzzle))
        assert puzzle.explanation.en and puzzle.explanation.zh
        raw = generate_raw(kind, seed, spec)
        wrong = [option for option in raw.get("option", raw.get("options", [])) if "cost" in option]
        assert wrong and all(option["cost"] >= 10 and option["why"]["en"] and option["why"]["zh"]
                             and option["why"]["en"] != option["why"]["zh"] for option in wrong)
        seen.add(up_to_suits(raw))
    assert len(seen) == count, f"{count - len(seen)} repeated items"
    assert (time.perf_counter() - started) / count < 1.0, "well under a second an item on average"


@pytest.mark.parametrize(("kind", "idea"), IDEAS)
def test_every_idea_deals_40_proven_distinct_items(kind: str, idea: str) -> None:
    deals_proven_distinct_items(kind, idea, QUICK_COUNT)


@pytest.mark.exhaustive
@pytest.mark.parametrize(("kind", "idea"), IDEAS)
def test_every_idea_deals_200_proven_distinct_items(kind: str, idea: str) -> None:
    deals_proven_distinct_items(kind, idea, COUNT)


@pytest.mark.parametrize(("kind", "idea"), IDEAS)
def test_the_same_seed_and_idea_deal_the_same_item(kind: str, idea: str) -> None:
    spec = DealSpec(idea=idea, level="10", suit="H", leader=2)
    assert generate_raw(kind, 7, spec) == generate_raw(kind, 7, spec)
    assert generate_raw(kind, 7, DealSpec(idea=idea)) != generate_raw(kind, 8, DealSpec(idea=idea))


@pytest.mark.parametrize("kind", ["best_play", "kitty_endgame"])
def test_the_wishes_are_kept(kind: str) -> None:
    for idea in strategy_ideas()[kind]:
        wish = DealSpec(difficulty=2, preset="classic", level="A", suit="D", leader=3, idea=idea)
        puzzle = generate_puzzle(kind, 1, wish)
        assert verify_puzzle(puzzle) == []
        assert puzzle.difficulty == 2 and puzzle.table.rules.name == "classic"
        assert puzzle.table.trump.level == "A" and puzzle.table.trump.suit == "D" and puzzle.table.leader == 3


def test_the_answer_is_not_always_in_the_same_place() -> None:
    places = set()
    for seed in range(20):
        raw = generate_raw("best_play", seed, DealSpec(idea="cash"))
        places.add(next(at for at, option in enumerate(raw["option"]) if "cost" not in option))
    assert len(places) >= 2


def test_difficulty_comes_from_the_plays_close_to_the_best() -> None:
    found = {generate_puzzle("best_play", seed, DealSpec(idea="cash")).difficulty for seed in range(20)}
    assert len(found) >= 2


@pytest.mark.parametrize("kind", ["best_play", "kitty_endgame", "round_flow"])
def test_an_unknown_idea_is_refused_by_name(kind: str) -> None:
    with pytest.raises(DealSpecError, match="no_such_idea") as raised:
        generate_raw(kind, 1, DealSpec(idea="no_such_idea"))
    assert raised.value.line.render("zh") != raised.value.line.render("en")


def test_round_flow_asks_the_wished_question() -> None:
    for ask in ("attackers", "next_leader", "points_for", "levels", "next_dealer"):
        assert {generate_raw("round_flow", seed, DealSpec(idea=ask))["ask"] for seed in range(5)} == {ask}


def _guard_lines(seed: int) -> tuple[Any, Any]:
    from shengji_kit.puzzles.kinds.endgame import solved
    from shengji_kit.puzzles.kinds.kitty_endgame import KittyEndgame

    question = generate_puzzle("kitty_endgame", seed, DealSpec(idea="guard")).question
    assert isinstance(question, KittyEndgame)
    return question, solved(question.position).line


@pytest.mark.parametrize("seed", range(8))
def test_a_guard_item_keeps_the_trump_pair_for_the_last_trick(seed: int) -> None:
    """The defender's best lead keeps a trump pair whole: the pair is played on the last trick of the
    solver's line and wins it; leading one card of the pair costs at least twice the kitty's points (the
    attackers' pair then takes the last trick, the kitty multiplied)."""
    question, line = _guard_lines(seed)
    mover, trump = question.mover, question.table.trump
    hand = list(question.position.hands[mover])
    paired = {card for card in hand if hand.count(card) == 2 and trump.is_trump(card)}
    assert paired and not paired & set(question.answer)
    last = dict(zip(line[-1].seats, line[-1].plays, strict=True))[mover]
    assert len(last) == 2 and last[0] == last[1] and last[0] in paired
    assert not question.position.is_attacker(line[-1].winner)
    kitty = question.position.kitty_points
    for card in paired:
        assert question.cost_of((card,)) >= 2 * kitty > 0


def test_a_guard_item_is_dealt_with_a_trump_suit() -> None:
    for seed in range(30):
        assert generate_raw("kitty_endgame", seed, DealSpec(idea="guard"))["position"]["trump"] != "none"
    with pytest.raises(DealSpecError) as raised:
        generate_raw("kitty_endgame", 1, DealSpec(idea="guard", suit="none"))
    assert raised.value.line.render("zh") != raised.value.line.render("en")
