// A character on the battleland: its side's colour, name, power-skill (from the variant; a
// Titan's power grows with its score, 19.1), the damage it has taken (13.3), slain ones
// crossed out until they are removed at the end of the phase (13.6).
import type { ColourStyle } from "../../colours";
import { character } from "../../variant";
import type { FighterView } from "../../wire";
import { useUi } from "../ui";
import type { HexPos } from "./geometry";
import { fighterKey, type Interaction } from "./interaction";

const W = 58;
const H = 34;

/** The token's tooltip: it is a line of its hex's tooltip (BattleMap.tsx), since the hex,
 * which holds the token, is the button that is named and described. */
export function tokenTip(f: FighterView, skill: number | undefined): string {
  return (
    `${f.name} (${f.side}) at ${f.hex}: power ${f.power}, skill ${skill ?? "?"}` +
    (f.hits ? `, ${f.hits} hits taken, ${f.power - f.hits} to go` : "") +
    (f.slain ? ", slain" : "") +
    (f.in_contact && !f.struck ? ", must strike" : "")
  );
}

export function Token(props: { f: FighterView; p: HexPos; style: ColourStyle; it: Interaction; target: boolean }) {
  const ui = useUi();
  const { f, p, style, it } = props;
  const key = fighterKey(f);
  const skill = character(ui.variant, f.name)?.skill;
  const picked = it.picked === key;
  const pickable = it.pickable.has(key);
  const x = p.x - W / 2;
  const y = p.y - H / 2 + 3; // below the hex's label
  // Long names are drawn smaller to stay inside the token.
  const nameSize = f.name.length > 8 ? 9 : f.name.length > 7 ? 10 : 11;
  return (
    <g
      data-fighter={key}
      data-side={f.side}
      data-selected={picked ? "" : undefined}
      data-pickable={pickable ? "" : undefined}
      data-slain={f.slain ? "" : undefined}
      data-hits={f.hits}
      style={{ cursor: pickable || props.target ? "pointer" : "default" }}
    >
      {picked && (
        <rect x={x - 5} y={y - 5} width={W + 10} height={H + 10} rx={8} fill="none" stroke="#000" stroke-width={6} />
      )}
      <rect
        x={x}
        y={y}
        width={W}
        height={H}
        rx={5}
        fill={style.fill}
        stroke={picked ? "#ffd400" : props.target ? "#b3261e" : pickable ? "#ffffff" : "#000000"}
        stroke-width={picked || props.target ? 4 : pickable ? 2.5 : 1}
        stroke-dasharray={pickable && !picked ? "5 3" : undefined}
      />
      {/* Attacker and defender also differ in shape: the attacker's token has a notch. */}
      {f.side === "attacker" && (
        <polygon points={`${x + W - 10},${y} ${x + W},${y} ${x + W},${y + 10}`} fill={style.text} opacity={0.8} />
      )}
      <text x={p.x} y={y + 14} text-anchor="middle" font-size={nameSize} font-weight="700" fill={style.text}>
        {f.name}
      </text>
      {/* Not drawn; it keeps the words apart for the hex button's name (BattleMap.tsx). */}{" "}
      <text x={p.x} y={y + 28} text-anchor="middle" font-size="10.5" fill={style.text}>
        {f.power}-{skill ?? "?"}
      </text>{" "}
      {f.slain && (
        <g data-slain-mark>
          <rect x={x} y={y} width={W} height={H} rx={5} fill="#ffffff" fill-opacity={0.35} />
          <line x1={x + 3} y1={y + 3} x2={x + W - 3} y2={y + H - 3} stroke="#b3261e" stroke-width={2.5} />
          <line x1={x + W - 3} y1={y + 3} x2={x + 3} y2={y + H - 3} stroke="#b3261e" stroke-width={2.5} />
        </g>
      )}
      {(f.hits > 0 || f.slain) && (
        <g data-damage={f.hits}>
          <rect
            x={p.x - 22}
            y={y + H - 4}
            width={44}
            height={13}
            rx={6}
            fill={f.slain ? "#000000" : "#b3261e"}
            stroke="#fff"
            stroke-width={1}
          />
          <text x={p.x} y={y + H + 6} text-anchor="middle" font-size="9.5" font-weight="700" fill="#fff">
            {f.slain ? "SLAIN" : `${f.hits} ${f.hits === 1 ? "hit" : "hits"}`}
          </text>
        </g>
      )}
    </g>
  );
}
