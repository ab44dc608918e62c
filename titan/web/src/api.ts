// The server's HTTP API and WebSocket (README, "The API in brief"). Every request names the
// seat by its token; refusals come back as {error, rule, path} and are thrown as ApiError.
import type { Action, Event, PlayerView, Prompt } from "./wire";

/** A game's time control (issue 20): none, live (seconds per decision) or correspondence
 * (seconds from when a seat becomes the decider). */
export type TimeControl = { kind: "none" } | { kind: "live" | "correspondence"; seconds: number };

/** The running clock: `seat` must decide by `deadline` (ISO 8601 UTC, the server's time). */
export interface GameClock {
  seat: number;
  deadline: string;
  kind: "live" | "correspondence";
}

export type Controller = "person" | "computer" | "refusing"; // refusing: out of time, withdraws

/** What a human seat's timeout does: the computer plays it (at a level), or it withdraws. */
export type Fallback = { then: "computer"; level?: string | null } | { then: "withdraw" };

export interface GameMessage {
  game: string;
  seat: number | null;
  version: number;
  status: string;
  view: PlayerView;
  prompt: Prompt | null;
  events: Event[];
  since: number;
  next: number;
  time_control?: TimeControl;
  clock?: GameClock | null;
  controllers?: Controller[];
}

export interface SeatSummary {
  seat: number;
  name: string;
  kind: "human" | "bot";
  level: string | null;
  taken: boolean;
}

export interface GameSummary {
  id: string;
  variant: string;
  options: Record<string, unknown>;
  status: string;
  version: number;
  to_move: number | null;
  winner: number | null;
  created_at: string;
  updated_at: string;
  seats: SeatSummary[];
  rated?: boolean;
  time_control?: TimeControl;
  clock?: GameClock | null;
  controllers?: Controller[];
}

export interface SeatSpec {
  name: string;
  kind: "human" | "bot";
  level?: string | null;
  fallback?: Fallback;
}

export interface GameOptions {
  titan_variant?: boolean;
  point_target?: number | null;
  turn_limit?: number | null;
  mulligans?: number;
}

export interface CreatedSeat {
  seat: number;
  name: string;
  kind: "human" | "bot";
  level: string | null;
  token: string | null;
  url: string | null;
}

export interface GameCreated {
  id: string;
  seats: CreatedSeat[];
}

/** A chat line as this reader counts them (`i`); `text` and `name` are plain text, never HTML. */
export interface ChatLine {
  i: number;
  channel: "players" | "spectators" | "system";
  seat: number | null;
  name: string;
  text: string;
  at: number;
  time: string;
}

/** "Play again": the new game, and this seat's own link to it (none for a spectator). */
export interface RematchLink {
  game: string;
  seat: number | null;
  token: string | null;
  url: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly rule: string | null = null,
  ) {
    super(message);
  }
}

/** How far the server's clock is ahead of this browser's (ms), from the Date headers seen:
 * countdowns count against the server's time, whatever this machine's clock says. */
let serverSkew = 0;

function noteServerTime(header: string | null): void {
  const at = header ? Date.parse(header) : Number.NaN;
  // The header has whole seconds: half a second is the best estimate within that second.
  if (!Number.isNaN(at)) serverSkew = at + 500 - Date.now();
}

/** The server's time now, in ms since the epoch, as well as this browser can tell. */
export function serverNow(): number {
  return Date.now() + serverSkew;
}

async function call<T>(method: string, path: string, token?: string | null, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "The server cannot be reached; retrying when it is back.");
  }
  noteServerTime(response.headers.get("Date"));
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) {
    const err = (data ?? {}) as { error?: string; rule?: string | null };
    throw new ApiError(response.status, err.error ?? `HTTP ${response.status}`, err.rule ?? null);
  }
  return data as T;
}

export const api = {
  games: (status?: string) => call<{ games: GameSummary[] }>("GET", `/api/games${status ? `?status=${status}` : ""}`),
  game: (id: string) => call<GameSummary>("GET", `/api/games/${encodeURIComponent(id)}`),
  create: (
    seats: SeatSpec[],
    options: GameOptions,
    unlisted = false,
    variant = "default",
    timeControl: TimeControl = { kind: "none" },
  ) => call<GameCreated>("POST", "/api/games", null, { variant, seats, options, unlisted, time_control: timeControl }),
  /** "Play for me" (by computer) or "Take my seat back" (by person), for the token's seat. */
  control: (id: string, token: string, by: "person" | "computer", level: string | null = null) =>
    call<{ seat: number; controller: Controller; level: string | null }>(
      "POST",
      `/api/games/${encodeURIComponent(id)}/control`,
      token,
      by === "computer" ? { by, level } : { by },
    ),
  state: (id: string, token: string | null, since = 0) =>
    call<GameMessage>("GET", `/api/games/${encodeURIComponent(id)}/state?since=${since}`, token),
  act: (id: string, token: string, action: Action) =>
    call<GameMessage>("POST", `/api/games/${encodeURIComponent(id)}/actions`, token, { action }),
  levels: () => call<{ levels: string[]; default: string }>("GET", "/api/levels"),
  say: (id: string, token: string | null, text: string, channel: "players" | "spectators", name: string | null) =>
    call<ChatLine>("POST", `/api/games/${encodeURIComponent(id)}/chat`, token, {
      text,
      channel,
      ...(token ? {} : { name }),
    }),
  rematch: (id: string, token: string) =>
    call<RematchLink>("POST", `/api/games/${encodeURIComponent(id)}/rematch`, token),
  /** A new link for the seat whose token is sent; the old one holds nothing from now on. */
  newLink: (id: string, token: string) =>
    call<{ seat: number; token: string; url: string }>("POST", `/api/games/${encodeURIComponent(id)}/token`, token),
  /** The battle the seat is deciding about, fought out by the computer players. */
  estimate: <T>(id: string, token: string) => call<T>("GET", `/api/games/${encodeURIComponent(id)}/estimate`, token),
  /** What a legion of these characters could muster on each terrain (18.3, 18.5). */
  musters: (legion: string[], titanVariant: boolean) =>
    call<{ terrains: Record<string, string[]> }>(
      "GET",
      `/api/variants/default/musters?${new URLSearchParams({ legion: [...legion].sort().join(","), titan_variant: String(titanVariant) })}`,
    ),
};

export type SocketMessage =
  | ({ type: "state" | "update" } & GameMessage)
  | { type: "chat"; lines: ChatLine[] }
  | ({ type: "rematch" } & RematchLink)
  | { type: "error"; error: string; rule?: string | null };

/** A WebSocket that reconnects (with `since`, so nothing is missed or repeated) until closed. */
export class GameSocket {
  private ws: WebSocket | null = null;
  private closed = false;
  private retry = 500;
  private timer: number | undefined;

  constructor(
    private readonly gameId: string,
    private readonly token: string | null,
    private readonly since: () => number,
    private readonly onMessage: (m: SocketMessage) => void,
    private readonly onStatus: (connected: boolean) => void,
    // The chat's cursor: the socket then carries the chat and "play again" too.
    private readonly chatSince: () => number = () => 0,
  ) {
    this.open();
    window.addEventListener("online", this.reopenNow);
  }

  private readonly reopenNow = (): void => {
    if (!this.closed && (this.ws === null || this.ws.readyState === WebSocket.CLOSED)) {
      window.clearTimeout(this.timer);
      this.open();
    }
  };

  private open(): void {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const q = new URLSearchParams({ since: String(this.since()), chat_since: String(this.chatSince()) });
    // The token travels as a subprotocol, never in the URL (which access logs keep).
    const protocols = this.token ? ["titan", `bearer.${this.token}`] : ["titan"];
    const ws = new WebSocket(
      `${proto}//${location.host}/api/games/${encodeURIComponent(this.gameId)}/ws?${q}`,
      protocols,
    );
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 500;
      this.onStatus(true);
    };
    ws.onmessage = (e: MessageEvent<string>) => this.onMessage(JSON.parse(e.data) as SocketMessage);
    ws.onclose = () => {
      this.onStatus(false);
      if (this.closed) return;
      this.timer = window.setTimeout(() => this.open(), this.retry);
      this.retry = Math.min(this.retry * 2, 8000);
    };
  }

  close(): void {
    this.closed = true;
    window.clearTimeout(this.timer);
    window.removeEventListener("online", this.reopenNow);
    this.ws?.close();
  }
}
