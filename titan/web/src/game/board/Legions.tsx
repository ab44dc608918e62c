// Legion markers on the masterboard: a square in the owner's colour with the marker id and the
// legion's height (its size is public, its contents are not: errata 4.1), outlined in black
// and white so that it stands out on every terrain (colours.ts); several legions in one land
// stand inside it as stack.ts places them.
import { MARKER_EDGE, styleOf } from "../../colours";
import type { LegionView, PlayerView } from "../../wire";
import { onActivate } from "../boardKeys";
import type { LandGeometry, Point } from "./geometry";
import { stackLayout } from "./stack";

export { MARKER } from "./stack";

export interface MarkerHandlers {
  view: PlayerView;
  selected: string | null;
  /** Legions the current decision lets act (move, split, muster): outlined. */
  acting: Set<string>;
  /** A click on the marker; false when it is left to the land it stands in (which then
   * gets it: e.g. attacking a legion is moving into its land). */
  onClick: (legion: LegionView, e: Event) => boolean;
  onLand: (land: number) => void;
  onHover: (marker: string | null) => void;
}

function Marker(props: { legion: LegionView; at: Point; size: number; h: MarkerHandlers }) {
  const { legion, at, h, size } = props;
  const st = styleOf(h.view.players[legion.owner]?.colour);
  const selected = h.selected === legion.marker;
  const acting = h.acting.has(legion.marker);
  const mine = h.view.you === legion.owner;
  const x = at.x - size / 2;
  const y = at.y - size / 2;
  const u = size / 30; // the lettering scales with the marker
  const idSize = size < 30 ? 9.6 * u : 10.5;
  // The land's shape is beside the markers, not round them: what the marker leaves goes to it.
  const act = (e: Event) => {
    e.stopPropagation();
    if (!h.onClick(legion, e)) h.onLand(legion.land);
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
      tabindex={acting ? 0 : -1}
      role="button"
      aria-label={
        `Legion ${legion.marker} (${h.view.players[legion.owner]?.name ?? "?"}), ${legion.height} characters, ` +
        `in land ${legion.land}${selected ? ", selected" : ""}`
      }
      onClick={act}
      onKeyDown={onActivate(act)}
      onMouseEnter={() => h.onHover(legion.marker)}
      onMouseLeave={() => h.onHover(null)}
      onFocus={() => h.onHover(legion.marker)}
      onBlur={() => h.onHover(null)}
      style={{ cursor: mine ? "pointer" : "default" }}
    >
      <rect x={x + 1.5} y={y + 1.5} width={size} height={size} rx={3} fill="#000" fill-opacity={0.35} />
      <rect
        x={x}
        y={y}
        width={size}
        height={size}
        rx={3}
        fill="none"
        stroke={selected ? "#000000" : MARKER_EDGE.halo}
        stroke-width={selected ? 5.5 : 3}
      />
      <rect
        class="face"
        x={x}
        y={y}
        width={size}
        height={size}
        rx={3}
        fill={st.fill}
        stroke={selected ? "#ffd400" : acting ? "#ffffff" : MARKER_EDGE.line}
        stroke-width={selected ? 3.5 : acting ? 2.2 : 1.2}
        stroke-dasharray={acting && !selected ? "4 2" : undefined}
      />
      <text
        x={at.x}
        y={at.y - 3 * u}
        text-anchor="middle"
        font-size={idSize}
        font-weight="bold"
        fill={st.text}
        pointer-events="none"
      >
        {legion.marker}
      </text>
      <text x={at.x} y={at.y + 10 * u} text-anchor="middle" font-size={10 * u} fill={st.text} pointer-events="none">
        {`·${legion.height}`}
      </text>
    </g>
  );
}

/** The legions in one land, inside it (stack.ts); the selected one drawn last, on top. */
export function LegionStack(props: {
  g: LandGeometry;
  label: number;
  legions: LegionView[];
  handlers: MarkerHandlers;
}) {
  const order = [...props.legions].sort((a, b) => a.marker.localeCompare(b.marker));
  const layout = stackLayout(props.g, order.length, String(props.label).length);
  const placed = order.map((l, i) => ({ l, p: layout.at[i] ?? props.g.stackPos }));
  placed.sort(
    (a, b) => Number(a.l.marker === props.handlers.selected) - Number(b.l.marker === props.handlers.selected),
  );
  return (
    <g class="stack" data-stack={order.length}>
      {placed.map(({ l, p }) => (
        <Marker key={l.marker} legion={l} at={p} size={layout.size} h={props.handlers} />
      ))}
    </g>
  );
}
