"""Turn the controller's state into a ``TableScene`` (what to draw, already in one language).

The builder reads the controller through ``TableState`` (what it needs, as a protocol), so the
controller imports this module and not the other way round.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol

from ...engine.cards import Card, codes
from ...engine.explain import seat_name
from ...game import Action, Event, Round, RoundResult, SeatView
from ...kit_files import page_address
from ...render.glossary import term
from ...render.hint import hint_panel_html, review_block_html, review_wide_html
from ...render.selection import Selection
from ...render.table_data import (
    ActionButton,
    LogLine,
    PlayedCards,
    SeatBox,
    Summary,
    SummaryLine,
    TableScene,
)
from ...words.catalogue import text
from .coach_desk import CoachDesk, hinted_positions

LEARNER = 0
RULES_PAGE = "rules.ipynb"
"""The rules reference as a page next to the play app (notebooks/rules.ipynb)."""
BUTTON_TERMS = {
    "pass": "pass", "deal-on": "deal_on", "redeal": "redeal", "bury": "burying",
}
"""The glossary term that explains each action button."""
STATUS_TERMS = (("trump", "trump"), ("level", "level"), ("dealer", "dealer"), ("points", "attackers"))


class ShownNote(Protocol):
    """The note above the table (``controller.Note``): who speaks, how, and the cards it shows."""

    @property
    def speaker(self) -> object: ...
    @property
    def kind(self) -> str: ...
    @property
    def cards(self) -> tuple[Card, ...]: ...
    @property
    def serial(self) -> int: ...
    def text(self, lang: str) -> str: ...


class LoggedEvent(Protocol):
    """One line of the game log (``controller.LogEntry``)."""

    @property
    def event(self) -> Event: ...


class TableState(Protocol):
    """What the scene is built from: the parts of ``controller.TableController`` it reads."""

    @property
    def view(self) -> SeatView: ...
    @property
    def round(self) -> Round: ...
    @property
    def selection(self) -> Selection: ...
    @property
    def coach(self) -> CoachDesk: ...
    @property
    def note(self) -> ShownNote | None: ...
    @property
    def log(self) -> Sequence[LoggedEvent]: ...
    @property
    def held_trick(self) -> int | None: ...
    @property
    def pending_throw(self) -> tuple[Card, ...] | None: ...
    @property
    def allow_undo(self) -> bool: ...
    @property
    def undo_points(self) -> Sequence[int]: ...
    @property
    def show_previous(self) -> bool: ...
    def playable(self) -> frozenset[Card] | None: ...
    def learner_options(self) -> list[Action]: ...


def hint(term_id: str, lang: str) -> str:
    """The glossary's one-line explanation of ``term_id``, as a tooltip."""
    return term(term_id).tooltip(lang)


def seat_boxes(view: SeatView, lang: str) -> tuple[SeatBox, ...]:
    """Name, cards left and badges (dealer, leads, winning, to play) for the four seats."""
    winning = view.winning if view.phase == "play" else None
    return tuple(
        SeatBox(
            seat=seat,
            name=seat_name(seat, lang),
            cards_left=view.hand_sizes[seat],
            dealer=view.dealer == seat,
            leader=view.leader == seat,
            winning=winning == seat,
            to_act=view.to_act == seat,
            team_level=view.levels[seat % 2],
        )
        for seat in range(4)
    )


def status(view: SeatView, lang: str) -> tuple[tuple[str, str, str], ...]:
    """Level, dealer, attackers' points and the levels of both teams for the top bar."""
    items = [("level", text("ui_level", lang), view.level or "-")]
    items.append(("dealer", text("ui_dealer", lang), "-" if view.dealer is None else seat_name(view.dealer, lang)))
    items.append(("points", text("ui_attackers_points", lang), str(view.attackers_points)))
    ours, theirs = view.levels[LEARNER % 2], view.levels[1 - LEARNER % 2]
    items.append(("levels", text("ui_levels", lang), text("ui_levels_value", lang, ours=ours, theirs=theirs)))
    return tuple(items)


def summary(result: RoundResult, kitty: tuple[Card, ...] | None, lang: str) -> Summary:
    """The end-of-round figures: points, kitty × multiplier, total, outcome, next dealer, levels."""
    if result.kitty_captured:
        kitty_value = text(
            "ui_kitty_scored", lang, points=result.kitty_points, multiplier=result.kitty_multiplier,
            total=result.kitty_points * result.kitty_multiplier,
        )
    elif kitty is None:  # house rule kitty_shown_at_end = false: the kept kitty stays face down
        kitty_value = text("house_scoring_kitty_face_down", lang)
    else:
        kitty_value = text("ui_kitty_kept", lang, points=result.kitty_points)
    ours, theirs = result.levels_after[LEARNER % 2], result.levels_after[1 - LEARNER % 2]
    team = "ui_team_ours" if result.attackers == LEARNER % 2 else "ui_team_theirs"
    lines = (
        SummaryLine("attackers", text("ui_attackers", lang), text(team, lang)),
        SummaryLine(
            "trick-points", text("ui_trick_points", lang), str(result.attackers_points), hint("point_cards", lang)
        ),
        SummaryLine("kitty", text("ui_kitty_points", lang), kitty_value, hint("kitty_multiplier", lang)),
        SummaryLine("total", text("ui_attackers_total", lang), str(result.total)),
        SummaryLine("outcome", text("ui_outcome", lang), result.outcome.describe(lang)),
        SummaryLine("next-dealer", text("ui_next_dealer", lang), seat_name(result.next_dealer, lang)),
        SummaryLine("levels", text("ui_levels", lang), text("ui_levels_value", lang, ours=ours, theirs=theirs)),
    )
    return Summary(text("ui_summary_title", lang), lines, tuple(kitty or ()))


def prompt(ctrl: TableState, view: SeatView, lang: str) -> str:
    """What the learner is asked to do now (or who is playing)."""
    if view.result is not None:
        return text("ui_prompt_done", lang)
    if view.to_act != LEARNER:
        if view.to_act is None:
            return text("ui_prompt_deal", lang)
        code = {"play": "ui_prompt_wait", "bury": "ui_prompt_wait_bury"}.get(view.phase, "ui_prompt_wait_bid")
        return text(code, lang, seat=view.to_act)
    if view.phase == "bury":
        return text("ui_prompt_bury", lang, count=len(ctrl.selection.selected))
    if view.phase == "play":
        if view.lead is None:
            return text("ui_prompt_lead", lang)
        return text("ui_prompt_follow", lang, count=len(view.lead))
    kinds = {action.kind for action in ctrl.learner_options()}
    if "redeal" in kinds:
        return text("ui_prompt_redeal", lang)
    if "overturn" in kinds:
        return text("ui_prompt_overturn", lang)
    return text("ui_prompt_declare", lang)


def buttons(ctrl: TableState, view: SeatView, lang: str) -> tuple[ActionButton, ...]:
    """The learner's buttons for the current phase (none while the bots play)."""
    found: list[ActionButton] = []
    if ctrl.pending_throw is not None:
        found.append(ActionButton("throw", text("table_throw_anyway", lang), "throw", primary=True,
                                  hint=hint("throw", lang)))
        found.append(ActionButton("throw", text("table_throw_always", lang), "always"))
        found.append(ActionButton("throw", text("table_throw_cancel", lang), "cancel"))
    elif view.to_act == LEARNER and view.result is None:
        if view.phase == "play":
            found.append(ActionButton("play", text("ui_play", lang), primary=True))
            found.append(ActionButton("clear", text("ui_clear", lang), enabled=bool(ctrl.selection.selected)))
        elif view.phase == "bury":
            count = len(ctrl.selection.selected)
            found.append(ActionButton("bury", text("ui_bury", lang, count=count), enabled=count == 8, primary=True))
            found.append(ActionButton("clear", text("ui_clear", lang), enabled=bool(count)))
        else:
            for action in ctrl.learner_options():
                if action.kind in ("declare", "overturn"):
                    label = text("ui_declare" if action.kind == "declare" else "ui_overturn", lang)
                    found.append(ActionButton("declare", label, codes(action.cards), cards=action.cards,
                                              hint=hint(action.kind, lang)))
                elif action.kind == "redeal":
                    found.append(ActionButton("redeal", text("ui_redeal", lang)))
                elif action.kind == "pass":
                    found.append(ActionButton("pass", text("ui_pass", lang)))
                elif action.kind == "deal_on":
                    found.append(ActionButton("deal-on", text("ui_deal_on", lang)))
    if view.phase == "play" and view.result is None:
        found.append(ActionButton("hint", text("coachui_hint", lang), enabled=ctrl.coach.can_hint(ctrl.round)))
    if ctrl.allow_undo:
        found.append(ActionButton("undo", text("ui_undo", lang), enabled=bool(ctrl.undo_points)))
    return tuple(
        replace(button, hint=hint(BUTTON_TERMS[button.action], lang))
        if button.action in BUTTON_TERMS and not button.hint else button
        for button in found
    )


def bidding(view: SeatView, lang: str) -> tuple[str, ...]:
    """While dealing and declaring: how many cards are dealt, then each declaration so far."""
    if view.phase not in ("deal", "declare", "overturn", "redeal"):
        return ()
    lines = [text("table_cards_dealt", lang, count=view.cards_dealt)]
    for bid in view.bids:
        if bid.seat is None:
            lines.append(text("table_bid_revealed", lang, cards=bid.cards))
        else:
            code = "table_bid_overturn" if bid.kind == "overturn" else "table_bid_declare"
            lines.append(text(code, lang, seat=bid.seat, cards=bid.cards))
    if not view.bids:
        lines.append(text("table_bid_none", lang))
    return tuple(lines)


def game_log(ctrl: TableState, lang: str) -> tuple[LogLine, ...]:
    """The round's events so far, oldest first, in ``lang``."""
    return tuple(LogLine(entry.event.kind, entry.event.message(lang)) for entry in ctrl.log)


def last_trick(ctrl: TableState, view: SeatView) -> tuple[tuple[PlayedCards, ...], int | None]:
    """The finished trick the learner last played in, while a newer trick (or the summary) is shown."""
    index = ctrl.held_trick
    if index is None or index >= len(view.tricks) or not (view.trick or view.result is not None):
        return (), None
    held = view.tricks[index]
    return tuple(PlayedCards(held.seat_of(i), play) for i, play in enumerate(held.plays)), held.winner


def build_scene(ctrl: TableState, lang: str) -> TableScene:
    """Everything the table shows for the learner at seat 0."""
    view = ctrl.view
    trick = tuple(PlayedCards(seat, cards) for seat, cards in view.trick)
    winner = view.winning
    done = False
    previous = view.previous_trick
    if not trick and previous is not None and view.result is None:
        trick = tuple(PlayedCards(previous.seat_of(i), play) for i, play in enumerate(previous.plays))
        winner, done = previous.winner, True
    before = view.tricks[-2] if len(view.tricks) >= 2 else None
    shown_previous = before if done else previous
    note = ctrl.note
    kitty = view.kitty if view.kitty and view.result is None and view.phase != "bury" else ()
    coach = ctrl.coach
    advice = coach.current(ctrl.round)
    hinting = coach.can_hint(ctrl.round)
    asked = prompt(ctrl, view, lang)
    if hinting:
        asked = asked + " " + text("coachui_hint_key", lang)
    ending = None
    if view.result is not None:
        ending = replace(
            summary(view.result, view.kitty, lang),
            coach=str(review_block_html(
                coach.review, coach.reviewing, coach.review_error, coach.hints_used, lang, coach.progress
            )),
        )
    held, held_winner = last_trick(ctrl, view)
    failed = note is not None and isinstance(note.speaker, Event) and note.speaker.kind == "throw_failed"
    return TableScene(
        lang=lang,
        seats=seat_boxes(view, lang),
        hand=tuple(ctrl.selection.cards),
        selected=frozenset(ctrl.selection.selected),
        playable=ctrl.playable(),
        trump=view.trump,
        status=status(view, lang),
        trick=trick,
        trick_winner=winner,
        trick_done=done,
        previous=() if shown_previous is None else tuple(
            PlayedCards(shown_previous.seat_of(i), play) for i, play in enumerate(shown_previous.plays)
        ),
        previous_winner=None if shown_previous is None else shown_previous.winner,
        show_previous=ctrl.show_previous,
        message="" if note is None else note.text(lang),
        message_kind="info" if note is None else note.kind,
        message_key="" if note is None else str(note.serial),
        message_cards=() if note is None else note.cards,
        prompt=asked,
        actions=buttons(ctrl, view, lang),
        summary=ending,
        kitty=tuple(kitty),
        kitty_label=text("ui_kitty_yours", lang),
        hinted=frozenset() if advice is None else hinted_positions(tuple(ctrl.selection.cards), advice.play),
        coach=str(hint_panel_html(advice, lang, available=False)),
        review=str(review_wide_html(coach.review, lang)) if view.result is not None else "",
        message_hint=hint("base_stake", lang) if failed else "",
        status_hints=tuple((role, hint(term_id, lang)) for role, term_id in STATUS_TERMS),
        last_trick=held,
        last_winner=held_winner,
        last_title=text("table_last_trick", lang),
        bidding=bidding(view, lang),
        log=game_log(ctrl, lang),
        log_title=text("table_log_title", lang),
        rules_href=page_address(RULES_PAGE if lang == "en" else f"{RULES_PAGE}?lang={lang}"),
        rules_label=text("table_rules", lang),
    )
