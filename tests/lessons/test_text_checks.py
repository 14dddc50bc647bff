"""Checks that the lessons' texts say what the game and the lessons say (issue 20, "Texts that are right")."""

from __future__ import annotations

import itertools
import json
import re
import tomllib

import shengji_kit as sk
from shengji_kit.engine.cards import Card, parse_cards
from shengji_kit.engine.rules import Rules
from shengji_kit.engine.trump import Trump
from shengji_kit.puzzles.lesson_list import lesson_list
from tests.lessons.lesson_notebooks import LESSONS, notebook_has_no_outputs


def markdown(slug: str) -> str:
    """The markdown cells of ``lessons/<slug>.ipynb``, joined."""
    cells = json.loads((LESSONS / f"{slug}.ipynb").read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")


def test_lesson_7_states_the_bury_advice_one_way() -> None:
    """Every English mention of points you cannot protect says never to bury them (the summary once said keep)."""
    text = markdown("07_declaring")
    mentions = [m.start() for m in re.finditer(r"points you cannot protect", text)]
    assert len(mentions) >= 2  # section 6 and the summary
    for start in mentions:
        assert text[max(0, start - 11):start] == "never bury ", text[max(0, start - 40):start + 30]
    assert "别盖护不住的分" in text
    assert notebook_has_no_outputs("07_declaring")


LESSON_DATA = LESSONS.parent / "shengji_kit" / "puzzles" / "lesson_data"
THROW_KINDS = {"throw", "safe_throw", "throw_forced", "throw_open"}
OPPONENT_BLOCKS = {"en": re.compile(r"\b(an|the) opponents? holds?\b"), "zh": re.compile(r"只要对手(有|手里有)")}


def lesson_items() -> list[dict[str, object]]:
    """Every exercise of every lesson file, as read from its TOML."""
    return [item for path in sorted(LESSON_DATA.glob("*.toml"))
            for item in tomllib.loads(path.read_text(encoding="utf-8"))["puzzle"]]


def is_throw_item(item: dict[str, object]) -> bool:
    if item["kind"] in THROW_KINDS:
        return True
    return item["kind"] == "chance" and any(isinstance(item.get(side), dict) and "throw" in item[side]  # type: ignore[operator]
                                            for side in ("a", "b"))


def test_throw_texts_do_not_say_only_opponents_block_under_super_tycoon() -> None:
    """Under super_tycoon every other player's cards stop a throw, so 'fails when an opponent holds' is wrong there."""
    checked = 0
    for item in lesson_items():
        position = item["position"]
        assert isinstance(position, dict)
        if not is_throw_item(item) or Rules.preset(position.get("rules")).throw_check_opponents_only:
            continue
        checked += 1
        explanation = item["explanation"]
        assert isinstance(explanation, dict)
        for lang, pattern in OPPONENT_BLOCKS.items():
            assert not pattern.search(explanation[lang]), (item["id"], lang, explanation[lang])
    assert checked >= 2


def test_a_throw_stopped_by_the_partner_is_not_said_to_be_stopped_by_an_opponent() -> None:
    """Under super_tycoon the partner (second after you) can stop a throw; the zh text names the player neutrally."""
    others = [parse_cards("C3"), parse_cards("HK"), parse_cards("C4")]
    failed = sk.check_throw(parse_cards("HA HQ"), others, Trump("2", "S"), "super_tycoon")
    assert not failed.ok and failed.blocker == 1
    said = failed.message("zh")
    assert "对手" not in said and "你之后第2家有" in said
    assert "player 2 holds" in failed.message("en")


HEDGES = ("when there is one", "when it is there", "如果已经有了", "如果有的话")


def test_next_lesson_cells_name_the_next_lesson() -> None:
    """A lesson's "Next" cell names the lesson that follows it in the list, without hedging that it may not exist."""
    entries = lesson_list()
    checked: set[int] = set()
    for entry, following in itertools.pairwise(entries):
        lines = [line for line in markdown(entry.slug).split("\n") if line.startswith(("**Next**", "**Next ·"))]
        for cell in lines:
            assert not any(hedge in cell for hedge in HEDGES), (entry.slug, cell)
            assert following.title("en").lower() in cell.lower(), (entry.slug, following.title("en"), cell)
            checked.add(entry.number)
    assert {4, 6} <= checked


ONE_CARD = r"[♠♥♣♦](?:10|[2-9JQKA])"
CARD = rf"(?:{ONE_CARD})+"
CARDS = {"zh": rf"{CARD}(?:\s*(?:、|和|与)\s*{CARD})*", "en": rf"{CARD}(?:(?:,\s*|\s+and\s+){CARD})*"}
ROLE_PATTERNS = {
    # "♦6 和 ♣6 都是副主", "♠2 是主花色的级牌（正主）"; then "大过副主 ♦2 和 ♥2", "正主对 ♠2♠2"
    "zh": (re.compile(rf"({CARDS['zh']})\s*(?:都|也)?是[^，。：；\uff01\uff1f]{{0,12}}?(正主|副主)"),
           re.compile(rf"(正主|副主)对?\s*({CARDS['zh']})")),
    # "♦6 and ♣6 are both 副主", "♥2♥2 a 副主 pair"; then "the 副主 ♥5", "the 正主 pair ♠2♠2"
    "en": (re.compile(rf"({CARDS['en']}) (?:(?:is|are) [^,.:;!?]{{0,40}}?|an? )(正主|副主)"),
           re.compile(rf"(正主|副主)(?: pairs?)? ({CARDS['en']})")),
}


def role_of(card: Card, level: str, trump: str) -> str | None:
    """正主 for the level card of the trump suit, 副主 for the level cards of the other suits, else None."""
    if card.is_joker or card.rank != level or trump.lower() == "none":
        return None
    return "正主" if card.suit == trump.upper() else "副主"


def named_roles(sentence: str, lang: str) -> list[tuple[str, str]]:
    """(cards, role word) for every card group the sentence names with 正主 or 副主."""
    before, after = ROLE_PATTERNS[lang]
    found = [(m.group(1), m.group(2)) for m in before.finditer(sentence)]
    return found + [(m.group(2), m.group(1)) for m in after.finditer(sentence)]


def test_cards_named_正主_or_副主_have_that_role() -> None:
    """Every card an explanation calls 正主 or 副主 is that in its position (♥7 with hearts trump is 正主, not 副主)."""
    checked = 0
    for item in lesson_items():
        position = item["position"]
        explanation = item["explanation"]
        assert isinstance(position, dict) and isinstance(explanation, dict)
        for lang in ("zh", "en"):
            for cards, role in named_roles(explanation[lang], lang):
                for card in parse_cards(" ".join(re.findall(ONE_CARD, cards))):
                    assert role_of(card, str(position["level"]), str(position["trump"])) == role, \
                        (item["id"], lang, card.code, role, explanation[lang])
                    checked += 1
    assert checked >= 20


def test_the_role_check_reads_both_ways_round() -> None:
    """The patterns find cards before and after the role word, and the old l2-spot-same-strength text fails."""
    assert named_roles("打7时 ♣7 和 ♥7 是一样大的副主，但不是同一张牌。", "zh") == [("♣7 和 ♥7", "副主")]
    assert named_roles("大过副主 ♦2 和 ♥2。", "zh") == [("♦2 和 ♥2", "副主")]
    assert named_roles("At level 7, ♣7 and ♥7 are equally strong 副主, but", "en") == [("♣7 and ♥7", "副主")]
    assert named_roles("♠2♠2 is the 正主 pair and ♥2♥2 a 副主 pair", "en") == [("♠2♠2", "正主"), ("♥2♥2", "副主")]
    assert named_roles("Big joker, then the 正主 ♠5, the", "en") == [("♠5", "正主")]
    assert role_of(parse_cards("H7")[0], "7", "H") == "正主" and role_of(parse_cards("C7")[0], "7", "H") == "副主"
    assert role_of(parse_cards("C7")[0], "7", "none") is None and role_of(parse_cards("CA")[0], "7", "H") is None
