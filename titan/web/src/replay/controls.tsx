// The replay's controls: to the first or last step, back and forth by action, phase and turn,
// a jump to a game turn, play and pause at a chosen speed. Every control is a labelled button
// (or field) reachable by keyboard; the page also takes arrow keys (see ReplayPage's keys).
import { useState } from "preact/hooks";
import type { Unit } from "./steps";

export const SPEEDS = [1, 2, 4, 8, 16] as const; // steps a second

export interface ControlsProps {
  step: number;
  last: number;
  turn: number;
  lastTurn: number;
  playing: boolean;
  speed: number;
  go: (step: number) => void;
  by: (unit: Unit, forward: boolean) => void;
  jumpToTurn: (turn: number) => void;
  setPlaying: (playing: boolean) => void;
  setSpeed: (speed: number) => void;
}

const UNITS: { unit: Unit; back: string; forward: string; name: string }[] = [
  { unit: "action", back: "‹", forward: "›", name: "action" },
  { unit: "phase", back: "«", forward: "»", name: "phase" },
  { unit: "turn", back: "◂", forward: "▸", name: "turn" },
];

export function Controls(p: ControlsProps) {
  const [turnText, setTurnText] = useState("");
  const atStart = p.step <= 0;
  const atEnd = p.step >= p.last;
  return (
    <section class="replay-controls" aria-label="Replay controls" data-replay-controls>
      <div class="replay-row">
        <button
          type="button"
          data-go="first"
          aria-label="First step"
          title="First step (Home)"
          disabled={atStart}
          onClick={() => p.go(0)}
        >
          First
        </button>
        {UNITS.map((u) => (
          <button
            type="button"
            data-go={`back-${u.unit}`}
            aria-label={`Previous ${u.name}`}
            title={`Previous ${u.name}${u.unit === "action" ? " (←)" : u.unit === "phase" ? " (Shift+←)" : " (↑)"}`}
            disabled={atStart}
            onClick={() => p.by(u.unit, false)}
          >
            {u.back} {u.name}
          </button>
        ))}
        <button
          type="button"
          class="primary"
          data-go="play"
          aria-label={p.playing ? "Pause" : "Play"}
          aria-pressed={p.playing}
          title="Play or pause (Space)"
          disabled={atEnd && !p.playing}
          onClick={() => p.setPlaying(!p.playing)}
        >
          {p.playing ? "❚❚ Pause" : "▶ Play"}
        </button>
        {UNITS.map((u) => (
          <button
            type="button"
            data-go={`next-${u.unit}`}
            aria-label={`Next ${u.name}`}
            title={`Next ${u.name}${u.unit === "action" ? " (→)" : u.unit === "phase" ? " (Shift+→)" : " (↓)"}`}
            disabled={atEnd}
            onClick={() => p.by(u.unit, true)}
          >
            {u.name} {u.forward}
          </button>
        ))}
        <button
          type="button"
          data-go="last"
          aria-label="Last step"
          title="Last step (End)"
          disabled={atEnd}
          onClick={() => p.go(p.last)}
        >
          Last
        </button>
      </div>
      <div class="replay-row">
        <label>
          Step{" "}
          <input
            type="range"
            min={0}
            max={p.last}
            value={p.step}
            aria-label="Step"
            aria-valuetext={`step ${p.step} of ${p.last}`}
            data-slider
            onInput={(e) => p.go(Number((e.target as HTMLInputElement).value))}
          />
        </label>
        <span data-step-text>
          {p.step} / {p.last}
        </span>
        <form
          class="replay-jump"
          onSubmit={(e) => {
            e.preventDefault();
            const t = Number(turnText);
            if (Number.isInteger(t) && t >= 1) p.jumpToTurn(t);
          }}
        >
          <label>
            Turn{" "}
            <input
              type="number"
              min={1}
              max={p.lastTurn}
              value={turnText}
              placeholder={String(p.turn)}
              aria-label={`Jump to turn (1 to ${p.lastTurn})`}
              data-jump-turn
              onInput={(e) => setTurnText((e.target as HTMLInputElement).value)}
            />
          </label>
          <button type="submit" data-go="jump">
            Go
          </button>
        </form>
        <label>
          Speed{" "}
          <select
            aria-label="Playing speed"
            data-speed
            value={String(p.speed)}
            onChange={(e) => p.setSpeed(Number((e.target as HTMLSelectElement).value))}
          >
            {SPEEDS.map((s) => (
              <option value={String(s)}>{s} steps/s</option>
            ))}
          </select>
        </label>
      </div>
    </section>
  );
}
