// What the masterboard decisions allow, read from the prompt's options only (never invented):
// which legions may act, where the selected legion may go, and how one click becomes an action
// or an offer of several (entry sides, teleports).
import type { VariantData } from "../../variant";
import type { Move, Prompt } from "../../wire";
import { optionsOf, type Ui } from "../ui";

export function terrainOf(variant: VariantData, land: number): string {
  return variant.masterboard.lands.find((l) => l.label === land)?.terrain ?? "?";
}

export function landName(variant: VariantData, land: number): string {
  return `${land} (${terrainOf(variant, land)})`;
}

/** The legions the prompt lets act (move, split, muster, summon from): to mark on the board. */
export function actingLegions(prompt: Prompt | null): Set<string> {
  const out = new Set<string>();
  if (!prompt) return out;
  if (prompt.kind === "move") optionsOf(prompt, "move").forEach((m) => out.add(m.legion));
  if (prompt.kind === "split") optionsOf(prompt, "split").forEach((s) => out.add(s.legion));
  if (prompt.kind === "muster") optionsOf(prompt, "muster").forEach((m) => out.add(m.legion));
  return out;
}

/** The legal moves of one legion, by destination land. */
export function movesByLand(prompt: Prompt | null, legion: string | null): Map<number, Move[]> {
  const out = new Map<number, Move[]>();
  if (!legion) return out;
  for (const m of optionsOf(prompt, "move")) {
    if (m.legion !== legion) continue;
    const list = out.get(m.land) ?? [];
    list.push(m);
    out.set(m.land, list);
  }
  return out;
}

/** One move in words, for choosing among the moves into the same land. */
export function moveChoiceLabel(m: Move): string {
  const how =
    m.teleport === "tower"
      ? `Tower teleport (8.1), revealing ${m.lord ?? "a lord"}`
      : m.teleport === "titan"
        ? "Titan teleport (8.2)"
        : "Normal move";
  // The entry side decides where the attacker enters the battleland (10.1).
  return m.side ? `${how}, entering from the ${m.side}` : how;
}

/** A click on a destination: one legal move acts at once; several are offered to choose. */
export function chooseMove(ui: Ui, legion: string, land: number): void {
  const moves = movesByLand(ui.prompt, legion).get(land) ?? [];
  const only = moves[0];
  if (moves.length === 1 && only) {
    ui.act(only);
  } else if (moves.length > 1) {
    ui.setOffer({
      title: `Move ${legion} to land ${landName(ui.variant, land)}: how?`,
      choices: moves.map((m) => ({ label: moveChoiceLabel(m), action: m })),
    });
  }
}

/** The legion the decision is about: the selection if it may act, else the only one that may. */
export function focusLegion(selected: string | null, eligible: string[]): string | null {
  if (selected && eligible.includes(selected)) return selected;
  return eligible.length === 1 ? (eligible[0] ?? null) : null;
}

/** Two lists of names are the same characters, in any order (a multiset). */
export function sameCharacters(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((n, i) => n === y[i]);
}
