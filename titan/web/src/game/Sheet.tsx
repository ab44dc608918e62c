// The panel over the board's right edge (or, on a phone or tablet held upright, below it): the
// decision, the status and the log. It can be lowered to one line saying what is to decide,
// giving the board the whole screen, and raised again; a new kind of decision raises it. On
// wide screens it is a drawer and, lowered, that line sits at the top right (app.css).
import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { DECISION_TITLE } from "./PromptPanel";
import { useUi } from "./ui";

/** What the one line of a lowered sheet says. */
function summary(ui: ReturnType<typeof useUi>): string {
  const { prompt, view } = ui;
  if (prompt) {
    const roll = prompt.roll != null ? ` · roll ${prompt.roll}` : "";
    return `${DECISION_TITLE[prompt.kind]}${roll}`;
  }
  if (view.over)
    return view.winner !== null
      ? `Game over: ${view.players[view.winner]?.name ?? "?"} wins`
      : "Game over: nobody wins";
  const who = view.deciding >= 0 ? view.players[view.deciding]?.name : null;
  return who ? `Waiting for ${who}` : "Waiting";
}

export function Sheet(props: { children: ComponentChildren }) {
  const ui = useUi();
  const [raised, setRaised] = useState(true);
  const kind = ui.prompt?.kind ?? null;
  useEffect(() => {
    if (kind !== null) setRaised(true);
  }, [kind]);
  const line = summary(ui);
  return (
    <aside
      class={`sheet${raised ? " raised" : " lowered"}`}
      data-sheet={raised ? "raised" : "lowered"}
      aria-label="Decision, status and log"
    >
      <button
        type="button"
        class="sheet-handle"
        data-sheet-toggle
        aria-expanded={raised}
        title={raised ? "Lower the panel: more room for the board" : "Raise the panel"}
        onClick={() => setRaised(!raised)}
      >
        <span class={`sheet-line${ui.prompt ? " to-decide" : ""}`}>{line}</span>
        <span class="sheet-arrow" aria-hidden="true">
          {raised ? "▾" : "▴"}
        </span>
      </button>
      <div class="sheet-body">{props.children}</div>
    </aside>
  );
}
