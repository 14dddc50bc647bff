"""The Tables page: the class's open tables and their seats, "sit here", and then the table itself.

The table is the play app's own: the server's seat view is read back into a ``SeatView``
(``remote_view``), turned so the learner sits South, and drawn by the same ``build_scene`` and
``table_html``; clicks and buttons arrive as the same messages the play app's widget sends. Every
action goes to the class server (``TableClient``), which checks it; what the page shows comes from
the seat's view, which a background thread long-polls (redrawn on the kernel's loop).

The learner is the learner bar's (``current_learner``), with the pass token the bar holds after
their PIN; the seat token is kept per learner (``seat_keeper``), so a reload or a new tab takes the
seat up again. A server that stops answering shows "lost the table, reconnecting…" and is asked again.

The seat is there as long as the *page* is, not the kernel: the table widget's JS sends a heartbeat every
``HEARTBEAT_SECONDS`` while the page is visible and online, and any message from the page counts as one
(``heard``). When the page has said nothing for ``PAGE_SILENT_SECONDS`` (a phone asleep, Wi-Fi gone, a tab
killed without closing, while its kernel lives on), the background long poll stops, so the tables see the
seat's page gone and, after the table's grace, a bot plays for the learner. The next heartbeat or click
starts the poll again, which takes the seat back as a reload does (docs/decisions.md).

Once a round is over, "Review this round" asks the server for its record (``TableClient.record``: only a
finished round of the seat's own table) and hands it to the play app's own coach desk, which reviews the
seat this page holds, and the play app's summary and review panel draw it. The desk belongs to one table,
seat, round and learner: when any of them changes, its review goes with it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

import traitlets
from markupsafe import Markup

from ...classroom.identity import DEFAULT_LEARNER, current_learner, on_learner_change
from ...classroom.tables.client import TableClient, TableRefused, TableUnreachable, local_server_url
from ...classroom.tables.seat_claim import name_key
from ...coach.hint import Hint
from ...engine.cards import Card, codes
from ...engine.errors import RuleError
from ...engine.explain import seat_name
from ...engine.follow import playable_cards
from ...engine.trump import Trump
from ...game import Action, Event, SeatView
from ...game.views import rules_of
from ...kit_files import page_address
from ...render.hint import review_wide_html
from ...render.selection import Selection
from ...render.table import table_html
from ...widgets.learner_bar import browser_id, pass_of
from ...widgets.surface import CardSurface, Observable, script, styles
from ...widgets.ticker import Ticker
from ...words import ERROR, OK, Message, text
from ...words.catalogue import seats_of, seats_turned
from ..play._table_builder import build_scene
from ..play.coach_desk import CoachDesk
from ..play.controller import Note, TablePreferences, ThrowConfirmation, weakest_throw_part
from .remote_view import seat_view, server_seat
from .seat_keeper import SeatKeeper

log = logging.getLogger(__name__)
JSONObject = dict[str, Any]
LONG_POLL = 20.0
HEARTBEAT_SECONDS = 5.0
"""How often the page says it is there (the JS, while the page is visible and online)."""
PAGE_SILENT_SECONDS = 3 * HEARTBEAT_SECONDS
"""Three heartbeats missed: the page is gone, and the kernel stops holding the seat for it."""
PAGE_HTML = Markup('<div class="sk-tables-page" data-role="tables-page" role="region" aria-label="{}">{}</div>')
RETRY_SECONDS = 2.0
LOBBY_SECONDS = 4.0
PLAY_PAGE = "play.ipynb"
TABLES_PAGE = "tables.ipynb"
HELD_BUTTONS = frozenset({"play", "bury", "clear", "declare", "pass", "redeal", "deal-on", "throw"})
"""The move buttons a paused or closed table does not show (the server takes no move there)."""


@dataclass(frozen=True)
class ServerWords:
    """A refusal from the tables, in the server's own words (each language's text), else its code."""

    texts: Mapping[str, str]
    code: str
    params: Mapping[str, Any]

    def message(self, lang: str = "en") -> str:
        said = self.texts.get(lang)
        if said:
            return str(said)
        try:
            return Message(self.code, dict(self.params)).render(lang)
        except (ValueError, KeyError):
            return self.code


def refusal(error: TableRefused) -> Note:
    return Note(ServerWords(error.texts, error.code, error.params), ERROR, sticky=True)


@dataclass(frozen=True)
class LoggedTrick:
    """One line of the game log (what ``build_scene`` reads of the play app's ``LogEntry``)."""

    event: Event


class NoCoach(CoachDesk):
    """The shared tables give no hints on this page (the teacher's hint switch comes with the dashboard); the
    review of the learner's own seat after a round is the play app's (``start_record_review``)."""

    def can_hint(self, rnd: object) -> bool:
        return False

    def current(self, rnd: object) -> Hint | None:
        return None


class TablesApp(ThrowConfirmation, Observable):
    """The page's state: the table list, or the seat this page holds and its latest message."""

    def __init__(self, base_url: str | None, keeper: SeatKeeper | None = None,
                 make_client: Callable[[str], TableClient] | None = None, live: bool = True,
                 follow: bool = True, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.clock = clock
        """The clock the page's silence is measured on (``time.monotonic``; tests give their own)."""
        self.heard_at = clock()
        """When the page last said anything (a heartbeat, a click); the page that builds the app is there."""
        self.watching = False
        """Whether the background long poll runs (it stops while the page is silent)."""
        self.base_url = base_url
        self.keeper = keeper or SeatKeeper()
        self.make_client = make_client or (lambda url: TableClient(url, timeout=5.0))
        self.tables: list[JSONObject] = []
        self.client: TableClient | None = None
        self.message: JSONObject | None = None
        self.learner = current_learner()
        self.note: Note | None = None
        self.lost = False
        # what build_scene reads (the play controller's fields)
        self.selection = Selection((), Trump("2", None))
        self.coach = NoCoach()
        self.coached: tuple[Any, ...] | None = None
        """The table, seat, round and learner ``coach`` is for (a new desk when one of them changes)."""
        self.held_trick: int | None = None
        self.pending_throw: tuple[Card, ...] | None = None
        """A throw the learner chose and is asked to confirm (as in the play app)."""
        self.preferences = TablePreferences()
        self.allow_undo = False
        self.undo_points: list[int] = []
        self.show_previous = False
        self.round: Any = None
        self.turn_key: tuple[Any, ...] = ()
        self.turn_since = time.monotonic()
        self._generation = 0
        self._closed = False
        self._loop: asyncio.AbstractEventLoop | None = None
        if live:
            with contextlib.suppress(RuntimeError):
                self._loop = asyncio.get_running_loop()
        self.retry_seconds = RETRY_SECONDS
        self.ticker = Ticker(1.0, self._tick)
        self._lobby_wait = 0.0
        if base_url is None:
            return
        if follow:  # held weakly: the listener goes with the page
            self._stop_following = on_learner_change(self.follow_learner)
        self.refresh_tables()
        self.resume()
        if self._loop is not None:
            self.ticker.start()

    # --- the server ------------------------------------------------------------------------

    @property
    def seated(self) -> bool:
        return self.client is not None and self.message is not None

    def refresh_tables(self) -> bool:
        """Ask the server for the open tables; False when it does not answer."""
        if self.base_url is None:
            return False
        try:
            self.tables = [table for table in self.make_client(self.base_url).tables() if not table.get("closed")]
        except TableUnreachable:
            self.lost = True
            return False
        except TableRefused as error:
            self.note = refusal(error)
            return False
        self.lost = False
        return True

    def sit(self, table: str, seat: int) -> bool:
        """Sit at ``seat`` of ``table`` as the learner bar's learner (with the pass its PIN gave)."""
        if self.base_url is None:
            return False
        learner = current_learner()
        if learner == DEFAULT_LEARNER:
            self.note = Note(Message("tables_no_name"), ERROR)
            return False
        client = self.make_client(self.base_url)
        if self.client is not None and self.message is not None and self.message.get("table") == table:
            client.token = self.client.token  # sitting again at the held seat: the token is the proof

        def refused(error: TableRefused) -> None:
            self.note = refusal(error)

        return self._take_seat(client, learner, lambda: client.sit(table, seat, learner, learner_pass=pass_of(learner)),
                               refused, lambda message: Message("tpage_seated",
                                                                {"table": message.get("name", table), "seat": seat}))

    def resume(self) -> bool:
        """Take up the seat the learner's last page held (a reload, a new tab), with the round as it stands."""
        if self.base_url is None:
            return False
        learner = current_learner()
        token = self.keeper.token(learner, self.base_url, browser_id())
        if token is None:
            return False
        client = self.make_client(self.base_url)
        client.token = token
        base_url = self.base_url

        def refused(error: TableRefused) -> None:  # the seat is gone (closed, or taken back): forget its token
            self.keeper.forget(learner, base_url, browser_id())

        return self._take_seat(client, learner, client.view, refused,
                               lambda message: Message("tpage_resumed", {"table": message.get("name", "")}))

    def _take_seat(self, client: TableClient, learner: str, ask: Callable[[], JSONObject],
                   refused: Callable[[TableRefused], None], said: Callable[[JSONObject], Message]) -> bool:
        """Sitting and resuming alike: ``ask`` the server for the seat's message; hold the seat and say ``said`` of
        it, or hand a refusal to ``refused``, or mark the server lost; True when the page holds the seat."""
        try:
            message = ask()
        except TableRefused as error:
            refused(error)
            return False
        except TableUnreachable:
            self.lost = True
            return False
        self.lost = False
        self._hold(client, learner, message)
        self.note = Note(said(message), OK)
        return True

    def leave(self) -> None:
        client = self.client
        self._drop()
        if client is not None:
            with contextlib.suppress(TableRefused, TableUnreachable):
                client.leave()
        self.refresh_tables()

    def follow_learner(self, learner: str) -> None:
        """The learner bar changed the learner: this page's seat was the previous learner's, so let it go
        (it stays theirs at the server) and take up the new learner's seat, if they hold one."""
        if learner == self.learner:
            return
        if self.client is not None:
            self._drop(forget=False)
        self.learner, self.note = learner, None
        self.resume()
        self.changed()

    def _hold(self, client: TableClient, learner: str, message: JSONObject) -> None:
        self._generation += 1
        self.client, self.learner = client, learner
        if self.base_url is not None and client.token:
            self.keeper.keep(learner, self.base_url, browser_id(), client.token)
        self.take(message)
        self._start_watch()

    def _start_watch(self) -> None:
        """The background long poll of the held seat, on its own thread (only with a loop to redraw on)."""
        if self._loop is None or self.client is None or self.watching or self._closed:
            return
        self.watching = True
        threading.Thread(target=self._watch, args=(self.client, self._generation), name="table-view",
                         daemon=True).start()

    def heard(self) -> None:
        """The page said something (a heartbeat, a click, a key): it is there. A page back from silence takes
        its seat up again: the long poll starts anew, and its first request tells the tables the page is back."""
        self.heard_at = self.clock()
        self._start_watch()

    @property
    def page_silent(self) -> bool:
        """Whether the page has said nothing for longer than ``PAGE_SILENT_SECONDS``."""
        return self.clock() - self.heard_at > PAGE_SILENT_SECONDS

    def poll_wait(self) -> float | None:
        """How long the next long poll may wait: never much past the moment the page would count as silent;
        None once it does (then no poll holds the seat for a page that is gone)."""
        left = PAGE_SILENT_SECONDS - (self.clock() - self.heard_at)
        if left <= 0:
            return None
        return min(LONG_POLL, max(left, 1.0))

    def _drop(self, forget: bool = True) -> None:
        self._generation += 1
        self.watching = False  # a running poll sees the new generation and ends
        if forget and self.base_url is not None and self.client is not None:
            self.keeper.forget(self.learner, self.base_url, browser_id())
        self.client, self.message = None, None
        self.coach, self.coached = NoCoach(), None  # a review is only ever of the seat this page holds
        self.selection = Selection((), Trump("2", None))
        self.held_trick, self.pending_throw = None, None

    def take(self, message: JSONObject) -> None:
        """A seat message from the server: keep it and follow the hand."""
        if self.message is not None and message.get("version", 0) < self.message.get("version", 0):
            return  # an older message that arrived late
        self.message = message
        self.lost = False
        view = self.view
        if view is None:
            return
        coached = (message.get("table"), message.get("seat"), view.round_number, self.learner)
        if coached != self.coached:
            self.coach, self.coached = NoCoach(), coached
        trump = view.trump or Trump(view.level or view.levels[0], None)
        if sorted(view.hand) != sorted(self.selection.cards):
            self.selection.trump = trump
            self.selection.replace(view.hand)
        elif trump != self.selection.trump:
            self.selection.resort(trump)
        key = (view.to_act, view.phase, len(view.tricks), len(view.trick), len(view.bids))
        if key != self.turn_key:
            self.turn_key, self.turn_since = key, time.monotonic()

    def poll(self, wait: float = 0.0) -> bool:
        """Ask for the seat's view once (tests, and pages without a loop); True when it changed."""
        if self.client is None or self.message is None:
            return False
        try:
            message = self.client.view(after=int(self.message.get("version", -1)) if wait else -1, wait=wait)
        except TableUnreachable:
            self.lost = True
            return False
        except TableRefused as error:
            self._seat_gone(error)
            self.changed()
            return True
        before = self.message
        self.take(message)
        if message != before:
            self.changed()
            return True
        return False

    def _seat_gone(self, error: TableRefused) -> None:
        name = (self.message or {}).get("name", "")
        self._drop()
        self.note = refusal(error) if error.code != "tables_bad_token" else Note(
            Message("tpage_seat_lost", {"table": name}), ERROR, sticky=True)
        self.refresh_tables()

    def _watch(self, client: TableClient, generation: int) -> None:
        """The background long poll: each new message is handed to the loop's thread, which redraws."""
        after = int((self.message or {}).get("version", -1))
        while generation == self._generation and not self._closed:
            wait = self.poll_wait()
            if wait is None:  # the page is gone: no poll holds its seat, so the table's grace and bot take over
                self._post(generation, self._poll_stopped)
                return
            try:
                message = client.view(after=after, wait=wait)
            except TableUnreachable:
                self._post(generation, self._went_away)
                time.sleep(self.retry_seconds)
                continue
            except TableRefused as error:
                self._post(generation, lambda error=error: self._seat_gone(error))  # type: ignore[misc]
                return
            after = int(message.get("version", after))
            self._post(generation, lambda message=message: self.take(message))  # type: ignore[misc]

    def _went_away(self) -> None:
        self.lost = True

    def _poll_stopped(self) -> None:
        """On the loop's thread: the long poll ended for a silent page; a page heard from meanwhile polls again."""
        self.watching = False
        if not self.page_silent:
            self._start_watch()

    def _post(self, generation: int, work: Callable[[], None]) -> None:
        def run() -> None:
            if generation == self._generation and not self._closed:
                work()
                self.changed()

        if self._loop is None:
            run()
        else:
            with contextlib.suppress(RuntimeError):  # the loop has closed: the page is gone
                self._loop.call_soon_threadsafe(run)

    def _tick(self) -> None:
        """Each second: the waiting time on screen; every few seconds, the lobby's list."""
        if self._closed:
            self.ticker.stop()
            return
        if self.seated:
            if self._waiting_for_someone():
                self.changed()
            return
        self._lobby_wait += 1.0
        if self._lobby_wait >= LOBBY_SECONDS:
            self._lobby_wait = 0.0
            before = (self.tables, self.lost)
            self.refresh_tables()
            if (self.tables, self.lost) != before:
                self.changed()

    def close(self) -> None:
        self._closed = True
        self._generation += 1
        self.ticker.stop()

    # --- what build_scene reads ------------------------------------------------------------

    @property
    def view(self) -> SeatView | None:
        data = None if self.message is None else self.message.get("view")
        return None if data is None else seat_view(data)

    @property
    def log(self) -> list[LoggedTrick]:
        """The game log: every finished trick, who won it and its points (as the play app words them)."""
        view = self.view
        if view is None:
            return []
        return [LoggedTrick(Event("trick", trick.winner, params={"seat": trick.winner, "number": trick.number,
                                                                 "points": trick.points}))
                for trick in view.tricks]

    @property
    def mine(self) -> int:
        return int((self.message or {}).get("seat", 0))

    def legal(self) -> list[Action]:
        return [Action.from_json(entry) for entry in (self.message or {}).get("legal") or []]

    def playable(self) -> frozenset[Card] | None:
        view = self.view
        if view is None or not self.legal() or view.phase != "play" or view.lead is None or view.trump is None:
            return None
        return frozenset(playable_cards(view.lead, self.selection.cards, view.trump))

    def learner_options(self) -> list[Action]:
        view = self.view
        if view is None or view.phase in ("bury", "play"):
            return []
        return self.legal()

    # --- the learner's clicks (the play app's messages) -------------------------------------

    def handle(self, message: Mapping[str, Any]) -> None:
        kind = message.get("type")
        self.heard()
        if kind == "heartbeat":
            return
        if kind == "action":
            action, value = str(message.get("action", "")), str(message.get("value", ""))
            if action == "sit":
                table, _, seat = value.rpartition(":")
                if table and seat.isdigit():
                    self.sit(table, int(seat))
                return
            if action == "leave":
                self.leave()
                return
            if action == "refresh":
                self.refresh_tables()
                if self.seated:
                    self.poll()
                return
        if not self.seated or self.view is None:
            return
        answering = kind == "action" and str(message.get("action", "")) == "throw"
        if self.pending_throw is not None and kind in ("click", "key", "action") and not answering:
            self.pending_throw, self.note = None, None
        if kind == "click":
            if self.view.phase in ("bury", "play"):
                self.selection.toggle(int(message.get("index", -1)), str(message.get("card", "")) or None)
        elif kind == "key" and message.get("key") == "enter":
            self.bury() if self.view.phase == "bury" else self.play()
        elif kind == "action":
            self._on_action(str(message.get("action", "")), str(message.get("value", "")))

    def _on_action(self, action: str, value: str) -> None:
        if action == "play":
            self.play()
        elif action == "bury":
            self.bury()
        elif action == "declare":
            chosen = next((option for option in self.learner_options()
                           if option.kind in ("declare", "overturn") and codes(option.cards) == value), None)
            if chosen is not None:
                self.act(chosen.kind, codes(chosen.cards))
        elif action in ("pass", "redeal"):
            self.act(action)
        elif action == "deal-on":
            self.act("deal_on")
        elif action == "throw":
            self.answer_throw(value)
        elif action == "clear":
            self.selection.clear()
        elif action == "previous":
            self.show_previous = not self.show_previous
        elif action == "next-round":
            self._send(lambda client: client.next_round())
        elif action == "review":
            self.review_round()

    def review_round(self) -> bool:
        """The coach's review of this page's seat in the round just over: its record from the server (which gives
        only a finished round of the seat's own table), reviewed by the play app's coach desk (in a worker thread
        when a loop runs). Refused when the round's record names another learner in this seat (a learner who sat
        down after the round was played). True when the review started."""
        client, message, view = self.client, self.message, self.view
        if client is None or message is None or view is None or view.result is None:
            return False
        coach = self.coach
        if coach.reviewing or coach.review is not None:
            return False
        seat = self.mine
        reply = self._ask(lambda client: client.record(str(message.get("table", "")), view.round_number))
        if reply is None:
            return False
        record = reply.get("record")
        players = record.get("players") if isinstance(record, dict) else None
        played = players[seat] if isinstance(players, list) and len(players) == 4 else None
        if reply.get("seat") != seat or not isinstance(played, str) or name_key(played) != name_key(self.learner):
            # seat 0: the page's own seat as it is drawn (the table's names it, seats_turned)
            self.note = Note(Message("tpage_review_not_yours", {"seat": 0, "round": view.round_number}), ERROR,
                             sticky=True)
            return False
        assert isinstance(record, dict)
        return coach.start_record_review(record, seat, self.changed)

    def play(self, confirmed: bool = False) -> bool:
        """Lead or follow with the selected cards; a throw is asked about first, as the play app does."""
        chosen = self.selection.chosen()
        if not chosen:
            self.note = Note(Message("ui_select_cards", {}), ERROR)
            return False
        if self.ask_before_throw(chosen, confirmed):
            return False
        finished = len(self.view.tricks) if self.view is not None else 0
        if self.act("play", codes(chosen)):
            self.held_trick = finished
            return True
        return False

    def throw_weakest(self, chosen: list[Card]) -> tuple[Card, ...]:
        """For a throw lead, its weakest part (the one others can most easily beat); else ()."""
        view = self.view
        if view is None:
            return ()
        try:
            throws_allowed = rules_of(view).throws_allowed
        except (RuleError, ValueError):  # rules the server named that this kit cannot read: no question asked
            return ()
        return weakest_throw_part(chosen, view, throws_allowed)

    def bury(self) -> bool:
        chosen = self.selection.chosen()
        size = self.view.kitty_size if self.view is not None else 8
        if len(chosen) != size:
            self.note = Note(Message("ui_bury_count", {"count": len(chosen), "size": size}), ERROR)
            return False
        return self.act("bury", codes(chosen))

    def _ask(self, call: Callable[[TableClient], JSONObject]) -> JSONObject | None:
        """The server's reply to ``call``; None when there is no seat, the server refused (said in the note,
        a lost seat let go) or could not be reached (``lost``)."""
        client = self.client
        if client is None:
            return None
        try:
            return call(client)
        except TableRefused as error:
            if error.code == "tables_bad_token":
                self._seat_gone(error)
            else:
                self.note = refusal(error)
            return None
        except TableUnreachable:
            self.lost = True
            return None

    def act(self, kind: str, cards: str = "") -> bool:
        """Send the seat's action to the server; its new message is drawn, a refusal said."""
        return self._send(lambda client: client.act(kind, cards))

    def _send(self, call: Callable[[TableClient], JSONObject]) -> bool:
        reply = self._ask(call)
        if reply is None:
            return False
        self.note, self.pending_throw = None, None
        self.take(reply)
        return True

    # --- drawing -----------------------------------------------------------------------------

    def _seat_entry(self, server: int) -> JSONObject:
        seats = (self.message or {}).get("seats") or []
        return next((entry for entry in seats if entry.get("seat") == server), {"seat": server})

    def _who(self, entry: Mapping[str, Any], lang: str) -> str:
        learner = entry.get("learner")
        if learner is None:
            return text("tables_bot_seat", lang, tier=text(f"tier_{entry.get('bot')}", lang)
                        if entry.get("bot") in ("gentle", "steady", "strong") else str(entry.get("bot")))
        if entry.get("away"):
            return text("tables_away_seat", lang, name=learner)
        if entry.get("claimed") is False:
            return text("tables_named_seat", lang, name=learner)
        return str(learner)

    def _waiting_for_someone(self) -> bool:
        view = self.view
        if view is None or view.to_act in (None, 0) or view.result is not None:
            return False
        entry = self._seat_entry(server_seat(view.to_act, self.mine))
        return entry.get("learner") is not None and not entry.get("away")

    def turn_prompt(self, view: SeatView, lang: str) -> str | None:
        """Whose turn it is when it is not the learner's: a classmate (and how long), a bot for one, a bot."""
        if view.to_act in (None, 0) or view.result is not None:
            return None
        entry = self._seat_entry(server_seat(view.to_act, self.mine))
        learner = entry.get("learner")
        if learner is None:
            return text("tpage_bot_turn", lang, name=seat_name(view.to_act, lang))
        if entry.get("away"):
            return text("tpage_bot_for", lang, name=learner)
        seconds = int(time.monotonic() - self.turn_since)
        return text("tpage_waiting_for", lang, name=learner, seconds=seconds)

    def table_markup(self, lang: str) -> Markup:
        """The seated learner's table, drawn from their seat, every seat named as the table names it."""
        with seats_turned(self.mine):
            return self._turned_table_markup(lang)

    def _turned_table_markup(self, lang: str) -> Markup:
        view = self.view
        if view is None:
            return Markup('<p class="sk-message" data-role="tables-waiting" data-kind="info">{}</p>').format(
                text("tables_not_started", lang))
        scene = build_scene(self, lang)  # type: ignore[arg-type]
        if view.result is not None:  # the review is of the round's record, whose seats are the table's own
            with seats_of(self.mine):
                scene = replace(scene, review=str(review_wide_html(self.coach.review, lang)))
        seats = tuple(
            replace(box, name=self._who(self._seat_entry(server_seat(box.seat, self.mine)), lang)
                    if box.seat != 0 else text("tpage_you", lang, name=self.learner))
            for box in scene.seats
        )
        asked = self.turn_prompt(view, lang)
        # no hints at the shared tables yet; the review of the learner's own seat is the summary's, as in the play app
        hidden = {"hint"}
        if self.message is not None and (self.message.get("paused") or self.message.get("closed")):
            # a paused table takes no move: no buttons to play with, and the prompt says why
            hidden |= HELD_BUTTONS
            asked = text("tables_closed" if self.message.get("closed") else "tables_paused", lang)
        actions = tuple(button for button in scene.actions if button.action not in hidden)
        scene = replace(scene, seats=seats, prompt=asked if asked is not None else scene.prompt, actions=actions)
        return table_html(scene)

    def lobby_markup(self, lang: str) -> Markup:
        if not self.tables:
            return Markup('<p class="sk-tables-none" data-role="tables-none">{}</p>').format(
                text("tables_none_open", lang))
        me = current_learner().casefold()
        sections = []
        for table in self.tables:
            match = table.get("match") or {}
            rows = []
            for entry in table.get("seats") or []:
                seat = int(entry["seat"])
                learner = entry.get("learner")
                free = learner is None or (str(learner).casefold() == me and me != DEFAULT_LEARNER.casefold())
                button = Markup("")
                if free:
                    button = Markup(
                        '<button type="button" class="sk-button sk-primary" data-action="sit"'
                        ' data-value="{table}:{seat}" aria-label="{label}">{sit}</button>'
                    ).format(table=table["table"], seat=seat, sit=text("tpage_sit", lang),
                             label=text("tpage_sit_label", lang, table=table.get("name", ""), seat=seat))
                rows.append(Markup(
                    '<li class="sk-tables-seat" data-seat="{seat}" data-learner="{learner}"{bot}>'
                    '<span class="sk-tables-where">{where}</span> <span class="sk-tables-who">{who}</span>'
                    ' {button}</li>'
                ).format(seat=seat, learner=learner or "", where=text("tables_seat_name", lang, seat=seat),
                         bot=Markup(' data-bot="{}"').format(entry["bot"]) if entry.get("bot") else Markup(""),
                         who=self._who(entry, lang), button=button))
            marks = []
            levels = match.get("levels") or []
            if len(levels) == 2:
                marks.append(text("tables_levels", lang, ours=levels[0], theirs=levels[1]))
            if table.get("paused"):
                marks.append(text("tables_paused_mark", lang))
            if not table.get("started"):
                marks.append(text("tables_waiting_mark", lang))
            sections.append(Markup(
                '<section class="sk-tables-table" data-role="tables-table" data-table="{id}">'
                '<h3>{name}</h3><p class="sk-tables-progress" data-role="tables-progress">{progress}{marks}</p>'
                '<ul class="sk-tables-seats">{rows}</ul></section>'
            ).format(
                id=table["table"], name=table.get("name", ""),
                progress=text("tables_progress", lang, round=match.get("round_number", 1),
                              tricks=table.get("tricks_played", 0)),
                marks=Markup("").join(Markup(" · {}").format(mark) for mark in marks), rows=Markup("").join(rows),
            ))
        return Markup("").join(sections)

    def render(self, lang: str) -> str:
        parts: list[Markup] = []
        if self.base_url is None:
            parts.append(Markup(
                '<p class="sk-message" data-role="tables-no-server" data-kind="info">{said} '
                '<a href="{href}" data-role="play-link">{link}</a></p>'
            ).format(said=text("tpage_no_server", lang), href=page_address(PLAY_PAGE),
                     link=text("tpage_play_link", lang)))
            return str(PAGE_HTML.format(
                text("tpage_title", lang), Markup("").join(parts)))
        if self.lost:
            parts.append(Markup('<p class="sk-message" data-role="tables-lost" data-kind="error">{}</p>').format(
                text("tpage_lost", lang)))
        if self.note is not None and not self.seated:  # seated, the table's own message line says it
            parts.append(Markup('<p class="sk-message" data-role="tables-note" data-kind="{kind}">{line}</p>').format(
                kind=self.note.kind, line=self.note.text(lang)))
        if self.seated and self.message is not None:
            parts.append(Markup(
                '<div class="sk-tables-seated" data-role="tables-seated" data-table="{table}" data-my-seat="{seat}">'
                '<span>{where}</span> <button type="button" class="sk-button" data-action="leave">{leave}</button>'
                '</div>'
            ).format(table=self.message.get("table", ""), seat=self.mine,
                     where=text("tpage_seated", lang, table=self.message.get("name", ""), seat=self.mine),
                     leave=text("tpage_leave", lang)))
            if self.message.get("closed") or self.message.get("paused"):
                parts.append(Markup('<p class="sk-message" data-role="tables-paused" data-kind="info">{}</p>').format(
                    text("tables_closed" if self.message.get("closed") else "tables_paused", lang)))
            parts.append(self.table_markup(lang))
        else:
            parts.append(Markup(
                '<p><button type="button" class="sk-button" data-action="refresh">{}</button></p>'
            ).format(text("tpage_refresh", lang)))
            parts.append(self.lobby_markup(lang))
        return str(PAGE_HTML.format(
            text("tpage_title", lang), Markup("").join(parts)))


class TablesSurface(CardSurface):
    """The table widget of the play app, with the lobby's few styles."""

    _esm = script("surface.js")
    _css = styles("tables.css")
    heartbeat = traitlets.Float(HEARTBEAT_SECONDS).tag(sync=True)
    """Seconds between the page's heartbeats (surface.js sends them only for a widget that has this trait)."""

    def handle(self, message: Mapping[str, Any]) -> None:
        scene = self.scene
        if message.get("type") == "heartbeat" and isinstance(scene, TablesApp):
            scene.heard()  # the page only says it is there: nothing to draw
            return
        super().handle(message)

    def close(self) -> None:
        scene = self.scene
        if isinstance(scene, TablesApp):
            scene.close()
        super().close()


def tables_app(base_url: str | None = None, keeper: SeatKeeper | None = None) -> CardSurface:
    """The Tables page: the class server's open tables (``local_server_url()`` when not given), a seat, the table.

    Outside ``serve --classroom`` it says the tables live on the class server and links the play app.
    """
    url = base_url if base_url is not None else local_server_url()
    return TablesSurface(TablesApp(url, keeper))

