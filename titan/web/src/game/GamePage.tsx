// A game's screen: the masterboard (or the battleland during a battle), the decision panel,
// the status and the event log, for the seat this browser shows now. With several seats held
// here (hot-seat), the screen follows whichever must decide, behind a hand-over screen where
// the next screen would show a player something another may not see (Handover.tsx). Decisions
// the player's standing choices answer are answered without showing them (autoplay.ts).
import { useEffect, useMemo, useState } from "preact/hooks";
import { RatedNotice } from "../ratings/RatedNotice";
import { diceHref } from "../ratings/ratingsApi";
import { heldGame, holdSeat, tokenFromFragment } from "../session";
import { loadVariant, type VariantData } from "../variant";
import type { Action, Event, Struck } from "../wire";
import { useAutoplay } from "./autoplay";
import { Battle } from "./Battle";
import { Board } from "./Board";
import { Chat } from "./Chat";
import { Clock } from "./Clock";
import { useGameClient } from "./connection";
import { EventLog } from "./EventLog";
import { Handover, useHotSeat } from "./Handover";
import { KeepSeat } from "./KeepSeat";
import { useKeys } from "./keys";
import { useTurnNotice } from "./notify";
import { PlayForMe } from "./PlayForMe";
import { PromptPanel } from "./PromptPanel";
import { Rematch } from "./Rematch";
import { Sheet } from "./Sheet";
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
  const [selected, select] = useState<string | null>(null);
  const [offer, setOffer] = useState<Offer | null>(null);

  useEffect(() => {
    loadVariant("default").then(setVariant, () => undefined);
  }, []);

  // A seat claimed from a link is recorded under its real number once the server names it.
  // Only a token still kept here is recorded: one replaced meanwhile ("This seat's link") must
  // not come back from a socket that has not closed yet.
  useEffect(() => {
    const kept = new Set(heldGame(props.gameId)?.seats.map((h) => h.token));
    snap.seats.forEach((s) => {
      if (s.token && kept.has(s.token) && s.seat !== null && s.view && s.view.you !== null) {
        const me = s.view.players[s.view.you];
        if (me) holdSeat(props.gameId, { seat: s.view.you, name: me.name, token: s.token });
      }
    });
  }, [snap.seats, props.gameId]);

  // Hot-seat: show the held seat that must decide (unless its standing choices answer).
  const auto = useAutoplay(props.gameId, client, snap);
  const deciding = snap.seats.findIndex((s, i) => s.prompt !== null && !auto.answers(i));
  const hot = useHotSeat(snap.seats, deciding);
  const shown = hot.shown;
  useEffect(() => {
    select(null);
    setOffer(null);
  }, [shown]);

  const seat = snap.seats[shown];
  // A prompt the standing choices answer is not shown (nor flashed before the answer goes).
  const prompt = seat && !auto.answers(shown) ? seat.prompt : null;
  // A seat claimed from a link has no name until the server's view names it.
  const myName = seat?.view && seat.view.you !== null ? seat.view.players[seat.view.you]?.name : undefined;
  useTurnNotice(prompt !== null && seat?.seat !== null, myName || seat?.name || "");
  useKeys(client, shown, prompt, select);

  if (!seat?.view || !variant) {
    return <main class="loading">{snap.error ? <p class="error">{snap.error}</p> : <p>Loading the game…</p>}</main>;
  }
  if (hot.handoverTo !== null) {
    return <Handover name={hot.handoverTo} onReady={hot.ready} />;
  }
  if (hot.holding) {
    return (
      <main class="loading" data-holding>
        <p>…</p>
      </main>
    );
  }
  const view = seat.view;
  const you = view.you ?? -1;
  const ui: Ui = {
    variant,
    view,
    prompt,
    token: seat.token,
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
    auto: {
      prefs: auto.store.prefs(you),
      setPrefs: (p) => auto.store.setPrefs(you, p),
      conceding: auto.store.isConceding(view),
      setConceding: (on) => auto.store.setConceding(view, on),
    },
    hotSeat: hot.shared,
    seatName: (view.you !== null ? view.players[view.you]?.name : undefined) ?? seat.name,
  };
  const notes = auto.store.notes(you).map((n) => ({ at: hot.place(n.at), text: n.text }));
  const battle = view.engagement?.battle ?? null;
  const me = view.you !== null ? view.players[view.you] : null;
  return (
    <UiContext.Provider value={ui}>
      <main
        class="game"
        data-seat={view.you ?? "spectator"}
        data-version={seat.version}
        data-turn={view.turn}
        data-busy={snap.busy ? "" : undefined}
      >
        <header>
          <a href="/">Lobby</a>
          <span class="title">
            Titan<span class="header-game"> · game {props.gameId}</span>
          </span>
          <span class="who">{me ? `You are ${me.name}` : "Spectating"}</span>
          <span class="turn" data-header-turn>
            {view.over
              ? `Game over after turn ${view.turn}`
              : `Turn ${view.turn} · ${view.players[view.active]?.name ?? "?"}'s ${view.phase} phase`}
          </span>
          {!seat.connected && (
            <span class="offline" data-offline>
              reconnecting…
            </span>
          )}
          <RatedNotice gameId={props.gameId} />
          <Clock clock={seat.clock} view={view} />
          <KeepSeat gameId={props.gameId} />
          <a href={diceHref(props.gameId)} data-link="dice" title="Each player's dice against fair dice">
            Dice
          </a>
        </header>
        <div class="play" data-showing={battle ? "battle" : "board"}>
          <div class="boards">
            {battle ? <Battle battle={battle} lastStrike={lastStrikeOf(seat.events)} /> : <Board />}
          </div>
          <Sheet>
            {snap.error && (
              <p class="error" data-error role="alert">
                {snap.error}
                {snap.errorRule ? ` (rule ${snap.errorRule})` : ""}{" "}
                <button type="button" class="link" aria-label="Dismiss the message" onClick={() => client.clearError()}>
                  ✕
                </button>
              </p>
            )}
            <PromptPanel />
            <Rematch client={client} over={view.over} rematch={snap.rematch} seated={seat.token !== null} />
            <Status />
            <PlayForMe
              gameId={props.gameId}
              token={seat.token}
              seat={view.you}
              controllers={seat.controllers}
              over={view.over}
            />
            <EventLog events={hot.events} notes={notes} />
            <Chat client={client} lines={snap.chat} token={seat.token} />
          </Sheet>
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
