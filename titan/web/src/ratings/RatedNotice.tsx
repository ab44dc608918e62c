// On a rated game's page, for a browser that holds a seat but has no account logged in: the
// seat acts only once it belongs to an account, so say so before the first move is refused.
import { useEffect, useState } from "preact/hooks";
import { useAccount } from "../account";
import { api } from "../api";
import { heldGame } from "../session";

export function RatedNotice(props: { gameId: string }) {
  const me = useAccount();
  const [rated, setRated] = useState(false);
  const holds = (heldGame(props.gameId)?.seats.length ?? 0) > 0;
  useEffect(() => {
    if (!holds) return;
    api.game(props.gameId).then(
      (g) => setRated(g.rated === true),
      () => setRated(false),
    );
  }, [props.gameId, holds]);
  if (!rated) return null;
  if (me === null) {
    return (
      <a class="rated-notice" href="/" data-rated-notice>
        Rated game: log in to play
      </a>
    );
  }
  return (
    <span class="rated-notice" data-rated>
      rated
    </span>
  );
}
