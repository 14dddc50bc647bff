"""Explanations: a ``Verdict`` per checked play, and one message catalogue per language.

Every refusal in the kit has a stable code; its text lives here, once in English and once in
Chinese, with the actual cards filled in. Other layers add their own codes with ``register``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .cards import SUIT_NAMES

LANGUAGES = ("en", "zh")

_SUIT_WORDS: dict[str, dict[str, str]] = {
    "en": {"S": "♠", "H": "♥", "C": "♣", "D": "♦", "T": "trumps"},
    "zh": {"S": "黑桃", "H": "红桃", "C": "梅花", "D": "方块", "T": "主牌"},
}

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "bad_card": "Not a card: {token}. Write cards like SA, H10, ♠A, LJ (little joker), BJ (big joker).",
        "bad_level": "Not a level: {level}. Levels are 2–10, J, Q, K, A.",
        "bad_suit": "Not a suit: {suit}. Use S, H, C, D (or ♠ ♥ ♣ ♦), or none for no-trump.",
        "bad_rules": "Unknown rule preset {name}; known presets: {known}.",
        "bad_total": "Not a possible attackers' total: {total}. A total is a whole number of points, 0 or more, in steps of 5.",
        "card_rank_one": "Not a card: {token}. There is no rank 1: write SA for the ace, S10 or ST for the ten.",
        "bad_card_index": "Not a card index: {token}. A card index is a whole number from 0 to 53.",
        "not_cards": "Expected cards (text such as \"SA SK\" or a list of cards), not {token}.",
        "too_many_copies": "{card} appears {count} times, but the two decks hold only two copies of each card.",
        "trick_no_plays": "A trick needs at least the lead; no plays were given.",
        "trick_too_many_plays": "A trick has at most 4 plays (one per player), not {count}.",
        "trick_size_mismatch": "Play {number} has {count} cards, but the lead has {lead_count}: every play of a trick has as many cards as the lead.",
        "too_many_hands": "A throw is checked against the other three hands, not {count}.",
        "bad_dealer": "Not a seat: {dealer}. The dealer is a seat number 0, 1, 2 or 3.",
        "bad_outcome": "Not a level outcome: {value}. Pass the Outcome that level_outcome returns.",
        "bad_steps": "Not a number of levels to climb: {steps}. Use a whole number, 0 or more.",
        "bad_trump": "Expected a trump context such as Trump(level=\"2\", suit=\"S\"), not {value}.",
        "bad_limit": "Not a limit: {value}. Use a whole number, 0 or more, or None for no limit.",
        "bad_rewind": "Cannot go back {value} actions: the round has {count}.",
        "empty_play": "No cards were played.",
        "mixed_suits": "A lead must be of one suit (all trumps count as one suit), but {cards} mixes {suits}.",
        "wrong_count": "{lead_count} cards were led, so you must play {lead_count} cards, not {count}.",
        "not_in_hand": "You do not hold {cards}.",
        "must_follow_suit": "{suit} was led and you still hold {held} cards of it: every card you play must be {suit}.",
        "must_play_all_suit": "{suit} were led and you hold only {cards}: you must play all of them.",
        "must_play_tractor": "A tractor of {suit} was led and you hold {example}: you must play a tractor.",
        "must_match_tractors": "The lead holds tractors and you hold {example}: you must play tractors of the same length.",
        "must_play_pair": "A pair of {suit} was led and you hold {example}: you must play a pair.",
        "must_play_pairs": "The lead holds {lead_pairs} pairs and you hold {example}: you must play {needed} pairs of {suit}, not {played}.",
        "throw_failed": "The throw {cards} does not stand: {blocker} holds {beater}, which beats {component}. {forced} is led instead.",
        "throw_ok": "The throw {cards} stands: nobody can beat any part of it.",
        "ok": "That play is allowed.",
    },
    "zh": {
        "bad_card": "无法识别的牌：{token}。请这样写：SA、H10、♠A、LJ（小王）、BJ（大王）。",
        "bad_level": "不是有效的级别：{level}。级别为 2–10、J、Q、K、A。",
        "bad_suit": "不是有效的花色：{suit}。请用 S、H、C、D（或 ♠ ♥ ♣ ♦），无主用 none。",
        "bad_rules": "未知的规则：{name}；可用的规则有：{known}。",
        "bad_total": "不可能的捡分方总分：{total}。总分是 0 或以上、5 的倍数的整数。",
        "card_rank_one": "无法识别的牌：{token}。没有点数 1：A 写作 SA，10 写作 S10 或 ST。",
        "bad_card_index": "不是有效的牌编号：{token}。牌编号是 0 到 53 的整数。",
        "not_cards": "这里需要牌（如 \"SA SK\" 这样的文字，或牌的列表），而不是 {token}。",
        "too_many_copies": "{card} 出现了{count}次，但两副牌里每张牌只有两张。",
        "trick_no_plays": "一墩牌至少要有首家出的牌，这里一手牌也没有。",
        "trick_too_many_plays": "一墩牌最多有 4 手（每人一手），而不是{count}手。",
        "trick_size_mismatch": "第{number}手出了{count}张牌，而首家出了{lead_count}张：一墩里每手牌的张数都与首家相同。",
        "too_many_hands": "甩牌只和另外三家的手牌比较，而不是{count}家。",
        "bad_dealer": "不是有效的座位：{dealer}。庄家座位是 0、1、2 或 3。",
        "bad_outcome": "不是升级结果：{value}。请传入 level_outcome 返回的 Outcome。",
        "bad_steps": "不是有效的升级数：{steps}。请用 0 或以上的整数。",
        "bad_trump": "这里需要主牌设定，例如 Trump(level=\"2\", suit=\"S\")，而不是 {value}。",
        "bad_limit": "不是有效的上限：{value}。请用 0 或以上的整数，或用 None 表示不限。",
        "bad_rewind": "无法退回{value}步：本局只有{count}步。",
        "empty_play": "没有出牌。",
        "mixed_suits": "首发的牌必须是同一门花色（所有主牌算一门），而 {cards} 混合了{suits}。",
        "wrong_count": "首家出了{lead_count}张牌，你必须出{lead_count}张，而不是{count}张。",
        "not_in_hand": "你手里没有 {cards}。",
        "must_follow_suit": "首家出的是{suit}，你手里还有{held}张{suit}：出的牌必须都是{suit}。",
        "must_play_all_suit": "首家出的是{suit}，你只剩 {cards}：必须全部跟出。",
        "must_play_tractor": "首家出的是{suit}拖拉机，你手里有{example}，必须跟拖拉机。",
        "must_match_tractors": "首家的牌里有拖拉机，你手里有{example}，必须跟同样长度的拖拉机。",
        "must_play_pair": "首家出的是{suit}对子，你手里有{example}，必须跟对子。",
        "must_play_pairs": "首家的牌里有{lead_pairs}个对子，你手里有{example}：必须跟{needed}个{suit}对子，而不是{played}个。",
        "throw_failed": "甩牌 {cards} 失败：{blocker}有 {beater}，大过 {component}。改为出 {forced}。",
        "throw_ok": "甩牌 {cards} 成功：没有人能大过其中任何一部分。",
        "ok": "这样出牌是允许的。",
    },
}

_SEAT_WORDS = {
    "en": ("South (you)", "East", "North", "West"),
    "zh": ("南家（你）", "东家", "北家", "西家"),
}


def register(messages: Mapping[str, Mapping[str, str]]) -> None:
    """Add codes to the catalogue; every code must come in every language."""
    codes = {lang: set(messages.get(lang, {})) for lang in LANGUAGES}
    if codes["en"] != codes["zh"]:
        raise ValueError(f"messages must exist in both languages: {codes['en'] ^ codes['zh']}")
    for lang in LANGUAGES:
        MESSAGES[lang].update(messages[lang])


def suit_name(suit: str, lang: str = "en") -> str:
    """``spades`` / ``黑桃``; ``trumps`` / ``主牌`` for ``T``."""
    return SUIT_NAMES[_lang(lang)][suit]


def seat_name(seat: int, lang: str = "en") -> str:
    """South (you) / East / North / West for seats 0..3."""
    return _SEAT_WORDS[_lang(lang)][seat % 4]


def _lang(lang: str) -> str:
    return lang if lang in LANGUAGES else "en"


def _render_value(key: str, value: object, lang: str) -> str:
    if key == "suit" and isinstance(value, str) and value in _SUIT_WORDS["en"]:
        return _SUIT_WORDS[lang][value]
    if key == "blocker" and isinstance(value, int):
        return seat_name(value, lang)
    if key == "suits" and isinstance(value, list | tuple):
        sep = " and " if lang == "en" else "和"
        return sep.join(SUIT_NAMES[lang].get(str(s), str(s)) for s in value)
    return str(value)


def render_message(code: str, params: Mapping[str, object], lang: str = "en") -> str:
    """The catalogue text for ``code`` in ``lang`` with ``params`` filled in."""
    lang = _lang(lang)
    template = MESSAGES[lang].get(code)
    if template is None:
        return f"{code}: {dict(params)}"
    values = {key: _render_value(key, value, lang) for key, value in params.items()}
    try:
        return template.format(**values)
    except KeyError:
        return template


@dataclass(frozen=True)
class Verdict:
    """The answer to "may I play this?": ``ok``, a stable ``code`` (None when ok), a message."""

    ok: bool
    code: str | None = None
    params: Mapping[str, object] = field(default_factory=dict)

    def message(self, lang: str = "en") -> str:
        return render_message(self.code or "ok", self.params, lang)

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        return self.message("en")


OK = Verdict(True)
