"""At least one test per card effect of the player sets (City, Castle, Film Studio, Funfair,
Haunted House, Outer Space, Shipwreck), played through real matches."""

from __future__ import annotations

from tests.engine.challengers.helpers import attacks, bench_keys, card, deck_keys, duel, of


def _powers(events: list[dict[str, object]], seat: int) -> list[object]:
    """The per-card powers of a seat's last attack."""
    return of(events, "attack", seat=seat)[-1]["powers"]  # type: ignore[return-value]


def _exhaust(match: object, side: int) -> list[str]:
    """A side's exhaust pile as keys."""
    from stammtisch.engine.challengers.board import KEY

    return [KEY[c] for c in match.sides[side].exhaust]  # type: ignore[attr-defined]


# ---------------------------------------------------------------- City
def test_reporter_puts_one_of_the_top_two_under_the_deck() -> None:
    _, events = duel(["reporter", "pig", "dragon"], ["horse"], answers=[["pig"], []])
    assert of(events, "decision", seat=0)[0]["shown"] == ["pig", "dragon"]
    assert [e["card"] for e in of(events, "card_revealed", seat=0)] == ["reporter", "dragon"]


def test_mascot_gets_one_per_different_set_on_the_bench() -> None:
    _, events = duel(["starter-dog", "dragon"], ["talent", "pony", "mascot"])
    assert _powers(events, 1) == [2 + 2]


def test_fan_bus_gives_2_fans_only_with_3_trophies_or_fewer() -> None:
    match, _ = duel(["fan-bus"], ["starter-newcomer"], trophies=[[1, 2, 3], []])
    assert match.sides[0].fans == 2
    match, _ = duel(["fan-bus"], ["starter-newcomer"], trophies=[[1, 2, 3, 4], []])
    assert match.sides[0].fans == 0


# ---------------------------------------------------------------- Castle
def test_jester_gets_3_with_a_base_power_1_card_on_the_bench() -> None:
    _, events = duel(["starter-newcomer", "dragon"], ["starter-newcomer", "jester"])
    assert _powers(events, 1) == [1 + 3]


def test_stable_boy_gets_1_per_base_power_3_card_on_the_bench() -> None:
    _, events = duel(["starter-dog", "dragon"], ["pig", "stable-boy"])
    assert _powers(events, 1) == [2 + 1]


def test_hermit_gets_2_only_without_city_cards_on_the_bench() -> None:
    _, events = duel(["starter-newcomer", "dragon"], ["talent", "hermit"])
    assert _powers(events, 1) == [2]
    _, events = duel(["starter-newcomer", "dragon"], ["pig", "hermit"])
    assert _powers(events, 1) == [4]


def test_blacksmith_from_the_bench_gives_city_cards_1_not_starter_cards() -> None:
    _, events = duel(["starter-dog", "dragon"], ["blacksmith", "talent"])
    assert _powers(events, 1) == [3]
    _, events = duel(["starter-dog", "dragon"], ["blacksmith", "starter-talent"])
    assert _powers(events, 1) == [2]


def test_knight_gets_1_per_opponent_trophy_during_the_attack() -> None:
    _, events = duel(["starter-champion"], ["knight"], trophies=[[1, 2], []])
    assert attacks(events, 1) == [(5, 4)]


def test_sorcerer_may_exhaust_one_bench_card_of_base_power_3_or_less() -> None:
    match, events = duel(["starter-newcomer", "dragon"], ["pig", "sorcerer"], answers=[[], ["pig"]])
    assert of(events, "decision", seat=1)[0]["options"] == ["none", "pig"]
    assert _exhaust(match, 1) == ["pig"]


def test_bard_from_the_bench_gives_all_cards_1_during_the_attack() -> None:
    _, events = duel(["starter-champion", "dragon"], ["bard", "talent"])
    assert _powers(events, 1) == [3]


def test_prince_goes_to_the_exhaust_pile_instead_of_the_bench() -> None:
    match, _ = duel(["prince", "starter-newcomer"], ["dragon"])
    assert _exhaust(match, 0) == ["prince"]
    assert bench_keys(match, 0) == []


# ---------------------------------------------------------------- Film Studio
def test_make_up_artist_gives_base_power_1_cards_2_during_the_attack() -> None:
    _, events = duel(["starter-newcomer", "dragon"], ["make-up-artist", "starter-newcomer"])
    assert _powers(events, 1) == [3]


def test_movie_star_puts_up_to_2_newcomers_from_the_bench_on_the_deck() -> None:
    _, events = duel(
        ["starter-dog", "dragon"],
        ["starter-newcomer", "starter-newcomer", "starter-newcomer", "movie-star"],
        answers=[[], ["starter-newcomer+starter-newcomer"]],
    )
    assert of(events, "cards_to_deck_top", seat=1)[0]["cards"] == ["starter-newcomer"] * 2
    revealed = [e["card"] for e in of(events, "card_revealed", seat=1)]
    assert revealed[4] == "starter-newcomer"


def test_gangster_gets_2_during_the_attack() -> None:
    _, events = duel(["starter-champion"], ["gangster"])
    assert attacks(events, 1) == [(4, 4)]


def test_cowboy_benches_the_opponents_top_card_on_capture() -> None:
    match, events = duel(["starter-dog", "pig", "dragon"], ["cowboy"])
    assert bench_keys(match, 0) == [["starter-dog"], ["pig"]]
    assert of(events, "card_revealed", seat=0)[1]["card"] == "dragon"
    assert not of(events, "cards_exhausted")


def test_director_gives_film_studio_cards_1_during_the_attack() -> None:
    _, events = duel(["starter-champion", "dragon"], ["director", "cat"])
    assert _powers(events, 1) == [4]


def test_cartoon_bomb_gives_the_next_revealed_card_2_after_flag_loss() -> None:
    _, events = duel(["cartoon-bomb", "talent"], ["lion"])
    assert _powers(events, 0) == [4]


def test_heroine_gains_3_fans_on_capture() -> None:
    match, _ = duel(["starter-newcomer"], ["heroine"])
    assert match.sides[1].fans == 3


def test_villain_puts_the_top_a_card_on_the_deck_where_it_stays() -> None:
    match, events = duel(["villain"], ["starter-newcomer"], piles={"A": ["pig", "cat"]})
    assert deck_keys(match, 0) == ["pig"]
    assert of(events, "pile_to_deck", seat=0)[0]["count"] == 1
    assert match.piles.stacks[0] == [card("cat")]


# ---------------------------------------------------------------- Funfair
def test_clown_gains_2_fans_on_capture_even_as_the_first_card() -> None:
    match, _ = duel(["clown"], ["starter-newcomer"])
    assert match.sides[0].fans == 2


def test_juggler_reorders_the_top_3_cards() -> None:
    _, events = duel(
        ["juggler", "pig", "dragon", "talent"], ["horse"], answers=[["dragon,talent,pig"], []]
    )
    assert of(events, "card_revealed", seat=0)[1]["card"] == "dragon"


def test_bumper_car_reorders_the_top_3_cards() -> None:
    _, events = duel(
        ["bumper-car", "pig", "talent", "dragon"], ["t-rex"], answers=[["dragon,pig,talent"], []]
    )
    assert of(events, "card_revealed", seat=0)[1]["card"] == "dragon"


def test_vendor_gives_funfair_cards_1_from_the_bench() -> None:
    _, events = duel(["starter-dog", "dragon"], ["vendor", "starter-newcomer", "pony"])
    assert _powers(events, 1) == [3 + 1]


def test_mime_gets_1_per_empty_bench_seat() -> None:
    _, events = duel(["mime"], ["dragon"])
    assert attacks(events, 1) == [(7, 7)]


def test_pyrotechnician_gains_2_fans_with_1_card_or_less_left() -> None:
    match, _ = duel(["pyrotechnician", "talent"], ["starter-newcomer"])
    assert match.sides[0].fans == 2
    match, _ = duel(["pyrotechnician", "talent", "pig"], ["starter-newcomer"])
    assert match.sides[0].fans == 0


def test_clairvoyant_puts_any_deck_card_on_top_on_flag_loss() -> None:
    _, events = duel(
        ["clairvoyant", "pig", "dragon"], ["horse", "talent"], answers=[["dragon"], []]
    )
    assert of(events, "card_revealed", seat=0)[1]["card"] == "dragon"


def test_illusionist_gets_1_per_empty_seat_while_holding_the_flag() -> None:
    _, events = duel(["illusionist"], ["villain"])
    assert attacks(events, 1) == [(10, 11)]


# ---------------------------------------------------------------- Haunted House
def test_butler_exhausts_up_to_2_bench_cards() -> None:
    match, _ = duel(
        ["starter-dog", "dragon"],
        ["starter-newcomer", "talent", "butler"],
        answers=[[], ["starter-newcomer+talent"]],
    )
    assert sorted(_exhaust(match, 1)) == ["starter-newcomer", "talent"]


def test_vacuum_cleaner_exhausts_up_to_2_bench_cards() -> None:
    match, _ = duel(
        ["starter-dog", "dragon"],
        ["starter-newcomer", "talent", "vacuum-cleaner"],
        answers=[[], ["talent"]],
    )
    assert _exhaust(match, 1) == ["talent"]


def test_skeleton_gets_1_while_holding_the_flag() -> None:
    _, events = duel(["skeleton"], ["pig"])
    assert attacks(events, 1) == [(3, 3)]


def test_ghost_exhausts_the_opponents_top_card() -> None:
    match, _ = duel(["starter-newcomer", "dragon"], ["ghost"])
    assert _exhaust(match, 0) == ["dragon"]


def test_teenager_gets_1_per_haunted_house_card_on_the_bench() -> None:
    _, events = duel(["starter-dog", "dragon"], ["spider", "teenager"])
    assert _powers(events, 1) == [3]


def test_necromancer_puts_a_base_power_2_bench_card_on_the_deck() -> None:
    _, events = duel(["starter-newcomer", "dragon"], ["talent", "necromancer"])
    revealed = [e["card"] for e in of(events, "card_revealed", seat=1)]
    assert revealed == ["talent", "necromancer", "talent"]


def test_vampire_puts_a_level_b_bench_card_on_the_deck_not_a_starter() -> None:
    _, events = duel(["starter-dog", "dragon"], ["dog", "vampire"])
    assert [e["card"] for e in of(events, "card_revealed", seat=1)] == ["dog", "vampire", "dog"]
    _, events = duel(["starter-dog", "dragon"], ["starter-dog", "vampire"])
    assert not of(events, "cards_to_deck_top")


# ---------------------------------------------------------------- Outer Space
def test_rescue_pod_leaves_the_game_and_a_b_card_joins_the_exhaust_pile() -> None:
    match, events = duel(["rescue-pod", "starter-newcomer"], ["pig"], piles={"B": ["horse"]})
    assert match.box == [card("rescue-pod")]
    assert _exhaust(match, 0) == ["horse"]
    assert of(events, "card_destroyed", card="rescue-pod")


def test_ai_gives_base_power_2_cards_1_from_the_bench() -> None:
    _, events = duel(["starter-talent", "dragon"], ["ai", "talent"])
    assert _powers(events, 1) == [3]


def test_band_gives_outer_space_cards_1_from_the_bench() -> None:
    _, events = duel(["starter-dog", "dragon"], ["band", "cow"])
    assert _powers(events, 1) == [4]


def test_ufo_puts_the_top_2_a_cards_under_the_deck() -> None:
    match, _ = duel(["ufo"], ["starter-newcomer"], piles={"A": ["pig", "cat", "cow"]})
    assert deck_keys(match, 0) == ["pig", "cat"]


def test_hologram_puts_the_top_b_card_on_the_opponents_deck() -> None:
    _, events = duel(["hologram"], ["starter-newcomer"], piles={"B": ["horse"]})
    assert of(events, "card_revealed", seat=1)[0]["card"] == "horse"


# ---------------------------------------------------------------- Shipwreck
def test_merman_gets_3_with_a_shipwreck_card_on_the_bench() -> None:
    _, events = duel(["starter-dog", "dragon"], ["parrot", "merman"])
    assert _powers(events, 1) == [4]


def test_treasure_gets_2_while_holding_the_flag() -> None:
    _, events = duel(["treasure"], ["starter-champion"])
    assert attacks(events, 1) == [(4, 4)]


def test_sailor_puts_any_deck_card_at_the_bottom() -> None:
    _, events = duel(["sailor", "dragon", "pig"], ["horse"], answers=[["dragon"], []])
    assert [e["card"] for e in of(events, "card_revealed", seat=0)] == ["sailor", "pig", "dragon"]


def test_cook_gives_the_flag_holder_1_from_the_bench() -> None:
    _, events = duel(
        ["starter-talent", "starter-newcomer", "talent", "starter-champion"], ["cook", "pig"]
    )
    assert attacks(events, 0)[-1] == (4, 4)


def test_lifeguard_gets_2_with_1_card_or_less_left() -> None:
    _, events = duel(["lifeguard", "talent"], ["t-rex"])
    assert attacks(events, 1) == [(7, 6)]


def test_navigator_puts_one_of_the_top_two_under_on_flag_loss() -> None:
    _, events = duel(["navigator", "pig", "dragon"], ["lion", "talent"], answers=[["pig"], []])
    assert of(events, "card_revealed", seat=0)[1]["card"] == "dragon"


def test_foghorn_may_exhaust_one_card_of_the_opponents_bench() -> None:
    match, _ = duel(
        ["starter-newcomer", "dragon"], ["vendor", "foghorn"], answers=[[], ["starter-newcomer"]]
    )
    assert _exhaust(match, 0) == ["starter-newcomer"]


def test_submarine_exhausts_the_bottom_card_of_the_deck() -> None:
    match, _ = duel(["submarine", "pig", "dragon"], ["starter-newcomer"])
    assert _exhaust(match, 0) == ["dragon"]
