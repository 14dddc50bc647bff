"""A kept verdict written as a ``best_play`` item in the hand-written TOML format, and the set files.

The item offers the best play and the (up to three) cheapest other plays, each with its cost and
why; a comment above it keeps what the format has no field for: where it was cut from, the
margin, and every distinct play's cost. Texts come from the catalogue (``mine_*``) in both
languages; the question and the explanation say the position is double-dummy, the explanation
gives the solution line. A set file's header names its theme and says in one line what it trains.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ...engine.cards import codes
from ...engine.rules import rules_value
from ...solver.position import Position
from ...words import Message
from ..kinds.best_play import MAX_OPTIONS
from .keeping import Verdict
from .themes import THEMES, difficulty_of, themes_of

LANGS = ("en", "zh")


@dataclass(frozen=True)
class MinedItem:
    """One item ready to write: its id, its file's stem, its themes and its TOML text."""

    id: str
    file: str
    themes: tuple[str, ...]
    text: str


def item_id(key: tuple[object, ...]) -> str:
    """A stable id from the twin key: a re-mined twin gets the same id."""
    return "mined-" + hashlib.sha1(repr(key).encode()).hexdigest()[:12]


PREFIX = "mined-"
"""Set files are ``mined-<theme>.toml`` (a bare ``ruff.toml`` would be read by the ruff linter as its settings)."""


def file_stem(verdict: Verdict, themes: Sequence[str]) -> str:
    """The set a kept item goes to: ``mined-`` and its first theme, else its preset's name."""
    return PREFIX + (themes[0] if themes else verdict.decision.position.rules.name).replace("_", "-")


def mined_item(verdict: Verdict, key: tuple[object, ...]) -> MinedItem:
    """The TOML ``[[puzzle]]`` block of a kept verdict."""
    decision = verdict.decision
    position = decision.position
    trump = position.trump_context
    mover = decision.mover
    themes = themes_of(verdict)
    theme = Message(f"mine_theme_{themes[0]}" if themes else "mine_theme_none")
    side = Message("mine_side_attackers" if position.is_attacker(mover) else "mine_side_defenders")
    best = tuple(trump.sorted(verdict.best.cards))
    others = sorted(verdict.plays[1:], key=verdict.cost)[: MAX_OPTIONS - 1]
    margin = verdict.margin

    def texts(code: str, **params: object) -> str:
        return _text({lang: Message(code, params).render(lang) for lang in LANGS})

    def line(lang: str) -> str:
        return Message("mine_line_join").render(lang).join(trick.words(lang) for trick in verdict.line)

    puzzle_id = item_id(key)
    out = [
        f"# cut from round {decision.source}; margin {margin}{' (a threshold)' if verdict.threshold else ''}",
        "# every distinct play's cost: " + ", ".join(
            f"{codes(trump.sorted(v.cards))} {verdict.cost(v)}" for v in verdict.plays
        ),
        f"# themes: {' '.join(themes) or '-'}",
        "[[puzzle]]",
        f"id = {_str(puzzle_id)}",
        'kind = "best_play"',
        f"difficulty = {difficulty_of(verdict)}",
        f"answer = {_str(codes(best))}",
        "title = " + texts("mine_item_title", theme=theme, seat=mover),
        "question = " + question_text(position, mover, bool(decision.trick)),
        "hint = " + texts("mine_hint", margin=margin, seat=mover),
        "explanation = " + _text({lang: Message("mine_explanation", {
            "cards": best, "total": verdict.best.total, "margin": margin, "line": line(lang),
        }).render(lang) for lang in LANGS}),
        "[[puzzle.option]]",
        f"play = {_str(codes(best))}",
    ]
    for other in others:
        cards = tuple(trump.sorted(other.cards))
        cost = verdict.cost(other)
        out += [
            "[[puzzle.option]]",
            f"play = {_str(codes(cards))}",
            f"cost = {cost}",
            "why = " + texts("mine_why", cards=cards, total=other.total, cost=cost, side=side),
        ]
    out += _position(verdict)
    return MinedItem(puzzle_id, file_stem(verdict, themes), themes, "\n".join(out) + "\n")


def question_text(position: Position, mover: int, follows: bool) -> str:
    """The item's question in both languages: the best-play prompt, said to be double-dummy."""
    side = "attackers" if position.is_attacker(mover) else "defenders"
    asked = Message(f"lead_bp_prompt_{'follow' if follows else 'lead'}_{side}", {
        "seat": mover, "before": position.points,
    })
    return _text({lang: Message("mine_question", {"asked": asked}).render(lang) for lang in LANGS})


def _position(verdict: Verdict) -> list[str]:
    decision = verdict.decision
    position = decision.position
    played = dict(decision.trick)
    hands = {}
    for seat in range(4):
        rest = list(position.hands[seat])
        for card in played.get(seat, ()):
            rest.remove(card)
        hands[seat] = codes(position.trump_context.sorted(rest))
    lines = [
        "[puzzle.position]",
        f"rules = {_str(str(rules_value(position.rules)))}",
        f"level = {_str(position.level)}",
        f"trump = {_str(position.trump or 'none')}",
        f"dealer = {position.dealer}",
        f"leader = {position.leader}",
        f"points = {position.points}",
        f"kitty = {_str(codes(position.kitty))}",
        "hands = { " + ", ".join(f"{seat} = {_str(hand)}" for seat, hand in hands.items()) + " }",
    ]
    if decision.trick:
        plays = ", ".join(f"{seat} = {_str(codes(cards))}" for seat, cards in decision.trick)
        lines.append("trick = { " + plays + " }")
    return lines


def set_header(stem: str) -> str:
    """The ``[set]`` table of a mined set file."""
    name = stem.removeprefix(PREFIX).replace("-", "_")
    if name in THEMES:
        title = Message("mine_set_title", {"theme": Message(f"mine_theme_{name}")})
        about = Message(f"mine_about_{name}")
    else:  # no theme fits: the set of a preset's rules
        rules = Message(f"term_rules_{name}")
        title, about = Message("mine_set_title_rules", {"rules": rules}), Message("mine_about_none", {"rules": rules})
    description = Message("mine_set_description", {"about": about})
    return "\n".join([
        "# Mined by `shengji-kit puzzles mine`: best-play puzzles cut from rounds played by bots, each",
        "# kept only when the exact solver proves one play clearly best (double-dummy). Do not edit by hand.",
        "",
        "[set]",
        "title = " + _text({lang: title.render(lang) for lang in LANGS}),
        "description = " + _text({lang: description.render(lang) for lang in LANGS}),
        "",
    ]) + "\n"


def append_items(folder: Path, items: Sequence[MinedItem]) -> None:
    """Append items to their set files in ``folder`` (a new file starts with its ``[set]`` header)."""
    folder.mkdir(parents=True, exist_ok=True)
    by_file: dict[str, list[MinedItem]] = {}
    for item in items:
        by_file.setdefault(item.file, []).append(item)
    for stem, found in by_file.items():
        path = folder / f"{stem}.toml"
        text = path.read_text(encoding="utf-8") if path.exists() else set_header(stem)
        text += "".join("\n" + item.text for item in found)
        path.write_text(text, encoding="utf-8")


def _str(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


def _text(by_lang: dict[str, str]) -> str:
    return "{ " + ", ".join(f"{lang} = {_str(value)}" for lang, value in by_lang.items()) + " }"
