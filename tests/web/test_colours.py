"""The players' colours against the masterboard's terrains (titan/web/src/colours.ts), by the
WCAG 2.1 formulas: a marker must stand out on every land and from the other players' markers.

No colour differs in luminance from both the light lands (Tundra, Plains) and the dark ones
(Swamp, Jungle), so a marker's shape is carried by its outline (a dark line inside a light
halo: one of the two has at least 3:1 against every terrain, WCAG 1.4.11), and its colour must
differ from every terrain and every other player's colour in hue and lightness together
(CIELAB distance). The lettering on a marker has at least 4.5:1 (WCAG 1.4.3)."""

from __future__ import annotations

import re
from itertools import combinations
from pathlib import Path

import pytest

COLOURS_TS = Path(__file__).resolve().parents[2] / "titan/web/src/colours.ts"
HEX = r'"(#[0-9a-fA-F]{6})"'


def _source() -> str:
    return COLOURS_TS.read_text("utf-8")


def _block(name: str) -> str:
    match = re.search(rf"export const {name}\b[^=]*=\s*\{{(.*?)\n\}};", _source(), re.S)
    assert match, f"{name} not found in colours.ts"
    return match.group(1)


def players() -> dict[str, tuple[str, str]]:
    """Colour name -> (fill, lettering)."""
    found = re.findall(rf"(\w+): \{{ fill: {HEX}, text: {HEX}", _block("COLOURS"))
    return {name: (fill, text) for name, fill, text in found}


def terrains() -> dict[str, str]:
    return dict(re.findall(rf"(\w+): {HEX}", _block("TERRAIN_FILL")))


def marker_edge() -> tuple[str, str]:
    match = re.search(rf"MARKER_EDGE = \{{ line: {HEX}, halo: {HEX} \}}", _source())
    assert match, "MARKER_EDGE not found in colours.ts"
    return match.group(1), match.group(2)


def _channels(colour: str) -> tuple[float, float, float]:
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return lin[0], lin[1], lin[2]


def luminance(colour: str) -> float:
    """WCAG 2.1 relative luminance."""
    r, g, b = _channels(colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG 2.1 contrast ratio, 1 to 21."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def lab(colour: str) -> tuple[float, float, float]:
    r, g, b = _channels(colour)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def distance(a: str, b: str) -> float:
    """CIE76 colour difference (about 2.3 is just noticeable; 30 and more: other colours)."""
    return float(sum((p - q) ** 2 for p, q in zip(lab(a), lab(b), strict=True)) ** 0.5)


def test_the_sources_are_read() -> None:
    assert set(players()) == {"Black", "Blue", "Brown", "Gold", "Green", "Red"}
    assert len(terrains()) == 11


@pytest.mark.parametrize("terrain", sorted(terrains()))
def test_a_markers_outline_has_3_to_1_on_every_terrain(terrain: str) -> None:
    line, halo = marker_edge()
    land = terrains()[terrain]
    assert max(contrast(line, land), contrast(halo, land)) >= 3.0
    # The line shows against the halo too, so the outline is always two-toned.
    assert contrast(line, halo) >= 3.0


@pytest.mark.parametrize("player", sorted(players()))
def test_a_players_colour_differs_from_every_terrain(player: str) -> None:
    fill, _ = players()[player]
    near = {t: round(distance(fill, c)) for t, c in terrains().items()}
    assert min(near.values()) >= 30, near
    # The old orange "Red" (#D55E00) was 20 from the Mountains: it vanished on them.
    assert distance(fill, terrains()["Mountains"]) >= 30


def test_the_players_colours_differ_from_each_other() -> None:
    for (a, (fa, _)), (b, (fb, _)) in combinations(players().items(), 2):
        assert distance(fa, fb) >= 30, (a, b, round(distance(fa, fb)))


@pytest.mark.parametrize("player", sorted(players()))
def test_a_markers_lettering_has_4_5_to_1_on_its_colour(player: str) -> None:
    fill, text = players()[player]
    assert contrast(fill, text) >= 4.5, round(contrast(fill, text), 2)


def test_the_wcag_formula() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
