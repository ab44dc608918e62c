// Player colours: the game's six colours (4.2), drawn in tones that stay distinguishable with
// the common colour-vision deficiencies (after the Okabe-Ito palette), always with a text label.

export interface ColourStyle {
  fill: string;
  text: string;
  label: string;
}

export const COLOURS: Record<string, ColourStyle> = {
  Black: { fill: "#222222", text: "#ffffff", label: "Black" },
  Blue: { fill: "#0072B2", text: "#ffffff", label: "Blue" },
  Brown: { fill: "#8C510A", text: "#ffffff", label: "Brown" },
  Gold: { fill: "#E69F00", text: "#000000", label: "Gold" },
  Green: { fill: "#009E73", text: "#ffffff", label: "Green" },
  Red: { fill: "#D55E00", text: "#ffffff", label: "Red" },
};

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
