// What a seat knows of one legion: all of its own legions, and of others' only the characters
// revealed so far (the view holds nothing more; errata 4.1 keeps legions secret), and apart
// from them what the rest may be: a part of a split holds only what its parent held (4.3).
import { styleOf } from "../../colours";
import type { LegionView, PlayerView } from "../../wire";

export function knownText(l: LegionView): string {
  if (l.complete) return l.known.join(", ");
  if (l.known.length === 0) return `nothing known of ${l.height}`;
  return `${l.known.length} of ${l.height} known: ${l.known.join(", ")}`;
}

/** What the unknown rest of a legion may be, from the view's upper bound; "" if unbounded. */
export function mayHoldText(l: LegionView): string {
  if (l.complete || !l.possible) return "";
  const rest = [...l.possible];
  for (const name of l.known) {
    const i = rest.indexOf(name);
    if (i >= 0) rest.splice(i, 1);
  }
  const counts = new Map<string, number>();
  for (const n of rest) counts.set(n, (counts.get(n) ?? 0) + 1);
  const listed = [...counts].map(([n, k]) => (k > 1 ? `${n} ×${k}` : n)).join(", ");
  return `the rest from: ${listed}`;
}

/** A marker as a small coloured chip with its id, for panels. */
export function MarkerChip(props: { view: PlayerView; legion: LegionView }) {
  const st = styleOf(props.view.players[props.legion.owner]?.colour);
  return (
    <span
      class="marker-chip"
      style={{
        background: st.fill,
        color: st.text,
        padding: "0 .3em",
        borderRadius: "3px",
        fontWeight: 600,
        whiteSpace: "nowrap",
      }}
    >
      {props.legion.marker} ·{props.legion.height}
    </span>
  );
}

export function LegionContents(props: { view: PlayerView; legion: LegionView; terrain?: string }) {
  const { view, legion } = props;
  const owner = view.players[legion.owner];
  const mayHold = mayHoldText(legion);
  return (
    <div class="legion-contents" data-legion-info={legion.marker}>
      <div>
        <MarkerChip view={view} legion={legion} /> {owner?.name ?? "?"} ({styleOf(owner?.colour).label}) · land{" "}
        {legion.land}
        {props.terrain ? ` ${props.terrain}` : ""}
        {legion.moved ? " · moved" : ""}
      </div>
      <div class="names" data-contents={legion.marker}>
        {knownText(legion)}
      </div>
      {mayHold ? (
        <div class="may-hold" data-may-hold={legion.marker}>
          {mayHold}
        </div>
      ) : null}
    </div>
  );
}
