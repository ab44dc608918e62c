// Legion markers on the masterboard: a square in the owner's colour with the marker id and the
// legion's height (its size is public, its contents are not: errata 4.1), several legions in
// one land fanned out like stacked counters.
import { styleOf } from "../../colours";
import type { LegionView, PlayerView } from "../../wire";
import type { Point } from "./geometry";

export const MARKER = 30;
/** Two legions (an engagement, a fresh split) stand side by side; more overlap like counters. */
const FAN_X_TWO = MARKER + 2;
const FAN_X = 22;
const FAN_Y = 4;

export interface MarkerHandlers {
  view: PlayerView;
  selected: string | null;
  /** Legions the current decision lets act (move, split, muster): outlined. */
  acting: Set<string>;
  onClick: (legion: LegionView, e: Event) => void;
  onHover: (marker: string | null) => void;
}

function Marker(props: { legion: LegionView; at: Point; h: MarkerHandlers }) {
  const { legion, at, h } = props;
  const st = styleOf(h.view.players[legion.owner]?.colour);
  const selected = h.selected === legion.marker;
  const acting = h.acting.has(legion.marker);
  const mine = h.view.you === legion.owner;
  const x = at.x - MARKER / 2;
  const y = at.y - MARKER / 2;
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      e.stopPropagation(); // not the page's Enter = "done" shortcut
      h.onClick(legion, e);
    }
  };
  return (
    <g
      class={`legion${selected ? " selected" : ""}${acting ? " acting" : ""}`}
      data-legion={legion.marker}
      data-at={legion.land}
      data-owner={legion.owner}
      data-height={legion.height}
      data-selected={selected ? "" : undefined}
      data-can-act={acting ? "" : undefined}
      data-moved={legion.moved ? "" : undefined}
      tabIndex={mine ? 0 : undefined}
      role={mine ? "button" : undefined}
      aria-label={`Legion ${legion.marker}, ${legion.height} characters`}
      onClick={(e) => h.onClick(legion, e)}
      onKeyDown={onKey}
      onMouseEnter={() => h.onHover(legion.marker)}
      onMouseLeave={() => h.onHover(null)}
      onFocus={() => h.onHover(legion.marker)}
      onBlur={() => h.onHover(null)}
      style={{ cursor: mine ? "pointer" : "default" }}
    >
      <rect x={x + 1.5} y={y + 1.5} width={MARKER} height={MARKER} rx={3} fill="#000" fill-opacity={0.35} />
      <rect
        x={x}
        y={y}
        width={MARKER}
        height={MARKER}
        rx={3}
        fill={st.fill}
        stroke={selected ? "#ffd400" : acting ? "#ffffff" : "#000000"}
        stroke-width={selected ? 3.5 : acting ? 2.2 : 1}
        stroke-dasharray={acting && !selected ? "4 2" : undefined}
      />
      <text x={at.x} y={at.y - 3} text-anchor="middle" font-size={10.5} font-weight="bold" fill={st.text} pointer-events="none">
        {legion.marker}
      </text>
      <text x={at.x} y={at.y + 10} text-anchor="middle" font-size={10} fill={st.text} pointer-events="none">
        {`·${legion.height}`}
      </text>
    </g>
  );
}

/** Several legions in one land: fanned around the land's stack point; the selected on top. */
export function LegionStack(props: { at: Point; legions: LegionView[]; handlers: MarkerHandlers }) {
  const n = props.legions.length;
  const order = [...props.legions].sort((a, b) => a.marker.localeCompare(b.marker));
  const dx = n <= 2 ? FAN_X_TWO : FAN_X;
  const placed = order.map((l, i) => ({ l, p: { x: props.at.x + (i - (n - 1) / 2) * dx, y: props.at.y + (i - (n - 1) / 2) * FAN_Y } }));
  // The selected marker is drawn last so that it is not hidden under its neighbour.
  placed.sort((a, b) => Number(a.l.marker === props.handlers.selected) - Number(b.l.marker === props.handlers.selected));
  return (
    <g class="stack">
      {placed.map(({ l, p }) => (
        <Marker legion={l} at={p} h={props.handlers} />
      ))}
    </g>
  );
}
