// Hot-seat: which held seat the screen shows, and between two local players' decisions a blank
// screen that shows nothing of the game until the next player says they are at the screen,
// only where the next screen would show something a player who may be looking may not know
// (the rule: sharedScreen.ts).
import { useEffect, useState } from "preact/hooks";
import type { Event } from "../wire";
import type { SeatState } from "./connection";
import { secretsShown, sharedEvents } from "./sharedScreen";

export function Handover(props: { name: string; onReady: () => void }) {
  return (
    <main class="handover" data-handover>
      <h1>Pass the screen to {props.name}</h1>
      <p>The board stays hidden until {props.name} is ready.</p>
      <button type="button" data-action="handover" autofocus onClick={props.onReady}>
        I am {props.name}: show my game
      </button>
    </main>
  );
}

export interface HotSeat {
  /** The index (into the snapshot's seats) of the seat the screen shows. */
  shown: number;
  /** The seat's name to pass the screen to, while the hand-over screen is up. */
  handoverTo: string | null;
  ready: () => void;
  /** The shown seat's log, less what someone who may be looking may not see. */
  events: Event[];
  /** Where a place in the seat's own history falls in ``events`` (the number of its events
   * before that place that are shown). */
  place: (at: number) => number;
  /** Several seats are held here. */
  shared: boolean;
  /** The shown seat's screen may draw something a watcher does not know, by views of
   * different versions: nothing is drawn until they agree (or the hand-over comes). */
  holding: boolean;
}

function nameOf(seat: SeatState | undefined): string {
  const view = seat?.view;
  const named = view && view.you !== null ? view.players[view.you]?.name : undefined;
  return named ?? seat?.name ?? "";
}

/** Whether the screen of the seat shown (by index), when it is the masterboard, may stay before
 * the seats that may be looking at it: "open" when it draws nothing one of them may not know, "hide" when it does
 * (a hand-over is due), "wait" when it seems to but their views are of different versions
 * (their sockets deliver them apart, and a newer view may show what the older one does not
 * know yet). */
function exposure(seats: SeatState[], shown: number, audience: number[]): "open" | "hide" | "wait" {
  const seat = seats[shown];
  const view = seat?.view;
  // A battle screen draws the two legions in battle only, revealed to both (errata 2.5.6.1);
  // their `known` lists may still hold characters slain since, which a comparison would take
  // for secrets. The masterboard, which draws every legion, is what must be judged here.
  if (!seat || !view || view.engagement?.battle) return "open";
  let wait = false;
  for (const i of audience) {
    const watcher = seats[i];
    if (i === shown) continue;
    if (!watcher?.view) return "hide";
    if (secretsShown(view, seat.prompt, watcher.view).length === 0) continue;
    if (watcher.version !== seat.version) wait = true;
    else return "hide";
  }
  return wait ? "wait" : "open";
}

/** ``deciding``: the index of the held seat that must decide by a click (-1: none of them). */
export function useHotSeat(seats: SeatState[], deciding: number): HotSeat {
  const shared = seats.length > 1;
  const [shown, setShown] = useState(0);
  // The seats (by index) that may be looking at the screen since the last hand-over; none
  // before the first one.
  const [audience, setAudience] = useState<number[]>(shared ? [] : [0]);

  useEffect(() => {
    if (!shared || deciding < 0 || deciding === shown) return;
    const next = seats[deciding];
    if (!next?.view) return;
    const watchers = audience.map((i) => seats[i]);
    // Judge the seats' views at one version (their sockets may deliver it apart); if they do
    // not come together soon (a socket down), hand over: never show on a guess.
    if (watchers.some((w) => !w?.view || w.version !== next.version)) {
      const late = setTimeout(() => {
        setShown(deciding);
        setAudience([]);
      }, 2000);
      return () => clearTimeout(late);
    }
    const nextView = next.view;
    const open =
      nextView !== null && watchers.every((w) => w?.view && secretsShown(nextView, next.prompt, w.view).length === 0);
    setShown(deciding);
    setAudience(open && audience.length > 0 ? [...audience, deciding] : []);
  }, [deciding, shown, seats, audience, shared]);

  // The shown screen is judged again whenever its seat's view changes, not only when the screen
  // passes to another seat: the end of a battle brings the masterboard back (which draws every
  // legion) while the two players of the battle may still be looking, and the seat shown may
  // stay the one to decide. Judged while rendering, so that nothing is drawn even for a frame.
  const exposed = shared ? exposure(seats, shown, audience) : "open";
  useEffect(() => {
    if (exposed === "hide") setAudience([]);
    if (exposed !== "wait") return undefined;
    const late = setTimeout(() => setAudience([]), 2000);
    return () => clearTimeout(late);
  }, [exposed]);

  const seat = seats[shown];
  const numbers = audience.map((i) => seats[i]?.seat ?? -1);
  const all = seat?.events ?? [];
  const { events, kept } = shared && audience.length > 1 ? sharedEvents(all, numbers) : { events: all, kept: null };
  return {
    shown,
    handoverTo: shared && (!audience.includes(shown) || exposed === "hide") ? nameOf(seat) : null,
    ready: () => setAudience([shown]),
    events,
    place: (at) => (kept ? kept.filter((k) => k < at).length : at),
    shared,
    holding: exposed === "wait",
  };
}
