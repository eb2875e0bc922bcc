"""The album's data: catalogue and month files, validated on load, in every language."""

import itertools
import json
from typing import Any

import pytest

from stammtisch.services.album.catalogue import (
    LANGUAGES,
    AlbumDataError,
    build_catalogue,
    catalogue,
)
from stammtisch.services.album.months import (
    CARDS_PER_MONTH,
    CHARACTERS,
    KLUBNACHT_THEMES,
    MonthDef,
    album_month,
    check_against,
    generate_month,
    month_json,
    theme_of,
)
from stammtisch.services.seasons import Season, seasons_between

EVERY_MONTH_THROUGH_2027 = seasons_between(Season(2026, 1), Season(2027, 12))


def _raw_catalogue() -> dict[str, Any]:
    data = catalogue()
    return {
        "themes": {key: theme.model_dump() for key, theme in data.themes.items()},
        "motifs": {key: motif.model_dump() for key, motif in data.motifs.items()},
        "tasks": {key: task.model_dump() for key, task in data.tasks.items()},
        "tiers": {key: names.model_dump() for key, names in data.tiers.items()},
    }


def test_the_shipped_catalogue_loads() -> None:
    data = catalogue()
    assert set(data.themes) == {*KLUBNACHT_THEMES, CHARACTERS}
    assert all(len(data.in_theme(theme)) >= 6 for theme in KLUBNACHT_THEMES)
    assert len(data.in_theme(CHARACTERS)) >= 3


def test_every_album_text_exists_in_de_en_fr_pt() -> None:
    data = catalogue()
    for motif in data.motifs.values():
        assert all(motif.name.get(lang).strip() for lang in LANGUAGES)
    for task in data.tasks.values():
        assert set(task.text) == set(LANGUAGES)
        assert all("{n}" in task.text[lang].other for lang in LANGUAGES)


@pytest.mark.parametrize("season", EVERY_MONTH_THROUGH_2027, ids=str)
def test_every_month_through_2027_has_a_data_file_with_9_cards(season: Season) -> None:
    month = album_month(season)
    assert month.month == season.key
    assert len(month.cards) == CARDS_PER_MONTH
    assert [card.tiers for card in month.cards] == [
        catalogue().tasks[card.task].tiers for card in month.cards
    ]


def test_the_motifs_change_from_month_to_month() -> None:
    months = [album_month(season) for season in EVERY_MONTH_THROUGH_2027]
    motif_sets = [{card.motif for card in month.cards} for month in months]
    assert all(a != b for a, b in itertools.pairwise(motif_sets))
    assert [month.theme for month in months[:3]] == [
        theme_of(s) for s in EVERY_MONTH_THROUGH_2027[:3]
    ]
    assert len({month.theme for month in months[:3]}) == 3


def test_the_generator_is_seeded_by_the_month() -> None:
    assert generate_month(Season(2028, 4)) == generate_month(Season(2028, 4))
    assert generate_month(Season(2028, 4)) != generate_month(Season(2028, 5))


def test_a_generated_month_follows_the_card_layout() -> None:
    data = catalogue()
    for season in seasons_between(Season(2028, 1), Season(2029, 12)):
        month = generate_month(season)
        motifs = [data.motifs[card.motif] for card in month.cards]
        tasks = [data.tasks[card.task] for card in month.cards]
        assert [m.theme for m in motifs] == [month.theme] * 6 + [CHARACTERS] * 3
        assert tasks[0].key == "any_games"
        assert tasks[1].pool == "any"
        assert sorted(t.pool for t in tasks[2:6]) == ["klubnacht"] * 3 + ["klubnacht_chip"]
        assert [t.pool for t in tasks[6:]] == ["challengers"] * 3
        assert len({t.key for t in tasks}) == CARDS_PER_MONTH


def test_a_month_without_a_file_comes_from_the_generator() -> None:
    assert album_month(Season(2031, 7)) == generate_month(Season(2031, 7))


def test_month_files_round_trip() -> None:
    month = generate_month(Season(2026, 11))
    assert MonthDef.model_validate(json.loads(month_json(month))) == month


def test_a_month_naming_an_unknown_motif_is_a_clear_error() -> None:
    month = generate_month(Season(2026, 11))
    broken = month.model_copy(
        update={"cards": (month.cards[0].model_copy(update={"motif": "nope"}), *month.cards[1:])}
    )
    with pytest.raises(AlbumDataError, match=r"album 2026-11, card 1: unknown motif 'nope'"):
        check_against(broken, catalogue())


def test_a_month_needs_nine_distinct_cards() -> None:
    month = generate_month(Season(2026, 11)).model_dump()
    month["cards"] = month["cards"][:8]
    with pytest.raises(ValueError, match="a month has 9 cards, not 8"):
        MonthDef.model_validate(month)


def test_a_task_asking_for_an_unknown_fact_is_a_clear_error() -> None:
    raw = _raw_catalogue()
    raw["tasks"]["kn_wins"]["when"] = {"wonn": True}
    with pytest.raises(AlbumDataError, match=r"unknown fact 'wonn'"):
        build_catalogue(raw, "test")


def test_a_task_asking_for_a_fact_of_the_wrong_type_is_a_clear_error() -> None:
    raw = _raw_catalogue()
    raw["tasks"]["kn_wins"]["when"] = {"chip": True}
    with pytest.raises(AlbumDataError, match=r"fact 'chip' is a str, not a bool"):
        build_catalogue(raw, "test")


def test_a_missing_translation_is_a_clear_error() -> None:
    raw = _raw_catalogue()
    del raw["motifs"]["dj_moth"]["name"]["pt"]
    with pytest.raises(AlbumDataError, match=r"motifs\.dj_moth\.name\.pt"):
        build_catalogue(raw, "test")


def test_tier_thresholds_must_rise() -> None:
    raw = _raw_catalogue()
    raw["tasks"]["kn_wins"]["tiers"] = [1, 3, 3, 5]
    with pytest.raises(AlbumDataError, match="strictly rising"):
        build_catalogue(raw, "test")
