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
        "bad_total": "Not a possible attackers' total: {total}.",
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
        "bad_total": "不可能的捡分方总分：{total}。",
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
