"""The table option `coaches`: the house set, dealing and keeping, secrecy, and every coach's rule.

Each coach's test plays its scenario file in docs/scenarios/coaches/ once with the coach and
once without it (the same file with `coach` and `answers` taken out) and checks the difference.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from stammtisch.engine.challengers.auto import auto_action, best_coach
from stammtisch.engine.challengers.coaches import coach_set
from stammtisch.engine.challengers.coaching import COACH_KEY
from stammtisch.engine.challengers.game import GAME
from stammtisch.engine.challengers.scenario import build, play, run_scenario
from stammtisch.engine.challengers.state import COACH, State
from stammtisch.engine.challengers.texts import coach_texts
from stammtisch.engine.protocol import GameError
from tests.engine.challengers.helpers import attacks, deck_keys, of
from tests.engine.challengers.play import play_until

SCENARIOS = Path(__file__).parents[3] / "docs" / "scenarios" / "coaches"


def scenario(key: str) -> dict[str, Any]:
    """A coach's scenario file."""
    spec: dict[str, Any] = json.loads((SCENARIOS / f"{key}.json").read_text("utf-8"))
    return spec


def with_and_without(key: str, **change: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """The scenario's report with its coach, and without any coach (answers dropped too)."""
    spec = {**scenario(key), **change}
    bare = {k: v for k, v in spec.items() if k not in ("coach", "answers")}
    return play(spec), play(bare)


def events_of(report: dict[str, Any]) -> list[dict[str, Any]]:
    """A report's events as the helpers expect them."""
    events: list[dict[str, Any]] = report["events"]
    return events


def used(report: dict[str, Any]) -> list[dict[str, Any]]:
    """The coach_used events of a report."""
    return of(events_of(report), "coach_used")


def test_every_coach_has_a_scenario_file_and_a_test_named_after_it() -> None:
    assert sorted(p.stem for p in SCENARIOS.glob("*.json")) == sorted(COACH_KEY)
    tests = {name for name in globals() if name.startswith("test_")}
    for key in COACH_KEY:
        assert any(name.startswith(f"test_{key.replace('-', '_')}_") for name in tests), key


# ---------------------------------------------------------------- the house set


def test_the_house_set_has_16_coaches_half_passive_half_active_in_four_languages() -> None:
    coaches = coach_set().coaches
    assert len(coaches) == 16
    assert all(coach.house for coach in coaches)
    assert sum(coach.active for coach in coaches) == 8
    assert {coach.theme for coach in coaches} == {"defence", "attack", "bench", "deck"}
    for language in ("de", "en", "fr", "pt"):
        texts = coach_texts(language)
        assert len(texts["coaches"]) == 16
        assert all(
            entry["house"] and entry["name"] and entry["text"]
            for entry in texts["coaches"].values()
        )
        assert texts["labels"]["house"]
    assert coach_texts("de")["labels"]["house"] == "Haus-Coach"
    assert coach_texts("en")["labels"]["house"] == "house coach"


def test_the_two_known_coaches_are_in_the_house_set() -> None:
    coaches = coach_set()
    drill = coaches.coaches[coaches.by_key["drill-sergeant"]]
    assert [(e.kind, dict(e.params)) for e in drill.effects] == [
        ("flag_base_bonus", {"bases": [4], "amount": 1})
    ]
    scout = coaches.coaches[coaches.by_key["talent-scout"]]
    assert [(e.kind, dict(e.params)) for e in scout.effects] == [
        ("extra_draw", {"cards": 1}),
        ("fans_after_loss", {"fans": 1}),
    ]
    assert not drill.active
    assert not scout.active


# ---------------------------------------------------------------- dealing, keeping, secrecy


@pytest.mark.parametrize(("players", "dealt"), [(1, 3), (2, 3), (3, 3), (4, 3), (5, 2), (8, 2)])
def test_each_player_is_dealt_3_coaches_up_to_4_players_else_2_and_the_robot_none(
    players: int, dealt: int
) -> None:
    state = GAME.setup({"players": players, "coaches": True}, 7)
    offers = [p.coaches for p in state.players]
    assert all(len(offer) == dealt for offer in offers)
    everything = [coach for offer in offers for coach in offer]
    assert len(set(everything)) == len(everything)  # one house set, no coach twice
    for player in state.players:
        assert player.stage == COACH
        assert GAME.legal_actions(state, player.seat) == [
            GAME.parse_action(f"coach {COACH_KEY[c]}") for c in player.coaches
        ]
    play_until(state, lambda s: s.round == 2)
    assert all(side.seat >= 0 or side.coach == -1 for m in state.matches if m for side in m.sides)


def test_without_the_option_nobody_is_dealt_a_coach() -> None:
    state = GAME.setup({"players": 4}, 7)
    assert all(p.coaches == () and p.stage != COACH for p in state.players)
    assert "coach" not in GAME.view(state, 0)["players"][0]


def _kept(state: State) -> None:
    """Every seat keeps its first dealt coach."""
    for player in state.players:
        GAME.apply(state, player.seat, GAME.parse_action(f"coach {COACH_KEY[player.coaches[0]]}"))


def test_the_kept_coach_is_secret_until_the_first_match_phase_reveals_it() -> None:
    state = GAME.setup({"players": 4, "coaches": True}, 3)
    offer = [COACH_KEY[c] for c in state.players[1].coaches]
    assert GAME.view(state, 1)["you"]["coach_offer"] == offer
    assert "coach_offer" not in str(GAME.view(state, 0)["players"])
    events = GAME.drain_events(state)
    dealt = [e for e in events if e.kind == "coaches_dealt"]
    assert all(e.audience == frozenset({e.data["seat"]}) for e in dealt)
    _kept(state)
    kept = COACH_KEY[state.players[1].coaches[0]]
    mine, theirs = GAME.view(state, 1), GAME.view(state, 0)
    assert mine["you"]["coach"] == kept
    assert mine["players"][1]["coach"] == kept
    assert theirs["players"][1] == {**theirs["players"][1], "coach": None, "has_coach": True}
    assert GAME.view(state, None)["players"][1]["coach"] is None
    play_until(state, lambda s: s.phase == "matches" or s.round > 1)
    assert GAME.view(state, 0)["players"][1]["coach"] == kept
    assert GAME.view(state, None)["players"][1]["coach"] == kept


def test_a_coach_that_was_not_dealt_cannot_be_kept_and_changes_nothing() -> None:
    state = GAME.setup({"players": 4, "coaches": True}, 3)
    other = next(k for k in COACH_KEY if COACH_KEY.index(k) not in state.players[0].coaches)
    before = GAME.view(state, 0)
    with pytest.raises(GameError, match="not possible now"):
        GAME.apply(state, 0, GAME.parse_action(f"coach {other}"))
    with pytest.raises(GameError, match="no coach called 'nobody'"):
        GAME.apply(state, 0, GAME.parse_action("coach nobody"))
    assert GAME.view(state, 0) == before


def test_auto_play_keeps_the_highest_valued_coach_ties_the_first_dealt() -> None:
    state = GAME.setup({"players": 4, "coaches": True}, 3)
    dealt = state.players[0].coaches
    values = [coach_set().coaches[c].value for c in dealt]
    assert auto_action(state, 0).arg == COACH_KEY[best_coach(dealt)]
    assert coach_set().coaches[best_coach(dealt)].value == max(values)
    assert best_coach((dealt[0], dealt[0])) == dealt[0]


def test_an_active_power_is_used_at_most_once_per_match_and_ready_again_next_match() -> None:
    state = GAME.setup({"players": 2, "coaches": True}, 11)
    uses: dict[tuple[int, int], int] = {}
    events = GAME.drain_events(state)
    current = 0
    while GAME.outcome(state) is None:
        seat = min(GAME.to_act(state))
        events += GAME.apply(state, seat, auto_action(state, seat))
    for event in events:
        if event.kind == "match_started":
            current = event.data["round"]
        if event.kind == "coach_used":
            key = (current, event.data["seat"])
            uses[key] = uses.get(key, 0) + 1
    assert all(count == 1 for count in uses.values())


# ---------------------------------------------------------------- passive coaches


def test_drill_sergeant_gives_a_power_4_card_plus_1_while_it_holds_the_flag() -> None:
    coached, bare = with_and_without("drill-sergeant")
    assert attacks(events_of(coached), 1) == [(3, 5), (4, 5), (5, 5)]
    assert attacks(events_of(bare), 1)[:2] == [(3, 4), (4, 4)]
    attacking, _ = with_and_without("drill-sergeant", beginner=1)
    assert attacks(events_of(attacking), 0)[0] == (4, 3)  # attacking it stays a 4


def test_talent_scout_gains_1_fan_after_a_lost_match() -> None:
    coached, bare = with_and_without("talent-scout")
    assert coached["winner"] == 1
    assert coached["fans"] == [1, 0]
    assert bare["fans"] == [0, 0]
    won = play({**scenario("talent-scout"), "coach": [None, "talent-scout"]})
    assert won["fans"] == [0, 0]


def test_talent_scout_draws_6_instead_of_5_from_round_2_on() -> None:
    state = GAME.setup({"players": 4, "coaches": True}, 5)
    scout = COACH_KEY.index("talent-scout")
    state.players[0].coaches = (scout, *state.players[0].coaches[1:])
    if scout in state.players[1].coaches:
        state.players[1].coaches = tuple(c for c in state.players[1].coaches if c != scout)
    _kept(state)
    assert len(state.players[0].drawn) == 5  # round 1: the coach is still a secret
    assert len(state.players[1].drawn) == 5
    play_until(state, lambda s: s.round == 2 and s.players[0].drawn != [])
    assert len(state.players[0].drawn) == 6
    assert len(state.players[1].drawn) == 5


def test_wall_builder_gives_base_power_1_to_3_plus_2_and_4_plus_1_holding_the_flag() -> None:
    coached, bare = with_and_without("wall-builder")
    assert attacks(events_of(coached), 1)[:2] == [(3, 5), (5, 5)]
    assert attacks(events_of(bare), 1)[0] == (3, 3)
    round_7, _ = with_and_without("wall-builder", round=7)
    assert attacks(events_of(round_7), 1)[0] == (3, 5)
    final, _ = with_and_without("wall-builder", round="final")
    assert attacks(events_of(final), 1)[0] == (3, 3)  # not in the final
    four, _ = with_and_without("wall-builder", decks=[["starter-champion"], ["pig"]])
    assert attacks(events_of(four), 1)[0] == (3, 5)  # base 4: +1
    strong, _ = with_and_without("wall-builder", decks=[["horse"], ["pig"]])
    assert attacks(events_of(strong), 1)[0] == (3, 5)  # base 5 is not


def test_youth_coach_gives_starter_cards_plus_2_holding_the_flag() -> None:
    coached, bare = with_and_without("youth-coach")
    assert attacks(events_of(coached), 1) == [(3, 5), (5, 5)]  # the starter Dog defends at 5
    assert attacks(events_of(bare), 1) == [(3, 3)]
    assert attacks(events_of(coached), 0) == [(1, 2)]  # the Newcomer attacks at 1: no bonus
    assert attacks(events_of(bare), 0) == [(1, 3)]
    final, _ = with_and_without("youth-coach", round="final")
    assert attacks(events_of(final), 1) == [(3, 3)]  # not in the final


def test_kit_manager_gives_a_seventh_bench_seat_from_round_6_on_and_in_the_final() -> None:
    coached, bare = with_and_without("kit-manager")
    assert (coached["winner"], coached["reason"]) == (0, "deck_empty")
    assert len(coached["benches"][0]) == 7
    assert (bare["winner"], bare["reason"]) == (1, "bench_full")
    early, _ = with_and_without("kit-manager", round=5)
    assert (early["winner"], early["reason"]) == (1, "bench_full")
    final, _ = with_and_without("kit-manager", round="final")
    assert final["winner"] == 0


def test_tactician_puts_the_4_weakest_cards_under_the_deck_at_the_start() -> None:
    match, *_ = build(scenario("tactician"), [])
    weakest = ["pig", "talent", "starter-talent", "starter-newcomer"]  # ties by key
    assert deck_keys(match, 0) == ["dragon", "horse", *weakest]
    _, records = run_scenario(scenario("tactician"))
    coached, bare = with_and_without("tactician")
    first = of(events_of(coached), "card_revealed")[0]
    assert (first["seat"], first["card"]) == (0, "dragon")
    assert of(events_of(bare), "card_revealed")[0]["card"] == "starter-newcomer"
    public = of(events_of(coached), "coach_cards_to_bottom")
    assert public == [
        {"kind": "coach_cards_to_bottom", "seat": 0, "coach": "tactician", "count": 4, "park": 0}
    ]
    hidden = [(kind, audience) for kind, _, audience in records if kind.endswith("_were")]
    assert hidden == [("coach_cards_to_bottom_were", frozenset({0}))]


def test_street_coach_gives_cards_of_base_power_1_to_3_plus_1_attacking() -> None:
    coached, bare = with_and_without("street-coach")
    assert attacks(events_of(coached), 0)[0] == (3, 3)  # Talent 2+1 takes the Pig's flag
    assert attacks(events_of(bare), 0)[:2] == [(2, 3), (5, 3)]
    final, _ = with_and_without("street-coach", round="final")
    assert attacks(events_of(final), 0)[:2] == [(2, 3), (5, 3)]  # not in the final


def test_goalkeeping_coach_gives_the_flag_card_plus_1_in_rounds_6_and_7() -> None:
    coached, bare = with_and_without("goalkeeping-coach")
    assert attacks(events_of(coached), 1)[0] == (3, 4)
    assert attacks(events_of(bare), 1)[0] == (3, 3)
    round_6, _ = with_and_without("goalkeeping-coach", round=6)
    assert attacks(events_of(round_6), 1)[0] == (3, 4)
    round_5, _ = with_and_without("goalkeeping-coach", round=5)
    assert attacks(events_of(round_5), 1)[0] == (3, 3)
    final, _ = with_and_without("goalkeeping-coach", round="final")
    assert attacks(events_of(final), 1)[0] == (3, 3)  # not in the final


# ---------------------------------------------------------------- active coaches


def test_time_out_specialist_gives_the_flag_card_plus_1_for_the_rest_of_the_attack() -> None:
    coached, bare = with_and_without("time-out-specialist")
    assert attacks(events_of(coached), 1)[:3] == [(3, 3), (3, 4), (5, 4)]
    assert used(coached) == [
        {"kind": "coach_used", "seat": 0, "coach": "time-out-specialist", "bonus": 1, "park": 0}
    ]
    assert attacks(events_of(coached), 0)[0] == (7, 2)  # the bonus ended with that attack
    assert attacks(events_of(bare), 1)[0] == (3, 3)
    saved = play({**scenario("time-out-specialist"), "answers": [["save"], []]})
    assert of(events_of(saved), "decision_answered")[0]["choice"] == "save"
    assert of(events_of(saved), "flag_taken", seat=1)[0]["card"] == "pig"
    assert of(events_of(coached), "flag_taken", seat=1)[0]["card"] == "talent"
    final = play({**scenario("time-out-specialist"), "round": "final"})
    assert not of(events_of(final), "decision")  # not in the final


def test_bus_driver_gives_the_flag_card_plus_1_per_card_under_it() -> None:
    coached, bare = with_and_without("bus-driver")
    assert attacks(events_of(coached), 1)[:3] == [(1, 1), (1, 2), (6, 2)]
    assert attacks(events_of(bare), 1)[0] == (1, 1)
    assert used(coached)[0]["bonus"] == 1
    final = play({**scenario("bus-driver"), "round": "final"})
    assert not of(events_of(final), "decision")  # not in the final


def test_motivator_gives_the_last_card_plus_1_when_the_attack_is_short_by_1() -> None:
    coached, bare = with_and_without("motivator")
    assert attacks(events_of(coached), 0)[:3] == [(3, 5), (4, 5), (5, 5)]
    decisions = of(events_of(coached), "decision", seat=0)
    assert len(decisions) == 1
    assert decisions[0]["options"] == ["use", "save"]
    assert attacks(events_of(bare), 0)[:3] == [(3, 5), (4, 5), (6, 5)]
    final = play({**scenario("motivator"), "round": "final"})
    assert not of(events_of(final), "decision")  # not in the final


def test_playmaker_gives_each_card_of_the_attack_plus_1_when_short_by_at_most_their_number() -> (
    None
):
    coached, bare = with_and_without("playmaker")
    assert attacks(events_of(coached), 0)[:3] == [(3, 7), (5, 7), (7, 7)]
    assert used(coached)[0]["bonus"] == 2
    assert attacks(events_of(bare), 0)[:3] == [(3, 7), (5, 7), (10, 7)]
    final = play({**scenario("playmaker"), "round": "final"})
    assert not of(events_of(final), "decision")  # not in the final


def test_rotation_manager_clears_a_seat_of_up_to_2_cards_when_the_stack_would_not_fit() -> None:
    coached, bare = with_and_without("rotation-manager")
    assert (bare["winner"], bare["reason"]) == (1, "bench_full")
    assert coached["winner"] == 0
    assert "Pig" in coached["exhaust"][0]
    assert ["Pig"] not in coached["benches"][0]
    auto = play({**scenario("rotation-manager"), "answers": [[], []]})
    assert auto["winner"] == 0  # the policy clears a seat just as the stack would not fit
    final = play({**scenario("rotation-manager"), "round": "final"})
    assert final["winner"] == 0  # in the final too
    pigs = ["pig", "pig", "cat", "pony", "spider", "cow", "parrot", "horse", "dragon"]
    pair = play({**scenario("rotation-manager"), "decks": [pigs, ["dragon", "dragon", "dragon"]]})
    assert of(events_of(pair), "decision")[0]["options"] == ["pig", "cat", "pony", "save"]
    assert pair["exhaust"][0] == ["Pig", "Pig"]  # the seat of 2 Pigs went to the exhaust pile


def test_comeback_kid_returns_a_power_1_to_3_bench_card_to_the_deck_in_rounds_1_to_7() -> None:
    coached, bare = with_and_without("comeback-kid")
    assert attacks(events_of(coached), 0)[:2] == [(1, 3), (3, 3)]  # the Talent came back
    moved = of(events_of(coached), "cards_to_deck_top", seat=0)
    assert moved[0]["cards"] == ["talent"]
    assert attacks(events_of(bare), 0)[:2] == [(1, 3), (8, 3)]
    final = play({**scenario("comeback-kid"), "round": "final", "answers": [[], []]})
    assert not used(final)  # not in the final
    assert attacks(events_of(final), 0)[:2] == [(1, 3), (8, 3)]


def test_archivist_fetches_a_card_with_plus_4_when_the_attack_is_short() -> None:
    coached, bare = with_and_without("archivist")
    assert attacks(events_of(coached), 0)[:2] == [(1, 7), (8, 7)]  # Pig 3+4 fetched
    decision = of(events_of(coached), "decision", seat=0)[0]
    assert decision["options"] == ["starter-talent", "pig", "horse", "save"]
    assert decision["shown"] == ["starter-talent", "pig", "horse"]  # sorted: never the order
    auto = play({**scenario("archivist"), "answers": [[], []]})
    assert attacks(events_of(auto), 0)[:2] == [(1, 7), (7, 7)]  # the weakest enough: Talent 2+4
    assert attacks(events_of(bare), 0)[:4] == [(1, 7), (3, 7), (6, 7), (11, 7)]


def test_video_analyst_exhausts_a_capturing_card_of_power_6_or_more_in_rounds_1_to_7() -> None:
    coached, bare = with_and_without("video-analyst")
    assert attacks(events_of(coached), 1)[:3] == [(7, 3), (2, 3), (3, 3)]
    exhausted = of(events_of(coached), "cards_exhausted", seat=1)[0]
    assert (exhausted["cards"], exhausted["from"]) == (["dragon"], "stack")
    assert coached["exhaust"][1] == ["Dragon"]
    assert attacks(events_of(bare), 1) == [(7, 3)]
    final = play({**scenario("video-analyst"), "round": "final", "answers": [[], []]})
    assert not of(events_of(final), "cards_exhausted", seat=1)  # not in the final
    six = ["sci-fi-geek", "talent", "starter-newcomer"]
    geek = play({**scenario("video-analyst"), "decks": [["pig", "horse"], six]})
    assert of(events_of(geek), "cards_exhausted", seat=1)[0]["cards"] == ["sci-fi-geek"]
    weak = play({**scenario("video-analyst"), "decks": [["pig", "horse"], ["horse", "talent"]]})
    assert not of(events_of(weak), "decision")  # a Horse (5) is not reviewed
