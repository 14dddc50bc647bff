"""Bilingual refusals of the chances layer (impossible or contradictory card knowledge)."""

from __future__ import annotations

from ..engine.explain import register

CHANCES_MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "chances_too_many_copies": "{card} is listed {count} times (hand, played and shown together), but only 2 copies exist.",
        "chances_sizes_mismatch": "{unseen} cards are unseen, but the hands and kitty still to fill hold {sizes}.",
        "chances_impossible_voids": "No deal fits: with the voids shown ({voids_en}) the unseen cards cannot be placed in the hands that are left.",
        "chances_bad_holder": "Not a hand you cannot see: {holder}. Use the seats of the other three players{kitty_en}.",
        "chances_bad_count": "The number of samples must be a whole number from 1 up, not {count}.",
        "chances_trump_unknown": "Trumps are not known yet, so chances cannot be counted: wait until trumps are declared.",
        "chances_bad_pattern": "{pattern} is not a split of the {count} unseen cards of {suit} over {holders} hands.",
        "chances_throw_not_in_hand": "You cannot throw {cards}: your hand does not hold them.",
        "ui_chances_kitty_title": "Kitty points over {samples} random deals",
        "ui_chances_points": "kitty points",
        "ui_chances_probability": "chance",
        "ui_chances_gain_title": "Expected attackers' gain from the kitty",
        "ui_chances_single": "last trick won with a single (×{multiplier})",
        "ui_chances_pair": "last trick won with a pair (×{multiplier})",
        "ui_chances_sampled": "sampled",
        "ui_chances_exact": "exact",
        "ui_chances_estimate": "{sampled} ({samples} sampled deals, ± {error})",
        "ui_chances_estimate_exact": "{sampled} ({samples} sampled deals, ± {error}); exact: {exact}",
    },
    "zh": {
        "chances_too_many_copies": "{card} 共列出了{count}张（手牌、已出和亮出的合计），但这张牌只有2张。",
        "chances_sizes_mismatch": "还有{unseen}张牌没见过，但尚未确定的手牌和底牌共{sizes}张。",
        "chances_impossible_voids": "没有符合条件的发牌：按已经显示的缺门（{voids_zh}），剩下的牌无法分到各家手里。",
        "chances_bad_holder": "不是你看不到的一手牌：{holder}。请用其他三家的座位号{kitty_zh}。",
        "chances_bad_count": "模拟次数必须是不小于1的整数，而不是{count}。",
        "chances_trump_unknown": "还没有定主，无法计算概率：请等到有人报主之后。",
        "chances_bad_pattern": "{pattern} 不是{count}张未见的{suit}在{holders}家之间的一种分布。",
        "chances_throw_not_in_hand": "不能甩 {cards}：你手里没有这些牌。",
        "ui_chances_kitty_title": "{samples}次随机发牌中的底牌分数",
        "ui_chances_points": "底牌分数",
        "ui_chances_probability": "概率",
        "ui_chances_gain_title": "捡分方从底牌中得分的期望",
        "ui_chances_single": "单张扣底（×{multiplier}）",
        "ui_chances_pair": "对子扣底（×{multiplier}）",
        "ui_chances_sampled": "模拟",
        "ui_chances_exact": "精确",
        "ui_chances_estimate": "{sampled}（模拟{samples}次，误差约 ± {error}）",
        "ui_chances_estimate_exact": "{sampled}（模拟{samples}次，误差约 ± {error}）；精确值：{exact}",
    },
}

register(CHANCES_MESSAGES)
