"""The exact search: alpha-beta over plays, with a transposition table at trick boundaries.

Values are the attackers' points still to come (trick points plus the kitty bonus), so a
table entry holds whatever points were taken before. Attackers maximise, defenders minimise.
The table is keyed on the hands written as equivalence classes (``MoveMaker.equivalence_classes``),
so positions that differ only by interchangeable cards share one entry.
"""

from __future__ import annotations

from ..engine.cards import CARDS, Card
from ..engine.rules import Rules
from ..engine.scoring import kitty_multiplier
from ..engine.shapes import THROW, pair_counts, runs
from ..engine.tricks import play_key
from ..engine.trump import TRUMP, Trump
from .moves import POINTS, Hand, Hands, MoveMaker, Play, SeatClasses, cards_of, remove

Key = tuple[int, int]
Classes = tuple[SeatClasses, ...]
Options = tuple[list[Play], list[Play], dict[Play, "Key | None"], dict[Play, Hand], dict[Play, int]]
"""A seat's follows sorted points first and points last; each one's key, hand left, points."""
Boundary = tuple[Classes, tuple[tuple[int, ...], ...], int]
INFINITY = 10**6
MERGE_ABOVE = 2
"""Hands this small are searched without merging: it would cost more than it saves."""
NO_KEY: Key = (-1, -1)


class Searcher:
    """Solves positions of one deal context; the table and caches live as long as the object."""

    def __init__(
        self, trump: Trump, rules: Rules, attackers: tuple[bool, ...], kitty_points: int, merging: bool = True
    ) -> None:
        self.trump = trump
        self.merging = merging
        """Merge equivalent cards and positions (off only to check that this changes nothing)."""
        self.rules = rules
        self.moves = MoveMaker(trump, rules)
        self.suit_of = trump.tables.suit_of
        self.step = trump.tables.step
        self.attacker = attackers
        self.kitty_points = kitty_points
        self.table: dict[tuple[tuple[tuple[int, ...], ...], int], tuple[int, int, Play | None]] = {}
        self.nodes = 0
        self._keys: dict[tuple[Play, Play], Key | None] = {}
        self._throw_lead: dict[Play, bool] = {}
        self._multipliers: dict[Play, int] = {}
        self._boundaries: dict[Hands, Boundary] = {}
        self._largest: dict[Hand, int] = {}
        self._killers: dict[object, Play] = {}
        self._leads: dict[tuple[Hands, int], list[Play]] = {}
        self._follows: dict[tuple[Play, Hand, tuple[int, ...]], Options] = {}

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
        left = sum(POINTS[i] for hand in hands for i in hand)
        if not self.kitty_points:
            return left
        return left + self.kitty_points * max(self.largest_multiplier(hand) for hand in hands)

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
        for cards in by_suit.values():
            for first, last in runs(pair_counts(cards, self.trump)):
                pairs = last - first + 1
                if pairs >= 2 and self.rules.tractor_kitty_scales:
                    most = max(most, 4 * pairs)
                else:
                    most = max(most, 4)
        self._largest[hand] = most
        return most

    # --- choices -------------------------------------------------------------------------

    def leads(self, hands: Hands, leader: int, classes: Classes | None) -> list[Play]:
        """The leader's choices: plain leads and standing throws (merged when given ``classes``)."""
        if classes is not None and (hands, leader) in self._leads:
            return self._leads[(hands, leader)]
        plays = self.moves.combination_leads(hands[leader]) + self.moves.standing_throws(hands, leader)
        if classes is not None:
            plays = self.moves.merge(plays, classes[leader])
        step, suit_of = self.step, self.suit_of
        plays.sort(key=lambda p: (-len(p), -sum(POINTS[i] for i in p), suit_of[p[0]] == TRUMP, -max(step[i] for i in p)))
        if classes is not None:
            self._leads[(hands, leader)] = plays
        return plays

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

    def follows(self, hands: Hands, leader: int, plays: tuple[Play, ...], classes: Classes) -> list[Play]:
        """The next follower's distinct legal plays (equivalent ones merged)."""
        seat = (leader + len(plays)) % 4
        return self._options(plays[0], hands[seat], classes[seat])[0]

    # --- search --------------------------------------------------------------------------

    def boundary(self, hands: Hands) -> Boundary:
        """Classes, table key and point bound of a trick boundary (cached per hands)."""
        found = self._boundaries.get(hands)
        if found is None:
            if not self.merging:
                classes, signature = self.moves.plain_classes(hands), hands
            else:
                signature = self.moves.shape_signature(hands)
                if len(hands[0]) > MERGE_ABOVE:
                    classes = self.moves.equivalence_classes(hands)
                else:
                    classes = self.moves.plain_classes(hands)
            found = self._boundaries[hands] = (classes, signature, self.most_left(hands))
        return found

    def classes(self, hands: Hands) -> Classes:
        """Each seat's equivalence classes at a trick boundary; they hold all trick long."""
        return self.boundary(hands)[0]

    def value(self, hands: Hands, leader: int, alpha: int, beta: int) -> int:
        """The attackers' points still to come with ``leader`` to lead (fail-soft alpha-beta)."""
        size = len(hands[0])
        if size <= 1:
            return self.last_trick(hands, leader) if size else 0
        self.nodes += 1
        classes, signature, most = self.boundary(hands)
        table_key = (signature, leader)
        entry = self.table.get(table_key)
        low, high, hint = (0, most, None) if entry is None else entry
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        a = a0 = max(alpha, low)
        b = b0 = min(beta, high)
        maximising = self.attacker[leader]
        best = -INFINITY if maximising else INFINITY
        best_play: Play | None = None
        options = self.leads(hands, leader, classes)
        if hint is not None and hint != options[0] and hint in options:
            options = [hint] + [play for play in options if play != hint]
        hand = hands[leader]
        for lead in options:
            left = (remove(hand, lead),)
            key = self.key(lead, lead)
            assert key is not None
            pot = sum(POINTS[i] for i in lead)
            ruff_only = self.is_throw(lead)
            plays = (lead,)
            if best_play is None or b - a <= 1:
                got = self.follow(hands, leader, plays, left, 0, key, pot, ruff_only, a, b, classes)
            elif maximising:
                got = self.follow(hands, leader, plays, left, 0, key, pot, ruff_only, a, a + 1, classes)
                if a < got < b:
                    got = self.follow(hands, leader, plays, left, 0, key, pot, ruff_only, got, b, classes)
            else:
                got = self.follow(hands, leader, plays, left, 0, key, pot, ruff_only, b - 1, b, classes)
                if a < got < b:
                    got = self.follow(hands, leader, plays, left, 0, key, pot, ruff_only, a, got, classes)
            if maximising:
                if got > best:
                    best, best_play = got, lead
                    a = max(a, got)
            elif got < best:
                best, best_play = got, lead
                b = min(b, got)
            if a >= b:
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
        self, hands: Hands, leader: int, plays: tuple[Play, ...], left: Hands, win: int, best: Key,
        pot: int, ruff_only: bool, alpha: int, beta: int, classes: Classes,
    ) -> int:
        """The value with the trick partly played, the next seat to choose.

        ``hands`` are the hands at the trick's start (only seats yet to play are read), ``left``
        what the seats that played keep, in play order; ``win`` holds ``best``; ``pot`` is the
        trick's points so far; ``ruff_only``: the lead is a throw.
        """
        self.nodes += 1
        count = len(plays)
        seat = (leader + count) % 4
        lead = plays[0]
        hand = hands[seat]
        giving, keeping, keys, rests, points = self._options(lead, hand, classes[seat])
        attacker = self.attacker
        maximising = attacker[seat]
        if len(giving) == 1 or maximising == attacker[(leader + win) % 4]:
            ordered = giving
        else:
            winning = [
                play for play in giving
                if (key := keys[play]) is not None and key > best and (key[0] == 1 or not ruff_only)
            ]
            if not winning:
                ordered = keeping
            elif len(winning) == len(giving):
                ordered = giving
            else:
                ordered = winning + [play for play in keeping if play not in winning]
        killer_key = (lead, count, hand, win, best)
        killer = self._killers.get(killer_key)
        if killer is not None and killer != ordered[0] and killer in keys:
            ordered = [killer] + [play for play in ordered if play != killer]
        value = -INFINITY if maximising else INFINITY
        if count == 3 and len(ordered) > 1 and len(hand) > 2:
            known = self._known_cut(leader, ordered, keys, rests, points, left, win, best, pot, ruff_only, alpha, beta)
            if known is not None:
                return known
        for play in ordered:
            key = keys[play]
            if key is not None and key > best and (key[0] == 1 or not ruff_only):
                now_win, now_best = count, key
            else:
                now_win, now_best = win, best
            if count == 3:
                in_order = left + (rests[play],)
                now_hands = in_order[4 - leader :] + in_order[: 4 - leader]
                winner = (leader + now_win) % 4
                got = pot + points[play] if attacker[winner] else 0
                if not now_hands[0]:
                    if attacker[winner] and self.kitty_points:
                        got += self.kitty_points * self.multiplier(lead)
                else:
                    got += self.value(now_hands, winner, alpha - got, beta - got)
            else:
                got = self.follow(
                    hands, leader, plays + (play,), left + (rests[play],), now_win, now_best,
                    pot + points[play], ruff_only, alpha, beta, classes,
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
                self._killers[killer_key] = play
                break
        return value

    def _known_cut(
        self, leader: int, ordered: list[Play], keys: dict[Play, Key | None], rests: dict[Play, Hand],
        points: dict[Play, int], left: Hands, win: int, best: Key, pot: int, ruff_only: bool,
        alpha: int, beta: int,
    ) -> int | None:
        """Enhanced transposition cutoff for the trick's last seat: a stored bound may settle it."""
        maximising = self.attacker[(leader + 3) % 4]
        boundaries, table = self._boundaries, self.table
        for play in ordered:
            in_order = left + (rests[play],)
            known = boundaries.get(in_order[4 - leader :] + in_order[: 4 - leader])
            if known is None:
                continue
            key = keys[play]
            now_win = 3 if key is not None and key > best and (key[0] == 1 or not ruff_only) else win
            winner = (leader + now_win) % 4
            entry = table.get((known[1], winner))
            if entry is None:
                continue
            got = pot + points[play] if self.attacker[winner] else 0
            if maximising and got + entry[0] >= beta:
                return got + entry[0]
            if not maximising and got + entry[1] <= alpha:
                return got + entry[1]
        return None

    def after_play(
        self, hands: Hands, leader: int, plays: tuple[Play, ...], win: int, best: Key,
        play: Play, alpha: int, beta: int, classes: Classes,
    ) -> int:
        """The value once the next seat plays ``play`` (``hands`` without the cards played so far)."""
        seat = (leader + len(plays)) % 4
        hands = hands[:seat] + (remove(hands[seat], play),) + hands[seat + 1 :]
        key = self.key(play, plays[0] if plays else play)
        if not plays or self.beats(key, best, plays[0]):
            assert key is not None
            win, best = len(plays), key
        plays = plays + (play,)
        if len(plays) == 4:
            gained = self.trick_points(hands, leader, plays, win)
            if not hands[0]:
                return gained
            return gained + self.value(hands, (leader + win) % 4, alpha - gained, beta - gained)
        pot = sum(POINTS[i] for done in plays for i in done)
        left = tuple(hands[(leader + k) % 4] for k in range(len(plays)))
        ruff_only = self.is_throw(plays[0])
        return self.follow(hands, leader, plays, left, win, best, pot, ruff_only, alpha, beta, classes)

    def last_trick(self, hands: Hands, leader: int) -> int:
        """One card each: every play is forced, so just score the trick."""
        self.nodes += 1
        plays = tuple(hands[(leader + k) % 4] for k in range(4))
        win, best = 0, self.key(plays[0], plays[0])
        assert best is not None
        for k in (1, 2, 3):
            key = self.key(plays[k], plays[0])
            if key is not None and key > best:
                win, best = k, key
        return self.trick_points(((),) * 4, leader, plays, win)

    def trick_points(self, hands: Hands, leader: int, plays: tuple[Play, ...], win: int) -> int:
        """The attackers' gain from a finished trick (with the kitty after the last one)."""
        if not self.attacker[(leader + win) % 4]:
            return 0
        gained = sum(POINTS[i] for play in plays for i in play)
        if not hands[0]:
            gained += self.kitty_points * self.multiplier(plays[0])
        return gained


def card_codes(play: Play, trump: Trump) -> str:
    """A play as space-joined codes, strongest first (``trump.sorted`` order)."""
    return " ".join(card.code for card in trump.sorted(CARDS[i] for i in play))
