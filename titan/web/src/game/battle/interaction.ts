// What a click on the battleland means now: which characters the player may pick, and which
// hexes answer the pick (legal destinations, strike targets, carry-over targets). The board
// (Battle.tsx) and the decision panels (battlePanels.tsx) share this, so both always agree
// and only the prompt's own options are ever sent.
import type { Action, BattleMove, BattleView, CarryOver, EngagementView, FighterView, Side, Strike } from "../../wire";
import { optionsOf, type Ui } from "../ui";

/** The key of a character, as in data-fighter: "<side>:<name>:<hex or 'off'>". */
export function fighterKey(f: Pick<FighterView, "side" | "name" | "hex">): string {
  return `${f.side}:${f.name}:${f.hex ?? "off"}`;
}

export function parseKey(key: string | null): { side: Side; name: string; hex: string | null } | null {
  if (!key) return null;
  const parts = key.split(":");
  if (parts.length !== 3) return null;
  const [side, name, at] = parts as [string, string, string];
  if (side !== "attacker" && side !== "defender") return null;
  return { side, name, hex: at === "off" ? null : at };
}

/** The side a player fights on in this engagement, if any. */
export function sideOf(eng: EngagementView, player: number | null): Side | null {
  if (player === eng.attacker_owner) return "attacker";
  if (player === eng.defender_owner) return "defender";
  return null;
}

/** The fighter standing on a hex (slain ones stay there until the phase ends, 13.6). */
export function fighterAt(battle: BattleView, hex: string): FighterView | undefined {
  return battle.fighters.find((f) => f.hex === hex && !f.gone);
}

export function fighterName(battle: BattleView, hex: string): string {
  return fighterAt(battle, hex)?.name ?? hex;
}

export interface Interaction {
  /** Keys of the characters the player may pick now. */
  pickable: Set<string>;
  /** The picked character, if it is one of them. */
  picked: string | null;
  /** Hex -> the options a click there answers. */
  targets: Map<string, Action[]>;
}

function group<A extends Action>(items: A[], by: (a: A) => string | undefined): Map<string, Action[]> {
  const out = new Map<string, Action[]>();
  for (const a of items) {
    const k = by(a);
    if (k === undefined) continue;
    const list = out.get(k) ?? [];
    list.push(a);
    out.set(k, list);
  }
  return out;
}

export function movesOf(ui: Ui): BattleMove[] {
  return optionsOf(ui.prompt, "battle_move");
}

export function strikesOf(ui: Ui): Strike[] {
  return optionsOf(ui.prompt, "strike");
}

export function carriesOf(ui: Ui): CarryOver[] {
  return optionsOf(ui.prompt, "carry_over");
}

export function interaction(ui: Ui, battle: BattleView): Interaction {
  const eng = ui.view.engagement;
  const kind = ui.prompt?.kind;
  const none: Interaction = { pickable: new Set(), picked: null, targets: new Map() };
  if (!eng || !ui.prompt) return none;
  const side = sideOf(eng, ui.prompt.player);
  if (kind === "maneuver" && side) {
    // 11: a character on the board moves from its hex; one off the board enters (frm null).
    const moves = movesOf(ui);
    const pickable = new Set(moves.map((m) => fighterKey({ side, name: m.name, hex: m.frm })));
    const picked = ui.selected && pickable.has(ui.selected) ? ui.selected : null;
    const p = parseKey(picked);
    const mine = p ? moves.filter((m) => m.name === p.name && m.frm === p.hex) : [];
    return { pickable, picked, targets: group(mine, (m) => m.to) };
  }
  if ((kind === "strike" || kind === "counterstrike") && side) {
    const strikes = strikesOf(ui);
    const pickable = new Set<string>();
    for (const s of strikes) {
      const f = fighterAt(battle, s.frm);
      if (f) pickable.add(fighterKey(f));
    }
    const picked = ui.selected && pickable.has(ui.selected) ? ui.selected : null;
    const p = parseKey(picked);
    const mine = p ? strikes.filter((s) => s.frm === p.hex) : [];
    return { pickable, picked, targets: group(mine, (s) => s.target) };
  }
  if (kind === "carry_over") {
    // Errata 12.4: a click on a hex answers the allocations that begin with it.
    return { pickable: new Set(), picked: null, targets: group(carriesOf(ui), (c) => c.to[0]) };
  }
  return none;
}

/** A hex was clicked: act if it answers one option, offer the choice if several, otherwise
 * pick (or drop) the character there. */
export function clickHex(ui: Ui, battle: BattleView, it: Interaction, hex: string): void {
  const answers = it.targets.get(hex);
  if (answers && answers.length > 0) {
    choose(ui, battle, answers);
    return;
  }
  const f = fighterAt(battle, hex);
  const key = f ? fighterKey(f) : null;
  pick(ui, it, key);
}

export function pick(ui: Ui, it: Interaction, key: string | null): void {
  ui.setOffer(null);
  ui.select(key && it.pickable.has(key) && key !== it.picked ? key : null);
}

export function choose(ui: Ui, battle: BattleView, answers: Action[]): void {
  const [first] = answers;
  if (!first) return;
  if (answers.length === 1) {
    ui.act(first);
    return;
  }
  if (first.type === "strike") {
    const strikes = answers.filter((a): a is Strike => a.type === "strike");
    ui.setOffer({
      title: `${fighterName(battle, first.frm)} strikes ${fighterName(battle, first.target)} (${first.target}): which way?`,
      choices: strikes.map((s) => ({ label: strikeLabel(s, strikes), action: s })),
    });
  } else if (first.type === "carry_over") {
    ui.setOffer({
      title: "Carry the excess hits to:",
      choices: answers.map((a) => ({ label: a.type === "carry_over" ? carryLabel(battle, a) : a.type, action: a })),
    });
  } else {
    ui.setOffer({ title: "Which one?", choices: answers.map((a) => ({ label: a.type, action: a })) });
  }
}

/** Errata 11.7, 12.4: fewer dice or a higher strike number, declared before the roll, lets the
 * excess hits carry over to a character the plain strike could not reach. The plain strike
 * is the one with the most dice and the lowest strike number among those at the same target. */
export function strikeLabel(s: Strike, all: Strike[]): string {
  const how = s.ranged ? "Rangestrike" : "Strike";
  const base = `${how}: ${s.dice} ${s.dice === 1 ? "die" : "dice"}, strike number ${s.strike_number}`;
  if (s.ranged) return `${base} (no carry-over, 12.1)`;
  const peers = all.filter((o) => !o.ranged && o.target === s.target && o.frm === s.frm);
  if (peers.length < 2) return base;
  const maxDice = Math.max(...peers.map((o) => o.dice));
  const minSn = Math.min(...peers.map((o) => o.strike_number));
  const plain = s.dice === maxDice && s.strike_number === minSn;
  return plain ? `${base} (no penalty; carry-over only where allowed)` : `${base} (penalty: carry-over allowed)`;
}

export function carryLabel(battle: BattleView, c: CarryOver): string {
  if (c.to.length === 0) return "Let the excess hits go";
  return `To ${c.to.map((h) => `${fighterName(battle, h)} (${h})`).join(", then ")}`;
}
