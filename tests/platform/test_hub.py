"""The hub's tiles: each player's card back (members wear theirs, robots the plain one)."""

from __future__ import annotations

from stammtisch.services.album.months import album_month
from stammtisch.services.platform import Platform
from stammtisch.services.seasons import Season
from tests.platform.finished import add_members, finish_game

MARCH = Season(2026, 3)
"""The test clock starts on 2 March 2026."""
FIRST = next(i for i, card in enumerate(album_month(MARCH).cards) if card.task == "any_games") + 1


def test_every_tile_names_the_card_back_each_player_wears(platform: Platform) -> None:
    anna, ben = add_members(platform, "anna", "ben")
    finish_game(platform, "klubnacht", [anna, ben], [[0], [1]])
    platform.progress.claim(anna, MARCH.key, FIRST, "en")
    platform.progress.choose_back(anna, MARCH.key, FIRST, "en")
    challenge = platform.challenges.send(ben, "anna", "klubnacht", {"chips": True})
    duel = platform.challenges.accept(anna, challenge["id"])
    practice = platform.tables.practice(anna, "klubnacht", {})
    worn = {
        "month": MARCH.key,
        "card": FIRST,
        "motif": album_month(MARCH).cards[FIRST - 1].motif,
        "tier": "colour",
    }
    tiles = {tile["game_id"]: tile for tile in platform.hub.games(anna)}
    assert tiles[duel]["players"] == ["ben", "anna"]
    assert tiles[duel]["card_backs"] == [None, worn]
    assert tiles[practice]["players"][1].startswith("bot:")
    assert tiles[practice]["card_backs"] == [worn, None]
    seen_by_ben = platform.hub.overview(ben)["games"]
    assert [tile["card_backs"] for tile in seen_by_ben] == [[None, worn]]
