"""The answer controls, one kind of control per answer format.

Choices are ``<button data-answer data-key>`` (the number key in ``data-key``); a trick's plays
are such buttons themselves; cards to pick are ``<button data-card data-index>``; building
actions are ``data-action`` = undo, clear, group, ungroup, submit. ``data-verdict`` marks a
choice ``right`` or ``wrong`` once known.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from html import escape

from ...engine.cards import Card
from ...engine.catalogue import text
from ...engine.explain import seat_name
from ...puzzles import Choice
from ...puzzles.kinds.legal_follow import LegalFollow
from ...render.cards import cards_svg
from ...render.hands import card_button, card_row_html
from ..draft import GROUPS, NUMBER, ORDER, PLAY, draft_seat
from ..visit import Visit
from .parts import action_button, kbd, key_of

_SLOTS = ("south", "east", "north", "west")


def _verdict(value: str, right: Collection[str], wrong: Collection[str]) -> str:
    if value in right:
        return ' data-verdict="right"'
    if value in wrong:
        return ' data-verdict="wrong"'
    return ""


def _trick_answers(visit: Visit, lang: str, right: Collection[str]) -> str:
    """The four plays on the felt, each one button that answers with its seat."""
    slots: list[str] = []
    for position, (seat, cards) in enumerate(visit.puzzle.table.trick):
        key = key_of(position)
        name = seat_name(seat, lang)
        label = f"{name}: {', '.join(card.name(lang) for card in cards)}"
        lead = ' <span class="sk-lead-mark">①</span>' if position == 0 else ""
        disabled = " disabled" if visit.locked else ""
        slots.append(
            f'<div class="sk-slot sk-slot-{_SLOTS[seat]}" data-slot="{seat}">'
            f'<button type="button" class="sk-trainer-play" data-answer="{seat}" data-key="{key}" '
            f'aria-label="{escape(label)}"{_verdict(str(seat), right, visit.answers)}{disabled}>'
            f"{cards_svg(cards, height=78, lang=lang)}"
            f'<span class="sk-slot-name">{kbd(key)} {escape(name)}{lead}</span></button></div>'
        )
    return f'<div class="sk-trainer-felt"><div class="sk-trick" data-role="trick">{"".join(slots)}</div></div>'


def _option_cards(visit: Visit) -> dict[str, tuple[Card, ...]]:
    """The cards of each offered play, for questions whose choices are plays."""
    question = visit.puzzle.question
    if isinstance(question, LegalFollow):
        return {choice.value: question.options[i] for i, choice in enumerate(question.choices())}
    return {}


def _choice_buttons(visit: Visit, choices: Sequence[Choice], lang: str, right: Collection[str]) -> str:
    cards_of = _option_cards(visit)
    buttons: list[str] = []
    for position, choice in enumerate(choices):
        key = key_of(position)
        cards = cards_of.get(choice.value, ())
        if cards:
            body = f'<b>{escape(choice.value)}</b>{cards_svg(cards, height=60, step=0.7, lang=lang)}'
            label = f"{choice.value}: {', '.join(card.name(lang) for card in cards)}"
        else:
            body = f"<span>{escape(choice.label(lang))}</span>"
            label = choice.label(lang)
        disabled = " disabled" if visit.locked else ""
        buttons.append(
            f'<button type="button" class="sk-button sk-trainer-choice" data-answer="{escape(choice.value)}" '
            f'data-key="{key}" aria-label="{escape(label)}"'
            f"{_verdict(choice.value, right, visit.answers)}{disabled}>{kbd(key)}{body}</button>"
        )
    return f'<div class="sk-trainer-choices" role="group">{"".join(buttons)}</div>'


def _number(visit: Visit, lang: str) -> str:
    disabled = " disabled" if visit.locked else ""
    return (
        f'<div class="sk-trainer-number"><label>{escape(text("trainer_number", lang))} '
        f'<input type="number" inputmode="numeric" step="1" data-role="number" '
        f'value="{escape(visit.draft.number)}"{disabled}></label>'
        f'{action_button("submit", text("trainer_check", lang), primary=True, disabled=visit.locked)}</div>'
    )


def _pick_buttons(cards: Sequence[Card], lang: str, shown: Collection[int], selected: Collection[int] = (),
                  disabled: Collection[int] = (), role: str = "pick") -> str:
    buttons = []
    for i, card in enumerate(cards):
        if i not in shown:
            continue
        attrs = {"disabled": ""} if i in disabled else None
        states = ("selected",) if i in selected else ()
        buttons.append(card_button(card, i, states, lang, classes=["sk-trainer-card"], attrs=attrs))
    return f'<div class="sk-trainer-pick" data-role="{role}" role="group">{"".join(buttons)}</div>'


def _order(visit: Visit, lang: str) -> str:
    draft = visit.draft
    everything = range(len(draft.cards))
    pool = [i for i in everything if i not in draft.order]
    picked = card_row_html([draft.cards[i] for i in draft.order], lang) if draft.order else ""
    undo = action_button("undo", text("trainer_undo", lang), disabled=visit.locked or not draft.order)
    again = action_button("clear", text("trainer_clear", lang), disabled=visit.locked or not draft.order)
    return (
        f'<div class="sk-legend">{escape(text("trainer_sort_pool", lang))}</div>'
        f'{_pick_buttons(draft.cards, lang, [] if visit.locked else pool)}'
        f'<div class="sk-trainer-picked"><span class="sk-trainer-caption">{escape(text("trainer_sort_picked", lang))}</span>'
        f'<div data-role="picked">{picked}</div>{undo}{again}</div>'
    )


def _groups(visit: Visit, lang: str) -> str:
    draft = visit.draft
    locked = visit.locked
    everything = list(range(len(draft.cards)))
    hand = _pick_buttons(draft.cards, lang, everything, draft.selected, everything if locked else draft.grouped)
    rows = []
    for number, group in enumerate(draft.groups):
        cards = [draft.cards[i] for i in group]
        remove = action_button("ungroup", text("trainer_group_remove", lang, cards=tuple(cards)), str(number), disabled=locked)
        rows.append(f'<div class="sk-trainer-group" data-role="group">{card_row_html(cards, lang)}{remove}</div>')
    found = "".join(rows) or f'<span class="sk-legend">{escape(text("trainer_groups_none", lang))}</span>'
    check = text("trainer_check_groups" if draft.groups else "trainer_check_none", lang)
    return (
        f'<div class="sk-legend">{escape(text("trainer_groups_help", lang))}</div>{hand}'
        f'<div class="sk-trainer-actions">{action_button("group", text("trainer_group_make", lang), disabled=locked)}</div>'
        f'<div class="sk-trainer-groups"><span class="sk-trainer-caption">{escape(text("trainer_groups", lang))}</span>'
        f"{found}</div>"
        f'<div class="sk-trainer-actions">{action_button("submit", check, primary=True, disabled=locked)}</div>'
    )


def _lead(visit: Visit, lang: str) -> str:
    draft = visit.draft
    seat = draft_seat(visit.puzzle)
    lead_seat = seat if seat is not None else 0
    everything = list(range(len(draft.cards)))
    hand = _pick_buttons(draft.cards, lang, everything, draft.selected, everything if visit.locked else ())
    return (
        f'<div class="sk-legend">{escape(text("trainer_lead_help", lang, seat=lead_seat))}</div>'
        f'<div class="sk-trainer-cards" data-hand="{seat}"><span class="sk-trainer-caption">'
        f'{escape(text("trainer_hand_of", lang, seat=lead_seat))}</span>{hand}</div>'
        f'<div class="sk-trainer-actions">'
        f'{action_button("submit", text("trainer_lead", lang), primary=True, disabled=visit.locked)}'
        f'{action_button("clear", text("trainer_clear", lang), disabled=visit.locked or not draft.selected)}</div>'
    )


def answers_html(visit: Visit, lang: str, right: Collection[str] = ()) -> str:
    """The controls to answer the open puzzle with; ``right`` marks the accepted choices."""
    puzzle = visit.puzzle
    fmt = puzzle.question.answer_format
    choices = puzzle.question.choices()
    if puzzle.kind == "trick_winner":
        body = _trick_answers(visit, lang, right)
    elif choices:
        body = _choice_buttons(visit, choices, lang, right)
    elif fmt == NUMBER:
        body = _number(visit, lang)
    elif fmt == ORDER:
        body = _order(visit, lang)
    elif fmt == GROUPS:
        body = _groups(visit, lang)
    elif fmt == PLAY:
        body = _lead(visit, lang)
    else:
        body = ""
    return f'<div class="sk-trainer-answers" data-role="answers" data-format="{escape(fmt)}">{body}</div>'
