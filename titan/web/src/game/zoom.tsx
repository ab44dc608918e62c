// Zoom and pan for the boards (the masterboard and the battleland): two-finger pinch and
// one-finger drag on a touch screen, the wheel and a drag with the mouse, and buttons (zoom
// in, zoom out, fit). The SVG keeps its viewBox (the whole board); the drawing sits in a <g>
// whose transform is the zoom, so every land, marker and hex keeps its own coordinates and
// clicks on them land where they are drawn. A pointer that moved more than a few pixels was a
// drag, not a click: the click that follows it is swallowed before it reaches a land.
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";

export interface Zoom {
  /** Scale (1 = the whole board fits) and translation, in the viewBox's units. */
  k: number;
  x: number;
  y: number;
}

const FIT: Zoom = { k: 1, x: 0, y: 0 };
const MAX_SCALE = 6;
/** How far (CSS px) a pointer may move and still be a tap or a click. */
const DRAG_SLOP = 8;

interface Pointer {
  x: number;
  y: number;
}

export interface ZoomPan {
  zoom: Zoom;
  /** For the board's <svg>: its ref and gesture handlers. */
  svgRef: { current: SVGSVGElement | null };
  svgProps: Record<string, unknown>;
  /** The transform of the <g> that holds the drawing. */
  transform: string;
  fit: () => void;
  zoomBy: (factor: number) => void;
}

/** Where the board is drawn on the screen: the <svg>'s content box (on wide screens it is
 * padded on the right by the open panel's width, so that "fit" keeps clear of the panel). */
export function drawingBox(svg: SVGSVGElement): { left: number; top: number; width: number; height: number } {
  const r = svg.getBoundingClientRect();
  const css = getComputedStyle(svg);
  const px = (v: string) => Number.parseFloat(v) || 0;
  const left = px(css.paddingLeft) + px(css.borderLeftWidth);
  const top = px(css.paddingTop) + px(css.borderTopWidth);
  const right = px(css.paddingRight) + px(css.borderRightWidth);
  const bottom = px(css.paddingBottom) + px(css.borderBottomWidth);
  return {
    left: r.left + left,
    top: r.top + top,
    width: Math.max(0, r.width - left - right),
    height: Math.max(0, r.height - top - bottom),
  };
}

/** The visible part of the viewBox (with preserveAspectRatio meet it may be wider or taller
 * than the board) and the CSS pixels per viewBox unit. */
function visible(
  svg: SVGSVGElement,
  w: number,
  h: number,
): { x0: number; y0: number; x1: number; y1: number; ppu: number } {
  const r = drawingBox(svg);
  const ppu = Math.min(r.width / w, r.height / h) || 1;
  const vw = r.width / ppu;
  const vh = r.height / ppu;
  return { x0: (w - vw) / 2, y0: (h - vh) / 2, x1: (w + vw) / 2, y1: (h + vh) / 2, ppu };
}

/** Keeps the board on screen: it never leaves the visible area, nor shrinks below "fit". */
function clamp(z: Zoom, svg: SVGSVGElement | null, w: number, h: number): Zoom {
  const k = Math.min(MAX_SCALE, Math.max(1, z.k));
  if (k === 1 || !svg) return k === 1 ? FIT : { ...z, k };
  const v = visible(svg, w, h);
  const axis = (t: number, lo: number, hi: number, size: number) => {
    const a = Math.min(lo, hi - size);
    const b = Math.max(lo, hi - size);
    return Math.min(b, Math.max(a, t));
  };
  return { k, x: axis(z.x, v.x0, v.x1, k * w), y: axis(z.y, v.y0, v.y1, k * h) };
}

export function useZoomPan(width: number, height: number): ZoomPan {
  const [zoom, setZoom] = useState<Zoom>(FIT);
  const svgRef = useRef<SVGSVGElement | null>(null);
  const current = useRef(zoom);
  current.current = zoom;
  const pointers = useRef(new Map<number, Pointer>());
  const start = useRef<Pointer | null>(null);
  const dragged = useRef(false);

  const apply = (z: Zoom) => setZoom(clamp(z, svgRef.current, width, height));

  /** A screen point in the viewBox's units (outside the zoom's transform). */
  const toBox = (p: Pointer): Pointer => {
    const svg = svgRef.current;
    if (!svg) return p;
    const r = drawingBox(svg);
    const v = visible(svg, width, height);
    return { x: v.x0 + (p.x - r.left) / v.ppu, y: v.y0 + (p.y - r.top) / v.ppu };
  };

  /** Scale by `factor` keeping the board point under `at` (screen) where it is. */
  const zoomAt = (factor: number, at: Pointer, z = current.current): Zoom => {
    const p = toBox(at);
    const k = Math.min(MAX_SCALE, Math.max(1, z.k * factor));
    const f = k / z.k;
    return { k, x: p.x - (p.x - z.x) * f, y: p.y - (p.y - z.y) * f };
  };

  // The wheel must be a non-passive listener to keep the page from scrolling.
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return undefined;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const unit = e.deltaMode === 1 ? 30 : e.deltaMode === 2 ? 300 : 1;
      apply(zoomAt(Math.exp((-e.deltaY * unit) / 500), { x: e.clientX, y: e.clientY }));
    };
    // A finger moving on the board is ours (the pointer handlers pan and pinch). Without this,
    // a quick drag lifted while still moving made the browser start a fling (touch-action:
    // none notwithstanding), and the next tap anywhere, on "fit" say, only stopped that fling
    // and was lost: 7 of 15 taps after a synthetic drag in Chromium, none with this.
    const onTouchMove = (e: TouchEvent) => e.preventDefault();
    svg.addEventListener("wheel", onWheel, { passive: false });
    svg.addEventListener("touchmove", onTouchMove, { passive: false });
    return () => {
      svg.removeEventListener("wheel", onWheel);
      svg.removeEventListener("touchmove", onTouchMove);
    };
  });

  // A resize (a turned phone, the sheet raised) keeps the zoom valid.
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg || typeof ResizeObserver === "undefined") return undefined;
    const ro = new ResizeObserver(() => setZoom((z) => clamp(z, svg, width, height)));
    ro.observe(svg);
    return () => ro.disconnect();
  }, [width, height]);

  const onPointerDown = (e: PointerEvent) => {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 1) {
      start.current = { x: e.clientX, y: e.clientY };
      dragged.current = false;
    } else {
      dragged.current = true; // a second finger: a pinch, never a tap
    }
  };

  const onPointerMove = (e: PointerEvent) => {
    const ps = pointers.current;
    const before = ps.get(e.pointerId);
    if (!before) return;
    const now = { x: e.clientX, y: e.clientY };
    if (ps.size === 1) {
      const s = start.current;
      if (!dragged.current && s && Math.hypot(now.x - s.x, now.y - s.y) < DRAG_SLOP) return;
      if (!dragged.current) {
        dragged.current = true;
        // From here on the drag is ours (only now: captured at once, the pointer's click
        // would go to the <svg> instead of the land under it).
        (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
      }
      ps.set(e.pointerId, now);
      const svg = svgRef.current;
      const ppu = svg ? visible(svg, width, height).ppu : 1;
      const z = current.current;
      if (z.k > 1) apply({ k: z.k, x: z.x + (now.x - before.x) / ppu, y: z.y + (now.y - before.y) / ppu });
      return;
    }
    // Two fingers: scale by the change of their distance about their midpoint, and follow
    // the midpoint.
    const other = [...ps.entries()].find(([id]) => id !== e.pointerId)?.[1];
    ps.set(e.pointerId, now);
    if (!other) return;
    const d0 = Math.hypot(before.x - other.x, before.y - other.y) || 1;
    const d1 = Math.hypot(now.x - other.x, now.y - other.y) || 1;
    const m0 = { x: (before.x + other.x) / 2, y: (before.y + other.y) / 2 };
    const m1 = { x: (now.x + other.x) / 2, y: (now.y + other.y) / 2 };
    const z = zoomAt(d1 / d0, m0);
    const svg = svgRef.current;
    const ppu = svg ? visible(svg, width, height).ppu : 1;
    apply({ k: z.k, x: z.x + (m1.x - m0.x) / ppu, y: z.y + (m1.y - m0.y) / ppu });
  };

  const onPointerUp = (e: PointerEvent) => {
    pointers.current.delete(e.pointerId);
  };

  const onClickCapture = (e: MouseEvent) => {
    if (dragged.current) {
      e.stopPropagation();
      e.preventDefault();
      dragged.current = false;
    }
  };

  return {
    zoom,
    svgRef,
    svgProps: {
      onPointerDown,
      onPointerMove,
      onPointerUp,
      onPointerCancel: onPointerUp,
      onClickCapture,
      "data-zoom": zoom.k.toFixed(3),
    },
    transform: zoom.k === 1 ? "" : `translate(${zoom.x.toFixed(2)} ${zoom.y.toFixed(2)}) scale(${zoom.k.toFixed(4)})`,
    fit: () => setZoom(FIT),
    zoomBy: (factor: number) => {
      const svg = svgRef.current;
      if (!svg) return;
      const r = drawingBox(svg);
      apply(zoomAt(factor, { x: r.left + r.width / 2, y: r.top + r.height / 2 }));
    },
  };
}

/** The zoom buttons, in a corner of the board (on a touch screen only once zoomed by a pinch:
 * at "fit" the board fills a phone's screen and they would cover lands). */
export function ZoomControls(props: { z: ZoomPan; children?: ComponentChildren }) {
  const { z } = props;
  return (
    <fieldset class={`zoom-controls${z.zoom.k > 1 ? " zoomed" : ""}`} aria-label="Zoom">
      <button
        type="button"
        data-zoom-in
        aria-label="Zoom in"
        title="Zoom in (or pinch, or the wheel)"
        onClick={() => z.zoomBy(1.5)}
      >
        +
      </button>
      <button
        type="button"
        data-zoom-out
        aria-label="Zoom out"
        title="Zoom out"
        onClick={() => z.zoomBy(1 / 1.5)}
        disabled={z.zoom.k <= 1}
      >
        −
      </button>
      <button
        type="button"
        data-zoom-fit
        aria-label="Fit the board to the screen"
        title="Fit the whole board"
        onClick={z.fit}
        disabled={z.zoom.k <= 1}
      >
        fit
      </button>
      {props.children}
    </fieldset>
  );
}
