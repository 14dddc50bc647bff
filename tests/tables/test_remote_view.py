"""The server's seat view read back (``apps/tables/remote_view.py``): the same view for South, and for any
other seat the view turned so that seat is South."""

from __future__ import annotations

from shengji_kit.apps.tables.remote_view import seat_view, server_seat, turned
from shengji_kit.classroom.tables.seat_wire import view_to_json
from shengji_kit.game.bots import RuleBot
from shengji_kit.game.match import Match
from shengji_kit.game.round import Round


def round_in_play(tricks: int = 3) -> Round:
    rnd = Match(17, "super_tycoon").new_round()
    bots = {seat: RuleBot(seat) for seat in range(4)}
    while rnd.result is None and not (rnd.phase == "play" and len(rnd.view(0).tricks) >= tricks
                                      and rnd.view(0).trick):
        seat = rnd.to_act
        assert seat is not None
        rnd.act(seat, bots[seat].choose(rnd.view(seat), rnd.legal_actions(seat)))
    return rnd


def test_south_reads_back_as_it_was_sent() -> None:
    rnd = round_in_play()
    view = rnd.view(0)
    back = seat_view(view_to_json(view))
    assert (back.hand, back.trick, back.trump, back.levels, back.dealer, back.to_act) == (
        view.hand, view.trick, view.trump, view.levels, view.dealer, view.to_act)
    assert [(t.number, t.plays, t.points) for t in back.tricks] == [(t.number, t.plays, t.points) for t in view.tricks]
    assert back.hand_sizes == view.hand_sizes and back.attackers_points == view.attackers_points


def test_another_seat_is_turned_to_south() -> None:
    rnd = round_in_play()
    for mine in (1, 2, 3):
        view = rnd.view(mine)
        back = seat_view(view_to_json(view))
        assert back.seat == 0 and back.hand == view.hand
        assert back.to_act == turned(view.to_act, mine)
        assert back.trick == tuple(((seat - mine) % 4, cards) for seat, cards in view.trick)
        assert back.hand_sizes[0] == view.hand_sizes[mine]
        assert back.levels == (view.levels[mine % 2], view.levels[1 - mine % 2])
        assert [server_seat(t.leader, mine) for t in back.tricks] == [t.leader for t in view.tricks]
        assert [server_seat(t.winner, mine) for t in back.tricks] == [t.winner for t in view.tricks]
        assert back.winning == turned(view.winning, mine)


def test_a_finished_round_reads_back_with_its_result() -> None:
    rnd = round_in_play(tricks=99)
    assert rnd.result is not None
    for mine in range(4):
        back = seat_view(view_to_json(rnd.view(mine)))
        assert back.result is not None
        assert back.result.total == rnd.result.total
        assert back.result.outcome == rnd.result.outcome
        assert back.result.next_dealer == (rnd.result.next_dealer - mine) % 4
