// The recruit chart (18.2-18.5): for every terrain, its creatures from the least, each with
// how many of the one before it take to muster it; the tower's own rules; and, for the legion
// picked on the board (when its contents are known here), what it could muster on each
// terrain, as the server's rules query says (the browser never repeats the rule). A creature's
// name opens its card: power, skill, flying, rangestriking, native terrains.
import { useEffect, useState } from "preact/hooks";
import { api } from "../api";
import { type CharacterData, character } from "../variant";
import type { LegionView } from "../wire";
import { pageGameId } from "./page";
import { useUi } from "./ui";

type Chart = Record<string, string[]>;

const charts = new Map<string, Promise<Chart>>();

/** What a legion of these characters could muster on each terrain (cached per legion). */
function musters(names: string[], titanVariant: boolean): Promise<Chart> {
  const key = `${[...names].sort().join(",")}|${titanVariant}`;
  let p = charts.get(key);
  if (!p) {
    p = api.musters(names, titanVariant).then((r) => r.terrains);
    p.catch(() => charts.delete(key));
    charts.set(key, p);
  }
  return p;
}

/** The game's Titan Variant option (21) changes the tower's creatures. */
const options = new Map<string, Promise<boolean>>();
function titanVariant(): Promise<boolean> {
  const id = pageGameId();
  let p = options.get(id);
  if (!p) {
    p = id
      ? api.game(id).then(
          (g) => Boolean(g.options.titan_variant),
          () => false,
        )
      : Promise.resolve(false);
    options.set(id, p);
  }
  return p;
}

function useMusters(legion: LegionView | null): Chart | null {
  const [chart, setChart] = useState<Chart | null>(null);
  const names = legion?.complete ? legion.known : null;
  const key = names ? names.join(",") : "";
  useEffect(() => {
    setChart(null);
    if (!names) return;
    let live = true;
    titanVariant()
      .then((tv) => musters(names, tv))
      .then(
        (c) => live && setChart(c),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [key]); // names is derived from key
  return chart;
}

/** The tower's creatures in this game: what a legion with no lord could muster there (18.5;
 * the Titan Variant's own, 21). */
function useTowerCreatures(): string[] | null {
  const [names, setNames] = useState<string[] | null>(null);
  useEffect(() => {
    titanVariant()
      .then((tv) => musters([], tv))
      .then(
        (c) => setNames(c.Tower ?? []),
        () => undefined,
      );
  }, []);
  return names;
}

function Card(props: { c: CharacterData }) {
  const { c } = props;
  const traits = [
    c.flies ? "flies" : "",
    c.rangestrikes ? "rangestrikes" : "",
    c.magic_missile ? "magic missile" : "",
  ].filter(Boolean);
  return (
    <div class="creature-card" data-card={c.name} role="note">
      <b>{c.name}</b> · power {c.power} · skill {c.skill} · {c.class}
      {traits.length ? ` · ${traits.join(", ")}` : ""} · {c.count} counters
      <br />
      native: {c.natives.length ? c.natives.join(", ") : "none"}
    </div>
  );
}

export function RecruitChart() {
  const { variant, view, selected, select } = useUi();
  const [card, setCard] = useState<string | null>(null);
  const legion = view.legions.find((l) => l.marker === selected) ?? null;
  const chart = useMusters(legion);
  const towerCreatures = useTowerCreatures() ?? [];
  const can = (terrain: string, name: string) => chart?.[terrain]?.includes(name) ?? false;
  const left = (name: string) => (view.caretaker[name] ?? 0) > 0;
  const shown = card ? character(variant, card) : undefined;
  const Name = (p: { terrain: string; name: string }) => (
    <button
      type="button"
      class={["creature", can(p.terrain, p.name) ? "can" : "", left(p.name) ? "" : "gone"].join(" ").trim()}
      data-creature={p.name}
      data-can={can(p.terrain, p.name) ? "" : undefined}
      aria-pressed={card === p.name}
      title={left(p.name) ? undefined : "none left in the caretaker's stacks"}
      onClick={() => setCard(card === p.name ? null : p.name)}
    >
      {p.name}
    </button>
  );
  const tower = variant.recruits.tower as { warlock: string; guardian: string; guardian_identical_creatures: number };
  return (
    <details class="recruit-chart" data-recruit-chart>
      <summary>Recruit chart</summary>
      <p class="hint">
        {legion && chart
          ? `Marked: what ${legion.marker} could muster on each terrain (18.3).`
          : legion
            ? legion.complete
              ? "Working out what this legion could muster…"
              : `The contents of ${legion.marker} are not known here.`
            : "Pick one of your legions to mark what it could muster."}{" "}
        {legion && (
          <button type="button" class="link" onClick={() => select(null)}>
            clear
          </button>
        )}
      </p>
      {shown && <Card c={shown} />}
      <table>
        <tbody>
          {Object.entries(variant.recruits.chains).map(([terrain, steps]) => (
            <tr data-terrain={terrain}>
              <th scope="row">{terrain}</th>
              <td>
                {steps.map(([name, need], i) => (
                  <span class="step">
                    {i > 0 && (
                      <span class="need" title={`${need} of the one before muster it`}>
                        {need}→
                      </span>
                    )}
                    <Name terrain={terrain} name={name} />
                  </span>
                ))}
              </td>
            </tr>
          ))}
          <tr data-terrain="Tower">
            <th scope="row">Tower</th>
            <td>
              {towerCreatures.map((name) => (
                <span class="step">
                  <Name terrain="Tower" name={name} />
                </span>
              ))}
              <span class="step">
                <span class="need" title="with the Titan or a Warlock (18.5)">
                  Titan→
                </span>
                <Name terrain="Tower" name={tower.warlock} />
              </span>
              <span class="step">
                <span class="need" title={`with ${tower.guardian_identical_creatures} identical creatures (18.5)`}>
                  {tower.guardian_identical_creatures}×any→
                </span>
                <Name terrain="Tower" name={tower.guardian} />
              </span>
            </td>
          </tr>
        </tbody>
      </table>
    </details>
  );
}
