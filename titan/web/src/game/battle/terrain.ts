// How battleland hexes and hexsides look (rules 11.1-11.6 and the battleland charts): a fill
// and a short name for each hex terrain, a stroke for each hexside hazard.

export interface HexLook {
  fill: string;
  /** Shown in the hex, since colour alone must never carry the meaning. */
  name: string;
  text: string;
}

export const HEX_LOOK: Record<string, HexLook> = {
  plain: { fill: "#f1e7c4", name: "", text: "#5a4a1a" },
  bramble: { fill: "#8db255", name: "Bramble", text: "#1f3300" },
  drift: { fill: "#e4f1f7", name: "Drift", text: "#2b5a70" },
  sand: { fill: "#f3cf7a", name: "Sand", text: "#6b4a00" },
  tree: { fill: "#4f8a45", name: "Tree", text: "#ffffff" },
  volcano: { fill: "#c8442c", name: "Volcano", text: "#ffffff" },
  bog: { fill: "#7d8450", name: "Bog", text: "#ffffff" },
  tower: { fill: "#bdbab2", name: "Tower", text: "#2b2b2b" },
};

export function hexLook(terrain: string): HexLook {
  return HEX_LOOK[terrain] ?? { fill: "#dddddd", name: terrain, text: "#000000" };
}

export interface HazardLook {
  stroke: string;
  width: number;
  dash?: string;
}

export const HAZARD_LOOK: Record<string, HazardLook> = {
  wall: { stroke: "#4a4a4a", width: 6 },
  slope: { stroke: "#8c5a2b", width: 4 },
  cliff: { stroke: "#3b2412", width: 7 },
  dune: { stroke: "#d08a1e", width: 5, dash: "7 4" },
};

export function hazardLook(hazard: string): HazardLook {
  return HAZARD_LOOK[hazard] ?? { stroke: "#000000", width: 4 };
}
