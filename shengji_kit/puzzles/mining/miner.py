"""``mine(...)``: play seeded rounds, judge every small endgame decision, write the kept ones.

Each kept verdict is written as a ``best_play`` item, read back by the bank's own reader and
re-proved by its ``verify`` before it is written (``check`` counts any that fail, which would be
a bug). Items are appended to ``out/mined-<theme or preset>.toml`` after every round, so a long run
keeps what it found; an item whose twin is already in ``out`` (by its id) is not written again.
"""

from __future__ import annotations

import time
import tomllib
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ...game.bots.rule import RuleBot
from ...game.input_checks import read_toml
from ..check import verify_puzzle
from ..loader import read_puzzle
from .decisions import ANY_TRUMP, MAX_CARDS, TIERS, MakeBot, plan_rounds, round_decisions
from .keeping import MARGIN, REJECTIONS, judge
from .mined_toml import MinedItem, append_items, item_id, mined_item
from .twins import twin_key


@dataclass
class Tally:
    """What a run saw: decisions judged, kept, rejected by each rule, themes, CPU seconds."""

    rounds: int = 0
    seen: int = 0
    kept: int = 0
    rejected: Counter[str] = field(default_factory=Counter)
    themes: Counter[str] = field(default_factory=Counter)
    presets: Counter[str] = field(default_factory=Counter)
    cpu_seconds: float = 0.0

    def share(self, rule: str) -> float:
        """The share of decisions seen that ``rule`` rejected."""
        return self.rejected[rule] / self.seen if self.seen else 0.0

    def progress_params(self, total: int) -> dict[str, object]:
        params: dict[str, object] = {"rounds": self.rounds, "total": total, "seen": self.seen, "kept": self.kept}
        params.update({rule: self.rejected[rule] for rule in REJECTIONS})
        return params


def steady_bots(tier: str, seed: int) -> RuleBot:
    """The default bots below the coach's floor: every seat the rule bot (``steady``)."""
    return RuleBot(seed)


def known_ids(folder: Path) -> set[str]:
    """The ids already written in ``folder``'s set files."""
    found: set[str] = set()
    for path in sorted(folder.glob("*.toml")) if folder.is_dir() else []:
        try:
            data = read_toml(path)
        except (OSError, ValueError, tomllib.TOMLDecodeError):
            continue
        found.update(str(raw.get("id")) for raw in data.get("puzzle", []) if isinstance(raw, dict))
    return found


def checked(item: MinedItem, folder: Path) -> bool:
    """Does the item read back as a puzzle and pass ``puzzles check``'s verification?"""
    raw = tomllib.loads(item.text)["puzzle"][0]
    puzzle = read_puzzle(raw, item.file, str(folder / f"{item.file}.toml"), folder)
    return not verify_puzzle(puzzle)


def mine(
    rounds: int,
    seed: int,
    out: Path | None,
    make_bot: MakeBot = steady_bots,
    tiers: Sequence[str] = TIERS,
    margin: int = MARGIN,
    max_cards: int = MAX_CARDS,
    progress: Callable[[Tally], None] | None = None,
    trump: str = ANY_TRUMP,
) -> tuple[Tally, list[MinedItem]]:
    """Mine ``rounds`` seeded rounds; write kept items to ``out`` (None: only return them).

    ``trump`` (``any``, ``none`` or a suit letter) steers every round's auction to that trump.
    """
    tally = Tally()
    items: list[MinedItem] = []
    ids = known_ids(out) if out is not None else set()
    started = time.process_time()
    for plan in plan_rounds(rounds, seed, tiers, trump):
        found: list[MinedItem] = []
        for decision in round_decisions(plan, make_bot, max_cards):
            tally.seen += 1
            verdict = judge(decision, margin)
            if verdict.rejected is not None:
                tally.rejected[verdict.rejected] += 1
                continue
            key = twin_key(decision)
            if item_id(key) in ids:
                tally.rejected["twin"] += 1
                continue
            item = mined_item(verdict, key)
            if not checked(item, out or Path(".")):
                tally.rejected["check"] += 1
                continue
            ids.add(item.id)
            found.append(item)
            tally.kept += 1
            tally.themes.update(item.themes or ("none",))
            tally.presets[plan.preset] += 1
        if out is not None and found:
            append_items(out, found)
        items.extend(found)
        tally.rounds += 1
        tally.cpu_seconds = time.process_time() - started
        if progress is not None:
            progress(tally)
    return tally, items
