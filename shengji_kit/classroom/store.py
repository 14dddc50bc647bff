"""The class store on a SQL database (SQLAlchemy Core): SQLite by default, PostgreSQL for a hub.

Every write is one short transaction, retried a few times when the database is busy, so 30
learners answering at once lose nothing. Event ids grow in commit order: on PostgreSQL the
writers of a class take a transaction lock before inserting, so a reader asking for "events
after id N" never skips an event committed late with a smaller id.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine, Row, delete, func, insert, or_, select, update
from sqlalchemy import text as sql
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError, SQLAlchemyError

from ._database import WRITE, create_store_engine, default_url
from .migrate import upgrade_to_head
from .schema import BROWSER_LENGTH, IMPORTED, NAME_LENGTH, REF_LENGTH, events, imports, poll_answers, polls
from .store_protocol import (
    DEFAULT_CLASS,
    EVENT_KINDS,
    POLL_CLOSED,
    POLL_OPEN,
    POLL_REVEALED,
    ClassEvent,
    EventRefused,
    Poll,
    StoredEvent,
    StoreError,
)

T = TypeVar("T")
ATTEMPTS = 8  # tries of one write before it is reported as failed
POLL_SOURCES = ("puzzle", "exercise", "record")
_WRITE_LOCK = "SELECT pg_advisory_xact_lock(:key)"
# Bounds of what one event may hold (a hostile page must not fill the store or the dashboard).
MAX_ANSWER_BYTES = 2048  # an answer's text in UTF-8 (a whole hand of card codes is under 100)
MAX_NAME_CHARS = NAME_LENGTH  # learner and class names
MAX_REF_CHARS = REF_LENGTH  # item ids and groups
MAX_SECONDS = 7 * 24 * 3600.0  # the time spent on one item: at most a week
FIELD_LIMITS = {"learner": MAX_NAME_CHARS, "class_name": MAX_NAME_CHARS, "item": MAX_REF_CHARS,
                "group": MAX_REF_CHARS}


def utc(moment: datetime) -> datetime:
    """``moment`` in UTC (a time read back from SQLite has no zone: it was stored in UTC)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _class_key(class_name: str) -> int:
    """A stable 63-bit advisory lock key for the writers of one class."""
    value = 0
    for byte in class_name.encode("utf-8"):
        value = (value * 131 + byte) % (1 << 62)
    return value


def _check(event: ClassEvent) -> None:
    """Refuse an event the store must not keep: unknown kind, missing or over-long field, bad time."""
    if not isinstance(event.kind, str) or event.kind not in EVENT_KINDS:
        raise EventRefused("service_unknown_kind", kind=repr(event.kind)[:40], kinds=", ".join(EVENT_KINDS))
    for name, limit in FIELD_LIMITS.items():
        value = getattr(event, name)
        if not isinstance(value, str) or not value:
            raise EventRefused("service_field_missing", field=name)
        if len(value) > limit:
            raise EventRefused("service_field_too_long", field=name, limit=limit, size=len(value))
    answer = event.answer
    if not isinstance(answer, str):
        raise EventRefused("service_bad_field", field="answer", expected="text")
    # cheap first: a text of more characters than bytes allowed is too long whatever it holds
    size = len(answer) if len(answer) > MAX_ANSWER_BYTES else len(answer.encode("utf-8", "surrogatepass"))
    if size > MAX_ANSWER_BYTES:
        raise EventRefused("service_answer_too_long", limit=MAX_ANSWER_BYTES, size=size)
    seconds = event.seconds
    if seconds is not None and not (isinstance(seconds, int | float) and 0 <= seconds <= MAX_SECONDS):
        raise EventRefused("service_bad_seconds", value=repr(seconds)[:40])
    if event.at.tzinfo is None:
        raise EventRefused("service_naive_time")


check_event = _check  # the class service checks a request's events before it judges them


def _event_row(event: ClassEvent) -> dict[str, Any]:
    return {
        "class_name": event.class_name, "learner": event.learner, "item": event.item,
        "group_name": event.group, "kind": event.kind, "at": utc(event.at), "answer": event.answer,
        "correct": event.correct, "seconds": event.seconds, "uid": event.uid or None,
    }


def _stored(row: Row[Any]) -> StoredEvent:
    return StoredEvent(row.id, ClassEvent(
        learner=row.learner, item=row.item, group=row.group_name, kind=row.kind, at=utc(row.at),
        answer=row.answer, correct=row.correct, seconds=row.seconds, class_name=row.class_name, uid=row.uid or "",
    ))


def _retryable(error: DBAPIError) -> bool:
    """A busy/locked database, a dropped connection or a serialisation failure: try again."""
    if error.connection_invalidated:
        return True
    message = str(error.orig).lower()
    return isinstance(error, OperationalError) and any(
        word in message for word in ("locked", "busy", "could not serialize", "deadlock", "connection")
    )


class SQLClassStore:
    """``ClassStoreAPI`` on a SQLAlchemy engine; opening it upgrades the schema to the newest."""

    def __init__(self, url: str | None = None, *, engine: Engine | None = None, migrate: bool = True) -> None:
        try:
            self.engine = engine or create_store_engine(url or default_url())
            if migrate:
                upgrade_to_head(self.engine)
        except SQLAlchemyError as error:
            raise StoreError(f"cannot open the class store: {_reason(error)}") from error
        except OSError as error:
            raise StoreError(f"cannot open the class store: {error.strerror or error}") from error

    @property
    def url(self) -> str:
        """The database URL without its password (for messages)."""
        return self.engine.url.render_as_string(hide_password=True)

    def close(self) -> None:
        self.engine.dispose()

    # --- running statements --------------------------------------------------------------

    def _write(self, work: Callable[[Connection], T], classes: Sequence[str] = ()) -> T:
        """Run ``work`` in one write transaction, retried while the database is busy.

        On PostgreSQL the transaction first takes the event lock of each class in ``classes``.
        """
        for attempt in range(ATTEMPTS):
            try:
                with self.engine.connect().execution_options(**{WRITE: True}) as connection, connection.begin():
                    if self.engine.dialect.name == "postgresql":
                        for name in sorted(set(classes)):  # one order for every writer: no deadlock
                            connection.execute(sql(_WRITE_LOCK), {"key": _class_key(name)})
                    return work(connection)
            except DBAPIError as error:
                if attempt + 1 < ATTEMPTS and _retryable(error):
                    time.sleep(min(2.0, 0.05 * 2**attempt) * (0.5 + random.random()))
                    continue
                raise StoreError(f"cannot write to the class store ({_reason(error)})") from error
            except SQLAlchemyError as error:
                raise StoreError(f"cannot write to the class store ({_reason(error)})") from error
        raise AssertionError("unreachable")

    def _read(self, work: Callable[[Connection], T]) -> T:
        try:
            with self.engine.connect() as connection, connection.begin():
                return work(connection)
        except SQLAlchemyError as error:
            raise StoreError(f"cannot read the class store ({_reason(error)})") from error

    # --- events --------------------------------------------------------------------------

    def record(self, new: Sequence[ClassEvent]) -> list[int]:
        """Write the events in one transaction; their new ids, in order.

        An event whose ``uid`` is stored already is not stored again (its stored id is given), so a
        page may send again what it is not sure was written.
        """
        if not new:
            return []
        for event in new:
            _check(event)

        def work(connection: Connection) -> list[int]:
            ids = []
            for event in new:
                ids.append(self._insert_once(connection, event))
            return ids

        return self._write(work, [event.class_name for event in new])

    def _insert_once(self, connection: Connection, event: ClassEvent) -> int:
        """Insert one event; an event with a ``uid`` already stored keeps its first row."""
        if not event.uid:
            return int(connection.execute(insert(events).returning(events.c.id), [_event_row(event)]).scalar_one())
        dialect = self.engine.dialect.name
        new_id = None
        if dialect in ("postgresql", "sqlite"):
            statement = (postgresql_insert if dialect == "postgresql" else sqlite_insert)(events)
            new_id = connection.execute(
                statement.values(_event_row(event)).on_conflict_do_nothing(index_elements=[events.c.uid])
                .returning(events.c.id)
            ).scalar_one_or_none()
        if new_id is None:
            new_id = connection.execute(select(events.c.id).where(events.c.uid == event.uid)).scalar_one_or_none()
        if new_id is None:  # another database: look first, then insert (the unique index guards a race)
            new_id = connection.execute(insert(events).returning(events.c.id), [_event_row(event)]).scalar_one()
        return int(new_id)

    def events(
        self, class_name: str = DEFAULT_CLASS, *, learner: str | None = None, after_id: int = 0
    ) -> list[StoredEvent]:
        query = select(events).where(events.c.class_name == class_name, events.c.id > after_id)
        if learner is not None:
            query = query.where(events.c.learner == learner)
        return self._read(lambda c: [_stored(row) for row in c.execute(query.order_by(events.c.id))])

    def learners(self, class_name: str = DEFAULT_CLASS) -> list[str]:
        query = select(events.c.learner).where(events.c.class_name == class_name).distinct()
        return sorted(self._read(lambda c: [str(name) for name in c.execute(query).scalars()]))

    def count_events(self, class_name: str | None = None) -> int:
        """How many events are stored (of one class, or of all)."""
        query = select(func.count()).select_from(events)
        if class_name is not None:
            query = query.where(events.c.class_name == class_name)
        return int(self._read(lambda c: c.execute(query).scalar_one()))

    # --- polls ---------------------------------------------------------------------------

    def open_poll(self, class_name: str, source: str, ref: str, prompt_en: str, prompt_zh: str,
                  options: Sequence[str], answer: str) -> Poll:
        if source not in POLL_SOURCES:
            raise StoreError(f"a poll's source is one of {', '.join(POLL_SOURCES)}, not {source!r}")
        choices = tuple(str(option) for option in options)
        if len(choices) < 2 or len(set(choices)) != len(choices):
            raise StoreError("a poll needs at least two different options")
        if answer not in choices:
            raise StoreError(f"the poll's answer {answer!r} is not one of its options")
        opened = datetime.now(UTC)

        def work(connection: Connection) -> int:
            connection.execute(
                update(polls).where(polls.c.class_name == class_name, polls.c.state != POLL_CLOSED)
                .values(state=POLL_CLOSED)
            )
            row = {"class_name": class_name, "source": source, "ref": ref, "prompt_en": prompt_en,
                   "prompt_zh": prompt_zh, "options": json.dumps(list(choices), ensure_ascii=False),
                   "answer": answer, "state": POLL_OPEN, "opened_at": opened}
            return int(connection.execute(insert(polls).returning(polls.c.id), [row]).scalar_one())

        poll_id = self._write(work)
        return Poll(poll_id, class_name, source, ref, prompt_en, prompt_zh, choices, answer, POLL_OPEN, opened)

    def current_poll(self, class_name: str = DEFAULT_CLASS) -> Poll | None:
        def work(connection: Connection) -> Poll | None:
            row = connection.execute(
                select(polls).where(polls.c.class_name == class_name, polls.c.state != POLL_CLOSED)
                .order_by(polls.c.id.desc()).limit(1)
            ).first()
            return None if row is None else _poll(connection, row)

        return self._read(work)

    def poll(self, poll_id: int) -> Poll:
        """One poll by id, whatever its state (with its answers)."""
        def work(connection: Connection) -> Poll:
            row = connection.execute(select(polls).where(polls.c.id == poll_id)).first()
            if row is None:
                raise StoreError(f"there is no poll {poll_id}")
            return _poll(connection, row)

        return self._read(work)

    def answer_poll(self, poll_id: int, learner: str, option: str, browser: str = "") -> None:
        """``learner``'s vote (a later one replaces it); with ``browser``, the one vote of that browser:
        a vote under another name from the same browser replaces it instead of adding a second."""
        if not learner:
            raise StoreError("a poll answer needs a learner")
        if len(browser) > BROWSER_LENGTH:
            raise StoreError(f"a browser id has at most {BROWSER_LENGTH} characters")

        def work(connection: Connection) -> None:
            row = connection.execute(select(polls.c.state, polls.c.options).where(polls.c.id == poll_id)).first()
            if row is None:
                raise StoreError(f"there is no poll {poll_id}")
            if row.state != POLL_OPEN:
                raise StoreError(f"poll {poll_id} takes no more answers (it is {row.state})")
            if option not in json.loads(row.options):
                raise StoreError(f"{option!r} is not an option of poll {poll_id}")
            same = poll_answers.c.learner == learner
            connection.execute(delete(poll_answers).where(
                poll_answers.c.poll_id == poll_id, or_(same, poll_answers.c.browser == browser) if browser else same
            ))
            connection.execute(insert(poll_answers), [{
                "poll_id": poll_id, "learner": learner, "option": option, "answered_at": datetime.now(UTC),
                "browser": browser,
            }])

        self._write(work)

    def set_poll_state(self, poll_id: int, state: str) -> None:
        if state not in (POLL_OPEN, POLL_REVEALED, POLL_CLOSED):
            raise StoreError(f"a poll's state is open, revealed or closed, not {state!r}")

        def work(connection: Connection) -> None:
            changed = connection.execute(update(polls).where(polls.c.id == poll_id).values(state=state))
            if changed.rowcount == 0:
                raise StoreError(f"there is no poll {poll_id}")

        self._write(work)

    # --- imported progress files ---------------------------------------------------------

    def imported_sources(self) -> set[str]:
        """The progress files already read into the store (or set aside), by path."""
        return self._read(lambda c: {str(s) for s in c.execute(select(imports.c.source)).scalars()})

    def record_import(self, source: str, learner: str, new: Sequence[ClassEvent], *,
                      outcome: str = IMPORTED, backup: str = "", class_name: str = DEFAULT_CLASS) -> bool:
        """Store a progress file's events and remember the file, in one transaction.

        False (and nothing written) when that file was imported already, by this process or another.
        """
        for event in new:
            _check(event)

        def work(connection: Connection) -> bool:
            try:
                with connection.begin_nested():
                    connection.execute(insert(imports), [{
                        "source": source, "class_name": class_name, "learner": learner, "outcome": outcome,
                        "events": len(new), "backup": backup, "imported_at": datetime.now(UTC),
                    }])
            except IntegrityError:
                return False
            if new:
                connection.execute(insert(events), [_event_row(event) for event in new])
            return True

        return self._write(work, [class_name])


def _poll(connection: Connection, row: Row[Any]) -> Poll:
    answers = {
        str(a.learner): str(a.option)
        for a in connection.execute(select(poll_answers).where(poll_answers.c.poll_id == row.id))
    }
    return Poll(int(row.id), row.class_name, row.source, row.ref, row.prompt_en, row.prompt_zh,
                tuple(json.loads(row.options)), row.answer, row.state, utc(row.opened_at), answers)


def _reason(error: SQLAlchemyError) -> str:
    """The database's own words for an error, on one line."""
    origin = getattr(error, "orig", None) or error
    return " ".join(str(origin).split())[:300]
