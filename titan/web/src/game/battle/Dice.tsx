// The faces of a strike's dice: each die at or above the strike number is a hit (12.3), drawn
// filled; the others are drawn pale.
import type { Struck } from "../../wire";

const PIPS: Record<number, Array<[number, number]>> = {
  1: [[2, 2]],
  2: [
    [1, 1],
    [3, 3],
  ],
  3: [
    [1, 1],
    [2, 2],
    [3, 3],
  ],
  4: [
    [1, 1],
    [3, 1],
    [1, 3],
    [3, 3],
  ],
  5: [
    [1, 1],
    [3, 1],
    [2, 2],
    [1, 3],
    [3, 3],
  ],
  6: [
    [1, 1],
    [3, 1],
    [1, 2],
    [3, 2],
    [1, 3],
    [3, 3],
  ],
};

export function Die(props: { face: number; hit: boolean; size?: number }) {
  const s = props.size ?? 22;
  const u = s / 4;
  return (
    <svg
      width={s}
      height={s}
      viewBox={`0 0 ${s} ${s}`}
      role="img"
      aria-label={`${props.face}${props.hit ? " (hit)" : ""}`}
      data-die={props.face}
      data-hit={props.hit ? "" : undefined}
    >
      <rect
        x={1}
        y={1}
        width={s - 2}
        height={s - 2}
        rx={s / 6}
        fill={props.hit ? "#b3261e" : "#ffffff"}
        stroke={props.hit ? "#7a0f0a" : "#9a9a9a"}
        stroke-width={1.5}
      />
      {(PIPS[props.face] ?? []).map(([x, y]) => (
        <circle cx={x * u} cy={y * u} r={s / 11} fill={props.hit ? "#ffffff" : "#777777"} />
      ))}
    </svg>
  );
}

export function Dice(props: { faces: number[]; strikeNumber: number; size?: number }) {
  return (
    <span class="dice" style={{ display: "inline-flex", gap: "3px", flexWrap: "wrap", verticalAlign: "middle" }}>
      {props.faces.map((f) => (
        <Die face={f} hit={f >= props.strikeNumber} size={props.size} />
      ))}
    </span>
  );
}

/** One strike's outcome in words and dice: "Ogre (B2) struck Troll (C3): 2 hits, 2 damage". */
export function StrikeResult(props: { strike: Struck }) {
  const s = props.strike;
  return (
    <div class="strike-result" data-struck={`${s.frm}>${s.at}`}>
      <div>
        <b>{s.striker}</b> ({s.frm}) {s.ranged ? "rangestruck" : "struck"} <b>{s.target}</b> ({s.at}) needing{" "}
        {s.strike_number}+:
      </div>
      <Dice faces={s.dice} strikeNumber={s.strike_number} />{" "}
      <span>
        <b>{s.hits}</b> {s.hits === 1 ? "hit" : "hits"}
        {s.damage !== s.hits ? `, ${s.damage} damage` : ""}
        {s.slain ? <b style={{ color: "#b3261e" }}> · slain</b> : ""}
      </span>
    </div>
  );
}
