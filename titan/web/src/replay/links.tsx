// Ways into a game's past from elsewhere: its replay, and its record as a file (the server
// gives the record, which holds the dice seed, only once the game is over).
import { recordHref, replayHref } from "./replayApi";

export function RecordLinks(props: { gameId: string; over?: boolean; replay?: boolean }) {
  const over = props.over ?? true;
  return (
    <span class="record-links">
      {props.replay !== false && (
        <a class="button" href={replayHref(props.gameId)} data-action="replay" title="Step through the game as it went">
          Replay
        </a>
      )}
      {over && (
        <a
          class="button"
          href={recordHref(props.gameId)}
          download={`titan-${props.gameId}.json`}
          data-action="download-record"
          title="The game's record, to keep, replay or play on from later"
        >
          Download record
        </a>
      )}
    </span>
  );
}

/** Shown with the game-over message: the game's id is the page's own. */
export function GameOverLinks() {
  const m = /^\/games\/([^/]+)/.exec(location.pathname);
  return m?.[1] ? <RecordLinks gameId={decodeURIComponent(m[1])} /> : null;
}
