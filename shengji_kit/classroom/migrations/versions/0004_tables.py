"""The class's shared tables: ``class_tables`` (each table's saved state) and ``table_rounds`` (finished rounds).

Revision ID: 0004_tables
Revises: 0003_poll_browser
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_tables"
down_revision = "0003_poll_browser"
branch_labels = None
depends_on = None

ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "class_tables",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("class_name", sa.String(80), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("state", sa.Text, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_class_tables_class", "class_tables", ["class_name"])
    op.create_table(
        "table_rounds",
        sa.Column("id", ID, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("class_name", sa.String(80), nullable=False),
        sa.Column("round_number", sa.Integer, nullable=False),
        sa.Column("players", sa.Text, nullable=False),
        sa.Column("record", sa.Text, nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_id", "round_number", name="uq_table_rounds_table_round"),
    )
    op.create_index("ix_table_rounds_class_id", "table_rounds", ["class_name", "id"])


def downgrade() -> None:
    op.drop_index("ix_table_rounds_class_id", "table_rounds")
    op.drop_table("table_rounds")
    op.drop_index("ix_class_tables_class", "class_tables")
    op.drop_table("class_tables")
