"""The trainer app's tests use the practice tests' set-up: a fresh data folder, English, the bank."""

from __future__ import annotations

from practice.conftest import bank, data_folder, english, session, store  # noqa: F401  # fixtures, by name
