"""Events carry the page's unique id, so an event sent again (after a crash between the store's commit
and the page's spool) is stored once.

Revision ID: 0002_event_uid
Revises: 0001_class_store
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_event_uid"
down_revision = "0001_class_store"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("SET LOCAL statement_timeout = 0")  # indexing a big events table may take longer than a page's
    op.add_column("events", sa.Column("uid", sa.String(64), nullable=True))  # older events keep NULL
    op.create_index("uq_events_uid", "events", ["uid"], unique=True)


def downgrade() -> None:
    op.drop_index("uq_events_uid", "events")
    op.drop_column("events", "uid")
