"""Texts of lesson 1 (trump ranking) in English and Chinese, registered in the message catalogue.

Parameters that differ by language come in pairs, ``trump_en`` / ``trump_zh``; the helpers
below build them.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import explain
from ..engine.cards import Card
from ..engine.trump import Trump

LESSON_MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "l1_points_title": "Point cards 分牌",
        "l1_points_intro": "Only three ranks score: every 5 is worth 5 points, every 10 and every K is worth 10. Two decks hold 8 of each, 200 points in all.",
        "l1_points_rank": "{rank}s",
        "l1_points_value": "{value} points each · 8 cards · {total} in all",
        "l1_explorer_title": "Which cards are trumps?",
        "l1_level_label": "Level",
        "l1_suit_label": "Trump suit",
        "l1_no_trump_button": "No trump",
        "l1_new_hand": "New hand",
        "l1_trump_count": "With {trump_en} this hand holds {count} trumps (gold stripe) and {plain} plain cards. Click a card to hear what it is.",
        "l1_click_hint": "Click a card in the hand to see why it is (or is not) a trump.",
        "role_big_joker": "{card_en} is the big joker (大王): the strongest card of all, always a trump.",
        "role_little_joker": "{card_en} is the little joker (小王): a trump, beaten only by the big joker.",
        "role_main_level": "{card_en} is the level card of the trump suit (正主): the strongest trump after the two jokers.",
        "role_side_level": "{card_en} is a level card of another suit (副主): a trump whatever its suit, above the trump suit's ace; the 副主 of the three other suits are equal.",
        "role_level_nt": "{card_en} is a level card: with no trump suit, the level cards are trumps, all four equal, just below the jokers.",
        "role_trump_suit": "{card_en} belongs to the trump suit ({suit_en}): a trump, stronger than any plain card.",
        "role_plain": "{card_en} is a plain card of {suit_en}: it is not a joker, not a level card ({level}), and {suit_en} is not the trump suit.",
        "role_plain_nt": "{card_en} is a plain card of {suit_en}: with no trump suit, only the jokers and the level cards ({level}) are trumps.",
        "rank_in_trumps": "Among the trumps it stands at step {position} of {total}, counting from the top.",
        "rank_in_suit": "Inside {suit_en} it stands at step {position} of {total}, counting from the top ({level} is missing: it is a trump).",
        "l1_is_trump_title": "Is this card a trump?",
        "l1_which_wins_title": "Which card wins this trick?",
        "l1_order_title": "Put these cards in order",
        "q_is_trump": "Playing {trump_en}: is {card_en} a trump?",
        "q_which_wins": "Playing {trump_en}. {leader_en} leads, the others follow in turn. Which card wins the trick? Click it.",
        "q_order_trumps": "Playing {trump_en}: put these trumps in order, strongest first.",
        "q_order_suit": "Playing {trump_en}: put these {suit_en} in order, strongest first.",
        "win_led_suit": "{card_en} ({seat_en}) wins: it is the highest {suit_en} card played and nobody played a trump.",
        "win_trump_lead": "{card_en} ({seat_en}) wins: trumps were led and it is the highest trump played.",
        "win_ruff": "{card_en} ({seat_en}) wins: {suit_en} were led and it is a trump; a trump beats every plain card.",
        "win_top_ruff": "{card_en} ({seat_en}) wins: {suit_en} were led; trumps beat plain cards, and it is the highest of the trumps played.",
        "note_tie": "{other_en} is just as strong, but between equal cards the one played first wins.",
        "note_discards": "{cards_en} can never win: not the suit that was led, and not trumps.",
        "order_right": "Strongest first: {order_en}.",
        "order_wrong": "{higher_en} is stronger than {lower_en}. Strongest first: {order_en}.",
        "note_equal": "{cards_en} are equal, so either order is right.",
    },
    "zh": {
        "l1_points_title": "分牌",
        "l1_points_intro": "只有三种牌有分：每张5是5分，每张10和K是10分。两副牌各有8张，一共200分。",
        "l1_points_rank": "{rank}",
        "l1_points_value": "每张{value}分 · 共8张 · 合计{total}分",
        "l1_explorer_title": "哪些牌是主牌？",
        "l1_level_label": "级别",
        "l1_suit_label": "主花色",
        "l1_no_trump_button": "无主",
        "l1_new_hand": "换一手牌",
        "l1_trump_count": "{trump_zh}时，这手牌有{count}张主牌（金色竖条）和{plain}张副牌。点一张牌看看它是什么。",
        "l1_click_hint": "点手里的一张牌，看看它为什么是（或不是）主牌。",
        "role_big_joker": "大王（{card_en}）是所有牌中最大的，永远是主牌。",
        "role_little_joker": "小王（{card_en}）是主牌，只比大王小。",
        "role_main_level": "{card_zh}是主花色的级牌（正主）：除了两张王，它是最大的主牌。",
        "role_side_level": "{card_zh}是其他花色的级牌（副主）：不论花色都是主牌，比主花色的A大；三门副主一样大。",
        "role_level_nt": "{card_zh}是级牌：无主时级牌是主牌，四张一样大，只比王小。",
        "role_trump_suit": "{card_zh}是主花色（{suit_zh}）的牌：是主牌，比任何副牌都大。",
        "role_plain": "{card_zh}是{suit_zh}副牌：它不是王，不是级牌（{level}），{suit_zh}也不是主花色。",
        "role_plain_nt": "{card_zh}是{suit_zh}副牌：无主时只有王和级牌（{level}）是主牌。",
        "rank_in_trumps": "在主牌中，它从大往小数排第{position}级（共{total}级）。",
        "rank_in_suit": "在{suit_zh}中，它从大往小数排第{position}级（共{total}级；{level}不在其中，因为它是主牌）。",
        "l1_is_trump_title": "这张牌是主牌吗？",
        "l1_which_wins_title": "这一轮谁最大？",
        "l1_order_title": "给这些牌排大小",
        "q_is_trump": "{trump_zh}：{card_zh}是主牌吗？",
        "q_which_wins": "{trump_zh}。{leader_zh}首发，其他人依次跟牌。哪张牌赢得这一轮？请点击它。",
        "q_order_trumps": "{trump_zh}：把这些主牌从大到小排列。",
        "q_order_suit": "{trump_zh}：把这些{suit_zh}牌从大到小排列。",
        "win_led_suit": "{card_zh}（{seat_zh}）最大：它是出的{suit_zh}牌里最大的，而且没有人用主牌毙。",
        "win_trump_lead": "{card_zh}（{seat_zh}）最大：首家出的是主牌，它是出的主牌里最大的。",
        "win_ruff": "{card_zh}（{seat_zh}）最大：首家出的是{suit_zh}，它是主牌；主牌大过所有副牌。",
        "win_top_ruff": "{card_zh}（{seat_zh}）最大：首家出的是{suit_zh}；主牌大过副牌，而它是出的主牌里最大的。",
        "note_tie": "{other_zh}和它一样大，但一样大的牌先出的赢。",
        "note_discards": "{cards_zh}不可能赢：既不是首家出的花色，也不是主牌。",
        "order_right": "从大到小：{order_zh}。",
        "order_wrong": "{higher_zh}比{lower_zh}大。从大到小：{order_zh}。",
        "note_equal": "{cards_zh}一样大，先后顺序都对。",
    },
}

explain.register(LESSON_MESSAGES)


def card_word(card: Card, lang: str) -> str:
    """``♠A`` in both languages; the jokers are ``BJ``/``LJ`` in English and 大王/小王 in Chinese."""
    if lang == "zh" and card.is_joker:
        return card.name("zh")
    return str(card)


def cards_params(key: str, cards: Sequence[Card], sep: str = " ") -> dict[str, object]:
    """Cards written out under ``key_en`` / ``key_zh``, joined by ``sep``."""
    return both(key, *(sep.join(card_word(card, lang) for card in cards) for lang in ("en", "zh")))


def both(key: str, en: str, zh: str) -> dict[str, object]:
    """``{key_en: en, key_zh: zh}``: a parameter that differs by language."""
    return {f"{key}_en": en, f"{key}_zh": zh}


def trump_params(trump: Trump) -> dict[str, object]:
    """The trump context, ``trump_en`` / ``trump_zh``, and its ``level``."""
    return {**both("trump", trump.describe("en"), trump.describe("zh")), "level": trump.level}


def suit_params(suit: str) -> dict[str, object]:
    """A suit's name, ``suit_en`` / ``suit_zh`` (``T`` names the trumps)."""
    return both("suit", explain.suit_name(suit, "en"), explain.suit_name(suit, "zh"))


def seat_params(key: str, seat: int) -> dict[str, object]:
    """A seat's name under ``key_en`` / ``key_zh``."""
    return both(key, explain.seat_name(seat, "en"), explain.seat_name(seat, "zh"))
