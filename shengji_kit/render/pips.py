"""Suit symbols ♠ ♥ ♣ ♦ and the joker emblem drawn as SVG shapes (no fonts involved)."""

from __future__ import annotations

from markupsafe import Markup

RED = "#c8102e"
BLACK = "#161616"
GOLD = "#d9a400"
BLUE = "#1f5fbf"

# Each symbol is drawn in a box from -1 to 1 on both axes, centred on the origin.
_HEART = (
    "M0,0.92 C-0.12,0.76 -1,0.22 -1,-0.36 C-1,-0.88 -0.34,-1.08 0,-0.56 "
    "C0.34,-1.08 1,-0.88 1,-0.36 C1,0.22 0.12,0.76 0,0.92 Z"
)
_DIAMOND = "M0,-1 L0.74,0 L0,1 L-0.74,0 Z"
_SPADE = (
    "M0,-1 C0.14,-0.78 1,-0.3 1,0.2 C1,0.72 0.42,0.86 0.09,0.46 L0.32,1 L-0.32,1 "
    "L-0.09,0.46 C-0.42,0.86 -1,0.72 -1,0.2 C-1,-0.3 -0.14,-0.78 0,-1 Z"
)
_CLUB_STEM = "M-0.1,0.05 L-0.34,1 L0.34,1 L0.1,0.05 Z"
_CLUB_LOBES = ((0.0, -0.5), (-0.5, 0.14), (0.5, 0.14))
_STAR = (
    "M0,-1 L0.24,-0.33 L0.95,-0.31 L0.38,0.12 L0.59,0.81 L0,0.4 "
    "L-0.59,0.81 L-0.38,0.12 L-0.95,-0.31 L-0.24,-0.33 Z"
)


def suit_colour(suit: str) -> str:
    """Red for ♥ ♦, black for ♠ ♣."""
    return RED if suit in ("H", "D") else BLACK


def _place(x: float, y: float, size: float, flip: bool) -> Markup:
    scale = size / 2
    rotate = " rotate(180)" if flip else ""
    return Markup('transform="translate({x:g},{y:g}){rotate} scale({scale:g})"').format(
        x=x, y=y, rotate=rotate, scale=scale
    )


def pip(suit: str, x: float, y: float, size: float, colour: str | None = None, flip: bool = False) -> Markup:
    """The symbol of ``suit`` (S/H/C/D) centred on (x, y), ``size`` wide, as an SVG group."""
    fill = colour or suit_colour(suit)
    place = _place(x, y, size, flip)
    if suit == "H":
        return Markup('<path {place} d="{_HEART}" fill="{fill}"/>').format(
            place=place, _HEART=_HEART, fill=fill
        )
    if suit == "D":
        return Markup('<path {place} d="{_DIAMOND}" fill="{fill}"/>').format(
            place=place, _DIAMOND=_DIAMOND, fill=fill
        )
    if suit == "S":
        return Markup('<path {place} d="{_SPADE}" fill="{fill}"/>').format(
            place=place, _SPADE=_SPADE, fill=fill
        )
    if suit == "C":
        lobes = Markup("").join(
            Markup('<circle cx="{cx:g}" cy="{cy:g}" r="0.42"/>').format(cx=cx, cy=cy) for cx, cy in _CLUB_LOBES
        )
        return Markup('<g {place} fill="{fill}">{lobes}<path d="{_CLUB_STEM}"/></g>').format(
            place=place, fill=fill, lobes=lobes, _CLUB_STEM=_CLUB_STEM
        )
    raise ValueError(f"not a suit: {suit!r}")


def joker_emblem(big: bool, x: float, y: float, size: float) -> Markup:
    """A jester's star: gold and red for the big joker 大王, black for the little joker 小王."""
    place = _place(x, y, size, False)
    if big:
        return Markup(
            '<g {place}><circle r="1" fill="{RED}"/>'
            '<path d="{_STAR}" transform="scale(0.86)" fill="{GOLD}" stroke="{BLUE}" stroke-width="0.06"/></g>'
        ).format(place=place, RED=RED, _STAR=_STAR, GOLD=GOLD, BLUE=BLUE)
    return Markup(
        '<g {place}><circle r="1" fill="none" stroke="{BLACK}" stroke-width="0.1"/>'
        '<path d="{_STAR}" transform="scale(0.86)" fill="{BLACK}"/></g>'
    ).format(place=place, BLACK=BLACK, _STAR=_STAR)
