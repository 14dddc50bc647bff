"""The play table as a newcomer meets it (issue 10): throw confirmation, game log, bidding state,
the last trick kept, glossary tooltips, the rules page, the first round and the burying hand."""

from __future__ import annotations

from widgets.helpers import controller, select, take_turn

from shengji_kit.apps.play._first_deal import learner_can_bid, learner_friendly_seed
from shengji_kit.apps.play.play_app import PlayApp, rule_bots
from shengji_kit.apps.rules_page import rules_html
from shengji_kit.engine.cards import parse_cards
from shengji_kit.engine.shapes import THROW, shape
from shengji_kit.game import Match
from shengji_kit.game.bots import RandomBot
from shengji_kit.render.glossary import term
from shengji_kit.render.hands import hand_html
from tests.html_tree import parse


def play_to_own_lead(seed: int) -> object:
    """A controller (delay 0) at the learner's first lead of a round, or None."""
    ctrl = controller(seed=seed)
    chooser = RandomBot(seed)
    for _ in range(400):
        view = ctrl.view
        if ctrl.round.result is not None:
            return None
        if ctrl.my_turn and view.phase == "play" and view.lead is None:
            return ctrl
        take_turn(ctrl, chooser, ctrl.handle)
    return None


def find_throw(ctrl: object) -> tuple:
    hand = ctrl.selection.cards  # type: ignore[attr-defined]
    trump = ctrl.view.trump  # type: ignore[attr-defined]
    for first in hand:
        for second in hand:
            if first != second and trump.suit_of(first) == trump.suit_of(second) and first.rank != second.rank:
                try:
                    if shape([first, second], trump).kind == THROW:
                        return (first, second)
                except ValueError:
                    continue
    return ()


def test_a_throw_is_confirmed_before_it_is_played() -> None:
    for seed in range(30):
        ctrl = play_to_own_lead(seed)
        if ctrl is None:
            continue
        cards = find_throw(ctrl)
        if not cards:
            continue
        select(ctrl, cards, ctrl.handle)
        left = len(ctrl.view.hand)
        ctrl.handle({"type": "action", "action": "play"})
        assert ctrl.pending_throw is not None and len(ctrl.view.hand) == left, "nothing is played yet"
        html = parse(ctrl.render("en"))
        assert "This is a throw" in html.find(data_role="message").text
        assert {b.attrs.get("data-value") for b in html.find_all("button", data_action="throw")} == {
            "throw", "always", "cancel"}
        assert "甩牌" in ctrl.render("zh")
        ctrl.handle({"type": "action", "action": "throw", "value": "cancel"})
        assert ctrl.pending_throw is None and len(ctrl.view.hand) == left
        ctrl.handle({"type": "action", "action": "play"})
        ctrl.handle({"type": "action", "action": "throw", "value": "always"})
        assert len(ctrl.view.hand) < left and not ctrl.preferences.confirm_throws
        return
    raise AssertionError("no throw found")


def test_dont_ask_again_lasts_the_visit() -> None:
    app = PlayApp(seed=3, delay=0)
    app.controller.preferences.confirm_throws = False
    assert app.controller.preferences is app.preferences


def test_the_log_lists_declarations_kitty_and_tricks_in_both_languages() -> None:
    ctrl = controller(seed=5)
    chooser = RandomBot(5)
    while ctrl.round.result is None:
        take_turn(ctrl, chooser, ctrl.handle) if ctrl.my_turn else ctrl.advance()
    kinds = [entry.event.kind for entry in ctrl.log]
    assert "take_kitty" in kinds and "bury" in kinds and kinds.count("trick") == len(ctrl.view.tricks)
    assert "done" not in kinds
    for lang, word in (("en", "wins trick"), ("zh", "")):
        log = parse(ctrl.render(lang)).find(data_role="log")
        lines = log.find_all("li")
        assert len(lines) == len(ctrl.log)
        assert word in lines[-1].text
        assert lines[-1].attrs["data-kind"] == "trick", "newest last"


def test_first_round_lets_the_learner_declare_or_deal() -> None:
    for seed in range(1, 12):
        chosen = learner_friendly_seed(seed, "super_tycoon", rule_bots)
        assert chosen == learner_friendly_seed(seed, "super_tycoon", rule_bots), "deterministic"
        rnd = Match(chosen, "super_tycoon").new_round()
        assert learner_can_bid(rnd, rule_bots(rnd.seed))
    ctrl = PlayApp(seed=1, delay=0).controller
    offered = any(a.kind in ("declare", "overturn") for a in ctrl.learner_options())
    assert offered or ctrl.round.dealer == 0


def test_bidding_state_is_shown_while_dealing() -> None:
    ctrl = PlayApp(seed=1, delay=0).controller
    assert ctrl.round.phase in ("deal", "declare", "overturn")
    html = parse(ctrl.render("en"))
    lines = [li.text for li in html.find(data_role="bidding").find_all("li")]
    assert lines[0].startswith("Cards dealt:")
    assert "已发牌" in ctrl.render("zh")


def test_jargon_has_tooltips_from_the_glossary() -> None:
    ctrl = PlayApp(seed=1, delay=0).controller
    html = parse(ctrl.render("en"))
    for action, term_id in (("pass", "pass"), ("deal-on", "deal_on")):
        button = html.find("button", data_action=action)
        assert button.attrs["title"] == term(term_id).tooltip("en")
        assert button.attrs["aria-description"] == button.attrs["title"]
    zh = parse(ctrl.render("zh"))
    assert zh.find("button", data_action="pass").attrs["title"] == term("pass").tooltip("zh")
    assert html.find(data_role="status-level").attrs["title"] == term("level").tooltip("en")


def test_rules_link_and_rules_page() -> None:
    ctrl = PlayApp(seed=1, delay=0).controller
    link = parse(ctrl.render("zh")).find("a", data_role="rules-link")
    assert link.attrs["href"] == "rules.ipynb?lang=zh" and link.attrs["target"] == "_blank"
    for lang in ("en", "zh"):
        page = str(rules_html(lang))
        assert 'id="s2"' in page and "<table>" in page and "](rules" not in page


def test_the_last_trick_stays_until_the_learner_moves() -> None:
    for seed in range(20):
        ctrl = controller(seed=seed)
        chooser = RandomBot(seed)
        while ctrl.round.result is None:
            if not ctrl.my_turn:
                ctrl.advance()
                continue
            view = ctrl.view
            if (
                view.phase == "play" and ctrl.held_trick is not None and view.trick
                and ctrl.held_trick < len(view.tricks)
            ):
                held = view.tricks[ctrl.held_trick]
                last = parse(ctrl.render("en")).find(data_role="last-trick")
                shown = [b.attrs["data-card"] for b in last.find_all("button")]
                assert sorted(shown) == sorted(c.code for play in held.plays for c in play)
                take_turn(ctrl, chooser, ctrl.handle)
                assert ctrl.held_trick is None or ctrl.held_trick >= len(view.tricks)
                return
            take_turn(ctrl, chooser, ctrl.handle)
    raise AssertionError("the learner never followed a bot's lead after a trick")


def test_a_burying_hand_is_laid_out_in_two_rows() -> None:
    ctrl = PlayApp(seed=1, delay=0).controller
    cards = tuple(ctrl.selection.cards)
    assert not parse(hand_html(cards[:25])).find_all(cls="sk-hand-row")
    hand = parse_cards(
        "SA SK SQ SJ S10 S9 S8 S7 HA HK HQ HJ H10 H9 H8 H7 CA CK CQ CJ C10 C9 C8 C7 DA DK DQ DJ D10 D9 D8 D7 BJ"
    )
    rows = parse(hand_html(hand)).find_all(cls="sk-hand-row")
    assert len(rows) == 2
    counts = [len(row.find_all("button")) for row in rows]
    assert sum(counts) == 33 and abs(counts[0] - counts[1]) <= 7
