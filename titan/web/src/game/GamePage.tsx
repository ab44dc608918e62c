// A game's screen: the masterboard (or the battleland during a battle), the decision panel,
// the status and the event log, for the seat this browser shows now. With several seats held
// here (hot-seat), the screen follows whichever must decide, behind a hand-over screen so one
// player never sees another's legions.
import { useEffect, useMemo, useState } from "preact/hooks";
import { heldGame, holdSeat, tokenFromFragment } from "../session";
import { loadVariant, type VariantData } from "../variant";
import type { Action, Event, Struck } from "../wire";
import { Battle } from "./Battle";
import { Board } from "./Board";
import { Chat } from "./Chat";
import { useGameClient } from "./connection";
import { EventLog } from "./EventLog";
import { Handover } from "./Handover";
import { useKeys } from "./keys";
import { useTurnNotice } from "./notify";
import { PromptPanel } from "./PromptPanel";
import { Rematch } from "./Rematch";
import { Status } from "./Status";
import { type Offer, type Ui, UiContext } from "./ui";

export function GamePage(props: { gameId: string }) {
  const held = useMemo(() => {
    const token = tokenFromFragment();
    if (token) holdSeat(props.gameId, { seat: -1, name: "", token });
    return heldGame(props.gameId)?.seats ?? [];
  }, [props.gameId]);
  const [client, snap] = useGameClient(props.gameId, held);
  const [variant, setVariant] = useState<VariantData | null>(null);
  const [shown, setShown] = useState(0); // index into snap.seats
  const [revealed, setRevealed] = useState<number | null>(held.length > 1 ? null : 0);
  const [selected, select] = useState<string | null>(null);
  const [offer, setOffer] = useState<Offer | null>(null);

  useEffect(() => {
    loadVariant("default").then(setVariant, () => undefined);
  }, []);

  // A seat claimed from a link is recorded under its real number once the server names it.
  useEffect(() => {
    snap.seats.forEach((s) => {
      if (s.token && s.seat !== null && s.view && s.view.you !== null) {
        const me = s.view.players[s.view.you];
        if (me) holdSeat(props.gameId, { seat: s.view.you, name: me.name, token: s.token });
      }
    });
  }, [snap.seats, props.gameId]);

  // Hot-seat: show the held seat that must decide; a change of seat goes through the hand-over.
  const deciding = snap.seats.findIndex((s) => s.prompt !== null);
  useEffect(() => {
    if (deciding >= 0 && deciding !== shown) {
      setShown(deciding);
      select(null);
      setOffer(null);
      if (snap.seats.length > 1) setRevealed(null);
    }
  }, [deciding, shown, snap.seats.length]);

  const seat = snap.seats[shown];
  useTurnNotice(seat?.prompt != null && seat.seat !== null, seat?.name ?? "");
  useKeys(client, shown, seat?.prompt ?? null, select);

  if (!seat || !seat.view || !variant) {
    return <main class="loading">{snap.error ? <p class="error">{snap.error}</p> : <p>Loading the game…</p>}</main>;
  }
  if (snap.seats.length > 1 && revealed !== shown) {
    return <Handover name={seat.name} onReady={() => setRevealed(shown)} />;
  }
  const view = seat.view;
  const ui: Ui = {
    variant,
    view,
    prompt: seat.prompt,
    busy: snap.busy,
    act: (action: Action) => {
      // The selection goes with the click (not when the answer comes back, by which time
      // the player may have picked the next legion).
      setOffer(null);
      select(null);
      void client.act(shown, action);
    },
    selected,
    select,
    offer,
    setOffer,
  };
  const battle = view.engagement?.battle ?? null;
  const me = view.you !== null ? view.players[view.you] : null;
  return (
    <UiContext.Provider value={ui}>
      <main class="game" data-seat={view.you ?? "spectator"} data-version={seat.version} data-turn={view.turn} data-busy={snap.busy ? "" : undefined}>
        <header>
          <a href="/">Lobby</a>
          <span class="title">Titan · game {props.gameId}</span>
          <span class="who">{me ? `You are ${me.name}` : "Spectating"}</span>
          <span class="turn">Turn {view.turn} · {view.players[view.active]?.name}'s {view.phase} phase</span>
          {!seat.connected && <span class="offline" data-offline>reconnecting…</span>}
        </header>
        <div class="play">
          <div class="boards">{battle ? <Battle battle={battle} lastStrike={lastStrikeOf(seat.events)} /> : <Board />}</div>
          <aside>
            {snap.error && (
              <p class="error" data-error onClick={() => client.clearError()}>
                {snap.error}
                {snap.errorRule ? ` (rule ${snap.errorRule})` : ""}
              </p>
            )}
            <PromptPanel />
            <Rematch client={client} over={view.over} rematch={snap.rematch} seated={seat.token !== null} />
            <Status />
            <EventLog events={seat.events} />
            <Chat client={client} lines={snap.chat} token={seat.token} />
          </aside>
        </div>
      </main>
    </UiContext.Provider>
  );
}

/** The latest strike of the battle under way, whose dice the battle view shows. */
function lastStrikeOf(events: Event[]): Struck | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e?.type === "battle_started") return null;
    if (e?.type === "struck") return e;
  }
  return null;
}
