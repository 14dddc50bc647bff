"""The play app's log and status lines write every card as the kit writes cards (issue 38, item 18)."""

from __future__ import annotations

from widgets.helpers import take_turn

from shengji_kit.apps.play.play_app import PlayApp, play_app
from shengji_kit.game.bots import RuleBot
from shengji_kit.words.catalogue import LANGUAGES
from tests.words.test_card_words import raw_codes, visible_text


def test_the_play_app_log_and_status_show_no_raw_code_over_a_whole_round() -> None:
    widget = play_app(seed=5, delay=0)
    app: PlayApp = widget.scene  # type: ignore[assignment]
    chooser = RuleBot(11)
    seen: list[str] = []
    for _ in range(200):
        for lang in LANGUAGES:
            page = visible_text(app.render(lang))
            seen += [f"{lang}: {code} in …{page[max(0, page.find(code) - 60):page.find(code) + 20]!r}"
                     for code in raw_codes(page)]
        if app.controller.round.result is not None:
            break
        take_turn(app.controller, chooser, app.handle)
    assert app.controller.round.result is not None, "the round did not end"
    assert not seen, "\n".join(sorted(set(seen))[:20])
