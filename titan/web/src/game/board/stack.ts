// Where the markers of the legions in one land go: always inside the land's hexagon, whatever
// the zoom (the zoom scales the whole drawing, so what fits in board units fits on screen).
// One legion stands where it always has (towards the apex, clear of the name, the number and
// the signs). Several (an engagement, a fresh split) stand in a row across the land's widest
// part, as large as the land allows, overlapping like stacked counters only when even the
// smallest markers would not fit side by side; the land's printed number is never covered.
import type { LandGeometry, Point } from "./geometry";

/** The side of a lone marker, in board units. */
export const MARKER = 30;
/** The smallest marker several legions in one land are shrunk to. */
const MIN_MARKER = 20;
/** Room kept between a marker (its shadow and outline included) and the land's border. */
const INSET = 2.5;
/** How far the drop shadow and the selection outline reach beyond a marker's square. */
const REACH = 2;

export interface StackLayout {
  size: number;
  /** The centres of the markers, left to right. */
  at: Point[];
}

/** Whether p lies inside the convex polygon (clockwise on screen) by at least `inset`. */
function inside(vertices: Point[], p: Point, inset: number): boolean {
  for (let i = 0; i < vertices.length; i++) {
    const a = vertices[i] as Point;
    const b = vertices[(i + 1) % vertices.length] as Point;
    const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    // Clockwise with y down: the inside is to the right of each edge.
    const cross = ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) / len;
    if (cross < inset) return false;
  }
  return true;
}

function squareFits(g: LandGeometry, c: Point, size: number, digits: number): boolean {
  const h = size / 2 + REACH;
  const corners = [
    { x: c.x - h, y: c.y - h },
    { x: c.x + h, y: c.y - h },
    { x: c.x + h, y: c.y + h },
    { x: c.x - h, y: c.y + h },
  ];
  if (!corners.every((p) => inside(g.vertices, p, INSET))) return false;
  // The land's number (bold, 10.5 units: about 6.2 units a digit, 11 high) stays readable.
  const n = g.numberPos;
  return Math.abs(n.x - c.x) > h + digits * 3.1 + 1 || Math.abs(n.y - c.y) > h + 5.5;
}

const cache = new WeakMap<LandGeometry, Map<number, StackLayout>>();

/** The markers' size and places for `n` legions in the land `g`, whose number has `digits`. */
export function stackLayout(g: LandGeometry, n: number, digits = 3): StackLayout {
  if (n <= 1) return { size: MARKER, at: [g.stackPos] };
  let known = cache.get(g);
  if (!known) {
    known = new Map();
    cache.set(g, known);
  }
  const hit = known.get(n);
  if (hit) return hit;
  const layout = search(g, n, digits);
  known.set(n, layout);
  return layout;
}

function search(g: LandGeometry, n: number, digits: number): StackLayout {
  // Candidate rows: centred near the centroid, nearer or further from the apex and to either
  // side; side by side first, the largest markers first, then overlapping.
  const toApex = g.apexDown ? 1 : -1;
  const row = (step: number, along: number, across: number): Point[] => {
    const c = { x: g.centroid.x + across, y: g.centroid.y + toApex * along };
    return Array.from({ length: n }, (_, i) => ({ x: c.x + (i - (n - 1) / 2) * step, y: c.y }));
  };
  const shifts = [0, -3, 3, -6, 6, -9, 9, -12, 12];
  const fits = (at: Point[], size: number) => at.every((p) => squareFits(g, p, size, digits));
  const best = (size: number, step: number): Point[] | null => {
    for (const along of shifts) {
      for (const across of shifts) {
        const at = row(step, along, across);
        if (fits(at, size)) return at;
      }
    }
    return null;
  };
  for (let size = MARKER; size >= MIN_MARKER; size--) {
    const at = best(size, size + 2 + REACH);
    if (at) return { size, at };
  }
  for (let overlap = 0.85; overlap >= 0.3; overlap -= 0.05) {
    for (let size = MARKER - 4; size >= MIN_MARKER; size--) {
      const at = best(size, size * overlap);
      if (at) return { size, at };
    }
  }
  // Nothing fits (more legions than any land could show): stack them on the lone place.
  return {
    size: MIN_MARKER,
    at: Array.from({ length: n }, (_, i) => ({ x: g.stackPos.x + i * 3, y: g.stackPos.y - i * 3 })),
  };
}
