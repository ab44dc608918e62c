// The page of a notice mail's unsubscribe link, "/unsubscribe#SECRET": the secret stays in the
// fragment (browsers never send it to a server or proxy, so no log keeps it) and is posted only
// when the reader presses the button (mail scanners that open links do not press buttons).
import { useState } from "preact/hooks";
import { ApiError } from "./api";

async function unsubscribe(token: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch("/api/unsubscribe", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token }),
    });
  } catch {
    throw new ApiError(0, "The server cannot be reached.");
  }
  if (!response.ok) {
    const data = (await response.json().catch(() => ({}))) as { error?: string };
    throw new ApiError(response.status, data.error ?? `HTTP ${response.status}`);
  }
}

export function Unsubscribe() {
  const token = location.hash.replace(/^#/, "");
  const [state, setState] = useState<"ask" | "busy" | "done">("ask");
  const [error, setError] = useState<string | null>(null);
  const go = async () => {
    setState("busy");
    setError(null);
    try {
      await unsubscribe(token);
      setState("done");
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
      setState("ask");
    }
  };
  return (
    <main class="lobby" data-page="unsubscribe">
      <section class="card">
        <h1>Titan e-mails</h1>
        {!token ? (
          <p class="error">This link has lost its secret: open the whole link from the e-mail.</p>
        ) : state === "done" ? (
          <p role="status" data-unsubscribed>
            Done: no more e-mails. Your account's settings in the <a href="/">lobby</a> can switch them on again.
          </p>
        ) : (
          <>
            <p>Stop the e-mails that tell you a game needs you?</p>
            <button
              type="button"
              class="primary"
              data-action="unsubscribe"
              disabled={state === "busy"}
              onClick={() => void go()}
            >
              Stop the e-mails
            </button>
          </>
        )}
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
      </section>
    </main>
  );
}
