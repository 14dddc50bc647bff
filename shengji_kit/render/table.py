"""The whole card table as one HTML string, drawn from a ``TableScene``.

DOM hooks: ``data-role`` = table, status, message, prompt, trick, previous-trick, summary,
seat-box, kitty; ``data-action`` on every button (play, pass, declare, bury, undo, lang,
previous, next-round, …); the learner's hand is ``data-seat="0"``.
"""

from __future__ import annotations

from html import escape

from ..engine.catalogue import text
from ..engine.explain import suit_name
from ..engine.trump import Trump
from .cards import card_back_svg, cards_svg
from .hands import card_row_html, hand_html
from .pips import pip
from .scene import ActionButton, SeatBox, Summary, TableScene
from .tricks import trick_centre_html

_AREAS = ("south", "east", "north", "west")


def lang_button(lang: str) -> str:
    """The language switch: shows the other language's name; ``data-action="lang"``."""
    other = "zh" if lang == "en" else "en"
    return (
        f'<button type="button" class="sk-button sk-lang" data-action="lang" lang="{other}" '
        f'data-value="{other}">{text("ui_lang_switch", lang)}</button>'
    )


def action_button(button: ActionButton, lang: str) -> str:
    """One action button with ``data-action`` (and ``data-value`` when set)."""
    names = "sk-button sk-primary" if button.primary else "sk-button"
    value = f' data-value="{escape(button.value)}"' if button.value else ""
    disabled = "" if button.enabled else " disabled"
    cards = cards_svg(button.cards, height=34, lang=lang) if button.cards else ""
    return (
        f'<button type="button" class="{names}" data-action="{escape(button.action)}"{value}{disabled}>'
        f'{cards}<span>{escape(button.label)}</span></button>'
    )


def trump_badge(trump: Trump | None, lang: str) -> str:
    """The trump suit as a drawn symbol plus words, or 'not declared yet'."""
    if trump is None:
        return escape(text("ui_undeclared", lang))
    if trump.suit is None:
        return escape(text("ui_no_trump", lang))
    symbol = f'<svg class="sk-pip" width="16" height="16" viewBox="-1 -1 2 2" aria-hidden="true">{pip(trump.suit, 0, 0, 2)}</svg>'
    return symbol + escape(suit_name(trump.suit, lang))


def status_bar(scene: TableScene) -> str:
    """Trump, level, dealer, points, with the previous-trick and language buttons."""
    items = [
        f'<span class="sk-status-item" data-role="status-trump"><b>{text("ui_trump", scene.lang)}</b> '
        f"{trump_badge(scene.trump, scene.lang)}</span>"
    ]
    for role, label, value in scene.status:
        items.append(
            f'<span class="sk-status-item" data-role="status-{escape(role)}"><b>{escape(label)}</b> '
            f"{escape(value)}</span>"
        )
    buttons = []
    if scene.previous:
        code = "ui_previous_hide" if scene.show_previous else "ui_previous_show"
        buttons.append(
            f'<button type="button" class="sk-button" data-action="previous" '
            f'aria-pressed="{str(scene.show_previous).lower()}">{text(code, scene.lang)}</button>'
        )
    buttons.append(lang_button(scene.lang))
    return (
        f'<div class="sk-topbar"><div class="sk-status" data-role="status">{"".join(items)}</div>'
        f'<div class="sk-topbar-buttons">{"".join(buttons)}</div></div>'
    )


def seat_box(box: SeatBox, lang: str) -> str:
    """Name, cards left (as a card back with a count) and badges of one seat."""
    badges = []
    if box.dealer:
        badges.append(("dealer", text("ui_badge_dealer", lang)))
    if box.leader:
        badges.append(("leads", text("ui_badge_leads", lang)))
    if box.winning:
        badges.append(("winning", text("ui_badge_winning", lang)))
    if box.to_act:
        badges.append(("to-act", text("ui_badge_to_act", lang)))
    badge_html = "".join(
        f'<span class="sk-badge sk-badge-{kind}" data-badge="{kind}">{escape(label)}</span>'
        for kind, label in badges
    )
    partner = f' <span class="sk-partner">({text("ui_partner", lang)})</span>' if box.seat == 2 else ""
    back = card_back_svg(34) if box.seat != 0 else ""
    count = text("ui_cards_left", lang, count=box.cards_left)
    active = " sk-active" if box.to_act else ""
    return (
        f'<div class="sk-seat-box sk-area-{_AREAS[box.seat]}{active}" data-role="seat-box" '
        f'data-seat-box="{box.seat}"><div class="sk-seat-name">{escape(box.name)}{partner}</div>'
        f'<div class="sk-seat-cards">{back}<span data-role="cards-left">{escape(count)}</span></div>'
        f'<div class="sk-badges">{badge_html}</div></div>'
    )


def summary_html(summary: Summary, lang: str) -> str:
    """The end-of-round summary with its figures, the kitty, and the next-round button."""
    rows = "".join(
        f'<tr data-role="summary-{escape(line.role)}"><th>{escape(line.label)}</th>'
        f"<td>{escape(line.value)}</td></tr>"
        for line in summary.lines
    )
    kitty = ""
    if summary.kitty:
        kitty = (
            f'<div class="sk-summary-kitty"><b>{text("ui_kitty", lang)}</b>'
            f'{card_row_html(summary.kitty, lang, attrs={"data-role": "summary-kitty"})}</div>'
        )
    return (
        f'<div class="sk-summary" data-role="summary"><h3>{escape(summary.title)}</h3>'
        f"<table>{rows}</table>{kitty}"
        f'<button type="button" class="sk-button sk-primary" data-action="next-round">'
        f'{text("ui_next_round", lang)}</button></div>'
    )


def _centre(scene: TableScene) -> str:
    if scene.summary is not None:
        return summary_html(scene.summary, scene.lang)
    centre = trick_centre_html(scene.trick, scene.trick_winner, scene.lang, scene.trick_done)
    if scene.show_previous and scene.previous:
        previous = trick_centre_html(
            scene.previous, scene.previous_winner, scene.lang, True, role="previous-trick"
        )
        centre = (
            f'<div class="sk-previous"><div class="sk-previous-title">{text("ui_previous", scene.lang)}'
            f"</div>{previous}</div>"
        )
    return centre


def table_html(scene: TableScene) -> str:
    """The table: status bar, three opponents' boxes around the trick, message, actions, hand."""
    lang = scene.lang
    boxes = {box.seat: seat_box(box, lang) for box in scene.seats}
    felt = (
        f'<div class="sk-felt">{boxes.get(2, "")}{boxes.get(3, "")}'
        f'<div class="sk-centre">{_centre(scene)}</div>{boxes.get(1, "")}</div>'
    )
    cards = ""
    if scene.message_cards:
        cards = card_row_html(scene.message_cards, lang, attrs={"data-role": "message-cards"})
    message = (
        f'<div class="sk-message-line"><div class="sk-message" data-role="message" '
        f'data-kind="{escape(scene.message_kind)}" aria-live="polite">{escape(scene.message)}</div>'
        f"{cards}</div>"
    )
    prompt = f'<div class="sk-prompt" data-role="prompt">{escape(scene.prompt)}</div>'
    actions = "".join(action_button(button, lang) for button in scene.actions)
    kitty = ""
    if scene.kitty:
        kitty = (
            f'<div class="sk-kitty" data-role="kitty"><b>{escape(scene.kitty_label)}</b>'
            f"{card_row_html(scene.kitty, lang)}</div>"
        )
    hand = hand_html(
        scene.hand, scene.selected, scene.playable, scene.trump, lang, 0, text("ui_your_hand", lang)
    )
    south = boxes.get(0, "")
    return (
        f'<div class="sk-table" data-role="table" lang="{lang}">{status_bar(scene)}{felt}'
        f'{message}{prompt}<div class="sk-actions">{actions}{kitty}</div>'
        f'<div class="sk-south">{south}{hand}</div></div>'
    )
