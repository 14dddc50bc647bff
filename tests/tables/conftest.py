"""Shared-table tests reuse the class store's fixtures: a fresh data folder, SQLite and a real PostgreSQL."""

from __future__ import annotations

from tests.classroom.conftest import data_folder, postgres, postgres_url, store

__all__ = ["data_folder", "postgres", "postgres_url", "store"]
