// What each battleland hazard does, for the hex's tooltip: the hazard chart of the rules
// (11.7; drift damage as docs/rules-decisions.md decides it; the Warlock's exception, 13.5),
// in short, with the characters native to it taken from the variant's data.
import type { CharacterData, Hexside } from "../../variant";

const HEX_EFFECTS: Record<string, string> = {
  plain: "",
  tower: "Tower: no effect of its own; its walls are on its sides.",
  bramble:
    "Bramble: non-natives are slowed entering it (11.5) and strike out of it with 1 less skill; a native in it is harder to hit (+1 strike number) for a non-native striker or rangestriker; a non-native rangestrike loses 1 skill per bramble hex in between.",
  drift:
    "Drift: non-natives are slowed entering it, and take 1 hit at the start of their side's strike phase while in it (they may still strike).",
  sand: "Sand: non-flying non-natives are slowed entering it.",
  tree: "Tree: no non-flyer may enter, no flyer may stop on it, and no rangestrike passes through it (except a Warlock's, 13.5).",
  volcano:
    "Volcano: only Dragons may enter; a Dragon here strikes and rangestrikes with 2 extra dice and is harder to rangestrike (+1 strike number).",
  bog: "Bog: non-flying non-natives may not enter; flying non-natives may not stop on it.",
};

const SIDE_EFFECTS: Record<string, string> = {
  wall: "Wall: moving up across it slows non-flyers; striking down across it gains 1 skill, up across it loses 1; a rangestrike loses 1 skill per wall crossed going up, and crosses one wall only to or from the hex atop it.",
  slope:
    "Slope: moving up across it slows non-flying non-natives; a native striking down across it adds 1 die, a non-native striking up across it loses 1 skill; a rangestrike crosses one or two slopes only with the striker or the target atop one of them, three only with one atop the first and the other atop the third.",
  cliff:
    "Cliff: non-flyers may not cross it; characters across it are not in contact and cannot strike; a rangestrike crosses it only with one end atop it and the other not at its foot.",
  dune: "Dune: a native striking down across it adds 2 dice, a non-native striking up across it loses 1 die; no carry-over up across it; a rangestrike crosses one dune only to or from the dune's hex.",
};

/** The characters native to a hazard (the variant's "natives"), or "" when none are. */
function nativesOf(hazard: string, characters: CharacterData[]): string {
  const names = characters.filter((c) => c.natives.includes(hazard)).map((c) => c.name);
  return names.length ? ` Native: ${names.join(", ")}.` : "";
}

/** A battle hex's tooltip: its label, terrain and height, then what its terrain and each
 * hazard on its sides does (this hex atop the hazard, or at its foot). */
export function hexTooltip(
  label: string,
  terrain: string,
  elevation: number,
  sides: Hexside[],
  characters: CharacterData[],
): string {
  const lines = [`${label}: ${terrain}${elevation ? `, elevation ${elevation}` : ""}`];
  const own = HEX_EFFECTS[terrain];
  if (own) lines.push(own + nativesOf(terrain, characters));
  const seen = new Set<string>();
  for (const side of sides) {
    if (!side) continue;
    const [hazard, top] = side;
    const key = `${hazard}${top}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const where = top ? "this hex is atop it" : "this hex is at its foot";
    lines.push(`${SIDE_EFFECTS[hazard] ?? hazard} (${where}.)${nativesOf(hazard, characters)}`);
  }
  return lines.join("\n");
}
