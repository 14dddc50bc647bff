"""The opponents' tiers: each plays whole rounds legally, gentle misses at its stated rate, seeded rounds
replay, and an unknown tier is refused in both languages."""

from __future__ import annotations

import pytest

from shengji_kit.coach._sample_playout import Budget
from shengji_kit.coach.bot_tiers import (
    DEFAULT_TIER,
    TIER_NAMES,
    TIERS,
    UnknownTierError,
    bot_factory,
    tier_bots,
    tier_named,
)
from shengji_kit.coach.gentle_bot import MISS_RATE, GentleBot
from shengji_kit.coach.search_bot import SearchBot
from shengji_kit.game.bots import RuleBot, play_round
from shengji_kit.game.deal import derived_seed
from shengji_kit.game.round import Round


def tier_round(name: str, seed: int, rules: str = "super_tycoon") -> Round:
    """A whole round with the tier at every seat (``Round.act`` checks every action against the rules)."""
    rnd = Round.new(seed, rules)
    play_round(rnd, tier_bots(name, seed, range(4)))
    return rnd


def played_out(rnd: Round) -> bool:
    """The round is over with every card played (a throw can make it fewer than 25 tricks)."""
    return rnd.result is not None and all(not rnd.view(seat).hand for seat in range(4))


def test_the_tiers_are_named_for_learners_weakest_first_and_steady_is_the_default() -> None:
    assert TIER_NAMES == ("gentle", "steady", "strong")
    assert DEFAULT_TIER == "steady"
    assert [tier.label("en") for tier in TIERS] == ["Gentle", "Steady", "Strong"]
    assert [tier.label("zh") for tier in TIERS] == ["温和", "稳健", "高手"]
    for tier in TIERS:
        assert tier.description("en") and tier.description("zh") != tier.description("en")
    assert f"{round(MISS_RATE * 100)} times in 100" in tier_named("gentle").description("en")


def test_each_tier_seats_its_own_bot() -> None:
    assert isinstance(tier_named("gentle").make(1), GentleBot)
    assert type(tier_named("steady").make(1)) is RuleBot
    strong = tier_named("strong").make(1)
    assert isinstance(strong, SearchBot) and strong.budget.seconds is not None and strong.budget.seconds < 1.0


@pytest.mark.parametrize("name", ["gentle", "steady"])
@pytest.mark.parametrize("rules", ["super_tycoon", "classic"])
def test_gentle_and_steady_play_whole_rounds_legally(name: str, rules: str) -> None:
    for seed in range(6):
        rnd = tier_round(name, seed, rules)
        assert played_out(rnd)


def test_strong_plays_a_whole_round_legally_against_steady() -> None:
    rnd = Round.new(3, "classic")
    bots = {**tier_bots("steady", 3, (0, 2)), **tier_bots("strong", 3, (1, 3))}
    play_round(rnd, bots)
    assert played_out(rnd)


def test_a_seeded_round_replays_identically_for_gentle_and_steady() -> None:
    for name in ("gentle", "steady"):
        assert tier_round(name, 21).actions == tier_round(name, 21).actions


def test_steady_gives_the_play_apps_former_rule_bots() -> None:
    made = bot_factory("steady")(8)
    assert sorted(made) == [1, 2, 3]
    rnd_tier, rnd_rule = Round.new(8, "super_tycoon"), Round.new(8, "super_tycoon")
    play_round(rnd_tier, tier_bots("steady", 8, range(4)))
    play_round(rnd_rule, [RuleBot(derived_seed(8, seat)) for seat in range(4)])
    assert rnd_tier.actions == rnd_rule.actions


def test_gentle_misses_about_as_often_as_it_says_and_otherwise_plays_as_rule_bot() -> None:
    choices = misses = 0
    departures = 0
    for seed in range(12):
        rnd = Round.new(seed, "super_tycoon")
        gentle = GentleBot(derived_seed(seed, 1))
        bots = {seat: RuleBot(derived_seed(seed, seat)) for seat in (0, 2, 3)} | {1: gentle}
        shadow = RuleBot(derived_seed(seed, 1))  # what RuleBot would have played at gentle's seat
        while rnd.to_act is not None:
            seat = rnd.to_act
            view, actions = rnd.view(seat), rnd.legal_actions(seat)
            action = bots[seat].choose(view, actions)
            if seat == 1 and view.phase == "play":
                departures += shadow.choose(view, actions).cards != action.cards
            rnd.act(seat, action)
        choices += gentle.choices
        misses += gentle.misses
    assert choices > 150
    assert abs(misses / choices - MISS_RATE) < 0.08, (misses, choices)
    assert departures == misses, "every departure from RuleBot's play is a counted miss, and only those"


def test_gentle_never_misses_at_rate_zero_and_refuses_a_rate_beyond_one() -> None:
    rnd = Round.new(5, "classic")
    never = GentleBot(derived_seed(5, 1), miss_rate=0.0)
    play_round(rnd, {0: RuleBot(derived_seed(5, 0)), 1: never, 2: RuleBot(derived_seed(5, 2)),
                     3: RuleBot(derived_seed(5, 3))})
    assert never.choices > 0 and never.misses == 0
    assert rnd.actions == tier_round("steady", 5, "classic").actions
    with pytest.raises(ValueError, match="between 0 and 1"):
        GentleBot(1, miss_rate=1.5)


@pytest.mark.parametrize("given", ["nonsense", "Steady", "", "strong "])
def test_an_unknown_tier_is_refused_with_the_tiers_listed_in_both_languages(given: str) -> None:
    with pytest.raises(UnknownTierError) as refused:
        tier_named(given)
    assert isinstance(refused.value, ValueError) and refused.value.message.code == "tier_unknown"
    english, chinese = refused.value.message.render("en"), refused.value.message.render("zh")
    assert "gentle, steady, strong" in english
    assert all(word in chinese for word in ("温和", "稳健", "高手", "gentle"))
    with pytest.raises(UnknownTierError):
        bot_factory(given)


def test_strong_thinks_with_a_budget_of_its_own() -> None:
    strong = tier_named("strong").make(4)
    assert isinstance(strong, SearchBot)
    assert strong.budget.samples == Budget().samples
