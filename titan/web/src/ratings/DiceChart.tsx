// One kind of dice against a fair die: a bar per face beside the count fair dice would give
// (a dashed line), the counts in a table (what a screen reader reads), and the chi-square
// test's p-value in words.
import type { DiceTest } from "./ratingsApi";

const FACES = [1, 2, 3, 4, 5, 6];
const W = 240;
const H = 110;
const PAD = 18;

/** The p-value as a person reads it: the chance that fair dice look at least this uneven. */
export function verdict(t: DiceTest): string {
  if (t.rolls === 0) return "no rolls yet";
  const p = t.p_value < 0.001 ? "< 0.001" : t.p_value.toFixed(3);
  const note =
    t.rolls < 30
      ? "too few rolls to tell"
      : t.p_value < 0.01
        ? "unusually uneven for fair dice"
        : "consistent with fair dice";
  return `p = ${p}: ${note}`;
}

export function DiceChart(props: { title: string; test: DiceTest }) {
  const { test } = props;
  const expected = test.rolls / 6;
  const top = Math.max(1, expected, ...test.counts);
  const barW = (W - PAD) / 6;
  const y = (n: number) => H - PAD - (n / top) * (H - 2 * PAD);
  const summary = `${props.title}: ${test.rolls} rolls; ${FACES.map((f, i) => `${f}: ${test.counts[i] ?? 0}`).join(", ")}; fair dice would give ${expected.toFixed(1)} each; ${verdict(test)}`;
  return (
    <figure class="dice-chart" data-dice={props.title.toLowerCase()}>
      <figcaption>
        <b>{props.title}</b> <span class="hint">{test.rolls} rolls</span>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={summary}>
        {FACES.map((face, i) => {
          const n = test.counts[i] ?? 0;
          const x = PAD + i * barW;
          return (
            <g key={face}>
              <rect class="bar" x={x + 3} y={y(n)} width={barW - 6} height={H - PAD - y(n)} />
              <text x={x + barW / 2} y={H - 4} text-anchor="middle">
                {face}
              </text>
            </g>
          );
        })}
        {test.rolls > 0 && <line class="fair" x1={PAD} x2={W} y1={y(expected)} y2={y(expected)} />}
      </svg>
      <table class="dice-counts">
        <caption class="sr-only">{props.title}: how often each face came up</caption>
        <thead>
          <tr>
            <th scope="row">face</th>
            {FACES.map((f) => (
              <th scope="col">{f}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">rolled</th>
            {FACES.map((_f, i) => (
              <td>{test.counts[i] ?? 0}</td>
            ))}
          </tr>
          <tr>
            <th scope="row">fair</th>
            {FACES.map(() => (
              <td>{expected.toFixed(1)}</td>
            ))}
          </tr>
        </tbody>
      </table>
      <p class="verdict" data-p-value={test.p_value}>
        χ² = {test.chi_square.toFixed(2)}, {verdict(test)}
      </p>
    </figure>
  );
}
