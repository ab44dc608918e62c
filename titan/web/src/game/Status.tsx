// Scores, Titan power, markers left, the caretaker's stacks and the dead pile.
import { styleOf } from "../colours";
import { useUi } from "./ui";

export function Status() {
  const { view } = useUi();
  return (
    <section class="status">
      <table>
        <thead><tr><th>player</th><th>score</th><th>Titan</th><th>markers</th></tr></thead>
        <tbody>
          {view.players.map((p) => (
            <tr data-player={p.index} class={p.alive ? "" : "dead"}>
              <td><span class="swatch" style={{ background: styleOf(p.colour).fill }} /> {p.name} ({styleOf(p.colour).label})</td>
              <td>{p.score}</td>
              <td>{p.titan_power}</td>
              <td>{p.markers.length}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
