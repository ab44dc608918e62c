// Panels of the engagement decisions: flee, negotiate, negotiate_final.
import type { Decision } from "../wire";
import type { PanelSpec } from "./ui";

export const ENGAGEMENT_PANELS: Partial<Record<Decision, PanelSpec>> = {};
