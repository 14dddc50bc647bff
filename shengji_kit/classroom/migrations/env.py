"""Alembic's entry point for the class store: runs on the connection the store hands over."""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

from shengji_kit.classroom.schema import metadata

connection = context.config.attributes.get("connection")
if not isinstance(connection, Connection):
    raise RuntimeError("the class store's migrations run through shengji_kit.classroom.migrate, with a connection")
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
