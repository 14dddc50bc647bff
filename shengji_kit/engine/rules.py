"""Rule presets: ``super_tycoon`` (超级大亨, the default) and ``classic`` (经典拖拉机)."""

from __future__ import annotations

from dataclasses import dataclass

from .errors import RuleError

PRESET_NAMES = ("super_tycoon", "classic")


@dataclass(frozen=True)
class Rules:
    """The switches where the two presets differ (docs/rules.md §4, §7, §8)."""

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

    @staticmethod
    def preset(name: str | None = None) -> Rules:
        """``"super_tycoon"`` (also what ``None`` means) or ``"classic"``."""
        key = "super_tycoon" if name is None else str(name).strip().lower()
        if key not in _PRESETS:
            raise RuleError("bad_rules", {"name": str(name), "known": ", ".join(PRESET_NAMES)})
        return _PRESETS[key]

    def __str__(self) -> str:
        return self.name


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
    ),
}


def resolve_rules(rules: Rules | str | None) -> Rules:
    """Accept a Rules object, a preset name, or None (the default preset)."""
    return rules if isinstance(rules, Rules) else Rules.preset(rules)
