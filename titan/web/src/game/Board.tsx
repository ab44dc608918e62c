// The masterboard: the 96 lands as on the printed board (2.1), the legions on them, and the
// board side of the masterboard decisions: selecting a legion, the highlighted destinations of
// a move (7), the lands with engagements to resolve (9.1). Only the prompt's options are ever
// sent (see board/moves.ts); the decision panel offers the same choices as buttons.
import { useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import type { LegionView } from "../wire";
import { LegionContents } from "./board/Contents";
import { boardBox, type LandGeometry, landGeometry } from "./board/geometry";
import { Land } from "./board/Land";
import { MARKER, type MarkerHandlers } from "./board/Legions";
import { actingLegions, chooseMove, movesByLand, terrainOf } from "./board/moves";
import { arrowFocus } from "./boardKeys";
import { optionsOf, useUi } from "./ui";
import { drawingBox, useZoomPan, ZoomControls } from "./zoom";

export function Board() {
  const ui = useUi();
  const { variant, view, prompt, selected } = ui;
  const [hovered, setHovered] = useState<string | null>(null);
  const lands = variant.masterboard.lands;
  const geometry = useMemo(() => new Map<number, LandGeometry>(lands.map((l) => [l.label, landGeometry(l)])), [lands]);
  const box = useMemo(() => boardBox(lands), [lands]);
  const zoom = useZoomPan(Math.round(box.width), Math.round(box.height));

  const byLand = new Map<number, LegionView[]>();
  for (const l of view.legions) byLand.set(l.land, [...(byLand.get(l.land) ?? []), l]);

  const acting = actingLegions(prompt);
  // The legion whose destinations are shown: the selection, or the only legion that may move.
  const movers = [...acting];
  const mover =
    prompt?.kind === "move"
      ? selected && acting.has(selected)
        ? selected
        : movers.length === 1
          ? (movers[0] ?? null)
          : null
      : null;
  const moveTargets = movesByLand(prompt, mover);
  const engageLands = new Set(optionsOf(prompt, "engage").map((e) => e.land));
  const isTarget = (land: number) => moveTargets.has(land) || engageLands.has(land);

  const onLand = (land: number) => {
    const engage = optionsOf(prompt, "engage").find((e) => e.land === land);
    if (engage) return ui.act(engage);
    if (mover && moveTargets.has(land)) return chooseMove(ui, mover, land);
    // A click on a land holding one of the legions that may act selects it.
    const mine = (byLand.get(land) ?? []).find((l) => acting.has(l.marker));
    if (mine) ui.select(mine.marker);
  };

  const markers: MarkerHandlers = {
    view,
    selected,
    acting,
    onHover: setHovered,
    onLand,
    onClick: (legion) => {
      // Others' legions (and own ones that cannot act now, standing in a target land) let the
      // click fall through to the land: e.g. attacking a legion is moving into its land.
      // With a legion picked, a click on another legion standing in one of its destinations
      // is the move there. A click on the picked legion itself only picks it, even when a
      // roll can lead it round back home (errata 6.2): that move is the land's own button.
      const mine = view.you === legion.owner;
      if (!mine || (isTarget(legion.land) && !acting.has(legion.marker))) return false;
      if (mover && moveTargets.has(legion.land) && legion.marker !== mover) return false;
      ui.setOffer(null);
      ui.select(selected === legion.marker ? null : legion.marker);
      return true;
    },
  };

  // Lands holding legions are drawn last, then the highlighted ones, so that neither a
  // neighbour's shape nor its signs cover a marker or a highlight.
  const rank = (label: number) => (byLand.has(label) ? 2 : isTarget(label) ? 1 : 0);
  const ordered = [...lands].sort((a, b) => rank(a.label) - rank(b.label));
  const shown = view.legions.find((l) => l.marker === (hovered ?? selected)) ?? null;
  const engagedLand = view.engagement?.land ?? null;
  const wrapRef = useRef<HTMLDivElement>(null);
  const contentsRef = useRef<HTMLDivElement>(null);
  // The contents stand beside their marker (on its right, or its left where the board ends),
  // wherever zoom and pan have put it.
  useLayoutEffect(() => {
    const wrap = wrapRef.current;
    const card = contentsRef.current;
    if (!wrap || !card || !shown) return;
    const marker = wrap.querySelector(`[data-legion="${shown.marker}"]`);
    if (!marker) return;
    const w = wrap.getBoundingClientRect();
    const m = marker.getBoundingClientRect();
    const b = card.getBoundingClientRect();
    const gap = 6;
    // Clear of the open panel on the board's right edge (the drawing's box ends at it).
    const drawn = zoom.svgRef.current ? drawingBox(zoom.svgRef.current) : null;
    const right = drawn ? drawn.left + drawn.width - w.left : w.width;
    let left = m.right - w.left + gap;
    if (left + b.width > right) left = Math.max(0, m.left - w.left - gap - b.width);
    const top = Math.min(Math.max(0, m.top - w.top), Math.max(0, w.height - b.height));
    card.style.left = `${left}px`;
    card.style.top = `${top}px`;
  });

  return (
    <div class="board-wrap" ref={wrapRef}>
      <svg
        ref={zoom.svgRef}
        {...zoom.svgProps}
        class="masterboard"
        viewBox={`0 0 ${box.width.toFixed(0)} ${box.height.toFixed(0)}`}
        preserveAspectRatio="xMidYMid meet"
        role="group"
        aria-label="Masterboard"
        data-legions={view.legions.length}
        data-mover={mover ?? undefined}
        onClick={(e) => {
          // A click on the sea around the lands drops the selection.
          if (e.target === e.currentTarget) ui.select(null);
        }}
        onKeyDown={arrowFocus}
      >
        <defs>
          <marker
            id="move-head"
            viewBox="0 0 10 10"
            refX="8"
            refY="5"
            markerWidth="5"
            markerHeight="5"
            orient="auto-start-reverse"
          >
            <path d="M0,0 L10,5 L0,10 z" fill="#222" />
          </marker>
        </defs>
        <g class="zoomed" transform={zoom.transform || undefined}>
          <g class="lands">
            {ordered.map((land) => {
              const g = geometry.get(land.label);
              return g ? (
                <Land
                  key={land.label}
                  land={land}
                  g={g}
                  legions={byLand.get(land.label) ?? []}
                  target={isTarget(land.label)}
                  engaged={engagedLand === land.label}
                  onLand={onLand}
                  markers={markers}
                />
              ) : null;
            })}
          </g>
          <MovePaths legions={view.legions} geometry={geometry} />
        </g>
      </svg>
      <ZoomControls z={zoom} />
      {shown && (
        <div class="board-contents" ref={contentsRef} data-board-contents={shown.marker}>
          <LegionContents view={view} legion={shown} terrain={terrainOf(variant, shown.land)} />
        </div>
      )}
      {mover && (
        <p class="board-hint">
          {moveTargets.size > 0
            ? `${mover}: choose a highlighted land (${moveTargets.size}).`
            : `${mover} has no legal move.`}
        </p>
      )}
    </div>
  );
}

/** This turn's moves as dashed arrows from where each legion started (public: 7.1). */
function MovePaths(props: { legions: LegionView[]; geometry: Map<number, LandGeometry> }) {
  return (
    <g class="move-paths" pointer-events="none">
      {props.legions.map((l) => {
        if (!l.moved || l.start_land == null || l.start_land === l.land) return null;
        const a = props.geometry.get(l.start_land);
        const b = props.geometry.get(l.land);
        if (!a || !b) return null;
        // End short of the marker so that the arrowhead stays visible.
        const dx = b.stackPos.x - a.stackPos.x;
        const dy = b.stackPos.y - a.stackPos.y;
        const len = Math.hypot(dx, dy) || 1;
        const cut = Math.min(MARKER * 0.8, len / 2);
        return (
          <line
            data-path={l.marker}
            x1={a.stackPos.x}
            y1={a.stackPos.y}
            x2={b.stackPos.x - (dx / len) * cut}
            y2={b.stackPos.y - (dy / len) * cut}
            stroke="#222"
            stroke-width={2}
            stroke-dasharray="5 4"
            stroke-opacity={0.55}
            marker-end="url(#move-head)"
          />
        );
      })}
    </g>
  );
}
