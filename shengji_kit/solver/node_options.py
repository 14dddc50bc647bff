"""A search node's choices and scores: the leads and follows in search order, keys, multipliers, bounds.

The exact search (``search.Searcher``) walks these; kept apart so the search itself reads as the
alpha-beta it is. Plays are merged over equivalent cards (``MoveMaker.equivalence_classes``), and
every list is cached on the hands (and classes) it was made for.
"""

from __future__ import annotations

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
MERGE_ABOVE = 2
MERGE_ABOVE = 2
"""Hands this small are searched without merging: it would cost more than it saves."""


class NodeOptions:
    """What every node of one deal context offers: each seat's leads and follows in search order, what a
    play scores and beats, the trick boundaries' keys and bounds; cached as long as the object lives."""

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
