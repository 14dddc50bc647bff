"""Test-wide set-up: learners' progress goes to a throwaway folder, never the real home."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("SHENGJI_KIT_DATA_DIR", tempfile.mkdtemp(prefix="shengji-kit-test-data-"))
