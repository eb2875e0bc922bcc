"""The strong robot's search weighs only the motifs worth naming with Sabotage and Free drink."""

from stammtisch.bots.klubnacht.balance import klubnacht_bot
from stammtisch.bots.klubnacht.chip_keys import search_keys
from stammtisch.bots.klubnacht.duel import play_duel
from stammtisch.engine.klubnacht import GAME
from stammtisch.engine.klubnacht.cards import MOTIF_OF
from stammtisch.engine.klubnacht.catalogue import MOTIFS
from stammtisch.engine.klubnacht.fast import action_keys, key_action
from tests.engine.klubnacht.helpers import legal_texts, night, play

STACK = ["dj", "bouncer", "lights", "sound", "sound", "delivery", "bartender", "dj", "bouncer"]
"""The first three make the market: dj, bouncer, lights."""


def searched_redeems(state) -> list[str]:
    """The redemptions the strong robot's search considers now, as action texts."""
    texts = [GAME.action_text(key_action(state, key)) for key in search_keys(state)]
    return [text for text in texts if text.startswith("redeem")]


def test_sabotage_is_not_searched_while_the_opponent_holds_no_known_card() -> None:
    state = night(chips=["sabotage", "triple"], stack=STACK, wishlist=["e02", "m01"])
    assert sum(text.startswith("redeem sabotage") for text in legal_texts(state)) == 6
    assert searched_redeems(state) == []


def test_sabotage_is_searched_naming_the_held_motifs_whose_loss_hurts_most() -> None:
    state = night(chips=["triple", "sabotage"], stack=STACK, wishlist=["e02", "m01"])
    play(state, "take 0", "take 1", "end", "end", "take 2", "end")
    assert sorted(MOTIFS[MOTIF_OF[card]] for card in state.hands[0]) == ["bouncer", "dj", "lights"]
    assert state.current == 1
    # The opponent holds dj, bouncer and lights. Losing the bouncer costs Guest list (bouncer x2,
    # 3 points) 3/2² = 0.75, losing the dj costs Headliner (dj dj sound, 6) 6/3² = 0.67, and
    # lights serve no open task: the search weighs bouncer and dj, never lights or a miss.
    assert searched_redeems(state) == ["redeem sabotage dj", "redeem sabotage bouncer"]


def test_free_drink_is_searched_naming_the_stack_motifs_that_help_most() -> None:
    state = night(chips=["free_drink", "triple"], stack=STACK, wishlist=["e02", "m01"])
    play(state, "take 0")
    # With a dj in hand Headliner (dj dj sound, 6) lacks a dj and a sound: 6/2² = 1.5 each,
    # more than a bouncer for Guest list (3/2² = 0.75).
    assert searched_redeems(state) == ["redeem free_drink dj", "redeem free_drink sound"]
    offered = [GAME.action_text(key_action(state, key)) for key in action_keys(state)]
    assert "redeem free_drink bouncer" in offered


def test_search_keys_keep_every_other_legal_action() -> None:
    state = night(chips=["free_drink", "triple"], stack=STACK, wishlist=["e02", "m01"])
    play(state, "take 0")
    narrowed = set(search_keys(state))
    assert narrowed <= set(action_keys(state))
    kept = {GAME.action_text(key_action(state, key)) for key in narrowed}
    assert {"take 0", "take 1", "take 2", "end"} <= kept


def test_the_strong_robots_sabotage_always_destroys_a_card() -> None:
    strong = klubnacht_bot("strong", 60)
    nights = 0
    for seed in range(40):
        if "sabotage" not in GAME.setup({"chips": True}, seed).chips:
            continue
        duel = play_duel([strong, strong], seed, chips=True)
        sabotage = [event for event in duel.events if event.kind == "sabotage"]
        assert all(event.data["destroyed"] is not None for event in sabotage)
        nights += bool(sabotage)
        if nights == 4:
            break
    assert nights == 4
