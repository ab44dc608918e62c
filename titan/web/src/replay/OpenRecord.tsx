// "Open a record file" in the lobby: a game's record (as "Download record" saves it) read from
// a file, then either replayed (imported as a new unlisted game, then opened in the replay
// viewer; this browser holds its seats unless it is over) or played on from where it stopped, each seat by a
// person here or by the computer (POST /api/games/import).
import { useEffect, useState } from "preact/hooks";
import { api } from "../api";
import { holdSeat } from "../session";
import { replayApi, replayHref } from "./replayApi";

interface Loaded {
  name: string;
  record: unknown;
  seats: string[];
}

function readRecord(text: string, name: string): Loaded {
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch {
    throw new Error(`${name} is not a record: it is not JSON`);
  }
  const seats = (record as { seats?: unknown } | null)?.seats;
  if (!Array.isArray(seats) || !seats.every((s) => typeof s === "string"))
    throw new Error(`${name} is not a game record: it names no seats`);
  return { name, record, seats: seats as string[] };
}

export function OpenRecord() {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [kinds, setKinds] = useState<string[]>([]);
  const [levels, setLevels] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api.levels().then(
      (r) => setLevels(r.levels),
      () => undefined,
    );
  }, []);

  const onFile = async (file: File | undefined) => {
    setError(null);
    setLoaded(null);
    if (!file) return;
    try {
      const got = readRecord(await file.text(), file.name);
      setLoaded(got);
      setKinds(got.seats.map(() => "human"));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  const start = async (replay: boolean) => {
    if (!loaded) return;
    setBusy(true);
    setError(null);
    try {
      const seats = replay
        ? null
        : kinds.map((k) => (k === "human" ? { kind: "human" as const } : { kind: "bot" as const, level: k }));
      const made = await replayApi.importRecord(loaded.record, seats, replay);
      // The seats are held here (a hot-seat game), except those of a finished game only to be
      // replayed: once over, the replay shows everything to anyone anyway.
      const over = replay && (await api.game(made.id)).status === "over";
      if (!over)
        for (const s of made.seats) if (s.token) holdSeat(made.id, { seat: s.seat, name: s.name, token: s.token });
      location.assign(replay ? replayHref(made.id) : `/games/${encodeURIComponent(made.id)}`);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  };

  return (
    <section class="card open-record" data-open-record>
      <h2>Open a record file</h2>
      <label>
        A game's record (.json){" "}
        <input
          type="file"
          accept=".json,application/json"
          data-record-file
          onChange={(e) => void onFile((e.target as HTMLInputElement).files?.[0])}
        />
      </label>
      {error && (
        <p class="error" data-error role="alert">
          {error}
        </p>
      )}
      {loaded && (
        <div class="open-record-choice">
          <p>
            {loaded.name}: {loaded.seats.join(", ")}.
          </p>
          <button
            type="button"
            class="primary"
            data-action="replay-record"
            disabled={busy}
            onClick={() => void start(true)}
          >
            Replay it
          </button>
          <fieldset>
            <legend>Or play on from where it stopped</legend>
            {loaded.seats.map((name, i) => (
              <label class="seat-kind">
                {name}{" "}
                <select
                  data-record-seat={i}
                  aria-label={`Who plays ${name}`}
                  value={kinds[i]}
                  onChange={(e) => setKinds(kinds.map((k, j) => (j === i ? (e.target as HTMLSelectElement).value : k)))}
                >
                  <option value="human">a person here</option>
                  {levels.map((l) => (
                    <option value={l}>the computer ({l})</option>
                  ))}
                </select>
              </label>
            ))}
            <button type="button" data-action="play-record" disabled={busy} onClick={() => void start(false)}>
              Play on
            </button>
          </fieldset>
        </div>
      )}
    </section>
  );
}
