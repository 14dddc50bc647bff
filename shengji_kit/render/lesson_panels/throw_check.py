"""Lesson 5's "try it" panel: South's throw and the three other hands, all shown, each changeable
by typing cards; the engine (``check_throw``, checked input) says at once whether the throw stands.

Buttons: ``data-action="set-0"`` (South throws the typed cards), ``"set-1"``…``"set-3"`` (give
them to East, North, West), ``"reset"``, and ``"rules"`` with ``data-value`` = a preset name.
A refused entry keeps the position, keeps the typed text and says why in every language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from markupsafe import Markup

from ...engine.cards import Card, parse_cards
from ...engine.checked_api import check_throw
from ...engine.errors import RuleError
from ...engine.rules import PRESET_NAMES, Rules
from ...engine.throws import ThrowCheck
from ...engine.trump import Trump
from ...words.catalogue import text
from ..hands import card_button
from ..table import lang_button, trump_badge
from .live_entry import Refusal, button, field, rules_name, typed_text

SEATS = (0, 1, 2, 3)
"""South (the thrower), then East, North, West: the order the others are checked in."""


class ThrowCheckPanel:
    """A throw and the hands it meets, under one preset; every change is judged again by the engine."""

    def __init__(
        self, throw: str, others: Mapping[int, str], trump: Trump | None = None, rules: str = "super_tycoon",
        typed: str = "",
    ) -> None:
        self.trump = trump or Trump("2", "S")
        self.rules = Rules.preset(rules)
        self.start = {0: self.trump.sorted(parse_cards(throw))}
        self.start |= {seat: self.trump.sorted(parse_cards(others.get(seat, ""))) for seat in SEATS[1:]}
        self.hands: dict[int, list[Card]] = dict(self.start)
        self.typed = typed
        self.problem: Refusal | None = None
        self.changed: int | None = None
        self.result: ThrowCheck = self.judge(self.hands)

    def judge(self, hands: Mapping[int, list[Card]]) -> ThrowCheck:
        """The engine's verdict on ``hands`` (raises ``RuleError`` for cards it refuses)."""
        return check_throw(hands[0], [hands[seat] for seat in SEATS[1:]], self.trump, self.rules)

    def give(self, seat: int, typed: str) -> None:
        """Put the typed cards in ``seat``'s place (the throw for South); refused input changes nothing."""
        self.typed, self.changed = typed, None
        try:
            cards = self.trump.sorted(parse_cards(typed))
            if seat == 0 and not cards:
                self.problem = Refusal.said("lcb_empty_input")
                return
            hands = {**self.hands, seat: cards}
            result = self.judge(hands)
        except RuleError as error:
            self.problem = Refusal.of(typed, error)
            return
        self.hands, self.result, self.problem, self.changed = hands, result, None, seat

    def blocker_seat(self) -> int | None:
        return None if self.result.blocker is None else SEATS[1:][self.result.blocker]

    def handle(self, message: Mapping[str, Any]) -> None:
        action, value = str(message.get("action", "")), message.get("value", "")
        if action.startswith("set-") and action[4:] in ("0", "1", "2", "3"):
            self.give(int(action[4:]), typed_text(value))
        elif action == "reset":
            self.hands, self.problem, self.changed = dict(self.start), None, None
            self.result = self.judge(self.hands)
        elif action == "rules" and value in PRESET_NAMES:
            self.rules = Rules.preset(str(value))
            self.result = self.judge(self.hands)

    # --- drawing -------------------------------------------------------------------------------

    def verdict(self, lang: str) -> str:
        """The engine's words, and for a failed throw what failing costs under the preset."""
        if self.result.ok:
            return self.result.message(lang)
        name = rules_name(self.rules.name, lang)
        if self.rules.throw_penalty:
            cost = text("l5_table_penalty", lang, rules=name, penalty=f"{self.rules.throw_penalty:g}")
        else:
            cost = text("l5_table_no_penalty", lang, rules=name)
        return text("join_sentences", lang).join((self.result.message(lang, self.blocker_seat()), cost))

    def _seat_row(self, seat: int, lang: str) -> Markup:
        cards = self.hands[seat]
        label = text("lcb_throw_thrower", lang) if seat == 0 else text("lcb_throw_holds", lang, seat=seat)
        beater = self.result.beater if seat == self.blocker_seat() else ()
        marked = Markup("").join(
            card_button(card, None, ("selected",) if card in beater else (), lang, focusable=False) for card in cards
        ) if cards else Markup('<span class="sk-legend">{none}</span>').format(none=text("lcb_throw_nothing", lang))
        return Markup(
            '<div class="sk-seat-hand" data-role="seat-{seat}" data-cards="{codes}">'
            '<span class="sk-legend">{label}</span><div class="sk-row">{cards}</div></div>'
        ).format(seat=seat, codes=" ".join(card.code for card in cards), label=label, cards=marked)

    def render(self, lang: str) -> Markup:
        rules = Markup("").join(
            button("rules", rules_name(name, lang), name, name == self.rules.name) for name in PRESET_NAMES
        )
        sets = Markup("").join(
            button(f"set-{seat}", text("lcb_throw_set_0", lang) if seat == 0 else
                   text("lcb_throw_set_other", lang, seat=seat), primary=seat == 0)
            for seat in SEATS
        )
        if self.changed is None:
            changed = Markup("")
        else:
            cards = self.hands[self.changed]
            said = text("lcb_throw_changed", lang, seat=self.changed, cards=tuple(cards)) if cards else text(
                "lcb_throw_emptied", lang, seat=self.changed)
            changed = Markup('<div class="sk-legend" data-role="changed">{said}</div>').format(said=said)
        return Markup(
            '<div class="sk-panel" data-role="throw-check" data-outcome="{outcome}" data-rules="{rules_name}">'
            '<div class="sk-panel-head"><span class="sk-panel-title">{title}</span>{trump}{lang_button}</div>'
            '<div class="sk-controls" role="group"><span class="sk-control-label">{rules_label}</span>{rules}</div>'
            "{seats}"
            '<div class="sk-controls">{field}</div>'
            '<div class="sk-controls">{sets}{reset}</div>'
            '<div class="sk-legend">{format}</div>'
            "{problem}{changed}"
            '<div class="sk-message" data-role="verdict" data-kind="{kind}" aria-live="polite">{verdict}</div></div>'
        ).format(
            outcome="stands" if self.result.ok else "fails",
            rules_name=self.rules.name,
            title=text("lcb_throw_title", lang),
            trump=trump_badge(self.trump, lang),
            lang_button=lang_button(lang),
            rules_label=text("lcb_rules_label", lang),
            rules=rules,
            seats=Markup("").join(self._seat_row(seat, lang) for seat in SEATS),
            field=field(text("lcb_throw_field", lang), self.typed, self.problem is not None),
            sets=sets,
            reset=button("reset", text("lcb_throw_reset", lang)),
            format=text("lcb_card_format", lang),
            problem=self.problem.html(lang) if self.problem else Markup(""),
            changed=changed,
            kind="ok" if self.result.ok else "error",
            verdict=self.verdict(lang),
        )
