// Where the 27 hexes of a battleland are drawn. Labels and coordinates as errata 2.2 and
// titan/variant.py (_battle_geometry): columns A-F left to right, row 1 at the bottom of each
// column; a hex is at (column c, height h) with h = base[c] + 2 * (row - 1), a step "up" is
// h + 2 and the neighbour to the upper right is (c + 1, h + 1). The hexes are flat-topped, so
// the six directions 0 up, 1 upper right, ... 5 upper left are also the six edges.

export const COLUMNS = "ABCDEF";
const COLUMN_BASE_H = [3, 2, 1, 0, 1, 2] as const;
const COLUMN_SIZE = [3, 4, 5, 6, 5, 4] as const;
/** (dc, dh) of the neighbour in each direction, as HEX_STEPS in titan/variant.py. */
export const HEX_STEPS: ReadonlyArray<readonly [number, number]> = [
  [0, 2],
  [1, 1],
  [1, -1],
  [0, -2],
  [-1, -1],
  [-1, 1],
];

/** The hex's circumradius in SVG units. */
export const R = 40;
const HALF_H = (Math.sqrt(3) / 2) * R; // one unit of height h
export const MARGIN = 46; // room outside the board for the entry-edge labels
const MAX_H = 10; // D6

export interface HexPos {
  label: string;
  col: number;
  h: number;
  x: number;
  y: number;
}

export const BATTLE_LABELS: string[] = [...COLUMNS].flatMap((c, i) =>
  Array.from({ length: COLUMN_SIZE[i] ?? 0 }, (_, r) => `${c}${r + 1}`),
);

function place(label: string): HexPos {
  const col = COLUMNS.indexOf(label[0] ?? "");
  const h = (COLUMN_BASE_H[col] ?? 0) + 2 * (Number(label.slice(1)) - 1);
  return { label, col, h, x: MARGIN + R + col * 1.5 * R, y: MARGIN + HALF_H + (MAX_H - h) * HALF_H };
}

export const HEXES: Record<string, HexPos> = Object.fromEntries(BATTLE_LABELS.map((l) => [l, place(l)]));
const BY_POS = new Map(Object.values(HEXES).map((p) => [`${p.col},${p.h}`, p.label]));

export const VIEW_W = 2 * MARGIN + 2 * R + 5 * 1.5 * R;
export const VIEW_H = 2 * MARGIN + (MAX_H + 2) * HALF_H;
export const CENTRE = { x: VIEW_W / 2, y: VIEW_H / 2 };

/** The neighbour of a hex in direction d, or null off the board. */
export function neighbour(label: string, d: number): string | null {
  const p = HEXES[label];
  const step = HEX_STEPS[d];
  if (!p || !step) return null;
  return BY_POS.get(`${p.col + step[0]},${p.h + step[1]}`) ?? null;
}

/** Corner k of a flat-topped hex (k = 0 at the right, counter-clockwise on screen). */
function corner(p: { x: number; y: number }, k: number, r = R): [number, number] {
  const a = (Math.PI / 3) * k;
  return [p.x + r * Math.cos(a), p.y - r * Math.sin(a)];
}

export function hexPoints(p: { x: number; y: number }, r = R): string {
  return [0, 1, 2, 3, 4, 5]
    .map((k) =>
      corner(p, k, r)
        .map((v) => v.toFixed(1))
        .join(","),
    )
    .join(" ");
}

/** The two ends of edge d (0 up = between corners 1 and 2, 1 upper right = corners 0-1, ...). */
export function edge(p: { x: number; y: number }, d: number, r = R): [[number, number], [number, number]] {
  const a = (((2 - d) % 6) + 6) % 6;
  return [corner(p, a, r), corner(p, (a + 5) % 6, r)];
}

/** The unit vector from a hex's centre through the middle of edge d, on screen. */
export function outward(d: number): [number, number] {
  const a = Math.PI / 2 - (Math.PI / 3) * d; // 0 up: 90 degrees
  return [Math.cos(a), -Math.sin(a)];
}
