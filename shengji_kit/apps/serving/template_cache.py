"""Voila hook: one cache of compiled page templates shared by every page request of the server.

Voila builds a fresh nbconvert exporter, and so a fresh Jinja environment, for every page it
serves, and compiled the whole template chain again each time: under a class opening 30 pages
at once that was half of the server's own CPU, and ``/`` stopped answering within 2 s. With
this cache each template is compiled once per server (and again only when its source changes).
shengji_kit/jupyter/voila.py installs it in the Voila server process.
"""

from __future__ import annotations

import threading
from typing import Any

from jinja2 import Environment
from jinja2.bccache import Bucket, BytecodeCache

_MARK = "_shengji_shared_templates"


class SharedTemplateCache(BytecodeCache):
    """Compiled template code in memory, keyed on name, file, source and the environment's settings."""

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}
        self._lock = threading.Lock()

    def get_bucket(self, environment: Environment, name: str, filename: str | None, source: str) -> Bucket:
        # Environments that compile differently (async or not, other extensions) never share code.
        settings = (environment.is_async, tuple(sorted(environment.extensions)), repr(environment.autoescape))
        key = self.get_cache_key(f"{name}|{settings}", filename)
        bucket = Bucket(environment, key, self.get_source_checksum(source))
        self.load_bytecode(bucket)
        return bucket

    def load_bytecode(self, bucket: Bucket) -> None:
        with self._lock:
            data = self._code.get(bucket.key)
        if data is not None:
            bucket.bytecode_from_string(data)  # a changed source fails the checksum: compiled again

    def dump_bytecode(self, bucket: Bucket) -> None:
        data = bucket.bytecode_to_string()
        with self._lock:
            self._code[bucket.key] = data

    def __len__(self) -> int:
        return len(self._code)


SHARED = SharedTemplateCache()


def share_compiled_templates(cache: SharedTemplateCache = SHARED) -> None:
    """Give every nbconvert exporter's Jinja environment ``cache`` (idempotent)."""
    from nbconvert.exporters.templateexporter import TemplateExporter

    original: Any = TemplateExporter._create_environment
    if getattr(original, _MARK, False):
        return

    def create_environment(self: Any) -> Any:
        environment = original(self)
        environment.bytecode_cache = cache
        return environment

    setattr(create_environment, _MARK, True)
    TemplateExporter._create_environment = create_environment  # type: ignore[method-assign]
