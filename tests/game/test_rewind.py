"""``Round.rewind`` and ``Round.replay``: one way to rebuild a round, set-up decks included."""

from __future__ import annotations

import pytest

from shengji_kit.engine.errors import RuleError
from shengji_kit.game import Action, Round
from shengji_kit.game.record import rebuild
from shengji_kit.game.round import ReplayRefused

from .conftest import advance, ready_to_play, snapshot

KITTY = "C3 C4 C6 C7 C8 C9 D3 D4"
HANDS = {0: "S2 LJ HA HK", 2: "HA", 1: "H3 C5"}


def test_rewind_on_a_set_up_deal_goes_back_to_the_same_position() -> None:
    rnd = ready_to_play(HANDS, KITTY, "S2 LJ")
    before = snapshot(rnd)
    rnd.act(0, Action.play("HK"))
    advance(rnd, lambda r: r.tricks_played == 1)
    back = rnd.rewind(len(rnd.actions) - before[2])  # type: ignore[operator]
    assert snapshot(back) == before
    assert back.decks == rnd.decks and back.to_act == 0
    assert snapshot(rnd.rewind(0)) == snapshot(rnd)


def test_rewind_leaves_the_round_itself_alone() -> None:
    rnd = ready_to_play(HANDS, KITTY, "S2 LJ")
    before = snapshot(rnd)
    assert snapshot(rnd.rewind(1)) != before
    assert snapshot(rnd) == before


@pytest.mark.parametrize("n", [-1, 10_000, 1.5, True])
def test_rewind_refuses_what_is_not_a_count_of_past_actions(n: object) -> None:
    rnd = ready_to_play(HANDS, KITTY, "S2 LJ")
    with pytest.raises(RuleError) as info:
        rnd.rewind(n)  # type: ignore[arg-type]
    assert info.value.code == "bad_rewind" and "{" not in info.value.message("zh")


def test_replay_names_the_refused_action() -> None:
    rnd = ready_to_play(HANDS, KITTY, "S2 LJ")
    actions = [*rnd.actions, (1, Action.play("H3"))]
    with pytest.raises(ReplayRefused) as info:
        Round.replay(rnd.seed, rnd.rules, 1, 0, rnd.levels, rnd.decks, actions)
    refused = info.value
    assert (refused.index, refused.seat, refused.trick) == (len(actions) - 1, 1, 1)
    assert refused.code == "not_your_turn"


def test_record_rebuild_of_a_set_up_deal_is_unchanged() -> None:
    rnd = ready_to_play(HANDS, KITTY, "S2 LJ")
    advance(rnd, lambda r: r.phase == "done")
    record = rnd.record()
    again = rebuild(record)
    assert again.record() == record and snapshot(again) == snapshot(rnd)
    assert record["buries"] == [{"seat": 0, "cards": KITTY.split()}]
