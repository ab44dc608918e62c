// Where the standing choices live and how they are acted on. Preferences are kept per game
// seat in localStorage (a player sets them once for the game); a pressed Concede is kept in
// memory only, for the engagement it was pressed in (a reload forgets it: conceding is never
// done on a stale wish); the log's "automatically: ..." lines are kept with the preferences,
// each at its place in that seat's history, so a reload shows them again.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { PlayerView, Prompt } from "../wire";
import { DEFAULT_PREFS, engagementKey, type Planned, type Prefs, plan } from "./automation";
import type { GameClient, Snapshot } from "./connection";

export interface AutoNote {
  /** The number of events the seat had seen when it acted: the note comes before the events
   * its action caused. */
  at: number;
  text: string;
}

const MAX_NOTES = 300;

function read<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw ? { ...fallback, ...(JSON.parse(raw) as T) } : fallback;
  } catch {
    return fallback;
  }
}

export class AutoStore {
  private conceding = new Map<number, string>(); // seat -> engagement key
  private listeners = new Set<() => void>();

  constructor(readonly gameId: string) {}

  private key(what: string, seat: number): string {
    return `titan.${what}.${this.gameId}.${seat}`;
  }

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private changed(): void {
    this.listeners.forEach((fn) => fn());
  }

  prefs(seat: number): Prefs {
    return read(this.key("prefs", seat), DEFAULT_PREFS);
  }

  setPrefs(seat: number, prefs: Prefs): void {
    localStorage.setItem(this.key("prefs", seat), JSON.stringify(prefs));
    this.changed();
  }

  /** Has this seat pressed Concede in the engagement its view shows? */
  isConceding(view: PlayerView): boolean {
    const key = engagementKey(view);
    return view.you !== null && key !== null && this.conceding.get(view.you) === key;
  }

  setConceding(view: PlayerView, on: boolean): void {
    const key = engagementKey(view);
    if (view.you === null) return;
    if (on && key) this.conceding.set(view.you, key);
    else this.conceding.delete(view.you);
    this.changed();
  }

  notes(seat: number): AutoNote[] {
    try {
      const data: unknown = JSON.parse(localStorage.getItem(this.key("autolog", seat)) ?? "[]");
      return Array.isArray(data) ? (data as AutoNote[]) : [];
    } catch {
      return [];
    }
  }

  addNote(seat: number, note: AutoNote): void {
    const notes = [...this.notes(seat), note].slice(-MAX_NOTES);
    localStorage.setItem(this.key("autolog", seat), JSON.stringify(notes));
    this.changed();
  }

  /** The answer this seat's standing choices give to its prompt now, if any. */
  planFor(view: PlayerView | null, prompt: Prompt | null): Planned | null {
    if (!view || !prompt || view.you === null || prompt.player !== view.you) return null;
    return plan(prompt, view, this.prefs(view.you), this.isConceding(view));
  }
}

export interface Autoplay {
  store: AutoStore;
  /** Will the seat at this index of the snapshot have its prompt answered without a click? */
  answers: (index: number) => boolean;
  /** Changes with every change of the store (preferences, Concede, notes). */
  tick: number;
}

/** Answers every held seat's prompt that its standing choices answer, one action at a time,
 * each once (a refused one is left to the player). */
export function useAutoplay(gameId: string, client: GameClient, snap: Snapshot): Autoplay {
  const store = useMemo(() => new AutoStore(gameId), [gameId]);
  const [tick, setTick] = useState(0);
  const tried = useRef(new Map<string, "sent" | "refused">());
  useEffect(() => store.subscribe(() => setTick((t) => t + 1)), [store]);

  const answers = (i: number): boolean => {
    const s = snap.seats[i];
    if (!s?.token || tried.current.get(`${i}:${s.version}`) === "refused") return false;
    return store.planFor(s.view, s.prompt) !== null;
  };

  useEffect(() => {
    if (snap.busy) return;
    for (let i = 0; i < snap.seats.length; i++) {
      const s = snap.seats[i];
      if (!s?.token || !s.view || s.view.you === null) continue;
      const planned = store.planFor(s.view, s.prompt);
      const key = `${i}:${s.version}`;
      if (!planned || tried.current.has(key)) continue;
      tried.current.set(key, "sent");
      if (planned.action.type === "concede") store.setConceding(s.view, false);
      store.addNote(s.view.you, { at: s.events.length, text: planned.note });
      void client.act(i, planned.action).then((ok) => {
        if (!ok) {
          tried.current.set(key, "refused");
          setTick((t) => t + 1);
        }
      });
      return; // one at a time: the answer changes what comes next
    }
  }, [snap, store, client, tick]);

  return { store, answers, tick };
}
