"""The class store's Alembic migrations (``versions/``), run to the newest on every open."""
