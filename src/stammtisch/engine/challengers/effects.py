"""What card effects do in a match: one small function per effect kind of the data files.

Each takes (match, the side whose card it is, the card, the effect's parameters). Effects that
let someone choose build their candidates and `ask`; the rest act at once, as far as possible.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from stammtisch.engine.challengers import autoplay
from stammtisch.engine.challengers.board import KEY, LEVEL, NAME_ID, Side
from stammtisch.engine.challengers.catalogue import LEVELS, PILE_LEVELS, Effect
from stammtisch.engine.challengers.decide import (
    ask,
    bench_pick,
    combos,
    orders,
    put_under,
    reorder,
    search,
)
from stammtisch.engine.challengers.match_state import Match, keys
from stammtisch.engine.challengers.placement import to_bench
from stammtisch.engine.challengers.tables import tables

Params = Mapping[str, Any]
EffectFn = Callable[[Match, Side, int, Params], None]

_T: Final = tables()
_NAME_IDS: Final = {name: NAME_ID[i] for i, name in enumerate(_T.name)}


def _other(m: Match, side: Side) -> Side:
    """The opponent's side."""
    return m.sides[1 - side.index]


def _gain(m: Match, side: Side, card: int, fans: int) -> None:
    """A side gains fans from an effect."""
    side.fans += fans
    if m.ev is not None:
        m.log("fans_gained", {"seat": side.seat, "card": KEY[card], "fans": fans})


def look_top_put_one_under(m: Match, side: Side, card: int, params: Params) -> None:
    """Reporter, Navigator: look at the top cards, put one under the deck."""
    top = side.deck[-1 : -params["look"] - 1 : -1]
    if m.ev is not None:
        m.log("deck_looked", {"seat": side.seat, "card": KEY[card], "count": len(top)})
    if len(top) < 2:
        return
    if top[0] == top[1]:
        put_under(m, side, 0)
    elif side.auto:
        put_under(m, side, autoplay.put_under(top, m.base)[0])
    else:
        ask(m, side, "put_under", [(0,), (1,)], (), top, card)


def fans_if_trophies_at_most(m: Match, side: Side, card: int, params: Params) -> None:
    """Fan-Bus: fans if you own few trophies."""
    if side.trophies <= params["trophies"]:
        _gain(m, side, card, params["fans"])


def fans_if_deck_at_most(m: Match, side: Side, card: int, params: Params) -> None:
    """Pyrotechnician: fans if your deck is (almost) empty."""
    if len(side.deck) <= params["cards"]:
        _gain(m, side, card, params["fans"])


def _fits(m: Match, owner: Side, params: Params) -> list[int]:
    """The cards on the owner's normal seats a bench effect may choose (one entry per copy)."""
    max_base, base = params.get("max_base"), params.get("base")
    name = _NAME_IDS.get(params.get("name", ""))
    level = LEVELS.index(params["level"]) if "level" in params else None
    powers = m.base
    cards = []
    for seat in owner.bench.values():
        for choice in seat:
            if max_base is not None and powers[choice] > max_base:
                continue
            if base is not None and powers[choice] != base:
                continue
            if name is not None and NAME_ID[choice] != name:
                continue
            if level is None or LEVEL[choice] == level:
                cards.append(choice)
    cards.sort()
    return cards


def _bench_move(m: Match, side: Side, card: int, params: Params, destination: str) -> None:
    """Move cards from a bench (own or the opponent's) to its exhaust pile or deck top."""
    owner = side if params["whose"] == "self" else _other(m, side)
    chooser = side if params.get("chooser", params["whose"]) == "self" else _other(m, side)
    cards = _fits(m, owner, params)
    if not cards:
        return
    optional, count = params.get("optional", False), params["count"]
    if chooser.auto and count == 1:
        pick = autoplay.bench_pick_one(cards, optional, owner, chooser, destination, m.base)
        bench_pick(m, owner, pick, destination)
        return
    candidates = combos(cards, count, optional=optional)
    ask(m, chooser, "bench_pick", candidates, (owner.index, destination), [], card)


def bench_to_exhaust(m: Match, side: Side, card: int, params: Params) -> None:
    """Sorcerer, Butler, Vacuum Cleaner, Foghorn, Drone."""
    _bench_move(m, side, card, params, "exhaust")


def bench_to_deck_top(m: Match, side: Side, card: int, params: Params) -> None:
    """Movie Star, Necromancer, Vampire, Necromech."""
    _bench_move(m, side, card, params, "deck")


def pile_to_deck(m: Match, side: Side, card: int, params: Params) -> None:
    """Villain, UFO, Hologram, Robogram: unseen cards from a level pile join a deck."""
    target = side if params["whose"] == "self" else _other(m, side)
    pile = PILE_LEVELS.index(params["pile"])
    moved = 0
    for _ in range(params["count"]):
        drawn = m.piles.take(pile)
        if drawn is None:
            break
        if params["position"] == "top":
            target.deck.append(drawn)
        else:
            target.deck.insert(0, drawn)
        moved += 1
    if m.ev is not None:
        m.log(
            "pile_to_deck",
            {
                "seat": target.seat,
                "card": KEY[card],
                "pile": params["pile"],
                "count": moved,
                "position": params["position"],
            },
        )


def reorder_top(m: Match, side: Side, card: int, params: Params) -> None:
    """Juggler, Bumper Car: look at the top cards and put them back in any order."""
    top = side.deck[-1 : -params["count"] - 1 : -1]
    if m.ev is not None:
        m.log("deck_looked", {"seat": side.seat, "card": KEY[card], "count": len(top)})
    if len(top) < 2:
        return
    if side.auto:
        reorder(m, side, autoplay.reorder(top, m.base))
    else:
        ask(m, side, "reorder", orders(top), (), top, card)


def opponent_deck_top_to_exhaust(m: Match, side: Side, card: int, params: Params) -> None:
    """Ghost, Virtual Ghost: the opponent's top deck card goes to their exhaust pile."""
    other = _other(m, side)
    moved = [other.deck.pop() for _ in range(min(params["count"], len(other.deck)))]
    other.exhaust.extend(moved)
    if moved and m.ev is not None:
        m.log(
            "cards_exhausted",
            {"seat": other.seat, "cards": keys(moved), "from": "deck", "card": KEY[card]},
        )


def search_deck(m: Match, side: Side, card: int, params: Params) -> None:
    """Sailor, Clairvoyant: search the deck for any card, put it at the bottom or on top."""
    deck, position = side.deck, params["position"]
    if not deck:
        return
    if side.auto:
        search(m, side, autoplay.search(set(deck), position, m.base)[0], position)
        return
    candidates = [(c,) for c in sorted(set(deck))]
    ask(m, side, "search", candidates, (position,), sorted(deck), card)


def deck_bottom_to_exhaust(m: Match, side: Side, card: int, params: Params) -> None:
    """Submarine: the bottom card of your deck goes to your exhaust pile."""
    moved = [side.deck.pop(0) for _ in range(min(params["count"], len(side.deck)))]
    side.exhaust.extend(moved)
    if moved and m.ev is not None:
        m.log(
            "cards_exhausted",
            {"seat": side.seat, "cards": keys(moved), "from": "deck", "card": KEY[card]},
        )


def to_exhaust_instead(m: Match, side: Side, card: int, params: Params) -> None:
    """Prince: on flag loss it goes to the exhaust pile instead of the bench."""
    side.stack.pop()
    side.exhaust.append(card)
    if m.ev is not None:
        m.log(
            "cards_exhausted",
            {"seat": side.seat, "cards": [KEY[card]], "from": "park", "card": KEY[card]},
        )


def next_card_bonus(m: Match, side: Side, card: int, params: Params) -> None:
    """Cartoon Bomb: your next revealed card gets a bonus during the attack."""
    side.next_bonus += params["amount"]
    if m.ev is not None:
        m.log("bonus_pending", {"seat": side.seat, "card": KEY[card], "bonus": params["amount"]})


def destroy_self_pile_to_exhaust(m: Match, side: Side, card: int, params: Params) -> None:
    """Rescue Pod: leaves the game; the top card of a level pile joins your exhaust pile."""
    side.stack.pop()
    m.box.append(card)
    if m.ev is not None:
        m.log("card_destroyed", {"seat": side.seat, "card": KEY[card]})
    drawn = m.piles.take(PILE_LEVELS.index(params["pile"]))
    if drawn is not None:
        side.exhaust.append(drawn)
        if m.ev is not None:
            m.log(
                "cards_exhausted",
                {"seat": side.seat, "cards": [KEY[drawn]], "from": "pile", "card": KEY[card]},
            )


def gain_fans(m: Match, side: Side, card: int, params: Params) -> None:
    """Heroine, Clown (you), Chatbot (the robot's opponent): fans from the supply."""
    _gain(
        m, side if params.get("whose", "self") == "self" else _other(m, side), card, params["fans"]
    )


def opponent_deck_top_to_bench(m: Match, side: Side, card: int, params: Params) -> None:
    """Cowboy: the opponent's top deck card goes onto their bench without its effect."""
    other = _other(m, side)
    if other.deck:
        top = other.deck.pop()
        if m.ev is not None:
            m.log(
                "card_to_bench_from_deck",
                {"seat": other.seat, "card": KEY[top], "by": KEY[card]},
            )
        to_bench(m, other, [top], m.step)


EFFECTS: Final[dict[str, EffectFn]] = {
    "look_top_put_one_under": look_top_put_one_under,
    "fans_if_trophies_at_most": fans_if_trophies_at_most,
    "fans_if_deck_at_most": fans_if_deck_at_most,
    "bench_to_exhaust": bench_to_exhaust,
    "bench_to_deck_top": bench_to_deck_top,
    "pile_to_deck": pile_to_deck,
    "reorder_top": reorder_top,
    "opponent_deck_top_to_exhaust": opponent_deck_top_to_exhaust,
    "search_deck": search_deck,
    "deck_bottom_to_exhaust": deck_bottom_to_exhaust,
    "to_exhaust_instead": to_exhaust_instead,
    "next_card_bonus": next_card_bonus,
    "destroy_self_pile_to_exhaust": destroy_self_pile_to_exhaust,
    "gain_fans": gain_fans,
    "opponent_deck_top_to_bench": opponent_deck_top_to_bench,
}

Compiled = tuple[EffectFn, Params, bool] | None

_CHANGES_POWERS: Final = {"bench_to_exhaust", "bench_to_deck_top", "opponent_deck_top_to_exhaust"}
"""Immediate effects that may change a running attack's powers: they move cards off a bench or
shrink the opponent's deck (a defending Lifeguard). Cards with own bonuses are rechecked anyway."""


def _changes_powers(effect: Effect) -> bool:
    """Whether an effect may change the powers of a running attack."""
    if effect.kind in _CHANGES_POWERS:
        return True
    return effect.kind == "pile_to_deck" and effect.params["whose"] == "opponent"


def _compile(effects: tuple[Effect | None, ...]) -> tuple[Compiled, ...]:
    """Per card: (function, parameters, may change powers) of its effect, or None."""
    return tuple(
        (EFFECTS[e.kind], e.params, _changes_powers(e)) if e is not None else None for e in effects
    )


PLAYER_EFFECTS: Final = (
    _T.self_bonus,
    _T.bench_bonus,
    _compile(_T.immediate),
    _compile(_T.flag_loss),
    _compile(_T.capture),
)
"""The effect tables a player's side uses."""
ROBOT_EFFECTS: Final = (
    _T.robot_self_bonus,
    tuple(None for _ in _T.bench_bonus),
    _compile(_T.robot_immediate),
    _compile(_T.robot_flag_loss),
    _compile(_T.robot_capture),
)
"""The robot's tables: players' cards that end up with it do nothing."""
