"""The exact search: alpha-beta over plays, with a transposition table at trick boundaries.

Values are the attackers' points still to come (trick points plus the kitty bonus), so a
table entry holds whatever points were taken before. Attackers maximise, defenders minimise.
The table is keyed on the hands written as equivalence classes (``MoveMaker.equivalence_classes``),
so positions that differ only by interchangeable cards share one entry.
"""

from __future__ import annotations

import time
from typing import Any

from ..engine.cards import CARDS, Card
from ..engine.rules import Rules
from ..engine.scoring import kitty_multiplier
from ..engine.shapes import THROW, pair_counts, runs
from ..engine.tricks import play_key
from ..engine.trump import TRUMP, Trump
from ._moves import POINTS, Hand, Hands, MoveMaker, Play, SeatClasses, cards_of, remove

Key = tuple[int, int]
Classes = tuple[SeatClasses, ...]
Options = tuple[list[Play], list[Play], dict[Play, "Key | None"], dict[Play, Hand], dict[Play, int]]
"""A seat's follows sorted points first and points last; each one's key, hand left, points."""
Boundary = tuple[int, int]
"""A trick boundary's table key number (the hands up to renaming) and the most the attackers can still get."""
LeadOption = tuple[Play, Hand, "Key", int, bool]
"""A lead, what the leader keeps, its key, its points, whether it is a throw."""
FollowOption = tuple[Play, "Key | None", Hand, int]
"""A follow, its key if it takes the trick from the play so far (else None), the hand left, points."""
INFINITY = 10**6
MERGE_ABOVE = 2
"""Hands this small are searched without merging: it would cost more than it saves."""
NO_KEY: Key = (-1, -1)


class SolveTimeout(RuntimeError):
    """The search passed its time limit; ``nodes`` says how far it got."""

    def __init__(self, nodes: int) -> None:
        super().__init__(f"time limit reached after {nodes} nodes")
        self.nodes = nodes


class Searcher:
    """Solves positions of one deal context; the table and caches live as long as the object."""

    def __init__(
        self, trump: Trump, rules: Rules, attackers: tuple[bool, ...], kitty_points: int, merging: bool = True
    ) -> None:
        trump = self.trump = trump.under(rules)
        self.merging = merging
        """Merge equivalent cards and positions (off only to check that this changes nothing)."""
        self.rules = rules
        self.moves = MoveMaker(trump, rules)
        self.suit_of = trump.tables.suit_of
        self.step = trump.tables.step
        self.attacker = attackers
        self.kitty_points = kitty_points
        self.table: dict[int, tuple[int, int, Play | None]] = {}
        """Bounds and best lead, keyed on a table key's number (a multiple of 4) plus the leader."""
        self.nodes = 0
        self.deadline: float | None = None
        """``time.perf_counter()`` past which the search gives up (``SolveTimeout``); None: no limit."""
        self._numbers: dict[tuple[tuple[int, ...], ...], int] = {}
        self._nodes: dict[Hands, list[Any]] = {}
        """Per trick boundary: [table key number, bound, classes, seat 0..3's lead options]."""
        self._keys: dict[tuple[Play, Play], Key | None] = {}
        self._throw_lead: dict[Play, bool] = {}
        self._multipliers: dict[Play, int] = {}
        self._lead_lists: dict[tuple[Hand, tuple[int, ...]], list[LeadOption]] = {}
        self._largest: dict[Hand, int] = {}
        self._hand_points: dict[Hand, int] = {}
        self._seat_classes: dict[tuple[Hand, tuple[int, ...]], SeatClasses] = {}
        self._follows: dict[tuple[Play, Hand, tuple[int, ...]], Options] = {}
        self._follow_order: dict[tuple[object, ...], list[FollowOption]] = {}
        self._killers: dict[int, tuple[Play, ...]] = {}
        """Killer leads: per leader and hand size (``leader * 64 + size``), the last two leads that cut off a
        node after another was tried first; they are tried next right after the table's best lead, the
        latest first (siblings of a position are often refuted the same way: 8 cards, 12 deals, 39% fewer nodes)."""

    # --- scoring helpers -----------------------------------------------------------------

    def key(self, play: Play, lead: Play) -> Key | None:
        """The engine's ``play_key`` of ``play`` against ``lead`` (fast for single leads)."""
        if len(lead) == 1:
            suit = self.suit_of[play[0]]
            if suit == self.suit_of[lead[0]]:
                return (0, self.step[play[0]])
            if suit == TRUMP:
                return (1, self.step[play[0]])
            return None
        pair = (play, lead)
        if pair not in self._keys:
            self._keys[pair] = play_key(cards_of(play), self.moves.shape(lead), self.trump)
        return self._keys[pair]

    def is_throw(self, lead: Play) -> bool:
        """Is ``lead`` a throw (which only a ruff can beat)?"""
        found = self._throw_lead.get(lead)
        if found is None:
            found = self._throw_lead[lead] = len(lead) > 1 and self.moves.shape(lead).kind == THROW
        return found

    def beats(self, key: Key | None, best: Key, lead: Play) -> bool:
        """Does a play with ``key`` take the trick from the play holding ``best``?"""
        if key is None or key <= best:
            return False
        return key[0] == 1 or not self.is_throw(lead)

    def multiplier(self, lead: Play) -> int:
        """The kitty multiplier for ``lead`` as the last trick's lead."""
        found = self._multipliers.get(lead)
        if found is None:
            found = self._multipliers[lead] = kitty_multiplier(cards_of(lead), self.trump, self.rules)
        return found

    def most_left(self, hands: Hands) -> int:
        """An upper bound on the attackers' points still to come.

        All card points, plus the kitty times the largest multiplier a lead from any hand could
        have (the last lead is part of some hand).
        """
        left = 0
        most = 0
        points = self._hand_points
        for hand in hands:
            found = points.get(hand)
            if found is None:
                found = points[hand] = sum(POINTS[i] for i in hand)
            left += found
            if self.kitty_points:
                most = max(most, self.largest_multiplier(hand))
        return left + self.kitty_points * most

    def largest_multiplier(self, hand: Hand) -> int:
        """The largest kitty multiplier of any lead made from ``hand``."""
        found = self._largest.get(hand)
        if found is not None:
            return found
        suit_of = self.suit_of
        by_suit: dict[str, list[Card]] = {}
        for index in hand:
            by_suit.setdefault(suit_of[index], []).append(CARDS[index])
        most = 2
        scheme = self.rules.kitty_scheme
        for cards in by_suit.values():
            if scheme == "per_card":
                most = max(most, 2 * len(cards))
                continue
            for first, last in runs(pair_counts(cards, self.trump)):
                pairs = last - first + 1
                if scheme == "doubling":
                    most = max(most, 2 ** (2 * pairs))
                else:
                    most = max(most, 4 * pairs if pairs >= 2 and self.rules.tractor_kitty_scales else 4)
        self._largest[hand] = most
        return most

    # --- choices -------------------------------------------------------------------------

    def leads(self, hands: Hands, leader: int, classes: Classes | None) -> list[Play]:
        """The leader's choices: plain leads and standing throws (merged when given ``classes``).

        Ordered longer first, then fewer points, side suits before trumps, lower first.
        """
        if classes is not None:
            return [option[0] for option in self._lead_list(hands, leader, classes)]
        plays = self.moves.combination_leads(hands[leader]) + self.moves.standing_throws(hands, leader)
        self._sort_leads(plays)
        return plays

    def _sort_leads(self, plays: list[Play]) -> None:
        step, suit_of = self.step, self.suit_of
        plays.sort(key=lambda p: (-len(p), sum(POINTS[i] for i in p), suit_of[p[0]] == TRUMP, max(step[i] for i in p)))

    def _lead_list(self, hands: Hands, leader: int, classes: Classes) -> list[LeadOption]:
        """The merged, ordered leads with what the leader keeps, key, points, throw (cached).

        The plain leads depend only on the hand and its classes and are cached on those; the
        standing throws (which depend on the other hands) are added in order when there are any.
        """
        node = self._node(hands)
        found: list[LeadOption] | None = node[3 + leader]
        if found is None:
            hand = hands[leader]
            seat_classes = classes[leader]
            cache_key = (hand, seat_classes.signature)
            plain = self._lead_lists.get(cache_key)
            if plain is None:
                plays = self.moves.merge(list(self.moves.combination_leads(hand)), seat_classes)
                self._sort_leads(plays)
                plain = self._lead_lists[cache_key] = self._lead_options(hand, plays)
            throws = self.moves.standing_throws(hands, leader)
            if throws:
                throws = self.moves.merge(throws, seat_classes)
                self._sort_leads(throws)
                # a stable sort of (sorted plain + sorted throws) is the sort of plain + throws
                step, suit_of = self.step, self.suit_of
                found = plain + self._lead_options(hand, throws)
                found.sort(
                    key=lambda o: (
                        -len(o[0]), o[3], suit_of[o[0][0]] == TRUMP, max(step[i] for i in o[0])
                    )
                )
            else:
                found = plain
            node[3 + leader] = found
        return found

    def _lead_options(self, hand: Hand, plays: list[Play]) -> list[LeadOption]:
        """Each lead with what the leader keeps, its key, points and whether it is a throw."""
        found: list[LeadOption] = []
        for lead in plays:
            key = self.key(lead, lead)
            assert key is not None
            found.append((lead, remove(hand, lead), key, sum(POINTS[i] for i in lead), self.is_throw(lead)))
        return found

    def _options(self, lead: Play, hand: Hand, classes: SeatClasses) -> Options:
        """The merged follows sorted two ways, and each one's key, points and the hand left."""
        cache_key = (lead, hand, classes.signature)
        found = self._follows.get(cache_key)
        if found is None:
            step = self.step
            plays = self.moves.merge(self.moves.follows(lead, hand), classes)
            points = {play: sum(POINTS[i] for i in play) for play in plays}
            low = {play: sum(step[i] for i in play) for play in plays}
            giving = sorted(plays, key=lambda p: (-points[p], low[p]))
            keeping = sorted(plays, key=lambda p: (points[p], low[p]))
            keys = {play: self.key(play, lead) for play in plays}
            rests = {play: remove(hand, play) for play in plays}
            found = self._follows[cache_key] = (giving, keeping, keys, rests, points)
        return found

    def _ordered(
        self, lead: Play, hand: Hand, classes: SeatClasses, best: Key, ruff_only: bool, partner: bool,
        cache_key: tuple[object, ...],
    ) -> list[FollowOption]:
        """A follower's plays in search order, each with whether it takes the trick, hand left, points.

        With the partner winning (or one choice): points first. Otherwise plays that win (points
        first), then the rest lowest first.
        """
        giving, keeping, keys, rests, points = self._options(lead, hand, classes)
        winning = [
            play for play in giving
            if (key := keys[play]) is not None and key > best and (key[0] == 1 or not ruff_only)
        ]
        if len(giving) == 1 or partner:
            ordered = giving
        elif not winning:
            ordered = keeping
        elif len(winning) == len(giving):
            ordered = giving
        else:
            ordered = winning + [play for play in keeping if play not in winning]
        found = [(play, keys[play] if play in winning else None, rests[play], points[play]) for play in ordered]
        self._follow_order[cache_key] = found
        return found

    def follows(self, hands: Hands, leader: int, plays: tuple[Play, ...], classes: Classes) -> list[Play]:
        """The next follower's distinct legal plays (equivalent ones merged)."""
        seat = (leader + len(plays)) % 4
        return self._options(plays[0], hands[seat], classes[seat])[0]

    # --- search --------------------------------------------------------------------------

    def _node(self, hands: Hands) -> list[Any]:
        """A trick boundary's cached data: [table key number, bound, classes, 4 lead lists]."""
        node = self._nodes.get(hands)
        if node is None:
            signature = self.moves.shape_signature(hands) if self.merging else hands
            numbers = self._numbers
            number = numbers.get(signature)
            if number is None:
                number = numbers[signature] = 4 * len(numbers)
            node = self._nodes[hands] = [number, self.most_left(hands), None, None, None, None, None]
        return node

    def boundary(self, hands: Hands) -> Boundary:
        """Table key number (a multiple of 4; add the leader) and point bound of a trick boundary."""
        node = self._node(hands)
        return node[0], node[1]

    def classes(self, hands: Hands) -> Classes:
        """Each seat's equivalence classes at a trick boundary; they hold all trick long."""
        node = self._node(hands)
        found: Classes | None = node[2]
        if found is None:
            if self.merging and len(hands[0]) > MERGE_ABOVE:
                found = self.moves.equivalence_classes(hands)
            else:
                found = self.moves.plain_classes(hands)
            # one object per (hand, classes), so the follow orders can be keyed on its id
            shared = self._seat_classes
            found = tuple(
                shared.setdefault((hand, seat.signature), seat) for hand, seat in zip(hands, found, strict=True)
            )
            node[2] = found
        return found

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
