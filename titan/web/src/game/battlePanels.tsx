// Panels of the battle decisions: maneuver, strike, counterstrike, carry-over, concessions.
import type { Decision } from "../wire";
import type { PanelSpec } from "./ui";

export const BATTLE_PANELS: Partial<Record<Decision, PanelSpec>> = {};
