"""The authority of a class's shared tables: every table's match, seats, bots and views, in one place.

Every action, a learner's or a bot's, goes through ``Round.act`` here, so the rules are checked once
for all. A seat is a learner or a bot of the table's tier. A learner who sits gets a seat token bound
to their identity as the class knows it (``seat_claim``) and acts only with it, only for that seat;
a name alone never takes a seat someone holds. A seat whose page is gone is played by a bot until the
page is back; a table opened for learners waits for them. Each seat receives only its ``SeatView``
(``seat_wire.view_to_json``); the teacher's view alone shows every hand. Bots think on the hall's
worker threads, never on the caller's (the server's event loop). With a ``TableStore`` every table is
saved after each trick and seat change and restored on start, and every finished round becomes a record.
With ``records_dir`` every finished round is also written there as a record file (``record.save``, the
seats' names under ``players``), where the projector's record list reads them. A seated learner may ask for
the record of a finished round at their own table (``finished_record``: the Tables page's review), never of
one still being played, whose record would show hands that are still hidden (docs/decisions.md).
"""

from __future__ import annotations

import contextlib
import copy
import logging
import secrets
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from ...engine.errors import RuleError
from ...engine.rules import PRESET_NAMES
from ...game.actions import Action
from ...game.bots.base import Bot
from ...game.bots.rule import RuleBot
from ...game.deal import derived_seed
from ...game.record import RecordFileError, parse, replay
from ...game.record import load as load_record
from ...game.record import save as save_record
from ...game.result import kitty_revealed_at_end
from ...game.round import DONE
from .live_table import LEFT_BOT_SEED, BotMaker, Clock, LiveTable
from .seat_claim import (
    SEATS,
    TableError,
    listed_learner,
    name_key,
    new_secret,
    seat_name,
    seat_number,
    secret_hash,
    secret_matches,
    shown,
    split_token,
    table_name,
    vouched_for,
)
from .seat_wire import JSONObject, card_codes, view_to_json
from .table_state import GRACE_SECONDS, MAX_GRACE, MIN_GRACE, TableState

__all__ = ["BotMaker", "TableError", "TableHall", "TableState", "steady_bots"]

log = logging.getLogger(__name__)
BOT_WORKERS = 2  # the machine's cores: bots of all tables share them
WATCH_SECONDS = 0.25  # how often the hall looks for pages that have gone
Listener = Callable[[str, int], None]


def steady_bots(tier: str, seed: int) -> Bot:
    """The hall's bots when no maker is given: RuleBot, the steady tier, only."""
    if tier != "steady":
        raise TableError("tables_bad_tier", {"given": str(tier)[:24]})
    return RuleBot(seed)


def grace_seconds(given: object) -> float:
    """A grace period in seconds as the teacher gives it (a number from 0.2 to 600)."""
    if isinstance(given, bool) or not isinstance(given, int | float) or not MIN_GRACE <= given <= MAX_GRACE:
        raise TableError("tables_bad_grace", {"given": str(given)[:24], "low": MIN_GRACE, "high": int(MAX_GRACE)})
    return float(given)


class TableHall:
    """The tables of one class server: open, list, sit, act, watch; bots think on worker threads."""

    def __init__(self, store: Any | None = None, *, class_name: str = "default", make_bot: BotMaker = steady_bots,
                 bot_workers: int = BOT_WORKERS, restore: bool = True, class_list: Path | str | None = None,
                 records_dir: Path | None = None, clock: Clock = time.monotonic) -> None:
        self.store = store
        self.clock = clock
        """The clock pages' silences are measured on (``time.monotonic``; tests give their own)."""
        """A ``table_store.TableStore`` (or None: the tables live in memory only)."""
        self.class_name = class_name
        self.make_bot = make_bot
        self.class_list = class_list
        """The class list whose PINs guard learners' seats (None: ``$SHENGJI_KIT_CLASS_LIST``, if set)."""
        self._tables: dict[str, LiveTable] = {}
        self._lock = threading.Lock()
        self._listeners: list[Listener] = []
        self._bots = ThreadPoolExecutor(max_workers=bot_workers, thread_name_prefix="table-bot")
        self._stopped = False
        self._stopping = threading.Event()
        self.store_error: str | None = None
        """The last failed write to the class store (None once a write succeeds); play goes on meanwhile."""
        self._unrecorded: list[tuple[TableState, dict[str, Any]]] = []
        self.records_dir = records_dir
        """Where finished rounds are written as record files (None: only the class store keeps them)."""
        self._save_lock = threading.Lock()
        """Guards ``_unrecorded`` and ``store_error`` (taken inside a table's lock, never around one)."""
        if store is not None and restore:
            for state in store.load_tables(class_name):
                try:
                    restored = LiveTable(state, make_bot, clock)
                except (RuleError, ValueError) as error:  # a table this version cannot replay stays in the store
                    log.warning("shared table %s cannot be restored: %s", state.table_id, error)
                    continue
                self._add(restored)
        self._watcher = threading.Thread(target=self._watch, name="table-pages", daemon=True)
        self._watcher.start()

    # --- the teacher's side ------------------------------------------------------------------

    def open_table(self, name: str, *, rules: str = "super_tycoon", tier: str = "steady", hints: bool = True,
                   seed: int | None = None, learners: Iterable[str | None] = (), start: bool = False,
                   grace: float = GRACE_SECONDS, takeover: bool = False) -> str:
        """A new table; its id. Learners named sit in seats 0, 1, … (None: a free seat), bots in the rest.

        The table waits for its learners: it starts when every named learner has sat down, or when
        the teacher starts it (``start``); ``start=True`` with nobody named is a table of four bots.
        """
        name = table_name(name)
        if rules not in PRESET_NAMES:
            raise TableError("tables_bad_rules", {"given": str(rules)[:24], "known": ", ".join(PRESET_NAMES)})
        self.make_bot(tier, 0)  # an unknown tier is refused now, not at the first bot's turn
        named = [None if learner is None else seat_name(learner) for learner in list(learners)[:4]]
        keys = [name_key(learner) for learner in named if learner is not None]
        if len(set(keys)) != len(keys):
            raise TableError("tables_named_twice")
        seats = (named + [None] * 4)[:4]
        table_id = secrets.token_hex(6)
        state = TableState(table_id, self.class_name, name, rules, tier, bool(hints),
                           secrets.randbelow(2**40) if seed is None else int(seed),
                           (seats[0], seats[1], seats[2], seats[3]), False, False, 1, ("2", "2"), 0, (0, 0), None, (),
                           started=bool(start), grace=grace_seconds(grace), takeover=bool(takeover),
                           autostart=bool(keys))
        table = LiveTable(state, self.make_bot, self.clock)
        self._add(table)
        with table.lock:
            self._changed(table, save=True)
        return table_id

    def start(self, table_id: str) -> None:
        """Deal: the table's bots and learners play from now on (learners not there yet get a bot meanwhile)."""
        table = self._table(table_id)
        with table.lock:
            if table.closed:
                raise TableError("tables_closed")
            self._start(table)

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

    def set_seating(self, table_id: str, *, grace: object = None, takeover: object = None) -> None:
        """The teacher's seat settings: the grace before a bot plays for a silent page, and whether a learner
        may take a bot's seat in the middle of a round."""
        table = self._table(table_id)
        with table.lock:
            if grace is not None:
                table.grace = grace_seconds(grace)
            if takeover is not None:
                table.takeover = bool(takeover)
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

    def sit(self, table_id: str, seat: object, learner: object, *, token: object = "", pin: object = "",
            learner_pass: object = "", vouched: bool = False) -> str:
        """Seat ``learner``; the seat's token. A free seat goes to any valid name (with its PIN or pass
        token when the class list gives it one); a held seat only back to its learner, who proves it with
        the seat's token (a reload) or the class list's PIN or pass (a new device). A learner holds one
        seat per table; a bot's seat in the middle of a round is the teacher's to hand over (``takeover``).
        ``vouched``: the caller has proved already that they are ``learner`` (JupyterHub signed them in)."""
        table = self._table(table_id)
        seat = seat_number(seat)
        name = seat_name(learner)
        member = listed_learner(name, self.class_list)
        vouched = vouched or vouched_for(member, pin, learner_pass)  # a hub's sign-in vouches already
        if member is not None:
            name = member.name
        with table.lock:
            if table.closed:
                raise TableError("tables_closed")
            key = name_key(name)
            holder = table.learners[seat]
            secret = self._reclaimed(table, seat, token)
            if member is not None and not vouched and secret is None:
                raise TableError("serving_pin_needed", {"name": member.name})
            for other in SEATS:
                held = table.learners[other]
                if other != seat and held is not None and name_key(held) == key:
                    code = "tables_already_seated" if table.claims[other] is not None else "tables_kept_elsewhere"
                    raise TableError(code, {"name": held, "seat": other})
            if holder is not None and name_key(holder) != key:
                raise TableError("tables_seat_taken", {"name": holder, "seat": seat})
            if holder is not None and table.claims[seat] is not None and secret is None and not vouched:
                raise TableError("tables_seat_claimed", {"name": holder, "seat": seat})
            if holder is None and table.mid_round() and (seat in table.left or not table.takeover):
                raise TableError("tables_round_under_way", {"seat": seat})
            secret = secret or new_secret()
            table.claims[seat] = secret_hash(secret)
            table.learners[seat] = holder or name
            if holder is None:
                table.bots.pop(seat, None)
            table.heard_from(seat)
            if table.autostart and not table.started and all(
                    table.claims[other] is not None for other in SEATS if table.learners[other] is not None):
                self._start(table)  # every learner the teacher named is here
            else:
                self._changed(table, save=True)
            return f"{table.table_id}.{seat}.{secret}"

    def leave(self, token: str) -> None:
        """The learner leaves. Between rounds the seat is free; in the middle of one a bot plays it to the
        round's end and nobody may sit there until the next deal (its cards stay hidden)."""
        table, seat = self._seated(token)
        with table.lock:
            table.learners[seat] = None
            table.claims[seat] = None
            table.away.discard(seat)
            if table.mid_round():
                table.left.add(seat)
            table.bots[seat] = table.make_bot(table.tier, derived_seed(table.seed, LEFT_BOT_SEED + seat))
            self._changed(table, save=True)

    def message(self, token: str) -> JSONObject:
        """What the token's seat may see now."""
        table, seat = self._seated(token)
        with table.lock:
            return table.seat_message(seat)

    def polling(self, token: str, waiting: bool) -> None:
        """A seat's page starts (``waiting``) or ends a long poll: while one is open the page is there,
        so no bot takes its seat however long the table stays still."""
        table, seat = self._seated(token)
        with table.lock:
            table.polls[seat] = max(table.polls[seat] + (1 if waiting else -1), 0)
            table.seen[seat] = self.clock()

    @contextlib.contextmanager
    def waiting(self, token: str) -> Iterator[None]:
        """``polling`` around a block (for a caller that waits on its own thread)."""
        self.polling(token, True)
        try:
            yield
        finally:
            with contextlib.suppress(TableError):
                self.polling(token, False)

    def act(self, token: str, action: Action) -> JSONObject:
        """Apply the seat's action through ``Round.act``; the seat's new message (``RuleError`` if refused)."""
        table, seat = self._seated(token)
        with table.lock:
            self._open(table)
            rnd = table.round
            if not table.started:
                raise TableError("tables_not_started")
            if rnd is None or rnd.phase == DONE:
                raise TableError("tables_round_over")
            try:
                rnd.act(seat, action)
            except RuleError as error:
                if error.code == "not_your_turn":
                    raise TableError("tables_not_your_turn", {"seat": seat, "to_act": rnd.to_act}) from error
                raise
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

    def finished_record(self, token: str, table_id: object, round_number: object) -> JSONObject:
        """The record of round ``round_number`` of the token's table once it is over, for the seat's review.

        Refused: another table than the token's (``tables_record_other_table``), a round still being played
        (``tables_record_unfinished``: its record holds hands that are still hidden), a round the table has
        not played or no longer keeps (``tables_record_none``), and a round whose rules keep the kitty face
        down from this seat (``tables_record_kitty_hidden``: the attackers did not capture it, the seat did
        not bury it). The current round's record comes from the round itself, earlier ones from ``records_dir``.
        """
        table, seat = self._seated(token)
        if table_id != table.table_id:
            raise TableError("tables_record_other_table", {"table": shown(table_id)})
        if type(round_number) is not int or round_number < 1:
            raise TableError("tables_bad_field", {"field": "round", "given": shown(round_number)})
        with table.lock:
            rnd = table.round
            if rnd is not None and rnd.round_number == round_number:
                if rnd.phase != DONE:
                    raise TableError("tables_record_unfinished", {"round": round_number})
                record: JSONObject | None = table.last_record or self._round_record(table)
                played_before = False
            else:
                played_before = round_number < (rnd.round_number if rnd is not None else table.match.round_number)
                record = None
        if record is None:
            record = self._record_file(table.table_id, round_number) if played_before else None
        if record is None:
            raise TableError("tables_record_none", {"round": round_number})
        buries = record.get("buries") or []
        burier = buries[-1].get("seat") if buries and isinstance(buries[-1], dict) else None
        if not kitty_revealed_at_end(parse(record).rules, replay(record).result.kitty_captured) and burier != seat:
            raise TableError("tables_record_kitty_hidden", {"round": round_number})
        return copy.deepcopy(record)

    def _record_file(self, table_id: str, round_number: int) -> JSONObject | None:
        """An earlier round's record as ``_write_record`` wrote it (None: not written, or unreadable)."""
        if self.records_dir is None:
            return None
        path = self.records_dir / f"table-{table_id}-round-{round_number:03d}.json"
        if not path.is_file():
            return None
        try:
            return load_record(path)
        except (RuleError, RecordFileError) as error:
            log.warning("shared tables: the round record %s cannot be read: %s", path, error)
            return None

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener(table_id, version)`` after every change (from whichever thread made it)."""
        self._listeners.append(listener)

    def version(self, table_id: str) -> int:
        return self._table(table_id).version

    def shutdown(self) -> None:
        """Stop the bots' threads (a bot mid-thought finishes its move first) and the watch on pages."""
        self._stopped = True
        self._stopping.set()
        self._bots.shutdown(wait=True, cancel_futures=True)

    # --- inside ------------------------------------------------------------------------------

    def _add(self, table: LiveTable) -> None:
        with self._lock:
            self._tables[table.table_id] = table
        with table.lock:
            self._schedule_bot(table)

    def _table(self, table_id: str) -> LiveTable:
        with self._lock:
            table = self._tables.get(str(table_id))
        if table is None:
            raise TableError("tables_no_table", {"table": str(table_id)[:24]})
        return table

    def _seated(self, token: str) -> tuple[LiveTable, int]:
        """The table and seat a token holds (``tables_bad_token`` for any other); its page is heard from."""
        table_id, seat, secret = split_token(token)
        table = self._table(table_id)
        with table.lock:
            if not secret_matches(secret, table.claims[seat]):
                raise TableError("tables_bad_token")
            if table.heard_from(seat):
                self._changed(table, save=False)  # back from away: the bot steps aside
        return table, seat

    def seat_holder(self, token: str) -> str | None:
        """The learner the seat of ``token`` is held by (``tables_bad_token`` when the token holds no seat)."""
        table, seat = self._seated(token)
        with table.lock:
            return table.learners[seat]

    def _reclaimed(self, table: LiveTable, seat: int, token: object) -> str | None:
        """The secret of ``token`` when it is this seat's current token (a page sitting again after a reload)."""
        if not token:
            return None
        try:
            table_id, token_seat, secret = split_token(token)
        except TableError:
            return None
        if table_id != table.table_id or token_seat != seat or not secret_matches(secret, table.claims[seat]):
            return None
        return secret

    def _start(self, table: LiveTable) -> None:
        """Under the lock: the table plays; every learner's page gets its grace from now."""
        if table.started:
            return
        table.started = True
        now = self.clock()
        for seat in SEATS:
            table.seen[seat] = now
        self._changed(table, save=True)

    def _watch(self) -> None:
        """The hall's watch on pages, every ``WATCH_SECONDS``."""
        while not self._stopping.wait(WATCH_SECONDS):
            self.look_for_gone_pages()

    def look_for_gone_pages(self) -> list[tuple[str, int]]:
        """A learner's seat whose page has gone silent (no request, no open long poll) past the grace is played
        by a bot from now on; the ``(table, seat)`` pairs that went away just now."""
        with self._lock:
            tables = list(self._tables.values())
        now = self.clock()
        went: list[tuple[str, int]] = []
        for table in tables:
            with table.lock:
                gone = table.absent_seats(now)
                for seat in gone:
                    log.info("table %s: the page of seat %s is gone; a bot plays for %s",
                             table.table_id, seat, table.learners[seat])
                    table.go_away(seat)
                    went.append((table.table_id, seat))
                if gone:
                    self._changed(table, save=False)
        return went

    def _open(self, table: LiveTable) -> None:
        if table.closed:
            raise TableError("tables_closed")
        if table.paused:
            raise TableError("tables_paused")

    def _deal_next(self, table: LiveTable) -> None:
        rnd = table.round
        if rnd is not None and rnd.phase != DONE:
            raise TableError("tables_round_not_over")
        if table.match.over:
            raise TableError("tables_match_over")
        table.laps_before = (table.match.laps[0], table.match.laps[1])
        table.round = table.match.new_round()
        table.last_record = None
        table.left.clear()
        table.seat_bots()
        self._changed(table, save=True)

    def _after_action(self, table: LiveTable) -> None:
        """Book a finished round, save after a trick, tell the listeners, wake the next bot."""
        rnd = table.round
        assert rnd is not None
        finished = rnd.phase == DONE
        if finished and self.store is not None:
            with self._save_lock:
                self._unrecorded.append((table.state(), rnd.record()))
        if finished:
            table.last_record = self._round_record(table)  # who sat where as the round ended
        if finished and self.records_dir is not None:
            self._write_record(table)
        trick_ended = rnd.tricks_played != table.saved_tricks and rnd.trick_play is not None
        if finished:
            table.match.finish(rnd)
        self._changed(table, save=trick_ended or finished)

    def _write_record(self, table: LiveTable) -> None:
        """Under ``table.lock``: the finished round as a record file, named by table and round, with the seats'
        names (``players``, null for a bot's seat, as the store's ``table_rounds`` has them), the table's name and
        its bots' tier; a failed write is logged, never raised (play goes on)."""
        rnd = table.round
        assert rnd is not None and self.records_dir is not None
        record = table.last_record or self._round_record(table)
        path = self.records_dir / f"table-{table.table_id}-round-{rnd.round_number:03d}.json"
        try:
            save_record(record, path)
        except OSError as error:
            log.warning("shared tables: cannot write the round record %s: %s", path, error)

    @staticmethod
    def _round_record(table: LiveTable) -> JSONObject:
        """Under ``table.lock``: the finished current round's record with the seats' names, the table and its tier."""
        rnd = table.round
        assert rnd is not None
        record = rnd.record()
        record["players"] = list(table.learners)
        record["table"] = table.name
        record["bots"] = table.tier
        return record

    def _changed(self, table: LiveTable, *, save: bool) -> None:
        """Under ``table.lock``: a new version; saved if asked; the listeners told; bots woken."""
        table.version += 1
        if save and self.store is not None:
            self._save(table)
        for listener in list(self._listeners):
            listener(table.table_id, table.version)
        self._schedule_bot(table)

    def _save(self, table: LiveTable) -> None:
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

    def _schedule_bot(self, table: LiveTable) -> None:
        rnd = table.round
        if (self._stopped or table.bot_busy or table.paused or table.closed or not table.started or rnd is None
                or rnd.to_act is None or rnd.to_act not in table.bots):
            return
        table.bot_busy = True
        try:
            self._bots.submit(self._bot_turn, table)
        except RuntimeError:  # shut down meanwhile
            table.bot_busy = False

    def _bot_turn(self, table: LiveTable) -> None:
        """One bot move: look under the lock, think without it, act under it if nothing changed meanwhile."""
        with table.lock:
            rnd = table.round
            seat = None if rnd is None else rnd.to_act
            bot = None if seat is None else table.bots.get(seat)
            if rnd is None or seat is None or bot is None or table.paused or table.closed or not table.started:
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
