// One land of the masterboard: its cut-triangle shape in the terrain's colour, the terrain
// name, the printed number by its label side (10.1), the signs on its long sides, and the
// legions standing in it (drawn inside the land's group so a test or a click finds them there).
import { TERRAIN_FILL } from "../../colours";
import type { MasterLand } from "../../variant";
import type { LegionView } from "../../wire";
import { onActivate } from "../boardKeys";
import { type LandGeometry, pointsAttr } from "./geometry";
import { LegionStack, type MarkerHandlers } from "./Legions";
import { Sign } from "./Signs";

/** Dark fills get light text. */
function isDark(hex: string): boolean {
  const n = Number.parseInt(hex.slice(1), 16);
  const r = (n >> 16) & 255;
  const g = (n >> 8) & 255;
  const b = n & 255;
  return 0.299 * r + 0.587 * g + 0.114 * b < 120;
}

export interface LandProps {
  land: MasterLand;
  g: LandGeometry;
  legions: LegionView[];
  /** A legal destination or target of the current decision. */
  target: boolean;
  /** The engagement under way is here. */
  engaged: boolean;
  onLand: (land: number) => void;
  markers: MarkerHandlers;
}

export function Land(props: LandProps) {
  const { land, g, target } = props;
  const fill = TERRAIN_FILL[land.terrain] ?? "#dddddd";
  const ink = isDark(fill) ? "#ffffff" : "#1b1b1b";
  const legions = props.legions.map((l) => l.marker).join(", ");
  // The land's shape is its button (not the whole <g>: the legions' markers inside it are
  // buttons of their own, and a button's content is not read out as separate controls). A
  // highlighted land is in the Tab order; the others are reached with the arrow keys. (On SVG
  // elements the attribute is `tabindex`: Preact would set `tabIndex` as another attribute.)
  return (
    <g
      class={`land${target ? " target" : ""}`}
      data-land={land.label}
      data-terrain={land.terrain}
      data-target={target ? "" : undefined}
      data-engaged={props.engaged ? "" : undefined}
      style={{ cursor: target ? "pointer" : "default" }}
    >
      <title>{`${land.label} ${land.terrain}`}</title>
      <polygon
        class="land-shape"
        role="button"
        tabindex={target ? 0 : -1}
        aria-label={
          `Land ${land.label}, ${land.terrain}` +
          (target ? ", highlighted" : "") +
          (props.engaged ? ", engagement" : "") +
          (legions ? `, legions ${legions}` : "")
        }
        onClick={() => props.onLand(land.label)}
        onKeyDown={onActivate(() => props.onLand(land.label))}
        points={pointsAttr(g.vertices)}
        fill={fill}
        stroke="#2a2a2a"
        stroke-width={1.2}
        stroke-linejoin="round"
      />
      {target && (
        <polygon
          class="target-ring"
          points={pointsAttr(g.vertices)}
          fill="#ffd400"
          fill-opacity={0.35}
          stroke="#ffd400"
          stroke-width={4}
          stroke-linejoin="round"
          pointer-events="none"
        />
      )}
      {props.engaged && (
        <polygon
          points={pointsAttr(g.vertices)}
          fill="none"
          stroke="#c00000"
          stroke-width={4}
          stroke-dasharray="6 3"
          pointer-events="none"
        />
      )}
      <text
        x={g.namePos.x}
        y={g.namePos.y}
        text-anchor="middle"
        dominant-baseline="middle"
        font-size={10}
        fill={ink}
        pointer-events="none"
      >
        {land.terrain}
      </text>
      <text
        x={g.numberPos.x}
        y={g.numberPos.y}
        text-anchor="middle"
        dominant-baseline="middle"
        font-size={10.5}
        font-weight="bold"
        fill={ink}
        pointer-events="none"
      >
        {land.label}
      </text>
      <g pointer-events="none">
        {land.exits.map(([to, sign, side]) => (
          <Sign g={g} side={side} sign={sign} to={to} />
        ))}
      </g>
      {props.legions.length > 0 && (
        <LegionStack g={g} label={land.label} legions={props.legions} handlers={props.markers} />
      )}
    </g>
  );
}
