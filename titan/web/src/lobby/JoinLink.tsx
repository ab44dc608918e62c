// Joining a seat needs its link (the seat's secret is in it, after "#token="): paste it here,
// or simply open it. A free seat in the list cannot be taken without it.
import { useState } from "preact/hooks";

/** The game page a pasted seat link leads to, on this server; null if it is no seat link. */
export function seatLinkTarget(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim(), location.origin);
  } catch {
    return null;
  }
  const game = /^\/games\/([^/]+)$/.exec(url.pathname);
  const token = new URLSearchParams(url.hash.slice(1)).get("token");
  if (!game || !token) return null;
  return `${url.pathname}#token=${encodeURIComponent(token)}`;
}

export function JoinLink() {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const join = (e: Event) => {
    e.preventDefault();
    const target = seatLinkTarget(text);
    if (!target) return setError("That is not a seat link: it looks like …/games/<id>#token=…");
    location.assign(target);
  };
  return (
    <form class="card join" onSubmit={join} data-form="join">
      <h2>Join with a seat link</h2>
      <p class="hint">Were you sent a link to a seat? Open it, or paste it here.</p>
      <div class="row">
        <input
          name="link"
          type="url"
          placeholder="http://…/games/…#token=…"
          value={text}
          aria-label="Seat link"
          onInput={(e) => {
            setText(e.currentTarget.value);
            setError(null);
          }}
        />
        <button type="submit" class="primary" data-action="join" disabled={!text.trim()}>
          Join
        </button>
      </div>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
