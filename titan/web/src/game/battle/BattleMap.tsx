import type { ComponentChildren } from "preact";
// The battleland drawn in SVG: hexes (terrain, elevation, label), hexside hazards on their
// edges, the attacker's (and defender's) entry edge, and the characters on their hexes.
import type { ColourStyle } from "../../colours";
import type { Hexside } from "../../variant";
import { character } from "../../variant";
import type { BattleView, FighterView, Side, Struck } from "../../wire";
import { arrowFocus, onActivate } from "../boardKeys";
import { type Ui, useUi } from "../ui";
import { useZoomPan, ZoomControls } from "../zoom";
import {
  BATTLE_LABELS,
  CENTRE,
  edge,
  HEXES,
  type HexPos,
  hexPoints,
  neighbour,
  outward,
  R,
  VIEW_H,
  VIEW_W,
} from "./geometry";
import { hexTooltip } from "./hazards";
import { clickHex, fighterKey, type Interaction } from "./interaction";
import { Token, tokenTip } from "./Token";
import { hazardLook, hexLook } from "./terrain";

interface HexInfo {
  terrain: string;
  elevation: number;
  hexsides: Hexside[];
}

export function BattleMap(props: {
  battle: BattleView;
  it: Interaction;
  colour: (s: Side) => ColourStyle;
  lastStrike: Struck | null;
}) {
  const ui = useUi();
  const { battle, it } = props;
  const map = ui.variant.battlelands.maps[battle.terrain];
  const info = (label: string): HexInfo => {
    const h = map?.hexes[label];
    return { terrain: h?.terrain ?? "plain", elevation: h?.elevation ?? 0, hexsides: h?.hexsides ?? [] };
  };
  const onBoard = battle.fighters.filter((f) => f.hex !== null && !f.gone);
  const striking = ui.prompt?.kind === "strike" || ui.prompt?.kind === "counterstrike";
  const zoom = useZoomPan(Math.round(VIEW_W), Math.round(VIEW_H));
  return (
    <div class="board-wrap">
      <svg
        ref={zoom.svgRef}
        {...zoom.svgProps}
        class="battleland"
        viewBox={`0 0 ${VIEW_W.toFixed(0)} ${VIEW_H.toFixed(0)}`}
        preserveAspectRatio="xMidYMid meet"
        data-terrain={battle.terrain}
        role="group"
        aria-label={`Battleland ${battle.terrain}, land ${battle.land}`}
        onKeyDown={arrowFocus}
      >
        <g class="zoomed" transform={zoom.transform || undefined}>
          <text x={VIEW_W - 8} y={18} text-anchor="end" font-size="15" font-weight="600" fill="#4a4a4a">
            {battle.terrain} {battle.land}
          </text>
          <EntryEdges battle={battle} colour={props.colour} />
          {BATTLE_LABELS.map((label) => {
            const p = HEXES[label];
            if (!p) return null;
            // The character is drawn inside its hex's <g>, so a click on either is a click on the hex.
            const f = onBoard.find((x) => x.hex === label);
            return (
              <HexCell
                p={p}
                info={info(label)}
                target={it.targets.has(label)}
                striking={striking}
                carry={battle.carry?.options.includes(label) ?? false}
                covered={f !== undefined && (f.hits > 0 || f.slain)}
                pickable={f !== undefined && (it.pickable.has(fighterKey(f)) || it.picked === fighterKey(f))}
                who={f ? tokenText(ui, f) : null}
                tip={f ? tokenTip(f, character(ui.variant, f.name)?.skill) : null}
                onClick={() => clickHex(ui, battle, it, label)}
              >
                {f && (
                  <Token
                    f={f}
                    p={p}
                    style={props.colour(f.side === "attacker" ? "attacker" : "defender")}
                    it={it}
                    target={it.targets.has(label)}
                  />
                )}
              </HexCell>
            );
          })}
          <g pointer-events="none">
            {BATTLE_LABELS.flatMap((label) => {
              const p = HEXES[label];
              return p
                ? info(label).hexsides.map((s, d) => (s?.[1] ? <Hazard p={p} d={d} hazard={s[0]} /> : null))
                : [];
            })}
          </g>
          {props.lastStrike && <StrikeArrow s={props.lastStrike} />}
        </g>
      </svg>
      <ZoomControls z={zoom} />
    </div>
  );
}

/** A character's token as it reads (Token.tsx), and its side. */
function tokenText(ui: Ui, f: FighterView): string {
  const skill = character(ui.variant, f.name)?.skill ?? "?";
  const damage = f.slain ? " SLAIN" : f.hits > 0 ? ` ${f.hits} ${f.hits === 1 ? "hit" : "hits"}` : "";
  return `${f.name} ${f.power}-${skill}${damage} (${f.side})`;
}

interface HexProps {
  p: HexPos;
  info: HexInfo;
  target: boolean;
  striking: boolean;
  carry: boolean;
  onClick: () => void;
  covered: boolean;
  /** It holds a character the decision lets the player pick. */
  pickable: boolean;
  /** The character on it, for its label, and its line of the tooltip. */
  who: string | null;
  tip: string | null;
  children?: ComponentChildren;
}

function HexCell(props: HexProps) {
  const { p, info } = props;
  const look = hexLook(info.terrain);
  const hex = hexTooltip(p.label, info.terrain, info.elevation, info.hexsides, useUi().variant.characters.characters);
  const title = props.tip ? `${props.tip}\n${hex}` : hex;
  const hi = props.striking || props.carry ? "#b3261e" : "#0b57d0";
  return (
    // The tooltip stands outside the hex's button: a button's name must hold its visible
    // text, and an SVG <title> inside it would count as such.
    <g data-hex={p.label} data-target={props.target ? "" : undefined}>
      <title>{title}</title>
      <HexButton {...props} look={look} hi={hi} />
    </g>
  );
}

function HexButton(props: HexProps & { look: ReturnType<typeof hexLook>; hi: string }) {
  const { p, info, look, hi } = props;
  return (
    // The hex is the button (its character inside it is not one of its own): in the Tab
    // order when the decision lets it act, reached with the arrow keys otherwise.
    <g
      class="hex-button"
      role="button"
      tabindex={props.target || props.pickable ? 0 : -1}
      aria-label={
        // What it shows, in the order shown (a name must hold the visible text), then more.
        `${p.label}${info.elevation > 0 ? ` ▲${info.elevation}` : ""}` +
        (look.name && !props.covered ? ` ${look.name}` : "") +
        (props.who ? ` ${props.who}` : "") +
        `: hex ${p.label}, ${info.terrain}${info.elevation > 0 ? `, elevation ${info.elevation}` : ""}` +
        (props.target ? (props.striking ? ", strike here" : ", highlighted") : "")
      }
      onClick={props.onClick}
      onKeyDown={onActivate(props.onClick)}
      style={{ cursor: props.target ? "pointer" : "default" }}
    >
      <polygon points={hexPoints(p)} fill={look.fill} stroke="#7d7562" stroke-width={1.2} />
      {/* Elevation as shading, contour rings (one per level) and a number (11.3). */}
      {info.elevation > 0 && <polygon points={hexPoints(p)} fill="#5a3c00" fill-opacity={0.08 * info.elevation} />}
      {Array.from({ length: info.elevation }, (_, i) => (
        <polygon points={hexPoints(p, R - 5 - 4 * i)} fill="none" stroke="#00000055" stroke-width={1.2} />
      ))}
      {props.target && (
        <polygon
          points={hexPoints(p, R - 3)}
          fill={props.striking ? "#b3261e22" : "#ffd40088"}
          stroke={hi}
          stroke-width={3.5}
        />
      )}
      <text x={p.x} y={p.y - R * 0.54} text-anchor="middle" font-size="10" font-weight="600" fill={look.text}>
        {p.label}
        {info.elevation > 0 ? ` ▲${info.elevation}` : ""}
      </text>
      {/* Spaces between the texts (not drawn: SVG draws only text inside <text>) keep the
          words apart in what the button reads as its visible text. */}{" "}
      {/* Under a damage badge the name would be unreadable: colour and tooltip remain. */}
      {look.name && !props.covered && (
        <text x={p.x} y={p.y + R * 0.78} text-anchor="middle" font-size="8.5" fill={look.text}>
          {look.name}
        </text>
      )}{" "}
      {props.children}
    </g>
  );
}

/** A hexside hazard, drawn once from the hex at its top, with ticks on the low side (11.2). */
function Hazard(props: { p: HexPos; d: number; hazard: string }) {
  const look = hazardLook(props.hazard);
  const [[x1, y1], [x2, y2]] = edge(props.p, props.d);
  const [ox, oy] = outward(props.d);
  const ticks = [0.25, 0.5, 0.75].map((t) => {
    const x = x1 + (x2 - x1) * t;
    const y = y1 + (y2 - y1) * t;
    return <line x1={x} y1={y} x2={x + ox * 6} y2={y + oy * 6} stroke={look.stroke} stroke-width={2} />;
  });
  return (
    <g data-hazard={props.hazard}>
      <line
        x1={x1}
        y1={y1}
        x2={x2}
        y2={y2}
        stroke={look.stroke}
        stroke-width={look.width}
        stroke-linecap="round"
        stroke-dasharray={look.dash}
      />
      {props.hazard !== "wall" && ticks}
    </g>
  );
}

/** Rule 10.1, errata 2.2: the edges where each side comes on, named. */
function EntryEdges(props: { battle: BattleView; colour: (s: Side) => ColourStyle }) {
  const ui = useUi();
  const bl = ui.variant.battlelands;
  const tower = props.battle.terrain === "Tower";
  const entry = bl.entry[props.battle.entry_side];
  const sides: Array<[Side, string[], string]> = tower
    ? [["attacker", bl.tower.attacker, "Attacker enters"]]
    : [
        ["attacker", entry.attacker, `Attacker enters (${props.battle.entry_side})`],
        ["defender", entry.defender, "Defender enters"],
      ];
  return (
    <g pointer-events="none">
      {sides.map(([side, hexes, words]) => (
        <EntryEdge hexes={hexes} words={words} style={props.colour(side)} side={side} />
      ))}
    </g>
  );
}

function EntryEdge(props: { hexes: string[]; words: string; style: ColourStyle; side: Side }) {
  const ps = props.hexes.map((h) => HEXES[h]).filter((p): p is HexPos => p !== undefined);
  if (ps.length === 0) return null;
  const mx = ps.reduce((s, p) => s + p.x, 0) / ps.length;
  const my = ps.reduce((s, p) => s + p.y, 0) / ps.length;
  const len = Math.hypot(mx - CENTRE.x, my - CENTRE.y) || 1;
  const [ux, uy] = [(mx - CENTRE.x) / len, (my - CENTRE.y) / len];
  const edges = ps.flatMap((p) =>
    [0, 1, 2, 3, 4, 5]
      .filter((d) => neighbour(p.label, d) === null)
      .filter((d) => {
        const [ox, oy] = outward(d);
        return ox * ux + oy * uy > 0.3;
      })
      .map((d) => edge(p, d)),
  );
  const far = Math.max(...ps.map((p) => (p.x - CENTRE.x) * ux + (p.y - CENTRE.y) * uy));
  const tx = CENTRE.x + ux * (far + R + 14);
  const ty = CENTRE.y + uy * (far + R + 14);
  // Text reads along the edge, never upside down.
  let angle = (Math.atan2(uy, ux) * 180) / Math.PI + 90;
  if (angle > 90) angle -= 180;
  if (angle < -90) angle += 180;
  return (
    <g data-entry={props.side}>
      {edges.map(([[x1, y1], [x2, y2]]) => (
        <line
          x1={x1 + ux * 5}
          y1={y1 + uy * 5}
          x2={x2 + ux * 5}
          y2={y2 + uy * 5}
          stroke={props.style.fill}
          stroke-width={5}
          stroke-linecap="round"
          opacity={0.85}
        />
      ))}
      <text
        x={tx}
        y={ty}
        transform={`rotate(${angle.toFixed(1)} ${tx.toFixed(1)} ${ty.toFixed(1)})`}
        text-anchor="middle"
        dominant-baseline="middle"
        font-size="13"
        font-weight="600"
        fill={props.style.fill}
        stroke="#faf8f2"
        stroke-width={3}
        paint-order="stroke"
      >
        {props.words}
      </text>
    </g>
  );
}

function StrikeArrow(props: { s: Struck }) {
  const a = HEXES[props.s.frm];
  const b = HEXES[props.s.at];
  if (!a || !b) return null;
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const [ux, uy] = [(b.x - a.x) / len, (b.y - a.y) / len];
  const [x2, y2] = [b.x - ux * 18, b.y - uy * 18];
  return (
    <g pointer-events="none" data-strike-arrow>
      <line
        x1={a.x + ux * 18}
        y1={a.y + uy * 18}
        x2={x2}
        y2={y2}
        stroke="#b3261e"
        stroke-width={3}
        stroke-dasharray={props.s.ranged ? "6 4" : undefined}
      />
      <polygon
        points={`${b.x - ux * 10},${b.y - uy * 10} ${x2 - uy * 6},${y2 + ux * 6} ${x2 + uy * 6},${y2 - ux * 6}`}
        fill="#b3261e"
      />
    </g>
  );
}
