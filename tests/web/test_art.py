"""The site's pictures: every album motif drawn at every tier, backs, static pieces, the route."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from stammtisch.services.album.catalogue import catalogue
from stammtisch.web.art import (
    TIERS,
    ArtDataError,
    UnknownArtError,
    album_card,
    card_back,
    library,
    motif_keys,
    plain_back,
)
from stammtisch.web.art.library import LIGHTS, check_all, parse_fragment
from stammtisch.web.art.routes import router
from stammtisch.web.errors import install_error_handlers

NS = "{http://www.w3.org/2000/svg}"
STATES: list[str | None] = [None, *TIERS]
STATIC = Path(library.__file__).parent.parent / "static" / "art"
STATIC_FILES = [
    *(f"klubnacht/{m}.svg" for m in ("dj", "bouncer", "bartender", "lights", "sound", "delivery")),
    *(f"klubnacht/{c}.svg" for c in ("free_drink", "triple", "closing_time", "magpie", "sabotage")),
    "klubnacht/classic.svg",
    "klubnacht/chips.svg",
    "klubnacht/coin.svg",
    "klubnacht/stack.svg",
    "challengers/icon.svg",
    "stammtisch.svg",
    "favicon.svg",
]


def check_svg(text: str, prefix: str | None) -> ET.Element:
    """Assert the rules every picture keeps; returns the parsed root."""
    root = ET.fromstring(text)
    assert root.tag == f"{NS}svg"
    assert root.get("viewBox")
    assert root.get("role") == "img"
    title = root.find(f"{NS}title")
    assert title is not None
    assert (title.text or "").strip()
    ids = []
    for node in root.iter():
        tag = node.tag.removeprefix(NS)
        assert tag not in {"style", "script", "foreignObject", "image"}, tag
        assert "style" not in node.attrib
        for attr, value in node.attrib.items():
            assert not attr.lower().startswith("on"), attr
            if attr.endswith("href"):
                assert value.startswith("#"), value
            assert "url(" not in value or re.fullmatch(r"url\(#[\w-]+\)", value), value
        if "id" in node.attrib:
            ids.append(node.attrib["id"])
    assert len(ids) == len(set(ids)), "an id is used twice"
    if prefix is not None:
        assert all(i.startswith(prefix + "-") for i in ids), ids
    refs = set(re.findall(r"url\(#([\w-]+)\)", text)) | set(re.findall(r'href="#([\w-]+)"', text))
    assert refs <= set(ids), refs - set(ids)
    return root


def lights(root: ET.Element) -> int:
    """How many light layers a picture has switched on."""
    return sum(1 for node in root.iter() if node.get("class") in LIGHTS)


def test_every_album_motif_has_art() -> None:
    check_all()
    assert set(motif_keys()) == set(catalogue().motifs)
    assert len(motif_keys()) == 81
    for key in motif_keys():
        assert (library.DATA / "motifs" / f"{key}.svg").is_file(), key


def test_broken_art_names_the_motif() -> None:
    where = "art for motif 'cellar'"
    broken = {
        "<art><g class='base'/></art>": "missing the group(s) lamp, beam, glow",
        "<art><g class='base' style='fill:red'/></art>": "'style' is not allowed",
        "<art><g class='base'><script/></g></art>": "<script> is not allowed",
        "<art><g class='base'><use href='http://x/y.svg#a'/></g></art>": "must be a local #id",
        "<art><g class='base' fill='url(#nope)'/></art>": "refers to no defined id",
        "<art><g class='sky'/></art>": "unexpected <g class='sky'>",
        "<art><g class='base'>": "not well-formed",
    }
    for text, fault in broken.items():
        with pytest.raises(ArtDataError) as error:
            parse_fragment(text, where, library.MOTIF_GROUPS, library.MOTIF_NEEDS)
        assert where in str(error.value)
        assert fault in str(error.value), str(error.value)


def test_missing_drawing_file_names_the_motif(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(library, "DATA", tmp_path)
    library.motif_art.cache_clear()
    try:
        with pytest.raises(ArtDataError, match="art for motif 'knight'"):
            library.motif_art("knight")
    finally:
        library.motif_art.cache_clear()


def test_unknown_motif_or_tier() -> None:
    with pytest.raises(UnknownArtError):
        album_card("no_such_motif", "gold", "x")
    with pytest.raises(UnknownArtError):
        album_card("cellar", "platinum", "x")
    with pytest.raises(UnknownArtError):
        card_back("cellar", "none")


@pytest.mark.parametrize("key", [m.key for m in catalogue().motifs.values()])
def test_every_state_renders_safely_with_more_light_each_tier(key: str) -> None:
    counts = []
    for tier in STATES:
        text = album_card(key, tier, f"{key} <{tier}> & co")
        assert len(text) < 10_000, (key, tier, len(text))
        root = check_svg(text, f"{key}-{tier or 'none'}")
        title = root.find(f"{NS}title")
        assert title is not None
        assert title.text == f"{key} <{tier}> & co"
        counts.append(lights(root))
    assert counts[0] == 0
    assert counts == sorted(set(counts)), counts


@pytest.mark.parametrize("tier", TIERS)
def test_card_backs(tier: str) -> None:
    for key in motif_keys():
        check_svg(card_back(key, tier), f"back-{key}-{tier}")


def test_backs_grow_with_the_tier() -> None:
    counts = [lights(ET.fromstring(card_back("disco_ball", tier))) for tier in TIERS]
    assert counts == sorted(set(counts))


def test_plain_back() -> None:
    check_svg(plain_back(), "plain-back")


def test_cards_inlined_together_keep_their_ids_apart() -> None:
    ids: list[str] = []
    for key in ("cellar", "knight", "dj_owl", "sunrise"):
        for tier in STATES:
            ids += re.findall(r'\bid="([^"]+)"', album_card(key, tier, key))
        ids += re.findall(r'\bid="([^"]+)"', card_back(key, "gold"))
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("name", STATIC_FILES)
def test_static_pictures(name: str) -> None:
    path = STATIC / name
    text = path.read_text(encoding="utf-8")
    assert len(text) < 8_000, (name, len(text))
    check_svg(text, None)


@pytest.fixture
def client() -> Iterator[TestClient]:
    app = FastAPI()
    install_error_handlers(app)
    app.include_router(router)
    with TestClient(app) as test_client:
        yield test_client


def test_route_serves_album_cards(client: TestClient) -> None:
    for tier in ("none", *TIERS):
        response = client.get(f"/art/album/observatory/{tier}.svg", params={"lang": "de"})
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("image/svg+xml")
        assert response.headers["cache-control"] == "public, max-age=86400"
        root = check_svg(response.text, f"observatory-{tier}")
        title = root.find(f"{NS}title")
        assert title is not None
        assert (title.text or "").startswith("Sternwarte")


def test_route_answers_not_modified_for_its_etag(client: TestClient) -> None:
    first = client.get("/art/album/knight/gold.svg")
    etag = first.headers["etag"]
    again = client.get("/art/album/knight/gold.svg", headers={"If-None-Match": etag})
    assert again.status_code == 304


def test_route_serves_backs(client: TestClient) -> None:
    response = client.get("/art/backs/dj_owl/silver.svg")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("image/svg+xml")
    check_svg(response.text, "back-dj_owl-silver")
    plain = client.get("/art/backs/plain.svg")
    assert plain.status_code == 200
    assert "etag" in plain.headers
    check_svg(plain.text, "plain-back")


@pytest.mark.parametrize(
    "path",
    [
        "/art/album/nope/gold.svg",
        "/art/album/cellar/platinum.svg",
        "/art/backs/cellar/none.svg",
        "/art/backs/nope/gold.svg",
    ],
)
def test_route_refuses_unknown_art(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404
    assert response.json()["error"] == "art.unknown"
