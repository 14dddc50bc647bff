"""Lesson 0's round stepper: one recorded round, stage by stage — the table, the deal card by card,
the kitty picked up and buried, every trick (lesson 4's explained trick) and the count (lesson 6's
scoreboard). Each stage links to the lesson that teaches it.

Buttons: ``data-action`` = ``previous``, ``next``, ``stage`` (``data-value`` = a stage name) and, in
the deal, ``card`` (one more card), ``declaration`` (on to the next declaration) and ``all`` (the
rest of the deal). The panel's arrow keys press Previous and Next (``data-arrow``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from markupsafe import Markup

from ...engine.scoring import points
from ...game.deal import DEALT_CARDS
from ...words.catalogue import text
from ..cards import cards_svg
from ..table import lang_button
from .follow_table import trump_context
from .lesson_links import lesson_links_html
from .round_story import RoundStory
from .scoreboard import Scoreboard
from .trick_stepper import explained_trick_html, reason_text

TABLE, DEAL, KITTY, BURY, TRICKS, COUNT = "table", "deal", "kitty", "bury", "tricks", "count"
STAGES = (TABLE, DEAL, KITTY, BURY, TRICKS, COUNT)
LESSONS: dict[str, tuple[int, ...]] = {
    TABLE: (6,), DEAL: (7, 1), KITTY: (7,), BURY: (7, 6), TRICKS: (3, 4, 5), COUNT: (6,),
}
"""The lessons that teach each stage in depth."""
SLOTS = ("south", "east", "north", "west")
"""The grid areas of the seats, as in the trick table (``render.tricks``)."""


class RoundStepper:
    """Step through ``story``: one step per stage, one per trick; the deal has its own card counter."""

    def __init__(self, story: RoundStory) -> None:
        self.story = story
        self.board = Scoreboard(story.record.data)
        self.steps: tuple[tuple[str, int], ...] = (
            (TABLE, 0), (DEAL, 0), (KITTY, 0), (BURY, 0),
            *((TRICKS, number) for number in range(1, len(self.board.tricks) + 1)), (COUNT, 0),
        )
        self.index = 0
        self.cards = 0

    @property
    def stage(self) -> str:
        return self.steps[self.index][0]

    def go(self, index: int) -> None:
        """Show step ``index`` (kept within the round); the deal starts with no card out."""
        self.index = max(0, min(index, len(self.steps) - 1))
        if self.stage == DEAL:
            self.cards = 0
        stage, number = self.steps[self.index]
        self.board.go(number if stage == TRICKS else len(self.board.tricks) if stage == COUNT else 0)

    def handle(self, message: Mapping[str, Any]) -> None:
        action, value = message.get("action"), message.get("value")
        if action == "previous":
            self.go(self.index - 1)
        elif action == "next":
            self.go(self.index + 1)
        elif action == "stage" and value in STAGES:
            self.go(next(i for i, (stage, _) in enumerate(self.steps) if stage == value))
        elif self.stage == DEAL and action in ("card", "declaration", "all"):
            self.cards = self._deal_to(str(action))

    def _deal_to(self, action: str) -> int:
        if action == "card":
            return min(self.cards + 1, DEALT_CARDS)
        later = [s.cards_dealt for s in self.story.showings if s.cards_dealt > self.cards]
        return later[0] if action == "declaration" and later else DEALT_CARDS

    # --- drawing -------------------------------------------------------------------------------

    def render(self, lang: str) -> Markup:
        stage, number = self.steps[self.index]
        drawers = {TABLE: self._table, DEAL: self._deal, KITTY: self._kitty, BURY: self._bury, COUNT: self._count}
        body = self._trick(number, lang) if stage == TRICKS else drawers[stage](lang)
        nav = Markup("").join(
            Markup(
                '<button type="button" class="sk-button" data-action="stage" data-value="{name}" '
                'aria-pressed="{pressed}">{label}</button>'
            ).format(name=name, pressed=str(name == stage).lower(), label=text(f"l00_stage_{name}", lang))
            for name in STAGES
        )
        last = len(self.steps) - 1
        return Markup(
            '<div class="sk-panel sk-round-story" data-role="round-stepper" data-stage="{stage}" data-step="{step}" '
            'data-arrow-keys tabindex="0" aria-label="{title}">'
            '<div class="sk-panel-head"><span class="sk-panel-title">{title}</span>{lang_button}</div>'
            '<div class="sk-controls" role="group" aria-label="{nav_label}">{nav}</div>'
            '<div class="sk-legend" data-role="step">{where}</div>{body}{learn}'
            '<div class="sk-controls">{previous}{next}</div>'
            '<div class="sk-legend">{keys}</div></div>'
        ).format(
            stage=stage, step=self.index, title=text("l00_stepper_title", lang),
            lang_button=lang_button(lang), nav_label=text("l00_stages_label", lang), nav=nav,
            where=text("join_sentences", lang).join(
                [text("l00_step_of", lang, step=self.index + 1, count=last + 1)]
                + ([trump_context(self.story.record.trump, lang)] if self.index >= 2 else [])
            ),
            body=body, learn=lesson_links_html(LESSONS[stage], lang),
            previous=_arrow_button("previous", text("l00_previous", lang), self.index > 0),
            next=_arrow_button("next", text("l00_next", lang), self.index < last),
            keys=text("l00_keys", lang),
        )

    def _table(self, lang: str) -> Markup:
        """The four seats round the table, South (you) at the bottom, each with its team and role."""
        dealer = self.story.dealer
        slots = Markup("").join(
            Markup(
                '<div class="sk-slot sk-slot-{area}" data-slot="{seat}" data-team="{team}">'
                '<strong>{name}</strong><span class="sk-slot-name">{role}</span></div>'
            ).format(
                area=SLOTS[seat], seat=seat, team=seat % 2, name=text(f"l00_seat_{seat}", lang),
                role=text("l00_role_defender" if seat % 2 == dealer % 2 else "l00_role_attacker", lang),
            )
            for seat in range(4)
        )
        centre = Markup('<div class="sk-round-centre">{order}</div>').format(order=text("l00_table_order", lang))
        return Markup(
            '<div class="sk-message" data-kind="info">{teams}</div>'
            '<div class="sk-trick sk-seating" data-role="seating">{slots}{centre}</div>'
            '<div class="sk-message" data-kind="info" data-role="goal">{goal}</div>'
        ).format(
            teams=text("l00_table_teams", lang, dealer=dealer, attackers=(dealer + 1) % 2),
            slots=slots, centre=centre, goal=text("l00_table_goal", lang),
        )

    def _deal(self, lang: str) -> Markup:
        story, count = self.story, self.cards
        lines = [text("l00_deal_start", lang, first=story.first)]
        if count:
            seat, card = story.dealt(count)[-1]
            lines = [text("l00_deal_card", lang, number=count, seat=seat, card=(card,))]
        for showing in story.shown_by(count):
            lines.append(text(f"l00_deal_{showing.kind}", lang, seat=showing.seat, cards=showing.cards,
                              number=showing.cards_dealt))
        if count == DEALT_CARDS:
            lines.append(text("l00_deal_done", lang, dealer=story.dealer, trump=story.record.trump))
        hand = story.hand_after(0, count)
        shown = story.shown_by(count)
        ordered = story.record.trump.sorted(hand) if shown else list(hand)
        sizes = text("l00_deal_sizes", lang, **{f"s{seat}": len(story.hand_after(seat, count)) for seat in range(4)})
        buttons = Markup("").join(
            _arrow_button(action, text(f"l00_deal_{action}_button", lang), count < DEALT_CARDS, arrow="")
            for action in ("card", "declaration", "all")
        )
        return Markup(
            '<div class="sk-message" data-role="deal" data-kind="info" data-cards="{count}">{lines}</div>'
            '<div class="sk-legend">{your}</div><div class="sk-round-hand">{hand}</div>'
            '<div class="sk-legend" data-role="sizes">{sizes}</div><div class="sk-controls">{buttons}</div>'
        ).format(
            count=count, lines=Markup("<br>").join(lines), your=text("l00_deal_your_hand", lang, count=len(hand)),
            hand=cards_svg(ordered, height=64, lang=lang), sizes=sizes, buttons=buttons,
        )

    def _kitty(self, lang: str) -> Markup:
        kitty = self.story.kitty
        return Markup(
            '<div class="sk-message" data-role="kitty" data-kind="info">{line}</div>'
            '<div class="sk-round-hand">{cards}</div>'
        ).format(
            line=text("l00_kitty_taken", lang, dealer=self.story.dealer, points=points(kitty)),
            cards=cards_svg(kitty, height=64, lang=lang),
        )

    def _bury(self, lang: str) -> Markup:
        buried = self.story.record.buried
        return Markup(
            '<div class="sk-message" data-role="buried" data-kind="info">{line}</div>'
            '<div class="sk-round-hand">{cards}</div>'
        ).format(
            line=text("l00_kitty_buried", lang, dealer=self.story.dealer, points=points(buried),
                      attackers=(self.story.dealer + 1) % 2),
            cards=cards_svg(self.story.record.trump.sorted(buried), height=64, lang=lang),
        )

    def _trick(self, number: int, lang: str) -> Markup:
        trick = self.story.tricks()[number - 1]
        winner, _ = reason_text(trick, lang)
        followers = [trick.seat(i) for i in range(1, 4)]
        order = text("l00_trick_order", lang, number=number, count=len(self.board.tricks), leader=trick.leader,
                     a=followers[0], b=followers[1], c=followers[2])
        taken = points(card for play in trick.plays for card in play)
        side = "l00_trick_attackers" if self.board.is_attacker(winner) else "l00_trick_defenders"
        side += "" if taken else "_none"  # "its 0 points count for them" says nothing true
        last = number == len(self.board.tricks)
        then = text("l00_trick_last" if last else "l00_trick_next", lang, seat=winner, number=number + 1)
        return Markup(
            '<div class="sk-legend" data-role="trick-order">{order}</div>{trick}'
            '<div class="sk-message" data-role="taken" data-kind="info" data-winner="{winner}">{taken} {then}</div>'
            '<div class="sk-message" data-role="running" data-kind="info" data-points="{running}">{running_line}</div>'
        ).format(
            order=order, trick=explained_trick_html(trick, lang), winner=winner,
            taken=text(side, lang, seat=winner, points=taken), then=then, running=self.board.running(),
            running_line=text("l6_board_running", lang, points=self.board.running()),
        )

    def _count(self, lang: str) -> Markup:
        record = self.story.record
        levels = record.data.get("levels_after", list(record.levels))
        return Markup(
            '<div class="sk-message" data-role="running" data-kind="info">{tricks}</div>{end}'
            '<div class="sk-message" data-role="levels" data-kind="ok">{levels}</div>'
        ).format(
            tricks=text("l00_count_tricks", lang, points=self.board.running()),
            end=self.board.end_html(lang),
            levels=text(
                "l00_count_levels", lang, before0=record.levels[0], before1=record.levels[1],
                after0=levels[0], after1=levels[1],
            ),
        )


def _arrow_button(action: str, label: str, enabled: bool, arrow: str | None = None) -> Markup:
    """A stepper button; ``data-arrow`` names the arrow key that presses it (Previous ←, Next →)."""
    key = action if arrow is None else arrow
    arrow_attr = Markup(' data-arrow="{key}"').format(key=key) if key else Markup("")
    disabled = Markup("") if enabled else Markup(" disabled")
    names = "sk-button sk-primary" if action == "next" else "sk-button"
    return Markup(
        '<button type="button" class="{names}" data-action="{action}"{arrow}{disabled}>{label}</button>'
    ).format(names=names, action=action, arrow=arrow_attr, disabled=disabled, label=label)
