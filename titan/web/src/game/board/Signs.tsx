// The signs printed on a land's long sides (rule 7.3): each points out of this land towards
// the land it leads to, "the top of each Sign touches the Land toward which it points".
// Block = a square, arch (the rules' sphere) = a half disc, arrow = one arrowhead, arrows =
// three arrowheads (7.4: the triple arrow only on the first land of a move).
import type { ExitSign } from "../../variant";
import { type LandGeometry, type Point, pointsAttr, sideFrame } from "./geometry";

const INK = "#141414";
const HALO = "#ffffff";

function at(base: Point, along: Point, out: Point, a: number, o: number): Point {
  return { x: base.x + along.x * a + out.x * o, y: base.y + along.y * a + out.y * o };
}

function arrowhead(mid: Point, along: Point, out: Point, shift: number): string {
  // Tip just inside the border, base 11 units inside.
  return pointsAttr([
    at(mid, along, out, shift, -1.5),
    at(mid, along, out, shift + 6, -12),
    at(mid, along, out, shift - 6, -12),
  ]);
}

export function Sign(props: { g: LandGeometry; side: number; sign: ExitSign; to: number }) {
  const { mid, along, out } = sideFrame(props.g, props.side);
  const common = { fill: INK, stroke: HALO, "stroke-width": 0.9, "data-sign": props.sign, "data-to": props.to };
  switch (props.sign) {
    case "arrow":
      return <polygon points={arrowhead(mid, along, out, 0)} {...common} />;
    case "arrows":
      return (
        <g {...common}>
          {[-15, 0, 15].map((s) => (
            <polygon points={arrowhead(mid, along, out, s)} />
          ))}
        </g>
      );
    case "block":
      return (
        <polygon
          points={pointsAttr([
            at(mid, along, out, -6, -2),
            at(mid, along, out, 6, -2),
            at(mid, along, out, 6, -14),
            at(mid, along, out, -6, -14),
          ])}
          {...common}
        />
      );
    case "arch": {
      // A half disc: flat side inside the land, the round top touching the border.
      const l = at(mid, along, out, -8, -9.5);
      const r = at(mid, along, out, 8, -9.5);
      const d = `M${l.x.toFixed(1)},${l.y.toFixed(1)} A8,8 0 0 1 ${r.x.toFixed(1)},${r.y.toFixed(1)} Z`;
      return <path d={d} {...common} />;
    }
  }
}
