"""Checks that would have caught wrong exercise texts and impossible positions (issue 20, "Texts that are right")."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from shengji_kit.engine.cards import parse_cards
from shengji_kit.engine.trump import Trump
from shengji_kit.puzzles.check import verify_puzzle
from shengji_kit.puzzles.lesson_list import lesson_entry, lesson_list
from shengji_kit.puzzles.loader import read_puzzle
from shengji_kit.puzzles.model import Puzzle
from tests.lessons.test_text_checks import ONE_CARD, named_roles, role_of

LESSON_DATA = Path(__file__).parents[2] / "shengji_kit" / "puzzles" / "lesson_data"


def declare_puzzle(standing: str, hand: str, answer: str, trump: str = "S") -> Puzzle:
    """A super_tycoon declare exercise at level 2 with ``standing`` on the table and South holding ``hand``."""
    fields: dict[str, Any] = {
        "id": "t", "kind": "declare", "difficulty": 1, "standing": standing, "answer": answer,
        "title": {"en": "t", "zh": "题"}, "hint": {"en": "h", "zh": "提示"}, "explanation": {"en": "e", "zh": "解释"},
        "position": {"rules": "super_tycoon", "level": "2", "trump": trump, "hands": {"0": hand}},
    }
    return read_puzzle(fields, "t", "t.toml")


def test_standing_cards_count_against_the_hand() -> None:
    """A lock S2 S2 LJ and a hand LJ LJ make three little jokers: the check refuses it, naming the standing cards."""
    problems = verify_puzzle(declare_puzzle("S2 S2 LJ", "LJ LJ H3 H4", "LJ LJ"))
    assert [p.field for p in problems] == ["standing"]
    assert "Little Joker" in problems[0].message and "more than 2" in problems[0].message


def test_standing_and_hand_within_two_decks_pass() -> None:
    """The same idea with a red lock (♥2 ♥2 and the big joker) is possible, and little jokers overturn it."""
    assert verify_puzzle(declare_puzzle("H2 H2 BJ", "LJ LJ H3 H4", "LJ LJ", trump="H")) == []
    assert verify_puzzle(declare_puzzle("S2 LJ", "S2 LJ H3", "no")) == []


def test_every_declare_exercise_is_possible() -> None:
    """No lesson-7 declare exercise holds more copies of a card, counting the standing cards, than two decks have."""
    raw = tomllib.loads((LESSON_DATA / "07_declaring.toml").read_text(encoding="utf-8"))
    declares = [item for item in raw["puzzle"] if item["kind"] == "declare"]
    assert any(item["id"] == "l7-overturn-joker-pair" for item in declares)
    for item in declares:
        puzzle = read_puzzle({k: v for k, v in item.items() if k != "group"}, "07_declaring", "07_declaring.toml")
        assert verify_puzzle(puzzle) == [], item["id"]


BANK = Path(__file__).parents[2] / "shengji_kit" / "puzzles" / "data"
SUM = re.compile(r"(\d+(?: \+ \d+)+) = (\d+)")


def endgame_items() -> list[dict[str, Any]]:
    raw = tomllib.loads((BANK / "07-endgames.toml").read_text(encoding="utf-8"))
    return [item for item in raw["puzzle"] if item["kind"] == "endgame"]


def test_endgame_sums_add_up_to_the_engine_total() -> None:
    """A sum stated in an endgame explanation is right: from the points won so far to the solver's total."""
    stated = 0
    for item in endgame_items():
        for lang in ("en", "zh"):
            for terms, result in SUM.findall(item["explanation"][lang]):
                numbers = [int(term) for term in terms.split(" + ")]
                assert sum(numbers) == int(result), (item["id"], lang, terms, result)
                assert numbers[0] == item["position"]["points"] and int(result) == item["total"], (item["id"], lang)
                stated += 1
    assert stated >= 2


def test_lead_to_partner_counts_norths_own_king() -> None:
    """North's ♥K is in the first trick too: the cards the explanation names carry the 25 points the trick holds."""
    item = next(item for item in endgame_items() if item["id"] == "endgame-lead-to-partner")
    puzzle = read_puzzle(item, "07-endgames", "07-endgames.toml")
    assert verify_puzzle(puzzle) == []  # the solver agrees on total = 125 with ♥3 led
    trick = parse_cards("H3 H10 HK H5")  # South leads ♥3, East ♥10, North ♥K, West ♥5
    named = re.search(r"collecting ([^:]+): (\d+) points", item["explanation"]["en"])
    assert named is not None
    cards = parse_cards(named.group(1).replace(" and ", ", ").replace(",", " "))
    assert sorted(c.index for c in cards) == sorted(c.index for c in trick if c.points)
    assert sum(c.points for c in cards) == int(named.group(2)) == sum(c.points for c in trick) == 25
    assert "♥K、♥10、♥5 共25分" in item["explanation"]["zh"]


def kind_words(path: Path) -> set[str]:
    """The words of the puzzle kinds in a file (``throw_forced`` gives throw and forced)."""
    items = tomllib.loads(path.read_text(encoding="utf-8"))["puzzle"]
    return {word for item in items for word in item["kind"].split("_")}


def test_each_lesson_links_a_trainer_set_about_its_own_exercises() -> None:
    """A lesson's trainer set exists, is linked by no other lesson, and trains the kinds the lesson's exercises are."""
    entries = lesson_list()
    linked = [entry.trainer_set for entry in entries if entry.trainer_set]
    assert len(linked) == len(set(linked)), linked
    for entry in entries:
        if not entry.trainer_set:
            continue
        trainer = BANK / f"{entry.trainer_set}.toml"
        assert trainer.is_file(), entry.trainer_set
        shared = kind_words(trainer) & kind_words(LESSON_DATA / f"{entry.slug}.toml")
        assert shared, (entry.slug, entry.trainer_set)
    chances = lesson_entry("08_chances")
    assert chances is not None and chances.trainer_set == ""


def bank_items() -> list[dict[str, Any]]:
    """Every puzzle of every trainer set, as read from its TOML."""
    return [item for path in sorted(BANK.glob("*.toml"))
            for item in tomllib.loads(path.read_text(encoding="utf-8"))["puzzle"]]


def test_bank_cards_named_正主_or_副主_have_that_role() -> None:
    """The lessons' role-word check over the puzzle bank: a card its explanation or hint calls 正主 or 副主 is that."""
    checked = 0
    for item in bank_items():
        position = item["position"]
        for field in ("explanation", "hint"):
            for lang in ("zh", "en"):
                for cards, role in named_roles(item[field][lang], lang):
                    for card in parse_cards(" ".join(re.findall(ONE_CARD, cards))):
                        assert role_of(card, str(position["level"]), str(position["trump"])) == role, \
                            (item["id"], field, lang, card.code, role, item[field][lang])
                        checked += 1
    assert checked >= 5


ROLE_CARDS = {"zh": rf"(?:{ONE_CARD})+(?:\s*(?:、|和|与)\s*(?:{ONE_CARD})+)*",
              "en": rf"(?:{ONE_CARD})+(?:(?:,\s*|\s+and\s+)(?:{ONE_CARD})+)*"}
TRUMP_WORDS = {
    # "the trump ♠4", "a plain heart ♥A"; "♠9 is a trump", "♥A is only a plain heart", "♠2♠2 are neighbouring trumps"
    "en": (re.compile(rf"\b(trump|plain)s?(?: (?:card|pair|heart|spade|club|diamond)s?)? ({ROLE_CARDS['en']})"),
           re.compile(rf"({ROLE_CARDS['en']}) (?:is|are) (?:(?:a|an|the|both|only|now|also|still|two|pair of"
                      rf"|neighbouring) )*(trump|plain)\b")),
    # "主牌 ♠3", "副牌 ♣K"; "♠9 是主牌", "♥2 也是主", "♥A 只是副牌红桃" (正主/副主 and 两副牌 are other words)
    "zh": (re.compile(rf"(?<![正副两])(主牌|副牌|主)(?!花色|对)\s*({ROLE_CARDS['zh']})"),
           re.compile(rf"({ROLE_CARDS['zh']})\s*(?:都|也|只|就)?(?:是|算)(?:一对|相连的|紧挨着的)?(主牌|副牌|主)(?!花色)")),
}
TRUMP_ROLE = {"trump": True, "plain": False, "主牌": True, "主": True, "副牌": False}


def trump_roles(sentence: str, lang: str) -> list[tuple[str, str]]:
    """(cards, role word) for every card group the sentence calls trump or plain (主牌 or 副牌)."""
    before, after = TRUMP_WORDS[lang]
    found = [(m.group(2), m.group(1)) for m in before.finditer(sentence)]
    return found + [(m.group(1), m.group(2)) for m in after.finditer(sentence)]


def lesson_and_bank_items() -> list[tuple[str, dict[str, Any]]]:
    return [(path.name, item) for path in sorted([*LESSON_DATA.glob("*.toml"), *BANK.glob("*.toml")])
            for item in tomllib.loads(path.read_text(encoding="utf-8"))["puzzle"]]


def test_cards_called_trump_or_plain_are_that_in_their_position() -> None:
    """A card an explanation or hint calls trump (主牌) or plain (副牌) is one at the item's level and trump suit."""
    checked = 0
    for file, item in lesson_and_bank_items():
        position = item["position"]
        suit = str(position["trump"])
        trump = Trump(str(position["level"]), None if suit.lower() == "none" else suit)
        for field in ("explanation", "hint"):
            for lang in ("zh", "en"):
                for cards, role in trump_roles(item[field][lang], lang):
                    for card in parse_cards(" ".join(re.findall(ONE_CARD, cards))):
                        assert trump.is_trump(card) == TRUMP_ROLE[role], \
                            (file, item["id"], field, lang, card.code, role, item[field][lang])
                        checked += 1
    assert checked >= 40


def test_the_trump_word_check_reads_both_ways_round() -> None:
    """The patterns find cards before and after trump/plain words and skip 正主, 副主 and 两副牌."""
    assert trump_roles("♠9 is a trump, and ♥A is only a plain heart.", "en") == [("♠9", "trump"), ("♥A", "plain")]
    assert trump_roles("then the trump ♠4 and ♠3", "en") == [("♠4 and ♠3", "trump")]
    assert trump_roles("♠9 是主牌，♥2 也是主，用主牌 ♠4 毙。", "zh") == [("♠4", "主牌"), ("♠9", "主牌"), ("♥2", "主")]
    assert trump_roles("♥A 是两副牌里最大的，副主 ♦7 和正主 ♠7。", "zh") == []
    assert Trump("2", "S").is_trump(parse_cards("H2")[0]) and not Trump("2", "S").is_trump(parse_cards("HA")[0])
