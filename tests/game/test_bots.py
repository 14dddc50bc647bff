"""Bots: deterministic for a seed, and RuleBot's club-player habits."""

from __future__ import annotations

from dataclasses import replace

from shengji_kit.engine.cards import Card
from shengji_kit.engine.rules import Rules
from shengji_kit.engine.trump import Trump
from shengji_kit.game import Action, Round, SeatView
from shengji_kit.game.bots import Bot, RandomBot, RuleBot, advance_bots, play_round
from shengji_kit.game.match import Match

from .conftest import cards, default_action, setup
from .test_properties import make_bots, play_checked


def finished(seed: int, make: type[RandomBot] | type[RuleBot]) -> dict[str, object]:
    rnd = Round.new(seed)
    play_round(rnd, [make(seed + seat) for seat in range(4)])
    return rnd.record()


def test_bots_are_deterministic_for_a_seed() -> None:
    assert finished(3, RandomBot) == finished(3, RandomBot)
    assert finished(3, RuleBot) == finished(3, RuleBot)
    assert finished(3, RandomBot) != finished(4, RandomBot)


def test_advance_bots_stops_at_a_person() -> None:
    rnd = Round.new(21)
    bots: dict[int, Bot] = {1: RandomBot(1), 2: RandomBot(2), 3: RandomBot(3)}
    for _ in range(300):
        advance_bots(rnd, bots)
        if rnd.to_act is None:
            break
        assert rnd.to_act == 0
        rnd.act(0, RandomBot(rnd.tricks_played).choose(rnd.view(0), rnd.legal_actions(0)))
    assert rnd.phase == "done"


def drive(rnd: Round, bot_seat: int, bot: RuleBot, until: str) -> None:
    """The bot plays ``bot_seat``; the others deal on and pass; stop when the phase is ``until``."""
    while rnd.phase != until:
        seat = rnd.to_act
        assert seat is not None
        if seat == bot_seat:
            rnd.act(seat, bot.choose(rnd.view(seat), rnd.legal_actions(seat)))
        else:
            rnd.act(seat, default_action(rnd))


def test_rule_bot_declares_its_long_suit() -> None:
    rnd = setup(
        {0: "S2 LJ H2 BJ SA SK SQ SJ S10 S9 S8 S7", 1: "C2 C2", 2: "D2 D2", 3: "S2 H2"}, kitty="LJ BJ"
    )
    drive(rnd, 0, RuleBot(0), "bury")
    bid = rnd.view(0).bid
    assert bid is not None and bid.seat == 0 and bid.suit == "S"


def test_rule_bot_buries_low_cards_and_voids_a_short_suit() -> None:
    hand = "S2 LJ SA SK SQ SJ S10 S9 S8 S7 S6 S5 S4 S3 DA DK DQ DJ D10 D9 D8 D7 D6 H3 H4"
    rnd = setup({0: hand, 1: "H2 H2 C2 C2", 2: "D2 D2 S2"}, kitty="CA CK CQ CJ C10 C9 C8 C7")
    bot = RuleBot(0)
    drive(rnd, 0, bot, "bury")
    assert rnd.to_act == 0
    action = bot.choose(rnd.view(0), rnd.legal_actions(0))
    buried = action.cards
    assert set(cards("H3 H4")) <= set(buried), "the short heart suit is voided"
    trump = rnd.trump
    assert trump is not None
    assert not any(trump.is_trump(card) or card.points for card in buried)
    rnd.act(0, action)


def view_of(seat: int, hand: str, trick: list[tuple[int, str]], trump: Trump, dealer: int = 0) -> SeatView:
    """A hand-made view of the play: ``trick`` is the current trick as (seat, cards)."""
    return SeatView(
        seat=seat, phase="play", to_act=seat, rules="super_tycoon", round_number=2, race=False,
        levels=("2", "2"), dealer=dealer, level=trump.level, trump=trump, bids=(), hand=cards(hand),
        hand_sizes=(25, 25, 25, 25), cards_dealt=100, kitty=None,
        trick=tuple((s, cards(c)) for s, c in trick), attempt=None, tricks=(), attackers_points=0, result=None,
    )


def follow(view: SeatView) -> tuple[Card, ...]:
    assert view.trump is not None and view.lead is not None
    from shengji_kit.engine.follow import legal_plays

    actions = [Action.play(p) for p in legal_plays(view.lead, view.hand, view.trump)]
    return RuleBot(0).choose(view, actions).cards


def test_rule_bot_gives_points_to_a_partner_who_wins() -> None:
    trump = Trump("2", "S")
    view = view_of(3, "HK H5 H6 C3 C4", [(0, "H3"), (1, "HA"), (2, "H4")], trump)
    assert follow(view) == cards("HK")


def test_rule_bot_ruffs_points_but_not_an_empty_trick() -> None:
    trump = Trump("2", "S")
    points_on_table = view_of(3, "S3 S4 C3 C4", [(0, "HK"), (1, "H3"), (2, "H4")], trump)
    assert follow(points_on_table) == cards("S3")
    nothing = view_of(3, "S3 S4 C3 C4", [(0, "H3"), (1, "H6"), (2, "H4")], trump)
    assert follow(nothing) == cards("C3")
    losing = view_of(3, "HK H5 C3", [(0, "HA"), (1, "H3"), (2, "H4")], trump)
    assert follow(losing) == cards("H5"), "keeps points back from a trick the opponents win"


def test_rule_bot_leads_sure_winners_and_safe_throws() -> None:
    trump = Trump("2", "S")
    bot = RuleBot(0)
    view = view_of(0, "HA C3 C5 D7 D9", [], trump)
    from shengji_kit.engine.follow import legal_leads

    actions = [Action.play(p) for p in legal_leads(view.hand, trump)]
    assert bot.choose(view, actions).cards == cards("HA")
    both = view_of(0, "HA HA HK C3 C5", [], trump)
    actions = [Action.play(p) for p in legal_leads(both.hand, trump)]
    assert set(bot.choose(both, actions).cards) == set(cards("HA HA HK")), "nobody can beat any part"


def test_rule_bots_never_fail_a_throw_and_beat_random_bots() -> None:
    match = Match(4, "super_tycoon")
    bots: list[Bot] = [RuleBot(1), RandomBot(2), RuleBot(3), RandomBot(4)]
    held = defended = 0
    for _ in range(24):
        rnd = match.new_round()
        play_round(rnd, bots)
        result = match.finish(rnd)
        assert all(seat % 2 == 1 for seat in result.failed_throws), "rule bots throw only when safe"
        if result.defenders == 0:
            defended += 1
            held += result.total < 80
    assert defended >= 12 and held >= 0.75 * defended


def test_the_rule_bot_still_decides_holding_26_cards_of_a_four_card_kitty_deal() -> None:
    """With a 4-card kitty the deal hands each seat 26 cards, past the rule bot's last deal-share row: it must
    still declare or pass (found by the house-rule property test, seed 316)."""
    rules = replace(Rules.preset("super_tycoon"), kitty_size=4)
    for seed in range(6):
        rnd = Round.new(seed, rules, dealer=seed % 4)
        play_checked(rnd, make_bots(seed, ("rule", "random")))
        assert rnd.phase == "done"
