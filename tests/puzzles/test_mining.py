"""Puzzle mining: seeded rounds give items the bank loads and ``puzzles check`` passes; the keep rules
(a tie, the margin, a threshold), twins, and each theme on an exact position."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from shengji_kit import cli
from shengji_kit.engine.cards import codes
from shengji_kit.game.position_table import read_position_table
from shengji_kit.puzzles.bank import load_bank
from shengji_kit.puzzles.check import check_paths
from shengji_kit.puzzles.mining.decisions import MAX_CARDS, Decision, decision_of, plan_rounds, round_decisions
from shengji_kit.puzzles.mining.keeping import Verdict, judge
from shengji_kit.puzzles.mining.miner import mine, steady_bots
from shengji_kit.puzzles.mining.themes import THEMES, themes_of
from shengji_kit.puzzles.mining.twins import twin_key
from shengji_kit.words import Message


def decision(hands: dict[str, str], trick: dict[str, str] | None = None, **fields: Any) -> Decision:
    """A decision on a written position (level 2, diamonds trump, East deals, South leads unless told)."""
    raw: dict[str, Any] = {
        "rules": "super_tycoon", "level": "2", "trump": "D", "dealer": 1, "leader": 0, "points": 0, "kitty": "",
        "hands": hands, **fields,
    }
    if trick:
        raw["trick"] = trick
    return decision_of(read_position_table(raw))


def kept(position: dict[str, Any]) -> Verdict:
    verdict = judge(decision(**position))
    assert verdict.rejected is None, verdict.rejected
    return verdict


def test_mining_two_seeded_rounds_writes_items_the_bank_loads_and_the_check_passes(tmp_path: Path) -> None:
    tally, items = mine(2, 1, tmp_path)
    assert tally.rounds == 2 and items and tally.kept == len(items)
    assert tally.seen == tally.kept + sum(tally.rejected.values())
    bank = load_bank([tmp_path])
    assert not bank.problems
    assert len(bank) == len(items) and all(p.kind == "best_play" for p in bank.puzzles())
    assert all(len(p.question.position.hands[0]) <= MAX_CARDS for p in bank.puzzles())
    assert all("Double-dummy" in p.explanation.en and "明手" in p.explanation.zh for p in bank.puzzles())
    assert all("double-dummy" in p.prompt("en") and "明手" in p.prompt("zh") for p in bank.puzzles())
    assert all("Double-dummy" in s.description("en") and "明手" in s.description("zh") for s in bank.sets)
    report = check_paths([tmp_path])
    assert report.ok, report.problems
    again, more = mine(2, 1, tmp_path)  # the same rounds again: every kept decision is a twin of one written
    assert not more and again.rejected["twin"] == len(items)
    assert len(load_bank([tmp_path])) == len(items)


def test_two_plays_tying_for_best_are_rejected() -> None:
    # nobody holds a point: leading the spade ace or the club ace both end at 0
    verdict = judge(decision({"0": "SA CA", "1": "S3 C3", "2": "S4 C4", "3": "S6 C6"}))
    assert verdict.rejected == "tie"
    assert [v.total for v in verdict.plays] == [0, 0]


def test_a_forced_play_is_rejected() -> None:
    assert judge(decision({"0": "SA", "1": "S3", "2": "S4", "3": "S6"})).rejected == "forced"


CLOSE = {"0": "H3 C5", "1": "C6 D10", "2": "D6 SK", "3": "H6 C7"}
"""♣5 is best by only 5 points (♥3 gives the attackers 5 fewer)."""


def test_a_best_play_only_five_points_better_fails_the_margin_rule() -> None:
    verdict = judge(decision(CLOSE))
    assert verdict.rejected == "margin"
    assert [(codes(v.cards), v.total) for v in verdict.plays] == [("C5", 5), ("H3", 0)]
    assert judge(decision(CLOSE), margin=5).rejected is None


def test_a_play_ten_points_better_is_kept() -> None:
    verdict = kept({"hands": {"0": "SA C7", "1": "S2 HK", "2": "SQ D9", "3": "C4 D8"}})
    assert codes(verdict.best.cards) == "C7" and verdict.margin == 10 and not verdict.threshold


def test_five_points_that_cross_80_are_kept_by_the_threshold() -> None:
    verdict = judge(decision(CLOSE, points=75))
    assert verdict.rejected is None and verdict.threshold
    assert [v.total for v in verdict.plays] == [80, 75]
    assert "count" in themes_of(verdict)


def test_a_suit_permuted_twin_and_an_equal_card_twin_share_the_key() -> None:
    first = twin_key(decision({"0": "SA C7", "1": "S2 HK", "2": "SQ D9", "3": "C4 D8"}))
    hearts_for_spades = twin_key(decision({"0": "HA C7", "1": "H2 SK", "2": "HQ D9", "3": "C4 D8"}))
    clubs_for_hearts = twin_key(decision({"0": "SA H7", "1": "S2 CK", "2": "SQ D9", "3": "H4 D8"}))
    equal_card = twin_key(decision({"0": "SA C8", "1": "S2 HK", "2": "SQ D9", "3": "C4 D8"}))
    assert first == hearts_for_spades == clubs_for_hearts == equal_card
    other = twin_key(decision({"0": "SA C7", "1": "SQ HK", "2": "S2 D9", "3": "C4 D8"}))
    assert other != first
    trump_swapped = twin_key(decision({"0": "DA C7", "1": "S2 HK", "2": "DQ S9", "3": "C4 S8"}))
    assert trump_swapped != first  # the trump suit is not a plain suit: renaming it is another puzzle


THEME_POSITIONS: dict[str, tuple[dict[str, Any], str]] = {
    # North ruffs West's ♦Q with ♠A (spades trump) and takes the trick
    "ruff": ({
        "level": "6", "trump": "S", "dealer": 2, "leader": 3, "points": 75, "kitty": "D3 C7 H8 D8 H9 C9 D9 CQ",
        "hands": {"0": "H5", "1": "DJ", "2": "SA HK", "3": "DJ"}, "trick": {"3": "DQ", "0": "CQ", "1": "DA"},
    }, "SA"),
    # South ruffs West's ♣7 with ♥J; East over-ruffs with ♥Q (hearts trump)
    "over_ruff": ({
        "level": "9", "trump": "H", "dealer": 0, "leader": 3, "points": 100, "kitty": "S2 D2 S3 D3 S4 S7 S8 CQ",
        "hands": {"0": "H7", "1": "HQ H10", "2": "S5 C6", "3": "CJ"}, "trick": {"3": "C7", "0": "HJ"},
    }, "HQ"),
    # East ruffs South's ♠Q with ♦A; North lets him have it (♥10) and keeps both sevens for later
    "duck": ({
        "level": "7", "trump": "D", "dealer": 1, "leader": 0, "points": 90, "kitty": "H2 C2 S6 C6 C8 S9 H9 C9",
        "hands": {"0": "C10 C8", "1": "H7 DK", "2": "D7 S7 H10", "3": "HQ H8 C9"}, "trick": {"0": "SQ", "1": "DA"},
    }, "H10"),
    # East leads the ace of trumps; South puts ♣5 on North's winning ♣J
    "give_points": ({
        "level": "J", "trump": "C", "dealer": 2, "leader": 1, "points": 95, "kitty": "H2 H4 D4 S6 H6 D7 D9 SA",
        "hands": {"0": "CJ C5", "1": "SJ", "2": "S10", "3": "D8"}, "trick": {"1": "CA", "2": "CJ", "3": "SJ"},
    }, "C5"),
    # East leads ♦10 and West takes it with the seven of trumps
    "lead_to_partner": ({
        "rules": "classic", "level": "7", "trump": "H", "dealer": 1, "leader": 1, "points": 35,
        "kitty": "C2 S3 C3 D3 D4 S6 C8 SJ",
        "hands": {"0": "S7 D7 HA HK HQ", "1": "HA HQ H9 S10 D10", "2": "S7 D7 HJ H9 C10", "3": "H7 HJ SQ CQ CJ"},
    }, "D10"),
    # ♥A ♥9♥9 stands: nobody holds a higher heart pair, and the ace is the top heart
    "throw": ({
        "rules": "classic", "level": "3", "trump": "S", "dealer": 2, "leader": 1, "points": 75,
        "kitty": "HJ H7 H4 H2 C2 D2 C7 D7",
        "hands": {"0": "HK HQ CA", "1": "HA H9 H9", "2": "LJ D3 CK", "3": "H10 H5 H5"},
    }, "HA H9 H9"),
    # North leads ♠J while West still holds ♣2 (a trump: the level is 2)
    "draw_trumps": ({
        "rules": "classic", "level": "2", "trump": "S", "dealer": 3, "leader": 2, "points": 80,
        "kitty": "H3 C6 C7 D8 D9 HJ DJ HQ", "hands": {"0": "D2 SQ", "1": "C8 C5", "2": "SK SJ", "3": "C2 DA"},
    }, "SJ"),
    # South keeps ♠A♠A for the last trick: the pair takes the kitty's 5 points twice over
    "kitty_multiple": ({
        "level": "6", "trump": "S", "dealer": 3, "leader": 2, "points": 80, "kitty": "H2 C4 C7 D7 D9 HJ DJ H5",
        "hands": {"0": "S6 C6 SA SA", "1": "S6 SK SJ S8", "2": "H6 C6 D6", "3": "D6 SQ SQ"},
        "trick": {"2": "LJ", "3": "SJ"},
    }, "C6"),
    # West (a defender) takes this trick with ♥J and then the last trick, so the kitty's ♦5 stays theirs
    "guard_last": ({
        "level": "4", "trump": "H", "dealer": 3, "leader": 0, "points": 80, "kitty": "D7 D6 D5 C2 S3 C3 S7 S9",
        "hands": {"0": "HK", "1": "D9", "2": "CJ", "3": "C4 HJ"}, "trick": {"0": "H10", "1": "D9", "2": "D5"},
    }, "HJ"),
    # South (a defender) cashes ♥A: the attackers stay at 75; anything else lets them reach 85
    "count": ({
        "level": "8", "trump": "C", "dealer": 2, "leader": 0, "points": 75, "kitty": "S2 H2 S3 H4 S6 D6 H7 D9",
        "hands": {"0": "S7 HA", "1": "CK H5", "2": "D8 D5", "3": "S9 S4"},
    }, "HA"),
}


@pytest.mark.parametrize("theme", sorted(THEME_POSITIONS))
def test_each_theme_is_tagged_on_its_exact_position(theme: str) -> None:
    position, answer = THEME_POSITIONS[theme]
    verdict = kept(position)
    assert sorted(codes(verdict.best.cards).split()) == sorted(answer.split())
    assert theme in themes_of(verdict)


def test_themes_are_not_tagged_where_the_solution_does_not_show_them() -> None:
    lead = themes_of(kept(THEME_POSITIONS["lead_to_partner"][0]))
    assert not {"ruff", "over_ruff", "duck", "give_points", "throw", "kitty_multiple"} & set(lead)
    ruff = themes_of(kept(THEME_POSITIONS["ruff"][0]))
    assert "ruff" not in themes_of(kept(THEME_POSITIONS["over_ruff"][0]))
    assert "over_ruff" not in ruff and "lead_to_partner" not in ruff and "duck" not in ruff


@pytest.mark.parametrize("theme", THEMES)
def test_every_theme_is_a_catalogue_word_in_both_languages(theme: str) -> None:
    english, chinese = (Message(f"mine_theme_{theme}").render(lang) for lang in ("en", "zh"))
    assert english and chinese and english != chinese


@pytest.mark.parametrize("argv", [
    ["--rounds", "0"], ["--rounds", "ten"], ["--seed", "-1"], ["--margin", "2"], ["--bots", "fierce"],
    ["--trump", "hearts"],
])
def test_the_command_refuses_bad_arguments_in_both_languages(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["puzzles", "mine", "--out", str(tmp_path / "out"), *argv]) == 2
    said = capsys.readouterr().err.splitlines()
    assert len(said) == 2 and said[0].startswith("--") and said[1].startswith("--")
    assert any("\u4e00" <= ch <= "\u9fff" for ch in said[1])
    assert not (tmp_path / "out").exists()


def test_the_command_refuses_a_file_as_the_output_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "a.toml"
    file.write_text("", encoding="utf-8")
    assert cli.main(["puzzles", "mine", "--out", str(file)]) == 2
    assert "is a file" in capsys.readouterr().err


def test_the_command_shows_progress_per_round(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["puzzles", "mine", "--rounds", "1", "--seed", "4", "--bots", "steady", "--out", str(tmp_path)]
    assert cli.main(argv) == 0
    shown = capsys.readouterr().out
    assert "1/1 rounds:" in shown and "decisions seen" in shown and "rejected: forced" in shown
    assert "kept per CPU-minute" in shown


def test_a_forced_no_trump_steers_every_round_to_no_trump(tmp_path: Path) -> None:
    plans = plan_rounds(2, 5, ("steady",), "none")
    assert all(plan.trump == "none" for plan in plans)
    tally, items = mine(2, 5, tmp_path, trump="none")
    assert tally.rounds == 2 and items
    puzzles = load_bank([tmp_path]).puzzles()
    assert len(puzzles) == len(items)
    assert all(p.table.trump.suit is None for p in puzzles), "every item is a no-trump position"
    assert check_paths([tmp_path]).ok


def test_a_forced_suit_steers_the_auction_to_that_suit() -> None:
    for plan in plan_rounds(3, 6, ("gentle", "steady"), "H"):
        decision = next(round_decisions(plan, steady_bots), None)
        assert decision is not None and decision.position.trump == "H" and "trump=H" in decision.source
