"""The coach at the table: a hint on the learner's turn (highlighted legal cards, reasons in en and
zh), a refusal out of turn, and the review of a finished round full-width under the board (its button
in the summary)."""

from __future__ import annotations

import asyncio

from html_tree import Element, parse
from widgets.helpers import controller, take_turn

from shengji_kit.apps.play.controller import TableController
from shengji_kit.engine.cards import Card, parse_card
from shengji_kit.game.bots import RandomBot
from shengji_kit.words.catalogue import text


def play_until(ctrl: TableController, done: object, seed: int = 99) -> None:
    chooser = RandomBot(seed)
    for _ in range(400):
        if callable(done) and done(ctrl):
            return
        take_turn(ctrl, chooser, ctrl.handle)
    raise AssertionError("the condition was never reached")


def learner_plays(ctrl: TableController) -> bool:
    return ctrl.round.phase == "play" and ctrl.round.to_act == 0 and ctrl.round.result is None


def hinted_cards(html: Element) -> tuple[Card, ...]:
    hand = html.find(cls="sk-hand", data_seat="0")
    return tuple(parse_card(button.attrs["data-card"]) for button in hand.find_all("button", cls="sk-hinted"))


def test_a_hint_on_the_learners_turn_highlights_a_legal_play_with_reasons_in_both_languages() -> None:
    ctrl = controller(seed=5)
    play_until(ctrl, learner_plays)
    before = parse(ctrl.render("en"))
    assert before.find("button", data_action="hint").attrs.get("disabled") is None
    assert text("coachui_hint_key", "en") in before.find(data_role="prompt").text
    assert not hinted_cards(before)
    ctrl.handle({"type": "key", "key": "h"})
    advice = ctrl.coach.current(ctrl.round)
    assert advice is not None and advice.reasons
    html = parse(ctrl.render("en"))
    shown = hinted_cards(html)
    assert sorted(shown) == sorted(advice.play)
    assert not ctrl.selection.selected, "a hint highlights, it does not select"
    for lang in ("en", "zh"):
        panel = parse(ctrl.render(lang)).find(data_role="hint")
        assert [item.attrs["data-code"] for item in panel.find_all("li")] == [r.code for r in advice.reasons]
        assert advice.reasons[0].render(lang) in panel.text
    ctrl.handle({"type": "action", "action": "hint"})
    assert ctrl.coach.hints_used == 1, "asking again for the same position reuses the hint"
    cards = list(advice.play)
    for card in cards:
        index = next(
            i for i, held in enumerate(ctrl.selection.cards) if held == card and i not in ctrl.selection.selected
        )
        ctrl.handle({"type": "click", "card": card.code, "index": index})
    moves = len(ctrl.round.actions)
    ctrl.handle({"type": "action", "action": "play"})
    assert len(ctrl.round.actions) > moves and ctrl.round.actions[moves][0] == 0, "the round took the hinted play"
    assert ctrl.coach.current(ctrl.round) is None and not hinted_cards(parse(ctrl.render("en")))


def test_out_of_turn_the_hint_is_disabled_and_refused_with_a_message() -> None:
    ctrl = controller(seed=5)
    play_until(ctrl, learner_plays)
    ctrl.delay = 0.05

    async def scenario() -> tuple[Element, bool]:
        chooser = RandomBot(1)
        take_turn(ctrl, chooser, ctrl.handle)  # the learner plays; the bots now wait their delay
        assert ctrl.round.to_act != 0 and ctrl.pacer.pending
        html = parse(ctrl.render("en"))
        refused = not ctrl.hint()
        ctrl.pacer.cancel()
        return html, refused

    html, refused = asyncio.run(scenario())
    assert html.find("button", data_action="hint").attrs.get("disabled") is not None
    assert refused and ctrl.note is not None and ctrl.note.kind == "error"
    for lang in ("en", "zh"):
        assert text("coachui_hint_not_your_turn", lang) in parse(ctrl.render(lang)).find(data_role="message").text
    assert ctrl.coach.hints_used == 0


def test_a_finished_round_is_reviewed_full_width_with_one_row_per_trick() -> None:
    ctrl = controller(seed=5)
    play_until(ctrl, learner_plays)
    ctrl.handle({"type": "action", "action": "hint"})
    play_until(ctrl, lambda c: c.round.result is not None)
    html = parse(ctrl.render("en"))
    assert html.find(data_role="summary").has("button", data_action="review")
    assert text("coachui_hint_count", "en", count=1) in html.find(data_role="hints-used").text
    ctrl.handle({"type": "action", "action": "review"})
    review = ctrl.coach.review
    assert review is not None
    tricks = ctrl.round.tricks_played
    for lang in ("en", "zh"):
        page = parse(ctrl.render(lang))
        assert not page.find(data_role="summary").has(data_role="review")  # not squeezed into the summary card
        table = page.find(cls="sk-review-wide").find(data_role="review")
        rows = table.find("tbody").find_all("tr")
        assert len(rows) == tricks == len(review.entries)
        assert review.lines(lang)[0] in table.text


def test_the_review_runs_off_the_loop_and_shows_a_reviewing_state_meanwhile() -> None:
    ctrl = controller(seed=6)
    play_until(ctrl, lambda c: c.round.result is not None)
    redraws: list[str] = []
    ctrl.subscribe(lambda: redraws.append(ctrl.render("zh")))

    async def scenario() -> tuple[str, int]:
        ctrl.handle({"type": "action", "action": "review"})
        busy = ctrl.render("zh")
        ticks = 0
        while ctrl.coach.review is None and ctrl.coach.review_error is None:
            await asyncio.sleep(0.01)
            ticks += 1
            assert ticks < 12000
        return busy, ticks

    busy, ticks = asyncio.run(scenario())
    assert text("coachui_reviewing", "zh") in parse(busy).find(data_role="reviewing").text
    assert ticks > 0, "the loop kept running while the review was made"
    assert redraws and parse(redraws[-1]).has(data_role="review")
    progress = [parse(page).find(data_role="review-progress") for page in redraws if "review-progress" in page]
    assert progress, "the review showed its progress while it thought"
    assert any(int(bar.attrs["value"]) > 0 for bar in progress)
