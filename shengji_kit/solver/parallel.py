"""The root of a big search split over two processes: each takes half of the first leads.

After the first MTD(f) test, the mover's distinct first leads are dealt alternately to this
process and a forked child, which inherits the searcher and its table. Each side finds the exact
value of its own leads (the best of them), which of its leads reach that value, and an optimal
line after the first of those. The position's value is the better side's; its best leads are
those of the side(s) with that value, and the line starts with the first of them in lead order,
as the single-process search would give. Any failure of the child (no fork, a crash, an
exception) makes this process search the child's leads itself, so the answer never depends on
the second process; the child never outlives the call.
"""

from __future__ import annotations

import multiprocessing
import warnings
from multiprocessing.connection import Connection
from typing import Any

from .moves import Hands, Play
from .search import INFINITY, NO_KEY, Searcher
from .solution import Trick

Kind = tuple[int, ...]
GroupResult = tuple[int, list[Play], Play, tuple[Trick, ...], int]
"""A side's value, its best leads, the first of its merged leads that reaches it, its line, its nodes."""
JOIN_SECONDS = 5.0


def split_root(
    searcher: Searcher, hands: Hands, leader: int, guess: int
) -> tuple[int, list[Play], tuple[Trick, ...]] | None:
    """Value, best leads and line with the first leads split over two processes (None: not worth it)."""
    from .solve import lead_kind

    classes = searcher.classes(hands)
    merged = searcher.leads(hands, leader, classes)
    if len(merged) < 2:
        return None
    entry = searcher.table.get((searcher.boundary(hands)[0], leader))
    hint = entry[2] if entry is not None else None
    ordered = sorted(merged, key=lambda lead: lead != hint)  # stable: the best lead so far first
    mine = [lead_kind(lead, classes, leader) for lead in ordered[0::2]]
    theirs = [lead_kind(lead, classes, leader) for lead in ordered[1::2]]
    results: list[GroupResult] = []
    process: Any = None
    receiver: Connection | None = None
    try:
        try:
            context = multiprocessing.get_context("fork")
            receiver, sender = context.Pipe(duplex=False)
            process = context.Process(
                target=_child, args=(sender, searcher, hands, leader, theirs, guess), daemon=True
            )
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)  # fork() in a threaded process
                process.start()
            sender.close()
        except Exception:
            process = None
        results.append(solve_group(searcher, hands, leader, mine, guess))
        child: GroupResult | None = None
        if process is not None and receiver is not None:
            try:
                status, payload = receiver.recv()
                if status == "ok":
                    child = payload
                    searcher.nodes += child[4]
            except Exception:
                child = None
        if child is None:
            child = solve_group(searcher, hands, leader, theirs, guess)
        results.append(child)
    finally:
        if receiver is not None:
            receiver.close()
        if process is not None:
            process.join(JOIN_SECONDS)
            if process.is_alive():
                process.kill()
                process.join()
    maximising = searcher.attacker[leader]
    value = max(r[0] for r in results) if maximising else min(r[0] for r in results)
    winners = [r for r in results if r[0] == value]
    position = {lead: n for n, lead in enumerate(merged)}
    first = min(winners, key=lambda r: position[r[2]])
    leads = set().union(*(r[1] for r in winners))
    every = [lead for lead in searcher.leads(hands, leader, None) if lead in leads]
    return value, every, first[3]


def _child(
    sender: Connection, searcher: Searcher, hands: Hands, leader: int, kinds: list[Kind], guess: int
) -> None:
    """The forked side: search its leads and send the result (or the failure) back."""
    try:
        nodes = searcher.nodes
        value, leads, first, line, _ = solve_group(searcher, hands, leader, kinds, guess)
        sender.send(("ok", (value, leads, first, line, searcher.nodes - nodes)))
    except BaseException as error:  # noqa: BLE001 - any failure goes back to the parent
        try:
            sender.send(("error", repr(error)))
        except Exception:
            pass
    finally:
        sender.close()


def solve_group(searcher: Searcher, hands: Hands, leader: int, kinds: list[Kind], guess: int) -> GroupResult:
    """The exact value of the best lead among ``kinds``, those of them that reach it, and a line."""
    from .solve import best_leads, lead_kind, mtd, optimal_line

    nodes = searcher.nodes
    classes = searcher.classes(hands)
    wanted = set(kinds)
    merged = [lead for lead in searcher.leads(hands, leader, classes) if lead_kind(lead, classes, leader) in wanted]
    by_kind = {lead_kind(lead, classes, leader): lead for lead in merged}
    order = [by_kind[kind] for kind in kinds]  # the caller's order: the best lead so far first
    maximising = searcher.attacker[leader]

    def test(alpha: int, beta: int) -> int:
        best = -INFINITY if maximising else INFINITY
        for lead in order:
            got = searcher.after_play(hands, leader, (), 0, NO_KEY, lead, alpha, beta, classes)
            if maximising:
                if got > best:
                    best = got
                    if best >= beta:
                        break
            elif got < best:
                best = got
                if best <= alpha:
                    break
        return best

    value = mtd(test, guess)
    leads = best_leads(searcher, hands, leader, value, wanted)
    chosen = {lead_kind(lead, classes, leader) for lead in leads}
    first = next(lead for lead in merged if lead_kind(lead, classes, leader) in chosen)
    line = optimal_line(searcher, hands, leader, value, first)
    return value, leads, first, line, searcher.nodes - nodes
