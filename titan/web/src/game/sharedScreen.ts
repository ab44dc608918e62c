// Hot-seat: when one screen may pass from one player to the next without a hand-over.
//
// The rule: the people who may be looking at the screen are the players it has shown since the
// last hand-over (its "audience"). The next decider's screen is shown to them without a
// hand-over when it draws nothing that one of them may not know, judged from what differs
// between the seats' own views (the server's, per seat):
// - the contents of every legion the screen draws (its `known` characters, compared as
//   multisets): the masterboard draws every legion (their contents show on a hover or a tap),
//   the battle screen only the two legions in battle, which are revealed to both (errata
//   2.5.6.1); a legion that a prompt option names (a summoning's donor, a muster) is drawn too;
// - the negotiation's proposals (shown to its two players only, errata 9.3).
// The log is the other thing that differs: while the screen is shared, lines some audience
// member may not see (a player's own split, a look at a legion) are left out of it; they are
// back after the next hand-over. So a battle between two people at one screen passes back and
// forth without a hand-over, and the masterboard (where each sees its own legions) never does.
// If the battle screen ever draws the masterboard too, `legionsDrawn` must say so.
import type { Event, PlayerView, Prompt } from "../wire";

function counts(names: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const n of names) m.set(n, (m.get(n) ?? 0) + 1);
  return m;
}

/** The markers of the legions a seat's screen draws (and so shows the contents of). */
export function legionsDrawn(view: PlayerView, prompt: Prompt | null): Set<string> {
  const eng = view.engagement;
  const all = new Set(view.legions.map((l) => l.marker));
  const drawn = eng?.battle ? new Set([eng.attacker, eng.defender]) : new Set(all);
  for (const option of prompt?.options ?? []) {
    for (const value of Object.values(option)) {
      if (typeof value === "string" && all.has(value)) drawn.add(value);
    }
  }
  return drawn;
}

/** What the next screen would show that a watcher, by its own view, may not know (empty:
 * nothing). Each entry names the legion or the thing, for the record. */
export function secretsShown(next: PlayerView, prompt: Prompt | null, watcher: PlayerView): string[] {
  const found: string[] = [];
  for (const marker of legionsDrawn(next, prompt)) {
    const mine = next.legions.find((l) => l.marker === marker);
    const theirs = watcher.legions.find((l) => l.marker === marker);
    if (!mine) continue;
    const known = counts(theirs?.known ?? []);
    for (const [name, n] of counts(mine.known)) {
      if ((known.get(name) ?? 0) < n) {
        found.push(marker);
        break;
      }
    }
  }
  const proposals = (v: PlayerView) => JSON.stringify(v.engagement?.negotiation ?? null);
  if (proposals(next) !== proposals(watcher)) found.push("negotiation");
  return found;
}

/** The events of a seat's log that every watcher (by seat number) may see. */
export function sharedEvents(events: Event[], watchers: number[]): { events: Event[]; kept: number[] } {
  const kept: number[] = [];
  const out: Event[] = [];
  events.forEach((e, i) => {
    if (e.audience === null || watchers.every((w) => e.audience?.includes(w))) {
      kept.push(i);
      out.push(e);
    }
  });
  return { events: out, kept };
}
