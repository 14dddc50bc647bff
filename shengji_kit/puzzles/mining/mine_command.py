"""``shengji-kit puzzles mine --rounds N --seed S --out DIR``: cut best-play puzzles from bots' rounds.

Shows progress after every round (decisions seen, kept, and how many each rule rejected) and
refuses bad arguments in both languages (exit 2). The bots come from the caller (``run(args,
make_bot)``): the command line hands in the coach's gentle/steady/strong tiers.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ...words import Message
from .decisions import ANY_TRUMP, MAX_CARDS, TIERS, TRUMPS, MakeBot
from .keeping import MARGIN
from .miner import Tally, mine

MOST_ROUNDS = 100_000
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "data" / "mined"


def add_mine(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``mine`` parser to ``puzzles``' sub-subcommands."""
    mine = sub.add_parser(
        "mine",
        help=f"play rounds with bots and keep endgame decisions (at most {MAX_CARDS} cards a hand) "
             "whose best play the exact solver proves clearly best",
    )
    mine.add_argument("--rounds", default="10", help="how many rounds to play (default 10)")
    mine.add_argument("--seed", default="0", help="the seed of the rounds (default 0)")
    mine.add_argument(
        "--out", default=str(DEFAULT_OUT), help="the folder of the set files (default: the bank's data/mined)"
    )
    mine.add_argument("--margin", default=str(MARGIN), help=f"points the best play must gain (default {MARGIN})")
    mine.add_argument(
        "--bots", default=",".join(TIERS),
        help=f"the strengths the seats are drawn from, comma-separated (default {','.join(TIERS)})",
    )
    mine.add_argument(
        "--trump", default=ANY_TRUMP,
        help="steer every round's auction to this trump: any (what the bots declare, the default), "
             "none (no-trump), or a suit S, H, D, C",
    )
    mine.add_argument("--quiet", action="store_true", help="print only the summary")


def refusal(args: argparse.Namespace) -> Message | None:
    """The first bad argument, as a message in the catalogue, or None."""
    rounds = _whole(args.rounds)
    if rounds is None or not 1 <= rounds <= MOST_ROUNDS:
        return Message("mine_bad_rounds", {"most": MOST_ROUNDS, "given": str(args.rounds)[:24]}, "error")
    seed = _whole(args.seed)
    if seed is None or seed < 0:
        return Message("mine_bad_seed", {"given": str(args.seed)[:24]}, "error")
    margin = _whole(args.margin)
    if margin is None or not 5 <= margin <= 100:
        return Message("mine_bad_margin", {"given": str(args.margin)[:24]}, "error")
    if not _tiers(args.bots):
        return Message("mine_bad_bots", {"given": str(args.bots)[:40], "known": ", ".join(TIERS)}, "error")
    if str(args.trump) not in TRUMPS:
        return Message("mine_bad_trump", {"given": str(args.trump)[:24], "known": ", ".join(TRUMPS)}, "error")
    if Path(args.out).exists() and not Path(args.out).is_dir():
        return Message("mine_bad_out", {"path": str(args.out)}, "error")
    return None


def run(args: argparse.Namespace, make_bot: MakeBot) -> int:
    """Mine as asked; 0 when done, 2 for a bad argument."""
    refused = refusal(args)
    if refused is not None:
        for lang in ("en", "zh"):
            print(refused.render(lang), file=sys.stderr)
        return 2
    total = int(args.rounds)
    out = Path(args.out)

    def show(tally: Tally) -> None:
        if not args.quiet:
            print(Message("mine_progress", tally.progress_params(total)).render("en"), flush=True)

    tally, items = mine(
        total, int(args.seed), out, make_bot, _tiers(args.bots), margin=int(args.margin), progress=show,
        trump=str(args.trump),
    )
    if args.quiet:
        print(Message("mine_progress", tally.progress_params(total)).render("en"))
    print(Message("mine_wrote", {"count": len(items), "path": str(out)}).render("en"))
    themes = ", ".join(f"{theme} {count}" for theme, count in tally.themes.most_common())
    presets = ", ".join(f"{preset} {count}" for preset, count in tally.presets.most_common())
    rate = tally.kept / (tally.cpu_seconds / 60) if tally.cpu_seconds else 0.0
    print(f"themes: {themes or '-'}; presets: {presets or '-'}; {rate:.1f} kept per CPU-minute")
    return 0


def _whole(value: object) -> int | None:
    try:
        return int(str(value).strip())
    except ValueError:
        return None


def _tiers(value: str) -> tuple[str, ...]:
    """The named strengths, or () when any name is unknown."""
    names = tuple(name.strip() for name in str(value).split(",") if name.strip())
    return names if names and all(name in TIERS for name in names) else ()
