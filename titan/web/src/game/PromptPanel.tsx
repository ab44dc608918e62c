// The decision panel: what this seat must decide now, with every legal option, and only those.
// Decisions with a board interaction (moves, maneuvers, strikes...) have their own panels
// (registered in PANELS); any other decision, and the remaining options of those, are offered
// as buttons, so no decision the rules give a player can be missing.

import { useState } from "preact/hooks";
import { describeAction } from "../describe";
import { GameOverLinks } from "../replay/links";
import type { Action, Decision } from "../wire";
import { mayConcedeLater } from "./automation";
import { BATTLE_PANELS } from "./battlePanels";
import { ENGAGEMENT_PANELS } from "./engagementPanels";
import { MASTER_PANELS } from "./masterPanels";
import { ConcedeButton, Preferences } from "./Preferences";
import { type PanelSpec, useUi } from "./ui";

export const DECISION_TITLE: Record<Decision, string> = {
  choose_colour: "Choose your colour",
  split: "Split your legions",
  move: "Move your legions",
  keep_marker: "Which marker does the recombined legion keep?",
  engage: "Choose the next engagement",
  flee: "Flee or fight?",
  negotiate: "Negotiate",
  negotiate_final: "Accept, concede or fight",
  summon: "Summon an angel?",
  reinforce: "Reinforce?",
  acquire: "Take an angel?",
  muster: "Muster recruits",
  battle_may_concede: "Concede the battle?",
  concession_offered: "Your opponent offers to concede",
  maneuver: "Maneuver",
  strike: "Strike",
  counterstrike: "Strike back",
  carry_over: "Carry over the excess hits",
  game_over: "The game is over",
};

const PANELS: Partial<Record<Decision, PanelSpec>> = { ...MASTER_PANELS, ...ENGAGEMENT_PANELS, ...BATTLE_PANELS };

export function PromptPanel() {
  const ui = useUi();
  const { prompt, view, offer } = ui;
  if (!prompt) {
    const who = view.deciding >= 0 ? (view.players[view.deciding]?.name ?? "?") : null;
    return (
      <section class="prompt waiting" data-prompt={view.over ? "game_over" : "none"}>
        <ConcedeButton />
        <p>
          {view.over
            ? `The game is over: ${view.winner !== null ? `${view.players[view.winner]?.name ?? "?"} wins` : "nobody wins"}.`
            : view.deciding >= 0 && view.deciding === view.you
              ? "Answering for you, as your standing choices say…"
              : who
                ? `Waiting for ${who}.`
                : "Waiting."}
        </p>
        {!view.over && <Preferences />}
        {view.over && <GameOverLinks />}
      </section>
    );
  }
  const spec = PANELS[prompt.kind];
  const unclaimed = spec ? prompt.options.filter((o) => !spec.handles(o)) : prompt.options;
  // Withdrawing (errata 20.4) ends a player's game: kept apart, behind a second click.
  // Conceding an engagement is the standing Concede button's (Preferences.tsx) where it shows.
  const standing =
    mayConcedeLater(view) && prompt.kind !== "concession_offered" && prompt.kind !== "battle_may_concede";
  const rest = unclaimed.filter((o) => o.type !== "withdraw" && !(standing && o.type === "concede"));
  const withdraw = unclaimed.find((o) => o.type === "withdraw");
  return (
    <section class="prompt" data-prompt={prompt.kind}>
      <h2>
        {ui.hotSeat ? `${ui.seatName}: ` : ""}
        {DECISION_TITLE[prompt.kind]}
      </h2>
      <ConcedeButton />
      {prompt.roll != null && (
        <p class="roll">
          Movement roll: <b data-roll={prompt.roll}>{prompt.roll}</b>
        </p>
      )}
      {prompt.battle_turn != null && <p>Battle turn {prompt.battle_turn} of 7</p>}
      {offer && (
        <div class="offer" data-offer>
          <p>{offer.title}</p>
          {offer.choices.map((c) => (
            <button
              type="button"
              data-action={c.action.type}
              onClick={() => {
                ui.setOffer(null);
                ui.act(c.action);
              }}
              disabled={ui.busy}
            >
              {c.label}
            </button>
          ))}
          <button type="button" class="secondary" onClick={() => ui.setOffer(null)}>
            Cancel
          </button>
        </div>
      )}
      {spec && <spec.Panel />}
      {rest.length > 0 && (
        <div class="options">
          {rest.map((o) => (
            <button type="button" data-action={o.type} onClick={() => ui.act(o)} disabled={ui.busy}>
              {describeAction(o)}
            </button>
          ))}
        </div>
      )}
      {withdraw && <Withdraw action={withdraw} />}
      <Preferences />
    </section>
  );
}

function Withdraw(props: { action: Action }) {
  const ui = useUi();
  const [asked, setAsked] = useState(false);
  return (
    <div class="withdraw">
      {asked ? (
        <p>
          Leave the game for good? Your legions are removed.{" "}
          <button type="button" data-action="withdraw" onClick={() => ui.act(props.action)} disabled={ui.busy}>
            Yes, withdraw
          </button>
          <button type="button" class="secondary" onClick={() => setAsked(false)}>
            No
          </button>
        </p>
      ) : (
        <button type="button" class="link" data-ask-withdraw onClick={() => setAsked(true)}>
          Withdraw from the game…
        </button>
      )}
    </div>
  );
}
