"""The play app's card table as the browser tests see it: read the DOM hooks, click, wait for redraws.

Only the hooks the widgets promise are used: ``data-card`` / ``data-index`` card buttons, the
learner's hand ``data-seat="0"``, ``data-action`` buttons, ``data-role`` regions, and the
``sk-playable`` / ``sk-unplayable`` / ``sk-selected`` states on hand cards.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from playwright.sync_api import Locator, Page

from conftest import SharedTab
from shengji_kit import Card, Trump, parse_cards
from shengji_kit.engine.cards import RANKS, SUITS
from shengji_kit.engine.explain import suit_name

PLAY_APP = "/voila/render/notebooks/play.ipynb?seed=1&delay=0.05"
HAND = '[data-seat="0"]'
HAND_CARDS = f"{HAND} button[data-card][data-index]"
TURN_ACTIONS = ("play", "bury", "declare", "pass", "redeal")
# Any of these means the learner must act (or the round is over).
MY_TURN = ", ".join(
    [*(f"[data-action={action}]" for action in TURN_ACTIONS), "[data-role=summary]"]
)
# Bots move about every 0.7 s and pause after a trick; the deal and kernel start come first.
TURN_TIMEOUT_MS = 60_000
REDRAW_TIMEOUT_MS = 15_000

_COUNT_DRAWS = """() => {
  // the table's own root: a page may draw other widgets first (the site's progress keeper)
  const table = document.querySelector('.sk-root [data-role=table]');
  const root = table ? table.closest('.sk-root') : document.querySelector('.sk-root');
  if (window.__skDraws === undefined) {
    window.__skDraws = 0;
    new MutationObserver(() => { window.__skDraws += 1; })
      .observe(root, {childList: true, subtree: true, attributes: true, characterData: true});
  }
  return window.__skDraws;
}"""


@dataclass(frozen=True)
class Turn:
    """What the learner is asked for: one of TURN_ACTIONS, or ``summary`` when the round is over."""

    kind: str
    actions: frozenset[str]


class CardTable:
    """The play app in one tab."""

    def __init__(self, page: Page) -> None:
        self.page = page

    # --- opening and waiting ----------------------------------------------------------------

    def open(self) -> CardTable:
        """Open the play app and wait until the learner's hand is drawn."""
        self.page.goto(PLAY_APP)
        self.hand_cards.first.wait_for(state="visible", timeout=TURN_TIMEOUT_MS)
        self.draws()
        return self

    @classmethod
    def shared(cls, tab: SharedTab) -> CardTable:
        """The play app (``PLAY_APP``) in the module's shared tab, loaded by the first test that asks, its hand
        drawn: for tests that only read the table as dealt, before the learner acts."""
        table = cls(tab.show(PLAY_APP))
        table.hand_cards.first.wait_for(state="visible", timeout=TURN_TIMEOUT_MS)
        table.draws()
        return table

    def draws(self) -> int:
        """How many times the widget has redrawn since it was first watched."""
        count: int = self.page.evaluate(_COUNT_DRAWS)
        return count

    def wait_for_redraw(self, since: int) -> None:
        """Block until the widget has redrawn after draw number ``since`` (the kernel answered)."""
        self.page.wait_for_function(
            "n => window.__skDraws > n", arg=since, timeout=REDRAW_TIMEOUT_MS
        )

    def click(self, target: Locator) -> None:
        """Click ``target`` and wait for the kernel's redraw that answers it."""
        before = self.draws()
        target.click()
        self.wait_for_redraw(before)

    def wait_for_turn(self, timeout: float = TURN_TIMEOUT_MS) -> Turn:
        """Wait until the learner must act (or the round is over) and say what is asked."""
        self.page.locator(MY_TURN).first.wait_for(state="visible", timeout=timeout)
        if self.page.locator("[data-role=summary]").is_visible():
            return Turn("summary", frozenset())
        present = frozenset(
            action
            for action in TURN_ACTIONS
            if self.page.locator(f"[data-action={action}]").count()
        )
        kind = next(action for action in TURN_ACTIONS if action in present)
        return Turn(kind, present)

    # --- reading the table ----------------------------------------------------------------

    @property
    def hand(self) -> Locator:
        return self.page.locator(HAND)

    @property
    def hand_cards(self) -> Locator:
        return self.page.locator(HAND_CARDS)

    @property
    def message(self) -> Locator:
        return self.page.locator("[data-role=message]")

    def button(self, action: str) -> Locator:
        """The (first) button with ``data-action=action``."""
        return self.page.locator(f"button[data-action={action}]").first

    def hand_codes(self) -> list[str]:
        """The learner's cards in hand order (``data-card`` codes)."""
        return [
            str(code) for code in self.hand_cards.evaluate_all("bs => bs.map(b => b.dataset.card)")
        ]

    def hand_count(self) -> int:
        return int(self.hand.get_attribute("data-count") or "-1")

    def codes_with_class(self, name: str) -> list[str]:
        """Codes of the hand cards drawn with the CSS class ``name`` (e.g. ``sk-playable``)."""
        return [
            str(code)
            for code in self.page.locator(f"{HAND_CARDS}.{name}").evaluate_all(
                "bs => bs.map(b => b.dataset.card)"
            )
        ]

    def lead(self) -> list[Card] | None:
        """The cards that lead the current trick, or None when the learner leads a new one."""
        trick = self.page.locator("[data-role=trick]")
        if not trick.count() or "sk-trick-done" in (trick.get_attribute("class") or ""):
            return None
        slot = trick.locator(".sk-slot", has=self.page.locator(".sk-lead-mark"))
        if not slot.count():
            return None
        codes = slot.locator("button[data-card]").evaluate_all("bs => bs.map(b => b.dataset.card)")
        return parse_cards(" ".join(codes))

    def played_by_learner(self) -> list[str]:
        """Codes the learner played last: in the kept last trick if a new one has begun, else the trick.

        Read in one step in the page, so a redraw between two reads cannot mix two tables.
        """
        found: list[str] = self.page.evaluate(
            """() => {
              const trick = document.querySelector('[data-role=last-trick]')
                || document.querySelector('[data-role=trick]');
              if (!trick) return [];
              return [...trick.querySelectorAll("[data-played-by='0'] button[data-card]")].map(b => b.dataset.card);
            }"""
        )
        return [str(code) for code in found]

    def trump(self) -> Trump:
        """The round's trump, read from the English status bar (level and trump suit)."""
        level_text = self.page.locator("[data-role=status-level]").inner_text()
        level = level_text.split()[-1]
        assert level in RANKS, f"cannot read the level from {level_text!r}"
        trump_text = self.page.locator("[data-role=status-trump]").inner_text().lower()
        suits = [suit for suit in SUITS if re.search(rf"\b{suit_name(suit, 'en')}\b", trump_text)]
        assert len(suits) <= 1, f"cannot read the trump suit from {trump_text!r}"
        return Trump(level, suits[0] if suits else None)

    # --- acting ---------------------------------------------------------------------------

    def select(self, cards: Sequence[Card]) -> None:
        """Click the given cards of the hand (distinct positions), waiting for each redraw."""
        codes = self.hand_codes()
        used: set[int] = set()
        for card in cards:
            index = next(i for i, code in enumerate(codes) if code == card.code and i not in used)
            used.add(index)
            self.click(self.page.locator(f'{HAND} button[data-index="{index}"]'))

    def reach_first_play(self) -> None:
        """Pass (or ask for a redeal) through the bidding and bury the first eight cards, until the learner must
        lead or follow."""
        while (turn := self.wait_for_turn()).kind != "play":
            assert turn.kind != "summary", "the round ended before the learner played"
            if turn.kind == "bury":
                self.select(parse_cards(" ".join(self.hand_codes()))[:8])
                self.click(self.button("bury"))
            else:
                self.click(self.button("pass" if "pass" in turn.actions else "redeal"))

    def selected_codes(self) -> list[str]:
        return self.codes_with_class("sk-selected")
