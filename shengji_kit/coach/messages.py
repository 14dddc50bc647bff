"""The coach's bilingual messages: every reason a hint gives and every line of a round review.

Parameters are typed values, never text: seats (``seat``, ``partner``, ``winner``), effective
suits (``suit``), card codes (``cards``, ``coach_cards``), and whole numbers. ``Reason.message``
turns them into words of the chosen language.
"""

from __future__ import annotations

from ..engine.explain import register

COACH_MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "coach_sure_winner": "{cards} is sure to win: no card still out can beat it or ruff it, so the {points} points on the table are yours.",
        "coach_top_in_suit": "{cards} is the highest left in {suit}: only a ruff can beat it.",
        "coach_partner_winning_duck": "Duck: your partner {partner} is winning with {cards} and nobody after you can beat it, so keep your strong cards.",
        "coach_partner_winning_feed": "Give points: your partner {partner} is winning with {cards} and nobody after you can beat it, so {points} more points go to your side.",
        "coach_ruff": "Ruff: you are out of {suit}, and your trumps take the trick with {points} points.",
        "coach_opponent_void": "Lead elsewhere: {seat} is out of {suit} and would ruff it.",
        "coach_partner_void": "Lead {suit}: your partner {partner} is out of it and can ruff.",
        "coach_points_at_stake": "{points} points are at stake in this trick.",
        "coach_protect_kitty": "Keep your trump pair {cards} to protect the kitty: if the attackers win the last trick with a pair, the kitty counts ×{multiplier}.",
        "coach_search": "Over {samples} sampled deals this play averages {mean} attackers' points, {margin} better for your side than {other}.",
        "coach_search_exact": "Solving the endgame in {samples} sampled deals, this play averages {mean} attackers' points, {margin} better for your side than {other}.",
        "review_cost": "Trick {trick}: you played {cards}; {coach_cards} was better by about {cost} points for your side ({points} points were at stake).",
        "review_cost_exact": "Trick {trick}: you played {cards}; with every hand open, {coach_cards} makes {cost} more points for your side.",
        "review_perfect_attack": "From trick {trick} on, perfect play makes {perfect} more points for the attackers; your side made {actual}.",
        "review_perfect_defend": "From trick {trick} on, perfect play lets the attackers take {perfect} more points; they took {actual}.",
        "review_clean": "No play of yours cost points against the coach's choice.",
        "review_title": "Round review for {seat}: attackers' total {total}.",
    },
    "zh": {
        "coach_sure_winner": "{cards} 必赢：外面没有牌能大过它或毙掉它，桌上的 {points} 分归你们。",
        "coach_top_in_suit": "{cards} 是{suit}里剩下最大的：只有被毙才会输。",
        "coach_partner_winning_duck": "垫小牌：对家{partner}正用 {cards} 赢这一轮，你后面没人能大过，留着你的大牌。",
        "coach_partner_winning_feed": "送分：对家{partner}正用 {cards} 赢这一轮，你后面没人能大过，多送 {points} 分给你们。",
        "coach_ruff": "毙牌：你已经没有{suit}了，用主牌拿下这一轮的 {points} 分。",
        "coach_opponent_void": "换一门出：{seat}已经没有{suit}，会毙掉它。",
        "coach_partner_void": "出{suit}：对家{partner}已经没有这门，可以毙。",
        "coach_points_at_stake": "这一轮有 {points} 分。",
        "coach_protect_kitty": "留着主对 {cards} 保底：捡分方若用对子赢最后一轮，底牌分要乘以 {multiplier}。",
        "coach_search": "在 {samples} 副抽样的牌里，这样出平均让捡分方得 {mean} 分，比{other}对你们好 {margin} 分。",
        "coach_search_exact": "在 {samples} 副抽样的牌里精确求解残局，这样出平均让捡分方得 {mean} 分，比{other}对你们好 {margin} 分。",
        "review_cost": "第{trick}轮：你出了 {cards}；出 {coach_cards} 对你们好约 {cost} 分（这一轮有 {points} 分）。",
        "review_cost_exact": "第{trick}轮：你出了 {cards}；明牌时出 {coach_cards} 能让你们多得 {cost} 分。",
        "review_perfect_attack": "从第{trick}轮起，完美打法让捡分方再得 {perfect} 分；你们得了 {actual} 分。",
        "review_perfect_defend": "从第{trick}轮起，完美打法只让捡分方再得 {perfect} 分；他们得了 {actual} 分。",
        "review_clean": "你的每一手牌都没有比教练的选择少得分。",
        "review_title": "{seat}的本局复盘：捡分方共得 {total} 分。",
    },
}

register(COACH_MESSAGES)
