// A player's standing choices, and the decisions they answer without a click. The engine keeps
// every decision point (a concession point, a strike with one target...); the client answers
// some of them from what the player chose beforehand, only with one of the prompt's options,
// and each such answer is written in the log ("automatically: ..."). Pure: no storage, no
// sending (autoplay.ts does those).
//
// - Concession (9.4, errata 2.5.6): a concession point (decision battle_may_concede) is
//   answered "fight on" unless the player pressed the standing Concede button; once pressed
//   (and confirmed), the first decision of theirs that offers Concede concedes. Both can be
//   turned off: then every concession point is asked, as before.
// - Strike: when every strike left is a strike in contact (13: it must be made) at one and the
//   same target, each striker with one way to strike it (no penalty to choose, errata 12.4),
//   and the phase cannot end yet.
// - Skip: a decision whose only option (besides conceding or withdrawing, always there) ends
//   the phase or the step.
// - Recruit: a legion offered exactly one recruit (one creature, one way to show it, 18.4)
//   musters it, unless another legion wants the caretaker's last one of it.
import type { Action, BattleStep, Muster, PlayerView, Prompt, Strike } from "../wire";

export interface Prefs {
  /** Answer concession points "fight on" unless Concede was pressed (on by default). */
  fightOn: boolean;
  autoStrike: boolean;
  skipEmpty: boolean;
  autoRecruit: boolean;
}

export const DEFAULT_PREFS: Prefs = { fightOn: true, autoStrike: false, skipEmpty: false, autoRecruit: false };

export const PREF_LABELS: Record<keyof Prefs, string> = {
  fightOn: "Fight on at concession points unless I press Concede",
  autoStrike: "Strike automatically when there is one target and nothing to choose",
  skipEmpty: "Skip a phase when ending it is the only choice",
  autoRecruit: "Recruit automatically when exactly one recruit is offered",
};

export interface Planned {
  action: Action;
  /** The log's line, after "automatically: ". */
  note: string;
}

/** The engagement a standing concession was asked for (it lapses with it). */
export function engagementKey(view: PlayerView): string | null {
  const eng = view.engagement;
  return eng && eng.how === null ? `${view.turn}:${eng.land}:${eng.attacker}:${eng.defender}` : null;
}

/** May this seat press the standing Concede button now: it takes part in an undecided
 * engagement (the concession itself waits for the next point the rules give, 9.4). */
export function mayConcedeLater(view: PlayerView): boolean {
  const eng = view.engagement;
  return (
    !!eng &&
    eng.how === null &&
    view.you !== null &&
    (view.you === eng.attacker_owner || view.you === eng.defender_owner)
  );
}

const POINT_RULE: Partial<Record<BattleStep, string>> = {
  attacker_may_concede: "errata 2.5.6.2",
  defender_may_concede: "errata 2.5.6.3",
  drift_concede: "errata 9.4, 11.7",
  may_concede_before_counter: "errata 2.5.6.4.1.5",
  ending_concede: "errata 2.5.6.4.1.8.1",
};

const ENDS = new Set<Action["type"]>(["end_phase", "done_splitting", "done_moving", "done_mustering"]);
const ALWAYS = new Set<Action["type"]>(["concede", "withdraw"]);

const ENDED: Record<string, string> = {
  split: "ended the split phase: no legion to split",
  move: "ended the movement phase: no legion can move",
  muster: "ended the muster phase: no legion can muster",
  maneuver: "ended the maneuver phase: no character can move",
  strike: "ended the strike phase: nothing to strike",
  counterstrike: "ended the strike-back: nothing to strike back",
};

function of<K extends Action["type"]>(prompt: Prompt, kind: K): Array<Extract<Action, { type: K }>> {
  return prompt.options.filter((o): o is Extract<Action, { type: K }> => o.type === kind);
}

function fighterName(view: PlayerView, hex: string): string {
  return view.engagement?.battle?.fighters.find((f) => f.hex === hex && !f.gone)?.name ?? hex;
}

/** The one strike left to make when striking is no choice at all (see the header). */
export function forcedStrike(prompt: Prompt): Strike | null {
  if (prompt.kind !== "strike" && prompt.kind !== "counterstrike") return null;
  if (of(prompt, "end_phase").length) return null; // the phase may end: striking is a choice
  const strikes = of(prompt, "strike");
  const first = strikes[0];
  if (!first || strikes.some((s) => s.ranged || s.target !== first.target)) return null;
  const strikers = new Set(strikes.map((s) => s.frm));
  return strikers.size === strikes.length ? first : null;
}

/** Musters of legions offered exactly one recruit, which no other legion competes for. */
export function forcedRecruit(prompt: Prompt, view: PlayerView): Muster | null {
  if (prompt.kind !== "muster") return null;
  const byLegion = new Map<string, Muster[]>();
  for (const m of of(prompt, "muster")) byLegion.set(m.legion, [...(byLegion.get(m.legion) ?? []), m]);
  const wanted = new Map<string, number>();
  for (const ms of byLegion.values())
    for (const c of new Set(ms.map((m) => m.creature))) wanted.set(c, (wanted.get(c) ?? 0) + 1);
  for (const ms of byLegion.values()) {
    const only = ms[0];
    if (ms.length !== 1 || !only) continue;
    if ((view.caretaker[only.creature] ?? 0) >= (wanted.get(only.creature) ?? 0)) return only;
  }
  return null;
}

/** The answer this seat's standing choices give to its prompt, or null: the player decides. */
export function plan(prompt: Prompt, view: PlayerView, prefs: Prefs, conceding: boolean): Planned | null {
  const concede = of(prompt, "concede")[0];
  // Offered a concession, the player is asked even when conceding: accepting it may be better.
  if (conceding && concede && prompt.kind !== "concession_offered") {
    return { action: concede, note: "conceded, as you asked (9.4)" };
  }
  const step = view.engagement?.battle?.step;
  const decline = of(prompt, "decline")[0];
  if (prompt.kind === "battle_may_concede" && prefs.fightOn && decline && step) {
    const when = step === "ending_concede" ? "let the battle end" : "fought on";
    return { action: decline, note: `${when}, no concession (${POINT_RULE[step] ?? "9.4"})` };
  }
  const strike = prefs.autoStrike ? forcedStrike(prompt) : null;
  if (strike) {
    return {
      action: strike,
      note: `${fighterName(view, strike.frm)} (${strike.frm}) strikes ${fighterName(view, strike.target)} (${strike.target}): ${strike.dice} dice, strike number ${strike.strike_number}`,
    };
  }
  const recruit = prefs.autoRecruit ? forcedRecruit(prompt, view) : null;
  if (recruit) {
    const shown = recruit.reveal.length ? `, showing ${recruit.reveal.join(", ")}` : "";
    return { action: recruit, note: `mustered ${recruit.creature} in ${recruit.legion}${shown}` };
  }
  const choices = prompt.options.filter((o) => !ALWAYS.has(o.type));
  const only = choices[0];
  if (prefs.skipEmpty && choices.length === 1 && only && ENDS.has(only.type)) {
    return { action: only, note: ENDED[prompt.kind] ?? `ended the ${prompt.kind} step: nothing to decide` };
  }
  return null;
}
