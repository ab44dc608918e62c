// "Keep in my account", on a game page whose seats this browser holds, when an account is
// logged in: the seats then belong to the account, and open from any device it logs in on.
import { useEffect, useState } from "preact/hooks";
import { account, useAccount } from "../account";
import { ApiError } from "../api";
import { heldGame } from "../session";

export function KeepSeat(props: { gameId: string }) {
  const me = useAccount();
  const held = heldGame(props.gameId)?.seats.filter((s) => s.seat >= 0) ?? [];
  const [kept, setKept] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!me) return undefined;
    // An answer that comes after the account changed, or after the seats were kept here,
    // is older than what the page knows: it must not bring the button back.
    let current = true;
    account.games().then(
      (games) => {
        const mine = games.find((g) => g.game.id === props.gameId)?.seats ?? [];
        const all = held.length > 0 && held.every((s) => mine.includes(s.seat));
        if (current) setKept((was) => was === true || all);
      },
      () => {
        if (current) setKept((was) => was === true);
      },
    );
    return () => {
      current = false;
    };
  }, [me, props.gameId]);
  if (!me || held.length === 0 || kept === null) return null;
  if (kept) {
    return (
      <span class="kept" data-kept>
        in {me.name}'s account
      </span>
    );
  }
  const keep = async () => {
    try {
      for (const s of held) await account.claim(props.gameId, s.token);
      setKept(true);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    }
  };
  return (
    <span class="keep-seat">
      <button
        type="button"
        class="secondary"
        data-action="keep-seat"
        onClick={() => void keep()}
        title={`Keep ${held.length > 1 ? "these seats" : "this seat"} in ${me.name}'s account, to open from any device`}
      >
        Keep in my account
      </button>
      {error && <span class="error">{error}</span>}
    </span>
  );
}
