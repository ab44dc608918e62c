// "Play for me" and "Take my seat back" (issue 20): the seat's own person hands the seat to
// the computer (its clock stops) and takes it back at any time; a seat the computer plays
// because its clock ran out is taken back here too. Only for a seat held in this browser.
import { useState } from "preact/hooks";
import { ApiError, api, type Controller } from "../api";

export function PlayForMe(props: {
  gameId: string;
  token: string | null;
  seat: number | null;
  controllers: Controller[];
  over: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { token, seat } = props;
  if (!token || seat === null || seat < 0 || props.over) return null;
  if (props.controllers[seat] === "refusing") {
    return (
      <section class="play-for-me" aria-label="Who plays your seat" data-controller="refusing">
        <p class="hint">Your time ran out: your seat withdraws from the game where the rules allow it.</p>
      </section>
    );
  }
  const computer = props.controllers[seat] === "computer";
  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.control(props.gameId, token, computer ? "person" : "computer");
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="play-for-me" aria-label="Who plays your seat" data-controller={computer ? "computer" : "person"}>
      {computer && <p class="hint">The computer is playing your seat.</p>}
      <button
        type="button"
        class="secondary"
        data-action={computer ? "take-back" : "play-for-me"}
        disabled={busy}
        onClick={() => void toggle()}
      >
        {computer ? "Take my seat back" : "Play for me"}
      </button>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
