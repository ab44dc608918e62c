// The game's chat beside the board: the players' channel (seats only) and the spectators'
// (everyone; a spectator posts under a display name kept in this browser), each in a tab
// with a count of lines not yet read. Every name and line is put on the page as text, never
// as HTML: a line such as "<script>…" shows exactly as it was typed.
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { ApiError, api, type ChatLine } from "../api";
import type { GameClient } from "./connection";

type Tab = "players" | "spectators";
const TAB_LABEL: Record<Tab, string> = { players: "Players", spectators: "Spectators" };
const NAME_KEY = "titan.chatName";
const MAX_TEXT = 500; // the server's limit (titan/server/chat.py)

/** System lines (joins, withdrawals) go with the players' talk for a seat, with the only
 * tab there is for a spectator. */
function inTab(line: ChatLine, tab: Tab, player: boolean): boolean {
  if (line.channel === "system") return tab === (player ? "players" : "spectators");
  return line.channel === tab;
}

/** One line, as text (also the replay's, `replay/ReplayChat.tsx`). */
export function ChatLineItem(props: { line: ChatLine }) {
  const { line } = props;
  if (line.channel === "system") {
    return (
      <li data-chat-line={line.i} data-channel="system" class="chat-system">
        <bdi>{line.text}</bdi>
      </li>
    );
  }
  const spectator = line.channel === "spectators" && line.seat === null;
  return (
    <li data-chat-line={line.i} data-channel={line.channel} title={new Date(line.time).toLocaleString()}>
      <bdi class="chat-name">{line.name}</bdi>
      {spectator && <span class="tag">spectator</span>}: <bdi class="chat-text">{line.text}</bdi>
    </li>
  );
}

export function Chat(props: { client: GameClient; lines: ChatLine[]; token: string | null }) {
  const player = props.token !== null;
  const tabs: Tab[] = player ? ["players", "spectators"] : ["spectators"];
  const [tab, setTab] = useState<Tab>(tabs[0] ?? "spectators");
  const [seen, setSeen] = useState<Record<Tab, number>>({ players: -1, spectators: -1 });
  const [text, setText] = useState("");
  const [name, setName] = useState(() => localStorage.getItem(NAME_KEY) ?? "");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const box = useRef<HTMLOListElement>(null);
  const pinned = useRef(true); // at the bottom: keep following

  const shown = props.lines.filter((l) => inTab(l, tab, player));
  const newest = shown[shown.length - 1]?.i ?? -1;
  useEffect(() => {
    if (seen[tab] < newest) setSeen({ ...seen, [tab]: newest });
  }, [tab, newest, seen]);
  useLayoutEffect(() => {
    const el = box.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  });
  const unread = (t: Tab) => props.lines.filter((l) => inTab(l, t, player) && l.i > seen[t]).length;

  const send = async (e: Event) => {
    e.preventDefault();
    const line = text.trim();
    if (!line || sending) return;
    setSending(true);
    try {
      props.client.addChat([await api.say(props.client.gameId, props.token, line, tab, player ? null : name.trim())]);
      setText("");
      setError(null);
      pinned.current = true;
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setSending(false);
    }
  };

  return (
    <section class="chat" data-chat aria-label="Chat">
      <div class="chat-tabs" role="tablist">
        {tabs.map((t) => (
          <button
            type="button"
            role="tab"
            aria-selected={t === tab}
            class={t === tab ? "chat-tab active" : "chat-tab"}
            data-chat-tab={t}
            onClick={() => setTab(t)}
          >
            {TAB_LABEL[t]}
            {t !== tab && unread(t) > 0 && (
              <span class="badge" data-unread={unread(t)} title="Lines not read yet">
                {unread(t)}
              </span>
            )}
          </button>
        ))}
      </div>
      <ol
        class="chat-lines"
        ref={box}
        aria-live="polite"
        onScroll={() => {
          const el = box.current;
          if (el) pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
        }}
      >
        {shown.length === 0 && (
          <li class="chat-empty">
            {tab === "players" ? "Only the players read this." : "Anyone watching reads this."}
          </li>
        )}
        {shown.map((l) => (
          <ChatLineItem key={l.i} line={l} />
        ))}
      </ol>
      {error && (
        <p class="error" data-chat-error>
          {error}
        </p>
      )}
      <form class="chat-form" onSubmit={send}>
        {!player && (
          <input
            name="chat-name"
            placeholder="Your name"
            maxLength={40}
            value={name}
            onInput={(e) => {
              const v = (e.target as HTMLInputElement).value;
              setName(v);
              localStorage.setItem(NAME_KEY, v);
            }}
          />
        )}
        <input
          name="chat-text"
          placeholder={tab === "players" ? "Say to the players…" : "Say to everyone watching…"}
          maxLength={MAX_TEXT}
          value={text}
          onInput={(e) => setText((e.target as HTMLInputElement).value)}
        />
        <button type="submit" data-action="chat-send" disabled={sending || !text.trim()}>
          Send
        </button>
      </form>
    </section>
  );
}
