"""Lesson 5's live table "will my throw stand?": build a throw from your hand, the other hands
hidden; the engine (``check_throw``) judges it, and revealing the hands shows who stops it.

Buttons: ``data-action="check"``, ``"reveal"`` (toggles), ``"clear"``, ``"deal"``, and
``"rules"`` with ``data-value="super_tycoon"`` / ``"classic"``; clicking a card of your hand
(de)selects it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from markupsafe import Markup

from ...engine.cards import Card, full_deck, parse_cards
from ...engine.errors import RuleError
from ...engine.rules import PRESET_NAMES, Rules
from ...engine.shapes import shape
from ...engine.throws import ThrowCheck, check_throw
from ...engine.trump import Trump
from ...words.catalogue import text
from ..hands import card_button, hand_html
from ..selection import Selection
from ..table import lang_button, trump_badge
from .live_entry import rules_name

HAND_SIZE = 13
SEATS = (1, 2, 3)
"""The other seats in turn order after South, the thrower."""


def _button(action: str, label: str, value: str = "", pressed: bool | None = None) -> Markup:
    aria = Markup("") if pressed is None else Markup(' aria-pressed="{p}"').format(p=str(pressed).lower())
    return Markup(
        '<button type="button" class="sk-button" data-action="{action}" data-value="{value}"{aria}>{label}</button>'
    ).format(action=action, value=value, aria=aria, label=label)


class ThrowTable:
    """South's hand to throw from, three hidden hands, the rules preset, and the engine's verdict."""

    def __init__(self, seed: int | None = 6, rules: str = "super_tycoon", trump: Trump | None = None) -> None:
        self.rng = random.Random(seed)
        self.rules = Rules.preset(rules)
        self.trump = trump or Trump("2", "S")
        self.hand = Selection([], self.trump)
        self.others: dict[int, list[Card]] = {}
        self.revealed = False
        self.result: ThrowCheck | None = None
        self.notice: tuple[str, dict[str, object]] | None = None
        self.deal()

    def deal(self) -> None:
        """Four fresh hands of 13 cards from the two decks; nothing chosen, the others hidden."""
        deck = full_deck()
        self.rng.shuffle(deck)
        self.hand.replace(deck[:HAND_SIZE])
        self.others = {seat: self.trump.sorted(deck[HAND_SIZE * seat: HAND_SIZE * (seat + 1)]) for seat in SEATS}
        self.revealed = False
        self.result = None
        self.notice = None

    def set_rules(self, name: str) -> None:
        """Switch the preset; a checked throw is checked again under the new rules."""
        self.rules = Rules.preset(name)
        if self.result is not None:
            self.check()

    def choose(self, cards: str) -> None:
        """Select the given cards of South's hand (cards it does not hold are ignored)."""
        self.hand.clear()
        wanted = [card.code for card in parse_cards(cards)]
        for i, card in enumerate(self.hand.cards):
            if card.code in wanted:
                wanted.remove(card.code)
                self.hand.selected.add(i)

    def check(self) -> ThrowCheck | None:
        """Judge the selected cards as a lead; a single combination or a mixed lead is explained instead."""
        chosen = self.hand.chosen()
        self.result = None
        if not chosen:
            self.notice = ("l5_table_nothing", {})
            return None
        try:
            lead = shape(chosen, self.trump)
        except RuleError as error:
            self.notice = ("l5_table_bad_lead", {"why": error})
            return None
        if lead.kind != "throw":
            self.notice = ("l5_table_single", {"cards": tuple(chosen)})
            return None
        try:
            self.result = check_throw(chosen, [self.others[seat] for seat in SEATS], self.trump, self.rules)
        except RuleError as error:  # house rules without throws (throws_allowed = false)
            self.notice = ("l5_table_bad_lead", {"why": error})
            return None
        self.notice = None
        return self.result

    def blocker_seat(self) -> int | None:
        if self.result is None or self.result.blocker is None:
            return None
        return SEATS[self.result.blocker]

    def handle(self, message: Mapping[str, Any]) -> None:
        kind, action, value = message.get("type"), message.get("action"), str(message.get("value", ""))
        if kind == "click":
            index = int(message.get("index", -1))
            if self.hand.toggle(index):
                self.result = None
                self.notice = None
        elif action == "check":
            self.check()
        elif action == "reveal":
            self.revealed = not self.revealed
        elif action == "clear":
            self.hand.clear()
            self.result = None
            self.notice = None
        elif action == "deal":
            self.deal()
        elif action == "rules" and value in PRESET_NAMES:
            self.set_rules(value)

    # --- drawing -------------------------------------------------------------------------------

    def verdict(self, lang: str) -> tuple[str, str]:
        """The message under the table and its kind (info, ok, error)."""
        if self.notice is not None:
            code, params = self.notice
            shown = {k: (v.message(lang) if isinstance(v, RuleError) else v) for k, v in params.items()}
            return text(code, lang, **shown), "info"
        if self.result is None:
            return text("l5_table_hint", lang), "info"
        if not self.revealed:
            return text("l5_table_verdict_hidden", lang), "info"
        if self.result.ok:
            return self.result.message(lang), "ok"
        said = self.result.message(lang, self.blocker_seat())
        if self.rules.throw_penalty:
            cost = text(
                "l5_table_penalty", lang, rules=rules_name(self.rules.name, lang),
                penalty=f"{self.rules.throw_penalty:g}",
            )
        else:
            cost = text("l5_table_no_penalty", lang, rules=rules_name(self.rules.name, lang))
        return text("join_sentences", lang).join((said, cost)), "error"

    def _other_hand(self, seat: int, lang: str) -> Markup:
        cards = self.others[seat]
        if not self.revealed:
            body: Markup = Markup('<span class="sk-legend">{t}</span>').format(
                t=text("l5_table_hidden", lang, seat=seat, count=len(cards))
            )
        else:
            beater = self.result.beater if self.result is not None and seat == self.blocker_seat() else ()
            marked = Markup("").join(
                card_button(card, None, ("selected",) if card in beater else (), lang, focusable=False)
                for card in cards
            )
            body = Markup('<span class="sk-legend">{name}</span><div class="sk-row">{cards}</div>').format(
                name=text("seat_" + str(seat), lang), cards=marked
            )
        return Markup('<div class="sk-seat-hand" data-role="hand-{seat}" data-seat="{seat}">{body}</div>').format(
            seat=seat, body=body
        )

    def render(self, lang: str) -> Markup:
        rules_buttons = Markup("").join(
            _button("rules", rules_name(name, lang), name, name == self.rules.name) for name in PRESET_NAMES
        )
        chosen = self.hand.chosen()
        selected = text("l5_table_selected", lang, cards=tuple(chosen)) if chosen else text("l5_table_nothing", lang)
        message, kind = self.verdict(lang)
        reveal = text("l5_table_hide" if self.revealed else "l5_table_reveal", lang)
        outcome = "" if self.result is None else ("stands" if self.result.ok else "fails")
        return Markup(
            '<div class="sk-panel" data-role="throw-table" data-outcome="{outcome}" data-revealed="{revealed}">'
            '<div class="sk-panel-head"><span class="sk-panel-title">{title}</span>{trump}{lang_button}</div>'
            '<div class="sk-controls"><span class="sk-control-label">{rules_label}</span>{rules_buttons}</div>'
            '<div class="sk-legend">{turns}</div>'
            "{others}"
            "{hand}"
            '<div class="sk-legend" data-role="selected">{selected}</div>'
            '<div class="sk-controls">{check}{reveal}{clear}{deal}</div>'
            '<div class="sk-message" data-role="message" data-kind="{kind}">{message}</div></div>'
        ).format(
            outcome=outcome,
            revealed=str(self.revealed).lower(),
            title=text("l5_table_title", lang),
            trump=trump_badge(self.trump, lang),
            lang_button=lang_button(lang),
            rules_label=text("l5_table_rules", lang),
            rules_buttons=rules_buttons,
            turns=text("l5_table_turn_hint", lang),
            others=Markup("").join(self._other_hand(seat, lang) for seat in SEATS),
            hand=hand_html(self.hand.cards, self.hand.selected, None, self.trump, lang, 0, mark_trumps=True),
            selected=selected,
            check=_button("check", text("l5_table_check", lang)),
            reveal=_button("reveal", reveal),
            clear=_button("clear", text("l5_table_clear", lang)),
            deal=_button("deal", text("l5_table_new_deal", lang)),
            kind=kind,
            message=message,
        )
