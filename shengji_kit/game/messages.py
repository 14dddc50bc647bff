"""The game layer's bilingual messages: refusals of actions, round events, record and position-table errors.

Seats and trumps differ by language, so parameters carry ready-made ``*_en`` / ``*_zh``
variants (see ``seat_params`` and ``trump_params``) and each template picks its own.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..engine.cards import Card, symbols
from ..engine.explain import register, seat_name
from ..engine.scoring import Outcome
from ..engine.trump import Trump

GAME_MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        # refusals
        "round_over": "The round is over; nobody acts any more.",
        "not_your_turn": "The decision now is for {to_act_en}, not for {seat_en}.",
        "bad_seat": "Not a seat: {seat}. Seats are 0 (South), 1 (East), 2 (North), 3 (West).",
        "wrong_action": "A '{kind}' action is not possible now ({phase_en}); possible: {allowed}.",
        "bury_count": "Bury exactly 8 cards, not {count}.",
        "not_a_declaration": "{cards} is not a declaration you can make now. {how_en}",
        "not_an_overturn": "{cards} is not an overturn you can make now. {how_en}",
        "overturn_too_weak": "{cards} is not stronger than the standing {current}.",
        "locked": "Trumps are locked by {current}: only a pair of jokers can overturn it.",
        "redeal_refused": "Only an attacker whose 25 cards hold fewer than 15 points may ask for a redeal; {seat_en} holds {points}.",
        "record_unfinished": "The round is not finished; only a finished round has a record.",
        "record_io": "Cannot read or write the record {path}: {detail}.",
        "record_bad_json": "The record is not valid JSON: {detail}.",
        "record_not_object": "A record is a JSON object ({{...}}), not {detail}.",
        "record_format": "Field 'format' must be \"shengji-kit/round\", not {value}.",
        "record_version": "Field 'version' is {value}; this kit reads version 1 records.",
        "record_missing": "Field '{field}' is missing from the record.",
        "record_bad_field": "Field '{field}' {detail_en}.",
        "record_bad_card": "Field '{field}' holds {token}, which is not a card.",
        "record_broken": "The record does not replay at trick {trick}, {seat_en}: {reason_en}",
        "record_mismatch": "Field '{field}' says {recorded}, but replaying the tricks gives {actual}.",
        # events
        "event_declare": "{seat_en} declares {cards}: {trump_en}.",
        "event_overturn": "{seat_en} overturns with {cards}: {trump_en}.",
        "event_pass": "{seat_en} passes.",
        "event_deal_on": "{seat_en} waits for the rest of the deal.",
        "event_redeal": "{seat_en} holds only {points} points and asks for a redeal; {dealer_en} deals again.",
        "event_no_declaration": "Nobody declared: the cards are dealt again.",
        "event_reveal": "Nobody declared: the kitty's third card {cards} is revealed; {dealer_en} deals, {trump_en}.",
        "event_take_kitty": "{seat_en} takes the 8 kitty cards.",
        "event_bury": "{seat_en} buries 8 cards.",
        "event_play": "{seat_en} plays {cards}.",
        "event_throw_ok": "{seat_en} throws {cards}, and nobody can beat any part of it.",
        "event_throw_failed": "{seat_en} tries to throw {attempt}, but {blocker_en} holds {beater}, which beats {component}: {cards} is led instead and {team_en} pay {penalty} base stake.",
        "event_throw_failed_free": "{seat_en} tries to throw {attempt}, but {blocker_en} holds {beater}, which beats {component}: {cards} is led instead.",
        "event_trick": "{seat_en} wins trick {number} with {points} points.",
        "event_done": "Round over: the attackers have {total} points ({trick_points} in tricks, kitty {kitty_points} × {multiplier}); {outcome_en}.",
        "team_0": "South and North",
        "team_1": "East and West",
    },
    "zh": {
        "round_over": "本局已经结束，不能再行动。",
        "not_your_turn": "现在轮到{to_act_zh}，不是{seat_zh}。",
        "bad_seat": "不是有效的座位：{seat}。座位为 0（南）、1（东）、2（北）、3（西）。",
        "wrong_action": "现在（{phase_zh}）不能做“{kind}”；可以：{allowed}。",
        "bury_count": "必须扣 8 张底牌，而不是 {count} 张。",
        "not_a_declaration": "{cards} 现在不能用来报主。{how_zh}",
        "not_an_overturn": "{cards} 现在不能用来反主。{how_zh}",
        "overturn_too_weak": "{cards} 不比现在的 {current} 大。",
        "locked": "{current} 已经定主：只有一对王才能反。",
        "redeal_refused": "只有25张牌里分数少于15分的捡分方玩家可以要求暴动；{seat_zh}有{points}分。",
        "record_unfinished": "本局还没有结束；只有打完的一局才有记录。",
        "record_io": "无法读写记录 {path}：{detail}。",
        "record_bad_json": "记录不是有效的 JSON：{detail}。",
        "record_not_object": "记录应该是一个 JSON 对象（{{...}}），而不是 {detail}。",
        "record_format": "字段 'format' 必须是 \"shengji-kit/round\"，而不是 {value}。",
        "record_version": "字段 'version' 是 {value}；本工具只读取第1版记录。",
        "record_missing": "记录缺少字段 '{field}'。",
        "record_bad_field": "字段 '{field}' {detail_zh}。",
        "record_bad_card": "字段 '{field}' 里的 {token} 不是一张牌。",
        "record_broken": "记录在第{trick}轮、{seat_zh}处无法重放：{reason_zh}",
        "record_mismatch": "字段 '{field}' 记的是 {recorded}，但重放得到 {actual}。",
        "event_declare": "{seat_zh}用 {cards} 报主：{trump_zh}。",
        "event_overturn": "{seat_zh}用 {cards} 反主：{trump_zh}。",
        "event_pass": "{seat_zh}不叫。",
        "event_deal_on": "{seat_zh}先不叫，继续发牌。",
        "event_redeal": "{seat_zh}只有{points}分，要求暴动；{dealer_zh}重新发牌。",
        "event_no_declaration": "没有人报主：重新发牌。",
        "event_reveal": "没有人报主：翻开底牌第三张 {cards}；{dealer_zh}坐庄，{trump_zh}。",
        "event_take_kitty": "{seat_zh}拿起8张底牌。",
        "event_bury": "{seat_zh}扣下8张底牌。",
        "event_play": "{seat_zh}出 {cards}。",
        "event_throw_ok": "{seat_zh}甩牌 {cards}，没有人能大过其中任何一部分。",
        "event_throw_failed": "{seat_zh}甩牌 {attempt} 失败：{blocker_zh}有 {beater}，大过 {component}；改为出 {cards}，{team_zh}罚{penalty}个底金。",
        "event_throw_failed_free": "{seat_zh}甩牌 {attempt} 失败：{blocker_zh}有 {beater}，大过 {component}；改为出 {cards}。",
        "event_trick": "{seat_zh}赢得第{number}轮，得{points}分。",
        "event_done": "本局结束：捡分方共{total}分（吃分{trick_points}，底牌{kitty_points}分 × {multiplier}）；{outcome_zh}。",
        "team_0": "南北方",
        "team_1": "东西方",
    },
}

PHASE_NAMES: dict[str, dict[str, str]] = {
    "en": {
        "deal": "dealing", "declare": "declaring after the deal", "overturn": "overturning",
        "redeal": "redeal requests", "bury": "burying the kitty", "play": "playing tricks",
        "done": "round over",
    },
    "zh": {
        "deal": "发牌", "declare": "发完牌后报主", "overturn": "反主", "redeal": "暴动",
        "bury": "扣底", "play": "出牌", "done": "本局结束",
    },
}

HOW_TO: dict[str, dict[str, str]] = {
    "declare_joker": {
        "en": "Declare with a level card {level} plus the joker of its colour (big joker for ♥ ♦, little joker for ♠ ♣); two level cards lock.",
        "zh": "报主要亮一张级牌{level}加同颜色的王（大王配红桃、方块，小王配黑桃、梅花）；亮一对级牌为定主。",
    },
    "declare_plain": {
        "en": "Declare with one level card {level}; a pair of them locks.",
        "zh": "报主亮一张级牌{level}；亮一对为定主。",
    },
    "overturn_joker": {
        "en": "Overturn with a pair of level cards {level} plus the joker of their colour, or with a pair of jokers (no trump).",
        "zh": "反主要亮一对级牌{level}加同颜色的王，或者一对王（无主）。",
    },
    "overturn_plain": {
        "en": "Overturn with a pair of level cards {level} of one suit, or with a pair of jokers (no trump).",
        "zh": "反主亮一对同花色的级牌{level}，或者一对王（无主）。",
    },
}

register(GAME_MESSAGES)

# The position table read by the solver and the puzzles (position_table.py): each names its field.
POSITION_MESSAGES: dict[str, dict[str, str]] = {
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
        "position_too_many_copies": "{field}: {card} appears {count} times in the position, but each card exists only twice.",
        "position_kitty_size": "{field}: the kitty holds at most 8 cards, not {count}.",
        "position_bad_points": "{field}: {value} is not possible; points so far are a multiple of 5 from 0 to {most} (200 minus the points still in the cards of the position).",
        "position_bad_toml": "The position file is not valid TOML: {detail}",
        "position_needed": "{field} is missing: this kind of puzzle needs it.",
        "position_trick_needs_leader": "{field} is missing: a trick needs the seat that led it.",
        "position_trick_without_leader": "{field}: the leader (seat {seat}) has not played to the trick.",
        "position_trick_order": "{field}: the seats that played must follow the leader in turn: {order}.",
        "position_trick_empty_lead": "{field}: the lead holds no cards.",
        "position_trick_bad_lead": "{field}: a lead is of one suit (all trumps count as one suit), but {cards} is not.",
        "position_trick_count": "{field}: plays {count} cards to a lead of {lead}.",
        "position_trick_at_boundary": "{field}: this position starts at a trick boundary: give no trick.",
        "position_in_file": "{file}: {message}",
        "position_in_puzzle": "{file}: puzzle '{puzzle_id}': {message}",
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
        "position_too_many_copies": "{field}：{card} 在局面中出现了 {count} 次，但每张牌只有两张。",
        "position_kitty_size": "{field}：底牌最多 8 张，而不是 {count} 张。",
        "position_bad_points": "{field}：{value} 不可能；已得分必须是 5 的倍数，在 0 到 {most} 之间（200 减去局面中各牌还剩的分）。",
        "position_bad_toml": "局面文件不是有效的 TOML：{detail}",
        "position_needed": "缺少 {field}：这类题目需要它。",
        "position_trick_needs_leader": "缺少 {field}：有出牌的一墩需要知道首家是谁。",
        "position_trick_without_leader": "{field}：首家（座位 {seat}）还没有出牌。",
        "position_trick_order": "{field}：出牌的座位必须从首家起依次轮流：{order}。",
        "position_trick_empty_lead": "{field}：首家没有出牌。",
        "position_trick_bad_lead": "{field}：首发的牌必须是同一门花色（所有主牌算一门），而 {cards} 不是。",
        "position_trick_count": "{field}：首家出了 {lead} 张牌，这里却出了 {count} 张。",
        "position_trick_at_boundary": "{field}：这个局面从一墩的开始算起，不能给出当前一墩的牌。",
        "position_in_file": "{file}：{message}",
        "position_in_puzzle": "{file}：题目 '{puzzle_id}'：{message}",
    },
}

register(POSITION_MESSAGES)


def seat_params(key: str, seat: int | None) -> dict[str, object]:
    """``{key: seat, key_en: 'East', key_zh: '东家'}`` for a message template."""
    if seat is None:
        return {key: "-", f"{key}_en": "nobody", f"{key}_zh": "无人"}
    return {key: seat, f"{key}_en": seat_name(seat, "en"), f"{key}_zh": seat_name(seat, "zh")}


def team_params(key: str, team: int) -> dict[str, object]:
    """Team 0 (South and North) or team 1 (East and West) in both languages."""
    return {
        key: team,
        f"{key}_en": GAME_MESSAGES["en"][f"team_{team}"],
        f"{key}_zh": GAME_MESSAGES["zh"][f"team_{team}"],
    }


def trump_params(trump: Trump) -> dict[str, object]:
    """The trump context described in both languages, under ``trump_en`` / ``trump_zh``."""
    return {"trump_en": trump.describe("en"), "trump_zh": trump.describe("zh")}


def phase_params(phase: str) -> dict[str, object]:
    """The phase's name in both languages, under ``phase_en`` / ``phase_zh``."""
    return {
        "phase": phase,
        "phase_en": PHASE_NAMES["en"].get(phase, phase),
        "phase_zh": PHASE_NAMES["zh"].get(phase, phase),
    }


SEAT_KEYS = ("seat", "dealer", "blocker", "to_act", "next_dealer")


def localize(params: Mapping[str, object], lang: str) -> dict[str, object]:
    """Event parameters made ready for a ``lang`` template.

    Seats gain ``<key>_<lang>`` names, a ``team`` its name, a ``trump`` and an ``outcome`` their
    descriptions, and card tuples become symbols, so events store only plain values.
    """
    lang = lang if lang in ("en", "zh") else "en"
    ready: dict[str, object] = {}
    for key, value in params.items():
        if key in SEAT_KEYS and isinstance(value, int):
            ready[f"{key}_{lang}"] = seat_name(value, lang)
        elif key == "team" and isinstance(value, int):
            ready[f"team_{lang}"] = GAME_MESSAGES[lang][f"team_{value}"]
        elif isinstance(value, Trump | Outcome):
            ready[f"{key}_{lang}"] = value.describe(lang)
            continue
        if isinstance(value, tuple) and all(isinstance(card, Card) for card in value):
            ready[key] = symbols(value)
        else:
            ready[key] = value
    return ready


def how_params(kind: str, level: str) -> dict[str, object]:
    """How to declare or overturn (``kind`` is a key of ``HOW_TO``), in both languages."""
    texts = HOW_TO[kind]
    return {"how_en": texts["en"].format(level=level), "how_zh": texts["zh"].format(level=level)}
