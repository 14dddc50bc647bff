"""The shared tables in the class store: each table's state after every trick, and every finished round.

One row per table in ``class_tables`` (rewritten, never appended), so a restarted server deals no
card again: the hall rebuilds each open table from its seed and the current round's actions. A
finished round is a row of ``table_rounds`` holding its round record, written once (a round
recorded again after a restart keeps its first row).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, insert, select, update

from ..schema import class_tables, table_rounds
from ..store import SQLClassStore, utc
from .hall import TableState

log = logging.getLogger(__name__)
OPEN, PAUSED, CLOSED = "open", "paused", "closed"


@dataclass(frozen=True)
class TableRound:
    """A round finished at a shared table: who sat where (None: a bot) and its round record."""

    id: int
    table_id: str
    round_number: int
    players: tuple[str | None, ...]
    record: dict[str, Any]
    finished_at: datetime


def _status(state: TableState) -> str:
    return CLOSED if state.closed else PAUSED if state.paused else OPEN


class TableStore:
    """Saves and restores the hall's tables through a ``SQLClassStore`` (SQLite or PostgreSQL)."""

    def __init__(self, store: SQLClassStore) -> None:
        self.store = store

    def save_table(self, state: TableState) -> None:
        """Write the table's state (a new row the first time, the same row afterwards)."""
        row = {"class_name": state.class_name, "name": state.name, "status": _status(state),
               "state": json.dumps(state.to_json(), ensure_ascii=False), "updated_at": datetime.now(UTC)}

        def work(connection: Connection) -> None:
            changed = connection.execute(
                update(class_tables).where(class_tables.c.table_id == state.table_id).values(**row)
            )
            if changed.rowcount == 0:
                connection.execute(insert(class_tables), [{"table_id": state.table_id, **row}])

        self.store._write(work)

    def load_tables(self, class_name: str) -> list[TableState]:
        """Every table of the class that is not closed, as last saved (a row that cannot be read is skipped)."""
        query = select(class_tables.c.state).where(
            class_tables.c.class_name == class_name, class_tables.c.status != CLOSED
        ).order_by(class_tables.c.table_id)
        texts = self.store._read(lambda c: [str(text) for text in c.execute(query).scalars()])
        states = []
        for text in texts:
            try:
                states.append(TableState.from_json(json.loads(text)))
            except ValueError as error:
                log.warning("a saved table cannot be read: %s", error)
        return states

    def record_round(self, state: TableState, record: dict[str, Any]) -> None:
        """Keep a finished round's record (once per table and round number)."""
        row = {"table_id": state.table_id, "class_name": state.class_name, "round_number": state.round_number,
               "players": json.dumps(list(state.learners), ensure_ascii=False),
               "record": json.dumps(record, ensure_ascii=False), "finished_at": datetime.now(UTC)}

        def work(connection: Connection) -> None:
            known = connection.execute(select(table_rounds.c.id).where(
                table_rounds.c.table_id == state.table_id, table_rounds.c.round_number == state.round_number
            )).first()
            if known is None:
                connection.execute(insert(table_rounds), [row])

        self.store._write(work, [state.class_name])

    def rounds(self, class_name: str, *, table_id: str | None = None, after_id: int = 0) -> list[TableRound]:
        """The rounds finished at the class's tables (of one table if given), oldest first."""
        query = select(table_rounds).where(table_rounds.c.class_name == class_name, table_rounds.c.id > after_id)
        if table_id is not None:
            query = query.where(table_rounds.c.table_id == table_id)
        rows: Sequence[Any] = self.store._read(lambda c: list(c.execute(query.order_by(table_rounds.c.id))))
        return [TableRound(int(row.id), row.table_id, int(row.round_number), tuple(json.loads(row.players)),
                           json.loads(row.record), utc(row.finished_at)) for row in rows]
