"""The play app in a real browser: declare, bury, play whole rounds, refusals, two languages.

Every expectation comes from the engine (legal plays, playable cards, refusal texts, card names),
so the page is checked against the rules rather than against itself.
"""

from __future__ import annotations

import pytest
from card_table import CardTable, Turn
from playwright.sync_api import Page, expect

from shengji_kit import Card, Trump, Verdict, check_follow, legal_plays, parse_cards, playable_cards
from shengji_kit.engine.errors import RuleError
from shengji_kit.engine.shapes import shape
from shengji_kit.words.catalogue import text

pytestmark = pytest.mark.browser

MAX_ROUNDS = 3
"""Rounds to play at most while waiting for a round in which the learner buries the kitty."""


def codes(cards: list[Card]) -> list[str]:
    return sorted(card.code for card in cards)


def hand_of(table: CardTable) -> list[Card]:
    return parse_cards(" ".join(table.hand_codes()))


def answer_bidding(table: CardTable, turn: Turn, declared: bool) -> bool:
    """Declare the first time it is offered, pass afterwards; returns whether we have declared."""
    if turn.kind == "declare" and not declared:
        offered = table.button("declare").get_attribute("data-value") or ""
        assert offered, "a declare button must say which cards it shows (data-value)"
        table.click(table.button("declare"))
        taken = f'button[data-action=declare][data-value="{offered}"]'
        expect(table.page.locator(taken)).to_have_count(0)
        return True
    table.click(table.button("pass" if "pass" in turn.actions else "redeal"))
    return declared


def bury_eight(table: CardTable) -> list[str]:
    """Select 8 cards one by one (the bury button stays disabled until 8), then bury them."""
    hand = hand_of(table)
    before = table.hand_count()
    chosen = hand[:8]
    table.select(chosen[:7])
    expect(table.button("bury")).to_be_disabled()
    table.select(chosen[7:])
    assert sorted(table.selected_codes()) == codes(chosen)
    expect(table.button("bury")).to_be_enabled()
    expect(table.button("bury")).to_contain_text("8/8")
    table.click(table.button("bury"))
    expect(table.hand).to_have_attribute("data-count", str(before - 8))
    return codes(chosen)


def check_highlights(table: CardTable, lead: list[Card] | None, trump: Trump) -> None:
    """Following: exactly the engine's playable cards are highlighted. Leading: no marks."""
    if lead is None:
        assert table.codes_with_class("sk-playable") == []
        assert table.codes_with_class("sk-unplayable") == []
        return
    hand = hand_of(table)
    playable = playable_cards(lead, hand, trump)
    assert set(table.codes_with_class("sk-playable")) == {card.code for card in playable}
    assert set(table.codes_with_class("sk-unplayable")) == {
        card.code for card in hand if card not in playable
    }


def play_legal(table: CardTable) -> list[str]:
    """Play the engine's first legal play by clicking its (highlighted) cards and Play."""
    lead, trump = table.lead(), table.trump()
    check_highlights(table, lead, trump)
    hand = hand_of(table)
    play = next(legal_plays(lead, hand, trump))
    if lead is not None:
        assert set(play) <= playable_cards(lead, hand, trump)
    table.select(play)
    assert sorted(table.selected_codes()) == codes(play)
    before = table.hand_count()
    table.click(table.button("play"))
    expect(table.hand).to_have_attribute("data-count", str(before - len(play)))
    assert sorted(table.played_by_learner()) == codes(play)
    return codes(play)


def check_summary(table: CardTable) -> None:
    """The summary shows the round's figures, consistent with the status bar."""
    summary = table.page.locator("[data-role=summary]")
    expect(summary).to_be_visible()
    expect(summary.locator("h2")).to_have_text(text("ui_summary_title", "en"))
    trick_points = summary.locator("[data-role=summary-trick-points] td").inner_text()
    status_points = table.page.locator("[data-role=status-points]").inner_text().split()[-1]
    assert trick_points == status_points
    total = int(summary.locator("[data-role=summary-total] td").inner_text())
    assert total >= int(trick_points)
    expect(summary.locator("[data-role=summary-outcome] td")).not_to_be_empty()
    expect(summary.locator("button[data-action=next-round]")).to_be_visible()


def test_declare_bury_and_play_whole_rounds(page: Page) -> None:
    """Round after round until the learner has buried the kitty and finished that round."""
    table = CardTable(page).open()
    rounds, plays, declared, buried = 0, 0, False, False
    while True:
        turn = table.wait_for_turn()
        if turn.kind == "summary":
            check_summary(table)
            rounds += 1
            if buried:
                break
            assert rounds < MAX_ROUNDS, f"the learner never took the kitty in {rounds} rounds"
            table.click(table.button("next-round"))
            expect(page.locator("[data-role=summary]")).to_have_count(0)
        elif turn.kind in ("declare", "pass", "redeal"):
            declared = answer_bidding(table, turn, declared)
        elif turn.kind == "bury":
            kitty = bury_eight(table)
            shown = page.locator("[data-role=kitty] button[data-card]")
            assert sorted(shown.evaluate_all("bs => bs.map(b => b.dataset.card)")) == kitty
            buried = True
        else:
            play_legal(table)
            plays += 1
    assert declared, "the learner was never offered a declaration"
    # 25 cards after burying: a whole round is at least ~20 plays (some play pairs or tractors).
    assert plays >= 20, f"only {plays} plays in {rounds} rounds"


def illegal_choice(
    hand: list[Card], lead: list[Card] | None, trump: Trump
) -> tuple[list[Card], str]:
    """Cards the rules refuse here, with the engine's explanation (English)."""
    if lead is None:
        for first in hand:
            for second in hand:
                if trump.suit_of(first) != trump.suit_of(second):
                    try:
                        shape([first, second], trump)
                    except RuleError as error:
                        return [first, second], error.message("en")
        pytest.fail(f"every card of {hand} is of one suit: no mixed lead to try")
    playable = playable_cards(lead, hand, trump)
    outsiders = [card for card in hand if card not in playable]
    candidates = []
    if outsiders:
        rest = list(hand)
        rest.remove(outsiders[0])
        candidates.append([outsiders[0], *rest[: len(lead) - 1]])
    candidates.append(hand[: len(lead) + 1])
    if len(lead) > 1:
        candidates.append(hand[: len(lead) - 1])
    for chosen in candidates:
        verdict: Verdict = check_follow(lead, hand, chosen, trump)
        if not verdict.ok:
            return chosen, verdict.message("en")
    pytest.fail(f"no illegal follow found for lead {lead} and hand {hand}")


def reach_first_play(table: CardTable) -> None:
    """Pass, bury and wait until the learner must lead or follow."""
    while (turn := table.wait_for_turn()).kind != "play":
        assert turn.kind != "summary", "the round ended before the learner played"
        if turn.kind == "bury":
            bury_eight(table)
        else:
            answer_bidding(table, turn, declared=True)


def test_illegal_play_is_refused_and_explained(page: Page) -> None:
    """The refusal names the rule (the engine's own words) and leaves the hand as it was."""
    table = CardTable(page).open()
    reach_first_play(table)
    hand, lead, trump = hand_of(table), table.lead(), table.trump()
    chosen, reason = illegal_choice(hand, lead, trump)
    table.select(chosen)
    before = table.hand_count()
    table.click(table.button("play"))
    expect(table.message).to_have_attribute("data-kind", "error")
    expect(table.message).to_have_text(text("ui_refused", "en", reason=reason))
    assert table.hand_count() == before
    assert sorted(table.selected_codes()) == codes(chosen)
    # The explanation follows the language switch.
    table.click(table.button("lang"))
    expect(table.message).to_contain_text(text("ui_refused", "zh", reason="").rstrip())


def test_language_switch_changes_every_text(page: Page) -> None:
    """中文 turns buttons, prompts and card names Chinese; English turns them back."""
    table = CardTable(page).open()
    reach_first_play(table)
    first = table.hand_cards.first
    card = parse_cards(first.get_attribute("data-card") or "")[0]
    expect(first).to_have_accessible_name(card.name("en"))
    expect(table.button("play")).to_have_text(text("ui_play", "en"))
    expect(table.button("lang")).to_have_text(text("ui_lang_switch", "en"))
    table.click(table.button("lang"))
    expect(table.button("play")).to_have_text(text("ui_play", "zh"))
    expect(table.button("lang")).to_have_text(text("ui_lang_switch", "zh"))
    expect(table.hand_cards.first).to_have_accessible_name(card.name("zh"))
    expect(page.locator("[data-role=table]")).to_have_attribute("lang", "zh")
    expect(page.locator("[data-role=status-trump] b")).to_have_text(text("ui_trump", "zh"))
    table.click(table.button("lang"))
    expect(table.button("play")).to_have_text(text("ui_play", "en"))
    expect(table.hand_cards.first).to_have_accessible_name(card.name("en"))
