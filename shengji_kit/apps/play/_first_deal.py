"""The first round of a visit should teach declaring: pick a match seed whose first deal lets the
learner (seat 0) declare, or makes the learner's seat the dealer. The visit's seed still decides:
successive seeds derived from it are tried in order, so the same address gives the same deal.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ...engine.rules import Rules
from ...game import Match, Round
from ...game.bots import Bot
from ...game.deal import derived_seed

LEARNER = 0
TRIES = 24
"""Seeds tried before the visit seed itself is used as it is."""
BID_KINDS = frozenset({"declare", "overturn"})


def learner_can_bid(rnd: Round, bots: Mapping[int, Bot]) -> bool:
    """Play the deal through (the learner never declares): was a declaration offered, or does seat 0 deal?"""
    while rnd.phase not in ("bury", "play", "done"):
        seat = rnd.to_act
        if seat is None:
            break
        options = rnd.legal_actions(seat)
        if seat == LEARNER:
            if any(option.kind in BID_KINDS for option in options):
                return True
            waiting = [option for option in options if option.kind not in BID_KINDS and option.kind != "redeal"]
            rnd.act(seat, waiting[0] if waiting else options[0])
        else:
            rnd.act(seat, bots[seat].choose(rnd.view(seat), options))
    return rnd.dealer == LEARNER


def learner_friendly_seed(
    seed: int, rules: Rules | str, make_bots: Callable[[int], Mapping[int, Bot]], tries: int = TRIES
) -> int:
    """``seed`` itself if its first round lets the learner declare or deal, else the first derived seed
    that does (``derived_seed(seed, 1)``, ``(seed, 2)`` …); ``seed`` when none of ``tries`` does."""
    for attempt in range(tries):
        candidate = seed if attempt == 0 else derived_seed(seed, attempt)
        rnd = Match(candidate, rules).new_round()
        if learner_can_bid(rnd, make_bots(rnd.seed)):
            return candidate
    return seed


