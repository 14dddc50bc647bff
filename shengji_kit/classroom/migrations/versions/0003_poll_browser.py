"""One poll vote per browser: ``poll_answers.browser`` and a unique index on (poll, browser).

Learners on one machine's class server choose their own names, so one browser could vote under five;
the learner bar now sends the random id its browser keeps, and the store keeps one vote per id.

Revision ID: 0003_poll_browser
Revises: 0002_event_uid
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_poll_browser"
down_revision = "0002_event_uid"
branch_labels = None
depends_on = None

INDEX = "uq_poll_answers_poll_browser"
KNOWN = "browser != ''"  # answers from before this revision, or without an id, are not deduplicated


def upgrade() -> None:
    with op.batch_alter_table("poll_answers") as table:
        table.add_column(sa.Column("browser", sa.String(64), nullable=False, server_default=""))
    op.create_index(
        INDEX, "poll_answers", ["poll_id", "browser"], unique=True,
        sqlite_where=sa.text(KNOWN), postgresql_where=sa.text(KNOWN),
    )


def downgrade() -> None:
    op.drop_index(INDEX, "poll_answers")
    with op.batch_alter_table("poll_answers") as table:
        table.drop_column("browser")
