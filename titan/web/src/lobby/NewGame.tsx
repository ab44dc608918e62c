// "New game": two to six seats (rule 1.1), each a human at this screen, a human elsewhere (who
// gets a link) or a computer at some level, and the options of rule 21. The game is created
// with POST /api/games; this browser keeps the tokens of its own seats (several make a
// hot-seat game) and shows the links to send to the others.
import { useEffect, useState } from "preact/hooks";
import { account, keepInAccount } from "../account";
import {
  ApiError,
  api,
  type Fallback,
  type GameCreated,
  type GameOptions,
  type SeatSpec,
  type TimeControl,
} from "../api";
import { holdSeat } from "../session";
import { CopyButton, gameHref } from "./common";

export type SeatKind = "human-here" | "human-remote" | "bot";

interface SeatDraft {
  name: string;
  kind: SeatKind;
  level: string;
  fallback: "computer" | "withdraw"; // a human seat's timeout (issue 20)
}

type ClockKind = "none" | "live" | "correspondence";
type ClockUnit = "seconds" | "minutes" | "hours" | "days";
const UNIT_SECONDS: Record<ClockUnit, number> = { seconds: 1, minutes: 60, hours: 3600, days: 86400 };
const MAX_CLOCK_SECONDS = 30 * 86400; // the server's limit

/** The API's fallback body; its field is named `then` (POST /api/games, issue 20). */
function fallbackOf(then: SeatDraft["fallback"]): Fallback {
  // biome-ignore lint/suspicious/noThenProperty: the API names the field so; never awaited
  return then === "withdraw" ? { then: "withdraw" } : { then: "computer", level: null };
}

/** The time control asked for, or what is wrong with it. */
function timeControl(kind: ClockKind, amount: string, unit: ClockUnit): TimeControl | string {
  if (kind === "none") return { kind: "none" };
  const n = Number(amount);
  if (!amount.trim() || !Number.isFinite(n) || n <= 0) return "The time allowed is a number above 0.";
  const seconds = Math.round(n * UNIT_SECONDS[unit]);
  if (seconds < 1) return "The time allowed is at least 1 second.";
  if (seconds > MAX_CLOCK_SECONDS) return "The time allowed is at most 30 days.";
  return { kind, seconds };
}

const KIND_LABEL: Record<SeatKind, string> = {
  "human-here": "human, here",
  "human-remote": "human elsewhere (send a link)",
  bot: "computer",
};

const LEVEL_HELP: Record<string, string> = {
  random: "random: any legal move",
  normal: "normal",
  strong: "strong (slower)",
};

const MIN_SEATS = 2; // rule 1.1: two to six players
const MAX_SEATS = 6;
const MAX_NAME = 40;

function defaultName(kind: SeatKind, i: number): string {
  return kind === "bot" ? `Computer ${i + 1}` : `Player ${i + 1}`;
}

function isDefaultName(name: string): boolean {
  return /^(Computer|Player) \d$/.test(name);
}

/** What is wrong with the seats, if anything (the server checks again). */
function seatProblem(seats: SeatDraft[]): string | null {
  const names = seats.map((s) => s.name.trim());
  if (names.some((n) => !n)) return "Every seat needs a name.";
  if (names.some((n) => n.length > MAX_NAME)) return `A name is at most ${MAX_NAME} characters.`;
  if (new Set(names).size !== names.length) return "The names must differ (rule 1.1).";
  return null;
}

/** Why a rated game cannot be made of these seats here, if it cannot (the server checks too). */
async function ratedProblem(seats: SeatDraft[]): Promise<string | null> {
  if (!(await account.load())) return "Log in (or register) to create a rated game.";
  if (seats.every((s) => s.kind === "bot")) return "A rated game needs a human player.";
  if (seats.filter((s) => s.kind === "human-here").length > 1) {
    return "A rated game has one seat per account: at most one human player here.";
  }
  return null;
}

function positive(text: string): number | null | "bad" {
  if (!text.trim()) return null;
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 ? n : "bad";
}

export function NewGame(props: { onCreated: () => void }) {
  const [levels, setLevels] = useState<{ levels: string[]; default: string }>({ levels: [], default: "" });
  const [seats, setSeats] = useState<SeatDraft[]>([
    { name: "Player 1", kind: "human-here", level: "", fallback: "computer" },
    { name: "Computer 2", kind: "bot", level: "", fallback: "computer" },
  ]);
  const [clockKind, setClockKind] = useState<ClockKind>("none");
  const [clockAmount, setClockAmount] = useState("5");
  const [clockUnit, setClockUnit] = useState<ClockUnit>("minutes");
  const [titanVariant, setTitanVariant] = useState(false);
  const [pointTarget, setPointTarget] = useState("");
  const [turnLimit, setTurnLimit] = useState("");
  const [unlisted, setUnlisted] = useState(false);
  const [rated, setRated] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<GameCreated | null>(null);

  useEffect(() => {
    api.levels().then(
      (l) => {
        setLevels(l);
        setSeats((ss) => ss.map((s) => (s.level ? s : { ...s, level: l.default })));
      },
      () => setError("The computer players' levels could not be loaded."),
    );
  }, []);

  const patch = (i: number, change: Partial<SeatDraft>) =>
    setSeats((ss) =>
      ss.map((s, j) => {
        if (j !== i) return s;
        const next = { ...s, ...change };
        // A name the player never typed follows the kind ("Player 3" <-> "Computer 3").
        if (change.kind && isDefaultName(s.name)) next.name = defaultName(change.kind, i);
        if (!next.level) next.level = levels.default;
        return next;
      }),
    );
  const addSeat = () =>
    setSeats((ss) =>
      ss.length >= MAX_SEATS
        ? ss
        : [...ss, { name: defaultName("bot", ss.length), kind: "bot", level: levels.default, fallback: "computer" }],
    );
  const removeSeat = (i: number) => setSeats((ss) => (ss.length <= MIN_SEATS ? ss : ss.filter((_, j) => j !== i)));

  const submit = async (e: Event) => {
    e.preventDefault();
    const problem = seatProblem(seats);
    const target = positive(pointTarget);
    const limit = positive(turnLimit);
    if (problem) return setError(problem);
    const control = timeControl(clockKind, clockAmount, clockUnit);
    if (typeof control === "string") return setError(control);
    if (target === "bad") return setError("The point target is a whole number of at least 1, or empty.");
    if (limit === "bad") return setError("The turn limit is a whole number of at least 1, or empty.");
    const specs: SeatSpec[] = seats.map((s) =>
      s.kind === "bot"
        ? { name: s.name.trim(), kind: "bot", level: s.level || null }
        : clockKind === "none"
          ? { name: s.name.trim(), kind: "human" }
          : { name: s.name.trim(), kind: "human", fallback: fallbackOf(s.fallback) },
    );
    const options: GameOptions = { titan_variant: titanVariant, point_target: target, turn_limit: limit };
    if (rated) {
      const problem = await ratedProblem(seats);
      if (problem) return setError(problem);
    }
    setBusy(true);
    setError(null);
    try {
      const game = rated
        ? await account.create({
            variant: "default",
            seats: specs,
            options,
            unlisted,
            rated,
            time_control: control,
          })
        : await api.create(specs, options, unlisted, "default", control);
      const here = game.seats.filter((s, i) => seats[i]?.kind === "human-here" && s.token);
      here.forEach((s) => holdSeat(game.id, { seat: s.seat, name: s.name, token: s.token ?? "" }));
      await keepInAccount(
        game.id,
        here.map((s) => s.token ?? ""),
      ); // when logged in
      setCreated(game);
      props.onCreated();
    } catch (err) {
      setError(err instanceof ApiError ? `${err.message}${err.rule ? ` (rule ${err.rule})` : ""}` : String(err));
    } finally {
      setBusy(false);
    }
  };

  if (created) return <Created game={created} kinds={seats.map((s) => s.kind)} onAgain={() => setCreated(null)} />;

  const here = seats.filter((s) => s.kind === "human-here").length;
  return (
    <form class="card new-game" onSubmit={(e) => void submit(e)} data-form="new-game">
      <h2>New game</h2>
      <table class="seats">
        <thead>
          <tr>
            <th>#</th>
            <th>name</th>
            <th>who plays</th>
            <th>level</th>
            {clockKind !== "none" && <th>if time runs out</th>}
            <th>
              <span class="sr-only">remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {seats.map((s, i) => (
            <tr data-seat-row={i} key={i}>
              <td class="num">{i + 1}</td>
              <td>
                <input
                  name="name"
                  value={s.name}
                  maxLength={MAX_NAME}
                  aria-label={`Seat ${i + 1} name`}
                  onInput={(e) => patch(i, { name: e.currentTarget.value })}
                />
              </td>
              <td>
                <select
                  name="kind"
                  value={s.kind}
                  aria-label={`Seat ${i + 1} player`}
                  onChange={(e) => patch(i, { kind: e.currentTarget.value as SeatKind })}
                >
                  {(Object.keys(KIND_LABEL) as SeatKind[]).map((k) => (
                    <option value={k}>{KIND_LABEL[k]}</option>
                  ))}
                </select>
              </td>
              <td>
                {s.kind === "bot" && (
                  <select
                    name="level"
                    value={s.level}
                    aria-label={`Seat ${i + 1} level`}
                    onChange={(e) => patch(i, { level: e.currentTarget.value })}
                  >
                    {levels.levels.map((l) => (
                      <option value={l}>{LEVEL_HELP[l] ?? l}</option>
                    ))}
                  </select>
                )}
              </td>
              {clockKind !== "none" && (
                <td>
                  {s.kind !== "bot" && (
                    <select
                      name="fallback"
                      value={s.fallback}
                      aria-label={`Seat ${i + 1}: if its time runs out`}
                      onChange={(e) => patch(i, { fallback: e.currentTarget.value as SeatDraft["fallback"] })}
                    >
                      <option value="computer">computer plays</option>
                      <option value="withdraw">withdraw</option>
                    </select>
                  )}
                </td>
              )}
              <td>
                <button
                  type="button"
                  class="icon"
                  title="Remove this seat"
                  aria-label={`Remove seat ${i + 1}`}
                  disabled={seats.length <= MIN_SEATS}
                  onClick={() => removeSeat(i)}
                >
                  ✕
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div class="row">
        <button type="button" class="secondary" data-add-seat onClick={addSeat} disabled={seats.length >= MAX_SEATS}>
          + Add a seat
        </button>
        <span class="hint">
          {seats.length} players (2 to 6).
          {here > 1 ? ` Hot-seat: ${here} players share this screen, taking turns behind a hand-over screen.` : ""}
        </span>
      </div>
      <fieldset class="options time-control">
        <legend>Time control</legend>
        <label>
          Clock{" "}
          <select
            name="clock_kind"
            aria-label="Clock"
            value={clockKind}
            onChange={(e) => {
              const kind = e.currentTarget.value as ClockKind;
              setClockKind(kind);
              if (kind === "live") {
                setClockAmount("5");
                setClockUnit("minutes");
              } else if (kind === "correspondence") {
                setClockAmount("2");
                setClockUnit("days");
              }
            }}
          >
            <option value="none">none</option>
            <option value="live">live (per decision)</option>
            <option value="correspondence">correspondence (per turn)</option>
          </select>
        </label>
        {clockKind !== "none" && (
          <label>
            Time allowed{" "}
            <input
              name="clock_amount"
              aria-label="Time allowed"
              type="number"
              min={0}
              step="any"
              value={clockAmount}
              onInput={(e) => setClockAmount(e.currentTarget.value)}
            />{" "}
            <select
              name="clock_unit"
              aria-label="Unit of the time allowed"
              value={clockUnit}
              onChange={(e) => setClockUnit(e.currentTarget.value as ClockUnit)}
            >
              <option value="seconds">seconds</option>
              <option value="minutes">minutes</option>
              <option value="hours">hours</option>
              <option value="days">days</option>
            </select>
            <span class="hint">
              {clockKind === "live"
                ? "for each decision"
                : "from the moment it is a player's turn to decide (a defender's too)"}
            </span>
          </label>
        )}
      </fieldset>
      <fieldset class="options">
        <legend>Options (rule 21)</legend>
        <label class="check">
          <input
            type="checkbox"
            name="titan_variant"
            checked={titanVariant}
            onChange={(e) => setTitanVariant(e.currentTarget.checked)}
          />
          Titan variant: Cyclops, Lions and Trolls in the towers; no Centaurs, Gargoyles or Ogres; 8 markers each
        </label>
        <label>
          Point target{" "}
          <input
            name="point_target"
            type="number"
            min={1}
            placeholder="none"
            value={pointTarget}
            onInput={(e) => setPointTarget(e.currentTarget.value)}
          />
          <span class="hint">the first to reach it at the end of a turn wins</span>
        </label>
        <label>
          Turn limit{" "}
          <input
            name="turn_limit"
            type="number"
            min={1}
            placeholder="none"
            value={turnLimit}
            onInput={(e) => setTurnLimit(e.currentTarget.value)}
          />
          <span class="hint">then the most points plus legion values wins</span>
        </label>
        <p class="hint">Mulligans: each player may re-roll the first turn's movement roll once (rule 7.6).</p>
        <label class="check">
          <input
            type="checkbox"
            name="unlisted"
            checked={unlisted}
            onChange={(e) => setUnlisted(e.currentTarget.checked)}
          />
          Private: not in the lobby's lists; only the seat links lead to it
        </label>
        <label class="check">
          <input type="checkbox" name="rated" checked={rated} onChange={(e) => setRated(e.currentTarget.checked)} />
          Rated: the result changes the players' ratings (needs an account: each player logs in and keeps the seat)
        </label>
      </fieldset>
      {error && (
        <p class="error" role="alert" data-error>
          {error}
        </p>
      )}
      <button type="submit" class="primary big" data-action="create-game" disabled={busy || !levels.levels.length}>
        {busy ? "Creating…" : "Create the game"}
      </button>
    </form>
  );
}

/** After creation: the links for the players elsewhere, and the way into the game. */
function Created(props: { game: GameCreated; kinds: SeatKind[]; onAgain: () => void }) {
  const { game } = props;
  const remote = game.seats.filter((s, i) => props.kinds[i] === "human-remote" && s.url);
  const here = game.seats.filter((_s, i) => props.kinds[i] === "human-here");
  return (
    <section class="card created" data-created={game.id}>
      <h2>
        Game created <span class="game-id">{game.id}</span>
      </h2>
      {remote.length > 0 && (
        <>
          <p>
            Send each player elsewhere their own link. It holds their seat's secret: whoever opens it plays that seat.
            It is shown only now.
          </p>
          <ul class="links">
            {remote.map((s) => (
              <li>
                <b>{s.name}</b>
                <a class="seat-link" href={s.url ?? ""} data-seat-link={s.seat} target="_blank" rel="noopener">
                  {s.url}
                </a>
                <CopyButton text={s.url ?? ""} label="Copy link" />
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        {here.length === 0
          ? "No seat is played here: you can watch the game."
          : here.length === 1
            ? `This browser holds ${here[0]?.name}'s seat.`
            : `This browser holds the seats of ${here.map((s) => s.name).join(", ")} (hot-seat).`}
      </p>
      <div class="row">
        <a class="button primary big" href={gameHref(game.id)} data-action="open-game">
          {here.length ? "Open the game" : "Watch the game"}
        </a>
        <button type="button" class="secondary" onClick={props.onAgain}>
          Set up another game
        </button>
      </div>
    </section>
  );
}
