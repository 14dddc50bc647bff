"""Decisions cut from real play: seeded rounds played by bots, and every small endgame turn on the way.

A round is dealt with a seeded preset, level and dealer and played to the end by four bots (the
caller's ``make_bot(tier, seed)``: the puzzles floor knows no bot strengths, the command line hands
it the coach's gentle/steady/strong tiers). At every turn of the tricks whose hands held at most
``MAX_CARDS`` cards when the trick began, the whole deal is taken down as a ``Decision``: the
position at the start of the trick (every hand, the kitty, the points so far) and the plays made
to the trick so far. The bots' own choices are not judged; the decision is.

A plan may force the trump (``trump``: a suit letter, or ``none`` for no-trump; bots seldom
declare no-trump): the bots' declarations that name another trump are turned into passes, a
declaration naming the forced one is made whenever a seat may show it, and a deal whose auction
still ends on another trump is dealt again from a derived seed (at most ``FORCE_TRIES`` deals);
the play is the bots' own.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from ...engine.cards import Card
from ...game.actions import DEAL_ON, DECLARE, OVERTURN, PASS, Action
from ...game.auction import PLAY_PHASE
from ...game.bots._turn import PlayTurn, Turn
from ...game.bots.base import Bot
from ...game.position_table import PositionTable
from ...game.round import Round
from ...solver.position import Position
from ..kinds.best_play import start_position

MAX_CARDS = 6
"""Decisions are mined only when each hand held at most this many cards at the start of the trick:
the exact solver then takes about 0.2 s a solve (7 cards about 0.8 s, 8 cards about 5 s)."""
PRESETS = ("super_tycoon", "classic")
LEVELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
TIERS = ("gentle", "steady", "strong")
ANY_TRUMP = "any"
TRUMPS = (ANY_TRUMP, "none", "S", "H", "D", "C")
"""``--trump``'s choices: whatever the bots declare, no-trump, or one suit."""
FORCE_TRIES = 30

MakeBot = Callable[[str, int], Bot]
TrickSoFar = tuple[tuple[int, tuple[Card, ...]], ...]


@dataclass(frozen=True)
class Decision:
    """One turn of a real round: ``position`` at the start of the trick, ``trick`` played so far, ``mover`` to play."""

    position: Position
    trick: TrickSoFar
    source: str
    """Where it was cut from: ``seed/round preset level`` (for the item's comment)."""

    @property
    def mover(self) -> int:
        return (self.position.leader + len(self.trick)) % 4


@dataclass(frozen=True)
class RoundPlan:
    """How one round is dealt and who plays it."""

    seed: int
    preset: str
    level: str
    dealer: int
    tiers: tuple[str, ...]
    trump: str = ANY_TRUMP
    """``any``, ``none`` (no-trump) or a suit letter the auction is steered to."""


def plan_rounds(
    count: int, seed: int, tiers: Sequence[str] = TIERS, trump: str = ANY_TRUMP
) -> list[RoundPlan]:
    """``count`` seeded round plans: presets alternate, levels 2–A and dealers and seat strengths drawn."""
    rng = random.Random(f"mine-{seed}")
    return [
        RoundPlan(
            rng.randrange(2**31), PRESETS[n % len(PRESETS)], rng.choice(LEVELS), rng.randrange(4),
            tuple(rng.choice(tuple(tiers)) for _ in range(4)), trump,
        )
        for n in range(count)
    ]


def _wanted_suit(trump: str) -> str | None:
    return None if trump == "none" else trump


def _bid_suit(action: Action) -> str | None:
    """The trump a declaration or overturn names: the suit of its level card, None for jokers only."""
    return next((card.suit for card in action.cards if not card.is_joker), None)


def _steered(rnd: Round, seat: int, action: Action, trump: str) -> Action:
    """The bot's auction ``action``, turned towards the forced ``trump``."""
    wanted = _wanted_suit(trump)
    legal = rnd.legal_actions(seat)
    shows = [a for a in legal if a.kind in (DECLARE, OVERTURN)]
    matching = [a for a in shows if _bid_suit(a) == wanted]
    if matching:
        return matching[-1]
    if action.kind not in (DECLARE, OVERTURN):
        return action
    for kind in (DEAL_ON, PASS):
        fallback = next((a for a in legal if a.kind == kind), None)
        if fallback is not None:
            return fallback
    return action


def _forced_round(plan: RoundPlan, make_bot: MakeBot) -> tuple[Round, list[Bot]] | None:
    """A round of the plan whose auction ended on the forced trump, at the start of play (None: none found)."""
    for attempt in range(FORCE_TRIES):
        seed = plan.seed if attempt == 0 else random.Random(f"{plan.seed}-{attempt}").randrange(2**31)
        rnd = Round.new(seed, plan.preset, round_number=2, dealer=plan.dealer, levels=(plan.level, plan.level))
        bots = [make_bot(tier, seed * 4 + seat) for seat, tier in enumerate(plan.tiers)]
        while (seat := rnd.to_act) is not None and rnd.phase != PLAY_PHASE:
            action = _bot_action(rnd, bots[seat], seat)
            rnd.act(seat, _steered(rnd, seat, action, plan.trump))
        if rnd.phase == PLAY_PHASE and rnd.trump is not None and rnd.trump.suit == _wanted_suit(plan.trump):
            return rnd, bots
    return None


def round_decisions(plan: RoundPlan, make_bot: MakeBot, max_cards: int = MAX_CARDS) -> Iterator[Decision]:
    """Play the planned round with bots, yielding each endgame turn before the bot takes it."""
    if plan.trump == ANY_TRUMP:
        rnd = Round.new(plan.seed, plan.preset, round_number=2, dealer=plan.dealer, levels=(plan.level, plan.level))
        bots = [make_bot(tier, plan.seed * 4 + seat) for seat, tier in enumerate(plan.tiers)]
    else:
        found = _forced_round(plan, make_bot)
        if found is None:
            return
        rnd, bots = found
    forced = "" if plan.trump == ANY_TRUMP else f" trump={plan.trump}"
    source = f"{rnd.seed} {plan.preset} {plan.level} {'/'.join(plan.tiers)}{forced}"
    while (seat := rnd.to_act) is not None:
        play = rnd.trick_play
        if rnd.phase == PLAY_PHASE and play is not None:
            decision = _decision(rnd, source, max_cards)
            if decision is not None:
                yield decision
        _act(rnd, bots[seat], seat)


def _decision(rnd: Round, source: str, max_cards: int) -> Decision | None:
    """The turn now being taken, when the trick began with at most ``max_cards`` a hand."""
    play = rnd.trick_play
    assert play is not None and rnd.trump is not None and rnd.dealer is not None
    trick = tuple((seat, tuple(cards)) for seat, cards in play.trick)
    played = dict(trick)
    hands = tuple(tuple(play.hand(seat)) + played.get(seat, ()) for seat in range(4))
    if not hands[0] or len(hands[0]) > max_cards or play.attempt is not None:
        return None
    kitty = rnd.buries[-1][1] if rnd.buries else ()
    leader = trick[0][0] if trick else play.leader
    position = Position(
        rnd.rules, rnd.trump.level, rnd.trump.suit, rnd.dealer, leader, hands, tuple(kitty), play.attackers_points
    )
    return Decision(position, trick, source)


def _act(rnd: Round, bot: Bot, seat: int) -> None:
    """One bot action, by the bot's fastest path (as ``advance_bots`` takes it)."""
    rnd.act(seat, _bot_action(rnd, bot, seat))


def _bot_action(rnd: Round, bot: Bot, seat: int) -> Action:
    """The action the bot chooses now."""
    choose_play = getattr(bot, "choose_play", None)
    choose_turn = getattr(bot, "choose_turn", None)
    if choose_play is not None and rnd.phase == PLAY_PHASE:
        action = choose_play(PlayTurn(rnd, seat))
    elif choose_turn is not None:
        action = choose_turn(Turn(rnd, seat))
    else:
        action = bot.choose(rnd.view(seat), rnd.legal_actions(seat))
    assert isinstance(action, Action)
    return action


def decision_of(table: PositionTable, source: str = "a position") -> Decision:
    """The decision a position table shows (hands now, and the trick so far when there is one)."""
    return Decision(start_position(table), tuple((seat, tuple(cards)) for seat, cards in table.trick), source)
