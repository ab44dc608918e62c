// This seat's link: copied to play the seat on another device, or replaced when it has leaked
// (POST /api/games/{id}/token: the old token holds nothing from then on, and its open sockets
// are closed). The page then reopens with the new token, which this browser keeps.
import { useState } from "preact/hooks";
import { api } from "../api";
import { holdSeat } from "../session";
import { pageGameId } from "./page";
import { useUi } from "./ui";

export function SeatLink() {
  const { view, token } = useUi();
  const [note, setNote] = useState<string | null>(null);
  if (view.you === null || !token) return null;
  const you = view.you;
  const gameId = pageGameId();
  const link = `${window.location.origin}/games/${gameId}#token=${token}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setNote("Copied. Whoever opens it plays this seat.");
    } catch {
      setNote(`Copy it from here: ${link}`);
    }
  };
  const replace = async () => {
    if (!window.confirm("Replace this seat's link? Whoever holds the old one loses the seat; this browser keeps it."))
      return;
    let fresh: string;
    try {
      fresh = (await api.newLink(gameId, token)).token;
    } catch (e) {
      setNote(e instanceof Error ? e.message : String(e));
      return;
    }
    const me = view.players[you];
    holdSeat(gameId, { seat: you, name: me?.name ?? "", token: fresh });
    // The old token's socket is closed by the server: start again with the new one.
    window.location.reload();
  };
  return (
    <details class="seat-link" data-seat-link>
      <summary>This seat's link</summary>
      <p class="hint">Open it on another device to play this seat there. Keep it to yourself.</p>
      <div class="choices">
        <button type="button" data-action="copy-link" onClick={() => void copy()}>
          Copy the link
        </button>
        <button type="button" class="secondary" data-action="replace-link" onClick={() => void replace()}>
          Replace the link
        </button>
      </div>
      {note && (
        <p class="hint" role="status">
          {note}
        </p>
      )}
    </details>
  );
}
