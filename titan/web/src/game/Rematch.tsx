// "Play again" at the end of a game: a seat's button asks for a new game with the same seats
// and options (every seat held here gets its own link, kept like any seat's); once someone has
// asked, everyone watching is offered the new game.
import { useState } from "preact/hooks";
import type { RematchLink } from "../api";
import type { GameClient } from "./connection";

function open(game: string): void {
  location.assign(`/games/${encodeURIComponent(game)}`);
}

export function Rematch(props: { client: GameClient; over: boolean; rematch: RematchLink | null; seated: boolean }) {
  const [busy, setBusy] = useState(false);
  if (!props.over) return null;
  const made = props.rematch;
  if (made) {
    return (
      <section class="rematch" data-rematch={made.game}>
        <p>A new game with the same seats has begun.</p>
        <a class="button primary" href={`/games/${encodeURIComponent(made.game)}`} data-action="open-rematch">
          {props.seated ? "Play the new game" : "Watch the new game"}
        </a>
      </section>
    );
  }
  if (!props.seated) return null;
  return (
    <section class="rematch">
      <button
        type="button"
        class="primary"
        data-action="play-again"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          const game = await props.client.playAgain();
          setBusy(false);
          if (game) open(game);
        }}
      >
        Play again
      </button>
    </section>
  );
}
