// The seats this browser holds, by game: kept in localStorage so that a reload, a closed tab
// or a new day finds them again. Several seats of one game here make a hot-seat game.

export interface HeldSeat {
  seat: number;
  name: string;
  token: string;
}

export interface HeldGame {
  id: string;
  seats: HeldSeat[];
  created: string;
}

const KEY = "titan.games";

function read(): HeldGame[] {
  try {
    const raw = localStorage.getItem(KEY);
    const data: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(data) ? (data as HeldGame[]) : [];
  } catch {
    return [];
  }
}

function write(games: HeldGame[]): void {
  localStorage.setItem(KEY, JSON.stringify(games));
}

export function heldGames(): HeldGame[] {
  return read();
}

export function heldGame(id: string): HeldGame | undefined {
  return read().find((g) => g.id === id);
}

/** Remember a seat's token (from a new game or a link opened here). */
export function holdSeat(id: string, seat: HeldSeat): void {
  const games = read();
  let game = games.find((g) => g.id === id);
  if (!game) {
    game = { id, seats: [], created: new Date().toISOString() };
    games.unshift(game);
  }
  game.seats = [...game.seats.filter((s) => s.seat !== seat.seat && s.token !== seat.token), seat].sort(
    (a, b) => a.seat - b.seat,
  );
  write(games);
}

export function forgetGame(id: string): void {
  write(read().filter((g) => g.id !== id));
}

/** A token handed over in the URL's fragment (#token=...), read once and taken out of the
 * address bar so it is not shared by accident. */
export function tokenFromFragment(): string | null {
  const token = new URLSearchParams(location.hash.slice(1)).get("token");
  if (token) history.replaceState(null, "", location.pathname + location.search);
  return token;
}
