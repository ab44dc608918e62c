// The ratings' pages: "/leaderboard", "/players/<name>" (a profile) and "/games/<id>/dice".
import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { ApiError, api } from "../api";
import { ago, gameHref } from "../lobby/common";
import { DiceChart } from "./DiceChart";
import {
  diceHref,
  displayName,
  type GameDice,
  type Leaderboard,
  PAGE,
  type Profile,
  profileHref,
  ratingsApi,
} from "./ratingsApi";

function Shell(props: { title: string; children: ComponentChildren; page: string }) {
  useEffect(() => {
    document.title = `${props.title} · Titan`;
  }, [props.title]);
  return (
    <main class="lobby ratings" data-page={props.page}>
      <header class="lobby-head">
        <h1>Titan</h1>
        <nav aria-label="Pages">
          <a href="/">Lobby</a> · <a href="/leaderboard">Leaderboard</a>
        </nav>
      </header>
      <h2 class="page-title">{props.title}</h2>
      {props.children}
    </main>
  );
}

/** Loads ``load()`` once per key; the answer, the error message, or null while waiting. */
function useLoad<T>(key: string, load: () => Promise<T>): { data: T | null; error: string | null } {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setData(null);
    setError(null);
    load().then(setData, (e: unknown) => setError(e instanceof ApiError ? e.message : String(e)));
  }, [key]);
  return { data, error };
}

function Status(props: { error: string | null }) {
  return props.error ? (
    <p class="error" role="alert">
      {props.error}
    </p>
  ) : (
    <p class="empty">Loading…</p>
  );
}

function rating(r: { rating: number; mu: number; sigma: number }): string {
  return `${r.rating.toFixed(1)} (μ ${r.mu.toFixed(1)} ± ${r.sigma.toFixed(1)})`;
}

/** "strong ≈ 12.3": where each computer level stands on the players' scale. */
function LevelScale() {
  const [levels, setLevels] = useState<Profile[] | null>(null);
  useEffect(() => {
    api
      .levels()
      .then((l) => Promise.all(l.levels.map((name) => ratingsApi.player(`computer:${name}`))))
      .then(
        (found) => setLevels(found.filter((p) => p.games > 0)),
        () => setLevels([]),
      );
  }, []);
  if (!levels?.length) return null;
  return (
    <p class="level-scale" data-level-scale>
      The computer on this scale:{" "}
      {levels.map((p, i) => (
        <span key={p.name}>
          {i > 0 && ", "}
          <a href={profileHref(p.name)}>{p.name.replace(/^computer:/, "")}</a> ≈ {p.rating.toFixed(1)}
        </span>
      ))}
      .
    </p>
  );
}

export function LeaderboardPage() {
  const [offset, setOffset] = useState(0);
  const { data, error } = useLoad<Leaderboard>(String(offset), () => ratingsApi.leaderboard(offset));
  return (
    <Shell title="Leaderboard" page="leaderboard">
      <p class="hint">
        Rated games only. The rating is μ − 3σ (OpenSkill's Plackett-Luce model): a newcomer starts at 0 and climbs as
        the system grows sure of them. Each computer level is rated on the same scale.
      </p>
      <LevelScale />
      {!data ? (
        <Status error={error} />
      ) : data.players.length === 0 ? (
        <p class="empty">No rated game has ended yet.</p>
      ) : (
        <div class="table-scroll">
          <table class="board-table" data-leaderboard>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">player</th>
                <th scope="col">rating</th>
                <th scope="col">
                  <abbr title="uncertainty">±σ</abbr>
                </th>
                <th scope="col">games</th>
                <th scope="col">won</th>
              </tr>
            </thead>
            <tbody>
              {data.players.map((p) => (
                <tr data-player={p.name} data-kind={p.kind} key={p.name}>
                  <td class="num">{p.rank}</td>
                  <td>
                    <a href={profileHref(p.name)}>{displayName(p.name, p.kind)}</a>
                  </td>
                  <td class="num">{p.rating.toFixed(1)}</td>
                  <td class="num">{p.sigma.toFixed(1)}</td>
                  <td class="num">{p.games}</td>
                  <td class="num">{p.wins}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.total > PAGE && (
        <div class="row">
          <button type="button" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
            ← Better
          </button>
          <span class="hint">
            {offset + 1}–{Math.min(data.total, offset + PAGE)} of {data.total}
          </span>
          <button type="button" disabled={offset + PAGE >= data.total} onClick={() => setOffset(offset + PAGE)}>
            Next →
          </button>
        </div>
      )}
    </Shell>
  );
}

export function ProfilePage(props: { name: string }) {
  const { data, error } = useLoad<Profile>(props.name, () => ratingsApi.player(props.name));
  const title = data ? displayName(data.name, data.kind) : props.name;
  return (
    <Shell title={title} page="profile">
      {!data ? (
        <Status error={error} />
      ) : (
        <>
          <dl class="facts card" data-profile={data.name}>
            <dt>Rating</dt>
            <dd data-rating={data.rating}>{rating(data)}</dd>
            <dt>Rated games</dt>
            <dd data-games={data.games}>{data.games}</dd>
            <dt>Won</dt>
            <dd data-wins={data.wins}>{data.wins}</dd>
            <dt>Average score</dt>
            <dd>{data.average_score === null ? "–" : data.average_score.toFixed(1)}</dd>
          </dl>
          <section class="card">
            <h3>Recent rated games</h3>
            {data.recent.length === 0 ? (
              <p class="empty">None yet.</p>
            ) : (
              <div class="table-scroll">
                <table class="board-table" data-recent>
                  <thead>
                    <tr>
                      <th scope="col">game</th>
                      <th scope="col">place</th>
                      <th scope="col">score</th>
                      <th scope="col">rating</th>
                      <th scope="col">
                        <span class="sr-only">links</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.recent.map((g) => (
                      <tr key={`${g.game_id}-${g.seat}`} data-game={g.game_id}>
                        <td>
                          <a href={gameHref(g.game_id)}>{g.game_id}</a>
                          <div class="hint">{ago(g.finished_at)}</div>
                        </td>
                        <td class="num">{g.place}</td>
                        <td class="num">{g.score}</td>
                        <td class="num">
                          {g.rating_before.toFixed(1)} → {g.rating_after.toFixed(1)}
                        </td>
                        <td class="actions">
                          <a class="button" href={g.watch}>
                            Watch
                          </a>
                          <a class="button" href={g.replay}>
                            Replay
                          </a>
                          <a class="button" href={diceHref(g.game_id)}>
                            Dice
                          </a>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
          <section class="card dice-section">
            <h3>Dice over the rated games</h3>
            <p class="hint">
              Each face against a fair die (the dashed line); the p-value is the chance that fair dice would look at
              least this uneven.
            </p>
            <div class="dice-pair">
              <DiceChart title="Movement" test={data.dice.movement} />
              <DiceChart title="Strikes" test={data.dice.strikes} />
            </div>
          </section>
        </>
      )}
    </Shell>
  );
}

export function GameDicePage(props: { gameId: string }) {
  const { data, error } = useLoad<GameDice>(props.gameId, () => ratingsApi.dice(props.gameId));
  return (
    <Shell title={`Dice of game ${props.gameId}`} page="game-dice">
      <p class="row">
        <a class="button" href={gameHref(props.gameId)}>
          Back to the game
        </a>
        <span class="hint">
          Every roll is public. Movement rolls count mulligans; strikes count each die a player's characters rolled.
        </span>
      </p>
      {!data ? (
        <Status error={error} />
      ) : (
        data.seats.map((s) => (
          <section class="card dice-section" data-dice-seat={s.seat} key={s.seat}>
            <h3>{s.name}</h3>
            <div class="dice-pair">
              <DiceChart title="Movement" test={s.movement} />
              <DiceChart title="Strikes" test={s.strikes} />
            </div>
          </section>
        ))
      )}
    </Shell>
  );
}
