"""Rule presets: ``super_tycoon`` (超级大亨, the default) and ``classic`` (经典拖拉机)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from .errors import RuleError

PRESET_NAMES = ("super_tycoon", "classic")

KITTY_SCHEMES = ("by_shape", "per_card", "doubling")
MANDATORY_LEVEL_CHOICES = ("none", "10_K", "5_10_K", "5_10_K_A")
MANDATORY_LEVELS: dict[str, frozenset[str]] = {
    "none": frozenset(),
    "10_K": frozenset({"10", "K"}),
    "5_10_K": frozenset({"5", "10", "K"}),
    "5_10_K_A": frozenset({"5", "10", "K", "A"}),
}
OVERTURN_ORDERS = ("jokers_ranked", "jokers_equal", "more_cards")
NO_DECLARATION_CHOICES = ("kitty_card", "redeal", "dealer_choice")
DECK_SIZE = 108


@dataclass(frozen=True)
class Rules:
    """The switches where the two presets differ (docs/rules.md §4, §7, §8), then the house switches
    (docs/house-rules.md), each defaulting to what the kit did before it existed."""

    name: str
    throw_check_opponents_only: bool
    throw_penalty: float
    """The thrower's team pays this many base stakes for a failed throw."""
    tractor_kitty_scales: bool
    """Tractor kitty multiplier is 4·k (super_tycoon) rather than a flat 4 (classic)."""
    max_attacker_levels: int
    wrap_after_ace: bool
    declare_needs_joker: bool
    overturn_needs_joker: bool
    redeal_allowed: bool
    kitty_exchange: bool
    """Later-round overturns take and re-bury the kitty (反主炒底)."""
    match_points: bool
    # --- house switches: the kitty, levels and declaring (docs/house-rules.md) ---
    kitty_scheme: str = field(default="by_shape", metadata={"choices": KITTY_SCHEMES})
    """The kitty multiplier: by the largest component's shape, ×2 per card led, or 2^(largest component's cards)."""
    kitty_size: int = field(default=8, metadata={"range": (4, 12)})
    """Cards in the kitty; each hand gets (108 − kitty_size) / 4 (so a multiple of 4)."""
    kitty_shown_at_end: bool = True
    """The kitty is turned up for all at the end; False: only when the attackers capture it."""
    level_step: int = field(default=40, metadata={"choices": (40, 20)})
    """Points per level in the score table (pivot 80; the defenders gain at most 3)."""
    attacker_levels_capped: bool = True
    """The attackers gain at most ``max_attacker_levels``; False: no cap."""
    mandatory_levels: str = field(default="none", metadata={"choices": MANDATORY_LEVEL_CHOICES})
    """Levels a climb may not pass over (必打): it stops there; a team already on one climbs on."""
    overturn_order: str = field(default="jokers_ranked", metadata={"choices": OVERTURN_ORDERS})
    """big-joker pair > little-joker pair > level pair; joker pairs equal; or only more cards beat fewer."""
    lock_allowed: bool = True
    """A pair of level cards may be declared (定主); False: declarations show one level card."""
    redeal_below: int = field(default=15, metadata={"range": (5, 60)})
    """With ``redeal_allowed``, an attacker holding fewer points than this may ask for a redeal (暴动)."""
    no_declaration: str = field(default="kitty_card", metadata={"choices": NO_DECLARATION_CHOICES})
    """Rounds 2+ when nobody declares: the kitty's third card decides, the cards are dealt again, or the
    scheduled dealer names the trump by showing a card of that suit (a joker: no-trump)."""

    def __post_init__(self) -> None:
        """Refuse impossible combinations and values outside a field's choices or range."""
        check_house_switches(self)

    @staticmethod
    def preset(name: str | None = None) -> Rules:
        """``"super_tycoon"`` (also what ``None`` means) or ``"classic"``."""
        key = "super_tycoon" if name is None else str(name).strip().lower()
        if key not in _PRESETS:
            raise RuleError("bad_rules", {"name": str(name), "known": ", ".join(PRESET_NAMES)})
        return _PRESETS[key]

    def __str__(self) -> str:
        return self.name


def hand_size(rules: Rules) -> int:
    """Cards dealt to each seat: (108 − kitty) / 4 (25 with the usual 8-card kitty)."""
    return (DECK_SIZE - rules.kitty_size) // 4


def check_house_switches(rules: Rules) -> None:
    """``RuleError`` for a house switch outside its choices or range, or a kitty that leaves uneven hands."""
    for item in fields(rules):
        value = getattr(rules, item.name)
        choices = item.metadata.get("choices")
        low_high = item.metadata.get("range")
        if choices is not None and value not in choices:
            raise RuleError("house_scoring_bad_choice", {
                "switch": item.name, "value": str(value), "known": ", ".join(map(str, choices)),
            })
        if low_high is not None and (type(value) is not int or not low_high[0] <= value <= low_high[1]):
            raise RuleError("house_scoring_bad_range", {
                "switch": item.name, "value": str(value), "low": low_high[0], "high": low_high[1],
            })
    if (DECK_SIZE - rules.kitty_size) % 4:
        raise RuleError("house_scoring_uneven_hands", {"size": rules.kitty_size, "rest": DECK_SIZE - rules.kitty_size})


_PRESETS = {
    "super_tycoon": Rules(
        name="super_tycoon",
        throw_check_opponents_only=False,
        throw_penalty=0.5,
        tractor_kitty_scales=True,
        max_attacker_levels=6,
        wrap_after_ace=True,
        declare_needs_joker=True,
        overturn_needs_joker=True,
        redeal_allowed=True,
        kitty_exchange=True,
        match_points=False,
    ),
    "classic": Rules(
        name="classic",
        throw_check_opponents_only=True,
        throw_penalty=0.0,
        tractor_kitty_scales=False,
        max_attacker_levels=3,
        wrap_after_ace=False,
        declare_needs_joker=False,
        overturn_needs_joker=False,
        redeal_allowed=False,
        kitty_exchange=False,
        match_points=True,
        mandatory_levels="10_K",
    ),
}


def resolve_rules(rules: Rules | str | None) -> Rules:
    """Accept a Rules object, a preset name, or None (the default preset)."""
    return rules if isinstance(rules, Rules) else Rules.preset(rules)

