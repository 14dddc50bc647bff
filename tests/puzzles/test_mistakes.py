"""What a wrong answer means (issue 41): each kind of slip the engine can tell is named with the position's own
cards and numbers, in both languages; an answer no known slip gives, or that two slips give alike, gets none."""

from __future__ import annotations

from typing import Any

import pytest

from shengji_kit.engine.cards import parse_cards
from shengji_kit.puzzles import default_bank
from shengji_kit.puzzles.answers import cards_text
from shengji_kit.puzzles.loader import read_puzzle
from shengji_kit.puzzles.model import Puzzle
from shengji_kit.words import Message

TEXTS = {"title": {"en": "T", "zh": "题"}, "hint": {"en": "H", "zh": "提示"}, "explanation": {"en": "E", "zh": "解释"}}
KITTY = "SK S10 C5 D3 D4 D6 D7 D8"
"""25 points."""


def puzzle(kind: str, answer: object, position: dict[str, Any], **fields: object) -> Puzzle:
    raw = {"id": "t", "kind": kind, "difficulty": 1, "answer": answer, **TEXTS, **fields,
           "position": {"rules": "super_tycoon", "level": "2", "trump": "S", **position}}
    return read_puzzle(raw, "test", "test.toml")


def told(item: Puzzle, answer: object) -> Message | None:
    """The diagnosis added to a wrong answer's feedback: its last line, when the kind added one."""
    feedback = item.check(answer)
    assert not feedback.correct and not feedback.refused
    cause = item.question.mistake(answer)
    if cause is not None:
        assert feedback.lines[-1] == cause
        assert cause.render("en") in feedback.verdict("en") and cause.render("zh") in feedback.verdict("zh")
    return cause


def words(cards: str, lang: str) -> str:
    """Cards as the kit writes them in ``lang``."""
    return cards_text(parse_cards(cards), lang)


def both(message: Message | None) -> tuple[str, str]:
    assert message is not None
    return message.render("en"), message.render("zh")


# --- the kitty multiplier ------------------------------------------------------------------------


def multiplier(lead: str) -> Puzzle:
    return puzzle("count", 0, {"leader": 1, "trick": {"1": lead}}, ask="multiplier")


def test_two_for_a_pair_led_is_a_single_cards_multiplier() -> None:
    en, zh = both(told(multiplier("H9 H9"), "2"))
    assert en == (f"×2 is what a single card led to the last trick gives, and it was led with {words('H9 H9', 'en')}: "
                  "look at its shape again.")
    assert zh == f"×2是最后一墩首发单张时的倍数，可这一墩首发的是{words('H9 H9', 'zh')}：再看看它的牌型。"


def test_a_throws_parts_added_up() -> None:
    en, zh = both(told(multiplier("HA HA HK"), "6"))
    assert en == f"×6 adds up the parts of the throw {words('HA HA HK', 'en')}; a throw counts its largest part alone."
    assert zh == f"×6是把甩牌{words('HA HA HK', 'zh')}各部分的倍数加起来了；甩牌只按其中最大的牌型算。"


def test_a_tractor_counted_as_a_pair() -> None:
    en, zh = both(told(multiplier("H9 H9 H10 H10"), "4"))
    assert en == (f"×4 is a pair's, but {words('H9 H9 H10 H10', 'en')} is a tractor of 2 pairs, and a tractor counts "
                  "×4 for each pair.")
    assert zh == f"×4是对子的倍数，可{words('H9 H9 H10 H10', 'zh')}是2对的拖拉机，拖拉机每一对算4倍。"
    for lang in ("en", "zh"):
        assert "8" not in told(multiplier("H9 H9 H10 H10"), "4").render(lang)  # type: ignore[union-attr]


def test_a_multiplier_no_slip_gives_is_told_nothing_more() -> None:
    item = multiplier("H9 H9")
    assert told(item, "8") is None
    assert [line.code for line in item.check("8").lines] == ["puzzle_count_wrong_multiplier"]


# --- the attackers' total --------------------------------------------------------------------------


def total(leader: int, plays: list[str]) -> Puzzle:
    """Dealer South: North and South defend, East and West attack; 60 points before a last trick of 15."""
    trick = {str((leader + n) % 4): play for n, play in enumerate(plays)}
    return puzzle("count", 0, {"dealer": 0, "points": 60, "leader": leader, "trick": trick, "kitty": KITTY},
                  ask="total")


ATTACKERS_TAKE = total(1, ["HA HA", "H3 H4", "HK H5", "H7 H8"])
"""East leads a pair and takes it: 60 + 15 + 25 × 4 = 175."""


def test_the_kitty_multiplied_by_two_where_a_pair_makes_four() -> None:
    assert ATTACKERS_TAKE.question.total() == 175  # type: ignore[attr-defined]
    en, zh = both(told(ATTACKERS_TAKE, "125"))
    assert en == (f"125 counts the kitty's 25 points ×2; the last trick was led with {words('HA HA', 'en')}, "
                  "so the kitty counts ×4.")
    assert zh == f"125是把底牌的25分乘以2；最后一墩首发的是{words('HA HA', 'zh')}，所以底分乘以4。"


def test_the_kitty_left_out() -> None:
    en, zh = both(told(ATTACKERS_TAKE, "75"))
    assert en == ("75 leaves out the kitty: East, an attacker, took the last trick, so the kitty's 25 points count "
                  "too, multiplied.")
    assert zh == "75漏了底牌：东家（捡分方）赢得最后一墩，底牌的25分乘以倍数后也要算上。"


def test_the_last_trick_left_out() -> None:
    assert both(told(ATTACKERS_TAKE, "160")) == ("160 leaves out the 15 points in the last trick.",
                                                 "160漏了最后一墩里的15分。")


def test_the_points_before_left_out() -> None:
    assert both(told(ATTACKERS_TAKE, "115")) == (
        "115 leaves out the 60 points the attackers had before the last trick.",
        "115漏了捡分方在最后一墩之前已有的60分。")


def test_the_last_trick_counted_though_a_defender_took_it() -> None:
    item = total(0, ["HA HA", "H3 H4", "HK H5", "H7 H8"])
    assert item.question.total() == 60  # type: ignore[attr-defined]
    for answer in ("75", "175"):
        en, zh = both(told(item, answer))
        assert en == (f"{answer} counts the last trick for the attackers, but South, a defender, took it: neither "
                      "its points nor the kitty's go to the attackers.")
        assert zh == (f"{answer}把最后一墩算给了捡分方，可是赢得这一墩的是南家（主打方）："
                      "这一墩的分和底牌的分都不归捡分方。")
    assert told(item, "65") is None


def test_a_total_no_slip_gives_is_told_nothing_more() -> None:
    assert told(ATTACKERS_TAKE, "180") is None
    assert [line.code for line in ATTACKERS_TAKE.check("180").lines] == ["puzzle_count_too_high"]


# --- a trick's points --------------------------------------------------------------------------------


def points_of(*plays: str) -> Puzzle:
    trick = {str(seat): play for seat, play in enumerate(plays)}
    item = puzzle("trick_points", 0, {"leader": 0, "trick": trick})
    return read_puzzle({"id": "t", "kind": "trick_points", "difficulty": 1, **TEXTS,
                        "answer": item.question.truth(),  # type: ignore[attr-defined]
                        "position": {"rules": "super_tycoon", "level": "2", "trump": "S", "leader": 0,
                                     "trick": trick}}, "test", "test.toml")


def test_a_king_left_out() -> None:
    en, zh = both(told(points_of("DK", "D5", "D3", "D4"), "5"))
    assert en == f"5 leaves out {words('DK', 'en')}, worth 10 points."
    assert zh == f"5漏了{words('DK', 'zh')}，它们值10分。"


def test_tens_counted_as_five() -> None:
    en, zh = both(told(points_of("D10", "D3", "D4", "D6"), "5"))
    assert en == f"5 counts {words('D10', 'en')} as 5 points a card; a 10 is worth 10."
    assert zh == f"5把{words('D10', 'zh')}每张算成5分；10值10分。"


def test_kings_counted_as_five() -> None:
    item = points_of("DK", "DK", "CK", "D4")
    en, zh = both(told(item, "15"))
    assert en == f"15 counts {words('DK DK CK', 'en')} as 5 points a card; a K is worth 10."
    assert zh == f"15把{words('DK DK CK', 'zh')}每张算成5分；K值10分。"
    assert told(item, "20") is None  # a ♦K or the ♣K left out


def test_fives_counted_as_ten() -> None:
    en, zh = both(told(points_of("D5", "D5", "D3", "D4"), "20"))
    assert en == f"20 counts {words('D5 D5', 'en')} as 10 points a card; a 5 is worth 5."
    assert zh == f"20把{words('D5 D5', 'zh')}每张算成10分；5值5分。"


def test_points_that_two_slips_give_alike_or_none_gives_are_told_nothing_more() -> None:
    item = points_of("D10", "DK", "D3", "D4")
    assert told(item, "10") is None  # the 10 or the K left out: which one the learner forgot, nobody can tell
    assert told(item, "15") is None  # the 10 or the K counted as 5
    assert told(item, "30") is None  # no slip gives 30
    assert [line.code for line in item.check("30").lines] == ["l6_trick_points_working"]


# --- which play takes the trick ------------------------------------------------------------------


def winner(leader: int, *cards: str) -> Puzzle:
    """Four single cards from ``leader`` on (level 2, spades trump)."""
    trick = {str((leader + n) % 4): card for n, card in enumerate(cards)}
    item = puzzle("trick_winner", 0, {"leader": leader, "trick": trick})
    truth = item.question.winner()  # type: ignore[attr-defined]
    return puzzle("trick_winner", truth, {"leader": leader, "trick": trick})


def test_a_card_of_another_suit() -> None:
    en, zh = both(told(winner(3, "HK", "CA", "H5", "HQ"), "0"))
    assert en == (f"{words('CA', 'en')} is neither of the suit led (hearts) nor a trump: a card of another suit "
                  "never takes the trick, however high.")
    assert zh == f"{words('CA', 'zh')}既不是首发的花色（红桃），也不是主牌：别的花色的牌再大也赢不了这一墩。"


def test_a_card_of_another_suit_when_trumps_were_led() -> None:
    en, zh = both(told(winner(3, "S5", "HA", "S3", "S4"), "0"))
    assert en == f"Trumps were led and {words('HA', 'en')} is no trump: it cannot take the trick, however high."
    assert zh == f"首发的是主牌，{words('HA', 'zh')}不是主牌：再大也赢不了这一墩。"


def test_the_best_of_the_suit_led_beaten_by_a_trump() -> None:
    item = winner(3, "HK", "HA", "S3", "H5")
    en, zh = both(told(item, "0"))
    assert en == (f"{words('HA', 'en')} is the highest of hearts played, but a trump was played too "
                  f"({words('S3', 'en')}), and a trump beats every card of another suit.")
    assert zh == f"{words('HA', 'zh')}是出的红桃里最大的，可是也有人出了主牌（{words('S3', 'zh')}），主牌大过所有副牌。"
    assert told(item, "3") is None  # ♥K is not even the best heart: that slip is not "forgot the trump"


def test_a_later_equal_card() -> None:
    en, zh = both(told(winner(3, "HK", "HA", "H5", "HA"), "2"))
    assert en == (f"{words('HA', 'en')} is just as strong, but {words('HA', 'en')} was played first: of equal "
                  "cards the first played wins.")
    assert zh == f"{words('HA', 'zh')}一样大，但{words('HA', 'zh')}先出：一样大的牌，先出的赢。"


def test_a_joker_over_the_trump_ace() -> None:
    en, zh = both(told(winner(3, "SA", "LJ", "S3", "S4"), "3"))
    assert en == f"{words('LJ', 'en')} is a joker: the jokers rank above every other trump, {words('SA', 'en')} too."
    assert zh == f"{words('LJ', 'zh')}是王：王比别的主牌都大，也比{words('SA', 'zh')}大。"


def test_a_level_card_over_the_trump_ace() -> None:
    en, zh = both(told(winner(3, "SA", "H2", "S3", "S4"), "3"))
    assert en == (f"{words('H2', 'en')} is a level card: the level cards rank above every other card of the trump "
                  f"suit, {words('SA', 'en')} too.")
    assert zh == f"{words('H2', 'zh')}是级牌：级牌比主花色的其他牌都大，也比{words('SA', 'zh')}大。"


def test_the_trump_suits_level_card_over_another() -> None:
    en, zh = both(told(winner(3, "H2", "S2", "S3", "S4"), "3"))
    assert en == (f"{words('H2', 'en')} and {words('S2', 'en')} are both level cards, but {words('S2', 'en')} is "
                  "of the trump suit, and that one ranks above the other level cards.")
    assert zh == (f"{words('H2', 'zh')}和{words('S2', 'zh')}都是级牌，但{words('S2', 'zh')}是主花色的级牌，"
                  "比别的级牌大。")


def test_a_seat_no_slip_explains_is_told_nothing_more() -> None:
    item = winner(3, "HK", "HA", "S3", "S5")  # East's ♠3 is beaten by West's ♠5: a trump's rank, no known slip
    assert told(item, "1") is None
    assert [line.code for line in item.check("1").lines] == ["puzzle_trick_not"]


# --- the bank: every wrong answer offered is judged, and any cause named is the feedback's last line --------


@pytest.mark.parametrize("kind", ["count", "trick_winner"])
def test_the_banks_wrong_answers_get_a_cause_or_none(kind: str) -> None:
    named = 0
    for item in default_bank().puzzles():
        if item.kind != kind:
            continue
        answers = [choice.value for choice in item.question.choices()] or [str(value) for value in range(0, 300, 5)]
        for answer in answers:
            feedback = item.check(answer)
            if feedback.correct or feedback.refused:
                continue
            cause = item.question.mistake(answer)
            if cause is not None:
                assert feedback.lines[-1] == cause and all(cause.render(lang) for lang in ("en", "zh"))
                named += 1
    assert named >= 5, "the bank's own items meet the slips the kinds can tell"


# --- kinds whose wrong answer the engine's own verdict already explains ----------------------------


def test_a_broken_pair_is_told_by_the_follow_rule_and_nothing_is_added() -> None:
    item = puzzle("legal_follow", ["B"], {"leader": 1, "trick": {"1": "HJ HJ"}, "hands": {"2": "H9 H9 H3 H5 C4"}},
                  options=["H3 H5", "H9 H9"])
    feedback = item.check("A")
    assert not feedback.correct and item.question.mistake("A") is None
    assert [line.code for line in feedback.lines] == ["must_play_pair"]
    assert feedback.lines[0].params["suit"] == "H"
    assert feedback.lines[0].render("en").endswith(f"you hold {words('H9 H9', 'en')}: you must play a pair.")
    assert f"你手里有{words('H9 H9', 'zh')}，必须跟对子" in feedback.lines[0].render("zh")
