"""The class store's tables (SQLAlchemy Core): events, polls, poll answers, imported files and shared tables.

This is the schema at the newest migration (``migrations/versions``); the migrations, not
``metadata.create_all``, create and change the tables, and a test checks that the two agree.
Times are stored in UTC; SQLite keeps them without a zone, so readers put UTC back.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)
from sqlalchemy import (
    text as sql,
)

# BIGINT ids on PostgreSQL; SQLite auto-increments only an INTEGER PRIMARY KEY.
ID = BigInteger().with_variant(Integer(), "sqlite")
NAME_LENGTH = 80  # learner and class names (learner names are at most 40 characters)
REF_LENGTH = 200  # item ids, groups, poll refs
UID_LENGTH = 64  # an event's unique id (a page writes 32 hex digits)
BROWSER_LENGTH = 64  # the learner bar's browser id (32 hex digits; longer ones are refused)

metadata = MetaData()

events = Table(
    "events", metadata,
    Column("id", ID, primary_key=True, autoincrement=True),
    Column("class_name", String(NAME_LENGTH), nullable=False),
    Column("learner", String(NAME_LENGTH), nullable=False),
    Column("item", String(REF_LENGTH), nullable=False),
    Column("group_name", String(REF_LENGTH), nullable=False),
    Column("kind", String(16), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    Column("answer", Text, nullable=False, default=""),
    Column("correct", Boolean, nullable=True),
    Column("seconds", Float, nullable=True),
    Column("uid", String(UID_LENGTH), nullable=True),  # the page's id of the event (migration 0002); NULL before
    Index("ix_events_class_id", "class_name", "id"),
    Index("ix_events_class_learner_id", "class_name", "learner", "id"),
    Index("uq_events_uid", "uid", unique=True),
)

polls = Table(
    "polls", metadata,
    Column("id", ID, primary_key=True, autoincrement=True),
    Column("class_name", String(NAME_LENGTH), nullable=False),
    Column("source", String(16), nullable=False),
    Column("ref", String(REF_LENGTH), nullable=False),
    Column("prompt_en", Text, nullable=False),
    Column("prompt_zh", Text, nullable=False),
    Column("options", Text, nullable=False),  # a JSON list of the options' texts
    Column("answer", Text, nullable=False),
    Column("state", String(16), nullable=False),
    Column("opened_at", DateTime(timezone=True), nullable=False),
    Index("ix_polls_class_state", "class_name", "state"),
)

poll_answers = Table(
    "poll_answers", metadata,
    Column("poll_id", ID, ForeignKey("polls.id", ondelete="CASCADE"), primary_key=True),
    Column("learner", String(NAME_LENGTH), primary_key=True),
    Column("option", Text, nullable=False),
    Column("answered_at", DateTime(timezone=True), nullable=False),
    # The browser the vote came from (a random id it keeps; "" when unknown): one vote per browser.
    Column("browser", String(BROWSER_LENGTH), nullable=False, server_default=""),
    Index(
        "uq_poll_answers_poll_browser", "poll_id", "browser", unique=True,
        sqlite_where=sql("browser != ''"), postgresql_where=sql("browser != ''"),
    ),
)

# One row per progress file of the single-learner kit that was read into the store (or set aside).
imports = Table(
    "imports", metadata,
    Column("id", ID, primary_key=True, autoincrement=True),
    Column("source", Text, nullable=False),  # the file's path when it was imported
    Column("class_name", String(NAME_LENGTH), nullable=False),
    Column("learner", String(NAME_LENGTH), nullable=False),
    Column("outcome", String(16), nullable=False),  # "imported" or "set_aside"
    Column("events", Integer, nullable=False),
    Column("backup", Text, nullable=False, default=""),  # where a damaged file was moved
    Column("imported_at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("source", name="uq_imports_source"),
)

IMPORTED, SET_ASIDE = "imported", "set_aside"

# The class's shared tables (migration 0004): each table's saved state, one row per table, rewritten
# after every trick; and every round finished at a table, as its round record (game/record.py).
class_tables = Table(
    "class_tables", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("class_name", String(NAME_LENGTH), nullable=False),
    Column("name", String(REF_LENGTH), nullable=False),
    Column("status", String(16), nullable=False),  # "open", "paused" or "closed"
    Column("state", Text, nullable=False),  # the hall's TableState as JSON
    Column("updated_at", DateTime(timezone=True), nullable=False),
    Index("ix_class_tables_class", "class_name"),
)

table_rounds = Table(
    "table_rounds", metadata,
    Column("id", ID, primary_key=True, autoincrement=True),
    Column("table_id", String(32), nullable=False),
    Column("class_name", String(NAME_LENGTH), nullable=False),
    Column("round_number", Integer, nullable=False),
    Column("players", Text, nullable=False),  # a JSON list of four names (null for a bot's seat)
    Column("record", Text, nullable=False),  # the round's JSON record
    Column("finished_at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("table_id", "round_number", name="uq_table_rounds_table_round"),
    Index("ix_table_rounds_class_id", "class_name", "id"),
)
