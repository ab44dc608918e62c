// Stepping through a replay by action, by phase and by turn, from the index's outlines alone
// (no view needed): a phase is a run of steps with the same game turn, player, masterboard phase
// and, in a battle, the same battle turn, side and kind of step (maneuvering or striking).
import type { BattleStep } from "../wire";
import type { StepOutline } from "./replayApi";

export type Unit = "action" | "phase" | "turn";

const STRIKING: ReadonlySet<BattleStep> = new Set([
  "strike",
  "counterstrike",
  "carry",
  "may_concede_before_counter",
  "drift_concede",
]);

function battleKey(o: StepOutline): string {
  const b = o[4];
  if (!b) return "";
  return `${b[0]}/${b[1]}/${b[2] === "maneuver" ? "maneuver" : STRIKING.has(b[2]) ? "strike" : b[2]}`;
}

export function keyOf(o: StepOutline | undefined, unit: Unit): string {
  if (!o) return "";
  if (unit === "turn") return String(o[0]);
  if (unit === "phase") return `${o[0]}/${o[2]}/${o[1]}/${battleKey(o)}`;
  return "";
}

/** Does a new phase (turn) begin at step n? Every step begins a new "action". */
function begins(steps: StepOutline[], n: number, unit: Unit): boolean {
  return n === 0 || unit === "action" || keyOf(steps[n], unit) !== keyOf(steps[n - 1], unit);
}

/** The step to go to from `n`, one `unit` forward or back (clamped to the game). */
export function stepBy(steps: StepOutline[], n: number, unit: Unit, forward: boolean): number {
  const last = steps.length - 1;
  if (forward) {
    for (let k = n + 1; k <= last; k++) if (begins(steps, k, unit)) return k;
    return last;
  }
  // Back: to the beginning of this phase, or of the one before if already there.
  for (let k = n - 1; k >= 0; k--) if (begins(steps, k, unit)) return k;
  return 0;
}

/** The first step of game turn `turn` (the last step if the game never reached it). */
export function turnStart(steps: StepOutline[], turn: number): number {
  const k = steps.findIndex((o) => o[0] >= turn);
  return k < 0 ? steps.length - 1 : k;
}

export function lastTurn(steps: StepOutline[]): number {
  return steps[steps.length - 1]?.[0] ?? 1;
}
