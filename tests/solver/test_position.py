"""Position files: every field is read, checked, and a bad one is named in the error."""

from __future__ import annotations

from typing import Any

import pytest

from shengji_kit.engine import RuleError, Trump, parse_cards
from shengji_kit.solver import Position

EXAMPLE = """
[position]
rules = "super_tycoon"
level = "2"
trump = "S"          # or "none"
dealer = 0
leader = 1
hands = { 0 = "SA SK H3", 1 = "S3 H9 HK", 2 = "D4 D5 C10", 3 = "SJ H10 C3" }
kitty = "H5 D10 C3 C4 C6 C7 C8 C9"   # the buried 8 cards
points = 40          # attackers' points taken before this position
"""


def example() -> dict[str, Any]:
    return Position.from_toml(EXAMPLE).to_dict()


def test_reads_the_example_file() -> None:
    position = Position.from_toml(EXAMPLE)
    assert position.rules.name == "super_tycoon" and position.level == "2" and position.trump == "S"
    assert position.dealer == 0 and position.leader == 1 and position.points == 40
    assert position.hands[2] == tuple(parse_cards("D4 D5 C10"))
    assert position.kitty_points == 15 and position.cards_per_hand == 3
    assert position.trump_context == Trump("2", "S")
    assert position.defenders == (0, 2) and position.attackers == (1, 3)
    assert position.is_attacker(3) and not position.is_attacker(2)


def test_round_trips_and_accepts_other_spellings() -> None:
    position = Position.from_toml(EXAMPLE)
    assert Position.from_dict(position.to_dict()) == position
    table = example()
    table["hands"] = {0: ["SA", "SK", "H3"], 1: "S3 H9 HK", "2": "D4, D5, C10", 3: ["SJ", "H10", "C3"]}
    table["level"] = 2
    table["trump"] = "♠"
    assert Position.from_dict(table) == position
    assert Position.from_dict({"position": table}) == position
    no_trump = Position.from_dict({**table, "trump": "none"})
    assert no_trump.trump is None and no_trump.to_dict()["trump"] == "none"
    assert no_trump.trump_context.suit is None


def test_optional_fields_have_defaults() -> None:
    table = example()
    for name in ("rules", "kitty", "points"):
        del table[name]
    position = Position.from_dict(table)
    assert position.rules.name == "super_tycoon" and position.kitty == () and position.points == 0


@pytest.mark.parametrize(
    ("change", "field", "code"),
    [
        (
            {"hands": {"0": "SA SK H3", "1": "S3 H9 HK", "2": "X9 D5 C10", "3": "SJ H10 C3"}},
            "position.hands.2", "position_unknown_card",
        ),
        ({"kitty": "H5 ZZ"}, "position.kitty", "position_unknown_card"),
        (
            {"hands": {"0": "SA SK", "1": "S3 H9 HK", "2": "D4 D5 C10", "3": "SJ H10 C3"}},
            "position.hands", "position_uneven_hands",
        ),
        ({"hands": {"0": "SA SK H3", "1": "S3 H9 HK", "2": "D4 D5 C10"}}, "position.hands", "position_missing_seat"),
        (
            {"hands": {"0": "SA SA H3", "1": "S3 H9 HK", "2": "D4 D5 C10", "3": "SA H10 C3"}},
            "position.hands.3", "position_too_many_copies",
        ),
        ({"hands": {"0": "", "1": "", "2": "", "3": ""}}, "position.hands", "position_empty_hands"),
        ({"hands": {"0": "SA", "1": "S3", "2": "D4", "5": "C3"}}, "position.hands.5", "position_bad_seat"),
        ({"hands": "SA SK"}, "position.hands", "position_bad_type"),
        ({"level": "Z"}, "position.level", "position_bad_level"),
        ({"level": 1.5}, "position.level", "position_bad_type"),
        ({"trump": "X"}, "position.trump", "position_bad_trump"),
        ({"rules": "poker"}, "position.rules", "position_bad_rules"),
        ({"dealer": 4}, "position.dealer", "position_bad_seat"),
        ({"leader": "one"}, "position.leader", "position_bad_type"),
        ({"points": 7}, "position.points", "position_bad_points"),
        ({"points": 190}, "position.points", "position_bad_points"),
        ({"kitty": "C2 C2 C3 C3 C4 C4 C5 C6 C7"}, "position.kitty", "position_kitty_size"),
        ({"colour": "red"}, "position.colour", "position_unknown_field"),
        ({"trick": {"1": "S3"}}, "position.trick", "position_trick_at_boundary"),
    ],
)
def test_bad_fields_are_named(change: dict[str, Any], field: str, code: str) -> None:
    table = {**example(), **change}
    with pytest.raises(RuleError) as caught:
        Position.from_dict(table)
    assert caught.value.code == code
    assert caught.value.params["field"] == field
    assert str(caught.value).startswith(field)
    assert field in caught.value.message("zh")


def test_missing_fields_and_bad_toml() -> None:
    table = example()
    del table["leader"]
    with pytest.raises(RuleError, match=r"position\.leader is missing"):
        Position.from_dict(table)
    with pytest.raises(RuleError, match="position is missing"):
        Position.from_toml("[other]\nx = 1\n")
    with pytest.raises(RuleError) as caught:
        Position.from_toml("[position\n")
    assert caught.value.code == "position_bad_toml"


def test_unknown_card_message_quotes_the_token() -> None:
    table = example()
    table["hands"]["2"] = "X9 D5 C10"
    with pytest.raises(ValueError, match=r"position\.hands\.2: unknown card 'X9'"):
        Position.from_dict(table)


def test_direct_construction_is_checked_too() -> None:
    position = Position.from_toml(EXAMPLE)
    with pytest.raises(RuleError, match=r"position\.leader"):
        Position(position.rules, position.level, position.trump, 0, 9, position.hands)
    rebuilt = Position("classic", 2, "h", 0, 1, [list(hand) for hand in position.hands])
    assert rebuilt.level == "2" and rebuilt.trump == "H" and rebuilt.rules.name == "classic"
