// Scores, Titan power, markers left, who moves and who decides (in turn order), then the
// caretaker's stacks and the dead pile, folded away until asked for.
import { styleOf } from "../colours";
import type { PlayerInfo, PlayerView } from "../wire";
import { RecruitChart } from "./RecruitChart";
import { SeatLink } from "./SeatLink";
import { useUi } from "./ui";

function PlayerRow(props: { p: PlayerInfo; view: PlayerView }) {
  const { p, view } = props;
  const style = styleOf(p.colour);
  const active = p.index === view.active && !view.over;
  const deciding = p.index === view.deciding && !view.over;
  const winner = view.over && view.winner === p.index;
  return (
    <tr
      data-player={p.index}
      class={[p.alive ? "" : "dead", active ? "active" : "", p.index === view.you ? "you" : ""].join(" ").trim()}
      aria-current={active ? "true" : undefined}
    >
      <td class="turn-mark" title={active ? "Whose turn it is" : undefined}>
        {active ? "▶" : ""}
      </td>
      <td class="who">
        <span class="swatch" style={{ background: style.fill }} title={style.label} />
        <span class="colour-label">{p.colour ? style.label : "—"}</span> <b>{p.name}</b>
        {p.index === view.you && <span class="tag">you</span>}
        {deciding && (
          <span class="tag deciding" data-deciding title="This player must decide now">
            deciding
          </span>
        )}
        {winner && <span class="tag won">winner</span>}
        {!p.alive && <span class="tag out">eliminated</span>}
      </td>
      <td class="num" data-score>
        {p.score}
      </td>
      <td class="num" title="Titan power: 6 + one for every full 100 points (11.5)">
        {p.titan_power}
      </td>
      <td class="num" title="Legion markers not on the board">
        {p.markers.length}
      </td>
    </tr>
  );
}

/** The caretaker's stacks (what may still be recruited) beside the dead pile (3.3). */
function Stacks(props: { view: PlayerView }) {
  const { variant } = useUi();
  const { caretaker, dead } = props.view;
  const known = variant.characters.characters.map((c) => c.name);
  const names = [...known, ...Object.keys(caretaker).filter((n) => !known.includes(n))].filter(
    (n) => n in caretaker || n in dead,
  );
  const total = (n: string) => variant.characters.characters.find((c) => c.name === n)?.count;
  return (
    <details class="stacks">
      <summary>Caretaker's stacks and the dead</summary>
      <table>
        <thead>
          <tr>
            <th>character</th>
            <th class="num">left</th>
            <th class="num">dead</th>
            <th class="num">of</th>
          </tr>
        </thead>
        <tbody>
          {names.map((n) => {
            const left = caretaker[n] ?? 0;
            return (
              <tr data-character={n} class={left === 0 ? "gone" : ""}>
                <td>{n}</td>
                <td class="num">{left}</td>
                <td class="num">{dead[n] ?? 0}</td>
                <td class="num">{total(n) ?? ""}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </details>
  );
}

export function Status() {
  const { view } = useUi();
  const order = view.order.length ? view.order : view.players.map((p) => p.index);
  return (
    <section class="status" data-status>
      <table class="players">
        <thead>
          <tr>
            <th>
              <span class="sr-only">whose turn</span>
            </th>
            <th>player</th>
            <th class="num">score</th>
            <th class="num" title="Titan power">
              Titan
            </th>
            <th class="num" title="Legion markers left">
              markers
            </th>
          </tr>
        </thead>
        <tbody>
          {order.map((i) => {
            const p = view.players[i];
            return p ? <PlayerRow p={p} view={view} /> : null;
          })}
        </tbody>
      </table>
      <Stacks view={view} />
      <RecruitChart />
      <SeatLink />
    </section>
  );
}
