"""GET /api/variants/{name}/musters: the recruit chart's highlights, answered by the engine's
rules query (18.3, 18.5), and refused clearly for what is not a legion."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.server.inproc import running
from titan.rules import muster_options
from titan.variant import load


@pytest.mark.rules("18.3", "18.5")
@pytest.mark.parametrize(
    ("legion", "titan_variant"),
    [
        ("", False),
        ("Titan,Angel,Ogre,Ogre,Centaur,Centaur,Gargoyle", False),
        ("Ogre,Ogre,Troll,Troll", False),
        ("Lion,Lion,Lion", True),
        ("Warlock,Cyclops,Cyclops", False),
    ],
)
def test_each_terrain_offers_what_the_rules_query_says(
    tmp_path: Path, legion: str, titan_variant: bool
) -> None:
    variant = load("default")
    names = [n for n in legion.split(",") if n]
    with running(tmp_path) as client:
        r = client.get(
            "/api/variants/default/musters",
            params={"legion": legion, "titan_variant": str(titan_variant).lower()},
        )
    assert r.status_code == 200, r.text
    terrains = r.json()["terrains"]
    assert set(terrains) == {land.terrain for land in variant.masterboard.lands.values()}
    for terrain, recruits in terrains.items():
        want = muster_options(variant, terrain, names, titan_variant=titan_variant)
        assert recruits == sorted(want), terrain


def test_a_full_legion_musters_nothing(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        r = client.get("/api/variants/default/musters", params={"legion": "Ogre," * 7})
    assert r.status_code == 200
    assert all(not recruits for recruits in r.json()["terrains"].values())


@pytest.mark.parametrize(
    ("path", "params", "status", "words"),
    [
        ("/api/variants/nosuch/musters", {}, 404, "no variant"),
        ("/api/variants/default/musters", {"legion": "Ogre,Orc"}, 422, "no character"),
        ("/api/variants/default/musters", {"legion": "Ogre," * 8}, 422, "at most 7"),
        ("/api/variants/default/musters", {"legion": "x" * 500}, 422, ""),
        ("/api/variants/default/musters", {"legion": "Ogre\x00"}, 422, "no character"),
        ("/api/variants/default/musters", {"titan_variant": "maybe"}, 422, ""),
    ],
)
def test_what_is_not_a_legion_is_refused(
    tmp_path: Path, path: str, params: dict[str, str], status: int, words: str
) -> None:
    with running(tmp_path) as client:
        r = client.get(path, params=params)
    assert r.status_code == status, r.text
    assert words in r.text
