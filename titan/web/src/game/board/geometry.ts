// Where each masterboard land lies on the screen. The lands fill a triangular grid (the
// 15 x 8 col/row cells of masterboard.json): a land is a triangle with its three corners cut
// off, so a hexagon with three long sides (where it borders its neighbours and where the signs
// are printed) and three short sides (where six lands meet corner to corner), as on the
// printed board. col+row even: the apex points down (long sides 0, 2, 4); odd: up (1, 3, 5).
// Sides are numbered clockwise, 0 = up .. 5 = upper left (masterboard.json "about").
import type { MasterLand } from "../../variant";

export interface Point {
  x: number;
  y: number;
}

/** Side of a grid triangle, in board units (the SVG's user units). */
export const SIDE = 100;
export const HEIGHT = (SIDE * Math.sqrt(3)) / 2;
/** How much of each triangle side a cut-off corner takes: long sides keep 1 - 2 * CUT. */
const CUT = 0.16;
/** Room around the lands inside the viewBox. */
export const MARGIN = 12;

export interface LandGeometry {
  apexDown: boolean;
  /** Corners clockwise; side k runs from vertices[k] to vertices[(k + 1) % 6]. */
  vertices: Point[];
  centroid: Point;
  /** Where the terrain name goes: the triangle's wide part. */
  namePos: Point;
  /** Where the land's legions stand: towards the apex, clear of the name. */
  stackPos: Point;
  /** Where the printed number goes: next to the label side (rule 10.1). */
  numberPos: Point;
}

export function lerp(a: Point, b: Point, t: number): Point {
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}

export function isApexDown(land: Pick<MasterLand, "col" | "row">): boolean {
  return (land.col + land.row) % 2 === 0;
}

/** The long sides of a land: the only ones that touch another land and carry signs. */
export function longSides(land: Pick<MasterLand, "col" | "row">): number[] {
  return isApexDown(land) ? [0, 2, 4] : [1, 3, 5];
}

function corners(land: MasterLand): { apexDown: boolean; tri: [Point, Point, Point] } {
  const cx = MARGIN + ((land.col + 1) * SIDE) / 2;
  const top = MARGIN + land.row * HEIGHT;
  const bottom = top + HEIGHT;
  const apexDown = isApexDown(land);
  // Clockwise from the top: apex-up (apex, lower right, lower left); apex-down (upper left,
  // upper right, apex).
  const tri: [Point, Point, Point] = apexDown
    ? [
        { x: cx - SIDE / 2, y: top },
        { x: cx + SIDE / 2, y: top },
        { x: cx, y: bottom },
      ]
    : [
        { x: cx, y: top },
        { x: cx + SIDE / 2, y: bottom },
        { x: cx - SIDE / 2, y: bottom },
      ];
  return { apexDown, tri };
}

export function landGeometry(land: MasterLand): LandGeometry {
  const { apexDown, tri } = corners(land);
  const [a, b, c] = tri;
  // Cutting each corner gives two vertices per corner. Apex-up: side 0 is the cut apex, then
  // long 1, cut 2, long 3, cut 4, long 5. Apex-down: long 0 first, so the order starts
  // on the top side just after the upper left corner.
  const vertices = apexDown
    ? [lerp(a, b, CUT), lerp(b, a, CUT), lerp(b, c, CUT), lerp(c, b, CUT), lerp(c, a, CUT), lerp(a, c, CUT)]
    : [lerp(a, c, CUT), lerp(a, b, CUT), lerp(b, a, CUT), lerp(b, c, CUT), lerp(c, b, CUT), lerp(c, a, CUT)];
  const centroid = { x: (a.x + b.x + c.x) / 3, y: (a.y + b.y + c.y) / 3 };
  const dir = apexDown ? -1 : 1; // +1: the wide part is below the centroid
  const namePos = { x: centroid.x, y: centroid.y + dir * HEIGHT * 0.1 };
  const stackPos = { x: centroid.x, y: centroid.y - dir * HEIGHT * 0.16 };
  const mid = sideMid({ vertices }, land.label_side);
  const numberPos = lerp(centroid, mid, 0.76);
  return { apexDown, vertices, centroid, namePos, stackPos, numberPos };
}

export function sideMid(g: Pick<LandGeometry, "vertices">, side: number): Point {
  const p = g.vertices[side % 6] ?? { x: 0, y: 0 };
  const q = g.vertices[(side + 1) % 6] ?? { x: 0, y: 0 };
  return lerp(p, q, 0.5);
}

/** Unit vector along side k (clockwise) and the unit normal pointing out of the land. */
export function sideFrame(g: LandGeometry, side: number): { mid: Point; along: Point; out: Point; length: number } {
  const p = g.vertices[side % 6] ?? { x: 0, y: 0 };
  const q = g.vertices[(side + 1) % 6] ?? { x: 0, y: 0 };
  const length = Math.hypot(q.x - p.x, q.y - p.y) || 1;
  const along = { x: (q.x - p.x) / length, y: (q.y - p.y) / length };
  // Clockwise on screen (y down): the outward normal is the side's direction turned left.
  const out = { x: along.y, y: -along.x };
  return { mid: lerp(p, q, 0.5), along, out, length };
}

export function pointsAttr(ps: Point[]): string {
  return ps.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" ");
}

/** The viewBox that fits every land, with a margin. */
export function boardBox(lands: MasterLand[]): { width: number; height: number } {
  let cols = 0;
  let rows = 0;
  for (const l of lands) {
    cols = Math.max(cols, l.col);
    rows = Math.max(rows, l.row);
  }
  return { width: ((cols + 2) * SIDE) / 2 + 2 * MARGIN, height: (rows + 1) * HEIGHT + 2 * MARGIN };
}
