// The replay viewer at /games/<id>/replay: the game as it was after any of its actions, the
// masterboard or the battle then, the log up to that point and the status, read-only (the game
// page's own components, given no prompt). The server replays (titan/server/replay.py) and
// sends only what the perspective knew at that step: a seat held here sees its own knowledge,
// anyone else the spectator's; once the game is over, everything, or any seat's on request.
// The chat said up to the step shown is beside the log (ReplayChat.tsx).

import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { ApiError } from "../api";
import { DEFAULT_PREFS } from "../game/automation";
import { Battle } from "../game/Battle";
import { Board } from "../game/Board";
import { EventLog } from "../game/EventLog";
import { Status } from "../game/Status";
import { type Ui, UiContext } from "../game/ui";
import { heldGame } from "../session";
import { loadVariant, type VariantData } from "../variant";
import type { Event, PlayerView, Struck } from "../wire";
import { Controls } from "./controls";
import { RecordLinks } from "./links";
import { ReplayChat } from "./ReplayChat";
import { type ReplayIndex, replayApi } from "./replayApi";
import { lastTurn, stepBy, turnStart, type Unit } from "./steps";

const PHASE_WORDS: Record<string, string> = {
  colour: "choice of colour",
  split: "split phase",
  move: "movement phase",
  recombine: "recombination",
  engage: "engagement phase",
  muster: "muster phase",
  over: "end",
};

const KEEP_VIEWS = 600; // views kept in memory (a few kB each)

function initialStep(): number {
  const n = Number(new URLSearchParams(location.search).get("step"));
  return Number.isInteger(n) && n >= 0 ? n : 0;
}

export function ReplayPage(props: { gameId: string }) {
  const held = useMemo(() => heldGame(props.gameId)?.seats ?? [], [props.gameId]);
  const [variant, setVariant] = useState<VariantData | null>(null);
  const [perspective, setPerspective] = useState<string | null>(null); // null: the server's default
  const [index, setIndex] = useState<ReplayIndex | null>(null);
  const [step, setStep] = useState(initialStep);
  const [shown, setShown] = useState<{ step: number; view: PlayerView } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(2);
  const [selected, select] = useState<string | null>(null);
  const views = useRef(new Map<number, PlayerView>());
  const [reload, setReload] = useState(0); // bumped to catch up with a game still being played
  const seenBy = useRef("");

  // The token sent: the perspective's own seat if held here, else the first seat held (whose
  // knowledge is the default while the game runs), else none (the spectator's).
  const token = useMemo(() => {
    const own =
      perspective !== null && /^\d$/.test(perspective) ? held.find((s) => String(s.seat) === perspective) : undefined;
    return (own ?? (perspective === null ? held[0] : undefined))?.token ?? null;
  }, [held, perspective]);

  useEffect(() => {
    loadVariant("default").then(setVariant, () => undefined);
  }, []);

  useEffect(() => {
    let live = true;
    // Another perspective: nothing seen so far holds. A catch-up: the past has not changed.
    const key = `${token ?? ""}|${perspective ?? ""}`;
    if (seenBy.current !== key) {
      seenBy.current = key;
      views.current = new Map();
      setShown(null);
    }
    replayApi.index(props.gameId, token, perspective).then(
      (ix) => {
        if (!live) return;
        setIndex(ix);
        setStep((n) => Math.min(n, ix.version));
        setError(null);
      },
      (e: unknown) => live && setError(message(e)),
    );
    return () => {
      live = false;
    };
  }, [props.gameId, token, perspective, reload]);

  // The view at the step asked for (kept, so that stepping back costs nothing).
  useEffect(() => {
    if (!index) return;
    const at = Math.min(step, index.version);
    history.replaceState(null, "", `${location.pathname}?step=${at}`);
    const known = views.current.get(at);
    if (known) {
      setShown({ step: at, view: known });
      return;
    }
    let live = true;
    replayApi.step(props.gameId, at, token, index.perspective).then(
      (r) => {
        views.current.set(at, r.view);
        // Kept for stepping back, within reason: the oldest go first.
        for (const k of views.current.keys()) {
          if (views.current.size <= KEEP_VIEWS) break;
          views.current.delete(k);
        }
        if (live) setShown({ step: at, view: r.view });
      },
      (e: unknown) => {
        if (!live) return;
        setError(message(e));
        setPlaying(false);
      },
    );
    return () => {
      live = false;
    };
  }, [index, step, token, props.gameId]);

  // Playing: the next step once this one is on the screen, at the chosen speed.
  const last = index?.version ?? 0;
  useEffect(() => {
    if (!playing || !shown || shown.step !== step) return;
    if (step >= last) {
      setPlaying(false);
      return;
    }
    const t = window.setTimeout(() => setStep(step + 1), 1000 / speed);
    return () => window.clearTimeout(t);
  }, [playing, shown, step, last, speed]);

  const by = (unit: Unit, forward: boolean) => {
    if (!index) return;
    setPlaying(false);
    setStep((n) => stepBy(index.steps, n, unit, forward));
  };
  const go = (n: number) => {
    setPlaying(false);
    setStep(Math.max(0, Math.min(last, n)));
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (el && ["INPUT", "SELECT", "TEXTAREA"].includes(el.tagName)) return;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const keys: Record<string, () => void> = {
        ArrowLeft: () => by(e.shiftKey ? "phase" : "action", false),
        ArrowRight: () => by(e.shiftKey ? "phase" : "action", true),
        ArrowUp: () => by("turn", false),
        ArrowDown: () => by("turn", true),
        Home: () => go(0),
        End: () => go(last),
        " ": () => setPlaying((p) => !p && step < last),
      };
      const run = keys[e.key];
      if (!run) return;
      if (e.key === " " && el?.tagName === "BUTTON") return; // the button's own click
      e.preventDefault();
      run();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  if (!index || !shown || !variant) {
    return <main class="loading">{error ? <p class="error">{error}</p> : <p>Loading the replay…</p>}</main>;
  }
  const view = shown.view;
  const ui: Ui = {
    variant,
    view,
    prompt: null,
    busy: false,
    act: () => undefined,
    selected,
    select,
    offer: null,
    setOffer: () => undefined,
    // Read-only: no seat acts here, so no token, no standing choices, no shared screen.
    token: null,
    auto: { prefs: DEFAULT_PREFS, setPrefs: () => undefined, conceding: false, setConceding: () => undefined },
    hotSeat: false,
    seatName: "",
  };
  // The chat as the viewer's seat reads it (the game page's way), or as a spectator does when
  // the replay is seen with a spectator's knowledge.
  const chatToken = index.perspective === "spectator" ? null : (token ?? held[0]?.token ?? null);
  const events = index.events.slice(0, index.marks[shown.step] ?? 0);
  const battle = view.engagement?.battle ?? null;
  const outline = index.steps[shown.step];
  const actor = shown.step > 0 ? index.players[shown.step - 1] : undefined;
  const name = (seat: number | undefined) => (seat === undefined ? "" : (view.players[seat]?.name ?? `seat ${seat}`));
  // The seats held here, and the one the token sent holds (a link's seat may not be numbered yet).
  const choices = perspectiveChoices(index, view, [
    ...held.map((s) => s.seat),
    ...(index.seat !== null ? [index.seat] : []),
  ]);
  return (
    <UiContext.Provider value={ui}>
      <main
        class="game replay"
        data-replay
        data-step={shown.step}
        data-perspective={index.perspective}
        data-loading={shown.step !== step ? "" : undefined}
        data-seat={view.you ?? "spectator"}
        data-turn={view.turn}
      >
        <header>
          <a href="/">Lobby</a>
          <span class="title">Replay · game {props.gameId}</span>
          <label class="replay-perspective">
            Seen by{" "}
            <select
              data-perspective-choice
              aria-label="Whose knowledge the replay shows"
              value={index.perspective}
              onChange={(e) => setPerspective((e.target as HTMLSelectElement).value)}
            >
              {choices.map((c) => (
                <option value={c.value}>{c.label}</option>
              ))}
            </select>
          </label>
          <a href={`/games/${encodeURIComponent(props.gameId)}`}>{index.over ? "The game" : "Back to the game"}</a>
          {index.over && <RecordLinks gameId={props.gameId} replay={false} />}
          {!index.over && (
            <button
              type="button"
              data-action="catch-up"
              title="Take in the moves made since this replay was opened"
              onClick={() => setReload((n) => n + 1)}
            >
              Catch up with the game
            </button>
          )}
        </header>
        <Controls
          step={step}
          last={last}
          turn={view.turn}
          lastTurn={lastTurn(index.steps)}
          playing={playing}
          speed={speed}
          go={go}
          by={by}
          jumpToTurn={(t) => go(turnStart(index.steps, t))}
          setPlaying={(p) => setPlaying(p && step < last)}
          setSpeed={setSpeed}
        />
        {error && (
          <p class="error" data-error role="alert">
            {error}{" "}
            <button type="button" class="link" aria-label="Dismiss the message" onClick={() => setError(null)}>
              ✕
            </button>
          </p>
        )}
        <div class="play">
          <div class="boards">{battle ? <Battle battle={battle} lastStrike={lastStrikeOf(events)} /> : <Board />}</div>
          <aside>
            <section class="replay-where" data-where aria-live="polite">
              <h2>
                Step {shown.step} of {last}
              </h2>
              <p>
                Turn {view.turn} · {name(view.active)}'s {PHASE_WORDS[view.phase] ?? view.phase}
                {outline?.[4] ? ` · battle turn ${outline[4][0]}, the ${outline[4][1]}'s` : ""}
                {actor !== undefined ? ` · last action by ${name(actor)}` : " · before the first action"}
              </p>
              {view.over && <p>{view.winner !== null ? `${name(view.winner)} wins.` : "Nobody wins."}</p>}
              {!index.over && (
                <p class="hint">
                  The game is still being played: this is what{" "}
                  {index.perspective === "spectator" ? "a spectator" : "your seat"} knew at each step.
                </p>
              )}
            </section>
            <Status />
            <EventLog events={events} />
            <ReplayChat gameId={props.gameId} token={chatToken} step={shown.step} reload={reload} />
          </aside>
        </div>
      </main>
    </UiContext.Provider>
  );
}

function perspectiveChoices(
  index: ReplayIndex,
  view: PlayerView,
  heldSeats: number[],
): { value: string; label: string }[] {
  const seats = view.players.map((p) => ({ value: String(p.index), label: `${p.name}'s knowledge` }));
  if (index.over)
    return [
      { value: "all", label: "Everything (the game is over)" },
      { value: "spectator", label: "A spectator's knowledge" },
      ...seats,
    ];
  return [
    ...seats.filter((s) => heldSeats.includes(Number(s.value))),
    { value: "spectator", label: "A spectator's knowledge" },
  ];
}

/** The latest strike of the battle under way, whose dice the battle view shows. */
function lastStrikeOf(events: Event[]): Struck | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e?.type === "battle_started") return null;
    if (e?.type === "struck") return e;
  }
  return null;
}

function message(e: unknown): string {
  return e instanceof ApiError || e instanceof Error ? e.message : String(e);
}
