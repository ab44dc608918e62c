// The running clock (issue 20, "Games over days"): whose clock runs and how long is left,
// counted against the server's time (the Date headers give the skew), so a browser whose
// clock is wrong still shows the deadline the server keeps. Nothing while no clock runs (no
// time control, the game over, or the computer deciding).
import { useEffect, useState } from "preact/hooks";
import { type GameClock, serverNow } from "../api";
import type { PlayerView } from "../wire";

/** "2 d 3 h", "3 h 05 min", "4:07", "0:09": coarse when far off, to the second near the end. */
export function remaining(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${String(m).padStart(2, "0")} min`;
  return `${m}:${String(sec).padStart(2, "0")}`;
}

export function Clock(props: { clock: GameClock | null; view: PlayerView }) {
  const [now, setNow] = useState(serverNow());
  useEffect(() => {
    if (!props.clock) return;
    const timer = setInterval(() => setNow(serverNow()), 1000);
    return () => clearInterval(timer);
  }, [props.clock]);
  const clock = props.clock;
  if (!clock || props.view.over) return null;
  const left = Date.parse(clock.deadline) - now;
  const name = props.view.players[clock.seat]?.name ?? `seat ${clock.seat + 1}`;
  const mine = props.view.you === clock.seat;
  const kind = clock.kind === "live" ? "for this decision" : "for this turn";
  return (
    <span
      class={`clock${left < 60_000 ? " clock-low" : ""}`}
      data-clock={clock.seat}
      title={`${mine ? "Your" : `${name}'s`} time ${kind}; due ${new Date(clock.deadline).toLocaleString()}`}
    >
      <span class="sr-only">{mine ? "Your time left" : `${name}'s time left`}: </span>
      {/* no clock emoji: many systems have no font for it and draw an empty box */}
      <span aria-hidden="true">{mine ? "You" : name}: </span>
      <time dateTime={clock.deadline}>{left > 0 ? remaining(left) : "time is up"}</time>
    </span>
  );
}
