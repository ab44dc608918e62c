// Player colours: the game's six colours (4.2), always shown with a text label too. Chosen to
// stand out from every terrain of the masterboard (TERRAIN_FILL below) and from each other, by
// colour difference (CIELAB, at least 30 each): no colour can also differ in luminance from
// both the light and the dark terrains, so the markers carry a black line inside a white halo
// (MARKER_EDGE), whose better half has a WCAG contrast of at least 3:1 on every terrain; the
// lettering on a marker has at least 4.5:1 on its fill. tests/web/test_colours.py checks all
// three. (The earlier Okabe-Ito tones put an orange "Red" on the orange Mountains.)

export interface ColourStyle {
  fill: string;
  text: string;
  label: string;
}

export const COLOURS: Record<string, ColourStyle> = {
  Black: { fill: "#1b1b1b", text: "#ffffff", label: "Black" },
  Blue: { fill: "#1f5fd6", text: "#ffffff", label: "Blue" },
  Brown: { fill: "#5c3310", text: "#ffffff", label: "Brown" },
  Gold: { fill: "#ffd21f", text: "#000000", label: "Gold" },
  Green: { fill: "#00c853", text: "#000000", label: "Green" },
  Red: { fill: "#d7191c", text: "#ffffff", label: "Red" },
};

/** A marker's outline: a dark line inside a light halo, so it shows on dark and light lands. */
export const MARKER_EDGE = { line: "#000000", halo: "#ffffff" };

const PREFIX: Record<string, string> = { Bk: "Black", Bu: "Blue", Br: "Brown", Gd: "Gold", Gr: "Green", Rd: "Red" };

export function colourOfMarker(marker: string): string | undefined {
  return PREFIX[marker.slice(0, 2)];
}

export function styleOf(colour: string | null | undefined): ColourStyle {
  return (colour && COLOURS[colour]) || { fill: "#888888", text: "#000000", label: "no colour yet" };
}

export const TERRAIN_FILL: Record<string, string> = {
  Plains: "#e8d98a",
  Woods: "#7fb069",
  Brush: "#a3b86c",
  Hills: "#c89b5e",
  Jungle: "#3f8f4f",
  Desert: "#f0c987",
  Marsh: "#8a9a7b",
  Swamp: "#5b7065",
  Mountains: "#b5651d",
  Tundra: "#cfe3ea",
  Tower: "#d9d9d9",
};
