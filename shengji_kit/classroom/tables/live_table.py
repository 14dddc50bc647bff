"""One shared table while the server runs: its match, seats, claims, bots, and who is at their page.

Every field is read and changed under ``lock`` (the hall takes it). A learner's seat is *away*
when its page has not been heard from (no request, no open long poll) for ``grace`` seconds; a bot
of the table's tier then plays it, and the seat shows "bot playing for <name>" until the page is
back. ``seat_message`` builds what one seat may see: the public summary and its own ``SeatView``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from ...game.bots.base import Bot
from ...game.deal import derived_seed
from ...game.match import Match
from ...game.round import DONE
from .seat_claim import SEATS
from .seat_wire import JSONObject, actions_to_json, view_to_json
from .table_state import TableState

BotMaker = Callable[[str, int], Bot]
"""``(tier, seed) -> a bot``; raises ``ValueError`` for a tier it does not know."""
Clock = Callable[[], float]
"""Seconds on a clock that only goes forward (``time.monotonic``; tests give their own)."""
AWAY_BOT_SEED, LEFT_BOT_SEED = 200, 100


class LiveTable:
    """One table's live state (see the module's docstring)."""

    def __init__(self, state: TableState, make_bot: BotMaker, clock: Clock = time.monotonic) -> None:
        self.make_bot = make_bot
        self.clock = clock
        self.table_id = state.table_id
        self.class_name = state.class_name
        self.name = state.name
        self.rules = state.rules
        self.tier = state.tier
        self.hints = state.hints
        self.seed = state.seed
        self.learners: list[str | None] = list(state.learners)
        self.claims: list[str | None] = list(state.claims)
        self.paused = state.paused
        self.closed = state.closed
        self.started = state.started
        self.grace = state.grace
        self.takeover = state.takeover
        self.autostart = state.autostart
        self.left: set[int] = set(state.left)
        self.lock = threading.RLock()
        self.version = 0
        self.bot_busy = False
        self.saved_tricks = -1
        now = clock()
        self.seen: dict[int, float] = {seat: now for seat in SEATS}
        """When each seat's page was last heard from (a restored table gives every page its grace)."""
        self.polls: dict[int, int] = dict.fromkeys(SEATS, 0)
        """Long polls open per seat: a page waiting on its view is there."""
        self.away: set[int] = set()
        self.match = Match(state.seed, state.rules, state.dealer, state.levels)
        self.match.round_number = state.round_number
        self.match.laps = list(state.laps)
        self.match.winner = state.winner
        self.laps_before = state.laps
        self.round = self.match.new_round() if state.winner is None else None
        self.bots: dict[int, Bot] = {}
        self.last_record: JSONObject | None = None
        """The current round's record with the seats' names as it ended (None until it has; not kept on restart)."""
        self.seat_bots()
        if self.round is not None:
            for seat, action in state.actions:
                self.round.act(seat, action)
            if self.round.phase == DONE:
                self.match.finish(self.round)

    def seat_bots(self) -> None:
        """A fresh bot in every seat no learner holds and every away seat (seeded by table, round and seat)."""
        round_seed = derived_seed(self.seed, self.match.round_number)
        self.bots = {seat: self.make_bot(self.tier, derived_seed(round_seed, seat))
                     for seat in SEATS if self.learners[seat] is None}
        for seat in self.away:
            self.bots[seat] = self.make_bot(self.tier, derived_seed(self.seed, AWAY_BOT_SEED + seat))

    def mid_round(self) -> bool:
        """Whether cards of a round are in hands now (a bot's seat then holds cards nobody else may see)."""
        rnd = self.round
        return self.started and rnd is not None and rnd.phase != DONE and bool(rnd.actions)

    def heard_from(self, seat: int) -> bool:
        """Note that ``seat``'s page is there; True when that ends the seat's absence (its bot steps aside)."""
        self.seen[seat] = self.clock()
        if seat not in self.away:
            return False
        self.away.discard(seat)
        if self.learners[seat] is not None:
            self.bots.pop(seat, None)
        return True

    def absent_seats(self, now: float) -> list[int]:
        """Learners' seats whose page has been silent past the grace (and is not waiting on a long poll)."""
        if not self.started or self.closed:
            return []
        return [seat for seat in SEATS
                if self.learners[seat] is not None and seat not in self.away and self.polls[seat] == 0
                and now - self.seen[seat] > self.grace]

    def go_away(self, seat: int) -> None:
        """A bot plays ``seat`` until its learner's page is back."""
        self.away.add(seat)
        self.bots[seat] = self.make_bot(self.tier, derived_seed(self.seed, AWAY_BOT_SEED + seat))

    def state(self) -> TableState:
        rnd = self.round
        levels = rnd.levels if rnd is not None else self.match.levels
        learners, claims = self.learners, self.claims
        return TableState(
            self.table_id, self.class_name, self.name, self.rules, self.tier, self.hints, self.seed,
            (learners[0], learners[1], learners[2], learners[3]), self.paused, self.closed,
            rnd.round_number if rnd is not None else self.match.round_number, levels,
            rnd.first_dealer if rnd is not None else self.match.dealer, self.laps_before, self.match.winner,
            tuple(rnd.actions) if rnd is not None else (), (claims[0], claims[1], claims[2], claims[3]),
            self.started, self.grace, self.takeover, tuple(sorted(self.left)), self.autostart,
        )

    def seats_json(self) -> list[JSONObject]:
        """Who sits where: a learner (``away`` while a bot plays for them), a bot of the tier, or a named seat
        still waiting for its learner (``claimed`` false)."""
        seats = []
        for seat in SEATS:
            learner = self.learners[seat]
            playing_bot = learner is None or seat in self.away
            seats.append({"seat": seat, "learner": learner, "bot": self.tier if playing_bot else None,
                          "away": learner is not None and seat in self.away,
                          "claimed": learner is not None and self.claims[seat] is not None})
        return seats

    def match_json(self) -> JSONObject:
        """The match so far; a finished round's levels are the levels after it."""
        match, rnd = self.match, self.round
        current = rnd is not None and rnd.phase != DONE
        return {"round_number": rnd.round_number if rnd is not None and current else match.round_number,
                "levels": list(rnd.levels if rnd is not None and current else match.levels),
                "laps": list(match.laps), "rounds_played": len(match.results), "over": match.over,
                "winner": match.winner,
                "results": [{"attackers": r.attackers, "total": r.total, "levels_after": list(r.levels_after)}
                            for r in match.results]}

    def summary(self) -> JSONObject:
        rnd = self.round
        return {
            "table": self.table_id, "name": self.name, "rules": self.rules, "tier": self.tier, "hints": self.hints,
            "paused": self.paused, "closed": self.closed, "started": self.started, "grace": self.grace,
            "takeover": self.takeover, "version": self.version, "seats": self.seats_json(),
            "phase": rnd.phase if rnd is not None else DONE,
            "to_act": rnd.to_act if rnd is not None and self.started else None,
            "tricks_played": rnd.tricks_played if rnd is not None else 0, "match": self.match_json(),
        }

    def seat_message(self, seat: int) -> JSONObject:
        """What ``seat`` may see now: the table's public summary and the seat's own view and choices."""
        rnd = self.round
        message = self.summary()
        message["seat"] = seat
        # no hand before the table starts: else a learner could sit, look, leave and sit elsewhere to see two
        message["view"] = None if rnd is None or not self.started else view_to_json(rnd.view(seat))
        acting = (rnd is not None and self.started and rnd.to_act == seat and not self.paused and not self.closed
                  and seat not in self.away)
        message["legal"] = actions_to_json(rnd.legal_actions(seat)) if acting and rnd is not None else []
        return message
