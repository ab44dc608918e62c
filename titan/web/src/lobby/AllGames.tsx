// "All games": the server's lobby (GET /api/games), newest activity first: each game's status,
// its seats (free, taken, computer), and a way to watch it (the game page without a token is
// the spectator's view). Refreshed every little while.
import { useEffect, useState } from "preact/hooks";
import { api, type GameSummary } from "../api";
import { RecordLinks } from "../replay/links";
import { heldGame } from "../session";
import { ago, gameHref, optionsText, SeatChip, StatusBadge } from "./common";

const FILTERS = ["all", "open", "running", "over"] as const;
type Filter = (typeof FILTERS)[number];
const EVERY_MS = 15000;

export function AllGames(props: { refresh: number }) {
  const [games, setGames] = useState<GameSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilter] = useState<Filter>("all");
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let live = true;
    api.games(filter === "all" ? undefined : filter).then(
      (r) => {
        if (!live) return;
        setGames(r.games);
        setError(null);
      },
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [filter, tick, props.refresh]);

  useEffect(() => {
    const t = window.setInterval(() => {
      if (document.visibilityState === "visible") setTick((n) => n + 1);
    }, EVERY_MS);
    return () => window.clearInterval(t);
  }, []);

  return (
    <section class="card all-games" data-list="all">
      <div class="card-head">
        <h2>All games</h2>
        <div class="filters">
          <span role="tablist" aria-label="Which games">
            {FILTERS.map((f) => (
              <button
                type="button"
                role="tab"
                aria-selected={filter === f}
                class={filter === f ? "on" : ""}
                data-filter={f}
                onClick={() => setFilter(f)}
              >
                {f}
              </button>
            ))}
          </span>
          <button
            type="button"
            class="secondary"
            title="Refresh"
            aria-label="Refresh the list"
            onClick={() => setTick((n) => n + 1)}
          >
            ↻
          </button>
        </div>
      </div>
      {error && <p class="error">{error}</p>}
      {games === null && !error && <p class="empty">Loading…</p>}
      {games !== null && games.length === 0 && (
        <p class="empty">No games {filter === "all" ? "yet" : `${filter} now`}.</p>
      )}
      {games !== null && games.length > 0 && (
        <table class="games">
          <thead>
            <tr>
              <th>game</th>
              <th>status</th>
              <th>seats</th>
              <th>last move</th>
              <th>
                <span class="sr-only">open</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {games.map((g) => {
              const held = heldGame(g.id);
              const mine = new Set(held?.seats.map((s) => s.seat) ?? []);
              const free = g.seats.filter((s) => s.kind === "human" && !s.taken).length;
              return (
                <tr data-game={g.id} key={g.id}>
                  <td>
                    <a class="game-id" href={gameHref(g.id)}>
                      {g.id}
                    </a>
                    {optionsText(g) && <div class="hint">{optionsText(g)}</div>}
                  </td>
                  <td>
                    <StatusBadge status={g.status} />
                  </td>
                  <td>
                    <div class="seats-line">
                      {g.seats.map((s) => (
                        <SeatChip
                          seat={s}
                          toMove={g.status !== "over" && g.to_move === s.seat}
                          mine={mine.has(s.seat)}
                        />
                      ))}
                    </div>
                  </td>
                  <td class="hint">{ago(g.updated_at)}</td>
                  <td class="actions">
                    {held ? (
                      <a class="button primary" href={gameHref(g.id)} data-action="resume">
                        Resume
                      </a>
                    ) : (
                      <a class="button" href={gameHref(g.id)} data-action="watch">
                        Watch
                      </a>
                    )}
                    {g.version > 0 && <RecordLinks gameId={g.id} over={g.status === "over"} />}
                    {free > 0 && !held && (
                      <span class="hint" title="A free seat is taken by opening the link its creator sent">
                        {free} free: join by its link
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
