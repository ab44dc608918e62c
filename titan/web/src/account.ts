// The account API (README, "The API in brief": /api/account) and who is logged in here.
// The session lives in an HttpOnly cookie the page never sees; what the page holds is the
// session's CSRF token (from the login answer or GET /api/account), sent as X-CSRF-Token with
// every write, and kept in memory only (a reload asks for it again).
import { useEffect, useState } from "preact/hooks";
import { ApiError, type GameCreated, type GameSummary } from "./api";
import { holdSeat } from "./session";

export interface NoticeSettings {
  email: string | null;
  webhook: string | null;
  notify_email: boolean;
  notify_webhook: boolean;
}

export interface Account extends Partial<NoticeSettings> {
  name: string;
  created_at: string;
  csrf_token: string;
}

export interface AccountGame {
  game: GameSummary;
  seats: number[];
  owners: (string | null)[];
}

interface OpenedSeat {
  seat: number;
  name: string;
  token: string;
  url: string;
}

/** undefined: not known yet; null: nobody is logged in here. */
let current: Account | null | undefined;
const listeners = new Set<(a: Account | null | undefined) => void>();
let loading: Promise<void> | null = null;

function set(account: Account | null): void {
  current = account;
  listeners.forEach((l) => l(account));
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET" && current) headers["X-CSRF-Token"] = current.csrf_token;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: "same-origin",
      body: body === undefined ? null : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "The server cannot be reached.");
  }
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : null;
  if (response.status === 401 && path !== "/api/account/login") set(null);
  if (!response.ok) {
    const err = (data ?? {}) as { error?: string };
    throw new ApiError(response.status, err.error ?? `HTTP ${response.status}`);
  }
  return data as T;
}

export const account = {
  /** Asks the server who is logged in here (once; later calls reuse the answer, and calls
   * made while it is asked wait for that one ask: each answer is a new object, and a page
   * whose components each asked would see the account change under it). */
  load(): Promise<Account | null> {
    if (current !== undefined) return Promise.resolve(current);
    loading ??= call<Account>("GET", "/api/account")
      .then(set, () => set(null))
      .finally(() => {
        loading = null;
      });
    return loading.then(() => current ?? null);
  },
  async register(name: string, password: string): Promise<void> {
    set(await call<Account>("POST", "/api/account/register", { name, password }));
  },
  async login(name: string, password: string): Promise<void> {
    set(await call<Account>("POST", "/api/account/login", { name, password }));
  },
  async logout(): Promise<void> {
    await call<null>("POST", "/api/account/logout");
    set(null);
  },
  async changePassword(old_password: string, new_password: string): Promise<void> {
    await call<null>("POST", "/api/account/password", { old_password, new_password });
  },
  async remove(password: string): Promise<void> {
    await call<null>("DELETE", "/api/account", { password });
    set(null);
  },
  /** How the account is told that a game needs it (e-mail, webhook). */
  async setNotices(settings: NoticeSettings): Promise<void> {
    const saved = await call<NoticeSettings>("PUT", "/api/account/notifications", settings);
    if (current) set({ ...current, ...saved });
  },
  /** A game created with this session (and its CSRF token): a rated one needs it. */
  create: (body: Record<string, unknown>) => call<GameCreated>("POST", "/api/games", body),
  claim: (game_id: string, token: string) =>
    call<{ game_id: string; seat: number }>("POST", "/api/account/seats", { game_id, token }),
  games: () => call<{ games: AccountGame[] }>("GET", "/api/account/games").then((r) => r.games),
  /** Brings the account's seats in a game to this browser (as if their links were opened). */
  async open(gameId: string): Promise<void> {
    const r = await call<{ seats: OpenedSeat[] }>("POST", `/api/account/games/${encodeURIComponent(gameId)}/open`);
    r.seats.forEach((s) => holdSeat(gameId, { seat: s.seat, name: s.name, token: s.token }));
  },
};

/** Keeps the seats this browser was just given in the account, if one is logged in. */
export async function keepInAccount(gameId: string, tokens: string[]): Promise<void> {
  if (!(await account.load())) return;
  for (const token of tokens) await account.claim(gameId, token);
}

/** The logged-in account (null: none; undefined: still asking), kept current. */
export function useAccount(): Account | null | undefined {
  const [value, setValue] = useState(current);
  useEffect(() => {
    listeners.add(setValue);
    void account.load();
    return () => void listeners.delete(setValue);
  }, []);
  return value;
}
