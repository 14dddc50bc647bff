"""The table controller: selection, plays and refusals, bots, declaring, burying, undo, the summary."""

from __future__ import annotations

import asyncio

from html_tree import parse
from widgets.helpers import bots, controller, select, take_turn

from shengji_kit.apps.play.controller import TableController
from shengji_kit.engine.cards import Card
from shengji_kit.game import Round
from shengji_kit.game.bots import RandomBot


def play_until(ctrl: TableController, done: object, seed: int = 99) -> None:
    chooser = RandomBot(seed)
    for _ in range(400):
        if callable(done) and done(ctrl):
            return
        take_turn(ctrl, chooser, ctrl.handle)
    raise AssertionError("the condition was never reached")


def must_follow(ctrl: TableController) -> bool:
    """The learner follows, holds enough of the led suit and as many other cards."""
    view = ctrl.view
    if view.phase != "play" or view.to_act != 0 or view.lead is None or view.trump is None:
        return False
    suit = view.trump.suit_of(view.lead[0])
    held = [c for c in view.hand if view.trump.suit_of(c) == suit]
    return len(view.lead) <= len(held) <= len(view.hand) - len(view.lead)


def test_bots_move_until_it_is_the_learners_turn() -> None:
    ctrl = controller()
    assert ctrl.round.to_act == 0


def test_a_whole_round_to_the_summary_through_widget_messages() -> None:
    ctrl = controller(seed=5)
    play_until(ctrl, lambda c: c.round.result is not None)
    html = parse(ctrl.render("en"))
    result = ctrl.round.result
    assert result is not None
    assert html.has(data_role="summary") and html.has("button", data_action="next-round")
    figures = [cell.text for cell in html.find(data_role="summary").find_all("td")]
    assert str(result.total) in figures
    assert result.outcome.describe("en") in html.text
    assert html.has(data_role="summary-kitty")
    assert result.outcome.describe("zh") in parse(ctrl.render("zh")).text


def test_a_refused_play_is_explained_in_both_languages_and_changes_nothing() -> None:
    ctrl = controller(seed=7)
    play_until(ctrl, must_follow)
    view = ctrl.view
    assert view.trump is not None and view.lead is not None
    suit = view.trump.suit_of(view.lead[0])
    off_suit = [c for c in view.hand if view.trump.suit_of(c) != suit][: len(view.lead)]
    before = len(ctrl.round.actions)
    select(ctrl, tuple(off_suit), ctrl.handle)
    ctrl.handle({"type": "key", "key": "enter"})
    assert len(ctrl.round.actions) == before
    english, chinese = parse(ctrl.render("en")), parse(ctrl.render("zh"))
    message = english.find(data_role="message")
    assert message.attrs["data-kind"] == "error" and "Not allowed" in message.text
    assert "不能这样出" in chinese.find(data_role="message").text
    assert ctrl.selection.selected, "the selection stays so the learner can fix it"
    assert english.has("button", cls="sk-unplayable")


def test_clicks_only_select_while_burying_or_playing() -> None:
    ctrl = controller(seed=5)
    play_until(ctrl, lambda c: c.round.phase == "play" and c.my_turn)
    ctrl.handle({"type": "click", "card": ctrl.selection.cards[0].code, "index": 0})
    assert ctrl.selection.selected == {0}
    hand = parse(ctrl.render("en")).find(cls="sk-hand")
    assert [b.attrs["data-index"] for b in hand.find_all("button", aria_pressed="true")] == ["0"]
    ctrl.handle({"type": "action", "action": "clear"})
    assert not ctrl.selection.selected


def test_playing_nothing_asks_for_a_selection() -> None:
    ctrl = controller(seed=5)
    play_until(ctrl, lambda c: c.round.phase == "play" and c.my_turn)
    assert not ctrl.play()
    assert "Select the cards" in parse(ctrl.render("en")).find(data_role="message").text


def find_declaring_round(mid_deal: bool = False) -> TableController:
    """The first round where the learner may declare (with ``mid_deal``, before the last card)."""
    for seed in range(60):
        ctrl = controller(seed=seed)
        if mid_deal and len(ctrl.view.hand) == 25:
            continue
        if any(a.kind in ("declare", "overturn") for a in ctrl.learner_options()):
            return ctrl
    raise AssertionError("no seed lets the learner declare")


def test_declaring_is_offered_with_the_cards_to_show() -> None:
    ctrl = find_declaring_round()
    html = parse(ctrl.render("en"))
    option = next(a for a in ctrl.learner_options() if a.kind in ("declare", "overturn"))
    value = " ".join(card.code for card in option.cards)
    assert html.has("button", data_action="declare", data_value=value)
    assert html.has("button", data_action="pass")
    ctrl.handle({"type": "action", "action": "declare", "value": value})
    assert ctrl.round.view(0).bids[-1].seat == 0


def test_a_declaration_the_rules_refuse_is_explained() -> None:
    ctrl = find_declaring_round()
    ctrl.handle({"type": "action", "action": "declare", "value": "SA"})
    assert ctrl.note is not None and ctrl.note.kind == "error"
    assert ctrl.note.text("zh") != ctrl.note.text("en")


def test_burying_needs_exactly_eight_cards_and_counts_them() -> None:
    for seed in range(80):
        ctrl = controller(seed=seed)
        play_until(ctrl, lambda c: c.round.phase in ("bury", "play", "done"), seed=seed)
        if ctrl.round.phase == "bury" and ctrl.my_turn:
            break
    else:
        raise AssertionError("the learner never buried")
    assert len(ctrl.selection.cards) == 33
    select(ctrl, tuple(ctrl.selection.cards[:3]), ctrl.handle)
    bury = parse(ctrl.render("en")).find("button", data_action="bury")
    assert "3/8" in bury.text and "disabled" in bury.attrs
    ctrl.handle({"type": "action", "action": "bury"})
    assert ctrl.round.phase == "bury" and "3 are selected" in parse(ctrl.render("en")).text
    select(ctrl, tuple(ctrl.selection.cards[3:8]), ctrl.handle)
    bury = parse(ctrl.render("zh")).find("button", data_action="bury")
    assert "8/8" in bury.text and "disabled" not in bury.attrs
    ctrl.handle({"type": "key", "key": "enter"})
    # the dealer buried and leads the first trick
    assert ctrl.round.phase == "play" and ctrl.round.to_act == 0 and ctrl.view.lead is None
    assert len(ctrl.view.hand) == 25


def test_previous_trick_on_request() -> None:
    ctrl = controller(seed=5)
    play_until(ctrl, lambda c: len(c.view.tricks) >= 2 and c.my_turn and c.round.phase == "play")
    assert parse(ctrl.render("en")).has("button", data_action="previous")
    ctrl.handle({"type": "action", "action": "previous", "value": ""})
    assert parse(ctrl.render("en")).has(data_role="previous-trick")


def test_undo_takes_back_the_learners_last_move() -> None:
    ctrl = controller(seed=5, allow_undo=True)
    play_until(ctrl, lambda c: c.round.phase == "play" and c.my_turn)
    hand: list[Card] = list(ctrl.view.hand)
    actions = len(ctrl.round.actions)
    take_turn(ctrl, RandomBot(1), ctrl.handle)
    assert list(ctrl.view.hand) != hand
    ctrl.handle({"type": "action", "action": "undo"})
    assert list(ctrl.view.hand) == hand and len(ctrl.round.actions) == actions
    assert ctrl.my_turn


def test_undo_is_off_unless_asked_for() -> None:
    ctrl = controller(seed=5)
    assert not ctrl.undo() and not parse(ctrl.render("en")).has(data_action="undo")


def test_with_a_delay_bots_move_one_at_a_time_on_the_event_loop() -> None:
    async def scenario() -> tuple[int, int, int]:
        ctrl = TableController(Round.new(11), bots(11), delay=0.001)
        redraws: list[int] = []
        ctrl.subscribe(lambda: redraws.append(len(ctrl.round.actions)))
        chooser = RandomBot(4)
        waited = 0
        while ctrl.round.phase != "play" or ctrl.round.tricks_played < 2:
            if ctrl.my_turn and not ctrl.pacer.pending:
                take_turn(ctrl, chooser, ctrl.handle)
            await asyncio.sleep(0.002)
            waited += 1
            assert waited < 5000
        return len(redraws), len(set(redraws)), ctrl.round.tricks_played

    count, distinct, tricks = asyncio.run(scenario())
    assert tricks >= 2 and count == distinct > 6, "one redraw per bot move"


def throw_candidates(ctrl: TableController) -> list[tuple[Card, ...]]:
    """Every suit of the learner's hand, whole, when it is more than one combination."""
    from shengji_kit.engine.shapes import shape

    view = ctrl.view
    assert view.trump is not None
    by_suit: dict[str, list[Card]] = {}
    for card in view.hand:
        by_suit.setdefault(view.trump.suit_of(card), []).append(card)
    return [tuple(cards) for cards in by_suit.values() if shape(cards, view.trump).kind == "throw"]


def test_a_failed_throw_is_shown_with_the_cards_that_stopped_it() -> None:
    for seed in range(40):
        ctrl = controller(seed=seed, allow_undo=True)
        play_until(ctrl, lambda c: c.round.phase == "play" and c.my_turn and c.view.lead is None, seed)
        for cards in throw_candidates(ctrl):
            select(ctrl, cards, ctrl.handle)
            ctrl.handle({"type": "action", "action": "play"})
            assert ctrl.pending_throw is not None, "a throw is confirmed first"
            ctrl.handle({"type": "action", "action": "throw", "value": "throw"})
            note = ctrl.note
            if note is not None and note.kind == "error":
                shown = parse(ctrl.render("en")).find(data_role="message-cards")
                assert note.sticky
                assert [b.attrs["data-card"] for b in shown.find_all("button")] == [c.code for c in note.cards]
                assert "beats" in note.text("en") and "大过" in note.text("zh")
                return
            ctrl.handle({"type": "action", "action": "undo"})
    raise AssertionError("no failed throw found")


def test_deal_on_fast_forwards_the_deal_for_the_learner() -> None:
    ctrl = find_declaring_round(mid_deal=True)
    assert any(a.kind == "deal_on" for a in ctrl.learner_options()), "deal on is offered during the deal"
    assert parse(ctrl.render("en")).has("button", data_action="deal-on")
    assert parse(ctrl.render("zh")).find("button", data_action="deal-on").text == "继续发牌"
    dealt = len(ctrl.view.hand)
    offered = {a.cards for a in ctrl.learner_options() if a.kind in ("declare", "overturn")}
    ctrl.handle({"type": "action", "action": "deal-on"})
    assert len(ctrl.view.hand) > dealt
    if ctrl.round.phase == "deal":
        # the deal stops only when the learner can show something new
        now = {a.cards for a in ctrl.learner_options() if a.kind in ("declare", "overturn")}
        assert now - offered and ctrl.note is None
    else:
        assert len(ctrl.view.hand) == 25


def test_undo_on_a_set_up_deal_keeps_the_deal() -> None:
    from shengji_kit.game.deal import arrange_deck

    deck = arrange_deck({0: "S2 LJ HA HK", 2: "HA", 1: "H3 C5"}, "C3 C4 C6 C7 C8 C9 D3 D4")
    ctrl = TableController(Round.new(0, decks=[deck]), bots(0), delay=0, allow_undo=True)
    assert ctrl.my_turn and ctrl.round.phase in ("deal", "declare")
    hand = list(ctrl.view.hand)
    actions = len(ctrl.round.actions)
    assert ctrl.declare("S2 LJ"), ctrl.note
    assert len(ctrl.round.actions) > actions
    assert ctrl.undo()
    assert list(ctrl.view.hand) == hand and len(ctrl.round.actions) == actions
    assert ctrl.round.decks == (tuple(deck),) and ctrl.my_turn


def test_without_throws_a_throw_is_refused_with_its_reason_and_nothing_is_asked() -> None:
    from shengji_kit.engine.rules import rules_from_table

    rules = rules_from_table({"based_on": "super_tycoon", "throws_allowed": False})
    for seed in range(40):
        ctrl = TableController(Round.new(seed, rules), bots(seed), delay=0)
        play_until(ctrl, lambda c: c.round.phase == "play" and c.my_turn and c.view.lead is None, seed)
        candidates = throw_candidates(ctrl)
        if not candidates:
            continue
        left = len(ctrl.view.hand)
        select(ctrl, candidates[0], ctrl.handle)
        ctrl.handle({"type": "action", "action": "play"})
        assert ctrl.pending_throw is None and len(ctrl.view.hand) == left
        note = ctrl.note
        assert note is not None and note.kind == "error"
        assert "allow no throws" in note.text("en") and "不许甩牌" in note.text("zh")
        return
    raise AssertionError("no throw to try found")
