// A side's characters that are not on the battleland: those still to enter (10.1, 14, 15; a
// click picks one to enter) and those gone (slain and removed, or left off).
import type { ColourStyle } from "../../colours";
import { character } from "../../variant";
import type { FighterView, Side } from "../../wire";
import { useUi } from "../ui";
import { fighterKey, type Interaction, pick } from "./interaction";

export function Tray(props: {
  side: Side;
  who: string;
  style: ColourStyle;
  off: FighterView[];
  gone: FighterView[];
  it: Interaction;
}) {
  const ui = useUi();
  const { style, it } = props;
  return (
    <div class="tray" data-tray={props.side}>
      <div class="tray-head" style={{ borderBottom: `3px solid ${style.fill}` }}>
        <b>{props.side === "attacker" ? "Attacker" : "Defender"}</b>
        <div>
          {props.who} <span class="swatch" style={{ background: style.fill }} /> {style.label}
        </div>
      </div>
      <div class="tray-note">Off the board{props.off.length === 0 ? ": none" : ""}</div>
      <div class="tray-off">
        {props.off.map((f) => {
          const key = fighterKey(f);
          const c = character(ui.variant, f.name);
          const pickable = it.pickable.has(key);
          const picked = it.picked === key;
          return (
            <button
              type="button"
              data-fighter={key}
              data-selected={picked ? "" : undefined}
              data-pickable={pickable ? "" : undefined}
              disabled={!pickable || ui.busy}
              onClick={() => pick(ui, it, key)}
              title={
                f.newcomer ? `${f.name}: ${f.newcomer}, must enter this phase` : `${f.name}: not on the battleland yet`
              }
              style={{
                background: style.fill,
                color: style.text,
                border: picked ? "3px solid var(--hi)" : pickable ? "2px dashed #fff" : "1px solid #000",
                boxShadow: picked ? "0 0 0 2px #000" : undefined,
                textAlign: "left",
                opacity: pickable || !ui.prompt ? 1 : 0.75,
                margin: 0,
              }}
            >
              <b>{f.name}</b> {f.power}-{c?.skill ?? "?"}
              {f.newcomer && <div style={{ fontSize: ".8em" }}>{f.newcomer}</div>}
            </button>
          );
        })}
      </div>
      {props.gone.length > 0 && (
        <div class="tray-gone">
          Gone:
          {props.gone.map((f) => (
            <div data-gone={fighterKey(f)} style={{ textDecoration: "line-through" }}>
              {f.name}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
