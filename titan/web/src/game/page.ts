// The game this page shows, and this browser's token for one of its seats: the page's address
// is /games/{id} (titan/server/web.py), and the tokens are kept by session.ts.
import { heldGame } from "../session";

export function pageGameId(): string {
  return /^\/games\/([^/]+)/.exec(window.location.pathname)?.[1] ?? "";
}

export function seatToken(seat: number | null): string | null {
  if (seat === null) return null;
  return heldGame(pageGameId())?.seats.find((s) => s.seat === seat)?.token ?? null;
}
