"""Lessons 4–6's live "try it" controls, driven as the browser drives them (field text sent with a
button's action): the engine's verdict is drawn in the learner's language, a refused entry says why
in both languages and keeps what was typed, and no preset's ASCII name reaches a Chinese sentence."""

from __future__ import annotations

import re

import pytest
from html_tree import Element, parse

import shengji_kit as sk
from shengji_kit.apps.lessons import scoring_lesson as scoring
from shengji_kit.apps.lessons import throws_lesson as throws
from shengji_kit.apps.lessons import winning_lesson as winning
from shengji_kit.engine.errors import RuleError
from shengji_kit.engine.rules import PRESET_NAMES
from shengji_kit.engine.scoring import climb, kitty_multiplier, level_outcome, next_dealer, points
from shengji_kit.engine.trump import Trump
from shengji_kit.render.lesson_panels.scoreboard import LiveScoreboard, Scoreboard, recorded_round
from shengji_kit.widgets.surface import CardSurface
from shengji_kit.words.catalogue import text

ASCII_PRESET = re.compile(r"super_tycoon|classic|Super Tycoon|Classic")
TRUMP = Trump("2", "S")


def send(widget: CardSurface, action: str, value: str = "") -> Element:
    """Click a button (``value``: its data-value, or the field's text); the redrawn panel."""
    widget.handle({"type": "action", "action": action, "value": value})
    return parse(widget.html)


def to_chinese(widget: CardSurface) -> Element:
    return send(widget, "lang", "zh")


def shown_field(page: Element) -> str:
    return page.find("input", data_role="number").attrs["value"]


def refusal(page: Element) -> dict[str, str]:
    """The refusal's text per language (learner's language first)."""
    problem = page.find(data_role="problem")
    return {line.attrs["lang"]: line.text for line in problem.find_all("p")}


# --- lesson 5: a throw against hands the learner types ---------------------------------------------------


def lesson_5_example() -> CardSurface:
    return throws.try_throw("HA HQ HQ", east="H5 C3", north="HK HK D4", west="C6 D9")


def engine_verdict(throw: str, east: str, north: str, west: str, rules: str) -> sk.ThrowCheck:
    return sk.check_throw(throw, [east, north, west], TRUMP, rules)


def test_the_throw_panel_gives_the_engines_verdict_and_the_rules_in_the_learners_language() -> None:
    widget = lesson_5_example()
    result = engine_verdict("HA HQ HQ", "H5 C3", "HK HK D4", "C6 D9", "super_tycoon")
    page = parse(widget.html)
    assert page.find(data_role="throw-check").attrs["data-outcome"] == "fails"
    assert result.message("en", 2) in page.find(data_role="verdict").text
    zh = to_chinese(widget)
    verdict = zh.find(data_role="verdict").text
    assert result.message("zh", 2) in verdict and "超级大亨" in verdict
    labels = [button.text for button in zh.find_all("button", data_action="rules")]
    assert labels == ["超级大亨", "经典"]
    assert not ASCII_PRESET.search(zh.text)


def test_giving_north_other_cards_changes_the_verdict_as_the_engine_says() -> None:
    widget = lesson_5_example()
    page = send(widget, "set-2", "HK H9 D4")
    assert page.find(data_role="seat-2").attrs["data-cards"] == "HK H9 D4"
    stands = engine_verdict("HA HQ HQ", "H5 C3", "HK H9 D4", "C6 D9", "super_tycoon")
    assert stands.ok and page.find(data_role="throw-check").attrs["data-outcome"] == "stands"
    assert stands.message("en") in page.find(data_role="verdict").text
    page = send(widget, "set-1", "BJ C3")  # a trump does not stop a heart throw
    assert page.find(data_role="throw-check").attrs["data-outcome"] == "stands"
    assert engine_verdict("HA HQ HQ", "BJ C3", "HK H9 D4", "C6 D9", "super_tycoon").ok
    assert stands.message("zh") in to_chinese(widget).find(data_role="verdict").text


def test_classic_lets_the_partners_cards_pass() -> None:
    widget = lesson_5_example()
    page = send(widget, "rules", "classic")
    assert engine_verdict("HA HQ HQ", "H5 C3", "HK HK D4", "C6 D9", "classic").ok
    assert page.find(data_role="throw-check").attrs["data-outcome"] == "stands"
    pressed = {button.text: button.attrs["aria-pressed"] for button in page.find_all("button", data_action="rules")}
    assert pressed == {"Super Tycoon": "false", "Classic": "true"}


def test_the_forced_part_and_the_blocker_after_moving_the_cards() -> None:
    widget = throws.try_throw("HA HQ HQ H9", east="HK HK C3", north="H4 D5", west="C7 D8")
    send(widget, "set-1", "H3 C3")
    page = send(widget, "set-3", "HJ HJ C7")
    result = engine_verdict("HA HQ HQ H9", "H3 C3", "H4 D5", "HJ HJ C7", "super_tycoon")
    assert not result.ok and result.blocker == 2  # West, third after South
    assert result.message("en", 3) in page.find(data_role="verdict").text
    assert page.find(data_role="seat-3").attrs["data-cards"] == "HJ HJ C7"


@pytest.mark.parametrize(("action", "typed"), [("set-2", "HK X9"), ("set-0", "HA SA"), ("set-1", "HA HA")])
def test_a_refused_entry_says_why_in_both_languages_and_keeps_the_text_and_the_hands(action: str, typed: str) -> None:
    widget = lesson_5_example()
    before = {seat: parse(widget.html).find(data_role=f"seat-{seat}").attrs["data-cards"] for seat in range(4)}
    page = send(widget, action, typed)
    said = refusal(page)
    assert set(said) == {"en", "zh"} and all(typed in line for line in said.values())
    with pytest.raises(RuleError) as caught:  # the engine's own reason is the one given
        hands = {**before, int(action[-1]): typed}
        sk.check_throw(hands[0], [hands[1], hands[2], hands[3]], TRUMP, "super_tycoon")
    assert caught.value.message("en") in said["en"] and caught.value.message("zh") in said["zh"]
    assert shown_field(page) == typed
    assert page.find("input", data_role="number").attrs["aria-invalid"] == "true"
    assert {seat: page.find(data_role=f"seat-{seat}").attrs["data-cards"] for seat in range(4)} == before
    zh = to_chinese(widget)
    assert list(refusal(zh)) == ["zh", "en"] and shown_field(zh) == typed
    fixed = send(widget, action, {"set-0": "HA HJ", "set-1": "H5 C3", "set-2": "HK H9 D4"}[action])
    assert not fixed.has(data_role="problem")


def test_south_must_throw_something_and_reset_restores_the_lessons_hands() -> None:
    widget = lesson_5_example()
    page = send(widget, "set-0", "")
    assert text("lcb_empty_input", "en") in refusal(page)["en"]
    send(widget, "set-2", "HK H9")
    page = send(widget, "reset")
    assert page.find(data_role="seat-2").attrs["data-cards"] == "HK HK D4"
    assert page.find(data_role="throw-check").attrs["data-outcome"] == "fails"


def test_the_hidden_hands_table_names_the_rules_in_chinese() -> None:
    page = parse(str(throws.throw_table().scene.render("zh")))
    assert [b.text for b in page.find_all("button", data_action="rules")] == ["超级大亨", "经典"]
    assert not ASCII_PRESET.search(page.text)
    for lang in ("en", "zh"):
        for code in ("l5_table_penalty", "l5_table_no_penalty"):
            said = text(code, lang, rules=text("lcb_rules_classic", lang), penalty="0.5")
            assert "{" not in said and (lang == "en" or not ASCII_PRESET.search(said))


# --- lesson 6: points, kitty, outcome, climb, scoreboard -------------------------------------------------


def answer(page: Element) -> list[str]:
    return [line.text for line in page.find(data_role="answer").find_all("p")]


def test_counting_typed_cards() -> None:
    widget = scoring.try_count("SK S10 S5 H3")
    page = send(widget, "go", "SK SK S5 D10 HA")
    assert answer(page) == [text("l6_try_points", "en", cards=tuple(sk.parse_cards("SK SK S5 D10 HA")), points=35)]
    assert points(sk.parse_cards("SK SK S5 D10 HA")) == 35
    assert "35" in answer(to_chinese(widget))[0] and "分" in answer(to_chinese(widget))[0]
    page = send(widget, "go", "SK ZZ")
    assert "ZZ" in refusal(page)["zh"] and "ZZ" in refusal(page)["en"]
    assert shown_field(page) == "SK ZZ" and "35" in answer(page)[0]  # the last good answer stays


def test_the_kitty_multiplier_of_a_quick_and_a_typed_last_lead() -> None:
    widget = scoring.try_kitty("DQ DQ DJ DJ", "DQ DQ DJ DJ", "SA SK")
    hearts = Trump("2", "H")
    for typed in ("SA SK", "SA SA SK SK SQ SQ"):
        page = send(widget, "quick" if typed == "SA SK" else "go", typed)
        cards = sk.parse_cards(typed)
        for line, name in zip(answer(page), PRESET_NAMES, strict=True):
            assert line == text(
                "l6_try_multiplier", "en", rules=text(f"lcb_rules_{name}", "en"), cards=tuple(cards),
                multiplier=kitty_multiplier(cards, hearts, name),
            )
    assert [line.split("，")[-1] for line in answer(to_chinese(widget))] == ["底牌乘 12。", "底牌乘 4。"]
    page = send(widget, "go", "SA HK")
    assert set(refusal(page)) == {"zh", "en"} and shown_field(page) == "SA HK"


@pytest.mark.parametrize("total", [0, 35, 80, 120, 250])
def test_each_quick_total_gives_the_engines_outcome_and_next_dealer(total: int) -> None:
    widget = scoring.try_outcome(60, 0, 35, 80, 120, 250)
    send(widget, "quick", str(total))
    for lang in ("en", "zh"):
        page = to_chinese(widget) if lang == "zh" else parse(widget.html)
        expected = [
            text("l6_try_outcome", lang, rules=text(f"lcb_rules_{name}", lang), total=total,
                 outcome=level_outcome(total, name), dealer=next_dealer(0, level_outcome(total, name)))
            for name in PRESET_NAMES
        ]
        assert answer(page) == expected
        assert shown_field(page) == "60"  # a quick value does not overwrite what the learner typed
        if lang == "zh":
            assert not ASCII_PRESET.search(page.text)


@pytest.mark.parametrize(("typed", "code"), [("37", "bad_total"), ("abc", "lcb_not_number"), ("", "lcb_outcome_empty")])
def test_a_bad_total_is_refused_in_both_languages_and_kept(typed: str, code: str) -> None:
    widget = scoring.try_outcome(60, 0, 35, 80, 120, 250)
    page = send(widget, "go", typed)
    said = refusal(page)
    params = {"total": typed, "typed": typed}
    assert said == {lang: text(code, lang, **params) for lang in ("en", "zh")}
    assert shown_field(page) == typed
    assert page.find(data_role="answer").attrs["data-value"] == "60"
    page = send(widget, "go", "85")
    assert not page.has(data_role="problem") and "85" in answer(page)[0]


def test_the_climb_buttons() -> None:
    widget = scoring.try_climb("8", 3)
    for level, steps in (("Q", 2), ("10", 2), ("K", 3)):
        send(widget, "level", level)
        page = send(widget, "steps", str(steps))
        ends = [climb(level, steps, name) for name in PRESET_NAMES]
        assert answer(page) == [
            text("l6_try_climb", "en", rules=text(f"lcb_rules_{name}", "en"), start=level, steps=steps, end=end)
            for name, end in zip(PRESET_NAMES, ends, strict=True)
        ]
    assert ends == ["3", "A"]
    assert "经典：从 K 升 3 级 → A。" in answer(to_chinese(widget))


def test_the_scoreboard_plays_another_round_a_typed_round_and_classic() -> None:
    widget = scoring.scoreboard()
    page = send(widget, "play", "175")
    assert page.find(data_role="round").attrs["data-seed"] == "175"
    assert page.find(data_role="scoreboard").attrs["data-step"] == "0"
    page = send(widget, "last")
    expected = Scoreboard(recorded_round(175))
    expected.go(len(expected.tricks))
    assert page.find(data_role="total").attrs["data-total"] == str(expected.total())
    page = send(widget, "rules", "classic")
    assert page.find(data_role="round").attrs["data-rules"] == "classic"
    board = widget.scene
    assert isinstance(board, LiveScoreboard) and board.record.rules.name == "classic"
    page = send(widget, "another")
    assert page.find(data_role="round").attrs["data-seed"] == "176"
    zh = to_chinese(widget)
    assert "第 176 号牌局，经典规则。" in zh.find(data_role="round").text and not ASCII_PRESET.search(zh.text)


def test_a_bad_round_number_is_refused_and_the_round_kept() -> None:
    widget = scoring.scoreboard()
    send(widget, "next")
    page = send(widget, "play", "17x")
    assert refusal(page) == {lang: text("lcb_board_bad_seed", lang, typed="17x") for lang in ("en", "zh")}
    assert shown_field(page) == "17x"
    assert page.find(data_role="round").attrs["data-seed"] == "220"
    assert page.find(data_role="scoreboard").attrs["data-step"] == "1"


def test_the_level_and_kitty_tables_name_the_presets_in_chinese() -> None:
    for widget in (scoring.level_table(), scoring.kitty_table()):
        page = parse(str(widget.scene.render("zh")))
        assert [th.text for th in page.find_all("th", data_rules=True)] == ["超级大亨", "经典"]
        assert not ASCII_PRESET.search(page.text)


# --- lessons 4 and 5: example tricks drawn, not an index ---------------------------------------------------------


@pytest.mark.parametrize(
    ("plays", "leader"),
    [
        (["H9 H9", "HA HK", "H6 H8", "H4 H4"], 3),
        (["DK DK", "S3 C4", "D5 D6", "D9 D10"], 3),
        (["DK DK", "S3 S3", "D5 D6", "D9 D10"], 3),
        (["S5", "H2", "C2", "SA"], 0),
        (["HA HA HK", "H5 H5 H9", "S4 S4 S8", "D3 D4 C7"], 3),  # lesson 5: a ruff beats a throw that stood
        (["DA DA DQ", "S9 S9 S3", "S7 S7 SK", "D3 D5 D6"], 1),  # lesson 5: two ruffs, the pair decides
    ],
)
def test_an_example_trick_marks_the_engines_winner_and_says_why(plays: list[str], leader: int) -> None:
    widget = winning.who_wins(plays, leader=leader)
    index = sk.trick_winner(plays, TRUMP)
    winner = (leader + index) % 4
    for lang in ("en", "zh"):
        page = to_chinese(widget) if lang == "zh" else parse(widget.html)
        shown = page.find(data_role="shown-trick")
        assert shown.attrs["data-winner"] == str(winner)
        assert text(f"seat_plain_{winner}", lang) in shown.find(data_role="message").text
        assert text("seat_0", lang) not in shown.text  # nobody is "you" in an example trick
        assert shown.find(cls="sk-slot", data_slot=str(winner)).has(cls="sk-card")


def test_the_scoreboard_sets_each_trick_round_the_table_like_lesson_4() -> None:
    board = Scoreboard(recorded_round())
    for trick in board.tricks[:3]:
        board.handle({"type": "action", "action": "next"})
        table = parse(str(board.render("en"))).find(data_role="trick")
        for index, play in enumerate(trick.plays):
            seat = (trick.leader + index) % 4
            slot = table.find(cls="sk-slot", data_slot=str(seat))
            assert [card.attrs["data-card"] for card in slot.find_all(data_card=True)] == [c.code for c in play]
        assert table.find(cls="sk-slot", data_slot=str(trick.winner)).has(cls="sk-winning")
        assert "South (you)" not in parse(str(board.render("en"))).text  # bots played this round, not the learner


def test_lesson_4s_recorded_round_does_not_call_a_bot_you() -> None:
    widget = winning.recorded_round(seed=7)
    for _ in range(4):
        for lang in ("en", "zh"):
            assert text("seat_0", lang) not in parse(str(widget.scene.render(lang))).text
        widget.handle({"type": "action", "action": "next", "value": ""})


def test_the_jupyterlab_helpers_name_the_presets_in_chinese_too() -> None:
    for said in (scoring.outcome(60), scoring.climb("8", 3), scoring.kitty("SA SA")):
        assert said.ok and "超级大亨" in said("zh") and "经典" in said("zh")
        assert not ASCII_PRESET.search(said("zh"))
        assert "Super Tycoon" in said("en")
