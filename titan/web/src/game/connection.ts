// One game as this browser follows it: a WebSocket per seat held here (several make a
// hot-seat game), or one spectator socket. Each seat's latest message and its whole event
// history are kept; a reconnect asks for the events since the last one received, so a reload,
// a dropped network or a new day restores exactly the same view.
import { useEffect, useState } from "preact/hooks";
import {
  ApiError,
  api,
  type ChatLine,
  type Controller,
  type GameClock,
  type GameMessage,
  GameSocket,
  type RematchLink,
  type SocketMessage,
} from "../api";
import { type HeldSeat, holdSeat } from "../session";
import type { Action, Event, PlayerView, Prompt } from "../wire";

export interface SeatState {
  seat: number | null;
  token: string | null;
  name: string;
  view: PlayerView | null;
  prompt: Prompt | null;
  events: Event[];
  next: number;
  version: number;
  status: string;
  connected: boolean;
  clock: GameClock | null; // whose clock runs, until when (issue 20)
  controllers: Controller[]; // who plays each seat now
}

export interface Snapshot {
  seats: SeatState[];
  error: string | null;
  errorRule: string | null;
  busy: boolean;
  chat: ChatLine[]; // the game's chat as this browser may read it, by `i`
  rematch: RematchLink | null; // the game played again, once someone asked
}

export class GameClient {
  private sockets: GameSocket[] = [];
  private listeners = new Set<() => void>();
  snapshot: Snapshot;

  constructor(
    readonly gameId: string,
    held: HeldSeat[],
  ) {
    const seats: SeatState[] = (held.length ? held : [null]).map((h) => ({
      seat: h ? h.seat : null,
      token: h ? h.token : null,
      name: h ? h.name : "spectator",
      view: null,
      prompt: null,
      events: [],
      next: 0,
      version: -1,
      status: "",
      connected: false,
      clock: null,
      controllers: [],
    }));
    this.snapshot = { seats, error: null, errorRule: null, busy: false, chat: [], rematch: null };
    seats.forEach((s, i) => {
      this.sockets.push(
        new GameSocket(
          gameId,
          s.token,
          () => this.snapshot.seats[i]?.next ?? 0,
          (m) => this.receive(i, m),
          (connected) => this.patchSeat(i, { connected }),
          () => this.chatNext(),
        ),
      );
    });
  }

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private set(next: Partial<Snapshot>): void {
    this.snapshot = { ...this.snapshot, ...next };
    this.listeners.forEach((fn) => fn());
  }

  private patchSeat(i: number, patch: Partial<SeatState>): void {
    const seats = this.snapshot.seats.slice();
    const old = seats[i];
    if (!old) return;
    seats[i] = { ...old, ...patch };
    this.set({ seats });
  }

  private receive(i: number, m: SocketMessage): void {
    if (m.type === "error") {
      this.set({ error: m.error, errorRule: m.rule ?? null });
      return;
    }
    if (m.type === "chat") {
      this.addChat(m.lines);
      return;
    }
    if (m.type === "rematch") {
      this.rematched(i, m);
      return;
    }
    this.apply(i, m);
  }

  /** The next chat line's number as this browser counts (every seat held counts alike). */
  private chatNext(): number {
    const last = this.snapshot.chat[this.snapshot.chat.length - 1];
    return last ? last.i + 1 : 0;
  }

  /** Lines from any of the sockets (or a post's answer), each once, in order. */
  addChat(lines: ChatLine[]): void {
    const known = new Set(this.snapshot.chat.map((l) => l.i));
    const fresh = lines.filter((l) => !known.has(l.i));
    if (!fresh.length) return;
    this.set({ chat: [...this.snapshot.chat, ...fresh].sort((a, b) => a.i - b.i) });
  }

  /** A seat's own link to the new game is kept like any seat's, so the new game's page
   * opens with every seat held here (a hot-seat game stays one). */
  private rematched(i: number, m: RematchLink): void {
    const s = this.snapshot.seats[i];
    if (s && m.token && m.seat !== null) holdSeat(m.game, { seat: m.seat, name: s.name, token: m.token });
    this.set({ rematch: { ...m, token: null } });
  }

  /** Ask for "play again" with every seat held here; each gets its own link. */
  async playAgain(): Promise<string | null> {
    let game: string | null = null;
    for (const s of this.snapshot.seats) {
      if (!s.token) continue;
      try {
        const link = await api.rematch(this.gameId, s.token);
        if (link.token && link.seat !== null) holdSeat(link.game, { seat: link.seat, name: s.name, token: link.token });
        game = link.game;
      } catch (e) {
        const err = e instanceof ApiError ? e : new ApiError(0, String(e));
        this.set({ error: err.message, errorRule: err.rule });
        return null;
      }
    }
    return game;
  }

  /** Take a message (from the socket or an action's reply) unless an equal or newer one
   * arrived already; events are appended where they continue the history. */
  private apply(i: number, m: GameMessage): void {
    const old = this.snapshot.seats[i];
    if (!old) return;
    let events = old.events;
    if (m.since <= old.events.length && m.next > old.events.length) {
      events = old.events.concat(m.events.slice(old.events.length - m.since));
    } else if (m.since === 0) {
      events = m.events;
    }
    const newer = m.version >= old.version;
    this.patchSeat(i, {
      events,
      next: Math.max(old.next, events.length),
      ...(newer
        ? {
            view: m.view,
            prompt: m.prompt,
            version: m.version,
            status: m.status,
            clock: m.clock ?? null,
            controllers: m.controllers ?? [],
          }
        : {}),
    });
  }

  /** Send an action for the seat at index ``i`` of ``snapshot.seats``. */
  async act(i: number, action: Action): Promise<boolean> {
    const s = this.snapshot.seats[i];
    if (!s?.token) return false;
    this.set({ busy: true, error: null, errorRule: null });
    try {
      // The reply holds the events this action caused: applied now, the board answers at
      // once; the socket's copy of them is then recognised as already seen.
      this.apply(i, await api.act(this.gameId, s.token, action));
      this.set({ busy: false });
      return true;
    } catch (e) {
      const err = e instanceof ApiError ? e : new ApiError(0, String(e));
      this.set({ busy: false, error: err.message, errorRule: err.rule });
      return false;
    }
  }

  clearError(): void {
    this.set({ error: null, errorRule: null });
  }

  close(): void {
    this.sockets.forEach((s) => s.close());
    this.listeners.clear();
  }
}

export function useGameClient(gameId: string, held: HeldSeat[]): [GameClient, Snapshot] {
  const [client] = useState(() => new GameClient(gameId, held));
  const [snap, setSnap] = useState(client.snapshot);
  useEffect(() => {
    const off = client.subscribe(() => setSnap(client.snapshot));
    setSnap(client.snapshot);
    return () => {
      off();
      client.close();
    };
  }, [client]);
  return [client, snap];
}
