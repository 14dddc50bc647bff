"""The answer controls, one kind of control per answer format.

Choices are ``<button data-answer data-key>`` (the number key in ``data-key``), named by what they
show (the cards' pictures are labelled images), never by an ``aria-label`` that would leave out the
visible text (WCAG 2.5.3); a trick's plays are such buttons themselves; cards to pick are
``<button data-card data-index>``; building actions are ``data-action`` = undo, clear, group,
ungroup, check; a hand to pick some cards from is ``data-seat``; a seat to pick is ``data-action="seat"``
(``data-value`` the seat, ``aria-pressed`` whether it is picked). ``data-verdict`` marks a choice
``right`` or ``wrong`` once known.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from markupsafe import Markup

from ...engine.cards import Card
from ...engine.explain import seat_name
from ...puzzles import Choice
from ...puzzles.kinds.legal_follow import LegalFollow
from ...render.cards import cards_svg
from ...render.hands import card_button, card_row_html, hand_html
from ...words.catalogue import text
from ..draft import GROUPS, NUMBER, ORDER, PICK, PLAY, REFUSED, SEATS, draft_format, draft_seat
from ..visit import Visit
from .parts import action_button, kbd, key_of

_SLOTS = ("south", "east", "north", "west")
_NEED_CARDS = ("trainer_need_cards", "fair_pick_first", "fair_pick_count")


def control_message(visit: Visit, codes: Collection[str], lang: str) -> Markup:
    """The answer-building problem (``visit.control_notice``) among ``codes``, right by its button."""
    notice = visit.control_notice
    if notice is None or (notice.code not in codes and notice.code != REFUSED):
        return Markup()
    return Markup(
        '<p class="sk-message sk-trainer-near" data-role="control-message" data-notice="{code}" '
        'data-kind="{kind}" role="alert">{text}</p>'
    ).format(code=notice.code, kind=notice.kind, text=notice.render(lang))


def _verdict(value: str, right: Collection[str], wrong: Collection[str]) -> Markup:
    if value in right:
        return Markup(' data-verdict="right"')
    if value in wrong:
        return Markup(' data-verdict="wrong"')
    return Markup()


def _trick_answers(visit: Visit, lang: str, right: Collection[str]) -> Markup:
    """The four plays on the felt, each one button that answers with its seat."""
    slots: list[Markup] = []
    for position, (seat, cards) in enumerate(visit.puzzle.table.trick):
        key = key_of(position)
        name = seat_name(seat, lang)
        lead = Markup(' <span class="sk-lead-mark">①</span>') if position == 0 else ""
        disabled = Markup(" disabled") if visit.locked else ""
        slots.append(
            Markup(
                '<div class="sk-slot sk-slot-{area}" data-slot="{seat}">'
                '<button type="button" class="sk-trainer-play" data-answer="{seat}" data-key="{key}"'
                '{verdict}{disabled}>'
                "{cards}"
                '<span class="sk-slot-name">{kbd} {name}{lead}</span></button></div>'
            ).format(
                area=_SLOTS[seat], seat=seat, key=key, verdict=_verdict(str(seat), right, visit.answers),
                disabled=disabled, cards=cards_svg(cards, height=78, lang=lang), kbd=kbd(key), name=name, lead=lead,
            )
        )
    return Markup('<div class="sk-trainer-felt"><div class="sk-trick" data-role="trick">{slots}</div></div>').format(
        slots=Markup("").join(slots)
    )


def _option_cards(visit: Visit) -> dict[str, tuple[Card, ...]]:
    """The cards of each offered play, for questions whose choices are plays."""
    question = visit.puzzle.question
    if isinstance(question, LegalFollow):
        return {choice.value: question.options[i] for i, choice in enumerate(question.choices())}
    return {}


def _choice_buttons(visit: Visit, choices: Sequence[Choice], lang: str, right: Collection[str]) -> Markup:
    cards_of = _option_cards(visit)
    buttons: list[Markup] = []
    for position, choice in enumerate(choices):
        key = key_of(position)
        cards = cards_of.get(choice.value, ())
        if cards:
            body = Markup("<b>{value}</b>{cards}").format(
                value=choice.value, cards=cards_svg(cards, height=60, step=0.7, lang=lang)
            )
        else:
            body = Markup("<span>{label}</span>").format(label=choice.label(lang))
        disabled = Markup(" disabled") if visit.locked else ""
        buttons.append(
            Markup(
                '<button type="button" class="sk-button sk-trainer-choice" data-answer="{value}" '
                'data-key="{key}"'
                "{verdict}{disabled}>{kbd}{body}</button>"
            ).format(
                value=choice.value, key=key, verdict=_verdict(choice.value, right, visit.answers),
                disabled=disabled, kbd=kbd(key), body=body,
            )
        )
    return Markup('<div class="sk-trainer-choices" role="group">{buttons}</div>').format(
        buttons=Markup("").join(buttons)
    )


def _number(visit: Visit, lang: str) -> Markup:
    disabled = Markup(" disabled") if visit.locked else ""
    return Markup(
        '<div class="sk-trainer-number"><label>{label} '
        '<input type="number" inputmode="numeric" step="1" data-role="number" '
        'value="{number}"{disabled}></label>'
        "{check}</div>{near}"
    ).format(
        near=control_message(visit, ("trainer_need_number",), lang), label=text("trainer_number", lang),
        number=visit.draft.number, disabled=disabled,
        check=action_button("check", text("trainer_check", lang), primary=True, disabled=visit.locked),
    )


def _pick_buttons(cards: Sequence[Card], lang: str, shown: Collection[int], selected: Collection[int] = (),
                  disabled: Collection[int] = (), role: str = "pick") -> Markup:
    buttons: list[Markup] = []
    for i, card in enumerate(cards):
        if i not in shown:
            continue
        attrs = {"disabled": ""} if i in disabled else None
        states = ("selected",) if i in selected else ()
        buttons.append(card_button(card, i, states, lang, classes=["sk-trainer-card"], attrs=attrs))
    return Markup('<div class="sk-trainer-pick" data-role="{role}" role="group">{buttons}</div>').format(
        role=role, buttons=Markup("").join(buttons)
    )


def _order(visit: Visit, lang: str) -> Markup:
    draft = visit.draft
    everything = range(len(draft.cards))
    pool = [i for i in everything if i not in draft.order]
    picked = card_row_html([draft.cards[i] for i in draft.order], lang) if draft.order else Markup()
    undo = action_button("undo", text("trainer_undo", lang), disabled=visit.locked or not draft.order)
    again = action_button("clear", text("trainer_clear", lang), disabled=visit.locked or not draft.order)
    return Markup(
        '<div class="sk-legend">{help}</div>{pool}'
        '<div class="sk-trainer-picked"><span class="sk-trainer-caption">{caption}</span>'
        '<div data-role="picked">{picked}</div>{undo}{again}</div>'
    ).format(
        help=text("trainer_sort_pool", lang), pool=_pick_buttons(draft.cards, lang, [] if visit.locked else pool),
        caption=text("trainer_sort_picked", lang), picked=picked, undo=undo, again=again,
    )


def _groups(visit: Visit, lang: str) -> Markup:
    draft = visit.draft
    locked = visit.locked
    everything = list(range(len(draft.cards)))
    hand = _pick_buttons(draft.cards, lang, everything, draft.selected, everything if locked else draft.grouped)
    rows: list[Markup] = []
    for number, group in enumerate(draft.groups):
        cards = [draft.cards[i] for i in group]
        label = text("trainer_group_remove", lang, cards=tuple(cards))
        remove = action_button("ungroup", label, str(number), disabled=locked)
        rows.append(
            Markup('<div class="sk-trainer-group" data-role="group">{cards}{remove}</div>').format(
                cards=card_row_html(cards, lang), remove=remove
            )
        )
    found = Markup("").join(rows) or Markup('<span class="sk-legend">{none}</span>').format(
        none=text("trainer_groups_none", lang)
    )
    check = text("trainer_check_groups" if draft.groups else "trainer_check_none", lang)
    return Markup(
        '<div class="sk-legend">{help}</div>{hand}'
        '<div class="sk-trainer-actions">{make}</div>{near}'
        '<div class="sk-trainer-groups"><span class="sk-trainer-caption">{caption}</span>'
        "{found}</div>"
        '<div class="sk-trainer-actions">{submit}</div>'
    ).format(
        help=text("trainer_groups_help", lang), near=control_message(visit, ("trainer_need_pair",), lang), hand=hand,
        make=action_button("group", text("trainer_group_make", lang), disabled=locked),
        caption=text("trainer_groups", lang), found=found,
        submit=action_button("check", check, primary=True, disabled=locked),
    )


def _lead(visit: Visit, lang: str) -> Markup:
    """The mover's hand to play from (a lead, or a follow when a trick is on the table), then play and clear."""
    draft = visit.draft
    seat = draft_seat(visit.puzzle)
    lead_seat = seat if seat is not None else 0
    verb = "play" if visit.puzzle.table.trick else "lead"
    everything = list(range(len(draft.cards)))
    hand = _pick_buttons(draft.cards, lang, everything, draft.selected, everything if visit.locked else ())
    return Markup(
        '<div class="sk-legend">{help}</div>'
        '<div class="sk-trainer-cards" data-hand="{seat}"><span class="sk-trainer-caption">'
        "{caption}</span>{hand}</div>"
        '<div class="sk-trainer-actions">{submit}{clear}</div>{near}'
    ).format(
        near=control_message(visit, _NEED_CARDS, lang),
        help=text(f"trainer_{verb}_help", lang, seat=lead_seat), seat=seat,
        caption=text("trainer_hand_of", lang, seat=lead_seat), hand=hand,
        submit=action_button("check", text(f"trainer_{verb}", lang), primary=True, disabled=visit.locked),
        clear=action_button("clear", text("trainer_clear", lang), disabled=visit.locked or not draft.selected),
    )


def _pick(visit: Visit, lang: str) -> Markup:
    """Some cards of the hand (a tractor, the cards to bury): the hand, the pick so far, check and clear."""
    draft, seat = visit.draft, draft_seat(visit.puzzle)
    hand = hand_html(draft.cards, draft.selected, None, visit.puzzle.table.trump, lang, seat)
    picked = card_row_html([draft.cards[i] for i in draft.selected], lang, ("selected",), attrs={"data-role": "picked"})
    return Markup(
        '<div class="sk-legend">{help}</div>{hand}'
        '<div class="sk-order-picked"><span class="sk-control-label">{caption}</span>{picked}</div>'
        '<div class="sk-actions">{check}{clear}</div>{near}'
    ).format(
        help=text("ex_pick_cards", lang), hand=hand, caption=text("ex_your_pick", lang), picked=picked,
        check=action_button("check", text("ex_check", lang), primary=True, disabled=visit.locked),
        clear=action_button("clear", text("ex_clear", lang), disabled=visit.locked),
        near=control_message(visit, _NEED_CARDS, lang),
    )


def _seats(visit: Visit, lang: str) -> Markup:
    """The four seats as toggle buttons (``aria-pressed``), then Check: for "which seats …?" questions."""
    picked = visit.draft.seats
    buttons = Markup("").join(
        Markup(
            '<button type="button" class="sk-button sk-trainer-seat" data-action="seat" data-value="{seat}" '
            'aria-pressed="{pressed}"{disabled}>{name}</button>'
        ).format(seat=seat, pressed="true" if seat in picked else "false",
                 disabled=Markup(" disabled") if visit.locked else "", name=seat_name(seat, lang))
        for seat in range(4)
    )
    return Markup(
        '<div class="sk-legend">{help}</div>'
        '<div class="sk-trainer-seats" data-role="seats" role="group">{buttons}</div>'
        '<div class="sk-actions">{check}</div>{near}'
    ).format(
        help=text("trainer_seats_help", lang), buttons=buttons,
        check=action_button("check", text("trainer_check", lang), primary=True, disabled=visit.locked),
        near=control_message(visit, ("trainer_need_seats",), lang),
    )


def answers_html(visit: Visit, lang: str, right: Collection[str] = ()) -> Markup:
    """The controls to answer the open puzzle with; ``right`` marks the accepted choices."""
    puzzle = visit.puzzle
    fmt = draft_format(puzzle)
    choices = visit.choices
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
    elif fmt == PICK:
        body = _pick(visit, lang)
    elif fmt == SEATS:
        body = _seats(visit, lang)
    else:
        body = Markup()
    return Markup('<div class="sk-trainer-answers" data-role="answers" data-format="{fmt}">{body}</div>').format(
        fmt=fmt, body=body
    )
