"""Bilingual texts of the page options, the rules line and the saved-round offer (widgets layer)."""

from __future__ import annotations

from ..engine import explain

WIDGET_MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "page_option_ignored": "The address option {name}={given} was not understood; {used} is used instead.",
        "page_option_clamped": "The address option {name}={given} is outside {low}–{high}; {used} is used instead.",
        "page_option_rules": "The address option rules={given} names no rule set (known: {known}); {used} is used instead.",
        "page_rules_in_force": "Rules: {name}",
        "page_rules_super_tycoon": "super tycoon (default)",
        "page_rules_classic": "classic",
        "resume_offer": "You have an unfinished round (trick {trick} of 25, seed {seed}). Resume it, or start a new round?",
        "resume_offer_bidding": "You have an unfinished round (seed {seed}, before the first trick). Resume it, or start a new round?",
        "resume_button": "Resume my round",
        "resume_new": "New round",
        "resume_done": "Your round is back where you left it.",
        "resume_damaged": "Your saved round could not be read ({detail}); a new round starts.",
    },
    "zh": {
        "page_option_ignored": "网址里的选项 {name}={given} 无法识别，改用 {used}。",
        "page_option_clamped": "网址里的选项 {name}={given} 超出 {low}–{high} 的范围，改用 {used}。",
        "page_option_rules": "网址里的选项 rules={given} 不是已知的规则（已知：{known}），改用 {used}。",
        "page_rules_in_force": "规则：{name}",
        "page_rules_super_tycoon": "超级大亨（默认）",
        "page_rules_classic": "经典",
        "resume_offer": "你有一局没打完（第 {trick} 墩，共 25 墩，种子 {seed}）。继续这一局，还是开新的一局？",
        "resume_offer_bidding": "你有一局没打完（种子 {seed}，还没出第一墩）。继续这一局，还是开新的一局？",
        "resume_button": "继续我的这一局",
        "resume_new": "开新的一局",
        "resume_done": "你的这一局已恢复到离开时的位置。",
        "resume_damaged": "保存的这一局读不出来（{detail}），重新开一局。",
    },
}

explain.register(WIDGET_MESSAGES)
