// Small pieces the lobby's sections share: status badges, seat chips, times, copy buttons.
import { useState } from "preact/hooks";
import type { GameSummary, SeatSummary } from "../api";

export const STATUS_LABEL: Record<string, string> = {
  open: "open: seats free",
  running: "running",
  over: "over",
};

export function StatusBadge(props: { status: string }) {
  return (
    <span class={`badge status-${props.status}`} data-status={props.status}>
      {STATUS_LABEL[props.status] ?? props.status}
    </span>
  );
}

/** A seat as the lobby shows it: a computer, a taken human seat, or a free one. */
export function SeatChip(props: { seat: SeatSummary; toMove: boolean; mine?: boolean }) {
  const { seat } = props;
  const state = seat.kind === "bot" ? "bot" : seat.taken ? "taken" : "free";
  const what = seat.kind === "bot" ? `computer${seat.level ? `, ${seat.level}` : ""}` : seat.taken ? "taken" : "free";
  return (
    <span
      class={`seat-chip seat-${state}${props.toMove ? " to-move" : ""}${props.mine ? " mine" : ""}`}
      data-seat={seat.seat}
      data-seat-state={state}
      title={props.toMove ? "to move" : undefined}
    >
      {props.toMove && <span aria-hidden="true">▶ </span>}
      {seat.name} <small>({what})</small>
    </span>
  );
}

export function ago(iso: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return "";
  const s = Math.max(0, Math.round((Date.now() - t) / 1000));
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return new Date(t).toLocaleDateString();
}

export function optionsText(g: GameSummary): string {
  const o = g.options;
  const parts: string[] = [];
  if (o.titan_variant === true) parts.push("Titan variant");
  if (typeof o.point_target === "number") parts.push(`first to ${o.point_target} points`);
  if (typeof o.turn_limit === "number") parts.push(`${o.turn_limit} turns`);
  if (g.rated) parts.push("rated");
  return parts.join(" · ");
}

export function gameHref(id: string): string {
  return `/games/${encodeURIComponent(id)}`;
}

/** Copy a text to the clipboard; the button says whether it worked. */
export function CopyButton(props: { text: string; label?: string }) {
  const [done, setDone] = useState<"" | "ok" | "fail">("");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.text);
      setDone("ok");
    } catch {
      setDone("fail");
    }
    window.setTimeout(() => setDone(""), 1800);
  };
  return (
    <button type="button" class="copy" data-copy onClick={() => void copy()}>
      {done === "ok" ? "Copied ✓" : done === "fail" ? "Select and copy" : (props.label ?? "Copy")}
    </button>
  );
}
