// Panels of the masterboard decisions: colour, split, move, engage, muster, keep marker,
// summon, reinforce, acquire. Each offers only actions from the prompt's options (a split may
// use any of prompt.split_markers), and its `handles` names exactly the options it offers, so
// the generic panel lists every other option as a button under it.
import { useState } from "preact/hooks";
import { styleOf } from "../colours";
import type { Action, Decision, LegionView, Muster, Split } from "../wire";
import { LegionContents, MarkerChip } from "./board/Contents";
import { chooseMove, focusLegion, landName, movesByLand, sameCharacters, terrainOf } from "./board/moves";
import { optionsOf, type PanelSpec, type Ui, useUi } from "./ui";

function unique<T>(xs: T[]): T[] {
  return [...new Set(xs)];
}

function legionOf(ui: Ui, marker: string): LegionView | undefined {
  return ui.view.legions.find((l) => l.marker === marker);
}

/** Buttons that select one of the legions a decision is about (the board does the same). */
function LegionPicker(props: { eligible: string[]; what: string }) {
  const ui = useUi();
  return (
    <div class="legion-picker">
      <p>Select a legion {props.what} (click its marker on the board, or here):</p>
      {props.eligible.map((m) => {
        const l = legionOf(ui, m);
        return (
          <button type="button" data-select={m} onClick={() => ui.select(m)}>
            {l ? <MarkerChip view={ui.view} legion={l} /> : m} {l ? `in ${landName(ui.variant, l.land)}` : ""}
          </button>
        );
      })}
    </div>
  );
}

// --- choose_colour (errata 5.0: in ascending starting-tower order) ---------------------------

function ChooseColourPanel() {
  const ui = useUi();
  return (
    <div class="colour-choices">
      {optionsOf(ui.prompt, "choose_colour").map((o) => {
        const st = styleOf(o.colour);
        return (
          <button
            type="button"
            data-action="choose_colour"
            data-colour={o.colour}
            onClick={() => ui.act(o)}
            disabled={ui.busy}
          >
            <span
              class="swatch"
              style={{ background: st.fill, width: "1.4em", height: "1.4em", marginRight: ".4em" }}
            />
            {st.label}
          </button>
        );
      })}
    </div>
  );
}

// --- split (4.3, 5.2) -------------------------------------------------------------------------

function SplitPanel() {
  const ui = useUi();
  const opts = optionsOf(ui.prompt, "split");
  const eligible = unique(opts.map((o) => o.legion));
  const legion = focusLegion(ui.selected, eligible);
  return (
    <div class="split-panel">
      <p class="rule">
        Rule 4.3: a legion may split in two, each keeping at least two characters; the new one takes a fresh marker and
        its contents stay secret.
        {ui.view.turn === 1
          ? " On your first turn (5.2) the starting legion splits 4 + 4 with one lord (Titan or Angel) in each half."
          : ""}{" "}
        Only the splits listed by the game are legal: <b>Split</b> lights up when your choice is one of them.
      </p>
      {legion ? (
        <SplitForm
          key={`${legion}/${ui.prompt?.split_markers.join(",") ?? ""}`}
          legion={legion}
          options={opts.filter((o) => o.legion === legion)}
        />
      ) : eligible.length > 0 ? (
        <LegionPicker eligible={eligible} what="to split" />
      ) : (
        <p>No legion can split now.</p>
      )}
    </div>
  );
}

function SplitForm(props: { legion: string; options: Split[] }) {
  const ui = useUi();
  const lv = legionOf(ui, props.legion);
  const names = lv?.known ?? [];
  const markers = ui.prompt?.split_markers.length
    ? ui.prompt.split_markers
    : unique(props.options.map((o) => o.marker));
  const [chosen, setChosen] = useState<boolean[]>(() => names.map(() => false));
  const [marker, setMarker] = useState<string>(markers[0] ?? "");
  const picked = names.filter((_, i) => chosen[i]);
  const match = props.options.find((o) => sameCharacters(o.characters, picked));
  const fill = (chars: readonly string[]) => {
    // Tick one checkbox per name of the split, duplicates on distinct characters.
    const left = [...chars];
    setChosen(
      names.map((n) => {
        const at = left.indexOf(n);
        if (at < 0) return false;
        left.splice(at, 1);
        return true;
      }),
    );
  };
  const split = () => {
    if (match && marker) ui.act({ type: "split", legion: props.legion, marker, characters: match.characters });
  };
  return (
    <div class="split-form" data-split-legion={props.legion}>
      <p>Split {lv ? <MarkerChip view={ui.view} legion={lv} /> : props.legion}: tick the characters that leave it.</p>
      <div class="split-characters">
        {names.map((n, i) => (
          <label style={{ display: "inline-block", marginRight: ".8em" }}>
            <input
              type="checkbox"
              data-character={n}
              checked={chosen[i] ?? false}
              onChange={(e) => {
                const next = [...chosen];
                next[i] = (e.currentTarget as HTMLInputElement).checked;
                setChosen(next);
              }}
            />{" "}
            {n}
          </label>
        ))}
      </div>
      <p>
        <label>
          New marker{" "}
          <select
            data-split-marker
            value={marker}
            onChange={(e) => setMarker((e.currentTarget as HTMLSelectElement).value)}
          >
            {markers.map((m) => (
              <option value={m}>{m}</option>
            ))}
          </select>
        </label>{" "}
        <button
          type="button"
          class="primary"
          data-action="split"
          disabled={ui.busy || !match || !marker}
          onClick={split}
        >
          Split
        </button>
      </p>
      <p class="split-status" data-split-legal={match ? "yes" : "no"}>
        {picked.length === 0
          ? "Nothing ticked yet."
          : match
            ? `${picked.join(", ")} leave; ${remaining(names, picked).join(", ")} stay.`
            : `${picked.join(", ")}: not a legal split.`}
      </p>
      <details>
        <summary>The {props.options.length} legal splits of this legion</summary>
        {props.options.map((o) => (
          <button
            type="button"
            class="secondary"
            data-fill-split={o.characters.join(",")}
            onClick={() => fill(o.characters)}
          >
            {o.characters.join(", ")}
          </button>
        ))}
      </details>
    </div>
  );
}

function remaining(all: string[], gone: string[]): string[] {
  const left = [...gone];
  return all.filter((n) => {
    const at = left.indexOf(n);
    if (at < 0) return true;
    left.splice(at, 1);
    return false;
  });
}

// --- move (6.2, 7, 8; errata 7.0 undo) -------------------------------------------------------

function MovePanel() {
  const ui = useUi();
  const moves = optionsOf(ui.prompt, "move");
  const movers = unique(moves.map((m) => m.legion));
  const legion = focusLegion(ui.selected, movers);
  const targets = movesByLand(ui.prompt, legion);
  const undos = optionsOf(ui.prompt, "undo_move");
  const mulligan = optionsOf(ui.prompt, "mulligan")[0];
  const done = optionsOf(ui.prompt, "done_moving")[0];
  return (
    <div class="move-panel">
      {legion ? (
        <div class="move-targets" data-move-legion={legion}>
          <p>
            Move{" "}
            {legionOf(ui, legion) ? <MarkerChip view={ui.view} legion={legionOf(ui, legion) as LegionView} /> : legion}:
            click a highlighted land, or
          </p>
          {[...targets.keys()]
            .sort((a, b) => a - b)
            .map((land) => {
              const n = targets.get(land)?.length ?? 0;
              return (
                <button
                  type="button"
                  data-action={n === 1 ? "move" : undefined}
                  data-move-to={land}
                  onClick={() => chooseMove(ui, legion, land)}
                  disabled={ui.busy}
                >
                  {landName(ui.variant, land)}
                  {n > 1 ? ` (${n} ways)` : ""}
                </button>
              );
            })}
          {movers.length > 1 && (
            <button type="button" class="secondary" onClick={() => ui.select(null)}>
              Another legion
            </button>
          )}
        </div>
      ) : movers.length > 0 ? (
        <LegionPicker eligible={movers} what="to move" />
      ) : (
        <p>No legion can move{undos.length ? " any more" : ""}.</p>
      )}
      <div class="move-controls">
        {undos.map((u) => (
          // Errata 7.0: moves may be taken back until the phase ends.
          <button
            type="button"
            class="secondary"
            data-action="undo_move"
            data-legion-undo={u.legion}
            onClick={() => ui.act(u)}
            disabled={ui.busy}
          >
            Undo {u.legion}'s move
          </button>
        ))}
        {mulligan && (
          <button
            type="button"
            data-action="mulligan"
            onClick={() => ui.act(mulligan)}
            disabled={ui.busy}
            title="Roll the movement die again (the optional mulligan rule)"
          >
            Mulligan: roll again
          </button>
        )}
        {done && (
          <button
            type="button"
            class="primary"
            data-action="done_moving"
            onClick={() => ui.act(done)}
            disabled={ui.busy}
          >
            Done moving
          </button>
        )}
      </div>
    </div>
  );
}

// --- engage (9.1: the mover picks the order) -------------------------------------------------

function EngagePanel() {
  const ui = useUi();
  return (
    <div class="engage-panel">
      <p>Pick the next engagement (click its land on the board, or here):</p>
      {optionsOf(ui.prompt, "engage").map((o) => {
        const here = ui.view.legions.filter((l) => l.land === o.land);
        return (
          <button
            type="button"
            data-action="engage"
            data-engage-land={o.land}
            onClick={() => ui.act(o)}
            disabled={ui.busy}
          >
            {landName(ui.variant, o.land)}:{" "}
            {here.map((l, i) => (
              <>
                {i > 0 ? " vs " : ""}
                <MarkerChip view={ui.view} legion={l} />
              </>
            ))}
          </button>
        );
      })}
    </div>
  );
}

// --- muster (18) and reinforce (14, the same Muster options for the defender) ---------------

function MusterChoices(props: { options: Muster[] }) {
  const ui = useUi();
  const byLegion = unique(props.options.map((o) => o.legion));
  return (
    <>
      {byLegion.map((marker) => {
        const lv = legionOf(ui, marker);
        return (
          <div class="muster-legion" data-muster-legion={marker} style={{ marginBottom: ".4rem" }}>
            {lv && <LegionContents view={ui.view} legion={lv} terrain={terrainOf(ui.variant, lv.land)} />}
            {props.options
              .filter((o) => o.legion === marker)
              .map((o) => (
                <button
                  type="button"
                  data-action="muster"
                  data-creature={o.creature}
                  onClick={() => ui.act(o)}
                  disabled={ui.busy}
                >
                  <b>{o.creature}</b>
                  {o.reveal.length ? ` — showing ${o.reveal.join(", ")}` : ""}
                </button>
              ))}
          </div>
        );
      })}
    </>
  );
}

function MusterPanel() {
  const ui = useUi();
  const opts = optionsOf(ui.prompt, "muster");
  const legions = unique(opts.map((o) => o.legion));
  const only = ui.selected && legions.includes(ui.selected) ? ui.selected : null;
  return (
    <div class="muster-panel">
      <p class="rule">
        Rule 18: each legion that moved may muster one character the land allows, showing the characters that qualify
        it.
      </p>
      {legions.length === 0 && <p>No legion can muster.</p>}
      <MusterChoices options={only ? opts.filter((o) => o.legion === only) : opts} />
      {only && legions.length > 1 && (
        <button type="button" class="secondary" onClick={() => ui.select(null)}>
          Show all legions
        </button>
      )}
    </div>
  );
}

function ReinforcePanel() {
  const ui = useUi();
  const opts = optionsOf(ui.prompt, "muster");
  return (
    <div class="reinforce-panel">
      <p class="rule">Rule 14: the defender may muster one reinforcement as the land allows.</p>
      {opts.length === 0 ? <p>No reinforcement is possible.</p> : <MusterChoices options={opts} />}
    </div>
  );
}

// --- keep_marker (errata 4.7: a recombined legion keeps one marker) ---------------------------

function KeepMarkerPanel() {
  const ui = useUi();
  return (
    <div class="keep-marker-panel">
      <p>These legions could not leave the land where they split, so they recombine (4.3). Keep which marker?</p>
      {optionsOf(ui.prompt, "keep_marker").map((o) => {
        const lv = legionOf(ui, o.marker);
        return (
          <button
            type="button"
            data-action="keep_marker"
            data-marker={o.marker}
            onClick={() => ui.act(o)}
            disabled={ui.busy}
          >
            Keep {lv ? <MarkerChip view={ui.view} legion={lv} /> : o.marker}
          </button>
        );
      })}
    </div>
  );
}

// --- summon (15) --------------------------------------------------------------------------------

function SummonPanel() {
  const ui = useUi();
  const opts = optionsOf(ui.prompt, "summon");
  return (
    <div class="summon-panel">
      <p class="rule">Rule 15: bring an Angel or Archangel from another of your legions into the attacker.</p>
      {unique(opts.map((o) => o.donor)).map((donor) => {
        const lv = legionOf(ui, donor);
        return (
          <div class="summon-donor" data-donor={donor} style={{ marginBottom: ".4rem" }}>
            {lv && <LegionContents view={ui.view} legion={lv} terrain={terrainOf(ui.variant, lv.land)} />}
            {opts
              .filter((o) => o.donor === donor)
              .map((o) => (
                <button
                  type="button"
                  data-action="summon"
                  data-lord={o.lord}
                  onClick={() => ui.act(o)}
                  disabled={ui.busy}
                >
                  Summon the {o.lord} from {donor}
                </button>
              ))}
          </div>
        );
      })}
    </div>
  );
}

// --- acquire (17) -------------------------------------------------------------------------------

function AcquirePanel() {
  const ui = useUi();
  const points = ui.prompt?.points;
  return (
    <div class="acquire-panel">
      <p class="rule">
        Rule 17: your score reached {points ?? "a multiple of 100"} points, so the winning legion may take an Angel
        {optionsOf(ui.prompt, "acquire").some((o) => o.lord === "Archangel")
          ? " (or an Archangel, at a multiple of 500)"
          : ""}
        .
      </p>
      {optionsOf(ui.prompt, "acquire").map((o) => (
        <button
          type="button"
          class="primary"
          data-action="acquire"
          data-lord={o.lord}
          onClick={() => ui.act(o)}
          disabled={ui.busy}
        >
          Take an {o.lord}
        </button>
      ))}
    </div>
  );
}

function only(...types: Action["type"][]): (a: Action) => boolean {
  return (a) => types.includes(a.type);
}

export const MASTER_PANELS: Partial<Record<Decision, PanelSpec>> = {
  choose_colour: { Panel: ChooseColourPanel, handles: only("choose_colour") },
  split: { Panel: SplitPanel, handles: only("split") },
  move: { Panel: MovePanel, handles: only("move", "undo_move", "mulligan", "done_moving") },
  engage: { Panel: EngagePanel, handles: only("engage") },
  muster: { Panel: MusterPanel, handles: only("muster") },
  reinforce: { Panel: ReinforcePanel, handles: only("muster") },
  keep_marker: { Panel: KeepMarkerPanel, handles: only("keep_marker") },
  summon: { Panel: SummonPanel, handles: only("summon") },
  acquire: { Panel: AcquirePanel, handles: only("acquire") },
};
