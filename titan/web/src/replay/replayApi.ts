// The replay routes (titan/server/replay.py): a game's index (every step's outline, the events
// the perspective may see, how many had happened by each step) and the view at one step.
import { ApiError, type ChatLine, type GameCreated } from "../api";
import type { BattleStep, Event, Phase, PlayerView, Side } from "../wire";

/** [turn, phase, whose turn, who decides, battle: [battle turn, phasing side, step] | null] */
export type StepOutline = [number, Phase, number, number, [number, Side, BattleStep] | null];

export interface ReplayIndex {
  game: string;
  seat: number | null;
  perspective: string; // "all", "spectator" or a seat number
  version: number;
  over: boolean;
  steps: StepOutline[];
  players: number[];
  events: Event[];
  marks: number[];
}

export interface ReplayStep {
  game: string;
  step: number;
  perspective: string;
  view: PlayerView;
}

async function get<T>(path: string, token: string | null): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(0, "The server cannot be reached.");
  }
  const data = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const err = (data ?? {}) as { error?: string; rule?: string | null };
    throw new ApiError(response.status, err.error ?? `HTTP ${response.status}`, err.rule ?? null);
  }
  return data as T;
}

function query(perspective: string | null): string {
  return perspective === null ? "" : `?perspective=${encodeURIComponent(perspective)}`;
}

const base = (id: string) => `/api/games/${encodeURIComponent(id)}`;

export const CHAT_PAGE = 500; // the server's largest page

export const replayApi = {
  index: (id: string, token: string | null, perspective: string | null) =>
    get<ReplayIndex>(`${base(id)}/replay${query(perspective)}`, token),
  step: (id: string, step: number, token: string | null, perspective: string | null) =>
    get<ReplayStep>(`${base(id)}/replay/${step}${query(perspective)}`, token),
  /** One page of the chat as the token's holder may read it (titan/server/api_social.py). */
  chat: (id: string, since: number, token: string | null) =>
    get<{ lines: ChatLine[]; next: number }>(`${base(id)}/chat?since=${since}&limit=${CHAT_PAGE}`, token),
  /** A record file's game, made anew (unlisted unless asked) with fresh seats. */
  importRecord: async (
    record: unknown,
    seats: { kind: "human" | "bot"; level?: string | null }[] | null,
    unlisted: boolean,
  ) => {
    const response = await fetch("/api/games/import", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(seats ? { record, seats, unlisted } : { record, unlisted }),
    });
    const data = (await response.json().catch(() => null)) as unknown;
    if (!response.ok) {
      const err = (data ?? {}) as { error?: string; rule?: string | null };
      throw new ApiError(response.status, err.error ?? `HTTP ${response.status}`, err.rule ?? null);
    }
    return data as GameCreated;
  },
};

export const replayHref = (id: string) => `/games/${encodeURIComponent(id)}/replay`;
export const recordHref = (id: string) => `${base(id)}/record`;
