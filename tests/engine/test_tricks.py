"""Who wins the trick (RULES.md §6)."""

from __future__ import annotations

import shengji_kit as sk

from .conftest import cards, trump

T2S = trump("2", "S")


def winner(*plays: str, t: sk.Trump = T2S) -> int:
    return sk.trick_winner([cards(p) for p in plays], t)


def test_highest_of_suit_wins_and_discards_never_win() -> None:
    assert winner("H9", "HK", "HA", "C3") == 2
    assert winner("H9", "CA", "D3", "H3") == 0


def test_equal_cards_first_played_wins() -> None:
    assert winner("HA", "HA", "H3", "H4") == 0
    assert winner("H3", "H2", "C2", "D5", t=T2S) == 1


def test_ruff_beats_and_over_ruff() -> None:
    assert winner("HA", "S3", "HK", "H4") == 1
    assert winner("HA", "S3", "S5", "H4") == 2
    assert winner("HA", "S3", "BJ", "LJ") == 2


def test_two_trump_singles_never_cover_a_pair() -> None:
    assert winner("H9 H9", "S3 S4", "H3 H4", "C3 C4") == 0
    assert winner("H9 H9", "S3 S3", "H3 H4", "C3 C4") == 1


def test_tractor_needs_tractor_to_ruff() -> None:
    assert winner("H9 H9 H10 H10", "S3 S3 S5 S5", "H3 H4 H5 H6", "C3 C4 C5 C6") == 0
    assert winner("H9 H9 H10 H10", "S3 S3 S4 S4", "H3 H4 H5 H6", "C3 C4 C5 C6") == 1


def test_in_suit_never_beats_a_thrown_lead() -> None:
    assert winner("H9 H8", "HA HK", "C3 C4", "D3 D4") == 0
    assert winner("H9 H8", "HA HK", "S3 S4", "D3 D4") == 2


def test_throw_ruffs_compare_by_most_important_component() -> None:
    lead = "HA HA HK HQ HQ"
    assert winner(lead, "S6 S6 S7 S7 C2", "SA SA S5 S5 S10", "H3 H4 H5 H6 H7") == 2
    assert winner(lead, "SA SA S5 S5 S10", "S6 S6 S7 S7 C2", "H3 H4 H5 H6 H7") == 1


def test_ruff_of_throw_must_cover_its_shape() -> None:
    assert winner("HA HA HK", "S3 S4 S5", "C3 C4 C5", "D3 D4 D5") == 0
    assert winner("HA HA HK", "S3 S3 S5", "C3 C4 C5", "D3 D4 D5") == 1


def test_tractor_ruff_through_level_pairs() -> None:
    lead = "H9 H9 H10 H10 H5 H5 H6 H6"
    ruff = "SA SA H2 H2 C2 C2 S2 S2"
    assert winner(lead, ruff, "H3 H4 H7 H8 HJ HQ HK HA", "C3 C4 C5 C6 C7 C8 C9 C10") == 1


def test_trump_lead_followed_by_higher_trump() -> None:
    assert winner("S3", "S2", "H2", "BJ") == 3
    assert winner("S3 S3", "LJ LJ", "BJ C3", "S4 S5") == 1


def test_partial_trick_winner_so_far() -> None:
    assert winner("H9", "HK") == 1
    assert winner("H9") == 0
