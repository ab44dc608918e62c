// Panels of the masterboard decisions: split, move, muster, keep marker, engage, summon, reinforce, acquire.
import type { Decision } from "../wire";
import type { PanelSpec } from "./ui";

export const MASTER_PANELS: Partial<Record<Decision, PanelSpec>> = {};
