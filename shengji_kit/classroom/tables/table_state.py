"""What is saved of a shared table: its settings, seats, seat claims, the match so far and the round's actions.

A seat's claim is the SHA-256 of its token's secret (never the token itself), so a restarted
server takes back every page that still holds its token and nobody reading the store can act
for a seat. Tables saved before claims, waiting and grace existed read back as started tables
whose learners sit again (their pages hold no token the new server knows).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...game.actions import Action
from .seat_wire import JSONObject

GRACE_SECONDS = 20.0
"""How long a learner's seat waits for its page (no request, no open long poll) before a bot plays for it."""
MIN_GRACE, MAX_GRACE = 0.2, 600.0

Seats = tuple[str | None, str | None, str | None, str | None]


def four(values: Any) -> Seats:
    """Four seats' optional texts from a JSON list (``ValueError`` unless it has exactly four)."""
    items = tuple(None if value is None else str(value) for value in values)
    if len(items) != 4:
        raise ValueError("a table has four seats")
    return (items[0], items[1], items[2], items[3])


@dataclass(frozen=True)
class TableState:
    """A table as the store keeps it (see the module's docstring); ``to_json``/``from_json`` round-trip."""

    table_id: str
    class_name: str
    name: str
    rules: str
    tier: str
    hints: bool
    seed: int
    learners: Seats
    paused: bool
    closed: bool
    round_number: int
    levels: tuple[str, str]
    dealer: int
    laps: tuple[int, int]
    winner: int | None
    actions: tuple[tuple[int, Action], ...]
    claims: Seats = (None, None, None, None)
    """Per seat, the SHA-256 (hex) of its token's secret, or None while nobody holds the seat's token."""
    started: bool = True
    """False while a table opened for learners waits for them: no card is dealt, no bot acts."""
    grace: float = GRACE_SECONDS
    takeover: bool = False
    """Whether a learner may take a bot's seat in the middle of a round (seeing the hand it holds)."""
    left: tuple[int, ...] = ()
    """Seats whose learner left in the middle of this round: a bot plays them to its end, nobody sits there."""
    autostart: bool = False
    """Whether the table starts by itself once every learner the teacher named has sat down."""

    def to_json(self) -> JSONObject:
        return {
            "table_id": self.table_id, "class_name": self.class_name, "name": self.name, "rules": self.rules,
            "tier": self.tier, "hints": self.hints, "seed": self.seed, "learners": list(self.learners),
            "paused": self.paused, "closed": self.closed, "round_number": self.round_number,
            "levels": list(self.levels), "dealer": self.dealer, "laps": list(self.laps), "winner": self.winner,
            "actions": [[seat, *action.to_json()] for seat, action in self.actions],
            "claims": list(self.claims), "started": self.started, "grace": self.grace, "takeover": self.takeover,
            "left": list(self.left), "autostart": self.autostart,
        }

    @staticmethod
    def from_json(data: Any) -> TableState:
        """The inverse of ``to_json`` (raises ``ValueError`` on anything else)."""
        try:
            return TableState(
                str(data["table_id"]), str(data["class_name"]), str(data["name"]), str(data["rules"]),
                str(data["tier"]), bool(data["hints"]), int(data["seed"]), four(data["learners"]),
                bool(data["paused"]), bool(data["closed"]),
                int(data["round_number"]), (str(data["levels"][0]), str(data["levels"][1])), int(data["dealer"]),
                (int(data["laps"][0]), int(data["laps"][1])),
                None if data["winner"] is None else int(data["winner"]),
                tuple((int(entry[0]), Action.from_json(list(entry[1:]))) for entry in data["actions"]),
                four(data.get("claims", [None] * 4)), bool(data.get("started", True)),
                min(max(float(data.get("grace", GRACE_SECONDS)), MIN_GRACE), MAX_GRACE),
                bool(data.get("takeover", False)),
                tuple(sorted({int(seat) for seat in data.get("left", ()) if int(seat) in (0, 1, 2, 3)})),
                bool(data.get("autostart", False)),
            )
        except (KeyError, TypeError, IndexError, AttributeError) as error:
            raise ValueError(f"not a saved table: {error}") from error
