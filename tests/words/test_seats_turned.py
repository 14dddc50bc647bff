"""A shared table draws the learner at the bottom (seat 0) and still names every seat as the table does."""

from __future__ import annotations

from shengji_kit.words import Message
from shengji_kit.words.catalogue import seat_name, seat_plain_name, seats_of, seats_turned


def test_outside_a_turned_table_seat_zero_is_south_you() -> None:
    assert [seat_name(seat, "en") for seat in range(4)] == ["South (you)", "East", "North", "West"]
    assert seat_plain_name(0, "zh") == "南家" and seat_name(None, "en") == "nobody"


def test_a_learner_in_east_is_east_you_and_the_others_keep_their_seats() -> None:
    with seats_turned(1):
        assert [seat_name(seat, "en") for seat in range(4)] == ["East (you)", "North", "West", "South"]
        assert [seat_name(seat, "zh") for seat in range(4)] == ["东家（你）", "北家", "西家", "南家"]
        assert [seat_plain_name(seat, "en") for seat in range(4)] == ["East", "North", "West", "South"]
        assert Message("tables_seat_name", {"seat": 3}).render("en") == "South"
        assert seat_name(None, "en") == "nobody"
    assert seat_name(0, "en") == "South (you)"  # the block ends: the play app's names again


def test_a_learner_in_south_changes_nothing() -> None:
    with seats_turned(0):
        assert [seat_name(seat, "zh") for seat in range(4)] == ["南家（你）", "东家", "北家", "西家"]


def test_a_record_s_own_seats_name_the_learner_where_they_sat() -> None:
    """A review or record keeps the table's seat numbers: the learner in North is "North (you)", South is South."""
    with seats_of(2):
        assert [seat_name(seat, "en") for seat in range(4)] == ["South", "East", "North (you)", "West"]
        assert seat_plain_name(2, "en") == "North"
