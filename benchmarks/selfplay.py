"""Print self-play speed: rounds per CPU second for RandomBot and RuleBot tables (one core).

Run: ``.venv/bin/python benchmarks/selfplay.py [--rounds N] [--rules classic] [--bots random,rule,playout]``.
Timed in CPU seconds of this process (``time.process_time``), so other jobs on a shared machine
weigh less; still, compare two versions in the same minute, alternating runs (docs/coach.md).
``random`` and ``rule`` play whole rounds through ``Round`` (deal, bury, tricks, score);
``playout`` runs ``Playout`` play-outs with random policies from the first lead of the same
deals (what a search bot pays per sampled continuation). Nothing here is asserted.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from shengji_kit.game import Round
from shengji_kit.game.bots import RandomBot, play_round
from shengji_kit.game.deal import derived_seed


def bot_factory(name: str, seed: int) -> object:
    if name == "random":
        return RandomBot(seed)
    from shengji_kit.game.bots.rule import RuleBot

    return RuleBot(seed)


def rounds_per_second(bot: str, rounds: int, rules: str, seed: int) -> float:
    """Play ``rounds`` independent round-1 deals with four bots of one kind."""
    bots = [bot_factory(bot, derived_seed(seed, 1000 + seat)) for seat in range(4)]
    start = time.process_time()
    for index in range(rounds):
        rnd = Round.new(derived_seed(seed, index), rules)
        play_round(rnd, bots)  # type: ignore[arg-type]
    return rounds / (time.process_time() - start)


def playouts_per_second(rounds: int, rules: str, seed: int) -> float:
    """Random play-outs from the first lead of ``rounds`` deals (the deals are not timed)."""
    from shengji_kit.game.playout import (  # (imported here: older versions lack it)
        Playout,
        random_policy,
        unseen_cards,
    )

    bots = [RandomBot(derived_seed(seed, 1000 + seat)) for seat in range(4)]
    starts: list[Playout] = []
    for index in range(rounds):
        rnd = Round.new(derived_seed(seed, index), rules)
        while rnd.phase != "play":
            advance_bots_once(rnd, bots)
        seat = rnd.to_act
        assert seat is not None
        view = rnd.view(seat)
        hidden = {other: list(rnd.view(other).hand) for other in range(4) if other != seat}
        kitty = Counter(unseen_cards(view))
        for cards in hidden.values():
            kitty.subtract(cards)
        starts.append(Playout.from_view(view, hidden, list(kitty.elements())))
    policy = random_policy(seed)
    start = time.process_time()
    for playout in starts:
        playout.clone().run(policy)
    return rounds / (time.process_time() - start)


def advance_bots_once(rnd: Round, bots: list[RandomBot]) -> None:
    """One bot decision (the deal and bury of a play-out's start)."""
    seat = rnd.to_act
    assert seat is not None
    rnd.act(seat, bots[seat].choose(rnd.view(seat), rnd.legal_actions(seat)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--rules", default="super_tycoon")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="random,rule,playout")
    args = parser.parse_args()
    for bot in args.bots.split(","):
        if bot == "playout":
            speed = playouts_per_second(args.rounds, args.rules, args.seed)
            print(f"random play-outs from the first lead, {args.rules}: {speed:7.1f} play-outs/s over {args.rounds}")
            continue
        count = args.rounds if bot == "random" else max(1, args.rounds // 5)
        speed = rounds_per_second(bot, count, args.rules, args.seed)
        print(f"{bot:>6} self-play, {args.rules}: {speed:7.1f} rounds/s over {count} rounds")


if __name__ == "__main__":
    main()
