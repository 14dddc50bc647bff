"""The whole card table as one HTML string, drawn from a ``TableScene``.

DOM hooks: ``data-role`` = table, status, message, prompt, trick, previous-trick, summary,
seat-box, kitty; ``data-action`` on every button (play, pass, declare, bury, undo, lang,
previous, next-round, …); the learner's hand is ``data-seat="0"``.
"""

from __future__ import annotations

from markupsafe import Markup, escape

from ..engine.explain import suit_name
from ..engine.trump import Trump
from ..words.catalogue import text
from .cards import card_back_svg, cards_svg
from .hands import card_row_html, hand_html
from .pips import pip
from .table_data import ActionButton, SeatBox, Summary, TableScene
from .tricks import trick_centre_html

_AREAS = ("south", "east", "north", "west")


def lang_button(lang: str) -> Markup:
    """The language switch: shows the other language's name; ``data-action="lang"``."""
    other = "zh" if lang == "en" else "en"
    return Markup(
        '<button type="button" class="sk-button sk-lang" data-action="lang" lang="{other}" '
        'data-value="{other}">{label}</button>'
    ).format(other=other, label=text("ui_lang_switch", lang))


def hint_attributes(hint: str) -> Markup:
    """A tooltip (``title``) and the same words as the accessible description, or nothing."""
    if not hint:
        return Markup("")
    return Markup(' title="{hint}" aria-description="{hint}"').format(hint=hint)


def action_button(button: ActionButton, lang: str) -> Markup:
    """One action button with ``data-action`` (and ``data-value`` when set)."""
    names = "sk-button sk-primary" if button.primary else "sk-button"
    value = Markup(' data-value="{value}"').format(value=button.value) if button.value else ""
    disabled = "" if button.enabled else Markup(" disabled")
    cards = cards_svg(button.cards, height=34, lang=lang) if button.cards else ""
    return Markup(
        '<button type="button" class="{names}" data-action="{action}"{value}{disabled}{hint}>'
        "{cards}<span>{label}</span></button>"
    ).format(
        names=names, action=button.action, value=value, disabled=disabled, cards=cards, label=button.label,
        hint=hint_attributes(button.hint),
    )


def trump_badge(trump: Trump | None, lang: str) -> Markup:
    """The trump suit as a drawn symbol plus words, or 'not declared yet'."""
    if trump is None:
        return escape(text("ui_undeclared", lang))
    if trump.suit is None:
        return escape(text("ui_no_trump", lang))
    symbol = Markup(
        '<svg class="sk-pip" width="16" height="16" viewBox="-1 -1 2 2" aria-hidden="true">{pip}</svg>'
    ).format(pip=pip(trump.suit, 0, 0, 2))
    return symbol + escape(suit_name(trump.suit, lang))


def status_bar(scene: TableScene) -> Markup:
    """Trump, level, dealer, points, with the previous-trick and language buttons."""
    hints = dict(scene.status_hints)
    items = [
        Markup(
            '<span class="sk-status-item" data-role="status-trump"{hint}><b>{label}</b> {badge}</span>'
        ).format(
            label=text("ui_trump", scene.lang), badge=trump_badge(scene.trump, scene.lang),
            hint=hint_attributes(hints.get("trump", "")),
        )
    ]
    for role, label, value in scene.status:
        items.append(
            Markup(
                '<span class="sk-status-item" data-role="status-{role}"{hint}><b>{label}</b> {value}</span>'
            ).format(role=role, label=label, value=value, hint=hint_attributes(hints.get(role, "")))
        )
    buttons: list[Markup] = []
    if scene.previous:
        code = "ui_previous_hide" if scene.show_previous else "ui_previous_show"
        buttons.append(
            Markup(
                '<button type="button" class="sk-button" data-action="previous" '
                'aria-pressed="{pressed}">{label}</button>'
            ).format(pressed=str(scene.show_previous).lower(), label=text(code, scene.lang))
        )
    if scene.rules_href:
        buttons.append(
            Markup(
                '<a class="sk-button sk-rules-link" data-role="rules-link" href="{href}" target="_blank" '
                'rel="noopener">{label}</a>'
            ).format(href=scene.rules_href, label=scene.rules_label)
        )
    buttons.append(lang_button(scene.lang))
    return Markup(
        '<div class="sk-topbar"><div class="sk-status" data-role="status">{items}</div>'
        '<div class="sk-topbar-buttons">{buttons}</div></div>'
    ).format(items=Markup("").join(items), buttons=Markup("").join(buttons))


def seat_box(box: SeatBox, lang: str) -> Markup:
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
    badge_html = Markup("").join(
        Markup('<span class="sk-badge sk-badge-{kind}" data-badge="{kind}">{label}</span>').format(
            kind=kind, label=label
        )
        for kind, label in badges
    )
    partner = Markup()
    if box.seat == 2:
        partner = Markup(' <span class="sk-partner">({label})</span>').format(label=text("ui_partner", lang))
    back = card_back_svg(34) if box.seat != 0 else ""
    count = text("ui_cards_left", lang, count=box.cards_left)
    active = " sk-active" if box.to_act else ""
    return Markup(
        '<div class="sk-seat-box sk-area-{area}{active}" data-role="seat-box" '
        'data-seat-box="{seat}"><div class="sk-seat-name">{name}{partner}</div>'
        '<div class="sk-seat-cards">{back}<span data-role="cards-left">{count}</span></div>'
        '<div class="sk-badges">{badge_html}</div></div>'
    ).format(
        area=_AREAS[box.seat],
        active=active,
        seat=box.seat,
        name=box.name,
        partner=partner,
        back=back,
        count=count,
        badge_html=badge_html,
    )


def summary_html(summary: Summary, lang: str) -> Markup:
    """The end-of-round summary with its figures, the kitty, and the next-round button."""
    rows = Markup("").join(
        Markup(
            '<tr data-role="summary-{role}"{hint}><th>{label}</th>'
            "<td>{value}</td></tr>"
        ).format(role=line.role, label=line.label, value=line.value, hint=hint_attributes(line.hint))
        for line in summary.lines
    )
    kitty = ""
    if summary.kitty:
        kitty = Markup(
            '<div class="sk-summary-kitty"><b>{ui_kitty}</b>'
            "{card_row_html}</div>"
        ).format(
            ui_kitty=text("ui_kitty", lang),
            card_row_html=card_row_html(summary.kitty, lang, attrs={"data-role": "summary-kitty"}),
        )
    return Markup(
        '<div class="sk-summary" data-role="summary"><h2>{title}</h2>'
        "<table>{rows}</table>{kitty}"
        '<button type="button" class="sk-button sk-primary" data-action="next-round">'
        "{ui_next_round}</button>{coach}</div>"
    ).format(
        title=summary.title, rows=rows, kitty=kitty, ui_next_round=text("ui_next_round", lang),
        coach=Markup(summary.coach),
    )


def bidding_html(scene: TableScene) -> Markup:
    """While dealing: cards dealt so far and who declared what."""
    lines = Markup("").join(Markup("<li>{line}</li>").format(line=line) for line in scene.bidding)
    return Markup('<ul class="sk-bidding" data-role="bidding">{lines}</ul>').format(lines=lines)


def last_trick_html(scene: TableScene) -> Markup:
    """The learner's last trick, small, beside the new one (kept until the learner moves)."""
    trick = trick_centre_html(scene.last_trick, scene.last_winner, scene.lang, True, role="last-trick")
    return Markup(
        '<div class="sk-last-trick"><div class="sk-previous-title">{title}</div>{trick}</div>'
    ).format(title=scene.last_title, trick=trick)


def log_html(scene: TableScene, open_: bool = True) -> Markup:
    """The game log: every declaration, kitty move, throw and trick of the round, newest last.

    The list scrolls, so it takes keyboard focus (a keyboard user can scroll it too)."""
    lines = Markup("").join(
        Markup('<li data-kind="{kind}">{text}</li>').format(kind=line.kind, text=line.text) for line in scene.log
    )
    return Markup(
        '<details class="sk-log" data-role="log"{open}><summary>{title} ({count})</summary>'
        '<ol class="sk-log-lines" tabindex="0" aria-label="{title}">{lines}</ol></details>'
    ).format(open=Markup(" open") if open_ else "", title=scene.log_title, count=len(scene.log), lines=lines)


def _centre(scene: TableScene) -> Markup:
    if scene.summary is not None:
        summary = summary_html(scene.summary, scene.lang)
        if scene.last_trick:
            return Markup("{last}{summary}").format(last=last_trick_html(scene), summary=summary)
        return summary
    centre = trick_centre_html(scene.trick, scene.trick_winner, scene.lang, scene.trick_done)
    if scene.bidding:
        centre = Markup("{centre}{bidding}").format(centre=centre, bidding=bidding_html(scene))
    if scene.last_trick:
        centre = Markup("{last}{centre}").format(last=last_trick_html(scene), centre=centre)
    if scene.show_previous and scene.previous:
        previous = trick_centre_html(
            scene.previous, scene.previous_winner, scene.lang, True, role="previous-trick"
        )
        centre = Markup(
            '<div class="sk-previous"><div class="sk-previous-title">{ui_previous}'
            "</div>{previous}</div>"
        ).format(ui_previous=text("ui_previous", scene.lang), previous=previous)
    return centre


def table_html(scene: TableScene) -> Markup:
    """The table: status bar, three opponents' boxes around the trick, message, actions, hand.

    Each new message (a trick won, a throw, a refusal) is also ``data-announce``, which the widget's
    polite live region says."""
    lang = scene.lang
    boxes = {box.seat: seat_box(box, lang) for box in scene.seats}
    felt = Markup(
        '<div class="sk-felt">{north}{west}<div class="sk-centre">{centre}</div>{east}</div>'
    ).format(north=boxes.get(2, ""), west=boxes.get(3, ""), centre=_centre(scene), east=boxes.get(1, ""))
    cards = ""
    if scene.message_cards:
        cards = card_row_html(scene.message_cards, lang, attrs={"data-role": "message-cards"})
    message = Markup(
        '<div class="sk-message-line"><div class="sk-message" data-role="message" '
        'data-kind="{kind}"{hint}>{message}</div>{cards}</div>'
    ).format(kind=scene.message_kind, message=scene.message, cards=cards, hint=hint_attributes(scene.message_hint))
    prompt = Markup('<div class="sk-prompt" data-role="prompt">{prompt}</div>').format(prompt=scene.prompt)
    actions = Markup("").join(action_button(button, lang) for button in scene.actions)
    kitty = ""
    if scene.kitty:
        kitty = Markup('<div class="sk-kitty" data-role="kitty"><b>{label}</b>{cards}</div>').format(
            label=scene.kitty_label, cards=card_row_html(scene.kitty, lang)
        )
    hand = hand_html(
        scene.hand, scene.selected, scene.playable, scene.trump, lang, 0, text("ui_your_hand", lang),
        hinted=scene.hinted,
    )
    south = boxes.get(0, "")
    return Markup(
        '<div class="sk-table" data-role="table" lang="{lang}" data-announce="{said}" data-announce-key="{key}">'
        '{status_bar}'
        '<div class="sk-board">{felt}{log}</div>{review}'
        '<div class="sk-controls-area">{prompt}<div class="sk-actions">{actions}{kitty}</div>{message}</div>'
        '<div class="sk-south">{south}{hand}</div>{coach}</div>'
    ).format(
        coach=Markup(scene.coach),
        review=Markup(scene.review),
        said=scene.message if scene.message_key else "",
        key=scene.message_key,
        log=log_html(scene),
        lang=lang,
        status_bar=status_bar(scene),
        felt=felt,
        message=message,
        prompt=prompt,
        actions=actions,
        kitty=kitty,
        south=south,
        hand=hand,
    )
