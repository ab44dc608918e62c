// The lobby's account area: register or log in; once logged in, the games kept in the account
// (opened here with one click, from any device), log out, change the password, delete the
// account. Accounts are optional: everything else works with seat links alone.
import { useEffect, useState } from "preact/hooks";
import { type Account, type AccountGame, account, useAccount } from "../account";
import { ApiError } from "../api";
import { BrowserNotices } from "../browserNotices";
import { profileHref } from "../ratings/ratingsApi";
import { ago, gameHref, StatusBadge } from "./common";

function message(err: unknown): string {
  return err instanceof ApiError ? err.message : String(err);
}

function Enter() {
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const go = async (how: "login" | "register") => {
    setBusy(true);
    setError(null);
    try {
      await (how === "login" ? account.login(name, password) : account.register(name, password));
      setPassword("");
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      data-form="account"
      onSubmit={(e) => {
        e.preventDefault();
        void go("login");
      }}
    >
      <p class="hint">Optional: an account keeps your seats, so your games follow you to any device.</p>
      <div class="row">
        <input
          name="account-name"
          autocomplete="username"
          placeholder="name"
          aria-label="Account name"
          maxLength={40}
          value={name}
          onInput={(e) => setName(e.currentTarget.value)}
        />
        <input
          name="account-password"
          type="password"
          autocomplete="current-password"
          placeholder="password (10 characters or more)"
          aria-label="Password"
          value={password}
          onInput={(e) => setPassword(e.currentTarget.value)}
        />
      </div>
      <div class="row">
        <button type="submit" class="primary" data-action="login" disabled={busy || !name.trim() || !password}>
          Log in
        </button>
        <button
          type="button"
          class="secondary"
          data-action="register"
          disabled={busy || !name.trim() || !password}
          onClick={() => void go("register")}
        >
          Register
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

function KeptGames(props: { refresh: number }) {
  const [games, setGames] = useState<AccountGame[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    account.games().then(setGames, (err: unknown) => setError(message(err)));
  }, [props.refresh]);
  const open = async (id: string) => {
    try {
      await account.open(id);
      location.assign(gameHref(id));
    } catch (err) {
      setError(message(err));
    }
  };
  if (error) return <p class="error">{error}</p>;
  if (games === null) return <p class="hint">…</p>;
  if (games.length === 0)
    return (
      <p class="empty">No game in your account yet: create one while logged in, or keep a seat from its game page.</p>
    );
  return (
    <ul class="held-list" data-list="account-games">
      {games.map(({ game, seats }) => {
        const names = game.seats.filter((s) => seats.includes(s.seat)).map((s) => s.name);
        const yourMove = game.status !== "over" && game.to_move !== null && seats.includes(game.to_move);
        return (
          <li class={`held${yourMove ? " your-move" : ""}`} data-account-game={game.id} key={game.id}>
            <div class="held-main">
              <span class="game-id">game {game.id}</span> <StatusBadge status={game.status} />
              {yourMove && <span class="badge your-move">your move</span>}
              <span class="hint">
                {" "}
                as {names.join(", ")} · {ago(game.updated_at)}
              </span>
            </div>
            <div class="actions">
              <button type="button" class="primary" data-action="open-account-game" onClick={() => void open(game.id)}>
                Open
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function Settings(props: { me: Account }) {
  const [what, setWhat] = useState<"password" | "delete" | null>(null);
  const [old, setOld] = useState("");
  const [fresh, setFresh] = useState("");
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (job: () => Promise<void>, done: string) => {
    setError(null);
    try {
      await job();
      setNote(done);
      setWhat(null);
      setOld("");
      setFresh("");
    } catch (err) {
      setError(message(err));
    }
  };
  return (
    <div class="account-settings">
      <div class="row">
        <button
          type="button"
          class="secondary"
          data-action="logout"
          onClick={() => void run(() => account.logout(), "")}
        >
          Log out
        </button>
        <button
          type="button"
          class="secondary"
          data-action="change-password"
          onClick={() => setWhat(what === "password" ? null : "password")}
        >
          Change password
        </button>
        <button
          type="button"
          class="secondary"
          data-action="delete-account"
          onClick={() => setWhat(what === "delete" ? null : "delete")}
        >
          Delete account
        </button>
      </div>
      {what === "password" && (
        <form
          class="row"
          data-form="password"
          onSubmit={(e) => {
            e.preventDefault();
            void run(() => account.changePassword(old, fresh), "Password changed; your other devices are logged out.");
          }}
        >
          <input
            type="password"
            name="old-password"
            autocomplete="current-password"
            placeholder="old password"
            aria-label="Old password"
            value={old}
            onInput={(e) => setOld(e.currentTarget.value)}
          />
          <input
            type="password"
            name="new-password"
            autocomplete="new-password"
            placeholder="new password"
            aria-label="New password"
            value={fresh}
            onInput={(e) => setFresh(e.currentTarget.value)}
          />
          <button type="submit" class="primary" disabled={!old || !fresh}>
            Change
          </button>
        </form>
      )}
      {what === "delete" && (
        <form
          class="row"
          data-form="delete-account"
          onSubmit={(e) => {
            e.preventDefault();
            void run(() => account.remove(old), "");
          }}
        >
          <span class="hint">Your games stay, under "deleted player"; the name {props.me.name} becomes free.</span>
          <input
            type="password"
            name="delete-password"
            autocomplete="current-password"
            placeholder="password"
            aria-label="Password to delete the account"
            value={old}
            onInput={(e) => setOld(e.currentTarget.value)}
          />
          <button type="submit" class="primary" disabled={!old}>
            Delete for good
          </button>
        </form>
      )}
      {note && (
        <p class="hint" role="status">
          {note}
        </p>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** How the account is told that a game needs it: e-mail, a webhook (a JSON POST, for chat
 * bridges) and this browser's own notifications. */
function Notices(props: { me: Account }) {
  const { me } = props;
  const [email, setEmail] = useState(me.email ?? "");
  const [byEmail, setByEmail] = useState(me.notify_email ?? false);
  const [webhook, setWebhook] = useState(me.webhook ?? "");
  const [byWebhook, setByWebhook] = useState(me.notify_webhook ?? false);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setError(null);
    setNote(null);
    try {
      await account.setNotices({
        email: email.trim() || null,
        webhook: webhook.trim() || null,
        notify_email: byEmail,
        notify_webhook: byWebhook,
      });
      setNote("Saved.");
    } catch (err) {
      setError(message(err));
    }
  };
  return (
    <details class="notices" data-notices>
      <summary>Notifications</summary>
      <p class="hint">When a seat of yours must decide (once a turn), before its deadline, and when a game ends.</p>
      <form
        data-form="notices"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div class="row">
          <input
            name="notice-email"
            type="email"
            autocomplete="email"
            placeholder="e-mail address"
            aria-label="E-mail address for notifications"
            maxLength={254}
            value={email}
            onInput={(e) => setEmail(e.currentTarget.value)}
          />
          <label>
            <input
              type="checkbox"
              data-notice="email"
              checked={byEmail}
              onChange={(e) => setByEmail(e.currentTarget.checked)}
            />{" "}
            e-mail me
          </label>
        </div>
        <div class="row">
          <input
            name="notice-webhook"
            type="url"
            placeholder="webhook: https://…"
            aria-label="Webhook URL for notifications"
            maxLength={2048}
            value={webhook}
            onInput={(e) => setWebhook(e.currentTarget.value)}
          />
          <label>
            <input
              type="checkbox"
              data-notice="webhook"
              checked={byWebhook}
              onChange={(e) => setByWebhook(e.currentTarget.checked)}
            />{" "}
            call it
          </label>
        </div>
        <div class="row">
          <button type="submit" class="primary" data-action="save-notices">
            Save
          </button>
          <BrowserNotices />
        </div>
      </form>
      {note && (
        <p class="hint" role="status">
          {note}
        </p>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </details>
  );
}

/** The game a notice's link names ("/?open=ID"): opened with the account's seats once logged in. */
function gameToOpen(): string | null {
  const id = new URLSearchParams(location.search).get("open");
  return id && /^[0-9a-z]{1,32}$/.test(id) ? id : null;
}

function OpenFromLink(props: { me: Account | null | undefined }) {
  const id = gameToOpen();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!id || !props.me) return;
    account.open(id).then(
      () => location.assign(gameHref(id)),
      (err: unknown) => setError(message(err)),
    );
  }, [id, props.me]);
  if (!id || props.me === undefined) return null;
  if (error)
    return (
      <p class="error" role="alert">
        {error}
      </p>
    );
  return (
    <p class="hint" role="status" data-open-game={id}>
      {props.me ? `Opening game ${id}…` : `Log in to open game ${id}.`}
    </p>
  );
}

/** `refresh` is bumped when a game is created here (its seats may be the account's). */
export function AccountArea(props: { refresh: number }) {
  const me = useAccount();
  return (
    <section class="card account" data-account={me ? me.name : ""}>
      <h2>{me ? `Your account: ${me.name}` : "Account"}</h2>
      <OpenFromLink me={me} />
      {me === undefined ? (
        <p class="hint">…</p>
      ) : me === null ? (
        <Enter />
      ) : (
        <>
          <p>
            <a href={profileHref(me.name)} data-link="profile">
              Your rating, games and dice
            </a>
          </p>
          <KeptGames refresh={props.refresh} />
          <Notices me={me} />
          <Settings me={me} />
        </>
      )}
    </section>
  );
}
