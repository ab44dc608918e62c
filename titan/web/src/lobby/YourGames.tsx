// "Your games": the games whose seats this browser holds (session.ts), with how each stands
// now, a way back in, and a way to forget one (its tokens are then gone from here).
import { useEffect, useState } from "preact/hooks";
import { ApiError, api, type GameSummary } from "../api";
import { RecordLinks } from "../replay/links";
import { forgetGame, type HeldGame, heldGames } from "../session";
import { ago, gameHref, optionsText, SeatChip, StatusBadge } from "./common";

type Loaded = GameSummary | "missing" | "error" | undefined;

function HeldRow(props: { held: HeldGame; summary: Loaded; onForget: () => void }) {
  const { held, summary } = props;
  const mine = new Set(held.seats.map((s) => s.seat));
  const game = typeof summary === "object" ? summary : null;
  const yourMove = game && game.status !== "over" && game.to_move !== null && mine.has(game.to_move);
  const names = held.seats.map((s) => s.name).filter(Boolean);
  return (
    <li class={`held${yourMove ? " your-move" : ""}`} data-held-game={held.id}>
      <div class="held-main">
        <a class="game-id" href={gameHref(held.id)}>
          game {held.id}
        </a>
        {game ? (
          <StatusBadge status={game.status} />
        ) : summary === "missing" ? (
          <span class="badge gone">gone from the server</span>
        ) : summary === "error" ? (
          <span class="badge gone">unreachable</span>
        ) : (
          <span class="badge">…</span>
        )}
        {yourMove && <span class="badge your-move">your move</span>}
        <span class="hint">
          {names.length ? `as ${names.join(", ")}` : ""}
          {game ? ` · ${ago(game.updated_at)}` : ` · since ${ago(held.created)}`}
        </span>
      </div>
      {game && (
        <div class="seats-line">
          {game.seats.map((s) => (
            <SeatChip seat={s} toMove={game.status !== "over" && game.to_move === s.seat} mine={mine.has(s.seat)} />
          ))}
          {optionsText(game) && <span class="hint"> · {optionsText(game)}</span>}
        </div>
      )}
      <div class="actions">
        {summary !== "missing" && (
          <a class="button primary" href={gameHref(held.id)} data-action="resume">
            {game?.status === "over" ? "Look" : "Resume"}
          </a>
        )}
        {game && game.version > 0 && <RecordLinks gameId={held.id} over={game.status === "over"} />}
        <button
          type="button"
          class="secondary"
          data-action="forget"
          onClick={() => {
            if (
              summary === "missing" ||
              confirm("Forget this game here? Its seat links held by this browser are lost, unless you kept them.")
            )
              props.onForget();
          }}
        >
          Forget
        </button>
      </div>
    </li>
  );
}

export function YourGames(props: { refresh: number }) {
  const [held, setHeld] = useState<HeldGame[]>(heldGames());
  const [summaries, setSummaries] = useState<Record<string, Loaded>>({});

  useEffect(() => {
    const games = heldGames();
    setHeld(games);
    games.forEach((g) => {
      api.game(g.id).then(
        (s) => setSummaries((m) => ({ ...m, [g.id]: s })),
        (e: unknown) =>
          setSummaries((m) => ({ ...m, [g.id]: e instanceof ApiError && e.status === 404 ? "missing" : "error" })),
      );
    });
  }, [props.refresh]);

  return (
    <section class="card your-games" data-list="held">
      <h2>Your games</h2>
      {held.length === 0 ? (
        <p class="empty">No game here yet: create one, or open a seat link you were sent.</p>
      ) : (
        <ul class="held-list">
          {held.map((g) => (
            <HeldRow
              key={g.id}
              held={g}
              summary={summaries[g.id]}
              onForget={() => {
                forgetGame(g.id);
                setHeld(heldGames());
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
