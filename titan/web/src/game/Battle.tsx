// The battleland of the engagement being fought (rules 10-15): the 27 hexes of errata 2.2 with
// their terrain, elevation and hexside hazards, both legions' characters on their hexes, the
// ones still off the board in a tray per side, and what is going on (battle turn of 7,
// phasing side, step). Clicks pick characters and answer the decision through interaction.ts.
import { styleOf } from "../colours";
import type { BattleStep, BattleView, FighterView, Side, Struck } from "../wire";
import { BattleMap } from "./battle/BattleMap";
import { StrikeResult } from "./battle/Dice";
import { interaction } from "./battle/interaction";
import { Tray } from "./battle/Tray";
import { useUi } from "./ui";

const LAST_TURN = 7; // 10.5

const STEP_WORDS: Record<BattleStep, string> = {
  attacker_may_concede: "the attacker may concede before the battle",
  defender_may_concede: "the defender may concede before the battle",
  maneuver: "maneuver phase",
  drift_concede: "may concede before drift damage",
  strike: "strike phase",
  may_concede_before_counter: "may concede before striking back",
  counterstrike: "strike-back phase",
  carry: "carrying over excess hits",
  concession_offered: "a concession is offered",
  ending_concede: "the battle is ending",
};

export function Battle(props: { battle: BattleView; lastStrike?: Struck | null }) {
  const ui = useUi();
  const { battle } = props;
  const eng = ui.view.engagement;
  if (!eng) return null;
  const it = interaction(ui, battle);
  const owner = (s: Side) => ui.view.players[s === "attacker" ? eng.attacker_owner : eng.defender_owner];
  const colour = (s: Side) => styleOf(owner(s)?.colour);
  const off = (s: Side): FighterView[] => battle.fighters.filter((f) => f.side === s && f.hex === null && !f.gone);
  const gone = (s: Side): FighterView[] => battle.fighters.filter((f) => f.side === s && f.gone);
  return (
    <div class="battle" data-battle={battle.land}>
      <BattleHeader battle={battle} name={(s) => owner(s)?.name ?? s} />
      {/* Room for the dice is kept from the start, so the map does not jump when they come. */}
      <div class="last-strike">
        {props.lastStrike ? (
          <StrikeResult strike={props.lastStrike} />
        ) : (
          <p class="no-dice">No strike yet in this battle.</p>
        )}
      </div>
      <div class="battle-field">
        <Tray
          side="attacker"
          who={owner("attacker")?.name ?? "?"}
          style={colour("attacker")}
          off={off("attacker")}
          gone={gone("attacker")}
          it={it}
        />
        <div class="battle-map">
          <BattleMap battle={battle} it={it} colour={colour} lastStrike={props.lastStrike ?? null} />
        </div>
        <Tray
          side="defender"
          who={owner("defender")?.name ?? "?"}
          style={colour("defender")}
          off={off("defender")}
          gone={gone("defender")}
          it={it}
        />
      </div>
    </div>
  );
}

function BattleHeader(props: { battle: BattleView; name: (s: Side) => string }) {
  const b = props.battle;
  // 10.5: the attacker loses if the battle is not over at the end of his seventh turn.
  const lastTurn = b.turn >= LAST_TURN;
  return (
    <div class="battle-header">
      <b data-battle-turn={b.turn}>
        Battle turn {b.turn} of {LAST_TURN}
      </b>
      <span>
        {b.terrain} · land {b.land}
      </span>
      <span data-phasing={b.phasing}>
        {props.name(b.phasing)}'s turn ({b.phasing}) · {STEP_WORDS[b.step]}
      </span>
      {b.summon_window && <span title="Rule 15">an angel may be summoned</span>}
      {b.reinforce_window && <span title="Rule 14">the defender may reinforce</span>}
      {(lastTurn || b.time_loss) && (
        <span data-time-loss style={{ color: "var(--warn)", fontWeight: 600 }} title="Rule 10.5">
          {b.time_loss
            ? "Time loss: the attacker loses (10.5)"
            : "Last turn: unless the battle ends now, the attacker loses by time loss (10.5)"}
        </span>
      )}
    </div>
  );
}
