"""A learner's open match, saved after every move so a reload or a new tab can resume the round.

Only actions are stored (every round of the match, the last one open): the match is rebuilt by
dealing each round from the match seed and playing its actions again, as ``record.rebuild``
does for one round. The file is ``{"format", "version", "seed", "rules", "bots", "rounds": [[[seat,
kind, cards], …], …]}`` (``bots``: the opponents' tier, a name the play app checks; a file written
before tiers existed has none and loads as ``steady``), written atomically, one file per learner and
class (``saved_match_path``).
A file that cannot be read is set aside (``set_aside``), never deleted.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from ..engine.errors import RuleError
from ..engine.rules import PRESET_NAMES, Rules, rules_from_table, rules_value
from .actions import Action
from .match import Match
from .round import Round

FORMAT = "shengji-kit/open-match"
VERSION = 1
RoundActions = tuple[tuple[int, Action], ...]
DEFAULT_NAME = "default"
"""The default learner and the default class (their files keep the first version's place)."""
MAX_FILE_BYTES = 4_000_000
"""A saved match is a few kilobytes; a file larger than this is not one."""
MAX_ROUNDS = 500
MAX_SEED = 10**20
REASONS = ("json", "deep", "number", "size", "shape", "replay", "encoding")
"""Why a saved match could not be used; each has a ``round_save_reason_<reason>`` text."""
_UNSAFE = re.compile(r"[^\w.-]+")
DEFAULT_BOTS = "steady"
"""The opponents of a match saved without a tier: RuleBots, the only opponents there were."""
_BOTS_NAME = re.compile(r"[a-z][a-z_]{0,23}")


class SavedRoundError(ValueError):
    """The saved match cannot be read or does not replay; ``reason`` (one of ``REASONS``) and the message say why."""

    def __init__(self, message: str, reason: str = "shape") -> None:
        super().__init__(message[:300])
        self.reason = reason if reason in REASONS else "shape"


@dataclass(frozen=True)
class SavedMatch:
    """A match as its seed, rules and the actions of each round (the last round may be open), and the
    name of the opponents' tier (``coach/bot_tiers.py``) that plays it."""

    seed: int
    rules: Rules | str
    """A preset's name, or the house rules the match is played by (saved as an inline table of every switch)."""
    rounds: tuple[RoundActions, ...]
    bots: str = DEFAULT_BOTS

    @staticmethod
    def of(
        match: Match, finished: Sequence[RoundActions], current: Round, bots: str = DEFAULT_BOTS
    ) -> SavedMatch:
        """The saved form of ``match``: the actions of its finished rounds, then the round being played."""
        rules: Rules | str = match.rules.name if match.rules.is_preset else match.rules
        return SavedMatch(match.seed, rules, (*finished, tuple(current.actions)), bots)

    @property
    def open_round(self) -> RoundActions:
        return self.rounds[-1] if self.rounds else ()

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "version": VERSION, "seed": self.seed, "bots": self.bots,
            **({"rules": self.rules} if isinstance(self.rules, str) else
               {"rules": rules_value(self.rules), "rules_name": self.rules.name}),
            "rounds": [[[seat, *action.to_json()] for seat, action in actions] for actions in self.rounds],
        }

    @staticmethod
    def from_json(data: Any) -> SavedMatch:
        """Read the saved form; ``SavedRoundError`` names what is wrong."""
        if not isinstance(data, Mapping) or data.get("format") != FORMAT or data.get("version") != VERSION:
            raise SavedRoundError(f"not a {FORMAT} version {VERSION} file")
        seed, rules, rounds = data.get("seed"), data.get("rules"), data.get("rounds")
        if isinstance(seed, bool) or not isinstance(seed, int) or not -MAX_SEED < seed < MAX_SEED:
            raise SavedRoundError("seed must be a whole number of at most 20 digits")
        if isinstance(rules, Mapping):
            try:
                rules = rules_from_table(rules, str(data.get("rules_name", "house"))[:60])
            except RuleError as error:
                raise SavedRoundError(f"rules: {error.message('en')}") from error
        elif rules not in PRESET_NAMES:
            raise SavedRoundError(f"rules must be one of {', '.join(PRESET_NAMES)} or a table of house rules")
        bots = data.get("bots", DEFAULT_BOTS)
        if not isinstance(bots, str) or not _BOTS_NAME.fullmatch(bots):
            raise SavedRoundError("bots must be the name of the opponents' tier (a few lower-case letters)")
        if not isinstance(rounds, list) or not 0 < len(rounds) <= MAX_ROUNDS:
            raise SavedRoundError(f"rounds must be a list of 1 to {MAX_ROUNDS} rounds")
        parsed: list[RoundActions] = []
        for number, actions in enumerate(rounds):
            if not isinstance(actions, list):
                raise SavedRoundError(f"rounds[{number}] must be a list")
            parsed.append(tuple(_entry(number, entry) for entry in actions))
        return SavedMatch(seed, rules if isinstance(rules, Rules) else str(rules), tuple(parsed), bots)

    def rebuild(self) -> tuple[Match, Round]:
        """The match with every finished round booked, and its open round at the saved move."""
        match = Match(self.seed, self.rules)
        for number, actions in enumerate(self.rounds):
            rnd = match.new_round()
            for seat, action in actions:
                try:
                    rnd.act(seat, action)
                except RuleError as error:
                    raise SavedRoundError(
                        f"round {number + 1} does not replay: {error.message('en')}", "replay"
                    ) from error
                except (ValueError, TypeError, IndexError, KeyError) as error:
                    raise SavedRoundError(f"round {number + 1} does not replay: {error}", "replay") from error
            if number < len(self.rounds) - 1:
                if rnd.result is None:
                    raise SavedRoundError(f"round {number + 1} is not finished but a later round follows", "replay")
                match.finish(rnd)
        return match, rnd


def _entry(number: int, entry: object) -> tuple[int, Action]:
    """One ``[seat, kind, cards]`` of round ``number``; ``SavedRoundError`` when it is anything else."""
    if not isinstance(entry, list) or not entry:
        raise SavedRoundError(f"rounds[{number}] holds a bad action (an action is [seat, kind, cards])")
    seat = entry[0]
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise SavedRoundError(f"rounds[{number}] holds a bad action (a seat is 0, 1, 2 or 3)")
    try:
        return seat, Action.from_json(entry[1:])
    except (TypeError, ValueError, IndexError, RecursionError) as error:
        detail = error if not isinstance(error, RecursionError) else "nested too deeply"
        raise SavedRoundError(f"rounds[{number}] holds a bad action ({str(detail)[:120]})") from error


def file_stem(name: str) -> str:
    """A file name for a learner's or class's exact ``name``, never shared by two names.

    A name that is already a plain lower-case file name (letters, digits, ``_ . -``) is used as it is;
    any other gets a short hash of the exact name after a ``+`` (which no plain name holds), so "a b"
    and "a_b", or "Ann" and "ann" on a case-blind disk, keep their own files.
    """
    slug = _UNSAFE.sub("_", name.strip()).strip("._")[:64] or DEFAULT_NAME
    if slug == name and name == name.lower():
        return slug
    digest = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:10]
    return f"{slug.lower()}+{digest}"


def saved_match_path(folder: Path, learner: str, class_name: str = DEFAULT_NAME) -> Path:
    """Where ``learner``'s open match in ``class_name`` is kept.

    The default class: ``<folder>/rounds/<learner>.json`` (so the default learner's file is where the
    first version kept it); any other class: ``<folder>/rounds/<class>/<learner>.json``.
    """
    rounds = folder / "rounds"
    if class_name != DEFAULT_NAME:
        rounds = rounds / file_stem(class_name)
    return rounds / f"{file_stem(learner)}.json"


def load_saved(path: Path) -> SavedMatch | None:
    """The saved match at ``path``; None when there is none.

    Raises ``SavedRoundError`` when the file is damaged (what it holds is not a saved match), and
    ``OSError`` when it cannot be opened at all (the file is left alone: it may be fine).
    """
    try:
        with path.open("rb") as source:
            raw = source.read(MAX_FILE_BYTES + 1)
    except (FileNotFoundError, NotADirectoryError):  # no file (or no rounds folder, a file in its place)
        return None
    if len(raw) > MAX_FILE_BYTES:
        raise SavedRoundError(f"the file is larger than {MAX_FILE_BYTES} bytes", "size")
    try:
        content = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise SavedRoundError(str(error), "encoding") from error
    try:
        data = json.loads(content)
    except RecursionError as error:
        raise SavedRoundError("the file is nested too deeply", "deep") from error
    except json.JSONDecodeError as error:
        raise SavedRoundError(f"not JSON: {error}", "json") from error
    except ValueError as error:  # a number too long for Python's int-string limit
        raise SavedRoundError(str(error), "number") from error
    try:
        return SavedMatch.from_json(data)
    except RecursionError as error:
        raise SavedRoundError("the file is nested too deeply", "deep") from error


def set_aside(path: Path) -> Path:
    """Rename a damaged ``<name>.json`` to ``<name>.damaged-<stamp>.json`` beside it; the new path.

    Never deletes nor overwrites; ``OSError`` passes on when the file cannot be renamed.
    """
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    for attempt in range(100):
        extra = f"-{attempt}" if attempt else ""
        target = path.with_name(f"{path.stem}.damaged-{stamp}{extra}{path.suffix}")
        if target.exists():
            continue
        try:
            os.link(path, target)  # fails, rather than replaces, when the name was taken meanwhile
        except FileExistsError:
            continue
        except OSError:
            if target.exists():
                raise
            os.rename(path, target)  # a file system without hard links
            return target
        path.unlink()
        return target
    raise FileExistsError(f"no free name to set {path.name} aside")


def store_saved(saved: SavedMatch, path: Path) -> None:
    """Write ``saved`` atomically (temporary file renamed over the target); OSError passes on."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as sink:
            json.dump(saved.to_json(), sink, ensure_ascii=False)
        os.replace(temp, path)
    finally:
        Path(temp).unlink(missing_ok=True)


def forget_saved(path: Path) -> None:
    """Remove the saved match (it is finished, or the learner chose a new round)."""
    with contextlib.suppress(OSError):
        path.unlink(missing_ok=True)
