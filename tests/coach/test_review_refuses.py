"""``sk.review`` replays the record under its rules first: an edited winner, edited points or results, or cut
tricks are refused with a ``ReviewRefused`` (a ``ValueError``) naming the field, in both languages."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

import shengji_kit as sk
from shengji_kit.coach._sample_playout import Budget
from shengji_kit.coach.review import ReviewRefused
from shengji_kit.engine.errors import RuleError
from shengji_kit.game import Round
from shengji_kit.game.bots import play_round
from shengji_kit.game.bots.rule import RuleBot

TINY = Budget(samples=2, candidates=3, horizon=1, solve_at=3)
Edit = Callable[[dict[str, Any]], None]


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    rnd = Round.new(5)
    play_round(rnd, [RuleBot(5 + seat) for seat in range(4)])
    return rnd.record()


def other_winner(record: dict[str, Any]) -> None:
    trick = record["tricks"][0]
    trick["winner"] = (trick["winner"] + 1) % 4


def cut_tricks(record: dict[str, Any]) -> None:
    del record["tricks"][-3:]


def more_points(record: dict[str, Any]) -> None:
    trick = next(trick for trick in record["tricks"] if trick["points"] == 0)
    trick["points"] = 10


def other_outcome(record: dict[str, Any]) -> None:
    record["outcome"] = {**record["outcome"], "levels": record["outcome"]["levels"] + 1}


def more_attackers_points(record: dict[str, Any]) -> None:
    record["attackers_points"] += 5
    record["total"] += 5


@pytest.mark.parametrize(("edit", "field"), [
    (other_winner, "tricks[0].winner"), (cut_tricks, "tricks"), (more_points, ".points"),
    (other_outcome, "outcome"), (more_attackers_points, "attackers_points"),
])
def test_an_edited_record_is_refused_naming_what_does_not_match(record: dict[str, Any], edit: Edit, field: str) -> None:
    edited = copy.deepcopy(record)
    edit(edited)
    with pytest.raises(ReviewRefused) as caught:
        sk.review(edited, seat=0, budget=TINY)
    refused = caught.value
    assert isinstance(refused, ValueError) and isinstance(refused, RuleError)
    english, chinese = refused.message("en"), refused.message("zh")
    assert "cannot be reviewed" in english and field in english
    assert "无法复盘" in chinese and field in chinese


def test_the_record_as_the_game_wrote_it_is_still_reviewed(record: dict[str, Any]) -> None:
    assert sk.review(copy.deepcopy(record), seat=1, budget=TINY).total == record["total"]
