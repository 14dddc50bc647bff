"""A learner's open match, saved after every move so a reload or a new tab can resume the round.

Only actions are stored (every round of the match, the last one open): the match is rebuilt by
dealing each round from the match seed and playing its actions again, as ``record.rebuild``
does for one round. The file is ``{"format", "version", "seed", "rules", "rounds": [[[seat, kind,
cards], …], …]}``, written atomically.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.errors import RuleError
from ..engine.rules import PRESET_NAMES
from .actions import Action
from .match import Match
from .round import Round

FORMAT = "shengji-kit/open-match"
VERSION = 1
RoundActions = tuple[tuple[int, Action], ...]


class SavedRoundError(ValueError):
    """The saved match cannot be read or does not replay; the message says why."""


@dataclass(frozen=True)
class SavedMatch:
    """A match as its seed, rules and the actions of each round (the last round may be open)."""

    seed: int
    rules: str
    rounds: tuple[RoundActions, ...]

    @staticmethod
    def of(match: Match, finished: Sequence[RoundActions], current: Round) -> SavedMatch:
        """The saved form of ``match``: the actions of its finished rounds, then the round being played."""
        return SavedMatch(match.seed, match.rules.name, (*finished, tuple(current.actions)))

    @property
    def open_round(self) -> RoundActions:
        return self.rounds[-1] if self.rounds else ()

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "version": VERSION, "seed": self.seed, "rules": self.rules,
            "rounds": [[[seat, *action.to_json()] for seat, action in actions] for actions in self.rounds],
        }

    @staticmethod
    def from_json(data: Any) -> SavedMatch:
        """Read the saved form; ``SavedRoundError`` names what is wrong."""
        if not isinstance(data, Mapping) or data.get("format") != FORMAT or data.get("version") != VERSION:
            raise SavedRoundError(f"not a {FORMAT} version {VERSION} file")
        seed, rules, rounds = data.get("seed"), data.get("rules"), data.get("rounds")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise SavedRoundError("seed must be a whole number")
        if rules not in PRESET_NAMES:
            raise SavedRoundError(f"rules must be one of {', '.join(PRESET_NAMES)}")
        if not isinstance(rounds, list) or not rounds:
            raise SavedRoundError("rounds must be a non-empty list")
        parsed: list[RoundActions] = []
        for number, actions in enumerate(rounds):
            if not isinstance(actions, list):
                raise SavedRoundError(f"rounds[{number}] must be a list")
            try:
                parsed.append(tuple((int(entry[0]), Action.from_json(entry[1:])) for entry in actions))
            except (TypeError, ValueError, IndexError) as error:
                raise SavedRoundError(f"rounds[{number}] holds a bad action ({error})") from error
        return SavedMatch(seed, str(rules), tuple(parsed))

    def rebuild(self) -> tuple[Match, Round]:
        """The match with every finished round booked, and its open round at the saved move."""
        match = Match(self.seed, self.rules)
        for number, actions in enumerate(self.rounds):
            rnd = match.new_round()
            for seat, action in actions:
                try:
                    rnd.act(seat, action)
                except RuleError as error:
                    raise SavedRoundError(f"round {number + 1} does not replay: {error.message('en')}") from error
            if number < len(self.rounds) - 1:
                if rnd.result is None:
                    raise SavedRoundError(f"round {number + 1} is not finished but a later round follows")
                match.finish(rnd)
        return match, rnd


def saved_match_path(folder: Path, learner: str) -> Path:
    """Where ``learner``'s open match is kept: ``<folder>/rounds/<learner>.json``."""
    return folder / "rounds" / f"{learner}.json"


def load_saved(path: Path) -> SavedMatch | None:
    """The saved match at ``path``; None when there is none; ``SavedRoundError`` when it is damaged."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as error:
        raise SavedRoundError(str(error)) from error
    try:
        return SavedMatch.from_json(json.loads(text))
    except ValueError as error:
        raise SavedRoundError(str(error)) from error


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
