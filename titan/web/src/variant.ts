// The variant's data as the server publishes it (/api/variants/{name}): the files of
// titan/variants/<name>/, from which the boards are drawn. Their "about" texts explain them.
import type { EntrySide } from "./wire";

export type ExitSign = "block" | "arch" | "arrow" | "arrows";

export interface MasterLand {
  label: number;
  terrain: string;
  col: number;
  row: number;
  label_side: number;
  /** [to, sign, side of this land, attacker entry side in the land entered] */
  exits: Array<[number, ExitSign, number, string]>;
}

export interface Masterboard {
  about: string;
  towers: number[];
  lands: MasterLand[];
}

/** [hazard, whether this hex is the top of it] per side 0 up .. 5 upper left, or null. */
export type Hexside = [string, boolean] | null;

export interface BattleHexData {
  terrain: string;
  elevation: number;
  hexsides?: Hexside[];
}

export interface Battlelands {
  about: string;
  entry: Record<EntrySide, { attacker: string[]; defender: string[] }>;
  tower: { attacker: string[]; defender_deploys: string[]; defender_reinforcement: string[] };
  maps: Record<string, { hexes: Record<string, BattleHexData> }>;
}

export interface CharacterData {
  name: string;
  class: "lord" | "demilord" | "creature";
  power: number;
  skill: number;
  flies: boolean;
  rangestrikes: boolean;
  magic_missile: boolean;
  count: number;
  natives: string[];
}

export interface Recruits {
  about: string;
  chains: Record<string, Array<[string, number | null]>>;
  tower: unknown;
}

export interface VariantData {
  masterboard: Masterboard;
  battlelands: Battlelands;
  characters: { about: string; characters: CharacterData[]; starting_legion: Record<string, number> };
  recruits: Recruits;
}

const cache = new Map<string, Promise<VariantData>>();

export function loadVariant(name: string): Promise<VariantData> {
  let p = cache.get(name);
  if (!p) {
    p = fetch(`/api/variants/${encodeURIComponent(name)}`).then((r) => {
      if (!r.ok) throw new Error(`variant ${name}: HTTP ${r.status}`);
      return r.json() as Promise<VariantData>;
    });
    cache.set(name, p);
  }
  return p;
}

export function character(v: VariantData, name: string): CharacterData | undefined {
  return v.characters.characters.find((c) => c.name === name);
}
