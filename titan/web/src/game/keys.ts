// Keyboard: Enter confirms (ends the phase, done moving/splitting/mustering), u or Backspace
// undoes (the last move, or the maneuvers), Escape drops the selection.
import { useEffect } from "preact/hooks";
import type { Prompt } from "../wire";
import type { GameClient } from "./connection";

const DONE = new Set(["done_splitting", "done_moving", "done_mustering", "end_phase"]);
const UNDO = new Set(["undo_move", "reset_maneuver"]);

export function useKeys(
  client: GameClient,
  seatIndex: number,
  prompt: Prompt | null,
  select: (key: string | null) => void,
): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target;
      if (t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement) return;
      if (e.key === "Escape") {
        select(null);
        return;
      }
      // Enter on a focused button (or a board element acting as one) is that control's own.
      if (!prompt || (e.key === "Enter" && t instanceof Element && t.closest("button, a, [role=button]"))) return;
      if (e.key === "Enter") {
        const done = prompt.options.find((o) => DONE.has(o.type));
        if (done) {
          e.preventDefault();
          void client.act(seatIndex, done);
        }
      } else if (e.key === "u" || e.key === "Backspace") {
        const undos = prompt.options.filter((o) => UNDO.has(o.type));
        const last = undos[undos.length - 1];
        if (last) {
          e.preventDefault();
          void client.act(seatIndex, last);
        }
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [client, seatIndex, prompt, select]);
}
