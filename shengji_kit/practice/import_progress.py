"""Reading the single-learner kit's progress files into the class store, once per file, ever.

Before the class store, each learner's progress was ``progress/<learner>.jsonl`` (an event log,
``store.py``) or, earlier, ``<learner>.json`` (version 1). Each file is read once: its events and
the file's path go into the store in one transaction, so a second kernel or a second run skips
it. The files are left where they are. A damaged file is renamed ``<name>.corrupt-<time>``,
recorded as set aside, and reported; a file that cannot be read now is left for the next time.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from ..classroom.identity import DEFAULT_LEARNER, MAX_NAME_LENGTH
from ..classroom.schema import SET_ASIDE
from ..classroom.store import SQLClassStore
from ..classroom.store_protocol import ClassEvent
from ..data_folder import set_aside
from ..game.input_checks import parse_json
from .event_log import LEGACY_SUFFIX, LOG_SUFFIX
from .events import ProgressEvent, import_events, parse_log
from .progress import Progress

IMPORT_GROUP = "trainer"  # the group of a puzzle the bank no longer has


@dataclass
class ImportReport:
    """What one run did: files read in, files set aside (their new names), files left for later."""

    imported: list[Path] = field(default_factory=list)
    set_aside: list[Path] = field(default_factory=list)
    left: list[Path] = field(default_factory=list)
    events: int = 0


def _stamp() -> str:
    return datetime.now().strftime("%Y%m%d-%H%M%S")


def progress_files(folder: Path) -> list[Path]:
    """The progress files in ``folder``: each learner's log, then any version-1 file."""
    if not folder.is_dir():
        return []
    return sorted(
        path for path in folder.iterdir()
        if path.is_file() and path.suffix in (LOG_SUFFIX, LEGACY_SUFFIX) and not path.name.startswith(".")
    )


def _time(stamp: str) -> datetime:
    moment = datetime.fromisoformat(stamp)
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


def _read_events(path: Path) -> list[ProgressEvent]:
    """The events a file stands for; ``ValueError`` (or ``UnicodeDecodeError``) when it is damaged."""
    content = path.read_text(encoding="utf-8-sig")
    if path.suffix == LOG_SUFFIX:
        return parse_log(content)
    if path.with_suffix(LOG_SUFFIX).exists():
        Progress.from_json(parse_json(content))  # still checked; the log already holds its events
        return []
    stamp = datetime.fromtimestamp(path.stat().st_mtime, UTC).isoformat(timespec="seconds")
    return import_events(Progress.from_json(parse_json(content)), stamp)


def import_progress_files(store: SQLClassStore, folder: Path, groups: Mapping[str, str] | None = None,
                          class_name: str = "default", clock: Callable[[], str] = _stamp) -> ImportReport:
    """Read every progress file of ``folder`` not yet in ``store`` into it; what was done."""
    report = ImportReport()
    files = progress_files(folder)
    if not files:
        return report
    done = store.imported_sources()
    for path in files:
        source = str(path.resolve())
        if source in done:
            continue
        learner = (path.stem.strip() or DEFAULT_LEARNER)[:MAX_NAME_LENGTH]
        try:
            progress_events = _read_events(path)
            new = [
                ClassEvent(learner, e.puzzle, (groups or {}).get(e.puzzle, IMPORT_GROUP), e.kind, _time(e.at),
                           class_name=class_name)
                for e in progress_events
            ]
        except OSError:
            report.left.append(path)
            continue
        except ValueError:  # damaged: not JSON, not UTF-8, not progress, a bad time stamp
            try:
                backup = set_aside(path, clock())
            except OSError:  # it cannot be renamed: it stays where it is, and is tried again next time
                report.left.append(path)
                continue
            store.record_import(source, learner, [], outcome=SET_ASIDE, backup=str(backup), class_name=class_name)
            report.set_aside.append(backup)
            continue
        if store.record_import(source, learner, new, class_name=class_name):
            report.imported.append(path)
            report.events += len(new)
    return report

