// The ratings API (README, "The API in brief"): the leaderboard, a player's profile and a
// game's dice, all public reads.
import { ApiError } from "../api";

/** One kind of dice (movement or strikes) against a fair die: Pearson's chi-square test. */
export interface DiceTest {
  counts: number[];
  rolls: number;
  chi_square: number;
  p_value: number;
}

export interface DiceKinds {
  movement: DiceTest;
  strikes: DiceTest;
}

export interface LeaderboardRow {
  rank: number;
  name: string;
  kind: "account" | "computer";
  rating: number;
  mu: number;
  sigma: number;
  games: number;
  wins: number;
}

export interface Leaderboard {
  total: number;
  offset: number;
  players: LeaderboardRow[];
}

export interface RecentGame {
  game_id: string;
  seat: number;
  variant: string;
  place: number;
  score: number;
  rating_before: number;
  rating_after: number;
  finished_at: string;
  watch: string;
  replay: string;
}

export interface Profile {
  name: string;
  kind: "account" | "computer";
  rating: number;
  mu: number;
  sigma: number;
  games: number;
  wins: number;
  average_score: number | null;
  recent: RecentGame[];
  dice: DiceKinds;
}

export interface GameDice {
  game_id: string;
  over: boolean;
  seats: ({ seat: number; name: string } & DiceKinds)[];
}

async function get<T>(path: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path);
  } catch {
    throw new ApiError(0, "The server cannot be reached.");
  }
  const data = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    throw new ApiError(response.status, (data as { error?: string } | null)?.error ?? `HTTP ${response.status}`);
  }
  return data as T;
}

export const PAGE = 50;

export const ratingsApi = {
  leaderboard: (offset: number) => get<Leaderboard>(`/api/leaderboard?offset=${offset}&limit=${PAGE}`),
  player: (name: string) => get<Profile>(`/api/players/${encodeURIComponent(name)}`),
  dice: (gameId: string) => get<GameDice>(`/api/games/${encodeURIComponent(gameId)}/dice`),
};

export function profileHref(name: string): string {
  return `/players/${encodeURIComponent(name)}`;
}

export function diceHref(gameId: string): string {
  return `/games/${encodeURIComponent(gameId)}/dice`;
}

/** A computer level's player name ("computer:strong") as people read it. */
export function displayName(name: string, kind: "account" | "computer"): string {
  return kind === "computer" ? `computer (${name.replace(/^computer:/, "")})` : name;
}
