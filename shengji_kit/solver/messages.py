"""The solver's bilingual messages: every problem in a position file names its field."""

from __future__ import annotations

from ..engine.explain import register

SOLVER_MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "position_not_table": "{field} must be a table of fields, not {value}.",
        "position_missing": "{field} is missing.",
        "position_unknown_field": "{field} is not a position field; known fields: {known}.",
        "position_bad_type": "{field} must be {expected}, not {value}.",
        "position_bad_rules": "{field}: unknown rule preset {value}; known presets: {known}.",
        "position_bad_level": "{field}: {value} is not a level; levels are 2–10, J, Q, K, A.",
        "position_bad_trump": "{field}: {value} is not a trump; use S, H, C, D (or ♠ ♥ ♣ ♦), or none.",
        "position_bad_seat": "{field}: {value} is not a seat; seats are 0, 1, 2, 3.",
        "position_unknown_card": "{field}: unknown card '{token}'.",
        "position_missing_seat": "{field}: seat {seat} has no hand; give the hands of all four seats 0–3.",
        "position_empty_hands": "{field}: every hand is empty; there is nothing left to play.",
        "position_uneven_hands": "{field}: every hand must hold the same number of cards, but the counts are {counts}.",
        "position_too_many_copies": "{field}: {card} appears {count} times across the hands and kitty, but each card exists only twice.",
        "position_kitty_size": "{field}: the kitty holds at most 8 cards, not {count}.",
        "position_bad_points": "{field}: {value} is not possible; points so far are a multiple of 5 from 0 to {most} (200 minus the points still in the hands and kitty).",
        "position_bad_toml": "The position file is not valid TOML: {detail}",
        "solve_too_large": "the hands hold {cards} cards each; the solver finishes positions of at most {most} cards per hand (time grows about fivefold per card).",
        "solve_time_limit": "no answer within the time limit of {seconds} s ({nodes} positions searched, {cards} cards per hand). Try a smaller position or a longer --time-limit.",
    },
    "zh": {
        "position_not_table": "{field} 必须是一个字段表，而不是 {value}。",
        "position_missing": "缺少 {field}。",
        "position_unknown_field": "{field} 不是局面的字段；可用字段：{known}。",
        "position_bad_type": "{field} 必须是{expected}，而不是 {value}。",
        "position_bad_rules": "{field}：未知的规则 {value}；可用的规则有：{known}。",
        "position_bad_level": "{field}：{value} 不是有效的级别；级别为 2–10、J、Q、K、A。",
        "position_bad_trump": "{field}：{value} 不是有效的主；请用 S、H、C、D（或 ♠ ♥ ♣ ♦），无主用 none。",
        "position_bad_seat": "{field}：{value} 不是座位；座位为 0、1、2、3。",
        "position_unknown_card": "{field}：无法识别的牌 '{token}'。",
        "position_missing_seat": "{field}：座位 {seat} 没有手牌；请给出 0–3 四个座位的手牌。",
        "position_empty_hands": "{field}：所有手牌都是空的，已经没有牌可出。",
        "position_uneven_hands": "{field}：每家的牌数必须相同，现在分别是 {counts}。",
        "position_too_many_copies": "{field}：{card} 在手牌和底牌中出现了 {count} 次，但每张牌只有两张。",
        "position_kitty_size": "{field}：底牌最多 8 张，而不是 {count} 张。",
        "position_bad_points": "{field}：{value} 不可能；已得分必须是 5 的倍数，在 0 到 {most} 之间（200 减去手牌和底牌里还剩的分）。",
        "position_bad_toml": "局面文件不是有效的 TOML：{detail}",
        "solve_too_large": "每手有 {cards} 张牌；求解器只能解出每手不超过 {most} 张牌的局面（每多一张牌，用时约增加五倍）。",
        "solve_time_limit": "在 {seconds} 秒的时间限制内没有得到答案（已搜索 {nodes} 个局面，每手 {cards} 张牌）。请换一个更小的局面，或加大 --time-limit。",
    },
}

register(SOLVER_MESSAGES)
