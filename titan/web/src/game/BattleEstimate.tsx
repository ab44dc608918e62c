// The battle's estimated outcome, for the two players of an engagement deciding whether to
// flee, negotiate or fight: asked of the server on demand (GET /api/games/{id}/estimate, which
// plays the battle out with the computer players from what this seat knows), shown with its
// 95% intervals and what it leaves out (summons and reinforcements).
import { useEffect, useState } from "preact/hooks";
import { api } from "../api";
import { pageGameId } from "./page";
import { useUi } from "./ui";

interface Outcome {
  count: number;
  p: number;
  ci95: [number, number];
}

interface Estimate {
  trials: number;
  level: string;
  outcomes: { attacker: Outcome; defender: Outcome; mutual: Outcome; time_loss: Outcome };
  mean_left: { attacker: number; defender: number };
  summons_and_reinforcements: boolean;
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

function Row(props: { label: string; o: Outcome; name: string }) {
  const { o } = props;
  return (
    <tr data-outcome={props.name}>
      <th scope="row">{props.label}</th>
      <td class="num">{pct(o.p)}</td>
      <td class="num ci">
        {pct(o.ci95[0])}–{pct(o.ci95[1])}
      </td>
    </tr>
  );
}

export function BattleEstimate() {
  const { view, token } = useUi();
  const eng = view.engagement;
  const [state, setState] = useState<{ key: string; est?: Estimate; error?: string; busy?: boolean } | null>(null);
  const key = eng ? `${eng.land}/${eng.attacker}/${eng.defender}` : "";
  useEffect(() => setState(null), [key]);
  if (!eng || eng.battle || !token || (view.you !== eng.attacker_owner && view.you !== eng.defender_owner)) return null;
  const ask = async () => {
    setState({ key, busy: true });
    try {
      setState({ key, est: await api.estimate<Estimate>(pageGameId(), token) });
    } catch (e) {
      setState({ key, error: e instanceof Error ? e.message : String(e) });
    }
  };
  const mine = view.you === eng.attacker_owner ? "attacker" : "defender";
  const est = state?.key === key ? state.est : undefined;
  return (
    <div class="battle-estimate" data-estimate>
      {!est && (
        <button type="button" data-action="estimate" onClick={() => void ask()} disabled={state?.busy}>
          {state?.busy ? "Estimating the battle…" : "Estimate the battle"}
        </button>
      )}
      {state?.error && <p class="error">{state.error}</p>}
      {est && (
        <>
          <table>
            <caption>If it is fought (you are the {mine})</caption>
            <tbody>
              <Row label="attacker wins" o={est.outcomes.attacker} name="attacker" />
              <Row label="defender wins" o={est.outcomes.defender} name="defender" />
              <Row label="both eliminated" o={est.outcomes.mutual} name="mutual" />
              <Row label="time loss (10.5)" o={est.outcomes.time_loss} name="time_loss" />
            </tbody>
          </table>
          <p class="hint">
            Characters left on average: attacker {est.mean_left.attacker.toFixed(1)}, defender{" "}
            {est.mean_left.defender.toFixed(1)}. Fought out {est.trials} times by the {est.level} computer players;
            ranges are 95% intervals; no angel summoned and no reinforcement.
          </p>
        </>
      )}
    </div>
  );
}
