"""These app tests share the widget tests' set-up: English, and a fresh data folder per test."""

from __future__ import annotations

from widgets.conftest import data_folder, english  # noqa: F401  # fixtures, by name
