"""The exact search: alpha-beta over plays, with a transposition table at trick boundaries.

Values are the attackers' points still to come (trick points plus the kitty bonus), so a
table entry holds whatever points were taken before. Attackers maximise, defenders minimise.
The table is keyed on the hands written as equivalence classes (``MoveMaker.equivalence_classes``),
so positions that differ only by interchangeable cards share one entry.
"""

from __future__ import annotations

import time

from ..engine.cards import CARDS
from ..engine.rules import Rules
from ..engine.trump import TRUMP, Trump
from ._moves import POINTS, Hands, Play, remove
from .node_options import (
    Classes,
    Key,
    LeadOption,
    NodeOptions,
)

INFINITY = 10**6
NO_KEY: Key = (-1, -1)


class SolveTimeout(RuntimeError):
    """The search passed its time limit; ``nodes`` says how far it got."""

    def __init__(self, nodes: int) -> None:
        super().__init__(f"time limit reached after {nodes} nodes")
        self.nodes = nodes


class Searcher(NodeOptions):
    """Solves positions of one deal context; the table and caches live as long as the object."""

    def __init__(
        self, trump: Trump, rules: Rules, attackers: tuple[bool, ...], kitty_points: int, merging: bool = True
    ) -> None:
        super().__init__(trump, rules, attackers, kitty_points, merging)
        self.table: dict[int, tuple[int, int, Play | None]] = {}
        """Bounds and best lead, keyed on a table key's number (a multiple of 4) plus the leader."""
        self.nodes = 0
        self.deadline: float | None = None
        """``time.perf_counter()`` past which the search gives up (``SolveTimeout``); None: no limit."""
        self._killers: dict[int, tuple[Play, ...]] = {}
        """Killer leads: per leader and hand size (``leader * 64 + size``), the last two leads that cut off a
        node after another was tried first; they are tried next right after the table's best lead, the
        latest first (siblings of a position are often refuted the same way: 8 cards, 12 deals, 39% fewer nodes)."""


    def value(self, hands: Hands, leader: int, alpha: int, beta: int) -> int:
        """The attackers' points still to come with ``leader`` to lead (fail-soft alpha-beta)."""
        size = len(hands[0])
        if size <= 1:
            return self.last_trick(hands, leader) if size else 0
        self.nodes += 1
        if not self.nodes & 0xFFF and self.deadline is not None and time.perf_counter() > self.deadline:
            raise SolveTimeout(self.nodes)
        if beta <= 0:
            return 0
        node = self._nodes.get(hands)
        if node is None:
            node = self._node(hands)
        table_key = node[0] + leader
        most: int = node[1]
        entry = self.table.get(table_key)
        if entry is None:
            if most <= alpha:
                return most
            low, high, hint = 0, most, None
        else:
            low, high, hint = entry
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
        a = a0 = max(alpha, low)
        b = b0 = min(beta, high)
        maximising = self.attacker[leader]
        best = -INFINITY if maximising else INFINITY
        best_play: Play | None = None
        classes = node[2]
        if classes is None:
            classes = self.classes(hands)
        options = node[3 + leader]
        if options is None:
            options = self._lead_list(hands, leader, classes)
        killers = self._killers.get(leader * 64 + size)
        if killers is not None:
            options = _to_front(options, killers, hint)
        if hint is not None and hint != options[0][0]:
            for n, option in enumerate(options):
                if option[0] == hint:
                    options = [option, *options[:n], *options[n + 1 :]]
                    break
        follow = self.follow
        for lead, rest, key, pot, ruff_only in options:
            left = (rest,)
            if best_play is None or b - a <= 1:
                got = follow(hands, leader, lead, left, 0, key, pot, ruff_only, a, b, classes)
            elif maximising:
                got = follow(hands, leader, lead, left, 0, key, pot, ruff_only, a, a + 1, classes)
                if a < got < b:
                    got = follow(hands, leader, lead, left, 0, key, pot, ruff_only, got, b, classes)
            else:
                got = follow(hands, leader, lead, left, 0, key, pot, ruff_only, b - 1, b, classes)
                if a < got < b:
                    got = follow(hands, leader, lead, left, 0, key, pot, ruff_only, a, got, classes)
            if maximising:
                if got > best:
                    best, best_play = got, lead
                    if got > a:
                        a = got
            elif got < best:
                best, best_play = got, lead
                if got < b:
                    b = got
            if a >= b:
                if lead != options[0][0]:
                    slot = leader * 64 + size
                    if killers is None:
                        self._killers[slot] = killers = (lead,)
                    elif killers[-1] != lead:
                        self._killers[slot] = (killers[-1], lead)
                break
        if best <= a0:
            high = best
        elif best >= b0:
            low = best
        else:
            low = high = best
        self.table[table_key] = (low, high, best_play)
        return best

    def follow(
        self, hands: Hands, leader: int, lead: Play, left: Hands, win: int, best: Key,
        pot: int, ruff_only: bool, alpha: int, beta: int, classes: Classes,
    ) -> int:
        """The value with the trick partly played, the next seat to choose.

        ``hands`` are the hands at the trick's start (only seats yet to play are read), ``left``
        what the seats that played keep, in play order (``lead`` first); ``win`` holds ``best``; ``pot`` is the
        trick's points so far; ``ruff_only``: the lead is a throw.
        """
        self.nodes += 1
        count = len(left)
        seat = (leader + count) % 4
        hand = hands[seat]
        attacker = self.attacker
        maximising = attacker[seat]
        seat_classes = classes[seat]
        cache_key = (lead, id(seat_classes), best, maximising == attacker[(leader + win) % 4])
        ordered = self._follow_order.get(cache_key)
        if ordered is None:
            ordered = self._ordered(lead, hand, seat_classes, best, ruff_only, cache_key[3], cache_key)
        value = -INFINITY if maximising else INFINITY
        if count == 3:
            won_by = (leader + win) % 4
            # the hands after the trick, in seat order (``left`` is in play order)
            a, b, c = left
            if leader == 0:
                after = [(a, b, c, option[2]) for option in ordered]
            elif leader == 1:
                after = [(option[2], a, b, c) for option in ordered]
            elif leader == 2:
                after = [(c, option[2], a, b) for option in ordered]
            else:
                after = [(b, c, option[2], a) for option in ordered]
            seat_gets, other_gets = attacker[seat], attacker[won_by]
            rows = [
                (option, seat, pot + option[3] if seat_gets else 0, now)
                if option[1] is not None
                else (option, won_by, pot + option[3] if other_gets else 0, now)
                for option, now in zip(ordered, after, strict=True)
            ]
            if len(rows) > 1 and len(hand) > 2:
                # enhanced transposition cutoff: a stored bound of one outcome may settle the choice
                nodes, table = self._nodes, self.table
                for _option, winner, got, now_hands in rows:
                    known = nodes.get(now_hands)
                    if known is not None:
                        entry = table.get(known[0] + winner)
                        if entry is not None:
                            if maximising:
                                if got + entry[0] >= beta:
                                    return got + entry[0]
                            elif got + entry[1] <= alpha:
                                return got + entry[1]
            last = not ordered[0][2]  # the hands are empty after this trick
            kitty = self.kitty_points
            for option, winner, got, now_hands in rows:
                if last:
                    if kitty and attacker[winner]:
                        got += kitty * self.multiplier(lead)
                else:
                    got += self.value(now_hands, winner, alpha - got, beta - got)
                if maximising:
                    if got > value:
                        value = got
                        if got > alpha:
                            alpha = got
                elif got < value:
                    value = got
                    if got < beta:
                        beta = got
                if alpha >= beta:
                    if option is not ordered[0]:
                        self._follow_order[cache_key] = [option] + [o for o in ordered if o is not option]
                    break
            return value
        follow = self.follow
        for option in ordered:
            _play, takes, rest, points = option
            if takes is not None:
                now_win, now_best = count, takes
            else:
                now_win, now_best = win, best
            got = follow(
                hands, leader, lead, (*left, rest), now_win, now_best,
                pot + points, ruff_only, alpha, beta, classes,
            )
            if maximising:
                if got > value:
                    value = got
                    if got > alpha:
                        alpha = got
            elif got < value:
                value = got
                if got < beta:
                    beta = got
            if alpha >= beta:
                if option is not ordered[0]:
                    self._follow_order[cache_key] = [option] + [o for o in ordered if o is not option]
                break
        return value

    def after_play(
        self, hands: Hands, leader: int, plays: tuple[Play, ...], win: int, best: Key,
        play: Play, alpha: int, beta: int, classes: Classes,
    ) -> int:
        """The value once the next seat plays ``play`` (``hands`` without the cards played so far)."""
        seat = (leader + len(plays)) % 4
        hands = (*hands[:seat], remove(hands[seat], play), *hands[seat + 1 :])
        key = self.key(play, plays[0] if plays else play)
        if not plays or self.beats(key, best, plays[0]):
            assert key is not None
            win, best = len(plays), key
        plays = (*plays, play)
        if len(plays) == 4:
            gained = self.trick_points(hands, leader, plays, win)
            if not hands[0]:
                return gained
            return gained + self.value(hands, (leader + win) % 4, alpha - gained, beta - gained)
        pot = sum(POINTS[i] for done in plays for i in done)
        left = tuple(hands[(leader + k) % 4] for k in range(len(plays)))
        ruff_only = self.is_throw(plays[0])
        return self.follow(hands, leader, plays[0], left, win, best, pot, ruff_only, alpha, beta, classes)

    def last_trick(self, hands: Hands, leader: int) -> int:
        """One card each: every play is forced, so just score the trick."""
        self.nodes += 1
        suit_of, step = self.suit_of, self.step
        lead = hands[leader][0]
        suit = suit_of[lead]
        winner, best, points = leader, step[lead], POINTS[lead]
        for k in (1, 2, 3):
            seat = (leader + k) % 4
            card = hands[seat][0]
            points += POINTS[card]
            if suit_of[card] == suit:
                rank = step[card]
            elif suit_of[card] == TRUMP:
                rank = 100 + step[card]  # a ruff: above every card of the led suit
            else:
                continue
            if rank > best:
                winner, best = seat, rank
        if not self.attacker[winner]:
            return 0
        if self.kitty_points:
            points += self.kitty_points * self.multiplier((lead,))
        return points

    def trick_points(self, hands: Hands, leader: int, plays: tuple[Play, ...], win: int) -> int:
        """The attackers' gain from a finished trick (with the kitty after the last one)."""
        if not self.attacker[(leader + win) % 4]:
            return 0
        gained = sum(POINTS[i] for play in plays for i in play)
        if not hands[0]:
            gained += self.kitty_points * self.multiplier(plays[0])
        return gained


def _to_front(options: list[LeadOption], killers: tuple[Play, ...], hint: Play | None) -> list[LeadOption]:
    """``options`` with the killer leads moved to the front, the last killer first (the hint is placed after)."""
    for killer in killers:
        if killer != hint and killer != options[0][0]:
            for n, option in enumerate(options):
                if option[0] == killer:
                    options = [option, *options[:n], *options[n + 1 :]]
                    break
    return options


def card_codes(play: Play, trump: Trump) -> str:
    """A play as space-joined codes, strongest first (``trump.sorted`` order)."""
    return " ".join(card.code for card in trump.sorted(CARDS[i] for i in play))
