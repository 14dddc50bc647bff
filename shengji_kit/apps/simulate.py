"""``shengji-kit simulate``: play seeded rounds between bots as a match and summarise them.

``shengji-kit simulate --rounds N --seed S [--rules classic] [--bots rule,random] [--records DIR] [--json]``
``--bots`` names the bot of team 0 (seats 0, 2) and team 1 (seats 1, 3); one name sets both.
A ``classic`` match that ends (a team at A defended) is followed by a fresh one, so N rounds are
always played. The same arguments always give the same rounds.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import TextIO

from ..coach.search_bot import SearchBot
from ..engine.errors import RuleError
from ..engine.rules import Rules
from ..game.bots import Bot, RandomBot, play_round
from ..game.bots.rule import RuleBot
from ..game.deal import derived_seed
from ..game.house_file import load_rules
from ..game.match import Match
from ..game.record import save
from ..game.result import RoundResult
from ..game.round import Round
from ..game.stats import Tally
from ..words import LANGUAGES, text

BOTS = ("random", "rule", "search")


def make_bot(name: str, seed: int) -> Bot:
    """A bot by name (``random``, ``rule`` or ``search``)."""
    if name == "random":
        return RandomBot(seed)
    if name == "rule":
        return RuleBot(seed)
    if name == "search":
        return SearchBot(seed)
    raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(BOTS)}")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rounds", type=int, default=100, help="how many rounds to play (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    parser.add_argument(
        "--rules", default="super_tycoon", help="super_tycoon, classic, or a house-rules file (docs/house-rules.md)"
    )
    parser.add_argument("--bots", default="rule,random", help="team 0's and team 1's bot: rule, random or search")
    parser.add_argument("--records", type=records_folder, default=None, help="write one JSON record per round here")
    parser.add_argument("--json", action="store_true", help="print one JSON summary line per round")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def bilingual_error(error: RuleError) -> str:
    """A refusal in every language, joined by `` · ``."""
    return " · ".join(error.message(lang) for lang in LANGUAGES)


def bilingual(code: str, /, **params: object) -> str:
    """The catalogue text ``code`` in every language, joined by `` · `` (the command has no language option)."""
    return " · ".join(text(code, lang, **params) for lang in LANGUAGES)


def records_folder(value: str) -> Path:
    """``--records``: a folder name; an empty one is refused (``Path("")`` is the current folder)."""
    if not value.strip():
        raise argparse.ArgumentTypeError(bilingual("serving_records_empty"))
    return Path(value)


def team_bots(spec: str) -> tuple[str, str]:
    """``--bots``: one name (both teams) or two separated by a comma; an empty name (``rule,``) is refused."""
    names = [name.strip() for name in spec.split(",")]
    if len(names) == 1:
        names *= 2
    if len(names) != 2 or any(name not in BOTS for name in names):
        raise ValueError(bilingual("serving_bots_bad", known=", ".join(BOTS), given=repr(spec)))
    return names[0], names[1]


class Progress:
    """A one-line progress bar on a stream (stderr), redrawn at most five times a second."""

    def __init__(self, total: int, stream: TextIO, enabled: bool) -> None:
        self.total = max(total, 1)
        self.stream = stream
        self.enabled = enabled
        self.start = time.perf_counter()
        self.drawn = 0.0

    def update(self, done: int, force: bool = False) -> None:
        now = time.perf_counter()
        if not self.enabled or (not force and now - self.drawn < 0.2):
            return
        self.drawn = now
        width = 30
        filled = round(width * done / self.total)
        speed = done / max(now - self.start, 1e-9)
        self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} {speed:.0f} rounds/s")
        if done >= self.total:
            self.stream.write("\n")
        self.stream.flush()


def round_line(index: int, rnd: Round, result: RoundResult) -> dict[str, object]:
    """The ``--json`` summary of one round."""
    trump = rnd.trump
    return {
        "round": index,
        "seed": rnd.seed,
        "round_number": rnd.round_number,
        "deal_number": rnd.deal_number,
        "dealer": result.dealer,
        "level": trump.level if trump else None,
        "trump": trump.suit if trump else None,
        "attackers": result.attackers,
        "attackers_points": result.attackers_points,
        "kitty_points": result.kitty_points,
        "kitty_multiplier": result.kitty_multiplier,
        "total": result.total,
        "outcome": {
            "side": result.outcome.side, "levels": result.outcome.levels, "deal_passes": result.outcome.deal_passes
        },
        "next_dealer": result.next_dealer,
        "levels_after": list(result.levels_after),
        "failed_throws": list(result.failed_throws),
        "penalty_points": result.penalty_points,
    }


def simulate(
    rounds: int, seed: int, rules: Rules | str, bots: tuple[str, str],
    records: Path | None = None, json_out: TextIO | None = None, progress: Progress | None = None,
    tally: Tally | None = None,
) -> Tally:
    """Play ``rounds`` rounds as a match (or matches) and tally them (into ``tally`` when given,
    so a caller interrupted half-way still has the rounds played so far)."""
    players = [make_bot(bots[seat % 2], derived_seed(seed, -1 - seat)) for seat in range(4)]
    rules = load_rules(rules)
    match = Match(seed, rules)
    matches = 1
    tally = Tally() if tally is None else tally
    for index in range(1, rounds + 1):
        if match.over:
            match = Match(derived_seed(seed, -100 - matches), rules)
            matches += 1
        rnd = match.new_round()
        play_round(rnd, players)
        result = match.finish(rnd)
        tally.add(result, rnd.deal_number)
        if records is not None:
            save(rnd.record(), records / f"round-{index:05d}.json")
        if json_out is not None:
            json_out.write(json.dumps(round_line(index, rnd, result)) + "\n")
        if progress is not None:
            progress.update(index, force=index == rounds)
    return tally


def records_problem(folder: Path) -> str | None:
    """Why round records cannot be written in ``folder`` (created if missing), or None when they can."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as error:
        return f"cannot write round records in {folder}: {error.strerror or error}"
    return None


def run(args: argparse.Namespace) -> int:
    try:
        bots = team_bots(args.bots)
    except ValueError as error:
        print(f"shengji-kit simulate: {error}", file=sys.stderr)
        return 2
    if args.rounds < 1:
        print("shengji-kit simulate: --rounds must be at least 1", file=sys.stderr)
        return 2
    try:
        args.rules = load_rules(args.rules)
    except RuleError as error:
        print(f"shengji-kit simulate: {bilingual_error(error)}", file=sys.stderr)
        return 2
    if args.records is not None and (problem := records_problem(args.records)):
        print(f"shengji-kit simulate: {problem}", file=sys.stderr)
        return 2
    try:
        return _run(args, bots)
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, as command-line tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _run(args: argparse.Namespace, bots: tuple[str, str]) -> int:
    """Play and print the summary; Ctrl+C or a failed record write prints the summary so far."""
    progress = Progress(args.rounds, sys.stderr, enabled=not args.quiet)
    start = time.perf_counter()
    tally = Tally()
    code, stopped = 0, ""
    try:
        simulate(
            args.rounds, args.seed, args.rules, bots, args.records, sys.stdout if args.json else None, progress,
            tally,
        )
    except KeyboardInterrupt:
        code, stopped = 130, f"interrupted after {tally.rounds} of {args.rounds} rounds"
    except RuleError as error:  # a record could not be written after all (the disk filled up …)
        code, stopped = 1, f"{error.message('en')} Stopped after {tally.rounds} of {args.rounds} rounds"
    seconds = time.perf_counter() - start
    names = (f"{bots[0]} bots, seats 0 and 2", f"{bots[1]} bots, seats 1 and 3")
    out = sys.stderr if args.json else sys.stdout
    if stopped:
        print(f"\nshengji-kit simulate: {stopped}.", file=sys.stderr)
    print(f"simulate: {args.rules.name}, seed {args.seed}, bots {bots[0]} (team 0) vs {bots[1]} (team 1)", file=out)
    for line in tally.lines(seconds, names):
        print(line, file=out)
    return code
