"""The authority of a class's shared tables: every table's match, seats, bots and views, in one place.

Every action, a learner's or a bot's, goes through ``Round.act`` here, so the rules are checked once
for all. A seat is a learner or a bot of the table's tier; a learner who sits gets a seat token and
acts only with it, only for that seat; a learner who leaves is replaced by a bot. Each seat receives
only its ``SeatView`` (``seat_wire.view_to_json``); the teacher's view alone shows every hand. Bots
think on the hall's worker threads, never on the caller's (the server's event loop). With a
``TableStore`` every table is saved after each trick and seat change and restored on start, and
every finished round becomes a record.
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from ...engine.errors import RuleError
from ...engine.rules import PRESET_NAMES
from ...game.actions import Action
from ...game.bots.base import Bot
from ...game.bots.rule import RuleBot
from ...game.deal import derived_seed
from ...game.match import Match
from ...game.round import DONE
from .seat_wire import JSONObject, actions_to_json, card_codes, view_to_json

log = logging.getLogger(__name__)
SEATS = (0, 1, 2, 3)
MAX_TABLE_NAME = 60
BOT_WORKERS = 2  # the machine's cores: bots of all tables share them
Listener = Callable[[str, int], None]
BotMaker = Callable[[str, int], Bot]
"""``(tier, seed) -> a bot``; raises ``ValueError`` for a tier it does not know. The apps pass the
coach's tiers (``coach.bot_tiers``), a floor this one does not import."""


def steady_bots(tier: str, seed: int) -> Bot:
    """The hall's bots when no maker is given: RuleBot, the steady tier, only."""
    if tier != "steady":
        raise TableError("tables_bad_tier", {"given": str(tier)[:24]})
    return RuleBot(seed)


class TableError(RuleError):
    """A request the hall refuses (no such table, seat taken, paused, bad token …); ``code`` is in tables.toml."""


@dataclass(frozen=True)
class TableState:
    """What is saved of a table: its settings, seats, the match so far and the current round's actions."""

    table_id: str
    class_name: str
    name: str
    rules: str
    tier: str
    hints: bool
    seed: int
    learners: tuple[str | None, str | None, str | None, str | None]
    paused: bool
    closed: bool
    round_number: int
    levels: tuple[str, str]
    dealer: int
    laps: tuple[int, int]
    winner: int | None
    actions: tuple[tuple[int, Action], ...]

    def to_json(self) -> JSONObject:
        return {
            "table_id": self.table_id, "class_name": self.class_name, "name": self.name, "rules": self.rules,
            "tier": self.tier, "hints": self.hints, "seed": self.seed, "learners": list(self.learners),
            "paused": self.paused, "closed": self.closed, "round_number": self.round_number,
            "levels": list(self.levels), "dealer": self.dealer, "laps": list(self.laps), "winner": self.winner,
            "actions": [[seat, *action.to_json()] for seat, action in self.actions],
        }

    @staticmethod
    def from_json(data: Any) -> TableState:
        """The inverse of ``to_json`` (raises ``ValueError`` on anything else)."""
        try:
            learners = tuple(None if name is None else str(name) for name in data["learners"])
            if len(learners) != 4:
                raise ValueError("a table has four seats")
            return TableState(
                str(data["table_id"]), str(data["class_name"]), str(data["name"]), str(data["rules"]),
                str(data["tier"]), bool(data["hints"]), int(data["seed"]),
                (learners[0], learners[1], learners[2], learners[3]), bool(data["paused"]), bool(data["closed"]),
                int(data["round_number"]), (str(data["levels"][0]), str(data["levels"][1])), int(data["dealer"]),
                (int(data["laps"][0]), int(data["laps"][1])),
                None if data["winner"] is None else int(data["winner"]),
                tuple((int(entry[0]), Action.from_json(list(entry[1:]))) for entry in data["actions"]),
            )
        except (KeyError, TypeError, IndexError) as error:
            raise ValueError(f"not a saved table: {error}") from error


class _Table:
    """One table's live state; every field is read and changed under ``lock``."""

    def __init__(self, state: TableState, make_bot: BotMaker) -> None:
        self.make_bot = make_bot
        self.table_id = state.table_id
        self.class_name = state.class_name
        self.name = state.name
        self.rules = state.rules
        self.tier = state.tier
        self.hints = state.hints
        self.seed = state.seed
        self.learners: list[str | None] = list(state.learners)
        self.tokens: dict[int, str] = {}
        self.paused = state.paused
        self.closed = state.closed
        self.lock = threading.RLock()
        self.version = 0
        self.bot_busy = False
        self.saved_tricks = -1
        self.match = Match(state.seed, state.rules, state.dealer, state.levels)
        self.match.round_number = state.round_number
        self.match.laps = list(state.laps)
        self.match.winner = state.winner
        self.laps_before = state.laps
        self.round = self.match.new_round() if state.winner is None else None
        self.bots: dict[int, Bot] = {}
        self._seat_bots()
        if self.round is not None:
            for seat, action in state.actions:
                self.round.act(seat, action)
            if self.round.phase == DONE:
                self.match.finish(self.round)

    def _seat_bots(self) -> None:
        """A fresh bot of the table's tier in every seat no learner holds (seeded by table, round and seat)."""
        round_seed = derived_seed(self.seed, self.match.round_number)
        self.bots = {seat: self.make_bot(self.tier, derived_seed(round_seed, seat))
                     for seat in SEATS if self.learners[seat] is None}

    def state(self) -> TableState:
        rnd = self.round
        levels = rnd.levels if rnd is not None else self.match.levels
        return TableState(
            self.table_id, self.class_name, self.name, self.rules, self.tier, self.hints, self.seed,
            (self.learners[0], self.learners[1], self.learners[2], self.learners[3]), self.paused, self.closed,
            rnd.round_number if rnd is not None else self.match.round_number, levels,
            rnd.first_dealer if rnd is not None else self.match.dealer, self.laps_before, self.match.winner,
            tuple(rnd.actions) if rnd is not None else (),
        )

    def seats_json(self) -> list[JSONObject]:
        return [{"seat": seat, "learner": self.learners[seat], "bot": None if self.learners[seat] else self.tier}
                for seat in SEATS]

    def match_json(self) -> JSONObject:
        match = self.match
        return {"round_number": self.round.round_number if self.round else match.round_number,
                "levels": list(self.round.levels if self.round else match.levels),
                "laps": list(match.laps), "rounds_played": len(match.results), "over": match.over,
                "winner": match.winner,
                "results": [{"attackers": r.attackers, "total": r.total, "levels_after": list(r.levels_after)}
                            for r in match.results]}

    def summary(self) -> JSONObject:
        rnd = self.round
        return {
            "table": self.table_id, "name": self.name, "rules": self.rules, "tier": self.tier, "hints": self.hints,
            "paused": self.paused, "closed": self.closed, "version": self.version, "seats": self.seats_json(),
            "phase": rnd.phase if rnd is not None else DONE, "to_act": rnd.to_act if rnd is not None else None,
            "tricks_played": rnd.tricks_played if rnd is not None else 0, "match": self.match_json(),
        }

    def seat_message(self, seat: int) -> JSONObject:
        """What ``seat`` may see now: the table's public summary and the seat's own view and choices."""
        rnd = self.round
        message = self.summary()
        message["seat"] = seat
        message["view"] = None if rnd is None else view_to_json(rnd.view(seat))
        acting = rnd is not None and rnd.to_act == seat and not self.paused and not self.closed
        message["legal"] = actions_to_json(rnd.legal_actions(seat)) if acting and rnd is not None else []
        return message


class TableHall:
    """The tables of one class server: open, list, sit, act, watch; bots think on worker threads."""

    def __init__(self, store: Any | None = None, *, class_name: str = "default", make_bot: BotMaker = steady_bots,
                 bot_workers: int = BOT_WORKERS, restore: bool = True) -> None:
        self.store = store
        """A ``table_store.TableStore`` (or None: the tables live in memory only)."""
        self.class_name = class_name
        self.make_bot = make_bot
        self._tables: dict[str, _Table] = {}
        self._lock = threading.Lock()
        self._listeners: list[Listener] = []
        self._bots = ThreadPoolExecutor(max_workers=bot_workers, thread_name_prefix="table-bot")
        self._stopped = False
        self.store_error: str | None = None
        """The last failed write to the class store (None once a write succeeds); play goes on meanwhile."""
        self._unrecorded: list[tuple[TableState, dict[str, Any]]] = []
        self._save_lock = threading.Lock()
        """Guards ``_unrecorded`` and ``store_error`` (taken inside a table's lock, never around one)."""
        if store is not None and restore:
            for state in store.load_tables(class_name):
                try:
                    restored = _Table(state, make_bot)
                except (RuleError, ValueError) as error:  # a table this version cannot replay stays in the store
                    log.warning("shared table %s cannot be restored: %s", state.table_id, error)
                    continue
                self._add(restored)

    # --- the teacher's side ------------------------------------------------------------------

    def open_table(self, name: str, *, rules: str = "super_tycoon", tier: str = "steady", hints: bool = True,
                   seed: int | None = None, learners: Iterable[str | None] = ()) -> str:
        """A new table (learners given sit in seats 0, 1, …; bots in the rest); its id."""
        name = str(name).strip()[:MAX_TABLE_NAME] or "table"
        if rules not in PRESET_NAMES:
            raise TableError("tables_bad_rules", {"given": rules, "known": ", ".join(PRESET_NAMES)})
        self.make_bot(tier, 0)  # an unknown tier is refused now, not at the first bot's turn
        seated = list(learners)[:4]
        seats = tuple((seated + [None] * 4)[:4])
        table_id = secrets.token_hex(6)
        state = TableState(table_id, self.class_name, name, rules, tier, bool(hints),
                           secrets.randbelow(2**40) if seed is None else int(seed),
                           (seats[0], seats[1], seats[2], seats[3]), False, False, 1, ("2", "2"), 0, (0, 0), None, ())
        table = _Table(state, self.make_bot)
        self._add(table)
        with table.lock:
            self._changed(table, save=True)
        return table_id

    def set_paused(self, table_id: str, paused: bool) -> None:
        table = self._table(table_id)
        with table.lock:
            table.paused = bool(paused)
            self._changed(table, save=True)

    def close_table(self, table_id: str) -> None:
        """Close a table for good: no more actions; it leaves the list."""
        table = self._table(table_id)
        with table.lock:
            table.closed = True
            self._changed(table, save=True)

    def set_hints(self, table_id: str, allowed: bool) -> None:
        table = self._table(table_id)
        with table.lock:
            table.hints = bool(allowed)
            self._changed(table, save=True)

    def teacher_view(self, table_id: str) -> JSONObject:
        """The whole table for the teacher only: the summary and every seat's hand, and the kitty."""
        table = self._table(table_id)
        with table.lock:
            message = table.summary()
            rnd = table.round
            message["hands"] = [] if rnd is None else [card_codes(rnd.view(seat).hand) for seat in SEATS]
            message["views"] = [] if rnd is None else [view_to_json(rnd.view(seat)) for seat in SEATS]
            return message

    # --- the learners' side ------------------------------------------------------------------

    def tables(self) -> list[JSONObject]:
        """Every open table's public summary (no cards), by name."""
        with self._lock:
            tables = list(self._tables.values())
        found = []
        for table in tables:
            with table.lock:
                if not table.closed:
                    found.append(table.summary())
        return sorted(found, key=lambda summary: (summary["name"], summary["table"]))

    def sit(self, table_id: str, seat: int, learner: str) -> str:
        """Seat ``learner`` (replacing the bot there); the seat's token. The same learner sitting again
        gets the seat back (a reload, a new tab)."""
        table = self._table(table_id)
        learner = str(learner).strip()
        if not learner:
            raise TableError("tables_no_name")
        if type(seat) is not int or seat not in SEATS:
            raise TableError("tables_bad_seat", {"seat": str(seat)[:8]})
        with table.lock:
            self._open(table)
            holder = table.learners[seat]
            if holder is not None and holder != learner:
                raise TableError("tables_seat_taken", {"name": holder})
            if holder is None and learner in table.learners:
                raise TableError("tables_already_seated", {"seat": table.learners.index(learner)})
            token = table.tokens.get(seat) or secrets.token_urlsafe(18)
            table.tokens[seat] = token
            if holder is None:
                table.learners[seat] = learner
                table.bots.pop(seat, None)
                self._changed(table, save=True)
            return f"{table.table_id}.{seat}.{token}"

    def leave(self, token: str) -> None:
        """The learner leaves; a bot of the table's tier takes the seat (and plays on if it is its turn)."""
        table, seat = self._seated(token)
        with table.lock:
            table.learners[seat] = None
            table.tokens.pop(seat, None)
            table.bots[seat] = table.make_bot(table.tier, derived_seed(table.seed, 100 + seat))
            self._changed(table, save=True)

    def message(self, token: str) -> JSONObject:
        """What the token's seat may see now."""
        table, seat = self._seated(token)
        with table.lock:
            return table.seat_message(seat)

    def act(self, token: str, action: Action) -> JSONObject:
        """Apply the seat's action through ``Round.act``; the seat's new message (``RuleError`` if refused)."""
        table, seat = self._seated(token)
        with table.lock:
            self._open(table)
            rnd = table.round
            if rnd is None or rnd.phase == DONE:
                raise TableError("tables_round_over")
            rnd.act(seat, action)
            self._after_action(table)
            return table.seat_message(seat)

    def next_round(self, token: str) -> JSONObject:
        """Deal the next round of the match once the current one is over (any seated learner may ask)."""
        table, seat = self._seated(token)
        with table.lock:
            self._open(table)
            self._deal_next(table)
            return table.seat_message(seat)

    def deal_next(self, table_id: str) -> None:
        """The teacher deals the next round (as ``next_round``)."""
        table = self._table(table_id)
        with table.lock:
            self._open(table)
            self._deal_next(table)

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener(table_id, version)`` after every change (from whichever thread made it)."""
        self._listeners.append(listener)

    def version(self, table_id: str) -> int:
        return self._table(table_id).version

    def shutdown(self) -> None:
        """Stop the bots' threads (a bot mid-thought finishes its move first)."""
        self._stopped = True
        self._bots.shutdown(wait=True, cancel_futures=True)

    # --- inside ------------------------------------------------------------------------------

    def _add(self, table: _Table) -> None:
        with self._lock:
            self._tables[table.table_id] = table
        with table.lock:
            self._schedule_bot(table)

    def _table(self, table_id: str) -> _Table:
        with self._lock:
            table = self._tables.get(str(table_id))
        if table is None:
            raise TableError("tables_no_table", {"table": str(table_id)[:24]})
        return table

    def _seated(self, token: str) -> tuple[_Table, int]:
        parts = str(token).split(".")
        if len(parts) != 3 or parts[1] not in ("0", "1", "2", "3"):
            raise TableError("tables_bad_token")
        table = self._table(parts[0])
        seat = int(parts[1])
        with table.lock:
            known = table.tokens.get(seat)
        if known is None or not secrets.compare_digest(known, parts[2]):
            raise TableError("tables_bad_token")
        return table, seat

    def _open(self, table: _Table) -> None:
        if table.closed:
            raise TableError("tables_closed")
        if table.paused:
            raise TableError("tables_paused")

    def _deal_next(self, table: _Table) -> None:
        rnd = table.round
        if rnd is not None and rnd.phase != DONE:
            raise TableError("tables_round_not_over")
        if table.match.over:
            raise TableError("tables_match_over")
        table.laps_before = (table.match.laps[0], table.match.laps[1])
        table.round = table.match.new_round()
        table._seat_bots()
        self._changed(table, save=True)

    def _after_action(self, table: _Table) -> None:
        """Book a finished round, save after a trick, tell the listeners, wake the next bot."""
        rnd = table.round
        assert rnd is not None
        finished = rnd.phase == DONE
        if finished and self.store is not None:
            with self._save_lock:
                self._unrecorded.append((table.state(), rnd.record()))
        trick_ended = rnd.tricks_played != table.saved_tricks and rnd.trick_play is not None
        if finished:
            table.match.finish(rnd)
        self._changed(table, save=trick_ended or finished)

    def _changed(self, table: _Table, *, save: bool) -> None:
        """Under ``table.lock``: a new version; saved if asked; the listeners told; bots woken."""
        table.version += 1
        if save and self.store is not None:
            self._save(table)
        for listener in list(self._listeners):
            listener(table.table_id, table.version)
        self._schedule_bot(table)

    def _save(self, table: _Table) -> None:
        """Write the table and any round not yet recorded; a failed write is kept to try again, never raised."""
        assert self.store is not None
        with self._save_lock:
            try:
                while self._unrecorded:
                    state, record = self._unrecorded[0]
                    self.store.record_round(state, record)
                    self._unrecorded.pop(0)
                self.store.save_table(table.state())
            except ValueError as error:  # StoreError: the database is away; the tables play on in memory
                self.store_error = str(error)
                log.warning("shared tables: cannot write to the class store: %s", error)
                return
            self.store_error = None
        table.saved_tricks = table.round.tricks_played if table.round is not None else -1

    def _schedule_bot(self, table: _Table) -> None:
        rnd = table.round
        if (self._stopped or table.bot_busy or table.paused or table.closed or rnd is None
                or rnd.to_act is None or rnd.to_act not in table.bots):
            return
        table.bot_busy = True
        try:
            self._bots.submit(self._bot_turn, table)
        except RuntimeError:  # shut down meanwhile
            table.bot_busy = False

    def _bot_turn(self, table: _Table) -> None:
        """One bot move: look under the lock, think without it, act under it if nothing changed meanwhile."""
        with table.lock:
            rnd = table.round
            seat = None if rnd is None else rnd.to_act
            bot = None if seat is None else table.bots.get(seat)
            if rnd is None or seat is None or bot is None or table.paused or table.closed:
                table.bot_busy = False
                return
            view, actions, version = rnd.view(seat), rnd.legal_actions(seat), table.version
        try:
            action = bot.choose(view, actions)
        except Exception:
            action = actions[0]  # a bot must never stall a table: the first legal action
        with table.lock:
            table.bot_busy = False
            if table.version == version and table.round is rnd and not table.paused and not table.closed:
                rnd.act(seat, action)
                self._after_action(table)
            else:
                self._schedule_bot(table)
