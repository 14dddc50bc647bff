"""Lesson 6's "try it" panels, every answer computed by the engine and shown for both presets:
points of typed cards (``points``), the kitty multiplier of a typed last lead (``kitty_multiplier``),
the level outcome of a typed or quick-picked total (``level_outcome``, ``next_dealer``), and where a
climb ends (``climb``, level and steps picked with buttons).

The typed field is sent with ``data-action="go"``; quick buttons (``"quick"``) send their own ``data-value``.
A refused entry keeps the last answer and the typed text and says why in every language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from markupsafe import Markup

from ...engine import checked_api as api
from ...engine.cards import RANKS, Card, as_cards, parse_cards
from ...engine.errors import RuleError
from ...engine.rules import PRESET_NAMES
from ...engine.scoring import climb, level_outcome, next_dealer, points
from ...engine.trump import Trump
from ...words.catalogue import combinations_text, text
from ..hands import card_row_html
from ..table import lang_button, trump_badge
from .live_entry import Refusal, button, field, rules_name, typed_text

__all__ = ["ClimbPanel", "KittyPanel", "OutcomePanel", "PointsPanel"]


def _panel(role: str, title: str, lang: str, body: Markup, trump: Trump | None = None) -> Markup:
    badge = trump_badge(trump, lang) if trump is not None else Markup("")
    return Markup(
        '<div class="sk-panel" data-role="{role}"><div class="sk-panel-head">'
        '<span class="sk-panel-title">{title}</span>{badge}{lang_button}</div>{body}</div>'
    ).format(role=role, title=title, badge=badge, lang_button=lang_button(lang), body=body)


def _answer(lines: Sequence[str], value: object) -> Markup:
    body = Markup("").join(Markup("<p>{line}</p>").format(line=line) for line in lines)
    return Markup(
        '<div class="sk-message" data-role="answer" data-kind="info" data-value="{value}" aria-live="polite">'
        "{body}</div>"
    ).format(value=value, body=body)


class _TypedPanel:
    """A field, a button and quick values; ``answer`` is recomputed from ``shown`` (the last good entry)."""

    role = ""
    title = ""
    label = ""
    go = ""
    numeric = False

    def __init__(self, start: str, quick: Sequence[str] = ()) -> None:
        self.quick = tuple(quick)
        self.typed = start
        self.problem: Refusal | None = None
        self.shown = start
        self.read(start)  # a bad starting value is the notebook author's mistake: raise it

    def read(self, typed: str) -> object:
        """The typed text as the engine's input (raises ``RuleError`` when it cannot be used)."""
        raise NotImplementedError

    def lines(self, lang: str) -> list[str]:
        raise NotImplementedError

    def enter(self, typed: str) -> None:
        """Use the typed text, or say why not (keeping it in the field and the previous answer)."""
        self.typed = typed
        if not typed:
            self.problem = Refusal.said(self.empty_code)
            return
        try:
            self.read(typed)
        except RuleError as error:
            self.problem = self.refusal(typed, error)
            return
        self.shown, self.problem = typed, None

    empty_code = "lcb_empty_input"

    def refusal(self, typed: str, error: RuleError) -> Refusal:
        return Refusal.of(typed, error)

    def handle(self, message: Mapping[str, Any]) -> None:
        action = message.get("action")
        if action == "go":
            self.enter(typed_text(message.get("value", "")))
        elif action == "quick" and str(message.get("value", "")) in self.quick:
            typed = self.typed  # a quick value answers without touching what the learner typed
            self.enter(str(message.get("value")))
            self.typed = typed

    def extra(self, lang: str) -> Markup:
        return Markup("")

    def render(self, lang: str) -> Markup:
        quick = Markup("").join(button("quick", self._quick_label(value), value) for value in self.quick)
        quick_row = Markup(
            '<div class="sk-controls"><span class="sk-control-label">{label}</span>{quick}</div>'
        ).format(label=text("lcb_outcome_quick", lang), quick=quick) if self.quick else Markup("")
        body = Markup(
            '<div class="sk-controls">{field}{go}</div>{quick}{extra}{problem}{answer}'
        ).format(
            field=field(text(self.label, lang), self.typed, self.problem is not None, self.numeric, submit="go"),
            go=button("go", text(self.go, lang), primary=True),
            quick=quick_row,
            extra=self.extra(lang),
            problem=self.problem.html(lang) if self.problem else Markup(""),
            answer=_answer(self.lines(lang), self.shown),
        )
        return _panel(self.role, text(self.title, lang), lang, body, getattr(self, "trump", None))

    def _quick_label(self, value: str) -> str:
        return value


class PointsPanel(_TypedPanel):
    """How many points do these cards hold?"""

    role, title, label, go = "points-try", "lcb_points_title", "lcb_points_field", "lcb_points_count"

    def read(self, typed: str) -> list[Card]:
        return list(as_cards(typed))

    def lines(self, lang: str) -> list[str]:
        cards = self.read(self.shown)
        return [text("l6_try_points", lang, cards=tuple(cards), points=points(cards))]

    def extra(self, lang: str) -> Markup:
        return card_row_html(self.read(self.shown), lang)


class KittyPanel(_TypedPanel):
    """What does a last trick led with these cards multiply the kitty by, in each preset?"""

    role, title, label, go = "kitty-try", "lcb_kitty_title", "lcb_kitty_field", "lcb_kitty_go"

    def __init__(self, start: str, quick: Sequence[str] = (), trump: Trump | None = None) -> None:
        self.trump = trump or Trump("2", "H")
        super().__init__(start, quick)

    def read(self, typed: str) -> list[int]:
        cards = as_cards(typed)
        return [api.kitty_multiplier(cards, self.trump, name) for name in PRESET_NAMES]

    def lines(self, lang: str) -> list[str]:
        cards = tuple(parse_cards(self.shown))
        return [
            text("l6_try_multiplier", lang, rules=rules_name(name, lang), cards=cards, multiplier=multiplier)
            for name, multiplier in zip(PRESET_NAMES, self.read(self.shown), strict=True)
        ]

    def extra(self, lang: str) -> Markup:
        return card_row_html(parse_cards(self.shown), lang)

    def _quick_label(self, value: str) -> str:
        return combinations_text(parse_cards(value))


class OutcomePanel(_TypedPanel):
    """The level outcome of the attackers' total and who deals next (South dealt), in each preset."""

    role, title, label, go, numeric = "outcome-try", "lcb_outcome_title", "lcb_outcome_field", "lcb_outcome_go", True
    empty_code = "lcb_outcome_empty"

    def read(self, typed: str) -> int:
        if not typed.isascii() or not typed.isdigit():
            raise RuleError("lcb_not_number", {"typed": typed})
        total = int(typed)
        for name in PRESET_NAMES:
            level_outcome(total, name)
        return total

    def refusal(self, typed: str, error: RuleError) -> Refusal:
        return Refusal(error.message)

    def lines(self, lang: str) -> list[str]:
        total = self.read(self.shown)
        lines = []
        for name in PRESET_NAMES:
            outcome = level_outcome(total, name)
            lines.append(text(
                "l6_try_outcome", lang, rules=rules_name(name, lang), total=total, outcome=outcome,
                dealer=next_dealer(0, outcome),
            ))
        return lines


class ClimbPanel:
    """A team's level and the levels it won, picked with buttons; where it ends in each preset."""

    STEPS = (1, 2, 3, 4, 5, 6)

    def __init__(self, level: str = "8", steps: int = 3) -> None:
        self.level, self.steps = level, steps
        climb(level, steps)  # a bad starting value is the notebook author's mistake: raise it

    def handle(self, message: Mapping[str, Any]) -> None:
        action, value = message.get("action"), str(message.get("value", ""))
        if action == "level" and value in RANKS:
            self.level = value
        elif action == "steps" and value.isdigit() and int(value) in self.STEPS:
            self.steps = int(value)

    def render(self, lang: str) -> Markup:
        levels = Markup("").join(button("level", rank, rank, rank == self.level) for rank in RANKS)
        steps = Markup("").join(
            button("steps", f"+{steps}", str(steps), steps == self.steps) for steps in self.STEPS
        )
        lines = [
            text("l6_try_climb", lang, rules=rules_name(name, lang), start=self.level, steps=self.steps,
                 end=climb(self.level, self.steps, name))
            for name in PRESET_NAMES
        ]
        body = Markup(
            '<div class="sk-controls" role="group"><span class="sk-control-label">{from_}</span>{levels}</div>'
            '<div class="sk-controls" role="group"><span class="sk-control-label">{won}</span>{steps}</div>{answer}'
        ).format(
            from_=text("lcb_climb_from", lang), levels=levels, won=text("lcb_climb_steps", lang), steps=steps,
            answer=_answer(lines, f"{self.level}+{self.steps}"),
        )
        return _panel("climb-try", text("lcb_climb_title", lang), lang, body)
