// Panels of the battle decisions: maneuver, strike, counterstrike, carry-over, concessions.
// The board and these panels share one selection (battle/interaction.ts): a character picked
// on either shows its destinations or targets on both, and every option stays a button here.

import { character } from "../variant";
import type { Action, BattleStep, BattleView, Decision, FighterView, Strike } from "../wire";
import {
  carriesOf,
  carryLabel,
  fighterAt,
  fighterKey,
  fighterName,
  interaction,
  movesOf,
  parseKey,
  pick,
  sideOf,
  strikeLabel,
  strikesOf,
} from "./battle/interaction";
import { atLeast, expectedHits, hitDistribution, percent } from "./battle/odds";
import { optionsOf, type PanelSpec, type Ui, useUi } from "./ui";

function useBattle(): BattleView | null {
  return useUi().view.engagement?.battle ?? null;
}

/** What the panels of a maneuver or strike phase start from: the battle, the side this
 * seat plays in it, and what is picked (null when no decision of ours is under way). */
function ourTurn(ui: Ui) {
  const battle = ui.view.engagement?.battle ?? null;
  const eng = ui.view.engagement;
  const prompt = ui.prompt;
  if (!battle || !eng || !prompt) return null;
  const it = interaction(ui, battle);
  return { battle, prompt, side: sideOf(eng, prompt.player), it, picked: parseKey(it.picked) };
}

function _where(f: FighterView): string {
  return f.hex ?? "off the board";
}

/** One picked character, or the ones to pick from, as buttons (the same as a click on them). */
function Pickers(props: { battle: BattleView; hint: string }) {
  const ui = useUi();
  const it = interaction(ui, props.battle);
  const fighters = props.battle.fighters.filter((f) => !f.gone && it.pickable.has(fighterKey(f)));
  // Two identical characters off the board are one choice (they enter the same way).
  const keys = [...new Set(fighters.map(fighterKey))];
  if (keys.length === 0) return null;
  return (
    <div class="pickers" data-pickers>
      <p style={{ margin: ".2rem 0" }}>{props.hint}</p>
      {keys.map((k) => {
        const p = parseKey(k);
        return (
          <button
            type="button"
            data-pick={k}
            class={it.picked === k ? "primary" : undefined}
            onClick={() => pick(ui, it, k)}
            disabled={ui.busy}
          >
            {p?.name} ({p?.hex ?? "off"})
          </button>
        );
      })}
    </div>
  );
}

// --- maneuver (11) ------------------------------------------------------------------------

function ManeuverPanel() {
  const ui = useUi();
  const turn = ourTurn(ui);
  if (!turn) return null;
  const { battle, side, picked } = turn;
  const moves = movesOf(ui);
  const mine = battle.fighters.filter((f) => f.side === side && !f.gone);
  const mustEnter = mine.filter((f) => f.hex === null && f.newcomer);
  const toEnter = mine.filter((f) => f.hex === null && !f.newcomer);
  const canMove = mine.filter((f) => f.hex !== null && !f.moved && moves.some((m) => m.frm === f.hex));
  const moved = mine.filter((f) => f.moved);
  const reset = optionsOf(ui.prompt, "reset_maneuver")[0];
  const end = optionsOf(ui.prompt, "end_phase")[0];
  const list = (fs: FighterView[]) => fs.map((f) => `${f.name}${f.hex ? ` (${f.hex})` : ""}`).join(", ");
  return (
    <div class="battle-panel" data-battle-panel="maneuver">
      {mustEnter.length > 0 && (
        <p data-must-enter>
          <b>Must enter now:</b> {list(mustEnter)} (14, 15)
        </p>
      )}
      {toEnter.length > 0 && (
        <p data-to-enter>
          <b>Still off the board:</b> {list(toEnter)}
          {battle.turn === 1 ? " — any not entered this phase are left off and slain (10.1)" : ""}
        </p>
      )}
      {canMove.length > 0 && (
        <p data-to-move>
          <b>May still move:</b> {list(canMove)}
        </p>
      )}
      {moved.length > 0 && (
        <p>
          <b>Moved:</b> {list(moved)}
        </p>
      )}
      <Pickers battle={battle} hint="Pick a character (here or on the board), then a highlighted hex:" />
      {picked && (
        <div data-destinations>
          <p style={{ margin: ".2rem 0" }}>
            {picked.name} ({picked.hex ?? "off the board"}) {picked.hex ? "may move to" : "may enter at"}:
          </p>
          {moves
            .filter((m) => m.name === picked.name && m.frm === picked.hex)
            .map((m) => (
              <button
                type="button"
                data-action="battle_move"
                data-to={m.to}
                onClick={() => ui.act(m)}
                disabled={ui.busy}
              >
                {m.to}
              </button>
            ))}
        </div>
      )}
      <div style={{ marginTop: ".4rem" }}>
        {reset && (
          <button
            type="button"
            data-action="reset_maneuver"
            onClick={() => ui.act(reset)}
            disabled={ui.busy}
            title="Errata 11.0: until the first strike is rolled"
          >
            Undo maneuvers
          </button>
        )}
        {end && (
          <button type="button" class="primary" data-action="end_phase" onClick={() => ui.act(end)} disabled={ui.busy}>
            {/* 10.1: on the first turn, whoever is not entered now is left off (and slain). */}
            {battle.turn === 1 && toEnter.length > 0
              ? `End maneuvers (leave ${toEnter.length} off the board)`
              : "End maneuvers"}
          </button>
        )}
      </div>
    </div>
  );
}

// --- strike and counterstrike (12, 13) ----------------------------------------------------

/** The chance of each number of hits, as a small bar chart with the chance to slay. */
function Odds(props: { s: Strike; target: FighterView | undefined }) {
  const dist = hitDistribution(props.s.dice, props.s.strike_number);
  const need = props.target ? props.target.power - props.target.hits : null;
  const top = Math.max(...dist);
  return (
    <div class="odds" style={{ fontSize: ".85em", color: "#333" }}>
      expected {expectedHits(props.s.dice, props.s.strike_number).toFixed(1)} hits
      {need !== null && need > 0
        ? ` · slays (${need}+ hits): ${percent(atLeast(props.s.dice, props.s.strike_number, need))}`
        : ""}
      <div
        style={{ display: "flex", alignItems: "flex-end", gap: "2px", height: "26px", marginTop: "2px" }}
        title="chance of 0, 1, 2... hits"
      >
        {dist.map((q, k) => (
          <div style={{ display: "flex", flexDirection: "column", alignItems: "center", width: "1.6rem" }}>
            <div
              style={{
                width: "100%",
                height: `${Math.max(1, (q / (top || 1)) * 16)}px`,
                background: need !== null && k >= need ? "#b3261e" : "#7a8fb8",
              }}
              title={`${k} hits: ${percent(q)}`}
            />
            <span style={{ fontSize: ".75em" }}>{k}</span>
          </div>
        ))}
      </div>
    </div>
  );
}

function StrikePanel() {
  const ui = useUi();
  const turn = ourTurn(ui);
  if (!turn) return null;
  const { battle, prompt, side, picked } = turn;
  const strikes = strikesOf(ui);
  const end = optionsOf(ui.prompt, "end_phase")[0];
  const must = battle.fighters.filter(
    (f) => f.side === side && !f.gone && f.hex && f.in_contact && !f.struck && strikes.some((s) => s.frm === f.hex),
  );
  const mine = picked?.hex ? strikes.filter((s) => s.frm === picked.hex) : [];
  const targets = [...new Set(mine.map((s) => s.target))];
  const striker = picked?.hex ? fighterAt(battle, picked.hex) : undefined;
  const skill = striker ? character(ui.variant, striker.name)?.skill : undefined;
  const counter = prompt.kind === "counterstrike";
  return (
    <div class="battle-panel" data-battle-panel={prompt.kind}>
      {must.length > 0 && (
        <p data-must-strike>
          <b>Must strike (13):</b> {must.map((f) => `${f.name} (${f.hex})`).join(", ")}
        </p>
      )}
      {strikes.length === 0 && <p>No strikes left.</p>}
      <Pickers
        battle={battle}
        hint={
          counter ? "Pick a character to strike back with:" : "Pick a striker (here or on the board), then a target:"
        }
      />
      {striker && (
        <div data-strike-options>
          <p style={{ margin: ".3rem 0 .1rem" }}>
            <b>{striker.name}</b> ({striker.hex}), power {striker.power}, skill {skill ?? "?"}:
          </p>
          {targets.map((t) => {
            const target = fighterAt(battle, t);
            const opts = mine.filter((s) => s.target === t);
            return (
              <div data-strike-target={t} style={{ borderTop: "1px solid var(--line)", padding: ".2rem 0" }}>
                <div>
                  → <b>{target?.name ?? t}</b> ({t})
                  {target ? `, power ${target.power}${target.hits ? `, ${target.hits} hits taken` : ""}` : ""}
                </div>
                {opts.map((s) => (
                  <div style={{ margin: ".15rem 0 .25rem .6rem" }}>
                    <button
                      type="button"
                      data-action="strike"
                      data-target-hex={t}
                      onClick={() => ui.act(s)}
                      disabled={ui.busy}
                    >
                      {strikeLabel(s, opts)}
                    </button>
                    <Odds s={s} target={target} />
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      )}
      {end && (
        <div style={{ marginTop: ".4rem" }}>
          <button type="button" class="primary" data-action="end_phase" onClick={() => ui.act(end)} disabled={ui.busy}>
            {counter ? "Done striking back" : "End strikes"}
          </button>
        </div>
      )}
      {!end && must.length > 0 && (
        <p style={{ fontSize: ".9em", color: "#555" }}>
          Every character in contact must strike before the phase can end (13).
        </p>
      )}
    </div>
  );
}

// --- carry-over (13.4, errata 12.4) --------------------------------------------------------

function CarryPanel() {
  const ui = useUi();
  const battle = useBattle();
  if (!battle) return null;
  const carry = battle.carry;
  const options = carriesOf(ui);
  return (
    <div class="battle-panel" data-battle-panel="carry_over">
      {carry && (
        <p>
          <b>{carry.excess}</b> excess {carry.excess === 1 ? "hit" : "hits"} from {fighterName(battle, carry.striker)} (
          {carry.striker}) striking {fighterName(battle, carry.target)} ({carry.target}), {carry.dice} dice at strike
          number {carry.strike_number}. Click a highlighted character or choose:
        </p>
      )}
      {options.map((c) => (
        <button
          type="button"
          data-action="carry_over"
          data-to={c.to.join(",")}
          onClick={() => ui.act(c)}
          disabled={ui.busy}
          style={{ display: "block", width: "100%", textAlign: "left" }}
        >
          {carryLabel(battle, c)}
        </button>
      ))}
    </div>
  );
}

// --- concessions (errata 2.5.6.2-2.5.6.4, 9.4) ----------------------------------------------

// The steps at which a side may concede (those of the decision battle_may_concede).
const DECLINE_WORDS: Partial<Record<BattleStep, [string, string]>> = {
  attacker_may_concede: [
    "Fight on: let the battle begin",
    "errata 2.5.6.2: the attacker may concede before the battle",
  ],
  defender_may_concede: [
    "Fight on: let the battle begin",
    "errata 2.5.6.3: the defender may concede before the battle",
  ],
  drift_concede: ["Fight on (drift damage follows)", "errata 9.4, 11.7: you may concede before drift damage"],
  may_concede_before_counter: ["Fight on: strike back", "errata 2.5.6.4.1.5: you may concede before your strike-back"],
  ending_concede: ["Let the battle end", "errata 2.5.6.4.1.8.1: you may concede as the battle ends"],
};

function ConcedePanel() {
  const ui = useUi();
  const battle = useBattle();
  const concede = optionsOf(ui.prompt, "concede")[0];
  const decline = optionsOf(ui.prompt, "decline")[0];
  const words = (battle && DECLINE_WORDS[battle.step]) ?? ["Fight on", "You may concede the battle (9.4)"];
  return (
    <div class="battle-panel" data-battle-panel="battle_may_concede">
      <p>{words[1]}. Conceding loses the whole legion (9.4).</p>
      {decline && (
        <button type="button" class="primary" data-action="decline" onClick={() => ui.act(decline)} disabled={ui.busy}>
          {words[0]}
        </button>
      )}
      {concede && (
        <button
          type="button"
          data-action="concede"
          onClick={() => ui.act(concede)}
          disabled={ui.busy}
          style={{ color: "var(--warn)" }}
        >
          Concede the battle
        </button>
      )}
    </div>
  );
}

function ConcessionOfferedPanel() {
  const ui = useUi();
  const battle = useBattle();
  const concede = optionsOf(ui.prompt, "concede")[0];
  const decline = optionsOf(ui.prompt, "decline")[0];
  const eng = ui.view.engagement;
  const them = battle?.conceding === "attacker" ? eng?.attacker_owner : eng?.defender_owner;
  const name = them !== undefined ? (ui.view.players[them]?.name ?? "Your opponent") : "Your opponent";
  return (
    <div class="battle-panel" data-battle-panel="concession_offered">
      <p>
        {name} offers to concede ({battle?.conceding}). Accept, or concede instead: only one side can concede (errata
        9.4).
      </p>
      {decline && (
        <button type="button" class="primary" data-action="decline" onClick={() => ui.act(decline)} disabled={ui.busy}>
          Accept their concession
        </button>
      )}
      {concede && (
        <button
          type="button"
          data-action="concede"
          onClick={() => ui.act(concede)}
          disabled={ui.busy}
          style={{ color: "var(--warn)" }}
        >
          Concede instead
        </button>
      )}
    </div>
  );
}

const is =
  (...types: Array<Action["type"]>) =>
  (a: Action): boolean =>
    types.includes(a.type);

export const BATTLE_PANELS: Partial<Record<Decision, PanelSpec>> = {
  maneuver: { Panel: ManeuverPanel, handles: is("battle_move", "reset_maneuver", "end_phase") },
  strike: { Panel: StrikePanel, handles: is("strike", "end_phase") },
  counterstrike: { Panel: StrikePanel, handles: is("strike", "end_phase") },
  carry_over: { Panel: CarryPanel, handles: is("carry_over") },
  battle_may_concede: { Panel: ConcedePanel, handles: is("concede", "decline") },
  concession_offered: { Panel: ConcessionOfferedPanel, handles: is("concede", "decline") },
};
