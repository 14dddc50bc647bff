"""The first class store: events, polls, poll answers and imported progress files.

Revision ID: 0001_class_store
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001_class_store"
down_revision = None
branch_labels = None
depends_on = None

ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "events",
        sa.Column("id", ID, primary_key=True, autoincrement=True),
        sa.Column("class_name", sa.String(80), nullable=False),
        sa.Column("learner", sa.String(80), nullable=False),
        sa.Column("item", sa.String(200), nullable=False),
        sa.Column("group_name", sa.String(200), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("answer", sa.Text(), nullable=False),
        sa.Column("correct", sa.Boolean(), nullable=True),
        sa.Column("seconds", sa.Float(), nullable=True),
    )
    op.create_index("ix_events_class_id", "events", ["class_name", "id"])
    op.create_index("ix_events_class_learner_id", "events", ["class_name", "learner", "id"])
    op.create_table(
        "polls",
        sa.Column("id", ID, primary_key=True, autoincrement=True),
        sa.Column("class_name", sa.String(80), nullable=False),
        sa.Column("source", sa.String(16), nullable=False),
        sa.Column("ref", sa.String(200), nullable=False),
        sa.Column("prompt_en", sa.Text(), nullable=False),
        sa.Column("prompt_zh", sa.Text(), nullable=False),
        sa.Column("options", sa.Text(), nullable=False),
        sa.Column("answer", sa.Text(), nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("opened_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_polls_class_state", "polls", ["class_name", "state"])
    op.create_table(
        "poll_answers",
        sa.Column("poll_id", ID, sa.ForeignKey("polls.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("learner", sa.String(80), primary_key=True),
        sa.Column("option", sa.Text(), nullable=False),
        sa.Column("answered_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "imports",
        sa.Column("id", ID, primary_key=True, autoincrement=True),
        sa.Column("source", sa.Text(), nullable=False),
        sa.Column("class_name", sa.String(80), nullable=False),
        sa.Column("learner", sa.String(80), nullable=False),
        sa.Column("outcome", sa.String(16), nullable=False),
        sa.Column("events", sa.Integer(), nullable=False),
        sa.Column("backup", sa.Text(), nullable=False),
        sa.Column("imported_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("source", name="uq_imports_source"),
    )


def downgrade() -> None:
    op.drop_table("imports")
    op.drop_table("poll_answers")
    op.drop_index("ix_polls_class_state", "polls")
    op.drop_table("polls")
    op.drop_index("ix_events_class_learner_id", "events")
    op.drop_index("ix_events_class_id", "events")
    op.drop_table("events")
