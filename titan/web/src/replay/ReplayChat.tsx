// The game's chat beside the replay's log, read-only: the lines said up to the step shown (a
// line's `at` is the number of actions taken when it was said). It is read with the viewer's
// own credentials, as the game page reads it: a seat's token reads the players' lines too,
// no token only the spectators' and the server's (the server decides; nothing here widens it).

import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { ApiError, type ChatLine } from "../api";
import { ChatLineItem } from "../game/Chat";
import { CHAT_PAGE, replayApi } from "./replayApi";

/** Every line, page by page, oldest first. */
async function wholeChat(gameId: string, token: string | null): Promise<ChatLine[]> {
  const lines: ChatLine[] = [];
  let since = 0;
  for (;;) {
    const page = await replayApi.chat(gameId, since, token);
    lines.push(...page.lines);
    if (page.lines.length < CHAT_PAGE || page.next <= since) return lines;
    since = page.next;
  }
}

export function ReplayChat(props: { gameId: string; token: string | null; step: number; reload: number }) {
  const { gameId, token, step, reload } = props;
  const [lines, setLines] = useState<ChatLine[]>([]);
  const [error, setError] = useState<string | null>(null);
  const key = `${gameId}|${token ?? ""}|${reload}`;
  const [loaded, setLoaded] = useState<string | null>(null); // the key of the lines held
  const box = useRef<HTMLOListElement>(null);

  useEffect(() => {
    let live = true;
    wholeChat(gameId, token).then(
      (all) => {
        if (!live) return;
        setLines(all);
        setLoaded(key);
        setError(null);
      },
      (e: unknown) => live && setError(e instanceof ApiError ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [gameId, token, key]);

  const shown = lines.filter((l) => l.at <= step);
  useLayoutEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight; // the newest said so far
  }, [shown.length]);

  return (
    <section class="chat replay-chat" data-replay-chat data-loading={loaded !== key ? "" : undefined} aria-label="Chat">
      <h3>Chat{token === null ? " (the spectators')" : ""}</h3>
      <ol class="chat-lines" ref={box}>
        {shown.length === 0 && <li class="chat-empty">Nothing said yet.</li>}
        {shown.map((l) => (
          <ChatLineItem key={l.i} line={l} />
        ))}
      </ol>
      {error && (
        <p class="error" data-chat-error>
          {error}
        </p>
      )}
    </section>
  );
}
