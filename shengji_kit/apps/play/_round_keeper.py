"""The play app's hook for saved rounds: keep the open match after every move, offer to resume it.

The data and its rebuilding live in ``game/saved_round.py``; this module decides when to save
(after every move of the learner's, once the learner has chosen between the saved round and a
new one), what the offer says, and what the page is told when a saved round cannot be read
(it is set aside, never deleted) or a round cannot be saved. Each learner of each class has a
file of their own in the data folder, next to the trainer's progress.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ...data_folder import data_dir
from ...game.match import Match
from ...game.round import Round
from ...game.saved_round import (
    DEFAULT_BOTS,
    DEFAULT_NAME,
    RoundActions,
    SavedMatch,
    SavedRoundError,
    forget_saved,
    load_saved,
    saved_match_path,
    set_aside,
    store_saved,
)
from ...words import Message
from ...words.catalogue import text

RESUME, DECLINE = "resume", "resume-new"
LEARNER = 0


def learner_moved(finished: list[RoundActions], current: Round) -> bool:
    """Whether the match holds anything the learner did (a finished round, or a move in this one)."""
    return bool(finished) or any(seat == LEARNER for seat, _ in current.actions)


def why(error: OSError) -> str:
    """An OS error in a few words: its reason and the file it concerns."""
    reason = error.strerror or type(error).__name__
    return f"{reason}: {error.filename}" if error.filename else reason


@dataclass
class RoundKeeper:
    """Saves one learner's open match to ``path``; holds the offer of a saved round until answered."""

    path: Path
    offer: SavedMatch | None = None
    problem: Message | None = None
    """Why the saved round could not be offered (set aside, or left untouched), shown above the table."""
    resumed: bool = False
    offer_trick: int = 0
    """The trick the offered round stands at (0: before the first lead)."""
    offer_cards: int = 0
    """How many cards the learner (South) still holds in the offered round."""
    save_error: str = ""
    """Why the last save failed ("" while saving works); the page says the round is not being saved."""
    _untouchable: bool = field(default=False, repr=False)
    """A file that could not be read nor set aside: it is never written over."""

    @classmethod
    def for_learner(
        cls, learner: str = DEFAULT_NAME, folder: Path | None = None, class_name: str = DEFAULT_NAME
    ) -> RoundKeeper:
        """The keeper of ``learner``'s file in ``class_name``; a saved open round becomes the offer."""
        keeper = cls(saved_match_path(folder or data_dir(), learner, class_name))
        keeper._read()
        return keeper

    def _read(self) -> None:
        try:
            saved = load_saved(self.path)
            if saved is None or not saved.open_round:
                return
            _, rnd = saved.rebuild()
        except OSError as error:  # the file cannot be opened: it may be fine, so it is left alone
            self.problem = Message("round_save_unreadable", {"error": why(error)}, "error")
            self._untouchable = True
        except SavedRoundError as error:
            self._set_aside(error.reason)
        except Exception:  # whatever the file holds, the page must open
            self._set_aside("shape")
        else:
            if rnd.result is None:
                self.offer = saved
                self.offer_trick = rnd.tricks_played + 1 if rnd.phase == "play" else 0
                self.offer_cards = len(rnd.view(0).hand)

    def _set_aside(self, reason: str) -> None:
        """Rename the damaged file out of the way and say so (or, if it cannot be moved, leave it be)."""
        reason_text = Message(f"round_save_reason_{reason}")
        try:
            moved = set_aside(self.path)
        except FileNotFoundError:
            return  # another page of this learner set it aside a moment ago (and says so)
        except OSError as error:
            self.problem = Message("round_save_stuck", {"reason": reason_text, "error": why(error)}, "error")
            self._untouchable = True
        else:
            self.problem = Message("round_save_set_aside", {"reason": reason_text, "file": moved.name}, "error")

    @property
    def saving(self) -> bool:
        """Whether moves are being saved (False when the last save failed or the file is left untouched)."""
        return not self.save_error and not self._untouchable

    def keep(self, match: Match, finished: list[RoundActions], current: Round, bots: str = DEFAULT_BOTS) -> None:
        """Save the match and its opponents' tier ``bots`` after a move (not while the offer is unanswered,
        nor before the learner moved)."""
        if self.offer is not None or self._untouchable:
            return
        try:
            if match.over:
                forget_saved(self.path)
            elif learner_moved(finished, current):
                store_saved(SavedMatch.of(match, finished, current, bots), self.path)
            else:
                return
        except OSError as error:
            self.save_error = why(error)  # the page says so; every later move tries again
        else:
            self.save_error = ""

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
            return text("resume_offer_bidding", lang)
        return text("resume_offer", lang, trick=self.offer_trick, cards=self.offer_cards)

    def saving_note(self) -> Message | None:
        """The page's note while saves fail (None while they work or ``problem`` already says so)."""
        if not self.save_error or self._untouchable:
            return None
        return Message("round_save_failing", {"error": self.save_error}, "error")
