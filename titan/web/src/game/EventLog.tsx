// The game's history in sentences (events.ts), numbered, grouped by game turn, newest at the
// bottom. The list follows new events unless the reader has scrolled up to read older ones.
import { useLayoutEffect, useMemo, useRef } from "preact/hooks";
import { describeEvents, type LoggedEvent } from "../events";
import type { Event } from "../wire";
import { useUi } from "./ui";

interface TurnGroup {
  turn: number;
  title: string;
  /** Each line with its number in the log (the headings are not counted). */
  items: Array<LoggedEvent & { n: number }>;
}

function groupByTurn(items: LoggedEvent[]): TurnGroup[] {
  const groups: TurnGroup[] = [];
  let n = 0;
  for (const item of items) {
    let g = groups[groups.length - 1];
    if (!g || item.event.type === "turn_started") {
      g = { turn: item.turn, title: item.turn === 0 ? "Setting up" : item.text, items: [] };
      groups.push(g);
    }
    // The turn's heading already says what its first event says: it is not a numbered line,
    // so the numbers run on without a gap at each heading.
    if (item.event.type !== "turn_started") g.items.push({ ...item, n: ++n });
  }
  return groups;
}

/** A line the client adds: an answer given by the player's standing choices, placed before
 * the event at index ``at`` (autoplay.ts). */
export interface LogNote {
  at: number;
  text: string;
}

/** Each note under the first shown event at or after its place (the rest: after the last). */
function placeNotes(groups: TurnGroup[], notes: LogNote[]): Map<number, LogNote[]> {
  const placed = new Map<number, LogNote[]>();
  const indices = groups.flatMap((g) => g.items.map((i) => i.index));
  for (const n of notes) {
    const k = indices.find((i) => i >= n.at) ?? Infinity;
    placed.set(k, [...(placed.get(k) ?? []), n]);
  }
  return placed;
}

function Notes(props: { notes: LogNote[] | undefined }) {
  return (
    <>
      {props.notes?.map((n) => (
        <li class="auto" data-auto style={{ listStyle: "none", fontStyle: "italic" }}>
          automatically: {n.text}
        </li>
      ))}
    </>
  );
}

export function EventLog(props: { events: Event[]; notes?: LogNote[] }) {
  const { view } = useUi();
  const groups = useMemo(() => groupByTurn(describeEvents(props.events, view)), [props.events, view]);
  const notes = useMemo(() => placeNotes(groups, props.notes ?? []), [groups, props.notes]);
  const box = useRef<HTMLDivElement>(null);
  const pinned = useRef(true); // at the bottom: keep following

  const onScroll = () => {
    const el = box.current;
    if (el) pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
  };
  // After every render (new events, or sentences that changed with the view), unless the
  // reader has scrolled up.
  useLayoutEffect(() => {
    const el = box.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  });

  return (
    <section class="log" data-log aria-label="Game log">
      <h2>Log</h2>
      <div
        class="log-scroll"
        ref={box}
        onScroll={onScroll}
        role="log"
        aria-live="polite"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled by keyboard (axe: scrollable-region-focusable)
        tabIndex={0}
        aria-label="Game log entries"
      >
        {groups.length === 0 && <p class="log-empty">Nothing has happened yet.</p>}
        {groups.map((g) => (
          <div class="log-turn" data-turn={g.turn} key={`${g.turn}-${g.items[0]?.index ?? g.title}`}>
            <h3>{g.title}</h3>
            {g.items.length > 0 && (
              <ol start={g.items[0]?.n ?? 1}>
                {g.items.map((item) => (
                  <>
                    <Notes notes={notes.get(item.index)} />
                    <li
                      value={item.n}
                      data-event={item.event.type}
                      class={item.secret ? "secret" : undefined}
                      title={item.secret ? "Not everyone sees this" : undefined}
                    >
                      {item.text}
                    </li>
                  </>
                ))}
                {g === groups[groups.length - 1] && <Notes notes={notes.get(Infinity)} />}
              </ol>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}
