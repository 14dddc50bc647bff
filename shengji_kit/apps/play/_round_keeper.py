"""The play app's hook for saved rounds: keep the open match after every move, offer to resume it.

The data and its rebuilding live in ``game/saved_round.py``; this module decides when to save
(after every change, once the learner has chosen between the saved round and a new one) and
what the offer says. The file sits in the learner's data folder next to the trainer's progress.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ...data_folder import data_dir
from ...game.match import Match
from ...game.round import Round
from ...game.saved_round import (
    RoundActions,
    SavedMatch,
    SavedRoundError,
    forget_saved,
    load_saved,
    saved_match_path,
    store_saved,
)
from ...practice.event_log import DEFAULT_LEARNER, learner_slug
from ...words.catalogue import text

RESUME, DECLINE = "resume", "resume-new"


@dataclass
class RoundKeeper:
    """Saves one learner's open match to ``path``; holds the offer of a saved round until answered."""

    path: Path
    offer: SavedMatch | None = None
    problem: str = ""
    """Why the saved round could not be offered (a damaged file), shown once."""
    resumed: bool = False
    offer_trick: int = 0
    """The trick the offered round stands at (0: before the first lead)."""
    _broken: bool = field(default=False, repr=False)

    @classmethod
    def for_learner(cls, learner: str = DEFAULT_LEARNER, folder: Path | None = None) -> RoundKeeper:
        """The keeper of ``learner``'s file; a saved open round becomes the offer."""
        keeper = cls(saved_match_path(folder or data_dir(), learner_slug(learner)))
        try:
            saved = load_saved(keeper.path)
        except SavedRoundError as error:
            keeper.problem = str(error)
            saved = None
        if saved is not None and saved.open_round:
            try:
                _, rnd = saved.rebuild()
            except SavedRoundError as error:
                keeper.problem = str(error)
            else:
                keeper.offer = saved if rnd.result is None else None
                keeper.offer_trick = rnd.tricks_played + 1 if rnd.phase == "play" else 0
        return keeper

    def keep(self, match: Match, finished: list[RoundActions], current: Round) -> None:
        """Save the match after a move (not while the learner has not answered the offer)."""
        if self.offer is not None or self._broken:
            return
        if match.over:
            forget_saved(self.path)
            return
        try:
            store_saved(SavedMatch.of(match, finished, current), self.path)
        except OSError:
            self._broken = True  # the folder cannot be written: play on without saving

    def take_offer(self) -> tuple[Match, Round, list[RoundActions]] | None:
        """Accept the offer: the rebuilt match, its open round, and its finished rounds' actions."""
        offer, self.offer = self.offer, None
        if offer is None:
            return None
        match, rnd = offer.rebuild()
        self.resumed = True
        return match, rnd, list(offer.rounds[:-1])

    def decline(self) -> None:
        """The learner chose a new round: the saved one is replaced by the next save."""
        self.offer = None
        self.resumed = False

    def offer_text(self, lang: str) -> str:
        """The question shown with the two buttons ("" when there is nothing to offer)."""
        if self.offer is None:
            return ""
        if not self.offer_trick:
            return text("resume_offer_bidding", lang, seed=self.offer.seed)
        return text("resume_offer", lang, trick=self.offer_trick, seed=self.offer.seed)
